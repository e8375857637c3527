"""The bot arena: a round-robin tournament between learners' bots and the built-in levels.

An *entry* is a learner's function ``choose(view, legal_moves) -> Move``, given only its seat's JSON view
(``state.view(seat)``) and the legal decisions, or a built-in level (``"easy"``, ``"normal"``, ``"hard"``:
:func:`ninekit.bots.bot_for`).  :func:`tournament` plays every group of ``players`` different entries on the
same deals, each deal once in every rotation of the seats, so the luck of the deal and of the seat evens out;
in a solo game (Count of Nine) every entry plays the same deals.  :func:`leaderboard` ranks the entries.

**How a learner's entry is run, and stopped.**  It never runs in the tournament's own process: for each game
it is started in a child process (``fork``), which receives copies of the view and of the legal moves, so it
cannot read or change the real state.  The tournament waits at most ``time_limit`` seconds for each decision.
An entry that raises, returns something that is not a legal move, runs past the limit, or dies *forfeits*: it
loses that game, with the reason, everybody else at the table wins it, and the tournament goes on.  A child
that runs past the limit is killed at once, so a runaway loop burns no CPU afterwards, whatever it is doing
(a thread could not be stopped, and a signal does not interrupt a long C call such as ``10 ** 10 ** 9``); the
child may also allocate at most ``MEMORY_HEADROOM`` more bytes and exits if the tournament's process goes away.
Its ``random`` module is seeded from the deal, so the same seed gives the same results for entries that are
deterministic or use ``random``.  What the entry prints is not shown.  Built-in levels are trusted code: they
run in-process, with their own budgets.  ``fork`` exists on Linux and macOS (and on Binder, JupyterHub, Voila
servers); elsewhere a tournament with learners' entries stops with an error saying so.

    >>> def first(view, legal_moves):
    ...     return legal_moves[0]
    >>> rows = tournament("nine_knights", [entry("first", first), entry("easy")], games=1, seed=3)
    >>> [row["entries"] for row in rows]
    [['first', 'easy'], ['easy', 'first']]
    >>> sorted(row["name"] for row in leaderboard(rows))
    ['easy', 'first']
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import random
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .bots import LEVELS, bot_for
from .core import Move, brief, make
from .simulate import wilson

__all__ = ["Entry", "entry", "fixtures", "tournament", "leaderboard", "TIME_LIMIT", "MAX_TIME_LIMIT",
           "MAX_GAMES", "ROW_COLUMNS", "BOARD_COLUMNS"]

# --- data tables ---------------------------------------------------------------------------------------------

TIME_LIMIT = 1.0        # seconds a learner's entry may think about one decision (the default)
MAX_TIME_LIMIT = 10.0   # the longest limit a tournament may set
MAX_GAMES = 300         # the most games one tournament may play (every group, deal and seating counted)
MEMORY_HEADROOM = 512 * 2**20  # bytes a learner's child process may allocate beyond its size at the start
STOP_WAIT = 2.0         # seconds to wait for a killed child to be gone
WATCH_PARENT = 1.0      # seconds between the child's checks that the tournament is still there
# One row per game (tournament() returns dicts with these keys, in this order).
ROW_COLUMNS = ("number", "seed", "entries", "winners", "scores", "length", "reason", "forfeit", "forfeit_reason")
# One row per entry (leaderboard()).
BOARD_COLUMNS = ("rank", "name", "played", "won", "drawn", "lost", "forfeits", "points", "win_share", "low", "high",
                 "mean_score", "reasons")


@dataclass(frozen=True)
class Entry:
    """A tournament entry: a ``name`` and either a learner's ``choose(view, legal_moves)`` or a built-in
    ``level``; make one with :func:`entry`.

    >>> entry("normal").level, entry("mine", lambda view, legal_moves: legal_moves[0]).level
    ('normal', None)
    """

    name: str
    choose: Callable | None = None
    level: str | None = None


def entry(name: str, choose: Callable | None = None) -> Entry:
    """An entry named ``name``: a learner's ``choose(view, legal_moves) -> Move``, or (without ``choose``) the
    built-in level of that name.

    >>> entry("hard").level
    'hard'
    >>> entry("expert")
    Traceback (most recent call last):
    ...
    ValueError: 'expert' is not a built-in level (easy, normal, hard): give its choose(view, legal_moves) function
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"an entry needs a name (got {brief(name)})")
    name = name.strip()
    if choose is None:
        if name not in LEVELS:
            raise ValueError(f"{name!r} is not a built-in level ({', '.join(LEVELS)}): "
                             "give its choose(view, legal_moves) function")
        return Entry(name, level=name)
    if not callable(choose):
        raise ValueError(f"the entry {name!r} needs a function choose(view, legal_moves) (got {brief(choose)})")
    return Entry(name, choose=choose)


