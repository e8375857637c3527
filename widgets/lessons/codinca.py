"""The Codinca tutorial's lesson steps: every rule is a decision the learner makes on the real board.

:data:`RULES` lists every rule a player must know, one a row; ``tutorial()`` builds every step, in chapters,
each naming the rules it ``teaches`` and ``uses``.  ``notebooks/tutorials/codinca.ipynb`` shows one step per
cell under its chapter's heading, and ``docs/codinca.md``'s rules-to-steps table is written from this data
(``python -m widgets.lessons codinca``).  Steps are data: most are rows fed to :func:`_claim` ("claim this
Key Disc"); the rest go through :func:`_step`.  Every
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
from ninekit.codinca.data import DISCS

from ..lesson import Rule, Tutorial, resolve
from ..tables.codinca import CodincaTable

FIRE, EARTH = 0, 1  # the seats of a two-player game (Fire starts)
SEAT4 = {"Fire": 0, "Water": 1, "Earth": 2, "Air": 3}  # four players, in turn order
RANKS = "4321"
FILES = "abcd"


# --- the rules, as data: every rule a player must know, one a row (docs/codinca.md's table is written from it)

RULES = [
    # set-up and seats
    Rule("element", "Each player controls the four Symbol Tiles of their element"),
    Rule("layout", "The tiles start in the starting layout (reconstructed): each element has a corner, two edge "
                   "squares and a centre square; corners and centre gold, edges stone", "ruling"),
    Rule("seats", "The seats: Earth South, Air West, Fire North, Water East", "rulebook; ruling"),
    Rule("seats-two", "Two players are Fire and Earth, opposite each other", "ruling"),
    Rule("seats-three", "Three players are Fire, Water and Air; Earth's seat stays empty", "ruling"),
    Rule("empty-seat", "The tiles of an element nobody plays stay in play for anyone to switch or flip", "ruling"),
    Rule("deal-discs", "Each player draws one Key Disc from each of the four groups and keeps them hidden"),
    Rule("deal-trap", "Each player is dealt one Trap Card face down"),
    Rule("tokens-2-3", "Luck tokens: 4 each with two or three players"),
    Rule("tokens-4", "Luck tokens: 5 each with four players"),
    Rule("fire-starts", "Fire starts (Earth if nobody plays Fire)"),
    Rule("turn-order", "Play passes to the left: Fire, Water, Earth, Air", "rulebook; ruling"),
    # a turn
    Rule("turn", "A turn is a Switch and then a Flip; both are compulsory"),
    Rule("switch", "The Switch: one of your tiles changes places with a tile next to it (anyone's)"),
    Rule("switch-own-tile", "A Switch must include one of your own tiles"),
    Rule("switch-diagonal", "Diagonal neighbours count for the Switch"),
    Rule("switch-two-own", "You may switch two of your own tiles", "ruling"),
    Rule("switch-same", "Switching two of your tiles that look the same is allowed (it changes nothing)",
         "app decision 9"),
    Rule("flip", "The Flip turns one tile over, stone to gold or back, without moving it"),
    Rule("flip-any", "The Flip may turn any tile, another player's too"),
    Rule("no-switch", "With no legal Switch the Switch is skipped and the turn goes on with the Flip",
         "ruling; app decision 4"),
    # No Rewind
    Rule("no-rewind", "No Rewind: you may not switch back the two tiles the previous player just switched"),
    Rule("no-rewind-flip", "No Rewind does not stop you flipping back a tile the previous player flipped"),
    Rule("no-rewind-next", "No Rewind binds only the next player; later players may undo that Switch"),
    Rule("no-rewind-round", "No Rewind holds across the end of a round: Fire is bound by the last Switch of the "
                            "round before", "app decision 10"),
    # Key Discs
    Rule("disc-match", "A disc matches when its shape holds exactly your four tiles with the sides it shows",
         "rulebook; ruling"),
    Rule("line", "Line of four: any rank or file"),
    Rule("line-ends", "A line is read from either end", "ruling"),
    Rule("diagonal", "Diagonal four: either long diagonal, read from either end", "rulebook; ruling"),
    Rule("block", "Block of four: any 2×2 block, read clockwise from any corner", "rulebook; ruling"),
    Rule("corners", "Four corners: the board's four corners, read clockwise from any corner", "rulebook; ruling"),
    Rule("corners-3x3", "Four corners: also the corners of any 3×3 square"),
    Rule("claim-end", "A disc is claimed only at the end of your turn, after the Switch and the Flip"),
    Rule("claim-ends-turn", "A claim ends your turn (one claim a turn)", "rulebook; ruling"),
    Rule("claim-compulsory", "Claiming a matching disc is compulsory", "app decision 6"),
    Rule("claim-shown", "A claimed disc is shown to the other players"),
    Rule("claim-stays", "A claimed disc stays claimed even if the pattern breaks later", "ruling"),
    # Luck
    Rule("luck-token", "One Luck token buys one extra action; the token goes on the action's icon"),
    Rule("luck-when", "Luck actions are taken before your Switch or after your Flip, never between",
         "rulebook; ruling"),
    Rule("luck-spent", "A token is spent when the action is chosen; only an action that can be completed is "
                       "offered", "app decision 1"),
    Rule("luck-before-claim", "Luck actions after your Flip come before your claim"),
    Rule("luck-several", "Several Luck actions may be taken in one turn"),
    Rule("luck-again", "The same action may be bought again (except Rewind)"),
    Rule("line-push", "Line Push: shift a rank or file one square; the end tile re-enters at the other end",
         "rulebook; ruling"),
    Rule("switch-pair", "Switch Pair: exchange two touching parallel pairs (side by side or end to end), not "
                        "diagonally", "rulebook; ruling"),
    Rule("rotate-block", "Rotate Block: turn a 2×2 block 90° either way or 180°"),
    Rule("block-flip", "Block Flip: turn over the four tiles of a 2×2 block"),
    Rule("line-flip", "Line Flip: turn over the four tiles of a rank or file"),
    Rule("extra-switch", "Extra Move: one more Switch, after your Flip", "rulebook; ruling"),
    Rule("extra-flip", "Extra Move: or one more Flip"),
    Rule("extra-no-rewind", "An extra Switch obeys every Switch rule, No Rewind included", "ruling"),
    Rule("rewind", "Rewind: before your Switch, switch back the previous player's Switch", "rulebook; ruling"),
    Rule("rewind-once", "Rewind may be used once per game"),
    Rule("rewind-stands", "Rewind (and No Rewind) only while that Switch still stands: once another action moves a "
                          "tile onto either square it lapses", "ruling; app decisions 3 and 11"),
    # Trap Cards
    Rule("trap-hidden", "You may not look at your Trap Card unless you spend a Luck token on Reveal Trap"),
    Rule("reveal-trap", "Reveal Trap: look at your card, then play it now or keep it for a later turn"),
    Rule("reveal-public", "Others see that you used Reveal Trap, but not the card", "app decision 2"),
    Rule("trap-anytime", "The Trap Card may be played at any time in your turn, even between the Switch and the "
                         "Flip", "rulebook; ruling; app decision 5"),
    Rule("trap-flips", "A Trap flips the tiles it marks to the side shown; nothing moves"),
    Rule("trap-once", "Each player has one Trap Card for the whole game; once played it is used up", "ruling"),
    Rule("trap-earth", "The card is laid with its arrow towards the board: Earth reads it as printed", "ruling"),
    Rule("trap-air", "From Air's seat the card is turned a quarter turn clockwise", "ruling"),
    Rule("trap-fire", "From Fire's seat the card is turned a half turn", "ruling"),
    Rule("trap-water", "From Water's seat the card is turned a quarter turn anticlockwise", "ruling"),
    Rule("trap-blind", "You may play your Trap Card blind, without looking at it", "ruling"),
    # Locks
    Rule("line-lock", "Line Lock: the Totem goes onto a red crystal and locks that rank or file", "rulebook; ruling"),
    Rule("block-lock", "Block Lock: the Totem goes onto a blue crystal and locks the 2×2 around it; the centre "
                       "locks nothing", "rulebook; ruling"),
    Rule("lock-everyone", "Locked tiles may not be moved or flipped by anyone, the locker included",
         "rulebook; ruling"),
    Rule("lock-round", "A lock lasts one full round, until the start of the locker's next turn", "rulebook; ruling"),
    Rule("lock-all-squares", "An action needs all its squares unlocked; nothing resolves partially", "ruling"),
    Rule("lock-one-totem", "There is one Totem: locks never stack", "ruling"),
    Rule("trap-breaks-lock", "Any Trap makes the lock in play fail: the Totem goes home",
         "rulebook; ruling"),
    # the end
    Rule("win", "Full game: the first player to claim all four discs wins"),
    Rule("end-shown", "At the end every Key Disc and Trap Card is shown", "app decision 8"),
    Rule("beginner", "Beginner game (a variant): the first player to claim three discs wins"),
    Rule("round-limit", "Round limit: after the last seat's turn of the last round the most claims win",
         "house rule"),
    Rule("round-limit-tie", "At the round limit, players tied for the most claims share the win", "house rule"),
]


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


# --- the steps, as data ----------------------------------------------------------------------------
#
# Most steps are "claim this disc": a two-player board (Fire and Earth, the learner is Earth), one of
# Earth's discs, one way to claim it.  :func:`_claim` builds such a step from one row of data; the few
# steps with another goal call :func:`_step` (the same defaults: the learner's seat to move, Fire calm).

START = "AG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG"
RANK1 = ["a1", "b1", "c1", "d1"]


def _two(tiles: str, earth_discs=("L2", "D2", "B2", "C2"), **kwargs) -> ninekit.State:
    """A two-player position (Fire and Earth) at the start of Earth's turn (``to_move`` to change it)."""
    discs = [["L1", "D1", "B1", "C1"], list(earth_discs)]
    for g, disc in enumerate(earth_discs):  # Fire never holds one of Earth's discs
        if disc == discs[0][g]:
            discs[0][g] = disc[0] + ("6" if disc[1] != "6" else "5")
    kwargs.setdefault("traps", ["T01", "T19"])  # Earth's card does not happen to finish a rank-1 disc
    kwargs.setdefault("to_move", EARTH)
    return position(2, tiles=board(tiles), discs=discs, **kwargs)


