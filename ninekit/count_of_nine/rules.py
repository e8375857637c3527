"""Count of Nine: the nine-card solo city builder, over a match of two games.

One player works a deck of eight double-sided cards round after round.  Each
card face has a resource on its top and bottom edges and a structure on its
left and right.  On a turn the player builds one structure from the *play
area* (the centre card, the top card of the deck, the top discard) or the
game's *target*, paying every cost unit from a different source, or passes
(the centre card is flipped onto the discard pile).  At the end of a round
the discard pile is flipped back into the deck, and the player may rotate or
shuffle it, or stop.  Score: shields, +1 per basic structure, +1 per
duplicate, +3 per high structure beyond the first, minus the rounds played.

Rules: the Count of Nine rulebook and the project's rulings.  The cards are
*reconstructed* (``ninekit.count_of_nine.data``); where neither source
decides, ``docs/count_of_nine.md`` records the decision taken here.

    >>> from ninekit.count_of_nine import CARDS, score_game, title, position
    >>> CARDS[1]["A"]
    ('Crew', 'Lumber', 'Castle', 'Tavern')
    >>> score_game(["Tavern", "Tavern", "Armoury", "Chapel"], 2)
    4
    >>> title(18)
    'The King is impressed'
    >>> s = position(target="Harbour", deck=["3", "6", "9r"], city=["Tavern@1"], round=2)
    >>> [str(m) for m in s.legal_moves()][:2]
    ['Build Armoury from the centre card', 'Build Tavern from the centre card']
"""


from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..core import Move, Option, Outcome, Rules, State, fast_replace, make, register
from .data import (
    CARDS,
    HIGH_STRUCTURES,
    LOWEST_TITLE,
    PLACE_WORDS,
    PLACES,
    RECONSTRUCTED_NOTE,
    RESOURCES,
    ROTATED_AT_SETUP,
    ROUND_LIMIT,
    RULES_SUMMARY,
    SOURCE_RANK,
    SOURCE_WEIGHT,
    STRUCTURES,
    TARGET_CARD,
    TITLES,
)

RESOURCE_INDEX = {r: i for i, r in enumerate(RESOURCES)}


def _code(card: int, rotated: bool) -> int:
    return card * 2 + (1 if rotated else 0)


def _look(code: int, face: str) -> tuple:
    """(top, bottom, left, right) of a card as it lies: rotating swaps top/bottom and left/right."""
    top, bottom, left, right = CARDS[code >> 1][face]
    return (bottom, top, right, left) if code & 1 else (top, bottom, left, right)


LOOK = {(c * 2 + r, f): _look(c * 2 + r, f) for c in CARDS for r in (0, 1) for f in "AB"}
# Cost of each structure as single-resource needs (a count per resource) plus at most one "A/B" unit.
NEEDS = {}
for _s in STRUCTURES.values():
    _fixed = [0] * len(RESOURCES)
    _alt = None
    for _unit in _s.cost:
        if len(_unit) == 1:
            _fixed[RESOURCE_INDEX[_unit[0]]] += 1
        else:
            assert _alt is None
            _alt = tuple(RESOURCE_INDEX[r] for r in _unit)
    NEEDS[_s.name] = (tuple(_fixed), _alt)
del _s, _fixed, _alt, _unit

_PROVIDES = {name: (RESOURCE_INDEX[s.provides] if s.provides else None) for name, s in STRUCTURES.items()}
_TOP = {key: RESOURCE_INDEX[look[0]] for key, look in LOOK.items()}
_SIDES = {key: look[2:] for key, look in LOOK.items()}
# open_builds counts the units the open sources give in one int, 5 bits per resource: 4 for the count (at most 3 cards
# in play and one structure per card in the city) and a guard bit above them.  Counts packed alike as ``need`` pay
# for it exactly when (have | _GUARDS) - need keeps every guard bit (no resource falls short, so none borrows).
_UNIT = tuple(1 << (5 * r) for r in range(len(RESOURCES)))
_GUARDS = sum(unit << 4 for unit in _UNIT)
assert 3 + len(CARDS) < 16


def _packed(counts: Sequence[int]) -> int:
    return sum(n * _UNIT[r] for r, n in enumerate(counts))


# Per structure: (its name, the packed costs that pay it: one, or one per choice of its "A/B" unit, the structures
# it requires).
_PAY_CHECK = {name: (name, (_packed(fixed),) if alt is None else tuple(_packed(fixed) + _UNIT[r] for r in alt),
                     STRUCTURES[name].requires)
              for name, (fixed, alt) in NEEDS.items()}
# For sources_for and open_builds: per card code as it lies, face A / face B up: (resource of its top, the _PAY_CHECK of
# its two structures).
_FACE_A = {code: (_TOP[code, "A"], tuple(map(_PAY_CHECK.get, _SIDES[code, "A"]))) for code, face in LOOK if face == "A"}
_FACE_B = {code: (_TOP[code, "B"], tuple(map(_PAY_CHECK.get, _SIDES[code, "B"]))) for code, face in LOOK if face == "B"}


def cost_words(name: str) -> str:
    """A structure's cost as printed: units joined by " + ", either-or units as "A/B".

    >>> cost_words("Armoury")
    'Crew + Iron/Lumber'
    """
    return " + ".join("/".join(unit) for unit in STRUCTURES[name].cost)


# --- scoring ------------------------------------------------------------------------------------------

def score_breakdown(city: Sequence[str], rounds: int) -> list:
    """The rulebook's game score for ``city`` (structure names) after ``rounds`` rounds, line by line.

    >>> for line in score_breakdown(["Castle", "Tavern", "Tavern"], 3):
    ...     print(line)
    ('Shield VP', 7)
    ('+1 per basic structure', 2)
    ('+1 per duplicate', 1)
    ('+3 per high structure beyond the first', 0)
    ('Rounds played', -3)
    """
    for name in city:
        if name not in STRUCTURES:
            raise ValueError(f"unknown structure {name!r}; structures are: {', '.join(STRUCTURES)}")
    if type(rounds) is not int or rounds < 0:
        raise ValueError(f"rounds must be a whole number from 0 (got {rounds!r})")
    shields = sum(STRUCTURES[n].vp for n in city)
    basic = sum(1 for n in city if STRUCTURES[n].kind != "high")
    duplicates = len(city) - len(set(city))
    high = sum(1 for n in city if STRUCTURES[n].kind == "high")
    return [("Shield VP", shields), ("+1 per basic structure", basic), ("+1 per duplicate", duplicates),
            ("+3 per high structure beyond the first", 3 * max(0, high - 1)), ("Rounds played", -rounds)]


