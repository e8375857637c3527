"""The Codinca tutorial's lesson steps: every rule is a decision the learner makes on the real board.

``tutorial()`` builds every step; ``notebooks/tutorials/codinca.ipynb`` shows one per cell between the
texts that teach the rules, and ``docs/codinca.md`` lists which rule each step practises.  Every
position is built with the rules engine (``ninekit.codinca.position``), from boards written as four
ranks of tiles (``ninekit.codinca.layout``, imported here as ``board``).  The checks read the outcome
(where tiles stand, which discs are claimed, whether a lock holds), never the exact clicks, so any legal
way to the goal counts.  The other players reply with :func:`calm` (a fixed policy that keeps its hands
off the seated players' tiles) or :func:`breaker` (one that goes for the squares the step protects), so
every step plays the same way.

The layout, Key Discs, Trap Cards and crystals are the project's reconstruction (the printed components
are lost); the round limit is a house rule of this software.

    >>> lesson = tutorial()
    >>> lesson.steps["switch"].goal
    'Put one of your Earth tiles on the corner square d1.'
    >>> board("AG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG")["c3"]
    ('Earth', 'G')
"""

from __future__ import annotations

import ninekit
from ninekit.codinca import layout as board  # boards written as four ranks of tiles
from ninekit.codinca import position

from ..lesson import Tutorial

FIRE, EARTH = 0, 1  # the seats of a two-player game (Fire starts)
SEAT4 = {"Fire": 0, "Water": 1, "Earth": 2, "Air": 3}  # four players, in turn order
RANKS = "4321"
FILES = "abcd"


# --- writing positions ---------------------------------------------------------------------------


def _turn(square: str) -> str:
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
        tiles = {_turn(sq): (ROTATE_ELEMENT[e], side) for sq, (e, side) in tiles.items()}
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


def _tiles(state: ninekit.State) -> dict:
    return {sq: tuple(t) for sq, t in state.view(None)["tiles"].items()}


def _element(state: ninekit.State, seat: int) -> str:
    return state.view(None)["elements"][seat]


def _squares_of(state: ninekit.State, element: str) -> list:
    return sorted(sq for sq, (e, _side) in _tiles(state).items() if e == element)


def _claimed(state: ninekit.State, seat: int) -> list:
    return state.view(None)["claimed"][seat]


def _has_claimed(seat: int, disc: str):
    return lambda state: disc in _claimed(state, seat)


def _won(seat: int):
    return lambda state: state.is_over and state.outcome.winners == (seat,)


def _next_turn(state: ninekit.State, seat: int) -> bool:
    """``seat`` is about to start a turn again, after the others' turns."""
    return (state.to_move == seat and state.view(None)["step"] == "before" and bool(state.history)
            and any(s != seat for s, _m in state.history))


def _read(state: ninekit.State, squares) -> str:
    """'gold, stone, ...' for the tiles on ``squares``."""
    tiles = _tiles(state)
    return ", ".join("gold" if tiles[sq][1] == "G" else "stone" for sq in squares)


def _last_of(state: ninekit.State, seat: int) -> ninekit.State:
    """The state right after ``seat``'s last decision (before the others replied)."""
    node = state
    while node is not None and node.history and node.history[-1][0] != seat:
        node = node.parent
    return node if node is not None and node.history else state


def _now(seat: int, text):
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
    tiles = _tiles(state)
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


# --- the steps -------------------------------------------------------------------------------------


def tutorial() -> Tutorial:
    """Every step of the Codinca tutorial, in the notebook's order."""
    t = Tutorial("codinca", "Learn Codinca")
    _switch_and_flip(t)
    _no_rewind(t)
    _discs(t)
    _traps(t)
    _luck(t)
    _locks(t)
    _winning(t)
    return t


START = "AG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG"


