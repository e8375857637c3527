"""Count of Nine's analyst: how long best_line takes on a deal, how long a hint takes, how strong the bot is.

    python benchmarks/analyst.py                       # caps 3, 4, 5 on 10 deals; hints; 10 bot games
    python benchmarks/analyst.py --deals 20 --caps 5   # more deals, one cap
    python benchmarks/analyst.py --uncapped 60         # also uncapped, each deal stopped after 60 s
    python benchmarks/analyst.py --games 20 --skip-hints

1. best_line from the opening of a game (set-up's last step: round 0, the deck dealt): deal k is
   ``ninekit.make("count_of_nine", games=1).new(k)`` with target number k mod 5, timed (CPU seconds of this
   process, so other processes on the machine count little) for each round cap; median and max.
   ``--uncapped T`` runs max_rounds=None in a child process per deal and stops it after T seconds.
2. hint (samples=8): the CPU time of every decision of a game played by following the hints.
3. CountOfNineBot against RandomBot: N two-game matches each (match seed k, bot seed k), the average match
   total, and for comparison the average of best_line (cap given by --best-cap) over the same deals.

Nothing here is a timed test; tests/test_benchmarks_smoke.py only checks that the functions run.
See benchmarks/README.md, "Count of Nine analyst".
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # `python benchmarks/analyst.py` from a checkout without `pip install -e .`
    sys.path.insert(0, str(REPO))

import ninekit  # noqa: E402
from ninekit.bots import RandomBot  # noqa: E402
from ninekit.core import Move  # noqa: E402
from ninekit.count_of_nine import HIGH_STRUCTURES, best_line, hint, position  # noqa: E402
from ninekit.count_of_nine.analyst import CountOfNineBot  # noqa: E402


def opening(deal: int, games: int = 1):
    """Deal ``deal``: a new game (seed ``deal``), target number ``deal`` mod 5 chosen, at set-up's last step."""
    state = ninekit.make("count_of_nine", games=games).new(deal)
    return state.play(Move("target", (HIGH_STRUCTURES[deal % len(HIGH_STRUCTURES)],)))


@dataclass
class Timing:
    cap: int | None
    deals: list = field(default_factory=list)      # deal numbers
    seconds: list = field(default_factory=list)    # CPU seconds each (None: stopped at the limit)
    scores: list = field(default_factory=list)     # best score each (None: stopped)

    def summary(self) -> tuple:
        done = [s for s in self.seconds if s is not None]
        stopped = len(self.seconds) - len(done)
        median = statistics.median(done) if done and not stopped else None
        return median, max(done) if done else None, stopped


def time_best_line(deals, cap: int | None) -> Timing:
    """best_line from each deal's opening with round cap ``cap``, timed in CPU seconds."""
    row = Timing(cap)
    for deal in deals:
        state = opening(deal)
        start = time.process_time()
        score, moves = best_line(state, max_rounds=cap)
        row.seconds.append(time.process_time() - start)
        row.scores.append(score)
        row.deals.append(deal)
    return row


def _uncapped_child(deal: int, queue) -> None:
    state = opening(deal)
    start = time.process_time()
    score, _moves = best_line(state)
    queue.put((score, time.process_time() - start))


def time_uncapped(deals, limit: float) -> Timing:
    """best_line with no round cap (the house limit of 20 rounds), each deal in a child process stopped after
    ``limit`` wall-clock seconds."""
    row = Timing(None)
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    for deal in deals:
        queue = context.Queue()
        child = context.Process(target=_uncapped_child, args=(deal, queue), daemon=True)
        child.start()
        child.join(limit)
        if child.is_alive():
            child.terminate()
            child.join()
            row.seconds.append(None)
            row.scores.append(None)
        else:
            score, seconds = queue.get()
            row.seconds.append(seconds)
            row.scores.append(score)
        row.deals.append(deal)
    return row


def hint_times(deal: int, samples: int = 8, limit: int = 200) -> list:
    """(phase, round, CPU seconds) of every hint along a game played by following the hints."""
    state = ninekit.make("count_of_nine", games=1).new(deal)
    out = []
    while not state.is_over and len(out) < limit:
        view = state.view(0)
        start = time.process_time()
        move, _reason = hint(state, samples=samples, seed=deal)
        out.append((view["phase"], view["round"], time.process_time() - start))
        state = state.play(move)
    return out


