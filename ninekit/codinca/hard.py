"""Codinca's ``hard`` level: the ``normal`` bot's turn, unless a look-ahead over one round shows a better one.

How it decides (from ``state.view(seat)``, ``state.legal_moves()`` and worlds from
``state.determinize(seat, rng)`` only; it never reads ``state.position``):

* **Candidates.**  At the start of its turn it asks :class:`~ninekit.codinca.bots.CodincaBot`
  (the ``normal`` bot, the *anchor*) for its plan of the whole turn, and lists other
  whole turns (one Switch + one Flip, and the claim they allow): the best
  ``candidates`` boards by the normal bot's own score, and for each opponent's tile
  the best board whose Flip turns that tile, and for each Switch that moves another
  seat's tile its best board (the blocks).
* **One round ahead.**  Each candidate is played on in the same ``iterations`` sampled
  worlds (opponents' discs drawn from what the seat may know), where every opponent
  answers in turn as the normal bot would (its best Switch + Flip by the normal
  bot's score, Luck tokens and Trap Cards apart), claiming a disc it reaches; a
  Lock in play keeps its squares still.  The round's end is scored by the normal
  bot's board score for the seat (claims, distances to its discs by the exact
  tables) plus a little for the nearest opponent's distance; an opponent's win
  counts as a loss, the seat's win as a win.
* **Decision.**  The candidate with the best mean is played if it beats the
  anchor's plan by more than ``margin``; otherwise the normal bot's turn is.
  Turns with a Trap Card or a look at it are left to the normal bot.

The plan is cached and played move by move (a turn is several decisions).

    >>> import ninekit
    >>> s = ninekit.make("codinca", 3).new(seed=4)
    >>> a, b = CodincaHardBot(2), CodincaHardBot(2)
    >>> a.choose(s) == b.choose(s), a.choose(s) in s.legal_moves()
    (True, True)
"""

from __future__ import annotations

import random

from ..core import Move, State
from ..search import whole_budget
from .bots import (
    CANON,
    CLAIM_VALUE,
    NEAREST,
    NOISE,
    REST,
    SECOND,
    XOR,
    CodincaBot,
    Context,
    build_tables,
    distance_table,
    expected_distance,
    find_move,
    state_id,
    switch_options,
    view_signature,
    with_flips,
)
from .data import DISCS, INDEX, SQUARES

__all__ = ["CodincaHardBot"]

WORLDS = 8          # sampled worlds per decision (shared by every candidate)
CANDIDATES = 10     # the best boards by the normal bot's score that are tried
MARGIN = 1.0        # a candidate must beat the anchor's turn by this much (a tenth of a step nearer)
RIVAL_WEIGHT = 0.15  # per point of the nearest opponent's score (a step of theirs: 1.5, a claim: 15)
WIN, LOSS = 1000.0, -1000.0


class CodincaHardBot:
    """The ``hard`` Codinca player: the normal bot's turn, checked one round ahead against other turns.

    Same seed, same decisions (the budget is a count of worlds and candidates, never time).

    >>> import ninekit
    >>> s = ninekit.make("codinca", 2).new(seed=1)
    >>> CodincaHardBot(5).choose(s) == CodincaHardBot(5).choose(s)
    True
    """

    def __init__(self, seed: int | random.Random | None = 0, *, iterations: int = WORLDS,
                 candidates: int = CANDIDATES, margin: float = MARGIN):
        whole_budget(iterations)
        whole_budget(candidates, "candidates")
        build_tables()  # once per process (about 1.2 s), so that no decision pays for it
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.base = CodincaBot(self.rng.getrandbits(64))
        self.worlds = iterations  # the budget: sampled worlds per turn
        self.candidates = candidates
        self.margin = margin
        self._plan: list = []
        self._expect = None
        self.departed = 0  # turns where the look-ahead overruled the normal bot (for the benchmark's curiosity)

    def choose(self, state: State) -> Move:
        """The chosen legal move for the seat to move."""
        moves = state.legal_moves()
        seat = state.to_move
        view = state.view(seat)
        if self._plan and self._expect == view_signature(view):
            move = find_move(moves, self._plan[0])
            if move is not None:
                return self._next(state, seat, view, move)
        self._plan = []
        anchor = self.base.choose(state)
        if view["step"] != "before" or len(moves) == 1 or not any(m.kind == "tile" for m in moves):
            return anchor
        anchor_plan = [(anchor.kind, anchor.args[0] if anchor.args else None)] + list(self.base._plan)
        plan = self._search(state, view, seat, anchor_plan)
        if plan is None:
            return anchor
        self.departed += 1
        self.base._plan, self.base._expect = [], None
        self._plan = plan
        return self._next(state, seat, view, find_move(moves, plan[0]))

    def _next(self, state: State, seat: int, view: dict, move: Move) -> Move:
        self._plan = self._plan[1:]
        self._expect = view_signature(state.play(move).view(seat)) if self._plan else None
        if move.kind in ("claim", "end"):  # keep the normal bot's memory of our boards (it avoids going round)
            tiles = tuple(t[0][0] + t[1] for t in (view["tiles"][sq] for sq in SQUARES))
            self.base._last_board = state_id(tiles, view["elements"][seat][0])
            self.base._record(move)
        return move

    # --- the look-ahead ---------------------------------------------------------------------
    def _search(self, state: State, view: dict, seat: int, anchor_plan: list) -> list | None:
        """A better plan for this turn than ``anchor_plan``, or None."""
        if any(kind == "trap" or arg == "reveal_trap" for kind, arg in anchor_plan):
            return None
        ctx = Context(view, seat)
        ctx.recent = self.base._recent
        after = _played(state, anchor_plan)
        if after is None:
            return None
        plans = [anchor_plan]
        starts = [_start(after.view(seat), seat, anchor_plan)]
        for steps, board in _candidate_turns(ctx, self.candidates):
            claim = ctx.claim_on(board)
            plans.append(list(steps) + [("claim", claim) if claim else ("end", None)])
            a, b = INDEX[steps[0][1]], INDEX[steps[1][1]]
            claimed = list(ctx.claimed) + ([claim] if claim else [])
            locked = frozenset(INDEX[sq] for sq in view["locked"])
            starts.append((board, claimed, locked, view["locker"], frozenset((a, b))))
        rng = random.Random(self.rng.getrandbits(64))
        totals = [0.0] * len(plans)
        for _ in range(self.worlds):
            world = World(state.determinize(seat, rng), seat, ctx)
            seed = rng.getrandbits(64)
            for i, start in enumerate(starts):
                totals[i] += world.round_value(*start, random.Random(seed))
        best = max(range(len(plans)), key=lambda i: (totals[i], -i))
        if best == 0 or totals[best] <= totals[0] + self.margin * self.worlds:
            return None
        return plans[best]


