"""CodincaBot: a Codinca player that plans its whole turn towards its nearest Key Disc.

How it decides (everything from ``state.view(seat)`` and ``state.legal_moves()``;
it never reads ``state.position``):

* **Distances.**  For each Key Disc, an exact table (built once per process, by a
  breadth-first search over the 1,820 placements x 16 side patterns of one
  player's four tiles) gives the fewest own turns of one Switch + one Flip that
  reach the disc from any placement, opponents ignored.  A disc and its
  stone/gold complement share one table, so there are 15 tables (about 0.08 s each;
  built on first use; :func:`build_tables` makes them all at once).
* **The turn as a plan.**  At the start of its turn the bot enumerates every
  legal Switch x every Flip (at most ~500 boards) and scores each resulting
  board: a claim now, then the distance to its nearest unclaimed disc (weighted
  most), the second nearest, the rest; plus how far the leading opponent seems
  from *their* discs (their unclaimed discs are unknown: the mean distance over
  the discs they could hold, so a spare Flip goes to a leader's tile), plus a
  little noise so that two bots do not push the same tiles back and forth.
* **Luck tokens** are spent after the Flip (one more action) only when that wins a
  lot (a claim, or two steps nearer); one token is kept for the last disc.  With
  its nearest disc one turn away it may lock the line or block holding most of its
  tiles, so that opponents cannot disturb it before its next turn (the lock ends
  at the start of that turn).
* **The Trap Card**: once revealed it is played when the board it leaves scores
  better (it hurts the leader or helps the bot); blind, when the mean over the
  cards it could be scores clearly better.  It reveals the card (a token) when an
  opponent is one disc from winning, to use it as a weapon.
* The chosen plan is cached and played move by move; each move is re-checked
  against the legal moves and the bot re-plans when the state is not the one the
  plan expected.

    >>> import ninekit
    >>> from ninekit.bots import RandomBot
    >>> state = ninekit.make("codinca", 2).new(seed=3)
    >>> players = [CodincaBot(seed=1), RandomBot(2)]
    >>> while not state.is_over:
    ...     state = state.play(players[state.to_move].choose(state))
    >>> state.outcome.winners
    (0,)
"""

from __future__ import annotations

import itertools
import random

from ..core import Move, State
from .data import (
    BLOCKS,
    DISCS,
    DOMINO_SQUARES,
    EXCHANGES,
    INDEX,
    INSTANCES,
    LINES,
    LOCKS,
    NEIGHBOURS,
    PARTNERS,
    RED_CRYSTALS,
    SQUARES,
    TOTEM_HOME,
    TRAP_IDS,
    disc_readings,
)
from .rules import TRAP_CELLS

__all__ = ["CodincaBot", "build_tables", "disc_distance"]

# --- exact distance tables ----------------------------------------------------------------------

_PLACEMENTS = tuple(itertools.combinations(range(16), 4))
_PINDEX = {p: i for i, p in enumerate(_PLACEMENTS)}
_TRANS: list | None = None   # per placement: ((placement * 16, side-mask permutation table), ...)
TABLES: dict = {}           # canonical disc id -> bytearray of distances, by state id (placement * 16 + mask)


def _build_transitions() -> list:
    """Every Switch of one of a player's tiles, as (new placement * 16, how the side bits move)."""
    perms: dict = {}

    def perm_table(perm):
        if perm not in perms:
            perms[perm] = tuple(sum(1 << perm[k] for k in range(4) if m >> k & 1) for m in range(16))
        return perms[perm]

    out = []
    for p in _PLACEMENTS:
        moves = set()
        for k, sq in enumerate(p):
            for j in NEIGHBOURS[sq]:
                if j in p:  # two own tiles: the placement stays, their sides change places
                    m = p.index(j)
                    perm = list(range(4))
                    perm[k], perm[m] = m, k
                    moves.add((_PINDEX[p] * 16, perm_table(tuple(perm))))
                else:
                    new = sorted([s for s in p if s != sq] + [j])
                    perm = tuple(new.index(j if s == sq else s) for s in p)
                    moves.add((_PINDEX[tuple(new)] * 16, perm_table(perm)))
        out.append(tuple(moves))
    return out


