"""Editing a Nine Knights position part by part (see :mod:`ninekit.editing`): what ``position()`` takes.

The parts: each square of the board (a Knight or empty; on the two home ranks, the Goal Token instead), each
Knight's place off the board (waiting, fallen, set aside; a waiting Knight is clicked in its Waiting Area, board id
``wait-S4``) and whether its Duty number is revealed, each group's Duty Tokens (which type has which number), the
Hidden Tokens, who moves, and the quiet moves so far. A Knight put on a square leaves the place it had (two Knights
on the board swap squares); a Goal Token put on a field swaps with the one there. Positions are edited at the start
of a turn of the Movement Phase, the positions ``position()`` builds. The banner of the fight just before is
history, not position: an edited position has none.

>>> from ninekit.editing import empty_table
>>> import ninekit
>>> d = empty_table(ninekit.make("nine_knights")).set("c5", "S4")
>>> d.state.prompt, d.part("c5").value, d.part("place S4").value
('South: choose a Knight to move', 'S4', 'on c5')
"""

from __future__ import annotations

from ..core import State, brief
from ..editing import Part, copied, whole_number
from .data import COLUMNS, HIDDEN_TOKENS, HOME_ROW, INDEX, KNIGHT_IDS, KNIGHT_TYPES, ORDERS, ROWS, SIDES, SQUARES

EMPTY = "empty"
OFF_BOARD = ("waiting", "fallen", "set aside")  # a Knight's places off the board
SECRET, REVEALED = "secret", "revealed"
FIRST_SQUARES = ("e2", "e9")  # the emptiest table: one Knight each in front of its home rank, the rest waiting
NOT_EDITABLE = ("A Nine Knights position can be edited at the start of a turn of the Movement Phase, when a "
                "player is about to choose a Knight; go back or forward to one")


def args_of(state: State) -> dict:
    """The keywords of ``position()`` that rebuild ``state`` (at the start of a Movement Phase turn).

    >>> from ninekit.nine_knights.rules import position
    >>> args_of(position({"c3": "S4", "e8": "N2"}, to_move=1))["to_move"]
    1
    """
    pos = state.position
    if pos.phase != "movement" or pos.result is not None or pos.step[:1] != ("select",) or \
            any(order is None for side in pos.orders for order in side):
        raise ValueError(NOT_EDITABLE)
    return {"knights": {SQUARES[i]: k for i, k in enumerate(pos.board) if k is not None},
            "to_move": pos.turn, "orders": [list(side) for side in pos.orders],
            "goals": [list(side) for side in pos.goals], "hidden": list(pos.hidden),
            "hidden_revealed": list(pos.hidden_shown), "waiting": [list(side) for side in pos.waiting],
            "fallen": list(pos.fallen), "revealed": sorted(pos.revealed), "defected": sorted(pos.defected),
            "defection": pos.defection, "quiet_limit": pos.quiet_limit, "quiet": pos.quiet,
            "first": pos.first, "first_drawn": pos.first_drawn}


def empty(game) -> dict:
    """The emptiest table: one Knight of each side on the board (a side with none has lost), the rest waiting.

    >>> import ninekit
    >>> empty(ninekit.make("nine_knights"))["knights"]
    {'e2': 'S1', 'e9': 'N1'}
    """
    options = game.options
    return {"knights": {FIRST_SQUARES[0]: "S1", FIRST_SQUARES[1]: "N1"}, "to_move": 0,
            "orders": [["AWR"] * 3, ["AWR"] * 3], "goals": [list(range(1, 10)), list(range(1, 10))],
            "hidden": [1, 2], "hidden_revealed": [False, False],
            "waiting": [[k for k in KNIGHT_IDS if k[0] == side and k[1:] != "1"] for side in "SN"],
            "fallen": [], "revealed": [], "defected": [], "defection": bool(options.get("defection")),
            "quiet_limit": int(options.get("quiet_limit", 60)), "quiet": 0}


def _home_side(square: str) -> int | None:
    """The side whose home rank (Goal Token fields) ``square`` is on, or None."""
    row = int(square[1:])
    return HOME_ROW.index(row) if row in HOME_ROW else None


