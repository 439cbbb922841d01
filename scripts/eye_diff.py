#!/usr/bin/env python3
"""Eye spaces against GNU Go 3.8, black box, on random sparse 9x9 positions.

For each position (2-5 White and 1-3 Black stones at random, the same
positions for the same --seed), both engines answer `eye_data COLOR V`
for every point and both colours; the script prints the agreement of
eye-space membership, of the marginal flag and of `esize` where both put
the point in an eye space, and with --show N the N positions with the
fewest differences (the simplest cases to study), each point as two
characters, GNU Go's then katachi's: `#` proper, `!` marginal, `.` not
in the colour's eye space.

The reference positions of `crates/engine/tests/eyes_gnugo.rs` are real
games; these are sparse shapes where the domain rules (eyes.texi,
"Functions in optics.c") show one at a time.

    python3 scripts/eye_diff.py --katachi target/release/katachi -n 150 [--show 5]

GNU Go's answers are cached (--cache, default /tmp/eye_diff_cache.json),
so comparing two katachi binaries costs only katachi's time.
"""

import argparse
import json
import os
import random
import subprocess

COLS = "ABCDEFGHJ"
SIZE = 9


def eye_map(engine, stones, color):
    """Per point: 'S' a stone, '.' outside, else marginal flag + esize."""
    cmds = ["boardsize 9", "clear_board"] + [f"play {c} {v}" for c, v in stones]
    points = [f"{COLS[c]}{r}" for r in range(SIZE, 0, -1) for c in range(SIZE)]
    cmds += [f"eye_data {color} {p}" for p in points] + ["quit"]
    out = subprocess.run(engine, input="\n".join(cmds) + "\n", capture_output=True, text=True).stdout
    replies = [r for r in out.split("\n\n") if r.strip()][2 + len(stones):]
    occupied = {v for _, v in stones}
    result = {}
    for i, p in enumerate(points):
        fields = {}
        for line in replies[i].split("\n"):
            line = line.lstrip("= ").strip()
            if line:
                k, _, v = line.partition(" ")
                fields[k] = v.strip()
        if p in occupied:
            result[p] = "S"
        elif fields.get("color") != color:
            result[p] = "."
        else:
            result[p] = ("!" if fields.get("marginal") == "1" else "#") + fields.get("esize", "")
    return result


def positions(seed, n):
    rng = random.Random(seed)
    every = [f"{c}{r}" for c in COLS for r in range(1, SIZE + 1)]
    out = []
    for _ in range(n):
        w, b = rng.randint(2, 5), rng.randint(1, 3)
        chosen = rng.sample(every, w + b)
        out.append([("white", p) for p in chosen[:w]] + [("black", p) for p in chosen[w:]])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--katachi", default="target/release/katachi")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("-n", type=int, default=150)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cache", default="/tmp/eye_diff_cache.json")
    ap.add_argument("--show", type=int, default=0)
    args = ap.parse_args()
    gnugo = [args.gnugo, "--mode", "gtp"]
    katachi = [args.katachi, "gtp"]
    cache = json.load(open(args.cache)) if os.path.exists(args.cache) else {}
    member = margin = size = total = both = 0
    shown = []
    for stones in positions(args.seed, args.n):
        key = json.dumps(stones)
        if key not in cache:
            cache[key] = {c: eye_map(gnugo, stones, c) for c in ("white", "black")}
        for color in ("white", "black"):
            g, k = cache[key][color], eye_map(katachi, stones, color)
            differ = 0
            for p, gv in g.items():
                if gv == "S":
                    continue
                total += 1
                gin, kin = gv != ".", k[p] != "."
                member += gin == kin
                if gin and kin:
                    both += 1
                    margin += gv[0] == k[p][0]
                    size += gv[1:] == k[p][1:]
                differ += gin != kin or (gin and gv[0] != k[p][0])
            if differ:
                shown.append((differ, stones, color, g, k))
    json.dump(cache, open(args.cache, "w"))
    print(f"{args.n} positions, both colours: membership {member}/{total} ({100 * member / total:.2f}%), "
          f"marginal {margin}/{both} ({100 * margin / both:.2f}%), esize {size}/{both} ({100 * size / both:.2f}%)")
    shown.sort(key=lambda s: s[0])
    for differ, stones, color, g, k in shown[: args.show]:
        owner = {v: c for c, v in stones}
        print(f"\n{differ} differences, {color}'s eye space: " + " ".join(c[0] + v for c, v in stones))
        for r in range(SIZE, 0, -1):
            row = []
            for c in COLS:
                p = f"{c}{r}"
                if p in owner:
                    row.append(("XX" if owner[p] == "black" else "OO"))
                else:
                    row.append(g[p][0] + k[p][0])
            print(f"{r} " + " ".join(row))


if __name__ == "__main__":
    main()
