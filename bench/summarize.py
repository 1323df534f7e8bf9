#!/usr/bin/env python3
"""Medians over runs of bench/*.sh output: groups RESULT/VISIBILITY/STREAMLOADER lines by everything but run=N."""
import re, statistics, sys
from collections import defaultdict, OrderedDict

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
