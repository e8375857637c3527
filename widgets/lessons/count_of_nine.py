"""The Count of Nine tutorial's lesson steps: every rule is a decision the learner makes on the real cards.

Lessons are data.  :data:`RULES` lists the game's atomic rules; each chapter (``@chapter(key, title)``) is a
function listing its steps as :class:`Lesson` rows, most made by one of three builders (:func:`build_step`,
:func:`score_step`, :func:`end_step`), each naming the rules it ``teaches`` and ``uses``; ``tutorial()`` adds
them chapter by chapter.  ``notebooks/tutorials/count_of_nine.ipynb`` shows one step per cell under the
chapters' headings, and ``docs/count_of_nine.md``'s rules table is written from this data.  Every
position is built with the rules engine (``ninekit.count_of_nine.position``, a seeded game, or a position
followed by the decisions that lead to the one the step is about).  The checks read the outcome (the city,
the score, the cards in play), never the exact clicks, so any legal way to the goal counts.

Count of Nine has one player, so no reply ends an attempt: each step is judged as soon as its goal can no
longer be reached (:func:`lost`: a small search over the learner's own decisions, within the step's
horizon, usually the round), so a wrong payment is answered at once, not at the end of the round.  The last
step is a whole game with the analyst's hint (``ninekit.count_of_nine.hint``) behind the Hint button.

The nine cards and twenty structures are the project's *reconstruction* (``RECONSTRUCTED_NOTE``); the
twenty-round limit is a house rule of this software.

    >>> lesson = tutorial()
    >>> lesson.steps["first-build"].goal
    'Build a Tavern.'
    >>> breakdown_html(["Castle", "Tavern", "Tavern"], 3).count("<tr>")
    7
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

import ipywidgets as w

import ninekit
from ninekit import Move
from ninekit.count_of_nine import CARDS, STRUCTURES, position, score_breakdown, score_game, title

from ..lesson import Rule, Tutorial
from ..tables.count_of_nine import CountOfNineTable

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


def _view(state: ninekit.State) -> dict:
    return state.view(0)


def names(state: ninekit.State) -> list[str]:
    """The structures in the city, in the order they were built."""
    return [c["name"] for c in _view(state)["city"]]


def score(state: ninekit.State) -> int:
    """The game's score now (the view's running score: shields and bonuses minus the rounds begun)."""
    return _view(state)["score"]


def _phase(state: ninekit.State) -> str:
    return _view(state)["phase"]


def _round(state: ninekit.State) -> int:
    return _view(state)["round"]


def _last_kind(state: ninekit.State) -> str | None:
    return state.history[-1][1].kind if state.history else None


def _card_words(card: dict | None) -> str:
    if not card:
        return "no card"
    return f"card {card['card']}" + (" (rotated)" if card["rotated"] else "")


def _top_discard(state: ninekit.State) -> dict | None:
    pile = _view(state)["discard"]
    return pile[-1] if pile else None


def _built_in(state: ninekit.State, name: str, rnd: int) -> bool:
    return any(c["name"] == name and c["round"] == rnd for c in _view(state)["city"])


def _has(*wanted: str) -> Callable[[ninekit.State], bool]:
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


def _ends_with(points: int) -> Callable[[ninekit.State], bool]:
    """The game is over with at least ``points``."""
    return lambda state: state.is_over and state.outcome.scores[0] >= points


# --- when an attempt is over -----------------------------------------------------------------------------


def turn_done(state: ninekit.State) -> bool:
    """The learner's turn (or the decision before a round) is complete."""
    return state.is_over or (_last_kind(state) in TURN_ENDS and _phase(state) not in MID_TURN)


def round_done(state: ninekit.State) -> bool:
    """The round is over (the decision before the next round is due) or the game is."""
    return state.is_over or _phase(state) in ("round", "target", "over")


def first_turn_of(rnd: int) -> Callable[[ninekit.State], bool]:
    """The first turn of round ``rnd`` is complete (or that round has passed, or the game is over)."""
    def done(state: ninekit.State) -> bool:
        r = _round(state)
        return state.is_over or r > rnd or (r == rnd and turn_done(state) and _last_kind(state) != "round")
    return done


