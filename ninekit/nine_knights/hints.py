"""Nine Knights' hint in words: what the suggested Knight and field achieve by the rules (a fight it wins, a
Goal Token it reaches or guards, a threat it answers), from what the seat may know (see :mod:`ninekit.hints`).
"""

from __future__ import annotations

import random

from ..core import Move, State
from . import rules
from .bots import threat
from .data import COLUMNS, DUTY, HOME_ROW, INDEX, SIDES

# --- data tables -------------------------------------------------------------------------------------------

# why the Duty Tokens of a group go in an order the opponent cannot guess
DUTY_REASON = ("each group needs one Archer, one Warrior and one Ranger, and the opponent sees only the types, "
           "so an order they cannot guess keeps your numbers secret")


def _distance(a: str, b: str) -> int:
    """King steps between two squares (a Knight moves one field in any of the 8 directions)."""
    (ra, ca), (rb, cb) = divmod(INDEX[a], 9), divmod(INDEX[b], 9)
    return max(abs(ra - rb), abs(ca - cb))


def _goal_square(view: dict, side: int, duty: int) -> str:
    """The square of ``side``'s Goal Token ``duty`` (on ``side``'s home rank)."""
    return f"{COLUMNS[view['goals'][side].index(duty)]}{HOME_ROW[side]}"


def _possible(view: dict, knight: dict) -> list:
    """The Duty numbers a Knight may carry, as far as the viewer knows."""
    if knight["duty"] is not None:
        return [knight["duty"]]
    known = {k["duty"] for k in view["knights"] + view["fallen"] + [w for s in view["waiting"] for w in s]
             if k["colour"] == knight["colour"] and k["duty"] is not None}
    return [d for d in range(1, 10) if d not in known]


def _threat(view: dict, seat: int, knight: dict, reach: int = 2) -> str | None:
    """Words for the threat an enemy ``knight`` poses to ``seat``'s Goal Tokens within ``reach`` moves."""
    near = []
    for duty in _possible(view, knight):
        d = _distance(knight["square"], _goal_square(view, seat, duty))
        if d <= reach:
            near.append((d, duty))
    if not near:
        return None
    d, duty = min(near)
    goal = f"{SIDES[seat]}'s Goal Token {duty}"
    when = "next turn" if d == 1 else "in two moves"
    if knight["duty"] is None and len({duty for _d, duty in near}) > 1:
        goal = f"one of {SIDES[seat]}'s Goal Tokens"
    return f"a Knight that {'may' if knight['duty'] is None else 'could'} reach {goal} {when}"


def _fight(view: dict, seat: int, mine: dict, theirs: dict) -> tuple[str, str] | None:
    """(winner, rule) of our Knight ``mine`` attacking ``theirs``, if the numbers are known."""
    if theirs["duty"] is None:
        return None
    own, other = view["hidden_tokens"][seat], view["hidden_tokens"][1 - seat]
    return rules.fight_reason(mine["duty"], theirs["duty"],
                           attacker_hidden=own if own == mine["duty"] else None,
                           defender_hidden=other if view["hidden_revealed"][1 - seat] else None)


def _step(view: dict, seat: int, frm: str, to: str) -> str | None:
    """Why moving our Knight on ``frm`` to ``to`` is good, from the seat's view."""
    knights = {k["square"]: k for k in view["knights"]}
    mine = knights[frm]
    duty, enemy = mine["duty"], SIDES[1 - seat]
    goal = _goal_square(view, 1 - seat, duty)
    if to == goal:
        return f"it reaches {enemy}'s Goal Token {duty} and wins the game"
    target = knights.get(to)
    block = _block(view, knights, seat, frm, to) if target is None else None
    if block is not None:
        return block
    if target is not None:
        threat = _threat(view, seat, target)
        danger = f", taking out {threat}" if threat is not None else ""
        result = _fight(view, seat, mine, target)
        if result is None:
            return f"it attacks {enemy}'s {target['type']} on {to}, whose number is still secret{danger}"
        winner, rule = result
        outcome = "wins" if winner == "attacker" else "loses"
        return f"it attacks {enemy}'s Knight {target['duty']} on {to} and {outcome} the fight ({rule}){danger}"
    for k in view["knights"]:  # stepping away from an enemy Knight known to beat it
        if k["owner"] != seat and k["duty"] is not None and _distance(k["square"], frm) == 1 \
                and _distance(k["square"], to) > 1:
            won = rules.fight(k["duty"], duty, defender_hidden=view["hidden_tokens"][seat]
                           if view["hidden_tokens"][seat] == duty else None)
            if won == "attacker":
                return f"it steps out of reach of {enemy}'s Knight {k['duty']}, which would beat it"
    before, after = _distance(frm, goal), _distance(to, goal)
    if after == 1:
        return f"next turn it can reach {enemy}'s Goal Token {duty} on {goal}"
    if after < before:
        return f"it advances toward {enemy}'s Goal Token {duty} on {goal} ({after} steps away now)"
    return None


