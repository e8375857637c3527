"""CodeOfNineBot: a Code of Nine player by determinized Monte-Carlo with sequential halving.

How it decides (from what its seat may know: ``state.view(seat)``, ``state.legal_moves()`` and worlds
sampled by ``state.determinize(seat, rng)``; it never reads ``state.position`` of the real game):

* **Worlds.**  For each decision it samples worlds: every Memory the seat has not seen (others' slots,
  the ghost's, the box) is resampled consistent with all it has seen, so the true hidden cards never
  enter its choice.
* **Playouts.**  Every candidate move is played in a world, then the game is played to the end by uniformly
  random legal decisions for every seat, and the end is scored with :func:`score_table`: 1 for a win
  (1/k for a k-way shared win), 0 otherwise, plus a small bonus for the margin (so that when wins are rare
  the candidate that loses by less is preferred).
* **Shared worlds, sequential halving.**  All candidates are tried in the *same* worlds with the *same*
  random playout seeds (common random numbers: the difference between two candidates is measured, not the
  luck of the worlds).  The budget per decision is :data:`PLY_BUDGET` playout plies, turned into a number of
  playouts by :func:`playout_budget` from the pawns still to be placed (so early decisions, with long
  playouts, are no slower than late ones); it is spent in rounds: after each round the worse half of the
  candidates is dropped and the survivors get more worlds.
* **Shortcuts** where a playout cannot tell the options apart: the redraw keeps (a changer loses a pawn for
  two random cards); the Shoal/Abyss choice is a coin flip from the bot's own seed (nothing to gain against
  players who cannot read it); a look goes to a card the seat has not seen yet (information is worth
  something to the *next* decisions, which sample worlds from it, but a random playout cannot price it).
  A decision with one option is answered at once.

Randomness comes only from the bot's own seed (never the game's), so the same bot seed and state give the
same choice.  Speed: a few tenths of a second per decision on the 2-core development machine
(``benchmarks/README.md``, "Code of Nine bot": about 0.2 s on an idle core).

    >>> import ninekit
    >>> from ninekit.bots import RandomBot
    >>> state = ninekit.make("code_of_nine", 3).new(seed=3)
    >>> players = [CodeOfNineBot(seed=1, budget=600), RandomBot(2), RandomBot(3)]
    >>> while not state.is_over:
    ...     state = state.play(players[state.to_move].choose(state))
    >>> state.is_over
    True
"""

from __future__ import annotations

import math
import random

from ..core import Move, State
from ..search import whole_budget
from .data import PAWNS, ROUNDS
from .rules import apply, legal_moves, score_now

__all__ = ["CodeOfNineBot", "PLY_BUDGET", "hard_level", "playout_budget"]

# --- tuning ------------------------------------------------------------------------------------------

PLY_BUDGET = 12_000     # random-playout plies per decision: about 0.3 s on the 2-core development machine
MIN_PLAYOUTS = 60       # playouts per decision at least (early in the game a playout is long)
MAX_PLAYOUTS = 600      # and at most (late in the game a playout is a few plies)
PLIES_PER_PAWN = 1.7    # decisions per Action pawn in random play (a placement and its steps), measured
MIN_WORLDS = 8          # each candidate of the first halving round is tried in at least this many worlds
                        # (scaled down alike for a budget below PLY_BUDGET)
MARGIN_WEIGHT = 0.2     # the margin bonus at most (a win is worth 1)
MARGIN_SCALE = 15.0     # VP of margin that earn the whole bonus