def _played(state: ninekit.State, *decisions) -> ninekit.State:
    """``state`` after ``decisions`` (each named as a step's solution names it), so the log shows them."""
    for item in decisions:
        move = resolve(state, item)
        if move is None:
            raise ValueError(f"{item!r} is not legal here: {state.prompt}")
        state = state.play(move)
    return state


def _calm_turns(state: ninekit.State, seat: int) -> ninekit.State:
    """``state`` after the seats before ``seat`` played calm turns."""
    while state.to_move != seat:
        state = state.play(resolve(state, calm(state)))
    return state


def _reads(where: str, squares, seat: int = EARTH):
    """A ``miss``: how ``squares`` read right after the learner's last decision."""
    return _now(seat, lambda s: f"{where} reads {_read(s, squares)}")


def _places(seat: int = EARTH, element: str = "Earth"):
    """A ``miss``: where the learner's tiles stand right after the learner's last decision."""
    return _now(seat, lambda s: f"your tiles stand on {', '.join(_squares_of(s, element))}")


def _step(t: Tutorial, key: str, state: ninekit.State, title: str, goal: str, check, solution, *, hint: str,
          teaches, uses=(), **kwargs) -> None:
    kwargs.setdefault("opponent", calm)
    t.step(key, state, title=title, goal=goal, check=check, solution=solution, hint=hint, teaches=teaches,
           uses=uses, **kwargs)


GROUP = {"L": "Line", "D": "Diagonal", "B": "Block", "C": "Corners"}


def _claim(t: Tutorial, key: str, title: str, tiles: str, disc: str, solution, *, hint: str, teaches, uses=(),
           discs=None, goal: str = "", position_kw=None, **kwargs) -> None:
    """A step whose goal is to claim Earth's Key Disc ``disc`` on the two-player board ``tiles``."""
    check = kwargs.pop("check", None) or _has_claimed(EARTH, disc)
    if discs is None:
        discs = tuple(disc if g == disc[0] else f"{g}2" for g in "LDBC")
    start = _two(tiles, discs, **(position_kw or {}))
    words = ", ".join("gold" if c == "G" else "stone" for c in DISCS[disc])
    goal = goal or f"Claim your {GROUP[disc[0]]} disc {disc} ({words})."
    _step(t, key, start, title, goal, check, solution, hint=hint, teaches=teaches, uses=uses,
          **kwargs)


