#!/usr/bin/env bash
# What compaction costs per loaded row: STREAMS streams send CHUNK-byte Stream Loads (group_commit sync_mode) of
# time-ordered web-log rows - bench/mixed.sh's httplogs: IngestBench gen, DUPLICATE KEY(ts), 8 buckets - for SECS
# seconds; then the server finishes its compactions (the compaction threads' CPU time stops growing for 3 s). Prints
# the rows loaded, the server's CPU time over load and settling, and the part of it on the compaction threads, each
# also per million rows. CPU time rather than wall time, so that a before/after pair means something on a busy machine.
# Build first: mvn -B -q -DskipTests package
# Usage: bench/compaction-cpu.sh     Env: SECS (30), STREAMS (10), CHUNK (102400), BUILD, SHOAL_QPORT / SHOAL_HPORT
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SECS=${SECS:-30}
STREAMS=${STREAMS:-10}
CHUNK=${CHUNK:-102400}

machine
echo "CONFIG secs=$SECS streams=$STREAMS chunk_bytes=$CHUNK shoal_args=${SHOAL_ARGS:-}"
start_shoal
shoal_sql -e "CREATE DATABASE bench;
  CREATE TABLE bench.httplogs (ts DATETIME, clientip VARCHAR(20), request VARCHAR(200), status INT, size INT) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(clientip) BUCKETS 8 PROPERTIES ('replication_num'='1');"
"${ingest[@]}" gen --rows 300000 --out "$work/httplogs.csv"

# CPU ticks of the server's threads whose name (/proc's comm, 15 characters) matches $1; all threads for "."
thread_ticks() {
  cat /proc/"$shoal_pid"/task/*/stat 2>/dev/null | awk -v p="$1" '{
    name = substr($0, index($0, "(") + 1); name = substr(name, 1, index(name, ")") - 1)
    rest = substr($0, index($0, ")") + 2); split(rest, f, " ")
    if (name ~ p) t += f[12] + f[13] } END { print t + 0 }'
}
server0=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat")
compaction0=$(thread_ticks '^compaction$')
"${ingest[@]}" load --target shoal --file "$work/httplogs.csv" --repeat --max-seconds "$SECS" --streams "$STREAMS" \
  --chunk-bytes "$CHUNK" --group-commit sync_mode --server-pid "$shoal_pid" --table httplogs \
  --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs/_stream_load" > "$work/load.out" 2>&1
grep -h '^RESULT' "$work/load.out"
last=-1
while now=$(thread_ticks '^compaction$'); [ "$now" != "$last" ]; do last=$now; sleep 3; done
server=$(awk '{print $14 + $15}' "/proc/$shoal_pid/stat")
rows=$(grep -ho 'confirmed_rows=[0-9]*' "$work/load.out" | cut -d= -f2)
shoal_sql -N -e "SELECT count(*) FROM bench.httplogs" | awk -v r="$rows" '{ if ($1 != r) { print "COUNT MISMATCH table=" $1 " confirmed=" r; exit 1 } }'
awk -v rows="$rows" -v s="$((server - server0))" -v c="$((last - compaction0))" 'BEGIN {
  printf "COMPACTION rows=%d server_cpu_s=%.2f compaction_cpu_s=%.2f server_cpu_s_per_mrow=%.3f compaction_cpu_s_per_mrow=%.3f\n",
    rows, s / 100, c / 100, s / 100 / rows * 1e6, c / 100 / rows * 1e6 }'
machine
