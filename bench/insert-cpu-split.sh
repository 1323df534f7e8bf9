#!/usr/bin/env bash
# Where the machine's CPU goes per 1-row INSERT, ShoalDB (group commit sync_mode) against MariaDB
# (innodb_flush_log_at_trx_commit=1), the same LoadDriver and Connector/J for both: the server process's CPU, the
# client's (the LoadDriver JVM, its 2 statements per INSERT included), and the whole machine's (/proc/stat), each
# divided by the INSERTs of a measured closed-loop run after WARM seconds of the same load on the same server. P3
# asks ShoalDB for 1.5x MariaDB's INSERTs/s on the same cores, so this says how much CPU per INSERT that leaves the
# server once the client has taken its share.
# WORKLOAD=batch: the seed's JDBC program instead (P2: server-prepared 100-row lineitem INSERTs, rewriteBatchedStatements,
# ShoalDB in async_mode), and the CPU per row.
# Usage: bench/insert-cpu-split.sh   Env: CLIENTS (30), WARM (60), SECS (20), RUNS (2: each system RUNS times,
#        alternated, each run on a fresh server), WORKLOAD (insert | batch), BUILD and JDBC_PARAMS as in lib.sh
set -eu
source "$(dirname "$0")/lib.sh"
machine
clients=${CLIENTS:-30}
if [ "${WORKLOAD:-insert}" = batch ]; then
  table=lineitem
  table_cols="l_orderkey BIGINT NOT NULL, l_partkey INT, l_suppkey INT, l_linenumber INT NOT NULL,
    l_quantity DECIMAL(15,2), l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2), l_tax DECIMAL(15,2),
    l_returnflag CHAR(1), l_linestatus CHAR(1), l_shipdate DATE, l_commitdate DATE, l_receiptdate DATE,
    l_shipinstruct VARCHAR(25), l_shipmode VARCHAR(10), l_comment VARCHAR(44)"
  shoal_key="DUPLICATE KEY(l_orderkey) DISTRIBUTED BY HASH(l_orderkey)"
  maria_key="PRIMARY KEY (l_orderkey, l_linenumber)"
  seed="&useServerPrepStmts=true&useLocalSessionState=true&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999&prepStmtCacheSize=500"
  workload=(--workload lineitem --rows 100)
  rows_per_op=100 unit=row shoal_session="" shoal_vars="&sessionVariables=group_commit=async_mode"
else
  table=t
  table_cols="id BIGINT NOT NULL, name VARCHAR(64), score INT"
  shoal_key="DUPLICATE KEY(id) DISTRIBUTED BY HASH(id)"
  maria_key="PRIMARY KEY (id)"
  seed="" workload=() rows_per_op=1 unit=INSERT shoal_session="SET group_commit=sync_mode" shoal_vars=""
fi
proc_cpu_ms() { awk -v t="$(getconf CLK_TCK)" '{ s = index($0, ") "); split(substr($0, s + 2), f, " "); print (f[12] + f[13]) * 1000 / t }' "/proc/$1/stat"; }
machine_busy_ms() { awk -v t="$(getconf CLK_TCK)" '/^cpu / { print ($2 + $3 + $4 + $7 + $8) * 1000 / t }' /proc/stat; }
# measure SYSTEM URL SESSION_SQL SERVER_PID: the warm run, then the measured one under /usr/bin/time
measure() {
  local args=(--url "$2" --table "$table" --clients "$clients" "${workload[@]}" ${3:+--session-sql "$3"})
  "${driver[@]}" "${args[@]}" --seconds "${WARM:-60}" > /dev/null
  local server0 machine0 out
  server0=$(proc_cpu_ms "$4"); machine0=$(machine_busy_ms)
  out=$(/usr/bin/time -f "CLIENT_CPU %U %S" "${driver[@]}" "${args[@]}" --seconds "${SECS:-20}" 2>&1)
  local server1 machine1
  server1=$(proc_cpu_ms "$4"); machine1=$(machine_busy_ms)
  echo "$out" | grep RESULT
  echo "$out" | awk -v sys="$1" -v s="$server0 $server1" -v m="$machine0 $machine1" -v per="$rows_per_op" -v unit="$unit" '
    /RESULT/ { match($0, /ops=[0-9]+/); ops = substr($0, RSTART + 4, RLENGTH - 4) * per }
    /CLIENT_CPU/ { client = ($2 + $3) * 1000 }
    END { split(s, a, " "); split(m, b, " ")
          printf "CPU system=%s server_us=%.2f client_us=%.2f machine_us=%.2f (per %s; the client JVM includes its start-up)\n",
            sys, (a[2] - a[1]) * 1000 / ops, client * 1000 / ops, (b[2] - b[1]) * 1000 / ops, unit }'
}
for r in $(seq 1 "${RUNS:-2}"); do
  start_shoal
  shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.$table ($table_cols) $shoal_key
      BUCKETS 8 PROPERTIES ('replication_num'='1')"
  echo "== run=$r system=shoaldb clients=$clients"
  measure shoaldb "$shoal_url$seed$shoal_vars" "$shoal_session" "$shoal_pid"
  stop_all; shoal_pid=
  rm -rf "$work/data" "$work/log"
  start_maria
  maria_sql -e "CREATE DATABASE bench; CREATE TABLE bench.$table ($table_cols, $maria_key)"
  echo "== run=$r system=mariadb clients=$clients"
  measure mariadb "$maria_url$seed" "" "$(maria_pid)"
  stop_all; started_maria=
  rm -rf "$MARIADB_DIR"
done
