"""The session layer's rules for a game in progress, the same for every game (no widgets here).

**Undo never shows a seat what it did not know.**  Undo goes back to an earlier decision of a person at this
screen, but never past a move after which something hidden was shown to one of them: their own draw, a hand
passed to them, a card turned up, a computer's claim.  Such a move is found without knowing the game: in worlds
that look the same to the seat before the move (:meth:`ninekit.State.determinize`), the same move leaves the
seat seeing different things (or is not even legal in some): so what the seat saw told it something.  A seat
that could undo it would play the move again and again and learn the pile, the hand, the disc.

In teacher mode every secret is on the screen anyway, so nothing is refused there.

    >>> import ninekit
    >>> state = ninekit.make("count_of_nine").new(seed=1)
    >>> chosen = state.play(state.legal_moves()[0])   # the target is chosen: the deal is turned up
    >>> shown_to(state, chosen, 0)
    True
    >>> undo_target(chosen, humans={0}) is None, undo_target(chosen, humans={0}, teacher=True) is state
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection

from .core import IllegalMove, State

WORLDS = 48  # worlds sampled per seat and move (against 200 in 6,700 moves of random games, none was missed)


def shown_to(before: State, after: State, seat: int, worlds: int = WORLDS) -> bool:
    """True when the move from ``before`` to its child ``after`` showed ``seat`` something it did not know.

    The move is played in ``worlds`` worlds that ``seat`` cannot tell from ``before`` (the same every time: the
    sample's seed is the ply and the seat); if the seat's views after it differ, or the move is illegal in one,
    what the seat saw depends on what was hidden from it.

        >>> import ninekit
        >>> state = ninekit.make("nine_knights").new(seed=1)
        >>> shown_to(state, state.play(state.legal_moves()[0]), 1)   # placing a Knight hides nothing
        False
    """
    if after.parent is not before:
        raise ValueError("shown_to compares a state with its child (one move later)")
    _mover, move = after.history[-1]
    rng = random.Random(len(before.history) * 1_000_003 + seat)
    first = None
    for _ in range(worlds):
        world = before.determinize(seat, rng)
        try:
            seen = world.play(move).view(seat)
        except IllegalMove:
            return True
        if first is None:
            first = seen
        elif seen != first:
            return True
    return False


def undo_target(state: State, humans: Collection[int], teacher: bool = False,
                stops: Callable[[State, State], bool] | None = None) -> State | None:
    """The state Undo goes back to from ``state``: the last decision of a seat in ``humans`` (computer moves are
    taken back with it), or None when there is none or when going back would pass a move that showed one of
    ``humans`` a secret (:func:`shown_to`; not in ``teacher`` mode).  ``stops(before, after)`` may name more
    moves never taken back (a game's own, e.g. a look at a card).

        >>> import ninekit
        >>> state = ninekit.make("nine_knights").new(seed=1)
        >>> placed = state.play(state.legal_moves()[0])
        >>> undo_target(placed, humans={0, 1}) is state
        True
    """
    child, node = state, state.parent
    while node is not None:
        if stops is not None and stops(node, child):
            return None
        if not teacher and any(shown_to(node, child, seat) for seat in humans):
            return None
        if not node.is_over and node.to_move in humans:
            return node
        child, node = node, node.parent
    return None


UNDO_REFUSED = ("Undo cannot go back: since that decision something hidden was shown at this screen, and it "
                "cannot be unseen")
