#!/usr/bin/env python3
"""Tests gained and lost between two `katachi regress` outputs.

Usage:

    python3 scripts/regress_diff.py BEFORE.txt AFTER.txt [SUITE ...]

BEFORE and AFTER are the saved standard output of `katachi regress`
(its table form: one `SUITE.tst:LINE N unexpected FAIL|PASS` line per
test whose result differs from the suite's expectation). A test listed
in one output and not the other changed: an unexpected FAIL before
and none after was gained, an unexpected PASS before and none after
was lost (and the reverse for a test listed only after). Both runs
must have run the same tests in full (a test missing from an
unfinished AFTER reads as changed). Prints, per suite (by default
those whose table row, printed when a suite ends, is in both outputs),
the tests gained and lost by number.
"""
import re
import sys

LINE = re.compile(r'^(\S+)\.tst:\d+ (\d+) unexpected (FAIL|PASS)')
ROW = re.compile(r'^(\S+)\.tst\s+\d+\s+\d+')


def load(path):
    """Unexpected results by suite and test, and the suites whose
    table row (the end of their run) is present."""
    out, done = {}, set()
    with open(path) as f:
        for line in f:
            m = LINE.match(line)
            if m:
                out.setdefault(m.group(1), {})[int(m.group(2))] = m.group(3)
            r = ROW.match(line)
            if r:
                done.add(r.group(1))
    return out, done


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    (before, done_b), (after, done_a) = load(sys.argv[1]), load(sys.argv[2])
    suites = sys.argv[3:] or sorted(done_b & done_a)
    for s in suites:
        a, b = before.get(s, {}), after.get(s, {})
        gained, lost = [], []
        for t in sorted(set(a) ^ set(b)):
            if t in a:
                (gained if a[t] == 'FAIL' else lost).append(t)
            else:
                (lost if b[t] == 'FAIL' else gained).append(t)
        print(f'{s}: gained {len(gained)} {gained}')
        print(f'{s}: lost {len(lost)} {lost}')


if __name__ == '__main__':
    main()
