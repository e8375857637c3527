"""Editing a Codinca position part by part (see :mod:`ninekit.editing`): what ``position()`` takes.

The parts: each square of the board (whose Symbol Tile lies there, stone or gold face up) and the whole board
written out; each seat's four Key Discs and which of them are claimed; each seat's Trap Card and whether it is
face down, looked at or played; each seat's Luck tokens left and the tokens on each action of its Luck Action
Card (Rewind: used or not); where the Lock Totem stands and who locked; the last Switch (No Rewind); who moves,
the round, and the game's options (the beginner game, the round limit).

A game has one of each thing, so putting one somewhere takes it from where it was: a tile put on a square swaps
with the nearest tile of that element, a Key Disc or a Trap Card given to a seat swaps with the seat that had it,
a token put on a Luck action comes from the seat's tokens left (and goes back to them).  A lock ends when its
locker is to move, as it does in play; a Lock Totem put on a crystal with nobody locking is the previous
player's lock.  Positions are edited at the start of a turn (before the Switch), the positions ``position()``
builds.  The latest Trap Card played is history, not position: an edited position has none.

>>> from ninekit.editing import empty_table
>>> import ninekit
>>> d = empty_table(ninekit.make("codinca")).set("a1", "Fire stone")
>>> d.part("a1").value, d.part("b2").value, d.state.prompt
('Fire stone', 'Earth gold', 'Fire: choose one of your tiles to Switch, spend a Luck token, or play your Trap Card')
"""

from __future__ import annotations

from ..core import State, brief
from ..editing import Part, copied, whole_number
from .data import (
    ACTION_IDS,
    ACTION_NAME,
    BLOCK_WORDS,
    DISCS,
    ELEMENT_NAME,
    GROUP_ORDER,
    GROUP_WORDS,
    INDEX,
    LINE_WORDS,
    LOCKS,
    LUCK_TOKENS,
    NEIGHBOURS,
    RED_CRYSTALS,
    SEATING,
    SQUARES,
    START_LAYOUT,
    TOTEM_HOME,
    TRAP_IDS,
    TRAP_NAME,
    TRAP_WORDS,
    layout,
)

SIDES = {"stone": "S", "gold": "G"}
SIDE_NAME = {"S": "stone", "G": "gold"}
ELEMENTS = ("Earth", "Air", "Fire", "Water")
TILE_CHOICES = tuple(f"{e} {side}" for e in ELEMENTS for side in SIDES)
CLAIMED, NOT_CLAIMED = "claimed", "not claimed"
USED, NOT_USED = "used", "not used"
YES, NO = "yes", "no"
NOBODY = "nobody"
NO_SWITCH = "none"
TRAP_STATES = tuple(TRAP_WORDS[s] for s in ("down", "seen", "played"))  # face down, looked at, played
TRAP_CHOICES = tuple(f"{t} {TRAP_NAME[t]}" for t in TRAP_IDS)
HOME = "centre spot (no lock)"
TOTEM_CHOICES = {  # choice -> crystal (None: the Lock Totem at home)
    HOME: None,
    **{f"red crystal {c}: {LINE_WORDS[line]}": c for c, (line, _edge) in RED_CRYSTALS.items()},
    **{f"blue crystal {v}: {BLOCK_WORDS[v]}": v for v in LOCKS if v not in RED_CRYSTALS},
}
PAIRS = tuple(f"{SQUARES[a]}-{SQUARES[b]}" for a in range(16) for b in NEIGHBOURS[a] if a < b)
ONCE = ("reveal_trap",)  # bought at most once a game (Rewind is its own part: used or not)
MAX_ROUND_LIMIT = 200
MAX_ROUND_CHOICES = 80  # a round limit up to this many rounds lists its rounds; above it, they are written
NOT_EDITABLE = ("A Codinca position can be edited at the start of a player's turn, when they are about to choose a "
                "tile to Switch (and have placed no Lock this turn); go back or forward to one")


# --- reading a state -------------------------------------------------------------------------------------

