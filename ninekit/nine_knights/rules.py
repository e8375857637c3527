"""Nine Knights: move a Knight onto the enemy Goal Token of its own Duty number.

Two players, South (seat 0, home rank 1) and North (seat 1, home rank 10), on a
board of 9 columns ``a``-``i`` by 10 rows; the first player is chosen at random
from the seed (option ``first``: ``"random"``, ``"South"`` or ``"North"``).
Each side has nine Knights (three Archers, Warriors and Rangers) carrying
secret Duty Tokens 1-9, one secret Hidden Token 1-5, and nine Goal Tokens 1-9
on its home rank.  Fights compare Duty numbers with three special cases (a
difference of 1, 1 against 9, a revealed Hidden Token against an 8).

Rules: the Nine Knights rulebook; the board layout, placement order, Hidden
Token range and the ``quiet_limit`` draw come from the project's rulings
(the board is *reconstructed* from a public description, and the draw is a
software house rule).

    >>> import ninekit
    >>> from ninekit.nine_knights import fight, position
    >>> fight(3, 4), fight(1, 9), fight(2, 8, attacker_hidden=2)
    ('attacker', 'attacker', 'attacker')
    >>> s = position({"c3": "S4", "d4": "N5", "e8": "N9"})
    >>> s = s.play(s.game.parse_move({"kind": "select", "args": ["c3"]}))
    >>> s = s.play(s.game.parse_move({"kind": "to", "args": ["d4"]}))
    >>> s.log(None)[-1].split(" on d4: ")[1]
    '4 beats 5 (a difference of 1: the lower number wins)'
"""


from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import compress

from ..core import Move, Option, Outcome, Rules, State, int_between, make, register
from .data import (
    COLOUR,
    COLUMNS,
    DUTY,
    FIRST_CHOICES,
    GOAL_STEPS,
    GROUPS,
    HIDDEN_TOKENS,
    HOME_ROW,
    INDEX,
    KNIGHT_IDS,
    KNIGHT_TYPES,
    NEIGHBOURS,
    ORDERS,
    PLACEMENT_ORDER,
    PLACEMENT_ROWS,
    ROWS,
    RULES_SUMMARY,
    SAVE_DEFAULTS,
    SIDES,
    SQUARES,
    STEPS,
    SUMMONING_FIELDS,
    row_of,
)

_ALL_SQUARES = range(len(SQUARES))


# --- fights ----------------------------------------------------------------------


def fight_reason(attacker: int, defender: int, *, attacker_hidden: int | None = None,
                 defender_hidden: int | None = None) -> tuple[str, str]:
    """Decide a fight between Duty numbers and say which rule decided it.

    ``*_hidden`` is that side's Hidden Token if its owner reveals it.

    >>> fight_reason(6, 7)
    ('attacker', 'a difference of 1: the lower number wins')
    >>> fight_reason(8, 2, defender_hidden=2)
    ('defender', 'a revealed Hidden Token 2 on Knight 2 beats an 8')
    """
    for value in (attacker, defender):
        if type(value) is not int or not 1 <= value <= 9:
            raise ValueError(f"Duty numbers are 1 to 9 (got {value!r})")
    for value in (attacker_hidden, defender_hidden):
        if value is not None and (type(value) is not int or value not in HIDDEN_TOKENS):
            raise ValueError(f"Hidden Tokens are 1 to 5 (got {value!r})")
    if attacker_hidden == attacker and defender == 8:
        return "attacker", f"a revealed Hidden Token {attacker} on Knight {attacker} beats an 8"
    if defender_hidden == defender and attacker == 8:
        return "defender", f"a revealed Hidden Token {defender} on Knight {defender} beats an 8"
    if {attacker, defender} == {1, 9}:
        return ("attacker" if attacker == 1 else "defender"), "1 beats 9"
    if abs(attacker - defender) == 1:
        return ("attacker" if attacker < defender else "defender"), "a difference of 1: the lower number wins"
    if attacker == defender:
        return "attacker", "equal numbers: the attacker wins"
    return ("attacker" if attacker > defender else "defender"), "the higher number wins"


def fight(attacker: int, defender: int, *, attacker_hidden: int | None = None,
          defender_hidden: int | None = None) -> str:
    """``"attacker"`` or ``"defender"``: who wins a fight between these Duty numbers.

    >>> [fight(3, 4), fight(4, 3), fight(5, 5), fight(9, 1), fight(8, 9), fight(7, 9)]
    ['attacker', 'defender', 'attacker', 'defender', 'attacker', 'defender']
    >>> fight(2, 8), fight(2, 8, attacker_hidden=2), fight(2, 8, attacker_hidden=3)
    ('defender', 'attacker', 'defender')
    """
    return fight_reason(attacker, defender, attacker_hidden=attacker_hidden, defender_hidden=defender_hidden)[0]


