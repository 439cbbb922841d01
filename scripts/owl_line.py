#!/usr/bin/env python3
"""Follow an owl disagreement between katachi and GNU Go 3.8 down the line.

Usage (from the worktree):

    python3 scripts/owl_line.py ../shared/gnugo/regression/owl.tst 45 46 ...
        [--katachi target/release/katachi] [--gnugo /usr/games/gnugo]

Black-box only (both programs asked over GTP). For each numbered
owl_attack / owl_defend test: the side of the query (attacker or
defender) plays katachi's answer when GNU Go disagrees with it, GNU Go's
answer when katachi missed it; then, alternately, each side plays the move
of the program that is right according to GNU Go: when katachi's
reading says the side to move succeeds and GNU Go says it does not, the
line follows katachi's move (GNU Go's refutation comes next); when katachi
says it fails and GNU Go finds a move, the line follows GNU Go's move. The
walk stops where both agree (the parent node is where they part) or after
`--depth` moves. At the parent of the last node (where they part) and at
the last node it prints katachi's KOWL root line (verdict, eye values,
lunches, escape and candidates) with the rank of the move the line took
(parent) or both find (last), and a class: move order (katachi's move
works for GNU Go too), agree at the root (ko codes, earlier queries of
the session), and at the parent: the move not among katachi's
candidates, beyond the width katachi reads at that depth, or within it
(katachi's nested reading then differs from its own reading of the
child asked at the root; split by the rank of the last node's answer
against the nested width at its depth). Counts per class at the end.

A `dragon_status` test (ld_owl.tst's most common command) is walked
through the owl queries behind it: GNU Go's `critical ATTACK DEFENSE`
comes from its owl_attack and owl_defend, so katachi's and GNU Go's
words are compared and the query that differs is walked (both when both
moves differ; owl_attack when one calls the dragon alive, owl_defend
when one calls it dead), counted as `status/attack: CLASS` or
`status/defend: CLASS`.
"""
import argparse
import collections
import os


from owl_failures import gtp, parse_tst  # the same folder: one suite reader, one GTP runner


def answer(prog, setup, cmd, cwd, env=None):
    outs, err = gtp(prog, setup + [cmd], cwd, env)
    toks = (outs[-1] if outs else '?').split()
    code = toks[0] if toks else '?'
    mv = toks[1] if len(toks) > 1 else None
    return code, mv, err


def status_queries(setup, cmd, cwd, kat, gnu):
    """The owl queries behind a `dragon_status` disagreement: GNU Go's
    status is `critical ATTACK DEFENSE` from its owl_attack and
    owl_defend, so the query whose answer differs is walked (both when
    both differ)."""
    target = cmd.split()[1]
    kw = (gtp(kat, setup + [cmd], cwd)[0] or ['?'])[-1].split()
    gw = (gtp(gnu, setup + [cmd], cwd)[0] or ['?'])[-1].split()
    ks, gs = kw[0] if kw else '?', gw[0] if gw else '?'
    out = []
    if gs == 'critical' and ks == 'critical':
        if kw[1:2] != gw[1:2]:
            out.append(f'owl_attack {target}')
        if kw[2:3] != gw[2:3]:
            out.append(f'owl_defend {target}')
    elif gs == 'alive' or ks == 'alive':
        out.append(f'owl_attack {target}')
    elif gs == 'dead' or ks == 'dead':
        out.append(f'owl_defend {target}')
    return ' '.join(kw), ' '.join(gw), out


