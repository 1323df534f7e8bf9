#!/usr/bin/env bash
# Stream Load into a table in a storage vault vs the same table on local storage: TPC-H lineitem (DATA/sfSF) loaded
# file by file (one Stream Load per file, sequentially) into each table in turn, RUNS times, truncating between runs.
# The vault is an S3-compatible server (s3proxy over a directory of this machine, the tests' S3TestServer) in its
# own JVM, so the vault figure includes the uploads' HTTP and the store's own CPU and disk on the same cores.
# Then TPC-H Q1 and Q6 over each loaded table: one warm-up, QUERY_RUNS timed runs in turn (warm: the file cache holds
# what the load uploaded); then the server is stopped, the whole file cache deleted, and the vault table's queries
# run once cold (every block fetched from the store) and once warm again - after the local table's queries, so the
# cold figure is the vault's, not a fresh JVM's (it still includes the object-store client's first request).
# Usage: DATA=/work/tpc-data SF=1 RUNS=3 QUERY_RUNS=5 bench/vault-stream-load.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
QUERY_RUNS=${QUERY_RUNS:-5}
SF=${SF:-1}
DATA=${DATA:-/work/tpc-data}
files=("$DATA/sf$SF"/lineitem/*.tbl)

machine
echo "CONFIG runs=$RUNS sf=$SF files=${#files[@]} bytes=$(cat "${files[@]}" | wc -c)"
start_s3

start_shoal
cols=$(cat <<'SQL'
l_orderkey BIGINT NOT NULL, l_partkey INT NOT NULL, l_suppkey INT NOT NULL, l_linenumber INT NOT NULL,
l_quantity DECIMAL(15,2) NOT NULL, l_extendedprice DECIMAL(15,2) NOT NULL, l_discount DECIMAL(15,2) NOT NULL,
l_tax DECIMAL(15,2) NOT NULL, l_returnflag CHAR(1) NOT NULL, l_linestatus CHAR(1) NOT NULL, l_shipdate DATE NOT NULL,
l_commitdate DATE NOT NULL, l_receiptdate DATE NOT NULL, l_shipinstruct CHAR(25) NOT NULL, l_shipmode CHAR(10) NOT NULL,
l_comment VARCHAR(44) NOT NULL
SQL
)
create_vault v bench
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

q1="SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice),
  sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)), avg(l_quantity),
  avg(l_extendedprice), avg(l_discount), count(*) FROM bench.TABLE WHERE l_shipdate <= DATE '1998-09-02'
  GROUP BY l_returnflag, l_linestatus ORDER BY l_returnflag, l_linestatus"
q6="SELECT sum(l_extendedprice * l_discount) FROM bench.TABLE WHERE l_shipdate >= DATE '1994-01-01'
  AND l_shipdate < DATE '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24"
query_ms() { # query name, table -> ms (the answer kept in $work/answer.<name>.<table>)
  local sql t0 t1
  sql=$(if [ "$1" = q1 ]; then echo "$q1"; else echo "$q6"; fi)
  t0=$(date +%s%N)
  shoal_sql -N -e "${sql//TABLE/$2}" > "$work/answer.$1.$2"
  t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}
declare -A qtimes
for q in q1 q6; do
  for t in local vault; do query_ms $q "lineitem_$t" >/dev/null; done
  for run in $(seq 1 "$QUERY_RUNS"); do
    for t in local vault; do qtimes[$q.$t]="${qtimes[$q.$t]:-} $(query_ms $q "lineitem_$t")"; done
  done
  cmp -s "$work/answer.$q.lineitem_local" "$work/answer.$q.lineitem_vault" || echo "$q ANSWERS DIFFER"
  l=$(echo "${qtimes[$q.local]}" | median); v=$(echo "${qtimes[$q.vault]}" | median)
  echo "QUERY $q warm local_ms=\"${qtimes[$q.local]# }\" vault_ms=\"${qtimes[$q.vault]# }\" median_local=$l median_vault=$v ratio=$(awk -v a="$v" -v b="$l" 'BEGIN {printf "%.2f", a / b}') uptime=\"$(uptime | sed 's/.*load average: //')\""
done
kill "$shoal_pid"; wait "$shoal_pid" || true
echo "FILE_CACHE $(du -sb "$work/data/file_cache" | cut -f1) bytes deleted"
rm -rf "$work/data/file_cache"
: > "$work/shoal.out"
start_shoal
for q in q1 q6; do echo "QUERY $q local after the restart: $(query_ms $q lineitem_local) ms, again $(query_ms $q lineitem_local) ms"; done
for q in q6 q1; do # q6 reads fewer columns: q1's cold run then fetches only what q6 did not
  cold=$(query_ms $q lineitem_vault); warm=$(query_ms $q lineitem_vault)
  echo "QUERY $q vault after deleting the file cache: cold_ms=$cold then warm_ms=$warm uptime=\"$(uptime | sed 's/.*load average: //')\""
done
curl -s "http://127.0.0.1:$SHOAL_HPORT/metrics" -u root: | grep '^file_cache_' | tr '\n' ' ' | sed 's/^/METRICS /'; echo
stop_s3
