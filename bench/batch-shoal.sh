#!/usr/bin/env bash
# ShoalDB alone under the seed's JDBC batch program (P2: server-prepared INSERTs of 100-row lineitem batches,
# rewriteBatchedStatements, group commit async), with the server's CPU per row from `perf stat -p` over the middle of
# each run: a figure that, unlike rows/s, hardly moves when other programs compete for the cores, so that two builds
# can be compared back to back (BUILD=<dir with the same target/ layout> for the other one).
# Usage: bench/batch-shoal.sh [clients ...] (default: 10 30)   Env: RUNS (3), SECS (8), ROWS (100), BUILD (this checkout)
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
for r in $(seq "$RUNS"); do
  for c in "${clients[@]}"; do
    echo "uptime: $(uptime)"
    # perf counts the middle of the run: after the 2 s warm-up and 2 s more, for SECS - 2 seconds
    ( sleep 4; perf stat -x, -p "$shoal_pid" -e task-clock,context-switches -- sleep $((SECS - 2)) 2> "$work/perf.csv" > /dev/null ) &
    perf_job=$!
    out=$("${driver[@]}" --url "$shoal_url&$seed&sessionVariables=group_commit=async_mode" --workload lineitem \
      --table lineitem --clients "$c" --rows "$ROWS" --seconds "$SECS" --warmup-seconds 2 --max-seconds $((SECS + 150)))
    wait "$perf_job"
    rows=$(sed -n 's/.*rows_per_s=\([0-9]*\).*/\1/p' <<<"$out")
    echo "run=$r clients=$c $out"
    # per row: counts over the perf window divided by rows_per_s x its length (task-clock is in ms)
    awk -F, -v rows="$rows" -v secs=$((SECS - 2)) -v tag="run=$r clients=$c" \
      '$1 ~ /^[0-9.]+$/ { if ($3 == "task-clock") printf "%s server_cpu_us_per_row=%.3f\n", tag, $1 * 1000 / (rows * secs);
                          else printf "%s per_row %s=%.4f\n", tag, $3, $1 / (rows * secs) }' "$work/perf.csv"
  done
done
machine
