#!/usr/bin/env bash
# ShoalDB alone: 1-row INSERTs at N clients in async mode (ack latency) and sync mode, no peers started, so that
# two builds can be compared back to back (BUILD=<dir with the same target/ layout> for the other one).
# Usage: bench/insert-shoal.sh [clients]   Env: RUNS (3), SECS (8), BUILD (this checkout), MODES ("async_mode sync_mode")
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SECS=${SECS:-8}
clients=${1:-100}
machine
start_shoal
for m in ${MODES:-async_mode sync_mode}; do
  shoal_sql -e "CREATE DATABASE IF NOT EXISTS bench; CREATE TABLE bench.t_$m (id BIGINT NOT NULL, name VARCHAR(64), score INT)
    DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
done
for r in $(seq "$RUNS"); do
  for m in ${MODES:-async_mode sync_mode}; do
    echo "uptime: $(uptime)"
    "${driver[@]}" --url "$shoal_url" --table "t_$m" --clients "$clients" --seconds "$SECS" --warmup-seconds 2 \
      --max-seconds $((SECS + 150)) --session-sql "SET group_commit=$m" | sed "s/^/run=$r mode=$m /"
  done
done
machine
