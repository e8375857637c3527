"""Code of Nine: hidden-scoring worker placement for 3-4 players, five rounds of three Action pawns.

Each player holds two Memory cards (one in the Shoal, one in the Abyss).  The
eight Memories in the game decide what every item is worth, and they stay
hidden until the end: players place pawns on locations to gather Coins,
Statues, Books and Will, peek at each other's Memories, and release the two
Legacies (the game ends early when both are released).  With 3 players a ghost
holds two Memories; the expert game adds cards 19-28, the Medal, the Ninth
Memory and three locations.

Rules: the Code of Nine rulebook and the project's rulings.  Eleven locations,
card 18 and some item values are *reconstructed* (``ninekit.code_of_nine.data``);
where neither source decides, ``docs/code_of_nine.md`` records the decision.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine", 4).new(seed=1)
    >>> s.prompt
    'Red: keep your two Memory cards, or change both (a changer has one pawn fewer in round 1)'
    >>> [str(m) for m in s.legal_moves()]
    ['Keep your two Memory cards', 'Change both Memory cards (one Action pawn fewer in round 1)']
    >>> from ninekit.code_of_nine import score_table, LOCATION
    >>> LOCATION["hollow"].name
    'Hollow of Envy'
"""


from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core import Move, Option, Outcome, Rules, State, fast_replace, make, register, tuple_with
from .data import (
    BASIC_ITEMS,
    BOXED,
    EXPERT_CODES,
    GHOST,
    ITEM_NAMES,
    ITEMS,
    LOC_INDEX,
    LOCATION,
    LOCATIONS,
    MEMORIES,
    NO_ONE,
    NORMAL_CODES,
    PAWNS,
    QUARRY,
    RECONSTRUCTED_NOTE,
    ROUNDS,
    RUINS_STOCK,
    RULES_SUMMARY,
    SEATS,
    SLOTS,
    START_WILL,
    STEP_PROMPTS,
    STEPS,
    cost_words,
    rounds_words,
)
from .scoring import ScoreTable, score_checked

ITEM_INDEX = {"coin": 0, "statue": 1, "book": 2}


def _owner(pos, owner: int) -> str:
    return GHOST if owner == 3 and pos.players == 3 else SEATS[owner]


def _card(code: int) -> str:
    return f"Code {code:02d} ({MEMORIES[code].name})"


class Position(NamedTuple):
    """Everything true about a game.  Memory slots are numbered ``owner * 2 + (0 Shoal, 1 Abyss)``;
    owner 3 of a 3-player game is the ghost."""

    players: int
    expert: bool
    phase: str         # redraw | arrange | place | resolve | over
    round: int         # 1-5 (set-up counts as round 1)
    turn: int          # the seat deciding now
    first: int         # who led this round
    start: int         # the Start player marker's holder (leads from the next round)
    pawns: tuple       # Action pawns left this round, per seat
    will: tuple        # per seat
    items: tuple       # per seat: (coins, statues, books)
    ruins: tuple       # (coins, statues, books) still in the Ruins
    white: int         # the White Legacy's holder (-1: on the board)
    black: int         # the Black Legacy's holder (-1: on the board)
    medal: int         # the Medal's holder (-1: on the board, -2: boxed in a normal game)
    released: tuple    # (who released White, who released Black), -1: not yet
    board: tuple       # per location (LOCATIONS order): the seat whose pawn is there, -1 empty
    quarry: tuple      # seats whose pawns stand on Quarry of Wills, in order
    mem: tuple         # 8 codes by slot; before arranging, a player's two cards in dealt order
    arranged: tuple    # per owner: Shoal and Abyss chosen
    redraw: tuple      # per seat: -1 undecided, 0 keep, 1 change
    ninth: int         # the Ninth Memory (0: none)
    deck: tuple        # undealt cards, top first (after set-up: the box, never seen)
    seen: tuple        # per seat: 8 codes it has seen in others' slots (0: not seen)
    public: tuple      # 8 codes every seat knows (Code 26 shown, exchange faces; 0: not public)
    looks: tuple       # the public record of looks: (round, looker, owner, slot)
    veiled: int        # bitmask of seats veiled by the Sooty Watchtower this round
    pending: tuple     # resolving a placement: (location key, step number, data)
    luck: int          # the hidden source of the redraw shuffle


_rep = fast_replace(Position)
_set = tuple_with


def _holds(pos: Position, seat: int) -> tuple:
    """The item kinds ``seat`` holds, in ITEMS order."""
    c, s, b = pos.items[seat]
    return tuple(item for item, n in (("coin", c), ("statue", s), ("book", b), ("white", pos.white == seat),
                                      ("black", pos.black == seat), ("medal", pos.medal == seat)) if n)


def _item_count(pos: Position, seat: int) -> int:
    c, s, b = pos.items[seat]
    return c + s + b + (pos.white == seat) + (pos.black == seat) + (pos.medal == seat)


# --- moves ---------------------------------------------------------------------------------------------

_MOVES: dict = {}


def _m(kind: str, *args, text: str) -> Move:
    key = (kind, args, text)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(kind, args, text)
    return move


REDRAW_MOVES = (_m("redraw", "keep", text="Keep your two Memory cards"),
                _m("redraw", "change", text="Change both Memory cards (one Action pawn fewer in round 1)"))
PLACE_MOVES = {loc.key: _m("place", loc.key, text=f"Place a pawn on {loc.name} ({cost_words(loc)})")
               for loc in LOCATIONS}
STOP_TEXT = {"return": "Return nothing", "gift": "Nobody gains an item", "give_more": "Give only that one item",
             "shore": "Return nothing", "shore_more": "Return nothing more"}
_PLAYER_TEXT = {"gift": "{} gains an item from the Ruins", "medal_to": "{} takes the Medal",
                "white_gift": "{} gains 2 Will", "black_loss": "{} loses 2 Will",
                "victim": "Take an item from {}", "recipient": "Give items to {}"}


_STEP_CACHE: dict = {}


def _step_key(pos: Position, step: str, data) -> tuple:
    """Everything the options of ``step`` depend on (the key of :data:`_STEP_CACHE`)."""
    me = pos.turn
    if step in ("look_shoal", "look_abyss", "gallery"):
        return step, pos.players, me, pos.veiled
    if step in ("return", "shore", "shore_more"):
        return step, tuple(n > 0 for n in pos.items[me])
    if step in ("gift", "medal_to", "white_gift", "black_loss", "recipient"):
        return step, pos.players, me, tuple(n > 0 for n in pos.ruins), pos.medal, _item_count(pos, me) > 0
    if step == "gift_item":
        return step, data, tuple(n > 0 for n in pos.ruins)
    if step == "victim":
        return step, tuple(_hollow_victims(pos))
    if step in ("steal", "give", "give_more"):
        return step, data, _holds(pos, data if step == "steal" else me)
    return step, pos.ruins[1] > 0  # gain, exchange


def _step_moves(pos: Position, step: str, data) -> tuple:
    """The options of one step of a placement (empty: the step does not happen)."""
    key = _step_key(pos, step, data)
    moves = _STEP_CACHE.get(key)
    if moves is None:
        moves = _STEP_CACHE[key] = _build_step_moves(pos, step, data)
    return moves


