#!/usr/bin/env bash
# Load crash soak: LoadCrashCyclesTest (async, sync and normal-path INSERTs and Stream Loads) with many SIGKILL
# cycles (default 100; the suite runs 10).
# Usage: bench/crash-cycles.sh [cycles] [seed]     (build first: mvn -DskipTests install)
# Every acknowledged load must be present exactly once after each restart; the seed is printed for reruns.
set -euo pipefail
home="$(cd "$(dirname "$0")/.." && pwd)"
cycles=${1:-100}
seed_arg=()
if [ -n "${2:-}" ]; then seed_arg=("-Dcrash.seed=$2"); fi
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$home"
log=$(mktemp /tmp/shoal-crash-cycles.XXXXXX.log)
status=0
mvn -B test -pl shoal-testing -Dtest='io.shoaldb.testing.groupcommit.LoadCrashCyclesTest' \
    -Dsurefire.failIfNoSpecifiedTests=false -Dcrash.cycles="$cycles" "${seed_arg[@]}" > "$log" 2>&1 || status=$?
grep -E "seed|cycle|Expecting|^[0-9]+: |Tests run" "$log" || true
echo "full log: $log (exit $status)"
exit $status
