#!/usr/bin/env bash
# Profiles ShoalDB with JFR while TpcBenchmark runs TPC queries, and prints the hottest frames of the server.
# Usage: bench/profile-tpch.sh QUERIES [runs]    e.g. bench/profile-tpch.sh q18 10
# Env: SF (1), DATA (the repo's target/tpc-data). Build first: mvn -B -q -DskipTests package
# The recording starts once the data is loaded (TpcBenchmark --after-load), so only the queries are profiled.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
queries=${1:?usage: bench/profile-tpch.sh QUERIES [runs]}
runs=${2:-10}
SF=${SF:-1}
DATA=${DATA:-$home/target/tpc-data}
mkdir -p "$work/snap/bench" "$DATA"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
machine
start_shoal
"$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs "$runs" --query-port "$SHOAL_QPORT" \
  --http-port "$SHOAL_HPORT" --data-dir "$DATA" --duckdb-threads 2 --queries "$queries" \
  --after-load "$JAVA_HOME/bin/jcmd $shoal_pid JFR.start name=q settings=profile > /dev/null" \
  | grep -E '^\| q|^\| ds|^\| scan|^Geometric' || true
"$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.dump name=q filename="$work/shoal.jfr" > /dev/null
jfr=("$JAVA_HOME/bin/jfr" print --events jdk.ExecutionSample "$work/shoal.jfr")
total=$("${jfr[@]}" | grep -c 'jdk.ExecutionSample' || true)
echo "PROFILE queries=$queries runs=$runs samples=$total"
echo "TOP-OF-STACK frames (samples):"
"${jfr[@]}" | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|--' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -20 || true
echo "ANY-FRAME io.shoaldb frames (samples):"
"${jfr[@]}" | grep -E '^\s+io\.shoaldb' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -25 || true
