#!/usr/bin/env bash
# What ONE Stream Load request costs the ShoalDB server: STREAMS clients each send SIZE-byte chunks of the httplogs
# CSV (the same program and chunks as bench/stream-load.sh) in a loop for SECS seconds, and `perf stat -p <server>`
# counts system calls, context switches and CPU time over the middle of the run, divided by the requests answered
# in that window, as is the CPU of each kind of server thread (threads grouped by name without digits, as in
# bench/thread-cpu.sh). Server CPU per request from /proc/<pid>/stat over the whole run, and the server's RSS
# (largest of samples every 100 ms) come from the load program. With PROFILE=1 the server also runs JFR and the hottest
# frames (top of stack, any frame), threads and allocations are printed; the recording covers the last run only,
# so with RUNS >= 2 it shows a server whose JIT has warmed up on the runs before.
# Usage: bench/stream-load-syscalls.sh   Env: RUNS (2), SECS (10), SIZE (10240), STREAMS (10), MODE (async_mode),
#   ROWS (1000000), BUILD (this checkout), PROFILE (1: JFR), EVENTS (perf events, as in bench/insert-syscalls.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-2}
SECS=${SECS:-10}
SIZE=${SIZE:-10240}
STREAMS=${STREAMS:-10}
MODE=${MODE:-async_mode}
ROWS=${ROWS:-1000000}
events=${EVENTS:-raw_syscalls:sys_enter,syscalls:sys_enter_read,syscalls:sys_enter_write,syscalls:sys_enter_sendto,syscalls:sys_enter_recvfrom,syscalls:sys_enter_futex,syscalls:sys_enter_fdatasync,context-switches,task-clock}
data="$work/httplogs.csv"
threads() { # "kind ticks" per thread of the server
  for f in /proc/"$shoal_pid"/task/*/stat; do cat "$f" 2>/dev/null || true; done | awk '{
    s = index($0, "("); e = match($0, /\) [A-Z] /); name = substr($0, s + 1, e - s - 1); gsub(/[0-9]+/, "#", name)
    gsub(/ /, "_", name); split(substr($0, e + 2), f, " "); print name "\t" f[12] + f[13] }'
}
machine
"${ingest[@]}" gen --rows "$ROWS" --out "$data"
start_shoal
shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.httplogs (ts DATETIME, clientip VARCHAR(20), request VARCHAR(200),
  status INT, size INT) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(clientip) BUCKETS 8 PROPERTIES ('replication_num'='1')"
for r in $(seq "$RUNS"); do
  echo "uptime: $(uptime)"
  if [ -n "${PROFILE:-}" ] && [ "$r" = "$RUNS" ]; then
    "$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.start name=last settings=profile > /dev/null
  fi
  # perf counts the middle of the run: from 3 s in, for SECS - 5 seconds
  ( sleep 3; threads > "$work/threads0"; perf stat -x, -p "$shoal_pid" -e "$events" -- sleep $((SECS - 5)) \
      2> "$work/perf.csv" > /dev/null; threads > "$work/threads1" ) &
  perf_job=$!
  out=$("${ingest[@]}" load --file "$data" --repeat --max-seconds "$SECS" --target shoal \
    --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs/_stream_load" --chunk-bytes "$SIZE" --streams "$STREAMS" \
    --server-pid "$shoal_pid" --group-commit "$MODE")
  wait "$perf_job"
  echo "run=$r $out"
  # requests in the perf window: the run's mean rate times the window's length
  rate=$(sed -n 's/.*requests=\([0-9]*\).* seconds=\([0-9.]*\).*/\1 \2/p' <<<"$out" | awk '{ print $1 / $2 }')
  awk -F, -v rate="$rate" -v secs=$((SECS - 5)) -v tag="run=$r" \
    '$1 ~ /^[0-9.]+$/ { printf "%s per_request %s=%.3f\n", tag, $3, $1 / (rate * secs) }' "$work/perf.csv"
  awk -F'\t' -v rate="$rate" -v secs=$((SECS - 5)) -v tag="run=$r" -v tick=$((1000 / $(getconf CLK_TCK))) \
    'NR == FNR { before[$1] += $2; next } { after[$1] += $2 }
     END { for (n in after) { d = (after[n] - before[n]) * tick; if (d > 0) printf "%s thread_cpu_ms_per_request %s=%.3f\n", tag, n, d / (rate * secs) } }' \
    "$work/threads0" "$work/threads1" | sort -t= -k2 -rn
  shoal_sql -e "SYNC GROUP COMMIT ON bench.httplogs; TRUNCATE TABLE bench.httplogs"
done
if [ -n "${PROFILE:-}" ]; then
  "$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.stop name=last filename="$work/shoal.jfr" > /dev/null
  jfr=("$JAVA_HOME/bin/jfr" print --stack-depth 64 --events jdk.ExecutionSample "$work/shoal.jfr")
  "${jfr[@]}" > "$work/samples.txt"
  echo "total samples: $(grep -c 'jdk.ExecutionSample' "$work/samples.txt")"
  echo "TOP-OF-STACK frames (samples):"
  grep -A1 'stackTrace = \[' "$work/samples.txt" | grep -v 'stackTrace\|--' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -40 || true
  echo "ANY-FRAME frames (samples that have the frame at least once):"
  awk '/jdk.ExecutionSample/ { delete seen } /^[[:space:]]+[a-z][A-Za-z0-9_.$]+\.[A-Za-z0-9_$<>]+\(/ {
      f = $1; sub(/\(.*/, "", f); if (!(f in seen)) { seen[f] = 1; n[f]++ } } END { for (f in n) print n[f], f }' \
      "$work/samples.txt" | sort -rn | head -120 || true
  echo "threads sampled:"
  grep 'sampledThread' "$work/samples.txt" | sed 's/(javaThreadId.*//; s/[0-9]\+"/N"/' | sort | uniq -c | sort -rn | head -12 || true
  echo "ALLOCATION by class (jfr view):"
  "$JAVA_HOME/bin/jfr" view --width 200 allocation-by-class "$work/shoal.jfr" | head -30 || true
  echo "ALLOCATION by site (jfr view):"
  "$JAVA_HOME/bin/jfr" view --width 200 allocation-by-site "$work/shoal.jfr" | head -30 || true
  echo "GC (jfr view):"
  "$JAVA_HOME/bin/jfr" view --width 200 gc "$work/shoal.jfr" | tail -15 || true
  mkdir -p /tmp/shoal-bench-results && cp "$work/shoal.jfr" "/tmp/shoal-bench-results/shoal-stream-$SIZE-$STREAMS.jfr"
fi
machine
