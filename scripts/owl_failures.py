#!/usr/bin/env python3
"""Classify katachi's failures on an owl regression suite (owl.tst, ld_owl.tst).

Usage (from the worktree; the JSON is `katachi regress --json` on the suite):

    cd ../shared/gnugo/regression
    katachi regress -j 1 --json owl.tst > /tmp/owl.json
    python3 /path/to/scripts/owl_failures.py owl.tst /tmp/owl.json \
        [--katachi target/release/katachi] [--gnugo /usr/games/gnugo]

Black-box only: katachi and GNU Go are asked over GTP on the test's
position. For each failing owl_attack / owl_defend test:

- wrong move: both sides succeed, katachi's move is not the expected one;
  GNU Go's `owl_does_attack` / `owl_does_defend` on katachi's move says
  whether it works too (same code), is false (0) or only a ko;
- false success: expected 0, katachi finds a move;
- missed: expected a success, katachi answers 0; katachi's own
  `owl_does_*` on GNU Go's moves says whether its reading accepts them
  (then the root candidate list, from the `KOWL` trace, says whether the
  move was a candidate) or refutes them;
- ko code: both succeed with different result codes.

dragon_status tests are listed by expected -> katachi's status word.
Prints one line per failure, then the counts per class.
"""
import argparse
import collections
import json
import os
import re
import subprocess


def parse_tst(path):
    """Numbered tests with the setup commands since the last loadsgf."""
    setup, tests = [], {}
    for line in open(path):
        s = line.strip()
        if not s or s.startswith('#'):
            continue
        m = re.match(r'^(\d+)\s+(.*)$', s)
        if m:
            tests[int(m.group(1))] = (list(setup), m.group(2))
            continue
        if s.startswith('loadsgf'):
            setup = []
        setup.append(s)
    return tests


def gtp(cmdline, cmds, cwd, env=None):
    """Answers to `cmds` (the answer of `quit` dropped) and stderr."""
    inp = '\n'.join(cmds + ['quit']) + '\n'
    p = subprocess.run(cmdline, input=inp, capture_output=True, text=True,
                       cwd=cwd, env=env, timeout=600)
    outs = [b.strip() for b in p.stdout.split('\n\n') if b.strip()]
    return [o.lstrip('=? ').strip() for o in outs[:-1]], p.stderr


def parse_expected(e):
    e = e.strip().lstrip('!').strip('[]*')
    toks = e.split(None, 1)
    code = toks[0] if toks else ''
    moves = re.findall(r'[A-T]\d+', toks[1]) if len(toks) > 1 else []
    return code, moves


def root_candidates(stderr, attack):
    """The last query's root candidates from katachi's KOWL trace."""
    lines = [l for l in stderr.splitlines() if l.startswith('owl node 1 ')]
    if not lines:
        return []
    part = lines[-1].split('|')[1 if attack else 2]
    return [t.split(':')[0] for t in part.split()[1:]]


def classify(args):
    cwd = os.path.dirname(os.path.abspath(args.suite))
    tests = parse_tst(args.suite)
    kat = [args.katachi, 'gtp', '--rules', 'japanese']
    gnu = [args.gnugo, '--mode', 'gtp']
    rows = []
    for r in json.load(open(args.json))['suites'][0]['results']:
        if r['passed'] or r['ignored']:
            continue
        n = r['number']
        setup, cmd = tests[n]
        exp, got = r['expected'] or '', r['got'] or ''
        ecode, emoves = parse_expected(exp)
        verb, *rest = cmd.split()
        gtoks = got.split()
        gcode = gtoks[0] if gtoks else '?'
        gmove = gtoks[1] if len(gtoks) > 1 else 'PASS'
        if verb not in ('owl_attack', 'owl_defend'):
            cls = f'{verb}: {ecode or "?"} -> {gcode}'
        else:
            attack = verb == 'owl_attack'
            target = rest[0]
            does = 'owl_does_attack' if attack else 'owl_does_defend'
            if ecode == '0' and gcode != '0':
                cls = 'false success'
            elif ecode != '0' and gcode == '0':
                q = [f'{does} {m} {target}' for m in emoves]
                outs, _ = gtp(kat, setup + q, cwd)
                ok = [m for m, o in zip(emoves, outs[-len(q):]) if o and o != '0']
                if ok:
                    env = dict(os.environ, KOWL='60')
                    _, err = gtp(kat, setup + [cmd], cwd, env)
                    cands = root_candidates(err, attack)
                    where = 'a root candidate' if any(m in cands for m in ok) \
                        else 'not a root candidate'
                    cls = f'missed: katachi accepts GNU Go move, {where}'
                else:
                    cls = 'missed: katachi reading refutes GNU Go move'
            elif ecode != gcode:
                cls = f'ko code: katachi {gcode}, expected {ecode}'
            elif gmove == 'PASS':
                cls = 'wrong move: katachi PASS'
            else:
                outs, _ = gtp(gnu, setup + [f'{does} {gmove} {target}'], cwd)
                v = outs[-1] if outs else '?'
                cls = ('wrong move: GNU Go accepts it' if v == ecode else
                       'wrong move: false for GNU Go' if v == '0' else
                       'wrong move: a ko for GNU Go')
        rows.append((n, cls))
        print(f'{n}\t{cmd}\texpected {exp}\tgot {got}\t{cls}', flush=True)
    print()
    for cls, k in collections.Counter(c for _, c in rows).most_common():
        print(f'{k:3d}  {cls}  [{",".join(str(n) for n, c in rows if c == cls)}]')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('suite')
    ap.add_argument('json')
    ap.add_argument('--katachi', default='target/release/katachi')
    ap.add_argument('--gnugo', default='/usr/games/gnugo')
    args = ap.parse_args()
    args.katachi = os.path.abspath(args.katachi)
    args.suite = os.path.abspath(args.suite)
    classify(args)


if __name__ == '__main__':
    main()
