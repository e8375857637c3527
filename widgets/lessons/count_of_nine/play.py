"""What the Count of Nine lesson steps are made of: the decisions, reading a state (what the player
sees), when an attempt is over (:func:`lost`), feedback that reads the board, and the kinds of steps
(:func:`lesson`, :func:`build_step`, :func:`score_step`, :func:`end_step`).

    >>> names(position(target="Harbour", deck=["3r", "9", "2"], discard=["7"], city=["Tavern@6"], round=2))
    ['Tavern']
"""

from __future__ import annotations

from collections.abc import Callable

import ninekit
from ninekit import Move
from ninekit.count_of_nine import CARDS, STRUCTURES, position, score_game

from ...tables.count_of_nine import CountOfNineTable
from .. import Step

GAME = "count_of_nine"
TURN_ENDS = frozenset({"pay", "pass", "round", "return", "target"})  # a decision that completes a turn
MID_TURN = frozenset({"pay", "demolish", "return"})  # ... unless the turn still asks (Demolition Team)
SEARCH_CAP = 20_000  # positions :func:`lost` may look at before it gives up (and says: not lost)
# How many card faces print each structure (the rulings' "Printed on"): a city holds at most that many copies.
PRINTED = {name: sum(face[2:].count(name) for card in CARDS.values() for face in card.values())
           for name in STRUCTURES}
# What a city can hold: every structure but Demolition Team, which never stays in the city.
CITY_STRUCTURES = tuple(name for name, s in STRUCTURES.items() if s.kind != "special")


# --- decisions ---------------------------------------------------------------------------------------


def build(place: str, name: str) -> dict:
    """Choose a structure: ``build("deck", "Tavern")`` (place: centre, deck, discard or target)."""
    return {"kind": "build", "args": [place, name]}


def pay(*sources: str) -> dict:
    """Pay with these sources: ``pay("centre", "discard", "city3")`` (a city structure by its card)."""
    return {"kind": "pay", "args": list(sources)}


def begin(choice: str) -> dict:
    """The decision before a round: keep, rotate, shuffle or stop."""
    return {"kind": "round", "args": [choice]}


def demolish(card: int) -> dict:
    return {"kind": "demolish", "args": [card]}


def comes_back(resource: str) -> dict:
    """Which resource of the demolished card is on top when it comes back."""
    return {"kind": "return", "args": [resource]}


PASS = {"kind": "pass", "args": []}


# --- reading a state (what the player sees) ------------------------------------------------------------


def view_of(state: ninekit.State) -> dict:
    """What the player sees (the one seat's view)."""
    return state.view(0)


def names(state: ninekit.State) -> list[str]:
    """The structures in the city, in the order they were built."""
    return [c["name"] for c in view_of(state)["city"]]


def score(state: ninekit.State) -> int:
    """The game's score now (the view's running score: shields and bonuses minus the rounds begun)."""
    return view_of(state)["score"]


def phase_of(state: ninekit.State) -> str:
    """The game's phase now (e.g. ``"round"``: the decision before a round)."""
    return view_of(state)["phase"]


def round_of(state: ninekit.State) -> int:
    """The round being played."""
    return view_of(state)["round"]


def _last_kind(state: ninekit.State) -> str | None:
    return state.history[-1][1].kind if state.history else None


def card_words(card: dict | None) -> str:
    """A card in words, for feedback.

    >>> card_words({"card": 5, "rotated": True}), card_words(None)
    ('card 5 (rotated)', 'no card')
    """
    if not card:
        return "no card"
    return f"card {card['card']}" + (" (rotated)" if card["rotated"] else "")


def top_discard(state: ninekit.State) -> dict | None:
    """The card on top of the discard pile, or None."""
    pile = view_of(state)["discard"]
    return pile[-1] if pile else None


def built_in_round(state: ninekit.State, name: str, rnd: int) -> bool:
    """A ``name`` was built in round ``rnd``."""
    return any(c["name"] == name and c["round"] == rnd for c in view_of(state)["city"])


def city_has(*wanted: str) -> Callable[[ninekit.State], bool]:
    """All of ``wanted`` (structure names) are in the city."""
    return lambda state: all(n in names(state) for n in wanted)


