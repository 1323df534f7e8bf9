#!/usr/bin/env bash
# The server CPU that TPC queries cost, for before/after comparisons on a busy machine, where wall times mostly
# measure the other processes: per query, the ShoalDB process's CPU time (utime + stime from /proc, so JIT and GC
# threads count too) and the wall time per run over RUNS runs of the same text through the mysql client, after
# WARMUP unmeasured runs. The data is loaded by TpcBenchmark (which also checks one run of the first query against
# DuckDB), then the queries run from shoal-testing's TPC texts.
# Build first: mvn -B -q -DskipTests package
# Usage: bench/query-cpu.sh     Env: QUERIES (q11,q15), RUNS (30), WARMUP (15), SF (1), DATA (the repo's
#        target/tpc-data), BUILD, SHOAL_QPORT / SHOAL_HPORT as for bench/tpch.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
QUERIES=${QUERIES:-q11,q15}
RUNS=${RUNS:-30}
WARMUP=${WARMUP:-15}
SF=${SF:-1}
DATA=${DATA:-$home/target/tpc-data}
texts="$home/shoal-testing/src/main/resources/tpc/queries"
mkdir -p "$work/snap/bench" "$DATA"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"

machine
echo "CONFIG sf=$SF queries=$QUERIES runs=$RUNS warmup=$WARMUP"
start_shoal
"$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs 0 --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" \
  --data-dir "$DATA" --queries "${QUERIES%%,*}" | grep '^QUERY'
ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$shoal_pid/stat"; }
# a statement repeated n times, one per line, for one mysql session
repeated() { local sql; sql="$(grep -v '^--' "$texts/$1.sql" | tr '\n' ' ' | sed 's/;[[:space:]]*$//');"; for _ in $(seq "$2"); do echo "$sql"; done; }
for q in ${QUERIES//,/ }; do
  repeated "$q" "$WARMUP" | mysql -h127.0.0.1 -P"$SHOAL_QPORT" -uroot tpc > /dev/null
  repeated "$q" "$RUNS" > "$work/runs.sql"
  c0=$(cpu_ticks); t0=$(date +%s%N)
  mysql -h127.0.0.1 -P"$SHOAL_QPORT" -uroot tpc < "$work/runs.sql" > /dev/null
  t1=$(date +%s%N); c1=$(cpu_ticks)
  awk -v q="$q" -v c=$((c1 - c0)) -v hz="$ticks" -v w=$((t1 - t0)) -v n="$RUNS" \
    'BEGIN { printf "CPU %s server_cpu_ms_per_run=%.1f wall_ms_per_run=%.1f\n", q, c * 1000 / hz / n, w / 1e6 / n }'
done
machine