def _where(args: dict, knight: str) -> str:
    """Where ``knight`` is: ``on <square>``, or one of :data:`OFF_BOARD`."""
    for square, k in args["knights"].items():
        if k == knight:
            return f"on {square}"
    if any(knight in side for side in args["waiting"]):
        return "waiting"
    return "fallen" if knight in args["fallen"] else "set aside"


def _knight_words(args: dict, knight: str) -> str:
    side = "SN".index(knight[0])
    duty = int(knight[1:])
    kind = KNIGHT_TYPES[args["orders"][side][(duty - 1) // 3][(duty - 1) % 3]]
    return f"{SIDES[side]}'s {kind} {duty}"


def parts(args: dict, game) -> list[Part]:
    """Everything that can be changed: the squares (home ranks: their Goal Tokens), each Knight, the Duty
    Tokens, the Hidden Tokens, who moves and the quiet moves.

    >>> import ninekit
    >>> p = parts(empty(ninekit.make("nine_knights")), None)
    >>> [(x.label, x.value) for x in p if x.key in ("e2", "a1", "place N5", "who moves")]
    [('e2', 'S1'), ('a1', '1'), ("North's Warrior 5 (N5)", 'waiting'), ('Who moves', 'South')]
    """
    knights = args["knights"]
    on_board = (EMPTY, *KNIGHT_IDS)
    out = []
    for row in range(ROWS, 0, -1):
        for column, letter in enumerate(COLUMNS):
            square = f"{letter}{row}"
            side = _home_side(square)
            if side is not None:
                out.append(Part(square, f"{SIDES[side]}'s Goal Tokens", square, str(args["goals"][side][column]),
                                tuple(str(n) for n in range(1, 10)), board=square))
            else:
                out.append(Part(square, "Board", square, knights.get(square, EMPTY), on_board, board=square))
    for knight in KNIGHT_IDS:
        side = SIDES["SN".index(knight[0])]
        where = _where(args, knight)
        label = f"{_knight_words(args, knight)} ({knight})"
        out.append(Part(f"place {knight}", f"{side}'s Knights", label, where,
                        tuple(dict.fromkeys((where, *OFF_BOARD))), board=f"wait-{knight}" * (where == "waiting")))
        out.append(Part(f"duty {knight}", f"{side}'s Knights", f"{knight}'s Duty number",
                        REVEALED if knight in args["revealed"] else SECRET, (SECRET, REVEALED)))
        if args["defection"]:
            out.append(Part(f"won over {knight}", f"{side}'s Knights", f"{knight} won over (Defection)",
                            "yes" if knight in args["defected"] else "no", ("no", "yes")))
    for side, name in enumerate(SIDES):
        for group in range(3):
            numbers = f"{3 * group + 1}-{3 * group + 3}"
            out.append(Part(f"duty tokens {name} {group + 1}", "Duty Tokens", f"{name}'s Knights {numbers}",
                            args["orders"][side][group], ORDERS,
                            syntax="the types of the three numbers in order: A Archer, W Warrior, R Ranger"))
    for side, name in enumerate(SIDES):
        out.append(Part(f"hidden token {name}", "Hidden Tokens", f"{name}'s Hidden Token", str(args["hidden"][side]),
                        tuple(str(n) for n in HIDDEN_TOKENS)))
        out.append(Part(f"hidden shown {name}", "Hidden Tokens", f"{name}'s Hidden Token is",
                        REVEALED if args["hidden_revealed"][side] else SECRET, (SECRET, REVEALED)))
    out.append(Part("who moves", "Turn", "Who moves", SIDES[args["to_move"]], SIDES))
    out.append(Part("quiet", "Turn", "Quiet moves so far", str(args["quiet"]),
                    tuple(str(n) for n in range(args["quiet_limit"]))))
    return out


def _without(args: dict, knight: str) -> dict:
    """``args`` with ``knight`` taken from wherever it is (it is then set aside)."""
    args["knights"] = {sq: k for sq, k in args["knights"].items() if k != knight}
    args["waiting"] = [[k for k in side if k != knight] for side in args["waiting"]]
    args["fallen"] = [k for k in args["fallen"] if k != knight]
    return args


def set_part(args: dict, key: str, value: str, game) -> dict:
    """New keywords with part ``key`` set to ``value`` (``args`` is not changed).

    >>> import ninekit
    >>> a = set_part(empty(ninekit.make("nine_knights")), "e5", "S1", None)
    >>> a["knights"], set_part(a, "place S1", "waiting", None)["waiting"][0][-1]
    ({'e9': 'N1', 'e5': 'S1'}, 'S1')
    >>> set_part(a, "place X1", "waiting", None)
    Traceback (most recent call last):
    ...
    ValueError: 'X1' is not a Knight (S1-S9 are South's, N1-N9 North's)
    """
    new = copied(args)
    if key in INDEX:
        side = _home_side(key)
        if side is not None:
            goals = new["goals"][side]
            column, number = COLUMNS.index(key[0]), whole_number(value, "a Goal Token", 1, 9)
            other = goals.index(number)
            goals[column], goals[other] = goals[other], goals[column]
            return new
        if value == EMPTY:
            new["knights"].pop(key, None)
            return new
        _knight(value)
        was, old = _where(new, value), new["knights"].get(key)
        _without(new, value)
        if old is not None and old != value and was.startswith("on "):
            new["knights"][was[3:]] = old  # two Knights on the board swap squares
        new["knights"][key] = value
        return new
    kind, _, rest = key.rpartition(" ")
    if kind == "place":
        _knight(rest)
        if value not in OFF_BOARD:
            if value == _where(new, rest):
                return new
            raise ValueError(f"{brief(value)} is not a place off the board ({', '.join(OFF_BOARD)}); to put "
                             f"{rest} on a square, choose it on that square")
        _without(new, rest)
        if value == "waiting":
            new["waiting"]["SN".index(rest[0]) ^ (rest in new["defected"])].append(rest)
        elif value == "fallen":
            new["fallen"].append(rest)
        return new
    if kind in ("duty", "won over"):
        _knight(rest)
        field = "revealed" if kind == "duty" else "defected"
        on = value == (REVEALED if kind == "duty" else "yes")
        if value not in ((SECRET, REVEALED) if kind == "duty" else ("no", "yes")):
            raise ValueError(f"{brief(value)} is not a choice for {key}")
        new[field] = sorted(set(new[field]) - {rest} | ({rest} if on else set()))
        return new
    if key.startswith("duty tokens "):
        name, _, group = key[len("duty tokens "):].rpartition(" ")
        if name not in SIDES or group not in ("1", "2", "3") or value not in ORDERS:
            raise ValueError(f"{brief(value)} is not an order of the types A, W, R for {key}")
        new["orders"][SIDES.index(name)][int(group) - 1] = value
        return new
    if kind in ("hidden token", "hidden shown") and rest in SIDES:
        side = SIDES.index(rest)
        if kind == "hidden token":
            number = whole_number(value, "a Hidden Token", min(HIDDEN_TOKENS), max(HIDDEN_TOKENS))
            other = 1 - side
            if new["hidden"][other] == number:  # the two sides hold different tokens: they swap
                new["hidden"][other] = new["hidden"][side]
            new["hidden"][side] = number
        elif value in (SECRET, REVEALED):
            new["hidden_revealed"][side] = value == REVEALED
        else:
            raise ValueError(f"{brief(value)} is not a choice for {key} ({SECRET} or {REVEALED})")
        return new
    if key == "who moves":
        if value not in SIDES:
            raise ValueError(f"{brief(value)} is not a side (South or North)")
        new["to_move"] = SIDES.index(value)
        return new
    if key == "quiet":
        new["quiet"] = whole_number(value, "a count of quiet moves", 0, new["quiet_limit"] - 1)
        return new
    raise ValueError(f"Nine Knights has no part {brief(key)}")


def _knight(knight: str) -> None:
    if knight not in KNIGHT_IDS:
        raise ValueError(f"{brief(knight)} is not a Knight (S1-S9 are South's, N1-N9 North's)")
