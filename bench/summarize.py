#!/usr/bin/env python3
"""Medians over runs of bench/*.sh output: groups RESULT/VISIBILITY/STREAMLOADER lines by everything but run=N.

With --stream-table (for bench/stream-load.sh output), prints instead a Markdown table per (streams, request size,
system): median rows/s [per run], MB/s, server cores busy, rows/s per machine core (rows/s / nproc), rows per
server CPU-second, and, for ShoalDB, the ratio to the best peer (PostgreSQL, MariaDB, QuestDB) in the same cell."""
import re, statistics, sys
from collections import defaultdict, OrderedDict


def stream_table(lines):
    cores = 2
    cells = OrderedDict()  # (streams, size) -> system -> [kv]
    for line in lines:
        m = re.match(r'^MACHINE .*nproc=(\d+)', line)
        if m:
            cores = int(m.group(1))
        m = re.match(r'^stream run=\d+ system=(\S+) RESULT (.*)$', line.strip())
        if not m:
            continue
        kv = dict(re.findall(r'(\w+)=([-\w.]+)', m.group(2)))
        system = m.group(1) + ({'async_mode': ' async', '-': ' off'}[kv['mode']] if m.group(1) == 'shoaldb' else '')
        cells.setdefault((int(kv['streams']), int(kv['chunk_bytes'])), OrderedDict()).setdefault(system, []).append(kv)
    med = lambda rows, k: statistics.median(float(r[k]) for r in rows)
    size = lambda b: f'{b // 1048576} MB' if b >= 1048576 else f'{b // 1024} KB'
    print('| streams | size | system | rows/s median [runs] | MB/s | server cores busy | rows/s per core | rows/server-CPU-s | vs best peer |')
    print('|---|---|---|---|---|---|---|---|---|')
    for (streams, chunk), systems in sorted(cells.items()):
        peers = {s: med(r, 'rows_per_s') for s, r in systems.items() if not s.startswith('shoaldb')}
        best = max(peers, key=peers.get) if peers else None
        for s, rows in systems.items():
            rps = med(rows, 'rows_per_s')
            runs = ' '.join(f"{float(r['rows_per_s']) / 1000:.0f}K" for r in rows)
            ratio = f'{rps / peers[best]:.2f}x {best}' if s.startswith('shoaldb') and best else ('best' if s == best else '')
            name = f'**{s}**' if s == best else s
            print(f"| {streams} | {size(chunk)} | {name} | {rps / 1000:,.0f}K [{runs}] | {med(rows, 'mb_per_s'):.1f} | "
                  f"{med(rows, 'server_cores_busy'):.2f} | {rps / cores / 1000:,.0f}K | {med(rows, 'rows_per_cpu_s') / 1000:,.0f}K | {ratio} |")


if '--stream-table' in sys.argv:
    sys.argv.remove('--stream-table')
    stream_table(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
    sys.exit(0)

groups = OrderedDict()
for line in open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin:
    m = re.match(r'^(\S+) run=\d+ (.*?)\s*(RESULT|VISIBILITY)\s+(.*)$', line.strip())
    if m:
        fam, label, kind, rest = m.groups()
    else:
        m = re.match(r'^(STREAMLOADER) run=\d+ (.*?)summary:', line.strip())
        if not m:
            continue
        fam, rest, kind, label = m.group(1), m.group(2), 'RESULT', ''
    kv = dict(re.findall(r'(\w+)=([-\w.]+)', rest))
    key = (fam, label, kind, tuple((k, kv[k]) for k in ('workload', 'clients', 'rows_per_stmt', 'target', 'mode', 'chunk_bytes', 'streams') if k in kv))
    groups.setdefault(key, []).append(kv)
for (fam, label, kind, ident), rows in groups.items():
    out = []
    for k in ('rows_per_s', 'p50_ms', 'p99_ms', 'mb_per_s', 'server_cores_busy', 'rows_per_cpu_s', 'req_p50_ms', 'req_p99_ms',
              'lag_p50_ms', 'lag_p99_ms', 'lag_max_ms', 'failures', 'seconds', 'visible_s',
              'server_cpu_to_visible_s'):
        vals = [float(r[k]) for r in rows if k in r]
        if vals:
            out.append(f"{k}={statistics.median(vals):.4g} [{' '.join(f'{v:.4g}' for v in vals)}]")
    print(fam, label, kind, ' '.join(f'{a}={b}' for a, b in ident), f'n={len(rows)}', ' '.join(out))
