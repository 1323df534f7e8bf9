#!/usr/bin/env bash
# Power-loss soak: PowerLossTest (async and sync group-commit loads, some with request ids retried after each
# crash, through the WAL, request-id log, commit log and segment files) and CatalogPowerLossTest (a DDL stream
# through the catalog journal and checkpoint image), with many simulated power losses (default 300 rounds
# each; the suites run 25 and 40).
# Usage: bench/power-loss.sh [rounds] [seed]     (seed: random unless given; printed for reruns)
# After every crash each acknowledged key / DDL must be present exactly once and a cut one all or nothing.
set -euo pipefail
home="$(cd "$(dirname "$0")/.." && pwd)"
rounds=${1:-300}
seed=${2:-$RANDOM$RANDOM}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export PATH="$JAVA_HOME/bin:$PATH"
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$home"
log=$(mktemp /tmp/shoal-power-loss.XXXXXX.log)
echo "power-loss soak: rounds $rounds seed $seed"
status=0
start=$(date +%s)
mvn -B -o test -pl shoal-ingest,shoal-catalog -am \
    -Dtest='io.shoaldb.ingest.groupcommit.PowerLossTest,io.shoaldb.catalog.CatalogPowerLossTest' \
    -Dsurefire.failIfNoSpecifiedTests=false -Dpowerloss.rounds="$rounds" -Dpowerloss.seed="$seed" \
    > "$log" 2>&1 || status=$?
grep -E "PowerLossTest|round [0-9]+:|Expecting|but was|Tests run:" "$log" || true
echo "seed $seed, $rounds rounds, $(( $(date +%s) - start )) s, exit $status; full log: $log"
exit $status