def lost(goal: Callable[[ninekit.State], bool], horizon: Callable[[ninekit.State], bool]):
    """``state -> bool``: True when ``goal`` can no longer be reached before ``horizon`` holds.

    A small search over every decision the player could make next (there is no opponent and, within a
    round, no chance), so that a lesson step can answer a wrong decision at once.  Positions seen once are
    not searched again; past :data:`SEARCH_CAP` positions it answers False (not lost: the attempt goes on).

    >>> s = position(target="Castle", deck=["6r", "3", "9"], discard=["8"], round=2)
    >>> over = lost(_has("Tavern"), turn_done)
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


def _before_round(deck: list, *, round: int, **kwargs) -> ninekit.State:
    """The decision before round ``round + 1``, with ``deck`` (top first) as the pile flipped over.

    Built as the last turn of round ``round`` (its one card passed), so the log reads as in a game.
    """
    start = position(deck=[deck[-1]], discard=list(deck[:-1]), round=round, could_build=True, **kwargs)
    after = start.play(Move("pass"))
    assert _phase(after) == "round", after.prompt
    return after


def _play(state: ninekit.State, *decisions) -> ninekit.State:
    """``state`` after ``decisions`` (move dicts), each of which must be legal."""
    for item in decisions:
        move = state.game.parse_move(item)
        problem = state.why_illegal(move)
        assert problem is None, f"{item}: {problem}"
        state = state.play(move)
    return state


# --- the score calculator --------------------------------------------------------------------------------


def breakdown_html(city: list[str], rounds: int, other: int | None = None) -> str:
    """The rulebook's score for ``city`` after ``rounds`` rounds as a small table (ninekit's
    ``score_breakdown`` and ``score_game`` decide); with ``other`` (the other game's score) also the match
    total and its title.

    >>> "<b>Game score</b></td><td>3" in breakdown_html(["Tavern", "Tavern", "Chapel"], 2)
    True
    >>> "The King is impressed" in breakdown_html(["Castle", "Armoury", "Stonemason", "Goldsmith"], 3, 10)
    True
    """
    rows = "".join(f"<tr><td>{escape(label)}</td><td>{value:+d}</td></tr>"
                   for label, value in score_breakdown(city, rounds))
    game = score_game(city, rounds)
    rows += f"<tr><td><b>Game score</b></td><td>{game}</td></tr>"
    if other is not None:
        total = game + other
        rows += (f"<tr><td>Match total (with the other game's {other})</td><td>{total}</td></tr>"
                 f"<tr><td>Title</td><td><b>{escape(title(total))}</b></td></tr>")
    return f'<table class="c9-score"><tr><th>Line</th><th>Points</th></tr>{rows}</table>'


def score_calculator() -> w.VBox:
    """A live score calculator: how many of each structure, the rounds played, the other game's score.

    Each change recomputes the breakdown with ``ninekit.count_of_nine.score_breakdown``.  A count goes up to
    the number of card faces that print the structure (each high structure once); Demolition Team is not
    offered, as it never stays in a city.

    >>> box = score_calculator()
    >>> counts = box.children[1].children
    >>> counts[0].value = 2                    # two Taverns
    >>> box.children[2].value = 1              # after one round
    >>> "<b>Game score</b></td><td>2" in box.children[-1].value
    True
    """
    counts = [w.BoundedIntText(value=0, min=0, max=PRINTED[name], description=name, layout=w.Layout(width="210px"),
                               style={"description_width": "120px"}) for name in CITY_STRUCTURES]
    rounds = w.IntSlider(value=3, min=0, max=20, description="Rounds played", style={"description_width": "120px"})
    other = w.IntText(value=0, description="Other game", style={"description_width": "120px"},
                      layout=w.Layout(width="210px"))
    out = w.HTML()

    def show(_change=None):
        city = [name for box, name in zip(counts, CITY_STRUCTURES) for _ in range(box.value)]
        out.value = breakdown_html(city, rounds.value, other.value)

    for control in (*counts, rounds, other):
        control.observe(show, names="value")
    show()
    intro = w.HTML("<b>Score calculator</b> (reconstructed structures): how many of each structure your city "
                   "holds (at most as many as the cards print: each high structure once), the rounds played, and "
                   "the other game's score for the match total.")
    grid = w.GridBox(counts, layout=w.Layout(grid_template_columns="repeat(auto-fill, 215px)"))
    return w.VBox([intro, grid, rounds, other, out])


# --- feedback that reads the board ------------------------------------------------------------------------


def _flip_miss(state: ninekit.State) -> str:
    """Step ``flip``: why the Sawmill (on the back of card 5) can no longer be built this round."""
    top = _top_discard(state) or {}
    if top.get("card") == 5:
        return ("the Sawmill (Crew + Iron) is on the top discard now, but no Iron is left: card 4, which showed it, "
                "went to your city as the Mine, and a structure built this round gives nothing until next round. "
                "Paying flips a card onto the discard pile just as passing does")
    if any(c["card"] == 5 for c in _view(state)["discard"]):
        return "card 5 is covered on the discard pile now: its Sawmill is out of play this round"
    return "the Sawmill can no longer be built this round"


def _dead_round_miss(state: ninekit.State) -> str:
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


def _demolition_miss(start: ninekit.State) -> Callable[[ninekit.State], str]:
    """Step ``demolition``: what taking down the chosen structure costs, read from the city before it."""
    before = names(start)

    def miss(state: ninekit.State) -> str:
        view = _view(state)
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


# --- the rules (the docs' table is written from these) ------------------------------------------------------

R = Rule  # the rule list reads as a table: key, the rule in words, its source
RULES = [
    # the cards
    R("cards", "Nine double-sided cards; each face has a resource on each long side and a structure on each short "
               "side"),
    R("faces", "Face A is the squared-off starting face, face B the rounded back", "ruling"),
    R("structure-card", "A structure shows its cost and what it gives: a resource once per round, or victory points "
                        "in a shield"),
    R("either-or", "A cost unit printed A/B may be paid with either resource"),
    R("top-resource", "A card in play gives only its top resource", "rulebook; ruling"),
    R("rotate", "Rotate: turn 180°; the bottom resource comes to the top, left and right structures change sides",
      "rulebook; ruling"),
    R("flip", "Flip: the other face turns up; the edge on top stays on top, a rotated card stays rotated",
      "rulebook; ruling"),
    R("shuffle", "Shuffle: a new order; no card is flipped or rotated"),
    R("high", "High structures are Castle, Cathedral, Monument, Harbour and Town Square; all others are basic"),
    # set-up
    R("target-choose", "Set-up: choose one high structure as the target; its card is set aside, target face up, out "
                       "of the deck", "rulebook; ruling"),
    R("deal-face-a", "Set-up: the other eight cards go face A up"),
    R("deal-rotated", "Set-up: about half of them are rotated — here exactly four (decision 1)", "house rule"),
    R("deal-shuffled", "Set-up: the deck is shuffled"),
    R("active-resource", "Set-up: looking only at the top card, choose which of its resources is active; rotate the "
                         "deck for the other (decision 2)"),
    R("round1-knowledge", "In round 1 you know which cards are in the deck, not their order or rotation (decision 9)",
      "house rule"),
    R("no-shuffle-round1", "No shuffle before round 1: the deck was just shuffled (decision 6)", "house rule"),
    R("round-start", "A round begins with two cards in play, the centre card and the top card of the deck; the "
                     "discard pile is empty"),
    # the target card
    R("target-card-other", "Only the target can be built from the target card; its other structure never",
      "rulebook; ruling"),
    R("target-card-no-resource", "The target card gives no resource", "ruling"),
    R("target-build", "The target is built from its set-aside card once it is paid and its requirements are met",
      "ruling"),
    # a turn
    R("play-area", "The play area: the centre card, the top card of the deck and the top discard"),
    R("turn", "A turn: build one structure, or pass"),
    R("build-from-play", "Build the left or right structure of any card in play (the top discard as it lies) or the "
                         "target", "ruling"),
    R("requires", "Required structures must already be in the city", "ruling"),
    R("different-sources", "Each cost unit is paid by a different source", "ruling"),
    R("two-of-a-kind", "A cost with two units of one resource needs two sources that give it", "ruling"),
    R("own-card", "A card never pays for its own structure", "ruling"),
    R("choose-payment", "First the structure, then the payment among the different sets of sources (the default "
                        "first; \"Choose a different structure\" goes back) (decision 3)", "house rule"),
    R("to-city", "The built structure goes to the city, in a column for its round", "rulebook; ruling"),
    R("paid-flipped", "Cards in play that paid are flipped onto the discard pile", "rulebook; ruling"),
    R("centre-first", "When two cards in play pay, the centre card goes onto the discard pile first", "ruling"),
    R("discard-once", "The top discard's resource pays once per round; the card is tilted when used",
      "rulebook; ruling"),
    R("discard-untilted", "A card newly flipped onto a tilted top discard is untilted and may pay (decision 4)",
      "house rule"),
    R("tilted-buildable", "A tilted top discard's structures may still be built (decision 12)", "house rule"),
    R("tilt-stays", "A card's tilt does not follow it between the discard pile and the city (decision 13)",
      "house rule"),
    R("city-gives", "A structure in the city that gives a resource pays like a card in play"),
    R("city-once", "A structure in the city gives its resource at most once per round; it is tilted when used"),
    R("fresh", "A structure built this round gives its resource from the next round on", "ruling"),
    R("pass", "Pass: the centre card is flipped onto the discard pile", "rulebook; ruling"),
    R("slide", "Then the top card of the deck slides to the centre, so two deck cards show again",
      "rulebook; ruling"),
    # the round end
    R("round-through", "A round goes on until the whole deck is played through; its last card is alone in the centre"),
    R("pile-flips", "Round end: the discard pile is flipped over into the new deck, its bottom card on top",
      "rulebook; ruling"),
    R("pile-face-a", "Round end: every card comes back face A up, still rotated or not", "rulebook; ruling"),
    R("order-known", "After the pile is flipped over you know the order of the whole deck (decision 9)",
      "house rule"),
    R("reset", "Round end: tilted structures are reset"),
    R("rotate-deck", "Before the next round you may rotate the whole deck 180°: each card's bottom resource comes to "
                     "the top", "rulebook; ruling"),
    R("shuffle-deck", "… or shuffle it (a random order, every card kept the way it lies)", "rulebook; ruling"),
    R("shuffle-unknown", "After a shuffle the order of the deck is unknown again (decision 9)", "house rule"),
    R("keep-deck", "… or leave it as it lies", "ruling"),
    R("one-card-deck", "A deck of one card is not shuffled (decision 6)", "house rule"),
    # more high structures, Demolition Team
    R("high-more", "More than one high structure may be built in a game; only the target is chosen in advance"),
    R("demolish", "Demolition Team takes a structure from the city"),
    R("demolish-not-target", "… never the target", "ruling"),
    R("demolish-no-score", "The taken-down structure no longer scores", "ruling"),
    R("requirements-at-build", "Requirements count only when building: a high structure stays when a structure it "
                               "required is taken down", "ruling"),
    R("demolish-order", "Pay first, then choose the structure, then which way round its card comes back (decision 7)",
      "house rule"),
    R("demolish-under-pile", "Its card goes under the discard pile, turned as you choose, the Demolition Team card "
                             "above it", "rulebook; ruling"),
    R("demolish-back-first", "Both come back first in the next round, face A up", "ruling"),
    R("dt-not-city", "The Demolition Team card does not stay in the city and scores nothing; it goes onto the "
                     "discard pile too", "rulebook; ruling"),
    R("dt-needs-structure", "Demolition Team can be built only with a structure other than the target in the city "
                            "(decision 7)", "house rule"),
    # the end of a game, scoring
    R("stop", "Before any round you may stop the game", "rulebook; ruling"),
    R("rounds-begun", "Rounds played are the rounds begun (decision 11)", "ruling"),
    R("stop-round1", "Stopping before round 1 scores 0 (decision 2)", "house rule"),
    R("dead-round", "The game ends when no build was possible at any turn of a whole round; that round counts "
                    "(decision 5)", "rulebook; ruling"),
    R("passed-round", "A round in which a build was possible but none was made does not end the game", "ruling"),
    R("all-in-city", "The game ends when every card is in the city (decision 5)", "house rule"),
    R("round-limit", "The game ends after round 20 (decision 5)", "house rule"),
    R("score-shields", "Score: the shields' victory points"),
    R("score-basic", "Score: +1 per basic structure"),
    R("score-duplicate", "Score: +1 per duplicate (each copy beyond the first of a structure)", "rulebook; ruling"),
    R("score-high", "Score: +3 per high structure beyond the first"),
    R("score-rounds", "Score: minus the rounds played"),
    R("object", "Object: the most points in the fewest rounds"),
    # the match
    R("match", "A match is two games, each with a fresh deck and its own target", "rulebook; ruling"),
    R("second-target", "Game 2's target may be any of the five, game 1's too (decision 8)", "house rule"),
    R("match-total", "The match total is the sum of both game scores"),
    R("titles", "Titles: 25+ Our next King!, 21–24 worried, 17–20 impressed, 13–16 shrugs, 0–12 displeased",
      "rulebook; ruling"),
    R("practice", "A practice game (one game) gets no title (decision 10)", "house rule"),
]


PLAY_AREA = CountOfNineTable(details=False)  # the first steps teach reading a card: no target, score or deck order

# --- lessons as data --------------------------------------------------------------------------------------


@dataclass
class Lesson:
    """One step as data: what :func:`tutorial` hands to ``Tutorial.step``.

    ``horizon``: the attempt is judged as soon as the goal can no longer be reached before it holds
    (:func:`lost`); None: only at the game's end.  ``teaches``/``uses``: rule keys of :data:`RULES`.
    """

    key: str
    title: str
    start: ninekit.State
    goal: str
    check: Callable[[ninekit.State], bool]
    solution: list
    hint: object
    success: str = ""
    miss: object = None
    wrong: tuple | None = None
    horizon: Callable[[ninekit.State], bool] | None = None
    teaches: tuple = ()
    uses: tuple = ()
    table: object = None  # the table adapter drawing the board (None: the game's own)

    def add_to(self, t: Tutorial) -> None:
        until = lost(self.check, self.horizon) if self.horizon else None
        t.step(self.key, self.start, goal=self.goal, check=self.check, solution=self.solution, hint=self.hint,
               title=self.title, success=self.success, miss=self.miss, wrong=self.wrong, until=until,
               teaches=self.teaches, uses=self.uses, table=self.table)


def build_step(key: str, title: str, start: ninekit.State, *wanted: str, within="round", **rest) -> Lesson:
    """A step whose goal is to have ``wanted`` in the city within ``within``: "turn", "round", or a horizon
    (``state -> bool``, e.g. :func:`first_turn_of`) with its own goal and miss."""
    horizon = turn_done if within == "turn" else round_done if within == "round" else within
    rest.setdefault("goal", f"Build {' and '.join('the ' + n for n in wanted)} this {within}.")
    rest.setdefault("miss", f"the {' and the '.join(wanted)} can no longer be built this {within}")
    return Lesson(key, title, start, check=_has(*wanted), horizon=horizon, **rest)


def score_step(key: str, title: str, start: ninekit.State, points: int, *, miss: str, **rest) -> Lesson:
    """A step whose goal is to raise the score by ``points`` with one build; ``miss`` may say ``{gain}``."""
    rest.setdefault("goal", f"Raise your score by {points} with one build.")
    return Lesson(key, title, start, check=_gained(start, points), horizon=turn_done, miss=_change(start, miss),
                  **rest)


def end_step(key: str, title: str, start: ninekit.State, points: int, **rest) -> Lesson:
    """A step whose goal is to end the game with at least ``points``."""
    rest.setdefault("goal", "End this game with the highest score you can.")
    return Lesson(key, title, start, check=_ends_with(points), horizon=lambda s: s.is_over, **rest)


CHAPTERS: list = []  # (key, title, the function that lists its lessons), in the notebook's order


def chapter(key: str, title: str):
    """Decorator: the function lists the lessons of chapter ``title``."""
    def register(lessons: Callable[[], list]):
        CHAPTERS.append((key, title, lessons))
        return lessons
    return register


def tutorial() -> Tutorial:
    """Every step of the Count of Nine tutorial, chapter by chapter, in the notebook's order."""
    t = Tutorial(GAME, "Learn Count of Nine", rules=RULES)
    for key, title_, lessons in CHAPTERS:
        t.chapter(key, title_)
        for lesson in lessons():
            lesson.add_to(t)
    return t


# --- chapter 1: your first game ----------------------------------------------------------------------------


@chapter("first-game", "Your first game")
def _first_game() -> list:
    nothing_left = _before_round(["2r", "3", "4r", "6"], round=3, target="Castle",
                                 city=["Chapel@7", "Well@8", "Goldsmith@5"])
    return [
        build_step(
            "first-build", "Reading a card: your first build",
            position(target="Castle", deck=["4", "6", "9"], discard=["8"], round=1, order_known=False),
            "Tavern", within="turn", goal="Build a Tavern.",
            solution=[build("deck", "Tavern"), pay("centre", "discard")],
            hint="The Tavern is the left structure of the top card of the deck; it costs Lumber + Crew. Which two "
                 "other cards show Lumber and Crew on top?",
            success="A card pays with its top resource. The card you build from goes to your city, turned so the "
                    "built structure shows; it leaves the deck for good. The cards in play that paid are flipped "
                    "onto the discard pile.",
            miss=lambda s: "the Tavern is not in your city" + (f": you built the {names(s)[-1]}" if names(s) else ""),
            wrong=(build("centre", "Mine"), "each unit from a different source"),
            teaches=("cards", "top-resource", "play-area", "different-sources", "choose-payment", "to-city",
                     "paid-flipped"), table=PLAY_AREA),
        build_step(
            "own-card", "A card never pays for itself",
            position(target="Castle", deck=["6r", "3", "9"], discard=["8"], round=2),
            "Tavern", within="turn", goal="Two Taverns are in play: build one.",
            solution=[build("deck", "Tavern"), pay("centre", "discard")],
            hint="Click the centre card's Tavern: why is it not highlighted?",
            success="Every cost unit comes from a source other than the card being built: the centre card's Crew "
                    "cannot pay for its own Tavern, but it can pay for the Tavern on the top card of the deck.",
            miss="the Tavern is not in your city",
            wrong=(build("centre", "Tavern"), "a card cannot pay for its own structure"),
            teaches=("own-card",), uses=("top-resource", "different-sources", "choose-payment"), table=PLAY_AREA),
        Lesson(
            "which-build", "What can be built",
            position(target="Harbour", deck=["3r", "9", "2"], discard=["7"], city=["Tavern@6"], round=2),
            goal="Build a structure with a shield (a victory point).",
            check=lambda s: any(STRUCTURES[n].vp >= 1 for n in names(s)), horizon=turn_done,
            solution=[build("discard", "Garden"), pay("centre", "deck", "city6")],
            hint="Look at all three cards in play, the top discard too, as it lies face B up. Your Tavern gives "
                 "Crew.",
            success="You may build the left or right structure of any card in play — the centre card, the top card "
                    "of the deck, the top discard as it lies — or the target. Your Tavern paid a Crew like a card. "
                    "The Garden scores its shield and +1 as a basic structure.",
            miss=lambda s: f"the {names(s)[-1]} has no shield" if len(names(s)) > 1 else "no shield was built",
            wrong=(build("deck", "Garden"), "a card cannot pay for its own structure"),
            teaches=("build-from-play", "structure-card", "city-gives", "score-shields", "score-basic"),
            uses=("top-resource", "own-card", "different-sources", "play-area")),
        build_step(
            "pass", "Passing, and the slide",
            position(target="Monument", deck=["6", "9", "2"], discard=["7", "4r"], city=["Tavern@1"],
                     used=["discard"], round=2),
            "Mine", goal="Build a Mine this round.",
            solution=[PASS, build("centre", "Mine"), pay("discard", "city1")],
            hint="The Stone on top of the discard pile is tilted: it has paid this round. What does the centre "
                 "card show on its back, and where will the Mine be after a pass?",
            success="A pass flips the centre card onto the discard pile and slides the top card of the deck to the "
                    "centre. The newly flipped card is not tilted: its resource may pay, though the card under it "
                    "had paid already.",
            miss="the Mine can no longer be built this round: the Stone must come from a card not yet used "
                 "this round, and the Crew from your Tavern",
            wrong=([build("centre", "Tavern"), pay("deck", "city1")], "not yet used this round"),
            teaches=("turn", "pass", "slide", "discard-once", "discard-untilted"),
            uses=("city-gives", "build-from-play", "top-resource")),
        Lesson(
            "round-end", "The round end: the pile flips over",
            position(target="Castle", deck=["7"], discard=["9", "2r", "8r"], city=["Tavern@6"], round=2,
                     could_build=True),
            goal="Pass the last card of round 2 (nothing can be built), then begin round 3 with Crew on top of the "
                 "centre card.",
            check=lambda s: _round(s) == 3 and _phase(s) == "turn" and _view(s)["centre"]["top"] == "Crew",
            horizon=lambda s: s.is_over or _round(s) >= 3,
            solution=[PASS, begin("rotate")],
            hint="Which card of the discard pile will be the top of the new deck? Rotating the deck brings each "
                 "card's bottom resource to the top.",
            success="At the end of a round the discard pile is flipped over into the new deck: its bottom card on "
                    "top, every card back on face A, each still rotated or not, and you know the whole order. "
                    "Then you may rotate the deck; the round begins with two cards in play.",
            miss=lambda s: ("round 3 begins with " + _card_words(_view(s)["centre"]) + ", showing "
                            + _view(s)["centre"]["top"] + " on top" if _round(s) == 3 and _view(s)["centre"]
                            else "the game ended"),
            wrong=([PASS, begin("keep")], "round 3 begins with card 9"),
            teaches=("round-through", "pile-flips", "pile-face-a", "order-known", "rotate-deck", "round-start"),
            uses=("pass",)),
        build_step(
            "castle", "The target and its requirements",
            position(target="Castle", deck=["4", "8r", "9r"], discard=["5"],
                     city=["Armoury@6", "Stonemason@2", "Tavern@3"], round=3),
            "Castle", goal="Build the Castle, your target, this round.",
            solution=[build("centre", "Goldsmith"), pay("deck", "discard", "city2"), build("target", "Castle"),
                      pay("discard", "city3")],
            hint="The Castle costs only Crew + Crew, but requires an Armoury, a Stonemason and a Goldsmith in your "
                 "city. The Goldsmith is on the centre card.",
            success="A high structure requires other structures in your city first; the target is built from its "
                    "set-aside card like any card in play.",
            miss="the Castle can no longer be built this round",
            wrong=(build("target", "Castle"), "in your city (missing: Goldsmith)"),
            teaches=("high", "target-build", "requires"),
            uses=("build-from-play", "different-sources", "city-gives", "paid-flipped", "slide")),
        Lesson(
            "target", "Set-up: the target and the deal",
            ninekit.make(GAME, games=1).new(seed=11),
            goal="Choose as your target the high structure that requires a Market and a Well.",
            check=lambda s: (_view(s)["target"] or {}).get("name") == "Town Square", horizon=turn_done,
            solution=[{"kind": "target", "args": ["Town Square"]}],
            hint="Each high structure requires two or three other structures in your city first: the table of "
                 "structures above lists them.",
            success="The Town Square requires a Market and a Well. Its card is set aside, target face up; the "
                    "other eight cards go face A up, four of them rotated, and are shuffled into the deck.",
            miss=lambda s: (f"the {_view(s)['target']['name']} requires "
                            + " and ".join(_view(s)["target"]["requires"])),
            wrong=({"kind": "target", "args": ["Harbour"]}, "requires Sawmill and Market"),
            teaches=("target-choose", "deal-face-a", "deal-rotated", "deal-shuffled"), uses=("high", "requires")),
        Lesson(
            "active-resource", "Set-up: the active resource",
            ninekit.make(GAME, games=1).new(seed=11).play(Move("target", ("Town Square",))),
            goal="Make Crew the active resource of the top card, and begin round 1.",
            check=lambda s: _round(s) == 1 and _view(s)["centre"]["top"] == "Crew", horizon=turn_done,
            solution=[begin("rotate")],
            hint="You see only the top card of the deck: Iron on top, Crew along the bottom edge.",
            success="Looking only at the top card, you choose which of its two resources is active, and turn the "
                    "whole deck so that it is on top. The deck was just shuffled: no shuffle now. You know which "
                    "cards are in the deck, not their order nor which are rotated.",
            miss=lambda s: ("Iron is still on top of the top card, and only the top resource is active: rotating "
                            "the deck brings Crew up" if _round(s) == 1 else "you stopped before round 1: the game "
                            "scores 0"),
            wrong=(begin("keep"), "only the top resource is active"),
            teaches=("active-resource", "no-shuffle-round1", "round1-knowledge"),
            uses=("target-choose", "rotate-deck", "top-resource", "round-start")),
        end_step(
            "stop", "Stopping before a round", nothing_left, score(nothing_left),
            solution=[begin("stop")],
            hint="Each round begun costs a point. Can any turn of round 4 pay for a structure, whichever way the "
                 "deck lies? Your Goldsmith gives only Gold.",
            success="Before any round you may stop the game. Rounds played are the rounds begun, and each costs a "
                    "point: stopping saves one when nothing more can be built. The most points in the fewest "
                    "rounds wins the King's favour.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]}: round 4 cost a point and no build was "
                            "possible in it" if s.is_over else "round 4 costs a point, and no turn of it can pay for "
                            "a structure: the game would end after it with a point less"),
            wrong=(begin("keep"), "round 4 costs a point"),
            teaches=("stop", "rounds-begun", "score-rounds", "object"),
            uses=("rotate-deck", "city-gives", "order-known", "score-shields")),
    ]


