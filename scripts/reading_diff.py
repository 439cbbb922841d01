#!/usr/bin/env python3
"""Compare katachi's tactical reader with GNU Go's on real positions.

Usage (from the worktree):

    python3 scripts/reading_diff.py [--step N] [--katachi target/release/katachi]
        [--gnugo /usr/games/gnugo] [--max-libs 4] [--examples 3] [--no-check]

For the reference positions (`../shared/reference/positions.tsv`, every
`--step`-th, loaded with `loadsgf FILE MOVE` as the reference tests do),
every string with at most `--max-libs` liberties (strings and liberties
from `boards.jsonl`, the same positions as boards) is asked `attack V`
and `defend V` of both `katachi gtp` and `gnugo --mode gtp` (V the
string's first stone in `worm_stones` order: top row first), with the
reading node counter of each query. Each program reads one position in
one session, queries in the same order.

Printed: strings compared; agreement on the result code, attack and
defence apart; katachi's queries that reached its node limit; the
disagreements by class, with examples:

- `katachi captures, GNU Go not` (attack) / `katachi saves, GNU Go not`
  (defence), and the reverse. The move of the side that succeeds is
  checked by the other program: the move is tried (`trymove`) and the
  other side's answer read (`defend` after an attack, `attack` after a
  defence): `gnu refutes kat move` / `gnu accepts kat move`, `kat
  refutes gnu move` / `kat accepts gnu move` (then katachi did not try
  the move, or misread another line), or `... a ko`. GNU Go's own
  `does_attack` is not used: it answers 0 for a string that cannot be
  saved whatever the move;
- `ko codes differ`: both succeed with different codes;
- `same code, other move` (attacks only), split the same way;
- `defend of a string neither program attacks`: a convention (GNU Go
  answers 0, `1 PASS` or a move), not a reading difference.

`--katachi-setup` / `--gnugo-setup` send commands after `loadsgf`
(`increase_depths`, `decrease_depths`: is depth the cause?); `--no-check`
skips the move checks (classes then without the part in brackets).

The programs' CPU time (this process's children, user + system) and
nodes are summed per program. Black-box only: nothing of GNU Go but its
GTP answers is used.
"""
import argparse
import collections
import json
import os
import resource
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.environ.get('KATACHI_SHARED', os.path.join(ROOT, '..', 'shared'))
sys.path.insert(0, HERE)
from owl_failures import gtp  # noqa: E402

LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'


def strings_of(rows, max_libs):
    """(first stone vertex, colour, liberty count) of every string with at
    most `max_libs` liberties, strings ordered by their first stone (top
    row first, then left to right)."""
    size = len(rows)
    seen = set()
    out = []
    for r in range(size):
        for c in range(size):
            col = rows[r][c]
            if col not in 'XO' or (r, c) in seen:
                continue
            stack, stones, libs = [(r, c)], [], set()
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                stones.append((a, b))
                for da, db in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    x, y = a + da, b + db
                    if not (0 <= x < size and 0 <= y < size):
                        continue
                    if rows[x][y] == '.':
                        libs.add((x, y))
                    elif rows[x][y] == col and (x, y) not in seen:
                        seen.add((x, y))
                        stack.append((x, y))
            if len(libs) <= max_libs:
                out.append((f'{LETTERS[c]}{size - r}', col, len(libs)))
    return out


