"""What the Nine Knights lesson steps are made of: North's replies (:func:`reply`), the positions
(``position(...)`` for the movement phase, :func:`set_up_game` for the set-up), the checks and the kinds of steps
(:func:`win_fight_step`, :func:`beat_step`, :func:`reach_step`, :func:`win_game_step`), and the puzzles.

    >>> square_of(played(position({"c3": "S3", "h8": "N6"}), "c3", "d4"), "S3")
    'd4'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import ninekit
from ninekit.nine_knights import COLOUR, DUTY, KNIGHT_IDS, SQUARES, fight, owner, position

from .. import Step, played

SOUTH, NORTH = 0, 1
# The set-up steps' deal, fixed: South's and North's Goal Tokens from column a to i, and the Hidden Tokens.
DEALT_GOALS = ((4, 9, 2, 7, 1, 6, 3, 8, 5), (6, 1, 8, 3, 9, 5, 2, 7, 4))
DEALT_HIDDEN = (3, 5)

# --- North's replies -------------------------------------------------------------------------------


def _row(square: str) -> int:
    return int(square[1:])


def square_distance(a: str, b: str) -> int:
    """How many King steps apart two squares are (the larger of the column and row differences).

    >>> square_distance("c3", "e4")
    2
    """
    return max(abs(ord(a[0]) - ord(b[0])), abs(_row(a) - _row(b)))


def _score(state: ninekit.State, frm: str, to: str) -> float:
    """How much the side to move likes moving its Knight from ``frm`` to ``to`` (full truth: a script)."""
    pos = state.position
    seat = state.to_move
    knight = pos.board[SQUARES.index(frm)]
    other = pos.board[SQUARES.index(to)]
    if _row(to) in (1, 10):
        return 100  # only a matching Goal field is ever legal: it wins at once
    if other is not None:
        a_seat, d_seat = owner(pos, knight), owner(pos, other)  # each side reveals its Hidden Token if it helps
        a_hidden = pos.hidden[a_seat] if pos.hidden[a_seat] == DUTY[knight] else None
        d_hidden = pos.hidden[d_seat] if pos.hidden[d_seat] == DUTY[other] else None
        won = fight(DUTY[knight], DUTY[other], attacker_hidden=a_hidden, defender_hidden=d_hidden) == "attacker"
        return 50 if won else -50
    enemies = [SQUARES[i] for i, k in enumerate(pos.board) if k is not None and owner(pos, k) != seat]
    return min((square_distance(to, e) for e in enemies), default=0)


def reply(state: ninekit.State):
    """North's decision in a step: win at once, else win a fight, else keep away; reveal when it may."""
    legal = state.legal_moves()
    kinds = {m.kind for m in legal}
    if "reveal" in kinds:
        return next(m for m in legal if m.kind == "reveal")
    if "select" in kinds:  # the Knight with the best move (the first one on a tie)
        best = max(((_score(state, m.args[0], t.args[0]), -n) for n, m in enumerate(legal)
                    for t in state.play(m).legal_moves() if t.kind == "to"), default=(0, 0))
        return legal[-best[1]]
    if "to" in kinds:
        frm = state.view(state.to_move)["selected"]
        moves = [m for m in legal if m.kind == "to"]
        return max(moves, key=lambda m: (_score(state, frm, m.args[0]), -moves.index(m)))
    return legal[0]


# --- building and checking -------------------------------------------------------------------------




def to_square(square: str) -> dict:
    """The decision that moves the selected Knight to ``square``.

    >>> to_square("d4")
    {'kind': 'to', 'args': ['d4']}
    """
    return {"kind": "to", "args": [square]}


def square_of(state: ninekit.State, knight: str):
    """The square ``knight`` stands on, or None."""
    board = state.position.board
    return SQUARES[board.index(knight)] if knight in board else None


def has_fallen(state: ninekit.State, *knights: str) -> bool:
    """Any of ``knights`` has been beaten (is among the fallen Knights) in ``state``."""
    return any(k in state.position.fallen for k in knights)


def _won(seat: int):
    return lambda state: state.outcome is not None and state.outcome.winners == (seat,)


def set_up_game(phase: str = "duty") -> ninekit.State:
    """A game at the start of set-up (``"duty"``) or of the Placement Phase (``"placement"``, both players'
    Duty Tokens given as Archer, Warrior, Ranger in every group), built explicitly: the deal is
    :data:`DEALT_GOALS` and :data:`DEALT_HIDDEN`, and South is the first player, marked as drawn at random (as
    in a new game: the views say so), whatever a new game's seed would draw."""
    base = position({"e5": "S1", "e6": "N1"}).position  # a valid Position; every field below is replaced
    empty = {"board": (None,) * len(SQUARES), "fallen": (), "revealed": frozenset(), "defected": frozenset(),
             "goals": DEALT_GOALS, "hidden": DEALT_HIDDEN, "hidden_shown": (False, False), "turn": 0,
             "placed": 0, "quiet": 0, "first": SOUTH, "first_drawn": True}
    if phase == "duty":
        pos = dataclasses.replace(base, **empty, orders=((None,) * 3, (None,) * 3), waiting=((), ()),
                                  phase="duty", step=("duty", SOUTH, 0))
    else:
        waiting = tuple(tuple(k for k in KNIGHT_IDS if COLOUR[k] == side) for side in (SOUTH, NORTH))
        pos = dataclasses.replace(base, **empty, orders=(("AWR",) * 3, ("AWR",) * 3), waiting=waiting,
                                  phase="placement", step=("pick", SOUTH))
    return ninekit.make("nine_knights").state_at(pos)