# The rules a first game needs, used by nearly every later step.
TURN = ("element", "switch", "switch-own-tile", "turn", "flip", "disc-match", "line", "claim-end")


def tutorial() -> Tutorial:
    """Every step of the Codinca tutorial, in the notebook's order, in chapters."""
    t = Tutorial("codinca", "Learn Codinca", rules=RULES)
    t.chapter("first", "Your first game")
    _first_game(t)
    t.chapter("claiming", "Claiming, the finer points")
    _claiming(t)
    t.chapter("seats", "Seats and turn order")
    _seats(t)
    t.chapter("no-rewind", "No Rewind")
    _no_rewind(t)
    t.chapter("moving", "Luck: moving tiles")
    _luck_moving(t)
    t.chapter("turning", "Luck: turning tiles over")
    _luck_turning(t)
    t.chapter("extra", "Luck: extra moves")
    _extra_moves(t)
    t.chapter("rewind", "Luck: Rewind")
    _rewind(t)
    t.chapter("traps", "Trap Cards")
    _traps(t)
    t.chapter("locks", "Locks")
    _locks(t)
    t.chapter("endings", "Other ways a game ends")
    _endings(t)
    return t


# --- 1. Your first game ----------------------------------------------------------------------------

FIRST = "FS FS WS WS / FS FS WS WS / AS ES AS AS / ES ES ES AS"  # a plain board: your four tiles, all stone
BOARD_ONLY = CodincaTable(panel=False)  # the first steps teach the Switch: no discs, Trap or Luck shown yet


def _first_game(t: Tutorial) -> None:
    start = _two(FIRST)
    _step(t, "switch", start, "The Switch", "Put one of your Earth tiles on the corner square d1.",
          lambda s: _tiles(s)["d1"][0] == "Earth", [tile("c1"), switch("d1")],
          hint="Click one of your own Earth tiles first, then the tile it changes places with. d1 holds an "
               "Air tile; which Earth tile stands next to it?",
          success="A Switch exchanges one of your own tiles with a tile next to it — anyone's tile, even one "
                  "of an element nobody plays.",
          miss="no Earth tile reached d1", wrong=(tile("d1"), "must include one of your own"),
          teaches=("element", "switch", "switch-own-tile", "empty-seat"), table=BOARD_ONLY)

    _step(t, "switch-diagonal", start, "Diagonal Switch", "Put one of your Earth tiles on d2, in one Switch.",
          lambda s: _tiles(s)["d2"][0] == "Earth", [tile("c1"), switch("d2")],
          hint="Diagonal neighbours count as next to each other. Which Earth tile touches d2, even only at "
               "a corner?",
          success="Diagonal neighbours count: a Switch may go in any of the eight directions.",
          miss="no Earth tile reached d2", wrong=([tile("a1"), switch("d2")], "is not next to"),
          teaches=("switch-diagonal",), uses=("element", "switch"), table=BOARD_ONLY)

    _claim(t, "flip", "The Flip", "AG FS WS FG / FS WG AG WS / AS FG AG EG / EG EG ES WS", "L2",
           [tile("d2"), switch("d1"), flip("c1"), claim("L2")],
           goal="Claim your Line disc L2: four gold Earth tiles in one line.",
           hint="First the Switch brings your fourth tile into rank 1; then the Flip turns one tile over.",
           success="Every turn is a Switch and then a Flip: the Flip turns any one tile over, stone to gold or "
                   "gold to stone, without moving it. A claim ends your turn.",
           miss=_reads("your rank 1", RANK1),
           wrong=([tile("d2"), switch("d1"), END], "only after your Switch and Flip"),
           teaches=("turn", "flip", "disc-match", "line", "claim-end", "claim-ends-turn"), uses=("switch",))

    rows = [  # key, title, tiles, disc, solution, hint, success, miss, wrong, teaches
        ("line", "Line of four", "AG FS WS FG / FS WG AG EG / EG EG ES WS / AS FG AS WG", "L3",
         [tile("d3"), switch("d2"), flip("d2"), claim("L3")],
         "A line disc may be read from either end: gold, gold, stone, stone matches it too.",
         "A Line of four is any rank or file, read from either end.",
         _now(EARTH, lambda s: f"your rank 2 reads {_read(s, ['a2', 'b2', 'c2', 'd2'])}: from either end, that "
                               "is not stone, stone, gold, gold"),
         ([tile("d3"), switch("d2"), flip("d2"), END], "claiming is compulsory"), ("line-ends", "claim-compulsory")),
        ("diagonal", "Diagonal four", "AG FS WS EG / FS WG ES WS / EG ES AG FS / FG AS AS WG", "D3",
         [tile("a2"), switch("a1"), flip("a1"), claim("D3")],
         "The diagonals run corner to corner: d4, c3, b2, a1 is one. Read it from either end.",
         "A Diagonal four is one of the two long diagonals, read from either end.",
         _reads("the diagonal d4-c3-b2-a1", ["d4", "c3", "b2", "a1"]),
         ([tile("a2"), switch("a1"), flip("b2"), END], "diagonal"), ("diagonal",)),
        ("block", "Block of four", "AG FS WS FG / FS WG AG WS / AS FG ES ES / AG ES WS EG", "B5",
         [tile("b1"), switch("c1"), flip("d2"), claim("B5")],
         "A block disc may be turned: read the 2×2 clockwise, starting from any corner.",
         "A Block of four is any 2×2 block, read clockwise from any corner (the disc may be turned).",
         _reads("clockwise from c2, the block", ["c2", "d2", "d1", "c1"]),
         ([tile("b1"), switch("c1"), flip("c2"), END], "clockwise"), ("block",)),
        ("corners", "Four corners", "EG FS WS EG / FS WG AG WS / EG FG AG WS / AS AS FS ES", "C5",
         [tile("a2"), switch("a1"), flip("a1"), claim("C5")],
         "The four corners of the board form a square too, read clockwise from any corner.",
         "Four corners: the board's four corners, read clockwise from any corner.",
         _reads("clockwise from a4, the corners", ["a4", "d4", "d1", "a1"]),
         ([tile("a2"), switch("a1"), flip("d1"), END], "clockwise"), ("corners",)),
    ]
    for key, title, tiles, disc, solution, hint, success, miss, wrong, teaches in rows:
        _claim(t, key, title, tiles, disc, solution, hint=hint, success=success, miss=miss, wrong=wrong,
               teaches=teaches, uses=TURN)

    game = ninekit.make("codinca", 2)
    dealt = _calm_turns(game.new(seed=3), EARTH)
    _step(t, "deal", dealt, "A game from the deal",
          "The deal is done and Fire has taken the first turn: take your first turn, a Switch and a Flip.",
          lambda s: bool(s.history) and s.history[-1][0] == EARTH and s.history[-1][1].kind in ("end", "claim"),
          [tile("a1"), switch("b1"), flip("a4"), END],
          hint="Look at what you were dealt beside the board: four Key Discs, one of each group, a Trap Card face "
               "down and your Luck tokens. Then a Switch, a Flip, and End your turn.",
          success="The deal: one Key Disc from each group, a face-down Trap Card, Luck tokens (4 each with two or "
                  "three players, 5 with four), the tiles in the starting layout; Fire starts.",
          miss="your turn did not end", wrong=(END, "only after your Switch and Flip"),
          teaches=("layout", "seats-two", "fire-starts", "deal-discs", "deal-trap", "tokens-2-3"), uses=TURN)

    start = _two("EG FS WS EG / FS WG AG WS / EG FG AG WS / AS AS FS ES", ("L2", "D2", "B2", "C5"),
                 claimed=[[], ["L2", "D2", "B2"]])
    _step(t, "win", start, "Winning the full game", "Claim your fourth Key Disc and win.", _won(EARTH),
          [tile("a2"), switch("a1"), flip("a1"), claim("C5")],
          hint="You have claimed three discs; your Corners disc C5 is the last. The board's corners count.",
          success="The first player to claim all four Key Discs wins: the temple of Codinca is unlocked. At the "
                  "end every Key Disc and Trap Card is shown.",
          miss=_reads("clockwise from a4, the corners", ["a4", "d4", "d1", "a1"]),
          wrong=([tile("a2"), switch("a1"), flip("d1"), END], "clockwise"),
          teaches=("win", "end-shown"), uses=TURN + ("corners",))


