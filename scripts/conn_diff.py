#!/usr/bin/env python3
"""katachi's connection reader against GNU Go 3.8's, on the pairs where
the dragon partitions differ.

Usage:

    KATACHI_REFERENCE_STEP=4 KATACHI_DRAGON_DIAG=all cargo test --release \
        -p katachi-engine --test dragons_reference -- --nocapture > DIAG.txt
    python3 scripts/conn_diff.py DIAG.txt [--gnugo /usr/games/gnugo]

DIAG.txt is the `dragons_reference` diagnostics with every example of
each class (`KATACHI_DRAGON_DIAG=all`): lines `N  CLASS [reader ...]
e.g. ID:A-B ID:A-B ...`. For every pair the script asks both engines
`disconnect A B` and `connect A B` on the reference position (GNU Go
black-box over GTP, `loadsgf FILE MOVE` from
`../shared/reference/positions.tsv`; katachi through the `conn_probe`
example on `../shared/reference/boards.jsonl`), then prints, per class,
how often the two `disconnect` answers agree on success (any nonzero
code) and each disagreeing pair with both answers. `--queries FILE`
reads `ID A B CLASS` lines instead of a diagnostics file.

`--walk` follows each disagreeing pair down the line where the two
readers part: from the reference position, the side to move plays the
move of the engine that claims success (katachi's cut where katachi
cuts, GNU Go's connection then, and so on), both engines are asked the
same question on the new position, until they agree or a side has no
move. The last line is where one reader's answer changed: the
refutation the other reader's search missed. `--knobs "NODES=5000;TNODES=20000"` also asks katachi's root question
again under each `conn_probe` setting (settings separated by `;`, each
one or more `VAR=N`), to tell the pairs its budgets decide.
"""
import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(ROOT, '..', 'shared')
REF = os.path.join(SHARED, 'reference')
REGRESSION = os.path.join(SHARED, 'gnugo', 'regression')

CLASS = re.compile(r'^\s*\d+\s+(.*?)\s+e\.g\.\s+(.*)$')
PAIR = re.compile(r'^(\d+):([A-T]\d+)-([A-T]\d+)$')
KATACHI_CODE = {'Fail': 0, 'Win': 1, 'KoA': 2, 'KoB': 3}


def read_diag(path):
    """(id, a, b, class) for every example of the diagnostics' classes
    (katachi's conn.db section only: the first block)."""
    out, seen = [], set()
    with open(path) as f:
        for line in f:
            if line.startswith('connection matches undecided'):
                # end of a block: keep the last block (the 200 positions'
                # test with katachi's conn.db prints last)
                continue
            m = CLASS.match(line)
            if not m:
                continue
            cls = m.group(1)
            for tok in m.group(2).split():
                p = PAIR.match(tok)
                if p and (p.groups()) not in seen:
                    seen.add(p.groups())
                    out.append((int(p.group(1)), p.group(2), p.group(3), cls))
    return out


def positions():
    pos = {}
    with open(os.path.join(REF, 'positions.tsv')) as f:
        next(f)
        for line in f:
            fields = line.rstrip('\n').split('\t')
            pos[int(fields[0])] = (fields[1], int(fields[2]))
    return pos


def gnugo_answers(pairs, gnugo):
    """GNU Go's `disconnect` and `connect` for each pair, as printed."""
    pos = positions()
    script = []
    for (pid, a, b, _) in pairs:
        sgf, move = pos[pid]
        script.append(f'loadsgf {os.path.join(REGRESSION, sgf)} {move}')
        script.append(f'disconnect {a} {b}')
        script.append(f'connect {a} {b}')
    script.append('quit')
    proc = subprocess.run([gnugo, '--mode', 'gtp'], input='\n'.join(script) + '\n',
                          capture_output=True, text=True, check=True)
    replies = [r.strip() for r in proc.stdout.split('\n\n') if r.strip()]
    out = []
    for i in range(len(pairs)):
        _load, dis, con = replies[3 * i:3 * i + 3]
        out.append((dis.lstrip('=? ').strip(), con.lstrip('=? ').strip()))
    return out


def katachi_answers(pairs):
    """katachi's `disconnect` and `connect` for each pair (conn_probe)."""
    queries = []
    for (pid, a, b, _) in pairs:
        queries.append(f'{pid} disconnect {a} {b}')
        queries.append(f'{pid} connect {a} {b}')
    proc = subprocess.run(
        ['cargo', 'run', '-q', '--release', '-p', 'katachi-tactics', '--example',
         'conn_probe', '--', os.path.join(REF, 'boards.jsonl')],
        input='\n'.join(queries) + '\n', capture_output=True, text=True, cwd=ROOT,
        check=True)
    lines = [l for l in proc.stdout.split('\n') if l.strip()]
    out = []
    for i in range(len(pairs)):
        ans = []
        for line in lines[2 * i:2 * i + 2]:
            code, mv = line.split('\t')[1].split()
            c = KATACHI_CODE[code]
            ans.append('0' if c == 0 else f'{c} {mv}')
        out.append(tuple(ans))
    return out


class Gtp:
    """A GNU Go 3.8 GTP session."""

    def __init__(self, gnugo):
        self.p = subprocess.Popen([gnugo, '--mode', 'gtp'], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, cmd):
        self.p.stdin.write(cmd + '\n')
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                break
            if not line.strip() and out:
                break
            if line.strip():
                out.append(line.strip())
        return ' '.join(out).lstrip('=? ').strip()


