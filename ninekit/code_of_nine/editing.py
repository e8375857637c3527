"""Code of Nine positions, part by part: what the sandbox's position editor lets a teacher change.

A position is the keywords of :func:`ninekit.code_of_nine.rules.position` (a placement turn: a player is about
to place an Action pawn).  Its parts, in the game's words:

- **Who moves**: the Round marker, who places next, the Start player marker, who led this round;
- **Board**: each location open this round, with the pawn placed on it (Quarry of Wills: its pawns in order);
- **each player's sheet**: Will, Coins, Statues, Books and Action pawns left;
- **Legacies and the Medal**: where the White and Black Legacies are and who released them; the Medal (expert);
- **Memories**: the card in each Shoal and Abyss (the ghost's too), and the Ninth Memory (expert);
- **Looks**: who has seen each Memory, the cards face up for all, the veiled seats, the public record of looks;
- **Set-up**: who changed both Memories (one Action pawn fewer in round 1).

There is one of each Memory card, Legacy, Medal and marker: putting one somewhere takes it from where it was
(two Memories swap places).  Placing a pawn takes it from its player's pawns left (a pawn taken off goes back),
and does what the location's placement leaves on the table: Garden of Connecting Hearts and Well of Closing
Hearts release their Legacy, Sooty Watchtower veils its player, Clocktower and Bell of the Last Dawn take the
Start player marker.  The rules' own checks (``position()``) judge the result.

>>> import ninekit
>>> game = ninekit.make("code_of_nine", 4)
>>> args = set_part(empty(game), "loc:cash_cow", "Blue", game)
>>> args["placed"]["cash_cow"], args["pawns"]
(1, [3, 2, 3, 3])
"""

from __future__ import annotations

import re
from itertools import combinations

from ..editing import Part, copied, whole_number
from .data import (
    BASIC_ITEMS,
    BOXED,
    EXPERT_CODES,
    GHOST,
    LOCATION,
    LOCATIONS,
    MEMORIES,
    NO_ONE,
    NORMAL_CODES,
    PAWNS,
    ROUNDS,
    RUINS_STOCK,
    SEATS,
    SLOTS,
    START_WILL,
)

# --- data tables -------------------------------------------------------------------------------------------------

WHEN = ("A Code of Nine position can be edited when a player is about to place an Action pawn (not in the "
        "set-up, in the middle of a location's action, or once the game is over); go back or forward to one.")
EMPTY = "empty"            # a location without a pawn
NOBODY = "nobody"          # no seat (released by, seen by, veiled, changed)
NONE = "none"              # an empty list of slots or looks
ON_BOARD = "on the board"  # a Legacy or the Medal not held by anyone
WILL_LISTED = 30           # Will is listed 0 to this (or to the current value, if more)
ITEM_PARTS = (("coins", "Coins"), ("statues", "Statues"), ("books", "Books"))  # item keys of position() and words
STOCK = {f"{item}s": RUINS_STOCK[item] for item in BASIC_ITEMS}  # the Ruins' stock, by position()'s item keys
LEGACY_WORDS = {"white": "White Legacy", "black": "Black Legacy"}
SIDE_EFFECTS = {  # a pawn placed here leaves this on the table (position() checks the Legacies)
    "garden": "white", "well": "black", "watchtower": "veiled", "clocktower": "start", "bell": "start",
}
SYNTAX_QUARRY = "seats in the order their pawns were placed, separated by commas (e.g. Red, Blue), or empty"
SYNTAX_PUBLIC = "Memory slots face up for all, separated by commas (e.g. Blue's Shoal, the Ghost's Abyss), or none"
SYNTAX_LOOKS = ("looks oldest first, separated by semicolons, each as 'Round 2: Red looks at Blue's Shoal', "
                "or none")
LOOK_RE = re.compile(r"^(?:round\s*)?(\d+)\s*:?\s*(\w+)\s+(?:looks?|looked)\s+at\s+(.+)$", re.IGNORECASE)
SLOT_RE = re.compile(r"^(.+?)['’]s\s+(shoal|abyss)(?:\s+card)?$", re.IGNORECASE)
CODE_RE = re.compile(r"^(?:code\s*)?(\d{1,2})\b", re.IGNORECASE)


