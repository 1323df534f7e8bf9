#!/usr/bin/env bash
# TPC-H's 22 queries, TPC-DS Q3 and a full scan of lineitem (`SELECT sum(l_extendedprice) FROM lineitem`) on a
# ShoalDB server next to in-process DuckDB (threads=2) holding the same data, by shoal-bench's TpcBenchmark.
# The data is generated once per scale factor (Trino's dbgen / dsdgen ports) into DATA and reused by later runs;
# ShoalDB loads it by Stream Load, DuckDB by COPY from the same files. Each query runs once unmeasured (its result
# is compared with DuckDB's; a wrong result is not timed), then RUNS times; the table gives the medians and the
# geometric mean of ShoalDB ÷ DuckDB over the TPC-H queries that ShoalDB runs. Queries ShoalDB does not support
# yet are listed with its error and DuckDB's time. Each query's timed runs also give the server's CPU per run (the
# process's utime + stime from /proc, and that of its query workers): on a shared machine the figure to compare.
# The benchmark client comes from this checkout whatever BUILD is, so both sides of an A/B run the same client.
# Build first: mvn -B -q -DskipTests package   (the server, tools and shoal-bench/target/benchmarks.jar)
# Usage: bench/tpch.sh
# Env: SF (1), RUNS (5; 0 = time the compared run only), WARMUP (0; rounds of all selected queries on both engines
#      before any is measured: the figures of a server whose JIT has compiled the workload), QUERIES (all; e.g. q01,q06,scan), DATA (the repo's target/tpc-data), DUCKDB_THREADS (2),
#      SESSION (ShoalDB session variables for the queries, e.g. enable_profile=true,parallel_pipeline_task_num=2)
#      SHOAL_ARGS (server options, e.g. "--data_partitions=1"), SHOAL_QPORT / SHOAL_HPORT (ports, 29030 / 28030),
#      SHOAL_JAVA_OPTS (the server's JVM options, e.g. -Xmx1g), SHOAL_AOT_CACHE (an AOT cache recorded from BUILD),
#      DUCKDB_MEMORY_LIMIT (DuckDB's memory_limit, e.g. 1GB; DuckDB then keeps its database file and spills under the
#      run's work directory instead of holding the tables in memory)
# P8, TPC-H SF10 on a 1 GB heap:
#   SF=10 RUNS=0 DATA=/work/tpc-data SHOAL_JAVA_OPTS=-Xmx1g DUCKDB_MEMORY_LIMIT=1GB QUERIES=q01,...,q22 bench/tpch.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SF=${SF:-1}
RUNS=${RUNS:-5}
DATA=${DATA:-$home/target/tpc-data}
mkdir -p "$work/snap/bench" "$DATA"
cp "$home/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"

machine
echo "CONFIG sf=$SF runs=$RUNS warmup=${WARMUP:-0} queries=${QUERIES:-all} data=$DATA duckdb_threads=${DUCKDB_THREADS:-2} duckdb_memory_limit=${DUCKDB_MEMORY_LIMIT:-} session=${SESSION:-} shoal_args=${SHOAL_ARGS:-} shoal_java_opts=${SHOAL_JAVA_OPTS:-}"
start_shoal
"$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs "$RUNS" --warmup "${WARMUP:-0}" --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" \
  --data-dir "$DATA" --duckdb-threads "${DUCKDB_THREADS:-2}" --server-pid "$shoal_pid" --clock-ticks "$(getconf CLK_TCK)" \
  ${QUERIES:+--queries "$QUERIES"} ${SESSION:+--session "$SESSION"} \
  ${DUCKDB_MEMORY_LIMIT:+--duckdb-memory-limit "$DUCKDB_MEMORY_LIMIT" --duckdb-dir "$work/duckdb"}
machine