class Probe:
    """A `conn_probe` session (answers one query line per line)."""

    def __init__(self, env=None):
        subprocess.run(['cargo', 'build', '-q', '--release', '-p', 'katachi-tactics',
                        '--example', 'conn_probe'], cwd=ROOT, check=True)
        exe = os.path.join(ROOT, 'target', 'release', 'examples', 'conn_probe')
        self.p = subprocess.Popen([exe, os.path.join(REF, 'boards.jsonl')],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True,
                                  env=dict(os.environ, **(env or {})))

    def ask(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()
        code, mv = self.p.stdout.readline().rstrip('\n').split('\t')[1].split()
        return '0' if KATACHI_CODE[code] == 0 else f'{KATACHI_CODE[code]} {mv}'


def stone_colour(pid, vertex):
    """'B' or 'W' for the stone at `vertex` of reference board `pid`."""
    with open(os.path.join(REF, 'boards.jsonl')) as f:
        for line in f:
            m = re.search(r'"id":(\d+),.*"rows":\[(.*)\]', line)
            if m and int(m.group(1)) == pid:
                rows = [r.strip('"') for r in m.group(2).split(',')]
                col = 'ABCDEFGHJKLMNOPQRST'.index(vertex[0])
                return 'B' if rows[len(rows) - int(vertex[1:])][col] == 'X' else 'W'
    return 'B'


def walk(pair, gnugo, probe, knob_probes, max_steps=16):
    """Follow one disagreeing pair (see `--walk`); print the line."""
    pid, a, b, cls = pair
    sgf, move = positions()[pid]
    g = Gtp(gnugo)
    g.ask(f'loadsgf {os.path.join(REGRESSION, sgf)} {move}')
    owner = stone_colour(pid, a)
    cutter = 'W' if owner == 'B' else 'B'
    moves = []
    print(f'{pid}:{a}-{b} ({cls})')
    for step in range(max_steps):
        mover = cutter if step % 2 == 0 else owner
        q = 'disconnect' if mover == cutter else 'connect'
        ga = g.ask(f'{q} {a} {b}')
        ka = probe.ask(f'{pid} {q} {a} {b} ' + ' '.join(moves))
        line = ' '.join(moves) or '(root)'
        print(f'    {line}: {q} gnugo "{ga}" katachi "{ka}"')
        if step == 0:
            for env, kp in knob_probes:
                print(f'      katachi with {env}: "{kp.ask(f"{pid} {q} {a} {b}")}"')
        gs, ks = ga != '0', ka != '0'
        if gs == ks:
            break
        mv = (ka if ks else ga).split()[1]
        if mv == 'PASS':
            break
        moves.append(f'{mover}:{mv}')
        g.ask(f'play {mover} {mv}')
    g.p.stdin.close()
    g.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('diag', nargs='?')
    ap.add_argument('--queries')
    ap.add_argument('--gnugo', default='/usr/games/gnugo')
    ap.add_argument('--walk', action='store_true')
    ap.add_argument('--knobs', default='')
    args = ap.parse_args()
    if args.queries:
        pairs = []
        with open(args.queries) as f:
            for line in f:
                t = line.split(None, 3)
                if len(t) >= 3:
                    pairs.append((int(t[0]), t[1], t[2], t[3].strip() if len(t) > 3 else '-'))
    else:
        pairs = read_diag(args.diag)
    if not pairs:
        sys.exit('no pairs')
    g = gnugo_answers(pairs, args.gnugo)
    k = katachi_answers(pairs)
    by_class = defaultdict(list)
    for p, ga, ka in zip(pairs, g, k):
        by_class[p[3]].append((p, ga, ka))
    total = agree = 0
    kinds = defaultdict(int)
    for cls in sorted(by_class, key=lambda c: -len(by_class[c])):
        rows = by_class[cls]
        same = sum(1 for (_, ga, ka) in rows if (ga[0] != '0') == (ka[0] != '0'))
        total += len(rows)
        agree += same
        print(f'{len(rows):3} {cls}: disconnect agrees {same}/{len(rows)}')
        for (p, ga, ka) in rows:
            if (ga[0] != '0') != (ka[0] != '0'):
                kind = 'katachi cuts' if ka[0] != '0' else 'GNU Go cuts'
                kinds[kind] += 1
                print(f'      {p[0]}:{p[1]}-{p[2]}  disconnect gnugo "{ga[0]}" katachi "{ka[0]}";'
                      f' connect gnugo "{ga[1]}" katachi "{ka[1]}"  ({kind})')
    print(f'pairs {total}, disconnect agrees on success {agree}, '
          + ', '.join(f'{k} {v}' for k, v in sorted(kinds.items())))
    if args.walk:
        probe = Probe()
        knob_probes = []
        for knob in args.knobs.split(';'):
            env = dict(kv.split('=', 1) for kv in knob.split())
            if env:
                knob_probes.append((knob, Probe(env)))
        for p, ga, ka in zip(pairs, g, k):
            if (ga[0] != '0') != (ka[0] != '0'):
                walk(p, args.gnugo, probe, knob_probes)


if __name__ == '__main__':
    main()
