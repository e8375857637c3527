"""Codinca: form your four secret key patterns with your four Symbol Tiles on a 4x4 board.

The game in modules: :mod:`.data` (the *reconstructed* board, Key Discs, Trap Cards and the tables derived from them),
:mod:`.rules` (the position, the moves and the ``Codinca`` Rules), :mod:`.bots` and :mod:`.hard` (its computer
players) and :mod:`.hints` (its hint in words).
"""

import sys

from . import bots
from .data import (
    ACTION_IDS,
    ACTION_INDEX,
    ACTION_NAME,
    BLOCK_WORDS,
    BLOCKS,
    BLUE_CRYSTALS,
    CRYSTAL_WORDS,
    DISC_GROUPS,
    DISCS,
    DOMINO_SQUARES,
    EDGE,
    ELEMENT_NAME,
    ELEMENTS,
    EXCHANGES,
    FILES,
    FLIPPED,
    GROUP_ORDER,
    GROUP_WORDS,
    INDEX,
    INSTANCES,
    LETTER,
    LINE_WORDS,
    LINES,
    LOCKS,
    LUCK_ACTIONS,
    LUCK_TOKENS,
    NEIGHBOURS,
    PARTNERS,
    PUSH_DIRECTIONS,
    RECONSTRUCTED_NOTE,
    RED_CRYSTALS,
    RULES_SUMMARY,
    SEATING,
    SIDE_WORD,
    SQUARES,
    START_GRID,
    START_LAYOUT,
    TOTEM_HOME,
    TRAP_GRID,
    TRAP_IDS,
    TRAP_NAME,
    TRAP_TURNS,
    TRAP_WORDS,
    TRAPS,
    TURNS,
    layout,
)
from .rules import (
    BLOCK_MOVES,
    CLAIM_MOVES,
    CRYSTAL_MOVES,
    END_MOVE,
    EXTRA_MOVES,
    FLIP_MOVES,
    KINDS_NO_ARG,
    KINDS_WITH_ARG,
    LINE_MOVES,
    LUCK_MOVES,
    PAIR_MOVES,
    PAIR_WITH_MOVES,
    PUSH_MOVES,
    SWITCH_MOVES,
    TILE_MOVES,
    TRAP_BLIND,
    TURN_MOVES,
    Codinca,
    Position,
    matched_discs,
    position,
    touched,
    trap_effect,
)

# The old name of bots.py (ninekit.codinca.bot) keeps working: the same module.
bot = sys.modules[f"{__name__}.bot"] = bots

__all__ = [
    "ACTION_IDS", "ACTION_INDEX", "ACTION_NAME", "BLOCK_MOVES", "BLOCK_WORDS", "BLOCKS", "BLUE_CRYSTALS",
    "CLAIM_MOVES", "CRYSTAL_MOVES", "CRYSTAL_WORDS", "DISC_GROUPS", "DISCS", "DOMINO_SQUARES", "EDGE",
    "ELEMENT_NAME", "ELEMENTS", "END_MOVE", "EXCHANGES", "EXTRA_MOVES", "FILES", "FLIP_MOVES", "FLIPPED",
    "GROUP_ORDER", "GROUP_WORDS", "INDEX", "INSTANCES", "KINDS_NO_ARG", "KINDS_WITH_ARG", "LETTER",
    "LINE_MOVES", "LINE_WORDS", "LINES", "LOCKS", "LUCK_ACTIONS", "LUCK_MOVES", "LUCK_TOKENS", "NEIGHBOURS",
    "PAIR_MOVES", "PAIR_WITH_MOVES", "PARTNERS", "PUSH_DIRECTIONS", "PUSH_MOVES", "RECONSTRUCTED_NOTE",
    "RED_CRYSTALS", "RULES_SUMMARY", "SEATING", "SIDE_WORD", "SQUARES", "START_GRID", "START_LAYOUT",
    "SWITCH_MOVES", "TILE_MOVES", "TOTEM_HOME", "TRAP_BLIND", "TRAP_GRID", "TRAP_IDS", "TRAP_NAME",
    "TRAP_TURNS", "TRAP_WORDS", "TRAPS", "TURN_MOVES", "TURNS", "Codinca", "layout", "matched_discs",
    "position", "Position", "touched", "trap_effect",
]
