# Shared helpers for the bench/*.sh harnesses (sourced). Starts ShoalDB, MariaDB, PostgreSQL and QuestDB on loopback,
# on private ports so that other servers on the machine are not touched, and stops them on exit.
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# BUILD: where the built jars are taken from (default: this checkout); a copy of an older build's target/ jars
# (same layout) lets a before/after comparison run both builds back to back on the same machine state.
build=${BUILD:-$home}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
peers="$home/../shared/peers"
[ -d "$peers" ] || peers="$home/../../shared/peers"   # from a checkout one directory deeper
SHOAL_QPORT=${SHOAL_QPORT:-29030}
SHOAL_HPORT=${SHOAL_HPORT:-28030}
export MARIADB_PORT=${MARIADB_PORT:-23306}
export PG_PORT=${PG_PORT:-25432}
QDB_HPORT=${QDB_HPORT:-26900}
work=$(mktemp -d /tmp/shoal-bench.XXXXXX)
chmod 755 "$work"   # the peers run as the mysql / postgres users
export MARIADB_DIR="$work/mariadb" PG_DIR="$work/pg"
# Snapshot the build: other engineers may rebuild target/ while a benchmark runs. The jars keep their times (-p):
# the JVM takes an AOT cache (SHOAL_AOT_CACHE) recorded from the build only for jars of the same time and size.
mkdir -p "$work/snap/server" "$work/snap/tools"
cp -rp "$build"/shoal-server/target/shoal-server-0.1.0-SNAPSHOT.jar "$build/shoal-server/target/lib" "$work/snap/server/"
# The load driver comes from this checkout whatever BUILD is, so both sides of an A/B run the same client program;
# TOOLS=<dir with the same target/ layout> takes it from another build instead (an A/B of the load programs).
tools=${TOOLS:-$home}
cp -r "$tools"/shoal-tools/target/shoal-tools-0.1.0-SNAPSHOT.jar "$tools/shoal-tools/target/lib" "$work/snap/tools/"
if [ -n "${WITH_QUESTDB:-}" ]; then # QuestDbLauncher and QuestDB itself are in shoal-bench's shaded jar
  mkdir -p "$work/snap/bench"; cp "$build/shoal-bench/target/benchmarks.jar" "$work/snap/bench/"
fi
tools_cp="$work/snap/tools/shoal-tools-0.1.0-SNAPSHOT.jar:$work/snap/tools/lib/*"
# The snapshot is ~170 MB of dirty page cache; left alone, the kernel writes it back 30 s later
# (vm.dirty_expire_centisecs), in the middle of a measured run, and every fsync on the disk waits behind it.
sync
driver=("$JAVA_HOME/bin/java" -cp "$tools_cp" io.shoaldb.tools.LoadDriver)
# INGEST_JAVA_OPTS: extra JVM options of the ingestion client, e.g. a JFR recording of its own CPU
ingest=("$JAVA_HOME/bin/java" -Xmx4g ${INGEST_JAVA_OPTS:-} -cp "$tools_cp" io.shoaldb.tools.IngestBench)
shoal_pid=
started_maria=
started_pg=
qdb_pid=

machine() {
  echo "MACHINE git=$(git -C "$home" rev-parse --short HEAD)$(git -C "$home" diff --quiet -- . 2>/dev/null || echo +dirty) build=$build tools=$tools server_jar_mtime=$(stat -c %y "$build"/shoal-server/target/shoal-server-0.1.0-SNAPSHOT.jar | cut -c1-19 | tr " " T) nproc=$(nproc) mem_gib=$(free -g | awk '/Mem:/{print $2}') jdk=\"$("$JAVA_HOME/bin/java" -version 2>&1 | head -1)\" load=\"$(cut -d' ' -f1-3 /proc/loadavg)\" date=$(date -u +%FT%TZ)"
}

stop_all() {
  [ -n "$shoal_pid" ] && { kill "$shoal_pid" 2>/dev/null || true; wait "$shoal_pid" 2>/dev/null || true; }
  [ -n "$started_maria" ] && { sh "$peers/mariadb-stop.sh" >/dev/null 2>&1 || true; }
  [ -n "$started_pg" ] && { sh "$peers/postgres-stop.sh" >/dev/null 2>&1 || true; }
  [ -n "$qdb_pid" ] && { kill "$qdb_pid" 2>/dev/null || true; wait "$qdb_pid" 2>/dev/null || true; }
  return 0
}
trap 'stop_all; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

