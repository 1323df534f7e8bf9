#!/usr/bin/env bash
# A timeline of a process's CPU by thread kind: every INTERVAL seconds one line with the CPU milliseconds each kind
# of thread used in that interval (threads grouped by their OS name with digits dropped: the JVM's carrier threads,
# which run every virtual thread, are "ForkJoinPool-#-", GC and JIT threads have their own names). Tells which part
# of a load keeps how many cores busy, and when. Runs until the process exits or DURATION seconds have passed.
# Usage: bench/thread-cpu.sh PID [INTERVAL (0.5)] [DURATION (600)]
set -euo pipefail
pid=$1
interval=${2:-0.5}
duration=${3:-600}
tick_ms=$((1000 / $(getconf CLK_TCK)))
snapshot() { # "name ticks" per thread; the name is the part of stat between the first '(' and the last ')'
  for f in /proc/"$pid"/task/*/stat; do cat "$f" 2>/dev/null || true; done | awk '{
    s = index($0, "("); e = match($0, /\) [A-Z] /); name = substr($0, s + 1, e - s - 1); gsub(/[0-9]+/, "#", name)
    split(substr($0, e + 2), f, " "); print name "\t" f[12] + f[13] }'
}
start=$(date +%s.%N)
prev=$(snapshot)
while kill -0 "$pid" 2>/dev/null; do
  sleep "$interval"
  now=$(snapshot) || break
  t=$(echo "$(date +%s.%N) - $start" | bc)
  awk -F'\t' -v t="$t" -v tick="$tick_ms" 'NR == FNR { before[$1] += $2; next } { after[$1] += $2 }
    END { line = sprintf("t=%.1f", t); total = 0
          for (n in after) { d = (after[n] - before[n]) * tick; if (d > 0) { line = line sprintf(" %s=%d", n, d); total += d } }
          print line sprintf(" total_ms=%d", total) }' <(echo "$prev") <(echo "$now")
  prev=$now
  (( $(echo "$t > $duration" | bc) )) && break
done