def args_of(state: State) -> dict:
    """The keywords of ``position()`` that rebuild ``state`` (at the start of a turn, before the Switch).

    >>> from ninekit.codinca.rules import position
    >>> args = args_of(position(2, tokens=[3, 4], rewind_used=[0], to_move=1))
    >>> args["to_move"], args["tokens"], args["rewind_used"], args["tiles"]["a4"]
    (1, [3, 4], [0], ['Air', 'G'])
    """
    pos = state.position
    if pos.result is not None or pos.step != ("before",) or pos.this_switch is not None or \
            (pos.locker is not None and pos.locker == pos.turn):
        raise ValueError(NOT_EDITABLE)
    n = len(pos.seats)
    rewind = ACTION_IDS.index("rewind")
    return {
        "players": n,
        "tiles": {sq: [ELEMENT_NAME[pos.tiles[i][0]], pos.tiles[i][1]] for i, sq in enumerate(SQUARES)},
        "discs": [list(d) for d in pos.discs],
        "claimed": [list(c) for c in pos.claimed],
        "traps": list(pos.traps),
        "revealed": [p for p in range(n) if pos.trap_state[p] == "seen"],
        "played": [p for p in range(n) if pos.trap_state[p] == "played"],
        "tokens": list(pos.tokens),
        "rewind_used": [p for p in range(n) if pos.used[p][rewind]],
        "luck_used": [{a: u for a, u in zip(ACTION_IDS, used) if u and a != "rewind"} for used in pos.used],
        "totem": pos.totem,
        "locker": pos.locker,
        "last_switch": None if pos.last_switch is None else [SQUARES[i] for i in pos.last_switch],
        "to_move": pos.turn,
        "round": pos.round,
        "beginner": pos.beginner,
        "round_limit": pos.round_limit,
        "last_trap": None if pos.last_trap is None else {
            "seat": pos.last_trap[0], "card": pos.last_trap[1],
            "flipped": [SQUARES[i] for i in sorted(pos.last_trap[2])]},
    }


def empty(game) -> dict:
    """The emptiest table ``position()`` takes: the starting layout, the first discs and Trap Cards dealt, every
    Luck token in hand, the Lock Totem at home, nothing claimed, the first seat (Fire) to move in round 1.

    (Every tile is always on the board, and every seat always holds four Key Discs and a Trap Card.)

    >>> import ninekit
    >>> args = empty(ninekit.make("codinca", 3))
    >>> args["discs"][2], args["traps"], args["tokens"], args["totem"]
    (['L3', 'D3', 'B3', 'C3'], ['T01', 'T02', 'T03'], [4, 4, 4], None)
    """
    n = game.players
    options = game.options
    return {
        "players": n,
        "tiles": {sq: list(START_LAYOUT[sq]) for sq in SQUARES},
        "discs": [[f"{g}{p + 1}" for g in GROUP_ORDER] for p in range(n)],
        "claimed": [[] for _ in range(n)],
        "traps": [TRAP_IDS[p] for p in range(n)],
        "revealed": [], "played": [],
        "tokens": [LUCK_TOKENS[n]] * n,
        "rewind_used": [],
        "luck_used": [{} for _ in range(n)],
        "totem": None, "locker": None, "last_switch": None,
        "to_move": 0, "round": 1,
        "beginner": bool(options.get("beginner", False)),
        "round_limit": int(options.get("round_limit", 40)),
        "last_trap": None,
    }


# --- the parts --------------------------------------------------------------------------------------------

def _names(args: dict) -> list[str]:
    """The seats' element names, in turn order."""
    return [ELEMENT_NAME[e] for e in SEATING[args["players"]]]


def _tile(args: dict, square: str) -> str:
    element, side = args["tiles"][square]
    return f"{element} {SIDE_NAME[side]}"


def _layout_text(args: dict) -> str:
    """The board written rank 4 first, files a-d: ``"AG FS WS FG / ..."``."""
    return " / ".join(" ".join(args["tiles"][f"{f}{r}"][0][0] + args["tiles"][f"{f}{r}"][1] for f in "abcd")
                      for r in range(4, 0, -1))


def _totem_choice(crystal) -> str:
    return next(c for c, v in TOTEM_CHOICES.items() if v == (None if crystal in (None, TOTEM_HOME) else crystal))


def _spent(args: dict, seat: int, action: str) -> int:
    if action == "rewind":
        return int(seat in args["rewind_used"] or bool(args["luck_used"][seat].get("rewind")))
    return int(args["luck_used"][seat].get(action, 0))


