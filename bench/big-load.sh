#!/usr/bin/env bash
# P11: one Stream Load of a big file - a TPC-H table's generated files concatenated into one chunked body
# (`cat ... | curl -T -`; CLIENT=java: Java's HttpClient in the bench's JVM, a heavier client), into a new DUPLICATE KEY table - next to DuckDB's COPY of the same files into a database
# file (CHECKPOINT included), by shoal-bench's BigLoadBenchmark. Each SHOAL line gives the wall time, the server's
# CPU seconds over the load and the reply's phase times (ReadData = decoding, WriteData = routing, sorting and
# encoding, CommitAndPublish = the last segments and the commit).
# Build first: mvn -B -q -DskipTests package
# Usage: bench/big-load.sh
# Env: SF (1), TABLE (lineitem), RUNS (3), CLIENT (curl | java), SYSTEMS (shoaldb,duckdb), DATA (the repo's target/tpc-data; generated
#      there on first use), DUCKDB_THREADS (2), SHOAL_ARGS / SHOAL_JAVA_OPTS / BUILD (see lib.sh),
#      TIMELINE (seconds, e.g. 0.5: also print the server's CPU by thread kind every that often, bench/thread-cpu.sh,
#      as TIMELINE lines; the sampling costs a little CPU itself, so not for the figures)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SF=${SF:-1}
DATA=${DATA:-$home/target/tpc-data}
mkdir -p "$work/snap/bench" "$DATA"
cp "$home/shoal-bench/target/benchmarks.jar" "$work/snap/bench/" # the client from this checkout, whatever BUILD is

machine
echo "CONFIG sf=$SF table=${TABLE:-lineitem} runs=${RUNS:-3} client=${CLIENT:-curl} systems=${SYSTEMS:-shoaldb,duckdb} data=$DATA duckdb_threads=${DUCKDB_THREADS:-2} shoal_args=${SHOAL_ARGS:-} shoal_java_opts=${SHOAL_JAVA_OPTS:-}"
start_shoal
if [ -n "${TIMELINE:-}" ]; then
  "$home/bench/thread-cpu.sh" "$shoal_pid" "$TIMELINE" > "$work/timeline.txt" &
  timeline_pid=$!
fi
"$JAVA_HOME/bin/java" -Xmx2g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
  io.shoaldb.bench.tpc.BigLoadBenchmark --scale "$SF" --table "${TABLE:-lineitem}" --runs "${RUNS:-3}" \
  --systems "${SYSTEMS:-shoaldb,duckdb}" --client "${CLIENT:-curl}" --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" --server-pid "$shoal_pid" \
  --data-dir "$DATA" --duckdb-threads "${DUCKDB_THREADS:-2}" --duckdb-dir "$work/duckdb"
if [ -n "${TIMELINE:-}" ]; then
  kill "$timeline_pid" 2>/dev/null || true
  wait "$timeline_pid" 2>/dev/null || true
  sed 's/^/TIMELINE /' "$work/timeline.txt"
fi
machine
