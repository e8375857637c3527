"""The Codinca tutorial's lesson steps: every rule is a decision the learner makes on the real board.

:data:`RULES` (``rules.py``) lists every rule a player must know, one a row; :data:`CHAPTERS` lists the chapters
(``basics.py``, ``luck.py``, ``traps.py``), each a generator of its steps as :class:`widgets.lessons.Step`
records, each naming the rules it ``teaches`` and ``uses``; ``tutorial()`` builds them.
``notebooks/tutorials/codinca.ipynb`` shows one step per cell under its chapter's heading, and
``docs/codinca.md``'s rules-to-steps table is written from this data (``python -m widgets.lessons codinca``).
Steps are data: most are rows fed to ``play.claim_step`` ("claim this Key Disc"); the rest go through
``play.step``. Every position is built with the rules engine (``ninekit.codinca.position``), from boards
written as four ranks of tiles (``ninekit.codinca.layout``, imported here as ``board``). The checks read the
outcome (where tiles stand, which discs are claimed, whether a lock holds), never the exact clicks, so any legal
way to the goal counts. The other players reply with :func:`calm` (a fixed policy that keeps its hands off the
seated players' tiles) or :func:`breaker` (one that goes for the squares the step protects), so every step plays
the same way.

The layout, Key Discs, Trap Cards and crystals are the project's reconstruction (the printed components
are lost); the round limit is a house rule of this software.

    >>> lesson = tutorial()
    >>> lesson.steps["switch"].goal
    'Put one of your Earth tiles on the corner square d1.'
    >>> board("AG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG")["c3"]
    ('Earth', 'G')
"""

from __future__ import annotations

from ninekit.codinca import layout as board  # boards written as four ranks of tiles

from .. import build_tutorial
from .basics import claiming_steps, first_game_steps, no_rewind_steps, seats_steps
from .luck import extra_moves_steps, luck_moving_steps, luck_turning_steps, rewind_steps
from .play import EARTH, END, FIRE, TRAP, breaker, calm, choose, claim, flip, luck, rotated, switch, tile
from .rules import RULES
from .traps import endings_steps, locks_steps, traps_steps

# (key, title, the generator of its steps), in the notebook's order
CHAPTERS = (
    ("first", "Your first game", first_game_steps),
    ("claiming", "Claiming, the finer points", claiming_steps),
    ("seats", "Seats and turn order", seats_steps),
    ("no-rewind", "No Rewind", no_rewind_steps),
    ("moving", "Luck: moving tiles", luck_moving_steps),
    ("turning", "Luck: turning tiles over", luck_turning_steps),
    ("extra", "Luck: extra moves", extra_moves_steps),
    ("rewind", "Luck: Rewind", rewind_steps),
    ("traps", "Trap Cards", traps_steps),
    ("locks", "Locks", locks_steps),
    ("endings", "Other ways a game ends", endings_steps),
)


def tutorial():
    """Every step of the Codinca tutorial, in the notebook's order, in chapters."""
    return build_tutorial("codinca", "Learn Codinca", RULES, CHAPTERS, opponent=calm)


__all__ = ["CHAPTERS", "EARTH", "END", "FIRE", "RULES", "TRAP", "board", "breaker", "calm", "choose", "claim", "flip",
           "luck", "rotated", "switch", "tile", "tutorial"]
