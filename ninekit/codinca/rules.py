"""Codinca: form your four secret key patterns with your four Symbol Tiles on a 4x4 board.

2-4 players sit on the board's edges as elements (Earth south, Air west, Fire
north, Water east; Fire starts, play passes Fire -> Water -> Earth -> Air).
Each controls the four tiles of their element.  A turn: Luck actions, the
Switch (one of your tiles with any adjacent tile, diagonals too; No Rewind),
the compulsory Flip (stone <-> gold), more Luck actions, and a claim when one
of your four Key Discs matches.  Trap Cards flip many tiles at once; Locks
freeze a line or a block for one round.  The first to claim all four discs
(three in the beginner game) wins.

Rules: the Codinca rulebook and the project's rulings.  The layout, discs,
traps and crystals are *reconstructed* (``ninekit.codinca.data``); where
neither source decides, ``docs/codinca.md`` records the decision taken here.

    >>> from ninekit.codinca import START_LAYOUT, matched_discs, trap_effect, position
    >>> START_LAYOUT["a4"], START_LAYOUT["d1"]
    (('Air', 'G'), ('Water', 'G'))
    >>> moved = {"a4": ("Fire", "S"), "c4": ("Fire", "S"), "d4": ("Fire", "S"), "a3": ("Air", "G"),
    ...          "b2": ("Water", "S")}
    >>> sorted(matched_discs({**START_LAYOUT, **moved}, "Fire"))
    ['L1']
    >>> trap_effect("T02", "Earth") == {"a1": "G", "b1": "G", "c1": "G", "d1": "G"}
    True
    >>> s = position(2)
    >>> s.prompt
    'Fire: choose one of your tiles to Switch, spend a Luck token, or play your Trap Card'
"""


from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core import Move, Option, Outcome, Rules, State, fast_replace, int_between, make, register
from .data import (
    ACTION_IDS,
    ACTION_INDEX,
    ACTION_NAME,
    BLOCK_WORDS,
    BLOCKS,
    CRYSTAL_WORDS,
    DISCS,
    DOMINO_SQUARES,
    EDGE,
    ELEMENT_NAME,
    EXCHANGES,
    FLIPPED,
    GROUP_ORDER,
    GROUP_WORDS,
    INDEX,
    LETTER,
    LINE_WORDS,
    LINES,
    LOCKS,
    LUCK_TOKENS,
    NEIGHBOURS,
    PARTNERS,
    PUSH_DIRECTIONS,
    READING,
    RECONSTRUCTED_NOTE,
    RED_CRYSTALS,
    RULES_SUMMARY,
    SEATING,
    SHAPES,
    SIDE_WORD,
    SQUARES,
    START_LAYOUT,
    START_TILES,
    TOTEM_HOME,
    TRAP_GRID,
    TRAP_IDS,
    TRAP_NAME,
    TRAP_TURNS,
    TRAP_WORDS,
    TURNS,
    square_at,
)

# --- pure functions ------------------------------------------------------------------------------

def _element_letter(element) -> str:
    if element not in LETTER:
        raise ValueError(f"unknown element {element!r}; elements are Earth, Air, Fire, Water")
    return LETTER[element]


def _matched(tiles: tuple, letter: str) -> tuple:
    """The disc ids ``letter``'s four tiles match on ``tiles`` (16 tile codes like ``"FG"``)."""
    own = frozenset(i for i in range(16) if tiles[i][0] == letter)
    shapes = SHAPES.get(own)
    if not shapes:
        return ()
    out = []
    for group, order in shapes:
        disc = READING.get((group, "".join(tiles[i][1] for i in order)))
        if disc:
            out.append(disc)
    return tuple(out)


def _tiles_from(tiles: Mapping) -> tuple:
    """Tile codes from a mapping like :data:`START_LAYOUT`, validated."""
    if not isinstance(tiles, Mapping) or set(tiles) != set(SQUARES):
        raise ValueError("tiles must map every square a1-d4 to (element, side)")
    out = []
    for sq in SQUARES:
        value = tiles[sq]
        if not isinstance(value, (tuple, list)) or len(value) != 2 or value[1] not in ("S", "G"):
            raise ValueError(f"tile on {sq} must be (element, 'S' or 'G'), got {value!r}")
        out.append(_element_letter(value[0]) + value[1])
    counts = {e: sum(1 for t in out if t[0] == e) for e in ELEMENT_NAME}
    if any(n != 4 for n in counts.values()):
        raise ValueError("each element has exactly four tiles on the board (got "
                         + ", ".join(f"{ELEMENT_NAME[e]} {n}" for e, n in counts.items()) + ")")
    return tuple(out)


def matched_discs(tiles: Mapping, element: str) -> set:
    """The Key Discs that ``element``'s four tiles match on the board ``tiles``.

    ``tiles`` maps every square to ``(element, side)`` like :data:`START_LAYOUT`.
    A disc matches when its shape holds exactly the element's four tiles and
    their sides, read in an allowed order (lines and diagonals as printed or
    reversed; blocks and corners from any corner, clockwise), equal its face.

    >>> board = dict(START_LAYOUT)
    >>> matched_discs(board, "Earth")
    set()
    >>> for sq, side in zip(("a1", "b1", "c1", "d1"), "GSSG"):
    ...     board[sq] = ("Earth", side)
    >>> board["d2"], board["c3"] = ("Water", "G"), ("Air", "S")
    >>> sorted(matched_discs(board, "Earth"))
    ['L6']
    """
    return set(_matched(_tiles_from(tiles), _element_letter(element)))


def _trap_cells(card: str, letter: str) -> dict:
    """``{square index: side}`` that Trap Card ``card`` sets, played from ``letter``'s seat."""
    rows = TRAP_GRID[card].split("/")
    out = {}
    for r, row in enumerate(rows):
        for c, side in enumerate(row):
            if side == ".":
                continue
            rr, cc = r, c
            for _ in range(TRAP_TURNS[letter]):
                rr, cc = cc, 3 - rr
            out[square_at(cc, 4 - rr)] = side
    return out


TRAP_CELLS = {(t, e): _trap_cells(t, e) for t in TRAP_IDS for e in ELEMENT_NAME}


def trap_effect(card: str, element: str) -> dict:
    """``{square: side}`` that Trap Card ``card`` sets when played from ``element``'s seat.

    The card is laid with its red arrow towards the board, so its far row
    lands on the opposite edge: Earth reads it as printed, Air turned a
    quarter clockwise, Fire a half turn, Water a quarter anticlockwise.

    >>> trap_effect("T01", "Earth") == {"a4": "S", "b4": "S", "c4": "S", "d4": "S"}
    True
    >>> sorted(trap_effect("T01", "Fire"))
    ['a1', 'b1', 'c1', 'd1']
    >>> sorted(trap_effect("T01", "Air"))
    ['d1', 'd2', 'd3', 'd4']
    """
    if card not in TRAP_GRID:
        raise ValueError(f"unknown Trap Card {card!r}; cards are T01 to T24")
    return {SQUARES[i]: side for i, side in TRAP_CELLS[(card, _element_letter(element))].items()}


# --- the position -------------------------------------------------------------------------------

