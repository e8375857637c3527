"""Who is ahead here? Each seat's chance of winning, and its mean score, from games the computer plays out.

The sandbox's "Ask the computer" (issue 27, item 4): from a position, computer players of one level finish the
game many times; each seat's share of the wins and its mean score, each with its standard error, say who is
ahead and how sure that is.  In a game that hides things, the computer may know only what one seat sees (the
default: the seat to move): every playout then starts from a world that seat cannot tell from the true one
(:meth:`ninekit.State.determinize`), so the answer uses nothing that seat does not know.  With ``knows="all"``
the playouts start from the true position itself.

Deterministic: the same position, options and ``seed`` give the same figures.

    >>> import ninekit
    >>> state = ninekit.make("nine_knights").new(seed=3)
    >>> ahead = chances(state, playouts=4, level="easy", seed=1)
    >>> len(ahead.wins), ahead.played, 0 <= ahead.wins[0][0] <= 1
    (2, 4, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .core import Move, State
from .search import mean_se, win_share

__all__ = ["Chances", "chances", "move_chances", "MAX_PLIES"]

MAX_PLIES = 5_000  # moves one playout plays at most (a game of computers that never ends counts as a draw)
EVERYTHING = "all"


@dataclass(frozen=True)
class Chances:
    """Per seat: ``wins`` its (share of the wins, standard error) and ``scores`` its (mean score, standard error),
    over ``played`` playouts; ``stopped`` when Stop ended them before the number asked for."""

    wins: tuple[tuple[float, float], ...]
    scores: tuple[tuple[float, float], ...]
    played: int
    stopped: bool = False


def chances(state: State, playouts: int = 100, level: str = "normal", knows: int | str | None = None,
            seed: int = 0, progress: Callable[[int], object] | None = None,
            stop: Callable[[], bool] | None = None) -> Chances:
    """Each seat's chance of winning from ``state``: ``playouts`` games finished by computer players of
    ``level``.  ``knows``: the seat whose knowledge the playouts start from (None: the seat to move; ``"all"``:
    everything).  ``progress(done)`` is told after each playout; ``stop()`` returning True ends them early."""
    return _play_out(state, None, playouts, level, knows, seed, progress, stop)


def move_chances(state: State, playouts: int = 20, level: str = "normal", knows: int | str | None = None,
                 seed: int = 0, progress: Callable[[int], object] | None = None,
                 stop: Callable[[], bool] | None = None) -> list[tuple[Move, Chances]]:
    """What each legal move does to the chances: for each move of ``state.legal_moves()`` in order, ``playouts``
    games that start with it.  Each starts from a world sampled *before* the move (what the move would show is not
    known in advance), so the figures use only what ``knows`` knows now; ``progress`` counts playouts over all
    moves.  Stopped early, the list holds the moves worked out so far.

        >>> import ninekit
        >>> state = ninekit.make("count_of_nine").new(seed=2)
        >>> [(str(m)[:6], c.played) for m, c in move_chances(state, playouts=2, level="easy")][:2]
        [('Choose', 2), ('Choose', 2)]
    """
    out = []
    for number, move in enumerate(state.legal_moves()):
        if stop is not None and stop():
            break
        counted = (lambda done, base=number * playouts: progress(base + done)) if progress is not None else None
        found = _play_out(state, move, playouts, level, knows, seed + number, counted, stop)
        if found.played == 0:
            break
        out.append((move, found))
    return out


def _play_out(state: State, first: Move | None, playouts: int, level: str, knows, seed: int,
              progress: Callable[[int], object] | None, stop: Callable[[], bool] | None) -> Chances:
    from .bots import LEVELS, bot_for

    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)} (got {level!r})")
    if type(playouts) is not int or playouts < 1:
        raise ValueError(f"playouts must be a whole number of at least 1 (got {playouts!r})")
    game, players = state.game, state.game.players
    seat = state.to_move if knows is None else knows
    if seat != EVERYTHING:
        game.check_seat(seat)
    rng = random.Random(f"{game.name}:chances:{seed}")
    wins: list[list[float]] = [[] for _ in range(players)]
    scores: list[list[float]] = [[] for _ in range(players)]
    stopped = False
    for done in range(playouts):
        if stop is not None and stop():
            stopped = True
            break
        world = state if seat == EVERYTHING or not game.hidden_information else state.determinize(seat, rng)
        bots = [bot_for(game.name, rng.getrandbits(32), level) for _ in range(players)]
        if first is not None:
            if world.why_illegal(first) is not None:  # a world where the move cannot be made tells nothing
                continue
            world = world.play(first)
        plies = 0
        while not world.is_over and plies < MAX_PLIES:
            world = world.play(bots[world.to_move].choose(world))
            plies += 1
        outcome = world.outcome
        for i in range(players):
            wins[i].append(win_share(outcome, i, players) if outcome is not None else 1.0 / players)
            scores[i].append(float(outcome.scores[i]) if outcome is not None and outcome.scores else 0.0)
        if progress is not None:
            progress(done + 1)
    if not wins[0]:
        none = tuple((0.0, 0.0) for _ in range(players))
        return Chances(none, none, 0, True)
    return Chances(tuple(mean_se(w) for w in wins), tuple(mean_se(s) for s in scores), len(wins[0]), stopped)