def _build_step_moves(pos: Position, step: str, data) -> tuple:
    me = pos.turn
    if step in ("look_shoal", "look_abyss", "gallery"):
        slot = 0 if step == "look_shoal" else 1
        moves = tuple(_m("look", o, text=f"Look at {_owner(pos, o)}'s {SLOTS[slot]} card")
                      for o in _look_targets(pos))
        if step == "gallery":
            moves += tuple(_m("exchange", s.lower(), text=f"Exchange your {s} card with the Ninth Memory")
                           for s in SLOTS)
        return moves
    if step in ("return", "shore", "shore_more"):
        held = [i for i, n in zip(BASIC_ITEMS, pos.items[me]) if n]
        if not held:
            return ()
        return tuple(_m("return", i, text=f"Return a {ITEM_NAMES[i]} to the Ruins") for i in held) + (
            _m("stop", text=STOP_TEXT[step]),)
    if step == "gift":
        if not any(pos.ruins):
            return ()
        return tuple(_m("player", s, text=_PLAYER_TEXT[step].format(SEATS[s])) for s in range(pos.players)
                     if s != me) + (_m("stop", text=STOP_TEXT[step]),)
    if step == "gift_item":
        return tuple(_m("item", i, text=f"{SEATS[data]} gains a {ITEM_NAMES[i]}")
                     for i, n in zip(BASIC_ITEMS, pos.ruins) if n)
    if step == "medal_to":
        return tuple(_m("player", s, text="You take the Medal" if s == me else _PLAYER_TEXT[step].format(SEATS[s]))
                     for s in range(pos.players) if s != pos.medal)
    if step in ("white_gift", "black_loss", "recipient"):
        if step == "recipient" and not _item_count(pos, me):
            return ()
        return tuple(_m("player", s, text=_PLAYER_TEXT[step].format(SEATS[s])) for s in range(pos.players)
                     if s != me)
    if step == "victim":
        return tuple(_m("player", s, text=_PLAYER_TEXT[step].format(SEATS[s])) for s in _hollow_victims(pos))
    if step == "steal":
        return tuple(_m("take", i, text=f"Take {SEATS[data]}'s {ITEM_NAMES[i]}") for i in _holds(pos, data))
    if step in ("give", "give_more"):
        moves = tuple(_m("give", i, text=f"Give your {ITEM_NAMES[i]}") for i in _holds(pos, me))
        return moves + (_m("stop", text=STOP_TEXT[step]),) if step == "give_more" and moves else moves
    if step == "gain":
        if not pos.ruins[1]:
            return ()
        return (_m("gain", "statue", text="Gain 1 Statue"), _m("gain", "will", text="Gain 2 Will"))
    if step == "exchange":
        return tuple(_m("exchange", s.lower(), text=f"Exchange your {s} card with the Ninth Memory") for s in SLOTS)
    raise AssertionError(step)


def _look_targets(pos: Position) -> list:
    """Owners whose cards the turn player may look at: others (the ghost too), never a veiled one."""
    me = pos.turn
    return [o for o in range(4) if o != me and not (o < pos.players and pos.veiled >> o & 1)]


def _hollow_victims(pos: Position) -> list:
    """Hollow of Envy: the Max players other than you who hold something (empty if you alone are Max)."""
    counts = [_item_count(pos, s) for s in range(pos.players)]
    top = max(counts)
    tied = [s for s in range(pos.players) if counts[s] == top]
    if top == 0 or tied == [pos.turn]:
        return []
    return [s for s in tied if s != pos.turn]


# The locations open in each round, per game (index, cost, placement condition, move): the fast path of legal_moves.
_OPEN = {(r, expert): tuple((LOC_INDEX[loc.key], loc.cost, loc.needs, PLACE_MOVES[loc.key]) for loc in LOCATIONS
                            if loc.first <= r <= loc.last and (expert or not loc.expert))
         for r in range(1, ROUNDS + 1) for expert in (False, True)}


_SHOAL_MOVES: dict = {}  # per pair of Memory codes


def _shoal_moves(pos: Position) -> tuple:
    a, b = pos.mem[2 * pos.turn], pos.mem[2 * pos.turn + 1]
    moves = _SHOAL_MOVES.get((a, b))
    if moves is None:
        moves = _SHOAL_MOVES[a, b] = (
            _m("shoal", 0, text=f"Put {_card(a)} in your Shoal and {_card(b)} in your Abyss"),
            _m("shoal", 1, text=f"Put {_card(b)} in your Shoal and {_card(a)} in your Abyss"))
    return moves


def legal_moves(pos: Position) -> tuple:
    phase = pos.phase
    if phase == "place":
        board, will, me = pos.board, pos.will[pos.turn], pos.turn
        return tuple([
            move for i, cost, needs, move in _OPEN[pos.round, pos.expert]
            if board[i] == NO_ONE and will >= cost
            and (not needs or (pos.white == NO_ONE if needs == "white" else pos.black == NO_ONE if needs == "black"
                               else pos.medal == me))
        ])
    if phase == "resolve":
        key, step, data = pos.pending
        return _step_moves(pos, STEPS[key][step], data)
    if phase == "redraw":
        return REDRAW_MOVES
    if phase == "arrange":
        return _shoal_moves(pos)
    return ()


# --- set-up ----------------------------------------------------------------------------------------------

def _setup(players: int, expert: bool, rng: random.Random) -> Position:
    cards = list(EXPERT_CODES if expert else NORMAL_CODES)
    rng.shuffle(cards)
    owners = 4  # the ghost is owner 3 with 3 players
    mem = tuple(cards[:2 * owners])
    deck = tuple(cards[2 * owners:])
    return Position(
        players=players, expert=expert, phase="redraw", round=1, turn=0, first=0, start=0,
        pawns=(PAWNS,) * players, will=tuple(START_WILL[s] for s in range(players)),
        items=((0, 0, 0),) * players, ruins=(RUINS_STOCK["coin"], RUINS_STOCK["statue"], RUINS_STOCK["book"]),
        white=NO_ONE, black=NO_ONE, medal=NO_ONE if expert else BOXED, released=(NO_ONE, NO_ONE),
        board=(NO_ONE,) * len(LOCATIONS), quarry=(), mem=mem,
        arranged=tuple(s >= players for s in range(4)), redraw=(-1,) * players, ninth=0, deck=deck,
        seen=((0,) * 8,) * players, public=(0,) * 8, looks=(), veiled=0, pending=(), luck=rng.getrandbits(64))


def _resolve_redraw(pos: Position) -> Position:
    """All have decided: changers' cards go back, the undealt and returned cards are shuffled, each
    changer gets two new ones (ruling 12); then the expert Ninth Memory; then the Shoal/Abyss choices."""
    rng = random.Random(pos.luck)
    changers = [s for s in range(pos.players) if pos.redraw[s] == 1]
    mem = list(pos.mem)
    deck = list(pos.deck)
    for s in changers:
        deck += mem[2 * s:2 * s + 2]
    if changers:
        rng.shuffle(deck)
        for s in changers:
            mem[2 * s], mem[2 * s + 1] = deck[0], deck[1]
            del deck[:2]
    pawns = tuple(PAWNS - pos.redraw[s] for s in range(pos.players))
    ninth = 0
    if pos.expert:
        ninth = deck.pop(0)
    return _rep(pos, phase="arrange", mem=tuple(mem), deck=tuple(deck), pawns=pawns, ninth=ninth,
                turn=pos.start, luck=rng.getrandbits(64))


# --- playing -------------------------------------------------------------------------------------------------