# --- chapter 2: flip, rotate, shuffle ----------------------------------------------------------------------


@chapter("cards", "Flip, rotate, shuffle")
def _cards() -> list:
    round_over = dict(round=2, target="Castle", city=["Tavern@6"])
    return [
        Lesson(
            "flip", "Flip: the back of a card",
            position(target="Castle", deck=["5r", "4r", "7"], discard=["3r"], round=2),
            goal="Build the Sawmill this round: it is on the back of the centre card.",
            check=_has("Sawmill"), horizon=round_done,
            solution=[PASS, build("discard", "Sawmill"), pay("centre", "deck")],
            hint="Passing flips the centre card onto the discard pile: its back faces up, and the top discard's "
                 "structures can be built.",
            success="A flipped card shows its other face, with the edge that was on top still on top: card 5 was "
                    "rotated, so its back shows Lumber on top, and its Sawmill is now in play.",
            miss=_flip_miss,
            wrong=([build("deck", "Mine"), pay("centre", "discard")], "no Iron is left"),
            teaches=("flip", "faces"), uses=("pass", "build-from-play", "different-sources")),
        Lesson(
            "rotate", "Rotate: the other resource on top",
            _before_round(["9", "8", "3r", "7"], **round_over),
            goal="Begin round 3 with Crew on top of both cards in play.",
            check=lambda s: (_round(s) == 3 and _view(s)["centre"]["top"] == "Crew"
                             and _view(s)["deck_top"]["top"] == "Crew"),
            horizon=turn_done,
            solution=[begin("rotate")],
            hint="Cards 9 and 8 both show Crew along their bottom edge.",
            success="Rotating turns a card (here the whole deck) half round: the bottom resource comes to the top, "
                    "and the left and right structures change sides.",
            miss=lambda s: ("the centre card shows " + _view(s)["centre"]["top"] + " on top, and only a card's top "
                            "resource counts: rotating brings the bottom one up" if _round(s) == 3
                            else "the game ended"),
            wrong=(begin("keep"), "shows Lumber on top"),
            teaches=("rotate",), uses=("rotate-deck", "top-resource", "order-known")),
        Lesson(
            "shuffle", "Shuffle: a new order",
            _before_round(["9", "8", "3r", "7"], seed=5, **round_over),
            goal="Begin round 3 with the cards in a new order, each card still the same way up.",
            check=lambda s: any(m.kind == "round" and m.args == ("shuffle",) for _seat, m in s.history),
            horizon=turn_done,
            solution=[begin("shuffle")],
            hint="Which choice before a round changes the order of the cards and nothing else?",
            success="Shuffling mixes the order of the cards, never which side or which edge is up. You no longer "
                    "know the order of the deck: only the two cards in play show.",
            miss=lambda s: ("rotating turned every card half round: their other resources are on top now"
                            if any(m.args == ("rotate",) for _seat, m in s.history if m.kind == "round")
                            else "the cards are in the same order as before" if _round(s) == 3
                            else "the game ended"),
            wrong=(begin("rotate"), "rotating turned every card"),
            teaches=("shuffle", "shuffle-deck", "shuffle-unknown"), uses=("rotate-deck", "order-known")),
    ]


