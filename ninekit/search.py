"""Information-set Monte-Carlo tree search (ISMCTS): the shared search behind every game's ``hard`` level.

One search for all five games, over the core API only.  For each iteration it

1. **samples a world** with ``state.determinize(seat, rng)``: a full State consistent with what the seat
   to move may know (``view(seat)``), its hidden parts drawn from the search's own generator;
2. **selects** down a tree of that seat's *own* decisions by UCB1 with availability counts (a decision
   is scored only in worlds where it was open), while every other seat, and chance, act *inside the world*
   by the rollout policy (single-observer ISMCTS: the tree is keyed by the searching seat's decisions,
   the statistics are shared by every sampled world);
3. **expands** one decision not tried yet (the rollout policy's choice first), then
4. **plays out** the world with the rollout policy (the game's heuristic, or a cheap policy) to the end,
   or for ``rollout_plies`` decisions and then asks ``evaluate``, and
5. **backs up** the seat's reward: its share of the win (``1/k`` for ``k`` winners, ``1/players`` for a
   draw), or a game's own ``reward`` (Count of Nine, alone at the table, scores its points), discounted
   a little per decision (:data:`DISCOUNT`) so that a win now is preferred to the same win later.

The decision is the most visited root decision.  Two additions make it play as a person expects: a
decision that wins at once, or with the seat's next decision, in every one of a few sampled worlds is
taken at once (:func:`_sure_win`), and decisions that only go back a step within a turn ("Choose a
different Knight") are never searched (:func:`forward`).  The budget is a number of iterations, so the same bot
seed and the same view give the same decision on any machine; ``seconds`` adds an optional wall-clock cap
(which gives up that determinism on a slow machine).

**Fairness.** The search reads only ``state.to_move``, ``state.legal_moves()`` (which depend only on what
the seat to move knows), ``state.game`` and worlds from ``state.determinize(seat, rng)`` (which, with the
games' canonical determinizers, depend only on ``view(seat)`` and ``rng``), never ``state.position``.  So
two states with the same ``view(seat)`` get the same decision from bots with the same seed
(``tests/test_bot_levels.py`` checks it for every game and level).

    >>> import ninekit
    >>> state = ninekit.make("nine_knights").new(seed=3)
    >>> bot = ISMCTS(seed=1, iterations=20)
    >>> move = bot.choose(state)
    >>> move in state.legal_moves(), move == ISMCTS(seed=1, iterations=20).choose(state)
    (True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from .core import Move, Outcome, State

__all__ = ["ISMCTS", "Rollouts", "RandomPolicy", "forward", "win_share", "mean_se", "whole_budget",
           "DEFAULT_ITERATIONS", "EXPLORATION"]

# --- tuning --------------------------------------------------------------------------------------------

DEFAULT_ITERATIONS = 200    # iterations per decision when a game sets no budget of its own
EXPLORATION = 0.7           # the UCB1 constant (rewards lie in 0..1)
MAX_ROLLOUT_PLIES = 5_000   # a playout longer than this is cut off and valued as by ``evaluate``
DISCOUNT = 0.99             # a reward n decisions away counts DISCOUNT**n of its distance from a draw's value:
                            # a win now beats the same win later, a loss later beats a loss now
WIN_CHECK_WORLDS = 3        # a win within the seat's next two decisions is taken at once if it wins in all these
WIN_CHECK_PLAYS = 300       # ...and looking for it costs at most this many moves played per world
Z = 1.0                     # Rollouts: a decision replaces the anchor's if it is better by this many standard errors
PAIRED = 8                  # ...over at least this many shared worlds
BACK = ("cancel",)          # kinds that only go back a step within a turn (to a decision searched already)


# --- rewards and policies ---------------------------------------------------------------------------------

def whole_budget(value, name: str = "iterations") -> int:
    """``value`` if it is a whole number of at least 1 (a search's budget), else a ValueError naming ``name``.

    >>> whole_budget(64)
    64
    >>> whole_budget(0, "samples")
    Traceback (most recent call last):
    ...
    ValueError: samples must be a whole number of at least 1 (got 0)
    """
    if type(value) is not int or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1 (got {value!r})")
    return value


def forward(moves) -> list:
    """The decisions worth searching: all but those that only go back a step (:data:`BACK`), unless that is all.

    >>> from ninekit.core import Move
    >>> forward([Move("to", ("d4",)), Move("cancel")])
    [Move(kind='to', args=('d4',), text='')]
    """
    return [m for m in moves if m.kind not in BACK] or list(moves)


def win_share(outcome: Outcome, seat: int, players: int) -> float:
    """``seat``'s share of the win: ``1/k`` if it is one of ``k`` winners, 0 if not, ``1/players`` in a draw.

    >>> from ninekit.core import Outcome
    >>> win_share(Outcome((1, 0), (0,), "won"), 0, 2), win_share(Outcome((3, 3, 1), (0, 1), "tie"), 1, 3)
    (1.0, 0.5)
    >>> win_share(Outcome((0.5, 0.5), (), "draw"), 1, 2)
    0.5
    """
    if not outcome.winners:
        return 1.0 / players
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


class RandomPolicy:
    """The cheapest rollout policy: a uniformly random legal decision, from its own seed.

    >>> import ninekit
    >>> s = ninekit.make("nine_knights").new()
    >>> RandomPolicy(2).choose(s) == RandomPolicy(2).choose(s)
    True
    """

    def __init__(self, seed: int | random.Random | None = 0):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, state: State) -> Move:
        return self.rng.choice(forward(state.legal_moves()))


class _Node:
    """The statistics of one decision of the searching seat (and the tree of its later decisions)."""

    __slots__ = ("visits", "total", "avail", "children")

    def __init__(self):
        self.visits = 0      # iterations through this decision
        self.total = 0.0     # their summed reward
        self.avail = 0       # iterations in which this decision was open (availability count)
        self.children: dict[Move, _Node] = {}


# --- the search ----------------------------------------------------------------------------------------

class ISMCTS:
    """A computer player by information-set Monte-Carlo tree search (see the module docstring).

    ``rollout(seed)`` makes the policy that plays every seat inside a sampled world (a bot with
    ``choose(state)``; default :class:`RandomPolicy`); ``iterations`` is the budget per decision,
    ``seconds`` an optional wall-clock cap; ``rollout_plies`` cuts playouts short, valued then by
    ``evaluate(state, seat) -> 0..1``; ``reward(outcome, seat, players) -> 0..1`` values an end
    (default :func:`win_share`).  Same seed and view, same decision.

    >>> import ninekit
    >>> s = ninekit.make("double_nine", 3).new(seed=2)
    >>> ISMCTS(seed=4, iterations=10).choose(s) in s.legal_moves()
    True
    """

    def __init__(self, seed: int | random.Random | None = 0, *, iterations: int = DEFAULT_ITERATIONS,
                 seconds: float | None = None, rollout: Callable[[int], object] | None = None,
                 rollout_plies: int | None = None, evaluate: Callable[[State, int], float] | None = None,
                 reward: Callable[[Outcome, int, int], float] = win_share, exploration: float = EXPLORATION):
        whole_budget(iterations)
        if seconds is not None and (not isinstance(seconds, (int, float)) or not seconds > 0):
            raise ValueError(f"seconds must be a positive number or None (got {seconds!r})")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout or RandomPolicy
        self.rollout_plies = rollout_plies
        self.evaluate = evaluate
        self.reward = reward
        self.exploration = exploration
        self.last_iterations = 0  # iterations spent on the last decision (for benchmarks)

    def choose(self, state: State) -> Move:
        """The most visited of the seat's legal decisions after the search."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no decision to make")
        moves = forward(moves)
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0]
        seat = state.to_move
        players = state.game.players
        rng = random.Random(self.rng.getrandbits(64))
        won = _sure_win(state, seat, moves, rng) if players > 1 else None  # alone, every end is a "win"
        if won is not None:
            self.last_iterations = 0
            return won
        policies = [self.rollout(rng.getrandbits(64)) for _ in range(players)]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations:
            self._iterate(root, state.determinize(seat, rng), seat, players, policies, rng)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_iterations = done
        ranked = [(root.children[m].visits, root.children[m].total, -i, m)
                  for i, m in enumerate(moves) if m in root.children]
        return max(ranked, key=lambda r: r[:3])[3]

    def _iterate(self, root: _Node, world: State, seat: int, players: int, policies: list,
                 rng: random.Random) -> None:
        node, path, plies = root, [], 0
        while True:
            world, acted = _others_act(world, seat, policies)
            plies += acted + 1
            if world.is_over:
                break
            moves = forward(world.legal_moves())
            children = node.children
            fresh = []
            for m in moves:
                child = children.get(m)
                if child is None:
                    fresh.append(m)
                else:
                    child.avail += 1
            if fresh:  # the rollout policy's own choice is tried first, then the others at random
                move = policies[seat].choose(world)
                if move not in fresh:
                    move = rng.choice(fresh)
                child = children[move] = _Node()
                child.avail = 1
                path.append(child)
                world = world.play(move)
                break
            log_n, c = math.log, self.exploration
            best, best_score = None, -1.0
            for m in moves:
                child = children[m]
                score = child.total / child.visits + c * math.sqrt(log_n(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = m, score
            node = children[best]
            path.append(node)
            world = world.play(best)
        value, more = self._playout(world, seat, players, policies)
        fair = 1.0 / players
        value = fair + (value - fair) * DISCOUNT ** (plies + more)
        for n in path:
            n.visits += 1
            n.total += value

    def _playout(self, world: State, seat: int, players: int, policies: list) -> tuple[float, int]:
        limit = MAX_ROLLOUT_PLIES if self.rollout_plies is None else self.rollout_plies
        plies = 0
        while not world.is_over and plies < limit:
            world = world.play(policies[world.to_move].choose(world))
            plies += 1
        if world.is_over:
            return self.reward(world.outcome, seat, players), plies
        return (self.evaluate(world, seat) if self.evaluate is not None else 1.0 / players), plies


class Rollouts:
    """A computer player by determinized rollouts of a heuristic: the ``anchor``'s decision, unless the playouts
    show another one clearly better.

    Every candidate decision is tried in the *same* sampled worlds (``state.determinize(seat, rng)``), and in
    each world the game is played on by ``policy`` bots (the game's heuristic, for every seat, the searching
    seat too) with the *same* seeds (common random numbers: the difference between two decisions is measured,
    not the luck of the worlds).  The budget of ``iterations`` playouts is spent by sequential halving (after
    each round the worse half of the candidates is dropped; the anchor's decision is never dropped).  A playout
    ends with the game, after ``rollout_plies`` decisions, or when ``until(start, world)`` says so; it is then
    valued by ``reward`` (an end) or ``evaluate(world, seat)``.  The best survivor, if not the anchor's decision,
    is then tried against it in a quarter of the budget of *fresh* shared worlds (the best of many candidates
    looks better than it is in the worlds that chose it), and is the decision only if there its mean value
    (over at least ``confident`` worlds) beats the anchor's by more than ``z`` standard errors of the paired
    differences.  Playing the heuristic after one better decision is never worse
    than the heuristic alone (a one-step policy improvement), so ``hard`` built this way is never weaker than
    ``normal`` but by noise.

    >>> import ninekit
    >>> from ninekit.double_nine import DoubleNineBot
    >>> s = ninekit.make("double_nine", 2).new(seed=2)
    >>> bot = Rollouts(3, iterations=20, policy=DoubleNineBot, anchor=DoubleNineBot)
    >>> move = bot.choose(s)
    >>> twin = Rollouts(3, iterations=20, policy=DoubleNineBot, anchor=DoubleNineBot)
    >>> move in s.legal_moves(), move == twin.choose(s)
    (True, True)
    """

    def __init__(self, seed: int | random.Random | None = 0, *, iterations: int = DEFAULT_ITERATIONS,
                 policy: Callable[[int], object] = RandomPolicy, anchor: Callable[[int], object] | None = None,
                 rollout_plies: int | None = None, until: Callable[[State, State], bool] | None = None,
                 evaluate: Callable[[State, int], float] | None = None,
                 reward: Callable[[Outcome, int, int], float] = win_share, z: float = Z,
                 confident: int = PAIRED):
        whole_budget(iterations)
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.iterations = iterations
        self.policy = policy
        self.anchor = None if anchor is None else anchor(self.rng.getrandbits(64))  # kept: it may plan ahead
        self.rollout_plies = MAX_ROLLOUT_PLIES if rollout_plies is None else rollout_plies
        self.until = until
        self.evaluate = evaluate
        self.reward = reward
        self.z = z
        self.confident = confident
        self.last_iterations = 0

    def choose(self, state: State) -> Move:
        """The anchor's decision, or a candidate that beats it clearly over shared worlds."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no decision to make")
        moves = forward(moves)
        anchored = None if self.anchor is None else self.anchor.choose(state)
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0] if anchored not in moves else anchored
        seat = state.to_move
        rng = random.Random(self.rng.getrandbits(64))
        keep = moves.index(anchored) if anchored in moves else None
        if keep is not None and self.iterations // 8 < self.confident:
            self.last_iterations = 0  # too small a budget ever to depart from the anchor: do not search
            return anchored
        n = len(moves)
        rounds = max(1, math.ceil(math.log2(n)))
        budget = self.iterations - (self.iterations // 4 if keep is not None else 0)  # a quarter to check the best
        worlds: list = []                    # (world, playout seed), shared by every candidate
        values = [[] for _ in range(n)]      # per candidate, its value in worlds[0], worlds[1], ...
        alive = list(range(n))
        done = 0
        for r in range(rounds):
            per = max(1, (budget // (rounds - r)) // len(alive))
            budget -= per * len(alive)
            tried = len(values[alive[0]])
            while len(worlds) < tried + per:
                worlds.append((state.determinize(seat, rng), rng.getrandbits(64)))
            for i in alive:
                for world, seed in worlds[tried:tried + per]:
                    values[i].append(self._playout(world, world.play(moves[i]), seat, seed))
                    done += 1
            if len(alive) > 1 and r < rounds - 1:
                alive.sort(key=lambda i: (-sum(values[i]), i))
                alive = sorted(set(alive[:max(1, math.ceil(len(alive) / 2))]) | ({keep} if keep is not None else set()))
            if budget <= 0:
                break
        self.last_iterations = done
        best = max(alive, key=lambda i: (sum(values[i]), -i))
        if keep is None or best == keep:
            return moves[best]
        # the best of many looks better than it is (the winner's curse): it must beat the anchor in fresh worlds
        diffs = []
        for _ in range(max(1, self.iterations // 8)):
            world, seed = state.determinize(seat, rng), rng.getrandbits(64)
            diffs.append(self._playout(world, world.play(moves[best]), seat, seed)
                         - self._playout(world, world.play(moves[keep]), seat, seed))
        self.last_iterations = done + 2 * len(diffs)
        mean, se = mean_se(diffs)
        clear = len(diffs) >= self.confident and mean > 0 and mean > self.z * se
        return moves[best] if clear else moves[keep]

    def _playout(self, start: State, world: State, seat: int, seed: int) -> float:
        policies = [self.policy(seed + p) for p in range(start.game.players)]
        plies, until = 0, self.until
        while not world.is_over and plies < self.rollout_plies and (until is None or not until(start, world)):
            world = world.play(policies[world.to_move].choose(world))
            plies += 1
        if self.evaluate is not None and (not world.is_over or (until is not None and until(start, world))):
            return self.evaluate(world, seat)  # a cut playout, or one that ended just where it was to be cut
        if world.is_over:
            return self.reward(world.outcome, seat, start.game.players)
        return 1.0 / start.game.players


def mean_se(values: list) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two).

    >>> mean_se([1, 0, 1, 0])
    (0.5, 0.28867513459481287)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _sure_win(state: State, seat: int, moves: list, rng: random.Random) -> Move | None:
    """A decision that wins at once, or with the seat's next decision, in every one of a few sampled worlds.

    (A search values a win now and a win in a few turns almost alike; a person expects the win taken.)
    """
    first = None
    for _ in range(WIN_CHECK_WORLDS):
        world = state.determinize(seat, rng)
        found, budget = None, WIN_CHECK_PLAYS
        for move in moves if first is None else [first]:
            after = world.play(move)
            budget -= 1
            if after.is_over:
                if _wins(after, seat):
                    found = move
                    break
                continue
            if after.to_move != seat:
                continue
            follow = after.legal_moves()
            budget -= len(follow)
            if budget < 0:
                return None
            if any(_wins(after.play(m), seat) for m in follow):
                found = move
                break
        if found is None:
            return None
        first = found
    return first


def _wins(state: State, seat: int) -> bool:
    return state.is_over and state.outcome.winners == (seat,)


def _others_act(world: State, seat: int, policies: list) -> tuple[State, int]:
    """Let every other seat decide by its policy until ``seat`` is to move or the game is over (and count)."""
    acted = 0
    while not world.is_over and world.to_move != seat:
        world = world.play(policies[world.to_move].choose(world))
        acted += 1
    return world, acted