# --- 2. Claiming, the finer points -----------------------------------------------------------------


def _claiming(t: Tutorial) -> None:
    _claim(t, "switch-own", "Switching your own tiles", "AG FS WS FG / FS WG AG WS / AS FG AG WS / ES ES EG EG", "L4",
           [tile("b1"), switch("c1"), flip("a4"), claim("L4")],
           hint="Your four tiles already stand in rank 1; only the order of their faces is wrong. A Switch "
                "may exchange two of your own tiles. Then Flip a tile that is not in your line.",
           success="A Switch may exchange two of your own tiles: that rearranges your stone and gold faces. The "
                   "Flip may turn anyone's tile.",
           miss=_reads("your rank 1", RANK1), wrong=(claim("L4"), "claimed only at the end of your turn"),
           teaches=("switch-two-own", "flip-any"), uses=TURN)

    _claim(t, "corners-3x3", "Corners of a 3×3", "AG FS WS FG / FS ES AG ES / AS FG WG WS / WG AS EG EG", "C3",
           [tile("c1"), switch("b1"), flip("b1"), claim("C3")],
           hint="Corners count on any 3×3 square of the board too: b3, d3, d1, b1 is one.",
           success="Four corners may also be the corners of any 3×3 square on the board.",
           miss=_now(EARTH, lambda s: "your tiles are not on the corners of one square"
                     if _squares_of(s, "Earth") != ["b1", "b3", "d1", "d3"] else
                     f"clockwise from b3, the corners read {_read(s, ['b3', 'd3', 'd1', 'b1'])}"),
           wrong=([tile("c1"), switch("b1"), flip("d3"), END], "clockwise"),
           teaches=("corners-3x3",), uses=TURN + ("corners",))

    block = ["c2", "d2", "d1", "c1"]
    _claim(t, "claimed-stays", "A claimed disc stays claimed", "AG FS WS FG / FS WG AG WS / AS FG EG EG / AG WS ES EG",
           "B2", [tile("c1"), switch("d1"), flip("d1"), claim("B2")], position_kw={"claimed": [[], ["L2"]]},
           check=lambda s: "B2" in _claimed(s, EARTH) and s.view(FIRE)["discs"][EARTH][2]["id"] == "B2",
           hint="Your Line disc L2 was claimed earlier: it stays claimed although your tiles left that line. Now "
                "three of your block's tiles are gold; which one is not?",
           success="A claimed disc is shown to the others (Fire's side of the board now sees B2) and stays "
                   "claimed even when your tiles later leave its pattern.",
           miss=_reads("clockwise from c2, your block", block),
           wrong=([tile("c1"), switch("d1"), flip("a4"), END], "your block reads"),
           teaches=("claim-shown", "claim-stays"), uses=TURN + ("block",))


# --- 3. Seats and turn order -----------------------------------------------------------------------


def _seats(t: Tutorial) -> None:
    start = position(3, tiles=board(START), to_move=0)
    _step(t, "seats-three", start, "Three players",
          "Three players: Earth's seat is empty. As Fire, put one of your tiles on c3, where an Earth tile stands.",
          lambda s: _tiles(s)["c3"][0] == "Fire", [tile("b2"), switch("c3"), flip("a4"), END],
          hint="Nobody plays Earth, so its tiles are anyone's to switch with. Which of your Fire tiles touches c3?",
          success="Three players are Fire, Water and Air; Earth's seat stays empty and its tiles stay in play. "
                  "After you, Water plays, then Air.",
          miss="no Fire tile reached c3", wrong=(tile("c3"), "must include one of your own"),
          teaches=("seats-three", "seats"), uses=TURN + ("empty-seat",))


# --- 4. No Rewind ----------------------------------------------------------------------------------