# --- chapter 3: paying in detail -----------------------------------------------------------------------------


@chapter("paying", "Paying in detail")
def _paying() -> list:
    return [
        build_step(
            "two-crew", "One source, one unit",
            position(target="Harbour", deck=["1", "3r", "2"], discard=["8"], city=["Tavern@6"], round=2),
            "Guildhall", goal="Build the Guildhall (Crew + Crew + Gold) this round.",
            solution=[build("discard", "Guildhall"), pay("centre", "deck", "city6")],
            hint="Two Crew need two different sources. Which two show Crew now? Keep them both.",
            success="Each cost unit is paid by a different source: two Crew need two sources that give Crew.",
            miss="the Guildhall can no longer be built this round: it needs two different sources of Crew, and "
                 "one of them has been used",
            wrong=([build("centre", "Tavern"), pay("discard", "city6")], "two different sources of Crew"),
            teaches=("two-of-a-kind",), uses=("different-sources", "city-gives", "own-card", "paid-flipped")),
        build_step(
            "either-or", "Either resource: Iron/Lumber",
            position(target="Castle", deck=["4r", "6", "7"], discard=["5r"], city=["Tavern@3"], round=2),
            "Armoury", "Sawmill",
            solution=[build("deck", "Armoury"), pay("discard", "city3"), build("discard", "Sawmill"),
                      pay("centre", "deck")],
            hint="The Armoury costs Crew + Iron/Lumber: Iron or Lumber pays the second unit. The Sawmill needs "
                 "the centre card's Iron. Which payment keeps it?",
            success="A cost unit printed A/B is paid by either resource. You choose the payment among the ways the "
                    "sources allow; the cards that paid are flipped onto the discard pile, so choose the one that "
                    "keeps what you need. The tilted top discard's Sawmill could still be built, and it stands "
                    "untilted in your city: the tilt stays behind.",
            miss="the Sawmill can no longer be built this round: its Iron (the centre card) went onto the "
                 "discard pile, or its Crew was spent",
            wrong=([build("deck", "Armoury"), pay("centre", "city3")], "its Iron (the centre card)"),
            teaches=("either-or", "tilted-buildable", "tilt-stays"),
            uses=("discard-once", "paid-flipped", "city-gives", "choose-payment")),
        build_step(
            "two-cards", "Two cards pay: the centre card goes first",
            position(target="Castle", deck=["5r", "6r", "4", "7r"], discard=["8"], city=["Tavern@3"], round=2),
            "Well", "Goldsmith", goal="Build the Well and then the Goldsmith this round.",
            solution=[build("discard", "Well"), pay("centre", "deck"), build("centre", "Goldsmith"),
                      pay("deck", "discard", "city3")],
            hint="The Goldsmith needs Gold, and no card shows Gold now. Card 6 (the top card of the deck) is "
                 "rotated: its back shows Gold on top. Which card ends on top of the pile when both cards pay?",
            success="When the centre card and the top card of the deck both pay, the centre card goes onto the "
                    "discard pile first: the other one lies on top, and its resource is in play.",
            miss=lambda s: ("the Goldsmith can no longer be built this round; the top discard shows "
                            + ((_top_discard(s) or {}).get("top") or "nothing") + ", and the Goldsmith needs Gold"),
            wrong=([build("discard", "Well"), pay("centre", "city3")], "the Goldsmith needs Gold"),
            teaches=("centre-first",), uses=("paid-flipped", "flip", "slide")),
        build_step(
            "city-once", "A structure gives once per round",
            position(target="Castle", deck=["4r", "5", "7"], discard=["2"], city=["Tavern@3", "Quarry@8"], round=2),
            "Sawmill", "Chapel",
            solution=[build("discard", "Sawmill"), pay("centre", "deck"), build("centre", "Chapel"),
                      pay("discard", "city3", "city8")],
            hint="Your Tavern gives one Crew per round. The Chapel will need it: card 7's own Crew cannot pay for "
                 "its own Chapel.",
            success="A structure in your city gives its resource at most once per round: it is tilted when used "
                    "and comes back at the end of the round.",
            miss="the Chapel can no longer be built this round: your Tavern gave its Crew already, and a "
                 "structure gives its resource once per round",
            wrong=([build("discard", "Sawmill"), pay("centre", "city3")], "once per round"),
            teaches=("city-once",), uses=("city-gives", "own-card", "slide")),
        build_step(
            "fresh", "Built this round: no resource yet",
            position(target="Castle", deck=["2", "4r", "7r"], discard=["5"], city=["Tavern@3", "Quarry@8!"],
                     round=2),
            "Mine", goal="Build a Mine this round.",
            solution=[PASS, build("centre", "Mine"), pay("deck", "discard")],
            hint="You built the Quarry this round: it gives Stone only from the next round on. Which card will "
                 "show Stone on top after a pass?",
            success="A structure built this round gives its resource from the next round on.",
            miss="the Mine can no longer be built this round: the Quarry, built this round, gives no Stone yet, "
                 "and the card showing Stone was spent or passed",
            wrong=([build("discard", "Sawmill"), pay("deck", "city3")], "gives no Stone yet"),
            teaches=("fresh",), uses=("pass", "city-gives", "flip")),
    ]