def _gained(start: ninekit.State, points: int) -> Callable[[ninekit.State], bool]:
    """The score rose by at least ``points`` since ``start``."""
    base = score(start)
    return lambda state: score(state) >= base + points


def _change(start: ninekit.State, words: str) -> Callable[[ninekit.State], str]:
    """``words`` with ``{gain}`` (the score's rise since ``start``) and ``{loss}`` filled in."""
    base = score(start)
    return lambda state: words.format(gain=score(state) - base, loss=base - score(state))


def ends_with_score(points: int) -> Callable[[ninekit.State], bool]:
    """The game is over with at least ``points``."""
    return lambda state: state.is_over and state.outcome.scores[0] >= points


# --- when an attempt is over -----------------------------------------------------------------------------


def turn_done(state: ninekit.State) -> bool:
    """The learner's turn (or the decision before a round) is complete."""
    return state.is_over or (_last_kind(state) in TURN_ENDS and phase_of(state) not in MID_TURN)


def round_done(state: ninekit.State) -> bool:
    """The round is over (the decision before the next round is due) or the game is."""
    return state.is_over or phase_of(state) in ("round", "target", "over")


def first_turn_of(rnd: int) -> Callable[[ninekit.State], bool]:
    """The first turn of round ``rnd`` is complete (or that round has passed, or the game is over)."""
    def done(state: ninekit.State) -> bool:
        r = round_of(state)
        return state.is_over or r > rnd or (r == rnd and turn_done(state) and _last_kind(state) != "round")
    return done


def lost(goal: Callable[[ninekit.State], bool], horizon: Callable[[ninekit.State], bool]):
    """``state -> bool``: True when ``goal`` can no longer be reached before ``horizon`` holds.

    A small search over every decision the player could make next (there is no opponent and, within a
    round, no chance), so that a lesson step can answer a wrong decision at once.  Positions seen once are
    not searched again; past :data:`SEARCH_CAP` positions it answers False (not lost: the attempt goes on).

    >>> s = position(target="Castle", deck=["6r", "3", "9"], discard=["8"], round=2)
    >>> over = lost(city_has("Tavern"), turn_done)
    >>> over(s), over(s.play(s.legal_moves()[-1]))   # passing ends the turn without the Tavern
    (False, True)
    """
    def reachable(state, seen) -> bool | None:
        if goal(state):
            return True
        if state.is_over or horizon(state):
            return False
        key = state.position
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > SEARCH_CAP:
            return None
        for move in state.legal_moves():  # "Choose a different structure" too: a chosen structure is not final
            found = reachable(state.play(move), seen)
            if found is None or found:
                return found
        return False

    def hopeless(state: ninekit.State) -> bool:
        if goal(state):
            return False
        if state.is_over or horizon(state):
            return True
        return reachable(state, set()) is False

    return hopeless


def before_round(deck: list, *, round: int, **kwargs) -> ninekit.State:
    """The decision before round ``round + 1``, with ``deck`` (top first) as the pile flipped over.

    Built as the last turn of round ``round`` (its one card passed), so the log reads as in a game.
    """
    start = position(deck=[deck[-1]], discard=list(deck[:-1]), round=round, could_build=True, **kwargs)
    after = start.play(Move("pass"))
    assert phase_of(after) == "round", after.prompt
    return after




# --- feedback that reads the board ------------------------------------------------------------------------


def flip_miss(state: ninekit.State) -> str:
    """Step ``flip``: why the Sawmill (on the back of card 5) can no longer be built this round."""
    top = top_discard(state) or {}
    if top.get("card") == 5:
        return ("the Sawmill (Crew + Iron) is on the top discard now, but no Iron is left: card 4, which showed it, "
                "went to your city as the Mine, and a structure built this round gives nothing until next round. "
                "Paying flips a card onto the discard pile just as passing does")
    if any(c["card"] == 5 for c in view_of(state)["discard"]):
        return "card 5 is covered on the discard pile now: its Sawmill is out of play this round"
    return "the Sawmill can no longer be built this round"


