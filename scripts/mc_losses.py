#!/usr/bin/env python3
"""Where katachi's Monte Carlo engine loses its games (issue 15, mcloss15).

Reads the logs of `katachi match --engines "katachi gtp ..." OTHER
--engine-stderr` runs (standard error and standard output in one file, or
the two concatenated): katachi's `mcts:` line after each of its genmoves
(win rate, playouts) and the result table. Engine A must be katachi and
the other engine must print no `mcts:` lines (GNU Go), so that the lines
of a game are katachi's moves in order.

For each game katachi lost it prints the move where its win rate first
fell below 0.3 and the kind of loss:
  collapse  a drop of more than 0.25 in one move from 0.5 or more before
            that point: a position the search called won or even turned
            out lost after one opposing move (a misread fight, life and
            death, a liberty race);
  slide     no such drop: the game drifted away over several moves (the
            search outplayed in a fight or in the opening).
Then the tallies, and the lowest win rate of each game katachi won (a
resign rule that resigns above it would have lost no game of the sample).

`--self-play FILE...` reads self-play logs instead (both engines katachi,
their lines alternating Black, White within a game) and counts the sides
whose win rate fell below 0.08 and the games they still won.

Usage: scripts/mc_losses.py LOG...
       scripts/mc_losses.py --self-play LOG...
"""
import re
import sys

RESULT = re.compile(r"\s+(\d+)\s+([AB])\s+([AB])\s+(\S+)\s+(\d+)\s+([AB?-])\s")


def games_of(path):
    """Per game: the list of (win rate, playouts) of the `mcts:` lines, and
    the result table's rows {game: (A's colour letter, result, winner)}."""
    games, results = [[]], {}
    with open(path) as f:
        for line in f:
            if line.startswith("mcts:"):
                m = re.search(r"(\d+) playouts.*win rate ([\d.]+)", line)
                games[-1].append((float(m.group(2)), int(m.group(1))))
            elif line.startswith("katachi match: game"):
                games.append([])
            m = RESULT.match(line)
            if m:
                results[int(m.group(1))] = (m.group(2), m.group(4), m.group(6))
    return games, results


def against_engine(paths):
    tally, lowest_won, won, lost = {}, [], 0, 0
    for path in paths:
        games, results = games_of(path)
        for g, lines in enumerate(games, 1):
            if g not in results or not lines:
                continue
            black, result, winner = results[g]
            colour = "B" if black == "A" else "W"
            rates = [w for w, _ in lines]
            if winner == "A":
                won += 1
                lowest_won.append((min(rates), path, g))
                continue
            lost += 1

            def move(k):
                return 2 * k + (1 if colour == "B" else 2)

            low = next((k for k, w in enumerate(rates) if w < 0.3), len(rates) - 1)
            drops = [k for k in range(1, low + 1) if rates[k - 1] >= 0.5 and rates[k] - rates[k - 1] < -0.25]
            kind = "collapse" if drops else "slide"
            phase = "by move 30" if move(low) <= 30 else "moves 31-60" if move(low) <= 60 else "after move 60"
            tally[(kind, phase)] = tally.get((kind, phase), 0) + 1
            tally[("katachi lost as", colour)] = tally.get(("katachi lost as", colour), 0) + 1
            where = ", ".join(f"move {move(k)} {rates[k - 1]:.2f}->{rates[k]:.2f}" for k in drops)
            print(
                f"{path}: game {g} ({colour}, {result}): below 0.3 at move {move(low)}, "
                f"{kind}{' (' + where + ')' if where else ''}, peak {max(rates[: low + 1]):.2f}, "
                f"{sum(p for _, p in lines) / len(lines):.0f} playouts/move"
            )
    print(f"games {won + lost}: katachi won {won}, lost {lost}")
    for key in sorted(tally):
        print(f"  {key[0]} {key[1]}: {tally[key]}")
    if lowest_won:
        w, path, g = min(lowest_won)
        print(f"lowest win rate in a game katachi won: {w:.3f} ({path}, game {g})")


def self_play(paths):
    for path in paths:
        games, winners = [[]], []
        with open(path) as f:
            for line in f:
                if line.startswith("mcts:"):
                    games[-1].append(float(re.search(r"win rate ([\d.]+)", line).group(1)))
                elif line.startswith("katachi match: game"):
                    m = re.search(r"referee ([BW])\+", line)
                    r = re.search(r"(black|white) \([AB]\) resigned", line)
                    winners.append(m.group(1) if m else ("W" if r and r.group(1) == "black" else "B" if r else "?"))
                    games.append([])
        sides = comebacks = 0
        for rates, winner in zip(games, winners):
            for colour, seq in (("B", rates[0::2]), ("W", rates[1::2])):
                if any(w < 0.08 for w in seq):
                    sides += 1
                    comebacks += winner == colour
        print(f"{path}: {len(winners)} games, sides below 0.08: {sides}, of which won: {comebacks}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    if args[0] == "--self-play":
        self_play(args[1:])
    else:
        against_engine(args)
