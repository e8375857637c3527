"""What the Codinca lesson steps are made of: writing positions and decisions, reading a state (public
facts), the other players (:func:`calm`, :func:`breaker`), and the two kinds of step (``claim_step``: claim
this Key Disc; ``step``: any other goal).

    >>> rotated({"a1": ("Earth", "G")}, 1)
    {'a4': ('Air', 'G')}
"""

from __future__ import annotations

import ninekit
from ninekit.codinca import layout as board  # boards written as four ranks of tiles
from ninekit.codinca import position
from ninekit.codinca.data import DISCS

from ...lesson import resolve
from .. import Step

FIRE, EARTH = 0, 1  # the seats of a two-player game (Fire starts)
SEAT4 = {"Fire": 0, "Water": 1, "Earth": 2, "Air": 3}  # four players, in turn order
RANKS = "4321"
FILES = "abcd"


# --- writing positions ---------------------------------------------------------------------------


def quarter_turn(square: str) -> str:
    """The square a quarter turn clockwise seen from above (South -> West -> North -> East)."""
    i, j = RANKS.index(square[1]), FILES.index(square[0])  # row from the north, column from the west
    i, j = j, 3 - i
    return f"{FILES[j]}{RANKS[i]}"


ROTATE_ELEMENT = {"Earth": "Air", "Air": "Fire", "Fire": "Water", "Water": "Earth"}


def rotated(tiles: dict, times: int) -> dict:
    """``tiles`` turned ``times`` quarter turns clockwise, each element taking the next seat's part.

    Earth's position turned once is the same position seen from Air's seat, and so on.

    >>> rotated({"a1": ("Earth", "G")}, 1)
    {'a4': ('Air', 'G')}
    """
    for _ in range(times):
        tiles = {quarter_turn(sq): (ROTATE_ELEMENT[e], side) for sq, (e, side) in tiles.items()}
    return tiles


def tile(square: str) -> dict:
    return {"kind": "tile", "args": [square]}


def switch(square: str) -> dict:
    return {"kind": "switch", "args": [square]}


def flip(square: str) -> dict:
    return {"kind": "flip", "args": [square]}


def luck(action: str) -> dict:
    return {"kind": "luck", "args": [action]}


def claim(disc: str) -> dict:
    return {"kind": "claim", "args": [disc]}


def choose(kind: str, arg: str) -> dict:
    return {"kind": kind, "args": [arg]}


END = {"kind": "end", "args": []}
TRAP = {"kind": "trap", "args": []}


# --- reading a state (public facts) --------------------------------------------------------------


def board_tiles(state: ninekit.State) -> dict:
    """Every square's tile as ``(element, side)``, ``side`` ``"G"`` (gold) or ``"S"`` (stone)."""
    return {sq: tuple(t) for sq, t in state.view(None)["tiles"].items()}


def element_of(state: ninekit.State, seat: int) -> str:
    """The element ``seat`` plays."""
    return state.view(None)["elements"][seat]


def squares_of(state: ninekit.State, element: str) -> list:
    """The squares holding ``element``'s tiles, in order."""
    return sorted(sq for sq, (e, _side) in board_tiles(state).items() if e == element)


def claimed_discs(state: ninekit.State, seat: int) -> list:
    """The Key Discs ``seat`` has claimed."""
    return state.view(None)["claimed"][seat]


def has_claimed(seat: int, disc: str):
    """A check: ``seat`` has claimed the Key Disc ``disc``."""
    return lambda state: disc in claimed_discs(state, seat)


def has_won(seat: int):
    """A check: the game is over and ``seat`` is its only winner."""
    return lambda state: state.is_over and state.outcome.winners == (seat,)


def starts_turn_again(state: ninekit.State, seat: int) -> bool:
    """``seat`` is about to start a turn again, after the others' turns."""
    return (state.to_move == seat and state.view(None)["step"] == "before" and bool(state.history)
            and any(s != seat for s, _m in state.history))


def faces(state: ninekit.State, squares) -> str:
    """'gold, stone, ...' for the tiles on ``squares``."""
    tiles = board_tiles(state)
    return ", ".join("gold" if tiles[sq][1] == "G" else "stone" for sq in squares)


def _last_of(state: ninekit.State, seat: int) -> ninekit.State:
    """The state right after ``seat``'s last decision (before the others replied)."""
    node = state
    while node is not None and node.history and node.history[-1][0] != seat:
        node = node.parent
    return node if node is not None and node.history else state


def miss_after(seat: int, text):
    """A ``miss`` read right after the learner's last decision (before the replies)."""
    return lambda state: text(_last_of(state, seat))


# --- the other players ----------------------------------------------------------------------------


def _cost(state: ninekit.State, square: str) -> int:
    """How much the player to move minds touching the tile on ``square``: its own tiles or a tile of an
    element nobody plays are fine, another seated player's tile is not."""
    view = state.view(None)
    element = view["tiles"][square][0]
    me = view["elements"][state.to_move]
    return 0 if element not in view["elements"] else 1 if element == me else 3


def _switch_cost(state: ninekit.State, a: str, b: str, avoid=()) -> tuple:
    tiles = board_tiles(state)
    if a in avoid or b in avoid:
        return (9, a, b)
    if tiles[a] == tiles[b]:
        return (0, a, b)  # two tiles that look the same: the Switch changes nothing
    return (1 + _cost(state, a) + _cost(state, b), a, b)