class Position(NamedTuple):
    seats: tuple          # element letter per seat, in turn order
    tiles: tuple          # 16 tile codes ("FG": Fire tile, gold face up), by square index
    discs: tuple          # per seat: its four disc ids, one per group (L, D, B, C)
    claimed: tuple        # per seat: claimed disc ids, in claim order
    traps: tuple          # per seat: its Trap Card id
    trap_state: tuple     # per seat: "down", "seen" (looked at with Reveal Trap) or "played"
    tokens: tuple         # per seat: Luck tokens left
    used: tuple           # per seat: tokens spent on each of the ten actions
    totem: str | None     # the crystal the Lock Totem stands on; None: at home (nothing locked)
    locker: int | None    # the seat that placed the lock
    last_switch: tuple | None  # the previous player's last Switch (two square indices), while it stands
    this_switch: tuple | None  # this turn's last Switch so far
    turn: int             # the seat whose turn it is
    round: int            # 1-based
    step: tuple           # the pending decision, see _legal
    result: tuple | None  # (winners, reason) once over
    beginner: bool
    round_limit: int
    last_trap: tuple | None  # (seat, card, squares flipped, lock broken) of the latest Trap, for the log


_rep = fast_replace(Position)


def _locked(pos: Position) -> frozenset:
    return LOCKS[pos.totem] if pos.totem else frozenset()


def _own(pos: Position, seat: int) -> list:
    letter = pos.seats[seat]
    return [i for i in range(16) if pos.tiles[i][0] == letter]


def _switch_options(pos: Position, seat: int) -> dict:
    """``{own square: (partner squares...)}`` of the legal Switches for ``seat`` now."""
    locked = LOCKS[pos.totem] if pos.totem else _NO_SQUARES
    banned = pos.last_switch
    letter = pos.seats[seat]
    out = {}
    for i, tile in enumerate(pos.tiles):
        if tile[0] != letter or i in locked:
            continue
        if banned and i in banned:
            other = banned[0] if banned[1] == i else banned[1]
            partners = tuple(j for j in NEIGHBOURS[i] if j != other and j not in locked)
        elif locked:
            partners = tuple(j for j in NEIGHBOURS[i] if j not in locked)
        else:
            partners = NEIGHBOURS[i]
        if partners:
            out[i] = partners
    return out


_NO_SQUARES = frozenset()


def _free_lines(locked) -> tuple:
    return tuple(k for k, sq in LINES.items() if not locked.intersection(sq))


def _free_blocks(locked) -> tuple:
    return tuple(k for k, sq in BLOCKS.items() if not locked.intersection(sq))


def _free_dominoes(locked) -> tuple:
    return tuple(d for d, sq in DOMINO_SQUARES.items()
                 if not locked.intersection(sq)
                 and any(not locked.intersection(DOMINO_SQUARES[p]) for p in PARTNERS[d]))


def _can_rewind(pos: Position, seat: int) -> bool:
    return (pos.last_switch is not None and not pos.used[seat][ACTION_INDEX["rewind"]]
            and not _locked(pos).intersection(pos.last_switch))


def _luck_open(pos: Position, seat: int, stage: str) -> list:
    """The luck actions ``seat`` may buy now (at least one way to complete each).

    Line Push / Flip, Rotate / Block Flip and Switch Pair always have an unlocked choice (a lock
    covers one line or one block), so only Reveal Trap, the Locks, Extra Move and Rewind depend on
    the moment.
    """
    if pos.tokens[seat] <= 0:
        return []
    return list(_LUCK_OPEN[(pos.trap_state[seat] == "down", pos.totem is None, stage == "after",
                            stage == "before" and _can_rewind(pos, seat))])


# Moves, built once.
def _m(kind, *args, text=""):
    return Move(kind, args, text)


TILE_MOVES = {i: _m("tile", SQUARES[i], text=f"Choose your tile on {SQUARES[i]} to Switch") for i in range(16)}
SWITCH_MOVES = {i: _m("switch", SQUARES[i], text=f"Switch it with the tile on {SQUARES[i]}") for i in range(16)}
FLIP_MOVES = {i: _m("flip", SQUARES[i], text=f"Flip the tile on {SQUARES[i]}") for i in range(16)}
LUCK_MOVES = {a: _m("luck", a, text=f"Spend a Luck token: {ACTION_NAME[a]}") for a in ACTION_IDS}
LINE_MOVES = {k: _m("line", k, text=LINE_WORDS[k].capitalize()) for k in LINES}
PUSH_MOVES = {d: _m("push", d, text=f"Push {d}") for ds in PUSH_DIRECTIONS.values() for d in ds}
BLOCK_MOVES = {v: _m("block", v, text=BLOCK_WORDS[v].capitalize()) for v in BLOCKS}
TURN_MOVES = {t: _m("turn", t, text=f"Turn it {w}") for t, w in TURNS.items()}
CRYSTAL_MOVES = {c: _m("crystal", c, text=f"Lock {w}") for c, w in CRYSTAL_WORDS.items()}
PAIR_MOVES = {d: _m("pair", d, text=f"Choose the pair {d}") for d in DOMINO_SQUARES}
PAIR_WITH_MOVES = {d: _m("pair_with", d, text=f"Exchange it with the pair {d}") for d in DOMINO_SQUARES}
EXTRA_MOVES = {"switch": _m("extra", "switch", text="An extra Switch"),
               "flip": _m("extra", "flip", text="An extra Flip")}
TRAP_BLIND = _m("trap", text="Play your Trap Card blind (you have not looked at it)")
# The card is not named in the move: a move's text may be shown to others (an undo note, a history).
_TRAP_SEEN = _m("trap", text="Play your Trap Card (you have looked at it)")
def _face_words(face: str) -> str:
    """A disc's face in words: ``"SSGG"`` -> ``"stone, stone, gold, gold"``."""
    return ", ".join(SIDE_WORD[c] for c in face)


CLAIM_MOVES = {d: _m("claim", d, text=f"Claim Key Disc {d} ({GROUP_WORDS[d[0]]}: {_face_words(DISCS[d])})")
               for d in DISCS}
END_MOVE = _m("end", text="End your turn")
KINDS_WITH_ARG = {
    "tile": SQUARES, "switch": SQUARES, "flip": SQUARES, "luck": ACTION_IDS, "line": tuple(LINES),
    "push": tuple(PUSH_MOVES), "block": tuple(BLOCKS), "turn": tuple(TURNS), "crystal": tuple(CRYSTAL_WORDS),
    "pair": tuple(DOMINO_SQUARES), "pair_with": tuple(DOMINO_SQUARES), "extra": ("switch", "flip"),
    "claim": tuple(DISCS),
}
KINDS_NO_ARG = {"trap": TRAP_BLIND, "end": END_MOVE}

# Tables per spot of the Lock Totem (None: at home), so the common choices are looked up, not computed.
_TOTEMS = (None, *LOCKS)
_FLIPS = {t: tuple(FLIP_MOVES[i] for i in range(16) if i not in LOCKS.get(t, ())) for t in _TOTEMS}
_LINES = {t: tuple(LINE_MOVES[k] for k in _free_lines(LOCKS.get(t, _NO_SQUARES))) for t in _TOTEMS}
_BLOCKS = {t: tuple(BLOCK_MOVES[v] for v in _free_blocks(LOCKS.get(t, _NO_SQUARES))) for t in _TOTEMS}
_PAIRS = {t: tuple(PAIR_MOVES[d] for d in _free_dominoes(LOCKS.get(t, _NO_SQUARES))) for t in _TOTEMS}
_PAIRS_WITH = {(t, d): tuple(PAIR_WITH_MOVES[p] for p in PARTNERS[d]
                             if not LOCKS.get(t, _NO_SQUARES).intersection(DOMINO_SQUARES[p]))
               for t in _TOTEMS for d in DOMINO_SQUARES}