def _no_rewind(t: Tutorial) -> None:
    start = _two("AG FS WS FG / FS WG AG WS / EG AG EG WS / EG FS AS ES", last_switch=("a2", "b1"),
                 rewind_used=[EARTH])
    _step(t, "no-rewind", start, "No Rewind",
          "Repair what Fire just did: an Earth tile back on b1 (keep the one on a1), and d1 gold again.",
          lambda s: _tiles(s)["a1"][0] == _tiles(s)["b1"][0] == "Earth" and _tiles(s)["d1"] == ("Earth", "G"),
          [tile("c2"), switch("b1"), flip("d1")],
          hint="You may not switch a2 and b1 straight back. Another of your tiles touches b1.",
          success="No Rewind: you may not switch back the two tiles the previous player just switched, but "
                  "any other Switch is fine, and you may flip back a tile they flipped.",
          miss=_now(EARTH, lambda s: "a1 and b1 do not both hold Earth tiles"
                    if not _tiles(s)["a1"][0] == _tiles(s)["b1"][0] == "Earth" else "your d1 tile is still stone"),
          wrong=([tile("a2"), switch("b1")], "No Rewind"),
          teaches=("no-rewind", "no-rewind-flip"), uses=TURN)

    tiles = board(START)
    tiles["a4"], tiles["b3"] = tiles["b3"], tiles["a4"]  # Water switched two turns ago
    tiles["b1"], tiles["c1"] = tiles["c1"], tiles["b1"]  # then Earth, just now
    start = position(4, tiles=tiles, to_move=SEAT4["Air"], last_switch=("b1", "c1"))
    _step(t, "no-rewind-others", start, "No Rewind is for the next player only", "Take your corner a4 back from Water.",
          lambda s: _tiles(s)["a4"][0] == "Air", [tile("b3"), switch("a4")],
          hint="Water switched a4 and b3 two turns ago; Earth played after Water, and you play after Earth.",
          success="With four players play passes Fire, Water, Earth, Air. No Rewind binds only the next player: "
                  "Water's Switch was two turns ago, so you may undo it; Earth's, just before you, you may not.",
          miss="a4 still holds Water's tile", wrong=([tile("c1"), switch("b1")], "No Rewind"),
          teaches=("turn-order", "tokens-4", "no-rewind-next"), uses=TURN + ("no-rewind", "seats"))

    last_round = _two(START, to_move=EARTH)
    crossed = _played(last_round, tile("c3"), switch("b4"), flip("d1"), END)  # Earth ends round 1; Fire starts round 2
    _step(t, "no-rewind-round", crossed, "No Rewind across rounds",
          "A new round starts with you, Fire. Earth's Switch took your b4 square: put a Fire tile on b4 again.",
          lambda s: _tiles(s)["b4"][0] == "Fire", [tile("a3"), switch("b4"), flip("d1")],
          hint="Earth played last in the round before, so Earth is the player before you: you may not switch "
               "c3 and b4 straight back. Another of your tiles touches b4.",
          success="No Rewind also holds across the end of a round: Fire, first in a round, may not switch back "
                  "what the last player of the round before just switched.",
          miss="b4 does not hold a Fire tile", wrong=([tile("c3"), switch("b4")], "No Rewind"),
          teaches=("no-rewind-round",), uses=TURN + ("no-rewind",))


# --- 5-7. Luck actions -----------------------------------------------------------------------------

LUCK = TURN + ("luck-token", "luck-when")


def _luck_moving(t: Tutorial) -> None:
    _claim(t, "line-push", "Line Push", "AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES", "L5",
           [luck("line_push"), choose("line", "1"), choose("push", "east"), tile("b1"), switch("c1"), flip("a4"),
            claim("L5")],
           hint="Line Push shifts a whole rank one square; the tile pushed off one end comes back in at the "
                "other. Which way gives stone, gold, gold, stone? Then your Switch may exchange two of your tiles "
                "that look the same, and your Flip may turn a tile outside rank 1.",
           success="Line Push (a Luck action): shift a rank or file one square; the end tile re-enters at the "
                   "other end. The token is spent as soon as you choose the action. Luck actions come before your "
                   "Switch or after your Flip.",
           miss=_reads("your rank 1", RANK1), wrong=([tile("a1"), luck("line_push")], "not between them"),
           teaches=("luck-token", "luck-when", "luck-spent", "line-push"), uses=TURN + ("line-ends",))

    _claim(t, "switch-pair", "Switch Pair", "AG FS WS FG / EG EG AG WS / FS FG AG WS / EG EG AS WG", "B2",
           [luck("switch_pair"), choose("pair", "a3-b3"), choose("pair_with", "a2-b2"), tile("a1"), switch("b1"),
            flip("d1"), claim("B2")],
           goal="Claim your Block disc B2 (four gold) in the corner a2-b2-b1-a1.",
           hint="Switch Pair exchanges two pairs of tiles side by side: your pair a3-b3 with the pair below it.",
           success="Switch Pair (a Luck action): exchange two touching pairs of tiles, side by side or end to "
                   "end in one line; never diagonally.",
           miss=_places(), wrong=(luck("extra_move"), "after your Flip"),
           teaches=("switch-pair",), uses=LUCK + ("block",))

    _claim(t, "rotate-block", "Rotate Block", "AG FS WS FG / FS WG AG WS / EG ES AG EG / AS FG ES WS", "L4",
           [tile("d2"), switch("d1"), flip("a4"), luck("rotate_block"), choose("block", "V31"), choose("turn", "180"),
            claim("L4")],
           goal="Claim your Line disc L4 (stone, gold, stone, gold) on rank 1.",
           hint="Rotate Block turns a 2×2 block 90° either way or 180°. Turning a2-b2-b1-a1 half round brings "
                "your a2 and b2 tiles down, crossed over.",
           success="Rotate Block (a Luck action): turn any 2×2 block 90° clockwise, anticlockwise or 180°.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}: L4 needs all "
                     "four on rank 1" if _squares_of(s, "Earth") != RANK1 else
                     f"your rank 1 reads {_read(s, RANK1)}"),
           wrong=([tile("d2"), switch("d1"), luck("rotate_block")], "not between them"),
           teaches=("rotate-block",), uses=LUCK + ("line-ends",))