def parts(args: dict, game) -> list[Part]:
    """Everything ``position()`` lets one set, in the game's words, each with its click target on the board.

    >>> import ninekit
    >>> game = ninekit.make("codinca")
    >>> ps = {p.key: p for p in parts(empty(game), game)}
    >>> ps["a4"].value, ps["disc:Earth:B"].label, ps["disc:Earth:B"].value, ps["totem"].board
    ('Air gold', "Earth's Block of four", 'B2', 'crystal:V22')
    """
    names = _names(args)
    n = len(names)
    most = LUCK_TOKENS[n]
    mover = args["to_move"] if isinstance(args.get("to_move"), int) else None
    numbers = tuple(str(k) for k in range(most + 1))
    out = [Part(sq, "Board", sq, _tile(args, sq), TILE_CHOICES, board=sq) for sq in SQUARES]
    out.append(Part("layout", "Board", "The whole board", _layout_text(args),
                    syntax="four ranks of four tiles, rank 4 (north) first, files a to d, '/' between ranks; "
                           "a tile is its element's initial and S (stone) or G (gold), e.g. 'AG FS WS FG / ...'"))
    for p, name in enumerate(names):
        for g, disc in zip(GROUP_ORDER, args["discs"][p]):
            out.append(Part(f"disc:{name}:{g}", "Key Discs", f"{name}'s {GROUP_WORDS[g]}", disc,
                            tuple(d for d in DISCS if d[0] == g), board=f"disc:{p}:{g}"))
            out.append(Part(f"claimed:{name}:{g}", "Key Discs", f"{name}'s {GROUP_WORDS[g]} disc",
                            CLAIMED if disc in args["claimed"][p] else NOT_CLAIMED, (NOT_CLAIMED, CLAIMED)))
    for p, name in enumerate(names):
        card = args["traps"][p]
        out.append(Part(f"trap:{name}", "Trap Cards", f"{name}'s Trap Card", f"{card} {TRAP_NAME[card]}",
                        TRAP_CHOICES, board=f"trap:{p}"))
        state = "played" if p in args["played"] else "seen" if p in args["revealed"] else "down"
        out.append(Part(f"trap_state:{name}", "Trap Cards", f"{name}'s Trap Card is", TRAP_WORDS[state],
                        TRAP_STATES))
    for p, name in enumerate(names):
        out.append(Part(f"tokens:{name}", "Luck tokens", f"{name}'s Luck tokens left", str(args["tokens"][p]),
                        numbers))
        for a in ACTION_IDS:
            board = f"luck:{a}" if p == mover else ""
            if a == "rewind":
                out.append(Part(f"luck:{name}:rewind", "Luck tokens", f"{name}'s Rewind (once a game)",
                                USED if _spent(args, p, a) else NOT_USED, (NOT_USED, USED), board=board))
            else:
                out.append(Part(f"luck:{name}:{a}", "Luck tokens", f"{name}'s tokens on {ACTION_NAME[a]}",
                                str(_spent(args, p, a)), numbers[:2] if a in ONCE else numbers, board=board))
    out.append(Part("totem", "Lock Totem", "The Lock Totem stands on", _totem_choice(args["totem"]),
                    tuple(TOTEM_CHOICES), board=f"crystal:{args['totem'] or TOTEM_HOME}"))
    locker = args["locker"]
    out.append(Part("locker", "Lock Totem", "Locked by", NOBODY if locker is None else names[locker],
                    (NOBODY, *names)))
    last = args["last_switch"]
    out.append(Part("last_switch", "Who moves", "The previous player's Switch (No Rewind)",
                    NO_SWITCH if last is None else "-".join(sorted(last, key=INDEX.get)), (NO_SWITCH, *PAIRS)))
    out.append(Part("to_move", "Who moves", "Who moves", names[args["to_move"]], tuple(names)))
    limit = args["round_limit"]
    if limit <= MAX_ROUND_CHOICES:
        out.append(Part("round", "Who moves", "Round", str(args["round"]), tuple(str(r) for r in range(1, limit + 1))))
    else:
        out.append(Part("round", "Who moves", "Round", str(args["round"]),
                        syntax=f"a whole number from 1 to the round limit ({limit})"))
    out.append(Part("beginner", "Game", "Beginner game (three claimed Key Discs win)",
                    YES if args["beginner"] else NO, (NO, YES)))
    out.append(Part("round_limit", "Game", "Round limit (house rule)", str(limit),
                    syntax=f"a whole number of rounds from 1 to {MAX_ROUND_LIMIT}"))
    return out


# --- changing a part ----------------------------------------------------------------------------------------

