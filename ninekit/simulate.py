"""Simulation at scale: many seeded bot-against-bot games, one row per game, and a summary.

What every game of ``python -m ninekit simulate`` is (the Dask and tqdm driver that plays them is
``ninekit.parallel``).  A *plan* lists the games; each game is fully decided by its row of the plan
(game, options, seed, the bot level in each seat), so the rows are the same whether the games are
played here one after another or spread over a Dask cluster::

    >>> rows = simulate("nine_knights", games=4, bots=["normal", "random"], seed=7)
    >>> [row["bots"] for row in rows]
    [['normal', 'random'], ['random', 'normal'], ['normal', 'random'], ['random', 'normal']]
    >>> rows == simulate("nine_knights", games=4, bots=["normal", "random"], seed=7)
    True
    >>> summary = summarize(rows)
    >>> summary["games"], sorted(summary["bots"])
    (4, ['normal', 'random'])

Design (see docs/simulation.md):

- Game ``i`` of a run with seed ``S`` is dealt from seed ``S + i``; the bots in its seats are the
  listed bots (repeated to fill the seats) rotated by ``i`` places, so over every ``players``
  consecutive games each listed bot sits in each seat equally often.
- Every bot gets its own seed, derived from the game seed and its seat (:func:`bot_seed`).
- A shared win counts ``1/k`` to each of its ``k`` winners; a draw (no winners) counts 0 to all.
"""

from __future__ import annotations

import csv
import json
import math
import random
import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .bots import LEVELS, RandomBot, bot_for
from .core import SEED_LIMIT, State, make

# --- data tables ---------------------------------------------------------------
# The bot levels a simulation may seat: "random" (uniform over the legal decisions) and the levels of
# ninekit.bots.bot_for, weakest first.
BOT_LEVELS = ("random", *LEVELS)

# One row per game, in this column order (CSV and parquet files too).
ROW_COLUMNS = ("index", "game", "seed", "players", "options", "seats", "bots", "winners", "scores", "length",
               "reason")

# What each column holds (docs/simulation.md prints this table).
COLUMN_MEANINGS = {
    "index": "the game's number in the run, 0 to games - 1 (rows are sorted by it)",
    "game": "the game's name, e.g. nine_knights",
    "seed": "the seed the game was dealt from: ninekit.make(game, players, **options).new(seed)",
    "players": "the number of seats",
    "options": "every option of the game, defaults filled in",
    "seats": "the seat names in seat order, e.g. South;North",
    "bots": "the bot level in each seat, in seat order",
    "winners": "the winning seats (numbers from 0, in seat order); empty for a draw",
    "scores": "each seat's score from the game's outcome, in seat order",
    "length": "the number of decisions (moves) played",
    "reason": "how the game ended, in the game's words",
}

# How a switch option (True/False) may be written after --option name=.
SWITCH_WORDS = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
LIST_SEPARATOR = ";"  # lists in a CSV cell: "South;North", "0;1", "0.5;0.5"; an empty list is ""
MAX_PLIES = 100_000  # a game that has not ended after this many decisions is a bug, not a long game
Z95 = 1.959963984540054  # statistics.NormalDist().inv_cdf(0.975): the 95% two-sided normal quantile