def _played(state: State, plan: list) -> State | None:
    """``state`` after the seat's ``plan`` (None if a step is not legal: the anchor plans otherwise)."""
    for step in plan:
        move = find_move(state.legal_moves(), step)
        if move is None:
            return None
        state = state.play(move)
    return state


def _start(view: dict, seat: int, plan: list) -> tuple:
    """The round's start after the seat's turn, read from the view: board, own claims, locks, no-rewind."""
    tiles = tuple(view["tiles"][sq][0][0] + view["tiles"][sq][1] for sq in SQUARES)
    ban = frozenset(INDEX[sq] for sq in view["no_rewind"]) if view["no_rewind"] else None
    return (tiles, list(view["claimed"][seat]), frozenset(INDEX[sq] for sq in view["locked"]), view["locker"], ban)


def _candidate_turns(ctx: Context, count: int) -> list:
    """Whole turns (Switch + Flip steps, board) worth a look: the best ``count`` boards by the normal score, the
    best board for each Switch that moves another seat's tile, and for each other seat's tile the best board that
    flips it (the blocks)."""
    scored = []
    for (a, b), board in switch_options(ctx.tiles, ctx.letter, ctx.locked, ctx.ban):
        steps = (("tile", SQUARES[a]), ("switch", SQUARES[b]))
        for i in range(16):
            if i not in ctx.locked:
                new = with_flips(board, (i,))
                scored.append((ctx.value(new), steps + (("flip", SQUARES[i]),), new, i))
    scored.sort(key=lambda x: -x[0])
    out, seen = [], set()
    for _value, steps, board, _i in scored:
        if len(out) >= count:
            break
        if board not in seen:
            seen.add(board)
            out.append((steps, board))
    flips, switches = set(), set()
    for _value, steps, board, i in scored:  # best first: the best board for each block
        if board in seen:
            continue
        moved = steps[:2] not in switches and board[INDEX[steps[0][1]]][0] != ctx.letter
        if moved or (board[i][0] != ctx.letter and i not in flips):
            flips.add(i)
            switches.add(steps[:2])
            seen.add(board)
            out.append((steps, board))
    return out