def _seat(args: dict, name: str, key: str) -> int:
    names = _names(args)
    if name not in names:
        raise ValueError(f"Codinca has no part {brief(key)}: {name} has no seat in this game")
    return names.index(name)


def _choice(value: str, choices, what: str) -> str:
    if value not in choices:
        raise ValueError(f"{brief(value)} cannot be {what}; it takes one of: {', '.join(choices)}")
    return value


def _distance(a: str, b: str) -> tuple:
    """How far apart two squares are (king's moves), then board order: the nearest tile is taken first."""
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1]))), INDEX[b]


def _put_tile(args: dict, square: str, value: str) -> None:
    words = value.split()
    if len(words) != 2 or words[0].capitalize() not in ELEMENTS or words[1].lower() not in SIDES:
        raise ValueError(f"{brief(value)} is not a Symbol Tile: write its element and the face up, "
                         "e.g. 'Fire gold' or 'Earth stone'")
    element, side = words[0].capitalize(), SIDES[words[1].lower()]
    tiles = args["tiles"]
    if tiles[square][0] != element:  # take the nearest tile of that element: it and this one change places
        others = [sq for sq in SQUARES if sq != square and tiles[sq][0] == element]
        if others:
            source = min(others, key=lambda sq: _distance(square, sq))
            tiles[source] = tiles[square]
    tiles[square] = [element, side]


def _put_disc(args: dict, seat: int, group: str, disc: str) -> None:
    if disc not in DISCS or disc[0] != group:
        raise ValueError(f"{brief(disc)} is not a {GROUP_WORDS[group]} Key Disc; those are "
                         + ", ".join(d for d in DISCS if d[0] == group))
    g = GROUP_ORDER.index(group)
    old = args["discs"][seat][g]
    for p, ds in enumerate(args["discs"]):  # a seat holding it gets this seat's disc (its claim stays put)
        if p != seat and ds[g] == disc:
            ds[g] = old
            args["claimed"][p] = [old if c == disc else c for c in args["claimed"][p]]
    args["discs"][seat][g] = disc
    args["claimed"][seat] = [disc if c == old else c for c in args["claimed"][seat]]


def _put_trap(args: dict, seat: int, value: str) -> None:
    card = value.split()[0] if value.split() else ""
    if card not in TRAP_IDS or value not in (card, f"{card} {TRAP_NAME[card]}"):
        raise ValueError(f"{brief(value)} is not a Trap Card; they are T01 to T24, e.g. 'T05' or "
                         f"'{TRAP_CHOICES[4]}'")
    traps = args["traps"]
    if card in traps:  # the seat holding it gets this seat's card (each seat's face down / looked at stays)
        traps[traps.index(card)] = traps[seat]
    traps[seat] = card


def _spend(args: dict, seat: int, action: str, count: int) -> None:
    """``count`` tokens on ``action``: more come from the seat's tokens left (while it has some), fewer go back."""
    old = _spent(args, seat, action)
    if action == "rewind":
        args["rewind_used"] = sorted(set(args["rewind_used"]) - {seat} | ({seat} if count else set()))
        args["luck_used"][seat].pop("rewind", None)
    elif count:
        args["luck_used"][seat][action] = count
    else:
        args["luck_used"][seat].pop(action, None)
    most = LUCK_TOKENS[args["players"]]
    args["tokens"][seat] = max(0, min(most, args["tokens"][seat] - (count - old)))


