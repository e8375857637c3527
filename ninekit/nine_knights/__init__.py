"""Nine Knights: move a Knight onto the enemy Goal Token of its own Duty number.

The game in modules: :mod:`.data` (the board and the Knights' tokens), :mod:`.rules` (the position, the moves and
the ``NineKnights`` Rules), :mod:`.bots` (its computer player) and :mod:`.hints` (its hint in words).
"""

from .bots import (
    NineKnightsBot,
    threat,
)
from .data import (
    COLOUR,
    COLUMNS,
    DUTY,
    FIRST_CHOICES,
    GROUPS,
    HIDDEN_TOKENS,
    HOME_ROW,
    INDEX,
    KNIGHT_IDS,
    KNIGHT_TYPES,
    NEIGHBOURS,
    ORDERS,
    PLACEMENT_ORDER,
    PLACEMENT_ROWS,
    ROWS,
    RULES_SUMMARY,
    SAVE_DEFAULTS,
    SIDES,
    SQUARES,
    SUMMONING_FIELDS,
)
from .rules import (
    ARG_KINDS,
    CANCEL,
    KEEP,
    MOVE_TEXT,
    REVEAL,
    RULES,
    NineKnights,
    Position,
    fight,
    fight_reason,
    knight_type,
    owner,
    position,
)

__all__ = [
    "ARG_KINDS", "CANCEL", "COLOUR", "COLUMNS", "DUTY", "FIRST_CHOICES", "GROUPS", "HIDDEN_TOKENS", "HOME_ROW",
    "INDEX", "KEEP", "KNIGHT_IDS", "KNIGHT_TYPES", "MOVE_TEXT", "NEIGHBOURS", "ORDERS", "PLACEMENT_ORDER",
    "PLACEMENT_ROWS", "REVEAL", "ROWS", "RULES", "RULES_SUMMARY", "SAVE_DEFAULTS", "SIDES", "SQUARES",
    "SUMMONING_FIELDS", "fight", "fight_reason", "knight_type", "NineKnights", "NineKnightsBot", "owner",
    "position", "Position", "threat",
]
