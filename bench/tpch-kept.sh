#!/usr/bin/env bash
# TPC-H queries on the tables a `KEEP=1 DUCKDB_MEMORY_LIMIT=... bench/tpch.sh` run left in its work directory, so that
# builds can be compared at SF10 (whose load takes minutes) on the same data: BUILD's server starts on that run's
# storage (the data partitions it was loaded with), DuckDB reopens its database file there, and TpcBenchmark runs
# each query with --skip-load, one query per call. Per query it prints what the server spent on it: CPU time of the
# server process (utime + stime from /proc, so the result also holds on a busy machine, where wall time mostly
# measures the other processes), split by thread into the query workers, garbage collection, the JIT and the rest,
# and the GC pauses of that stretch (the server runs with -Xlog:gc). The figures come from a fresh server per call of
# this script: run it once per build, alternately, for an A/B.
# Build first: mvn -B -q -DskipTests package
# Usage: KEPT=/tmp/shoal-bench.XXXXXX SF=10 QUERIES=q03,q21 bench/tpch-kept.sh
# Env: KEPT (the kept work directory, required), SF (10), RUNS (0 = time the compared run only), QUERIES (q01..q22),
#      SESSION, BUILD, SHOAL_QPORT / SHOAL_HPORT as for bench/tpch.sh; SHOAL_JAVA_OPTS (-Xmx1g), DUCKDB_MEMORY_LIMIT
#      (1GB), DUCKDB_THREADS (2)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
KEPT=${KEPT:?KEPT: the work directory a KEEP=1 bench/tpch.sh run left}
SF=${SF:-10}
RUNS=${RUNS:-0}
SHOAL_JAVA_OPTS="${SHOAL_JAVA_OPTS:--Xmx1g} -Xlog:gc:file=$work/gc.log:uptime"
queries=${QUERIES:-$(printf 'q%02d,' $(seq 1 22) | sed 's/,$//')}
mkdir -p "$work/snap/bench"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
ln -s "$KEPT/data" "$work/data"   # start_shoal's storage; the link, not the data, goes with $work

machine
echo "CONFIG kept=$KEPT sf=$SF runs=$RUNS queries=$queries session=${SESSION:-} shoal_args=${SHOAL_ARGS:-} shoal_java_opts=$SHOAL_JAVA_OPTS"
start_shoal
hz=$(getconf CLK_TCK)
# CPU ticks of the server's threads by kind: workers gc jit other total
cpu_by_kind() {
  for t in /proc/"$shoal_pid"/task/*; do
    # comm may hold spaces ("GC Thread#0"): take it between the parentheses, the times after them
    sed -E 's/^[0-9]+ \((.*)\) [A-Za-z] (.*)$/\1|\2/' "$t/stat" 2>/dev/null
  done | awk -F'|' '{ split($2, f, " "); ticks = f[11] + f[12]
      if ($1 ~ /^shoal-exec-/) w += ticks; else if ($1 ~ /^(GC Thread|G1 )/) g += ticks
      else if ($1 ~ /CompilerThre/) j += ticks; else o += ticks }
      END { printf "%d %d %d %d\n", w, g, j, o }'
}
# the process's own counter as the total: threads that ended are in it, not in task/
cpu_total() { awk '{ print $14 + $15 }' "/proc/$shoal_pid/stat"; }
# GC pause time in ms in the log from line $1 on
gc_pause_ms() { tail -n +"$1" "$work/gc.log" | grep Pause | grep -oE '[0-9.]+ms$' | tr -d ms | awk '{ s += $1; n++ } END { printf "%.0f %d\n", s, n }'; }
for q in ${queries//,/ }; do
  read -r w0 g0 j0 o0 < <(cpu_by_kind); c0=$(cpu_total); l0=$(($(wc -l < "$work/gc.log") + 1))
  "$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
    io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs "$RUNS" --skip-load true --query-port "$SHOAL_QPORT" \
    --http-port "$SHOAL_HPORT" --data-dir "${DATA:-/work/tpc-data}" --duckdb-threads "${DUCKDB_THREADS:-2}" \
    --duckdb-memory-limit "${DUCKDB_MEMORY_LIMIT:-1GB}" --duckdb-dir "$KEPT/duckdb" --queries "$q" \
    ${SESSION:+--session "$SESSION"} | grep -E '^(QUERY|MISMATCH)'
  read -r w1 g1 j1 o1 < <(cpu_by_kind); c1=$(cpu_total)
  read -r pause pauses < <(gc_pause_ms "$l0")
  awk -v q="$q" -v hz="$hz" -v c=$((c1 - c0)) -v w=$((w1 - w0)) -v g=$((g1 - g0)) -v j=$((j1 - j0)) \
      -v p="$pause" -v n="$pauses" 'BEGIN { printf "CPU %s server_cpu_ms=%.0f workers_ms=%.0f gc_ms=%.0f jit_ms=%.0f gc_pauses=%d gc_pause_ms=%s\n",
      q, c * 1000 / hz, w * 1000 / hz, g * 1000 / hz, j * 1000 / hz, n, p }'
done
machine
