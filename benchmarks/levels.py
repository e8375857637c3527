"""Bot levels: ``hard`` (ISMCTS) against ``normal`` (the game's heuristic), every game and player count.

For each game and player count it plays ``--games`` seeded games with one ``hard`` seat and ``normal``
everywhere else, the hard seat rotated through every seat (game ``g`` puts it at seat ``g % players``), and
reports hard's win share (1/k for a k-way shared win, 1/players for a draw) with its standard error, the
fair share (1/players), and hard's seconds per decision (mean and the slowest), in CPU seconds of the process
(``time.process_time``: what one idle core would take, whatever else the machine is doing).  Count of Nine has a single
Builder, so there each deal is played by both levels and their mean match totals are compared instead
(with the share of deals where hard scored more, ties counting a half).  With ``--paired`` every seed is also
played with ``normal`` in the hard seat (all seats ``normal``), and that seat's share on the same deals is
reported next to hard's with the paired difference: deals decide much of a game, so the difference is
measured with far less noise than either share.

    python benchmarks/levels.py                     # every game, every player count
    python benchmarks/levels.py --games 20 --only nine_knights double_nine
    python benchmarks/levels.py --iterations 100    # override the hard budget everywhere
    python benchmarks/levels.py --challenger hint --paired     # a player who plays every hint, against normal

``--challenger`` chooses who sits in that seat: ``hard`` (the default), or a player who plays every hint
(``ninekit.hints.hint``): ``hint`` (the apps' Hint button: the game's level in ``ninekit.hints.HINT_LEVELS``),
``hint-normal`` or ``hint-hard``.  Issue 27 asks that a player who follows every hint beat ``normal`` clearly.

Same arguments, same games (seeds and bot seeds are fixed); the times depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import ninekit  # noqa: E402
from ninekit.bots import bot_for  # noqa: E402
from ninekit.hints import hint  # noqa: E402
from ninekit.search import mean_se, win_share  # noqa: E402

TABLES = (("nine_knights", 2), ("double_nine", 2), ("double_nine", 3), ("double_nine", 4), ("codinca", 2),
          ("codinca", 3), ("codinca", 4), ("code_of_nine", 3), ("code_of_nine", 4), ("count_of_nine", 1))


CHALLENGERS = ("hard", "hint", "hint-normal", "hint-hard")


class HintFollower:
    """A player who plays every hint of ``level`` (the state's whole history is the hint's to read: a hint keeps
    its plan within a turn)."""

    def __init__(self, level: str | None):
        self.level = level

    def choose(self, state):
        return hint(state, state.to_move, self.level).move


def challenger(game: str, seed: int, who: str, budget: dict):
    """The player in the measured seat: the ``hard`` bot, or a follower of the hints of a level."""
    if who == "hard":
        return bot_for(game, seed, "hard", **budget)
    return HintFollower({"hint": None, "hint-normal": "normal", "hint-hard": "hard"}[who])


def play(game: str, players: int, seed: int, hard_seat: int | None, budget: dict, who: str = "hard") -> dict:
    """One game: the challenger ``who`` at ``hard_seat`` (None: nobody), ``normal`` elsewhere; results and the
    challenger's times."""
    state = ninekit.make(game, players).new(seed)
    bots = [challenger(game, 1000 * seed + s, who, budget) if s == hard_seat else bot_for(game, 1000 * seed + s)
            for s in range(players)]
    times = []
    begin = time.process_time()
    while not state.is_over:
        seat = state.to_move
        start = time.process_time()
        move = bots[seat].choose(state)
        if seat == hard_seat:
            times.append(time.process_time() - start)
        state = state.play(move)
    cpu = time.process_time() - begin
    print(f"  {game} {players} seed {seed} hard {hard_seat}: {state.outcome.winners} {cpu:.0f} s CPU",
          file=sys.stderr, flush=True)
    return {"outcome": state.outcome, "times": times, "cpu": cpu}