def _complement(disc: str) -> str:
    """The disc of the same group whose face is ``disc``'s with stone and gold exchanged."""
    face = DISCS[disc].translate(str.maketrans("SG", "GS"))
    readings = disc_readings(disc[0], face)
    return next(d for d in DISCS if d[0] == disc[0] and DISCS[d] in readings)


CANON = {d: min(d, _complement(d)) for d in DISCS}
XOR = {d: 0 if CANON[d] == d else 15 for d in DISCS}


def distance_table(disc: str) -> bytearray:
    """Own turns (Switch + Flip) from every state of a player's tiles to ``disc`` (canonical ids only)."""
    global _TRANS
    if disc in TABLES:
        return TABLES[disc]
    if _TRANS is None:
        _TRANS = _build_transitions()
    group = disc[0]
    goals = set()
    for inst in INSTANCES[group]:
        p = tuple(sorted(inst))
        for reading in disc_readings(group, DISCS[disc]):
            side = dict(zip(inst, reading))
            goals.add(_PINDEX[p] * 16 + sum(1 << k for k, sq in enumerate(p) if side[sq] == "G"))
    size = len(_PLACEMENTS) * 16
    dist = bytearray([255]) * size
    flipped = bytearray(size)
    frontier = list(goals)
    for s in frontier:
        dist[s] = 0
    turns = 0
    trans = _TRANS
    while frontier:  # backwards: undo the Flip (or a Flip elsewhere), then undo the Switch
        turns += 1
        before_flip = []
        for v in frontier:
            base, m = v & ~15, v & 15
            for u in (v, base | (m ^ 1), base | (m ^ 2), base | (m ^ 4), base | (m ^ 8)):
                if not flipped[u]:
                    flipped[u] = 1
                    before_flip.append(u)
        nxt = []
        for u in before_flip:
            m = u & 15
            for base, perm in trans[u >> 4]:
                s = base | perm[m]
                if dist[s] == 255:
                    dist[s] = turns
                    nxt.append(s)
        frontier = nxt
    TABLES[disc] = dist
    return dist


def build_tables() -> int:
    """Build every exact distance table now (about 1.2 s once per process; later calls return at once) and
    return how many there are.  The ``hard`` bot (:class:`~ninekit.codinca.hard.CodincaHardBot`) calls it when
    it is made, so that none of its decisions pays for it; ``normal`` builds each table on first use.

    >>> build_tables()
    15
    """
    for disc in sorted(set(CANON.values())):
        distance_table(disc)
    return len(TABLES)


def state_id(tiles: tuple, letter: str) -> int:
    """``letter``'s four tiles on ``tiles`` (16 codes like ``"FG"``) as placement * 16 + gold mask."""
    squares = []
    mask = 0
    for i, t in enumerate(tiles):
        if t[0] == letter:
            if t[1] == "G":
                mask |= 1 << len(squares)
            squares.append(i)
    return _PINDEX[tuple(squares)] * 16 + mask


def disc_distance(tiles: dict, element: str, disc: str) -> int:
    """The fewest own turns (Switch + Flip each, opponents ignored) for ``element`` to match ``disc``.

    ``tiles`` maps squares to ``(element, side)`` as in a view.

    >>> from ninekit.codinca import START_LAYOUT
    >>> [disc_distance(START_LAYOUT, "Fire", d) for d in ("L1", "D3", "B5", "C6")]
    [3, 3, 3, 3]
    """
    codes = tuple(tiles[sq][0][0] + tiles[sq][1] for sq in SQUARES)
    return distance_table(CANON[disc])[state_id(codes, element[0]) ^ XOR[disc]]


def _flip_code(code: str) -> str:
    return code[0] + ("G" if code[1] == "S" else "S")


# --- the luck actions as board changes ------------------------------------------------------------

def _permuted(tiles: tuple, cycle) -> tuple:
    out = list(tiles)
    for frm, to in cycle:
        out[to] = tiles[frm]
    return tuple(out)


def with_flips(tiles: tuple, squares) -> tuple:
    out = list(tiles)
    for i in squares:
        out[i] = _flip_code(out[i])
    return tuple(out)