def timed_gtp(cmdline, cmds, cwd):
    """Answers and the CPU seconds the child spent."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    outs, _ = gtp(cmdline, cmds, cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return outs, cpu


def parse_answer(a):
    toks = (a or '').split()
    code = toks[0] if toks else '?'
    mv = toks[1] if len(toks) > 1 else None
    return code, mv


def ask_all(cmdline, load, strs, cwd):
    """(attack, defend, attack nodes, defend nodes) per string, CPU s.
    `load` is the list of set-up commands."""
    cmds = list(load)
    for v, _, _ in strs:
        cmds += ['reset_reading_node_counter', f'attack {v}',
                 'get_reading_node_counter',
                 'reset_reading_node_counter', f'defend {v}',
                 'get_reading_node_counter']
    outs, cpu = timed_gtp(cmdline, cmds, cwd)
    res = []
    for i in range(len(strs)):
        o = outs[len(load) + 6 * i: len(load) + 6 + 6 * i]
        if len(o) < 6:
            o = o + ['?'] * (6 - len(o))
        res.append((parse_answer(o[1]), parse_answer(o[4]),
                    int(o[2]) if o[2].isdigit() else 0,
                    int(o[5]) if o[5].isdigit() else 0))
    return res, cpu


def does(cmdline, load, checks, strs, which, cwd):
    """Whether the move of each check (katachi's for `which` 2, GNU Go's
    for 3) works by this program's reading: the move is tried (GTP
    `trymove`) and the other side's answer read (`defend` after an
    attacking move, `attack` after a defence): '0' the move fails to
    work, a code the answer's code (so '0' of the answer means the move
    works fully: reported as 'W'), '-' no move. GNU Go's own
    `does_attack` answers 0 for a string that cannot be saved anyway, so
    it is not used."""
    colour = {v: col for v, col, _ in strs}
    cmds, idx = list(load), []
    for c in checks:
        q, v, mv = c[0], c[1], c[which]
        if not mv or mv == 'PASS':
            idx.append(None)
            continue
        own = 'black' if colour[v] == 'X' else 'white'
        opp = 'white' if own == 'black' else 'black'
        player = opp if q == 'attack' else own
        answer = 'defend' if q == 'attack' else 'attack'
        idx.append(len(cmds))
        cmds += [f'trymove {player} {mv}', f'{answer} {v}', 'popgo']
    if len(cmds) == len(load):
        return ['-'] * len(checks)
    outs, _ = gtp(cmdline, cmds, cwd)
    res = []
    for i in idx:
        if i is None:
            res.append('-')
            continue
        tried, ans = outs[i] if i < len(outs) else '?', outs[i + 1] if i + 1 < len(outs) else '?'
        code = parse_answer(ans)[0]
        if tried.startswith('?') or tried.lower().startswith('illegal'):
            res.append('0')  # illegal move: it does not work
        elif not code.isdigit():
            res.append('W')  # the string was captured by the move
        elif code == '0':
            res.append('W')  # the other side has no answer: the move works
        elif code == '1':
            res.append('0')
        else:
            res.append(code)  # a ko answer
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--step', type=int, default=1)
    ap.add_argument('--offset', type=int, default=0)
    ap.add_argument('--katachi', default=os.path.join(ROOT, 'target/release/katachi'))
    ap.add_argument('--gnugo', default='/usr/games/gnugo')
    ap.add_argument('--max-libs', type=int, default=4)
    ap.add_argument('--examples', type=int, default=3)
    ap.add_argument('--no-check', action='store_true',
                    help='skip the does_attack/does_defend checks')
    ap.add_argument('--katachi-setup', default='',
                    help="GTP commands (';' between) katachi reads after loadsgf, "
                         "e.g. 'increase_depths' (is depth the cause?)")
    ap.add_argument('--gnugo-setup', default='',
                    help='the same for GNU Go')
    ap.add_argument('--node-limit', type=int, default=20000,
                    help="katachi's node limit, to count the queries that reach it")
    ap.add_argument('--list', action='store_true',
                    help='print every disagreement')
    ap.add_argument('--top', type=int, default=0,
                    help='print the N queries where katachi reads most nodes '
                         "beyond GNU Go's")
    args = ap.parse_args()
    kat = [os.path.abspath(args.katachi), 'gtp']
    gnu = [args.gnugo, '--mode', 'gtp']
    regdir = os.path.join(SHARED, 'gnugo', 'regression')
    ref = os.path.join(SHARED, 'reference')
    boards = {}
    for line in open(os.path.join(ref, 'boards.jsonl')):
        b = json.loads(line)
        boards[b['id']] = b
    positions = []
    with open(os.path.join(ref, 'positions.tsv')) as f:
        next(f)
        for line in f:
            pid, sgf, move = line.split('\t')[:3]
            positions.append((int(pid), sgf, move))
    positions = positions[args.offset::args.step]

    n = 0
    agree = {'attack': 0, 'defend': 0}
    classes = collections.Counter()
    examples = collections.defaultdict(list)
    cpu = {'katachi': 0.0, 'gnugo': 0.0}
    nodes = {'katachi': 0, 'gnugo': 0}
    # katachi queries that spent its whole node limit (20,000 by default)
    at_limit = collections.Counter()
    # nodes per liberty count of the string: [katachi, gnugo, queries]
    by_libs = collections.defaultdict(lambda: [0, 0, 0])
    excess = []  # (katachi - gnugo nodes, query text)
    t0 = time.time()
    for pid, sgf, move in positions:
        load = f'loadsgf {sgf} {move}'
        strs = strings_of(boards[pid]['rows'], args.max_libs)
        if not strs:
            continue
        kload = [load] + [c for c in args.katachi_setup.split(';') if c.strip()]
        gload = [load] + [c for c in args.gnugo_setup.split(';') if c.strip()]
        kres, kc = ask_all(kat, kload, strs, regdir)
        gres, gc = ask_all(gnu, gload, strs, regdir)
        cpu['katachi'] += kc
        cpu['gnugo'] += gc
        checks = []  # (program, query, class key base, example text)
        for (v, col, libs), k, g in zip(strs, kres, gres):
            n += 1
            nodes['katachi'] += k[2] + k[3]
            nodes['gnugo'] += g[2] + g[3]
            for q, kn, gn, ka, ga in (('attack', k[2], g[2], k[0], g[0]),
                                      ('defend', k[3], g[3], k[1], g[1])):
                by_libs[q, libs][0] += kn
                by_libs[q, libs][1] += gn
                by_libs[q, libs][2] += 1
                if args.top:
                    excess.append((kn - gn, f'{pid} {load} {q} {v} ({col}, {libs} libs): '
                                             f'katachi {" ".join(x or "" for x in ka)} {kn} nodes, '
                                             f'gnugo {" ".join(x or "" for x in ga)} {gn}'))
            for q, kk, gg, kn in (('attack', k[0], g[0], k[2]), ('defend', k[1], g[1], k[3])):
                (kcode, kmv), (gcode, gmv) = kk, gg
                if kn >= args.node_limit:
                    at_limit[q, kcode == gcode] += 1
                what = f'{pid} {load} {q} {v} ({col}, {libs} libs): katachi {kcode} {kmv or ""}, gnugo {gcode} {gmv or ""}'
                if kcode == gcode:
                    agree[q] += 1
                    if q == 'attack' and kcode != '0' and kmv != gmv and not args.no_check:
                        checks.append((q, v, kmv, gmv, 'same code, other move', what))
                    continue
                verb = 'captures' if q == 'attack' else 'saves'
                if q == 'defend' and k[0][0] == '0' and g[0][0] == '0':
                    # Neither program attacks the string: GNU Go answers
                    # `defend` of a safe string with `1 PASS`, a move, or
                    # 0 when its candidates hold no safe move; katachi
                    # with a move that keeps it safe. A convention, not a
                    # reading difference: counted apart.
                    cls = 'defend of a string neither program attacks'
                    classes[cls] += 1
                    if len(examples[cls]) < args.examples or args.list:
                        examples[cls].append(what)
                    continue
                if kcode != '0' and gcode != '0':
                    cls = f'{q}: ko codes differ'
                    classes[cls] += 1
                    if len(examples[cls]) < args.examples or args.list:
                        examples[cls].append(what)
                elif args.no_check:
                    cls = (f'{q}: katachi {verb}, GNU Go not' if kcode != '0'
                           else f'{q}: GNU Go {verb}, katachi not')
                    classes[cls] += 1
                    if len(examples[cls]) < args.examples or args.list:
                        examples[cls].append(what)
                else:
                    base = (f'{q}: katachi {verb}, GNU Go not' if kcode != '0'
                            else f'{q}: GNU Go {verb}, katachi not')
                    checks.append((q, v, kmv, gmv, base, what))
        if checks:
            gans = does(gnu, gload, checks, strs, 2, regdir)
            kans = does(kat, kload, checks, strs, 3, regdir)
            for c, ga, ka in zip(checks, gans, kans):
                q, v, kmv, gmv, base, what = c
                if base == 'same code, other move' or 'katachi' in base.split(',')[0]:
                    # katachi's move: does GNU Go's reading accept it?
                    sub = {'0': 'gnu refutes kat move', '-': 'no move',
                           'W': 'gnu accepts kat move'}.get(ga, 'gnu: kat move a ko')
                else:
                    sub = {'0': 'kat refutes gnu move', '-': 'no move',
                           'W': 'kat accepts gnu move'}.get(ka, 'kat: gnu move a ko')
                if base == 'same code, other move':
                    base = f'{q}: same code, other move'
                cls = f'{base} ({sub})'
                what = f'{what}; kat move by gnu: {ga}; gnu move by kat: {ka}'
                classes[cls] += 1
                if len(examples[cls]) < args.examples or args.list:
                    examples[cls].append(what)
        print(f'position {pid}: {len(strs)} strings, katachi {kc:.1f} s, gnugo {gc:.1f} s',
              file=sys.stderr, flush=True)
    wall = time.time() - t0
    print(f'positions: {len(positions)} (every {args.step}th from offset {args.offset}); '
          f'strings with at most {args.max_libs} liberties: {n}')
    for q in ('attack', 'defend'):
        print(f'{q}: result code agrees {agree[q]}/{n} ({100.0 * agree[q] / max(n, 1):.1f}%)')
    print(f'CPU: katachi {cpu["katachi"]:.1f} s, gnugo {cpu["gnugo"]:.1f} s '
          f'(wall {wall:.0f} s, checks included); reading nodes: katachi {nodes["katachi"]}, '
          f'gnugo {nodes["gnugo"]}')
    for q in ('attack', 'defend'):
        print(f'katachi {q} queries at its node limit: {at_limit[q, True] + at_limit[q, False]} '
              f'({at_limit[q, False]} of them disagree)')
    print('nodes by liberty count (katachi / gnugo, queries):')
    for (q, libs), (kn, gn, cnt) in sorted(by_libs.items()):
        print(f'  {q} {libs} libs: {kn} / {gn} ({cnt})')
    if args.top:
        print(f"queries where katachi reads most beyond GNU Go (top {args.top}):")
        for d, what in sorted(excess, key=lambda x: -x[0])[:args.top]:
            print(f'  {d:6d}  {what}')
    print('disagreements by class:')
    for cls, cnt in sorted(classes.items(), key=lambda x: (-x[1], x[0])):
        print(f'  {cnt:5d}  {cls}')
        for e in examples[cls]:
            print(f'         e.g. {e}')


if __name__ == '__main__':
    main()
