"""What the Code of Nine lesson steps are made of: the decisions, reading a state (what the learner's
seat sees), the positions (:func:`last_turn`), the other players' replies, and the four kinds of step
(``step``, ``gain_step``, ``find_step``, ``final_step``).

    >>> place("hearth")
    {'kind': 'place', 'args': ['hearth']}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ninekit
from ninekit.code_of_nine import SEATS, SLOTS, position

from ...lesson import resolve
from ...tables.code_of_nine import CodeOfNineTable
from .. import Step

GAME = "code_of_nine"
RED, BLUE, GREEN, YELLOW = range(4)
GHOST = 3  # the ghost's Memory slots in a 3-player game (owner 3)
INERT = (9, 10, 11, 12, 13, 14)  # cards that do nothing while nobody has 2+ Books or a Legacy


# --- decisions ---------------------------------------------------------------------------------------------


def place(key: str) -> dict:
    """Place an Action pawn: ``place("hearth")``."""
    return {"kind": "place", "args": [key]}


def _one(kind: str):
    return lambda arg: {"kind": kind, "args": [arg]}


look, player, item, take, give, ret, gain, exchange = map(
    _one, ("look", "player", "item", "take", "give", "return", "gain", "exchange"))
redraw, shoal = _one("redraw"), _one("shoal")
STOP = {"kind": "stop", "args": []}


# --- reading a state (what the learner's seat sees) ---------------------------------------------------------


def sheet_of(state: ninekit.State, seat: int) -> dict:
    """``seat``'s own sheet (its items, Will, ...), as ``seat`` sees it."""
    return state.view(seat)["sheets"][seat]


def known_code(state: ninekit.State, viewer: int, owner: int, slot: str) -> int | None:
    """The code ``viewer`` knows in ``owner``'s ``slot`` (None: unknown)."""
    return state.view(viewer)["slots"][2 * owner + SLOTS.index(slot)]["code"]


def only_winner(seat: int) -> Callable[[ninekit.State], bool]:
    """The game is over and ``seat`` is its only winner."""
    return lambda state: state.is_over and state.outcome.winners == (seat,)


def after_last(state: ninekit.State, seat: int) -> ninekit.State:
    """The state right after ``seat``'s last decision (before the others replied)."""
    node = state
    while node is not None and node.history and node.history[-1][0] != seat:
        node = node.parent
    return node if node is not None and node.history else state


def gained_exactly(start: ninekit.State, seat: int, key: str, n: int) -> Callable[[ninekit.State], bool]:
    """``seat``'s sheet value ``key`` rose by exactly ``n`` since ``start`` (read after its own decisions)."""
    base = sheet_of(start, seat)[key]
    return lambda state: state is not start and sheet_of(after_last(state, seat), seat)[key] - base == n


def ending_miss(cards: Sequence[int]) -> Callable[[ninekit.State], str]:
    """The answer to a last turn that did not win: the outcome, what ``cards`` did and every card that named the
    learner (the engine's scoring notes)."""
    def miss(state: ninekit.State) -> str:
        if not state.is_over:
            return "the game is not over yet"
        score = state.view(None)["score"]
        me = SEATS[state.history[-1][0]]  # the learner made the game's last decision
        notes = [n for part in score["steps"] for n in part["notes"]
                 if set(part["cards"]) & set(cards) or f": {me} " in n]
        notes = list(dict.fromkeys(notes))
        totals = ", ".join(f"{SEATS[s]} {t}" for s, t in enumerate(score["totals"]))
        shared = ", and a shared win is not enough here" if state.history[-1][0] in state.outcome.winners else ""
        return f"{state.outcome.reason} ({totals}){shared}; " + "; ".join(notes)
    return miss


def prefer_reply(items: Sequence) -> Callable[[ninekit.State], dict]:
    """The other players' replies: the first of ``items`` that is legal now (else their first legal decision).

    Stateless, so a step plays the same after Reset: ``[place("hearth"), place("tunnel")]`` puts the first
    reply on Hearth of Thoughts and the next on Beyond the Tunnel.
    """
    def choose(state: ninekit.State):
        for candidate in items:
            if resolve(state, candidate) is not None:
                return candidate
        return state.legal_moves()[0]
    return choose


def all_of(*checks: Callable[[ninekit.State], bool]) -> Callable[[ninekit.State], bool]:
    """A check that holds when every one of ``checks`` holds."""
    return lambda state: all(check(state) for check in checks)


# --- positions ----------------------------------------------------------------------------------------------


def _all_seen(players: int, learner: int) -> dict:
    """``seen=`` for a learner who has looked at every other Memory (the ghost's too)."""
    return {learner: [(o, slot) for o in range(4) if o != learner for slot in SLOTS]}


def last_turn(memories: Sequence[int], items: Sequence[dict], *, learner: int = RED, players: int = 4,
              will: Sequence[int] | None = None, **kwargs) -> ninekit.State:
    """Round 5, the learner's last Action pawn (everyone else has placed theirs), every Memory known to it.

    >>> s = last_turn([1, 4, *INERT], [{"coins": 3}, {}, {}, {}])
    >>> s.view(0)["round"], s.to_move, all(slot["code"] for slot in s.view(0)["slots"])
    (5, 0, True)
    """
    pawns = [1 if s == learner else 0 for s in range(players)]
    return position(players=players, round=5, memories=list(memories), items=list(items),
                    will=list(will) if will is not None else [3] * players, pawns=pawns, turn=learner,
                    seen=_all_seen(players, learner), **kwargs)