def score_game(city: Sequence[str], rounds: int) -> int:
    """The rulebook's game score: shield VP, +1 per basic structure, +1 per duplicate, +3 per high
    structure beyond the first, minus ``rounds``.

    >>> score_game(["Castle", "Armoury", "Stonemason", "Goldsmith", "Tavern"], 4)
    7
    """
    return sum(value for _label, value in score_breakdown(city, rounds))


def title(total: int) -> str:
    """The rulebook's words for a match total (the sum of both game scores).

    >>> title(25), title(21), title(13), title(-2)
    ('Our next King!', 'The King is worried', 'The King shrugs', 'The King is displeased')
    """
    if type(total) is not int:
        raise ValueError(f"a match total is a whole number (got {total!r})")
    for least, words in TITLES:
        if total >= least:
            return words
    return LOWEST_TITLE


# --- the position ----------------------------------------------------------------------------------

class Position(NamedTuple):
    """Everything true about a match.  Cards in the deck and discard pile are codes ``card * 2 + rotated``:
    the deck always shows face A (``deck[0]`` is the centre card once a round runs, ``deck[1]`` the top card
    of the deck), the discard pile face B (bottom first).  ``city`` holds ``(card, structure, round built)``."""

    games: int
    game_no: int
    results: tuple          # finished games: (target, city, rounds, score, the deck as dealt)
    target: str | None
    deck: tuple
    discard: tuple
    city: tuple
    used: int               # bitmask over card numbers: provided a resource this round (tilted)
    round: int              # rounds begun in this game
    phase: str              # target | round | turn | pay | demolish | return | over
    chosen: tuple | None    # pay: (place, structure); demolish/return: ("dt", code, card or None, cards seen)
    could_build: bool       # some build was legal at some turn of this round
    order_known: bool       # the player knows the order of the deck below the two cards in play
    start_rot: int          # bitmask over cards rotated at the start of round 1 (for determinize)
    luck: int               # the hidden source of every shuffle
    draws: int              # shuffles made so far
    deal: tuple             # this game's deck as dealt (revealed with the game's result)


rep = fast_replace(Position)


def _bit(card: int) -> int:
    return 1 << card


def _city_names(pos: Position) -> tuple:
    return tuple(name for _c, name, _r in pos.city)


def _in_play(pos: Position) -> list:
    """The play area as (place, code, face): centre, top card of the deck, top discard."""
    out = []
    if pos.deck:
        out.append(("centre", pos.deck[0], "A"))
        if len(pos.deck) > 1:
            out.append(("deck", pos.deck[1], "A"))
    if pos.discard:
        out.append(("discard", pos.discard[-1], "B"))
    return out


_CITY_SOURCE = {card: f"city{card}" for card in CARDS}


def sources_for(pos: Position, place: str) -> list:
    """Every source that may pay for a structure built from ``place``: (id, resource index).

    The play area first (centre, top card of the deck, top discard), then the city in building order.
    """
    out = []
    deck, discard, used = pos.deck, pos.discard, pos.used
    if deck:  # a card cannot pay for its own structure
        if place != "centre":
            out.append(("centre", _FACE_A[deck[0]][0]))
        if len(deck) > 1 and place != "deck":
            out.append(("deck", _FACE_A[deck[1]][0]))
    if discard and place != "discard" and not used & _bit(discard[-1] >> 1):  # not tilted: unused this round
        out.append(("discard", _FACE_B[discard[-1]][0]))
    rnd = pos.round
    for card, name, built in pos.city:
        r = _PROVIDES[name]
        if r is not None and built < rnd and not used & _bit(card):
            out.append((_CITY_SOURCE[card], r))
    return out


def _can_pay(name: str, sources: list) -> bool:
    fixed, alt = NEEDS[name]
    have = [0] * len(RESOURCES)
    for _sid, r in sources:
        have[r] += 1
    for r, n in enumerate(fixed):
        if have[r] < n:
            return False
    return alt is None or any(have[r] > fixed[r] for r in alt)


def payments_for(name: str, sources: list) -> list:
    """Every distinct set of sources that pays ``name`` (sorted ids), the sensible default first."""
    return list(_payments_from(name, tuple(sources)))


@lru_cache(maxsize=4096)  # the same few sources recur from game to game
def _payments_from(name: str, sources: tuple) -> tuple:
    fixed, alt = NEEDS[name]
    by_res = [[sid for sid, r in sources if r == res] for res in range(len(RESOURCES))]
    partial = [()]
    for res, n in enumerate(fixed):
        if n:
            partial = [p + combo for p in partial for combo in combinations(by_res[res], n)]
    found = set()
    for p in partial:
        if alt is None:
            found.add(tuple(sorted(p, key=SOURCE_RANK.__getitem__)))
            continue
        for r in alt:
            for sid in by_res[r]:
                if sid not in p:
                    found.add(tuple(sorted(p + (sid,), key=SOURCE_RANK.__getitem__)))

    def weight(pay):
        return sum(map(SOURCE_WEIGHT.__getitem__, pay)), list(map(SOURCE_RANK.__getitem__, pay))

    return tuple(sorted(found, key=weight))


def demolishable(pos: Position) -> list:
    return [(card, name) for card, name, _r in pos.city if name != pos.target]


def _build_problem(pos: Position, place: str, name: str, names: tuple | None = None) -> str | None:
    """Why ``name`` cannot be built from ``place`` now (it shows there), or None."""
    names = _city_names(pos) if names is None else names
    missing = [r for r in STRUCTURES[name].requires if r not in names]
    if missing:
        return (f"{name} requires {_and(STRUCTURES[name].requires)} in your city (missing: {_and(missing)})")
    if name == "Demolition Team" and not demolishable(pos):
        return "Demolition Team needs a structure in your city to take down (never the target), and there is none"
    sources = sources_for(pos, place)
    if not _can_pay(name, sources):
        have = ", ".join(f"{RESOURCES[r]} ({_source_words(pos, sid)})" for sid, r in sources) or "none"
        why = (f"{name} costs {cost_words(name)}, each unit from a different source, and the sources open now "
               f"cannot pay it (they give: {have})")
        return why + _closed_sources_words(pos, place, name, sources)
    return None


# (position, its builds, a turn's legal Moves), one tuple (stored in one step, so threads never see a mixed one):
# a pass asks again for the builds legal_moves listed.
_LAST_BUILDS: list = [(None, None, None)]
# (city, used, round, the city's structure names, the units its open structures give, packed), for _turn_options.
_LAST_CITY: list = [(None, None, None, None, 0)]