def _gain(pos: Position, seat: int, item: str, n: int) -> Position:
    """``seat`` takes up to ``n`` of ``item`` from the Ruins (whatever remains)."""
    changes = _gain_changes(pos, seat, item, n)
    return _rep(pos, **changes) if changes else pos


def _gain_changes(pos: Position, seat: int, item: str, n: int) -> dict:
    """The fields :func:`_gain` changes, and their new values (none when the Ruins have no ``item``)."""
    i = ITEM_INDEX[item]
    n = min(n, pos.ruins[i])
    if not n:
        return {}
    held = list(pos.items[seat])
    held[i] += n
    return {"items": _set(pos.items, seat, tuple(held)), "ruins": _set(pos.ruins, i, pos.ruins[i] - n)}


def _will(pos: Position, seat: int, n: int) -> Position:
    return _rep(pos, will=_set(pos.will, seat, max(0, pos.will[seat] + n)))


def _move_item(pos: Position, item: str, giver: int, taker: int) -> Position:
    """One item token passes from ``giver`` to ``taker`` (Hollow of Envy, Procession)."""
    if item in ITEM_INDEX:
        i = ITEM_INDEX[item]
        a, b = list(pos.items[giver]), list(pos.items[taker])
        a[i] -= 1
        b[i] += 1
        return _rep(pos, items=_set(_set(pos.items, giver, tuple(a)), taker, tuple(b)))
    return _rep(pos, **{item: taker})


def _return(pos: Position, seat: int, item: str) -> Position:
    i = ITEM_INDEX[item]
    held = list(pos.items[seat])
    held[i] -= 1
    return _rep(pos, items=_set(pos.items, seat, tuple(held)), ruins=_set(pos.ruins, i, pos.ruins[i] + 1))


def _look(pos: Position, owner: int, slot: int) -> Position:
    me = pos.turn
    s = 2 * owner + slot
    code = pos.mem[s]
    changes = {"seen": _set(pos.seen, me, _set(pos.seen[me], s, code)),
               "looks": pos.looks + ((pos.round, me, owner, slot),)}
    if code == 26:  # "should anyone look at this card, show it to all players"
        changes["public"] = _set(pos.public, s, 26)
    return _rep(pos, **changes)


def _exchange(pos: Position, slot: int) -> Position:
    """Your chosen card goes face up as the new Ninth; the old Ninth takes its slot (both public)."""
    s = 2 * pos.turn + slot
    old, new = pos.mem[s], pos.ninth
    seen = tuple(_set(v, s, 0) for v in pos.seen)
    return _rep(pos, mem=_set(pos.mem, s, new), ninth=old, public=_set(pos.public, s, new), seen=seen)


# The immediate effect of a placement, before any decision it asks for.  Locations whose whole effect is a gain:
# (item taken from the Ruins or None, how many, Will gained); a placement there is made in one update.
_GAINS = {"library": ("book", 1, 0), "fortune": ("coin", 3, 0), "cash_cow": ("coin", 2, 0), "lights": ("coin", 1, 1),
          "cross": ("statue", 1, 0), "quarry": (None, 0, 1), "tunnel": (None, 0, 2), "hearth": (None, 0, 3),
          "archive": ("book", 1, 0)}
_IMMEDIATE = {  # the others
    "clocktower": lambda p: _rep(p, start=p.turn),
    "bell": lambda p: _rep(p, start=p.turn),
    "watchtower": lambda p: _rep(p, veiled=p.veiled | 1 << p.turn),
    "garden": lambda p: _rep(p, white=p.turn, released=(p.turn, p.released[1])),
    "well": lambda p: _rep(p, black=p.turn, released=(p.released[0], p.turn)),
}
assert set(_GAINS) | set(STEPS) == set(LOC_INDEX) and not set(_GAINS) & set(STEPS)  # a placement gains or asks


def _place(pos: Position, key: str) -> Position:
    loc = LOCATION[key]
    me = pos.turn
    i = LOC_INDEX[key]
    changes = {"pawns": _set(pos.pawns, me, pos.pawns[me] - 1)}
    if key == "quarry":
        changes["quarry"] = pos.quarry + (me,)
    else:
        changes["board"] = _set(pos.board, i, me)
    gain = _GAINS.get(key)
    if gain is not None:
        item, n, will = gain
        if item is not None:
            changes.update(_gain_changes(pos, me, item, n))
        if loc.cost or will:  # the cost was payable, so Will never drops below 0 here
            changes["will"] = _set(pos.will, me, pos.will[me] - loc.cost + will)
        return _next_turn(pos, **changes)
    if loc.cost:
        changes["will"] = _set(pos.will, me, pos.will[me] - loc.cost)
    pos = _rep(pos, **changes, phase="resolve", pending=(key, -1, None))  # the others all ask for decisions
    effect = _IMMEDIATE.get(key)
    if effect is not None:
        pos = effect(pos)
    return _advance(pos)


def _advance(pos: Position, data=None) -> Position:
    """Go to the next step of the placement that has options (or finish it)."""
    key, step, old = pos.pending
    data = old if data is None else data
    steps = STEPS[key]
    while True:
        step += 1
        if step >= len(steps):
            return _next_turn(pos, phase="place", pending=())
        name = steps[step]
        if name == "gift_item" and data is None:
            continue
        if name == "victim":
            victims = _hollow_victims(pos)
            if not victims:
                return _next_turn(pos, phase="place", pending=())
            if len(victims) == 1:  # the one Max player: no choice to make
                data = victims[0]
                continue
        if name == "steal" and data is None:
            continue
        pending = (key, step, data)
        probe = _rep(pos, pending=pending)
        if _step_moves(probe, name, data):
            return probe
        if name == "gain":  # no Statues left: "you must gain the 2 Will"
            pos = _will(pos, pos.turn, 2)
        if name in ("recipient", "shore", "return"):  # nothing to give or return: the action ends
            return _next_turn(pos, phase="place", pending=())


def _resolve(pos: Position, move: Move) -> Position:
    key, step, data = pos.pending
    name = STEPS[key][step]
    me = pos.turn
    kind = move.kind
    if kind == "stop":
        return _next_turn(pos, phase="place", pending=())
    if kind == "look":
        return _advance(_look(pos, move.args[0], 1 if name in ("look_abyss", "gallery") else 0))
    if kind == "exchange":
        return _advance(_exchange(pos, SLOTS.index(move.args[0].capitalize())))
    if kind == "player":
        who = move.args[0]
        if name == "gift":
            return _advance(pos, who)
        if name == "medal_to":
            from_board = pos.medal == NO_ONE
            pos = _rep(pos, medal=who)
            return _advance(_will(pos, who, 4) if from_board else pos)
        if name == "white_gift":
            return _advance(_will(pos, who, 2))
        if name == "black_loss":
            return _advance(_will(pos, who, -2))
        return _advance(pos, who)  # victim, recipient
    if kind == "item":
        return _advance(_gain(pos, data, move.args[0], 1))
    if kind == "take":
        return _advance(_move_item(pos, move.args[0], data, me))
    if kind == "give":
        return _advance(_move_item(pos, move.args[0], me, data))
    if kind == "return":
        pos = _return(pos, me, move.args[0])
        return _advance(_will(pos, me, 1) if key == "shore" else pos)
    if kind == "gain":
        return _advance(_gain(pos, me, "statue", 1) if move.args[0] == "statue" else _will(pos, me, 2))
    raise AssertionError(move)


