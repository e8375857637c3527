"""CodeOfNineHard: Code of Nine's ``hard`` level, the ``normal`` search with purposeful playouts.

:class:`~ninekit.code_of_nine.bot.CodeOfNineBot` (``normal``) values a candidate by playing the game on from
sampled worlds by *uniformly random* decisions: a poor model of players who collect what their Memories pay
for (its own later decisions included).  ``hard`` keeps everything else of ``normal`` (the same shortcuts,
shared worlds, sequential halving, the same value of an end) and changes the playouts: every seat plays
**greedily by a linear value of its holdings** in that world, with a little randomness.

* **Values.**  In each sampled world (all 8 Memories fixed), the value of one more Coin, Statue, Book or
  Will, and of holding a Legacy, a release or the Start player, is measured for every player by
  :func:`~ninekit.code_of_nine.scoring.score_table` itself (the difference it makes to that player's total
  if the game ended now; "cannot win" counts as :data:`CANNOT_WIN_VP` VP lost): :func:`item_values`.
* **Greedy playouts.**  Every decision of a playout takes the option whose result maximizes the mover's
  estimated total minus the best other's (:func:`greedy_choice`); one decision in :data:`EXPLORE` is random
  instead, and ties are broken at random.  The end is scored exactly, as ``normal`` does.

Randomness comes only from the bot's own seed; the budget is a count of playout plies, never time.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine", 3).new(seed=4)
    >>> bot = CodeOfNineHard(2, budget=300)
    >>> while s.to_move != 0 or s.legal_moves()[0].kind != "place":
    ...     s = s.play(s.legal_moves()[0])
    >>> bot.choose(s) in s.legal_moves()
    True
"""

from __future__ import annotations

import math
import random

from ..core import Move, State
from . import _apply, _legal, _score, player_sheet
from .bot import MIN_WORLDS, CodeOfNineBot, _playout_value, playout_budget
from .scoring import score_table

__all__ = ["CodeOfNineHard", "HARD_BUDGET", "CANNOT_WIN_VP", "EXPLORE", "item_values", "greedy_choice"]

# --- tuning ------------------------------------------------------------------------------------------

HARD_BUDGET = 4_000     # greedy playout plies per decision (a greedy ply costs several random ones)
CANNOT_WIN_VP = 20      # "cannot win" valued as this many VP lost, in the greedy values
EXPLORE = 0.1           # share of playout decisions taken at random instead of greedily
FEATURES = ("coins", "statues", "books", "will", "white", "black", "released_white", "released_black", "start",
            "medal")
COUNTS = ("coins", "statues", "books", "will")


def item_values(pos) -> tuple:
    """Per player of the world ``pos``: (its total now, the VP of one more of each of :data:`FEATURES`),
    measured with :func:`score_table` on the 8 Memories of ``pos`` ("cannot win": :data:`CANNOT_WIN_VP` VP).

    >>> from ninekit.code_of_nine import position
    >>> pos = position(players=3, memories=[5, 1, 2, 3, 4, 6, 7, 8]).position
    >>> base, values = item_values(pos)[0]
    >>> values[FEATURES.index("statues")]       # 1 VP, +2 (card 5), +3 for exactly one (card 6), negative (card 7)
    -6
    >>> values[FEATURES.index("coins")]         # the one player with the most Coins gains 4 VP (card 4)
    4
    """
    sheets = [player_sheet(pos, s) for s in range(pos.players)]
    mem = list(pos.mem)

    def totals(sheets_):
        table = score_table(sheets_, mem)
        return [t - CANNOT_WIN_VP * c for t, c in zip(table.totals, table.cannot_win)]

    base = totals(sheets)
    out = []
    for s in range(len(sheets)):
        values = []
        for key in FEATURES:
            if key == "medal" and not pos.expert:
                values.append(0)
                continue
            if key in COUNTS:
                changed = [dict(sh) for sh in sheets]
                changed[s][key] += 1
                values.append(totals(changed)[s] - base[s])
                continue
            on = [dict(sh, **{key: i == s}) for i, sh in enumerate(sheets)]
            off = [dict(sh) for sh in sheets]
            off[s][key] = False
            values.append(totals(on)[s] - totals(off)[s])
        out.append((base[s], values))
    return tuple(out)