def fixtures(entries: int, players: int, games: int, seed: int = 0) -> list[tuple[tuple[int, ...], int]]:
    """The tournament's games as ``(seats, deal seed)`` pairs, ``seats`` an entry index per seat.

    Every group of ``players`` different entries plays the same ``games`` deals, each deal once in every
    rotation of its seats.

    >>> plan = fixtures(3, 2, 1, seed=0)
    >>> [seats for seats, deal in plan]
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    >>> len({deal for seats, deal in plan})
    1
    """
    if entries < players:
        raise ValueError(f"a {players}-player tournament needs at least {players} entries (got {entries})")
    rng = random.Random(f"arena:{seed}")
    deals = [rng.randrange(2**63) for _ in range(games)]
    return [(group[turn:] + group[:turn], deal)
            for group in itertools.combinations(range(entries), players)
            for deal in deals
            for turn in range(players)]


# --- a learner's entry in its own process ----------------------------------------------------------------------

def _cut(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters (an entry's error message may be long).

    >>> _cut("x" * 300, 10)
    'xxxxxxx...'
    """
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _raised(exc: BaseException, choose: Callable) -> str:
    """``raised ValueError: text (line 3 of choose)``: the exception and where in the learner's code (the
    innermost line in the file that defines ``choose``: a notebook cell, not a library it called)."""
    frames = traceback.extract_tb(exc.__traceback__)[1:]  # the first frame is _serve's call
    home = getattr(getattr(choose, "__code__", None), "co_filename", None)
    frames = [f for f in frames if f.filename == home] or frames
    where = f" (line {frames[-1].lineno} of {frames[-1].name})" if frames else ""
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return f"raised {_cut(text)}{where}"


def _limit_memory() -> None:
    """Let this process allocate at most ``MEMORY_HEADROOM`` more bytes (where the platform tells its size)."""
    try:
        import resource

        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = size + MEMORY_HEADROOM
        if hard == resource.RLIM_INFINITY or limit < hard:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError):
        pass


def _watch_parent(parent: int) -> None:
    """Exit when the tournament's process is gone (a kernel restarted while the entry was thinking)."""
    while os.getppid() == parent:
        time.sleep(WATCH_PARENT)
    os._exit(1)


def _serve(choose: Callable, conn, seed: int, parent: int) -> None:
    """The child's loop: read ``(view, moves)``, answer what ``choose`` made of them."""
    random.seed(seed)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the life of the child
    _limit_memory()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    while True:
        try:
            view, legal = conn.recv()
        except (EOFError, OSError):
            break
        moves = [Move(kind, args, text) for kind, args, text in legal]
        try:
            answer = choose(view, moves)
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt forfeit too
            conn.send(("raised", _raised(exc, choose)))
            continue
        if isinstance(answer, Move):
            conn.send(("move", (answer.kind, answer.args, answer.text)))
        else:
            conn.send(("other", brief(answer)))
    os._exit(0)


class _Child:
    """A learner's entry running in a child process for one game."""

    def __init__(self, choose: Callable, seed: int):
        context = multiprocessing.get_context("fork")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(choose, theirs, seed, os.getpid()), daemon=True)
        with warnings.catch_warnings():  # Python 3.12+ warns about fork in a process with threads (a kernel)
            warnings.simplefilter("ignore", DeprecationWarning)
            self.process.start()
        theirs.close()

    def ask(self, view: dict, moves: Sequence[Move], limit: float) -> tuple[Move | None, str]:
        """``(move, "")`` with the entry's answer (legal or not), or ``(None, why it forfeits)``."""
        try:
            self.conn.send((view, [(m.kind, m.args, m.text) for m in moves]))
            if not self.conn.poll(limit):
                self.stop()
                return None, f"took more than {limit:g} s to decide"
            kind, value = self.conn.recv()
        except (EOFError, OSError):
            self.stop()
            return None, f"stopped running (exit code {self.process.exitcode})"
        if kind == "move":
            return Move(*value), ""
        if kind == "raised":
            return None, value
        return None, f"returned {value}, which is not a move (return one of legal_moves)"

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(STOP_WAIT)
        self.conn.close()