# --- chapter 4: between rounds -------------------------------------------------------------------------------


@chapter("rounds", "Between rounds")
def _rounds() -> list:
    return [
        Lesson(
            "reset", "The round end: tilts reset",
            position(target="Castle", deck=["5"], discard=["9", "2r", "7"], city=["Tavern@3"], used=["Tavern@3"],
                     round=2, could_build=True),
            goal="Build a Mine in the first turn of round 3.",
            check=lambda s: _built_in(s, "Mine", 3), horizon=first_turn_of(3),
            solution=[PASS, begin("keep"), build("centre", "Mine"), pay("deck", "city3")],
            hint="Your Tavern is tilted now, but the tilts are reset at the end of the round. Round 3 begins with "
                 "card 9 (its Mine) and card 2 rotated (Stone on top).",
            success="At the end of a round tilted structures are reset: your Tavern gives its Crew again. And you "
                    "may leave the deck as it lies: rotating or shuffling is your choice.",
            miss=lambda s: ("the Mine was not built in the first turn of round 3"
                            + (": rotating the deck turned card 2's Stone to the bottom"
                               if any(m.args == ("rotate",) for _seat, m in s.history if m.kind == "round") else
                               ": the tilts are reset at the round end, so your Tavern's Crew pays again")),
            wrong=([PASS, begin("rotate")], "turned card 2's Stone to the bottom"),
            teaches=("reset", "keep-deck"), uses=("city-once", "pile-flips", "rotate-deck", "order-known")),
        Lesson(
            "dead-round", "A round in which no build is possible ends the game",
            _before_round(["2", "3", "4", "6"], round=3, target="Castle", city=["Chapel@7", "Well@8"]),
            goal="Make a build possible in round 4, and make it.",
            check=lambda s: any(c["round"] == 4 for c in _view(s)["city"]),
            horizon=lambda s: s.is_over or _round(s) > 4 or (_round(s) == 4 and _phase(s) == "round"),
            solution=[begin("rotate"), PASS, PASS, build("deck", "Armoury"), pay("centre", "discard")],
            hint="Your city gives no resource, so every cost is paid by the cards in play. As the deck lies, no "
                 "turn of round 4 could pay for anything: look at the bottom edges of the cards.",
            success="When no build was possible at any turn of a whole round, the game ends, and that round still "
                    "counts. Rotating the deck brought other resources on top. A round in which you could build "
                    "but passed does not end the game.",
            miss=_dead_round_miss,
            wrong=(begin("keep"), "no turn of round 4 can pay"),
            teaches=("dead-round", "passed-round"), uses=("rotate-deck", "pile-flips", "rounds-begun")),
        build_step(
            "one-card-deck", "A deck of one card",
            _before_round(["4"], round=3, target="Castle", city=["Tavern@3", "Quarry@8"]),
            "Mine", within=first_turn_of(4), goal="Only card 4 is left in the deck: begin round 4 and build its Mine.",
            solution=[begin("keep"), build("centre", "Mine"), pay("city3", "city8")],
            hint="Count the buttons before the round: with one card there is nothing to mix. Your Tavern gives Crew "
                 "and your Quarry Stone.",
            success="A deck of one card is not shuffled: you may keep it, rotate it or stop. Its one card is alone "
                    "in play, so your city pays for it.",
            miss=lambda s: ("you stopped the game: the Mine was not built" if s.is_over
                            else "the Mine can no longer be built this turn"),
            wrong=(begin("stop"), "the Mine was not built"),
            teaches=("one-card-deck",), uses=("shuffle-deck", "city-gives", "stop", "round-through")),
        Lesson(
            "round-limit", "Round 20: the last round this app plays",
            position(target="Castle", deck=["5", "2"], city=["Tavern@3", "Mine@9", "Quarry@8"], round=20),
            goal="This is round 20, the last one: finish the game with a Watchtower in your city.",
            check=lambda s: s.is_over and "Watchtower" in names(s), horizon=lambda s: s.is_over,
            solution=[build("centre", "Watchtower"), pay("city3", "city8", "city9"), PASS],
            hint="There is no round 21 here. The Watchtower (Crew + Iron + Stone) is on the centre card; your city "
                 "gives all three.",
            success="This app ends a game after round 20 (a house rule; sensible play never gets there, as each "
                    "round costs a point).",
            miss=lambda s: ("the game ended after round 20 without the Watchtower" if s.is_over else
                            "the Watchtower is no longer in play, and the game ends after round 20"),
            wrong=(PASS, "the game ends after round 20"),
            teaches=("round-limit",), uses=("city-gives", "score-rounds", "round-through")),
    ]


