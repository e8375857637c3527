"""Count of Nine's hint in words: the analyst's own reason for the suggested decision (what the best line after it
scores, in the worlds it sampled), see :mod:`ninekit.hints`.
"""

from __future__ import annotations

import random

from ..core import Move, State
from . import analyst

# --- data tables -------------------------------------------------------------------------------------------

# the decisions whose analyst reason reads only the best line after the move itself
LINE_KINDS = ("build", "pay", "demolish", "return")


def explain(state: State, seat: int, move: Move, bot, seed: int):
    """Why ``move`` is good, in the analyst's words: its search in the worlds it samples from ``seed``; for another
    level's move, that move's own best line in the same worlds: ``(reason or None, "")``.

    >>> import ninekit
    >>> s = ninekit.make("count_of_nine").new(1)
    >>> move = decide(s, ninekit.bots.bot_for("count_of_nine", 1))[0]
    >>> explain(s, 0, move, None, 1)[0].startswith("on the sampled deals it gives the best score")
    True
    """
    choice = analyst.choice_for(state, analyst.BOT_SAMPLES, random.Random(seed), analyst.BOT_ROUNDS_AHEAD)
    if choice.move != move:  # another level's move: its own best line in the same worlds
        if move.kind not in LINE_KINDS or move not in choice.moves or not choice.worlds:
            return None, ""  # the analyst's other reasons compare the choice with the rest: not for this move
        best = choice.moves.index(move)
        table = []
        for world, search, values in choice.worlds:
            values = list(values)
            values[best] = max(search.value(child, analyst.NO_FLOOR) for child in analyst.after_move(world, move))
            table.append((world, search, values))
        choice = analyst.Choice(choice.moves, best, choice.means, table)
    return _words(state, choice), ""


def decide(state: State, bot):
    """The computer builder's decision with its reason: ``CountOfNineBot.choose`` is the analyst's sampled
    search (``CountOfNineBot.choice``: ``analyst.choice_for`` with the bot's own samples, rounds ahead and random
    numbers), so run that search once and keep the worlds it weighed for the reason.  Other bots: None."""
    if type(bot) is not analyst.CountOfNineBot:
        return None
    choice = bot.choice(state)
    return choice.move, _words(state, choice), ""


def _words(state: State, choice) -> str:
    """The analyst's sentence for ``choice`` ("Builds Mine now: it scores ...") as our reason ("it scores ...")."""
    head, _, reason = analyst.choice_reason(state, choice).partition(": ")
    return (reason or head).rstrip(".")
