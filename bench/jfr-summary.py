#!/usr/bin/env python3
"""Summarises a JFR recording's execution samples (e.g. from bench/profile-insert.sh): samples per thread kind (digits
dropped), then the statement threads' samples (mysql-command, or the thread named by the second argument) split by
what they were doing - the first of the categories below whose frame is on the stack - and their top frames.
Usage: bench/jfr-summary.py RECORDING.jfr [thread]"""
import collections, os, re, subprocess, sys
jfr, java_home = sys.argv[1], os.environ.get('JAVA_HOME', '/usr/lib/jvm/temurin-25-jdk-amd64')
out = subprocess.run([java_home + '/bin/jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '96', jfr],
                     capture_output=True, text=True).stdout
samples = []
for block in out.split('jdk.ExecutionSample {')[1:]:
    m = re.search(r'sampledThread = "([^"]*)"', block)
    thread = re.sub(r'\d+', 'N', m.group(1)) if m else '?'
    frames = [l.strip() for l in block.split('stackTrace = [')[1].split('\n')[1:] if l.strip() and l.strip() != ']' and l.strip() != '...']
    samples.append((thread, frames))
threads = collections.Counter(t for t, _ in samples)
print('samples', len(samples))
for t, n in threads.most_common(12):
    print(f'  {n:6d} {100*n/len(samples):5.1f}%  {t}')
cats = [
    ('param decode (readParameters)', 'CommandDispatcher.readParameters'),
    ('literal scan', 'LiteralInsertScanner.scan'),
    ('assembler set-up', 'RowBatchAssembler.<init>'),
    ('schema/layout', 'InsertStatements.into'),
    ('convert rows', 'InsertStatements.convert('),
    ('convert rows', 'LiteralValues.convert('),
    ('group commit load', 'GroupCommitManager.load('),
    ('reply', 'CommandDispatcher.reply'),
    ('audit', 'AuditLog.record'),
    ('immediate (event loop)', 'dispatchImmediate'),
]
stmt = [f for t, f in samples if t == (sys.argv[2] if len(sys.argv) > 2 else 'mysql-command')]
print('statement-thread samples', len(stmt))
c = collections.Counter()
for frames in stmt:
    joined = '\n'.join(frames)
    for name, frag in cats:
        if frag in joined:
            c[name] += 1
            break
    else:
        c['other'] += 1
for name, n in c.most_common():
    print(f'  {n:6d} {100*n/max(1,len(stmt)):5.1f}%  {name}')
top = collections.Counter()
for frames in stmt:
    if frames:
        top[re.sub(r'line:.*', '', frames[0])] += 1
print('statement threads, top of stack:')
for f, n in top.most_common(25):
    print(f'  {n:5d} {f}')
