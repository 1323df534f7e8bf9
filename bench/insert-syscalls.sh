#!/usr/bin/env bash
# Counts what the ShoalDB server process asks of the kernel per 1-row INSERT (system calls by kind, context switches,
# CPU time) with `perf stat` over a steady INSERT load: figures that, unlike rows/s, hardly move when other programs
# compete for the CPUs, so that two builds can be compared on a busy machine (BUILD=<dir with the same target/ layout>).
# Usage: bench/insert-syscalls.sh [clients]   Env: RUNS (3), SECS (8), BUILD (this checkout), MODES ("async_mode sync_mode"),
#   EVENTS (perf events, comma-separated; default: all system calls, epoll_ctl, epoll_wait, futex, write, context-switches, task-clock)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SECS=${SECS:-8}
clients=${1:-100}
events=${EVENTS:-raw_syscalls:sys_enter,syscalls:sys_enter_epoll_ctl,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_futex,syscalls:sys_enter_write,context-switches,task-clock}
machine
start_shoal
for m in ${MODES:-async_mode sync_mode}; do
  shoal_sql -e "CREATE DATABASE IF NOT EXISTS bench; CREATE TABLE bench.t_$m (id BIGINT NOT NULL, name VARCHAR(64), score INT)
    DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
done
for r in $(seq "$RUNS"); do
  for m in ${MODES:-async_mode sync_mode}; do
    echo "uptime: $(uptime)"
    # perf counts the middle of the run: after a 2 s warm-up, for SECS - 2 seconds
    ( sleep 4; perf stat -x, -p "$shoal_pid" -e "$events" -- sleep $((SECS - 2)) 2> "$work/perf.csv" > /dev/null ) &
    perf_job=$!
    out=$("${driver[@]}" --url "$shoal_url" --table "t_$m" --clients "$clients" --seconds "$SECS" --warmup-seconds 2 \
      --max-seconds $((SECS + 150)) --session-sql "SET group_commit=$m")
    wait "$perf_job"
    ops=$(sed -n 's/.*ops_per_s=\([0-9]*\).*/\1/p' <<<"$out")
    echo "run=$r mode=$m $out"
    # per INSERT: counts over the perf window divided by ops_per_s x its length
    awk -F, -v ops="$ops" -v secs=$((SECS - 2)) -v tag="run=$r mode=$m" \
      '$1 ~ /^[0-9.]+$/ { printf "%s per_insert %s=%.3f\n", tag, $3, $1 / (ops * secs) }' "$work/perf.csv"
  done
done
machine
