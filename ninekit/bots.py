"""Computer players: one ``Bot`` protocol, a seeded ``RandomBot``, game heuristics, and the levels.

A bot decides for the seat to move from what that seat may know: its
``state.view(seat)`` and its own legal decisions (which depend only on what
the seat knows), or a ``state.determinize(seat, rng)``.  It never reads
``state.position`` of the real game (only of worlds sampled from the view).

``bot_for(game, seed, level)`` gives every game's player at each of ``LEVELS``:
``easy`` (random), ``normal`` (the game's heuristic), ``hard`` (a search on the
heuristic with the settings in ``HARD``: :class:`~ninekit.search.ISMCTS`,
:class:`~ninekit.search.Rollouts`, or the heuristic's own search, longer); see ``docs/bots.md``.

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

from .code_of_nine.bots import CodeOfNineBot
from .code_of_nine.bots import hard_level as c9n_hard_level
from .codinca.bots import CodincaBot
from .codinca.hard import CodincaHardBot
from .core import Move, State
from .count_of_nine.bots import CountOfNineBot
from .count_of_nine.bots import hard_level as c9_hard_level
from .double_nine.bots import DoubleNineBot, DoubleNineRollouts
from .double_nine.bots import game_over as dn_game_over
from .double_nine.bots import match_value as dn_match_value
from .nine_knights.bots import NineKnightsBot, threat
from .nine_knights.bots import playout_value as nk_playout_value
from .search import ISMCTS

__all__ = ["Bot", "RandomBot", "NineKnightsBot", "DoubleNineBot", "CodincaBot", "CountOfNineBot", "CodeOfNineBot",
           "bot_for", "hard_bot", "threat", "BOTS", "HARD", "LEVELS", "LEVEL_NOTES", "NO_STRONGER"]


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


BOTS: dict[str, Callable[[int | None], Bot]] = {"codinca": CodincaBot, "code_of_nine": CodeOfNineBot,
                                                "count_of_nine": CountOfNineBot, "double_nine": DoubleNineBot,
                                                "nine_knights": NineKnightsBot}


# The levels of every game's computer player, weakest first.
LEVELS = ("easy", "normal", "hard")

# What each level does, per game, in a player's words (the app's level chooser shows them).  The strengths are
# measured: benchmarks/README.md, "Bot levels" (hard against normal on the same deals).
LEVEL_NOTES: dict[str, dict[str, str]] = {
    "nine_knights": {
        "easy": "any legal move, at random",
        "normal": "defends its Goal Tokens, attacks only fights it knows it wins: answers at once",
        "hard": "searches what your hidden tokens may be, about a second a move: beat normal in 31 of 32 games",
    },
    "double_nine": {
        "easy": "any legal card, at random",
        "normal": "tries each choice of its turn and keeps the one that puts it furthest ahead: answers at once",
        "hard": "plays each choice out many times, about half a second a move: wins clearly more often than normal",
    },
    "codinca": {
        "easy": "any legal move, at random",
        "normal": "searches its own turn for the board nearest its next Key Disc: answers at once",
        "hard": "also looks at what the others can do next turn and blocks them: wins clearly more often than "
                "normal",
    },
    "count_of_nine": {
        "easy": "any legal decision, at random",
        "normal": "searches the best play over this round and the next, on a few guesses of the deck",
        "hard": "searches one round further ahead: about 2 points more a match than normal",
    },
    "code_of_nine": {
        "easy": "any legal decision, at random",
        "normal": "plays each choice out in many guessed worlds, about half a second a decision",
        "hard": "the same search with five times the budget: measured, it plays no better than normal",
    },
}
# Levels measured no stronger than another of the same game (the chooser says so): {game: {level: as_strong_as}}.
NO_STRONGER: dict[str, dict[str, str]] = {"code_of_nine": {"hard": "normal"}}


# --- the hard level: ISMCTS, tuned per game ----------------------------------------------------------------

# Per game: the settings of ``hard`` (budgets calibrated in benchmarks/levels.py so that a decision takes about
# 1 s and at most about 2 s of CPU on one core of the development machine).  Most games use the ISMCTS with
# these keywords; a ``bot`` entry is instead a factory ``bot(seed, **budget)`` of a longer ``normal`` search.
HARD: dict[str, dict] = {
    "nine_knights": {"iterations": 150, "rollout": NineKnightsBot, "rollout_plies": 24,
                     "evaluate": nk_playout_value},
    "double_nine": {"bot": DoubleNineRollouts, "iterations": 64, "policy": DoubleNineBot, "anchor": DoubleNineBot,
                    "until": dn_game_over, "evaluate": dn_match_value},
    "codinca": {"bot": CodincaHardBot, "iterations": 8, "candidates": 10},
    "code_of_nine": {"bot": c9n_hard_level},
    "count_of_nine": {"bot": c9_hard_level},
}


def hard_bot(game: str, seed: int | None = 0, **budget) -> Bot:
    """The ``hard`` level of ``game``: :class:`~ninekit.search.ISMCTS` with the game's settings (or the
    game's own longer search, where ``HARD`` names a ``bot``).

    ``budget`` overrides them (``iterations=``, ``seconds=``, ...).

    >>> hard_bot("nine_knights", 1, iterations=10).iterations
    10
    >>> hard_bot("code_of_nine", 1, iterations=500).budget
    500
    """
    settings = dict(HARD.get(game, {}))
    settings.update(budget)
    factory = settings.pop("bot", None)
    if factory is not None:
        return factory(seed, **settings)
    return ISMCTS(seed, **settings)


def bot_for(game: str, seed: int | None = 0, level: str = "normal", **budget) -> Bot:
    """The computer player for ``game`` at ``level`` (one of ``LEVELS``).

    ``easy`` chooses at random, ``normal`` is the game's heuristic bot, ``hard`` searches
    (:func:`hard_bot`; ``budget`` keywords such as ``iterations=`` apply to it only).

    >>> type(bot_for("nine_knights")).__name__
    'NineKnightsBot'
    >>> type(bot_for("nine_knights", level="hard", iterations=5)).__name__
    'ISMCTS'
    >>> bot_for("nine_knights", level="expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'expert'; levels are: easy, normal, hard
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are: {', '.join(LEVELS)}")
    if budget and level != "hard":
        raise ValueError(f"budget keywords ({', '.join(budget)}) apply to the hard level only")
    if level == "easy":
        return RandomBot(seed)
    if level == "hard":
        return hard_bot(game, seed, **budget)
    return BOTS.get(game, RandomBot)(seed)
