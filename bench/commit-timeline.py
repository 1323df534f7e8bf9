#!/usr/bin/env python3
"""Summarises `jfr print --json` of the group-commit events (bench/commit-timeline.sh): per event type and numeric
field, p50 / p90 / p99 / max over the events (durations in microseconds), and the event count. Then the transaction
commits that waited 1 ms or more for their table locks, and how many of those waits overlapped the time a compaction
commit (io.shoaldb.TxnCompaction) held its lock: the compactions a group commit waited behind."""
import json, re, sys
from datetime import datetime


def micros(value):
    """JFR's JSON writes timespans as ISO-8601 durations (PT0.000123S) or numbers."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    m = re.fullmatch(r'PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?', str(value))
    if not m:
        return None
    h, mi, s = (float(g) if g else 0.0 for g in m.groups())
    return ((h * 60 + mi) * 60 + s) * 1e6


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def start_micros(value):
    """JFR's JSON start times are ISO-8601 with nanoseconds; microseconds since the epoch are enough here."""
    m = re.fullmatch(r'(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)', value)
    whole = datetime.fromisoformat(m.group(1) + (m.group(3) or '').replace('Z', '+00:00'))
    return whole.timestamp() * 1e6 + (float('0.' + m.group(2)) * 1e6 if m.group(2) else 0.0)


def long_lock_waits(events, threshold_us=1000.0):
    """(waits >= threshold, of them overlapping a compaction commit's lock hold)."""
    holds = []
    for e in events:
        if e['type'] == 'io.shoaldb.TxnCompaction':
            v = e['values']
            start = start_micros(v['startTime'])
            holds.append((start + micros(v['lockNanos']), start + micros(v['duration'])))
    waits = overlapped = 0
    for e in events:
        if e['type'] == 'io.shoaldb.TxnCommit' and micros(e['values']['lockNanos']) >= threshold_us:
            v = e['values']
            start = start_micros(v['startTime'])
            end = start + micros(v['lockNanos'])
            waits += 1
            overlapped += any(h0 < end and h1 > start for h0, h1 in holds)
    return waits, overlapped


events = json.load(sys.stdin)['recording']['events']
by_type = {}
for e in events:
    fields = by_type.setdefault(e['type'], {})
    for name, value in e['values'].items():
        if name in ('startTime', 'eventThread', 'stackTrace', 'txnId', 'tableId'):
            continue
        v = micros(value) if name == 'duration' or name.endswith('Nanos') else value
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            fields.setdefault(name, []).append(float(v))
for kind, fields in sorted(by_type.items()):
    n = max(len(v) for v in fields.values())
    print(f"{kind} events={n}")
    for name, values in fields.items():
        unit = ' us' if name == 'duration' or name.endswith('Nanos') else ''
        print(f"  {name:16s} p50={pct(values, 50):9.1f} p90={pct(values, 90):9.1f} p99={pct(values, 99):9.1f} "
              f"max={max(values):9.1f} mean={sum(values) / len(values):9.1f}{unit}")
waits, overlapped = long_lock_waits(events)
print(f"commits waiting >= 1 ms for table locks: {waits}, of them during a compaction commit's lock hold: {overlapped}")
