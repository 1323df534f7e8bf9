#!/usr/bin/env bash
# What one query costs a warm server when it is the only query the server has run, against the same query after
# rounds of the whole TPC suite. C2 compiles each shared kernel (scan, join, aggregation and expression loops) once
# for every query a server runs, from the type and branch profiles all of them left, so a query can be slower after
# the others than alone. The server runs on STORE, which is loaded the first time (by TpcBenchmark, which also checks
# QUERY's answer against DuckDB) and reused by later runs, so that builds can be alternated on the same data:
#   MODE=alone  WARMUP runs of QUERY, then the measured runs;
#   MODE=suite  SUITE_ROUNDS rounds of bench/tpch.sh's queries (TPC-H's 22, TPC-DS Q3, the scan), 5 runs of QUERY,
#               then the measured runs.
# QUERY may list several queries (q11,scan): each is warmed up in turn, then each is measured in turn. QUERY=suite
# (with MODE=suite) measures every query of the suite in its order after the rounds, RUNS runs each, as
# bench/tpch.sh does: then the compiler threads' CPU shows what C2 still compiles while each query is measured.
# Measured: RUNS runs of the query in one mysql session; the server's CPU per run (utime + stime from /proc: the whole
# process, and by thread - query drivers, C2, C1, GC, the rest), the wall time per run, and the page cache's hits
# and misses over them (misses mean pages were read and decoded: then it is not the JIT that differs).
# PROFILE=1 records JFR over the measured runs (execution samples every ms, deoptimisations, compilations) and
# prints the hottest frames and what the JIT did meanwhile.
# Build first: mvn -B -q -DskipTests package
# Usage: STORE=DIR bench/alone-vs-suite.sh
# Env: QUERY (q11), MODE (alone | suite), RUNS (100), WARMUP (100), SUITE_ROUNDS (10), STORE (required), SF (1),
#      DATA (the repo's target/tpc-data), BUILD, SHOAL_QPORT / SHOAL_HPORT, SHOAL_JAVA_OPTS, PROFILE, KEEP
set -euo pipefail
source "$(dirname "$0")/lib.sh"
QUERY=${QUERY:-q11}
MODE=${MODE:-alone}
RUNS=${RUNS:-100}
WARMUP=${WARMUP:-100}
SUITE_ROUNDS=${SUITE_ROUNDS:-10}
SF=${SF:-1}
DATA=${DATA:-$home/target/tpc-data}
export SHOAL_STORE=${STORE:?STORE: a storage directory to load once and reuse}
suite=q01,q02,q03,q04,q05,q06,q07,q08,q09,q10,q11,q12,q13,q14,q15,q16,q17,q18,q19,q20,q21,q22,ds-q03,scan
[ "$QUERY" = suite ] && QUERY=$suite
texts="$home/shoal-testing/src/main/resources/tpc/queries"
mkdir -p "$work/snap/bench" "$DATA" "$SHOAL_STORE"
cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"

machine
echo "CONFIG query=$QUERY mode=$MODE runs=$RUNS warmup=$WARMUP suite_rounds=$SUITE_ROUNDS store=$SHOAL_STORE shoal_java_opts=${SHOAL_JAVA_OPTS:-}"
start_shoal
if ! shoal_sql -N -e "SELECT count(*) FROM tpc.store_sales" > /dev/null 2>&1; then
  "$JAVA_HOME/bin/java" -Xmx4g --enable-native-access=ALL-UNNAMED -cp "$work/snap/bench/benchmarks.jar" \
    io.shoaldb.bench.tpc.TpcBenchmark --scale "$SF" --runs 0 --query-port "$SHOAL_QPORT" --http-port "$SHOAL_HPORT" \
    --data-dir "$DATA" --queries "${QUERY%%,*},ds-q03" | grep -E '^(LOAD total|QUERY|MISMATCH)'
fi

