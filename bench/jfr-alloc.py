#!/usr/bin/env python3
"""Summarises a JFR recording's allocation samples (jdk.ObjectAllocationSample, recorded by settings=profile, e.g.
bench/profile-tpch.sh): the sampled bytes (the events' weights) by allocated class, then by the allocating site, the
innermost io.shoaldb frame with the allocated class, so that a site which allocates through a JDK or vector method
is still named after the operator code that called it.
Usage: bench/jfr-alloc.py RECORDING.jfr [sites]"""
import collections, os, re, subprocess, sys
jfr, java_home = sys.argv[1], os.environ.get('JAVA_HOME', '/usr/lib/jvm/temurin-25-jdk-amd64')
top = int(sys.argv[2]) if len(sys.argv) > 2 else 30
out = subprocess.run([java_home + '/bin/jfr', 'print', '--events', 'jdk.ObjectAllocationSample', '--stack-depth', '24',
                      jfr], capture_output=True, text=True).stdout
units = {'bytes': 1, 'byte': 1, 'kB': 1 << 10, 'MB': 1 << 20, 'GB': 1 << 30}
by_class, by_site, by_thread, total = collections.Counter(), collections.Counter(), collections.Counter(), 0
for block in out.split('jdk.ObjectAllocationSample {')[1:]:
    cls = re.search(r'objectClass = (\S+)', block)
    w = re.search(r'weight = ([\d.,]+) (\w+)', block)
    if not cls or not w:
        continue
    weight = float(w.group(1).replace(',', '')) * units.get(w.group(2), 1)
    stack = block.split('stackTrace = [')
    frames = [l.strip() for l in stack[1].split('\n')[1:] if l.strip().startswith(('io.', 'java', 'jdk', 'sun'))] if len(stack) > 1 else []
    thread = re.search(r'eventThread = "([^"]*)"', block)
    by_thread[re.sub(r'\d+', 'N', thread.group(1)) if thread else '?'] += weight
    site = next((f for f in frames if f.startswith('io.shoaldb')), frames[0] if frames else '?')
    site = re.sub(r'\s+line:.*', '', site)
    by_class[cls.group(1)] += weight
    by_site[(site, cls.group(1))] += weight
    total += weight
print(f'sampled allocation {total / (1 << 20):.0f} MB')
print('by thread (digits dropped):')
for t, b in by_thread.most_common(8):
    print(f'  {b / (1 << 20):9.0f} MB {100 * b / total:5.1f}%  {t}')
print('by class:')
for c, b in by_class.most_common(12):
    print(f'  {b / (1 << 20):9.0f} MB {100 * b / total:5.1f}%  {c}')
print('by site (innermost io.shoaldb frame, class):')
for (s, c), b in by_site.most_common(top):
    print(f'  {b / (1 << 20):9.0f} MB {100 * b / total:5.1f}%  {s}  [{c}]')