def _closed_sources_words(pos: Position, place: str, name: str, sources: list) -> str:
    """The rule that closes a source which would have paid for ``name`` ("; ..."), or "" when none would."""
    closed = []  # (source, resource, the rule that closes it)
    for where, code, face in _in_play(pos):  # said as the player sees it: the card, what it shows, why not
        top = _TOP[code, face]
        if where == place:
            closed.append((where, top, f"{PLACE_WORDS[where]} shows {RESOURCES[top]} on top; a card cannot pay "
                                       "for its own structure"))
        elif where == "discard" and pos.used & _bit(code >> 1):
            closed.append((where, top, f"the top discard's {RESOURCES[top]} was already used this round (the card "
                                       "is tilted)"))
    if place != "target" and pos.target is not None:
        card, face = TARGET_CARD[pos.target]
        top = RESOURCE_INDEX[CARDS[card][face][0]]
        closed.append(("target", top, f"the target card shows {RESOURCES[top]} on top; the target card gives no "
                                      "resource"))
    for card, built_name, built in pos.city:
        provides = STRUCTURES[built_name].provides
        if not provides:
            continue
        if built >= pos.round:
            closed.append((f"city{card}", RESOURCE_INDEX[provides],
                           f"your {built_name} was built this round: it gives {provides} from the next round on"))
        elif pos.used & _bit(card):
            closed.append((f"city{card}", RESOURCE_INDEX[provides],
                           f"your {built_name} has already given its {provides} this round"))
    for sid, r, rule in closed:
        if _can_pay(name, sources + [(sid, r)]):
            return "; " + rule
    return ""


def open_builds(pos: Position) -> list:
    """Every (place, structure) that may be built now (the fast path of :func:`_build_problem`)."""
    return _turn_options(pos)[0]


def _turn_options(pos: Position) -> tuple:
    """(:func:`open_builds`, a turn's legal Moves: a build Move for each, then the pass)."""
    last = _LAST_BUILDS[0]
    if last[0] is pos:
        return last[1], last[2]
    used, rnd, city = pos.used, pos.round, pos.city
    last = _LAST_CITY[0]
    if last[0] is city and last[1] == used and last[2] == rnd:  # passes leave the city as it was
        names, have = last[3], last[4]
    else:
        have = 0  # units per resource the open sources give, packed (see _UNIT)
        names = set()  # never changed once made: it is kept in _LAST_CITY
        for card, name, built in city:
            names.add(name)
            r = _PROVIDES[name]
            if r is not None and built < rnd and not used & (1 << card):
                have += _UNIT[r]
        _LAST_CITY[0] = (city, used, rnd, names, have)
    play = []  # (place, resource it gives or None, the _PAY_CHECK of its structures)
    deck, discard = pos.deck, pos.discard
    if deck:
        r, checks = _FACE_A[deck[0]]
        have += _UNIT[r]
        play.append(("centre", r, checks))
        if len(deck) > 1:
            r, checks = _FACE_A[deck[1]]
            have += _UNIT[r]
            play.append(("deck", r, checks))
    if discard:
        code = discard[-1]
        r, checks = _FACE_B[code]
        if used & (1 << (code >> 1)):
            r = None
        else:
            have += _UNIT[r]
        play.append(("discard", r, checks))
    if pos.target is not None and pos.target not in names:
        play.append(("target", None, (_PAY_CHECK[pos.target],)))
    out = []
    moves = []
    for place, own, checks in play:
        build_move = _BUILD_MOVE_AT[place]
        guarded = (have if own is None else have - _UNIT[own]) | _GUARDS  # a card cannot pay for its own structure
        for name, costs, requires in checks:
            for cost in costs:
                if (guarded - cost) & _GUARDS == _GUARDS:
                    break
            else:
                continue  # the open sources cannot pay it
            if requires and not names.issuperset(requires):
                continue
            if name == "Demolition Team" and not demolishable(pos):
                continue
            out.append((place, name))
            moves.append(build_move[name])
    legal = (*moves, PASS_MOVE)
    _LAST_BUILDS[0] = (pos, out, legal)
    return out, legal


def _and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _source_words(pos: Position, sid: str) -> str:
    return _source_words_in(pos.city, sid)


def _source_words_in(city: tuple, sid: str) -> str:
    """A source in words; ``city``: the city's entries, each starting (card, structure), to name city sources."""
    if sid.startswith("city"):
        card = int(sid[4:])
        name = next(entry[1] for entry in city if entry[0] == card)
        twins = sum(1 for entry in city if entry[1] == name)
        return f"your {name}" + (f" (card {card})" if twins > 1 else "")
    return PLACE_WORDS[sid]


# --- moves -------------------------------------------------------------------------------------------

def _m(kind, *args, text=""):
    return Move(kind, args, text)


TARGET_MOVES = {n: _m("target", n, text=f"Choose {n} as this game's target") for n in HIGH_STRUCTURES}
PASS_MOVE = _m("pass", text="Pass: flip the centre card onto the discard pile")
CANCEL_MOVE = _m("cancel", text="Choose a different structure")
ROUND_CHOICES = ("keep", "rotate", "shuffle", "stop")
KINDS_NO_ARG = {"pass": PASS_MOVE, "cancel": CANCEL_MOVE}


BUILD_MOVES = {(place, name): _m("build", place, name, text=f"Build the target, {name}" if place == "target"
                                 else f"Build {name} from {PLACE_WORDS[place]}")
               for place in PLACES for name in STRUCTURES}
_BUILD_MOVE_AT = {place: {name: BUILD_MOVES[place, name] for name in STRUCTURES} for place in PLACES}


def _pay_moves(pos: Position) -> tuple:
    """Every Move paying for the chosen structure, the sensible default first."""
    place, name = pos.chosen
    sources = tuple(sources_for(pos, place))
    if sources and sources[-1][0].startswith("city"):  # city sources come last; only they need the city's words
        return _pay_moves_from(name, sources, tuple([(card, structure) for card, structure, _r in pos.city]))
    return _pay_moves_from(name, sources, ())


@lru_cache(maxsize=8192)  # a cancelled build is often chosen again, and the same sources recur from game to game
def _pay_moves_from(name: str, sources: tuple, city: tuple) -> tuple:
    """:func:`_pay_moves` for these sources; ``city``: (card, structure) per city entry (for the words)."""
    words = {sid: f"{RESOURCES[r]} from {_source_words_in(city, sid)}" for sid, r in sources}
    return tuple(_m("pay", *pay, text="Pay with " + ", ".join(map(words.__getitem__, pay)))
                 for pay in _payments_from(name, sources))