def _luck_turning(t: Tutorial) -> None:
    _claim(t, "block-flip", "Block Flip", "AG FS WS FG / FS WG AG WS / AS FG ES ES / AG WS ES ES", "B2",
           [tile("c2"), switch("d2"), flip("a4"), luck("block_flip"), choose("block", "V33"), claim("B2")],
           hint="Block Flip turns over all four tiles of a 2×2 block at once.",
           success="Block Flip (a Luck action): turn over the four tiles of any 2×2 block.",
           miss=_reads("your block", ["c2", "d2", "d1", "c1"]), wrong=(luck("extra_move"), "after your Flip"),
           teaches=("block-flip",), uses=LUCK + ("block",))

    _claim(t, "line-flip", "Line Flip", "AG FS WS EG / FS WG AG ES / AS FG WG ES / WG AS FS EG", "L5",
           [tile("d3"), switch("d2"), flip("a4"), luck("line_flip"), choose("line", "d"), claim("L5")],
           hint="Line Flip turns over all four tiles of a rank or file at once.",
           success="Line Flip (a Luck action): turn over the four tiles of any rank or file. Luck actions after "
                   "your Flip come before your claim.",
           miss=_now(EARTH, lambda s: f"your file d reads {_read(s, ['d4', 'd3', 'd2', 'd1'])}: turning the whole "
                                      "file over with Line Flip makes it stone, gold, gold, stone"),
           wrong=([tile("d3"), switch("d2"), flip("a4"), END], "Line Flip"),
           teaches=("line-flip", "luck-before-claim"), uses=LUCK + ("line-ends",))


def _extra_moves(t: Tutorial) -> None:
    rows = [  # key, title, tiles, solution, hint, success, miss, wrong, teaches, position
        ("extra-move", "Extra Move: a Switch", "AG FS WS FG / FS WG AG WS / AS FG EG EG / EG EG AS WS",
         [tile("c2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"), tile("d2"),
          switch("d1"), claim("L2")],
         "Two of your tiles are off rank 1, and a turn has one Switch. Extra Move buys another, after your Flip.",
         "Extra Move (a Luck action), after your Flip: one more Switch.",
         _places(), (luck("extra_move"), "after your Flip"), ("extra-switch",), {}),
        ("extra-flip", "Extra Move: a Flip", "AG FS WS FG / FS WG AG WS / AS FG AG WS / EG ES ES EG",
         [tile("b1"), switch("c1"), flip("b1"), luck("extra_move"), choose("extra", "flip"), flip("c1"),
          claim("L2")],
         "Two of your tiles show stone, and a turn has one Flip. Extra Move can be a second Flip.",
         "Extra Move may also be one more Flip, of any tile that is not locked.",
         _reads("your rank 1", RANK1),
         ([tile("b1"), switch("c1"), flip("b1"), luck("extra_move"), choose("extra", "flip"), flip("a4"), END],
          "rank 1 reads"), ("extra-flip",), {}),
        ("extra-twice", "The same action twice", "AG FS WS FG / FS WG AG WS / AS FG AG WS / ES ES ES EG",
         [tile("a1"), switch("b1"), flip("a1"), luck("extra_move"), choose("extra", "flip"), flip("b1"),
          luck("extra_move"), choose("extra", "flip"), flip("c1"), claim("L2")],
         "Three of your tiles show stone. Your Switch can exchange two of your tiles that look the same (it "
         "changes nothing); then one Flip, and buy Extra Move twice.",
         "You may buy the same Luck action again, in the same turn too (only Rewind is once per game). "
         "Switching two of your tiles that look the same is allowed; it changes nothing.",
         _reads("your rank 1", RANK1),
         ([tile("a1"), switch("b1"), flip("a1"), END], "rank 1 reads"), ("luck-again", "switch-same"), {}),
        ("extra-no-rewind", "An extra Switch obeys No Rewind", "AG FS WS FG / FS WG AG WS / AS FG EG EG / EG EG AS WS",
         [tile("d2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"), tile("c2"),
          switch("d1"), claim("L2")],
         "Fire just switched d1 and d2, so neither your Switch nor an extra one may switch them back. Bring "
         "your two tiles down diagonally instead.",
         "An extra Switch obeys every Switch rule, No Rewind included.",
         _places(), ([tile("c2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"),
                      tile("d2"), switch("d1")], "No Rewind"), ("extra-no-rewind",),
         {"last_switch": ("d1", "d2")}),
    ]
    for key, title, tiles, solution, hint, success, miss, wrong, teaches, kw in rows:
        _claim(t, key, title, tiles, "L2", solution, goal="Claim your Line disc L2 (four gold) on rank 1.",
               hint=hint, success=success, miss=miss, wrong=wrong, teaches=teaches, position_kw=kw,
               uses=LUCK + ("extra-switch",) * (key != "extra-move") + ("no-rewind",) * (key == "extra-no-rewind"))

    _claim(t, "several-actions", "Several Luck actions in one turn",
           "AG AS WS FG / FS WG AG WS / ES ES AG WS / FG FG ES ES", "L2",
           [luck("switch_pair"), choose("pair", "a2-b2"), choose("pair_with", "a1-b1"), tile("a1"), switch("b1"),
            flip("a4"), luck("line_flip"), choose("line", "1"), claim("L2")],
           goal="Claim your Line disc L2 (four gold) on rank 1.",
           hint="One token buys one action, and you may spend several in a turn: one to bring a2 and b2 down "
                "together, one to turn all of rank 1 over.",
           success="You may spend several Luck tokens in one turn, one per action, before your Switch and after "
                   "your Flip.",
           miss=_now(EARTH, lambda s: f"your tiles stand on {', '.join(_squares_of(s, 'Earth'))}"
                     if _squares_of(s, "Earth") != RANK1 else f"your rank 1 reads {_read(s, RANK1)}"),
           wrong=([tile("a2"), switch("a1"), luck("line_flip")], "not between them"),
           teaches=("luck-several",), uses=LUCK + ("switch-pair", "line-flip"))


