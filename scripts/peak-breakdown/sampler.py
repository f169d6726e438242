#!/usr/bin/python3
# What Quire's processes hold at their peak (scripts/peak-breakdown.sh): samples every Quire
# process's PSS from /proc/PID/smaps, by kind of mapping (heap, anonymous, the pictures'
# shared memory, files), as fast as smaps can be read (every 50 ms at most) until STOPFILE
# exists; prints the sample whose total was highest, each process's kinds and its largest
# mappings. Slower than viewer-bench's own sampling and not at the same instants: its
# figures explain a peak, they are not the peak to quote.
#   scripts/peak-breakdown/sampler.py STOPFILE
import os, re, sys, time
stop = sys.argv[1]
def procs():
    out = {}
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try:
            exe = os.readlink(f'/proc/{p}/exe')
        except OSError: continue
        if os.path.basename(exe) in ('quire', 'quire-helpers'):
            try: comm = open(f'/proc/{p}/comm').read().strip()
            except OSError: continue
            out[int(p)] = comm
    return out
def smaps(pid):
    kinds = {}
    global maps
    maps = []
    try:
        cur = None
        with open(f'/proc/{pid}/smaps') as f:
            for line in f:
                if re.match(r'^[0-9a-f]+-[0-9a-f]+ ', line):
                    parts = line.split()
                    name = parts[5] if len(parts) > 5 else '[anon]'
                    if name.startswith('/memfd:') or name.startswith('/dev/shm'): name = 'shm:' + name.split('/')[-1][:20]
                    elif name.startswith('/'): name = 'file'
                    cur = name
                    curmap = (parts[0], name)
                elif line.startswith('Pss:'):
                    v = int(line.split()[1])
                    kinds[cur] = kinds.get(cur, 0) + v
                    if v > 1024: maps.append((v, curmap))
    except OSError: pass
    return kinds
peak = (0, None)
samples = 0
while not os.path.exists(stop):
    ps = procs()
    if ps:
        snap = {}
        total = 0
        for pid, comm in ps.items():
            k = smaps(pid)
            s = sum(k.values())
            total += s
            snap[f'{pid}:{comm}'] = (s, dict(sorted(k.items(), key=lambda x: -x[1])[:6]), sorted(maps, reverse=True)[:8])
        samples += 1
        if total > peak[0]: peak = (total, snap, time.time())
    time.sleep(0.05)
print('samples', samples, 'peak MiB', round(peak[0]/1024, 1))
if peak[1]:
    for k, (s, kinds, mp) in sorted(peak[1].items(), key=lambda x: -x[1][0]):
        print(f'  {k:30s} {s/1024:7.1f}', {n: round(v/1024,1) for n, v in kinds.items()})
        for v, m in mp: print('       ', round(v/1024,1), m)