def _luck_options(tiles: tuple, letter: str, locked: frozenset, ban) -> list:
    """``(moves, new tiles)`` for each single luck action after the Flip (locks and Reveal Trap apart)."""
    out = []
    for key, line in LINES.items():
        if locked.intersection(line):
            continue
        out.append(((("luck", "line_flip"), ("line", key)), with_flips(tiles, line)))
        for direction, forward in (("east", True), ("west", False)) if key.isdigit() else \
                (("south", True), ("north", False)):
            step = 1 if forward else -1
            out.append(((("luck", "line_push"), ("line", key), ("push", direction)),
                        _permuted(tiles, [(line[i], line[(i + step) % 4]) for i in range(4)])))
    for key, sq in BLOCKS.items():
        if locked.intersection(sq):
            continue
        out.append(((("luck", "block_flip"), ("block", key)), with_flips(tiles, sq)))
        for turn, shift in (("cw", 1), ("ccw", 3), ("180", 2)):
            out.append(((("luck", "rotate_block"), ("block", key), ("turn", turn)),
                        _permuted(tiles, [(sq[i], sq[(i + shift) % 4]) for i in range(4)])))
    for first in DOMINO_SQUARES:
        if locked.intersection(DOMINO_SQUARES[first]):
            continue
        for second in PARTNERS[first]:
            if second < first or locked.intersection(DOMINO_SQUARES[second]):
                continue
            swaps = EXCHANGES[frozenset({first, second})]
            out.append(((("luck", "switch_pair"), ("pair", first), ("pair_with", second)),
                        _permuted(tiles, [p for a, b in swaps for p in ((a, b), (b, a))])))
    for i in range(16):
        if i not in locked:
            out.append(((("luck", "extra_move"), ("extra", "flip"), ("flip", SQUARES[i])), with_flips(tiles, (i,))))
    for (a, b), new in switch_options(tiles, letter, locked, ban):
        out.append(((("luck", "extra_move"), ("extra", "switch"), ("tile", SQUARES[a]), ("switch", SQUARES[b])), new))
    return out


def switch_options(tiles: tuple, letter: str, locked: frozenset, ban, only=None) -> list:
    """``((own square, other square), new tiles)`` for each legal Switch."""
    out = []
    for i in range(16):
        if tiles[i][0] != letter or i in locked or (only is not None and i != only):
            continue
        for j in NEIGHBOURS[i]:
            if j in locked or (ban and i in ban and j in ban):
                continue
            new = list(tiles)
            new[i], new[j] = tiles[j], tiles[i]
            out.append(((i, j), tuple(new)))
    return out


# --- the bot ----------------------------------------------------------------------------------------

CLAIM_VALUE = 100.0
NEAREST, SECOND, REST = 10.0, 3.0, 1.0
LEADER_WEIGHT = 1.5
TOKEN_COST = 15.0       # a luck action must gain this much (a claim, or two steps nearer the nearest disc)
LAST_TOKEN_COST = 8.0   # working on the last disc: one step nearer is enough
NOISE = 0.4
STALL_TURNS, STALL_NOISE = 6, 3.0  # after this many turns without a claim, more noise each turn
REPEAT = 4.0            # per time we left our tiles just so in our last RECENT turns
RECENT = 8
TOP_BOARDS = 6          # the best Switch + Flip boards tried with one more luck action