def _features(pos, s: int) -> tuple:
    c, st, b = pos.items[s]
    return (c, st, b, pos.will[s], pos.white == s, pos.black == s, pos.released[0] == s, pos.released[1] == s,
            pos.start == s, pos.medal == s)


def greedy_choice(pos, moves, values, root_features, rng: random.Random):
    """The option of ``moves`` whose result is best for the mover by ``values`` (:func:`item_values` of the
    world) relative to ``root_features`` (each player's :data:`FEATURES` when the values were measured):
    the mover's estimated total minus the best other's; ties at random.

    >>> from ninekit.code_of_nine import position, _legal
    >>> pos = position(players=3, memories=[5, 8, 11, 12, 13, 14, 16, 18], round=2).position   # Statues 3 VP
    >>> values = item_values(pos)
    >>> move = greedy_choice(pos, _legal(pos), values, [_features(pos, s) for s in range(3)], random.Random(1))
    >>> move.args
    ('cross',)
    """
    me = pos.turn
    n = pos.players
    best, best_key = None, None
    for move in moves:
        after = _apply(pos, move)
        est = []
        for s in range(n):
            base, w = values[s]
            f, f0 = _features(after, s), root_features[s]
            est.append(base + sum(wk * (a - b) for wk, a, b in zip(w, f, f0)))
        mine = est[me]
        key = (mine - max(e for s, e in enumerate(est) if s != me), rng.random())
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def _greedy_playout(pos, seat: int, values, root_features, rng: random.Random) -> float:
    """Play ``pos`` to the end greedily (:func:`greedy_choice`, one decision in :data:`EXPLORE` at random);
    ``seat``'s value of the end, as ``normal`` values it."""
    random_ = rng.random
    while pos.phase != "over":
        moves = _legal(pos)
        if len(moves) == 1:
            pos = _apply(pos, moves[0])
        elif random_() < EXPLORE:
            pos = _apply(pos, moves[int(random_() * len(moves))])
        else:
            pos = _apply(pos, greedy_choice(pos, moves, values, root_features, rng))
    return _playout_value(_score(pos), seat)


class CodeOfNineHard(CodeOfNineBot):
    """``hard``: :class:`~ninekit.code_of_nine.bot.CodeOfNineBot` with greedy playouts (see the module).

    ``budget``: playout plies per decision (default :data:`HARD_BUDGET`).  Same seed, same decisions.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine", 4).new(seed=1)
    >>> str(CodeOfNineHard(5).choose(s))
    'Keep your two Memory cards'
    """

    def __init__(self, seed: int | random.Random | None = 0, budget: int = HARD_BUDGET):
        super().__init__(seed, budget)

    def _search(self, state: State, seat: int, candidates: list) -> Move:
        """The candidate with the best mean greedy-playout value, by sequential halving over shared worlds."""
        n = len(candidates)
        rounds = max(1, math.ceil(math.log2(n)))
        world_rng = random.Random(self.rng.getrandbits(64))
        worlds: list = []   # (world position, its item values, its features, playout seed), shared by all
        totals = [0.0] * n
        tried = 0
        alive = list(range(n))
        budget = playout_budget(state.view(seat), self.budget)
        min_worlds = max(1, round(MIN_WORLDS * min(1.0, self.budget / HARD_BUDGET)))
        for r in range(rounds):
            share = budget // (rounds - r)
            per = max(min_worlds if r == 0 else 1, share // len(alive))
            budget -= per * len(alive)
            while len(worlds) < tried + per:
                world = state.determinize(seat, world_rng).position
                features = [_features(world, s) for s in range(world.players)]
                worlds.append((world, item_values(world), features, self.rng.getrandbits(32)))
            for i in alive:
                move = candidates[i]
                for pos, values, features, seed in worlds[tried:tried + per]:
                    totals[i] += _greedy_playout(_apply(pos, move), seat, values, features, random.Random(seed))
            tried += per
            if len(alive) > 1:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[:max(1, math.ceil(len(alive) / 2))])
            if budget <= 0 and r < rounds - 1:
                break
        best = max(alive, key=lambda i: (totals[i], -i))
        return candidates[best]
