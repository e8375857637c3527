"""Count of Nine's nine cards, as *reconstructed* by the project's rulings.

The printed cards are lost except Tavern and Castle.  Every card face and
every structure in this file comes from ``shared/rules/count_of_nine.rulings.md``
(the card set was tuned there with an exact solver), not from the printed game;
the tables after them (places, sources, titles, the rules summary) are derived
from them and the rulebook.
Anything that shows these to a user says "reconstructed" (see
:data:`RECONSTRUCTED_NOTE`).

    >>> CARDS[1]["A"]
    ('Crew', 'Lumber', 'Castle', 'Tavern')
    >>> STRUCTURES["Castle"].requires
    ('Armoury', 'Stonemason', 'Goldsmith')
"""

from typing import NamedTuple

RECONSTRUCTED_NOTE = (
    "Reconstructed: the printed Count of Nine cards are lost (only Tavern and Castle are known), so the "
    "nine cards and the twenty structures are the project's reconstruction, tuned with an exact solver so "
    "that a perfect game scores about 10-12; they are not the printed cards."
)

RESOURCES = ("Lumber", "Crew", "Stone", "Iron", "Gold")


class Structure(NamedTuple):
    """One structure: ``cost`` is one entry per cost unit, each a tuple of the resources that pay it
    (``("Iron", "Lumber")`` is the printed "Iron/Lumber"); ``requires`` the structures that must already
    be in the city; ``provides`` the resource it gives once per round (or None); ``vp`` its shield."""

    name: str
    cost: tuple
    requires: tuple
    provides: str | None
    vp: int
    kind: str  # "basic", "high" or "special"


def _s(name, cost, requires, provides, vp, kind):
    units = tuple(tuple(unit.split("/")) for unit in cost.split(" + "))
    return Structure(name, units, tuple(requires), provides, vp, kind)


# The 20 structures (rulings, "Structures").
STRUCTURE_TABLE = (
    _s("Tavern", "Lumber + Crew", (), "Crew", 0, "basic"),
    _s("Quarry", "Crew + Lumber", (), "Stone", 0, "basic"),
    _s("Sawmill", "Crew + Iron", (), "Lumber", 0, "basic"),
    _s("Mine", "Crew + Stone", (), "Iron", 0, "basic"),
    _s("Market", "Crew + Lumber + Stone", (), "Gold", 0, "basic"),
    _s("Barracks", "Crew + Iron + Gold", (), "Crew", 0, "basic"),
    _s("Stonemason", "Crew + Stone + Lumber", (), "Stone", 0, "basic"),
    _s("Goldsmith", "Crew + Gold + Stone", (), "Gold", 0, "basic"),
    _s("Armoury", "Crew + Iron/Lumber", (), "Iron", 0, "basic"),
    _s("Chapel", "Crew + Stone + Gold", (), None, 1, "basic"),
    _s("Well", "Crew + Stone", (), None, 0, "basic"),
    _s("Garden", "Crew + Lumber + Gold", (), None, 1, "basic"),
    _s("Watchtower", "Crew + Iron + Stone", (), None, 1, "basic"),
    _s("Guildhall", "Crew + Crew + Gold", (), None, 1, "basic"),
    _s("Demolition Team", "Crew + Iron/Gold", (), None, 0, "special"),
    _s("Castle", "Crew + Crew", ("Armoury", "Stonemason", "Goldsmith"), None, 7, "high"),
    _s("Cathedral", "Crew + Crew + Stone + Stone + Lumber", ("Chapel", "Stonemason"), None, 6, "high"),
    _s("Monument", "Crew + Crew + Stone + Stone + Gold", ("Quarry", "Goldsmith"), None, 6, "high"),
    _s("Harbour", "Crew + Crew + Lumber + Lumber + Iron", ("Sawmill", "Market"), None, 6, "high"),
    _s("Town Square", "Crew + Crew + Stone + Gold + Lumber", ("Market", "Well"), None, 6, "high"),
)
STRUCTURES = {s.name: s for s in STRUCTURE_TABLE}
HIGH_STRUCTURES = tuple(s.name for s in STRUCTURE_TABLE if s.kind == "high")

