#!/usr/bin/env bash
# ShoalDB alone under the seed's JDBC batch program (P2: server-prepared INSERTs of 100-row lineitem batches,
# rewriteBatchedStatements, group commit async), with the server's CPU per row: its utime+stime over each run divided
# by the rows the run added to the table (counted after SYNC GROUP COMMIT): a figure that, unlike rows/s, hardly moves
# when other programs compete for the cores, so that two builds can be compared back to back (BUILD=<dir with the same
# target/ layout> for the other one). The first WARMUP runs (1) on the fresh server only warm it up: a cold server
# spends much of a run compiling.
# Usage: bench/batch-shoal.sh [clients ...] (default: 10 30)   Env: RUNS (3), SECS (8), ROWS (100), WARMUP (1), BUILD (this checkout)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SECS=${SECS:-8}
ROWS=${ROWS:-100}
clients=("$@")
[ ${#clients[@]} -eq 0 ] && clients=(10 30)
seed="useServerPrepStmts=true&useLocalSessionState=true&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999&prepStmtCacheSize=500"
machine
start_shoal
shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.lineitem (l_orderkey BIGINT NOT NULL, l_partkey INT, l_suppkey INT,
  l_linenumber INT NOT NULL, l_quantity DECIMAL(15,2), l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2),
  l_tax DECIMAL(15,2), l_returnflag CHAR(1), l_linestatus CHAR(1), l_shipdate DATE, l_commitdate DATE, l_receiptdate DATE,
  l_shipinstruct VARCHAR(25), l_shipmode VARCHAR(10), l_comment VARCHAR(44)) DUPLICATE KEY(l_orderkey)
  DISTRIBUTED BY HASH(l_orderkey) BUCKETS 8 PROPERTIES ('replication_num'='1')"
for c in "${clients[@]}"; do
  for w in $(seq "${WARMUP:-1}"); do
    "${driver[@]}" --url "$shoal_url&$seed&sessionVariables=group_commit=async_mode" --workload lineitem --table lineitem \
      --clients "$c" --rows "$ROWS" --seconds "$SECS" --warmup-seconds 2 --max-seconds $((SECS + 150)) | sed "s/^/warmup=$w clients=$c /"
  done
done
rows_now() { shoal_sql -N -e "SYNC GROUP COMMIT ON bench.lineitem; SELECT count(*) FROM bench.lineitem" | tail -1; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$shoal_pid/stat"; }
for r in $(seq "$RUNS"); do
  for c in "${clients[@]}"; do
    echo "uptime: $(uptime)"
    rows0=$(rows_now); cpu0=$(cpu_ticks)
    out=$("${driver[@]}" --url "$shoal_url&$seed&sessionVariables=group_commit=async_mode" --workload lineitem \
      --table lineitem --clients "$c" --rows "$ROWS" --seconds "$SECS" --warmup-seconds 2 --max-seconds $((SECS + 150)))
    rows1=$(rows_now); cpu1=$(cpu_ticks)
    echo "run=$r clients=$c $out"
    # every row the run inserted (warm-up included, counted in the table) against the server's CPU meanwhile
    awk -v tag="run=$r clients=$c" -v rows=$((rows1 - rows0)) -v ticks=$((cpu1 - cpu0)) -v hz="$(getconf CLK_TCK)" \
      'BEGIN { printf "%s rows=%d server_cpu_us_per_row=%.2f\n", tag, rows, ticks * 1e6 / hz / (rows + 1) }'
  done
done
machine
