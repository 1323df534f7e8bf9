#!/usr/bin/env bash
# Bulk load of an httplogs-like CSV (about 129 bytes a row): ShoalDB Stream Load (group commit async vs off)
# next to PostgreSQL COPY FROM STDIN (pgJDBC CopyManager, synchronous_commit=on), MariaDB LOAD DATA LOCAL
# INFILE (Connector/J, innodb_flush_log_at_trx_commit=1) and QuestDB (ILP over HTTP, POST /write,
# cairo.commit.mode=sync), same chunks (split on line boundaries) and the same number of concurrent streams,
# by the same program (shoal-tools IngestBench; Stream Load through Apache HttpClient 5 on one kept connection per
# stream, client_cpu_s is the program's own CPU). Server CPU from /proc/<pid>/stat, the server's peak memory from
# /proc (its RSS, and the PSS summed over its process tree, PostgreSQL's backends included).
# Matrix: RUNS x SIZES x STREAMS, and within each cell the five loads back to back, so that noise on the shared
# machine hits every system alike. Each load is bounded by MAXS seconds (rows/s over what loaded in that time).
# After each cell the tables are counted (ShoalDB after SYNC GROUP COMMIT; QuestDB once its WAL is applied)
# against the rows acknowledged, then truncated. Then the streamloader CLI loads the whole file RUNS times.
# WARMUP=N first loads every system for N seconds per request size (10 streams, not measured, table emptied after),
# so that the first cells do not measure a JVM that is still compiling its code (as WARMUP in bench/tpch.sh).
# Usage: bench/stream-load.sh
# Env: RUNS (3), ROWS (5000000), STREAMS ("10 30"), SIZES (10240 102400 512000 1048576 10485760), MAXS (10),
#      SYSTEMS ("shoaldb postgres mariadb questdb": which to start and load), QDB_CONF (see lib.sh), WARMUP (0),
#      TOOLS (another build's load programs, see lib.sh)
set -euo pipefail
WITH_QUESTDB=1
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
ROWS=${ROWS:-5000000}
STREAMS=${STREAMS:-10 30}
SIZES=${SIZES:-10240 102400 512000 1048576 10485760}
MAXS=${MAXS:-10}
SYSTEMS=${SYSTEMS:-shoaldb postgres mariadb questdb}
WARMUP=${WARMUP:-0}
want() { [[ " $SYSTEMS " == *" $1 "* ]]; }
data="$work/httplogs.csv"

machine
echo "CONFIG runs=$RUNS rows=$ROWS streams=\"$STREAMS\" sizes=\"$SIZES\" max_seconds=$MAXS systems=\"$SYSTEMS\" qdb_conf=\"${QDB_CONF:-}\" warmup=$WARMUP"
"${ingest[@]}" gen --rows "$ROWS" --out "$data"
cols="ts DATETIME, clientip VARCHAR(20), request VARCHAR(200), status INT, size INT"
if want shoaldb; then
  start_shoal
  shoal_sql -e "CREATE DATABASE bench"
  for t in httplogs_async httplogs_off httplogs_sl; do
    shoal_sql -e "CREATE TABLE bench.$t ($cols) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(clientip) BUCKETS 8 PROPERTIES ('replication_num'='1')"
  done
fi
if want mariadb; then
  start_maria
  maria_sql -e "CREATE DATABASE bench; CREATE TABLE bench.httplogs ($cols) ENGINE=InnoDB"
fi
if want postgres; then
  start_pg
  pg_sql -c "CREATE DATABASE bench"
  pg_sql -d bench -c "CREATE TABLE httplogs (ts TIMESTAMP, clientip VARCHAR(20), request VARCHAR(200), status INT, size INT)"
fi
if want questdb; then
  start_questdb
  echo "QUESTDB $(qdb_sql "SELECT property_path, value FROM (SHOW PARAMETERS) WHERE property_path IN ('cairo.commit.mode', 'cairo.wal.enabled.default')" | grep -o '"dataset":.*')"
  qdb_sql "CREATE TABLE httplogs (ts TIMESTAMP, clientip VARCHAR, request VARCHAR, status INT, size INT) TIMESTAMP(ts) PARTITION BY DAY WAL" >/dev/null
fi

