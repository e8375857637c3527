"""The Code of Nine tutorial's lesson steps: every rule is a decision the learner makes on the real board.

Lessons are data. :data:`RULES` (``rules.py``) lists every rule a player must know, one atomic rule a row;
:data:`CHAPTERS` lists the chapters (``playing.py``, ``memories.py``), each a function returning its steps as
:class:`widgets.lessons.Step` records made by one of four kinds of step of ``play.py`` (``gain_step``, ``find_step``,
``final_step``, or ``step`` for any other goal), each naming the rules it ``teaches`` and ``uses``. The first
chapter, "Your first game", takes a newcomer from the deal to the end of a game in ten steps. ``tutorial()``
builds them; ``notebooks/tutorials/code_of_nine.ipynb`` shows one per cell under the chapters' headings, and
``python -m widgets.lessons code_of_nine`` writes the rules table of ``docs/code_of_nine.md`` from this data.
Every position is built with the rules engine (``ninekit.code_of_nine.position``, or a seeded game for the
set-up). The checks read the outcome (items, Will, who holds what, what the learner has seen, the final score),
never the exact clicks, so any legal way to the goal counts. The other players reply by a fixed preference
(``play.prefer_reply``: the first listed decision that is legal), so a step plays the same after Reset.

The Memory card steps are the last turn of a game: the learner knows all eight Memories (its own two, and the
six others it has looked at), places its last Action pawn, and the game is scored at once by
``ninekit.code_of_nine.score_table``, so the answer names the card that decided it.  :func:`score_calculator`
is the live calculator of the scoring section, and :data:`EXAMPLES` the rulings' three worked examples.

Eleven locations, card 18, card 17's order number and the values of Statues, Legacies and the Medal are the
project's *reconstruction* (``ninekit.code_of_nine.RECONSTRUCTED_NOTE``).

    >>> lesson = tutorial()
    >>> lesson.steps["hearth"].goal
    'Gain 3 Will with one Action pawn.'
    >>> score_table(*EXAMPLES["A"][:2]).totals
    [9, 14, 12, 1]
"""

from __future__ import annotations

from ninekit.code_of_nine import RECONSTRUCTED_NOTE, score_table

from .. import build_tutorial
from .examples import EXAMPLES, breakdown_html, score_calculator, worked_example
from .memories import (
    coins_statues_books_steps,
    examples_steps,
    expert_cards_steps,
    expert_game_steps,
    legacies_and_items_steps,
    three_players_steps,
)
from .play import GAME, HEARTH, last_turn
from .playing import (
    first_game_steps,
    later_rounds_steps,
    legacies_steps,
    looks_steps,
    more_places_steps,
    start_player_steps,
)
from .rules import RULES

CHAPTERS = (
    ("first-game", "Your first game", first_game_steps),
    ("more-places", "More places to go", more_places_steps),
    ("start-player", "Round by round: the Start player", start_player_steps),
    ("looks", "Looks and the veil", looks_steps),
    ("legacies", "The Legacies and the early end", legacies_steps),
    ("later-rounds", "Rounds 3 to 5", later_rounds_steps),
    ("coins-statues-books", "Memories: Coins, Statues and Books", coins_statues_books_steps),
    ("legacies-and-items", "Memories: Legacies, items, Will and the Start player", legacies_and_items_steps),
    ("three-players", "Three players: the ghost", three_players_steps),
    ("expert-game", "The expert game", expert_game_steps),
    ("expert-cards", "The expert Memory cards", expert_cards_steps),
    ("examples", "The worked examples", examples_steps),
)


def tutorial():
    """Every step of the Code of Nine tutorial, chapter by chapter, in the notebook's order."""
    return build_tutorial(GAME, "Learn Code of Nine", RULES, CHAPTERS, opponent=HEARTH)


__all__ = ["tutorial", "score_calculator", "worked_example", "breakdown_html", "EXAMPLES", "last_turn",
           "RECONSTRUCTED_NOTE", "RULES", "CHAPTERS", "score_table"]
