#!/usr/bin/env bash
# What profiling (enable_profile / EXPLAIN ANALYZE's counters) costs TPC queries: loads the TPC data into a
# ShoalDB server (TpcBenchmark), then bench/ProfileOverhead.java runs each query alternately without and with
# enable_profile on one connection and prints medians and minimums of both.
# Usage: bench/profile-overhead.sh [QUERIES] [ROUNDS]     e.g. bench/profile-overhead.sh q01,q03,q06 15
# Env: SF (1), DATA (the repo's target/tpc-data). Build first: mvn -B -q -DskipTests package
set -euo pipefail
source "$(dirname "$0")/lib.sh"
queries=${1:-q01}
rounds=${2:-15}
SF=${SF:-1}
DATA=${DATA:-$home/target/tpc-data}
mkdir -p "$work/snap/bench" "$DATA"
cp "$home/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
machine
start_shoal
"$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs 1 --query-port "$SHOAL_QPORT" \
  --http-port "$SHOAL_HPORT" --data-dir "$DATA" --duckdb-threads 1 --queries "$queries" \
  --after-load "$JAVA_HOME/bin/java -cp $work/snap/bench/benchmarks.jar $home/bench/ProfileOverhead.java $SHOAL_QPORT $home/shoal-testing/src/main/resources/tpc/queries $queries $rounds" \
  | grep -E '^OVERHEAD|^PROFILE|^CLOCKS' || true
machine