class CodincaBot:
    """A Codinca player that searches its own turn for the board nearest its next Key Disc.

    See the module docstring for how it scores boards, spends Luck tokens, locks
    and plays its Trap Card.  Same seed, same decisions.

    >>> import ninekit
    >>> s = ninekit.make("codinca", 2).new(seed=1)
    >>> CodincaBot(5).choose(s) == CodincaBot(5).choose(s)
    True
    >>> CodincaBot(5).choose(s) in s.legal_moves()
    True
    """

    leader_weight = LEADER_WEIGHT
    lock_distance = 1
    lock_spare = 1
    token_cost = TOKEN_COST
    repeat_weight = REPEAT

    def __init__(self, seed: int | random.Random | None = 0):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._plan: list = []
        self._expect = None
        self._recent: list = []  # own tile states left after our last turns (to avoid going round in circles)
        self._dry = 0            # our turns since our last claim

    # --- public -------------------------------------------------------------------------
    def choose(self, state: State) -> Move:
        """The chosen legal move for the seat to move."""
        moves = state.legal_moves()
        seat = state.to_move
        view = state.view(seat)
        if moves[-1].kind in ("claim", "end"):  # the board we leave this turn, if the turn ends now
            tiles = tuple(t[0][0] + t[1] for t in (view["tiles"][sq] for sq in SQUARES))
            self._last_board = state_id(tiles, view["elements"][seat][0])
        if len(moves) == 1:
            self._plan = []
            return self._record(moves[0])
        if self._plan and self._expect == view_signature(view):
            move = find_move(moves, self._plan[0])
            if move is not None:
                return self._next(state, seat, move)
        self._plan = self._make_plan(view, seat, moves)
        move = find_move(moves, self._plan[0]) if self._plan else None
        if move is None:  # a step the planner does not cover (should not happen): any claim, else at random
            self._plan = []
            claims = [m for m in moves if m.kind == "claim"]
            move = claims[0] if claims else self.rng.choice([m for m in moves if m.kind != "trap"] or moves)
            return self._record(move)
        return self._next(state, seat, move)

    def _next(self, state: State, seat: int, move: Move) -> Move:
        self._plan = self._plan[1:]
        self._expect = view_signature(state.play(move).view(seat)) if self._plan else None
        return self._record(move)

    def _record(self, move: Move) -> Move:
        if move.kind in ("claim", "end"):
            self._recent = (self._recent + [self._last_board])[-RECENT:]
            self._dry = 0 if move.kind == "claim" else self._dry + 1
        return move

    # --- planning -----------------------------------------------------------------------
    def _make_plan(self, view: dict, seat: int, moves) -> list:
        ctx = Context(view, seat)
        ctx.leader_weight = self.leader_weight
        ctx.repeat_weight = self.repeat_weight
        ctx.recent = self._recent
        step = view["step"]
        stage = view["stage"]
        if step == "before":
            if ctx.trap_state == "face down" and self._reveal_now(ctx):
                return [("luck", "reveal_trap")]
            switch_from = "any" if any(m.kind == "tile" for m in moves) else None
            return self._search(ctx, ctx.tiles, switch_from, flip=True, trap_before_ok=True)
        if step == "with":
            only = INDEX[view["selected"]]
            if stage == "after":  # an Extra Move switch: the Flip is done
                return self._search(ctx, ctx.tiles, only, flip=False, luck=False)
            return self._search(ctx, ctx.tiles, only, flip=True)
        if step == "flip":
            return self._search(ctx, ctx.tiles, None, flip=True, luck=stage != "after")
        if step == "after":
            return self._search(ctx, ctx.tiles, None, flip=False)
        return []

    def _reveal_now(self, ctx) -> bool:
        """Look at the Trap Card when an opponent is one disc from winning, or to finish our last disc."""
        spare = ctx.tokens - ctx.reserve
        if spare < 1 or ctx.locked_all:
            return False
        if ctx.leader_claims >= ctx.target - 1:
            return True
        return len(ctx.claimed) >= ctx.target - 1 and ctx.tokens >= 2 and ctx.view["round"] >= 8

    def _search(self, ctx, tiles: tuple, switch_from, flip: bool, luck: bool = True,
                trap_before_ok: bool = False) -> list:
        """The best plan for the rest of this turn, as (kind, arg) steps ending with a claim or the end."""
        rng = self.rng
        noise = NOISE + STALL_NOISE * max(0, self._dry - STALL_TURNS)  # long without a claim: try other routes
        letter, locked, ban = ctx.letter, ctx.locked, ctx.ban
        if switch_from is None:
            switched = [((), tiles, ban)]
        else:
            only = None if switch_from == "any" else switch_from
            switched = []
            for (a, b), new in switch_options(tiles, letter, locked, ban, only):
                steps = (("switch", SQUARES[b]),)
                if only is None:
                    steps = (("tile", SQUARES[a]),) + steps
                switched.append((steps, new, None if ban and (a in ban or b in ban) else ban))
            if not switched:  # no legal Switch: the Flip comes straight away
                switched = [((), tiles, ban)]
        scored = []
        for steps, board, ban2 in switched:
            if flip:
                for i in range(16):
                    if i in locked:
                        continue
                    new = with_flips(board, (i,))
                    scored.append((ctx.value(new) + rng.random() * noise, steps + (("flip", SQUARES[i]),), new, ban2))
            else:
                scored.append((ctx.value(board) + rng.random() * noise, steps, board, ban2))
        scored.sort(key=lambda x: -x[0])
        best_value, best_steps, best_board, best_ban = scored[0]
        # one more luck action after the Flip, tried on the best few boards
        spare = ctx.tokens - ctx.reserve
        if luck and spare >= 1:
            cost = LAST_TOKEN_COST if len(ctx.claimed) >= ctx.target - 1 else self.token_cost
            for _value, steps, board, ban2 in scored[:TOP_BOARDS]:
                for extra, new in _luck_options(board, letter, locked, ban2):
                    v = ctx.value(new) + rng.random() * NOISE - cost
                    if v > best_value:
                        best_value, best_steps, best_board = v, steps + extra, new
        plan = list(best_steps)
        board = best_board
        # the Trap Card: before the Switch (known card only), or after the Flip
        if ctx.trap_state == "looked at":
            after = ctx.trapped(board, ctx.trap_cells)
            if trap_before_ok:
                pre_ctx = ctx.without_trap()
                pre = self._search(pre_ctx, ctx.trapped(tiles, ctx.trap_cells), switch_from, flip, luck=False)
                pre_value = pre_ctx.plan_value
            else:
                pre, pre_value = None, None
            v_after = ctx.value(after)
            if pre_value is not None and pre_value > max(v_after, ctx.value(board)) + 2:
                return [("trap", None)] + pre
            if v_after > ctx.value(board) + 2:
                plan.append(("trap", None))
                board = after
        elif ctx.trap_state == "face down" and ctx.trap_pool:
            base = ctx.value(board)
            mean = sum(ctx.value(ctx.trapped(board, cells)) for cells in ctx.trap_pool) / len(ctx.trap_pool)
            if mean > base + 3:
                plan.append(("trap", None))
                board = None  # unknown: no lock on top of it
        ctx.plan_value = ctx.value(board) if board is not None else best_value
        # a Lock to keep a nearly finished pattern together until our next turn
        if board is not None and ctx.can_lock and ctx.tokens - ctx.reserve >= self.lock_spare:
            lock = self._lock(ctx, board)
            if lock:
                plan += lock
        claim = ctx.claim_on(board) if board is not None else None
        plan.append(("claim", claim) if claim else ("end", None))
        return plan

    def _lock(self, ctx, board: tuple) -> list:
        left = ctx.distances(board)
        claim = ctx.claim_on(board)
        if claim:
            left = [d for disc, d in left if disc != claim]
        else:
            left = [d for _disc, d in left]
        if not left or min(left) > self.lock_distance:
            return []
        own = {i for i in range(16) if board[i][0] == ctx.letter}
        best, best_cover = None, 2
        for crystal, squares in LOCKS.items():
            cover = len(own & squares) + self.rng.random() * 0.5
            if cover > best_cover:
                best, best_cover = crystal, cover
        if best is None:
            return []
        return [("luck", "line_lock" if best in RED_CRYSTALS else "block_lock"), ("crystal", best)]


