"""ninekit: five tabletop games about the number nine, as rules you can play.

Standard library only.  The uniform API (see :mod:`ninekit.core`)::

    >>> import ninekit
    >>> ninekit.games()
    ['code_of_nine', 'codinca', 'count_of_nine', 'double_nine', 'nine_knights']
    >>> state = ninekit.make("nine_knights").new(seed=0)
    >>> state.prompt
    'South: assign Duty Tokens to the Small Number Group (1-3)'
"""

from importlib import import_module

from .core import Game, IllegalMove, Move, Option, Outcome, Rules, State, games, load, make, register
from .sharing import from_position_text, position_text

__all__ = ["Game", "IllegalMove", "Move", "Option", "Outcome", "Rules", "State", "from_position_text", "games", "load",
           "make", "position_text", "register"]
__version__ = "0.1.0"

# One module per game; each registers its Rules on import.
GAME_MODULES = ("code_of_nine", "codinca", "count_of_nine", "double_nine", "nine_knights")
for _name in GAME_MODULES:
    import_module(f"{__name__}.{_name}")
del _name