_RED = tuple(CRYSTAL_MOVES[c] for c in RED_CRYSTALS)
_BLUE = tuple(CRYSTAL_MOVES[v] for v in BLOCKS if v != TOTEM_HOME)
_ALWAYS = frozenset({"line_push", "switch_pair", "rotate_block", "block_flip", "line_flip"})
assert all(_LINES[t] and _BLOCKS[t] and _PAIRS[t] for t in _TOTEMS)  # why _ALWAYS is always open
_LUCK_OPEN = {
    (reveal, home, after, rewind): tuple(
        LUCK_MOVES[a] for a in ACTION_IDS
        if a in _ALWAYS or (a == "reveal_trap" and reveal) or (a in ("line_lock", "block_lock") and home)
        or (a == "extra_move" and after) or (a == "rewind" and rewind))
    for reveal in (False, True) for home in (False, True) for after in (False, True) for rewind in (False, True)
}


def _trap_move(pos: Position, seat: int) -> list:
    state = pos.trap_state[seat]
    if state == "played":
        return []
    return [_TRAP_SEEN if state == "seen" else TRAP_BLIND]


def _claimable(pos: Position, seat: int) -> list:
    """``seat``'s unclaimed Key Discs that its tiles match now."""
    own = pos.discs[seat]
    claimed = pos.claimed[seat]
    return [d for d in _matched(pos.tiles, pos.seats[seat]) if d in own and d not in claimed]


def _legal(pos: Position) -> tuple:
    """Every legal decision for the seat to move; ``pos.step`` says which decision is pending.

    Steps: ``("before",)`` luck actions, the Switch (choose a tile) or, with no legal Switch, the
    Flip; ``("with", stage, square, extra)`` the Switch's other tile; ``("flip", extra)``;
    ``("after",)`` luck actions, a claim or the end; ``("line"|"block"|"crystal", stage, action)``,
    ``("push", stage, line)``, ``("turn", stage, block)``, ``("pair", stage)``,
    ``("pair_with", stage, domino)``, ``("extra",)`` then ``("tile_extra",)`` for an extra Switch.
    The Trap Card may be played in the before, flip and after steps.
    """
    seat = pos.turn
    step = pos.step
    kind = step[0]
    if kind == "before":
        switches = _switch_options(pos, seat)
        moves = [TILE_MOVES[i] for i in switches] if switches else list(_FLIPS[pos.totem])
        if pos.tokens[seat] > 0:
            moves += _luck_open(pos, seat, "before")
        if pos.trap_state[seat] != "played":
            moves += _trap_move(pos, seat)
        return tuple(moves)
    if kind == "with":
        return tuple(SWITCH_MOVES[j] for j in _switch_options(pos, seat)[step[2]])
    if kind == "flip":
        if step[1] or pos.trap_state[seat] == "played":
            return _FLIPS[pos.totem]
        return _FLIPS[pos.totem] + tuple(_trap_move(pos, seat))
    if kind == "after":
        moves = _luck_open(pos, seat, "after") + _trap_move(pos, seat)
        claimable = _claimable(pos, seat)
        moves += [CLAIM_MOVES[d] for d in claimable] if claimable else [END_MOVE]
        return tuple(moves)
    if kind == "tile_extra":
        return tuple(TILE_MOVES[i] for i in _switch_options(pos, seat))
    if kind == "line":
        return _LINES[pos.totem]
    if kind == "push":
        return tuple(PUSH_MOVES[d] for d in PUSH_DIRECTIONS["rank" if step[2].isdigit() else "file"])
    if kind == "block":
        return _BLOCKS[pos.totem]
    if kind == "turn":
        return tuple(TURN_MOVES.values())
    if kind == "crystal":
        return _RED if step[2] == "line_lock" else _BLUE
    if kind == "pair":
        return _PAIRS[pos.totem]
    if kind == "pair_with":
        return _PAIRS_WITH[(pos.totem, step[2])]
    if kind == "extra":
        return tuple(([EXTRA_MOVES["switch"]] if _switch_options(pos, seat) else []) + [EXTRA_MOVES["flip"]])
    raise AssertionError(f"unknown step {step!r}")


# --- applying moves -------------------------------------------------------------------------------

def _with(seq: tuple, i: int, value) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


def _permute(pos: Position, cycle: Sequence[tuple], **changes) -> Position:
    """Move tiles: each ``(from, to)`` pair puts the tile from ``from`` on ``to``.

    A Switch whose tiles move no longer stands (for Rewind and No Rewind).
    """
    old = pos.tiles
    tiles = list(old)
    for frm, to in cycle:
        tiles[to] = old[frm]
    last, this = pos.last_switch, pos.this_switch
    for _frm, to in cycle:
        if last and to in last:
            last = None
        if this and to in this:
            this = None
    changes.setdefault("last_switch", last)
    changes.setdefault("this_switch", this)
    return _rep(pos, tiles=tuple(tiles), **changes)


def _flip(pos: Position, squares, **changes) -> Position:
    tiles = list(pos.tiles)
    for i in squares:
        tiles[i] = FLIPPED[tiles[i]]
    return _rep(pos, tiles=tuple(tiles), **changes)


def _spend(pos: Position, seat: int, action: str) -> Position:
    used = list(pos.used[seat])
    used[ACTION_INDEX[action]] += 1
    return _rep(pos, tokens=_with(pos.tokens, seat, pos.tokens[seat] - 1), used=_with(pos.used, seat, tuple(used)))


_BEFORE = ("before",)


def _begin_turn(pos: Position, seat: int, new_round: bool) -> Position:
    if pos.locker == seat:  # a lock ends at the start of the locker's next turn
        return _rep(pos, turn=seat, step=_BEFORE, round=pos.round + new_round, totem=None, locker=None)
    return _rep(pos, turn=seat, step=_BEFORE, round=pos.round + new_round)


def _end_turn(pos: Position) -> Position:
    seat = pos.turn
    target = 3 if pos.beginner else 4
    name = ELEMENT_NAME[pos.seats[seat]]
    if len(pos.claimed[seat]) >= target:
        which = "third" if target == 3 else "fourth"
        return _rep(pos, result=((seat,), f"{name} claimed a {which} Key Disc and unlocked the temple of Codinca"),
                            step=("over",))
    nxt = (seat + 1) % len(pos.seats)
    if nxt == 0 and pos.round >= pos.round_limit:
        counts = [len(c) for c in pos.claimed]
        best = max(counts)
        winners = tuple(i for i, n in enumerate(counts) if n == best)
        names = [ELEMENT_NAME[pos.seats[i]] for i in winners]
        discs = f"{best} Key Disc{'s' if best != 1 else ''}"
        if len(winners) == 1:
            who = f"{names[0]} wins with {discs}"
        else:
            who = f"{', '.join(names[:-1])} and {names[-1]} share the win with {discs} each"
        return _rep(pos, result=(winners, f"the round limit ({pos.round_limit} rounds, a house rule) was "
                                              f"reached: {who}"), step=("over",))
    return _begin_turn(_rep(pos, last_switch=pos.this_switch, this_switch=None), nxt, nxt == 0)