# --- chapter 5: the target and more high structures -----------------------------------------------------------


@chapter("high", "The target and more high structures")
def _high() -> list:
    return [
        build_step(
            "target-card", "The target card is set aside",
            position(target="Castle", deck=["2", "3", "6"], discard=["4"], round=2),
            "Tavern", goal="Build a Tavern this round.",
            solution=[PASS, build("centre", "Tavern"), pay("deck", "discard")],
            hint="The target card (card 1) shows Crew and a Tavern, but only the Castle can be built from it, and "
                 "it gives no resource. Where will a Crew come from after a pass?",
            success="Only the target can be built from the target card; its other structure never, and the target "
                    "card gives no resource.",
            miss="the Tavern can no longer be built this round",
            wrong=(build("deck", "Tavern"), "the target card gives no resource"),
            teaches=("target-card-other", "target-card-no-resource"), uses=("target-build", "pass", "flip")),
        score_step(
            "second-high", "More than one high structure",
            position(target="Castle", deck=["4", "7", "9"], discard=["3"],
                     city=["Castle@1", "Armoury@6", "Stonemason@2", "Goldsmith@5", "Quarry@8"], round=4), 9,
            goal="Raise your score as much as you can with one build.",
            solution=[build("discard", "Monument"), pay("centre", "deck", "city2", "city5", "city8")],
            hint="Your target, the Castle, is built. The top discard shows the Monument, a high structure: it "
                 "requires a Quarry and a Goldsmith.",
            success="You may build more than one high structure in a game; only one is your target. Each one "
                    "beyond the first scores +3 on top of its shield: the Monument gives 6 + 3 = 9.",
            miss="your score rose by {gain}; one build can raise it by 9",
            wrong=([build("centre", "Mine"), pay("deck", "city2")], "one build can raise it by 9"),
            teaches=("high-more", "score-high"), uses=("requires", "high", "score-shields")),
    ]


