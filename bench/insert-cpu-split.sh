#!/usr/bin/env bash
# Where the machine's CPU goes per 1-row INSERT, ShoalDB (group commit sync_mode) against MariaDB
# (innodb_flush_log_at_trx_commit=1), the same LoadDriver and Connector/J for both: the server process's CPU, the
# client's (the LoadDriver JVM, its 2 statements per INSERT included), and the whole machine's (/proc/stat), each
# divided by the INSERTs of a measured closed-loop run after WARM seconds of the same load on the same server. P3
# asks ShoalDB for 1.5x MariaDB's INSERTs/s on the same cores, so this says how much CPU per INSERT that leaves the
# server once the client has taken its share.
# Usage: bench/insert-cpu-split.sh   Env: CLIENTS (30), WARM (60), SECS (20), RUNS (2: each system RUNS times,
#        alternated, each run on a fresh server), BUILD and JDBC_PARAMS as in lib.sh
set -eu
source "$(dirname "$0")/lib.sh"
machine
clients=${CLIENTS:-30}
table_cols="id BIGINT NOT NULL, name VARCHAR(64), score INT"
proc_cpu_ms() { awk -v t="$(getconf CLK_TCK)" '{ s = index($0, ") "); split(substr($0, s + 2), f, " "); print (f[12] + f[13]) * 1000 / t }' "/proc/$1/stat"; }
machine_busy_ms() { awk -v t="$(getconf CLK_TCK)" '/^cpu / { print ($2 + $3 + $4 + $7 + $8) * 1000 / t }' /proc/stat; }
# measure SYSTEM URL SESSION_SQL SERVER_PID: the warm run, then the measured one under /usr/bin/time
measure() {
  local args=(--url "$2" --table t --clients "$clients" ${3:+--session-sql "$3"})
  "${driver[@]}" "${args[@]}" --seconds "${WARM:-60}" > /dev/null
  local server0 machine0 out
  server0=$(proc_cpu_ms "$4"); machine0=$(machine_busy_ms)
  out=$(/usr/bin/time -f "CLIENT_CPU %U %S" "${driver[@]}" "${args[@]}" --seconds "${SECS:-20}" 2>&1)
  local server1 machine1
  server1=$(proc_cpu_ms "$4"); machine1=$(machine_busy_ms)
  echo "$out" | grep RESULT
  echo "$out" | awk -v sys="$1" -v s="$server0 $server1" -v m="$machine0 $machine1" '
    /RESULT/ { match($0, /ops=[0-9]+/); ops = substr($0, RSTART + 4, RLENGTH - 4) }
    /CLIENT_CPU/ { client = ($2 + $3) * 1000 }
    END { split(s, a, " "); split(m, b, " ")
          printf "CPU system=%s server_us=%.1f client_us=%.1f machine_us=%.1f (per INSERT; the client JVM includes its start-up)\n",
            sys, (a[2] - a[1]) * 1000 / ops, client * 1000 / ops, (b[2] - b[1]) * 1000 / ops }'
}
for r in $(seq 1 "${RUNS:-2}"); do
  start_shoal
  shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.t ($table_cols) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id)
      BUCKETS 8 PROPERTIES ('replication_num'='1')"
  echo "== run=$r system=shoaldb clients=$clients"
  measure shoaldb "$shoal_url" "SET group_commit=sync_mode" "$shoal_pid"
  stop_all; shoal_pid=
  rm -rf "$work/data" "$work/log"
  start_maria
  maria_sql -e "CREATE DATABASE bench; CREATE TABLE bench.t ($table_cols, PRIMARY KEY (id))"
  echo "== run=$r system=mariadb clients=$clients"
  measure mariadb "$maria_url" "" "$(maria_pid)"
  stop_all; started_maria=
  rm -rf "$MARIADB_DIR"
done