class World:
    """One sampled world: every opponent's discs, and how it answers a board as the normal bot would."""

    def __init__(self, world: State, seat: int, ctx: Context):
        self.seat = seat
        self.ctx = ctx
        n = world.game.players
        self.n = n
        views = [world.view(p) for p in range(n)]
        self.letters = [e[0] for e in views[seat]["elements"]]
        self.target = views[seat]["claims_to_win"]
        self.discs = [[d["id"] for d in views[p]["discs"][p]] for p in range(n)]
        self.claimed0 = [list(c) for c in views[seat]["claimed"]]
        self.leader_weight = ctx.leader_weight

    def round_value(self, tiles: tuple, our_claims: list, locked: frozenset, locker, ban, rng) -> float:
        """The seat's score when its next turn begins, every opponent having answered ``tiles`` in turn."""
        claimed = [list(c) for c in self.claimed0]
        claimed[self.seat] = list(our_claims)
        if len(our_claims) >= self.target:
            return WIN
        for k in range(1, self.n):
            p = (self.seat + k) % self.n
            if p == locker:
                locked = frozenset()
            tiles, ban = self._answer(p, tiles, claimed, locked, ban, rng)
            if len(claimed[p]) >= self.target:
                return LOSS
        return self._score(tiles, claimed)

    def _score(self, tiles: tuple, claimed: list) -> float:
        ctx = self.ctx
        sid = state_id(tiles, ctx.letter)
        ds = sorted(table[sid ^ xor] for table, xor, d in ctx.open if d not in claimed[self.seat])
        value = CLAIM_VALUE * (len(claimed[self.seat]) - len(ctx.claimed))
        ds = [max(1, d) for d in ds]
        if ds:
            value -= NEAREST * ds[0] + SECOND * (ds[1] if len(ds) > 1 else 0) + REST * sum(ds[2:])
        rival = min(self._rival(p, tiles, claimed) for p in range(self.n) if p != self.seat)
        return value + RIVAL_WEIGHT * rival

    def _rival(self, p: int, tiles: tuple, claimed: list) -> float:
        """How far opponent ``p`` is from winning, in the normal bot's units (larger: farther)."""
        sid = state_id(tiles, self.letters[p])
        ds = sorted(max(1, distance_table(CANON[d])[sid ^ XOR[d]]) for d in self.discs[p] if d not in claimed[p])
        left = self.target - len(claimed[p])
        return CLAIM_VALUE * left + NEAREST * (ds[0] if ds else 0) + SECOND * (ds[1] if len(ds) > 1 else 0)

    def _answer(self, p: int, tiles: tuple, claimed: list, locked: frozenset, ban, rng) -> tuple:
        """Opponent ``p``'s Switch + Flip as the normal bot scores boards (and its claim): (new tiles, its ban)."""
        letter = self.letters[p]
        own = [(distance_table(CANON[d]), XOR[d], d) for d in self.discs[p] if d not in claimed[p]]
        n_claims = len(claimed[p])
        target = self.target
        # the leader as p sees it: most claims, then nearest by the mean over the discs p cannot rule out
        known = set(self.discs[p])
        for c in claimed:
            known.update(c)
        best = None
        for q in range(self.n):
            if q == p:
                continue
            groups = []
            for g, disc in enumerate(self.discs[q]):
                if disc in claimed[q]:
                    continue
                pool = [d for d in DISCS if d[0] == "LDBC"[g] and d not in known]
                if pool:
                    groups.append([(distance_table(CANON[d]), XOR[d]) for d in pool])
            near = expected_distance(groups, state_id(tiles, self.letters[q])) if groups else 0.0
            key = (len(claimed[q]), -near)
            if best is None or key > best[0]:
                best = (key, self.letters[q], groups)
        _key, lead, groups = best
        own_memo, lead_memo = {}, {}

        def own_value(sid):
            if sid not in own_memo:
                ds = sorted(t[sid ^ x] for t, x, _d in own)
                v, c = 0.0, n_claims
                if ds and ds[0] == 0:
                    ds, c, v = ds[1:], c + 1, CLAIM_VALUE
                    if c >= target:
                        own_memo[sid] = 1e6
                        return 1e6
                ds = [max(1, d) for d in ds]
                if ds:
                    v -= NEAREST * ds[0] + SECOND * (ds[1] if len(ds) > 1 else 0) + REST * sum(ds[2:])
                own_memo[sid] = v
            return own_memo[sid]

        def lead_value(sid):
            if sid not in lead_memo:
                lead_memo[sid] = self.leader_weight * expected_distance(groups, sid) if groups else 0.0
            return lead_memo[sid]

        top, choice = None, None
        for (i, j), board in switch_options(tiles, letter, locked, ban):
            mine = [s for s in range(16) if board[s][0] == letter]
            theirs = [s for s in range(16) if board[s][0] == lead]
            sid = state_id(board, letter)
            lid = state_id(board, lead)
            base_own, base_lead = own_value(sid), lead_value(lid)
            for f in range(16):
                if f in locked:
                    continue
                code = board[f][0]
                if code == letter:
                    v = own_value(sid ^ (1 << mine.index(f))) + base_lead
                elif code == lead:
                    v = base_own + lead_value(lid ^ (1 << theirs.index(f)))
                else:
                    v = base_own + base_lead
                v += rng.random() * NOISE
                if top is None or v > top:
                    top, choice = v, (i, j, f, board)
        if choice is None:
            return tiles, None
        i, j, f, switched = choice
        board = with_flips(switched, (f,))
        sid = state_id(board, letter)
        for t, x, d in own:
            if t[sid ^ x] == 0:
                claimed[p].append(d)
                break
        return board, frozenset((i, j))