def _round_texts(rnd: int, code: int | None = None) -> dict:
    nxt = rnd + 1
    if rnd == 0:
        look = LOOK[code, "A"]
        return {"keep": f"Keep {look[0]} on top and begin round 1",
                "rotate": f"Rotate the deck so {look[1]} is on top, and begin round 1",
                "stop": "Stop before round 1 (the game scores 0)"}
    return {"keep": f"Play round {nxt} with the deck as it lies",
            "rotate": f"Rotate the whole deck 180° and play round {nxt}",
            "shuffle": f"Shuffle the deck and play round {nxt}",
            "stop": f"Stop: end the game after {rnd} round{'s' * (rnd != 1)}"}


# The decision before a round: before round 1 (which resource of the top card is active) it depends on that
# card; later on the round number.
_ROUND_ONE = {code: tuple(_m("round", c, text=t) for c, t in _round_texts(0, code).items())
              for code in (c * 2 + r for c in CARDS for r in (0, 1))}
_ROUND_LATER = {rnd: tuple(_m("round", c, text=t) for c, t in _round_texts(rnd).items())
                for rnd in range(1, ROUND_LIMIT)}
_NO_SHUFFLE = {rnd: tuple(m for m in moves if m.args[0] != "shuffle") for rnd, moves in _ROUND_LATER.items()}


def legal_moves(pos: Position) -> tuple:
    phase = pos.phase
    if phase == "turn":
        return _turn_options(pos)[1]
    if phase == "pay":
        return (*_pay_moves(pos), CANCEL_MOVE)
    if phase == "round":
        if pos.round == 0:
            return _ROUND_ONE[pos.deck[0]]
        return (_ROUND_LATER if len(pos.deck) > 1 else _NO_SHUFFLE)[pos.round]
    if phase == "demolish":
        return tuple(_m("demolish", card, text=f"Take down {name} (card {card})") for card, name in demolishable(pos))
    if phase == "return":
        card = pos.chosen[2]
        top, bottom = CARDS[card]["A"][:2]
        return (_m("return", top, text=f"Put card {card} under the discard pile with {top} on top next round"),
                _m("return", bottom,
                   text=f"Put card {card} under the discard pile rotated, {bottom} on top next round"))
    if phase == "target":
        return tuple(TARGET_MOVES.values())
    return ()


# --- applying moves ------------------------------------------------------------------------------------

def _rng(pos: Position) -> random.Random:
    return random.Random(f"count_of_nine:{pos.luck}:{pos.draws}")


def _deal(pos: Position, target: str) -> Position:
    """Set-up steps 1-4: the target's card aside, the other eight face A, four rotated, shuffled."""
    rng = _rng(pos)
    cards = [c for c in CARDS if c != TARGET_CARD[target][0]]
    rotated = set(rng.sample(cards, ROTATED_AT_SETUP))
    deck = [_code(c, c in rotated) for c in cards]
    rng.shuffle(deck)
    return rep(pos, target=target, deck=tuple(deck), discard=(), city=(), used=0, round=0, phase="round",
                chosen=None, could_build=False, order_known=False, start_rot=0, draws=pos.draws + 1,
                deal=tuple(deck))


def _end_game(pos: Position) -> Position:
    names = _city_names(pos)
    result = (pos.target, pos.city, pos.round, score_game(names, pos.round), pos.deal)
    pos = rep(pos, results=pos.results + (result,), chosen=None)
    if pos.game_no < pos.games:
        return rep(pos, game_no=pos.game_no + 1, target=None, deck=(), discard=(), city=(), used=0, round=0,
                    phase="target", could_build=False, order_known=False, start_rot=0, deal=())
    return rep(pos, phase="over")


def _after_turn(pos: Position) -> Position:
    """Slide, and end the round when the deck is played through (rulebook steps 4-7, rulings 6 and 9)."""
    if pos.deck:
        return rep(pos, phase="turn", chosen=None)
    deck = pos.discard  # the pile flipped over: its bottom card on top, every card back on face A, rotation kept
    pos = rep(pos, deck=deck, discard=(), used=0, chosen=None)
    if not pos.could_build or not deck or pos.round >= ROUND_LIMIT:
        return _end_game(pos)
    return rep(pos, phase="round", order_known=True)


def apply(pos: Position, move: Move) -> Position:
    kind, args = move.kind, move.args
    if kind == "build":
        return rep(pos, phase="pay", chosen=(args[0], args[1]), could_build=True)
    if kind == "pay":
        return pay_with(pos, args)
    if kind == "pass":
        could = pos.could_build or bool(open_builds(pos))
        if len(pos.deck) > 1:  # the common case, in one step
            return rep(pos, deck=pos.deck[1:], discard=pos.discard + (pos.deck[0],), could_build=could)
        return _after_turn(rep(pos, deck=pos.deck[1:], discard=pos.discard + (pos.deck[0],), could_build=could))
    if kind == "cancel":
        return rep(pos, phase="turn", chosen=None)
    if kind == "round":
        return begin_round(pos, args[0])
    if kind == "demolish":
        return rep(pos, phase="return", chosen=pos.chosen[:2] + (args[0], pos.chosen[3]))
    if kind == "return":
        _dt, dt_code, card, _seen = pos.chosen
        rotated = CARDS[card]["A"][1] == args[0]
        city = tuple(entry for entry in pos.city if entry[0] != card)
        discard = (_code(card, rotated), dt_code) + pos.discard
        # a newly discarded card: untilted, whatever it gave as a structure this round
        return _after_turn(rep(pos, city=city, discard=discard, used=pos.used & ~_bit(card)))
    if kind == "target":
        return _deal(pos, args[0])
    raise AssertionError(kind)


def begin_round(pos: Position, choice: str) -> Position:
    if choice == "stop":
        return _end_game(pos)
    deck, draws, known = pos.deck, pos.draws, pos.round > 0
    if choice == "rotate":
        deck = tuple(code ^ 1 for code in deck)
    elif choice == "shuffle":
        order = list(deck)
        _rng(pos).shuffle(order)
        deck, draws, known = tuple(order), draws + 1, False
    start_rot = pos.start_rot
    if pos.round == 0:
        start_rot = sum(_bit(code >> 1) for code in deck if code & 1)
    return rep(pos, deck=deck, draws=draws, order_known=known, start_rot=start_rot, round=pos.round + 1,
                phase="turn", used=0, could_build=False, chosen=None)