def _rewind(t: Tutorial) -> None:
    _claim(t, "rewind", "Rewind", "AG FS WS FG / FS WG AG WS / AS EG AG WS / EG FS EG EG", "L2",
           [luck("rewind"), tile("a1"), switch("b1"), flip("a4"), claim("L2")],
           position_kw={"last_switch": ("b1", "b2")},
           goal="Claim your Line disc L2 (four gold) on rank 1 this turn.",
           hint="Only the Rewind Luck action may switch back the previous player's Switch, and only before "
                "your own Switch.",
           success="Rewind (a Luck action, once per game, before your Switch): switch back the previous "
                   "player's Switch, then take your turn.",
           miss=_places(), wrong=([tile("b2"), switch("b1")], "only the Rewind luck action may"),
           teaches=("rewind",), uses=LUCK + ("no-rewind", "line-ends"))

    start = _two("AG FS WS FG / FS WG AG WS / EG AG EG WS / EG FS AS ES", last_switch=("a2", "b1"),
                 rewind_used=[EARTH])
    _step(t, "rewind-once", start, "Rewind is once per game",
          "Fire just took your b1 square: put an Earth tile back on b1 (you used your Rewind earlier this game).",
          lambda s: _tiles(s)["b1"][0] == "Earth", [tile("c2"), switch("b1"), flip("d1")],
          hint="Your Rewind is spent, and No Rewind forbids switching a2 and b1 back. Another of your tiles "
               "touches b1.",
          success="Rewind may be used only once per game; every other Luck action may be bought again.",
          miss="b1 does not hold an Earth tile", wrong=(luck("rewind"), "only once per game"),
          teaches=("rewind-once",), uses=LUCK + ("no-rewind", "rewind"))

    before = _two("AG FS WS FG / FS WG AG AS / EG FG EG WS / WS EG ES AS", to_move=FIRE)
    pushed = _played(before, tile("b2"), switch("b1"), flip("a4"), luck("line_push"), choose("line", "1"),
                     choose("push", "east"), END)  # Fire's Switch, then its Line Push moves a tile onto b1
    _step(t, "rewind-stands", pushed, "Rewind needs the Switch to still stand",
          "Fire switched your b1 tile away, then pushed rank 1: put an Earth tile on b1 again.",
          lambda s: _tiles(s)["b1"][0] == "Earth", [tile("a2"), switch("b1"), flip("a4")],
          hint="Rewind only undoes a Switch whose two tiles still stand where it put them; Fire's Line Push moved "
               "them. A plain Switch does it.",
          success="Rewind, and No Rewind, only concern a Switch that still stands: once another action moves a "
                  "tile onto either of its squares, it can no longer be rewound, and you may switch those squares.",
          miss="b1 does not hold an Earth tile", wrong=(luck("rewind"), "no Switch by the previous player"),
          teaches=("rewind-stands",), uses=LUCK + ("rewind", "line-push"))


# --- 8. Trap Cards ----------------------------------------------------------------------------------


TRAP_BASE = "AG FS WS FG / FS WG AG WS / ES FG ES AS / ES EG AS WG"  # Earth's tiles around a1-b2
TRAP_RULES = {"Earth": ("trap-anytime", "trap-flips", "trap-earth", "trap-once"), "Air": ("trap-air",),
              "Fire": ("trap-fire",), "Water": ("trap-water",)}


def _traps(t: Tutorial) -> None:
    _claim(t, "reveal-trap", "Reveal Trap", "AG FS WS FG / FS WG AG WS / AS FG AG WS / EG ES ES EG", "L2",
           [luck("reveal_trap"), TRAP, tile("b1"), switch("c1"), flip("a4"), claim("L2")],
           position_kw={"traps": ["T01", "T02"]},
           goal="Look at your Trap Card, then use it to claim your Line disc L2 (four gold).",
           check=lambda s: "L2" in _claimed(s, EARTH) and any("after looking at it" in line for line in s.log(None)),
           hint="Spend a Luck token on Reveal Trap: the panel then shows your card as printed, its arrow at the top "
                "(Earth reads it that way round). Its marks show which tiles it turns gold.",
           success="Reveal Trap costs a Luck token: you look at your card, then play it now or keep it for later. "
                   "Fire sees that you looked, not the card.",
           miss=_now(EARTH, lambda s: "you played the card without looking" if s.view(None)["traps"][EARTH]["state"]
                     == "played" and not any("after looking" in x for x in s.log(None))
                     else f"your rank 1 reads {_read(s, RANK1)}"),
           wrong=([tile("b1"), switch("c1"), luck("reveal_trap")], "not between them"),
           teaches=("trap-hidden", "reveal-trap", "reveal-public"), uses=LUCK)

    base = board(TRAP_BASE)
    for times, element in enumerate(("Earth", "Air", "Fire", "Water")):
        tiles = rotated(base, times)
        seat = SEAT4[element]
        block = [_turn_n(sq, times) for sq in ("a2", "b2", "b1", "a1")]
        outside, gap = _turn_n("c2", times), _turn_n("b2", times)
        traps = [f"T{n:02d}" for n in (1, 2, 3, 4)]
        traps[seat] = "T24"
        state = position(4, tiles=tiles, discs=_unique_discs(seat), traps=traps, revealed=[seat], to_move=seat)
        _step(t, f"trap-{element.lower()}", state, f"A Trap from {element}'s seat",
              f"Use your Trap Card to claim your Block disc B2 (four gold) as {element}.", _has_claimed(seat, "B2"),
              [tile(outside), switch(gap), TRAP, flip(_free_flip(state, block + [outside])), claim("B2")],
              hint="Near-Left Gold Block turns gold the 2×2 block nearest your left hand, seen from your seat. "
                   "Bring your fourth tile into that block first.",
              success=f"A Trap Card is laid with its arrow towards the board, so from {element}'s seat its near "
                      "row is your own edge. It flips the marked tiles to the side shown; nothing moves.",
              miss=_now(seat, lambda s, e=element, b=block: "your tiles are not all in the block the card turns gold"
                        if sorted(_squares_of(s, e)) != sorted(b) else
                        f"clockwise from {b[0]}, your block reads {_read(s, b)}; B2 needs four gold"),
              wrong=([tile(outside), switch(gap), TRAP, TRAP], "already played your Trap Card"),
              teaches=TRAP_RULES[element], uses=TURN + ("block", "seats", "reveal-trap") + TRAP_RULES["Earth"] * times)


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