def _next_turn(pos: Position, **changes) -> Position:
    """The next seat with a pawn left decides (``changes``: made to ``pos`` in the same step)."""
    n = pos.players
    pawns = changes.get("pawns", pos.pawns)
    for k in range(1, n + 1):
        seat = (pos.turn + k) % n
        if pawns[seat]:
            return _rep(pos, **changes, turn=seat)
    return _end_round(_rep(pos, **changes) if changes else pos)


def _legacies_gone(pos: Position) -> bool:
    return pos.white != NO_ONE and pos.black != NO_ONE


def _end_round(pos: Position) -> Position:
    """Pawns come back, the veils lift, the Round marker advances; the game ends after round 5 or at the end
    of the round in which the second Legacy was released (ruling 13)."""
    cleared = {"board": (NO_ONE,) * len(LOCATIONS), "quarry": (), "veiled": 0}
    if pos.round >= ROUNDS or _legacies_gone(pos):
        return _rep(pos, phase="over", pawns=(0,) * pos.players, **cleared)
    return _rep(pos, round=pos.round + 1, first=pos.start, turn=pos.start, pawns=(PAWNS,) * pos.players,
                **cleared)


def apply(pos: Position, move: Move) -> Position:
    phase = pos.phase
    if phase == "place":
        return _place(pos, move.args[0])
    if phase == "resolve":
        return _resolve(pos, move)
    if phase == "redraw":
        redraw = _set(pos.redraw, pos.turn, 1 if move.args[0] == "change" else 0)
        pos = _rep(pos, redraw=redraw)
        if -1 in redraw:
            return _rep(pos, turn=(pos.turn + 1) % pos.players)
        return _resolve_redraw(pos)
    if phase == "arrange":
        s = 2 * pos.turn
        a, b = pos.mem[s], pos.mem[s + 1]
        if move.args[0] == 1:
            a, b = b, a
        pos = _rep(pos, mem=pos.mem[:s] + (a, b) + pos.mem[s + 2:], arranged=_set(pos.arranged, pos.turn, True))
        if False in pos.arranged:
            return _rep(pos, turn=(pos.turn + 1) % pos.players)
        return _rep(pos, phase="place", turn=pos.start, first=pos.start)  # the undealt rest stays in `deck`, boxed
    raise AssertionError(phase)


# --- words -------------------------------------------------------------------------------------------------------

def _prompt(pos: Position) -> str:
    who = SEATS[pos.turn]
    if pos.phase == "redraw":
        return f"{who}: keep your two Memory cards, or change both (a changer has one pawn fewer in round 1)"
    if pos.phase == "arrange":
        return f"{who}: choose which of your two Memory cards goes in the Shoal (the other goes in the Abyss)"
    if pos.phase == "place":
        left = pos.pawns[pos.turn]
        return f"{who}: place an Action pawn (round {pos.round}, {left} pawn{'s' * (left != 1)} left)"
    key, step, _data = pos.pending
    return f"{who}: {STEP_PROMPTS[STEPS[key][step]]}"


def why_illegal(pos: Position, move: Move) -> str:
    who = SEATS[pos.turn]
    kind, args = move.kind, move.args
    expected = {"redraw": "redraw", "arrange": "shoal", "place": "place"}.get(pos.phase)
    if pos.phase == "resolve":
        key, step, data = pos.pending
        name = STEPS[key][step]
        options = _step_moves(pos, name, data)
        if kind not in {m.kind for m in options}:
            return (f"{who} is resolving {LOCATION[key].name} and must now {STEP_PROMPTS[name]}; "
                    f"{str(move)!r} is not that decision")
        return _why_not_option(pos, name, data, move) or (
            f"That is not one of the options now: {', '.join(map(str, options))}")
    if kind != expected:
        return f"Now {who} must decide something else: {_prompt(pos)}"
    if kind == "place":
        loc = LOCATION.get(args[0]) if args and isinstance(args[0], str) else None
        if loc is None:
            return f"{args!r} is not a location of Code of Nine"
        return _why_not_place(pos, loc)
    return "That is not one of the decisions open now"


def _why_not_place(pos: Position, loc) -> str:
    me = pos.turn
    if loc.expert and not pos.expert:
        return f"{loc.name} is used only in the Expert game"
    if pos.round < loc.first:
        return (f"{loc.name} is in the {rounds_words(loc)} section and this is round {pos.round}: never place "
                f"on locations of future rounds")
    if pos.round > loc.last:
        return f"{loc.name} is in the {rounds_words(loc)} section: it is closed from round {loc.last + 1}"
    holder = pos.board[LOC_INDEX[loc.key]]
    if holder != NO_ONE:
        return (f"{loc.name} already holds {SEATS[holder]}'s Action pawn: one pawn a space (only Quarry of Wills "
                f"takes more)")
    if pos.will[me] < loc.cost:
        return (f"{loc.name} costs {loc.cost} Will and {SEATS[me]} has {pos.will[me]}: a cost must be fully "
                f"payable before you place")
    if loc.needs in ("white", "black"):
        releaser = pos.released[0 if loc.needs == "white" else 1]
        return (f"The {loc.needs.capitalize()} Legacy is no longer on the board (released by {SEATS[releaser]}), "
                f"so {loc.name} cannot be used")
    if loc.needs == "medal":
        return f"Only the Medal holder may place on {loc.name}"
    return "That location cannot take a pawn now"


def _why_not_option(pos: Position, name: str, data, move: Move) -> str | None:
    me = pos.turn
    kind, args = move.kind, move.args
    arg = args[0] if args else None
    if kind == "look":
        if arg == me:
            return "A look is always at another player's card, never your own"
        if type(arg) is int and 0 <= arg < pos.players and pos.veiled >> arg & 1:
            return (f"{SEATS[arg]} is veiled by the Sooty Watchtower this round: looks targeted at them have no "
                    f"effect")
        return f"{arg!r} is not a player whose card can be looked at"
    if kind == "player":
        if arg == 3 and pos.players == 3:
            return "The ghost player can never be chosen for this (only its Memories can be looked at)"
        if name == "medal_to" and arg == pos.medal:
            return f"{SEATS[arg]} already holds the Medal: Cult of Honeybook must choose another player"
        if arg == me:
            return "This must be another player, not yourself"
        if name == "victim":
            return f"{SEATS[arg] if type(arg) is int and 0 <= arg < 4 else arg!r} is not tied for the most items"
        return f"{arg!r} is not a player of this game"
    if kind in ("give", "return"):
        return f"{SEATS[me]} has no {ITEM_NAMES.get(arg, arg)} to {kind}" + (
            " (only Coins, Statues and Books go back to the Ruins)" if kind == "return" else "")
    if kind == "take":
        return f"{SEATS[data]} has no {ITEM_NAMES.get(arg, arg)} to take"
    if kind == "item":
        return f"The Ruins have no {ITEM_NAMES.get(arg, arg)} left (a gift is a Coin, Statue or Book)"
    return None


