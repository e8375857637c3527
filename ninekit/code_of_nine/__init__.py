"""Code of Nine: hidden-scoring worker placement for 3-4 players, five rounds of three Action pawns.

The game in modules: :mod:`.data` (the *reconstructed* Memory cards and locations, the seats and the steps of a
turn), :mod:`.rules` (the position, the moves and the ``CodeOfNine`` Rules), :mod:`.scoring` (the score table),
:mod:`.bots` (its computer player) and :mod:`.hints` (its hint in words).
"""

import sys

from . import bots
from .data import (
    BASIC_ITEMS,
    BOXED,
    EXPERT_CODES,
    GHOST,
    ITEM_NAMES,
    ITEMS,
    LOC_INDEX,
    LOCATION,
    LOCATIONS,
    MEMORIES,
    NO_ONE,
    NORMAL_CODES,
    PAWNS,
    QUARRY,
    RECONSTRUCTED_NOTE,
    ROUNDS,
    RUINS_STOCK,
    RULES_SUMMARY,
    SEATS,
    SLOTS,
    START_WILL,
    STEP_PROMPTS,
    STEPS,
    cost_words,
    rounds_words,
)
from .rules import (
    PLACE_MOVES,
    REDRAW_MOVES,
    STOP_TEXT,
    CodeOfNine,
    Position,
    memory_list,
    player_sheet,
    position,
)
from .scoring import (
    ScoreTable,
    score_checked,
    score_table,
)

# The old name of bots.py (ninekit.code_of_nine.bot) keeps working.
bot = sys.modules[f"{__name__}.bot"] = bots

__all__ = [
    "BASIC_ITEMS", "BOXED", "EXPERT_CODES", "GHOST", "ITEM_NAMES", "ITEMS", "LOC_INDEX", "LOCATION",
    "LOCATIONS", "MEMORIES", "NO_ONE", "NORMAL_CODES", "PAWNS", "PLACE_MOVES", "QUARRY", "RECONSTRUCTED_NOTE",
    "REDRAW_MOVES", "ROUNDS", "RUINS_STOCK", "RULES_SUMMARY", "SEATS", "SLOTS", "START_WILL", "STEP_PROMPTS",
    "STEPS", "STOP_TEXT", "CodeOfNine", "cost_words", "memory_list", "player_sheet", "position", "Position",
    "rounds_words", "score_checked", "score_table", "ScoreTable",
]
