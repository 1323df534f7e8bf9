#!/usr/bin/env bash
# What ONE statement costs the ShoalDB server whatever its text: N clients each run the same short statement in a
# loop (by default the `SELECT @@session.transaction_read_only` Connector/J sends before every INSERT), and
# `perf stat -p <server>` counts system calls, context switches and CPU time over the middle of the run, divided
# by the statements answered in that window. With PROFILE=1 the server also runs JFR and the hottest frames are
# printed (as bench/profile-insert.sh does).
# Usage: bench/statement-syscalls.sh [clients]   Env: RUNS (2), SECS (8), BUILD (this checkout),
#   STATEMENT (the statement), PROFILE (1: JFR), EVENTS (perf events, as in bench/insert-syscalls.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-2}
SECS=${SECS:-8}
clients=${1:-100}
statement=${STATEMENT:-SELECT @@session.transaction_read_only}
events=${EVENTS:-raw_syscalls:sys_enter,syscalls:sys_enter_read,syscalls:sys_enter_write,syscalls:sys_enter_sendto,syscalls:sys_enter_recvfrom,syscalls:sys_enter_futex,context-switches,task-clock}
machine
[ -n "${PROFILE:-}" ] && export SHOAL_JAVA_OPTS="-XX:StartFlightRecording=filename=$work/shoal.jfr,settings=profile"
start_shoal
shoal_sql -e "CREATE DATABASE IF NOT EXISTS bench"
for r in $(seq "$RUNS"); do
  echo "uptime: $(uptime)"
  ( sleep 4; perf stat -x, -p "$shoal_pid" -e "$events" -- sleep $((SECS - 2)) 2> "$work/perf.csv" > /dev/null ) &
  perf_job=$!
  out=$("${driver[@]}" --url "$shoal_url" --workload statement --statement "$statement" --clients "$clients" \
    --seconds "$SECS" --warmup-seconds 2 --max-seconds $((SECS + 150)))
  wait "$perf_job"
  ops=$(sed -n 's/.*ops_per_s=\([0-9]*\).*/\1/p' <<<"$out")
  echo "run=$r $out"
  awk -F, -v ops="$ops" -v secs=$((SECS - 2)) -v tag="run=$r" \
    '$1 ~ /^[0-9.]+$/ { printf "%s per_statement %s=%.3f\n", tag, $3, $1 / (ops * secs) }' "$work/perf.csv"
done
if [ -n "${PROFILE:-}" ]; then
  "$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.dump filename="$work/shoal.jfr" > /dev/null
  jfr=("$JAVA_HOME/bin/jfr" print --events jdk.ExecutionSample "$work/shoal.jfr")
  echo "TOP-OF-STACK frames (samples):"
  "${jfr[@]}" | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|--' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -30 || true
  echo "ANY-FRAME frames (samples):"
  "${jfr[@]}" | grep -E '^\s+[a-z]' | grep -v '=' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -60 || true
  echo "threads sampled:"
  "${jfr[@]}" | grep 'sampledThread' | sed 's/(javaThreadId.*//; s/[0-9]\+"/N"/' | sort | uniq -c | sort -rn | head -10 || true
  echo "total samples: $("${jfr[@]}" | grep -c 'jdk.ExecutionSample')"
  mkdir -p /tmp/shoal-bench-results && cp "$work/shoal.jfr" "/tmp/shoal-bench-results/shoal-statement-$clients.jfr"
fi
machine
