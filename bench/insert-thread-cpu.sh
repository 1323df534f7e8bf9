#!/usr/bin/env bash
# Server CPU per 1-row INSERT by thread kind, on a warm server: WARM seconds of load first (the JIT compiles the
# paths), then SECS measured seconds; the utime+stime (and the kernel's part, sys) each kind of thread used over the
# measured run, from /proc/<pid>/task/*/stat, divided by the INSERTs. JFR's samples weigh threads unevenly; this
# counts every CPU tick, the system calls' included.
# Usage: bench/insert-thread-cpu.sh   Env: MODE (sync_mode | async_mode), CLIENTS (100), WARM (20), SECS (15),
#        RATE (none: closed loop; N: the measured run offers N INSERTs/s, LoadDriver --rate, so the CPU and the ack
#        latency below saturation show), SLOW_MS (per 100 ms, the INSERTs slower than this: LoadDriver --slow-ms), BUILD, SHOAL_JAVA_OPTS (e.g. -Dshoal.net.transport=epoll) as in lib.sh
set -eu
source "$(dirname "$0")/lib.sh"
machine
start_shoal
shoal_sql -e "CREATE DATABASE bench; CREATE TABLE bench.t (id BIGINT NOT NULL, name VARCHAR(64), score INT) DUPLICATE KEY(id)
    DISTRIBUTED BY HASH(id) BUCKETS 8 PROPERTIES ('replication_num'='1')"
run() { "${driver[@]}" --url "$shoal_url" --table t --clients "${CLIENTS:-100}" --seconds "$1" --session-sql "SET group_commit=${MODE:-sync_mode}" "${@:2}"; }
snap() { for f in /proc/"$shoal_pid"/task/*/stat; do cat "$f" 2>/dev/null || true; done | awk '{
    s = index($0, "("); e = match($0, /\) [A-Z] /); name = substr($0, s + 1, e - s - 1); gsub(/[0-9]+/, "#", name)
    split(substr($0, e + 2), f, " "); print name "\t" f[12] + f[13] "\t" f[13] }'; }
run "${WARM:-20}" > /dev/null
snap > "$work/before"
out=$(run "${SECS:-15}" ${RATE:+--rate "$RATE"} ${SLOW_MS:+--slow-ms "$SLOW_MS"})
snap > "$work/after"
echo "$out"
ops=$(echo "$out" | grep RESULT | sed -E 's/.* ops=([0-9]+).*/\1/')
tick_ms=$((1000 / $(getconf CLK_TCK)))
awk -F'\t' -v ops="$ops" -v tick="$tick_ms" 'NR == FNR { b[$1] += $2; bs[$1] += $3; next } { a[$1] += $2; as[$1] += $3 }
  END { t = 0; ts = 0
        for (n in a) { d = (a[n] - b[n]) * tick; s = (as[n] - bs[n]) * tick; t += d; ts += s
          if (d * 1000 / ops >= 1) printf "  %-20s %6.1f us/insert (sys %5.1f)\n", n, d * 1000 / ops, s * 1000 / ops }
        printf "  %-20s %6.1f us/insert (sys %5.1f)\n", "TOTAL", t * 1000 / ops, ts * 1000 / ops }' "$work/before" "$work/after"
