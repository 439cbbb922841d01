#!/usr/bin/env python3
"""Classify katachi's failures on semeai.tst or seki.tst.

Usage (from the suite's folder; the JSON is `katachi regress --json`):

    cd ../shared/gnugo/regression
    katachi regress -j 1 --json semeai.tst > /tmp/semeai.json
    python3 /path/to/scripts/semeai_failures.py semeai.tst /tmp/semeai.json \
        [--gnugo /usr/games/gnugo]

Black-box only: GNU Go 3.8 is asked the failing command over GTP on the
test's position, so that one sees which failures GNU Go shares. Each
failing `analyze_semeai A B` (answer `defence attack move`) falls in one
class, by its two codes against the expected ones:

- missed: katachi's codes are lower (it finds no life, or no kill, that
  the expected answer has);
- false success: katachi's codes are higher (a life or a kill that is
  not there: often a seki read as a kill);
- ko: a ko code (2 or 3) on either side, codes differ otherwise;
- move: the codes agree, the move differs (PASS included).

Other commands (`dragon_status`, `reg_genmove`, ...) are listed by the
command's name. Prints one line per failure, then the counts per class
and how many of each class GNU Go 3.8 answers as expected.
"""
import argparse
import collections
import json
import re
import subprocess


def parse_tst(path):
    """Numbered tests with the setup commands since the last loadsgf."""
    setup, tests = [], {}
    for line in open(path):
        s = line.split('#')[0].strip()
        if not s:
            continue
        m = re.match(r'^(\d+)\s+(.*)$', s)
        if m:
            tests[int(m.group(1))] = (list(setup), m.group(2))
        elif s.startswith('loadsgf'):
            setup = [s]
        else:
            setup.append(s)
    return tests


def gtp(cmd, commands):
    """The answer to the last of `commands`, without its '= '."""
    p = subprocess.run(cmd, input='\n'.join(commands + ['quit']) + '\n',
                       capture_output=True, text=True, timeout=600)
    blocks = [b.strip() for b in p.stdout.split('\n\n') if b.strip()]
    return blocks[-2].lstrip('=? ').strip() if len(blocks) > 1 else '?'


def codes(answer):
    """The two result codes of an analyze_semeai answer, or None."""
    parts = answer.split()
    if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
        return int(parts[0]), int(parts[1])
    return None


def rank(code):
    """Result codes ordered by value: 0 < ko for the other (3) < ko (2) < win (1)."""
    return {0: 0, 3: 1, 2: 2, 1: 3}.get(code, 0)


def matches(expected, got):
    """Whether `got` matches the expected answer (GNU Go's regex form)."""
    exp = expected.strip()
    if exp.startswith('!'):
        return not re.fullmatch(exp[1:], got)
    return re.fullmatch(exp, got) is not None


def classify(command, expected, got):
    name = command.split()[0]
    if name != 'analyze_semeai':
        return name
    e = codes(re.sub(r'[()]', '', expected.split('|')[0]))
    g = codes(got)
    if e is None or g is None:
        return 'other'
    if e == g:
        return 'move'
    if any(c in (2, 3) for c in e + g):
        return 'ko'
    if all(rank(x) <= rank(y) for x, y in zip(g, e)):
        return 'missed'
    if all(rank(x) >= rank(y) for x, y in zip(g, e)):
        return 'false success'
    return 'mixed'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('suite')
    ap.add_argument('json')
    ap.add_argument('--gnugo', default='/usr/games/gnugo')
    args = ap.parse_args()
    tests = parse_tst(args.suite)
    results = json.load(open(args.json))['suites'][0]['results']
    count = collections.Counter()
    shared = collections.Counter()
    for r in results:
        if r['passed']:
            continue
        setup, command = tests[r['number']]
        got = r['got'] or ''
        cls = classify(command, r['expected'], got)
        gg = gtp([args.gnugo, '--mode', 'gtp'], setup + [command])
        gg_ok = matches(r['expected'], gg)
        count[cls] += 1
        shared[cls] += gg_ok
        print('%5d %-14s %-30s expected %-24s katachi %-16s gnugo %s%s' % (
            r['number'], cls, command, r['expected'], got, gg,
            '' if gg_ok else '  (gnugo fails too)'))
    print()
    for cls, n in count.most_common():
        print('%-14s %3d  (GNU Go 3.8 passes %d of them)' % (cls, n, shared[cls]))


if __name__ == '__main__':
    main()
