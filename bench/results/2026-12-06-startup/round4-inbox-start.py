#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# CPU to first paint (the probe's cpu_ns) of two binaries alternated, both starting on the
# page given (the settings' window/page), offscreen. Usage: round4-inbox-start.py BEFORE AFTER RUNS PAGE
import json, os, subprocess, sys, tempfile, statistics
before, after, runs, page = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
standin = '/work/wt-startup2/tests/standin/kosa8'
def env_for(root):
    e = dict(os.environ)
    e.update(HOME=root+'/home', XDG_CONFIG_HOME=root+'/config', XDG_DATA_HOME=root+'/data',
             XDG_CACHE_HOME=root+'/cache', XDG_RUNTIME_DIR=root+'/runtime', KOSA8_STANDIN_STATE=root+'/standin',
             QT_QPA_PLATFORM='offscreen', KOSA8DESK_REPORT_FIRST_PAINT='1')
    e['PATH'] = '/usr/bin:/bin:' + e['PATH']
    e.pop('KOSA8_DESK_SOCKET', None); e.pop('KOSA8_DESK_KOSA8', None)
    return e
def start(binary, e):
    out = subprocess.run([binary, '--kosa8', standin], env=e, capture_output=True, text=True, timeout=30).stdout
    for line in out.splitlines():
        if line.startswith('{'):
            j = json.loads(line)
            ph = {p['name']: p['ns'] for p in j['phases']}
            return j['cpu_ns'] / 1e6, (j['first_paint_ns'] - ph['main']) / 1e6
    raise RuntimeError(out)
res = {}
roots = {}
for name, b in (('before', before), ('after', after)):
    root = tempfile.mkdtemp(prefix='inboxstart-')
    for d in ('home', 'runtime'): os.makedirs(root + '/' + d, mode=0o700)
    e = env_for(root)
    start(b, e)  # makes the settings
    ini = root + '/data/kosa8-desk/kosa8-desk.ini'
    text = open(ini).read()
    import re
    text = re.sub(r'(?m)^page=\d+', 'page=' + page, text)
    open(ini, 'w').write(text)
    start(b, e)  # warm-up, not counted
    roots[name] = (b, e); res[name] = ([], [])
for i in range(runs):
    order = ('before', 'after') if i % 2 == 0 else ('after', 'before')
    for name in order:
        b, e = roots[name]
        cpu, wall = start(b, e)
        res[name][0].append(cpu); res[name][1].append(wall)
out = {name: {'cpu_ms_median': statistics.median(v[0]), 'main_to_first_paint_ms_median': statistics.median(v[1]),
              'cpu_ms': v[0], 'main_to_first_paint_ms': v[1]} for name, v in res.items()}
out['page'] = int(page); out['runs'] = runs; out['loadavg'] = open('/proc/loadavg').read().split()[:3]
print(json.dumps(out, indent=1))
