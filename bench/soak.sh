#!/usr/bin/env bash
# The soak of issue "queries under control", full length: TPC-H queries under a tight exec_mem_limit from many clients
# while others send 1-row group-commit INSERTs (sync and async), on one server process with a small heap, for ten
# minutes. It is SoakTest with bigger settings (CI runs it for 20 s at SF0.01); it prints one [soak] summary line
# (queries that matched DuckDB, queries refused with the documented memory/timeout errors, rows acknowledged - all
# of them must be found afterwards -, the most heap the server used) and fails on any wrong answer, undocumented
# error, lost row or OutOfMemoryError.
# Usage: bench/soak.sh     Env: SECONDS_TO_RUN (600), QUERY_CLIENTS (25), LOAD_CLIENTS (25), SF (1), HEAP (1g),
#                              EXEC_MEM_LIMIT (67108864)
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export MAVEN_OPTS=${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}
mvn -B -q -o -pl shoal-testing -am verify -Dtest=SoakTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dsoak.seconds="${SECONDS_TO_RUN:-600}" -Dsoak.queryClients="${QUERY_CLIENTS:-25}" \
  -Dsoak.loadClients="${LOAD_CLIENTS:-25}" -Dsoak.scale="${SF:-1}" -Dsoak.heap="${HEAP:-1g}" \
  -Dsoak.execMemLimit="${EXEC_MEM_LIMIT:-67108864}" -Dtpc.data.dir="${DATA:-$PWD/target/tpc-data}" \
  | grep -E '^\[soak\]|Tests run|FAIL'
