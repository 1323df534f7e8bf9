#!/usr/bin/env bash
# Where a sync 1-row INSERT's latency goes on the commit side: N clients for SECS seconds into a fresh server recording
# the group-commit JFR events (io.shoaldb.GroupCommit, TxnCommit, TxnCompaction, CommitLogWrite: one per batch, per
# transaction commit, per compaction commit, per commit-log write), then p50/p90/p99/max of every phase, how many
# long table-lock waits of commits overlap a compaction's commit, the server's CPU per INSERT and its CPU by thread kind
# (mode async_mode: also the async ack timers from /metrics).
# BUILD=<dir with the same target/ layout> compares builds. Usage: bench/commit-timeline.sh [clients] [mode]
# Env: SECS (8), WARM (10: seconds of the same load before, unmeasured, so that the JIT has compiled the path),
#   SAMPLES=1 adds JFR's execution samples (the "profile" settings) and keeps the recording as
#   /tmp/shoal-commit-timeline-<clients>.jfr.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
clients=${1:-30}; mode=${2:-sync_mode}; SECS=${SECS:-8}; WARM=${WARM:-10}
settings=$([ -n "${SAMPLES:-}" ] && echo profile || echo default)
machine
start_shoal
shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.t (id BIGINT NOT NULL, name VARCHAR(64), score INT) DUPLICATE KEY(id)
  DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
threads() { for f in /proc/"$shoal_pid"/task/*/stat; do cat "$f" 2>/dev/null || true; done | awk '{
  s = index($0, "("); e = match($0, /\) [A-Z] /); name = substr($0, s + 1, e - s - 1); gsub(/[0-9]+/, "#", name)
  split(substr($0, e + 2), f, " "); print name "\t" f[12] + f[13] }'; }
"${driver[@]}" --url "$shoal_url" --table t --clients "$clients" --seconds "$WARM" --max-seconds $((WARM + 150)) \
  --session-sql "SET group_commit=$mode" > /dev/null
"$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.start name=timeline settings="$settings" > /dev/null # the measured run only
cpu0=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat"); t0=$(threads)
out=$("${driver[@]}" --url "$shoal_url" --table t --clients "$clients" --seconds "$SECS" --warmup-seconds 2 \
  --max-seconds $((SECS + 150)) --session-sql "SET group_commit=$mode")
cpu1=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat"); t1=$(threads)
ops=$(sed -n 's/.*ops_per_s=\([0-9]*\).*/\1/p' <<<"$out")
echo "timeline clients=$clients mode=$mode $out server_cpu_us_per_insert=$(( (cpu1 - cpu0) * 1000000 / $(getconf CLK_TCK) / (ops * (SECS + 2) + 1) ))"
# CPU microseconds per INSERT by thread kind (OS thread names, digits dropped; virtual threads run on ForkJoinPool-#-worker-#)
awk -F'\t' -v tick=$((1000000 / $(getconf CLK_TCK))) -v n=$((ops * (SECS + 2) + 1)) 'NR == FNR { b[$1] += $2; next } { a[$1] += $2 }
  END { for (k in a) { d = (a[k] - b[k]) * tick / n; if (d >= 0.5) printf "cpu_us_per_insert %s=%.1f\n", k, d } }' \
  <(echo "$t0") <(echo "$t1") | sort -t= -k2 -rn
# async loads: inside group commit, until the WAL record is written, then until its group fsync returned
curl -s -u root: "http://127.0.0.1:$SHOAL_HPORT/metrics" | grep -E '^group_commit_async_[a-z_]+\{quantile' || true
"$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.dump name=timeline filename="$work/shoal.jfr" > /dev/null
"$JAVA_HOME/bin/jfr" print --json --events io.shoaldb.GroupCommit,io.shoaldb.TxnCommit,io.shoaldb.TxnCompaction,io.shoaldb.CommitLogWrite \
  "$work/shoal.jfr" | python3 "$home/bench/commit-timeline.py"
[ -z "${SAMPLES:-}" ] || cp "$work/shoal.jfr" "/tmp/shoal-commit-timeline-$clients.jfr"
