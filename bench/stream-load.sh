#!/usr/bin/env bash
# Bulk load of an httplogs-like CSV (about 129 bytes a row): ShoalDB Stream Load (group commit async vs off)
# next to PostgreSQL COPY FROM STDIN (pgJDBC CopyManager, synchronous_commit=on) and MariaDB LOAD DATA LOCAL
# INFILE (Connector/J, innodb_flush_log_at_trx_commit=1), same chunks (split on line boundaries) and the same
# number of concurrent streams, by the same program (shoal-tools IngestBench). Server CPU from /proc/<pid>/stat.
# Then the streamloader CLI loads the whole file. Each load is bounded by MAXS seconds (rows/s over what loaded).
# Usage: bench/stream-load.sh     Env: RUNS (3), ROWS (2000000), STREAMS (10), SIZES (102400 1048576 10485760), MAXS (40)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
ROWS=${ROWS:-2000000}
STREAMS=${STREAMS:-10}
SIZES=${SIZES:-102400 1048576 10485760}
MAXS=${MAXS:-40}
data="$work/httplogs.csv"

machine
"${ingest[@]}" gen --rows "$ROWS" --out "$data"
start_shoal
start_maria
start_pg
cols="ts DATETIME, clientip VARCHAR(20), request VARCHAR(200), status INT, size INT"
shoal_sql -e "CREATE DATABASE bench"
for t in httplogs_async httplogs_off httplogs_sl; do
  shoal_sql -e "CREATE TABLE bench.$t ($cols) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(clientip) BUCKETS 8 PROPERTIES ('replication_num'='1')"
done
maria_sql -e "CREATE DATABASE bench; CREATE TABLE bench.httplogs ($cols) ENGINE=InnoDB"
pg_sql -c "CREATE DATABASE bench"
pg_sql -d bench -c "CREATE TABLE httplogs (ts TIMESTAMP, clientip VARCHAR(20), request VARCHAR(200), status INT, size INT)"

load() { # label, args...
  local label=$1; shift
  "${ingest[@]}" load --file "$data" --streams "$STREAMS" --max-seconds "$MAXS" "$@" 2>"$work/err" | sed "s/^/$label /" \
    || echo "$label FAILED $(tail -3 "$work/err" | tr '\n' ' ')"
  grep -v '^$' "$work/err" | head -3 | sed "s/^/$label stderr: /" || true
}
for r in $(seq "$RUNS"); do
  for size in $SIZES; do
    for mode in async off; do
      gc=(); [ $mode = async ] && gc=(--group-commit async_mode)
      load "stream run=$r system=shoaldb" --target shoal --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs_$mode/_stream_load" \
        --chunk-bytes "$size" --server-pid "$shoal_pid" "${gc[@]}"
    done
    load "stream run=$r system=postgres" --target postgres --url "$pg_url" --user postgres --chunk-bytes "$size" --server-pid "$(pg_pid)"
    load "stream run=$r system=mariadb" --target mariadb --url "$maria_url&allowLoadLocalInfile=true" --chunk-bytes "$size" \
      --server-pid "$(maria_pid)"
    pg_sql -d bench -c "TRUNCATE httplogs"
    maria_sql -e "TRUNCATE bench.httplogs"
  done
done
for r in $(seq "$RUNS"); do
  t0=$(date +%s.%N)
  timeout 300 "$JAVA_HOME/bin/java" -cp "$tools_cp" io.shoaldb.tools.streamloader.StreamLoader --source_file "$data" \
    --url "http://127.0.0.1:$SHOAL_HPORT" --db bench --table httplogs_sl --workers "$STREAMS" --batch_size 1 \
    --group_commit async_mode --header "column_separator:," --no_progress > "$work/sl.out" 2>&1 || echo "streamloader FAILED rc=$?"
  t1=$(date +%s.%N)
  echo "STREAMLOADER run=$r rows=$ROWS seconds=$(echo "$t1 - $t0" | bc) rows_per_s=$(echo "$ROWS / ($t1 - $t0)" | bc) summary: $(tail -4 "$work/sl.out" | tr '\n' ' ')"
done
for t in httplogs_async httplogs_off httplogs_sl; do
  echo "COUNT shoaldb $t $(shoal_sql -N -e "SYNC GROUP COMMIT ON bench.$t; SELECT count(*) FROM bench.$t" 2>&1 | tail -1)"
done
machine