def dead_round_miss(state: ninekit.State) -> str:
    """Step ``dead-round``: the game ended, the deck was kept (no build possible), or a possible build was passed."""
    choices = [m.args[0] for _seat, m in state.history if m.kind == "round"]
    if "stop" in choices:
        return "you stopped the game before round 4"
    if state.is_over:
        return "no build was possible in round 4: the game ended, and round 4 counted"
    if "keep" in choices:
        return ("as the deck lies now, no turn of round 4 can pay for any structure, and a round in which no build "
                "is possible ends the game")
    return ("you passed every chance: a build was possible in round 4, so the game goes on, but the goal was to "
            "make it")


def demolition_miss(start: ninekit.State) -> Callable[[ninekit.State], str]:
    """Step ``demolition``: what taking down the chosen structure costs, read from the city before it."""
    before = names(start)

    def miss(state: ninekit.State) -> str:
        view = view_of(state)
        gone = (view.get("demolition") or {}).get("demolish")
        name = next((c["name"] for c in view["city"] if c["card"] == gone), None)
        if name is None:
            name = next((n for n in before if names(state).count(n) < before.count(n)), None)
        if name is None:
            return "the Demolition Team was not used"
        rest = list(before)
        rest.remove(name)
        loss = score_game(before, 0) - score_game(rest, 0)
        kind = STRUCTURES[name]
        parts = ([f"{kind.vp} in its shield"] if kind.vp else []) + (
            ["+1 as a basic structure"] if kind.kind == "basic" else []) + (
            ["+1 as a duplicate"] if before.count(name) > 1 else [])
        return (f"taking down a {name} costs {loss} point{'s' * (loss != 1)} ({', '.join(parts)}); the Quarry "
                "costs only 1")
    return miss


PLAY_AREA = CountOfNineTable(details=False)  # the first steps teach reading a card: no target, score or deck order



def lesson(key: str, title: str, start: ninekit.State, *, check: Callable[[ninekit.State], bool],
           horizon: Callable[[ninekit.State], bool] | None = None, **data) -> Step:
    """A step's record (:class:`widgets.lessons.Step`).  ``horizon``: the attempt is judged as soon as the goal
    can no longer be reached before it holds (:func:`lost`); None: only at the game's end.

        >>> record = lesson("first", "A first build", position(target="Castle", deck=["7"], discard=["9"]),
        ...                 goal="Build a Tavern.", check=city_has("Tavern"), horizon=turn_done, solution=[], hint="")
        >>> record.until is not None
        True
    """
    return Step(key, title, start, check=check, until=lost(check, horizon) if horizon else None, **data)


def build_step(key: str, title: str, start: ninekit.State, *wanted: str, within="round", **rest) -> Step:
    """A step whose goal is to have ``wanted`` in the city within ``within``: "turn", "round", or a horizon
    (``state -> bool``, e.g. :func:`first_turn_of`) with its own goal and miss."""
    horizon = turn_done if within == "turn" else round_done if within == "round" else within
    rest.setdefault("goal", f"Build {' and '.join('the ' + n for n in wanted)} this {within}.")
    rest.setdefault("miss", f"the {' and the '.join(wanted)} can no longer be built this {within}")
    return lesson(key, title, start, check=city_has(*wanted), horizon=horizon, **rest)


def score_step(key: str, title: str, start: ninekit.State, points: int, *, miss: str, **rest) -> Step:
    """A step whose goal is to raise the score by ``points`` with one build; ``miss`` may say ``{gain}``."""
    rest.setdefault("goal", f"Raise your score by {points} with one build.")
    return lesson(key, title, start, check=_gained(start, points), horizon=turn_done, miss=_change(start, miss),
                  **rest)


def end_step(key: str, title: str, start: ninekit.State, points: int, **rest) -> Step:
    """A step whose goal is to end the game with at least ``points``."""
    rest.setdefault("goal", "End this game with the highest score you can.")
    return lesson(key, title, start, check=ends_with_score(points), horizon=lambda s: s.is_over, **rest)


CHAPTERS: list = []  # (key, title, the function that lists its lessons), in the notebook's order