def game_at(**kwargs) -> ninekit.State:
    """``position(...)`` with 8 Memories by default (the learner's own two: 01 and 02)."""
    kwargs.setdefault("memories", [1, 2, 3, 4, 5, 6, 7, 8])
    return position(**kwargs)


def seat_items(*rows: str) -> list[dict]:
    """``seat_items("3 0 1", "0 2 0")``: coins, statues, books per seat."""
    return [dict(zip(("coins", "statues", "books"), map(int, row.split()))) for row in rows]


# --- the steps ----------------------------------------------------------------------------------------------
# Each step is data: a record (widgets.lessons.Step) made by one of four kinds of step below (a gain, a look,
# a last turn, or any other goal), listed chapter by chapter in CHAPTERS.
HEARTH = prefer_reply([place("hearth")])  # the other players' usual reply: Hearth of Thoughts while it is free


def step(key: str, title: str, start: ninekit.State, goal: str, check, solution: Sequence, hint, success: str,
         miss, wrong: tuple, teaches: Sequence[str], uses: Sequence[str] = (), **kwargs) -> Step:
    """One step's record (:class:`widgets.lessons.Step`); the others reply by :data:`HEARTH` unless told."""
    return Step(key, title, start, goal=goal, check=check, solution=solution, hint=hint, success=success,
                miss=miss, wrong=wrong, teaches=teaches, uses=uses, **kwargs)


def gain_step(key: str, title: str, start: ninekit.State, goal: str, gains: dict, solution, hint, success, miss, wrong,
              teaches, uses=(), seat: int = RED, **kwargs) -> Step:
    """A step whose goal is to gain exactly ``gains`` (``{"coins": 3}``) on the learner's sheet."""
    check = all_of(*(gained_exactly(start, seat, what, n) for what, n in gains.items()))
    return step(key, title, start, goal, check, solution, hint, success, miss, wrong, teaches, uses, **kwargs)


def find_step(key: str, title: str, start: ninekit.State, goal: str, owner: int, slot: str, solution, hint, success,
              wrong, teaches, uses=(), **kwargs) -> Step:
    """A step whose goal is to know ``owner``'s ``slot`` card (a look)."""
    name = GHOST_NAME if owner == GHOST else SEATS[owner]
    kwargs.setdefault("miss", f"you do not know {name}'s {slot} card")
    return step(key, title, start, goal, lambda s: known_code(s, RED, owner, slot) is not None, solution, hint,
                success, kwargs.pop("miss"), wrong, teaches, uses, **kwargs)


SHEETS_ONLY = CodeOfNineTable(board=False)  # the deal's steps: the players' sheets, no locations yet

LAST_TURN_USES = ("turn", "end-5", "reveal", "most-vp", "item-values")


def final_step(key: str, title: str, cards: Sequence[int], memories: Sequence[int], items: Sequence[dict], goal: str,
               solution, wrong, hint, success, teaches, uses=LAST_TURN_USES, **kwargs) -> Step:
    """The last turn of a game in which the learner knows all 8 Memories: win it (the answer names ``cards``)."""
    start = last_turn(memories, items, **{k: kwargs.pop(k) for k in list(kwargs) if k in _LAST_TURN_ARGS})
    kwargs.setdefault("miss", ending_miss(cards))
    return step(key, title, start, goal, only_winner(start.to_move), solution, hint, success, kwargs.pop("miss"), wrong,
                teaches, uses, **kwargs)


_LAST_TURN_ARGS = {"learner", "players", "will", "expert", "ninth", "white", "black", "released", "medal", "start",
                   "placed"}
GHOST_NAME = "the Ghost"


def dealt_game(players: int = 4, seed: int = 5, expert: bool = False, arranged: bool = False) -> ninekit.State:
    """A real deal (a seeded new game); every player keeps both cards and, with ``arranged``, puts the first in
    the Shoal."""
    state = ninekit.make(GAME, players, expert=expert).new(seed=seed)
    for _ in range(players):
        state = state.play(state.game.parse_move(redraw("keep")))
    for _ in range(players if arranged else 0):
        state = state.play(state.game.parse_move(shoal(0)))
    return state


def location_view(state: ninekit.State, key: str) -> dict:
    """The location ``key`` as the learner (Red) sees it (its pawns, its section, ...)."""
    return next(loc for loc in state.view(RED)["locations"] if loc["key"] == key)


def example_c_miss(state: ninekit.State) -> str:
    """Example C lost: the only way is to give away your 03 (Hall of the Ninth), which says why."""
    text = ending_miss([3, 16, 20, 22])(state)
    if state.is_over and state.view(BLUE)["slots"][2 * BLUE]["code"] != 3:
        text = ("your 03 went to the Ninth Memory, so it is no longer in the game and nothing stops C (Green), who "
                "has the least Coins: " + text)
    return text


def sheets_items(players: Sequence[dict]) -> list[dict]:
    """The Coins, Statues and Books of each of ``players`` (a worked example's rows).

    >>> sheets_items([{"coins": 5, "statues": 3, "books": 2, "will": 2}])
    [{'coins': 5, 'statues': 3, 'books': 2}]
    """
    return [{"coins": p["coins"], "statues": p["statues"], "books": p["books"]} for p in players]