def _block(view: dict, knights: dict, seat: int, frm: str, to: str) -> str | None:
    """Words for a step onto an empty field that stops an enemy Knight of known number from reaching our
    Goal Token (the bots' own measure of the threat, :func:`~ninekit.nine_knights.bots.threat`), else None."""
    before = threat(knights, view, seat)
    if not before:
        return None
    after = {square: k for square, k in knights.items() if square != frm}
    after[to] = {**knights[frm], "square": to}
    if threat(after, view, seat) >= before:
        return None
    home = SIDES[seat]
    near = [(_distance(k["square"], _goal_square(view, seat, k["duty"])), k["duty"], k["square"])
            for k in knights.values() if k["owner"] != seat and k["duty"] is not None]
    _d, duty, square = min(near)
    return f"it guards {home}'s Goal Token {duty} against {SIDES[1 - seat]}'s Knight {duty} on {square}"


def _start(view: dict, seat: int, duty: int, square: str, verb: str) -> str:
    goal = _goal_square(view, 1 - seat, duty)
    return f"Knight {duty} {verb} {square}, {_distance(square, goal)} steps from {SIDES[1 - seat]}'s " \
           f"Goal Token {duty} on {goal}"


def explain(state: State, seat: int, move: Move, bot, seed: int):
    """Why ``move`` (the computer player's suggestion for ``seat``) is good, by the rules of Nine Knights, and the
    whole turn in words where ``move`` is one step of it: ``(reason or None, words or "")``.

    >>> import ninekit
    >>> s = ninekit.make("nine_knights").new(1)
    >>> explain(s, s.to_move, s.legal_moves()[0], None, 1)[0].startswith("each group needs one Archer")
    True
    """
    view = state.view(seat)
    kind = move.kind
    if kind == "select":
        world = state.determinize(seat, random.Random(seed)).play(move)
        to = bot.choose(world)
        if to.kind != "to":
            return None, ""
        frm = move.args[0]
        duty = {k["square"]: k for k in view["knights"]}[frm]["duty"]
        return _step(view, seat, frm, to.args[0]), f"Move Knight {duty} from {frm} to {to.args[0]}"
    if kind == "to":
        frm = view["selected"]
        duty = {k["square"]: k for k in view["knights"]}[frm]["duty"]
        return _step(view, seat, frm, move.args[0]), f"Move Knight {duty} to {move.args[0]}"
    if kind == "duty":
        return DUTY_REASON, ""
    if kind in ("pick", "summon"):
        duty = DUTY[move.args[0]]
        goal = _goal_square(view, 1 - seat, duty)
        when = "goes onto the board now" if kind == "pick" else "comes back onto the board"
        return f"Knight {duty} {when}; it wins by reaching {SIDES[1 - seat]}'s Goal Token {duty} on {goal}", ""
    if kind in ("place", "summon_to"):
        duty = view["pending_knight"]["duty"]
        return _start(view, seat, duty, move.args[0], "starts on" if kind == "place" else "re-enters on"), ""
    if kind in ("reveal", "keep"):
        token = view["hidden_tokens"][seat]
        fight = view["fight"]
        mine = fight["attacker"] if fight["attacker"]["owner"] == seat else fight["defender"]
        if kind == "reveal":
            return f"your Hidden Token {token} matches Knight {mine['duty']}, so it beats the 8", ""
        if token != mine["duty"]:
            return f"your Hidden Token {token} is not {mine['duty']}, so it cannot help in this fight", ""
    return None, ""
