#!/usr/bin/env bash
# ShoalDB alone: sync 1-row INSERTs at N clients for 8 s (after 2 s warm-up) into a fresh server, then the server's
# group-commit batch sizes and commit latencies from /metrics (count and sum since start, warm-up included): how many
# loads a commit gathers and what a commit (its fsync included) costs. BUILD=<dir with the same target/ layout>
# compares two builds back to back; MODE=off_mode (or async_mode) runs the INSERTs in that mode instead.
# Usage: bench/insert-commit-stats.sh [clients]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
clients=${1:-100}
machine
start_shoal
shoal_sql -e "CREATE DATABASE IF NOT EXISTS bench; CREATE TABLE bench.t (id BIGINT NOT NULL, name VARCHAR(64), score INT)
    DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
echo "uptime: $(uptime)"
cpu0=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat")
out=$("${driver[@]}" --url "$shoal_url" --table t --clients "$clients" --seconds 8 --warmup-seconds 2 --max-seconds 160 \
  --session-sql "SET group_commit=${MODE:-sync_mode}")
cpu1=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat")
ops=$(sed -n 's/.*ops_per_s=\([0-9]*\).*/\1/p' <<<"$out")
echo "$out server_cpu_us_per_insert=$(( (cpu1 - cpu0) * 1000000 / $(getconf CLK_TCK) / (ops * 10 + 1) ))"
curl -s -u root: "http://127.0.0.1:$SHOAL_HPORT/metrics" \
  | grep -E '^group_commit_(batch_loads|commit_latency)[a-z_]*(_count|_sum|\{quantile)' || true