def set_part(args: dict, key: str, value: str, game) -> dict:
    """A new keywords dict with part ``key`` set to ``value``; ``ValueError`` naming an unknown key or a value
    that cannot be read.  The rules' own checks are ``position()``'s (the draft calls it).

    >>> import ninekit
    >>> game = ninekit.make("codinca")
    >>> args = set_part(empty(game), "disc:Fire:L", "L2", game)
    >>> args["discs"][0][0], args["discs"][1][0]
    ('L2', 'L1')
    >>> set_part(args, "a1", "Fire silver", game)
    Traceback (most recent call last):
    ...
    ValueError: 'Fire silver' is not a Symbol Tile: write its element and the face up, e.g. 'Fire gold' or 'Earth stone'
    """
    new = copied(args)
    new["last_trap"] = None  # history, not position: an edited position has no latest Trap
    value = value.strip()
    names = _names(new)
    kind, _, rest = key.partition(":")
    if key in SQUARES:
        _put_tile(new, key, value)
    elif key == "layout":
        try:
            tiles = layout(value)
        except ValueError:
            raise ValueError(f"{brief(value)} is not a board: write four ranks of four tiles like 'EG' (Earth, "
                             "gold face up), rank 4 first, '/' between ranks") from None
        new["tiles"] = {sq: list(tiles[sq]) for sq in SQUARES}
    elif kind in ("disc", "claimed") and rest.count(":") == 1:
        name, group = rest.split(":")
        seat = _seat(new, name, key)
        if group not in GROUP_ORDER:
            raise ValueError(f"Codinca has no part {brief(key)}: Key Disc groups are L, D, B, C")
        if kind == "disc":
            _put_disc(new, seat, group, value)
        else:
            disc = new["discs"][seat][GROUP_ORDER.index(group)]
            claims = [c for c in new["claimed"][seat] if c != disc]
            new["claimed"][seat] = claims + [disc] if _choice(value, (NOT_CLAIMED, CLAIMED), "a claim") == CLAIMED \
                else claims
    elif kind == "trap":
        _put_trap(new, _seat(new, rest, key), value)
    elif kind == "trap_state":
        seat = _seat(new, rest, key)
        state = _choice(value, TRAP_STATES, "a Trap Card's state")
        new["revealed"] = sorted(set(new["revealed"]) - {seat} | ({seat} if state == TRAP_WORDS["seen"] else set()))
        new["played"] = sorted(set(new["played"]) - {seat} | ({seat} if state == TRAP_WORDS["played"] else set()))
    elif kind == "tokens":
        seat = _seat(new, rest, key)
        new["tokens"][seat] = whole_number(value, "a number of Luck tokens", 0, LUCK_TOKENS[len(names)])
    elif kind == "luck" and rest.count(":") == 1:
        name, action = rest.split(":")
        seat = _seat(new, name, key)
        if action not in ACTION_IDS:
            raise ValueError(f"Codinca has no part {brief(key)}: the Luck actions are {', '.join(ACTION_IDS)}")
        if action == "rewind":
            count = int(_choice(value, (NOT_USED, USED), "Rewind") == USED)
        else:
            count = whole_number(value, f"a number of tokens on {ACTION_NAME[action]}", 0,
                                 1 if action in ONCE else LUCK_TOKENS[len(names)])
        _spend(new, seat, action, count)
    elif key == "totem":
        crystal = TOTEM_CHOICES.get(value, value if value in LOCKS or value == TOTEM_HOME else "?")
        if crystal == "?":
            raise ValueError(f"{brief(value)} is not a spot for the Lock Totem; it takes the centre spot, a red "
                             "crystal (R1-R4, Ra-Rd) or a blue one (V11-V33)")
        if crystal in (None, TOTEM_HOME):
            new["totem"], new["locker"] = None, None
        else:
            new["totem"] = crystal
            if new["locker"] is None:  # the lock of the player who moved last: it stands until their next turn
                new["locker"] = (new["to_move"] - 1) % len(names)
    elif key == "locker":
        who = _choice(value, (NOBODY, *names), "the locker")
        if who == NOBODY:  # the lock ends: the Lock Totem goes home
            new["totem"], new["locker"] = None, None
        else:
            new["locker"] = names.index(who)
    elif key == "last_switch":
        if value == NO_SWITCH:
            new["last_switch"] = None
        else:
            squares = value.replace(",", " ").replace("-", " ").replace(" and ", " ").split()
            pair = "-".join(sorted(squares, key=lambda sq: INDEX.get(sq, -1)))
            if pair not in PAIRS:
                raise ValueError(f"{brief(value)} is not a Switch: write two adjacent squares like 'b2-c3', "
                                 "or 'none'")
            new["last_switch"] = pair.split("-")
    elif key == "to_move":
        seat = names.index(_choice(value, names, "the player to move"))
        new["to_move"] = seat
        if new["locker"] == seat:  # a lock ends at the start of its locker's turn
            new["totem"], new["locker"] = None, None
    elif key == "round":
        new["round"] = whole_number(value, "a number of rounds", 1, MAX_ROUND_LIMIT)
    elif key == "beginner":
        new["beginner"] = _choice(value, (NO, YES), "the beginner game") == YES
    elif key == "round_limit":
        new["round_limit"] = whole_number(value, "a number of rounds", 1, MAX_ROUND_LIMIT)
    else:
        raise ValueError(f"Codinca has no part {brief(key)}")
    return new


