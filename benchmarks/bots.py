"""Bot strength: CodincaBot against RandomBot, and against itself, for 2, 3 and 4 players; CodeOfNineBot
against RandomBot in 3- and 4-player, normal and expert games.

    python benchmarks/bots.py               # Codinca: 30 games per row (~2-3 minutes on 2 cores)
    python benchmarks/bots.py --games 10    # quicker
    python benchmarks/bots.py --game code_of_nine --games 100     # Code of Nine: ~15 minutes a setting
    python benchmarks/bots.py --game code_of_nine --settings 4n 3e --games 20

Each row plays N seeded games (deal seed k, bot seeds from k) through the public API only.
Against RandomBot there is one CodincaBot and the other seats are RandomBots; the CodincaBot
sits in seat k mod players in game k, so it plays from every seat in turn (Fire starts).
CodincaBot against CodincaBot shows how long purposeful games take and how often the house
round limit (default 40 rounds) ends them; there, the first seat's share of the wins is shown
(a fair share is 1/players).  A shared win at the round limit counts as a win for each winner.

Code of Nine: one CodeOfNineBot, every other seat a RandomBot; game k is dealt from seed k and the bot sits
in seat k mod players, so it plays from every seat in turn.  A k-way shared win counts 1/k (so the fair share
is 1/players); games where nobody may win count 0 for everyone.  The time of each of the bot's decisions is
recorded.
See benchmarks/README.md, "Bot strength" and "Code of Nine bot".
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
from ninekit.code_of_nine.bots import PLY_BUDGET, CodeOfNineBot  # noqa: E402
from ninekit.codinca.bots import CodincaBot  # noqa: E402


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


# --- Code of Nine ------------------------------------------------------------------------------------

NINE_SETTINGS = {"4n": (4, False), "4e": (4, True), "3n": (3, False), "3e": (3, True)}


@dataclass
class NineRow:
    players: int
    expert: bool
    games: int = 0
    share: float = 0.0      # the bot's wins, a k-way shared win counting 1/k
    outright: int = 0       # games the bot won alone
    decisions: list = field(default_factory=list)   # seconds per bot decision
    seconds: float = 0.0

    @property
    def setting(self) -> str:
        return f"{self.players}p {'expert' if self.expert else 'normal'}"

    @property
    def win_share(self) -> float:
        return self.share / self.games if self.games else 0.0

    @property
    def error(self) -> float:
        """The standard error of the win share (binomial approximation)."""
        p = self.win_share
        return (p * (1 - p) / self.games) ** 0.5 if self.games else 0.0


def play_code_of_nine(players: int, expert: bool, seed: int, budget: int = PLY_BUDGET) -> tuple:
    """One game, the CodeOfNineBot in seat ``seed % players``: (its win share, seconds per decision)."""
    state = ninekit.make("code_of_nine", players, expert=expert).new(seed=seed)
    hero = seed % players
    bots = [CodeOfNineBot(seed * 10 + p, budget) if p == hero else RandomBot(seed * 10 + p) for p in range(players)]
    times = []
    while not state.is_over:
        seat = state.to_move
        start = time.perf_counter()
        move = bots[seat].choose(state)
        if seat == hero:
            times.append(time.perf_counter() - start)
        state = state.play(move)
    winners = state.outcome.winners
    return (1 / len(winners) if hero in winners else 0.0), times


def measure_code_of_nine(players: int, expert: bool, games: int, budget: int = PLY_BUDGET,
                         first_seed: int = 0, progress=None) -> NineRow:
    row = NineRow(players, expert)
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        share, times = play_code_of_nine(players, expert, seed, budget)
        row.games += 1
        row.share += share
        row.outright += share == 1
        row.decisions += times
        if progress:
            print(f"  {row.setting} game {seed}: bot share {share:g}; so far {row.share:g}/{row.games} "
                  f"({row.win_share:.2f})", file=progress, flush=True)
    row.seconds = time.perf_counter() - start
    return row


def nine_report(rows: list) -> str:
    lines = ["| Setting | Games | Bot win share | ± s.e. | Fair share | Won alone | Decisions | s/decision: mean "
             "| median | 95th pct | max | s/game |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        d = sorted(r.decisions)
        lines.append(f"| {r.setting} | {r.games} | {r.share:g}/{r.games} = {r.win_share:.2f} | {r.error:.2f} | "
                     f"{1 / r.players:.2f} | {r.outright} | {len(d)} | {statistics.mean(d):.2f} | "
                     f"{statistics.median(d):.2f} | {d[int(0.95 * (len(d) - 1))]:.2f} | {d[-1]:.2f} | "
                     f"{r.seconds / r.games:.1f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="codinca", choices=["codinca", "code_of_nine"])
    parser.add_argument("--games", type=int, default=30, help="games per row (default 30)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--settings", nargs="+", default=list(NINE_SETTINGS), choices=list(NINE_SETTINGS),
                        help="Code of Nine: 4n 4e 3n 3e (players, normal/expert)")
    parser.add_argument("--budget", type=int, default=PLY_BUDGET, help="Code of Nine: playout plies per decision")
    parser.add_argument("--first-seed", type=int, default=0, help="Code of Nine: the first game's seed")
    args = parser.parse_args(argv)
    if args.game == "code_of_nine":
        start = time.perf_counter()
        rows = []
        for key in args.settings:
            rows.append(measure_code_of_nine(*NINE_SETTINGS[key], args.games, args.budget, args.first_seed,
                                             progress=sys.stderr))
            print(nine_report(rows[-1:]), file=sys.stderr, flush=True)
        print(nine_report(rows))
        print(f"\n{sum(r.games for r in rows)} games in {time.perf_counter() - start:.0f} s "
              f"(budget {args.budget} playout plies per decision)")
        return 0
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
