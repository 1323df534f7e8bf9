#!/usr/bin/env bash
# Foundation benchmark: connection setup and DDL latency, ShoalDB next to MariaDB, same client program.
# Usage: bench/foundation.sh [rounds]   (build first: mvn -DskipTests package; needs ../shared/peers)
set -euo pipefail
home="$(cd "$(dirname "$0")/.." && pwd)"
rounds=${1:-3}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
peers="$home/../shared/peers"
work=$(mktemp -d /tmp/shoal-bench.XXXXXX)
chmod 755 "$work"   # the MariaDB peer runs as the mysql user
driver=("$JAVA_HOME/bin/java" -cp "$home/shoal-tools/target/shoal-tools-0.1.0-SNAPSHOT.jar:$home/shoal-tools/target/lib/*" io.shoaldb.tools.LoadDriver)

"$home/bin/shoal" --query_port=19030 --http_port=0 --webserver_port=0 --storage_root_path="$work/data" \
    --sys_log_dir="$work/log" > "$work/shoal.out" 2>&1 &
shoal_pid=$!
export MARIADB_DIR="$work/mariadb"
trap 'kill $shoal_pid 2>/dev/null || true; sh "$peers/mariadb-stop.sh" >/dev/null 2>&1 || true' EXIT
until grep -q "started:" "$work/shoal.out"; do sleep 0.2; done
sh "$peers/mariadb-start.sh" >/dev/null
mysql -h127.0.0.1 -P19030 -uroot -e "CREATE DATABASE bench"
mysql -h127.0.0.1 -P3306 -uroot -e "CREATE DATABASE bench"

shoal_url="jdbc:mysql://127.0.0.1:19030/bench?sslMode=DISABLED"
maria_url="jdbc:mysql://127.0.0.1:3306/bench?sslMode=DISABLED"
for r in $(seq "$rounds"); do
  for clients in 1 4; do
    "${driver[@]}" --url "$shoal_url" --workload connect --clients $clients --seconds 5 | sed "s/^/shoaldb /"
    "${driver[@]}" --url "$maria_url" --workload connect --clients $clients --seconds 5 | sed "s/^/mariadb /"
  done
  "${driver[@]}" --url "$shoal_url" --workload ddl --clients 1 --seconds 5 | sed "s/^/shoaldb /"
  "${driver[@]}" --url "$maria_url" --workload ddl --clients 1 --seconds 5 --dialect mysql | sed "s/^/mariadb /"
done