def pay_with(pos: Position, pay: tuple) -> Position:
    place, name = pos.chosen
    deck, discard, used = list(pos.deck), list(pos.discard), pos.used
    built = deck[0] if place == "centre" else deck[1] if place == "deck" else discard[-1] if place == "discard" \
        else None  # the target
    card = TARGET_CARD[name][0] if place == "target" else built >> 1
    spent = []
    for sid in pay:
        if sid == "discard":
            used |= _bit(discard[-1] >> 1)
        elif sid == "centre":
            spent.append(deck[0])
        elif sid == "deck":
            spent.append(deck[1])
        else:
            used |= _bit(int(sid[4:]))
    if place in ("centre", "deck"):
        deck.remove(built)
    elif place == "discard":
        discard.pop()
        used &= ~_bit(built >> 1)  # a new structure: its card's tilt as the top discard does not follow it
    for code in spent:  # the centre card first (ruling 8), each flipped onto the discard pile
        deck.remove(code)
        discard.append(code)
    if name == "Demolition Team":
        return rep(pos, deck=tuple(deck), discard=tuple(discard), used=used, phase="demolish",
                    chosen=("dt", built, None, 2 - len(spent)))  # the slide waits for the build to end
    city = pos.city + ((card, name, pos.round),)
    return _after_turn(rep(pos, deck=tuple(deck), discard=tuple(discard), used=used, city=city))


# --- words -------------------------------------------------------------------------------------------------

def _prompt(pos: Position) -> str:
    phase = pos.phase
    of = f" (game {pos.game_no} of {pos.games})" if pos.games > 1 else ""
    if phase == "target":
        return f"Choose this game's target: one of the five high structures{of}"
    if phase == "round":
        if pos.round == 0:
            top, bottom = LOOK[pos.deck[0], "A"][:2]
            return (f"Set-up: the top card of the deck shows {top} on top and {bottom} below; choose which is "
                    f"active, or stop")
        return f"Before round {pos.round + 1}: keep the deck as it lies, rotate it, shuffle it, or stop the game"
    if phase == "turn":
        return f"Round {pos.round}: build a structure from the play area or the target, or pass"
    if phase == "pay":
        place, name = pos.chosen
        return f"Choose how to pay for {name} ({cost_words(name)}), or choose a different structure"
    if phase == "demolish":
        return "Demolition Team: choose a structure in your city to take down"
    if phase == "return":
        card = pos.chosen[2]
        return f"Demolition Team: choose which resource of card {card} is on top when it comes back"
    return "The match is over"


def why_illegal(pos: Position, move: Move) -> str:
    kind, args = move.kind, move.args
    phase = pos.phase
    expected = {"target": ("target",), "round": ("round",), "turn": ("build", "pass"), "pay": ("pay", "cancel"),
                "demolish": ("demolish",), "return": ("return",)}.get(phase, ())
    if kind not in ("target", "round", "build", "pass", "pay", "cancel", "demolish", "return"):
        return f"{move.kind!r} is not a Count of Nine decision"
    if kind not in expected:
        return f"Not now: {_prompt(pos)[0].lower()}{_prompt(pos)[1:]}"
    if kind == "build":
        if len(args) != 2 or args[0] not in PLACES:
            return f"A build names a place ({', '.join(PLACES)}) and a structure (got {list(args)!r})"
        place, name = args
        if name not in STRUCTURES:
            return f"{name!r} is not a Count of Nine structure"
        if place == "target":
            if name != pos.target:
                return f"{name} is not this game's target ({pos.target}); only the target can be built from its card"
            if name in _city_names(pos):
                return f"The target, {name}, is already in your city"
            return _build_problem(pos, "target", name) or "The target cannot be built now"
        showing = {where: LOOK[code, face] for where, code, face in _in_play(pos)}
        if place not in showing:
            return f"There is no {PLACE_WORDS[place][4:]} now"
        if name not in showing[place][2:]:
            return (f"{PLACE_WORDS[place].capitalize()} shows {showing[place][2]} and {showing[place][3]}, "
                    f"not {name}")
        return _build_problem(pos, place, name) or "That structure cannot be built now"
    if kind == "pay":
        return _why_not_pay(pos, args)
    if kind == "round":
        choice = args[0] if args else None
        if choice == "shuffle" and pos.round == 0:
            return "The deck was just shuffled at set-up: now choose only which resource of the top card is active"
        if choice == "shuffle":
            return "A deck of one card cannot be shuffled"
        return f"Before a round: keep, rotate, shuffle or stop (got {choice!r})"
    if kind == "demolish":
        if pos.target is not None and args and any(c == args[0] and n == pos.target for c, n, _r in pos.city):
            return "Demolition Team never takes down the target"
        return f"Card {args[0] if args else '?'} is not a structure in your city"
    if kind == "return":
        card = pos.chosen[2]
        top, bottom = CARDS[card]["A"][:2]
        return f"Card {card} comes back face A with {top} or {bottom} on top"
    if kind == "target":
        return f"{args[0] if args else '?'!r} is not a high structure ({', '.join(HIGH_STRUCTURES)})"
    return "That is not one of the decisions open now"


def _why_not_pay(pos: Position, pay: tuple) -> str:
    place, name = pos.chosen
    open_ = dict(sources_for(pos, place))
    for sid in pay:
        if sid not in SOURCE_RANK:
            return f"{sid!r} is not a source (sources: centre, deck, discard, city1-city9)"
        if sid == place:
            return "A card cannot pay for its own structure"
        if sid not in open_:
            if sid == "discard" and pos.discard and pos.used & _bit(pos.discard[-1] >> 1):
                return "The top discard's resource was already used this round (it is tilted)"
            if sid.startswith("city"):
                card = int(sid[4:])
                entry = next((e for e in pos.city if e[0] == card), None)
                if entry is None:
                    return f"There is no structure from card {card} in your city"
                provides = STRUCTURES[entry[1]].provides
                if not provides:
                    return f"{entry[1]} provides no resource"
                if entry[2] >= pos.round:
                    return f"{entry[1]} was built this round: it provides {provides} from the next round on"
                return f"{entry[1]} has already provided its {provides} this round (it is tilted)"
            return f"There is no {PLACE_WORDS[sid][4:]} to pay with now"
    if len(set(pay)) != len(pay):
        return "Each cost unit is paid by a different source"
    ordered = tuple(sorted(pay, key=SOURCE_RANK.__getitem__))
    if ordered != tuple(pay) and ordered in payments_for(name, sources_for(pos, place)):
        return (f"Those sources do pay for {name}; a payment lists them in the order centre, deck, discard, city "
                f"(as offered): {', '.join(ordered)}")
    return (f"{name} costs {cost_words(name)}: those sources "
            f"({', '.join(RESOURCES[open_[s]] for s in pay if s in open_) or 'none'}) do not pay exactly that")


