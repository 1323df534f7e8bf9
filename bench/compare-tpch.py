#!/usr/bin/env python3
# Compares two bench/tpch.sh outputs (QUERY lines): per query both medians, both ratios to DuckDB, and the
# geometric means over the TPC-H queries.  Usage: bench/compare-tpch.py BEFORE.txt AFTER.txt
import re, sys, math
def load(p):
    d = {}
    for line in open(p):
        m = re.match(r'QUERY (\S+) shoaldb_ms=([\d.]+) .* duckdb_ms=([\d.]+)', line)
        if m:
            d[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return d
b, a = load(sys.argv[1]), load(sys.argv[2])
print("| query | before ShoalDB ms | before DuckDB ms | before ÷ DuckDB | after ShoalDB ms | after DuckDB ms | after ÷ DuckDB | ShoalDB before ÷ after |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
rb, ra, sp = [], [], []
for q in a:
    if q not in b: continue
    (bs, bd), (as_, ad) = b[q], a[q]
    print(f"| {q} | {bs:.0f} | {bd:.0f} | {bs/bd:.2f} | {as_:.0f} | {ad:.0f} | {as_/ad:.2f} | {bs/as_:.2f} |")
    if re.match(r'q\d\d$', q):
        rb.append(bs/bd); ra.append(as_/ad); sp.append(bs/as_)
g = lambda xs: math.exp(sum(map(math.log, xs))/len(xs))
print(f"\nTPC-H queries compared: {len(rb)}; geomean ShoalDB÷DuckDB before {g(rb):.2f}, after {g(ra):.2f}; geomean ShoalDB speed-up (before ms ÷ after ms) {g(sp):.2f}")
