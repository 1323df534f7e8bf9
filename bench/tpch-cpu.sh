#!/usr/bin/env bash
# The server's CPU time per TPC-H query. On a shared, loaded machine a query's wall time moves by 2x from one run to
# the next, while the CPU time the server spends on it moves far less: before/after comparisons of two builds (run
# this once with BUILD=<the other checkout>, once without, alternating) read better in it. Loads the data by
# TpcBenchmark (which also checks q01 against DuckDB), then runs each query WARMUP times unmeasured and REPS times
# measured through the mysql client, reading the server process's user + system CPU (/proc, with GC and JIT threads)
# around the measured runs. Prints per query the mean server CPU ms and wall ms of one run.
# Usage: bench/tpch-cpu.sh
# Env: QUERIES (q03,q05,q07,q08,q09), REPS (5), WARMUP (2), SF (1), DATA (the repo's target/tpc-data), BUILD,
#      SHOAL_QPORT / SHOAL_HPORT, SHOAL_ARGS, SHOAL_JAVA_OPTS (as for bench/tpch.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SF=${SF:-1}
DATA=${DATA:-$home/target/tpc-data}
REPS=${REPS:-5}
WARMUP=${WARMUP:-2}
QUERIES=${QUERIES:-q03,q05,q07,q08,q09}
mkdir -p "$work/snap/bench" "$DATA"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"

machine
echo "CONFIG sf=$SF reps=$REPS warmup=$WARMUP queries=$QUERIES data=$DATA"
start_shoal
"$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs 0 --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" \
  --data-dir "$DATA" --queries q01 > "$work/load.out"
tick=$(getconf CLK_TCK)
cpu_ms() { awk -v t="$tick" '{printf "%d", ($14 + $15) * 1000 / t}' "/proc/$shoal_pid/stat"; }
for q in ${QUERIES//,/ }; do
  sql=$(grep -v '^--' "$home/shoal-testing/src/main/resources/tpc/queries/$q.sql")
  for _ in $(seq "$WARMUP"); do shoal_sql tpc -e "$sql" > /dev/null; done
  c0=$(cpu_ms); t0=$(date +%s%N)
  for _ in $(seq "$REPS"); do shoal_sql tpc -e "$sql" > /dev/null; done
  c1=$(cpu_ms); t1=$(date +%s%N)
  echo "CPU $q server_cpu_ms=$(( (c1 - c0) / REPS )) wall_ms=$(( (t1 - t0) / 1000000 / REPS ))"
done
machine