# --- 9. Locks ---------------------------------------------------------------------------------------


def _locks(t: Tutorial) -> None:
    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES")
    before = {sq: _tiles(start)[sq] for sq in RANK1}
    _step(t, "line-lock", start, "Line Lock", "Keep Fire's hands off your rank 1 until your next turn.",
          lambda s: _next_turn(s, EARTH) and {sq: _tiles(s)[sq] for sq in RANK1} == before,
          [tile("a1"), switch("b1"), flip("a4"), luck("line_lock"), choose("crystal", "R1"), END],
          hint="Line Lock moves the Lock Totem onto a red crystal at the end of a line: nobody may move or flip "
               "the tiles of that line until the start of your next turn.",
          success="Line Lock (a Luck action): the line of the red crystal is locked for everyone until the start "
                  "of the locker's next turn; then the Totem goes home.",
          miss=lambda s: "your rank 1 changed before your next turn; it now holds " + ", ".join(
              f"{_tiles(s)[sq][0]} {'gold' if _tiles(s)[sq][1] == 'G' else 'stone'}" for sq in RANK1),
          wrong=([luck("line_lock"), choose("crystal", "V33")], "not one this Lock may use"),
          opponent=breaker(RANK1), turns=4, teaches=("line-lock",), uses=LUCK)

    block = ("c4", "d4", "d3", "c3")
    tiles = board("AG WS FG FG / WS WG FS FS / AS EG AG ES / EG AS ES WG")
    mine = {sq: tiles[sq] for sq in block}
    _step(t, "block-lock", position(3, tiles=tiles, to_move=0), "Block Lock lasts a round",
          "Keep Water and Air off your block c4-d4-d3-c3 until your next turn.",
          lambda s: _next_turn(s, 0) and {sq: _tiles(s)[sq] for sq in block} == mine,
          [tile("c4"), switch("d4"), flip("a4"), luck("block_lock"), choose("crystal", "V13"), END],
          hint="Block Lock moves the Lock Totem onto a blue crystal: the four tiles around it are locked until "
               "the start of your next turn, through every other player's turn.",
          success="Block Lock (a Luck action): the 2×2 around the blue crystal is locked for one full round, "
                  "until the start of the locker's next turn; the centre is the Totem's home and locks nothing.",
          miss="another player reached your block: lock it before your turn ends",
          wrong=([luck("block_lock"), choose("crystal", "V13"), flip("c4")], "locked"),
          opponent=breaker(block), turns=8, teaches=("block-lock", "lock-everyone", "lock-round"),
          uses=LUCK + ("seats-three", "line-lock"))

    _claim(t, "no-switch", "No legal Switch", "AG FS WS FG / FS WG AG WS / AS FG EG EG / AG WS ES ES", "B5",
           [flip("a4"), claim("B5")], position_kw={"totem": "V33", "locker": FIRE},
           goal="Fire has locked your four tiles, but they match your Block disc B5: claim it.",
           hint="Locked tiles cannot be moved or flipped, so you have no legal Switch: it is skipped. The Flip "
                "may turn any tile that is not locked.",
           success="With no legal Switch, you skip it and go straight to the Flip, which may turn anyone's tile.",
           miss="your turn ended without the claim",
           wrong=([luck("block_flip"), choose("block", "V33")], "needs all its squares unlocked"),
           teaches=("no-switch", "lock-all-squares"), uses=LUCK + ("block", "block-lock", "block-flip"))

    start = _two("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES", totem="R1", locker=FIRE,
                 traps=["T01", "T05"])
    _step(t, "trap-breaks-lock", start, "A Trap breaks the lock", "Break Fire's lock on rank 1 this turn.",
          lambda s: s.to_move == EARTH and s.view(None)["totem"] == "V22", [TRAP],
          hint="You do not need to know your Trap Card: playing any Trap, even blind, makes the lock in play fail.",
          success="Any Trap makes the lock in play fail at once, whichever squares the lock covers: the Lock "
                  "Totem goes home (the rulebook's words, and a ruling).",
          miss="the lock still stands", wrong=(luck("block_lock"), "locks never stack"),
          teaches=("trap-blind", "trap-breaks-lock", "lock-one-totem"), uses=LUCK + ("line-lock", "trap-flips"))


# --- 10. Other ways a game ends ----------------------------------------------------------------------


def _endings(t: Tutorial) -> None:
    _claim(t, "beginner", "The beginner game", "AG FS WS FG / FS WG AG WS / AS FG ES ES / AG ES WS EG", "B5",
           [tile("b1"), switch("c1"), flip("d2"), claim("B5")],
           position_kw={"claimed": [[], ["L2", "D2"]], "beginner": True}, check=_won(EARTH),
           goal="This is a beginner game: win it now.",
           hint="In the beginner game three Key Discs win. You have two; your Block disc B5 is close.",
           success="Beginner game: the first player to claim three of their four discs wins.",
           miss=_reads("clockwise from c2, the block", ["c2", "d2", "d1", "c1"]),
           wrong=([tile("b1"), switch("c1"), flip("c2"), END], "clockwise"),
           teaches=("beginner",), uses=TURN + ("block", "win"))

    _claim(t, "round-limit", "The round limit (a house rule)", "AG FS WS FG / FS WG AG EG / EG EG ES WS / AS FG AS WG",
           "L3", [tile("d3"), switch("d2"), flip("d2"), claim("L3")],
           position_kw={"claimed": [["L1"], ["D2"]], "round": 40}, check=_won(EARTH),
           goal="This is the last turn of round 40, the round limit: win the game.",
           hint="When the limit is reached, the most claimed discs win; now you and Fire have one each. Your "
                "Line disc L3 can still be matched this turn.",
           success="The round limit (a house rule of this software, 40 rounds unless you choose otherwise): the "
                   "game ends after the last seat's turn of the last round; most claims win, a tie shares the win.",
           miss=lambda s: (s.outcome.reason if s.is_over else "the game goes on") + ": a claim would have won it",
           wrong=([tile("d3"), switch("d2"), flip("a4"), END], "share the win"),
           teaches=("round-limit", "round-limit-tie"), uses=TURN + ("line-ends", "win"))
