"""Nine Knights' computer players: the ``normal`` player (:class:`NineKnightsBot`, which defends its Goal
Tokens) and the value of a cut-off playout for the ``hard`` level's search (``ninekit.bots.HARD``).
"""

from __future__ import annotations

import random

from ..core import Move, State
from .data import COLUMNS, INDEX, NEIGHBOURS, ROWS, SQUARES
from .rules import fight, owner


class NineKnightsBot:
    """A simple Nine Knights player that defends its Goal Tokens.

    It takes a win when it has one, attacks when it *knows* it wins the fight
    (the enemy's number was revealed earlier), avoids fights it knows it
    loses, reveals its Hidden Token when that wins, and otherwise walks its
    Knights towards the enemy Goal field of their own number.  Before all that
    but a win of its own, it **defends**: an enemy Knight whose number it
    knows and that could reach the Goal Token of that number in one move, or in
    two moves it could not answer, is beaten or blocked (see :func:`threat`).

    >>> import ninekit
    >>> from ninekit.nine_knights import position
    >>> s = position({"c9": "S3", "a5": "N1"}, goals=[range(1, 10), range(1, 10)])
    >>> bot = NineKnightsBot(0)
    >>> s = s.play(bot.choose(s)); str(bot.choose(s))
    'Move the chosen Knight to c10'
    """

    def __init__(self, seed: int | random.Random | None = 0):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        kind = moves[0].kind
        seat = state.to_move
        if kind == "reveal" or (kind == "keep" and len(moves) == 1):
            return moves[0]  # "reveal" is only legal when it wins the fight
        if kind not in ("select", "to"):
            return self.rng.choice([m for m in moves if m.kind != "cancel"] or moves)
        view = state.view(seat)
        board = {k["square"]: k for k in view["knights"]}
        danger = _dangerous(board, view, seat)
        if kind == "to":
            frm = view["selected"]
            return max((m for m in moves if m.kind == "to"),
                       key=lambda m: self._score(view, board, seat, frm, m.args[0], danger))
        best, best_score = None, None
        for select in moves:
            frm = select.args[0]
            for to in targets(board, view, seat, frm):
                score = self._score(view, board, seat, frm, to, danger)
                if best_score is None or score > best_score:
                    best, best_score = select, score
        return best

    def _score(self, view: dict, board: dict, seat: int, frm: str, to: str, danger: bool) -> float:
        """How good moving the Knight on ``frm`` to ``to`` looks from ``view``."""
        mine = board[frm]
        duty = mine["duty"]
        target = board.get(to)
        enemy_row = 10 if seat == 0 else 1
        if int(to[1:]) == enemy_row:
            return 1000.0  # only the Goal field of its own number is legal: a win
        goal_col = view["goals"][1 - seat].index(duty)
        goal = goal_col * 1 + (enemy_row - 1) * 9
        score = _distance(INDEX[frm], goal) - _distance(INDEX[to], goal) + self.rng.random() * 0.5
        hidden = view["hidden_tokens"]
        after = None
        if danger:  # an enemy Knight of known number is two moves from its Goal Token or nearer
            after = dict(board)
            del after[frm]
            after[to] = mine
        if target is not None:
            if target["duty"] is None:
                score -= 2.0  # a fight it cannot foresee
            else:
                mine_h = hidden[seat] if hidden[seat] == duty else None
                theirs_h = hidden[1 - seat] if view["hidden_revealed"][1 - seat] else None
                won = fight(duty, target["duty"], attacker_hidden=mine_h, defender_hidden=theirs_h)
                score += 50.0 if won == "attacker" else -50.0
                if won != "attacker" and after is not None:
                    after[to] = target
        if after is None:
            return score
        level = threat(after, view, seat)
        return score - (900.0 if level == 2 else 300.0 if level == 1 else 0.0)


def targets(board: dict, view: dict, seat: int, frm: str) -> list[str]:
    """The fields the Knight of ``seat`` on ``frm`` may move to, from the view (the rules' own list).

    >>> import ninekit
    >>> from ninekit.nine_knights import position
    >>> view = position({"c9": "S3", "a5": "N1"}).view(0)
    >>> targets({k["square"]: k for k in view["knights"]}, view, 0, "c9")
    ['b8', 'c8', 'd8', 'b9', 'd9', 'c10']
    """
    duty = board[frm]["duty"]
    enemy_row = ROWS if seat == 0 else 1
    out = []
    for t in NEIGHBOURS[INDEX[frm]]:
        square = SQUARES[t]
        row = t // 9 + 1
        if row == enemy_row:
            if view["goals"][1 - seat][t % 9] == duty:
                out.append(square)
        elif row != ROWS + 1 - enemy_row:
            held = board.get(square)
            if held is None or held["owner"] != seat:
                out.append(square)
    return out