def _two(tiles: str, earth_discs=("L2", "D2", "B2", "C2"), **kwargs) -> ninekit.State:
    """A two-player position (Fire and Earth) at the start of Earth's turn."""
    discs = [["L1", "D1", "B1", "C1"], list(earth_discs)]
    for g, disc in enumerate(earth_discs):  # Fire never holds one of Earth's discs
        if disc == discs[0][g]:
            discs[0][g] = disc[0] + ("6" if disc[1] != "6" else "5")
    kwargs.setdefault("traps", ["T01", "T19"])  # Earth's card does not happen to finish a rank-1 disc
    return position(2, tiles=board(tiles), discs=discs, to_move=EARTH, **kwargs)


def _switch_and_flip(t: Tutorial) -> None:
    start = _two(START)
    t.step("switch", start, title="The Switch",
           goal="Put one of your Earth tiles on the corner square d1.",
           check=lambda s: _tiles(s)["d1"][0] == "Earth",
           solution=[tile("d2"), switch("d1")],
           hint="Click one of your own Earth tiles first, then the tile it changes places with. d1 holds a "
                "Water tile; which Earth tile stands next to it?",
           success="A Switch exchanges one of your own tiles with a tile next to it — anyone's tile, even one "
                   "of an element nobody plays.",
           miss="no Earth tile reached d1",
           wrong=(tile("d1"), "must include one of your own"),
           opponent=calm)

    t.step("switch-diagonal", start, title="Diagonal Switch",
           goal="Put one of your Earth tiles on the far corner d4, in one Switch.",
           check=lambda s: _tiles(s)["d4"][0] == "Earth",
           solution=[tile("c3"), switch("d4")],
           hint="Diagonal neighbours count as next to each other. Which Earth tile touches d4, even only at "
                "a corner?",
           success="Diagonal neighbours count: a Switch may go in any of the eight directions.",
           miss="no Earth tile reached d4",
           wrong=([tile("c3"), switch("a1")], "is not next to"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG EG / EG EG ES WS")
    t.step("flip", start, title="The Flip",
           goal="Claim your Line disc L2: four gold Earth tiles in one line.",
           check=_has_claimed(EARTH, "L2"),
           solution=[tile("d2"), switch("d1"), flip("c1"), claim("L2")],
           hint="First the Switch brings your fourth tile into rank 1; then the Flip turns one tile over.",
           success="Every turn is a Switch and then a Flip: the Flip turns any one tile over, stone to gold or "
                   "gold to stone, without moving it.",
           miss=_now(EARTH, lambda s: f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=([tile("d2"), switch("d1"), END], "only after your Switch and Flip"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / ES ES EG EG", ("L4", "D2", "B2", "C2"))
    t.step("switch-own", start, title="Switching your own tiles",
           goal="Claim your Line disc L4: stone, gold, stone, gold.",
           check=_has_claimed(EARTH, "L4"),
           solution=[tile("b1"), switch("c1"), flip("a4"), claim("L4")],
           hint="Your four tiles already stand in rank 1; only the order of their faces is wrong. A Switch "
                "may exchange two of your own tiles. Then Flip a tile that is not in your line.",
           success="A Switch may exchange two of your own tiles: that rearranges your stone and gold faces.",
           miss=_now(EARTH, lambda s: f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=(claim("L4"), "claimed only at the end of your turn"),
           opponent=calm)


def _no_rewind(t: Tutorial) -> None:
    start = _two("AG FS WS FG / FS WG AG WS / EG AG EG WS / EG FS AS ES", last_switch=("a2", "b1"),
                 rewind_used=[EARTH])
    t.step("no-rewind", start, title="No Rewind",
           goal="Repair what Fire just did: an Earth tile back on b1 (keep the one on a1), and d1 gold again.",
           check=lambda s: _tiles(s)["a1"][0] == _tiles(s)["b1"][0] == "Earth" and _tiles(s)["d1"] == ("Earth", "G"),
           solution=[tile("c2"), switch("b1"), flip("d1")],
           hint="You may not switch a2 and b1 straight back. Another of your tiles touches b1.",
           success="No Rewind: you may not switch back the two tiles the previous player just switched, but "
                   "any other Switch is fine, and you may flip back a tile they flipped.",
           miss=_now(EARTH, lambda s: "a1 and b1 do not both hold Earth tiles"
                     if not _tiles(s)["a1"][0] == _tiles(s)["b1"][0] == "Earth" else "your d1 tile is still stone"),
           wrong=([tile("a2"), switch("b1")], "No Rewind"),
           opponent=calm)

    tiles = board(START)
    tiles["a4"], tiles["b3"] = tiles["b3"], tiles["a4"]  # Water switched two turns ago
    tiles["b1"], tiles["c1"] = tiles["c1"], tiles["b1"]  # then Earth, just now
    start = position(4, tiles=tiles, to_move=SEAT4["Air"], last_switch=("b1", "c1"))
    t.step("no-rewind-others", start, title="No Rewind is for the next player only",
           goal="Take your corner a4 back from Water.",
           check=lambda s: _tiles(s)["a4"][0] == "Air",
           solution=[tile("b3"), switch("a4")],
           hint="Water switched a4 and b3 two turns ago; Earth played after Water, and you play after Earth.",
           success="No Rewind binds only the next player: Water's Switch was two turns ago, so you may undo it; "
                   "Earth's, just before you, you may not.",
           miss="a4 still holds Water's tile",
           wrong=([tile("c1"), switch("b1")], "No Rewind"),
           opponent=calm)


def _discs(t: Tutorial) -> None:
    start = _two("AG FS WS FG / FS WG AG EG / EG EG ES WS / AS FG AS WG", ("L3", "D2", "B2", "C2"))
    t.step("line", start, title="Line of four",
           goal="Claim your Line disc L3 (stone, stone, gold, gold).",
           check=_has_claimed(EARTH, "L3"),
           solution=[tile("d3"), switch("d2"), flip("d2"), claim("L3")],
           hint="A line disc may be read from either end: gold, gold, stone, stone matches it too.",
           success="A Line of four is any rank or file, read from either end.",
           miss=_now(EARTH, lambda s: f"your rank 2 reads {_read(s, ['a2', 'b2', 'c2', 'd2'])}: from either end, "
                                     "that is not stone, stone, gold, gold"),
           wrong=([tile("d3"), switch("d2"), flip("d2"), END], "claiming is compulsory"),
           opponent=calm)

    start = _two("AG FS WS EG / FS WG ES WS / EG ES AG FS / FG AS AS WG", ("L2", "D3", "B2", "C2"))
    t.step("diagonal", start, title="Diagonal four",
           goal="Claim your Diagonal disc D3 (stone, stone, stone, gold).",
           check=_has_claimed(EARTH, "D3"),
           solution=[tile("a2"), switch("a1"), flip("a1"), claim("D3")],
           hint="The diagonals run corner to corner: d4, c3, b2, a1 is one. Read it from either end.",
           success="A Diagonal four is one of the two long diagonals, read from either end.",
           miss=_now(EARTH, lambda s: f"the diagonal d4-c3-b2-a1 reads {_read(s, ['d4', 'c3', 'b2', 'a1'])}"),
           wrong=([tile("a2"), switch("a1"), flip("b2"), END], "diagonal"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG ES ES / AG ES WS EG", ("L2", "D2", "B5", "C2"))
    t.step("block", start, title="Block of four",
           goal="Claim your Block disc B5 (gold, gold, stone, stone, clockwise).",
           check=_has_claimed(EARTH, "B5"),
           solution=[tile("b1"), switch("c1"), flip("d2"), claim("B5")],
           hint="A block disc may be turned: read the 2×2 clockwise, starting from any corner.",
           success="A Block of four is any 2×2 block, read clockwise from any corner (the disc may be turned).",
           miss=_now(EARTH, lambda s: f"clockwise from c2, the block reads {_read(s, ['c2', 'd2', 'd1', 'c1'])}"),
           wrong=([tile("b1"), switch("c1"), flip("c2"), END], "clockwise"),
           opponent=calm)

    start = _two("EG FS WS EG / FS WG AG WS / EG FG AG WS / AS AS FS ES", ("L2", "D2", "B2", "C5"))
    t.step("corners", start, title="Four corners",
           goal="Claim your Corners disc C5 (gold, gold, stone, stone, clockwise).",
           check=_has_claimed(EARTH, "C5"),
           solution=[tile("a2"), switch("a1"), flip("a1"), claim("C5")],
           hint="The four corners of the board form a square too, read clockwise from any corner.",
           success="Four corners: the board's four corners, read clockwise from any corner.",
           miss=_now(EARTH, lambda s: f"clockwise from a4, the corners read {_read(s, ['a4', 'd4', 'd1', 'a1'])}"),
           wrong=([tile("a2"), switch("a1"), flip("d1"), END], "clockwise"),
           opponent=calm)

    start = _two("AG FS WS FG / FS ES AG ES / AS FG WG WS / WG AS EG EG", ("L2", "D2", "B2", "C3"))
    t.step("corners-3x3", start, title="Corners of a 3×3",
           goal="Claim your Corners disc C3 (gold, stone, stone, stone, clockwise).",
           check=_has_claimed(EARTH, "C3"),
           solution=[tile("c1"), switch("b1"), flip("b1"), claim("C3")],
           hint="Corners count on any 3×3 square of the board too: b3, d3, d1, b1 is one.",
           success="Four corners may also be the corners of any 3×3 square on the board.",
           miss=_now(EARTH, lambda s: "your tiles are not on the corners of one square"
                     if _squares_of(s, "Earth") != ["b1", "b3", "d1", "d3"] else
                     f"clockwise from b3, the corners read {_read(s, ['b3', 'd3', 'd1', 'b1'])}"),
           wrong=([tile("c1"), switch("b1"), flip("d3"), END], "clockwise"),
           opponent=calm)


TRAP_BASE = "AG FS WS FG / FS WG AG WS / ES FG ES AS / ES EG AS WG"  # Earth's tiles around a1-b2


def _traps(t: Tutorial) -> None:
    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG ES ES EG", traps=["T01", "T02"])
    t.step("reveal-trap", start, title="Reveal Trap",
           goal="Look at your Trap Card, then use it to claim your Line disc L2 (four gold).",
           check=lambda s: "L2" in _claimed(s, EARTH) and any("after looking at it" in line for line in s.log(None)),
           solution=[luck("reveal_trap"), TRAP, tile("b1"), switch("c1"), flip("a4"), claim("L2")],
           hint="Spend a Luck token on Reveal Trap: the panel then shows your card as printed, its arrow at the top "
                "(Earth reads it that way round). Its marks show which tiles it turns gold.",
           success="Reveal Trap costs a Luck token: you look at your card, then play it now or keep it for later.",
           miss=_now(EARTH, lambda s: "you played the card without looking" if s.view(None)["traps"][EARTH]["state"]
                     == "played" and not any("after looking" in x for x in s.log(None))
                     else f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=([tile("b1"), switch("c1"), luck("reveal_trap")], "not between them"),
           opponent=calm)

    base = board(TRAP_BASE)
    for times, element in enumerate(("Earth", "Air", "Fire", "Water")):
        tiles = rotated(base, times)
        seat = SEAT4[element]
        discs = _unique_discs(seat)
        block = [_turn_n(sq, times) for sq in ("a2", "b2", "b1", "a1")]
        outside, gap = _turn_n("c2", times), _turn_n("b2", times)
        traps = [f"T{n:02d}" for n in (1, 2, 3, 4)]
        traps[seat] = "T24"
        state = position(4, tiles=tiles, discs=discs, traps=traps, revealed=[seat], to_move=seat)
        t.step(f"trap-{element.lower()}", state, title=f"A Trap from {element}'s seat",
               goal=f"Use your Trap Card to claim your Block disc B2 (four gold) as {element}.",
               check=_has_claimed(seat, "B2"),
               solution=[tile(outside), switch(gap), TRAP, flip(_free_flip(state, block + [outside])), claim("B2")],
               hint="Near-Left Gold Block turns gold the 2×2 block nearest your left hand, seen from your seat. "
                    "Bring your fourth tile into that block first.",
               success=f"A Trap Card is laid with its arrow towards the board, so from {element}'s seat its near "
                       "row is your own edge. It flips the marked tiles to the side shown; nothing moves.",
               miss=_now(seat, lambda s, e=element, b=block: "your tiles are not all in the block the card turns gold"
                         if sorted(_squares_of(s, e)) != sorted(b) else
                         f"clockwise from {b[0]}, your block reads {_read(s, b)}; B2 needs four gold"),
               wrong=([tile(outside), switch(gap), TRAP, TRAP], "already played your Trap Card"),
               opponent=calm)


def _turn_n(square: str, times: int) -> str:
    for _ in range(times):
        square = _turn(square)
    return square


def _unique_discs(seat: int) -> list:
    """Four players' discs, ``seat`` holding L2 D2 B2 C2 and nobody holding a disc twice."""
    others = iter(["1", "3", "4"])
    return [[f"{g}2" for g in "LDBC"] if p == seat else [f"{g}{n}" for g in "LDBC"]
            for p, n in ((p, "2" if p == seat else next(others)) for p in range(4))]


def _free_flip(state: ninekit.State, avoid) -> str:
    """A square whose tile belongs to another player and is not in ``avoid`` (a harmless Flip)."""
    me = _element(state, state.to_move)
    return next(sq for sq, (e, _s) in sorted(_tiles(state).items()) if e != me and sq not in avoid)


def _luck(t: Tutorial) -> None:
    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES", ("L5", "D2", "B2", "C2"))
    t.step("line-push", start, title="Line Push",
           goal="Claim your Line disc L5 (stone, gold, gold, stone).",
           check=_has_claimed(EARTH, "L5"),
           solution=[luck("line_push"), choose("line", "1"), choose("push", "east"), tile("b1"), switch("c1"),
                     flip("a4"), claim("L5")],
           hint="Line Push shifts a whole rank one square; the tile pushed off one end comes back in at the "
                "other. Which way gives stone, gold, gold, stone? Then your Switch may exchange two of your tiles "
                "that look the same, and your Flip may turn a tile outside rank 1.",
           success="Line Push (a Luck action): shift a rank or file one square; the end tile re-enters at the "
                   "other end. Luck actions come before your Switch or after your Flip.",
           miss=_now(EARTH, lambda s: f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=([tile("a1"), luck("line_push")], "not between them"),
           opponent=calm)

    start = _two("AG FS WS FG / EG EG AG WS / FS FG AG WS / EG EG AS WG", ("L2", "D2", "B2", "C2"))
    t.step("switch-pair", start, title="Switch Pair",
           goal="Claim your Block disc B2 (four gold) in the corner a2-b2-b1-a1.",
           check=_has_claimed(EARTH, "B2"),
           solution=[luck("switch_pair"), choose("pair", "a3-b3"), choose("pair_with", "a2-b2"), tile("a1"),
                     switch("b1"), flip("d1"), claim("B2")],
           hint="Switch Pair exchanges two pairs of tiles side by side: your pair a3-b3 with the pair below it.",
           success="Switch Pair (a Luck action): exchange two touching pairs of tiles, side by side or end to "
                   "end in one line; never diagonally.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}"),
           wrong=(luck("extra_move"), "after your Flip"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / EG ES AG EG / AS FG ES WS", ("L4", "D2", "B2", "C2"))
    t.step("rotate-block", start, title="Rotate Block",
           goal="Claim your Line disc L4 (stone, gold, stone, gold) on rank 1.",
           check=_has_claimed(EARTH, "L4"),
           solution=[tile("d2"), switch("d1"), flip("a4"), luck("rotate_block"), choose("block", "V31"),
                     choose("turn", "180"), claim("L4")],
           hint="Rotate Block turns a 2×2 block 90° either way or 180°. Turning a2-b2-b1-a1 half round brings "
                "your a2 and b2 tiles down, crossed over.",
           success="Rotate Block (a Luck action): turn any 2×2 block 90° clockwise, anticlockwise or 180°.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}: L4 needs all "
                     "four on rank 1" if _squares_of(s, "Earth") != ["a1", "b1", "c1", "d1"] else
                     f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=([tile("d2"), switch("d1"), luck("rotate_block")], "not between them"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG ES ES / AG WS ES ES", ("L2", "D2", "B2", "C2"))
    t.step("block-flip", start, title="Block Flip",
           goal="Claim your Block disc B2 (four gold).",
           check=_has_claimed(EARTH, "B2"),
           solution=[tile("c2"), switch("d2"), flip("a4"), luck("block_flip"), choose("block", "V33"), claim("B2")],
           hint="Block Flip turns over all four tiles of a 2×2 block at once.",
           success="Block Flip (a Luck action): turn over the four tiles of any 2×2 block.",
           miss=_now(EARTH, lambda s: f"your block reads {_read(s, ['c2', 'd2', 'd1', 'c1'])}"),
           wrong=(luck("extra_move"), "after your Flip"),
           opponent=calm)

    start = _two("AG FS WS EG / FS WG AG ES / AS FG WG ES / WG AS FS EG", ("L5", "D2", "B2", "C2"))
    t.step("line-flip", start, title="Line Flip",
           goal="Claim your Line disc L5 (stone, gold, gold, stone).",
           check=_has_claimed(EARTH, "L5"),
           solution=[tile("d3"), switch("d2"), flip("a4"), luck("line_flip"), choose("line", "d"), claim("L5")],
           hint="Line Flip turns over all four tiles of a rank or file at once.",
           success="Line Flip (a Luck action): turn over the four tiles of any rank or file.",
           miss=_now(EARTH, lambda s: f"your file d reads {_read(s, ['d4', 'd3', 'd2', 'd1'])}: turning the whole "
                                     "file over with Line Flip makes it stone, gold, gold, stone"),
           wrong=([tile("d3"), switch("d2"), flip("a4"), END], "Line Flip"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG EG EG / EG EG AS WS", ("L2", "D2", "B2", "C2"))
    t.step("extra-move", start, title="Extra Move",
           goal="Claim your Line disc L2 (four gold) on rank 1.",
           check=_has_claimed(EARTH, "L2"),
           solution=[tile("c2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"),
                     tile("d2"), switch("d1"), claim("L2")],
           hint="Two of your tiles are off rank 1, and a turn has one Switch. Extra Move buys another, after "
                "your Flip.",
           success="Extra Move (a Luck action), after your Flip: one more Switch (No Rewind still applies) or "
                   "one more Flip.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}"),
           wrong=(luck("extra_move"), "after your Flip"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG ES ES EG")
    t.step("extra-flip", start, title="Extra Move: a Flip",
           goal="Claim your Line disc L2 (four gold) on rank 1.",
           check=_has_claimed(EARTH, "L2"),
           solution=[tile("b1"), switch("c1"), flip("b1"), luck("extra_move"), choose("extra", "flip"), flip("c1"),
                     claim("L2")],
           hint="Two of your tiles show stone, and a turn has one Flip. Extra Move can be a second Flip.",
           success="Extra Move may also be one more Flip, of any tile that is not locked.",
           miss=_now(EARTH, lambda s: f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=([tile("b1"), switch("c1"), flip("b1"), luck("extra_move"), choose("extra", "flip"), flip("a4"),
                   END], "rank 1 reads"),
           opponent=calm)

    start = _two("AG AS WS FG / FS WG AG WS / ES ES AG WS / FG FG ES ES")
    t.step("several-actions", start, title="Several Luck actions in one turn",
           goal="Claim your Line disc L2 (four gold) on rank 1.",
           check=_has_claimed(EARTH, "L2"),
           solution=[luck("switch_pair"), choose("pair", "a2-b2"), choose("pair_with", "a1-b1"), tile("a1"),
                     switch("b1"), flip("a4"), luck("line_flip"), choose("line", "1"), claim("L2")],
           hint="One token buys one action, and you may spend several in a turn: one to bring a2 and b2 down "
                "together, one to turn all of rank 1 over.",
           success="You may spend several Luck tokens in one turn, one per action, before your Switch and after "
                   "your Flip.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}"
                     if _squares_of(s, "Earth") != ["a1", "b1", "c1", "d1"] else
                     f"your rank 1 reads {_read(s, ['a1', 'b1', 'c1', 'd1'])}"),
           wrong=([tile("a2"), switch("a1"), luck("line_flip")], "not between them"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS EG AG WS / EG FS EG EG", last_switch=("b1", "b2"))
    t.step("rewind", start, title="Rewind",
           goal="Claim your Line disc L2 (four gold) on rank 1 this turn.",
           check=_has_claimed(EARTH, "L2"),
           solution=[luck("rewind"), tile("a1"), switch("b1"), flip("a4"), claim("L2")],
           hint="Only the Rewind Luck action may switch back the previous player's Switch, and only before "
                "your own Switch.",
           success="Rewind (a Luck action, once per game, before your Switch): switch back the previous "
                   "player's Switch, then take your turn.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}"),
           wrong=([tile("b2"), switch("b1")], "only the Rewind luck action may"),
           opponent=calm)


def _locks(t: Tutorial) -> None:
    rank1 = ("a1", "b1", "c1", "d1")
    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES")
    before = {sq: _tiles(start)[sq] for sq in rank1}
    t.step("line-lock", start, title="Line Lock",
           goal="Keep Fire's hands off your rank 1 until your next turn.",
           check=lambda s: _next_turn(s, EARTH) and {sq: _tiles(s)[sq] for sq in rank1} == before,
           solution=[tile("a1"), switch("b1"), flip("a4"), luck("line_lock"), choose("crystal", "R1"), END],
           hint="Line Lock moves the Lock Totem onto a red crystal at the end of a line: nobody may move or flip "
                "the tiles of that line until the start of your next turn.",
           success="Line Lock (a Luck action): the line of the red crystal is locked for everyone until the start "
                   "of the locker's next turn; then the Totem goes home.",
           miss=lambda s: "your rank 1 changed before your next turn; it now holds " + ", ".join(
               f"{_tiles(s)[sq][0]} {'gold' if _tiles(s)[sq][1] == 'G' else 'stone'}" for sq in rank1),
           wrong=([luck("line_lock"), choose("crystal", "V33")], "not one this Lock may use"),
           opponent=breaker(rank1), turns=4)

    block = ("c4", "d4", "d3", "c3")
    tiles = board("AG WS FG FG / WS WG FS FS / AS EG AG ES / EG AS ES WG")
    start = position(3, tiles=tiles, to_move=0)
    mine = {sq: tiles[sq] for sq in block}
    t.step("block-lock", start, title="Block Lock lasts a round",
           goal="Keep Water and Air off your block c4-d4-d3-c3 until your next turn.",
           check=lambda s: _next_turn(s, 0) and {sq: _tiles(s)[sq] for sq in block} == mine,
           solution=[tile("c4"), switch("d4"), flip("a4"), luck("block_lock"), choose("crystal", "V13"), END],
           hint="Block Lock moves the Lock Totem onto a blue crystal: the four tiles around it are locked until "
                "the start of your next turn, through every other player's turn.",
           success="Block Lock (a Luck action): the 2×2 around the blue crystal is locked for one full round, "
                   "until the start of the locker's next turn; the centre is the Totem's home and locks nothing.",
           miss="another player reached your block: lock it before your turn ends",
           wrong=([luck("block_lock"), choose("crystal", "V13"), flip("c4")], "locked"),
           opponent=breaker(block), turns=8)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG EG EG / AG WS ES ES", ("L2", "D2", "B5", "C2"),
                 totem="V33", locker=FIRE)
    t.step("no-switch", start, title="No legal Switch",
           goal="Fire has locked your four tiles, but they match your Block disc B5: claim it.",
           check=_has_claimed(EARTH, "B5"),
           solution=[flip("a4"), claim("B5")],
           hint="Locked tiles cannot be moved or flipped, so you have no legal Switch: it is skipped. The Flip "
                "may turn any tile that is not locked.",
           success="With no legal Switch, you skip it and go straight to the Flip, which may turn anyone's tile.",
           miss="your turn ended without the claim",
           wrong=([luck("block_flip"), choose("block", "V33")], "needs all its squares unlocked"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES", totem="R1", locker=FIRE,
                 traps=["T01", "T05"])
    t.step("trap-breaks-lock", start, title="A Trap breaks the lock",
           goal="Break Fire's lock on rank 1 this turn.",
           check=lambda s: s.to_move == EARTH and s.view(None)["totem"] == "V22",
           solution=[TRAP],
           hint="You do not need to know your Trap Card: playing any Trap makes the lock in play fail.",
           success="Any Trap makes the lock in play fail at once: the Lock Totem goes home (a ninekit decision "
                   "following the rulebook; see the end of this page).",
           miss="the lock still stands",
           wrong=(luck("block_lock"), "locks never stack"),
           opponent=calm)


def _winning(t: Tutorial) -> None:
    start = _two("EG FS WS EG / FS WG AG WS / EG FG AG WS / AS AS FS ES", ("L2", "D2", "B2", "C5"),
                 claimed=[[], ["L2", "D2", "B2"]])
    t.step("win", start, title="Winning the full game",
           goal="Claim your fourth Key Disc and win.",
           check=_won(EARTH),
           solution=[tile("a2"), switch("a1"), flip("a1"), claim("C5")],
           hint="You have claimed three discs; your Corners disc C5 is the last. The board's corners count.",
           success="The first player to claim all four Key Discs wins: the temple of Codinca is unlocked.",
           miss=_now(EARTH, lambda s: f"clockwise from a4, the corners read {_read(s, ['a4', 'd4', 'd1', 'a1'])}"),
           wrong=([tile("a2"), switch("a1"), flip("d1"), END], "clockwise"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG WS / AS FG ES ES / AG ES WS EG", ("L2", "D2", "B5", "C2"),
                 claimed=[[], ["L2", "D2"]], beginner=True)
    t.step("beginner", start, title="The beginner game",
           goal="This is a beginner game: win it now.",
           check=_won(EARTH),
           solution=[tile("b1"), switch("c1"), flip("d2"), claim("B5")],
           hint="In the beginner game three Key Discs win. You have two; your Block disc B5 is close.",
           success="Beginner game: the first player to claim three of their four discs wins.",
           miss=_now(EARTH, lambda s: f"clockwise from c2, the block reads {_read(s, ['c2', 'd2', 'd1', 'c1'])}"),
           wrong=([tile("b1"), switch("c1"), flip("c2"), END], "clockwise"),
           opponent=calm)

    start = _two("AG FS WS FG / FS WG AG EG / EG EG ES WS / AS FG AS WG", ("L3", "D2", "B2", "C2"),
                 claimed=[["L1"], ["D2"]], round=40)
    t.step("round-limit", start, title="The round limit (a house rule)",
           goal="This is the last turn of round 40, the round limit: win the game.",
           check=_won(EARTH),
           solution=[tile("d3"), switch("d2"), flip("d2"), claim("L3")],
           hint="When the limit is reached, the most claimed discs win; now you and Fire have one each. Your "
                "Line disc L3 can still be matched this turn.",
           success="The round limit (a house rule of this software, 40 rounds unless you choose otherwise): the "
                   "game ends after the last seat's turn of the last round; most claims win, a tie shares the win.",
           miss=lambda s: (s.outcome.reason if s.is_over else "the game goes on") + ": a claim would have won it",
           wrong=([tile("d3"), switch("d2"), flip("a4"), END], "share the win"),
           opponent=calm)
