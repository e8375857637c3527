"""Double Nine's computer players: the greedy ``normal`` player (:class:`DoubleNineBot`) and the ``hard`` level
(:class:`DoubleNineRollouts`, with the playout value it cuts at the end of a game).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from ..core import Move, State
from ..search import Rollouts, win_share
from .data import (
    DECKS,
    NUMBER,
    SISTER,
    VICTORIES_TO_WIN,
)
from .rules import Position, board_value

# --- a heuristic bot -------------------------------------------------------------------

class DoubleNineBot:
    """A greedy player: tries each of its decisions this turn on a determinized copy.

    It sees only what its seat may know (``state.view(seat)``, ``legal_moves()``
    and a :meth:`State.determinize` copy), plays out the rest of its own turn
    (depth-limited) and keeps the move whose result scores best: its number
    against the best rival (so effects hit the leader), a bonus for a Site
    that Sister protects, and a game won or lost when the pile runs out.

    >>> import random, ninekit
    >>> s = ninekit.make("double_nine").new(1)
    >>> DoubleNineBot(random.Random(1)).choose(s) in s.legal_moves()
    True
    """

    def __init__(self, seed: int | random.Random | None = 0, depth: int = 4):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.depth = depth

    def choose(self, state: State) -> Move:
        """The chosen legal move for the seat to move."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.to_move
        world = state.determinize(seat, self.rng)
        base = len(world.position.results)
        best, best_value = moves[0], None
        for move in moves:
            value = self._value(world.play(move), seat, base, self.depth - 1)
            if move.kind == "decide" and move.args[0] == "remove":
                value += 0.5  # take a rival's card away when it costs nothing
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    def _value(self, state: State, seat: int, base: int, depth: int) -> float:
        pos = state.position
        if len(pos.results) > base or pos.phase == "over":
            winners = pos.results[base][1]
            return 1000.0 if seat in winners else -1000.0
        if depth > 0 and pos.turn == seat and pos.phase != "card":
            return max(self._value(state.play(m), seat, base, depth - 1) for m in state.legal_moves())
        return _score(pos, seat)


def _score(pos: Position, seat: int) -> float:
    numbers = [board_value(b) for b in pos.boards]
    if pos.teams:
        numbers = [numbers[p % 2] + numbers[p % 2 + 2] for p in range(pos.n)]
    if pos.target is not None:
        numbers = [-abs(x - pos.target) for x in numbers]
    rivals = [numbers[p] for p in range(pos.n) if p != seat and not (pos.teams and p % 2 == seat % 2)]
    value = numbers[seat] - max(rivals)
    board = pos.boards[seat]
    for s in (0, 1):  # Sister shielding a good card is worth something
        if board[s] and board[s][-1] % 20 == SISTER and board[1 - s]:
            value += 0.3 * NUMBER[board[1 - s][-1] % 20] * (10 if s == 1 else 1)
    return value


# --- the hard level ------------------------------------------------------------------

LATE_PLAYOUTS = 8   # hard: a decision with an empty pile gets at most this many times the opening's playouts
PLAYOUT_COST = 1.3  # ...as a playout costs about (pile count + this) turns' worth of CPU


def match_chance(tokens: Sequence[int], seat: int, teams: bool = False) -> float:
    """``seat``'s share of the match for these victory tokens, if every later game is won by one player (or team)
    chosen at random: 1/k if it is one of k holders of two tokens, 0 if another is, else the mean over who wins next.

    >>> match_chance((0, 0), 0), match_chance((1, 0), 0), match_chance((1, 1), 1), match_chance((2, 2), 0)
    (0.5, 0.75, 0.5, 0.5)
    >>> round(match_chance((1, 0, 0), 1), 3), match_chance((1, 0, 1, 0), 2, teams=True)
    (0.185, 0.75)
    """
    sides = (tokens[0], tokens[1]) if teams else tuple(tokens)
    return _chance(sides, seat % 2 if teams else seat)


@functools.cache
def _chance(tokens: tuple, seat: int) -> float:
    won = [p for p, t in enumerate(tokens) if t >= VICTORIES_TO_WIN]
    if won:
        return 1.0 / len(won) if seat in won else 0.0
    n = len(tokens)
    return sum(_chance(tokens[:p] + (tokens[p] + 1,) + tokens[p + 1:], seat) for p in range(n)) / n