def _dangerous(board: dict, view: dict, seat: int) -> bool:
    """Whether an enemy Knight of known number stands two moves from its Goal Token or nearer.

    >>> import ninekit
    >>> from ninekit.nine_knights import position
    >>> view = position({"a3": "N1", "e5": "S4"}, revealed=["N1"]).view(0)
    >>> _dangerous({k["square"]: k for k in view["knights"]}, view, 0)
    True
    """
    home = 0 if seat == 0 else (ROWS - 1) * 9
    for square, knight in board.items():
        if knight["owner"] != seat and knight["duty"] is not None:
            goal = home + view["goals"][seat].index(knight["duty"])
            if _distance(INDEX[square], goal) <= 2:
                return True
    return False


def threat(board: dict, view: dict, seat: int) -> int:
    """How near an enemy Knight of known number is to ``seat``'s Goal Token of that number on ``board``.

    ``board`` maps squares to Knights as in ``view["knights"]``.  2: one move from it (the Goal field is
    always empty, so it wins next turn); 1: two moves from it, through a field it can enter (empty, or held
    by a Knight of ours it beats) where none of our Knights could then beat it; 0: neither.

    >>> import ninekit
    >>> from ninekit.nine_knights import position
    >>> s = position({"a3": "N8", "e5": "S4"}, revealed=["N8"], goals=[[8, 1, 2, 3, 4, 5, 6, 7, 9], range(1, 10)])
    >>> view = s.view(0)
    >>> threat({k["square"]: k for k in view["knights"]}, view, 0)
    1
    """
    home = 1 if seat == 0 else ROWS
    hidden = view["hidden_tokens"]
    theirs_h = hidden[1 - seat] if view["hidden_revealed"][1 - seat] else None
    worst = 0
    for square, enemy in board.items():
        duty = enemy["duty"]
        if enemy["owner"] == seat or duty is None:
            continue
        goal = INDEX[f"{COLUMNS[view['goals'][seat].index(duty)]}{home}"]
        at = INDEX[square]
        far = _distance(at, goal)
        if far == 1:
            return 2
        if far != 2:
            continue
        for step in NEIGHBOURS[goal]:
            if _distance(step, at) != 1 or SQUARES[step][1:] == str(home):
                continue
            held = board.get(SQUARES[step])
            if held is not None:
                if held["owner"] != seat:
                    continue  # its own Knight stands there
                mine_h = hidden[seat] if hidden[seat] == held["duty"] else None
                if fight(duty, held["duty"], attacker_hidden=theirs_h, defender_hidden=mine_h) != "attacker":
                    continue  # our Knight there beats it
            if not _answered(board, view, seat, step, duty, theirs_h):
                worst = 1
    return worst


def _answered(board: dict, view: dict, seat: int, step: int, duty: int, theirs_h) -> bool:
    """Whether one of ``seat``'s Knights next to ``step`` beats an enemy Knight ``duty`` standing there."""
    hidden = view["hidden_tokens"]
    for near in NEIGHBOURS[step]:
        knight = board.get(SQUARES[near])
        if knight is None or knight["owner"] != seat or near == step:
            continue
        mine_h = hidden[seat] if hidden[seat] == knight["duty"] else None
        if fight(knight["duty"], duty, attacker_hidden=mine_h, defender_hidden=theirs_h) == "attacker":
            return True
    return False


def _distance(a: int, b: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, 9), divmod(b, 9)
    return max(abs(ra - rb), abs(ca - cb))


# --- the hard level's playouts (ninekit.bots.HARD) ----------------------------------------------------

def playout_value(world: State, seat: int) -> float:
    """A cut-off playout's value for ``seat``: Knights left and the nearest Knight to its Goal Token.

    >>> import ninekit
    >>> round(playout_value(ninekit.make("nine_knights").new(1), 0), 2)
    0.5
    """
    view = world.view(None)
    if world.position.phase != "movement":
        return 0.5
    pos = world.position  # a sampled world: every number in it comes from the seat's view and the rng
    counts, near = [0, 0], [9, 9]
    for i, knight in enumerate(pos.board):
        if knight is None:
            continue
        side = owner(pos, knight)
        counts[side] += 1
        row = 10 if side == 0 else 1
        goal = view["goals"][1 - side].index(int(knight[1:])) + (row - 1) * 9
        near[side] = min(near[side], _distance(i, goal))
    for side in (0, 1):
        counts[side] += len(pos.waiting[side])
    value = 0.5 + 0.08 * (counts[seat] - counts[1 - seat]) + 0.05 * (near[1 - seat] - near[seat])
    return min(0.95, max(0.05, value))
