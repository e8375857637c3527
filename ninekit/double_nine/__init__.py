"""Double Nine: build the highest two-digit number on your board of two Sites.

The game in modules: :mod:`.data` (the cards and decks as printed), :mod:`.rules` (the position, the moves and the
``DoubleNine`` Rules), :mod:`.bots` (its computer players) and :mod:`.hints` (its hint in words).
"""

from .bots import (
    LATE_PLAYOUTS,
    PLAYOUT_COST,
    DoubleNineBot,
    DoubleNineRollouts,
    hard_playouts,
    match_chance,
)
from .data import (
    AIKO,
    ARCHANGEL,
    ARCHANGEL_RESOLVES,
    CARDS,
    CHAIN_CARDS,
    CLOWN,
    COMPETITION_GAMES,
    CONSTANT,
    COPYABLE,
    DARK_AIKO,
    DARK_ELF,
    DECKS,
    DIRECTIONS,
    ELF,
    EXTRA_REMOVED,
    FALLEN_ANGEL,
    FORTUNE_TELLER,
    FOX,
    HACKER,
    HACKER_COPIES,
    LUNA,
    MAGICIAN,
    MEDUSA,
    NAMES,
    NECROMANCER,
    NUMBER,
    PLACED_ON_OTHERS,
    REAPER,
    RULES_SUMMARY,
    SHAMAN,
    SHAMAN_RESOLVES,
    SISTER,
    SITE_INDEX,
    SITE_WORDS,
    SITES,
    SNIPER,
    SOL,
    TARGET_RANGE,
    THERA,
    TYPE,
    VICTORIES_TO_WIN,
)
from .rules import (
    RULES,
    DoubleNine,
    Position,
    board_number,
    judge,
    position,
    reason,
)

__all__ = [
    "AIKO", "ARCHANGEL", "ARCHANGEL_RESOLVES", "CARDS", "CHAIN_CARDS", "CLOWN", "COMPETITION_GAMES", "CONSTANT",
    "COPYABLE", "DARK_AIKO", "DARK_ELF", "DECKS", "DIRECTIONS", "ELF", "EXTRA_REMOVED", "FALLEN_ANGEL",
    "FORTUNE_TELLER", "FOX", "HACKER", "HACKER_COPIES", "LATE_PLAYOUTS", "LUNA", "MAGICIAN", "MEDUSA", "NAMES",
    "NECROMANCER", "NUMBER", "PLACED_ON_OTHERS", "PLAYOUT_COST", "REAPER", "RULES", "RULES_SUMMARY", "SHAMAN",
    "SHAMAN_RESOLVES", "SISTER", "SITE_INDEX", "SITE_WORDS", "SITES", "SNIPER", "SOL", "TARGET_RANGE", "THERA",
    "TYPE", "VICTORIES_TO_WIN", "board_number", "DoubleNine", "DoubleNineBot", "DoubleNineRollouts",
    "hard_playouts", "judge", "match_chance", "Position", "position", "reason",
]