def _describe_place(before: Position, after: Position, key: str) -> str:
    me = before.turn
    loc = LOCATION[key]
    bits = []
    gained = [a - b for a, b in zip(after.items[me], before.items[me])]
    for item, n in zip(BASIC_ITEMS, gained):
        if n > 0:
            bits.append(f"gets {n} {ITEM_NAMES[item]}{'s' * (n > 1)}")
    will = after.will[me] - before.will[me] + loc.cost
    if key in ("library", "fortune", "cash_cow", "cross", "archive", "lights") and not any(g > 0 for g in gained):
        bits.append("gets nothing: the Ruins are empty of it")
    if will > 0:
        bits.append(f"gains {will} Will")
    if loc.cost:
        bits.insert(0, f"pays {loc.cost} Will")
    if key in ("clocktower", "bell"):
        bits.append("takes the Start player (leads from the next round)" if before.start != me
                    else "already has the Start player")
    if key == "watchtower":
        bits.append("is veiled from looks for the rest of the round")
    if key == "garden":
        bits.append("releases the White Legacy")
    if key == "well":
        bits.append("releases the Black Legacy")
    if key in STEPS and STEPS[key][0] in ("look_shoal", "look_abyss") and not _look_targets(
            _rep(before, veiled=after.veiled)):
        bits.append("the look is skipped (every other player is veiled)")
    if key == "hollow":
        if after.phase != "resolve":
            bits.append("takes nothing (" + ("nobody has an item" if not any(
                _item_count(before, s) for s in range(before.players)) else "they alone have the most items") + ")")
        elif after.pending[1] == 1:
            bits.append(f"{SEATS[after.pending[2]]} is the Max player (most items)")
    text = f"{SEATS[me]} places a pawn on {loc.name}"
    return text + (": " + ", ".join(bits) if bits else "")


def log_line(before: Position, after: Position, seat: int, move: Move, viewer) -> str | None:
    who = SEATS[seat]
    kind = move.kind
    if kind == "redraw":
        line = f"{who} decides whether to change their Memories (secret until all have decided)"
        if viewer == seat:
            line += f": {'change' if move.args[0] == 'change' else 'keep'}"
        if before.phase == "redraw" and after.phase != "redraw":
            changers = [SEATS[s] for s in range(after.players) if after.redraw[s] == 1]
            line += " — " + (f"{_and(changers)} change{'s' * (len(changers) == 1)} both Memories and "
                             f"{'has' if len(changers) == 1 else 'have'} one pawn fewer in round 1"
                             if changers else "nobody changes")
            if after.ninth:
                line += f"; the Ninth Memory is {_card(after.ninth)}"
        return line
    if kind == "shoal":
        if viewer == seat:
            line = f"{who}: {str(move)[0].lower()}{str(move)[1:]}"
        else:
            line = f"{who} puts one Memory in the Shoal and the other in the Abyss"
        if after.phase == "place":
            line += f" — Round 1 begins: {SEATS[after.turn]} places first"
        return line + _round_events(before, after)
    if kind == "place":
        line = _describe_place(before, after, move.args[0])
    else:
        key, step, data = before.pending
        line = _describe_step(before, after, seat, move, viewer, STEPS[key][step], data)
    return line + _round_events(before, after)


def _describe_step(before, after, seat, move, viewer, name, data) -> str:
    who = SEATS[seat]
    kind, arg = move.kind, (move.args[0] if move.args else None)
    if kind == "look":
        slot = 1 if name in ("look_abyss", "gallery") else 0
        line = f"{who} looks at {_owner(before, arg)}'s {SLOTS[slot]} card"
        code = before.mem[2 * arg + slot]
        if code == 26:
            return line + f": it is {_card(26)}, shown to all players"
        if viewer == seat or viewer == arg:
            return line + f": {_card(code)}"
        return line
    if kind == "exchange":
        slot = SLOTS.index(arg.capitalize())
        s = 2 * seat + slot
        return (f"{who} exchanges their {SLOTS[slot]} card, {_card(before.mem[s])}, with the Ninth Memory, "
                f"{_card(before.ninth)} (both faces are public)")
    if kind == "stop":
        return f"{who}: {str(move)[0].lower()}{str(move)[1:]}"
    if kind == "player":
        name_of = SEATS[arg]
        if name == "gift":
            return f"{who} chooses {name_of} to gain an item from the Ruins"
        if name == "medal_to":
            text = f"{who} takes the Medal" if arg == seat else f"{who} makes {name_of} take the Medal"
            return text + (" from the board (+4 Will)" if before.medal == NO_ONE else f" from {SEATS[before.medal]}")
        if name == "white_gift":
            return f"{who} gives {name_of} 2 Will"
        if name == "black_loss":
            lost = before.will[arg] - after.will[arg]
            return f"{who} makes {name_of} lose 2 Will" + (f" (they had only {lost})" if lost < 2 else "")
        if name == "victim":
            return f"{who} chooses to take an item from {name_of}"
        return f"{who} chooses to give items to {name_of}"
    if kind == "item":
        return f"{SEATS[data]} gains a {ITEM_NAMES[arg]} from the Ruins"
    if kind == "take":
        return f"{who} takes {SEATS[data]}'s {ITEM_NAMES[arg]}"
    if kind == "give":
        return f"{who} gives their {ITEM_NAMES[arg]} to {SEATS[data]}"
    if kind == "return":
        return f"{who} returns a {ITEM_NAMES[arg]} to the Ruins" + (" (+1 Will)" if name.startswith("shore") else "")
    if kind == "gain":
        return f"{who} gains " + ("1 Statue" if arg == "statue" else "2 Will")
    return f"{who}: {move}"


def _round_events(before: Position, after: Position) -> str:
    if after.phase == "over":
        reason = ("both Legacies have been released" if _legacies_gone(after) and before.round < ROUNDS
                  else "round 5 is over")
        return f" — Round {before.round} ends: the game is over ({reason}); every Memory is revealed"
    if after.round != before.round:
        return f" — Round {before.round} ends — Round {after.round} begins: {SEATS[after.turn]} leads"
    return ""


