"""Hint speed: seconds per ``ninekit.hints.hint(state, seat, level)`` on seeded random positions of every game.

    python benchmarks/hints.py                   # level normal, 30 positions per game
    python benchmarks/hints.py --level easy --positions 100
"""

import argparse
import random
import statistics
import time

import ninekit
from ninekit.hints import hint


def positions(game: str, count: int, seed: int = 0) -> list:
    """``count`` positions of seeded random playouts (a new deal when one ends)."""
    rng, deal, out = random.Random(seed), seed, []
    state = ninekit.make(game).new(deal)
    while len(out) < count:
        if state.is_over:
            deal += 1
            state = ninekit.make(game).new(deal)
        if rng.random() < 0.25:
            out.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args(argv)
    print(f"| game | first hint (s) | median (s) | 90th percentile (s) | max (s) |  level {args.level}")
    print("| --- | --- | --- | --- | --- |")
    for game in ninekit.games():
        times = []
        for i, state in enumerate(positions(game, args.positions + 1)):
            start = time.perf_counter()
            hint(state, state.to_move, level=args.level, seed=i)
            times.append(time.perf_counter() - start)
        first, rest = times[0], sorted(times[1:])
        p90 = rest[int(0.9 * (len(rest) - 1))]
        print(f"| {game} | {first:.3f} | {statistics.median(rest):.3f} | {p90:.3f} | {rest[-1]:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