acked=0
load() { # label, args...
  local label=$1; shift
  acked=0
  "${ingest[@]}" load --file "$data" --max-seconds "$MAXS" "$@" >"$work/out" 2>"$work/err" \
    || echo "$label FAILED $(tail -3 "$work/err" | tr '\n' ' ')"
  sed "s/^/$label /" "$work/out"
  grep -v '^$' "$work/err" | grep -v WARNING | head -3 | sed "s/^/$label stderr: /" || true
  acked=$(grep -o 'confirmed_rows=[0-9]*' "$work/out" | cut -d= -f2 || echo 0)
}
check_shoal() { # table, rows acknowledged: count after SYNC GROUP COMMIT, then empty the table for the next cell
  local n; n=$(shoal_sql -N -e "SYNC GROUP COMMIT ON bench.$1; SELECT count(*) FROM bench.$1" 2>&1 | tail -1)
  echo "COUNT system=shoaldb table=$1 acked=$2 count=$n $([ "$n" = "$2" ] && echo ok || echo MISMATCH)"
  shoal_sql -e "TRUNCATE TABLE bench.$1"
}
if [ "$WARMUP" -gt 0 ]; then
  for size in $SIZES; do
    if want shoaldb; then
      for mode in async off; do
        gc=(); [ $mode = async ] && gc=(--group-commit async_mode)
        "${ingest[@]}" load --file "$data" --max-seconds "$WARMUP" --target shoal --chunk-bytes "$size" --streams 10 \
          --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs_$mode/_stream_load" "${gc[@]}" > /dev/null
        shoal_sql -e "SYNC GROUP COMMIT ON bench.httplogs_$mode; TRUNCATE TABLE bench.httplogs_$mode"
      done
    fi
    if want postgres; then
      "${ingest[@]}" load --file "$data" --max-seconds "$WARMUP" --target postgres --url "$pg_url" --user postgres \
        --chunk-bytes "$size" --streams 10 > /dev/null
      pg_sql -d bench -c "TRUNCATE httplogs"
    fi
    if want mariadb; then
      "${ingest[@]}" load --file "$data" --max-seconds "$WARMUP" --target mariadb --url "$maria_url&allowLoadLocalInfile=true" \
        --chunk-bytes "$size" --streams 10 > /dev/null
      maria_sql -e "TRUNCATE bench.httplogs"
    fi
    if want questdb; then
      "${ingest[@]}" load --file "$data" --max-seconds "$WARMUP" --target questdb --url "$qdb_url" --chunk-bytes "$size" \
        --streams 10 > /dev/null
      qdb_sql "TRUNCATE TABLE httplogs" >/dev/null
    fi
  done
  echo "WARMUP done at $(date -u +%T) load=\"$(cut -d' ' -f1-3 /proc/loadavg)\""
fi
for r in $(seq "$RUNS"); do
  for streams in $STREAMS; do
    for size in $SIZES; do
      for mode in async off; do
        want shoaldb || continue
        gc=(); [ $mode = async ] && gc=(--group-commit async_mode)
        load "stream run=$r system=shoaldb" --target shoal --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs_$mode/_stream_load" \
          --chunk-bytes "$size" --streams "$streams" --server-pid "$shoal_pid" "${gc[@]}"
        check_shoal "httplogs_$mode" "$acked"
      done
      want postgres && load "stream run=$r system=postgres" --target postgres --url "$pg_url" --user postgres --chunk-bytes "$size" \
        --streams "$streams" --server-pid "$(pg_pid)"
      want mariadb && load "stream run=$r system=mariadb" --target mariadb --url "$maria_url&allowLoadLocalInfile=true" --chunk-bytes "$size" \
        --streams "$streams" --server-pid "$(maria_pid)"
      want questdb && load "stream run=$r system=questdb" --target questdb --url "$qdb_url" --chunk-bytes "$size" --streams "$streams" \
        --server-pid "$qdb_pid"
      if want postgres; then pg_sql -d bench -c "TRUNCATE httplogs"; fi
      if want mariadb; then maria_sql -e "TRUNCATE bench.httplogs"; fi
      if want questdb; then qdb_sql "TRUNCATE TABLE httplogs" >/dev/null; fi
      echo "PROGRESS run=$r streams=$streams size=$size done at $(date -u +%T) load=\"$(cut -d' ' -f1-3 /proc/loadavg)\""
    done
  done
done
want shoaldb && for r in $(seq "$RUNS"); do
  t0=$(date +%s.%N)
  timeout 300 "$JAVA_HOME/bin/java" -cp "$tools_cp" io.shoaldb.tools.streamloader.StreamLoader --source_file "$data" \
    --url "http://127.0.0.1:$SHOAL_HPORT" --db bench --table httplogs_sl --workers 10 --batch_size 1 \
    --group_commit async_mode --header "column_separator:," --no_progress > "$work/sl.out" 2>&1 || echo "streamloader FAILED rc=$?"
  t1=$(date +%s.%N)
  echo "STREAMLOADER run=$r rows=$ROWS seconds=$(echo "$t1 - $t0" | bc) rows_per_s=$(echo "$ROWS / ($t1 - $t0)" | bc) summary: $(tail -4 "$work/sl.out" | tr '\n' ' ')"
done
want shoaldb && echo "COUNT shoaldb httplogs_sl expected=$((RUNS * ROWS)) count=$(shoal_sql -N -e "SYNC GROUP COMMIT ON bench.httplogs_sl; SELECT count(*) FROM bench.httplogs_sl" 2>&1 | tail -1)"
machine