def hard_playouts(iterations: int, pile_count: int, players: int) -> int:
    """The playouts ``hard`` spends on a decision: ``iterations`` at a full pile, more as the pile runs out (a
    playout to the end of the game is then shorter, and the decision counts more: the top cards at the end
    win), so that each decision costs about the same CPU; at most :data:`LATE_PLAYOUTS` times ``iterations``.

    >>> hard_playouts(64, 17, 2), hard_playouts(64, 8, 2), hard_playouts(64, 0, 2), hard_playouts(64, 15, 4)
    (64, 126, 512, 64)
    """
    full = len(DECKS["basic"]) - 1 - players  # the pile at a deal (basic deck); other decks scale alike
    scale = (full + PLAYOUT_COST) / (min(pile_count, full) + PLAYOUT_COST)
    return max(1, min(LATE_PLAYOUTS * iterations, round(iterations * scale)))


class DoubleNineRollouts(Rollouts):
    """Double Nine's ``hard`` level: :class:`~ninekit.search.Rollouts` anchored to :class:`DoubleNineBot`, its
    budget per decision set by the draw pile (:func:`hard_playouts`; ``iterations`` is the budget at a full pile).

    >>> import ninekit
    >>> s = ninekit.make("double_nine", 2).new(seed=2)
    >>> bot = DoubleNineRollouts(3, iterations=16, policy=DoubleNineBot, anchor=DoubleNineBot)
    >>> bot.choose(s) in s.legal_moves(), bot.iterations
    (True, 16)
    """

    def choose(self, state: State) -> Move:
        """The anchor's decision, or one that beats it clearly in playouts (more of them as the pile runs out)."""
        base = self.iterations
        self.iterations = hard_playouts(base, state.view(state.to_move)["pile_count"], state.game.players)
        try:
            return super().choose(state)
        finally:
            self.iterations = base


# --- the hard level's playouts (ninekit.bots.HARD) ----------------------------------------------------

def game_over(start: State, world: State) -> bool:
    """Whether the game in play when the search's world was sampled has ended (a playout stops there).

    >>> import ninekit
    >>> s = ninekit.make("double_nine").new(1)
    >>> game_over(s, s)
    False
    """
    return len(world.position.results) > len(start.position.results)


def match_value(world: State, seat: int) -> float:
    """A playout cut at the end of a game: ``seat``'s share of the **match** from the victory tokens it leaves
    (:func:`match_chance`: a tie gives every tied player a token, so it is as good as a win
    to a seat one token ahead and as bad as a loss to one behind; with 3-4 players, which rival wins matters),
    plus a little for the margin of its number over the best rival's, in proportion to what this game decides
    (a near win counts a little more than a clear loss: less noise between decisions).  The end of the match
    counts its share of the win; with the ``competition`` option, the share of the best total so far.

    >>> import ninekit
    >>> match_value(ninekit.make("double_nine").new(1), 0)
    0.5
    """
    pos = world.position  # a sampled world
    n = world.game.players
    if not pos.results:
        return 1.0 / n
    numbers, winners = pos.results[-1][:2]
    if pos.teams:
        numbers = [numbers[p % 2] + numbers[p % 2 + 2] for p in range(pos.n)]
    if pos.target is not None:
        numbers = [-abs(x - pos.target) for x in numbers]
    rivals = [p for p in range(pos.n) if p != seat and not (pos.teams and p % 2 == seat % 2)]
    margin = max(-1.0, min(1.0, (numbers[seat] - max(numbers[p] for p in rivals)) / 30))
    if pos.competition or world.is_over:
        if world.is_over:
            share = win_share(world.outcome, seat, n)
        else:
            share = (1.0 / len(winners) if seat in winners else 0.0) if winners else 1.0 / n
        return share + 0.2 * margin
    before = tuple(t - (p in winners) for p, t in enumerate(pos.tokens))
    won = [match_chance(with_token(before, p, pos.teams), seat, pos.teams) for p in [seat] + rivals]
    return match_chance(pos.tokens, seat, pos.teams) + 0.2 * margin * (won[0] - min(won[1:]))


def with_token(tokens: tuple, p: int, teams: bool) -> tuple:
    """``tokens`` after ``p`` (and, with teams, its partner) wins a game.

    >>> with_token((0, 1, 0, 1), 1, True)
    (0, 2, 0, 2)
    """
    return tuple(t + (q == p or (teams and q % 2 == p % 2)) for q, t in enumerate(tokens))