def bot_strength(matches: int, best_cap: int | None, make_bot=CountOfNineBot) -> dict:
    """The computer builder (``make_bot(seed)``) and RandomBot over the same two-game matches; the bot's
    decision times; best_line per deal (the deals the bot played, cap ``best_cap``; None to skip)."""
    totals = {"bot": [], "random": []}
    decisions = []
    best = []
    for seed in range(matches):
        for name, factory in (("bot", make_bot), ("random", RandomBot)):
            state = ninekit.make("count_of_nine").new(seed)
            player = factory(seed)
            while not state.is_over:
                start = time.process_time()
                move = player.choose(state)
                if name == "bot":
                    decisions.append(time.process_time() - start)
                state = state.play(move)
            totals[name].append(state.outcome.scores[0])
            if name == "bot" and best_cap is not None:
                for game in state.view(0)["results"]:  # the deals the bot played, known once each game ends
                    dealt = position(target=game["target"], deck=game["deal"], round=0)
                    best.append(best_line(dealt, max_rounds=best_cap)[0])
    return {"bot": totals["bot"], "random": totals["random"], "decisions": decisions, "best": best}


def timing_report(rows: list) -> str:
    lines = ["| Round cap | Deals | Median | Max | Stopped at the limit | Best score: median | min | max |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        median, worst, stopped = row.summary()
        scores = [s for s in row.scores if s is not None]
        lines.append(f"| {row.cap if row.cap is not None else 'none (20-round house limit)'} | {len(row.deals)} | "
                     f"{'–' if median is None else f'{median:.2f} s'} | "
                     f"{'–' if worst is None else f'{worst:.2f} s'} | {stopped} | "
                     f"{statistics.median(scores) if scores else '–'} | {min(scores, default='–')} | "
                     f"{max(scores, default='–')} |")
    return "\n".join(lines)


def hint_report(times: list) -> str:
    by = {}
    for phase, _rnd, seconds in times:
        by.setdefault("turn and payment" if phase in ("turn", "pay", "demolish", "return") else
                      "before a round" if phase == "round" else "target", []).append(seconds)
    lines = ["| Decisions | Count | Mean | Median | Max |", "| --- | ---: | ---: | ---: | ---: |"]
    for kind in ("target", "before a round", "turn and payment"):
        values = by.get(kind, [])
        if values:
            lines.append(f"| {kind} | {len(values)} | {statistics.mean(values):.2f} s | "
                         f"{statistics.median(values):.2f} s | {max(values):.2f} s |")
    every = [s for _p, _r, s in times]
    lines.append(f"| all | {len(every)} | {statistics.mean(every):.2f} s | {statistics.median(every):.2f} s | "
                 f"{max(every):.2f} s |")
    return "\n".join(lines)


def bot_report(result: dict, best_cap: int | None) -> str:
    bot, rnd, dec = result["bot"], result["random"], result["decisions"]
    lines = ["| Player | Matches | Match total: mean | min | max |", "| --- | ---: | ---: | ---: | ---: |",
             f"| CountOfNineBot | {len(bot)} | {statistics.mean(bot):.1f} | {min(bot)} | {max(bot)} |",
             f"| RandomBot | {len(rnd)} | {statistics.mean(rnd):.1f} | {min(rnd)} | {max(rnd)} |"]
    if result["best"]:
        per_match = [sum(result["best"][i:i + 2]) for i in range(0, len(result["best"]), 2)]
        lines.append(f"| best_line on the bot's deals (cap {best_cap}, knows the order) | {len(per_match)} | "
                     f"{statistics.mean(per_match):.1f} | {min(per_match)} | {max(per_match)} |")
    lines.append(f"\nBot decisions: {len(dec)}, mean {statistics.mean(dec) * 1000:.0f} ms, "
                 f"max {max(dec):.2f} s (CPU).")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="deals timed for best_line (default 10)")
    parser.add_argument("--caps", type=int, nargs="*", default=[3, 4, 5], help="round caps (default 3 4 5)")
    parser.add_argument("--uncapped", type=float, default=0.0, metavar="T",
                        help="also time max_rounds=None, stopping each deal after T seconds (default: skip)")
    parser.add_argument("--hint-deals", type=int, default=2, help="games played by the hint (default 2)")
    parser.add_argument("--skip-hints", action="store_true")
    parser.add_argument("--games", type=int, default=10, help="bot and random two-game matches (default 10)")
    parser.add_argument("--best-cap", type=int, default=4, help="round cap of best_line on the bot's deals")
    args = parser.parse_args(argv)
    deals = list(range(args.deals))
    rows = []
    for cap in args.caps:
        rows.append(time_best_line(deals, cap))
        print(f"  cap {cap}: {sum(rows[-1].seconds):.1f} s", file=sys.stderr)
    if args.uncapped:
        rows.append(time_uncapped(deals, args.uncapped))
    if rows:
        print("best_line from the opening (CPU seconds):\n")
        print(timing_report(rows))
    if not args.skip_hints:
        times = []
        for deal in range(args.hint_deals):
            times += hint_times(deal)
        print("\nhint(samples=8) along games that follow it (CPU seconds):\n")
        print(hint_report(times))
    if args.games:
        result = bot_strength(args.games, args.best_cap)
        print("\nCountOfNineBot against RandomBot, two-game matches:\n")
        print(bot_report(result, args.best_cap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
