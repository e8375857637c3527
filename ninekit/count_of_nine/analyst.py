"""Count of Nine's analyst: the best line on a known deal, the hint, and the computer builder.

:func:`best_line` is the perfect-information analyst: it knows the order of the deck (it reads the
position itself) and finds the best final game score reachable from any moment of the current game,
with the moves that reach it.  It searches every build, payment, pass, Demolition Team choice,
keep/rotate choice and stop (shuffles are left out: with a known order a shuffle only throws the
knowledge away), depth first, with

- *memoisation* on what decides the future: the deck and discard pile in order, the city (which
  structure from which card, built this round or earlier), the tilts, the round, and whether a build
  was possible this round;
- *branch and bound*: a node is cut when an upper bound on what it can still reach is no better than
  the best line found so far.  Before the last round the bound is a relaxation of that round (every
  build needs its cost from distinct sources: at most two play-area cards, three for the target, the
  rest from the city's structures once each; every card of the deck passes through the play area once
  and every build uses up cards; Crew is in every cost; high structures need their required structures
  first; the score of the city as the rulebook counts it).  Earlier, the bound is what the cards left
  could still add, minus a point for each further round;
- *iterative deepening on the round cap*: the best score with one round fewer is a line that is still
  open, so the search starts with it as the score to beat.

:func:`hint` and :class:`CountOfNineBot` see only what the player sees: they resample the unseen order
(``state.determinize``) and score every decision with :func:`best_line` on each sample.

    >>> from ninekit.count_of_nine import position, best_line
    >>> s = position(target="Harbour", deck=["9"], city=["Tavern@3", "Quarry@8"], round=2)
    >>> best_line(s)[0]  # Mine from the last card, paid by the Tavern and the Quarry: 3 points - 2 rounds
    1
"""

from __future__ import annotations

import random
from itertools import combinations

from ..core import Move, State
from .data import CARDS, ROUND_LIMIT, SOURCE_IDS, STRUCTURES, TARGET_CARD
from .rules import (
    LOOK,
    NEEDS,
    PASS_MOVE,
    RESOURCE_INDEX,
    apply,
    begin_round,
    demolishable,
    open_builds,
    pay_with,
    payments_for,
    rep,
    score_game,
    sources_for,
)

__all__ = ["best_line", "hint", "CountOfNineBot", "HINT_ROUNDS_AHEAD", "BOT_SAMPLES", "BOT_ROUNDS_AHEAD"]

# --- data tables -------------------------------------------------------------------------------------------

DT = "Demolition Team"
HINT_ROUNDS_AHEAD = 2  # the hint's search plays out this round and at most two more (see _hint_cap)
BOT_SAMPLES = 3        # the computer builder's sampled deck orders per decision
BOT_ROUNDS_AHEAD = 1   # ...and its search plays out the round in progress and one more
_NR = len(RESOURCE_INDEX)
_CREW = RESOURCE_INDEX["Crew"]


def _structure_table():
    """name -> (cost units, fixed needs per resource, alternative resources or None, shield+basic value,
    is high, requires, provides index or None)."""
    table = {}
    for name, s in STRUCTURES.items():
        fixed, alt = NEEDS[name]
        table[name] = (len(s.cost), fixed, alt, s.vp + (1 if s.kind == "basic" else 0), s.kind == "high",
                       s.requires, None if s.provides is None else RESOURCE_INDEX[s.provides])
    return table


_S = _structure_table()
# The structures a card can still become: from the deck both faces (A as it lies in the deck, B once it is
# on the discard pile), from the discard pile face B only.  Demolition Team never stays in a city.
_AB = {code: tuple(dict.fromkeys(n for f in "AB" for n in LOOK[code, f][2:] if n != DT))
       for code in (c * 2 + r for c in CARDS for r in (0, 1))}
_B = {code: tuple(n for n in LOOK[code, "B"][2:] if n != DT) for code in _AB}
_TOP_A = {code: RESOURCE_INDEX[LOOK[code, "A"][0]] for code in _AB}
_TOP_B = {code: RESOURCE_INDEX[LOOK[code, "B"][0]] for code in _AB}
_DT_CARD = next(c for c in CARDS if DT in CARDS[c]["B"][2:])
# The most one structure can add to a score: shield, +1 if basic, +1 if a duplicate, +3 if a second high.
_MOST = {name: base + (3 if high else 1) for name, (_u, _f, _a, base, high, _q, _p) in _S.items()}
_KEEP = Move("round", ("keep",))
_ROTATE = Move("round", ("rotate",))
_STOP = Move("round", ("stop",))


# --- scores and bounds --------------------------------------------------------------------------------------

_CITY_VALUE: dict = {}


def _city_value(names: tuple) -> int:
    """The rulebook's score of a city before subtracting rounds (cached by the sorted names)."""
    key = tuple(sorted(names))
    value = _CITY_VALUE.get(key)
    if value is None:
        value = _CITY_VALUE[key] = score_game(key, 0)
    return value