def apply(pos: Position, move: Move) -> Position:
    seat = pos.turn
    step = pos.step
    kind = move.kind
    arg = move.args[0] if move.args else None
    stage = "after" if step[0] in ("after", "extra", "tile_extra") or step[1:2] == ("after",) else "before"
    if kind == "tile":
        extra = step[0] == "tile_extra"
        return _rep(pos, step=("with", "after" if extra else "before", INDEX[arg], extra))
    if kind == "switch":
        a, b = step[2], INDEX[arg]
        pos = _permute(pos, ((a, b), (b, a)), step=("after",) if step[3] else ("flip", False))
        return _rep(pos, this_switch=(min(a, b), max(a, b)))
    if kind == "flip":
        return _flip(pos, (INDEX[arg],), step=("after",))
    if kind == "trap":
        card = pos.traps[seat]
        cells = TRAP_CELLS[(card, pos.seats[seat])]
        broke = pos.totem  # the rulebook: a Trap makes any Lock in play fail (docs/codinca.md, decision 1)
        if broke:
            pos = _rep(pos, totem=None, locker=None)
        changed = tuple(i for i, side in cells.items() if pos.tiles[i][1] != side)
        return _flip(pos, changed, trap_state=_with(pos.trap_state, seat, "played"),
                     last_trap=(seat, card, changed, broke))
    if kind == "claim":
        pos = _rep(pos, claimed=_with(pos.claimed, seat, pos.claimed[seat] + (arg,)))
        return _end_turn(pos)
    if kind == "end":
        return _end_turn(pos)
    if kind == "luck":
        pos = _spend(pos, seat, arg)
        if arg == "reveal_trap":
            return _rep(pos, trap_state=_with(pos.trap_state, seat, "seen"))
        if arg == "rewind":
            a, b = pos.last_switch
            return _permute(pos, ((a, b), (b, a)), last_switch=None)
        nxt = {"line_push": ("line", stage, arg), "line_flip": ("line", stage, arg),
               "rotate_block": ("block", stage, arg), "block_flip": ("block", stage, arg),
               "line_lock": ("crystal", stage, arg), "block_lock": ("crystal", stage, arg),
               "switch_pair": ("pair", stage), "extra_move": ("extra",)}[arg]
        return _rep(pos, step=nxt)
    back = (stage,)
    if kind == "line":
        if step[2] == "line_flip":
            return _flip(pos, LINES[arg], step=back)
        return _rep(pos, step=("push", stage, arg))
    if kind == "push":
        line = LINES[step[2]]  # reading order: rank west->east, file north->south
        forward = arg in ("east", "south")
        cycle = [(line[i], line[(i + 1) % 4] if forward else line[(i - 1) % 4]) for i in range(4)]
        return _permute(pos, cycle, step=back)
    if kind == "block":
        if step[2] == "block_flip":
            return _flip(pos, BLOCKS[arg], step=back)
        return _rep(pos, step=("turn", stage, arg))
    if kind == "turn":
        sq = BLOCKS[step[2]]  # NW NE SE SW: clockwise moves each tile one place on
        shift = {"cw": 1, "ccw": 3, "180": 2}[arg]
        return _permute(pos, [(sq[i], sq[(i + shift) % 4]) for i in range(4)], step=back)
    if kind == "crystal":
        return _rep(pos, totem=arg, locker=seat, step=back)
    if kind == "pair":
        return _rep(pos, step=("pair_with", stage, arg))
    if kind == "pair_with":
        swaps = EXCHANGES[frozenset({step[2], arg})]
        cycle = [p for a, b in swaps for p in ((a, b), (b, a))]
        return _permute(pos, cycle, step=back)
    if kind == "extra":
        if arg == "flip":
            return _rep(pos, step=("flip", True))
        return _rep(pos, step=("tile_extra",))
    raise AssertionError(f"unknown move {move!r}")


# --- describing -------------------------------------------------------------------------------------

def _name(pos: Position, seat: int) -> str:
    return ELEMENT_NAME[pos.seats[seat]]


def _tile_words(tile: str) -> str:
    return f"{ELEMENT_NAME[tile[0]]} {SIDE_WORD[tile[1]]}"


def _prompt(pos: Position) -> str:
    seat = pos.turn
    who = _name(pos, seat)
    step = pos.step
    kind = step[0]
    if kind == "before":
        trap = " or play your Trap Card" if pos.trap_state[seat] != "played" else ""
        luck = "spend a Luck token" if pos.tokens[seat] else ""
        if _switch_options(pos, seat):
            first = "choose one of your tiles to Switch"
        else:
            first = "you have no legal Switch, so it is skipped: choose a tile to Flip"
        extras = [x for x in (luck,) if x]
        tail = (", " + ", ".join(extras) if extras else "") + (("," if extras else "") + trap if trap else "")
        return f"{who}: {first}{tail}"
    if kind == "with":
        return f"{who}: choose the tile to switch with your tile on {SQUARES[step[2]]}"
    if kind == "tile_extra":
        return f"{who}: choose one of your tiles for the extra Switch"
    if kind == "flip":
        return f"{who}: choose a tile to {'Flip (extra move)' if step[1] else 'Flip'}"
    if kind == "after":
        # Every seat reads the prompt, so it must not tell whether one of the mover's secret Key Discs
        # matches; the mover's own view says so in its prompt_note (see _claim_note).
        first = _after_extras(pos, seat)
        return f"{who}: claim a matching Key Disc or end your turn" + (f", or first {first}" if first else "")
    if kind == "line":
        return f"{who}: choose a rank or file for {ACTION_NAME[step[2]]}"
    if kind == "push":
        return f"{who}: choose which way to push {LINE_WORDS[step[2]]}"
    if kind == "block":
        return f"{who}: choose a 2×2 block for {ACTION_NAME[step[2]]}"
    if kind == "turn":
        return f"{who}: choose how to turn {BLOCK_WORDS[step[2]]}"
    if kind == "crystal":
        colour = "red crystal (a rank or file)" if step[2] == "line_lock" else "blue crystal (a 2×2 block)"
        return f"{who}: choose a {colour} for the Lock Totem"
    if kind == "pair":
        return f"{who}: choose the first pair of tiles for Switch Pair"
    if kind == "pair_with":
        return f"{who}: choose the pair to exchange with {step[2]}"
    if kind == "extra":
        return f"{who}: choose your extra move: a Switch or a Flip"
    return ""




def _after_extras(pos: Position, seat: int) -> str:
    """What ``seat`` may still do before ending its turn, in words (public: tokens and Trap state)."""
    extras = (["spend a Luck token"] if pos.tokens[seat] else []) + \
        (["play your Trap Card"] if pos.trap_state[seat] != "played" else [])
    return " or ".join(extras)


def _claim_note(pos: Position) -> str:
    """For the mover's eyes only: the Key Disc it must claim now, or ``""``.

    Not in the prompt: the prompt is every seat's, and whether a disc matches tells others about a secret disc.
    """
    if pos.result is not None or pos.step[0] != "after":
        return ""
    claimable = _claimable(pos, pos.turn)
    if not claimable:
        return ""
    disc = claimable[0]
    first = _after_extras(pos, pos.turn)
    return (f"Your Key Disc {disc} matches: claim it (claiming is compulsory, and your turn then ends)"
            + (f"; you may first {first}." if first else "."))


