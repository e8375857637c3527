"""Count of Nine: the nine-card solo city builder, over a match of two games.

The game in modules: :mod:`.data` (the *reconstructed* cards and structures and the tables derived from them),
:mod:`.rules` (the position, the moves and the ``CountOfNine`` Rules), :mod:`.analyst` (the exact search: best
lines and the analyst's hint), :mod:`.best` (the best line searched in a worker process), :mod:`.bots` (its
computer Builders) and :mod:`.hints` (its hint in words).
"""

import sys

from . import bots
from .analyst import (
    best_line,
    hint,
)
from .data import (
    CARDS,
    HIGH_STRUCTURES,
    LOWEST_TITLE,
    PLACE_WORDS,
    PLACES,
    RECONSTRUCTED_NOTE,
    RESOURCES,
    ROTATED_AT_SETUP,
    ROUND_LIMIT,
    RULES_SUMMARY,
    SOURCE_IDS,
    SOURCE_RANK,
    STRUCTURES,
    TARGET_CARD,
    TITLES,
)
from .rules import (
    BUILD_MOVES,
    CANCEL_MOVE,
    KINDS_NO_ARG,
    LOOK,
    PASS_MOVE,
    ROUND_CHOICES,
    TARGET_MOVES,
    CountOfNine,
    Position,
    cost_words,
    position,
    score_breakdown,
    score_game,
    title,
)

# Old path of the hard Builder (now in bots.py): ``ninekit.count_of_nine.hard`` is the same module.
hard = sys.modules[f"{__name__}.hard"] = bots

__all__ = [
    "BUILD_MOVES", "CANCEL_MOVE", "CARDS", "HIGH_STRUCTURES", "KINDS_NO_ARG", "LOOK", "LOWEST_TITLE",
    "PASS_MOVE", "PLACE_WORDS", "PLACES", "RECONSTRUCTED_NOTE", "RESOURCES", "ROTATED_AT_SETUP",
    "ROUND_CHOICES", "ROUND_LIMIT", "RULES_SUMMARY", "SOURCE_IDS", "SOURCE_RANK", "STRUCTURES", "TARGET_CARD",
    "TARGET_MOVES", "TITLES", "best_line", "cost_words", "CountOfNine", "hint", "Position", "position",
    "score_breakdown", "score_game", "title",
]