def log_line(before: Position, after: Position, seat: int, move: Move, viewer) -> str | None:
    line = str(move)
    if move.kind == "target":
        line += ": the other eight cards go face A up, four of them rotated, and are shuffled"
    if move.kind == "build":
        return None  # the payment's line says what was built
    if move.kind == "pay":
        line = f"Build {before.chosen[1]}: {line[0].lower()}{line[1:]}"
    events = []
    if after.results != before.results:
        _target, _city, rounds, score, _deal = after.results[-1]
        end = (f"Game {len(after.results)} ends after {rounds} round{'s' * (rounds != 1)}: "
               f"{score} point{'s' * (abs(score) != 1)}")
        if move.kind != "round":  # the round ended the game, not a stop
            could = before.could_build or move.kind != "pass" or bool(open_builds(before))
            end += (" (no build was possible in the whole round)" if not could else
                    " (every card is in the city)" if not before.discard and move.kind != "pass" and
                    len(before.deck) <= 1 else f" (the {ROUND_LIMIT}-round limit)")
        events.append(end)
    elif after.phase == "round" and before.phase not in ("round", "target"):
        events.append(f"Round {before.round} ends: the discard pile is flipped over into the deck")
    return " — ".join([line, *events])


# --- information ------------------------------------------------------------------------------------

def _card_view(code: int, face: str, tilted: bool = False) -> dict:
    top, bottom, left, right = LOOK[code, face]
    return {"card": code >> 1, "face": face, "rotated": bool(code & 1), "top": top, "bottom": bottom,
            "left": left, "right": right, "tilted": tilted}


def _unseen_from(pos: Position) -> int:
    """How many deck cards from the top the player has seen in this round's order (the rest is unknown)."""
    if pos.order_known or pos.phase in ("target", "over"):
        return len(pos.deck)
    if pos.phase == "round":
        return 1 if pos.round == 0 else len(pos.deck)
    if pos.phase in ("demolish", "return"):
        return min(pos.chosen[3], len(pos.deck))  # cards that paid for Demolition Team are gone, no slide yet
    return min(2, len(pos.deck))


def view(pos: Position, seat, reveal: bool = False) -> dict:
    seen = len(pos.deck) if reveal else _unseen_from(pos)  # reveal: the whole deck's order and orientation
    deck = [_card_view(code, "A") for code in pos.deck[:seen]]
    unseen = sorted(pos.deck[seen:])
    rotations_known = reveal or pos.round > 1 or (pos.round == 1 and pos.phase == "round")
    in_round = pos.phase in ("turn", "pay", "demolish", "return")
    city = []
    for card, name, built in pos.city:
        s = STRUCTURES[name]
        city.append({"card": card, "name": name, "round": built, "provides": s.provides, "vp": s.vp,
                     "kind": s.kind, "tilted": bool(pos.used & _bit(card)), "fresh": built >= pos.round})
    names = _city_names(pos)
    target = None
    if pos.target is not None:
        card, face = TARGET_CARD[pos.target]
        sides = CARDS[card][face]
        target = {"name": pos.target, "card": card, "face": face, "other": sides[3] if sides[2] == pos.target
                  else sides[2], "built": pos.target in names, "cost": cost_words(pos.target),
                  "requires": list(STRUCTURES[pos.target].requires)}
    results = []
    for g, (t, c, rounds, score, deal) in enumerate(pos.results):
        city_names = [n for _c, n, _r in c]
        results.append({"game": g + 1, "target": t, "city": [{"card": cc, "name": n, "round": r} for cc, n, r in c],
                        "rounds": rounds, "score": score,
                        "breakdown": [list(x) for x in score_breakdown(city_names, rounds)],
                        "deal": [f"{code >> 1}{'r' * (code & 1)}" for code in deal]})
    total = sum(r["score"] for r in results)
    chosen = None
    if pos.phase == "pay":
        place, name = pos.chosen
        s = STRUCTURES[name]
        chosen = {"place": place, "name": name, "cost": cost_words(name), "requires": list(s.requires),
                  "provides": s.provides, "vp": s.vp, "kind": s.kind}
    dt = None
    if pos.phase in ("demolish", "return"):
        dt = {"card": _card_view(pos.chosen[1], "B"), "demolish": pos.chosen[2]}
    return {
        "reconstructed": RECONSTRUCTED_NOTE,
        "games": pos.games,
        "game_no": pos.game_no,
        "phase": pos.phase,
        "round": pos.round,
        "round_limit": ROUND_LIMIT,
        "target": target,
        "centre": deck[0] if in_round and deck else None,
        "deck_top": (deck[1] if len(deck) > 1 else None) if in_round else (deck[0] if deck else None),
        "deck": deck,
        "deck_count": len(pos.deck),
        "unseen": [{"card": code >> 1, "rotated": bool(code & 1) if rotations_known else None} for code in unseen],
        "order_known": seen == len(pos.deck),
        "discard": [_card_view(code, "B", bool(pos.used & _bit(code >> 1)) and i == len(pos.discard) - 1)
                    for i, code in enumerate(pos.discard)],
        "city": city,
        "score": score_game(names, pos.round) if pos.phase != "target" else 0,
        "breakdown": [list(x) for x in score_breakdown(names, pos.round)],
        "could_build": pos.could_build,
        "chosen": chosen,
        "demolition": dt,
        "results": results,
        "total": total,
        "title": title(total) if pos.phase == "over" and pos.games == 2 else None,
    }


def determinize(pos: Position, seat, rng: random.Random) -> Position:
    """Resample the unseen order of the deck (and, in round 1, which unseen cards are rotated) and every
    future shuffle."""
    seen = _unseen_from(pos)
    unseen = list(pos.deck[seen:])
    changes = {"luck": rng.getrandbits(64)}
    if len(unseen) > 1 or (unseen and pos.round <= 1):
        cards = sorted(code >> 1 for code in unseen)  # sorted: the sample depends only on what the seat saw
        rng.shuffle(cards)
        if pos.round == 0 or (pos.round == 1 and pos.phase != "round"):
            start = pos.start_rot if pos.round == 1 else sum(_bit(c >> 1) for c in pos.deck if c & 1)
            hidden = sum(_bit(c) for c in cards)
            count = ROTATED_AT_SETUP - bin(start & ~hidden).count("1")  # four of the eight were rotated
            rotated = set(rng.sample(cards, max(0, min(len(cards), count))))
            codes = [_code(c, c in rotated) for c in cards]
            if pos.round == 1:
                changes["start_rot"] = (start & ~hidden) | sum(_bit(c) for c in rotated)
        else:
            codes = sorted(unseen)
            rng.shuffle(codes)
        changes["deck"] = pos.deck[:seen] + tuple(codes)
    return rep(pos, **changes)


# --- the Rules ---------------------------------------------------------------------------------------