def _lock_words(pos: Position) -> str:
    if not pos.totem:
        return ""
    what = LINE_WORDS[RED_CRYSTALS[pos.totem][0]] if pos.totem in RED_CRYSTALS else BLOCK_WORDS[pos.totem]
    return f"{what} is locked until the start of {_name(pos, pos.locker)}'s next turn"


def why_illegal(pos: Position, move: Move) -> str:
    """The rule that forbids ``move`` (known not to be legal) now."""
    seat = pos.turn
    who = _name(pos, seat)
    step = pos.step
    kind = step[0]
    locked = _locked(pos)
    arg = move.args[0] if move.args else None
    legal_kinds = {m.kind for m in _legal(pos)}
    index = INDEX.get(arg) if isinstance(arg, str) else None
    lock = f" ({_lock_words(pos)})" if pos.totem else ""
    if move.kind in legal_kinds:  # the right kind of decision, the wrong choice
        if move.kind == "switch" and index is not None and index not in NEIGHBOURS[step[2]]:
            return (f"{arg} is not next to {SQUARES[step[2]]}: a Switch exchanges two adjacent tiles "
                    "(diagonal neighbours count)")
        if move.kind in ("tile", "switch", "flip") and index is not None and index in locked:
            return f"The tile on {arg} is locked: locked tiles may not be moved or flipped{lock}"
        if move.kind == "tile":
            if pos.tiles[index][0] != pos.seats[seat]:
                return (f"The tile on {arg} is {ELEMENT_NAME[pos.tiles[index][0]]}'s: a Switch must include one of "
                        f"your own ({who}) tiles, so choose one of yours first")
            return f"Your tile on {arg} has no legal Switch now"
        if move.kind == "switch":
            a = step[2]
            if pos.last_switch and {a, index} == set(pos.last_switch):
                return (f"No Rewind: {SQUARES[a]} and {arg} were just switched by the previous player; you may not "
                        "switch them back (only the Rewind luck action may)")
        if move.kind == "luck":
            return _why_not_luck(pos, seat, arg, "after" if kind == "after" else "before")
        if move.kind == "pair_with" and arg not in PARTNERS.get(step[2], ()):
            return (f"{arg} cannot be exchanged with {step[2]}: Switch Pair exchanges two parallel pairs that touch "
                    "side by side, or end to end in one rank or file (offset pairs are illegal)")
        if move.kind in ("line", "block", "pair", "pair_with") and locked and isinstance(arg, str):
            squares = (LINES.get(arg) or BLOCKS.get(arg) or DOMINO_SQUARES.get(arg) or ())
            if locked.intersection(squares):
                return f"That choice has a locked tile{lock}: an action needs all its squares unlocked"
        if move.kind == "claim":
            if arg not in pos.discs[seat]:
                return f"Key Disc {arg} is not one of yours"
            if arg in pos.claimed[seat]:
                return f"You have already claimed Key Disc {arg}"
            return f"Your tiles do not match Key Disc {arg} ({GROUP_WORDS[arg[0]]}: {_face_words(DISCS[arg])}) now"
        if move.kind == "crystal":
            return "That crystal is not one this Lock may use"
        if move.kind == "extra":
            return "You have no legal Switch now, so the extra move must be a Flip"
        return f"That is not one of the choices open now: {_prompt(pos)}"
    if move.kind == "trap" and pos.trap_state[seat] == "played":
        return "You have already played your Trap Card (each player has one for the whole game)"
    if move.kind == "end":
        matched = [d for d in _matched(pos.tiles, pos.seats[seat]) if d in pos.discs[seat]
                   and d not in pos.claimed[seat]]
        if kind == "after" and matched:
            return (f"Your tiles match Key Disc {matched[0]}: claiming is compulsory at the end of your turn, "
                    "so claim it")
        return "Your turn ends only after your Switch and Flip"
    if move.kind == "claim":
        if kind == "after" and isinstance(arg, str):
            if arg not in pos.discs[seat]:
                return f"Key Disc {arg} is not one of yours"
            if arg in pos.claimed[seat]:
                return f"You have already claimed Key Disc {arg}"
            if arg in DISCS:
                return f"Your tiles do not match Key Disc {arg} ({GROUP_WORDS[arg[0]]}: {_face_words(DISCS[arg])}) now"
        return "Key Discs are claimed only at the end of your turn, after your Switch and Flip"
    if move.kind == "flip" and kind == "before":
        return "First the Switch: choose one of your tiles to Switch (the Flip comes after it)"
    if move.kind in ("tile", "switch") and kind in ("flip", "after"):
        return "You have made your Switch this turn (an Extra Move luck action buys another after the Flip)"
    if move.kind == "luck":
        if kind in ("before", "after"):
            return _why_not_luck(pos, seat, arg, kind)
        if kind in ("with", "flip"):
            return "Luck actions are taken before your Switch or after your Flip, not between them"
        return f"Finish the action you have started first: {_prompt(pos)}"
    if move.kind in _CHOICE_OF_ACTIONS and kind in ("before", "after"):
        return f"Choose a Luck action first: {_CHOICE_OF_ACTIONS[move.kind]}"
    return f"That is not one of the decisions open now: {_prompt(pos)}"


# What a click on a line, block, crystal or pair means before its Luck action is chosen.
_CHOICE_OF_ACTIONS = {
    "line": "Line Push and Line Flip use a rank or file (Line Lock uses its red crystal)",
    "block": "Rotate Block and Block Flip use a 2×2 block (Block Lock uses its blue crystal)",
    "crystal": "Line Lock moves the Lock Totem to a red crystal, Block Lock to a blue one",
    "pair": "Switch Pair exchanges two pairs of tiles",
    "pair_with": "Switch Pair exchanges two pairs of tiles",
    "push": "Line Push chooses a rank or file, then the way to push it",
    "turn": "Rotate Block chooses a block, then how to turn it",
}


def _why_not_luck(pos: Position, seat: int, action: str, stage: str) -> str:
    if pos.tokens[seat] <= 0:
        return "You have no Luck tokens left"
    name = ACTION_NAME.get(action, action)
    if action == "reveal_trap":
        return "Reveal Trap: you have already looked at or played your Trap Card"
    if action in ("line_lock", "block_lock"):
        return f"{name}: the Lock Totem is not at home ({_lock_words(pos)}); locks never stack"
    if action == "extra_move":
        return "Extra Move is taken at the end of your turn, after your Flip"
    if action == "rewind":
        if pos.used[seat][ACTION_INDEX["rewind"]]:
            return "Rewind may be used only once per game, and you have used it"
        if stage != "before":
            return "Rewind is used before your Switch"
        if pos.last_switch is None:
            return "Rewind: there is no Switch by the previous player standing to undo"
        return f"Rewind: a tile of the previous player's Switch is locked ({_lock_words(pos)})"
    return f"{name}: every choice has a locked tile ({_lock_words(pos)})"