# The nine cards (rulings, "Cards"): face -> (top, bottom, left, right) as the card lies unrotated.
# Face A is the squared-off starting face, face B the rounded back.
CARDS = {
    1: {"A": ("Crew", "Lumber", "Castle", "Tavern"), "B": ("Stone", "Gold", "Quarry", "Chapel")},
    2: {"A": ("Lumber", "Stone", "Stonemason", "Market"), "B": ("Crew", "Iron", "Cathedral", "Sawmill")},
    3: {"A": ("Lumber", "Gold", "Armoury", "Tavern"), "B": ("Stone", "Crew", "Monument", "Well")},
    4: {"A": ("Crew", "Iron", "Goldsmith", "Mine"), "B": ("Lumber", "Stone", "Harbour", "Stonemason")},
    5: {"A": ("Crew", "Stone", "Goldsmith", "Watchtower"), "B": ("Gold", "Lumber", "Town Square", "Sawmill")},
    6: {"A": ("Lumber", "Crew", "Tavern", "Armoury"), "B": ("Stone", "Gold", "Demolition Team", "Market")},
    7: {"A": ("Crew", "Stone", "Chapel", "Barracks"), "B": ("Iron", "Lumber", "Stonemason", "Garden")},
    8: {"A": ("Gold", "Crew", "Market", "Quarry"), "B": ("Lumber", "Crew", "Well", "Guildhall")},
    9: {"A": ("Lumber", "Crew", "Garden", "Mine"), "B": ("Iron", "Stone", "Watchtower", "Guildhall")},
}


# --- data tables derived from the reconstructed cards above ------------------------------------------

ROUND_LIMIT = 20  # house rule (docs/count_of_nine.md): a game ends after its 20th round
ROTATED_AT_SETUP = 4  # "Rotate about half of the cards": exactly four of the eight
TITLES = ((25, "Our next King!"), (21, "The King is worried"), (17, "The King is impressed"),
          (13, "The King shrugs"))
LOWEST_TITLE = "The King is displeased"
PLACES = ("centre", "deck", "discard", "target")
PLACE_WORDS = {"centre": "the centre card", "deck": "the top card of the deck", "discard": "the top discard",
               "target": "the target card"}
SOURCE_IDS = ("centre", "deck", "discard", *(f"city{c}" for c in CARDS))
SOURCE_RANK = {s: i for i, s in enumerate(SOURCE_IDS)}
# How much a source costs to spend, for ordering payments (the first one offered is the sensible default):
# the top discard's resource is lost once another card covers it, a city structure's comes back next round,
# the centre card would be passed anyway, the top card of the deck could still be built next turn.
SPEND_WEIGHT = {"discard": 1, "city": 2, "centre": 10, "deck": 20}
SOURCE_WEIGHT = {s: SPEND_WEIGHT["city" if s.startswith("city") else s] for s in SOURCE_IDS}
TARGET_CARD = {name: (c, f) for c, faces in CARDS.items() for f, sides in faces.items()
               for name in sides[2:] if name in HIGH_STRUCTURES}
assert len(TARGET_CARD) == len(HIGH_STRUCTURES)

RULES_SUMMARY = """\
**Goal.** Build a city worth the most points in the fewest rounds, over a match of two games.
Game score: shield VP, +1 per basic structure, +1 per duplicate, +3 per high structure beyond the
first, minus the rounds played. Match total: 25+ Our next King!, 21-24 The King is worried,
17-20 The King is impressed, 13-16 The King shrugs, 0-12 The King is displeased.

**Set-up.** Choose one of the five high structures as the target and set its card aside. The other
eight cards go face A up, about half of them rotated, and are shuffled. Look at the top card and
choose which of its resources is active (rotate the whole deck for the other).

**A turn.** The play area is the centre card, the top card of the deck and the top discard. Build the
left or right structure of one of them, or the target, or pass (the centre card is flipped onto the
discard pile). Each cost unit (A/B: either) is paid by a different source: the top resource of
another play-area card (the top discard's once per round), or a structure in your city that provides
it (once per round, from the round after it was built). Required structures must be in your city.
Play-area cards that paid are flipped onto the discard pile; the top discard is tilted instead.

**Round end.** When the deck is played through, flip the discard pile over into the new deck (every
card back on face A, rotation kept) and reset the tilts. Then rotate the deck, shuffle it, keep it,
or stop the game. The game also ends when no build was possible in a whole round.

**Demolition Team** takes a structure from your city and puts it, turned as you choose, under the
discard pile with the Demolition Team card above it: both come back first next round.
"""