NO_FLOOR = -10**6  # below any score
_BOUND_CACHE: dict = {}
# Kinds of build in the round relaxation, as (units, excess over two play-area payers, Crew): a basic
# structure of two or three units, and (after Demolition Team, two units and a Crew) one rebuilt.
_KINDS = ((2, 0, 1), (3, 1, 1), (4, 0, 2), (5, 1, 2))
assert all(u - 2 * (1 + (i >= 2)) == e for i, (u, e, _k) in enumerate(_KINDS))
_PAIRS = {name: tuple((r, n) for r, n in enumerate(_S[name][1]) if n) for name in _S}
_PAYABLE: dict = {}  # supply per resource -> the structures whose fixed units it covers


def _item(names: tuple, loss: int = 0) -> tuple:
    """A card the round relaxation may build: its structure names; its basic structures as (name, kind
    of build, points less ``loss``); its high structures as (name, units, excess, Crew, loss)."""
    basic, highs = [], []
    for n in names:
        cost, fixed, _alt, base, high, _req, _prov = _S[n]
        if high:
            highs.append((n, cost + (2 if loss else 0), cost - 2, fixed[_CREW] + (1 if loss else 0), loss))
        elif base - loss >= 0:  # a duplicate may still add a point
            basic.append((n, cost - 2 + (2 if loss else 0), base - loss))
    return names, tuple(basic), tuple(highs)


_ITEM_AB = {code: _item(_AB[code]) for code in _AB}
_ITEM_B = {code: _item(_B[code]) for code in _AB}
# a city structure taken down by Demolition Team and built again from its card's face B
_UPGRADE = {(card, name): _item(_B[card * 2], _S[name][3]) for card in CARDS for name in _S
            if any(name in CARDS[card][f][2:] for f in "AB")}
_TARGET_BUILD = {t: (t, _S[t][0] - 1, max(0, _S[t][0] - 3), _S[t][1][_CREW], 0) for t in TARGET_CARD}


def round_gain_bound(deck: tuple, discard: tuple, used: int, city: tuple, rnd: int, target: str) -> int:
    """An upper bound on what the rest of the current round can add to the city's score.

    A relaxation of the round.  Every cost unit comes from a different source: at most two play-area
    cards (three for the target, which is not in the play area), the rest from the city's untilted
    structures (built before this round), one unit each.  Every deck card passes through the play area
    once, and a build uses up a deck card for each unit not paid by the city or the top discard, so the
    units of all builds are at most the deck cards left plus the city's units (the target's one fewer).
    Crew is in every cost: the Crew units are at most the cards that could show Crew (each deck card on
    face A and again as the top discard, each untilted discard card) plus the city's Crew.  High
    structures need their required structures in the city or built too, each required structure from
    another card.  Demolition Team (while card 6 can still be the top discard) may take down a city
    structure so that its card is built again from face B, costing the Demolition Team's two units and
    Crew and the structure's own points.  The score of the highs and their required structures is counted
    exactly; other structures are counted at their best (a duplicate if another card or the city has the
    same structure).  Relaxed: which card pays which unit, the order of the cards, other resources.
    """
    key = (tuple(sorted(deck)), tuple(sorted(discard)), used, city, rnd, target)
    got = _BOUND_CACHE.get(key)
    if got is not None:
        return got
    names = [n for _c, n, _r in city]
    have = set(names)
    city_units = [0] * _NR
    for card, n, built in city:
        r = _S[n][6]
        if r is not None and built < rnd and not used >> card & 1:
            city_units[r] += 1
    supply = list(city_units)
    items = []  # (the structures it may become: basics by kind, highs; the points lost first)
    dt_open = False
    for code in deck:
        supply[_TOP_A[code]] += 1
        supply[_TOP_B[code]] += 1
        items.append(_ITEM_AB[code])
        if code >> 1 == _DT_CARD:
            dt_open = True
    for code in discard:
        if not used >> (code >> 1) & 1:
            supply[_TOP_B[code]] += 1
        items.append(_ITEM_B[code])
        if code >> 1 == _DT_CARD:
            dt_open = True
    units, excess = len(deck) + sum(city_units), sum(city_units)
    if dt_open:
        for card, n, _built in city:
            if n != target:
                items.append(_UPGRADE[card, n])
                supply[_TOP_B[card * 2]] += 1  # back on the pile, it may pay instead (either way round)
                supply[_TOP_B[card * 2 + 1]] += 1
    crew = supply[_CREW]
    supplied = tuple(supply)
    payable = _PAYABLE.get(supplied)
    if payable is None:
        payable = _PAYABLE[supplied] = frozenset(n for n, pairs in _PAIRS.items()
                                                 if all(supplied[r] >= c for r, c in pairs))
    on_items: dict = {}
    for item in items:
        for n in item[0]:
            on_items[n] = on_items.get(n, 0) + 1
    highs = []  # (name, item index or None for the target, units, excess, Crew, points lost)
    for i, (_names, _basic, item_highs) in enumerate(items):
        for h in item_highs:
            if h[0] != target and h[1] <= units and h[2] <= excess and h[3] <= crew:
                if h[0] in payable:
                    highs.append((h[0], i) + h[1:])
    if target not in have:
        h = _TARGET_BUILD[target]
        if h[1] <= units and h[2] <= excess and h[3] <= crew and target in payable:
            highs.append((target, None) + h[1:])
    # the best basic structure per item and kind of build (a duplicate if another copy is possible)
    kinds = [[], [], [], []]
    for _names, basic, _highs in items:
        best = [0, 0, 0, 0]
        for n, kind, base in basic:
            if n in payable:
                value = base + (1 if n in have or on_items[n] > 1 else 0)
                if value > best[kind]:
                    best[kind] = value
        for kind in range(4):
            kinds[kind].append(best[kind])
    count = len(items)
    answer = 0
    for size in range(len(highs) + 1):
        fits = False  # a bigger set of highs cannot fit where none of this size did
        for chosen in combinations(highs, size):
            if sum(h[2] for h in chosen) <= units:
                fits = True
            spots = [h[1] for h in chosen if h[1] is not None]
            if len(set(spots)) < len(spots):
                continue  # one structure per card
            built = [h[0] for h in chosen]
            u = sum(h[2] for h in chosen)
            e = sum(h[3] for h in chosen)
            k = sum(h[4] for h in chosen)
            lost = sum(h[5] for h in chosen)
            missing = sorted({q for h in built for q in _S[h][5] if q not in have and q not in built})
            if any(not any(q in items[i][0] for i in range(count) if i not in spots) for q in missing):
                continue  # a required structure no other card shows
            for q in missing:
                u += _S[q][0]
                e += _S[q][0] - 2
                k += _S[q][1][_CREW]
            if u > units or e > excess or k > crew:
                continue
            value = _city_value(tuple(names) + tuple(built) + tuple(missing)) - _city_value(tuple(names)) - lost
            rest = _basics(kinds, spots, units - u, excess - e, crew - k)
            if value + rest > answer:
                answer = value + rest
        if not fits:
            break
    if len(_BOUND_CACHE) > 200_000:
        _BOUND_CACHE.clear()
    _BOUND_CACHE[key] = answer
    return answer


