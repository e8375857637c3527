"""The Nine Knights tutorial's lesson steps: every rule is a decision the learner makes on the board.

Lessons are data here.  ``rules.py`` lists the game's atomic rules (:data:`RULES`: where each comes from:
the rulebook, the project's rulings, or a house rule of this app); ``chapters.py`` lists each chapter's
:class:`widgets.lessons.Step` records (title, start, goal, solution, the rules it teaches and the rules it
uses), built by small helpers of ``play.py``, one per recurring kind of step (``win_fight_step``, ``reach_step``,
``win_game_step``); :data:`CHAPTERS` orders them and ``tutorial()`` feeds them to
:class:`widgets.lesson.Tutorial`.  ``notebooks/tutorials/nine_knights.ipynb``
shows one step per cell under the chapters' headings, and ``docs/nine_knights.md`` has the rules-to-steps
table written from this data (``python -m widgets.lessons nine_knights``).

Every position is built explicitly with the rules engine (``position(...)`` for the movement phase,
:func:`set_up_game` for the Duty Tokens and the Placement Phase, South always drawn to start), so no step
depends on how a new game is dealt; the checks read the outcome, never the exact clicks, so any legal way
to the goal counts.  North replies with :func:`reply`, a fixed, readable policy (win at once if it can,
else win a fight, else step away from South's Knights), so every step plays the same way each time.

    >>> lesson = tutorial()
    >>> lesson.steps["fight-difference-one"].goal
    'Win a fight with your Knight 6.'
    >>> [c.title for c in lesson.chapters][:2]
    ['Your first game', 'Moving: the finer points']
    >>> sorted(puzzles())
    ['goal-race', 'reveal-attack', 'win-no-knights']
"""

from __future__ import annotations

from .. import Step, build_tutorial, played
from .chapters import (
    defection_steps,
    first_game_steps,
    game_end_steps,
    hidden_token_steps,
    moving_steps,
    placing_steps,
    summoning_steps,
)
from .play import puzzles, reply
from .rules import RULES

CHAPTERS = (
    ("first-game", "Your first game", first_game_steps),
    ("moving", "Moving: the finer points", moving_steps),
    ("placing", "Setting up: the Placement Phase in detail", placing_steps),
    ("summoning", "Summoning: the finer points", summoning_steps),
    ("game-end", "How a game can end", game_end_steps),
    ("hidden-token", "The Hidden Token", hidden_token_steps),
    ("defection", "Optional rule: Defection", defection_steps),
)


def tutorial():
    """Every step of the Nine Knights tutorial, chapter by chapter, in the notebook's order."""
    return build_tutorial("nine_knights", "Nine Knights", RULES, CHAPTERS, opponent=reply)


__all__ = ["CHAPTERS", "RULES", "Step", "played", "puzzles", "reply", "tutorial"]
