#!/usr/bin/env bash
# INSERT benchmarks through the MySQL protocol (group commit sync/async, 1000-row INSERTs, prepared lineitem
# batches, the normal path), ShoalDB next to MariaDB (innodb_flush_log_at_trx_commit=1) and PostgreSQL
# (synchronous_commit=on), all driven by the same program (shoal-tools LoadDriver; Connector/J for ShoalDB and
# MariaDB, pgJDBC for PostgreSQL), interleaved run by run so that machine noise hits every system alike.
# Usage: bench/insert.sh [section ...]   sections: gc intervals lone async rows1000 batch off gc500 rows1000_500
#   openloop (default: gc lone async rows1000 batch off)
# openloop: 100 clients in an open loop (LoadDriver --rate: together they offer RATE INSERTs a second on fixed
#   schedules; latency counts from when an INSERT was due, so queueing shows below saturation, where the closed
#   loop's p99 only follows from its throughput), per rate: ShoalDB async (the ack's latency) and sync, MariaDB
#   (innodb_flush_log_at_trx_commit=1). The closed-loop figures (async, gc) stay the headline.
# Env: RUNS (3), SECS (8 measured seconds per run, after 2 s warm-up), RATES (openloop: "2000 5000 10000 15000"),
#   JDBC_PARAMS (lib.sh: Connector/J parameters for ShoalDB's and MariaDB's URLs, e.g. "&useLocalSessionState=true").
#   Build first: mvn -DskipTests package.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SECS=${SECS:-8}
RATES=${RATES:-2000 5000 10000 15000}
sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(gc lone async rows1000 batch off)

machine
start_shoal
start_maria
start_pg
dt_cols="id BIGINT NOT NULL, name VARCHAR(64), score INT"
li_cols="l_orderkey BIGINT NOT NULL, l_partkey INT, l_suppkey INT, l_linenumber INT NOT NULL, l_quantity DECIMAL(15,2),
  l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2), l_tax DECIMAL(15,2), l_returnflag CHAR(1), l_linestatus CHAR(1),
  l_shipdate DATE, l_commitdate DATE, l_receiptdate DATE, l_shipinstruct VARCHAR(25), l_shipmode VARCHAR(10), l_comment VARCHAR(44)"
shoal_sql -e "CREATE DATABASE bench"
maria_sql -e "CREATE DATABASE bench"
pg_sql -c "CREATE DATABASE bench"
doris_t() { # name, properties
  echo "CREATE TABLE bench.$1 ($dt_cols) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1'$2);"
}
shoal_sql -e "$(doris_t gc_default '') $(doris_t gc_10 ",'group_commit_interval_ms'='10'") \
  $(doris_t gc_100 ",'group_commit_interval_ms'='100'") $(doris_t gc_20 ",'group_commit_interval_ms'='20'")
  $(doris_t gc_50 ",'group_commit_interval_ms'='50'") $(doris_t dt_async '') $(doris_t dt_off '') $(doris_t dt_1000 '')
  CREATE TABLE bench.lineitem ($li_cols) DUPLICATE KEY(l_orderkey) DISTRIBUTED BY HASH(l_orderkey) BUCKETS 8 PROPERTIES ('replication_num'='1');"
for t in gc_default dt_async dt_off dt_1000; do
  maria_sql -e "CREATE TABLE bench.$t ($dt_cols, PRIMARY KEY(id)) ENGINE=InnoDB"
  pg_sql -d bench -c "CREATE TABLE $t (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(64), score INT)"
done
maria_sql -e "CREATE TABLE bench.lineitem ($li_cols, PRIMARY KEY(l_orderkey, l_linenumber)) ENGINE=InnoDB"

# run LABEL args...: one driver run, its RESULT line prefixed by LABEL
run() {
  local label=$1; shift
  "${driver[@]}" --seconds "$SECS" --warmup-seconds 2 --max-seconds $((SECS + 150)) "$@" 2>"$work/err" \
    | sed "s/^/$label /" || echo "$label FAILED rc=$? $(tail -3 "$work/err" | tr '\n' ' ')"
  grep -v "^$" "$work/err" | head -3 | sed "s/^/$label stderr: /" || true
}
pgrun() { local label=$1; shift; run "$label" --user postgres "$@"; }
sync=(--session-sql "SET group_commit=sync_mode")