# --- the tournament --------------------------------------------------------------------------------------------

def _seed(deal: int, seat: int) -> int:
    """The seed of the bot (or of the learner's ``random``) in ``seat`` for the deal ``deal``."""
    return random.Random(f"arena-seat:{deal}:{seat}").randrange(2**63)


def _play(game, table: Sequence[Entry], deal: int, time_limit: float) -> dict:
    """Play one game; the row for it (without its number)."""
    state = game.new(deal)
    bots = {seat: bot_for(game.name, _seed(deal, seat), e.level) for seat, e in enumerate(table) if e.level}
    children: dict[int, _Child] = {}
    length, forfeit, why = 0, None, ""
    try:
        while not state.is_over:
            seat = state.to_move
            if seat in bots:
                move = bots[seat].choose(state)
            else:
                if seat not in children:
                    children[seat] = _Child(table[seat].choose, _seed(deal, seat))
                move, why = children[seat].ask(state.view(seat), state.legal_moves(), time_limit)
                problem = why or state.why_illegal(move)
                if problem:
                    forfeit = seat
                    why = why or f"returned an illegal move, {_cut(str(move))}: {problem}"
                    break
            state = state.play(move)
            length += 1
    finally:
        for child in children.values():
            child.stop()
    names = [e.name for e in table]
    if forfeit is not None:
        return {"seed": deal, "entries": names, "winners": [n for s, n in enumerate(names) if s != forfeit],
                "scores": [], "length": length, "reason": f"{names[forfeit]} forfeits: {why}",
                "forfeit": names[forfeit], "forfeit_reason": why}
    outcome = state.outcome
    return {"seed": deal, "entries": names, "winners": [names[s] for s in outcome.winners],
            "scores": list(outcome.scores), "length": length, "reason": outcome.reason, "forfeit": "",
            "forfeit_reason": ""}


