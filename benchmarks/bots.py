"""Bot strength: CodincaBot against RandomBot, and against itself, for 2, 3 and 4 players.

    python benchmarks/bots.py               # 30 games per row (~2-3 minutes on 2 cores)
    python benchmarks/bots.py --games 10    # quicker

Each row plays N seeded games (deal seed k, bot seeds from k) through the public API only.
Against RandomBot there is one CodincaBot and the other seats are RandomBots; the CodincaBot
sits in seat k mod players in game k, so it plays from every seat in turn (Fire starts).
CodincaBot against CodincaBot shows how long purposeful games take and how often the house
round limit (default 40 rounds) ends them; there, the first seat's share of the wins is shown
(a fair share is 1/players).  A shared win at the round limit counts as a win for each winner.
See benchmarks/README.md, "Bot strength".
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # `python benchmarks/bots.py` from a checkout without `pip install -e .`
    sys.path.insert(0, str(REPO))

import ninekit  # noqa: E402
from ninekit.bots import RandomBot  # noqa: E402
from ninekit.codinca.bot import CodincaBot  # noqa: E402


@dataclass
class Row:
    players: int
    opponents: str          # "RandomBot" or "CodincaBot"
    games: int = 0
    wins: int = 0           # the measured seat (the CodincaBot against RandomBots, else seat 0) among the winners
    limit: int = 0          # games ended by the round limit
    rounds: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play(players: int, seed: int, vs_random: bool) -> tuple:
    """One game: (the measured seat won, rounds played, ended by the round limit)."""
    state = ninekit.make("codinca", players).new(seed=seed)
    hero = seed % players if vs_random else 0
    bots = [CodincaBot(seed * 10 + p) if (p == hero or not vs_random) else RandomBot(seed * 10 + p)
            for p in range(players)]
    while not state.is_over:
        state = state.play(bots[state.to_move].choose(state))
    return hero in state.outcome.winners, state.view(None)["round"], "round limit" in state.outcome.reason


def measure(players: int, vs_random: bool, games: int) -> Row:
    row = Row(players, "RandomBot" if vs_random else "CodincaBot")
    start = time.perf_counter()
    for seed in range(games):
        won, rounds, limit = play(players, seed, vs_random)
        row.games += 1
        row.wins += won
        row.rounds.append(rounds)
        row.limit += limit
    row.seconds = time.perf_counter() - start
    return row


def report(rows: list) -> str:
    lines = ["| Players | Opponents | Games | CodincaBot wins | Rounds: mean | median | max | Round limit hit "
             "| s/game |",
             "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        if r.opponents == "RandomBot":
            wins = f"{r.wins}/{r.games} ({r.win_rate:.0%})"
        else:
            wins = f"first seat {r.wins}/{r.games} ({r.win_rate:.0%}; fair {1 / r.players:.0%})"
        lines.append(f"| {r.players} | {r.opponents} | {r.games} | {wins} | {statistics.mean(r.rounds):.1f} | "
                     f"{statistics.median(r.rounds):g} | {max(r.rounds)} | {r.limit} | {r.seconds / r.games:.2f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per row (default 30)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    args = parser.parse_args(argv)
    rows = []
    start = time.perf_counter()
    for players in args.players:
        for vs_random in (True, False):
            row = measure(players, vs_random, args.games)
            rows.append(row)
            print(f"  {players} players vs {row.opponents}: {row.seconds:.1f} s", file=sys.stderr)
    print(report(rows))
    print(f"\n{sum(r.games for r in rows)} games in {time.perf_counter() - start:.0f} s "
          "(the first game also builds the bot's distance tables, about 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