def log_line(before: Position, after: Position, seat: int, move: Move, viewer) -> str | None:
    """The log sentence for ``move``; no line for a choice that only starts an action."""
    who = _name(before, seat)
    kind = move.kind
    arg = move.args[0] if move.args else None
    step = before.step
    luck = f"{who} spends a Luck token on "
    if kind == "switch":
        a, b = step[2], INDEX[arg]
        extra = " (Extra Move)" if step[3] else ""
        return (f"{who} switches {SQUARES[a]} ({_tile_words(before.tiles[a])}) with {arg} "
                f"({_tile_words(before.tiles[b])}){extra}")
    if kind == "flip":
        i = INDEX[arg]
        extra = " (Extra Move)" if step[0] == "flip" and step[1] else ""
        return f"{who} flips {arg}: {ELEMENT_NAME[before.tiles[i][0]]} now {SIDE_WORD[after.tiles[i][1]]}{extra}"
    if kind == "trap":
        _s, card, changed, broke = after.last_trap
        how = "after looking at it" if before.trap_state[seat] == "seen" else "blind"
        flipped = ", ".join(SQUARES[i] for i in sorted(changed)) or "nothing (every marked tile was right already)"
        text = f"{who} plays Trap Card {card} {TRAP_NAME[card]} ({how}): flips {flipped}"
        if broke:
            text += f"; the lock on {_crystal_target(broke)} fails and the Lock Totem goes home"
        return text
    if kind == "claim":
        target = 3 if before.beginner else 4
        return (f"{who} claims Key Disc {arg} ({GROUP_WORDS[arg[0]]}: {_face_words(DISCS[arg])}): "
                f"{len(after.claimed[seat])} of {target}")
    if kind == "end":
        if before.totem and after.result is None and after.totem is None:
            return f"{who} ends the turn; {_name(after, after.turn)}'s lock on {_crystal_target(before.totem)} ends"
        return None
    if kind == "luck":
        if arg == "reveal_trap":
            return luck + "Reveal Trap and looks at their Trap Card"
        if arg == "rewind":
            a, b = before.last_switch
            return luck + f"Rewind: {SQUARES[a]} and {SQUARES[b]} are switched back"
        return None
    if kind == "line" and step[2] == "line_flip":
        return luck + f"Line Flip: {LINE_WORDS[arg]} turned over"
    if kind == "push":
        return luck + f"Line Push: {LINE_WORDS[step[2]]} pushed {arg}"
    if kind == "block" and step[2] == "block_flip":
        return luck + f"Block Flip: {BLOCK_WORDS[arg]} turned over"
    if kind == "turn":
        return luck + f"Rotate Block: {BLOCK_WORDS[step[2]]} turned {TURNS[arg]}"
    if kind == "crystal":
        name = ACTION_NAME[step[2]]
        return luck + f"{name}: {_crystal_target(arg)} locked until the start of {who}'s next turn"
    if kind == "pair_with":
        return luck + f"Switch Pair: {step[2]} exchanged with {arg}"
    return None


def _crystal_target(crystal: str) -> str:
    return LINE_WORDS[RED_CRYSTALS[crystal][0]] if crystal in RED_CRYSTALS else BLOCK_WORDS[crystal]


def _disc_view(disc: str, shown: bool, claimed: bool) -> dict:
    return {"group": disc[0], "group_name": GROUP_WORDS[disc[0]], "id": disc if shown else None,
            "face": DISCS[disc] if shown else None, "claimed": claimed}


def _trap_view(pos: Position, owner: int, viewer, every_secret: bool) -> dict:
    state = pos.trap_state[owner]
    shown = every_secret or state == "played" or (state == "seen" and viewer == owner)
    card = pos.traps[owner]
    out = {"state": TRAP_WORDS[state], "card": card if shown else None,
           "name": TRAP_NAME[card] if shown else None, "grid": TRAP_GRID[card] if shown else None,
           "squares": None}
    if shown:
        out["squares"] = {SQUARES[i]: s for i, s in TRAP_CELLS[(card, pos.seats[owner])].items()}
    return out


def view(pos: Position, seat, reveal: bool = False) -> dict:
    over = pos.result is not None
    shown = over or reveal  # every disc and Trap Card turned over: the game is over, or the whole truth was asked for
    n = len(pos.seats)
    step = pos.step
    locked = _locked(pos)
    discs = []
    for p in range(n):
        discs.append([_disc_view(d, shown or p == seat or d in pos.claimed[p], d in pos.claimed[p])
                      for d in pos.discs[p]])
    matched = None
    if seat is not None:
        matched = [d for d in _matched(pos.tiles, pos.seats[seat]) if d in pos.discs[seat]]
    note = []
    if seat is not None and seat == pos.turn:
        claim = _claim_note(pos)  # names the mover's secret disc: the mover's view only
        if claim:
            note.append(claim)
    if not over and pos.last_switch and step[0] in ("before", "with", "tile_extra"):
        a, b = pos.last_switch
        note.append(f"No Rewind: {_name(pos, pos.turn)} may not switch {SQUARES[a]} and {SQUARES[b]} back.")
    if not over and pos.totem:
        words = _lock_words(pos)
        note.append(words[0].upper() + words[1:] + ".")
    return {
        "tiles": {SQUARES[i]: [ELEMENT_NAME[t[0]], t[1]] for i, t in enumerate(pos.tiles)},
        "elements": [ELEMENT_NAME[e] for e in pos.seats],
        "edges": [EDGE[e] for e in pos.seats],
        "totem": pos.totem or TOTEM_HOME,
        "locker": pos.locker,
        "locked": sorted(SQUARES[i] for i in locked),
        "round": pos.round,
        "round_limit": pos.round_limit,
        "beginner": pos.beginner,
        "claims_to_win": 3 if pos.beginner else 4,
        "tokens": list(pos.tokens),
        "luck_used": [{a: u[i] for i, a in enumerate(ACTION_IDS) if u[i]} for u in pos.used],
        "rewind_used": [bool(u[ACTION_INDEX["rewind"]]) for u in pos.used],
        "discs": discs,
        "claimed": [list(c) for c in pos.claimed],
        "matched": matched,
        "traps": [_trap_view(pos, p, seat, shown) for p in range(n)],
        "turn": None if over else pos.turn,
        "step": step[0],
        "stage": ("after" if step[0] in ("after", "extra", "tile_extra") or step[1:2] == ("after",)
                  else "before") if not over else None,
        "selected": SQUARES[step[2]] if step[0] == "with" else None,
        "action": step[2] if step[0] in ("line", "block", "crystal") else
        {"push": "line_push", "turn": "rotate_block", "pair": "switch_pair", "pair_with": "switch_pair",
         "extra": "extra_move", "tile_extra": "extra_move"}.get(step[0]),
        "line": step[2] if step[0] == "push" else None,
        "block": step[2] if step[0] == "turn" else None,
        "domino": step[2] if step[0] == "pair_with" else None,
        "no_rewind": [SQUARES[i] for i in pos.last_switch] if pos.last_switch and not over else None,
        "rewind_squares": [SQUARES[i] for i in pos.last_switch] if pos.last_switch and not over else None,
        "last_trap": None if pos.last_trap is None else {
            "seat": pos.last_trap[0], "card": pos.last_trap[1],
            "flipped": [SQUARES[i] for i in sorted(pos.last_trap[2])]},
        "prompt_note": " ".join(note),
        "reconstructed": RECONSTRUCTED_NOTE,
    }