# one statement per line, n times, for one mysql session
repeated() { local sql; sql="$(grep -v '^--' "$texts/$1.sql" | tr '\n' ' ' | sed 's/;[[:space:]]*$//');"; for _ in $(seq "$2"); do echo "$sql"; done; }
# without TLS, as TpcBenchmark connects (the encryption would be server CPU that no query spends)
run_file() { shoal_sql --skip-ssl tpc < "$1" > /dev/null; }
# "group ticks" per thread of the server: shoal-exec-N are the query drivers
thread_ticks() {
  for t in /proc/"$shoal_pid"/task/*/stat; do
    local s rest
    s=$(cat "$t" 2>/dev/null) || continue
    rest=${s##*) }
    s=${s#*(}; s=${s%)*}
    # shellcheck disable=SC2086
    set -- $rest
    case "$s" in
      shoal-exec-*) echo "drivers $((${12} + ${13}))" ;;
      C2\ Compiler*) echo "c2 $((${12} + ${13}))" ;;
      C1\ Compiler*) echo "c1 $((${12} + ${13}))" ;;
      G1*|GC\ Thread*|VM\ Thread) echo "gc_vm $((${12} + ${13}))" ;;
      *) echo "other $((${12} + ${13}))" ;;
    esac
  done | awk '{t[$1] += $2} END {for (g in t) print g, t[g]}' | sort
}
process_ticks() { awk '{print $14 + $15}' "/proc/$shoal_pid/stat"; }
cache_counter() { curl -s -u root: "http://127.0.0.1:$SHOAL_HPORT/metrics" | awk -v m="$1" '$1 ~ "^"m {print $2; exit}'; }

t0=$(date +%s)
if [ "$MODE" = suite ]; then
  : > "$work/suite.sql"
  for _ in $(seq "$SUITE_ROUNDS"); do
    for q in ${suite//,/ }; do repeated "$q" 1 >> "$work/suite.sql"; done
  done
  run_file "$work/suite.sql"
fi
: > "$work/warm.sql"
[ "$QUERY" = "$suite" ] || for q in ${QUERY//,/ }; do
  repeated "$q" "$([ "$MODE" = suite ] && echo 5 || echo "$WARMUP")" >> "$work/warm.sql"
done
run_file "$work/warm.sql"
echo "WARM mode=$MODE in $(( $(date +%s) - t0 )) s"

ticks=$(getconf CLK_TCK)
if [ -n "${PROFILE:-}" ]; then
  sed -e '/"jdk.ExecutionSample"/,/<\/event>/s/10 ms/1 ms/' \
      -e '/"jdk.Compilation"/,/<\/event>/s/100 ms/0 ms/' "$JAVA_HOME/lib/jfr/profile.jfc" > "$work/measure.jfc"
fi
for q in ${QUERY//,/ }; do
  repeated "$q" "$RUNS" > "$work/runs.sql"
  [ -n "${PROFILE:-}" ] && "$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.start name="$q" settings="$work/measure.jfc" > /dev/null
  hits0=$(cache_counter storage_page_cache_hit); miss0=$(cache_counter storage_page_cache_miss)
  thread_ticks > "$work/threads0"; c0=$(process_ticks); w0=$(date +%s%N)
  run_file "$work/runs.sql"
  w1=$(date +%s%N); c1=$(process_ticks); thread_ticks > "$work/threads1"
  hits1=$(cache_counter storage_page_cache_hit); miss1=$(cache_counter storage_page_cache_miss)
  awk -v q="$q" -v m="$MODE" -v c=$((c1 - c0)) -v hz="$ticks" -v w=$((w1 - w0)) -v n="$RUNS" \
    -v h="$(awk -v a="$hits0" -v b="$hits1" 'BEGIN {print b - a}')" -v x="$(awk -v a="$miss0" -v b="$miss1" 'BEGIN {print b - a}')" \
    'BEGIN { printf "CPU %s mode=%s server_cpu_ms_per_run=%.2f wall_ms_per_run=%.2f page_cache_hits=%d misses=%d\n", q, m, c * 1000 / hz / n, w / 1e6 / n, h, x }'
  join -a1 "$work/threads1" "$work/threads0" | awk -v q="$q" -v hz="$ticks" -v n="$RUNS" \
    '{ printf "THREADS %s %s_cpu_ms_per_run=%.2f\n", q, $1, ($2 - ($3 == "" ? 0 : $3)) * 1000 / hz / n }'
  if [ -n "${PROFILE:-}" ]; then
    "$JAVA_HOME/bin/jcmd" "$shoal_pid" JFR.stop name="$q" filename="$work/$q.jfr" > /dev/null
    jfr=("$JAVA_HOME/bin/jfr" print --events jdk.ExecutionSample "$work/$q.jfr")
    echo "PROFILE $q samples=$("${jfr[@]}" | grep -c 'jdk.ExecutionSample' || true) jfr=$work/$q.jfr"
    echo "TOP-OF-STACK frames (samples):"
    "${jfr[@]}" | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|--' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -25 || true
    echo "ANY-FRAME io.shoaldb frames (samples):"
    "${jfr[@]}" | grep -E '^\s+io\.shoaldb' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -30 || true
    echo "DEOPTIMISATIONS during the measured runs (count, method, reason, action):"
    "$JAVA_HOME/bin/jfr" print --events jdk.Deoptimization "$work/$q.jfr" \
      | awk '/method = /{m=$3} /reason = /{r=$3} /action = /{print m, r, $3}' | sort | uniq -c | sort -rn | head -20 || true
    echo "COMPILATIONS during the measured runs: $("$JAVA_HOME/bin/jfr" print --events jdk.Compilation "$work/$q.jfr" | grep -c 'jdk.Compilation' || true)"
  fi
done
machine