# --- reading a position ------------------------------------------------------------------------------------------

def args_of(state) -> dict:
    """The keywords of ``position()`` that rebuild ``state`` (a placement turn), as JSON-able values.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine", 3).new(seed=1)
    >>> args_of(s)
    Traceback (most recent call last):
    ...
    ValueError: A Code of Nine position can be edited when a player is about to place an Action pawn (not in the
    set-up, in the middle of a location's action, or once the game is over); go back or forward to one.
    >>> while s.position.phase != "place":
    ...     s = s.play(s.legal_moves()[0])
    >>> a = args_of(s)
    >>> a["players"], a["round"], a["pawns"], a["placed"]
    (3, 1, [3, 3, 3], {'quarry': []})
    """
    pos = getattr(state, "position", None)
    if getattr(getattr(state, "game", None), "name", None) != "code_of_nine" or pos is None:
        raise ValueError("This is not a Code of Nine position.")
    if pos.phase != "place":
        raise ValueError(WHEN)
    seats = range(pos.players)
    placed = {loc.key: who for loc, who in zip(LOCATIONS, pos.board) if who != NO_ONE}
    placed["quarry"] = list(pos.quarry)
    return {
        "players": pos.players, "expert": bool(pos.expert), "round": pos.round, "start": pos.start,
        "turn": pos.turn, "first": pos.first, "memories": list(pos.mem), "ninth": pos.ninth or None,
        "will": list(pos.will),
        "items": [dict(zip(("coins", "statues", "books"), held)) for held in pos.items],
        "white": pos.white, "black": pos.black, "medal": pos.medal,
        "released": {"white": pos.released[0], "black": pos.released[1]},
        "pawns": list(pos.pawns), "placed": placed,
        "seen": {str(v): [[s // 2, SLOTS[s % 2]] for s, code in enumerate(pos.seen[v]) if code] for v in seats},
        "veiled": [s for s in seats if pos.veiled >> s & 1],
        "changed": [s for s in seats if pos.redraw[s] == 1],
        "public": [[s // 2, SLOTS[s % 2]] for s, code in enumerate(pos.public) if code],
        "looks": [[r, v, o, SLOTS[sl]] for r, v, o, sl in pos.looks],
    }


def empty(game) -> dict:
    """Keywords for the emptiest table of ``game``: round 1, the set-up's Will, no pawn placed, no item held,
    the Legacies (and the expert Medal) on the board, Codes 01-08 in the slots (the expert Ninth: Code 09).

    >>> import ninekit
    >>> a = empty(ninekit.make("code_of_nine", 3, expert=True))
    >>> a["memories"], a["ninth"], a["will"], a["medal"]
    ([1, 2, 3, 4, 5, 6, 7, 8], 9, [0, 1, 1], -1)
    """
    from .rules import position

    expert = bool(game.options.get("expert", False))
    pool = _pool(expert)
    return args_of(position(players=game.players, expert=expert, memories=list(pool[:8]),
                            ninth=pool[8] if expert else None))


# --- the parts ---------------------------------------------------------------------------------------------------

def parts(args, game) -> list:
    """Every part of the position ``args`` that can be changed, in the game's words.

    >>> import ninekit
    >>> game = ninekit.make("code_of_nine", 4)
    >>> ps = {p.key: p for p in parts(empty(game), game)}
    >>> ps["loc:hearth"].label, ps["loc:hearth"].value, ps["loc:hearth"].choices[:3], ps["loc:hearth"].board
    ('Hearth of Thoughts', 'empty', ('empty', 'Red', 'Blue'), 'loc:hearth')
    >>> ps["mem:1:shoal"].label, ps["mem:1:shoal"].value
    ("Blue's Shoal", 'Code 03 (The fate of those who do not own)')
    """
    a = _full(args, game)
    players, expert = a["players"], a["expert"]
    seats = list(SEATS[:players])
    out = [
        Part("round", "Who moves", "Round", str(a["round"]), tuple(str(r) for r in range(1, ROUNDS + 1)),
             board="round"),
        Part("turn", "Who moves", "Who places next", _seat_word(a["turn"]), tuple(seats)),
        Part("start", "Who moves", "Start player marker", _seat_word(a["start"]), tuple(seats)),
        Part("first", "Who moves", "Who led this round", _seat_word(a["first"]), tuple(seats)),
    ]
    placed = a["placed"]
    for loc in LOCATIONS:
        if loc.expert and not expert:
            continue
        if not (loc.first <= a["round"] <= loc.last or placed.get(loc.key) not in (None, [])):
            continue
        group = f"Board (round {a['round']})"
        if loc.key == "quarry":
            quarry = list(placed.get("quarry") or [])
            offers = tuple((f"Add {seat}'s pawn", _seats_value([*quarry, s], EMPTY)) for s, seat in enumerate(seats))
            if quarry:
                offers += ((f"Take the last pawn ({_seat_word(quarry[-1])}'s) off", _seats_value(quarry[:-1], EMPTY)),)
            out.append(Part("loc:quarry", group, loc.name, _seats_value(quarry, EMPTY), syntax=SYNTAX_QUARRY,
                            board="loc:quarry", offers=offers))
        else:
            who = placed.get(loc.key)
            out.append(Part(f"loc:{loc.key}", group, loc.name, EMPTY if who is None else _seat_word(who),
                            (EMPTY, *seats), board=f"loc:{loc.key}"))
    for s, name in enumerate(seats):
        group = f"{name}'s sheet"
        will = _at(a["will"], s, 0)
        out.append(Part(f"will:{s}", group, f"{name}'s Will", str(will),
                        tuple(str(n) for n in range(max(WILL_LISTED, will if type(will) is int else 0) + 1))))
        held = _at(a["items"], s, {})
        for key, words in ITEM_PARTS:
            out.append(Part(f"{key}:{s}", group, f"{name}'s {words}", str(held.get(key, 0)),
                            tuple(str(n) for n in range(STOCK[key] + 1))))
        out.append(Part(f"pawns:{s}", group, f"{name}'s Action pawns left", str(_at(a["pawns"], s, 0)),
                        tuple(str(n) for n in range(PAWNS + 1))))
    group = "Legacies and the Medal" if expert else "Legacies"
    for key, words in LEGACY_WORDS.items():
        out.append(Part(key, group, f"The {words}", _holder_word(a[key]), (ON_BOARD, *seats)))
        out.append(Part(f"released_{key}", group, f"Released the {words}",
                        _seat_word(a["released"].get(key, NO_ONE), NOBODY), (NOBODY, *seats)))
    if expert:
        out.append(Part("medal", group, "The Medal", _holder_word(a["medal"]), (ON_BOARD, *seats)))
    cards = tuple(_card(code) for code in _pool(expert))
    for s in range(8):
        owner, slot = divmod(s, 2)
        code = _at(a["memories"], s, None)
        out.append(Part(_slot_key(owner, slot), "Memories", _capital(_slot_words(owner, slot, players)),
                        _card(code) if code in MEMORIES else "", cards, board=_slot_key(owner, slot)))
    if expert:
        out.append(Part("ninth", "Memories", "The Ninth Memory", _card(a["ninth"]) if a["ninth"] in MEMORIES else "",
                        cards, board="ninth"))
    seen = _seen_sets(a)
    for s in range(8):
        owner, slot = divmod(s, 2)
        others = [v for v in range(players) if v != owner]
        out.append(Part(f"seen:{owner}:{SLOTS[slot].lower()}", "Looks",
                        f"Who has seen {_slot_words(owner, slot, players)}",
                        _seats_value(sorted(v for v in seen if (owner, slot) in seen[v]), NOBODY),
                        _subset_choices(others)))
    out.append(Part("public", "Looks", "Face up for all", _slots_value(a["public"], players), syntax=SYNTAX_PUBLIC))
    out.append(Part("veiled", "Looks", "Veiled (Sooty Watchtower)", _seats_value(sorted(a["veiled"]), NOBODY),
                    _subset_choices(range(players))))
    out.append(Part("looks", "Looks", "Record of looks", _looks_value(a["looks"], players), syntax=SYNTAX_LOOKS))
    out.append(Part("changed", "Set-up", "Changed both Memories at set-up", _seats_value(sorted(a["changed"]), NOBODY),
                    _subset_choices(range(players))))
    return out


# --- changing a part ---------------------------------------------------------------------------------------------

def set_part(args, key, value, game) -> dict:
    """New keywords with part ``key`` set to ``value`` (``args`` is not changed); ``ValueError`` for an unknown
    part or a value that cannot be read.

    >>> import ninekit
    >>> game = ninekit.make("code_of_nine", 4)
    >>> a = set_part(empty(game), "mem:0:shoal", "Code 03 (The fate of those who do not own)", game)
    >>> a["memories"][:4]
    [3, 2, 1, 4]
    >>> set_part(a, "white", "Green", game)["released"]
    {'white': 2, 'black': -1}
    >>> set_part(a, "will:0", "lots", game)
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not a number of Will (a whole number from 0)
    """
    a = _full(args, game)
    players, expert = a["players"], a["expert"]
    key, value = str(key), str(value).strip()
    head, _, rest = key.partition(":")
    if key == "round":
        _set_round(a, whole_number(value, "a round", 1, ROUNDS))
    elif key in ("turn", "start", "first"):
        a[key] = _seat(value, players)
    elif head == "loc" and rest == "quarry":
        _set_quarry(a, _seats(value, players, EMPTY))
    elif head == "loc" and rest in LOCATION and (expert or not LOCATION[rest].expert):
        _set_location(a, rest, NO_ONE if value.lower() == EMPTY else _seat(value, players))
    elif head in ("will", "pawns", "coins", "statues", "books") and _is_seat_text(rest, players):
        s = int(rest)
        if head == "will":
            a["will"][s] = whole_number(value, "a number of Will", 0, None)
        elif head == "pawns":
            a["pawns"][s] = whole_number(value, "a number of Action pawns", 0, PAWNS)
            _fix_turn(a)
        else:
            a["items"][s][head] = whole_number(value, f"a number of {head.capitalize()}", 0, STOCK[head])
    elif key in LEGACY_WORDS:
        _set_legacy(a, key, _holder(value, players))
    elif key.startswith("released_") and key[9:] in LEGACY_WORDS:
        _set_releaser(a, key[9:], NO_ONE if value.lower() == NOBODY else _seat(value, players))
    elif key == "medal" and expert:
        a["medal"] = _holder(value, players)
    elif head == "mem" and _slot_of_key(rest) is not None:
        _set_memory(a, _slot_of_key(rest), _code(value, expert))
    elif key == "ninth" and expert:
        _set_ninth(a, _code(value, expert))
    elif head == "seen" and _slot_of_key(rest) is not None:
        owner, slot = divmod(_slot_of_key(rest), 2)
        _set_seen(a, owner, slot, _seats(value, players, NOBODY))
    elif key == "public":
        a["public"] = [[o, SLOTS[sl]] for o, sl in _slots(value, players)]
    elif key == "veiled":
        a["veiled"] = _seats(value, players, NOBODY, ordered=False)
    elif key == "looks":
        a["looks"] = _looks(value, players)
    elif key == "changed":
        a["changed"] = _seats(value, players, NOBODY, ordered=False)
        _fit_pawns(a)
    else:
        raise ValueError(f"Code of Nine has no part {key!r} to change here")
    return a


# --- the changes -------------------------------------------------------------------------------------------------

def _set_round(a: dict, r: int) -> None:
    """The Round marker moves: pawns on locations closed in round ``r`` go back to their players, looks of the
    record from later rounds count as this round's, and no one keeps more pawns than the round allows."""
    a["round"] = r
    for key in [k for k in a["placed"] if k != "quarry"]:
        loc = LOCATION.get(key)
        if loc is not None and not loc.first <= r <= loc.last:
            _give_pawn(a, a["placed"].pop(key), 1)
    a["looks"] = [[min(look[0], r), *look[1:]] if type(look[0]) is int else look for look in a["looks"]]
    _fit_pawns(a)


def _set_location(a: dict, key: str, who: int) -> None:
    """A pawn of ``who`` (NO_ONE: none) on location ``key``: the one there goes back to its player, the new one
    comes from ``who``'s pawns left; the placement's lasting effects follow (see the module docstring)."""
    old = a["placed"].pop(key, None)
    if old is not None:
        _give_pawn(a, old, 1)
    if who != NO_ONE:
        a["placed"][key] = who
        _give_pawn(a, who, -1)
        effect = SIDE_EFFECTS.get(key)
        if effect in LEGACY_WORDS:
            a[effect] = who
            a["released"][effect] = who
        elif effect == "start":
            a["start"] = who
    if SIDE_EFFECTS.get(key) == "veiled":  # only this location veils, and it takes one pawn a round
        a["veiled"] = [] if who == NO_ONE else [who]
    _fix_turn(a)


def _set_quarry(a: dict, seats: list) -> None:
    """Quarry of Wills holds the pawns of ``seats`` (in placement order); each player's pawns left follow."""
    old = list(a["placed"].get("quarry") or [])
    for s in range(a["players"]):
        _give_pawn(a, s, old.count(s) - seats.count(s))
    a["placed"]["quarry"] = seats
    _fix_turn(a)


def _set_legacy(a: dict, key: str, holder: int) -> None:
    """The Legacy ``key`` goes to ``holder`` (NO_ONE: back on the board, released by nobody); taken from the board,
    it is released by its new holder."""
    if holder == NO_ONE:
        a["released"][key] = NO_ONE
    elif a[key] == NO_ONE or a["released"].get(key, NO_ONE) == NO_ONE:
        a["released"][key] = holder
    a[key] = holder


def _set_releaser(a: dict, key: str, who: int) -> None:
    """``who`` released the Legacy ``key`` (NO_ONE: nobody, and it lies on the board); a Legacy still on the board
    goes to the one who releases it."""
    a["released"][key] = who
    if who == NO_ONE:
        a[key] = NO_ONE
    elif a[key] == NO_ONE:
        a[key] = who


def _set_memory(a: dict, s: int, code: int) -> None:
    """Memory ``code`` goes into slot ``s``: from another slot (the two swap), from the Ninth (which takes the old
    card), or from the box."""
    mem = a["memories"]
    old = mem[s]
    if code in mem:
        t = mem.index(code)
        mem[s], mem[t] = code, old
    else:
        if code == a["ninth"]:
            a["ninth"] = old
        mem[s] = code


def _set_ninth(a: dict, code: int) -> None:
    """Memory ``code`` becomes the Ninth: from a slot (which takes the old Ninth) or from the box."""
    mem = a["memories"]
    if code in mem:
        mem[mem.index(code)] = a["ninth"]
    a["ninth"] = code


def _set_seen(a: dict, owner: int, slot: int, viewers: list) -> None:
    """Exactly ``viewers`` have seen the card in ``owner``'s ``slot``; the record of looks gains a look (this
    round) for a new viewer and loses the looks of one who no longer has seen it."""
    entry = [owner, SLOTS[slot]]
    for v in range(a["players"]):
        entries = [e for e in a["seen"].get(str(v), []) if list(e) != entry]
        recorded = [look for look in a["looks"] if list(look[1:]) == [v, owner, SLOTS[slot]]]
        if v in viewers:
            entries.append(entry)
            if not recorded:
                a["looks"].append([a["round"], v, owner, SLOTS[slot]])
        else:
            a["looks"] = [look for look in a["looks"] if look not in recorded]
        a["seen"][str(v)] = sorted(entries, key=lambda e: (e[0], SLOTS.index(e[1]) if e[1] in SLOTS else 2))


def _give_pawn(a: dict, seat: int, n: int) -> None:
    """``seat`` gets ``n`` Action pawns back (a negative ``n``: places them), never fewer than none."""
    if type(seat) is int and 0 <= seat < len(a["pawns"]) and type(a["pawns"][seat]) is int:
        a["pawns"][seat] = max(0, a["pawns"][seat] + n)


def _fit_pawns(a: dict) -> None:
    """No one keeps more pawns than the round leaves them (3, or 2 in round 1 for a changer) beside those placed."""
    used = [0] * a["players"]
    for key, who in a["placed"].items():
        for w in (who if key == "quarry" else [who]):
            if type(w) is int and 0 <= w < a["players"]:
                used[w] += 1
    for s in range(a["players"]):
        most = PAWNS - (1 if a["round"] == 1 and s in a["changed"] else 0) - used[s]
        if type(a["pawns"][s]) is int and a["pawns"][s] > most:
            a["pawns"][s] = max(0, most)
    _fix_turn(a)


def _fix_turn(a: dict) -> None:
    """Who places next must have a pawn left: if they have none, the next seat clockwise that has one."""
    pawns, players, turn = a["pawns"], a["players"], a["turn"]
    if type(turn) is not int or not 0 <= turn < players or pawns[turn]:
        return
    a["turn"] = next(((turn + k) % players for k in range(1, players) if pawns[(turn + k) % players]), turn)


# --- values in words ---------------------------------------------------------------------------------------------

def _full(args, game) -> dict:
    """A fresh copy of ``args`` with every keyword of ``position()`` present (its defaults where one is missing)."""
    a = copied(args)
    a.setdefault("players", game.players)
    a.setdefault("expert", bool(game.options.get("expert", False)))
    players = a["players"] = a["players"] if a["players"] in (3, 4) else 4
    a.setdefault("round", 1)
    a.setdefault("start", 0)
    a.setdefault("first", a["start"])
    a.setdefault("memories", [])
    a.setdefault("ninth", None)
    if a.get("will") is None:
        a["will"] = [START_WILL[(s - a["start"]) % players] if type(a["start"]) is int else 0 for s in range(players)]
    a["items"] = a.get("items") or [{} for _ in range(players)]
    for held in a["items"]:
        for key in STOCK:
            held.setdefault(key, 0)
    a.setdefault("white", NO_ONE)
    a.setdefault("black", NO_ONE)
    a.setdefault("medal", NO_ONE if a["expert"] else BOXED)
    released = a.get("released") or {}
    a["released"] = {"white": released.get("white", a["white"]), "black": released.get("black", a["black"])}
    a["placed"] = a.get("placed") or {}
    a["placed"].setdefault("quarry", [])
    a["seen"] = {str(v): list(entries) for v, entries in (a.get("seen") or {}).items()}
    for name in ("veiled", "changed", "public"):
        a[name] = list(a.get(name) or [])
    if a.get("looks") is None:
        a["looks"] = [[a["round"], int(v), o, slot] for v, entries in a["seen"].items() if v.isdigit()
                      for o, slot in entries]
    if a.get("pawns") is None:  # position()'s default: what the round allows beside the pawns placed
        a["pawns"] = [PAWNS] * players
        _fit_pawns(dict(a, turn=None))
    if a.get("turn") is None:
        a["turn"] = a["start"]
        _fix_turn(a)
    return a


def _at(values, i: int, default):
    return values[i] if isinstance(values, list) and 0 <= i < len(values) else default


def _pool(expert: bool) -> tuple:
    return EXPERT_CODES if expert else NORMAL_CODES


def _card(code) -> str:
    return f"Code {code:02d} ({MEMORIES[code].name})"


def _seat_word(seat, none: str = "") -> str:
    return SEATS[seat] if type(seat) is int and 0 <= seat < len(SEATS) else none


def _holder_word(value) -> str:
    return ON_BOARD if value == NO_ONE else _seat_word(value)


def _owner_name(owner: int, players: int) -> str:
    return GHOST if owner == 3 and players == 3 else SEATS[owner]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _slot_words(owner: int, slot: int, players: int) -> str:
    return f"{_owner_name(owner, players)}'s {SLOTS[slot]}"


def _slot_key(owner: int, slot: int) -> str:
    return f"mem:{owner}:{SLOTS[slot].lower()}"


def _slot_of_key(rest: str):
    """The slot number of ``"<owner>:<shoal|abyss>"`` (None if it is not one)."""
    owner, _, slot = rest.partition(":")
    if owner in ("0", "1", "2", "3") and slot in ("shoal", "abyss"):
        return 2 * int(owner) + (slot == "abyss")
    return None


def _seats_value(seats, none: str) -> str:
    return ", ".join(_seat_word(s, str(s)) for s in seats) or none


def _subset_choices(seats) -> tuple:
    seats = list(seats)
    return (NOBODY,) + tuple(", ".join(SEATS[s] for s in combo) for n in range(1, len(seats) + 1)
                             for combo in combinations(seats, n))


def _seen_sets(a: dict) -> dict:
    """Per seat, the (owner, slot number) pairs it has seen."""
    out = {}
    for v, entries in a["seen"].items():
        if v.isdigit():
            out[int(v)] = {(e[0], SLOTS.index(e[1])) for e in entries
                           if isinstance(e, list) and len(e) == 2 and e[1] in SLOTS}
    return out


def _slots_value(entries, players: int) -> str:
    words = [_slot_words(e[0], SLOTS.index(e[1]), players) for e in entries
             if isinstance(e, list) and len(e) == 2 and e[0] in range(4) and e[1] in SLOTS]
    return ", ".join(words) or NONE


def _looks_value(looks, players: int) -> str:
    words = [f"Round {r}: {_seat_word(v, str(v))} looks at {_slot_words(o, SLOTS.index(sl), players)}"
             for r, v, o, sl in (look for look in looks if isinstance(look, list) and len(look) == 4)
             if o in range(4) and sl in SLOTS]
    return "; ".join(words) or NONE


# --- reading values ----------------------------------------------------------------------------------------------

def _is_seat_text(text: str, players: int) -> bool:
    return text.isascii() and text.isdigit() and int(text) < players


def _seat(value: str, players: int) -> int:
    """The seat named ``value`` (Red, Blue, ...)."""
    for s in range(players):
        if value.lower() == SEATS[s].lower():
            return s
    raise ValueError(f"{value!r} is not a player of this game ({', '.join(SEATS[:players])})")


def _holder(value: str, players: int) -> int:
    """Where a Legacy or the Medal is: a seat or NO_ONE (on the board)."""
    if value.lower() in (ON_BOARD, "board"):
        return NO_ONE
    try:
        return _seat(value, players)
    except ValueError:
        raise ValueError(f"{value!r} is not a player of this game nor {ON_BOARD!r}") from None


def _seats(value: str, players: int, none: str, ordered: bool = True) -> list:
    """Seats named in ``value``, separated by commas (``none``: no seat); ``ordered``: as written (repeats too),
    else each once in seat order."""
    if value.lower() in (none, "", NOBODY, NONE, EMPTY):
        return []
    seats = [_seat(word.strip(), players) for word in re.split(r"[,;]", value) if word.strip()]
    return seats if ordered else sorted(set(seats))


def _code(value: str, expert: bool) -> int:
    """The Memory code written in ``value`` ("Code 05 (The small figure)", "Code 5", "05"), of this game's deck."""
    match = CODE_RE.match(value.strip())
    pool = _pool(expert)
    if not match or int(match.group(1)) not in pool:
        raise ValueError(f"{value!r} is not a Memory card of this game's deck (Code 01 to Code {pool[-1]:02d})")
    return int(match.group(1))


def _owner(text: str, players: int) -> int:
    """The owner of a Memory slot named ``text``: a seat, or the Ghost (with 3 players)."""
    words = text.strip().lower()
    if players == 3 and words in ("the ghost", "ghost"):
        return 3
    return _seat(text.strip(), players)


def _slot(text: str, players: int) -> tuple:
    """(owner, slot number) of "Blue's Shoal" or "the Ghost's Abyss"."""
    match = SLOT_RE.match(text.strip())
    if not match:
        raise ValueError(f"{text.strip()!r} is not a Memory slot (write it as Blue's Shoal or Red's Abyss)")
    return _owner(match.group(1), players), SLOTS.index(match.group(2).capitalize())


def _slots(value: str, players: int) -> list:
    if value.lower() in (NONE, "", NOBODY):
        return []
    out = []
    for word in value.split(","):
        if word.strip():
            pair = _slot(word, players)
            if pair not in out:
                out.append(pair)
    return out


def _looks(value: str, players: int) -> list:
    """The record of looks written as ``SYNTAX_LOOKS`` says."""
    if value.lower() in (NONE, ""):
        return []
    out = []
    for entry in re.split(r"[;\n]", value):
        if not entry.strip():
            continue
        match = LOOK_RE.match(entry.strip())
        if not match:
            raise ValueError(f"{entry.strip()!r} is not a look (write it as 'Round 2: Red looks at Blue's Shoal')")
        owner, slot = _slot(match.group(3), players)
        out.append([int(match.group(1)), _seat(match.group(2), players), owner, SLOTS[slot]])
    return out