class Context:
    """What one planning needs from the view, and the board score."""

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        elements = view["elements"]
        self.letter = elements[seat][0]
        self.tiles = tuple(view["tiles"][sq][0][0] + view["tiles"][sq][1] for sq in SQUARES)
        self.locked = frozenset(INDEX[sq] for sq in view["locked"])
        self.locked_all = False
        self.ban = frozenset(INDEX[sq] for sq in view["no_rewind"]) if view["no_rewind"] else None
        self.target = view["claims_to_win"]
        self.claimed = [c for c in view["claimed"][seat]]
        self.tokens = view["tokens"][seat]
        self.reserve = 1 if len(self.claimed) < self.target - 1 else 0
        self.can_lock = view["totem"] == TOTEM_HOME and not view["locked"]
        mine = [d["id"] for d in view["discs"][seat]]
        self.open = [(distance_table(CANON[d]), XOR[d], d) for d in mine if d not in self.claimed]
        # the leading opponent: most claims; their unclaimed discs are any of the ones still unaccounted for
        n = len(elements)
        known = set(mine)
        for p in range(n):
            known.update(view["claimed"][p])
        best = None
        for p in range(n):
            if p == seat:
                continue
            groups = []
            for g, disc in enumerate(view["discs"][p]):
                if disc["claimed"]:
                    continue
                group = "LDBC"[g]
                pool = [d for d in DISCS if d[0] == group and d not in known]
                groups.append([(distance_table(CANON[d]), XOR[d]) for d in pool])
            near = expected_distance(groups, state_id(self.tiles, elements[p][0])) if groups else 0.0
            key = (len(view["claimed"][p]), -near)  # most claims, then the nearest to a next one
            if best is None or key > best[0]:
                best = (key, elements[p][0], groups)
        self.leader_claims = best[0][0] if best else 0
        self.leader_letter = best[1] if best else None
        self.leader_groups = best[2] if best else []
        trap = view["traps"][seat]
        self.trap_state = trap["state"]
        self.trap_cells = {INDEX[sq]: side for sq, side in trap["squares"].items()} if trap["squares"] else None
        self.trap_pool = []
        if self.trap_state == "face down":
            shown = {t["card"] for t in view["traps"] if t["card"]}
            self.trap_pool = [TRAP_CELLS[(c, self.letter)] for c in TRAP_IDS if c not in shown]
        self.plan_value = None
        self.leader_weight = LEADER_WEIGHT
        self.repeat_weight = REPEAT
        self.recent = []

    def without_trap(self):
        other = object.__new__(Context)
        other.__dict__.update(self.__dict__)
        other.trap_state = "played"
        other.locked, other.can_lock = frozenset(), True  # a Trap makes any Lock in play fail
        return other

    @staticmethod
    def trapped(tiles: tuple, cells: dict) -> tuple:
        out = list(tiles)
        for i, side in cells.items():
            if out[i][1] != side:
                out[i] = out[i][0] + side
        return tuple(out)

    def distances(self, tiles: tuple) -> list:
        sid = state_id(tiles, self.letter)
        return [(disc, table[sid ^ xor]) for table, xor, disc in self.open]

    def claim_on(self, tiles: tuple):
        for disc, d in self.distances(tiles):
            if d == 0:
                return disc
        return None

    def value(self, tiles: tuple) -> float:
        sid = state_id(tiles, self.letter)
        value = -self.repeat_weight * self.recent.count(sid) if self.recent else 0.0
        ds = sorted(table[sid ^ xor] for table, xor, _d in self.open)
        claims = len(self.claimed)
        if ds and ds[0] == 0:
            ds = ds[1:]
            claims += 1
            value += CLAIM_VALUE
            if claims >= self.target:
                return 1e6
        ds = [max(1, d) for d in ds]  # the next claim needs at least one more turn
        if ds:
            value -= NEAREST * ds[0] + SECOND * (ds[1] if len(ds) > 1 else 0) + REST * sum(ds[2:])
        if self.leader_groups:
            lid = state_id(tiles, self.leader_letter)
            value += self.leader_weight * expected_distance(self.leader_groups, lid)
        return value


def expected_distance(groups: list, sid: int) -> float:
    """An opponent's expected distance to their nearest unclaimed disc (the mean over the discs they may hold)."""
    return min(sum(t[sid ^ x] for t, x in pool) / len(pool) for pool in groups)


def view_signature(view: dict) -> tuple:
    return (view["round"], view["turn"], view["step"], view["stage"], view["selected"], view["action"],
            tuple(tuple(v) for v in view["tiles"].values()), view["totem"], tuple(view["tokens"]),
            tuple(t["state"] for t in view["traps"]))


def find_move(moves, step):
    kind, arg = step
    for m in moves:
        if m.kind == kind and (arg is None or m.args == (arg,)):
            return m
    return None