def walk(args, n, tests, cwd, kat, gnu, cmd=None):
    setup, tcmd = tests[n]
    cmd = cmd or tcmd
    verb, target = cmd.split()[:2]
    if verb not in ('owl_attack', 'owl_defend'):
        return None
    color = answer(gnu, setup, f'color {target}', cwd)[0]
    defender = 'B' if color.lower().startswith('b') else 'W'
    attacker = 'W' if defender == 'B' else 'B'
    attack = verb == 'owl_attack'
    moves = []
    line = []
    for depth in range(args.depth):
        q = 'owl_attack' if attack else 'owl_defend'
        pos = setup + [f'play {c} {m}' for c, m in moves]
        kc, km, _ = answer(kat, pos, f'{q} {target}', cwd)
        gc, gm, _ = answer(gnu, pos, f'{q} {target}', cwd)
        side = attacker if attack else defender
        ks, gs = kc != '0', gc != '0'
        line.append(f'{side}:{q[4:]} k={kc} {km or ""} g={gc} {gm or ""}'.strip())
        if ks and gs and km != gm and km not in (None, 'PASS'):
            # Both succeed with different moves: a disagreement only if
            # GNU Go refutes katachi's move.
            does = 'owl_does_attack' if attack else 'owl_does_defend'
            dc = answer(gnu, pos, f'{does} {km} {target}', cwd)[0]
            line[-1] += f' (g {does[4:]} {km}: {dc})'
            if dc == '0':
                gs = False
        if ks == gs:
            # Agree on the result: stop here.
            break
        mv = km if ks else gm
        if mv is None or mv == 'PASS':
            break
        last = (pos, q, gm, ks)
        moves.append((side, mv))
        attack = not attack
    print(f'{n} {cmd}: ' + ' | '.join(line))
    print('   line: ' + ' '.join(f'{c}{m}' for c, m in moves))
    # The parent of the last node is where they part: print katachi's
    # root view there and at the last node, with the rank of the move
    # the line took from the parent (parent) and of the move both find
    # (last node).
    env = dict(os.environ, KOWL='40')
    cls = ('agree at the root' if not moves and '(g does' not in line[0]
           else 'move order: GNU Go accepts katachi\'s move' if not moves
           else None)
    for k, label in ((1, 'parent'), (0, 'last')):
        if k > len(moves):
            continue
        ms = moves[:len(moves) - k]
        pos = setup + [f'play {c} {m}' for c, m in ms]
        a = attack if k == 0 else not attack
        q = 'owl_attack' if a else 'owl_defend'
        code, mv, err = answer(kat, pos, f'{q} {target}', cwd, env)
        roots = [x for x in err.splitlines() if x.startswith('owl node 1 ')]
        if not roots:
            print(f'   {label} ({q}): k={code} {mv or ""}, no root node')
            continue
        parts = roots[0].split('|')
        cands = [t.split(':')[0] for t in parts[1 if a else 2].split()[1:]]
        want = moves[-1][1] if k == 1 else mv
        rank = cands.index(want) + 1 if want in cands else None
        if k == 1:
            # Katachi's width at the parent's depth below the test's root.
            d = len(moves) - 1
            width = 8 if d == 0 else 3 if d == 1 else 2 if d <= 5 else 1
            cls = ('part: not a candidate' if rank is None
                   else 'part: beyond the width' if rank > width
                   else 'part: within the width (the nested reading differs)')
        elif cls and 'within the width' in cls:
            # The last node's answer (both agree on it), as katachi ranks
            # it asked as a root, against the width the nested reading
            # has at that depth: beyond it, the nested reading never
            # tries it; within it, a deeper node differs; none, the side
            # to move fails there and a false success deeper down made
            # the nested reading differ.
            d = len(moves)
            width = 8 if d == 0 else 3 if d == 1 else 2 if d <= 5 else 1
            cls = ('part: within the width; the answer beyond the nested width'
                   if rank is not None and rank > width
                   else 'part: within the width; the answer within the nested width'
                   if rank is not None
                   else 'part: within the width; no answer (a false success deeper)')
        print(f'   {label} ({q}) k={code} {mv or ""}; {want} rank {rank}: '
              + parts[0][len('owl node 1 '):] + '|' + parts[1 if a else 2][:160])
    print(f'   class: {cls}')
    return cls


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('suite')
    ap.add_argument('tests', nargs='+', type=int)
    ap.add_argument('--katachi', default='target/release/katachi')
    ap.add_argument('--gnugo', default='/usr/games/gnugo')
    ap.add_argument('--depth', type=int, default=8)
    args = ap.parse_args()
    suite = os.path.abspath(args.suite)
    cwd = os.path.dirname(suite)
    tests = parse_tst(suite)
    kat = [os.path.abspath(args.katachi), 'gtp', '--rules', 'japanese']
    gnu = [args.gnugo, '--mode', 'gtp']
    rows = []
    for n in args.tests:
        setup, cmd = tests[n]
        if cmd.startswith('dragon_status'):
            kw, gw, qs = status_queries(setup, cmd, cwd, kat, gnu)
            print(f'{n} {cmd}: katachi {kw}, GNU Go {gw}; walking {qs or "nothing"}')
            if not qs:
                rows.append((n, 'status: agree with GNU Go 3.8'))
            for q in qs:
                c = walk(args, n, tests, cwd, kat, gnu, q)
                if c:
                    rows.append((n, f'status/{q.split()[0][4:]}: {c}'))
            continue
        c = walk(args, n, tests, cwd, kat, gnu)
        if c:
            rows.append((n, c))
    print()
    for c, k in collections.Counter(c for _, c in rows).most_common():
        print(f'{k:3d}  {c}  [{",".join(str(n) for n, x in rows if x == c)}]')


if __name__ == '__main__':
    main()
