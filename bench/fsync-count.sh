#!/usr/bin/env bash
# Counts the file-sync system calls ShoalDB makes per acknowledged 1-row INSERT (1 client) with strace -f -c.
# Usage: bench/fsync-count.sh [mode] [seconds]   mode: sync_mode (default) | async_mode | off_mode
set -euo pipefail
source "$(dirname "$0")/lib.sh"
mode=${1:-sync_mode}; secs=${2:-5}
machine
start_shoal
shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.t (id BIGINT NOT NULL, name VARCHAR(64), score INT) DUPLICATE KEY(id)
  DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
before=$(shoal_sql -N -e "SELECT count(*) FROM bench.t")
timeout $((secs + 60)) strace -f -c -e trace=fsync,fdatasync,sync_file_range,msync,rename,openat -p "$shoal_pid" -o "$work/strace.txt" &
spid=$!
sleep 1
"${driver[@]}" --url "$shoal_url" --table t --clients 1 --seconds "$secs" --warmup-seconds 0 --session-sql "SET group_commit=$mode" \
  | sed "s/^/fsync-count mode=$mode /"
sleep 0.5
kill -INT $spid; wait $spid || true
after=$(shoal_sql -N -e "SYNC GROUP COMMIT ON bench.t; SELECT count(*) FROM bench.t" | tail -1)
echo "INSERTS $((after - before)) (rows added while traced, includes the driver's unmeasured tail)"
cat "$work/strace.txt"
