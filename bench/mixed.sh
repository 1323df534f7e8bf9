#!/usr/bin/env bash
# The mixed day (issue 10, P10): TPC-H SF1 queries in a loop while 100 clients send sync 1-row INSERTs and 10
# streams Stream Load 100 KB bodies into two other tables, on one server. Three phases of PHASE seconds each:
#   A  queries alone: one client loops over the 22 TPC-H queries (shoal-bench QueryLoop) for PHASE seconds, whole
#      loops (the loop running at PHASE is finished): median per query, geomean
#   B  loads alone: 100 sync 1-row INSERT clients (shoal-tools LoadDriver) and 10 Stream Load streams of 100 KB
#      bodies, group_commit=sync_mode (shoal-tools IngestBench, the file sent over and over): rows/s of each, and
#      the time from acknowledgement to visibility of each (a probe notes every 500 ms the rows acknowledged so far
#      and polls count(*) until it sees them)
#   C  both at once, the same programs; the loads run as long as the query loop does
# The phases run ROUNDS times in turn (A B C A B C ...), so that a change in the machine's load from other work
# hits every phase alike; each round prints its ratios.
# Then the ratios P10 asks for: query geomean C / A (target <= 1.3) and ingestion C / B (target >= 0.8), and
# the server's CPU time in each phase. Data: the generated TPC-H files under DATA (as bench/tpch.sh).
# Build first: mvn -B -q -DskipTests package
# Usage: bench/mixed.sh     Env: DATA (the repo's target/tpc-data), SF (1), PHASE (60), ROUNDS (2), INSERT_CLIENTS (100),
#   STREAMS (10), CHUNK (102400), SHOAL_ARGS (server options), SHOAL_JAVA_OPTS (-Xmx2g), JFR (a file: record phase C of round 1)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
insert_pid= stream_pid=
# lib.sh's exit trap, plus the load programs: if the server dies mid-phase they must not run on for an hour
trap 'for p in $insert_pid $stream_pid; do kill "$p" 2>/dev/null || true; done; stop_all; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
SF=${SF:-1}
PHASE=${PHASE:-60}
ROUNDS=${ROUNDS:-2}
INSERT_CLIENTS=${INSERT_CLIENTS:-100}
STREAMS=${STREAMS:-10}
CHUNK=${CHUNK:-102400}
DATA=${DATA:-$home/target/tpc-data}
# a bounded heap: on a shared machine a server with the JVM's default (a quarter of the RAM) was chosen by the
# kernel's OOM killer when the machine ran out of memory
export SHOAL_JAVA_OPTS=${SHOAL_JAVA_OPTS:--Xmx2g}
mkdir -p "$work/snap/bench"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
queries=("$JAVA_HOME/bin/java" -Xmx1g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar"
  io.shoaldb.bench.tpc.QueryLoop --scale "$SF" --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" --data-dir "$DATA")

machine
echo "CONFIG sf=$SF phase_s=$PHASE rounds=$ROUNDS insert_clients=$INSERT_CLIENTS streams=$STREAMS chunk_bytes=$CHUNK shoal_args=${SHOAL_ARGS:-}"
start_shoal
"${queries[@]}" --load true --seconds 0
shoal_sql -e "CREATE DATABASE bench;
  CREATE TABLE bench.ins (id BIGINT NOT NULL, name VARCHAR(64), score INT) DUPLICATE KEY(id) DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1');
  CREATE TABLE bench.httplogs (ts DATETIME, clientip VARCHAR(20), request VARCHAR(200), status INT, size INT) DUPLICATE KEY(ts) DISTRIBUTED BY HASH(clientip) BUCKETS 8 PROPERTIES ('replication_num'='1');"
"${ingest[@]}" gen --rows 300000 --out "$work/httplogs.csv"

cpu_ticks() { awk '{print $14 + $15}' "/proc/$shoal_pid/stat"; }
# loads PREFIX: both load programs for PHASE seconds, in the background; their output in $work/PREFIX.*
# (seconds: PHASE; with a second argument, until that file exists - phase C's loads end with the query loop)
loads() {
  local seconds=$PHASE stop=()
  [ -n "${2:-}" ] && { seconds=3600; stop=(--stop-file "$2"); }
  "${driver[@]}" --url "$shoal_url" --table ins --clients "$INSERT_CLIENTS" --session-sql "SET group_commit=sync_mode" \
    --seconds "$seconds" --warmup-seconds 0 --max-seconds $((seconds + 120)) --visibility-probe-ms 500 "${stop[@]}" \
    > "$work/$1.insert" 2>&1 &
  insert_pid=$!
  "${ingest[@]}" load --target shoal --file "$work/httplogs.csv" --repeat --max-seconds "$seconds" "${stop[@]}" --streams "$STREAMS" \
    --chunk-bytes "$CHUNK" --group-commit sync_mode --server-pid "$shoal_pid" --table httplogs \
    --url "http://127.0.0.1:$SHOAL_HPORT/api/bench/httplogs/_stream_load" --probe-url "$shoal_url" \
    --visibility-probe-ms 500 > "$work/$1.stream" 2>&1 &
  stream_pid=$!
}
wait_loads() {
  wait "$insert_pid" || echo "INSERT driver failed: $(tail -3 "$work/$1.insert" | tr '\n' ' ')"
  wait "$stream_pid" || echo "Stream Load driver failed: $(tail -3 "$work/$1.stream" | tr '\n' ' ')"
  echo "$1 INSERT $(grep -h '^RESULT\|^VISIBILITY' "$work/$1.insert" | tr '\n' ' ')"
  echo "$1 STREAM $(grep -h '^RESULT' "$work/$1.stream")"
}
phase_start() { echo "PHASE $1 start $(date -u +%T) uptime:$(uptime)"; cpu0=$(cpu_ticks); t0=$(date +%s.%N); }
phase_end() { echo "PHASE $1 end $(date -u +%T) server_cpu_s=$(echo "($(cpu_ticks) - $cpu0) / 100" | bc -l | cut -c1-6) wall_s=$(echo "$(date +%s.%N) - $t0" | bc | cut -c1-6) uptime:$(uptime)"; }

for r in $(seq "$ROUNDS"); do
  phase_start "A$r"
  "${queries[@]}" --seconds "$PHASE" --label "A$r" > "$work/A$r.queries"
  grep -h '^GEOMEAN' "$work/A$r.queries"
  phase_end "A$r"

  phase_start "B$r"
  loads "B$r"
  wait_loads "B$r"
  phase_end "B$r"

  phase_start "C$r"
  [ -n "${JFR:-}" ] && [ "$r" = 1 ] && jcmd "$shoal_pid" JFR.start name=mixed settings=profile filename="$JFR" >/dev/null
  loads "C$r" "$work/C$r.stop"
  sleep 3 # the load programs connect and start sending before the first query
  "${queries[@]}" --seconds "$PHASE" --label "C$r" > "$work/C$r.queries"
  touch "$work/C$r.stop"
  grep -h '^GEOMEAN' "$work/C$r.queries"
  wait_loads "C$r"
  [ -n "${JFR:-}" ] && [ "$r" = 1 ] && jcmd "$shoal_pid" JFR.stop name=mixed >/dev/null
  phase_end "C$r"
done
cat "$work"/A*.queries "$work"/C*.queries | grep '^QUERY'

# every acknowledged row is there (sync loads: visible once acknowledged)
for t in ins httplogs; do
  echo "COUNT bench.$t $(shoal_sql -N -e "SELECT count(*) FROM bench.$t")"
done
rate() { grep -h '^RESULT' "$work/$1" | grep -o ' rows_per_s=[0-9.]*' | cut -d= -f2; }
gm() { grep -h '^GEOMEAN' "$work/$1" | grep -o ' ms=[0-9.]*' | cut -d= -f2; }
ratio() { echo "scale=3; $1 / $2" | bc; }
for r in $(seq "$ROUNDS"); do
  echo "P10 round=$r query_geomean_ms idle=$(gm "A$r.queries") mixed=$(gm "C$r.queries") ratio=$(ratio "$(gm "C$r.queries")" "$(gm "A$r.queries")") (target <= 1.3)"
  echo "P10 round=$r insert_rows_per_s solo=$(rate "B$r.insert") mixed=$(rate "C$r.insert") ratio=$(ratio "$(rate "C$r.insert")" "$(rate "B$r.insert")") (target >= 0.8)"
  echo "P10 round=$r stream_rows_per_s solo=$(rate "B$r.stream") mixed=$(rate "C$r.stream") ratio=$(ratio "$(rate "C$r.stream")" "$(rate "B$r.stream")") (target >= 0.8)"
  for p in B C; do
    echo "P10 round=$r ack_to_visible phase=$p insert: $(grep -h '^VISIBILITY' "$work/$p$r.insert" | cut -d' ' -f2-) stream: $(grep -ho 'probes=.*lag_max_ms=[0-9.]*' "$work/$p$r.stream")"
  done
done
machine