# --- chapter 6: scoring and the end of a game ------------------------------------------------------------------


@chapter("scoring", "Scoring and the end of a game")
def _scoring() -> list:
    city = ["Castle@1", "Armoury@3", "Stonemason@2", "Goldsmith@4", "Tavern@6", "Chapel@7", "Market@8",
            "Watchtower@9"]
    return [
        score_step(
            "duplicate", "Scoring: duplicates",
            position(target="Harbour", deck=["6", "2r", "9"], discard=["5r"], city=["Tavern@3"], round=3), 2,
            solution=[build("centre", "Tavern"), pay("discard", "city3")],
            hint="Each basic structure scores +1, and each copy beyond the first of a structure +1 more.",
            success="A second Tavern scores +1 as a basic structure and +1 as a duplicate.",
            miss="your score rose by {gain}: a new structure scores +1 as a basic one, a second copy of one you have "
                 "+1 more",
            wrong=([build("centre", "Armoury"), pay("discard", "city3")], "rose by 1"),
            teaches=("score-duplicate",), uses=("score-basic", "city-gives")),
        end_step(
            "last-card", "The last card", position(target="Castle", deck=["5"], city=city, round=5), 14,
            solution=[build("centre", "Watchtower"), pay("city2", "city3", "city6")],
            hint="Eight cards are in your city; card 5 is the last one. A second Watchtower scores its shield, +1 "
                 "as a basic structure and +1 as a duplicate. What happens when every card is in your city?",
            success="When every card is in your city the game ends at once: no further round costs a point. The "
                    "second Watchtower scored 1 + 1 + 1.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]} points" if s.is_over else
                            "passing ended round 5 without the last build: another round costs a point, and 14 can "
                            "no longer be reached"),
            wrong=(PASS, "another round costs a point"),
            teaches=("all-in-city",), uses=("score-duplicate", "score-shields", "rounds-begun", "city-gives")),
        end_step(
            "stop-at-once", "Stopping before round 1",
            position(target="Castle", deck=["4", "9"], round=0), 0,
            solution=[begin("stop")],
            hint="Two cards and an empty city: every structure costs at least two units, each from a different "
                 "source, and a card never pays for itself.",
            success="Stopping before round 1 ends the game with 0: no round was played. With two cards and an "
                    "empty city no structure can ever be paid.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]}: round 1 cost a point, and no build was "
                            "possible in it" if s.is_over else "round 1 costs a point, and no turn of it can pay for "
                            "a structure"),
            wrong=(begin("keep"), "round 1 costs a point"),
            teaches=("stop-round1",), uses=("stop", "active-resource", "own-card", "different-sources",
                                              "dead-round")),
    ]


# --- chapter 7: Demolition Team --------------------------------------------------------------------------------