def orders_text(state: ninekit.State, seat: int, letter: str) -> str:
    """The Knight numbers whose Duty Token ``seat`` gave as ``letter`` (A, W or R): '1, 5, 7' or 'none yet'."""
    orders = state.position.orders[seat]
    numbers = [g * 3 + o.index(letter) + 1 for g, o in enumerate(orders) if o is not None]
    return ", ".join(map(str, numbers)) or "none yet"


def lost_fight_on_e3(**extra) -> ninekit.State:
    """North's 7 has just beaten South's 5 on e3; South is to summon from its Waiting Area (if any)."""
    knights = {"e3": "S5", "b4": "S2", "e4": "N7", "a9": "N1", **extra.pop("knights", {})}
    waiting = extra.pop("waiting", [["S3", "S6", "S8"], []])
    return played(position(knights, waiting=waiting, revealed=["N7"], to_move=NORTH, **extra), "e4", "e3")


# --- the kinds of steps ----------------------------------------------------------------------------

# --- the kinds of steps ----------------------------------------------------------------------------


def win_fight_step(mine: str, targets: Sequence[str], lost: str, **step) -> Step:
    """A step won by beating one of ``targets`` with ``mine`` (kept alive); ``lost``: why ``mine`` fell."""
    targets = tuple(targets)
    return Step(check=lambda s: not has_fallen(s, mine) and has_fallen(s, *targets),
                miss=lambda s: lost if has_fallen(s, mine) else "you did not win a fight", **step)


def beat_step(knight: str, mine: str = "", lost: str = "", **step) -> Step:
    """A step won once ``knight`` (an enemy) is beaten; ``lost``: why, if the learner's ``mine`` fell."""
    still = f"North's {DUTY[knight]} is still on the board"
    return Step(check=lambda s: has_fallen(s, knight), miss=lambda s: lost if mine and has_fallen(s, mine) else still,
                **step)


def reach_step(knight: str, squares: Sequence[str], miss: Callable[[str | None], str], **step) -> Step:
    """A step won once ``knight`` stands on one of ``squares``; ``miss(where it stands)`` says why not."""
    squares = tuple(squares)
    return Step(check=lambda s: square_of(s, knight) in squares, miss=lambda s: miss(square_of(s, knight)), **step)


def win_game_step(miss: Callable[[ninekit.State], str] | str, **step) -> Step:
    """A step won when South wins the game."""
    return Step(check=_won(SOUTH), miss=miss, **step)


def north_won_or(text: str) -> Callable[[ninekit.State], str]:
    """A ``miss``: "North's ``text``" if North won the game, else "you did not win"."""
    return lambda s: f"North's {text}" if s.outcome and s.outcome.winners == (NORTH,) else "you did not win"


def select_north(square: str) -> tuple:
    """A ``wrong`` attempt: selecting North's Knight on ``square``, refused with words that say so.

    >>> select_north("d6")
    ({'kind': 'select', 'args': ['d6']}, "is North's")
    """
    return {"kind": "select", "args": [square]}, "is North's"


# --- the puzzles (exactly one move wins at once; tests/test_teach.py brute-forces them) -------------


def goal_race_puzzle() -> ninekit.State:
    """Step ``goal-race``: North's 7 wins next turn on your Goal Token 7; one move wins first."""
    return position({"c9": "S3", "f9": "S5", "i9": "S8", "d7": "S6", "g2": "N7", "c6": "N4", "f7": "N9",
                     "a8": "N2"}, goals=[range(1, 10), [5, 7, 1, 9, 2, 4, 6, 3, 8]], revealed=["N7"])


def last_knight_puzzle() -> ninekit.State:
    """Step ``win-no-knights``: North's last Knight is a revealed 7; one attack wins the game."""
    return position({"c5": "S8", "e7": "S7", "d5": "S5", "g6": "S9", "d6": "N7"}, revealed=["N7"])


def reveal_puzzle() -> ninekit.State:
    """Step ``reveal-attack``: North's last Knight, an 8, wins next turn; your Hidden Token 2 beats it."""
    return position({"g3": "S9", "h3": "S2", "f2": "S3", "c5": "S7", "e4": "S6", "g2": "N8"},
                    hidden=(2, 4), revealed=["N8"])


def puzzles() -> dict[str, ninekit.State]:
    """The three steps that are puzzles (exactly one move wins at once), by step key: for the tests."""
    return {"goal-race": goal_race_puzzle(), "win-no-knights": last_knight_puzzle(), "reveal-attack": reveal_puzzle()}
