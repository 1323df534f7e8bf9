#!/usr/bin/env bash
# Records the AOT cache that bin/shoal uses (docs/architecture.md, "AOT cache") from a short training workload:
# `SHOAL_AOT=train bin/shoal` of BUILD on a scratch data directory, TpcBenchmark's queries on it at a small scale
# factor (all of them: TPC-H, TPC-DS Q3, the scan and our own; WARMUP rounds and one timed run each, data generated
# into DATA on first use), then SIGTERM; the JVM writes the cache as it exits, after which this script returns.
# Build first: mvn -B -q -DskipTests package
# Usage: bench/aot-train.sh
# Env: SF (0.1), WARMUP (2), DATA (the repo's target/tpc-data), SHOAL_QPORT / SHOAL_HPORT (ports, 29030 / 28030),
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
t0=$(date +%s)
stop_all
shoal_pid=
[ -s "$cache" ] || { echo "no AOT cache written; the server's output:" >&2; tail -20 "$work/shoal.out" >&2; exit 1; }
echo "AOT cache $cache $(stat -c %s "$cache") bytes, written in $(( $(date +%s) - t0 )) s after SIGTERM"
