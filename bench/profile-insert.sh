#!/usr/bin/env bash
# Profiles ShoalDB under a 1-row INSERT load with JFR and prints the hottest frames (top-of-stack and any-frame).
# Usage: bench/profile-insert.sh [mode] [clients] [seconds]   mode: sync_mode (default) | async_mode | off_mode | batch
#   batch: the seed's JDBC program instead (server-prepared 100-row lineitem batches, async mode; see bench/batch-shoal.sh)
# Env: JFR_PERIOD (e.g. 1ms: Java samples that often instead of the profile setting's 10 ms, for short runs)
set -eu
source "$(dirname "$0")/lib.sh"
mode=${1:-sync_mode}; clients=${2:-100}; secs=${3:-15}
machine
# DebugNonSafepoints: samples name the line the code is at, not the nearest safepoint (loop back-edges, calls)
export SHOAL_JAVA_OPTS="-XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -XX:StartFlightRecording=filename=$work/shoal.jfr,settings=profile${JFR_PERIOD:+,jdk.ExecutionSample#period=$JFR_PERIOD}"
start_shoal
if [ "$mode" = batch ]; then
  seed="useServerPrepStmts=true&useLocalSessionState=true&rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSqlLimit=99999&prepStmtCacheSize=500"
  shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.lineitem (l_orderkey BIGINT NOT NULL, l_partkey INT, l_suppkey INT,
    l_linenumber INT NOT NULL, l_quantity DECIMAL(15,2), l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2),
    l_tax DECIMAL(15,2), l_returnflag CHAR(1), l_linestatus CHAR(1), l_shipdate DATE, l_commitdate DATE, l_receiptdate DATE,
    l_shipinstruct VARCHAR(25), l_shipmode VARCHAR(10), l_comment VARCHAR(44)) DUPLICATE KEY(l_orderkey)
    DISTRIBUTED BY HASH(l_orderkey) BUCKETS 8 PROPERTIES ('replication_num'='1')"
  "${driver[@]}" --url "$shoal_url&$seed&sessionVariables=group_commit=async_mode" --workload lineitem --table lineitem \
    --rows 100 --clients "$clients" --seconds "$secs" | sed "s/^/profile mode=$mode /"
else
  shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.t (id BIGINT NOT NULL, name VARCHAR(64), score INT) DUPLICATE KEY(id)
    DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
  "${driver[@]}" --url "$shoal_url" --table t --clients "$clients" --seconds "$secs" --session-sql "SET group_commit=$mode" | sed "s/^/profile mode=$mode /"
fi
"$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.dump filename="$work/shoal.jfr" > /dev/null
jfr=("$JAVA_HOME/bin/jfr" print --events jdk.ExecutionSample "$work/shoal.jfr")
echo "TOP-OF-STACK frames (samples):"
"${jfr[@]}" | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|--' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -25 || true
echo "ANY-FRAME io.shoaldb frames (samples):"
"${jfr[@]}" | grep -E '^\s+io\.shoaldb' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -30 || true
echo "threads sampled:"
"${jfr[@]}" | grep 'sampledThread' | sed 's/(javaThreadId.*//; s/[0-9]\+"/N"/' | sort | uniq -c | sort -rn | head -10 || true
echo "total samples: $("${jfr[@]}" | grep -c 'jdk.ExecutionSample')"
echo "monitor/park hotspots:"
"$JAVA_HOME/bin/jfr" print --events jdk.JavaMonitorEnter,jdk.ThreadPark "$work/shoal.jfr" | grep -A4 'stackTrace = \[' | grep -E '^\s+io\.shoaldb' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -15 || true
mkdir -p /tmp/shoal-bench-results && cp "$work/shoal.jfr" "/tmp/shoal-bench-results/shoal-$mode-$clients.jfr"
