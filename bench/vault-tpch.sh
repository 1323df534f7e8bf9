#!/usr/bin/env bash
# TPC-H's 22 queries on tables in a storage vault against the same tables on local storage, by shoal-bench's
# TpcBenchmark (each answer compared with DuckDB's). The vault is an S3-compatible server (s3proxy over a directory
# of this machine, the tests' S3TestServer) in its own JVM, so vault figures include the store's HTTP and CPU on the
# same cores.
#   1. local: a server on its own data path, the tables loaded by Stream Load, RUNS timed runs per query.
#   2. vault, warm: a second server on another data path whose default storage vault is the s3proxy one; the same load
#      (every segment uploaded, and cached as it goes) and RUNS timed runs per query: the block cache holds everything.
#   3. cold, per query: the server stopped, its file cache deleted, started again, and the query run once, timed
#      (RUNS=0: the run that is compared with DuckDB is the timed one); the same restart for the local server, so both
#      cold figures include a fresh JVM and only the vault's includes fetching every block from the store.
# The target: warm vault within 1.1x of local (geometric mean and per query).
# Build first: mvn -B -q -DskipTests package   (the server, tools, shoal-bench/target/benchmarks.jar and
# shoal-objectstore's test classes for s3proxy)
# Usage: SF=1 RUNS=5 DATA=/work/tpc-data bench/vault-tpch.sh   (QUERIES=q01,q06 for a subset; COLD=0 skips step 3)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SF=${SF:-1}
RUNS=${RUNS:-5}
COLD=${COLD:-1}
DATA=${DATA:-$home/target/tpc-data}
queries=${QUERIES:-$(printf 'q%02d,' $(seq 1 22) | sed 's/,$//')}
mkdir -p "$work/snap/bench" "$DATA"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"

machine
echo "CONFIG sf=$SF runs=$RUNS queries=$queries data=$DATA cold=$COLD shoal_args=${SHOAL_ARGS:-}"
start_s3

base_args=${SHOAL_ARGS:-}
# start_shoal keeps its data under $work/data: each setup gets its own directory, linked there while it runs
use_data() { rm -f "$work/data"; mkdir -p "$work/data-$1"; ln -s "$work/data-$1" "$work/data"; }
stop_shoal() { kill "$shoal_pid"; wait "$shoal_pid" || true; shoal_pid=; }
tpc() { # label, TpcBenchmark options... -> QUERY lines and the summary table, prefixed with the label
  local label=$1; shift
  "$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
    io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" \
    --data-dir "$DATA" --duckdb-threads "${DUCKDB_THREADS:-2}" "$@" | sed "s/^/$label /"
}

use_data local
start_shoal
tpc LOCAL --runs "$RUNS" --queries "$queries" --duckdb-dir "$work/duckdb"
machine

stop_shoal
use_data vault
start_shoal
create_vault v tpch
shoal_sql -e "SET v AS DEFAULT STORAGE VAULT"
# TpcBenchmark loads both engines or neither: DuckDB loads again here, in memory
tpc VAULT_WARM --runs "$RUNS" --queries "$queries"
shoal_sql -e "SHOW FILE CACHE" | sed 's/^/FILE_CACHE /'
echo "OBJECTS $(find "$work/s3/shoal" -type f | wc -l) bytes=$(du -sb "$work/s3/shoal" | cut -f1)"
machine

if [ "$COLD" = 1 ]; then
  for q in ${queries//,/ }; do
    for setup in local vault; do
      stop_shoal
      use_data "$setup"
      [ "$setup" = vault ] && rm -rf "$work/data/file_cache"
      : > "$work/shoal.out"
      start_shoal
      tpc "COLD_${setup^^}" --runs 0 --queries "$q" --skip-load true --duckdb-dir "$work/duckdb" | grep " QUERY "
    done
  done
  machine
fi
stop_shoal
stop_s3
