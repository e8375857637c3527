"""The Double Nine tutorial's lesson steps: each rule is a decision the learner makes at the card table.

Lessons are data.  :data:`RULES` (``rules.py``) lists every atomic rule of the game a player must know (the
rulebook, the project's rulings, and the house rules: how this app decides where both are silent); each
chapter (``basics.py``, ``expansion.py``, ``ending.py``) is a list of step records
(:class:`widgets.lessons.Step`, made by ``play.step``), and :func:`tutorial` feeds them to
:func:`widgets.lessons.build_tutorial`.  A step names
the rules it ``teaches`` (shows happening, or asks the learner to decide) and the rules it ``uses``;
``Tutorial.order_problems`` checks that no step needs what a later step teaches, and
``python -m widgets.lessons double_nine`` writes the rules-to-steps table of ``docs/double_nine.md``.

Every position is built with the rules engine: ``position(...)``, sometimes followed by the decisions
that lead to the one the step is about (a card already chosen, an effect already under way), or a real
deal (``new(seed=...)``) for the set-up steps.  The checks read the outcome (numbers, hands, the
judgment), never the exact clicks, so any legal way to the goal counts.  The other players reply with
:func:`reply` (or a short preference list of their own), a fixed, readable policy, so every step plays
the same way each time.

    >>> lesson = tutorial()
    >>> lesson.steps["reaper"].goal
    'Put Reaper where the card it takes makes your number 90.'
    >>> lesson.steps["clown-left"].start.prompt
    'Player 1: choose left or right; Clown passes every hand that way'
    >>> [c.title for c in lesson.chapters][0], len(lesson.chapters[0].steps) <= 10
    ('Set-up and your first game', True)
"""

from __future__ import annotations

from .. import build_tutorial, played
from .basics import basic_cards_steps, first_game_steps, sister_steps
from .ending import game_end_steps, selection_rules_steps
from .expansion import copies_steps, expansion_high_steps, expansion_low_steps
from .play import P1, P2, P3, P4, reply
from .rules import RULES

CHAPTERS = [
    ("first-game", "Set-up and your first game", first_game_steps),
    ("basic-cards", "The basic cards", basic_cards_steps),
    ("sister", "Sister's protection", sister_steps),
    ("expansion-low", "Expansion cards 0 to 4", expansion_low_steps),
    ("expansion-high", "Expansion cards 5 to 9", expansion_high_steps),
    ("copies", "Copies: Hacker, Shaman, Archangel", copies_steps),
    ("game-end", "Game end and victory", game_end_steps),
    ("selection", "The selection rules", selection_rules_steps),
]


def tutorial():
    """Every step of the Double Nine tutorial, chapter by chapter, in the order of the notebook."""
    return build_tutorial("double_nine", "Learn Double Nine", RULES, CHAPTERS, opponent=reply)


__all__ = ["CHAPTERS", "P1", "P2", "P3", "P4", "RULES", "played", "reply", "tutorial"]