def _basics(kinds: list, taken: list, units: int, excess: int, crew: int) -> int:
    """The most basic structures can add within the budgets: the best values of each kind of build (a
    card may count for several kinds: relaxed), at most one build per card left."""
    tops = [sorted((v for i, v in enumerate(values) if i not in taken and v > 0), reverse=True)
            for values in kinds]
    cards = len(kinds[0]) - len(taken)
    sums = []
    for values in tops:
        acc = [0]
        for v in values:
            acc.append(acc[-1] + v)
        sums.append(acc)
    best = 0
    (u2, _e2, k2), (u3, _e3, k3), (u4, _e4, k4), (u5, _e5, k5) = _KINDS
    for n3 in range(min(excess, len(tops[1])) + 1):
        for n5 in range(min(excess - n3, len(tops[3])) + 1):
            for n4 in range(len(tops[2]) + 1):
                u = units - u3 * n3 - u5 * n5 - u4 * n4
                k = crew - k3 * n3 - k5 * n5 - k4 * n4
                left = cards - n3 - n5 - n4
                if u < 0 or k < 0 or left < 0:
                    break
                n2 = min(u // u2, k // k2, left, len(tops[0]))
                value = sums[1][n3] + sums[3][n5] + sums[2][n4] + sums[0][n2]
                if value > best:
                    best = value
    return best


# The most a deck or discard card could still add to a city, by target (its best structure, a high one
# only if it is not the target's card's), and what a city structure's card could add if rebuilt.
_CARD_MOST = {(code, t): max((_MOST[n] for n in _AB[code] if not (_S[n][4] and n == t)), default=0)
              for code in _AB for t in TARGET_CARD}
_REBUILT_MOST = {card: max(_MOST[m] for m in _AB[card * 2]) for card in CARDS}
_REST_CACHE: dict = {}


def _rest_bound(deck: tuple, discard: tuple, city: tuple, target: str) -> int:
    """What the cards not in the city could still add at most, whatever the rounds (for the rounds before
    the last): each card's best structure, the target, and with Demolition Team still possible each city
    structure's best replacement."""
    key = (deck, discard, city, target)
    got = _REST_CACHE.get(key)
    if got is not None:
        return got
    total = 0
    dt_open = False
    for code in deck + discard:
        total += _CARD_MOST[code, target]
        if code >> 1 == _DT_CARD:
            dt_open = True
    built = False
    for card, n, _r in city:
        if n == target:
            built = True
        elif dt_open:
            total += max(0, _REBUILT_MOST[card] - _S[n][3])
    if not built:
        total += _MOST[target]
    if len(_REST_CACHE) > 200_000:
        _REST_CACHE.clear()
    _REST_CACHE[key] = total
    return total


# --- the search ---------------------------------------------------------------------------------------------

def _turn_children(pos, moves: bool = True):
    """(moves, position) for every build with every payment (and Demolition Team's choices), then the pass;
    the builds worth most first (so good lines are found early).  ``moves=False``: positions only."""
    out = []
    # Without Demolition Team this round, which of two city structures giving the same resource is tilted
    # changes nothing (tilts end with the round): one payment per way of paying stands for them all.
    same = not any(code >> 1 == _DT_CARD for code in pos.deck + pos.discard)
    for place, name in sorted(open_builds(pos), key=_worth):
        chosen = rep(pos, phase="pay", chosen=(place, name), could_build=True)
        sources = sources_for(pos, place)
        pays = payments_for(name, sources)
        if same and len(pays) > 1:
            gives = dict(sources)
            ways = {}
            for pay in pays:
                way = tuple(sid if sid[0] != "c" or sid[1] == "e" else gives[sid] for sid in pay)
                ways.setdefault(tuple(sorted(way, key=str)), pay)
            pays = [pay for pay in pays if ways[tuple(sorted((sid if sid[0] != "c" or sid[1] == "e" else gives[sid]
                                                               for sid in pay), key=str))] is pay]
        for pay in pays:
            after = pay_with(chosen, pay)
            if after.phase == "demolish":
                for card, _n in demolishable(after):
                    returning = apply(after, Move("demolish", (card,)))
                    for resource in CARDS[card]["A"][:2]:
                        back = Move("return", (resource,))
                        step = ((Move("build", (place, name)), Move("pay", pay), Move("demolish", (card,)), back)
                                if moves else None)
                        out.append((step, apply(returning, back)))
            else:
                out.append(((Move("build", (place, name)), Move("pay", pay)) if moves else None, after))
    out.append(((PASS_MOVE,), apply(pos, PASS_MOVE)))
    return out


def _worth(build: tuple) -> int:
    return -_MOST[build[1]]


_CITY_KEYS: dict = {}
_SCORES: dict = {}
_NO_LIMIT = float("inf")


class OutOfNodes(Exception):
    """A search went past its budget of turns searched (what it found so far stays in its memo: sound)."""


class _Search:
    """One search over one game of one position: memo and bounds for a round cap.

    A round in which nothing is built (every card passed: the pile flipped over is the deck it began as)
    is never part of a best line: the round could have been left out, for a point more.  So the search
    carries the round's start (both ways round) and drops a round end that is back at it.  Memo entries
    stay sound: a turn that can still end its round back at the start has had no build since the start,
    so it belongs to that one round start."""

    def __init__(self, root, cap: int):
        self.cap = cap
        self.base = len(root.results)
        self.memo: dict = {}
        self.nodes = 0
        self.limit = _NO_LIMIT  # the search raises OutOfNodes past this many turns searched

    def city_key(self, pos, fresh: bool):
        """The city as the memo sees it: which structure from which card (and, within a round, whether
        built this round), in card order."""
        key = (pos.city, pos.round if fresh else -1)
        got = _CITY_KEYS.get(key)
        if got is None:
            r = pos.round
            if fresh:
                got = tuple(sorted((c, n, b >= r) for c, n, b in pos.city))
            else:
                got = tuple(sorted((c, n) for c, n, _b in pos.city))
            if len(_CITY_KEYS) > 200_000:
                _CITY_KEYS.clear()
            _CITY_KEYS[key] = got
        return got

    def starts(self, pos) -> frozenset:
        """The round about to begin from ``pos`` (a round decision): its deck either way round, and city."""
        city = self.city_key(pos, False)
        return frozenset(((pos.deck, city), (tuple(code ^ 1 for code in pos.deck), city)))

    def value(self, pos, alpha: int, start: frozenset | None = None) -> int:
        """The best final score from ``pos`` if it beats ``alpha``; otherwise any value <= alpha (an upper
        bound on the true one)."""
        if len(pos.results) > self.base:
            return pos.results[self.base][3]
        phase = pos.phase
        if phase == "turn":
            return self.turn(pos, alpha, start)
        if phase == "round":
            if start is not None and (pos.deck, self.city_key(pos, False)) in start:
                return NO_FLOOR  # a round without a build
            return self.round(pos, alpha)
        best = None
        for _moves, child in self.children(pos):
            v = self.value(child, alpha if best is None or best < alpha else best, start)
            if best is None or v > best:
                best = v
        return best

    def children(self, pos):
        """(moves, position) for every decision now (at the root also a pay, demolish or return choice)."""
        phase = pos.phase
        if phase == "turn":
            return _turn_children(pos)
        if phase == "round":
            out = [((_STOP,), begin_round(pos, "stop"))]
            if pos.round < self.cap:
                out.append(((_KEEP,), begin_round(pos, "keep")))
                out.append(((_ROTATE,), begin_round(pos, "rotate")))
            return out
        if phase == "pay":
            place, name = pos.chosen
            out = [((Move("pay", pay),), pay_with(pos, pay)) for pay in payments_for(name, sources_for(pos, place))]
            out.append(((Move("cancel"),), rep(pos, phase="turn", chosen=None)))
            return out
        if phase == "demolish":
            return [((Move("demolish", (card,)),), apply(pos, Move("demolish", (card,))))
                    for card, _n in demolishable(pos)]
        if phase == "return":
            card = pos.chosen[2]
            return [((Move("return", (res,)),), apply(pos, Move("return", (res,)))) for res in CARDS[card]["A"][:2]]
        raise ValueError(f"best_line needs a dealt game (the phase is {phase!r})")

    def score_now(self, pos) -> int:
        value = _SCORES.get(pos.city)
        if value is None:
            if len(_SCORES) > 200_000:
                _SCORES.clear()
            value = _SCORES[pos.city] = _city_value(tuple(n for _c, n, _b in pos.city))
        return value - pos.round

    def round(self, pos, alpha: int) -> int:
        stop = self.score_now(pos)
        if pos.round >= self.cap or not pos.deck:
            return stop
        key = (pos.deck, self.city_key(pos, False), pos.round)
        hit = self.memo.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        best = stop
        bar = max(alpha, stop)
        last = pos.round + 1 >= self.cap
        start = self.starts(pos)
        for choice in ("keep", "rotate"):
            child = begin_round(pos, choice)
            if last:
                bound = stop - 1 + round_gain_bound(child.deck, (), 0, child.city, child.round, child.target)
            else:
                bound = stop - 1 + _rest_bound(child.deck, (), child.city, child.target)
            if bound <= bar:
                continue
            v = self.turn(child, bar, start)
            if v > best:
                best = v
                if v > bar:
                    bar = v
        self.memo[key] = (best, best > alpha)
        return best

    def turn(self, pos, alpha: int, start: frozenset | None) -> int:
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfNodes(self.limit)
        key = (pos.deck, pos.discard, self.city_key(pos, True), pos.used, pos.could_build, pos.round)
        hit = self.memo.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        now = self.score_now(pos)
        if pos.round >= self.cap:
            bound = now + round_gain_bound(pos.deck, pos.discard, pos.used, pos.city, pos.round, pos.target)
        else:
            bound = now + _rest_bound(pos.deck, pos.discard, pos.city, pos.target)
        if bound <= alpha:
            self.memo[key] = (bound, False)
            return bound
        best = NO_FLOOR
        bar = alpha
        for _moves, child in _turn_children(pos, False):
            if len(child.results) > self.base:
                v = child.results[self.base][3]
            elif child.phase == "turn":
                v = self.turn(child, bar, start)
            elif start is not None and (child.deck, self.city_key(child, False)) in start:
                continue  # a round without a build
            else:
                v = self.round(child, bar)
            if v > best:
                best = v
                if v > bar:
                    bar = v
                    if v >= bound:
                        break
        self.memo[key] = (best, best > alpha)
        return best

    def line(self, pos, score: int) -> list:
        """Moves from ``pos`` that reach ``score`` (its best)."""
        moves: list = []
        start = None
        while len(pos.results) <= self.base:
            for step, child in self.children(pos):
                inner = self.starts(pos) if pos.phase == "round" else start
                if self.value(child, score - 1, inner) >= score:
                    moves.extend(step)
                    pos, start = child, inner
                    break
            else:  # pragma: no cover - the search and its line disagree
                raise RuntimeError("best_line could not retrace its own line")
        return moves


def _solve(pos, cap: int, floor: int | None = None):
    """(score, search) with the round cap ``cap``; ``floor`` is a score known to be reachable."""
    search = _Search(pos, cap)
    if floor is None:
        return search.value(pos, NO_FLOOR), search
    # the floor is reachable: look only for better (an answer at or below it means the floor itself)
    return max(floor, search.value(pos, floor)), search


def _best(pos, cap: int):
    """Iterative deepening on the round cap: each cap's best is a line still open with one round more."""
    first = min(cap, max(pos.round, 1))
    floor = None
    for c in range(first, cap + 1):
        score, search = _solve(pos, c, floor)
        floor = score
    return score, search


# --- public functions ----------------------------------------------------------------------------------------

def _cap_of(pos, max_rounds: int | None) -> int:
    if max_rounds is None:
        return ROUND_LIMIT
    if type(max_rounds) is not int or max_rounds < 0:
        raise ValueError(f"max_rounds must be a whole number from 0, or None (got {max_rounds!r})")
    return min(max_rounds, ROUND_LIMIT)


def best_line(state: State, max_rounds: int | None = None):
    """The best final game score reachable from ``state`` if the order of the cards were known, and the
    moves (legal, in order) that reach it.

    Reads the position itself: it is the perfect-information analyst, for after a game ("the best possible
    score on this deal") and, on determinized states, inside :func:`hint`.  ``max_rounds`` caps the rounds
    of the game (no round begins after it; None: the house limit of 20 rounds).  The line stops where the
    game ends (in a match, where this game's result is recorded).

    >>> from ninekit.count_of_nine import position
    >>> s = position(target="Harbour", deck=["9"], city=["Tavern@3", "Quarry@8"], round=2)
    >>> score, moves = best_line(s)
    >>> score, [str(m) for m in moves]
    (1, ['Build Mine from the centre card', 'Pay with Crew from your Tavern, Stone from your Quarry'])
    """
    pos = state.position
    if pos.phase in ("target", "over"):
        raise ValueError("best_line needs a dealt game: choose this game's target first" if pos.phase == "target"
                         else "the match is over: there is no game to analyse")
    cap = _cap_of(pos, max_rounds)
    score, search = _best(pos, cap)
    line = search.line(pos, score)
    moves = []
    s = state
    for move in line:  # the engine's own Move objects, checked legal on the way
        s = s.play(move)
        moves.append(s.history[-1][1])
    return score, moves


# --- the hint and the computer builder ------------------------------------------------------------------------



def _hint_cap(view: dict, ahead: int) -> int:
    """The round cap of the hint's search: the round being played and ``ahead`` more.  Before a round (and
    when choosing the target) the search ends at the same round as the turns of the round before it: that
    round and ``ahead - 1`` more (at least one more)."""
    if view["phase"] in ("round", "target"):
        return min(ROUND_LIMIT, view["round"] + 1 + max(1, ahead - 1))
    return min(ROUND_LIMIT, view["round"] + ahead)


class _Scores:
    """Each move's best score in each sampled world (its order known): exact where the choice depends on
    it, else an upper bound.  A build's score is its best payment's.

    A move is first searched only for whether it beats the best move so far in that world (cheap when it
    does not: the search stops at the bound); then the move with the best mean is searched exactly in the
    worlds where it was not, until the best mean is exact: every other mean, exact or an upper bound, is no
    higher, so the choice is the same as with every score exact."""

    def __init__(self, worlds: list, moves):
        self.worlds = worlds    # (world State, its _Search)
        self.moves = moves
        self.rows = []          # per world, per move: [score, exact]
        for world, search in worlds:
            row, best = [], NO_FLOOR
            for move in moves:
                bar = NO_FLOOR if best == NO_FLOOR else best - 1
                value = max(search.value(child, bar) for child in after_move(world, move))
                exact = bar == NO_FLOOR or value > bar
                row.append([value, exact])
                if exact and value > best:
                    best = value
            self.rows.append(row)

    def mean(self, i: int) -> float:
        return sum(row[i][0] for row in self.rows) / len(self.rows)

    def choose(self) -> tuple:
        """(index of the move with the best mean, ties to the first; every move's mean)."""
        while True:
            means = [self.mean(i) for i in range(len(self.moves))]
            top = max(range(len(self.moves)), key=lambda i: (means[i], -i))
            loose = [k for k, row in enumerate(self.rows) if not row[top][1]]
            if not loose:
                return top, means
            for k in loose:
                world, search = self.worlds[k]
                value = max(search.value(child, NO_FLOOR) for child in after_move(world, self.moves[top]))
                self.rows[k][top] = [value, True]

    def table(self) -> list:
        """(world, search, scores) per world, for the reason."""
        return [(world, search, [v for v, _exact in row]) for (world, search), row in zip(self.worlds, self.rows)]


def after_move(world: State, move: Move) -> list:
    """The positions right after ``move`` (a build: after each of its payments)."""
    child = world.play(move).position
    if move.kind == "build":
        place, name = move.args
        return [pay_with(child, pay) for pay in payments_for(name, sources_for(child, place))]
    return [child]


class Choice:
    """What the hint and the computer builder decided, and why (the sampled worlds)."""

    def __init__(self, moves, best, means, worlds, other=None):
        self.moves = moves      # the legal moves
        self.best = best        # the index of the chosen one
        self.means = means      # their mean scores over the samples
        self.worlds = worlds    # (world, search, values) per sample
        self.other = other      # after "cancel": the structure (or pass) worth more than the chosen one

    @property
    def move(self) -> Move:
        return self.moves[self.best]


def choice_for(state: State, samples: int, rng: random.Random, ahead: int, searches: dict | None = None,
            nodes: int | None = None, shuffles: bool = True, settled: Move | None = None) -> Choice:
    """The legal move with the best mean score over ``samples`` determinized worlds (ties: the first).

    When paying, "Choose a different structure" is chosen only if another structure (or passing) has a
    better mean than the one being paid for with its own best payment in each world, as the decision
    before it would be weighed: so following the hint never goes round in a circle.  ``searches`` (a dict
    kept by the caller) keeps each game's search for a round cap from one decision to the next: its memo
    holds values of positions, so it stays sound, and the later decisions of a game are mostly found
    there.  ``nodes``: a budget of turns searched for this decision (past it, :class:`OutOfNodes`).
    ``shuffles=False`` leaves shuffling out of the choice (a sampled world knows the order a shuffle gives, so
    its score for a shuffle is too high).  ``settled``: the build this player chose at the decision before; when
    paying for it, the best payment, without weighing the structures again (sampled afresh, the worlds could
    weigh them otherwise, and a player following the choices would go round in a circle: build, cancel, build).

    >>> from ninekit.count_of_nine import position
    >>> s = position(target="Harbour", deck=["9", "5"], city=["Tavern@3", "Quarry@8"], round=2)
    >>> build = next(m for m in s.legal_moves() if m.kind == "build")
    >>> paying = s.play(build)
    >>> choice_for(paying, 2, random.Random(1), 1, settled=build).move.kind
    'pay'
    """
    moves = state.legal_moves()
    if not shuffles:
        moves = tuple(m for m in moves if m.args != ("shuffle",))
    if not moves:
        raise ValueError("the game is over: there is no decision to hint")
    view = state.view(0)
    if len(moves) == 1:
        return Choice(moves, 0, [0.0], [])
    cap = _hint_cap(view, ahead)
    paying = view["phase"] == "pay"
    own = moves[:-1] if paying else moves  # when paying, the last move is "Choose a different structure"
    worlds = []
    search = None  # one memo for every world: it is keyed by the order, and worlds often share much of it
    for _ in range(samples):
        world = state.determinize(0, rng)  # the unseen order resampled: never the true one
        search = search or (_Search(world.position, cap) if searches is None else _kept(searches, world.position, cap))
        worlds.append((world, search))
    if search is not None:
        search.limit = _NO_LIMIT if nodes is None else search.nodes + nodes
    scores = _Scores(worlds, own)
    best, means = scores.choose()
    if not paying:
        return Choice(moves, best, means, scores.table())
    if settled == Move("build", (view["chosen"]["place"], view["chosen"]["name"])):
        return Choice(moves, best, means + [None], scores.table())
    # weigh the structures (and passing) as the decision before this payment would
    turns = [(world.play(moves[-1]), search) for world, search in worlds]
    turn_moves = turns[0][0].legal_moves()
    top, turn_means = _Scores(turns, turn_moves).choose()
    chosen = Move("build", (view["chosen"]["place"], view["chosen"]["name"]))
    if turn_moves[top] == chosen:
        return Choice(moves, best, means + [None], scores.table())
    return Choice(moves, len(moves) - 1, means + [turn_means[top]], scores.table(), other=turn_moves[top])


_KEPT_MEMO = 400_000  # a kept search is started afresh past this many memo entries


def _kept(searches: dict, pos, cap: int) -> _Search:
    """The search kept in ``searches`` for this game and round cap (a new one for a new game or cap)."""
    key = (len(pos.results), cap)
    search = searches.get(key)
    if search is None or len(search.memo) > _KEPT_MEMO:
        searches.clear()
        search = searches[key] = _Search(pos, cap)
    return search


def _line_after(world: State, search: _Search, move: Move, value: int) -> list:
    """(round, move, position before it) along a best line in ``world`` that starts with ``move`` and scores
    ``value``."""
    steps = [(world.position.round, move, world.position)]
    state = world.play(move)
    if move.kind == "build":
        place, name = move.args
        for pay in payments_for(name, sources_for(state.position, place)):
            if search.value(pay_with(state.position, pay), value - 1) >= value:
                steps.append((state.position.round, Move("pay", pay), state.position))
                state = state.play(Move("pay", pay))
                break
    for step in search.line(state.position, value):
        steps.append((state.position.round, step, state.position))
        state = state.play(step)
    return steps


def _builds_in(steps: list) -> list:
    """(round, structure, card it came from, payment) of every build along a line."""
    out = []
    for i, (rnd, move, pos) in enumerate(steps):
        if move.kind != "pay" or i == 0 or steps[i - 1][1].kind != "build":
            continue
        place, name = steps[i - 1][1].args
        if place == "target":
            card = TARGET_CARD[name][0]
        else:
            code = {"centre": lambda p: p.deck[0], "deck": lambda p: p.deck[1],
                    "discard": lambda p: p.discard[-1]}[place](pos)
            card = code >> 1
        out.append((rnd, name, card, move.args))
    return out


def _when(rnd: int, now: int) -> str:
    return "this round" if rnd == now else "next round" if rnd == now + 1 else f"in round {rnd}"


def _points(view: dict, name: str) -> int:
    names = tuple(c["name"] for c in view["city"])
    return _city_value(names + (name,)) - _city_value(names)


def _source_words(view: dict, sid: str) -> str:
    if sid.startswith("city"):
        card = int(sid[4:])
        return "your " + next(c["name"] for c in view["city"] if c["card"] == card)
    return {"centre": "the centre card", "deck": "the top card of the deck", "discard": "the top discard"}[sid]


def choice_reason(state: State, choice: Choice) -> str:
    """One sentence, in the game's words, for the chosen move (from a best line in a sampled world)."""
    moves, best, means, worlds = choice.moves, choice.best, choice.means, choice.worlds
    move = moves[best]
    view = state.view(0)
    now = view["round"]
    if len(moves) == 1:
        if move.kind == "pass":
            return "Passes: nothing here can be built."
        return f"{str(move)}: it is the only choice."
    if move.kind == "cancel":
        other = choice.other
        if other.kind == "pass":
            return "Chooses a different structure: passing is worth more on average than building this now."
        return (f"Chooses a different structure: {other.args[1]} is worth more on average than the "
                f"{view['chosen']['name']}.")
    world, search, values = max(worlds, key=lambda w: w[2][best])
    steps = _line_after(world, search, move, values[best])
    later = _builds_in(steps)
    if move.kind == "build":
        place, name = move.args
        mine = later[0] if later and later[0][1] == name else None
        rest = later[1:] if mine else later
        if name == view["target"]["name"]:
            return f"Builds the target, {name}, now: it scores {_points(view, name)} points."
        if STRUCTURES[name].kind == "high":
            return f"Builds {name} now: a second high structure scores {_points(view, name)} points."
        if mine is not None:
            card = mine[2]
            for rnd, other, _card, pay in rest:
                if f"city{card}" in pay:
                    return (f"Builds {name} now: it provides {STRUCTURES[name].provides} for the {other} "
                            f"{_when(rnd, now)}.")
            for _rnd, other, _card, _cost in rest:
                if name in STRUCTURES[other].requires:
                    return f"Builds {name} now: the {other} requires it."
        points = _points(view, name)
        return (f"Builds {name} now: it scores {points} point{'s' * (points != 1)} and nothing better needs "
                f"these cards this round.")
    if move.kind == "pay":
        name = view["chosen"]["name"]
        paid = "Pays" + str(move)[len("Pay"):]
        pays = [m for m in moves if m.kind == "pay"]
        if len(pays) == 1:
            return f"{paid}: it is the only way to pay for the {name}."
        spared = [sid for sid in SOURCE_IDS if any(sid in m.args for m in pays) and sid not in move.args]
        tail = f" for the {later[0][1]} after it" if later else ""
        return f"{paid}: it keeps {_and_words([_source_words(view, sid) for sid in spared])} open{tail}."
    if move.kind == "pass":
        if later and later[0][0] == now:
            return f"Passes: building now would spend what the {later[0][1]} needs later this round."
        if later:
            return f"Passes: nothing here is worth its cost yet; the {later[0][1]} comes {_when(later[0][0], now)}."
        return "Passes: nothing here is worth its cost yet."
    if move.kind == "round":
        choice = move.args[0]
        stop = next((i for i, m in enumerate(moves) if m.args == ("stop",)), None)
        if choice == "stop":
            return "Stops now: another round costs a point and adds nothing on average."
        first = [b[1] for b in later if b[0] == now + 1][:2]
        gain = means[best] - (means[stop] if stop is not None else 0)
        opens = (f"it opens {_and_words(first)} in round {now + 1}" if first else
                 f"it is worth {gain:.1f} points more on average than stopping")
        if choice == "keep":
            lead = "Keeps the deck as it lies" if now else f"Keeps {view['deck_top']['top']} on top"
            return f"{lead}: {opens}."
        if choice == "rotate":
            lead = "Rotates the deck" if now else f"Rotates the deck so {view['deck_top']['bottom']} is on top"
            return f"{lead}: {opens}."
        return "Shuffles the deck: a fresh order is worth more on average than the one you know."
    if move.kind == "demolish":
        card = move.args[0]
        taken = next(c["name"] for c in view["city"] if c["card"] == card)
        back = [b[1] for b in later if b[2] == card]
        return (f"Takes down {taken}: card {card} comes back" +
                (f" as {back[0]}." if back else " for later rounds."))
    if move.kind == "return":
        return f"Returns the card with {move.args[0]} on top: the best lines need it that way round."
    if move.kind == "target":
        return (f"Chooses {move.args[0]} as the target: on the sampled deals it gives the best score on "
                f"average ({means[best]:.1f} within the hint's rounds).")
    return f"{str(move)}."  # pragma: no cover - every decision kind is named above


def _and_words(items: list) -> str:
    items = list(items)
    if not items:
        return "the rest"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def hint(state: State, samples: int = 8, seed: int = 0):
    """The suggested move now and a one-sentence reason in the game's words.

    Each of ``samples`` determinized worlds resamples what the player has not seen (the order of the deck
    below the cards in play; in round 1 also which cards are rotated); in each, every legal move is scored
    with the best line after it (:func:`best_line`'s search) over the round being played and
    ``HINT_ROUNDS_AHEAD`` more, and the move with the best mean score is suggested (ties: the first in
    ``legal_moves()``).  It uses only what the player may know: the true order is never read.
    Deterministic for a given ``seed``.

    >>> from ninekit.count_of_nine import position
    >>> s = position(target="Harbour", deck=["8", "5"], city=["Market@6", "Stonemason@2", "Tavern@3"], round=2)
    >>> move, reason = hint(s, samples=2)
    >>> str(move)
    'Pass: flip the centre card onto the discard pile'
    >>> reason
    'Passes: building now would spend what the Guildhall needs later this round.'
    """
    if type(samples) is not int or samples < 1:
        raise ValueError(f"samples must be a whole number from 1 (got {samples!r})")
    choice = choice_for(state, samples, random.Random(seed), HINT_ROUNDS_AHEAD)
    return choice.move, choice_reason(state, choice)


class CountOfNineBot:
    """The computer builder: a cheap hint.

    For each decision it samples ``BOT_SAMPLES`` orders of the cards it has not seen
    (``state.determinize``, never the true order) and plays the move with the best mean score over the
    round being played (plus ``BOT_ROUNDS_AHEAD`` more).

    >>> from ninekit.count_of_nine import position
    >>> s = position(target="Harbour", deck=["9"], city=["Tavern@3", "Quarry@8"], round=2)
    >>> str(CountOfNineBot(1).choose(s))
    'Build Mine from the centre card'
    """

    def __init__(self, seed: int | None = 0, samples: int = BOT_SAMPLES, ahead: int | None = None):
        self.rng = random.Random(seed)
        self.samples = samples
        self.ahead = BOT_ROUNDS_AHEAD if ahead is None else ahead
        self.last: Move | None = None  # its last choice: a build it chose, it then pays for (``settled``)

    def choose(self, state: State) -> Move:
        """The chosen legal move for the Builder."""
        return self.choice(state).move

    def choice(self, state: State) -> Choice:
        """The analyst's choice for the Builder (the move, and the worlds it weighed), remembered as its last."""
        choice = choice_for(state, self.samples, self.rng, self.ahead, settled=self.last)
        self.last = choice.move
        return choice