for r in $(seq "$RUNS"); do
  for s in "${sections[@]}"; do
    case $s in
      gc)
        for c in 30 100; do
          for t in gc_default gc_10 gc_100; do
            run "gc run=$r system=shoaldb table=$t" --url "$shoal_url" --table $t --clients $c "${sync[@]}"
          done
          run "gc run=$r system=mariadb" --url "$maria_url" --table gc_default --clients $c
          pgrun "gc run=$r system=postgres" --url "$pg_url" --table gc_default --clients $c
        done ;;
      intervals)
        for c in 30 100; do
          for t in gc_20 gc_50; do
            run "gc run=$r system=shoaldb table=$t" --url "$shoal_url" --table $t --clients $c "${sync[@]}"
          done
        done ;;
      gc500)
        for t in gc_default gc_10; do
          run "gc500 run=$r system=shoaldb table=$t" --url "$shoal_url" --table $t --clients 500 "${sync[@]}"
        done
        run "gc500 run=$r system=mariadb" --url "$maria_url" --table gc_default --clients 500
        pgrun "gc500 run=$r system=postgres" --url "$pg_url" --table gc_default --clients 500 ;;
      lone)
        run "lone run=$r system=shoaldb table=gc_default" --url "$shoal_url" --table gc_default --clients 1 "${sync[@]}"
        run "lone run=$r system=mariadb" --url "$maria_url" --table gc_default --clients 1
        pgrun "lone run=$r system=postgres" --url "$pg_url" --table gc_default --clients 1 ;;
      async)
        # visibility probe: every 500 ms note the rows acknowledged so far, poll count(*) until they are visible
        run "async run=$r system=shoaldb table=dt_async(interval=default 10s)" --url "$shoal_url" --table dt_async --clients 100 \
          --session-sql "SET group_commit=async_mode" --visibility-probe-ms 500
        maria_sql -e "SET GLOBAL innodb_flush_log_at_trx_commit=2"
        run "async run=$r system=mariadb(flush_log_at_trx_commit=2)" --url "$maria_url" --table dt_async --clients 100
        maria_sql -e "SET GLOBAL innodb_flush_log_at_trx_commit=1"
        pgrun "async run=$r system=postgres(synchronous_commit=off)" --url "$pg_url" --table dt_async --clients 100 \
          --session-sql "SET synchronous_commit=off" ;;
      openloop)
        for rate in $RATES; do
          run "openloop run=$r system=shoaldb mode=async rate=$rate" --url "$shoal_url" --table dt_async --clients 100 \
            --rate "$rate" --session-sql "SET group_commit=async_mode"
          run "openloop run=$r system=shoaldb mode=sync rate=$rate" --url "$shoal_url" --table gc_default --clients 100 \
            --rate "$rate" "${sync[@]}"
          run "openloop run=$r system=mariadb rate=$rate" --url "$maria_url" --table dt_async --clients 100 --rate "$rate"
        done ;;
      rows1000)
        for c in 30 100; do
          run "rows1000 run=$r system=shoaldb" --url "$shoal_url" --table dt_1000 --clients $c --rows 1000 "${sync[@]}"
          run "rows1000 run=$r system=mariadb" --url "$maria_url" --table dt_1000 --clients $c --rows 1000
          pgrun "rows1000 run=$r system=postgres" --url "$pg_url" --table dt_1000 --clients $c --rows 1000
        done ;;
      rows1000_500)
        run "rows1000 run=$r system=shoaldb clients=500" --url "$shoal_url" --table dt_1000 --clients 500 --rows 1000 "${sync[@]}"
        run "rows1000 run=$r system=mariadb clients=500" --url "$maria_url" --table dt_1000 --clients 500 --rows 1000
        pgrun "rows1000 run=$r system=postgres clients=500" --url "$pg_url" --table dt_1000 --clients 500 --rows 1000 ;;
      batch)
        seed="useServerPrepStmts=true&useLocalSessionState=true&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999&prepStmtCacheSize=500"
        for c in 10 20 30; do
          run "batch run=$r system=shoaldb" --url "$shoal_url&$seed&sessionVariables=group_commit=async_mode" \
            --workload lineitem --table lineitem --clients $c --rows 100
          run "batch run=$r system=mariadb" --url "$maria_url&$seed" --workload lineitem --table lineitem --clients $c --rows 100
        done ;;
      off)
        for c in 1 30; do
          run "off run=$r system=shoaldb" --url "$shoal_url" --table dt_off --clients $c --session-sql "SET group_commit=off_mode"
          run "off run=$r system=mariadb" --url "$maria_url" --table dt_off --clients $c
        done ;;
    esac
  done
done
# row check: every acknowledged row is there (counts include warm-up rows)
for t in gc_default gc_10 gc_20 gc_50 gc_100 dt_async dt_off dt_1000 lineitem; do
  echo "COUNT shoaldb $t $(shoal_sql -N -e "SYNC GROUP COMMIT ON bench.$t; SELECT count(*) FROM bench.$t" 2>&1 | tail -1)"
done
machine