class CountOfNine(Rules):
    """The Count of Nine rules on the shared core (see the module docstring)."""

    name = "count_of_nine"
    title = "Count of Nine"
    min_players = 1
    max_players = 1
    hidden_information = True
    summary = RULES_SUMMARY
    options = (Option("games", 2, (2, 1), "Games in the match: 2 (the rulebook's match) or 1 (a practice game)"),)

    def seat_names(self, players, options):
        return ("Builder",)

    def setup(self, players, options, rng):
        return Position(games=options["games"], game_no=1, results=(), target=None, deck=(), discard=(), city=(),
                        used=0, round=0, phase="target", chosen=None, could_build=False, order_known=False,
                        start_rot=0, luck=rng.getrandbits(64), draws=0, deal=())

    def to_move(self, pos):
        return None if pos.phase == "over" else 0

    def prompt(self, pos, names):
        return _prompt(pos)

    def outcome(self, pos):
        if pos.phase != "over":
            return None
        details = []
        for g, (_target, city, rounds, score, _deal) in enumerate(pos.results):
            prefix = f"Game {g + 1}: " if pos.games > 1 else ""
            names = [n for _c, n, _r in city]
            details.extend((prefix + label, value) for label, value in score_breakdown(names, rounds))
            details.append((f"Game {g + 1} score" if pos.games > 1 else "Game score", score))
        total = sum(r[3] for r in pos.results)
        rounds = sum(r[2] for r in pos.results)
        details.append(("rounds", rounds))
        if pos.games > 1:
            details.append(("Match total", total))
            reason = f"Match total {total}: {title(total)}"
        else:
            reason = (f"Practice game over: {total} point{'s' * (abs(total) != 1)} in {rounds} "
                      f"round{'s' * (rounds != 1)}")
        return Outcome((total,), (0,), reason, (tuple(details),))

    def move_from_json(self, obj):
        kind, args = obj["kind"], obj["args"]
        if kind in KINDS_NO_ARG:
            if args:
                raise ValueError(f"'{kind}' takes no arguments")
            return KINDS_NO_ARG[kind]
        if kind == "target":
            if len(args) != 1 or args[0] not in HIGH_STRUCTURES:
                raise ValueError(f"'target' takes one of {', '.join(HIGH_STRUCTURES)}")
            return Move(kind, (args[0],))
        if kind == "round":
            if len(args) != 1 or args[0] not in ROUND_CHOICES:
                raise ValueError(f"'round' takes one of {', '.join(ROUND_CHOICES)}")
            return Move(kind, (args[0],))
        if kind == "build":
            if len(args) != 2 or args[0] not in PLACES or args[1] not in STRUCTURES:
                raise ValueError(f"'build' takes a place ({', '.join(PLACES)}) and a structure name")
            return Move(kind, tuple(args))
        if kind == "pay":
            if not 1 <= len(args) <= 5 or any(not isinstance(a, str) or a not in SOURCE_RANK for a in args):
                raise ValueError("'pay' takes one to five sources (centre, deck, discard, city1-city9)")
            return Move(kind, tuple(sorted(args, key=SOURCE_RANK.__getitem__)))  # a payment is a set of sources
        if kind == "demolish":
            if len(args) != 1 or type(args[0]) is not int or args[0] not in CARDS:
                raise ValueError("'demolish' takes a card number from 1 to 9")
            return Move(kind, (args[0],))
        if kind == "return":
            if len(args) != 1 or args[0] not in RESOURCES:
                raise ValueError(f"'return' takes a resource ({', '.join(RESOURCES)})")
            return Move(kind, (args[0],))
        raise ValueError(f"unknown kind {kind!r}")


register(CountOfNine())


# --- positions for tutorials and tests ----------------------------------------------------------------

def _parse_card(text, what: str) -> int:
    """ "3" -> card 3 upright, "3r" -> card 3 rotated."""
    raw = str(text).strip().lower()
    rotated = raw.endswith("r")
    digits = raw[:-1] if rotated else raw
    if not digits.isdigit() or int(digits) not in CARDS:
        raise ValueError(f"impossible position: {what} entry {text!r} is not a card 1-9 (add 'r' for rotated)")
    return _code(int(digits), rotated)


def _city_entries(city: Sequence, round: int, what: str = "city") -> list:
    """``city`` entries ("Name@card", "Name@card!", "Name@card:k") as (card, name, round built), in order:
    "Name@card" was built in the round before ``round``, "Name@card!" in ``round`` (this round), "Name@card:k"
    in round k.  Checks that each reads so and that its card shows the structure (the rounds are checked later)."""
    entries = []
    for entry in city:
        text = str(entry)
        fresh = text.endswith("!")
        name, _, rest = text[:-1].partition("@") if fresh else text.partition("@")
        card, colon, built = rest.partition(":")
        if (name not in STRUCTURES or not card.isdigit() or int(card) not in CARDS
                or (colon and (fresh or not built.isdigit()))):
            raise ValueError(f"impossible position: {what} entry {entry!r} must read 'Name@card' (e.g. 'Tavern@6'; "
                             "'Tavern@6!': built this round; 'Tavern@6:2': built in round 2)")
        card = int(card)
        if not any(name in CARDS[card][f][2:] for f in "AB"):
            raise ValueError(f"impossible position: card {card} does not show {name}")
        if name == "Demolition Team":
            raise ValueError("impossible position: Demolition Team never stays in the city")
        entries.append((card, name, int(built) if colon else round if fresh else round - 1))
    return entries


def _built_rounds_problem(entries: list, round: int, what: str = "the city") -> str | None:
    """Why the rounds the structures of ``entries`` were built in cannot be (each from 1 to ``round``), or None."""
    for card, name, built in entries:
        if built < 1:
            return (f"{name} (card {card}) in {what} was built before round 1" + (
                ": in round 1 every structure in the city was built this round" if round == 1 else ""))
        if built > round:
            return f"{name} (card {card}) in {what} was built in round {built}, after round {round}"
    return None


def _result_entry(entry, index: int) -> tuple:
    """An earlier game of the match: a score alone, or the game as a dict (``target``, ``city`` as in
    :func:`position` with ``rounds`` as its last round, ``rounds``, ``deal``), its score counted."""
    if not isinstance(entry, Mapping):
        return (None, (), 0, int(entry), ())
    game = f"game {index + 1}"
    unknown = sorted(set(entry) - {"target", "city", "rounds", "deal", "score"})
    if unknown:
        raise ValueError(f"impossible position: {game} in results has no {unknown[0]!r} (it has target, city, "
                         "rounds, deal and score)")
    target = entry.get("target")
    if target not in HIGH_STRUCTURES:
        raise ValueError(f"impossible position: {game}'s target must be one of {', '.join(HIGH_STRUCTURES)} "
                         f"(got {target!r})")
    rounds = entry.get("rounds", 0)
    if type(rounds) is not int or not 0 <= rounds <= ROUND_LIMIT:
        raise ValueError(f"impossible position: {game} lasted a whole number of rounds from 0 to {ROUND_LIMIT}")
    city = _city_entries(entry.get("city", ()), rounds, f"{game}'s city")
    cards = [c for c, _n, _r in city]
    if len(set(cards)) != len(cards):
        raise ValueError(f"impossible position: {game}'s city has two structures from one card")
    problem = _built_rounds_problem(city, rounds, f"{game}'s city")
    if problem:
        raise ValueError(f"impossible position: {problem}")
    deal = tuple(_parse_card(c, f"{game}'s deal") for c in entry.get("deal", ()))
    score = score_game([n for _c, n, _r in city], rounds)
    if "score" in entry and entry["score"] != score:
        raise ValueError(f"impossible position: {game}'s city and rounds score {score}, not {entry['score']!r}")
    return (target, tuple(city), rounds, score, deal)