class CodeOfNineBot:
    """A Code of Nine player: determinized Monte-Carlo over random playouts (see the module docstring).

    ``budget``: playout plies per decision (default :data:`PLY_BUDGET`; lower is quicker and weaker).  Same
    seed, same decisions.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine", 4).new(seed=1)
    >>> str(CodeOfNineBot(5).choose(s))
    'Keep your two Memory cards'
    >>> from ninekit.code_of_nine import position
    >>> s = position(memories=[14, 11, 2, 3, 4, 5, 6, 7], will=[7, 0, 0, 0], round=2)
    >>> CodeOfNineBot(5).choose(s).args[0] in ("garden", "well")   # card 14 is Red's own: release a Legacy
    True
    """

    def __init__(self, seed: int | random.Random | None = 0, budget: int = PLY_BUDGET):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.budget = budget

    def choose(self, state: State) -> Move:
        """The chosen legal move for ``state.to_move``."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no decision to make")
        seat = state.to_move
        if len(moves) == 1:
            return moves[0]
        kind = moves[0].kind
        if kind == "redraw":
            return next(m for m in moves if m.args == ("keep",))
        if kind == "shoal":
            return self.rng.choice(moves)
        looks = [m for m in moves if m.kind == "look"]
        if looks and len(looks) == len(moves):
            return self._look(state, seat, looks)
        candidates = list(moves)
        if looks:  # Gallery of Honor: a look (the most useful one) or an exchange, weighed by playouts
            best_look = self._look(state, seat, looks)
            candidates = [m for m in moves if m.kind != "look"] + [best_look]
        return self._search(state, seat, candidates)

    # --- shortcuts -----------------------------------------------------------------------------------
    def _look(self, state: State, seat: int, looks: list) -> Move:
        """A look at a card the seat has not seen (any of them, by the bot's own seed), else the first."""
        view = state.view(seat)
        pending = view["pending"] or {}
        slot = "Shoal" if pending.get("step") == "look_shoal" else "Abyss"
        known = {(row["owner"], row["slot"]) for row in view["slots"] if row["code"] is not None}
        fresh = [m for m in looks if (m.args[0], slot) not in known]
        return self.rng.choice(fresh) if fresh else looks[0]

    # --- Monte-Carlo --------------------------------------------------------------------------------
    def _search(self, state: State, seat: int, candidates: list) -> Move:
        """The candidate with the best mean playout value, by sequential halving over shared worlds."""
        n = len(candidates)
        rounds = max(1, math.ceil(math.log2(n)))
        world_rng = random.Random(self.rng.getrandbits(64))
        worlds: list = []   # (world position, playout seed), shared by every candidate
        totals = [0.0] * n
        tried = 0           # worlds every surviving candidate has been tried in
        alive = list(range(n))
        budget = self._playouts(state.view(seat))
        min_worlds = max(1, round(MIN_WORLDS * min(1.0, self.budget / PLY_BUDGET)))  # fewer, for a smaller budget
        for r in range(rounds):
            share = budget // (rounds - r)
            per = max(min_worlds if r == 0 else 1, share // len(alive))
            budget -= per * len(alive)
            while len(worlds) < tried + per:
                worlds.append((self._world(state, seat, world_rng), self.rng.getrandbits(32)))
            for i in alive:
                move = candidates[i]
                for pos, seed in worlds[tried:tried + per]:
                    totals[i] += self._value(pos, move, seat, random.Random(seed))
            tried += per
            if len(alive) > 1:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[:max(1, math.ceil(len(alive) / 2))])
            if budget <= 0 and r < rounds - 1:
                break
        best = max(alive, key=lambda i: (totals[i], -i))
        return candidates[best]

    # The search's three parts, one method each (benchmarks/code_of_nine_ideas.py varies them one at a time).
    def _playouts(self, view: dict) -> int:
        """Playouts for this decision: :func:`playout_budget` of the bot's ``budget``."""
        return playout_budget(view, self.budget)

    def _world(self, state: State, seat: int, rng: random.Random):
        """One sampled world (a position) consistent with what ``seat`` knows."""
        return state.determinize(seat, rng).position

    def _value(self, world, move: Move, seat: int, rng: random.Random) -> float:
        """``move`` played in ``world``, then a random playout: ``seat``'s value of the end."""
        return play_out(apply(world, move), seat, rng)


def playout_budget(view: dict, plies: int = PLY_BUDGET) -> int:
    """Playouts for one decision: ``plies`` over the expected length of a random playout from ``view``
    (:data:`PLIES_PER_PAWN` per Action pawn still to be placed), between :data:`MIN_PLAYOUTS` and
    :data:`MAX_PLAYOUTS` (scaled down alike for a smaller ``plies``).

    >>> import ninekit
    >>> view = ninekit.make("code_of_nine", 4).new(seed=1).view(0)
    >>> playout_budget(view)    # before round 1: 60 pawns to go, about 103 plies a playout
    116
    """
    left = sum(sheet["pawns"] for sheet in view["sheets"])
    left += (ROUNDS - view["round"]) * PAWNS * view["players"]
    scale = plies / PLY_BUDGET
    wanted = int(plies / (1 + PLIES_PER_PAWN * left))
    return max(int(MIN_PLAYOUTS * scale), min(int(MAX_PLAYOUTS * scale), wanted))


def play_out(pos, seat: int, rng: random.Random, margin_weight: float = MARGIN_WEIGHT) -> float:
    """Play ``pos`` to the end by uniformly random decisions; ``seat``'s value of the end (see the module)."""
    random_ = rng.random
    while pos.phase != "over":
        moves = legal_moves(pos)
        pos = apply(pos, moves[int(random_() * len(moves))])
    return end_value(pos, seat, margin_weight)


def end_value(pos, seat: int, margin_weight: float = MARGIN_WEIGHT) -> float:
    """``seat``'s value of the scores of ``pos``: 1/k for a k-way shared win, else 0, plus up to
    ``margin_weight`` (:data:`MARGIN_WEIGHT`) for the margin (less ``margin_weight`` if it cannot win).

    >>> from ninekit.code_of_nine import position
    >>> pos = position(memories=[8, 11, 12, 13, 15, 16, 17, 18], items=[{"books": 2}, {}, {}, {}]).position
    >>> score_now(pos).totals
    [8, 0, 0, 5]
    >>> end_value(pos, 0), end_value(pos, 0, margin_weight=0.0)   # Red wins by 3 VP: 3/15 of the bonus
    (1.04, 1.0)
    """
    table = score_now(pos)
    totals = table.totals
    value = 1.0 / len(table.winners) if seat in table.winners else 0.0
    if table.cannot_win[seat]:
        return value - margin_weight
    others = [t for s, t in enumerate(totals) if s != seat]
    margin = (min(others) - totals[seat]) if table.lowest_wins else (totals[seat] - max(others))
    return value + margin_weight * max(-1.0, min(1.0, margin / MARGIN_SCALE))


def hard_level(seed: int | None = 0, iterations: int = 60_000) -> CodeOfNineBot:
    """Code of Nine's ``hard`` level: the ``normal`` bot's determinized Monte-Carlo (shared worlds, sequential
    halving) with ``iterations`` playout plies per decision instead of :data:`PLY_BUDGET`.

    (The ``normal`` bot is already a search over sampled worlds; a tree over the seat's own decisions with
    random playouts lost to it, so ``hard`` is the same search, several times longer.)

    >>> hard_level(1).budget
    60000
    """
    return CodeOfNineBot(seed, budget=whole_budget(iterations))