def _and(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- information -------------------------------------------------------------------------------------------------

def known_codes(pos: Position, seat) -> tuple:
    """The code ``seat`` knows in each of the 8 slots (0: unknown); ``None`` is a spectator (public only)."""
    if pos.phase == "over":
        return pos.mem
    out = list(pos.public)
    if seat is not None:
        for s, code in enumerate(pos.seen[seat]):
            if code:
                out[s] = code
        if pos.arranged[seat] or pos.phase in ("redraw", "arrange"):
            out[2 * seat] = pos.mem[2 * seat]
            out[2 * seat + 1] = pos.mem[2 * seat + 1]
    return tuple(out)


def _pool(pos: Position) -> tuple:
    return EXPERT_CODES if pos.expert else NORMAL_CODES


def _memory_list(pos: Position, known: tuple) -> list:
    """The Memory list aid: for each code of this game's deck, in / out / unknown to this seat."""
    inside = {c for c in known if c}
    all_known = len(inside) == 8
    out = []
    for code in _pool(pos):
        if code in inside:
            status = "in"
        elif code == pos.ninth or all_known:
            status = "out"
        else:
            status = "unknown"
        m = MEMORIES[code]
        out.append({"code": code, "name": m.name, "order": m.order, "status": status})
    return out


def _aid_known(pos: Position, seat, known: tuple) -> tuple:
    """What the Memory list aid may count as in the game: a changer's two cards go back at the redraw."""
    if pos.phase == "redraw" and seat is not None and pos.redraw[seat] == 1:
        return known[:2 * seat] + (0, 0) + known[2 * seat + 2:]
    return known


def player_sheet(pos: Position, seat: int) -> dict:
    """One real player's sheet as :func:`score_table` reads it (``pos``: a State's ``position``).

    >>> import ninekit
    >>> player_sheet(ninekit.make("code_of_nine", 4).new(0).position, 3)["will"]
    2
    """
    c, s, b = pos.items[seat]
    return {"coins": c, "statues": s, "books": b, "white": pos.white == seat, "black": pos.black == seat,
            "medal": pos.medal == seat, "released_white": pos.released[0] == seat,
            "released_black": pos.released[1] == seat, "will": pos.will[seat], "start": pos.start == seat}


def score_now(pos: Position) -> ScoreTable:
    # The sheets come from a position the rules made: no need to check them again (score_table does).
    return score_checked([player_sheet(pos, s) for s in range(pos.players)], list(pos.mem),
                         names=SEATS[:pos.players])


def _holder(value: int):
    return "board" if value == NO_ONE else "box" if value == BOXED else value


def view(pos: Position, seat, reveal: bool = False) -> dict:
    known = pos.mem if reveal else known_codes(pos, seat)  # reveal: every Memory, as at the end
    over = pos.phase == "over"
    locations = []
    for i, loc in enumerate(LOCATIONS):
        if loc.expert and not pos.expert:
            continue
        locations.append({
            "key": loc.key, "name": loc.name, "rounds": rounds_words(loc), "first": loc.first, "last": loc.last,
            "cost": cost_words(loc), "effect": loc.effect, "attack": loc.attack, "expert": loc.expert,
            "reconstructed": loc.reconstructed,
            "open": loc.first <= pos.round <= loc.last, "future": pos.round < loc.first,
            "closed": pos.round > loc.last,
            "pawns": list(pos.quarry) if i == QUARRY else ([] if pos.board[i] == NO_ONE else [pos.board[i]]),
        })
    seen_by = [[v for v in range(pos.players) if pos.seen[v][s]] for s in range(8)]
    slots = []
    for s in range(8):
        owner, slot = divmod(s, 2)
        slots.append({"owner": owner, "owner_name": _owner(pos, owner), "slot": SLOTS[slot],
                      "code": known[s] or None, "seen_by": seen_by[s], "public": bool(pos.public[s]) or over})
    sheets = []
    for s in range(pos.players):
        c, st, b = pos.items[s]
        all_decided = -1 not in pos.redraw
        sheets.append({
            "seat": s, "name": SEATS[s], "will": pos.will[s], "coins": c, "statues": st, "books": b,
            "white": pos.white == s, "black": pos.black == s, "medal": pos.medal == s,
            "items": _item_count(pos, s), "pawns": pos.pawns[s],
            "released_white": pos.released[0] == s, "released_black": pos.released[1] == s,
            "start": pos.start == s, "veiled": bool(pos.veiled >> s & 1),
            "redraw": ({-1: None, 0: "keep", 1: "change"}[pos.redraw[s]]
                       if all_decided or s == seat or reveal else ("decided" if pos.redraw[s] != -1 else None)),
        })
    hand = None
    if seat is not None and pos.phase in ("redraw", "arrange") and not pos.arranged[seat]:
        hand = [pos.mem[2 * seat], pos.mem[2 * seat + 1]]
    pending = None
    if pos.phase == "resolve":
        key, step, data = pos.pending
        pending = {"location": key, "step": STEPS[key][step], "seat": pos.turn,
                   "player": data if isinstance(data, int) else None}
    out = {
        "reconstructed": RECONSTRUCTED_NOTE,
        "players": pos.players,
        "ghost": pos.players == 3,
        "expert": pos.expert,
        "phase": pos.phase,
        "round": pos.round,
        "rounds": ROUNDS,
        "turn": None if over else pos.turn,
        "first": pos.first,
        "start": pos.start,
        "locations": locations,
        "ruins": {"coin": pos.ruins[0], "statue": pos.ruins[1], "book": pos.ruins[2]},
        "white": _holder(pos.white),
        "black": _holder(pos.black),
        "medal": _holder(pos.medal),
        "released": {"white": None if pos.released[0] == NO_ONE else pos.released[0],
                     "black": None if pos.released[1] == NO_ONE else pos.released[1]},
        "sheets": sheets,
        "slots": slots,
        "hand": hand,
        "ninth": pos.ninth or None,
        "looks": [{"round": r, "looker": v, "owner": o, "slot": SLOTS[sl]} for r, v, o, sl in pos.looks],
        "pending": pending,
        "memory_list": _memory_list(pos, _aid_known(pos, seat, known)),
        "score": None,
    }
    if over:
        table = score_now(pos)
        out["score"] = {"totals": table.totals, "cannot_win": table.cannot_win, "winners": table.winners,
                        "steps": table.steps, "void": table.void, "lowest_wins": table.lowest_wins,
                        "memories": list(pos.mem)}
    return out


def memory_list(state: State, seat: int | None) -> list:
    """The rulebook's Memory list aid for ``seat``: each code of this game's deck with ``status`` ``"in"``
    (known to be in the game), ``"out"`` (known not to be) or ``"unknown"``, derived from ``view(seat)``.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine", 4).new(seed=2)
    >>> sorted({row["status"] for row in memory_list(s, 0)})
    ['in', 'unknown']
    """
    return state.view(seat)["memory_list"]


def determinize(pos: Position, seat, rng: random.Random) -> Position:
    """Resample every Memory ``seat`` has not seen (and the box, the redraw shuffle, others' secret redraw
    decisions), consistent with all it knows."""
    if pos.phase == "over":
        return pos
    known = known_codes(pos, seat)
    fixed = {c for c in known if c} | ({pos.ninth} if pos.ninth else set())
    free = sorted(c for c in (*pos.mem, *pos.deck) if c not in fixed)  # sorted: the sample says nothing of the truth
    rng.shuffle(free)
    mem = list(pos.mem)
    for s in range(8):
        if not known[s]:
            mem[s] = free.pop()
    deck = tuple(free)
    seen = tuple(tuple(mem[s] if code else 0 for s, code in enumerate(v)) for v in pos.seen)
    redraw = pos.redraw
    if pos.phase == "redraw":
        redraw = tuple(d if s == seat or d == -1 else rng.choice((0, 1)) for s, d in enumerate(pos.redraw))
    return _rep(pos, mem=tuple(mem), deck=deck, seen=seen, redraw=redraw, luck=rng.getrandbits(64))


# --- the Rules ------------------------------------------------------------------------------------------------

class CodeOfNine(Rules):
    """The Code of Nine rules on the shared core (see the module docstring)."""

    name = "code_of_nine"
    title = "Code of Nine"
    min_players = 3
    max_players = 4
    hidden_information = True
    summary = RULES_SUMMARY
    options = (Option("expert", False, (False, True), "Expert game: cards 19-28, the Medal, the Ninth Memory and "
                                                      "the expert-only locations"),)

    def seat_names(self, players, options):
        return SEATS[:players]

    def setup(self, players, options, rng):
        return _setup(players, options["expert"], rng)

    def to_move(self, pos):
        return None if pos.phase == "over" else pos.turn

    def prompt(self, pos, names):
        return _prompt(pos)

    def outcome(self, pos):
        if pos.phase != "over":
            return None
        table = score_now(pos)
        names = SEATS[:pos.players]
        details = []
        for s in range(pos.players):
            rows = [(step["label"], step["changes"][s]) for step in table.steps if step["order"] >= 2]
            rows.append(("Total", table.totals[s]))
            if table.cannot_win[s]:
                rows.append(("Cannot win", 1))
            details.append(tuple(rows))
        if table.winners:
            best = table.totals[table.winners[0]]
            who = _and([names[w] for w in table.winners])
            reason = f"{who} win{'s' * (len(table.winners) == 1)} with {best} VP"
            if table.lowest_wins:
                reason += " (THAT: with Code 26 in the game, the lowest score wins)"
        else:
            reason = "Nobody wins: every player cannot win"
        return Outcome(tuple(table.totals), tuple(table.winners), reason, tuple(details))

    def move_from_json(self, obj):
        kind, args = obj["kind"], obj["args"]
        if kind == "stop":
            if args:
                raise ValueError("'stop' takes no arguments")
            return Move(kind, ())
        if len(args) != 1:
            raise ValueError(f"'{kind}' takes one argument")
        arg = args[0]
        allowed = {"redraw": ("keep", "change"), "shoal": (0, 1), "place": tuple(LOCATION),
                   "look": (0, 1, 2, 3), "player": (0, 1, 2, 3), "item": BASIC_ITEMS, "take": ITEMS,
                   "give": ITEMS, "return": BASIC_ITEMS, "gain": ("statue", "will"), "exchange": ("shoal", "abyss")}
        if kind not in allowed:
            raise ValueError(f"unknown kind {kind!r}")
        if arg not in allowed[kind] or type(arg) is not type(allowed[kind][0]):
            raise ValueError(f"'{kind}' takes one of {', '.join(map(str, allowed[kind]))}")
        return Move(kind, (arg,))


register(CodeOfNine())


# --- positions for tutorials and tests ------------------------------------------------------------------------

def position(*, players: int = 4, expert: bool = False, round: int = 1, start: int = 0, turn: int | None = None,
             memories: Sequence[int] = (), ninth: int | None = None, will: Sequence[int] | None = None,
             items: Sequence[Mapping] | None = None, white=NO_ONE, black=NO_ONE, medal=None,
             released: Mapping | None = None, pawns: Sequence[int] | None = None, placed: Mapping | None = None,
             seen: Mapping | None = None, veiled: Sequence[int] = (), first: int | None = None,
             changed: Sequence[int] = (), public: Sequence = (), looks: Sequence | None = None) -> State:
    """A State at a placement turn, built directly for tutorials and tests (validated).

    ``memories``: the 8 codes Shoal, Abyss of Red, then Blue, Green and Yellow (with 3 players the ghost's
    two come last).  ``items``: one dict per seat with ``coins``, ``statues``, ``books`` (the Ruins hold the
    rest).  ``white``/``black``: the holder seat, or -1 on the board; ``released``: ``{"white": seat,
    "black": seat}`` (defaults to the holder).  ``medal``: a seat, -1 on the board (expert default).
    ``placed``: ``{location key: seat}`` and ``"quarry": [seats]`` for pawns already out this round.
    ``seen``: ``{viewer: [(owner, "Shoal"), ...]}`` (a viewer may be written as text, ``"0"``, as JSON keys are).
    ``veiled``: seats under the Sooty Watchtower.  ``first``: who led this round (default ``start``).
    ``changed``: seats that changed both Memories at set-up (one pawn fewer in round 1).  ``public``: slots
    face up for all, ``[(owner, "Shoal"), ...]`` (a Ninth exchange; a seen Code 26 always is).  ``looks``: the
    public record of looks, ``[(round, looker, owner, "Shoal"), ...]`` oldest first (default: one look this
    round per ``seen`` entry); every card a seat has seen was looked at in it.

    >>> s = position(memories=[1, 5, 9, 13, 2, 6, 10, 14], will=[3, 0, 0, 0], round=3)
    >>> "Place a pawn on Hollow of Envy (1 Will)" in [str(m) for m in s.legal_moves()]
    True
    >>> position(memories=[1, 1, 2, 3, 4, 5, 6, 7])
    Traceback (most recent call last):
    ...
    ValueError: impossible position: memories must be 8 different codes of this game's deck (1-18)
    >>> position(memories=[1, 5, 9, 13, 2, 6, 10, 14], changed=[1], pawns=[3, 3, 3, 3])
    Traceback (most recent call last):
    ...
    ValueError: impossible position: pawns (left per seat) must be 0-3 and leave room for the pawns placed (Blue
    has 3 left and 0 placed, but 2 Action pawns this round: they changed both Memories at set-up)
    """
    def bad(text):
        raise ValueError(f"impossible position: {text}")

    def listed(value, name, what):
        if not isinstance(value, (list, tuple)):
            bad(f"{name} must be a list of {what} (got {value!r:.60})")
        return tuple(value)

    def is_seat(value) -> bool:
        return type(value) is int and value in seats

    def slot_pair(entry, name) -> tuple:
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            bad(f"{name} entry {entry!r:.60} must be a pair (owner, 'Shoal' or 'Abyss')")
        owner, slot = entry
        if type(owner) is not int or owner not in range(4) or slot not in SLOTS:
            bad(f"{name} entry {tuple(entry)!r:.60} must be (an owner 0-3, 'Shoal' or 'Abyss')")
        return owner, slot

    memories = listed(memories, "memories", "8 Memory codes")
    veiled = listed(veiled, "veiled", "seats")
    changed = listed(changed, "changed", "seats")
    public = listed(public, "public", "(owner, 'Shoal' or 'Abyss') pairs")
    if looks is not None:
        looks = listed(looks, "looks", "(round, looker, owner, 'Shoal' or 'Abyss') entries")
    for name, value in (("will", will), ("items", items), ("pawns", pawns)):
        if value is not None:
            listed(value, name, "one entry per seat")
    if items is not None and any(not isinstance(d, Mapping) for d in items):
        bad("items must have one dict per seat ({'coins': n, 'statues': n, 'books': n})")
    for name, value in (("placed", placed), ("seen", seen), ("released", released)):
        if value is not None and not isinstance(value, Mapping):
            bad(f"{name} must be a dict (got {value!r:.60})")
    if released is not None and set(released) - {"white", "black"}:
        bad(f"released takes only 'white' and 'black' (got {sorted(map(str, released))})")
    if placed is not None and "quarry" in placed:
        listed(placed["quarry"], "placed['quarry']", "seats")
    seen_by = {}
    for viewer, entries in dict(seen or {}).items():
        if isinstance(viewer, str) and viewer.isascii() and viewer.isdigit() and len(viewer) == 1:
            viewer = int(viewer)  # a JSON key
        seen_by.setdefault(viewer, [])
        for entry in listed(entries, f"seen[{viewer!r}]", "(owner, 'Shoal' or 'Abyss') pairs"):
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                bad(f"seen entry {entry!r:.60} must be a pair (owner, 'Shoal' or 'Abyss')")
            seen_by[viewer].append(tuple(entry))

    if players not in (3, 4) or type(players) is not int:
        bad("players must be 3 or 4")
    if type(round) is not int or not 1 <= round <= ROUNDS:
        bad(f"round must be a whole number from 1 to {ROUNDS}")
    pool = EXPERT_CODES if expert else NORMAL_CODES
    mem = tuple(memories)
    if len(mem) != 8 or len(set(mem)) != 8 or any(type(c) is not int or c not in pool for c in mem):
        bad(f"memories must be 8 different codes of this game's deck (1-{pool[-1]})")
    if expert:
        if ninth is None or type(ninth) is not int or ninth not in pool or ninth in mem:
            bad("an expert game needs a Ninth Memory (ninth=) not among the memories")
    elif ninth is not None:
        bad("only the expert game has a Ninth Memory")
    seats = range(players)
    if not is_seat(start):
        bad("start must be a seat")
    if first is None:
        first = start
    if not is_seat(first):
        bad("first (who led this round) must be a seat")
    will = tuple(will) if will is not None else tuple(START_WILL[(s - start) % players] for s in seats)
    if len(will) != players or any(type(w) is not int or w < 0 for w in will):
        bad("will must give each seat a whole number from 0")
    held = []
    for s in seats:
        d = dict(items[s]) if items is not None and s < len(items) else {}
        extra = set(d) - {"coins", "statues", "books"}
        if extra:
            bad(f"items of {SEATS[s]} has unknown keys {sorted(extra)}")
        held.append(tuple(d.get(k, 0) for k in ("coins", "statues", "books")))
    if items is not None and len(items) != players:
        bad("items must have one dict per seat")
    ruins = []
    for i, item in enumerate(BASIC_ITEMS):
        total = sum(h[i] for h in held if type(h[i]) is int)
        if any(type(h[i]) is not int or h[i] < 0 for h in held) or total > RUINS_STOCK[item]:
            bad(f"there are only {RUINS_STOCK[item]} {ITEM_NAMES[item]}s")
        ruins.append(RUINS_STOCK[item] - total)
    for name, value in (("white", white), ("black", black)):
        if value != NO_ONE and not is_seat(value):
            bad(f"{name} must be a seat or -1 (on the board)")
    if medal is None:
        medal = NO_ONE if expert else BOXED
    if not expert and medal != BOXED:
        bad("the Medal is used only in the expert game")
    if expert and medal != NO_ONE and not is_seat(medal):
        bad("medal must be a seat or -1 (on the board)")
    rel = dict(released or {})
    released_t = (rel.get("white", white), rel.get("black", black))
    for name, who, holder in (("white", released_t[0], white), ("black", released_t[1], black)):
        if (who == NO_ONE) != (holder == NO_ONE) or (who != NO_ONE and not is_seat(who)):
            bad(f"the {name} Legacy is released exactly when it is off the board")
    if round < min(LOCATION["garden"].first, LOCATION["well"].first) and (white != NO_ONE or black != NO_ONE):
        bad("in round 1 both Legacies lie on the board (Garden of Connecting Hearts and Well of Closing Hearts, "
            "which release them, open in round 2)")
    board = [NO_ONE] * len(LOCATIONS)
    quarry = ()
    used = [0] * players
    for key, who in dict(placed or {}).items():
        if key == "quarry":
            quarry = tuple(who)
            for w in quarry:
                if not is_seat(w):
                    bad("quarry lists seats")
                used[w] += 1
            continue
        if key not in LOCATION:
            bad(f"{key!r} is not a location")
        loc = LOCATION[key]
        if not loc.first <= round <= loc.last or (loc.expert and not expert):
            bad(f"{loc.name} is not open in round {round}")
        if not is_seat(who):
            bad(f"placed[{key!r}] must be a seat")
        board[LOC_INDEX[key]] = who
        used[who] += 1
        if loc.needs in ("white", "black") and released_t[0 if loc.needs == "white" else 1] != who:
            bad(f"a pawn on {loc.name} released the {loc.needs.capitalize()} Legacy: released must name {SEATS[who]}")
    redraw = [0] * players
    for s in changed:
        if not is_seat(s):
            bad("changed lists seats")
        redraw[s] = 1
    most = [PAWNS - (redraw[s] if round == 1 else 0) for s in seats]
    pawns = tuple(pawns) if pawns is not None else tuple(max(0, most[s] - used[s]) for s in seats)
    if len(pawns) != players or any(type(p) is not int or not 0 <= p <= most[s] - used[s]
                                    for s, p in enumerate(pawns)):
        over = [s for s, p in enumerate(pawns[:players]) if type(p) is int and p >= 0 and p + used[s] > most[s]]
        why = ""
        if len(pawns) == players and over:
            s = over[0]
            why = (f" ({SEATS[s]} has {pawns[s]} left and {used[s]} placed, but {most[s]} Action pawns this round"
                   + (": they changed both Memories at set-up" if most[s] < PAWNS else "") + ")")
        bad("pawns (left per seat) must be 0-3 and leave room for the pawns placed" + why)
    if not any(pawns):
        bad("every pawn is placed: the round is over")
    if turn is None:
        turn = next(s for k in range(players) for s in [(start + k) % players] if pawns[s])
    if not is_seat(turn) or not pawns[turn]:
        bad("turn must be a seat with a pawn left" + (f" ({SEATS[turn]} has no Action pawn left to place)"
                                                       if is_seat(turn) else ""))
    seen_t = [[0] * 8 for _ in seats]
    seen_looks = []
    for viewer, entries in seen_by.items():
        if not is_seat(viewer):
            bad("seen is keyed by seat")
        for owner, slot in entries:
            if owner not in range(4) or owner == viewer or slot not in SLOTS or type(owner) is not int:
                bad(f"seen entry {(owner, slot)!r} must be (another owner 0-3, 'Shoal' or 'Abyss')")
            s = 2 * owner + SLOTS.index(slot)
            seen_t[viewer][s] = mem[s]
            seen_looks.append((round, viewer, owner, SLOTS.index(slot)))
    if looks is None:
        looks_t = tuple(seen_looks)
    else:
        looks_t = []
        for entry in looks:
            if not isinstance(entry, (list, tuple)) or len(entry) != 4:
                bad(f"looks entry {entry!r:.60} must be (round, looker, owner, 'Shoal' or 'Abyss')")
            when, looker, owner, slot = entry
            if type(when) is not int or not 1 <= when <= round:
                bad(f"a look of the record happened in round {when!r:.20}: it must be a round from 1 to {round}")
            if not is_seat(looker) or type(owner) is not int or owner not in range(4) or owner == looker \
                    or slot not in SLOTS:
                bad(f"looks entry {tuple(entry)!r:.60} must be (round, a seat, another owner 0-3, "
                    f"'Shoal' or 'Abyss')")
            looks_t.append((when, looker, owner, SLOTS.index(slot)))
        looks_t = tuple(looks_t)
        recorded = {(v, o, sl) for _r, v, o, sl in looks_t}
        for _r, v, o, sl in seen_looks:
            if (v, o, sl) not in recorded:
                bad(f"{SEATS[v]} has seen {GHOST if o == 3 and players == 3 else SEATS[o]}'s {SLOTS[sl]} card, "
                    f"but the record of looks has no such look")
    shown = set()
    for entry in public:
        owner, slot = slot_pair(entry, "public")
        shown.add(2 * owner + SLOTS.index(slot))
    public_t = tuple(mem[s] if s in shown or (mem[s] == 26 and any(v[s] for v in seen_t)) else 0 for s in range(8))
    veil = 0
    for s in veiled:
        if not is_seat(s):
            bad("veiled lists seats")
        veil |= 1 << s
    rest = tuple(c for c in pool if c not in mem and c != ninth)
    pos = Position(players=players, expert=expert, phase="place", round=round, turn=turn, first=first,
                   start=start, pawns=pawns, will=will, items=tuple(held), ruins=tuple(ruins), white=white,
                   black=black, medal=medal, released=released_t, board=tuple(board), quarry=quarry, mem=mem,
                   arranged=(True,) * 4, redraw=tuple(redraw), ninth=ninth or 0, deck=rest,
                   seen=tuple(tuple(v) for v in seen_t), public=public_t, looks=looks_t, veiled=veil, pending=(),
                   luck=0)
    return make("code_of_nine", players, expert=expert).state_at(pos)