def _prefer_switch(state: ninekit.State, score) -> dict:
    """The Switch decision (a tile, then its partner) with the lowest ``score(state, a, b)``."""
    legal = state.legal_moves()
    view = state.view(None)
    if view["step"] == "with":
        a = view["selected"]
        return min((m for m in legal if m.kind == "switch"), key=lambda m: score(state, a, m.args[0]))
    options = []
    for m in legal:
        if m.kind == "tile":
            after = state.play(m)
            options += [(score(state, m.args[0], s.args[0]), m) for s in after.legal_moves() if s.kind == "switch"]
    return min(options, key=lambda o: o[0])[1]


def calm(state: ninekit.State):
    """Another player's decision: claim if it must, else a Switch and a Flip that keep off the seated
    players' tiles (two tiles that look the same, or a tile of an element nobody plays), then end."""
    legal = state.legal_moves()
    kinds = {m.kind for m in legal}
    for m in legal:
        if m.kind == "claim":
            return m
    if kinds & {"tile", "switch"}:
        return _prefer_switch(state, _switch_cost)
    if "flip" in kinds:
        return min((m for m in legal if m.kind == "flip"), key=lambda m: (_cost(state, m.args[0]), m.args[0]))
    if "end" in kinds:
        return END
    return legal[0]


def breaker(squares):
    """A reply that goes for ``squares``: switch a tile of its own into them, flip one of them; else :func:`calm`."""
    squares = set(squares)

    def score(state, a, b):
        touches = (a in squares) != (b in squares)
        return (0 if touches else 5, *_switch_cost(state, a, b))

    def choose_move(state):
        legal = state.legal_moves()
        kinds = {m.kind for m in legal}
        if kinds & {"tile", "switch"}:
            return _prefer_switch(state, score)
        if "flip" in kinds:
            hits = [m for m in legal if m.kind == "flip" and m.args[0] in squares]
            if hits:
                return hits[0]
        return calm(state)

    return choose_move


# --- the steps, as data ----------------------------------------------------------------------------
#
# Most steps are "claim this disc": a two-player board (Fire and Earth, the learner is Earth), one of
# Earth's discs, one way to claim it.  :func:`claim_step` builds such a step from one row of data; the few
# steps with another goal call :func:`step` (the same defaults: the learner's seat to move, Fire calm).

START = "AG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG"
RANK1 = ["a1", "b1", "c1", "d1"]


def two_player(tiles: str, earth_discs=("L2", "D2", "B2", "C2"), **kwargs) -> ninekit.State:
    """A two-player position (Fire and Earth) at the start of Earth's turn (``to_move`` to change it)."""
    discs = [["L1", "D1", "B1", "C1"], list(earth_discs)]
    for g, disc in enumerate(earth_discs):  # Fire never holds one of Earth's discs
        if disc == discs[0][g]:
            discs[0][g] = disc[0] + ("6" if disc[1] != "6" else "5")
    kwargs.setdefault("traps", ["T01", "T19"])  # Earth's card does not happen to finish a rank-1 disc
    kwargs.setdefault("to_move", EARTH)
    return position(2, tiles=board(tiles), discs=discs, **kwargs)




def after_calm_turns(state: ninekit.State, seat: int) -> ninekit.State:
    """``state`` after the seats before ``seat`` played calm turns."""
    while state.to_move != seat:
        state = state.play(resolve(state, calm(state)))
    return state


def faces_miss(where: str, squares, seat: int = EARTH):
    """A ``miss``: how ``squares`` read right after the learner's last decision."""
    return miss_after(seat, lambda s: f"{where} reads {faces(s, squares)}")


def where_tiles_stand(seat: int = EARTH, element: str = "Earth"):
    """A ``miss``: where the learner's tiles stand right after the learner's last decision."""
    return miss_after(seat, lambda s: f"your tiles stand on {', '.join(squares_of(s, element))}")


def step(key: str, state: ninekit.State, title: str, goal: str, check, solution, *, hint: str, teaches, uses=(),
         **kwargs) -> Step:
    """A step's record (:class:`widgets.lessons.Step`); the others reply by :func:`calm` unless told."""
    return Step(key, title, state, goal=goal, check=check, solution=solution, hint=hint, teaches=teaches, uses=uses,
                **kwargs)


GROUP = {"L": "Line", "D": "Diagonal", "B": "Block", "C": "Corners"}


def claim_step(key: str, title: str, tiles: str, disc: str, solution, *, hint: str, teaches, uses=(), discs=None,
               goal: str = "", position_kw=None, **kwargs) -> Step:
    """A step whose goal is to claim Earth's Key Disc ``disc`` on the two-player board ``tiles``."""
    check = kwargs.pop("check", None) or has_claimed(EARTH, disc)
    if discs is None:
        discs = tuple(disc if g == disc[0] else f"{g}2" for g in "LDBC")
    start = two_player(tiles, discs, **(position_kw or {}))
    words = ", ".join("gold" if c == "G" else "stone" for c in DISCS[disc])
    goal = goal or f"Claim your {GROUP[disc[0]]} disc {disc} ({words})."
    return step(key, start, title, goal, check, solution, hint=hint, teaches=teaches, uses=uses, **kwargs)


# The rules a first game needs, used by nearly every later step.
TURN = ("element", "switch", "switch-own-tile", "turn", "flip", "disc-match", "line", "claim-end")
