#!/usr/bin/env bash
# Latency of a tiny query end to end: `SELECT sum(v) FROM t WHERE k > n` over a 3-row table, one client on this
# machine, on ShoalDB (plan cache on, and off with plan_cache_size=0), MariaDB 10.11 and PostgreSQL 15 (Connector/J
# and pgjdbc, server-side prepared statements) and in-process DuckDB, by shoal-bench's SmallQueryBenchmark. Modes:
# the same text repeated, a new literal each time, a server-side prepared statement with a new parameter each time.
# Prints median and p99 in microseconds.
# Build first: mvn -B -q -DskipTests package   (the server and shoal-bench/target/benchmarks.jar)
# Usage: bench/small-query.sh      Env: RUNS (2000), WARMUP (1000), PEERS (1; 0 = ShoalDB only)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-2000}
WARMUP=${WARMUP:-1000}
mkdir -p "$work/snap/bench"
cp "$home/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
bench=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar"
  io.shoaldb.bench.sql.SmallQueryBenchmark --runs "$RUNS" --warmup "$WARMUP")
shoal_url() { echo "jdbc:mysql://127.0.0.1:$SHOAL_QPORT/$1?useSSL=false&allowPublicKeyRetrieval=true&useServerPrepStmts=true&cachePrepStmts=true"; }

machine
echo "CONFIG runs=$RUNS warmup=$WARMUP"
start_shoal
mysql_setup() { mysql -h127.0.0.1 -P"$1" -uroot -e "CREATE DATABASE IF NOT EXISTS b"; }
mysql_setup "$SHOAL_QPORT"
"${bench[@]}" "shoal=$(shoal_url b)"
stop_all; shoal_pid=
SHOAL_ARGS=--plan_cache_size=0 start_shoal
mysql_setup "$SHOAL_QPORT"
"${bench[@]}" "shoal(no-plan-cache)=$(shoal_url b)" | tail -n +2
if [ "${PEERS:-1}" = 1 ]; then
  peer_urls=()
  if [ -x /usr/sbin/mariadbd ]; then   # not installed everywhere (../shared/peers/install.sh installs it)
    start_maria
    mysql_setup "$MARIADB_PORT"
    peer_urls+=("mariadb=jdbc:mysql://127.0.0.1:$MARIADB_PORT/b?useSSL=false&allowPublicKeyRetrieval=true&useServerPrepStmts=true&cachePrepStmts=true")
  else
    echo "mariadb: not installed, skipped"
  fi
  start_pg
  peer_urls+=("postgresql=jdbc:postgresql://127.0.0.1:$PG_PORT/postgres?prepareThreshold=1" "duckdb=jdbc:duckdb:")
  "${bench[@]}" "${peer_urls[@]}" | tail -n +2
fi
machine