def determinize(pos: Position, seat, rng: random.Random) -> Position:
    """Resample what ``seat`` cannot know: others' unclaimed discs and every unseen Trap Card."""
    if pos.result is not None:
        return pos  # at the end every disc and card is turned over: nothing is hidden
    n = len(pos.seats)
    discs = [list(d) for d in pos.discs]
    for g, group in enumerate(GROUP_ORDER):
        hidden = [p for p in range(n) if p != seat and discs[p][g] not in pos.claimed[p]]
        known = {discs[p][g] for p in range(n) if p not in hidden}
        pool = [d for d in DISCS if d[0] == group and d not in known]
        rng.shuffle(pool)
        for p, d in zip(hidden, pool):
            discs[p][g] = d
    unseen = [p for p in range(n) if pos.trap_state[p] != "played" and not (p == seat and pos.trap_state[p] == "seen")]
    known = {pos.traps[p] for p in range(n) if p not in unseen}
    pool = [t for t in TRAP_IDS if t not in known]
    rng.shuffle(pool)
    traps = list(pos.traps)
    for p, t in zip(unseen, pool):
        traps[p] = t
    return _rep(pos, discs=tuple(tuple(d) for d in discs), traps=tuple(traps))


def touched(view: Mapping, move: Move) -> list:
    """The squares ``move`` would change or lock, worked out from the mover's own view.

    For the board's preview before a choice is committed.  A Trap Card not
    yet looked at is played blind, so it shows nothing.

    >>> import ninekit
    >>> s = position(2)
    >>> touched(s.view(0), s.game.parse_move({"kind": "tile", "args": ["b4"]}))
    ['b4']
    """
    kind = move.kind
    arg = move.args[0] if move.args else None
    if kind in ("tile", "flip"):
        return [arg]
    if kind == "switch":
        return [view["selected"], arg] if view.get("selected") else [arg]
    if kind == "line":
        return [SQUARES[i] for i in LINES[arg]]
    if kind == "push":
        return [SQUARES[i] for i in LINES[view["line"]]]
    if kind == "block":
        return [SQUARES[i] for i in BLOCKS[arg]]
    if kind == "turn":
        return [SQUARES[i] for i in BLOCKS[view["block"]]]
    if kind == "crystal":
        return sorted(SQUARES[i] for i in LOCKS[arg])
    if kind == "pair":
        return arg.split("-")
    if kind == "pair_with":
        return view["domino"].split("-") + arg.split("-")
    if kind == "luck" and arg == "rewind":
        return list(view.get("rewind_squares") or [])
    if kind == "trap":
        seat = view.get("seat")
        trap = view["traps"][seat] if seat is not None else None
        return sorted(trap["squares"]) if trap and trap["squares"] else []
    if kind == "claim":
        seat = view.get("seat")
        element = view["elements"][seat]
        return sorted(sq for sq, (e, _side) in view["tiles"].items() if e == element)
    return []


# --- the Rules ------------------------------------------------------------------------------------

class Codinca(Rules):
    """The Codinca rules on the shared core (see the module docstring)."""

    name = "codinca"
    title = "Codinca"
    min_players = 2
    max_players = 4
    hidden_information = True
    summary = RULES_SUMMARY
    options = (
        Option("beginner", False, (False, True), "Beginner game: win on your third claimed Key Disc instead of "
               "the fourth"),
        Option("round_limit", 40, None, "House rule: after this many rounds the game ends and the most claimed "
               "Key Discs win (ties share)", check=int_between(1, 200)),
    )

    def seat_names(self, players, options):
        return tuple(ELEMENT_NAME[e] for e in SEATING[players])

    def setup(self, players, options, rng):
        seats = SEATING[players]
        per_group = [rng.sample([d for d in DISCS if d[0] == g], players) for g in GROUP_ORDER]
        discs = tuple(tuple(per_group[g][p] for g in range(4)) for p in range(players))
        traps = tuple(rng.sample(TRAP_IDS, players))
        return Position(
            seats=seats, tiles=START_TILES, discs=discs, claimed=((),) * players, traps=traps,
            trap_state=("down",) * players, tokens=(LUCK_TOKENS[players],) * players,
            used=((0,) * len(ACTION_IDS),) * players, totem=None, locker=None, last_switch=None,
            this_switch=None, turn=0, round=1, step=("before",), result=None,
            beginner=options["beginner"], round_limit=options["round_limit"], last_trap=None,
        )

    def to_move(self, pos):
        return None if pos.result else pos.turn

    def prompt(self, pos, names):
        return _prompt(pos)

    def legal_moves(self, pos):
        return () if pos.result else _legal(pos)

    def outcome(self, pos):
        if pos.result is None:
            return None
        winners, reason = pos.result
        n = len(pos.seats)
        scores = tuple(len(pos.claimed[p]) for p in range(n))
        details = tuple((("Key Discs claimed", len(pos.claimed[p])), ("Luck tokens left", pos.tokens[p]))
                        for p in range(n))
        return Outcome(scores, tuple(winners), reason[0].upper() + reason[1:], details)

    def move_from_json(self, obj):
        kind, args = obj["kind"], obj["args"]
        if kind in KINDS_NO_ARG:
            if args:
                raise ValueError(f"'{kind}' takes no arguments")
            return KINDS_NO_ARG[kind]
        if kind not in KINDS_WITH_ARG:
            raise ValueError(f"unknown kind {kind!r}")
        if len(args) != 1 or not isinstance(args[0], str) or args[0] not in KINDS_WITH_ARG[kind]:
            allowed = KINDS_WITH_ARG[kind]
            raise ValueError(f"'{kind}' takes one of {', '.join(allowed[:8])}{'...' if len(allowed) > 8 else ''}")
        return Move(kind, (args[0],))


register(Codinca())


# --- positions for tutorials and tests ----------------------------------------------------------------

