#!/usr/bin/env bash
# ShoalDB alone: 1-row INSERTs at N clients in async mode (ack latency) and sync mode, no peers started, so that
# two builds can be compared back to back (BUILD=<dir with the same target/ layout> for the other one).
# Each run also prints the server's CPU time per INSERT (utime+stime of the server process over the run, warm-up
# included, divided by ops_per_s x the run's seconds): less noisy than rows/s on a shared machine.
# RATES="2000 5000 ..." adds, after each closed-loop run (the clients send as fast as they are answered: the
# headline), one open-loop run per rate: the clients together offer that many INSERTs a second on fixed schedules
# and latency counts from when an INSERT was due (LoadDriver --rate), so the ack's p50/p99 below saturation show.
# Usage: bench/insert-shoal.sh [clients]   Env: RUNS (3), SECS (8), BUILD (this checkout), MODES ("async_mode sync_mode"),
#        RATES (none), DRIVER_WARMUP (2: seconds each driver runs before its measured time), SLOW_MS (per 100 ms,
#        the INSERTs slower than this, LoadDriver --slow-ms)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SECS=${SECS:-8}
RATES=${RATES:-}
clients=${1:-100}
machine
start_shoal
for m in ${MODES:-async_mode sync_mode}; do
  shoal_sql -e "CREATE DATABASE IF NOT EXISTS bench; CREATE TABLE bench.t_$m (id BIGINT NOT NULL, name VARCHAR(64), score INT)
    DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
done
# one_run RUN MODE [driver args...]: one driver run, its RESULT line with the server's CPU per INSERT
one_run() {
  local r=$1 m=$2; shift 2
  echo "uptime: $(uptime)"
  cpu0=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat")
  out=$("${driver[@]}" --url "$shoal_url" --table "t_$m" --clients "$clients" --seconds "$SECS" --warmup-seconds "${DRIVER_WARMUP:-2}" \
    --max-seconds $((SECS + 150)) --session-sql "SET group_commit=$m" ${SLOW_MS:+--slow-ms "$SLOW_MS"} "$@")
  cpu1=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat")
  grep '^SLOW' <<<"$out" | sed "s/^/run=$r mode=$m /" || true
  out=$(grep '^RESULT' <<<"$out")
  ops=$(sed -n 's/.*ops_per_s=\([0-9]*\).*/\1/p' <<<"$out")
  echo "run=$r mode=$m $out server_cpu_us_per_insert=$(( (cpu1 - cpu0) * 1000000 / $(getconf CLK_TCK) / (ops * (SECS + ${DRIVER_WARMUP:-2}) + 1) ))"
  # inside group commit, for async loads: until the WAL record is written, then until its group fsync returned
  curl -s -u root: "http://127.0.0.1:$SHOAL_HPORT/metrics" | grep -E '^group_commit_async_[a-z_]+\{quantile' \
    | sed "s/^/run=$r mode=$m server /" || true
}
for r in $(seq "$RUNS"); do
  for m in ${MODES:-async_mode sync_mode}; do
    one_run "$r" "$m"
    for rate in $RATES; do
      one_run "$r" "$m" --rate "$rate"
    done
  done
done
machine
