#!/usr/bin/env python3
"""Compare katachi's `dragon_data` fields with GNU Go 3.8's recorded ones.

Usage: scripts/dragon_fields.py [KATACHI_BINARY] [STEP]

Loads every STEP-th reference position (default 4) of
`../shared/reference/analysis/gnugo-analysis.jsonl` in `KATACHI_BINARY gtp`
(default target/release/katachi), asks `dragon_data`, and counts, over the
dragons whose strings are GNU Go's, how often each field agrees: the
neighbour set (dragons named by their strings), `hostile_neighbors`,
`surround_status`, `escape_route`, `weakness_pre_owl` within 0.1, the
crude status and the status.
"""
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("KATACHI_SHARED", os.path.join(HERE, "..", "..", "shared"))


def parse(text):
    """GNU Go's `dragon_data` layout: `ORIGIN:` then `field value` lines."""
    out, cur = {}, None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("="):
            line = line[1:].strip()
        if not line:
            continue
        if line.endswith(":") and " " not in line:
            cur = {}
            out[line[:-1]] = cur
            continue
        if cur is not None:
            key, _, value = line.partition(" ")
            cur[key] = value.strip()
    return out


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "target", "release", "katachi")
    step = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    path = os.path.join(SHARED, "reference", "analysis", "gnugo-analysis.jsonl")
    recs = [json.loads(l) for l in open(path)][::step]
    regression = os.path.join(SHARED, "gnugo", "regression")
    cmds = "".join(f"loadsgf {regression}/{r['sgf']} {r['move']}\ndragon_data\n" for r in recs)
    out = subprocess.run([binary, "gtp"], input=cmds, capture_output=True, text=True).stdout
    answers = [a for a in out.split("\n\n") if a.strip()][1::2]
    counts = collections.Counter()
    dragons = 0
    for rec, answer in zip(recs, answers):
        theirs, ours = parse(rec["dragon_data"]), parse(answer)
        their_sets = {o: frozenset(v["strings"].split()) for o, v in theirs.items()}
        our_sets = {o: frozenset(v["strings"].split()) for o, v in ours.items() if "strings" in v}
        by_set = {s: o for o, s in our_sets.items()}
        for origin, g in theirs.items():
            mine = by_set.get(their_sets[origin])
            if mine is None:
                continue
            k = ours[mine]
            dragons += 1
            counts["neighbors"] += {their_sets.get(x) for x in g["neighbors"].split()} == {
                our_sets.get(x) for x in k["neighbors"].split()
            }
            for field in ("hostile_neighbors", "surround_status", "escape_route", "crude_status", "status"):
                counts[field] += g[field] == k[field]
            counts["weakness_pre_owl within 0.1"] += (
                abs(float(g["weakness_pre_owl"]) - float(k["weakness_pre_owl"])) <= 0.1001
            )
    print(f"{len(recs)} positions, {dragons} dragons with GNU Go's strings")
    for field, n in counts.items():
        print(f"{field:28} {n:5} ({100.0 * n / max(dragons, 1):.1f}%)")


if __name__ == "__main__":
    main()
