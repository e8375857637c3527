"""Computer players: one ``Bot`` protocol, a seeded ``RandomBot``, game heuristics.

A bot decides for the seat to move from what that seat may know: its
``state.view(seat)`` and its own legal decisions (which depend only on what
the seat knows), or a ``state.determinize(seat, rng)``.  It never reads
``state.position``.

    >>> import random, ninekit
    >>> from ninekit.bots import bot_for
    >>> state = ninekit.make("nine_knights").new(seed=4)
    >>> bots = [bot_for("nine_knights", seed=1), bot_for("nine_knights", seed=2)]
    >>> while not state.is_over:
    ...     state = state.play(bots[state.to_move].choose(state))
    >>> state.outcome.reason != ""
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .code_of_nine.bot import CodeOfNineBot
from .codinca.bot import CodincaBot
from .core import Move, State
from .count_of_nine.analyst import CountOfNineBot
from .double_nine import DoubleNineBot
from .nine_knights import INDEX, fight

__all__ = ["Bot", "RandomBot", "NineKnightsBot", "DoubleNineBot", "CodincaBot", "CountOfNineBot", "CodeOfNineBot",
           "bot_for", "BOTS", "LEVELS"]


class Bot(Protocol):
    """Anything with ``choose(state) -> Move`` for ``state.to_move``."""

    def choose(self, state: State) -> Move: ...


class RandomBot:
    """Chooses uniformly among the legal decisions, from its own seed.

    >>> import ninekit
    >>> s = ninekit.make("nine_knights").new()
    >>> RandomBot(3).choose(s) == RandomBot(3).choose(s)
    True
    """

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        return self.rng.choice(state.legal_moves())


class NineKnightsBot:
    """A simple Nine Knights player.

    It takes a win when it has one, attacks when it *knows* it wins the fight
    (the enemy's number was revealed earlier), avoids fights it knows it
    loses, reveals its Hidden Token when that wins, and otherwise walks its
    Knights towards the enemy Goal field of their own number.

    >>> import ninekit
    >>> from ninekit.nine_knights import position
    >>> s = position({"c9": "S3", "a5": "N1"}, goals=[range(1, 10), range(1, 10)])
    >>> bot = NineKnightsBot(0)
    >>> s = s.play(bot.choose(s)); str(bot.choose(s))
    'Move the chosen Knight to c10'
    """

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        kind = moves[0].kind
        seat = state.to_move
        if kind == "reveal" or (kind == "keep" and len(moves) == 1):
            return moves[0]  # "reveal" is only legal when it wins the fight
        if kind not in ("select", "to"):
            return self.rng.choice([m for m in moves if m.kind != "cancel"] or moves)
        view = state.view(seat)
        if kind == "to":
            frm = view["selected"]
            return max((m for m in moves if m.kind == "to"), key=lambda m: self._score(view, seat, frm, m.args[0]))
        world = state.determinize(seat, self.rng)  # look ahead only in a world built from the view
        best, best_score = None, None
        for select in moves:
            after = world.play(select)
            for to in after.legal_moves():
                if to.kind != "to":
                    continue
                score = self._score(view, seat, select.args[0], to.args[0])
                if best_score is None or score > best_score:
                    best, best_score = select, score
        return best

    def _score(self, view: dict, seat: int, frm: str, to: str) -> float:
        """How good moving the Knight on ``frm`` to ``to`` looks from ``view``."""
        knights = {k["square"]: k for k in view["knights"]}
        mine = knights[frm]
        duty = mine["duty"]
        target = knights.get(to)
        enemy_row = 10 if seat == 0 else 1
        if int(to[1:]) == enemy_row:
            return 1000.0  # only the Goal field of its own number is legal: a win
        goal_col = view["goals"][1 - seat].index(duty)
        goal = goal_col * 1 + (enemy_row - 1) * 9
        score = _distance(INDEX[frm], goal) - _distance(INDEX[to], goal) + self.rng.random() * 0.5
        if target is not None:
            if target["duty"] is None:
                score -= 2.0  # a fight it cannot foresee
            else:
                hidden = view["hidden_tokens"]
                mine_h = hidden[seat] if hidden[seat] == duty else None
                theirs_h = hidden[1 - seat] if view["hidden_revealed"][1 - seat] else None
                won = fight(duty, target["duty"], attacker_hidden=mine_h, defender_hidden=theirs_h)
                score += 50.0 if won == "attacker" else -50.0
        return score


def _distance(a: int, b: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, 9), divmod(b, 9)
    return max(abs(ra - rb), abs(ca - cb))


BOTS: dict[str, Callable[[int | None], Bot]] = {"codinca": CodincaBot, "code_of_nine": CodeOfNineBot,
                                                "count_of_nine": CountOfNineBot, "double_nine": DoubleNineBot,
                                                "nine_knights": NineKnightsBot}


# The levels of every game's computer player, weakest first.
LEVELS = ("easy", "normal", "hard")


def bot_for(game: str, seed: int | None = 0, level: str = "normal") -> Bot:
    """The computer player for ``game`` at ``level`` (one of ``LEVELS``).

    >>> type(bot_for("nine_knights")).__name__
    'NineKnightsBot'
    >>> bot_for("nine_knights", level="expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'expert'; levels are: easy, normal, hard
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are: {', '.join(LEVELS)}")
    if level == "easy":
        return RandomBot(seed)
    return BOTS.get(game, RandomBot)(seed)  # "hard" is being built: ISMCTS (issue 13)
