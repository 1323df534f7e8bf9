#!/usr/bin/env bash
# Records the AOT cache that bin/shoal uses (docs/architecture.md, "AOT cache") from a short training workload:
# `SHOAL_AOT=train bin/shoal` of BUILD on a scratch data directory, TpcBenchmark's queries on it at a small scale
# factor (all of them: TPC-H, TPC-DS Q3, the scan and our own; WARMUP rounds and one timed run each, data generated
# into DATA on first use), then SIGTERM; the JVM writes the cache as it exits, after which this script returns.
# LOAD_SECONDS=N also trains the loads for N seconds each before the SIGTERM (Stream Load of 10 KB to 10 MB bodies
# with and without group commit, sync and async 1-row INSERTs, server-prepared batches). Off by default: measured,
# it made no first load after a start faster than a cache trained on queries alone (docs/benchmarks.md, "Round 16
# at the end").
# Build first: mvn -B -q -DskipTests package
# Usage: bench/aot-train.sh
# Env: SF (0.1), WARMUP (2), DATA (the repo's target/tpc-data), LOAD_SECONDS (0),
#      SHOAL_QPORT / SHOAL_HPORT (ports, 29030 / 28030),
#      SHOAL_AOT_CACHE (the cache file, BUILD's shoal-server/target/shoal.aot, where bin/shoal looks for it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SF=${SF:-0.1}
DATA=${DATA:-$home/target/tpc-data}
cache=${SHOAL_AOT_CACHE:-$build/shoal-server/target/shoal.aot}
mkdir -p "$work/snap/bench" "$DATA"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
rm -f "$cache"
machine
# bin/shoal execs the JVM, so $! is the server; stop_all (on exit) sends it SIGTERM and waits for the cache
SHOAL_AOT=train SHOAL_AOT_CACHE="$cache" "$build/bin/shoal" --query_port="$SHOAL_QPORT" --http_port="$SHOAL_HPORT" \
    --webserver_port=0 --storage_root_path="$work/data" --sys_log_dir="$work/log" > "$work/shoal.out" 2>&1 &
shoal_pid=$!
until grep -qs "started:" "$work/shoal.out"; do
  kill -0 "$shoal_pid" 2>/dev/null || { echo "shoal exited at start" >&2; tail -5 "$work/shoal.out" >&2; exit 1; }
  sleep 0.2
done
"$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs 1 --warmup "${WARMUP:-2}" --query-port "$SHOAL_QPORT" \
  --http-port "$SHOAL_HPORT" --data-dir "$DATA" > "$work/train.out" || { tail -20 "$work/train.out" >&2; exit 1; }
grep '^Geometric' "$work/train.out"
secs=${LOAD_SECONDS:-0}
if [ "$secs" -gt 0 ]; then
  # the load paths of bench/stream-load.sh, insert-shoal.sh and batch-shoal.sh, by their programs, briefly
  "${ingest[@]}" gen --rows 200000 --out "$work/httplogs.csv" > /dev/null
  shoal_sql -e "CREATE DATABASE IF NOT EXISTS bench"
  for mode in async off; do
    shoal_sql -e "CREATE TABLE bench.httplogs_$mode (ts DATETIME, clientip VARCHAR(20), request VARCHAR(200),
      status INT, size INT) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(clientip) BUCKETS 8 PROPERTIES ('replication_num'='1')"
    gc=(); [ $mode = async ] && gc=(--group-commit async_mode)
    for size in 10240 102400 1048576 10485760; do
      "${ingest[@]}" load --file "$work/httplogs.csv" --max-seconds "$secs" --target shoal --chunk-bytes "$size" \
        --streams 10 --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs_$mode/_stream_load" "${gc[@]}" | grep -o 'RESULT.*failures=[0-9]*'
    done
  done
  for mode in sync_mode async_mode; do
    shoal_sql -e "CREATE TABLE bench.t_$mode (id BIGINT NOT NULL, name VARCHAR(64), score INT) DUPLICATE KEY(id)
      DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
    "${driver[@]}" --url "$shoal_url" --table "t_$mode" --clients 30 --seconds "$secs" --warmup-seconds 1 \
      --session-sql "SET group_commit=$mode" | grep -o 'RESULT.*failures=[0-9]*'
  done
  shoal_sql -e "CREATE TABLE bench.lineitem (l_orderkey BIGINT NOT NULL, l_partkey INT, l_suppkey INT,
    l_linenumber INT NOT NULL, l_quantity DECIMAL(15,2), l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2),
    l_tax DECIMAL(15,2), l_returnflag CHAR(1), l_linestatus CHAR(1), l_shipdate DATE, l_commitdate DATE,
    l_receiptdate DATE, l_shipinstruct VARCHAR(25), l_shipmode VARCHAR(10), l_comment VARCHAR(44))
    DUPLICATE KEY(l_orderkey) DISTRIBUTED BY HASH(l_orderkey) BUCKETS 8 PROPERTIES ('replication_num'='1')"
  "${driver[@]}" --url "$shoal_url&useServerPrepStmts=true&rewriteBatchedStatements=true&cachePrepStmts=true&sessionVariables=group_commit=async_mode" \
    --workload lineitem --table lineitem --rows 100 --clients 10 --seconds "$secs" --warmup-seconds 1 \
    | grep -o 'RESULT.*failures=[0-9]*'
fi
t0=$(date +%s)
stop_all
shoal_pid=
[ -s "$cache" ] || { echo "no AOT cache written; the server's output:" >&2; tail -20 "$work/shoal.out" >&2; exit 1; }
echo "AOT cache $cache $(stat -c %s "$cache") bytes, written in $(( $(date +%s) - t0 )) s after SIGTERM"