def measure(game: str, players: int, games: int, budget: dict, pool, start: int = 0, paired: bool = False,
            who: str = "hard") -> dict:
    """The row of the table for one game and player count (seeds ``start`` to ``start + games - 1``)."""
    seeds = range(start, start + games)
    if players == 1:
        jobs = [(game, 1, seed, hard, budget, who) for seed in seeds for hard in (0, None)]
    elif paired:
        jobs = [(game, players, seed, hard, budget, who) for seed in seeds for hard in (seed % players, None)]
    else:
        jobs = [(game, players, seed, seed % players, budget, who) for seed in seeds]
    results = list(pool.map(_play_job, jobs)) if pool else [_play_job(j) for j in jobs]
    times = [t for r in results for t in r["times"]]
    row = {"game": game, "players": players, "games": games, "cpu": sum(r["cpu"] for r in results),
           "sec_mean": sum(times) / max(1, len(times)), "sec_max": max(times, default=0.0)}
    if players == 1:
        hard = [r["outcome"].scores[0] for r in results[0::2]]
        normal = [r["outcome"].scores[0] for r in results[1::2]]
        row["hard_score"], row["hard_se"] = mean_se(hard)
        row["normal_score"], row["normal_se"] = mean_se(normal)
        row["share"], row["se"] = mean_se([1.0 if h > n else 0.5 if h == n else 0.0 for h, n in zip(hard, normal)])
        row["fair"] = 0.5
        row["total_diff"], row["total_diff_se"] = mean_se([h - n for h, n in zip(hard, normal)])
    else:
        step = 2 if paired else 1
        shares = [win_share(r["outcome"], seed % players, players) for seed, r in zip(seeds, results[0::step])]
        row["share"], row["se"] = mean_se(shares)
        row["fair"] = 1 / players
        if paired:
            base = [win_share(r["outcome"], seed % players, players) for seed, r in zip(seeds, results[1::2])]
            row["normal"], row["normal_se"] = mean_se(base)
            row["diff"], row["diff_se"] = mean_se([h - b for h, b in zip(shares, base)])
    return row


def _play_job(job):
    return play(*job)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and player count")
    parser.add_argument("--only", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--players", type=int, nargs="*", help="player counts to measure (default: all)")
    parser.add_argument("--iterations", type=int, help="the hard level's iterations (default: each game's own)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--start", type=int, default=0, help="the first seed (to add games to a measurement)")
    parser.add_argument("--paired", action="store_true",
                        help="also play every seed with normal in the hard seat, and compare on the same deals")
    parser.add_argument("--challenger", choices=CHALLENGERS, default="hard",
                        help="who plays the measured seat: hard, or a player who plays every hint (hint: the "
                             "apps' Hint button; hint-normal; hint-hard)")
    args = parser.parse_args(argv)
    budget = {} if args.iterations is None else {"iterations": args.iterations}
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    print(f"| Game | Players | Games | {args.challenger}'s win share ± SE | Fair share | CPU s/decision (mean, max) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game, players in TABLES:
        if (args.only and game not in args.only) or (args.players and players not in args.players):
            continue
        start = time.perf_counter()
        row = measure(game, players, args.games, budget, pool, args.start, args.paired, args.challenger)
        share = f"{row['share']:.2f} ± {row['se']:.2f}"
        if "diff" in row:
            share += (f" (normal in that seat, same deals: {row['normal']:.2f} ± {row['normal_se']:.2f}; "
                      f"difference {row['diff']:+.2f} ± {row['diff_se']:.2f})")
        if players == 1:
            share += (f" (deals hard scores more; mean total hard {row['hard_score']:.1f} ± {row['hard_se']:.1f}, "
                      f"normal {row['normal_score']:.1f} ± {row['normal_se']:.1f}; paired difference per deal "
                      f"{row['total_diff']:+.1f} ± {row['total_diff_se']:.1f})")
        print(f"| {game} | {players} | {row['games']} | {share} | {row['fair']:.2f} | "
              f"{row['sec_mean']:.2f}, {row['sec_max']:.2f} |", flush=True)
        wall = time.perf_counter() - start
        print(f"<!-- {game} {players}: {wall:.0f} s wall, {row['cpu']:.0f} s CPU -->", flush=True)
    if pool:
        pool.shutdown()


if __name__ == "__main__":
    main()