start_shoal() {
  # what bin/shoal runs, from the snapshot; SHOAL_ARGS adds server options, e.g. "--data_partitions=1";
  # SHOAL_AOT_CACHE: an AOT cache recorded by `SHOAL_AOT=train bin/shoal` from the same build (BUILD);
  # SHOAL_STORE: a storage directory kept after the run (default: the run's own, deleted at exit)
  "$JAVA_HOME/bin/java" ${SHOAL_JAVA_OPTS:-} ${SHOAL_AOT_CACHE:+-XX:AOTCache="$SHOAL_AOT_CACHE"} --enable-native-access=ALL-UNNAMED \
      -cp "$work/snap/server/shoal-server-0.1.0-SNAPSHOT.jar:$work/snap/server/lib/*" io.shoaldb.server.Main ${SHOAL_ARGS:-} --query_port="$SHOAL_QPORT" --http_port="$SHOAL_HPORT" --webserver_port=0 \
      --storage_root_path="${SHOAL_STORE:-$work/data}" --sys_log_dir="$work/log" > "$work/shoal.out" 2>&1 &
  shoal_pid=$!
  local i=0
  until grep -qs "started:" "$work/shoal.out"; do
    kill -0 "$shoal_pid" 2>/dev/null || { echo "shoal exited at start" >&2; tail -5 "$work/shoal.out" >&2; exit 1; }
    i=$((i+1)); [ $i -gt 600 ] && { echo "shoal did not start" >&2; cat "$work/shoal.out" >&2; exit 1; }
    sleep 0.2
  done
}
start_maria() { sh "$peers/mariadb-start.sh" >/dev/null; started_maria=1; }
start_pg() { sh "$peers/postgres-start.sh" >/dev/null; started_pg=1; }
# QuestDB in its own JVM (its CPU is measured apart from the client's), data in $work/questdb, HTTP only, on
# 127.0.0.1:$QDB_HPORT; ready once its /exec endpoint answers. Needs WITH_QUESTDB=1 before sourcing this file.
# QDB_CONF: extra server.conf lines (key=value, space-separated) that override the launcher's, e.g.
# QDB_CONF=cairo.commit.mode=nosync.
start_questdb() {
  "$JAVA_HOME/bin/java" ${QDB_JAVA_OPTS:-} --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED \
      -cp "$work/snap/bench/benchmarks.jar" io.shoaldb.bench.peer.QuestDbLauncher "$work/questdb" "$QDB_HPORT" ${QDB_CONF:-} \
      > "$work/questdb.out" 2>&1 &
  qdb_pid=$!
  local i=0
  until curl -sf -o /dev/null "http://127.0.0.1:$QDB_HPORT/exec?query=select%201"; do
    kill -0 "$qdb_pid" 2>/dev/null || { echo "questdb exited at start" >&2; tail -5 "$work/questdb.out" >&2; exit 1; }
    i=$((i+1)); [ $i -gt 600 ] && { echo "questdb did not start" >&2; tail -20 "$work/questdb.out" >&2; exit 1; }
    sleep 0.2
  done
}
qdb_sql() { curl -sfG "http://127.0.0.1:$QDB_HPORT/exec" --data-urlencode "query=$1"; }
maria_pid() { cat "$MARIADB_DIR/run/mysqld.pid" 2>/dev/null || cat "$MARIADB_DIR/run/launcher.pid"; }
pg_pid() { head -1 "$PG_DIR/data/postmaster.pid"; }

shoal_sql() { mysql -h127.0.0.1 -P"$SHOAL_QPORT" -uroot "$@"; }

# The vault benchmarks' store: the tests' S3-compatible server (s3proxy over $work/s3, S3TestServer) in its own JVM;
# sets s3_port. Its class path comes from the object store's test fixtures, resolved offline by Maven (with the
# module's reactor dependencies, which only resolve in a build that reaches test-compile). stop_s3 closes its stdin,
# which ends it.
start_s3() {
  (cd "$home" && mvn -B -q -o -pl shoal-objectstore -am test-compile dependency:build-classpath \
      -Dmdep.includeScope=test -Dmdep.outputFile="$work/s3.cp" >/dev/null)
  mkdir -p "$work/s3"
  coproc S3 { "$JAVA_HOME/bin/java" -Xmx512m \
      -cp "$build/shoal-objectstore/target/test-classes:$build/shoal-objectstore/target/classes:$(cat "$work/s3.cp")" \
      io.shoaldb.objectstore.testing.S3TestServer "$work/s3" shoal 2>"$work/s3.err"; }
  local line
  read -r line <&"${S3[0]}"
  s3_port=${line##*port=}
  echo "S3 $line"
}
stop_s3() { exec {S3[1]}>&-; }
# create_vault NAME ROOT: a storage vault NAME on the start_s3 store, its objects under ROOT in bucket shoal
create_vault() {
  shoal_sql -e "CREATE STORAGE VAULT $1 PROPERTIES ('type'='S3', 's3.endpoint'='127.0.0.1:$s3_port',
    's3.region'='us-east-1', 's3.bucket'='shoal', 's3.root.path'='$2', 's3.access_key'='shoal-test-access',
    's3.secret_key'='shoal-test-secret-key', 'provider'='S3', 'use_path_style'='true')"
}
maria_sql() { mysql -h127.0.0.1 -P"$MARIADB_PORT" -uroot "$@"; }
pg_sql() { psql -h127.0.0.1 -p"$PG_PORT" -Upostgres -q "$@"; }

# JDBC_PARAMS: Connector/J parameters added to both MySQL-protocol URLs, e.g. "&useLocalSessionState=true" (what
# Doris's group-commit documentation gives JDBC clients). Without it Connector/J sends SELECT
# @@session.transaction_read_only before each INSERT to a server reporting version 5.6.5 or later (ShoalDB, like
# Doris, reports 5.7.99) but not to MariaDB, whose handshake reports 5.5.5-10.x: a second round trip for ShoalDB only.
shoal_url="jdbc:mysql://127.0.0.1:$SHOAL_QPORT/bench?sslMode=DISABLED${JDBC_PARAMS:-}"
maria_url="jdbc:mysql://127.0.0.1:$MARIADB_PORT/bench?sslMode=DISABLED${JDBC_PARAMS:-}"
qdb_url="http://127.0.0.1:$QDB_HPORT"
pg_url="jdbc:postgresql://127.0.0.1:$PG_PORT/bench"