def position(players: int = 2, *, tiles: Mapping | None = None, discs: Sequence | None = None,
             claimed: Sequence | None = None, traps: Sequence | None = None, revealed: Sequence = (),
             played: Sequence = (), tokens: Sequence | None = None, rewind_used: Sequence = (),
             totem: str | None = None, locker: int | None = None, last_switch: Sequence | None = None,
             to_move: int = 0, round: int = 1, beginner: bool = False, round_limit: int = 40,
             luck_used: Sequence | None = None, last_trap: Mapping | None = None) -> State:
    """A State at the start of ``to_move``'s turn, built directly for tutorials and tests (validated).

    ``tiles`` maps every square to ``(element, side)`` (default :data:`START_LAYOUT`);
    ``discs[seat]`` lists that seat's four Key Discs, one per group (default
    ``L1 D1 B1 C1`` for seat 0, ``L2 D2 B2 C2`` for seat 1, ...); ``claimed[seat]``
    the ones already claimed; ``traps[seat]`` its Trap Card (default T01, T02, ...);
    ``revealed`` / ``played`` the seats that looked at / played theirs;
    ``tokens[seat]`` Luck tokens left; ``rewind_used`` the seats that used Rewind;
    ``totem`` the crystal holding the Lock Totem (``None`` or ``"V22"``: at home)
    and ``locker`` the seat that locked; ``last_switch`` the two squares the
    previous player just switched (No Rewind).  Seats are numbered in turn
    order (2 players: Fire, Earth; 3: Fire, Water, Air; 4: Fire, Water, Earth, Air).
    ``luck_used[seat]`` maps Luck actions to the tokens that seat spent on each
    (``{"line_push": 2}``; a ``"rewind"`` there is the same as ``rewind_used``);
    ``last_trap`` is the latest Trap Card played, as a view shows it
    (``{"seat": 0, "card": "T01", "flipped": ["a1", "d1"]}``).

    >>> s = position(2, last_switch=("b4", "c3"), to_move=1)
    >>> s.why_illegal(s.game.parse_move({"kind": "luck", "args": ["extra_move"]}))
    'Extra Move is taken at the end of your turn, after your Flip'
    >>> position(2, discs=[["L1", "D1", "B1", "C1"], ["L1", "D2", "B2", "C2"]])
    Traceback (most recent call last):
    ...
    ValueError: impossible position: Key Disc L1 is dealt twice
    """
    game = make("codinca", players, beginner=beginner, round_limit=round_limit)

    def bad(text):
        return ValueError(f"impossible position: {text}")

    def seat_list(value, default, what):
        value = list(default if value is None else value)
        if len(value) != players:
            raise bad(f"{what} must give one entry per seat ({players})")
        return value

    try:
        tile_codes = _tiles_from(START_LAYOUT if tiles is None else tiles)
    except ValueError as exc:
        raise bad(str(exc)) from None
    discs = seat_list(discs, [[f"{g}{p + 1}" for g in GROUP_ORDER] for p in range(players)], "discs")
    seen = set()
    for p, ds in enumerate(discs):
        ds = list(ds)
        if len(ds) != 4 or [d[:1] for d in ds if isinstance(d, str)] != list(GROUP_ORDER) or \
                any(d not in DISCS for d in ds):
            raise bad(f"discs[{p}] must be four Key Disc ids, one per group in the order L, D, B, C (got {ds!r})")
        for d in ds:
            if d in seen:
                raise bad(f"Key Disc {d} is dealt twice")
            seen.add(d)
        discs[p] = tuple(ds)
    claimed = seat_list(claimed, [[] for _ in range(players)], "claimed")
    target = 3 if beginner else 4
    for p, cs in enumerate(claimed):
        if any(c not in discs[p] for c in cs) or len(set(cs)) != len(cs):
            raise bad(f"claimed[{p}] must list some of that seat's own discs once each (got {list(cs)!r})")
        if len(cs) >= target:
            raise bad(f"seat {p} has already claimed {len(cs)} discs: the game would be over")
        claimed[p] = tuple(cs)
    traps = seat_list(traps, [f"T{p + 1:02d}" for p in range(players)], "traps")
    if any(t not in TRAP_GRID for t in traps) or len(set(traps)) != players:
        raise bad(f"traps must be different Trap Card ids T01-T24 (got {traps!r})")
    for what, seats in (("revealed", revealed), ("played", played), ("rewind_used", rewind_used)):
        if any(type(s) is not int or not 0 <= s < players for s in seats):
            raise bad(f"{what} must list seat numbers from 0 to {players - 1}")
    trap_state = tuple("played" if p in played else "seen" if p in revealed else "down" for p in range(players))
    tokens = seat_list(tokens, [LUCK_TOKENS[players]] * players, "tokens")
    if any(type(t) is not int or not 0 <= t <= LUCK_TOKENS[players] for t in tokens):
        raise bad(f"tokens must be whole numbers from 0 to {LUCK_TOKENS[players]}")
    luck_used = seat_list(luck_used, [{} for _ in range(players)], "luck_used")
    used = []
    for p, spent in enumerate(luck_used):
        if not isinstance(spent, Mapping) or any(a not in ACTION_INDEX for a in spent) or \
                any(type(n) is not int or n < 0 for n in spent.values()):
            raise bad(f"luck_used[{p}] must map Luck actions ({', '.join(ACTION_IDS)}) to the tokens spent on each "
                      f"(got {spent!r})")
        counts = [spent.get(a, 0) for a in ACTION_IDS]
        if p in rewind_used:
            counts[ACTION_INDEX["rewind"]] = max(1, counts[ACTION_INDEX["rewind"]])
        name = ELEMENT_NAME[SEATING[players][p]]
        for once in ("rewind", "reveal_trap"):
            if counts[ACTION_INDEX[once]] > 1:
                raise bad(f"{name} spent {counts[ACTION_INDEX[once]]} Luck tokens on {ACTION_NAME[once]}, which "
                          "is bought at most once a game")
        if sum(counts) > LUCK_TOKENS[players]:
            raise bad(f"{name} spent {sum(counts)} Luck tokens, but each player has only {LUCK_TOKENS[players]}")
        used.append(tuple(counts))
    used = tuple(used)
    if totem == TOTEM_HOME:
        totem = None
    if totem is not None and totem not in LOCKS:
        raise bad(f"totem must be a red crystal ({', '.join(RED_CRYSTALS)}) or a blue one "
                  f"({', '.join(v for v in BLOCKS if v != TOTEM_HOME)}), or None (got {totem!r})")
    if (totem is None) != (locker is None) or (locker is not None and locker not in range(players)):
        raise bad("a lock needs its locker's seat, and only a lock has one")
    if locker is not None and locker == to_move:
        raise bad("a lock ends at the start of its locker's next turn, so the seat to move cannot hold one here")
    if type(to_move) is not int or not 0 <= to_move < players:
        raise bad(f"to_move must be a seat from 0 to {players - 1}")
    if type(round) is not int or not 1 <= round <= round_limit:
        raise bad(f"round must be a whole number from 1 to the round limit ({round_limit})")
    switch = None
    if last_switch is not None:
        pair = tuple(last_switch)
        if len(pair) != 2 or any(sq not in INDEX for sq in pair) or INDEX[pair[1]] not in NEIGHBOURS[INDEX[pair[0]]]:
            raise bad(f"last_switch must be two adjacent squares (got {last_switch!r})")
        switch = tuple(sorted(INDEX[sq] for sq in pair))
    trap = None
    if last_trap is not None:
        seat = last_trap.get("seat") if isinstance(last_trap, Mapping) else None
        card = last_trap.get("card") if isinstance(last_trap, Mapping) else None
        flipped = last_trap.get("flipped") if isinstance(last_trap, Mapping) else None
        if type(seat) is not int or not 0 <= seat < players or seat not in played or card != traps[seat] or \
                not isinstance(flipped, (list, tuple)) or any(sq not in INDEX for sq in flipped) or \
                any(INDEX[sq] not in TRAP_CELLS[(card, SEATING[players][seat])] for sq in flipped):
            raise bad("last_trap must be a seat's played Trap Card and squares it flipped, like "
                      f"{{'seat': 0, 'card': 'T01', 'flipped': ['a1']}} (got {last_trap!r})")
        trap = (seat, card, tuple(sorted({INDEX[sq] for sq in flipped})), None)
    pos = Position(
        seats=SEATING[players], tiles=tile_codes, discs=tuple(discs), claimed=tuple(claimed), traps=tuple(traps),
        trap_state=trap_state, tokens=tuple(tokens), used=used, totem=totem, locker=locker, last_switch=switch,
        this_switch=None, turn=to_move, round=round, step=("before",), result=None, beginner=beginner,
        round_limit=round_limit, last_trap=trap,
    )
    return game.state_at(pos)
