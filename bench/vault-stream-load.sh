#!/usr/bin/env bash
# Stream Load into a table in a storage vault vs the same table on local storage: TPC-H lineitem (DATA/sfSF) loaded
# file by file (one Stream Load per file, sequentially) into each table in turn, RUNS times, truncating between runs.
# The vault is an S3-compatible server (s3proxy over a directory of this machine, the tests' S3TestServer) in its
# own JVM, so the vault figure includes the uploads' HTTP and the store's own CPU and disk on the same cores.
# Usage: DATA=/work/tpc-data SF=1 RUNS=3 bench/vault-stream-load.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SF=${SF:-1}
DATA=${DATA:-/work/tpc-data}
files=("$DATA/sf$SF"/lineitem/*.tbl)

machine
echo "CONFIG runs=$RUNS sf=$SF files=${#files[@]} bytes=$(cat "${files[@]}" | wc -c)"
# s3proxy comes with the object store's test fixtures: its test class path, resolved offline by Maven.
(cd "$home" && mvn -B -q -o -pl shoal-objectstore dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$work/s3.cp" >/dev/null)
mkdir -p "$work/s3"
coproc S3 { "$JAVA_HOME/bin/java" -Xmx512m -cp "$build/shoal-objectstore/target/test-classes:$build/shoal-objectstore/target/classes:$(cat "$work/s3.cp")" \
    io.shoaldb.objectstore.testing.S3TestServer "$work/s3" shoal 2>"$work/s3.err"; }
read -r line <&"${S3[0]}"
s3_port=${line##*port=}
echo "S3 $line"

start_shoal
cols=$(cat <<'SQL'
l_orderkey BIGINT NOT NULL, l_partkey INT NOT NULL, l_suppkey INT NOT NULL, l_linenumber INT NOT NULL,
l_quantity DECIMAL(15,2) NOT NULL, l_extendedprice DECIMAL(15,2) NOT NULL, l_discount DECIMAL(15,2) NOT NULL,
l_tax DECIMAL(15,2) NOT NULL, l_returnflag CHAR(1) NOT NULL, l_linestatus CHAR(1) NOT NULL, l_shipdate DATE NOT NULL,
l_commitdate DATE NOT NULL, l_receiptdate DATE NOT NULL, l_shipinstruct CHAR(25) NOT NULL, l_shipmode CHAR(10) NOT NULL,
l_comment VARCHAR(44) NOT NULL
SQL
)
shoal_sql -e "CREATE STORAGE VAULT v PROPERTIES ('type'='S3', 's3.endpoint'='127.0.0.1:$s3_port', 's3.region'='us-east-1',
  's3.bucket'='shoal', 's3.root.path'='bench', 's3.access_key'='shoal-test-access', 's3.secret_key'='shoal-test-secret-key',
  'provider'='S3', 'use_path_style'='true')"
shoal_sql -e "CREATE DATABASE bench"
for t in local vault; do
  props="'replication_num'='1'"
  [ "$t" = vault ] && props="$props, 'storage_vault_name'='v'"
  shoal_sql -e "CREATE TABLE bench.lineitem_$t ($cols) DUPLICATE KEY(l_orderkey) DISTRIBUTED BY HASH(l_orderkey) BUCKETS 8 PROPERTIES ($props)"
done

load_table() { # table -> total ms
  local t0 t1 f
  t0=$(date +%s%N)
  for f in "${files[@]}"; do
    curl -sf -u root: -H "column_separator:|" -H "Expect: 100-continue" -T "$f" \
      "http://127.0.0.1:$SHOAL_HPORT/api/bench/$1/_stream_load" | grep -q '"Status": *"Success"' \
      || { echo "load of $f into $1 failed" >&2; exit 1; }
  done
  t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}

declare -A times
for run in $(seq 1 "$RUNS"); do
  for t in local vault; do
    shoal_sql -e "TRUNCATE TABLE bench.lineitem_$t"
    ms=$(load_table "lineitem_$t")
    rows=$(shoal_sql -N -e "SELECT count(*) FROM bench.lineitem_$t")
    times[$t]="${times[$t]:-} $ms"
    echo "RUN $run table=lineitem_$t ms=$ms rows=$rows uptime=\"$(uptime | sed 's/.*load average: //')\""
  done
done
echo "OBJECTS $(find "$work/s3/shoal" -type f | wc -l) bytes=$(du -sb "$work/s3/shoal" | cut -f1)"
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
local_ms=$(echo "${times[local]}" | median)
vault_ms=$(echo "${times[vault]}" | median)
echo "MEDIAN local_ms=$local_ms vault_ms=$vault_ms ratio=$(awk -v a="$vault_ms" -v b="$local_ms" 'BEGIN {printf "%.2f", a / b}')"
exec {S3[1]}>&-