# --- the position ----------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Everything true about a Nine Knights game at one moment (full truth).

    ``board`` holds a Knight id (``"S4"``: South's colour, Duty 4) or None per
    square; ``orders[side][group]`` says which type got which number;
    ``step`` is the pending decision as a tuple starting with its kind.
    """

    goals: tuple
    hidden: tuple
    hidden_shown: tuple
    orders: tuple
    board: tuple
    waiting: tuple
    fallen: tuple
    defected: frozenset
    revealed: frozenset
    phase: str
    turn: int
    step: tuple
    placed: int
    quiet: int
    fights: tuple  # per seat: (fights won, fights lost)
    result: tuple | None
    defection: bool
    quiet_limit: int
    # The last fight's public facts (JSON text, see ``_fight_record``), from the move that resolves
    # a fight until the next movement move; None before the first fight.
    last_fight: str | None = None
    # The first player's seat, and whether it was drawn at random (then the players learn it when the
    # Placement Phase starts, after the Duty Tokens, as in the rulebook's set-up) or fixed by option ``first``.
    first: int = 0
    first_drawn: bool = False


def _replace(pos: Position, **changes) -> Position:
    """``dataclasses.replace`` without re-running ``__init__`` (hot path of playouts)."""
    new = _new_position(Position)
    fields = new.__dict__
    fields.update(pos.__dict__)
    fields.update(changes)
    return new


_new_position = object.__new__


def owner(pos: Position, knight: str) -> int:
    """The seat that owns ``knight`` now (its colour, unless it defected).

    >>> owner(position({"a5": "S3", "b2": "S1"}, defected=["S3"], defection=True).position, "S3")
    1
    """
    return COLOUR[knight] ^ (knight in pos.defected)


def knight_type(pos: Position, knight: str) -> str:
    """``"Archer"``, ``"Warrior"`` or ``"Ranger"``: the type carrying this Duty Token.

    >>> knight_type(position({"a5": "S4", "i9": "N1"}).position, "S4")
    'Archer'
    """
    duty = DUTY[knight]
    return KNIGHT_TYPES[pos.orders[COLOUR[knight]][(duty - 1) // 3][(duty - 1) % 3]]


def _targets(pos: Position, i: int) -> list[int]:
    """Squares the Knight on square index ``i`` may move to."""
    knight = pos.board[i]
    seat = COLOUR[knight] ^ (knight in pos.defected)
    board, defected = pos.board, pos.defected
    out = []
    for t in STEPS[seat][i]:  # neighbours outside the own Goal row
        other = board[t]
        if other is None or COLOUR[other] ^ (other in defected) != seat:
            out.append(t)
    goals, duty = pos.goals[1 - seat], DUTY[knight]
    for t in GOAL_STEPS[seat][i]:  # neighbours on the opponent's Goal row (always empty)
        if goals[t % 9] == duty:
            out.append(t)
    return sorted(out) if GOAL_STEPS[seat][i] else out


def _why_not_to(pos: Position, i: int, t: int) -> str | None:
    """Why the Knight on ``i`` may not move to ``t`` (None: it may)."""
    knight = pos.board[i]
    seat = owner(pos, knight)
    if t not in NEIGHBOURS[i]:
        return f"A Knight moves one field in one of the 8 directions; {SQUARES[t]} is not next to {SQUARES[i]}"
    other = pos.board[t]
    if other is not None and owner(pos, other) == seat:
        return "You cannot move a Knight onto a field occupied by another Knight of yours"
    row = row_of(t)
    if row == HOME_ROW[seat]:
        return "A Knight may not enter its own side's Goal fields"
    goal = pos.goals[1 - seat][t % 9]
    if row == HOME_ROW[1 - seat] and goal != DUTY[knight]:
        return (f"A Knight may enter the opponent's Goal field only with the same Duty number "
                f"({SQUARES[t]} holds Goal Token {goal})")
    return None


def _own_squares(board: tuple, defected: frozenset, seat: int) -> list[int]:
    """Squares of ``seat``'s Knights on ``board``, in board order."""
    # compress(squares, board) keeps the occupied squares (a Knight id is truthy, None is not) at C speed:
    # at most 18 of the 90 are then looked at.
    if not defected:  # nobody changed sides: the colour says whose a Knight is
        return [i for i in compress(_ALL_SQUARES, board) if COLOUR[board[i]] == seat]
    return [i for i in compress(_ALL_SQUARES, board) if COLOUR[board[i]] ^ (board[i] in defected) == seat]


# The last answer of _movable_on, with its arguments, as one tuple (stored in one step, so threads never see a
# mixed one): a turn asks it twice on the same board (does the seat have a move? which Knights?).
_LAST_MOVABLE: list = [(None, None, None, None, ())]


def _movable(pos: Position, seat: int) -> tuple[int, ...]:
    """Squares of ``seat``'s Knights that have at least one legal move."""
    board, defected, enemy_goals = pos.board, pos.defected, pos.goals[1 - seat]
    last = _LAST_MOVABLE[0]
    if last[0] is board and last[3] == seat and last[1] is defected and last[2] is enemy_goals:
        return last[4]
    movable = _movable_on(board, defected, enemy_goals, seat)
    _LAST_MOVABLE[0] = (board, defected, enemy_goals, seat, movable)
    return movable


def _movable_on(board: tuple, defected: frozenset, enemy_goals: tuple, seat: int) -> tuple[int, ...]:
    own = _own_squares(board, defected, seat)
    all_closed = set(own).issuperset  # a Knight may not step onto its own side's Knights
    steps, goal_steps = STEPS[seat], GOAL_STEPS[seat]
    return tuple([
        i for i in own
        if not all_closed(steps[i])
        or (goal_steps[i] and any(enemy_goals[t % 9] == DUTY[board[i]] for t in goal_steps[i]))
    ])


def _on_board(pos: Position, seat: int) -> int:
    return len(_own_squares(pos.board, pos.defected, seat))


def _free_summoning_fields(pos: Position, seat: int) -> list[int]:
    return [INDEX[f] for f in SUMMONING_FIELDS[seat] if pos.board[INDEX[f]] is None]


def _reveal_chance(pos: Position, frm: int, to: int) -> int | None:
    """The seat that may reveal its Hidden Token in this fight, if any.

    Asked whenever the table cannot rule it out: the Knight facing an 8 has a
    Duty number a Hidden Token can show (1-5) and its owner's token is still
    secret.  Whether the token really matches stays secret until revealed.
    """
    a, d = pos.board[frm], pos.board[to]
    for knight, other in ((a, d), (d, a)):
        seat = owner(pos, knight)
        if DUTY[other] == 8 and DUTY[knight] in HIDDEN_TOKENS and not pos.hidden_shown[seat]:
            return seat
    return None


# --- moves -----------------------------------------------------------------------


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


def _duty_text(group: int, order: str) -> str:
    numbers = ", ".join(f"{KNIGHT_TYPES[t]} {group * 3 + n + 1}" for n, t in enumerate(order))
    return f"{GROUPS[group].split(' (')[0]}: {numbers}"


MOVE_TEXT = {
    "duty": lambda g, o: _duty_text(g, o),
    "pick": lambda k: f"Take Knight {DUTY[k]} from the Waiting Area",
    "place": lambda sq: f"Place the Knight on {sq}",
    "select": lambda sq: f"Choose the Knight on {sq}",
    "to": lambda sq: f"Move the chosen Knight to {sq}",
    "cancel": lambda: "Choose a different Knight",
    "reveal": lambda: "Reveal the Hidden Token",
    "keep": lambda: "Fight without revealing the Hidden Token",
    "summon": lambda k: f"Summon Knight {DUTY[k]}",
    "summon_to": lambda sq: f"Summon the Knight onto {sq}",
}
ARG_KINDS = {  # what each argument must be
    "duty": ("group", "order"), "pick": ("knight",), "place": ("square",), "select": ("square",),
    "to": ("square",), "cancel": (), "reveal": (), "keep": (), "summon": ("knight",), "summon_to": ("square",),
}


def _move(kind: str, *args) -> Move:
    return Move(kind, args, MOVE_TEXT[kind](*args))


def _knight_move(kind: str, knight: str, pos: Position) -> Move:
    """A pick/summon Move whose sentence names the Knight's type (and its colour, if won over)."""
    return _knight_move_of(kind, knight, knight_type(pos, knight), knight in pos.defected)


@cache  # at most 2 kinds x 18 Knights x 3 types x 2: each Move is built once
def _knight_move_of(kind: str, knight: str, type_name: str, won_over: bool) -> Move:
    text = f"{MOVE_TEXT[kind](knight)} ({type_name})"
    if won_over:
        text = text.replace("Knight", f"{SIDES[COLOUR[knight]]}'s Knight", 1).replace(")", ", won over)")
    return Move(kind, (knight,), text)


_SQUARE_MOVES = {kind: tuple(_move(kind, sq) for sq in SQUARES) for kind in ("place", "select", "to", "summon_to")}
_DUTY_MOVES = tuple(tuple(_move("duty", g, o) for o in ORDERS) for g in range(3))
_SELECT_MOVES, _TO_MOVES, _PLACE_MOVES = _SQUARE_MOVES["select"], _SQUARE_MOVES["to"], _SQUARE_MOVES["place"]
_PLACEMENT_SQUARES = tuple(tuple(i for i in range(len(SQUARES)) if row_of(i) in rows) for rows in PLACEMENT_ROWS)
CANCEL, REVEAL, KEEP = _move("cancel"), _move("reveal"), _move("keep")


# --- the rules -------------------------------------------------------------------


@dataclass(frozen=True)
class _FirstOption(Option):
    """Option ``first``: ``"random"``, ``"South"`` or ``"North"``, or a seat number (0 South, 1 North), which
    is kept as the side's name."""

    def validate(self, value):
        if type(value) is int and value in (0, 1):
            return SIDES[value]
        if type(value) is str and value in FIRST_CHOICES:
            return value
        shown = json.dumps(value) if isinstance(value, (bool, type(None))) else repr(value)
        raise ValueError(f"option 'first' must be 'random', 'South', 'North', 0 (South) or 1 (North) (got {shown})")


def _first_known(pos: Position) -> bool:
    """Whether the players know who plays first: a drawn first player is announced when placement starts."""
    return not pos.first_drawn or pos.phase != "duty"


class NineKnights(Rules):
    """The Nine Knights rules on the shared core (see the module docstring)."""

    name = "nine_knights"
    title = "Nine Knights"
    min_players = max_players = 2
    hidden_information = True
    summary = RULES_SUMMARY
    options = (
        Option("defection", False, (False, True), "Defection variant: a Knight beaten by one of its own type "
               "joins the winner"),
        Option("quiet_limit", 60, None, "House rule: the game is a draw after this many turns in a row "
               "without a fight", check=int_between(2, 1000)),
        _FirstOption("first", "random", FIRST_CHOICES, "Who places and moves first: chosen at random (the "
                     "rulebook), or fixed to South or North"),
    )
    save_defaults = SAVE_DEFAULTS

    def seat_names(self, players, options):
        return SIDES

    # --- set-up ---
    def setup(self, players, options, rng):
        goals = tuple(tuple(rng.sample(range(1, 10), 9)) for _ in SIDES)
        hidden = tuple(rng.sample(HIDDEN_TOKENS, 5)[:2])
        drawn = rng.randrange(2)  # drawn last, so the goals and Hidden Tokens of a seed stay as they were
        first = drawn if options["first"] == "random" else SIDES.index(options["first"])
        return Position(
            goals=goals, hidden=hidden, hidden_shown=(False, False), orders=((None,) * 3, (None,) * 3),
            board=(None,) * len(SQUARES), waiting=((), ()), fallen=(), defected=frozenset(),
            revealed=frozenset(), phase="duty", turn=0, step=("duty", 0, 0), placed=0, quiet=0,
            fights=((0, 0), (0, 0)), result=None,
            defection=options["defection"], quiet_limit=options["quiet_limit"],
            first=first, first_drawn=options["first"] == "random",
        )

    # --- whose decision ---
    def to_move(self, pos):
        return None if pos.result else pos.step[1]

    def prompt(self, pos, names):
        kind, seat = pos.step[0], pos.step[1]
        who = names[seat]
        if kind == "duty":
            return f"{who}: assign Duty Tokens to the {GROUPS[pos.step[2]]}"
        if kind == "pick":
            own = sum(1 for k in pos.board if k is not None and COLOUR[k] == seat)  # no fights yet: all placed
            return f"{who}: choose a Knight from your Waiting Area to place (your Knight {own + 1} of 6)"
        if kind == "place":
            rows = PLACEMENT_ROWS[seat]
            return f"{who}: choose a field in rows {rows[0]}-{rows[1]} for the Knight"
        if kind == "select":
            return f"{who}: choose a Knight to move"
        if kind == "to":
            return f"{who}: choose where the Knight on {SQUARES[pos.step[2]]} moves"
        if kind == "reveal":
            return f"{who}: reveal your Hidden Token for the fight on {SQUARES[pos.step[3]]}, or fight without it"
        if kind == "summon":
            return f"{who}: choose a Knight from your Waiting Area to summon"
        return f"{who}: choose an empty summoning field for the Knight"

    def legal_moves(self, pos):
        kind, seat = pos.step[0], pos.step[1]
        if kind == "select":  # the movement phase's decisions first: most of a game
            return tuple(map(_SELECT_MOVES.__getitem__, _movable(pos, seat)))
        if kind == "to":
            return (*map(_TO_MOVES.__getitem__, _targets(pos, pos.step[2])), CANCEL)
        if kind == "duty":
            return _DUTY_MOVES[pos.step[2]]
        if kind in ("pick", "summon"):
            return tuple(_knight_move(kind, k, pos) for k in pos.waiting[seat])
        if kind == "place":
            board = pos.board
            return (*(_PLACE_MOVES[i] for i in _PLACEMENT_SQUARES[seat] if board[i] is None), CANCEL)
        if kind == "reveal":
            knight = pos.board[pos.step[2] if owner(pos, pos.board[pos.step[2]]) == seat else pos.step[3]]
            return ((REVEAL,) if pos.hidden[seat] == DUTY[knight] else ()) + (KEEP,)
        if kind == "summon_to":
            moves = tuple(_SQUARE_MOVES["summon_to"][i] for i in _free_summoning_fields(pos, seat))
            return moves + ((CANCEL,) if pos.step[3] == "chosen" else ())
        raise AssertionError(kind)

    # --- playing ---
    def apply(self, pos, move):
        kind, seat = pos.step[0], pos.step[1]
        # The movement phase's decisions first: most of a game.
        if move.kind == "to":
            frm, to = pos.step[2], INDEX[move.args[0]]
            # The banner of the last fight (last_fight) goes with the next move.
            if pos.board[to] is None:
                knight = pos.board[frm]
                board = _put(_put(pos.board, frm, None), to, knight)
                if row_of(to) == HOME_ROW[1 - seat]:
                    reason = (f"{SIDES[seat]}'s Knight {DUTY[knight]} reached {SIDES[1 - seat]}'s "
                              f"Goal Token {DUTY[knight]} on {SQUARES[to]}")
                    # Reaching the Goal field shows the Knight's number to the table.
                    return _replace(pos, last_fight=None, board=board, result=((seat,), reason), phase="over",
                                    revealed=pos.revealed | {knight})
                return _end_turn(pos, fought=False, last_fight=None, board=board)
            pos = _replace(pos, last_fight=None, revealed=pos.revealed | {pos.board[frm], pos.board[to]})
            chooser = _reveal_chance(pos, frm, to)
            if chooser is not None:
                return _replace(pos, step=("reveal", chooser, frm, to))
            return _resolve_fight(pos, frm, to)
        if move.kind in ("pick", "select"):
            arg = move.args[0] if move.kind == "pick" else INDEX[move.args[0]]
            return _replace(pos, step=("place" if move.kind == "pick" else "to", seat, arg))
        if move.kind == "duty":
            group, order = move.args
            orders = list(pos.orders)
            orders[seat] = orders[seat][:group] + (order,) + orders[seat][group + 1:]
            pos = _replace(pos, orders=tuple(orders))
            if group < 2:
                return _replace(pos, step=("duty", seat, group + 1))
            if seat == 0:
                return _replace(pos, step=("duty", 1, 0))
            waiting = tuple(tuple(k for k in KNIGHT_IDS if COLOUR[k] == side) for side in (0, 1))
            return _replace(pos, waiting=waiting, phase="placement", step=("pick", PLACEMENT_ORDER[0] ^ pos.first))
        if move.kind == "cancel":
            back = {"place": ("pick", seat), "to": ("select", seat), "summon_to": ("summon",) + pos.step[1:2]
                    + pos.step[4:5]}[kind]
            return _replace(pos, step=back)
        if move.kind == "place":
            knight, i = pos.step[2], INDEX[move.args[0]]
            pos = _replace(pos, board=_put(pos.board, i, knight), waiting=_without(pos.waiting, seat, knight),
                          placed=pos.placed + 1)
            if pos.placed < len(PLACEMENT_ORDER):
                return _replace(pos, step=("pick", PLACEMENT_ORDER[pos.placed] ^ pos.first))
            return _start_turn(_replace(pos, phase="movement"), pos.first)
        if move.kind in ("reveal", "keep"):
            frm, to = pos.step[2], pos.step[3]
            if move.kind == "reveal":
                shown = tuple(True if s == seat else v for s, v in enumerate(pos.hidden_shown))
                pos = _replace(pos, hidden_shown=shown)
            return _resolve_fight(pos, frm, to, token_now=move.kind == "reveal")
        if move.kind == "summon":
            return _replace(pos, step=("summon_to", seat, move.args[0], "chosen", pos.step[2]))
        if move.kind == "summon_to":
            knight, then = pos.step[2], pos.step[4]
            i = INDEX[move.args[0]]
            pos = _replace(pos, board=_put(pos.board, i, knight), waiting=_without(pos.waiting, seat, knight))
            return _after_summons(pos, then)
        raise AssertionError(move.kind)

    def why_illegal(self, pos, move):
        kind, seat = pos.step[0], pos.step[1]
        who = SIDES[seat]
        problem = _check_args(move)
        if problem:
            return problem
        expected = {"pick": ("pick",), "place": ("place", "cancel"), "select": ("select",),
                    "to": ("to", "cancel"), "reveal": ("reveal", "keep"), "summon": ("summon",),
                    "summon_to": ("summon_to", "cancel"), "duty": ("duty",)}[kind]
        if move.kind not in expected:
            return f"Not now: {self.prompt(pos, SIDES)}"
        if kind == "duty":
            return f"Duty Tokens are given one group at a time: now the {GROUPS[pos.step[2]]}"
        if kind in ("pick", "summon"):
            knight = move.args[0]
            if owner(pos, knight) != seat or knight not in pos.waiting[seat]:
                if kind == "pick" and pos.placed == 0 and pos.first_drawn and COLOUR[knight] != seat:
                    # e.g. a script or hand-made list of moves that assumes South begins, as before the draw
                    return (f"Knight {DUTY[knight]} is not in {who}'s Waiting Area: {who} places first in this "
                            f"game (the first player is drawn at random from the seed; option first=\"South\" "
                            f"fixes it)")
                return f"Knight {DUTY[knight]} is not in {who}'s Waiting Area"
        if move.kind == "place":
            i = INDEX[move.args[0]]
            if pos.board[i] is not None:
                return f"{move.args[0]} is already occupied"
            rows = PLACEMENT_ROWS[seat]
            return (f"During the Placement Phase {who} places Knights on the two ranks next to the home rank "
                    f"(rows {rows[0]}-{rows[1]})")
        if move.kind == "select":
            i = INDEX[move.args[0]]
            knight = pos.board[i]
            if knight is None:
                return f"There is no Knight on {move.args[0]}"
            if owner(pos, knight) != seat:
                return f"The Knight on {move.args[0]} is {SIDES[1 - seat]}'s; choose one of {who}'s Knights"
            return f"The Knight on {move.args[0]} has no legal move: every field next to it is closed to it"
        if move.kind == "to":
            return _why_not_to(pos, pos.step[2], INDEX[move.args[0]]) or "That move is not open now"
        if move.kind == "reveal":
            return "A Hidden Token only helps the Knight whose Duty number it shows, against an 8"
        if move.kind == "summon_to":
            fields = ", ".join(SUMMONING_FIELDS[seat])
            if move.args[0] in SUMMONING_FIELDS[seat]:
                return f"{move.args[0]} is occupied; a summoned Knight needs an empty summoning field"
            return f"A summoned Knight goes onto one of {who}'s empty summoning fields ({fields})"
        if move.kind == "cancel":
            return "There is no chosen Knight to change now"
        return "That is not one of the decisions open now"

    def outcome(self, pos):
        if not pos.result:
            return None
        winners, reason = pos.result
        scores = tuple(0.5 for _ in SIDES) if not winners else tuple(1 if s in winners else 0 for s in (0, 1))
        details = tuple(
            (
                ("Knights on the board", _on_board(pos, s)),
                ("Knights waiting", len(pos.waiting[s])),
                ("Fights won", pos.fights[s][0]),
                ("Fights lost", pos.fights[s][1]),
                ("Knights won over", sum(1 for k in pos.defected if owner(pos, k) == s and k not in pos.fallen)),
            )
            for s in (0, 1)
        )
        return Outcome(scores, winners, reason, details)

    # --- information ---
    def view(self, pos, seat, reveal=False):
        over = bool(pos.result)  # at the end every secret is shown with the final board
        shown = over or reveal  # every secret shown: the game is over, or the whole truth was asked for

        def knight_view(k, square=None):
            known = shown or k in pos.revealed or (seat is not None and owner(pos, k) == seat)
            out = {"type": knight_type(pos, k), "duty": DUTY[k] if known else None, "colour": COLOUR[k],
                   "owner": owner(pos, k), "revealed": shown or k in pos.revealed}
            if shown:  # numbers no fight revealed, shown only because every secret is
                out["shown_at_end"] = k not in pos.revealed
            if square is not None:
                out["square"] = square
            return out

        step = pos.step
        fight = None
        if step[0] == "reveal" and not pos.result:
            fight = {"square": SQUARES[step[3]], "from": SQUARES[step[2]],
                     "attacker": knight_view(pos.board[step[2]]), "defender": knight_view(pos.board[step[3]])}
        own_orders = None
        if seat is not None:
            own_orders = [o for o in pos.orders[seat]]
        pending_knight = None
        if step[0] in ("place", "summon_to") and seat == step[1] and not pos.result:
            pending_knight = knight_view(step[2])
        prompt_note = None  # why this decision is asked, for the deciding seat only (it may name a secret)
        if step[0] == "reveal" and seat == step[1] and not pos.result:
            prompt_note = _reveal_note(pos, seat)
        return {
            "columns": COLUMNS,
            "rows": ROWS,
            "phase": "over" if pos.result else pos.phase,
            "goals": [list(g) for g in pos.goals],
            "summoning_fields": [list(f) for f in SUMMONING_FIELDS],
            "placement_rows": [list(r) for r in PLACEMENT_ROWS],
            "knights": [knight_view(k, SQUARES[i]) for i, k in enumerate(pos.board) if k is not None],
            # Ordered by what the seat can see, so the order never hints at a secret number.
            "waiting": [sorted((knight_view(k) for k in pos.waiting[s]), key=_public_order) for s in (0, 1)],
            "fallen": [knight_view(k) for k in pos.fallen],
            "hidden_tokens": [pos.hidden[s] if (shown or s == seat or pos.hidden_shown[s]) else None for s in (0, 1)],
            "hidden_revealed": list(pos.hidden_shown),
            "duty_orders": own_orders,
            "all_duty_orders": [list(o) for o in pos.orders] if shown else None,
            "last_fight": json.loads(pos.last_fight) if pos.last_fight else None,
            "prompt_note": prompt_note,
            "selected": SQUARES[step[2]] if step[0] == "to" and not pos.result else None,
            "pending_knight": pending_knight,
            "fight": fight,
            "quiet": pos.quiet,
            "quiet_limit": pos.quiet_limit,
            "defection": pos.defection,
            # The first player's seat (None while a drawn one is not announced yet) and how it was chosen.
            "first": pos.first if reveal or _first_known(pos) else None,
            "first_drawn": pos.first_drawn,
        }

    def determinize(self, pos, seat, rng):
        if pos.result:  # the game is over: every secret is shown, nothing is left to resample
            return pos
        hidden = list(pos.hidden)
        unknown = [s for s in (0, 1) if s != seat and not pos.hidden_shown[s]]
        known = {pos.hidden[s] for s in (0, 1) if s not in unknown}
        for side, token in zip(unknown, rng.sample([h for h in HIDDEN_TOKENS if h not in known], len(unknown))):
            hidden[side] = token
        pos = _replace(pos, hidden=tuple(hidden))
        if not _first_known(pos):  # not announced yet: either seat may be drawn
            pos = _replace(pos, first=rng.randrange(2))
        for side in (0, 1):
            if side != seat:
                pos = _resample_duties(pos, side, rng)
        return pos

    def log_line(self, before, after, seat, move, viewer):
        who = SIDES[seat]
        kind = move.kind
        line = None
        if kind == "duty":
            group = GROUPS[move.args[0]].split(" (")[0]
            line = f"{who} assigns the {group}" + (f": {_duty_text(*move.args).split(': ')[1]}"
                                                  if viewer == seat else " (secret)")
            if after.phase == "placement" and after.first_drawn:  # set-up 6: the first player is announced
                line += f". {SIDES[after.first]} is chosen at random to play first"
        elif kind == "place":
            knight = before.step[2]
            line = f"{who} places {_a(knight_type(before, knight))}{_number(after, knight, viewer)} on {move.args[0]}"
        elif kind == "summon_to":
            knight = before.step[2]
            line = (f"{who} summons {_a(knight_type(before, knight))}{_number(after, knight, viewer)} "
                    f"onto {move.args[0]}")
        elif kind == "to":
            frm, to = before.step[2], INDEX[move.args[0]]
            knight = before.board[frm]
            defender = before.board[to]
            if defender is None:
                line = f"{who} moves {_a(knight_type(before, knight))} {SQUARES[frm]} → {SQUARES[to]}"
            else:
                line = (f"{who}'s {knight_type(before, knight)} (Knight {DUTY[knight]}) attacks "
                        f"{SIDES[owner(before, defender)]}'s {knight_type(before, defender)} "
                        f"(Knight {DUTY[defender]}) on {SQUARES[to]}")
                if after.step[0] == "reveal" and not after.result:
                    line += f": {SIDES[after.step[1]]} may reveal a Hidden Token"
                else:
                    line += ": " + _fight_text(before, frm, to, after)
        elif kind in ("reveal", "keep"):
            frm, to = before.step[2], before.step[3]
            line = (f"{who} reveals Hidden Token {before.hidden[seat]}" if kind == "reveal"
                    else f"{who} fights without revealing a Hidden Token")
            line += ": " + _fight_text(before, frm, to, after)
        if line and after.result and not before.result:
            line += f". Game over: {after.result[1]}"
        return line

    def move_from_json(self, obj):
        kind, args = obj["kind"], obj["args"]
        if kind not in ARG_KINDS:
            raise ValueError(f"unknown kind {kind!r}")
        want = ARG_KINDS[kind]
        if len(args) != len(want):
            raise ValueError(f"{kind!r} takes {len(want)} argument(s) ({', '.join(want) or 'none'})")
        for value, what in zip(args, want):
            ok = {
                "square": lambda v: isinstance(v, str) and v in INDEX,
                "knight": lambda v: isinstance(v, str) and v in DUTY,
                "group": lambda v: type(v) is int and 0 <= v <= 2,
                "order": lambda v: isinstance(v, str) and v in ORDERS,
            }[what](value)
            if not ok:
                hint = {"square": "a square a1-i10", "knight": "a Knight id S1-S9 or N1-N9",
                        "group": "0, 1 or 2", "order": "an ordering of the letters A, W, R"}[what]
                raise ValueError(f"{what} must be {hint} (got {value!r})")
        return _move(kind, *args)


def _check_args(move: Move) -> str | None:
    """Say what is malformed about a Move built by hand (None if well formed)."""
    want = ARG_KINDS.get(move.kind)
    if want is None:
        return f"{move.kind!r} is not a kind of Nine Knights decision ({', '.join(ARG_KINDS)})"
    try:
        RULES.move_from_json({"kind": move.kind, "args": list(move.args)})
    except ValueError as exc:
        return f"Malformed move: {exc}"
    return None


def _public_order(knight: dict) -> tuple:
    return knight["colour"], list(KNIGHT_TYPES.values()).index(knight["type"]), knight["duty"] or 0


def _number(pos: Position, knight: str, viewer: int | None) -> str:
    known = knight in pos.revealed or (viewer is not None and owner(pos, knight) == viewer)
    if knight in pos.defected:  # won over: name its colour, so two Knights 5 are told apart
        return f" ({SIDES[COLOUR[knight]]}'s Knight {DUTY[knight]}, won over)"
    return f" (Knight {DUTY[knight]})" if known else ""


def _fight_text(before: Position, frm: int, to: int, after: Position) -> str:
    a, d = before.board[frm], before.board[to]
    shown = after.hidden_shown
    ah = after.hidden[owner(before, a)] if shown[owner(before, a)] else None
    dh = after.hidden[owner(before, d)] if shown[owner(before, d)] else None
    winner, reason = fight_reason(DUTY[a], DUTY[d], attacker_hidden=ah, defender_hidden=dh)
    win, lose = (a, d) if winner == "attacker" else (d, a)
    if reason.startswith("equal"):
        text = f"{DUTY[win]} against {DUTY[lose]}: equal numbers, the attacker wins"
    elif reason == "1 beats 9":
        text = "1 beats 9"
    else:
        text = f"{DUTY[win]} beats {DUTY[lose]} ({reason})"
    if (lose in after.defected) != (lose in before.defected):  # it changed sides
        text += f"; the beaten {knight_type(before, lose)} defects to {SIDES[owner(after, lose)]}"
    return text


def _reveal_note(pos: Position, seat: int) -> str:
    """Why the Hidden Token question is asked, for the seat that answers it (it names the secret token)."""
    frm, to = pos.step[2], pos.step[3]
    knight = pos.board[frm] if owner(pos, pos.board[frm]) == seat else pos.board[to]
    token, duty = pos.hidden[seat], DUTY[knight]
    why = ("This question comes in every fight of a Knight 1-5 against an 8 while your token is secret, "
           "so being asked tells your opponent nothing.")
    if token == duty:
        return (f"Your Hidden Token is {token}, the number of your Knight {duty}: reveal it and your Knight "
                f"beats the 8 (the token then stays public). {why}")
    return (f"Your Hidden Token is {token}, not {duty} (your Knight's number), so it cannot help here: "
            f"the fight goes on without it. {why}")


def _put(board: tuple, i: int, value) -> tuple:
    return board[:i] + (value,) + board[i + 1:]


def _without(waiting: tuple, seat: int, knight: str) -> tuple:
    return tuple(tuple(k for k in w if k != knight) if s == seat else w for s, w in enumerate(waiting))


def _fight_record(pos: Position, frm: int, to: int, winner: str, reason: str, defects: bool,
                  token_now: bool) -> str:
    """The public facts of a fight just decided, as JSON text (what every seat may see).

    Both Duty numbers are revealed by the fight itself, so nothing here is secret.
    """
    attacker, defender = pos.board[frm], pos.board[to]

    def snap(k, square):
        return {"type": knight_type(pos, k), "duty": DUTY[k], "colour": COLOUR[k], "owner": owner(pos, k),
                "revealed": True, "square": SQUARES[square]}

    def name(k):
        text = f"{SIDES[owner(pos, k)]}'s Knight {DUTY[k]}"
        return text + (f" (won over from {SIDES[COLOUR[k]]})" if k in pos.defected else "")

    win, lose = (attacker, defender) if winner == "attacker" else (defender, attacker)
    win_seat, lose_seat = owner(pos, win), owner(pos, lose)
    token = None
    if reason.startswith("a revealed Hidden Token"):
        token = {"seat": win_seat, "value": DUTY[win], "now": token_now}
    fate = "defected" if defects else "fell"
    text = f"Fight on {SQUARES[to]}: {name(win)} beats {name(lose)} — {reason}."
    if defects:
        text += f" {SIDES[lose_seat]}'s {knight_type(pos, lose)} defects to {SIDES[win_seat]}."
    else:
        text += f" {SIDES[lose_seat]}'s {knight_type(pos, lose)} falls."
    if token_now:
        text = f"{SIDES[win_seat]} reveals Hidden Token {DUTY[win]}. " + text
    record = {
        "square": SQUARES[to], "from": SQUARES[frm],
        "attacker": snap(attacker, frm), "defender": snap(defender, to),
        "winner": winner, "winner_seat": win_seat, "loser_seat": lose_seat,
        "rule": reason, "loser_fate": fate, "hidden_token": token, "text": text,
    }
    return json.dumps(record, ensure_ascii=False)


def _resolve_fight(pos: Position, frm: int, to: int, token_now: bool = False) -> Position:
    """Decide the fight of the Knight on ``frm`` against ``to`` and carry it out."""
    attacker, defender = pos.board[frm], pos.board[to]
    a_seat, d_seat = owner(pos, attacker), owner(pos, defender)
    winner, reason = fight_reason(
        DUTY[attacker], DUTY[defender],
        attacker_hidden=pos.hidden[a_seat] if pos.hidden_shown[a_seat] else None,
        defender_hidden=pos.hidden[d_seat] if pos.hidden_shown[d_seat] else None,
    )
    board = _put(pos.board, frm, None)
    defects = pos.defection and knight_type(pos, attacker) == knight_type(pos, defender)
    record = _fight_record(pos, frm, to, winner, reason, defects, token_now)
    if winner == "attacker":
        board = _put(board, to, attacker)
        lose, win_seat, lose_seat = defender, a_seat, d_seat
    else:
        lose, win_seat, lose_seat = attacker, d_seat, a_seat
    fights = tuple((w + (s == win_seat), l + (s == lose_seat)) for s, (w, l) in enumerate(pos.fights))
    pos = _replace(pos, board=board, fights=fights, quiet=0, last_fight=record)
    if defects:
        waiting = tuple(w + (lose,) if s == win_seat else w for s, w in enumerate(pos.waiting))
        pos = _replace(pos, waiting=waiting, defected=pos.defected ^ {lose})
    else:
        pos = _replace(pos, fallen=pos.fallen + (lose,))
    if _on_board(pos, lose_seat) == 0 and not pos.waiting[lose_seat]:
        reason = f"{SIDES[lose_seat]} has no Knights left"
        return _replace(pos, result=((win_seat,), reason), phase="over")
    then = (win_seat, lose) if defects else None
    if pos.waiting[lose_seat] and _free_summoning_fields(pos, lose_seat):
        return _replace(pos, step=("summon", lose_seat, then))
    return _after_summons(pos, then)


def _after_summons(pos: Position, then) -> Position:
    """After the beaten side's summon: the forced summon of a defected Knight, then the next turn."""
    if then is not None:
        win_seat, knight = then
        if _on_board(pos, win_seat) < 5 and _free_summoning_fields(pos, win_seat):
            return _replace(pos, step=("summon_to", win_seat, knight, "forced", None))
    return _end_turn(pos, fought=True)


def _end_turn(pos: Position, fought: bool, **changes) -> Position:
    """End the turn (``changes``: the move's own changes to ``pos``, made in the same step)."""
    quiet = 0 if fought else pos.quiet + 1
    if quiet >= pos.quiet_limit:
        reason = f"{quiet} turns in a row without a fight (the quiet-limit house rule)"
        return _replace(pos, **changes, quiet=quiet, result=((), reason), phase="over")
    return _start_turn(pos, 1 - pos.turn, **changes, quiet=quiet)


_SELECT_STEPS = (("select", 0), ("select", 1))


def _start_turn(pos: Position, seat: int, **changes) -> Position:
    """Start ``seat``'s turn (``changes``: further changes to ``pos``, made in the same step)."""
    pos = _replace(pos, **changes, turn=seat, step=_SELECT_STEPS[seat])
    if not _movable(pos, seat):
        reason = f"{SIDES[seat]} has no legal move"
        return _replace(pos, result=((1 - seat,), reason), phase="over")
    return pos


def _resample_duties(pos: Position, side: int, rng: random.Random) -> Position:
    """Give ``side``'s unrevealed Knights new Duty numbers that fit all the other seat saw."""
    orders = pos.orders[side]
    if orders[0] is None and orders[1] is None and orders[2] is None:
        return pos
    fixed = {k for k in KNIGHT_IDS if COLOUR[k] == side and k in pos.revealed}
    new_orders = []
    for g, order in enumerate(orders):
        if order is None:
            new_orders.append(None)
            continue
        slots = list(order)  # slots[n] = type letter of duty g*3+n+1
        free_n = [n for n in range(3) if f"{'SN'[side]}{g * 3 + n + 1}" not in fixed]
        free_types = sorted(slots[n] for n in free_n)  # sorted: the sample depends only on the view
        rng.shuffle(free_types)
        for n, t in zip(free_n, free_types):
            slots[n] = t
        new_orders.append("".join(slots))
    new_orders = tuple(new_orders)
    # Same-type Knights are told apart only by where they stand: deal the new
    # numbers of each type out to that type's unrevealed Knights at random.
    # The Knights are taken in an order the other seat can see (board squares, then the Waiting Area),
    # never by their true numbers.
    where = {k: i for i, k in enumerate(pos.board) if k is not None}
    mapping = {}
    for letter in KNIGHT_TYPES:
        old = sorted((k for k in KNIGHT_IDS if COLOUR[k] == side and k not in fixed
                      and pos.orders[side][(DUTY[k] - 1) // 3] is not None
                      and pos.orders[side][(DUTY[k] - 1) // 3][(DUTY[k] - 1) % 3] == letter),
                     key=lambda k: where.get(k, len(SQUARES)))
        new = [f"{'SN'[side]}{g * 3 + n + 1}" for g, o in enumerate(new_orders) if o is not None
               for n in range(3) if o[n] == letter and f"{'SN'[side]}{g * 3 + n + 1}" not in fixed]
        rng.shuffle(new)
        mapping.update(zip(old, new))

    def m(k):
        return mapping.get(k, k)

    # A defecting Knight (in a pending step's "then") was revealed, so it keeps its id.
    step = tuple(m(x) if isinstance(x, str) and x in DUTY else x for x in pos.step)
    return _replace(
        pos,
        orders=_with(pos.orders, side, new_orders),
        board=tuple(m(k) if k else None for k in pos.board),
        waiting=tuple(_renumbered(w, mapping) for w in pos.waiting),
        fallen=tuple(m(k) for k in pos.fallen),
        defected=frozenset(m(k) for k in pos.defected),
        step=step,
    )


def _renumbered(waiting: tuple, mapping: Mapping) -> tuple:
    """A Waiting Area with the renumbered Knights' new ids, every Knight in its place.

    The renumbered Knights are the side's never-placed ones, which wait in number order ahead of the
    Knights won over later; they take their new ids in number order in the same places.  Every other
    Knight keeps its place (the seat to move sees its own list of choices in this order).
    """
    slots = [i for i, k in enumerate(waiting) if k in mapping]
    if not slots:
        return waiting
    out = list(waiting)
    for i, k in zip(slots, sorted((mapping[waiting[i]] for i in slots), key=KNIGHT_IDS.index)):
        out[i] = k
    return tuple(out)


def _with(pair: tuple, side: int, value) -> tuple:
    return tuple(value if s == side else v for s, v in enumerate(pair))


RULES = register(NineKnights())


# --- building positions ------------------------------------------------------------


def position(knights: Mapping[str, str], *, to_move: int = 0, orders=None, goals=None, hidden=(1, 2),
             hidden_revealed=(False, False), waiting=None, fallen=(), revealed=(), defected=(),
             defection: bool = False, quiet_limit: int = 60, quiet: int = 0, first: int = 0,
             first_drawn: bool = False) -> State:
    """A movement-phase State built directly, for tutorials and tests (validated).

    ``knights`` maps squares to Knight ids: ``"S4"`` is South's Knight with Duty
    Token 4, ``"N9"`` North's Knight 9.  ``orders[side]`` gives each group's
    types in number order (default ``"AWR"``: Knight 1 Archer, 2 Warrior,
    3 Ranger, 4 Archer, ...).  Only the Knights you list are in play: on the
    board, in ``waiting`` (the Waiting Areas, South's list then North's; empty
    by default) or in ``fallen`` (beside the board); the others are set aside,
    so a small example stays small.  ``goals`` defaults to 1-9 from column a
    to i on both home ranks.  ``first`` is the side that began the game
    (``first_drawn``: drawn at random).

    >>> s = position({"e9": "S7", "a5": "N1"}, goals=[range(1, 10), [9, 8, 7, 6, 5, 4, 3, 2, 1]])
    >>> [str(m) for m in s.legal_moves()]
    ['Choose the Knight on e9']
    >>> position({"e1": "S4"})
    Traceback (most recent call last):
    ...
    ValueError: impossible position: S4 stands on e1, one of its own side's Goal fields
    """
    game = make("nine_knights", defection=defection, quiet_limit=quiet_limit)

    def bad(text):
        return ValueError(f"impossible position: {text}")

    orders = tuple(tuple(o) for o in (orders or (("AWR",) * 3, ("AWR",) * 3)))
    if len(orders) != 2 or any(len(o) != 3 or any(g not in ORDERS for g in o) for o in orders):
        raise bad("orders must give each side three orderings of A, W, R (one per group)")
    goals = tuple(tuple(g) for g in (goals or (range(1, 10), range(1, 10))))
    if len(goals) != 2 or any(sorted(g) != list(range(1, 10)) for g in goals):
        raise bad("goals must list Goal Tokens 1-9 once each for both home ranks")
    hidden = tuple(hidden)
    if len(hidden) != 2 or any(h not in HIDDEN_TOKENS for h in hidden) or hidden[0] == hidden[1]:
        raise bad("hidden must be two different Hidden Tokens from 1 to 5")
    if to_move not in (0, 1):
        raise bad(f"to_move must be 0 (South) or 1 (North), not {to_move!r}")
    board = [None] * len(SQUARES)
    seen = set()
    defected = frozenset(defected)
    for square, knight in knights.items():
        if square not in INDEX:
            raise bad(f"{square!r} is not a square (a1-i10)")
        if knight not in DUTY:
            raise bad(f"{knight!r} is not a Knight id (S1-S9, N1-N9)")
        if knight in seen:
            raise bad(f"{knight} stands on two squares")
        seen.add(knight)
        side = COLOUR[knight] ^ (knight in defected)
        row = row_of(INDEX[square])
        if row == HOME_ROW[side]:
            raise bad(f"{knight} stands on {square}, one of its own side's Goal fields")
        if row == HOME_ROW[1 - side]:
            raise bad(f"{knight} stands on {square}: a Knight on an enemy Goal field has already won")
        board[INDEX[square]] = knight
    for knight in list(fallen) + list(revealed) + list(defected):
        if knight not in DUTY:
            raise bad(f"{knight!r} is not a Knight id (S1-S9, N1-N9)")
    if seen & set(fallen):
        raise bad("a fallen Knight cannot also stand on the board")
    waiting = tuple(tuple(w) for w in (waiting or ((), ())))
    if len(waiting) != 2:
        raise bad("waiting lists two Waiting Areas: South's, then North's")
    listed = [k for w in waiting for k in w]
    if len(listed) != len(set(listed)) or set(listed) & (seen | set(fallen)):
        raise bad("each Knight is in one place: on the board, waiting or fallen")
    for side, w in enumerate(waiting):
        for k in w:
            if k not in DUTY or COLOUR[k] ^ (k in defected) != side:
                raise bad(f"{k} cannot wait with {SIDES[side]}")
    if defected and not defection:
        raise bad("Knights can only be won over (defected) with the Defection rule: pass defection=True")
    if any(type(x) is not bool for x in hidden_revealed) or len(tuple(hidden_revealed)) != 2:
        raise bad("hidden_revealed must be two booleans (South's, North's)")
    if not all(k in revealed for k in defected) or not all(k in revealed for k in fallen):
        revealed = set(revealed) | set(defected) | set(fallen)  # fights reveal numbers for good
    if first not in (0, 1) or type(first_drawn) is not bool:
        raise bad(f"first must be 0 (South) or 1 (North) and first_drawn True or False (got {first!r}, "
                  f"{first_drawn!r})")
    if not 0 <= quiet < quiet_limit:
        raise bad(f"quiet must be from 0 to {quiet_limit - 1}")
    pos = Position(
        goals=goals, hidden=hidden, hidden_shown=tuple(hidden_revealed), orders=orders,
        board=tuple(board), waiting=waiting, fallen=tuple(fallen), defected=defected,
        revealed=frozenset(revealed), phase="movement", turn=to_move, step=("select", to_move), placed=12,
        quiet=quiet, fights=((0, 0), (0, 0)), result=None, defection=defection, quiet_limit=quiet_limit,
        first=first, first_drawn=first_drawn,
    )
    for side in (0, 1):
        if _on_board(pos, side) == 0 and not pos.waiting[side]:
            raise bad(f"{SIDES[side]} has no Knights left: the game is already over")
    return game.state_at(_start_turn(pos, to_move))