def position(*, target: str = "Castle", deck: Sequence = (), discard: Sequence = (), city: Sequence = (),
             used: Sequence = (), round: int = 1, order_known: bool = True, could_build: bool = False,
             games: int = 1, results: Sequence = (), seed: int = 0) -> State:
    """A State at a turn of a round (or, with ``round=0``, at set-up's choice of the active resource),
    built directly for tutorials and tests (validated).

    ``deck`` lists the deck from its top: ``deck[0]`` is the centre card, ``deck[1]`` the top card of the
    deck; each entry is a card number as text, ``"r"`` added when it is rotated (``"9r"``).  Deck cards
    show face A.  ``discard`` lists the discard pile from the bottom (face B showing), same notation.
    ``city`` lists structures in the order built as ``"Name@card"`` (built in the round before this one),
    ``"Name@card!"`` (built this round: it provides nothing yet) or ``"Name@card:2"`` (built in round 2); the
    target goes there too once built.  ``used`` names the sources already used this round (tilted):
    ``"discard"`` (the top discard), city cards as ``"Name@card"``, or ``"discard@7"`` (card 7 of the discard
    pile, tilted when it was the top discard and covered since).
    Cards not listed anywhere are out of this position (a small deck for a lesson); the target's card is
    set aside.  ``order_known`` says whether the player knows the deck below the two cards in play;
    ``games``/``results`` put the position in a match (``results``: the earlier game, as its score or as
    ``{"target": ..., "city": [...], "rounds": ..., "deal": [...]}``, its city entries as above, e.g.
    ``"Tavern@6:1"``).  ``seed`` feeds later shuffles.  A finished game's view lists its deal
    (``results[g]["deal"]``, same notation): ``position(target=..., deck=deal, round=0)`` is that game's
    opening, for :func:`best_line`.

    >>> s = position(target="Harbour", deck=["8", "2"], discard=["7"], city=["Tavern@6"], round=3)
    >>> [str(m) for m in s.legal_moves()][:2]
    ['Build Quarry from the centre card', 'Build Garden from the top discard']
    >>> position(deck=["1"])
    Traceback (most recent call last):
    ...
    ValueError: impossible position: card 1 is the target's card (Castle), set aside
    """
    if target not in HIGH_STRUCTURES:
        raise ValueError(f"impossible position: target must be one of {', '.join(HIGH_STRUCTURES)} (got {target!r})")
    if type(games) is not int or games not in (1, 2):
        raise ValueError("impossible position: games must be 1 or 2")
    if type(round) is not int or not 0 <= round <= ROUND_LIMIT:
        raise ValueError(f"impossible position: round must be a whole number from 0 to {ROUND_LIMIT}")
    deck_codes = tuple(_parse_card(c, "deck") for c in deck)
    discard_codes = tuple(_parse_card(c, "discard") for c in discard)
    if not deck_codes:
        raise ValueError("impossible position: a turn needs at least the centre card in the deck")
    if round == 0 and (discard_codes or city or used):
        raise ValueError("impossible position: before round 1 (round=0) every card is in the deck")
    city_entries = _city_entries(city, round)
    target_card = TARGET_CARD[target][0]
    seen = {}
    for where, cards in (("deck", [c >> 1 for c in deck_codes]), ("discard", [c >> 1 for c in discard_codes]),
                         ("city", [c for c, _n, _r in city_entries])):
        for card in cards:
            if card == target_card and not (where == "city" and any(
                    n == target and c == card for c, n, _r in city_entries)):
                raise ValueError(f"impossible position: card {card} is the target's card ({target}), set aside")
            if card in seen:
                raise ValueError(f"impossible position: card {card} is both in the {seen[card]} and the {where}")
            seen[card] = where
    for c, n, _r in city_entries:
        if STRUCTURES[n].kind == "high" and n != target and (c, "A" if n == "Castle" else "B") != TARGET_CARD[n]:
            raise ValueError(f"impossible position: {n} is not on card {c}")
    mask = 0
    for source in used:
        if source == "discard":
            if not discard_codes:
                raise ValueError("impossible position: 'discard' is used but the discard pile is empty")
            mask |= _bit(discard_codes[-1] >> 1)
            continue
        name, _, card = str(source).partition("@")
        if name == "discard":
            if not any(str(code >> 1) == card for code in discard_codes):
                raise ValueError(f"impossible position: used entry {source!r}: card {card} is not in the discard pile")
            mask |= _bit(int(card))
            continue
        match = [(c, r) for c, n, r in city_entries if n == name and str(c) == card]
        if not match or not STRUCTURES[name].provides:
            raise ValueError(f"impossible position: used entry {source!r} is not a resource structure in the city")
        if match[0][1] == round:
            raise ValueError(f"impossible position: {name} (card {card}) was built this round: it gives its "
                             f"{STRUCTURES[name].provides} from the next round on, so it cannot be tilted yet")
        mask |= _bit(match[0][0])
    problem = _built_rounds_problem(city_entries, round)
    if problem:
        raise ValueError(f"impossible position: {problem}")
    if len(results) != (games - 1 if games == 2 else 0) and results:
        raise ValueError("impossible position: results lists the earlier game of a match (games=2)")
    game_results = tuple(_result_entry(entry, i) for i, entry in enumerate(results))
    pos = Position(games=games, game_no=len(game_results) + 1, results=game_results, target=target,
                   deck=deck_codes, discard=discard_codes, city=tuple(city_entries), used=mask, round=round,
                   phase="round" if round == 0 else "turn", chosen=None, could_build=bool(could_build),
                   order_known=bool(order_known) and round > 0,
                   start_rot=sum(_bit(c >> 1) for c in deck_codes if c & 1), luck=seed, draws=0,
                   deal=deck_codes if round == 0 else ())
    return make("count_of_nine", games=games).state_at(pos)