# --- the games -------------------------------------------------------------------
def bot_seed(game: str, seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game dealt from ``seed``: derived from both, 0 to 2**64 - 1.

    String seeding of ``random.Random`` hashes with SHA-512, so this is the same in every process,
    whatever ``PYTHONHASHSEED`` is.

    >>> bot_seed("nine_knights", 3, 0) == bot_seed("nine_knights", 3, 0) != bot_seed("nine_knights", 3, 1)
    True
    """
    return random.Random(f"ninekit.simulate:{game}:{seed}:{seat}").getrandbits(64)


def check_level(level: str) -> str:
    """Return ``level`` if it is one of ``BOT_LEVELS``, else raise ValueError listing them.

    >>> check_level("genius")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot level 'genius'; levels are: random, easy, normal, hard
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels are: {', '.join(BOT_LEVELS)}")
    return level


def make_bot(game: str, level: str, seed: int):
    """A bot for ``game`` at ``level`` (one of ``BOT_LEVELS``) seeded with ``seed``.

    >>> type(make_bot("nine_knights", "random", 1)).__name__, type(make_bot("nine_knights", "normal", 1)).__name__
    ('RandomBot', 'NineKnightsBot')
    """
    if check_level(level) == "random":
        return RandomBot(seed)
    return bot_for(game, seed, level)


def play_out(game: str, bots: Sequence[str], seed: int, players: int | None = None,
             options: Mapping | None = None) -> State:
    """Play one game to its end with the bot level ``bots[seat]`` in each seat; the final State.

    The game is ``ninekit.make(game, players, **options).new(seed)`` and the bot in seat ``s`` is
    ``make_bot(game, bots[s], bot_seed(game, seed, s))``; ``players`` defaults to ``len(bots)``.

    >>> end = play_out("nine_knights", ["normal", "random"], seed=3)
    >>> end.is_over, len(end.history) > 0
    (True, True)
    >>> play_out("nine_knights", ["random"], seed=3)
    Traceback (most recent call last):
    ...
    ValueError: Nine Knights is for 2 players (got 1)
    """
    bots = [check_level(level) for level in bots]
    setup = make(game, len(bots) if players is None else players, **dict(options or {}))
    if len(bots) != setup.players:
        raise ValueError(f"{len(bots)} bots for {setup.players} seats: name one bot level per seat")
    seated = [make_bot(game, level, bot_seed(game, seed, seat)) for seat, level in enumerate(bots)]
    state = setup.new(seed)
    for _ in range(MAX_PLIES):
        if state.is_over:
            return state
        state = state.play(seated[state.to_move].choose(state))
    if state.is_over:
        return state
    raise RuntimeError(f"{game} seed {seed} with bots {bots} did not end within {MAX_PLIES} moves")


def play_game(game: str, bots: Sequence[str], seed: int, players: int | None = None,
              options: Mapping | None = None, index: int = 0) -> dict:
    """Play one game (:func:`play_out`) and return its row (see ``ROW_COLUMNS``): plain JSON values only.

    >>> row = play_game("nine_knights", ["normal", "random"], seed=3)
    >>> list(row) == list(ROW_COLUMNS), row["seats"], row["bots"], row["length"] > 0
    (True, ['South', 'North'], ['normal', 'random'], True)
    """
    state = play_out(game, bots, seed, players, options)
    outcome = state.outcome
    return {
        "index": index,
        "game": game,
        "seed": seed,
        "players": state.game.players,
        "options": state.game.options,
        "seats": list(state.game.seat_names),
        "bots": list(bots),
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "length": len(state.history),
        "reason": outcome.reason,
    }


def lineup(bots: Sequence[str], players: int) -> list[str]:
    """The bots in seat order before any rotation: the list repeated to fill ``players`` seats.

    >>> lineup(["hard", "random"], 3)
    ['hard', 'random', 'hard']
    >>> lineup(["hard", "normal", "easy"], 2)
    Traceback (most recent call last):
    ...
    ValueError: 3 bots for 2 seats: list at most one bot level per seat
    """
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots for {players} seats: list at most one bot level per seat")
    return [bots[seat % len(bots)] for seat in range(players)]


def game_plan(game: str, games: int, bots: Sequence[str], players: int | None = None,
              options: Mapping | None = None, seed: int = 0) -> list[dict]:
    """The seeded games of a run, as keyword arguments of :func:`play_game`; checks everything first.

    Game ``i`` is dealt from ``seed + i``, and the lineup (the bots repeated to fill the seats) is
    rotated by ``i`` places, so every bot plays every seat equally often in each ``players`` games.
    ``players`` defaults to the number of bots, or the game's least player count if that is more.

    >>> [plan["bots"] for plan in game_plan("double_nine", 3, ["hard", "random"], players=3)]
    [['hard', 'random', 'hard'], ['hard', 'hard', 'random'], ['random', 'hard', 'hard']]
    >>> [plan["seed"] for plan in game_plan("double_nine", 3, ["hard"], seed=10)]
    [10, 11, 12]
    >>> game_plan("double_nine", 0, ["hard"])
    Traceback (most recent call last):
    ...
    ValueError: the number of games must be a whole number of at least 1 (got 0)
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be a whole number of at least 1 (got {games!r})")
    if isinstance(bots, str) or not bots:
        raise ValueError(f"bots must be a non-empty list of bot levels ({', '.join(BOT_LEVELS)}), got {bots!r}")
    bots = [check_level(level) for level in bots]
    if type(seed) is not int or not 0 <= seed or seed + games > SEED_LIMIT:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - {games} for {games} games (got {seed!r})")
    if players is None:
        default = make(game)
        players = min(max(len(bots), default.min_players), default.max_players)  # too many bots: lineup() says so
    setup = make(game, players, **dict(options or {}))
    order = lineup(bots, setup.players)
    count = setup.players
    return [
        {"game": game, "bots": [order[(seat - index) % count] for seat in range(count)], "seed": seed + index,
         "players": count, "options": setup.options, "index": index}
        for index in range(games)
    ]


def simulate(game: str, games: int, bots: Sequence[str], players: int | None = None,
             options: Mapping | None = None, seed: int = 0,
             progress: Callable[[int, int], Any] | None = None) -> list[dict]:
    """Play the games of :func:`game_plan` here, one after another; their rows in plan order.

    ``progress(done, total)`` is called after each game.

    >>> seen = []
    >>> rows = simulate("double_nine", 2, ["random"], seed=1, progress=lambda done, total: seen.append(done))
    >>> [row["seed"] for row in rows], seen
    ([1, 2], [1, 2])
    """
    plan = game_plan(game, games, bots, players, options, seed)
    rows = []
    for item in plan:
        rows.append(play_game(**item))
        if progress is not None:
            progress(len(rows), len(plan))
    return rows


def parse_option(game: str, text: str) -> tuple[str, Any]:
    """A ``name=value`` text as the option's name and value, read as the game's Option expects.

    Values are read by the type of the option's default (or of its choices): ``true``/``false``
    (also yes/no, on/off, 1/0) for switches, whole numbers, or the text itself (a whole number when only
    that is allowed, as for Nine Knights' ``first=1``).  Whether the value is allowed is ``ninekit.make``'s
    to say.

    >>> parse_option("double_nine", "deck=mixed"), parse_option("nine_knights", "defection=yes")
    (('deck', 'mixed'), ('defection', True))
    >>> parse_option("nine_knights", "quiet_limit=40")
    ('quiet_limit', 40)
    >>> parse_option("nine_knights", "first=North"), parse_option("nine_knights", "first=1")
    (('first', 'North'), ('first', 1))
    >>> parse_option("nine_knights", "quiet_limit=soon")
    Traceback (most recent call last):
    ...
    ValueError: option 'quiet_limit' of nine_knights needs a whole number (got 'soon')
    >>> parse_option("nine_knights", "colour=red")
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'colour' for nine_knights; options are: defection, quiet_limit, first
    """
    name, equals, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not equals or not name:
        raise ValueError(f"an option is written name=value (got {text!r})")
    known = {option.name: option for option in make(game).rules.options}
    if name not in known:
        raise ValueError(f"unknown option {name!r} for {game}; options are: {', '.join(known) or 'none'}")
    kind = type(known[name].default)
    if kind is bool:
        if value.lower() not in SWITCH_WORDS:
            raise ValueError(f"option {name!r} of {game} is a switch: true or false (got {value!r})")
        return name, SWITCH_WORDS[value.lower()]
    if kind is int:
        try:
            return name, int(value)
        except ValueError:
            raise ValueError(f"option {name!r} of {game} needs a whole number (got {value!r})") from None
    if kind is float:
        try:
            return name, float(value)
        except ValueError:
            raise ValueError(f"option {name!r} of {game} needs a number (got {value!r})") from None
    if re.fullmatch(r"-?[0-9]{1,19}", value) and not _allows(known[name], value) and _allows(known[name], int(value)):
        return name, int(value)
    return name, value


def _allows(option, value: Any) -> bool:
    """Whether ``option`` accepts ``value``."""
    try:
        option.validate(value)
    except ValueError:
        return False
    return True


# --- the summary -------------------------------------------------------------------
def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share ``successes / trials`` (95% by default).

    Fractional successes (shared wins) are used as they are: an approximation that is close for the
    few shared wins of most games.  With no trials the interval is the whole of 0 to 1.

    >>> [round(x, 4) for x in wilson(7, 10)]
    [0.3968, 0.8922]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def reason_kind(reason: str, seats: Iterable[str]) -> str:
    """``reason`` with seat names as "<seat>" and numbers (and words holding digits, like squares) as "N",
    so that endings of one kind count together.

    >>> reason_kind("North's Knight 4 reached South's Goal Token 4 on e1", ["South", "North"])
    "<seat>'s Knight N reached <seat>'s Goal Token N on N"
    >>> reason_kind("Player 2 has two victory tokens", ["Player 1", "Player 2"])
    '<seat> has two victory tokens'
    """
    for name in sorted(seats, key=len, reverse=True):
        reason = reason.replace(name, "<seat>")
    return re.sub(r"\w*\d\w*(\.\d+)?", "N", reason)


def _share(wins: float, seats: int, scores: list) -> dict:
    low, high = wilson(wins, seats)
    return {"seats": seats, "wins": wins, "share": wins / seats if seats else 0.0, "low": low, "high": high,
            "mean_score": statistics.fmean(scores) if scores else None}


def summarize(rows: Sequence[Mapping]) -> dict:
    """Win share per bot level and per seat with 95% Wilson intervals, game lengths, and how games ended.

    A bot's share is its wins over the seats it played (a bot in two seats of a game plays two);
    a shared win counts ``1/k`` to each of its ``k`` winners, a draw 0 to everyone.  ``fair_share`` is
    ``1 / players`` (when every row has the same player count): the share of a bot no better than the rest.
    ``reasons`` counts :func:`reason_kind` of each reason, most frequent first.

    >>> rows = [{"players": 2, "seats": ["A", "B"], "bots": ["hard", "random"], "winners": [0], "scores": [1, 0],
    ...          "length": 10, "reason": "A won"},
    ...         {"players": 2, "seats": ["A", "B"], "bots": ["random", "hard"], "winners": [0, 1],
    ...          "scores": [1, 1], "length": 20, "reason": "A and B share the win"}]
    >>> s = summarize(rows)
    >>> s["bots"]["hard"]["wins"], s["bots"]["random"]["wins"], s["seats"][0]["wins"], s["length"]["mean"]
    (1.5, 0.5, 1.5, 15.0)
    """
    if not rows:
        raise ValueError("no games to summarize")
    bot_wins: dict[str, float] = {}
    bot_seats: Counter = Counter()
    bot_scores: dict[str, list] = {}
    seat_wins: dict[int, float] = {}
    seat_games: Counter = Counter()
    seat_scores: dict[int, list] = {}
    seat_names: dict[int, str] = {}
    reasons: Counter = Counter()
    draws = 0
    for row in rows:
        winners = list(row["winners"])
        draws += not winners
        reasons[reason_kind(row["reason"], row["seats"])] += 1
        for seat, level in enumerate(row["bots"]):
            won = 1 / len(winners) if seat in winners else 0.0
            score = row["scores"][seat]
            bot_wins[level] = bot_wins.get(level, 0.0) + won
            bot_seats[level] += 1
            bot_scores.setdefault(level, []).append(score)
            seat_wins[seat] = seat_wins.get(seat, 0.0) + won
            seat_games[seat] += 1
            seat_scores.setdefault(seat, []).append(score)
            seat_names.setdefault(seat, row["seats"][seat])
    lengths = [row["length"] for row in rows]
    counts = {row["players"] for row in rows}
    players = counts.pop() if len(counts) == 1 else None
    order = sorted(bot_seats, key=lambda level: (BOT_LEVELS.index(level) if level in BOT_LEVELS else 99, level))
    return {
        "games": len(rows),
        "players": players,
        "fair_share": None if players is None else 1 / players,
        "draws": draws,
        "confidence": 0.95,
        "bots": {level: _share(bot_wins[level], bot_seats[level], bot_scores[level]) for level in order},
        "seats": [{"seat": seat, "name": seat_names[seat],
                   **_share(seat_wins[seat], seat_games[seat], seat_scores[seat])} for seat in sorted(seat_games)],
        "length": {"mean": statistics.fmean(lengths), "median": statistics.median(lengths),
                   "min": min(lengths), "max": max(lengths)},
        "reasons": dict(sorted(reasons.items(), key=lambda item: (-item[1], item[0]))),
    }


def format_summary(summary: Mapping, title: str = "") -> str:
    """The summary as a text table for the terminal.

    >>> rows = simulate("nine_knights", games=2, bots=["normal", "random"], seed=1)
    >>> print(format_summary(summarize(rows), "nine_knights"))  # doctest: +ELLIPSIS
    nine_knights: 2 games, 2 players, ... draws
    Win share by bot (95% Wilson interval; a shared win counts 1/k to each of its k winners; fair share 50.0%)
      bot       seats    wins   share   95% interval     mean score
      random  ...
    """
    players = summary["players"]
    draws = summary["draws"]
    head = (f"{summary['games']} games, {players if players is not None else 'mixed'} players, "
            f"{draws} draw{'' if draws == 1 else 's'}")
    fair = summary["fair_share"]
    note = "a shared win counts 1/k to each of its k winners" + (f"; fair share {fair:.1%}" if fair else "")
    lines = [f"{title}: {head}" if title else head,
             f"Win share by bot (95% Wilson interval; {note})",
             f"  {'bot':<8} {'seats':>6} {'wins':>7} {'share':>7}   {'95% interval':<16} mean score"]
    for level, s in summary["bots"].items():
        lines.append(_share_line(level, s))
    lines.append("Win share by seat")
    lines.append(f"  {'seat':<8} {'games':>6} {'wins':>7} {'share':>7}   {'95% interval':<16} mean score")
    for s in summary["seats"]:
        lines.append(_share_line(s["name"], s))
    length = summary["length"]
    lines.append(f"Game length (moves): mean {length['mean']:.1f}, median {length['median']:g}, "
                 f"min {length['min']}, max {length['max']}")
    lines.append("How the games ended (seat names as <seat>, numbers as N)")
    lines.extend(f"  {count:>6}  {kind}" for kind, count in summary["reasons"].items())
    return "\n".join(lines)


def _share_line(label: str, s: Mapping) -> str:
    interval = f"{s['low']:.1%} - {s['high']:.1%}"
    score = "" if s["mean_score"] is None else f"{s['mean_score']:.2f}"
    return f"  {label:<8} {s['seats']:>6} {s['wins']:>7.1f} {s['share']:>7.1%}   {interval:<16} {score}"


# --- rows as CSV -----------------------------------------------------------------------
def csv_row(row: Mapping) -> dict:
    """A row as CSV cells: lists joined with ";" (empty list: empty cell), options as JSON text.

    >>> csv_row({"index": 0, "game": "g", "seed": 1, "players": 2, "options": {"deck": "basic"},
    ...          "seats": ["A", "B"], "bots": ["hard", "random"], "winners": [], "scores": [0.5, 0.5],
    ...          "length": 9, "reason": "draw"})["options"]
    '{"deck": "basic"}'
    """
    cells = {}
    for column in ROW_COLUMNS:
        value = row[column]
        if column == "options":
            value = json.dumps(value, sort_keys=True)
        elif isinstance(value, (list, tuple)):
            value = LIST_SEPARATOR.join(map(str, value))
        cells[column] = value
    return cells


def row_from_csv(cells: Mapping[str, str]) -> dict:
    """The row back from its CSV cells (as read by ``csv.DictReader``): the inverse of :func:`csv_row`.

    >>> row = {"index": 0, "game": "g", "seed": 1, "players": 2, "options": {}, "seats": ["A", "B"],
    ...        "bots": ["hard", "random"], "winners": [1], "scores": [0, 2], "length": 9, "reason": "B won"}
    >>> row_from_csv({k: str(v) for k, v in csv_row(row).items()}) == row
    True
    """
    missing = [column for column in ROW_COLUMNS if column not in cells]
    if missing:
        raise ValueError(f"not a ninekit simulation row: column(s) {', '.join(missing)} missing")

    def split(text: str) -> list[str]:
        return text.split(LIST_SEPARATOR) if text else []

    return {
        "index": int(cells["index"]),
        "game": cells["game"],
        "seed": int(cells["seed"]),
        "players": int(cells["players"]),
        "options": json.loads(cells["options"]),
        "seats": split(cells["seats"]),
        "bots": split(cells["bots"]),
        "winners": [int(seat) for seat in split(cells["winners"])],
        "scores": [_number(score) for score in split(cells["scores"])],
        "length": int(cells["length"]),
        "reason": cells["reason"],
    }


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def write_csv(rows: Iterable[Mapping], file) -> None:
    """Write rows to an open text file as CSV: a header of ``ROW_COLUMNS``, then one line per game.

    >>> import io
    >>> out = io.StringIO()
    >>> write_csv(simulate("double_nine", 1, ["random"], seed=5), out)
    >>> out.getvalue().splitlines()[0]
    'index,game,seed,players,options,seats,bots,winners,scores,length,reason'
    """
    writer = csv.DictWriter(file, fieldnames=ROW_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_row(row) for row in rows)


def read_csv(file) -> list[dict]:
    """The rows of a CSV file written by :func:`write_csv` (an open text file).

    >>> import io
    >>> rows = simulate("double_nine", 2, ["random"], seed=5)
    >>> out = io.StringIO(); write_csv(rows, out); _ = out.seek(0)
    >>> read_csv(out) == rows
    True
    """
    return [row_from_csv(cells) for cells in csv.DictReader(file)]
