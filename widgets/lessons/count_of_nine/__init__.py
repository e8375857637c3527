"""The Count of Nine tutorial's lesson steps: every rule is a decision the learner makes on the real cards.

Lessons are data.  :data:`RULES` (``rules.py``) lists the game's atomic rules; each chapter (``basics.py``,
``later.py``) is a function listing its steps as :class:`widgets.lessons.Step` records, made by ``play.lesson``
or one of three builders (``build_step``, ``score_step``, ``end_step``), each naming the rules it ``teaches``
and ``uses``; :data:`CHAPTERS` orders them and ``tutorial()`` adds them chapter by chapter.
``notebooks/tutorials/count_of_nine.ipynb`` shows one step per cell under the chapters' headings, and
``docs/count_of_nine.md``'s rules table is written from this data. Every position is built with the rules
engine (``ninekit.count_of_nine.position``, a seeded game, or a position followed by the decisions that lead
to the one the step is about). The checks read the outcome (the city, the score, the cards in play), never the
exact clicks, so any legal way to the goal counts.

Count of Nine has one player, so no reply ends an attempt: each step is judged as soon as its goal can no
longer be reached (:func:`lost`: a small search over the learner's own decisions, within the step's
horizon, usually the round), so a wrong payment is answered at once, not at the end of the round.  The last
step is a whole game with the analyst's hint (``ninekit.count_of_nine.hint``) behind the Hint button.

The nine cards and twenty structures are the project's *reconstruction* (``RECONSTRUCTED_NOTE``); the
twenty-round limit is a house rule of this software.

    >>> lesson = tutorial()
    >>> lesson.steps["first-build"].goal
    'Build a Tavern.'
    >>> breakdown_html(["Castle", "Tavern", "Tavern"], 3).count("<tr>")
    7
"""

from __future__ import annotations

from .. import build_tutorial
from .basics import cards_steps, first_game_steps, paying_steps, rounds_steps
from .calculator import breakdown_html, score_calculator
from .later import (
    HINT_GAME,
    HINT_GAME_BEST,
    HINT_GAME_LINE,
    analyst_hint,
    demolition_steps,
    high_steps,
    hints_steps,
    match_steps,
    scoring_steps,
)
from .play import (
    GAME,
    build_step,
    end_step,
    first_turn_of,
    lesson,
    lost,
    names,
    round_done,
    score,
    score_step,
    turn_done,
)
from .rules import RULES

# (key, title, the function that lists its steps), in the notebook's order
CHAPTERS = (
    ("first-game", "Your first game", first_game_steps),
    ("cards", "Flip, rotate, shuffle", cards_steps),
    ("paying", "Paying in detail", paying_steps),
    ("rounds", "Between rounds", rounds_steps),
    ("high", "The target and more high structures", high_steps),
    ("scoring", "Scoring and the end of a game", scoring_steps),
    ("demolition", "Demolition Team", demolition_steps),
    ("match", "The match and the King's verdict", match_steps),
    ("hints", "A game with hints", hints_steps),
)


def tutorial():
    """Every step of the Count of Nine tutorial, chapter by chapter, in the notebook's order."""
    return build_tutorial(GAME, "Learn Count of Nine", RULES, CHAPTERS)


__all__ = ["CHAPTERS", "HINT_GAME", "HINT_GAME_BEST", "HINT_GAME_LINE", "RULES", "analyst_hint", "breakdown_html",
           "build_step", "end_step", "first_turn_of", "lesson", "lost", "names", "round_done", "score",
           "score_calculator", "score_step", "turn_done", "tutorial"]