@chapter("demolition", "Demolition Team")
def _demolition() -> list:
    city = ["Monument@3", "Quarry@8", "Goldsmith@4", "Goldsmith@5", "Chapel@1", "Chapel@7"]
    start = position(target="Monument", deck=["9r", "2"], discard=["6"], city=city, round=4)
    kept = {n: names(start).count(n) for n in set(names(start))}
    before = position(target="Castle", deck=["7", "2"], discard=["3", "6"],
                      city=["Quarry@8", "Sawmill@5", "Goldsmith@4"], round=2)
    return [
        Lesson(
            "demolition", "Demolition Team", start,
            goal="Use the Demolition Team on the structure whose loss costs you the fewest points.",
            check=lambda s: (_phase(s) not in ("demolish", "return") and "Quarry" not in names(s)
                             and all(names(s).count(n) == c for n, c in kept.items() if n != "Quarry")),
            horizon=turn_done,
            solution=[build("discard", "Demolition Team"), pay("centre", "city4"), demolish(8), comes_back("Gold")],
            hint="A taken-down structure no longer scores. A Chapel gives its shield, +1 as a basic structure, "
                 "and +1 as a duplicate; a Goldsmith +1 and +1 as a duplicate; the Quarry only +1. The target "
                 "cannot be taken down.",
            success="Demolition Team takes a structure from your city (never the target) and puts its card, turned "
                    "as you choose, under the discard pile, with the Demolition Team card above it: neither stays "
                    "in your city. The structure no longer scores; the Monument stays, as requirements count only "
                    "when building.",
            miss=_demolition_miss(start),
            wrong=([build("discard", "Demolition Team"), pay("centre", "city4"), demolish(3)],
                   "never takes down the target"),
            teaches=("demolish", "demolish-not-target", "demolish-no-score", "requirements-at-build",
                     "demolish-order"),
            uses=("score-duplicate", "score-shields", "either-or", "requires")),
        build_step(
            "demolition-back", "Demolition Team: the card comes back",
            _play(before, build("discard", "Demolition Team"), pay("centre", "city4"), demolish(8)),
            "Tavern", within=first_turn_of(3),
            goal="Send card 8 back so that you can build a Tavern in the first turn of round 3.",
            solution=[comes_back("Crew"), PASS, begin("keep"), build("deck", "Tavern"), pay("centre", "city5")],
            hint="Both cards come back first next round: card 8 as the centre card, the Demolition Team card "
                 "(card 6, face A: Tavern) as the top card of the deck. The Tavern needs Lumber (your Sawmill) and "
                 "Crew: which way round should card 8 come back?",
            success="The demolished card and the Demolition Team card lie under the discard pile, so they are the "
                    "first two cards of the next round, face A up, the demolished one turned as you chose.",
            miss=lambda s: ("no Tavern was built in the first turn of round 3" + (
                f": card 8 came back with {_view(s)['centre']['top']} on top, and the Tavern on card 6 needs its "
                "Crew from another source" if _round(s) == 3 and (_view(s)["centre"] or {}).get("card") == 8
                else "")),
            wrong=([comes_back("Gold"), PASS, begin("keep")], "card 8 came back with Gold on top"),
            teaches=("demolish-under-pile", "demolish-back-first", "dt-not-city"),
            uses=("demolish", "pile-flips", "pile-face-a", "keep-deck", "city-gives")),
        build_step(
            "demolition-none", "Demolition Team needs something to take down",
            position(target="Castle", deck=["4r", "7"], discard=["6"], round=2),
            "Mine", within="turn", goal="Your city is empty: build the one structure you can this turn.",
            solution=[build("centre", "Mine"), pay("deck", "discard")],
            hint="Click the Demolition Team on the top discard: what would it take down? The Mine on the centre "
                 "card costs Crew + Stone.",
            success="Demolition Team can be built only when your city holds a structure other than the target to "
                    "take down.",
            miss="the Mine is not in your city",
            wrong=(build("discard", "Demolition Team"), "needs a structure in your city to take down"),
            teaches=("dt-needs-structure",), uses=("demolish", "demolish-not-target", "either-or")),
    ]


# --- chapter 8: the match ------------------------------------------------------------------------------------


@chapter("match", "The match and the King's verdict")
def _match() -> list:
    game = ninekit.make(GAME, games=2).new(seed=3)
    after_game_one = _play(game, {"kind": "target", "args": ["Castle"]}, begin("stop"))
    return [
        Lesson(
            "second-target", "Game 2: a fresh deck and a new target", after_game_one,
            goal="Game 1 is over (you stopped at once: 0 points). Choose the Castle again as game 2's target.",
            check=lambda s: _view(s)["game_no"] == 2 and (_view(s)["target"] or {}).get("name") == "Castle",
            horizon=turn_done,
            solution=[{"kind": "target", "args": ["Castle"]}],
            hint="Game 2 begins like game 1: a target, then a fresh deal of the other eight cards.",
            success="A match is two games, each with a fresh deck and its own target: any of the five, the same as "
                    "in game 1 too.",
            miss=lambda s: f"you chose the {(_view(s)['target'] or {}).get('name')}; the goal was the Castle again",
            wrong=({"kind": "target", "args": ["Harbour"]}, "the goal was the Castle again"),
            teaches=("match", "second-target"), uses=("target-choose", "stop-round1")),
        Lesson(
            "match", "The match and the King's verdict",
            _before_round(["5", "2", "4", "9"], round=3, target="Castle", games=2, results=[14],
                          city=["Tavern@3", "Quarry@8", "Armoury@6", "Chapel@7"]),
            goal="Finish the match with the title 'The King is impressed' (a total of 17 to 20).",
            check=lambda s: s.is_over and _view(s)["title"] == "The King is impressed",
            horizon=lambda s: s.is_over or _round(s) > 5,
            solution=[begin("keep"), build("centre", "Watchtower"), pay("city3", "city6", "city8"), PASS, PASS,
                      PASS, begin("stop")],
            hint="Game 1 scored 14, and this game stands at 2 after three rounds: 16, 'The King shrugs'. Round 4 "
                 "costs a point. What can it add?",
            success="A match is two games, each with a fresh deck and its own target; their scores are added, and "
                    "the total gives the title: 25+ Our next King!, 21-24 worried, 17-20 impressed, 13-16 shrugs, "
                    "0-12 displeased.",
            miss=lambda s: (f"the match total is {_view(s)['total']}: {_view(s)['title']}" if s.is_over
                            else "that total can no longer be reached"),
            wrong=(begin("stop"), "The King shrugs"),
            teaches=("match-total", "titles"), uses=("match", "stop", "score-shields", "score-basic",
                                                     "dead-round")),
    ]


HINT_GAME = {"target": "Castle", "deck": ["7", "3r", "6", "4", "8r"], "discard": ["9"], "city": ["Stonemason@2"],
             "round": 2}
HINT_GAME_BEST = 10  # best_line(position(**HINT_GAME), 5)[0]: the best score on this deal (checked by the tests)
# One line that reaches it (Show me plays it; the tests check that it scores HINT_GAME_BEST).
HINT_GAME_LINE = [build("deck", "Armoury"), pay("centre", "discard"), build("discard", "Stonemason"),
                  pay("centre", "deck", "city2"), PASS, begin("keep"), PASS, build("discard", "Watchtower"),
                  pay("deck", "city2", "city3"), build("centre", "Tavern"), pay("deck", "discard"), begin("rotate"),
                  build("centre", "Goldsmith"), pay("deck", "city2", "city6"), begin("rotate"),
                  build("target", "Castle"), pay("centre", "city6"), begin("stop")]


def analyst_hint(state: ninekit.State) -> str:
    """The analyst's suggestion for ``state`` in words: the move and its reason (``ninekit.count_of_nine.hint``)."""
    from ninekit.count_of_nine import hint

    move, reason = hint(state, samples=4, seed=0)
    return f"{move}. {reason}" if reason else str(move)


@chapter("hints", "A game with hints")
def _hints() -> list:
    return [
        Lesson(
            "hint-game", "A game with hints", position(**HINT_GAME),
            goal=f"Finish this game with at least {HINT_GAME_BEST} points, the best possible on this deal.",
            check=_ends_with(HINT_GAME_BEST), solution=HINT_GAME_LINE, hint=analyst_hint,
            success="That is the best this deal allows. After each game of a match the app shows the best score "
                    "that was possible on the deal and can replay its line. A practice game like this one gets no "
                    "title.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]} points" if s.is_over
                            else "the game goes on"),
            teaches=("practice",), uses=("object", "stop", "rotate-deck", "target-build")),
    ]