def tournament(game: str, entries: Sequence[Entry], games: int = 2, players: int | None = None,
               options: dict | None = None, seed: int = 0, time_limit: float = TIME_LIMIT,
               progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Play the round robin (see :func:`fixtures`) of ``entries`` at ``game``; one row per game (``ROW_COLUMNS``).

    ``games`` deals per group; ``progress(done, total)`` is called after each game.  At most ``MAX_GAMES``
    games in all.

    >>> rows = tournament("double_nine", [entry("easy"), entry("normal")], games=1, seed=1)
    >>> len(rows), rows[0]["entries"], rows[0]["forfeit"]
    (2, ['easy', 'normal'], '')
    >>> tournament("double_nine", [entry("easy")], games=1)
    Traceback (most recent call last):
    ...
    ValueError: a 2-player tournament needs at least 2 entries (got 1)
    """
    table = make(game, players, **(options or {}))
    entries = list(entries)
    if not all(isinstance(e, Entry) for e in entries):
        raise ValueError("entries must be made with arena.entry(name) or arena.entry(name, choose)")
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise ValueError(f"every entry needs its own name (got {', '.join(names)})")
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number from 1 (got {brief(games)})")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
            or not 0 < time_limit <= MAX_TIME_LIMIT:
        raise ValueError(f"time_limit must be a number of seconds above 0, at most {MAX_TIME_LIMIT:g} "
                         f"(got {brief(time_limit)})")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a whole number from 0 (got {brief(seed)})")
    if any(e.choose for e in entries) and "fork" not in multiprocessing.get_all_start_methods():
        raise RuntimeError("the arena runs learners' entries in a child process (fork), which this platform "
                           "does not have: use Linux or macOS (or Binder)")
    plan = fixtures(len(entries), table.players, games, seed)
    if len(plan) > MAX_GAMES:
        raise ValueError(f"that tournament would play {len(plan)} games; the most is {MAX_GAMES} "
                         "(fewer entries or fewer games per group)")
    rows = []
    for number, (seats, deal) in enumerate(plan, 1):
        row = _play(table, [entries[i] for i in seats], deal, float(time_limit))
        rows.append({"number": number, **row})
        if progress is not None:
            progress(number, len(plan))
    return [{key: row[key] for key in ROW_COLUMNS} for row in rows]


def leaderboard(rows: Sequence[dict]) -> list[dict]:
    """The entries ranked: one dict per entry with ``BOARD_COLUMNS``.

    ``won`` counts the games an entry was among the winners of; ``points`` counts a shared win as ``1/k`` to
    each of its ``k`` winners (as :func:`ninekit.simulate.summarize` does), and ``win_share`` is points over
    games played, with its 95 % Wilson interval ``low`` to ``high``.  ``mean_score`` is over the games played
    to the end, ``reasons`` the distinct reasons of the entry's forfeits.  Ranked by win share, then by mean
    score; in a solo game (every row one entry) by mean score.

    >>> rows = [{"entries": ["a", "b"], "winners": ["a"], "scores": [3, 1], "forfeit": "", "forfeit_reason": ""},
    ...         {"entries": ["b", "a"], "winners": ["a"], "scores": [], "forfeit": "b",
    ...          "forfeit_reason": "raised KeyError: 'x'"}]
    >>> [(r["rank"], r["name"], r["won"], r["forfeits"], r["mean_score"]) for r in leaderboard(rows)]
    [(1, 'a', 2, 0, 3.0), (2, 'b', 0, 1, 1.0)]
    """
    stats: dict[str, dict] = {}
    for row in rows:
        for seat, name in enumerate(row["entries"]):
            s = stats.setdefault(name, {"name": name, "played": 0, "won": 0, "drawn": 0, "lost": 0, "forfeits": 0,
                                        "points": 0.0, "scores": [], "reasons": []})
            s["played"] += 1
            if name in row["winners"]:
                s["won"] += 1
                s["points"] += 1 / len(row["winners"])
            elif not row["winners"]:
                s["drawn"] += 1
            else:
                s["lost"] += 1
            if row["forfeit"] == name:
                s["forfeits"] += 1
                if row["forfeit_reason"] not in s["reasons"]:
                    s["reasons"].append(row["forfeit_reason"])
            if row["scores"]:
                s["scores"].append(row["scores"][seat])
    solo = all(len(row["entries"]) == 1 for row in rows)
    board = []
    for s in stats.values():
        share = s["points"] / s["played"]
        low, high = wilson(s["points"], s["played"])
        mean = sum(s["scores"]) / len(s["scores"]) if s["scores"] else math.nan
        board.append({**{k: s[k] for k in ("name", "played", "won", "drawn", "lost", "forfeits", "points")},
                      "win_share": share, "low": min(low, share), "high": max(high, share), "mean_score": mean,
                      "reasons": s["reasons"]})

    def key(r):
        mean = -math.inf if math.isnan(r["mean_score"]) else r["mean_score"]
        return (-mean, -r["win_share"]) if solo else (-r["win_share"], -mean)

    board.sort(key=key)
    return [{"rank": i, **r} for i, r in enumerate(board, 1)]
