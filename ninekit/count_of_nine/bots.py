"""Count of Nine's computer Builders.  ``normal`` is the analyst's sampled search (:class:`CountOfNineBot`, kept in
:mod:`ninekit.count_of_nine.analyst` beside the search it runs); ``hard`` is that exact search, looking a round
further ahead.

The ``normal`` Builder scores every decision with the analyst's exact search over the round in play and the
next, on three sampled deck orders.  Its horizon is what holds it back: a game's best line builds basic
structures for a round or two before the high structures they lead to, and a search that must stop the game
after the next round cannot see it.  The hard Builder searches the round in play and two more.  What it gives up
to afford that:

- samples only where the order is unknown (round 1, and a round after a shuffle); once the deck's order is
  known every sample is the same world, so it searches one;
- one search per game and round cap, kept from decision to decision: its memo holds values of positions
  (sound whatever decision asked), so after the first decision of a round most of the next are found there.

    >>> from ninekit.count_of_nine import position
    >>> s = position(target="Harbour", deck=["9"], city=["Tavern@3", "Quarry@8"], round=2)
    >>> str(HardCountOfNineBot(1).choose(s))
    'Build Mine from the centre card'
"""

from __future__ import annotations

import random

from ..core import Move, State
from ..search import whole_budget
from .analyst import CountOfNineBot, OutOfNodes, choice_for

__all__ = ["CountOfNineBot", "HardCountOfNineBot", "HARD_SAMPLES", "HARD_ROUNDS_AHEAD", "hard_level"]

HARD_SAMPLES = 3       # sampled deck orders per decision while the order is unknown
HARD_ROUNDS_AHEAD = 2  # the search plays out the round in progress and two more
HARD_NODES = 7_000     # turns searched per decision at that horizon; past it, the normal horizon decides


class HardCountOfNineBot:
    """The ``hard`` computer Builder (see the module docstring).

    >>> import ninekit
    >>> s = ninekit.make("count_of_nine").new(3)
    >>> HardCountOfNineBot(1).choose(s) in s.legal_moves()
    True
    """

    def __init__(self, seed: int | None = 0, samples: int = HARD_SAMPLES, ahead: int = HARD_ROUNDS_AHEAD,
                 nodes: int | None = HARD_NODES):
        whole_budget(samples, "samples")
        self.rng = random.Random(seed)
        self.samples = samples
        self.ahead = ahead
        self.nodes = nodes
        self.searches: dict = {}  # (game, round cap) -> the search kept for it
        self.fallback: dict = {}  # the same for the shorter horizon
        self.short = 0  # decisions taken with the shorter horizon
        self.last: Move | None = None  # its last choice: a build it chose, it then pays for (``settled``)

    def choose(self, state: State) -> Move:
        """The chosen legal move for the Builder."""
        samples = 1 if state.view(0)["order_known"] else self.samples
        try:
            move = choice_for(state, samples, self.rng, self.ahead, self.searches, self.nodes, shuffles=False,
                              settled=self.last).move
        except OutOfNodes:
            self.short += 1
            move = choice_for(state, samples, self.rng, self.ahead - 1, self.fallback, shuffles=False,
                              settled=self.last).move
        self.last = move
        return move


def hard_level(seed: int | None = 0, iterations: int = HARD_SAMPLES, nodes: int | None = HARD_NODES
               ) -> HardCountOfNineBot:
    """Count of Nine's ``hard`` level: the ``normal`` Builder's exact search over sampled deck orders, looking a
    round further ahead (the round in play and two more), on ``iterations`` sampled orders while the order is
    unknown (:class:`HardCountOfNineBot`); ``nodes``: the turns searched per decision at that horizon (None: no
    limit).

    >>> hard_level(1).samples, hard_level(1, nodes=None).nodes
    (3, None)
    """
    if nodes is not None:
        whole_budget(nodes, "nodes")
    return HardCountOfNineBot(seed, samples=whole_budget(iterations), nodes=nodes)
