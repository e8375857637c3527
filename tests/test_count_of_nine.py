"""Count of Nine rules: one test per rule of the rulebook and per ruling.

Each test names the rule it checks; its docstring cites the source: the
rulebook ``shared/rules/count_of_nine.txt`` ("rulebook, Sequence of Play 2b")
or the rulings ``shared/rules/count_of_nine.rulings.md`` ("ruling 3"), or a
decision recorded in ``docs/count_of_nine.md`` ("decision 4").  Exact
situations are built with ``count_of_nine.position``; set-up and the match are
played from ``ninekit.make("count_of_nine", games=...).new(seed)``.  Moves are
given as JSON, as a UI would send them.

Card notation (as ``position`` reads it): ``"3"`` is card 3 upright, ``"3r"``
card 3 rotated.  The deck shows face A, the discard pile face B.  Face tops
used below -- A: 1 Crew, 2 Lumber, 3 Lumber, 4 Crew, 5 Crew, 6 Lumber,
7 Crew, 8 Gold, 9 Lumber; B: 1 Stone, 2 Crew, 3 Stone, 4 Lumber, 5 Gold,
6 Stone, 7 Iron, 8 Lumber, 9 Iron.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from itertools import combinations, permutations
from pathlib import Path

import pytest

import ninekit
from ninekit import IllegalMove
from ninekit import count_of_nine as con
from ninekit.count_of_nine import (
    CARDS,
    HIGH_STRUCTURES,
    RECONSTRUCTED_NOTE,
    RESOURCES,
    ROUND_LIMIT,
    STRUCTURES,
    position,
    score_breakdown,
    score_game,
    title,
)

RULINGS = Path(__file__).resolve().parents[2] / "shared" / "rules" / "count_of_nine.rulings.md"
TARGET_CARDS = {"Castle": 1, "Cathedral": 2, "Monument": 3, "Harbour": 4, "Town Square": 5}


# --- helpers ---------------------------------------------------------------------------------------

def mv(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})


def play(state, kind, *args):
    return state.play(mv(state, kind, *args))


def legal(state, kind):
    return [m.args for m in state.legal_moves() if m.kind == kind]


def builds(state):
    return [tuple(a) for a in legal(state, "build")]


def pays(state, place, name):
    """The payments offered for ``name`` built from ``place`` (the build chosen, then looked at)."""
    return legal(play(state, "build", place, name), "pay")


def build(state, place, name, *sources):
    """Choose the structure, then pay with ``sources`` (the offered default if none are given)."""
    state = play(state, "build", place, name)
    if not sources:
        sources = legal(state, "pay")[0]
    return play(state, "pay", *sources)


def refused(state, kind, *args):
    """The rule text for an illegal move; also checks that the state is unchanged."""
    move = mv(state, kind, *args)
    before = (state.position, state.legal_moves(), state.view(0), state.log(0))
    problem = state.why_illegal(move)
    assert problem is not None
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert (state.position, state.legal_moves(), state.view(0), state.log(0)) == before
    assert str(err.value) == problem
    return problem


def notation(codes):
    return [f"{c >> 1}{'r' * (c & 1)}" for c in codes]


def lying(card_view):
    """A card dict of the view as (card, face, rotated, top)."""
    return card_view["card"], card_view["face"], card_view["rotated"], card_view["top"]


def rotated(card, face):
    top, bottom, left, right = CARDS[card][face]
    return bottom, top, right, left


def sides(card_view):
    return card_view["top"], card_view["bottom"], card_view["left"], card_view["right"]


def to_round_one(seed, target="Castle", choice="keep", games=1):
    state = ninekit.make("count_of_nine", games=games).new(seed)
    return play(play(state, "target", target), "round", choice)


def pass_to_round_end(state):
    """Pass until the round's decision (or the game's end)."""
    while state.position.phase == "turn":
        state = play(state, "pass")
    return state


def random_states(games, seed):
    """Every state of four random matches of ``games`` games (random legal moves, from ``seed``)."""
    rng = random.Random(seed)
    for g in range(4):
        state = ninekit.make("count_of_nine", games=games).new(seed * 100 + g)
        while not state.is_over:
            yield state
            state = state.play(rng.choice(state.legal_moves()))
        yield state


# --- an independent reading of ruling 3 (what may be built, and every way to pay) ----------------------

def open_sources(view, place):
    """(source id, resource) of every source open for a structure built from ``place``, read from the view."""
    out = []
    if view["centre"] and place != "centre":
        out.append(("centre", view["centre"]["top"]))
    if view["centre"] and view["deck_top"] and place != "deck":
        out.append(("deck", view["deck_top"]["top"]))
    if view["discard"] and place != "discard" and not view["discard"][-1]["tilted"]:
        out.append(("discard", view["discard"][-1]["top"]))
    for entry in view["city"]:
        if entry["provides"] and not entry["tilted"] and not entry["fresh"]:
            out.append((f"city{entry['card']}", entry["provides"]))
    return out


def pays_exactly(name, chosen):
    units = STRUCTURES[name].cost
    return len(chosen) == len(units) and any(all(res in unit for (_s, res), unit in zip(order, units))
                                             for order in permutations(chosen))


def all_payments(view, place, name):
    sources = open_sources(view, place)
    n = len(STRUCTURES[name].cost)
    return {tuple(sorted(s for s, _r in combo)) for combo in combinations(sources, n) if pays_exactly(name, combo)}


def all_builds(view):
    """Every (place, structure) ruling 2 allows now, worked out from the view alone."""
    showing = []
    if view["centre"]:
        showing.append(("centre", view["centre"]))
        if view["deck_top"]:
            showing.append(("deck", view["deck_top"]))
    if view["discard"]:
        showing.append(("discard", view["discard"][-1]))
    candidates = [(place, card[side]) for place, card in showing for side in ("left", "right")]
    city = [c["name"] for c in view["city"]]
    if view["target"]["name"] not in city:
        candidates.append(("target", view["target"]["name"]))
    out = set()
    for place, name in candidates:
        if any(r not in city for r in STRUCTURES[name].requires):
            continue
        if name == "Demolition Team" and not [n for n in city if n != view["target"]["name"]]:
            continue
        if all_payments(view, place, name):
            out.add((place, name))
    return out


# --- the cards (rulings "Structures" and "Cards"; data.py) --------------------------------------------------

def _table(heading):
    """The rows of the markdown table under ``## heading`` in the rulings, as lists of cells."""
    if not RULINGS.exists():
        pytest.skip(f"the rulings file is not at {RULINGS}")
    text = RULINGS.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert re.fullmatch(r"\|(\s*-+\s*\|)+", rows[1].replace(" ", ""))  # the header's rule
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def test_cards_match_the_rulings_card_table():
    """Rulings, "Cards": every card's face A and face B (top, bottom, left, right) as printed in the table,
    cards 1-9, so a typo in data.py fails."""
    rows = _table("Cards")
    assert [int(r[0]) for r in rows] == list(range(1, 10))
    assert sorted(CARDS) == list(range(1, 10))
    for row in rows:
        card = int(row[0])
        assert CARDS[card]["A"] == tuple(row[1:5]), f"card {card} face A"
        assert CARDS[card]["B"] == tuple(row[5:9]), f"card {card} face B"
        assert set(CARDS[card]) == {"A", "B"}


def test_structures_match_the_rulings_structure_table():
    """Rulings, "Structures": the 20 structures' cost units (A/B either), required structures, what they
    provide, VP and kind, and on how many card faces each is printed."""
    rows = _table("Structures")
    assert len(rows) == 20
    assert [r[0] for r in rows] == list(STRUCTURES)
    printed = Counter(name for faces in CARDS.values() for face in faces.values() for name in face[2:])
    for name, cost, requires, provides, vp, kind, on in rows:
        s = STRUCTURES[name]
        assert s.name == name
        assert s.cost == tuple(tuple(unit.split("/")) for unit in cost.split(" + ")), name
        assert s.requires == (() if requires == "—" else tuple(requires.split(", "))), name
        assert s.provides == (None if provides == "—" else provides), name
        assert s.vp == int(vp), name
        assert s.kind == kind, name
        assert printed[name] == int(on.split()[0]), name
    assert sum(printed.values()) == 36  # 9 cards x 2 faces x 2 structures


def test_resources_are_the_five_and_crew_is_in_every_cost():
    """Rulings, "Resources": Lumber, Crew, Stone, Iron, Gold; Crew is in every cost.  Every card edge and
    everything a structure provides is one of them."""
    assert set(RESOURCES) == {"Lumber", "Crew", "Stone", "Iron", "Gold"} and len(RESOURCES) == 5
    for s in STRUCTURES.values():
        assert ("Crew",) in s.cost, s.name
        assert all(r in RESOURCES for unit in s.cost for r in unit)
        assert s.provides is None or s.provides in RESOURCES
    assert all(r in RESOURCES for faces in CARDS.values() for face in faces.values() for r in face[:2])


def test_rulebook_examples_tavern_and_castle():
    """Rulebook, Game Components: "the Tavern structure requires 1 Lumber and 1 Crew to build, and will provide
    (up to once per round) 1 Crew"; "the Castle structure requires 2 Crew plus 1 Armoury, 1 Stonemason, and 1
    Goldsmith structure"; the two printed structures known (rulings preamble)."""
    tavern, castle = STRUCTURES["Tavern"], STRUCTURES["Castle"]
    assert sorted(tavern.cost) == [("Crew",), ("Lumber",)] and tavern.provides == "Crew" and tavern.requires == ()
    assert castle.cost == (("Crew",), ("Crew",)) and castle.provides is None
    assert set(castle.requires) == {"Armoury", "Stonemason", "Goldsmith"} and castle.kind == "high"


def test_high_structures_are_castle_cathedral_monument_harbour_town_square():
    """Rulebook, Terminology: "High Structure: One of the 5 top victory point structures in the deck: Castle,
    Cathedral, Monument, Harbour, Town Square"; every other structure is basic (3 VP or more: high)."""
    assert set(HIGH_STRUCTURES) == set(TARGET_CARDS)
    for name, s in STRUCTURES.items():
        assert (s.kind == "high") == (name in TARGET_CARDS) == (s.vp >= 3), name
    for name, card in TARGET_CARDS.items():
        assert [c for c, faces in CARDS.items() for f in faces.values() if name in f[2:]] == [card]


def test_card_set_is_shown_as_reconstructed():
    """Rulings preamble: the card set is reconstructed; show it as reconstructed.  The view carries the note."""
    assert "reconstruct" in RECONSTRUCTED_NOTE.lower()
    assert "reconstruct" in con.data.__doc__.lower()
    state = ninekit.make("count_of_nine").new(0)
    assert state.view(0)["reconstructed"] == RECONSTRUCTED_NOTE
    assert position(deck=["3"]).view(0)["reconstructed"] == RECONSTRUCTED_NOTE


# --- card anatomy: rotate and flip ---------------------------------------------------------------------

@pytest.mark.parametrize("card", sorted(CARDS))
def test_rotate_swaps_top_and_bottom_and_left_and_right(card):
    """Rulebook, Terminology: "Rotate: ... rotate it 180 degrees so that what was on the bottom is now on the
    top"; rulings, "Cards": rotating swaps top/bottom and left/right (both faces)."""
    target = "Castle" if card != 1 else "Harbour"
    other = "3" if card != 3 else "2"
    upright = position(target=target, deck=[str(card), other])
    turned = position(target=target, deck=[f"{card}r", other])
    assert sides(upright.view(0)["centre"]) == CARDS[card]["A"]
    assert sides(turned.view(0)["centre"]) == rotated(card, "A")
    assert turned.view(0)["centre"]["rotated"] is True
    on_pile = position(target=target, deck=[other], discard=[f"{card}r"])
    assert sides(on_pile.view(0)["discard"][-1]) == rotated(card, "B")


def test_flip_turns_face_a_to_b_and_keeps_the_rotation():
    """Rulebook, Terminology: "Flip: Keeping the top of the card facing up, flip the card so that the back side
    ... is now facing you"; rulings, "Cards": a rotated card stays rotated.  A passed card goes onto the
    discard pile face B, and the round end flips it back to face A, rotation kept."""
    state = position(target="Castle", deck=["3r"], round=2, could_build=True)
    assert sides(state.view(0)["centre"]) == ("Gold", "Lumber", "Tavern", "Armoury")  # 3 A rotated
    state = play(state, "pass")
    # the deck was played through: the round's decision, with the pile flipped back into the deck
    assert state.position.phase == "round"
    top = state.view(0)["deck"][0]
    assert (top["card"], top["face"], top["rotated"]) == (3, "A", True)
    assert sides(top) == ("Gold", "Lumber", "Tavern", "Armoury")

    state = play(position(target="Castle", deck=["3r", "5"], round=2), "pass")
    flipped = state.view(0)["discard"][-1]
    assert (flipped["card"], flipped["face"], flipped["rotated"]) == (3, "B", True)
    assert sides(flipped) == ("Crew", "Stone", "Well", "Monument")  # 3 B (Stone, Crew, Monument, Well) rotated


# --- set-up ----------------------------------------------------------------------------------------------

def test_setup_step1_the_target_is_chosen_among_the_five_high_structures():
    """Rulebook, Set-up 1: "Select one high structure card to be the target"; ruling 1: the player picks one
    of the five high structures."""
    state = ninekit.make("count_of_nine").new(3)
    assert state.position.phase == "target"
    assert legal(state, "target") == [(n,) for n in HIGH_STRUCTURES]
    assert state.view(0)["target"] is None


@pytest.mark.parametrize("target", HIGH_STRUCTURES)
def test_setup_target_card_set_aside_the_other_eight_face_a_exactly_four_rotated(target):
    """Rulebook, Set-up 1-3 and ruling 1: the target's card is set aside, not in the deck; the other eight
    cards face A ("squared off borders facing up"); decision 1: exactly four of them rotated."""
    for seed in range(6):
        state = play(ninekit.make("count_of_nine", games=1).new(seed), "target", target)
        deck = state.position.deck
        assert sorted(c >> 1 for c in deck) == [c for c in range(1, 10) if c != TARGET_CARDS[target]]
        assert sum(c & 1 for c in deck) == 4
        view = state.view(0)
        assert view["target"]["name"] == target and view["target"]["card"] == TARGET_CARDS[target]
        assert view["deck_count"] == 8 and view["discard"] == [] and view["city"] == []
        assert view["deck"][0]["face"] == "A"
        state = play(state, "round", "keep")
        assert [c["face"] for c in (state.view(0)["centre"], state.view(0)["deck_top"])] == ["A", "A"]


def test_setup_step4_the_deck_is_shuffled_from_the_seed():
    """Rulebook, Set-up 3-4 ("Rotate about half ... Shuffle the deck"); ruling 6: a chance event drawn from
    the game's seed.  The same seed deals the same deck; different seeds deal different decks and rotate
    different cards."""
    game = ninekit.make("count_of_nine", games=1)
    deals, rotations = set(), set()
    for seed in range(12):
        deck = play(game.new(seed), "target", "Harbour").position.deck
        assert deck == play(game.new(seed), "target", "Harbour").position.deck
        deals.add(tuple(c >> 1 for c in deck))
        rotations.add(frozenset(c >> 1 for c in deck if c & 1))
    assert len(deals) >= 10 and len(rotations) >= 6


def test_setup_step5_the_active_resource_is_chosen_looking_only_at_the_top_card():
    """Rulebook, Set-up 5: "Looking only at the top card of the deck, decide which resource will be active.
    Position the deck so the selected resource is at the top"; decision 2: keep, rotate the whole deck, or
    stop.  The choice and its words depend on the top card only; rotating keeps the order."""
    deck = ["3", "2", "4r", "5", "6r", "7", "8r", "9r"]
    state = position(target="Castle", deck=deck, round=0)
    assert state.position.phase == "round" and state.position.round == 0
    assert legal(state, "round") == [("keep",), ("rotate",), ("stop",)]
    texts = [str(m) for m in state.legal_moves()]
    assert "Lumber" in texts[0] and "Gold" in texts[1]  # card 3 face A: Lumber on top, Gold below
    other = position(target="Castle", deck=["3", "9", "8", "7r", "6r", "5r", "4", "2r"], round=0)
    assert [str(m) for m in other.legal_moves()] == texts and other.prompt == state.prompt
    view = state.view(0)
    assert [c["card"] for c in view["deck"]] == [3] and view["deck_top"]["top"] == "Lumber"

    kept = play(state, "round", "keep")
    assert kept.position.round == 1 and kept.position.phase == "turn"
    assert notation(kept.position.deck) == deck
    assert kept.view(0)["centre"]["top"] == "Lumber"

    turned = play(state, "round", "rotate")
    assert notation(turned.position.deck) == ["3r", "2r", "4", "5r", "6", "7r", "8", "9"]
    assert turned.view(0)["centre"]["top"] == "Gold"


def test_no_shuffle_is_offered_before_round_1():
    """Decision 6: no shuffle before round 1 (the deck was just shuffled at set-up 4)."""
    state = play(ninekit.make("count_of_nine").new(1), "target", "Castle")
    assert ("shuffle",) not in legal(state, "round")
    assert "just shuffled" in refused(state, "round", "shuffle")


def test_stopping_before_round_1_scores_0():
    """Ruling 9: "Before any round the player may stop"; decision 2: stopping before round 1 scores 0 (no
    rounds played)."""
    state = play(play(ninekit.make("count_of_nine", games=1).new(2), "target", "Monument"), "round", "stop")
    assert state.is_over
    assert state.outcome.scores == (0,)
    assert dict(state.outcome.details[0])["rounds"] == 0


# --- payment sources (ruling 3) ---------------------------------------------------------------------------

def test_payment_from_another_play_area_cards_top_resource():
    """Ruling 3: each cost unit is paid by "the top resource of a play-area card other than the card being
    built" (rulebook, Sequence of Play 2: "use the top resources on these cards").  Tavern (Lumber + Crew)
    on the centre card 3 is paid by the deck's top card 5 (Crew) and the top discard 8 (Lumber, face B)."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], round=2)
    assert ("centre", "Tavern") in builds(state)
    assert pays(state, "centre", "Tavern") == [("deck", "discard")]
    # a rotated card pays with what is now its top edge: 5 rotated shows Stone, so no Crew is left
    assert ("centre", "Tavern") not in builds(position(target="Castle", deck=["3", "5r"], discard=["8"], round=2))


def test_the_card_being_built_does_not_pay_for_its_own_structure():
    """Ruling 3: "a play-area card *other than the card being built*".  Card 3 shows Lumber but cannot pay
    the Lumber of its own Tavern."""
    state = position(target="Castle", deck=["3", "5"], round=2)  # 3: Lumber / Tavern, 5: Crew
    assert ("centre", "Tavern") not in builds(state)
    assert refused(state, "build", "centre", "Tavern").endswith("; a card cannot pay for its own structure")
    paying = play(position(target="Castle", deck=["3", "5"], discard=["8"], round=2), "build", "centre", "Tavern")
    assert refused(paying, "pay", "centre", "deck") == "A card cannot pay for its own structure"


def test_the_top_discard_pays_only_once_per_round():
    """Ruling 3: the top discard's resource "only if not already used this round"; rulebook, Sequence of
    Play 2b: "tilt it ... It cannot be used again this round"."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], city=["Sawmill@2"], used=["discard"],
                     round=2)
    assert state.view(0)["discard"][-1]["tilted"] is True
    assert pays(state, "centre", "Tavern") == [("deck", "city2")]
    paying = play(state, "build", "centre", "Tavern")
    assert "already used this round" in refused(paying, "pay", "deck", "discard")
    assert ("centre", "Tavern") not in builds(position(target="Castle", deck=["3", "5"], discard=["8"],
                                                       used=["discard"], round=2))


def test_a_newly_discarded_card_on_top_is_untilted_and_pays():
    """Decision 4: the tilt marks the card: a card newly flipped onto a tilted top discard is untilted and
    may pay (rulebook, Sequence of Play 2b)."""
    state = position(target="Harbour", deck=["3", "5", "7"], discard=["8"], city=["Mine@9"], used=["discard"],
                     round=2)
    state = play(state, "pass")  # card 3 goes onto the tilted 8
    top = state.view(0)["discard"][-1]
    assert (top["card"], top["top"], top["tilted"]) == (3, "Stone", False)
    # Watchtower (Crew + Iron + Stone) on the centre card 5: Crew from card 7, Iron from the Mine, Stone only
    # from the new top discard
    assert pays(state, "centre", "Watchtower") == [("deck", "discard", "city9")]


def test_a_tilted_discard_uncovered_again_stays_tilted():
    """Decision 4: a tilted card uncovered again (the card above it built) stays tilted: its resource was
    used this round (rulebook, Sequence of Play 2b)."""
    state = position(target="Harbour", deck=["2", "5", "3"], discard=["8"],
                     city=["Tavern@6", "Quarry@1", "Mine@9", "Barracks@7"], round=2)
    state = build(state, "centre", "Market", "discard", "city1", "city6")  # 8's Lumber used: 8 tilted
    assert state.view(0)["discard"][-1]["tilted"] is True
    state = play(state, "pass")  # 5 on top, untilted
    assert lying(state.view(0)["discard"][-1]) == (5, "B", False, "Gold")
    assert state.view(0)["discard"][-1]["tilted"] is False
    state = build(state, "discard", "Sawmill", "city7", "city9")  # 8 uncovered again
    top = state.view(0)["discard"][-1]
    assert (top["card"], top["tilted"]) == (8, True)
    assert "discard" not in [sid for sid, _r in con.rules.sources_for(state.position, "centre")]


def test_a_structure_built_from_a_tilted_top_discard_is_not_tilted_in_the_city():
    """Rulebook, Sequence of Play 2d: a city structure is tilted "if their resources were used" (Notes 1); a
    structure just built has provided nothing (ruling 8), whatever the card did on the discard pile."""
    state = position(target="Castle", deck=["5", "3", "7"], discard=["2", "6"], city=["Quarry@8"],
                     used=["discard"], round=2)
    state = build(state, "discard", "Market", "centre", "deck", "city8")
    market = state.view(0)["city"][-1]
    assert (market["card"], market["name"], market["fresh"]) == (6, "Market", True)
    assert market["tilted"] is False


def test_city_structures_provide_once_per_round():
    """Ruling 3: a resource-providing structure in the city "not yet used this round (tilted once used)";
    rulebook, Notes 1 and Sequence of Play 2d."""
    state = position(target="Castle", deck=["3", "5", "9"], city=["Tavern@6", "Sawmill@2"], round=2)
    state = build(state, "centre", "Tavern", "city2", "city6")
    tilts = {c["name"]: c["tilted"] for c in state.view(0)["city"] if c["round"] < 2}
    assert tilts == {"Tavern": True, "Sawmill": True}
    used = position(target="Castle", deck=["3", "2"], city=["Tavern@6"], used=["Tavern@6"], round=2)
    assert ("centre", "Tavern") not in builds(used)
    fresh = position(target="Castle", deck=["3", "2"], city=["Tavern@6"], round=2)
    assert pays(fresh, "centre", "Tavern") == [("deck", "city6")]
    paying = play(position(target="Castle", deck=["3", "5"], discard=["8"], city=["Tavern@6"],
                           used=["Tavern@6"], round=2), "build", "centre", "Tavern")
    assert refused(paying, "pay", "discard", "city6") == \
        "Tavern has already provided its Crew this round (it is tilted)"


def test_a_structure_built_this_round_provides_from_the_next_round_on():
    """Ruling 8: "A structure built this round provides its resource from the next round on"."""
    just_built = position(target="Castle", deck=["3", "2"], city=["Tavern@6!"], round=2)
    assert ("centre", "Tavern") not in builds(just_built)
    assert just_built.view(0)["city"][0]["fresh"] is True
    earlier = position(target="Castle", deck=["3", "2"], city=["Tavern@6"], round=2)
    assert ("centre", "Tavern") in builds(earlier)

    # played out: Tavern built in round 2 from card 3 gives nothing in round 2, its Crew in round 3
    state = position(target="Castle", deck=["3", "5", "2", "7"], discard=["8"], round=2)
    state = build(state, "centre", "Tavern", "deck", "discard")
    assert state.view(0)["city"] == [{"card": 3, "name": "Tavern", "round": 2, "provides": "Crew", "vp": 0,
                                      "kind": "basic", "tilted": False, "fresh": True}]
    assert all(not sid.startswith("city") for place in ("centre", "deck", "discard", "target")
               for sid, _r in con.rules.sources_for(state.position, place))
    paying = play(position(target="Castle", deck=["3", "5"], discard=["8"], city=["Tavern@6!"], round=2),
                  "build", "centre", "Tavern")
    assert "from the next round on" in refused(paying, "pay", "discard", "city6")
    state = play(pass_to_round_end(state), "round", "keep")
    assert state.position.round == 3 and state.view(0)["city"][0]["fresh"] is False
    assert any(sid == "city3" for sid, _r in con.rules.sources_for(state.position, "centre"))


def test_the_target_card_gives_no_resource():
    """Ruling 8: "The target card gives no resource"; it is set aside (set-up 1), not in the play area.
    Castle's card shows Crew on top, but Tavern (Lumber + Crew) on card 3 finds no Crew."""
    state = position(target="Castle", deck=["3", "2"], round=2)
    assert state.view(0)["target"]["card"] == 1 and CARDS[1]["A"][0] == "Crew"
    assert ("centre", "Tavern") not in builds(state)
    assert refused(state, "build", "centre", "Tavern").endswith("; the target card gives no resource")
    with pytest.raises(ValueError, match="malformed move"):
        mv(state, "pay", "target")


def test_the_targets_other_structure_can_never_be_built():
    """Ruling 1: "the other structures on that card can never be built" (set-up 1: "ensure that you don't
    accidentally build a structure on the back side of this card")."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], round=2)
    assert "not this game's target" in refused(state, "build", "target", "Tavern")
    assert ("target", "Tavern") not in builds(state)
    with pytest.raises(ValueError, match="target's card"):
        position(target="Castle", deck=["3"], city=["Tavern@1"])
    for state in random_states(1, seed=7):
        target = state.position.target
        for card, name, _r in state.position.city:
            assert card != TARGET_CARDS.get(target) or name == target


def test_each_cost_unit_is_paid_by_a_distinct_source():
    """Ruling 3: "Each cost unit ... is paid by one distinct source".  Guildhall (Crew + Crew + Gold) on the
    top discard 9 needs two Crew sources: one Crew card is not enough."""
    two = position(target="Castle", deck=["5", "3"], discard=["9"], city=["Tavern@6", "Goldsmith@4"], round=2)
    assert pays(two, "discard", "Guildhall") == [("centre", "city4", "city6")]
    one = position(target="Castle", deck=["5", "3"], discard=["9"], city=["Goldsmith@4"], round=2)
    assert ("discard", "Guildhall") not in builds(one)
    assert "each unit from a different source" in refused(one, "build", "discard", "Guildhall")
    paying = play(two, "build", "discard", "Guildhall")
    assert refused(paying, "pay", "centre", "centre", "city4") == "Each cost unit is paid by a different source"


def test_an_a_or_b_cost_unit_is_paid_by_either_resource():
    """Rulebook, Game Components: "If a structure shows 2 resources separated by a slash, either one of the
    resources may be used"; rulings, "Structures": Armoury costs Crew + Iron/Lumber."""
    # Armoury on the centre card 3: Crew from card 5; Iron from the discard 7 (face B) or Lumber from a Sawmill
    state = position(target="Castle", deck=["3", "5"], discard=["7"], city=["Sawmill@2"], round=2)
    assert sorted(pays(state, "centre", "Armoury")) == [("deck", "city2"), ("deck", "discard")]
    assert ("centre", "Armoury") not in builds(position(target="Castle", deck=["3", "5"], discard=["8r"], round=2))


# --- required structures (ruling 2) -------------------------------------------------------------------

def test_castle_requires_armoury_stonemason_and_goldsmith():
    """Rulebook, Game Components: "the Castle structure requires 2 Crew plus 1 Armoury, 1 Stonemason, and 1
    Goldsmith structure to build"; ruling 2: required structures must already be in the city."""
    short = position(target="Castle", deck=["5", "7"], city=["Armoury@3", "Stonemason@2"], round=2)
    assert ("target", "Castle") not in builds(short)
    ready = position(target="Castle", deck=["5", "7"], city=["Armoury@3", "Stonemason@2", "Goldsmith@4"], round=2)
    assert ("target", "Castle") in builds(ready)
    assert pays(ready, "target", "Castle") == [("centre", "deck")]
    # Castle also shows on card 1 when another target was chosen (rulebook, Notes 3)
    harbour = position(target="Harbour", deck=["1", "7", "8"], city=["Armoury@3", "Stonemason@2", "Tavern@6"],
                       round=2)
    assert refused(harbour, "build", "centre", "Castle") == \
        "Castle requires Armoury, Stonemason and Goldsmith in your city (missing: Goldsmith)"
    harbour = position(target="Harbour", deck=["1", "7", "8"],
                       city=["Armoury@3", "Stonemason@2", "Tavern@6", "Goldsmith@5"], round=2)
    assert ("centre", "Castle") in builds(harbour)
    # a structure built this round is already in the city: it counts as a requirement (only its resource waits)
    fresh = position(target="Castle", deck=["5", "7"], city=["Armoury@3", "Stonemason@2", "Goldsmith@4!"], round=2)
    assert ("target", "Castle") in builds(fresh)


def test_the_targets_missing_required_structures_are_named():
    """Ruling 2: required structures must already be in the city; a refused build names the rule (project
    standards).  The target Castle with no Goldsmith: the message names Goldsmith; once built, the target
    is not built again."""
    short = position(target="Castle", deck=["5", "7"], city=["Armoury@3", "Stonemason@2"], round=2)
    assert refused(short, "build", "target", "Castle") == \
        "Castle requires Armoury, Stonemason and Goldsmith in your city (missing: Goldsmith)"
    built = position(target="Castle", deck=["5", "7"], city=["Armoury@3", "Stonemason@2", "Goldsmith@4",
                                                             "Castle@1"], round=2)
    assert ("target", "Castle") not in builds(built)
    assert refused(built, "build", "target", "Castle") == "The target, Castle, is already in your city"


def test_more_than_one_high_structure_may_be_built():
    """Rulebook, Notes 3: "You may build more than one high structure per game, but only pre-select one";
    scoring: +3 per high structure beyond the first."""
    state = position(target="Harbour", deck=["1", "7", "8"], city=["Armoury@3", "Stonemason@2", "Tavern@6",
                                                                     "Goldsmith@5"], round=2)
    state = build(state, "centre", "Castle")
    assert [c["name"] for c in state.view(0)["city"]][-1] == "Castle"


# --- the payment choice (decision 3) ----------------------------------------------------------------------

def test_payment_choice_lists_each_distinct_set_of_sources_with_the_default_first():
    """Decision 3: first the structure, then the payment, one choice per distinct set of sources, the
    sensible default first (the top discard, then city structures, then the centre card, then the deck's
    top card); always asked, even when there is one way."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], city=["Tavern@6", "Sawmill@2"], round=2)
    paying = play(state, "build", "centre", "Tavern")
    assert paying.position.phase == "pay"
    offered = legal(paying, "pay")
    assert offered[0] == ("discard", "city6")
    assert {tuple(sorted(p)) for p in offered} == {("city2", "city6"), ("city6", "discard"), ("deck", "discard"),
                                                   ("city2", "deck")}
    assert len(offered) == len(set(map(frozenset, offered)))
    assert legal(paying, "cancel") == [()]
    texts = [str(m) for m in paying.legal_moves()]
    assert texts[0] == "Pay with Lumber from the top discard, Crew from your Tavern"
    assert texts[-1] == "Choose a different structure"
    one_way = play(position(target="Castle", deck=["3", "5"], discard=["8"], round=2), "build", "centre", "Tavern")
    assert one_way.position.phase == "pay" and legal(one_way, "pay") == [("deck", "discard")]


def test_choose_a_different_structure_returns_to_the_turn_unchanged():
    """Decision 3: "Choose a different structure" goes back to the turn as it was."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], city=["Tavern@6"], round=2, could_build=True)
    back = play(play(state, "build", "centre", "Tavern"), "cancel")
    assert back.position == state.position
    assert back.legal_moves() == state.legal_moves()
    assert {k: v for k, v in back.view(0).items()} == state.view(0)


def test_a_payment_is_a_set_of_sources_in_any_order():
    """Decision 3: the payment is a choice among *sets* of sources; which unit a source pays changes nothing,
    so the same sources listed in another order are the same payment, or at least not refused as sources
    that "do not pay" (project standards: the error names the real problem)."""
    paying = play(position(target="Castle", deck=["3", "5"], discard=["8"], round=2), "build", "centre", "Tavern")
    problem = paying.why_illegal(mv(paying, "pay", "discard", "deck"))
    assert problem is None or "do not pay" not in problem


def test_payments_and_builds_match_an_independent_reading_of_rulings_2_and_3():
    """Rulings 2 and 3 read independently from the view: every structure showing in the play area (or the
    target) whose requirements are met and whose cost some set of distinct open sources pays is offered,
    nothing else; and every such set is offered as a payment, nothing else."""
    checked = 0
    for state in random_states(2, seed=11):
        phase = state.position.phase
        if phase == "turn":
            assert set(builds(state)) == all_builds(state.view(0)), state.position
            checked += 1
        elif phase == "pay":
            place, name = state.position.chosen
            before = state.parent.view(0)
            offered = legal(state, "pay")
            assert {tuple(sorted(p)) for p in offered} == all_payments(before, place, name), state.position
            assert len(offered) == len(set(offered))
    assert checked > 100


# --- after building (ruling 4, rulebook 2a-2d) -------------------------------------------------------------

def test_built_structure_goes_to_the_city_in_this_rounds_column():
    """Rulebook, Sequence of Play 2a: "Move the newly built structure to your city area ... create a new
    column of structures for each round played"; ruling 4."""
    state = position(target="Castle", deck=["3", "5", "7"], discard=["8"], city=["Tavern@6"], round=3)
    state = build(state, "centre", "Tavern", "deck", "discard")
    assert [(c["card"], c["name"], c["round"]) for c in state.view(0)["city"]] == [(6, "Tavern", 2),
                                                                                   (3, "Tavern", 3)]
    assert 3 not in [c["card"] for c in state.view(0)["deck"] + state.view(0)["discard"]]


def test_paying_play_area_cards_are_flipped_onto_the_discard_pile_centre_card_first():
    """Rulebook, Sequence of Play 2c: "Flip and discard any other cards in the play area that provided
    resources"; ruling 8: "When two play-area cards are spent on one build, the centre card goes onto the
    discard pile first"."""
    state = position(target="Castle", deck=["5", "7", "8"], discard=["9"],
                     city=["Armoury@3", "Stonemason@2", "Goldsmith@4"], round=2)
    state = build(state, "target", "Castle", "centre", "deck")
    pile = state.view(0)["discard"]
    assert [(c["card"], c["face"]) for c in pile] == [(9, "B"), (5, "B"), (7, "B")]
    assert state.view(0)["centre"]["card"] == 8 and state.view(0)["city"][-1]["name"] == "Castle"


def test_a_paying_centre_card_goes_to_the_discard_pile_when_the_deck_card_is_built():
    """Rulebook, Sequence of Play 2c and 4: the paying centre card is flipped onto the pile; the top card of
    the deck is built; the next card slides so that two deck cards show again (ruling 4)."""
    state = position(target="Castle", deck=["5", "3", "7", "2"], discard=["8"], round=2)
    state = build(state, "deck", "Tavern", "centre", "discard")
    view = state.view(0)
    assert [(c["card"], c["face"]) for c in view["discard"]] == [(8, "B"), (5, "B")]
    assert (view["centre"]["card"], view["deck_top"]["card"]) == (7, 2)
    assert view["city"][-1]["card"] == 3


def test_a_used_top_discard_is_tilted_and_stays_on_the_pile():
    """Rulebook, Sequence of Play 2b: "If the top discard pile card was used ... tilt it"; ruling 4: "a used
    top discard is tilted" (it is not moved)."""
    state = position(target="Castle", deck=["3", "5", "7"], discard=["2", "8"], city=["Tavern@6"], round=2)
    state = build(state, "centre", "Tavern", "discard", "city6")
    pile = state.view(0)["discard"]
    assert [(c["card"], c["tilted"]) for c in pile] == [(2, False), (8, True)]
    assert [c["card"] for c in state.view(0)["deck"][:2]] == [5, 7]


def test_used_city_structures_are_tilted():
    """Rulebook, Sequence of Play 2d: "Slightly tilt any structure cards in the city area if their resources
    were used"."""
    state = position(target="Castle", deck=["3", "5", "7"], discard=["8"], city=["Tavern@6", "Mine@9"], round=2)
    state = build(state, "centre", "Tavern", "discard", "city6")
    assert [(c["card"], c["tilted"]) for c in state.view(0)["city"]] == [(6, True), (9, False), (3, False)]


# --- passing (ruling 5, rulebook 3-4) -----------------------------------------------------------------

def test_passing_flips_the_centre_card_onto_the_discard_pile_and_slides():
    """Rulebook, Sequence of Play 3: "If no structure is built, flip the center card to the right to the
    discard pile"; 4: slide the top card of the deck so two deck cards show; ruling 5."""
    state = position(target="Castle", deck=["3", "5", "7"], discard=["8"], round=2)
    state = play(state, "pass")
    view = state.view(0)
    assert [lying(c) for c in view["discard"]] == [(8, "B", False, "Lumber"), (3, "B", False, "Stone")]
    assert (view["centre"]["card"], view["deck_top"]["card"]) == (5, 7)
    assert view["deck_count"] == 2 and state.position.round == 2


def test_passing_is_allowed_when_a_build_is_possible():
    """Rulebook, Sequence of Play 2: build "If possible and if desired"; a pass is always open."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], round=2)
    assert builds(state) and legal(state, "pass") == [()]


# --- round end (ruling 6, rulebook 6-7) -------------------------------------------------------------------

def test_round_end_flips_the_discard_pile_bottom_card_on_top_face_a_rotation_kept():
    """Ruling 6: "flip the whole discard pile over (its bottom card becomes the top of the new deck, every
    card back on its starting face, rotation kept)"; rulebook, Sequence of Play 6."""
    state = position(target="Castle", deck=["3"], discard=["5", "9r", "2"], round=2, could_build=True)
    state = play(state, "pass")
    assert state.position.phase == "round"
    deck = state.view(0)["deck"]
    assert [(c["card"], c["face"], c["rotated"]) for c in deck] == [(5, "A", False), (9, "A", True),
                                                                    (2, "A", False), (3, "A", False)]
    assert sides(deck[1]) == rotated(9, "A")
    assert state.view(0)["discard"] == [] and state.view(0)["order_known"] is True


def test_round_end_resets_the_tilts():
    """Rulebook, Sequence of Play 6: "Reset any tilted structure cards"; Notes 1: "Reset at end of round"."""
    state = position(target="Castle", deck=["3"], discard=["8"], city=["Tavern@6"], used=["discard", "Tavern@6"],
                     round=2, could_build=True)
    assert state.view(0)["city"][0]["tilted"] and state.view(0)["discard"][-1]["tilted"]
    state = play(state, "pass")
    assert state.position.phase == "round"  # step 6 comes before the round's decision (step 7)
    assert state.view(0)["city"][0]["tilted"] is False and state.position.used == 0
    state = play(state, "round", "keep")
    assert state.view(0)["city"][0]["tilted"] is False
    assert "city6" in [sid for sid, _r in con.rules.sources_for(state.position, "centre")]


def test_round_end_offers_rotate_shuffle_keep_or_stop():
    """Rulebook, Sequence of Play 7: "you may do ONE of the following: Rotate the entire deck ... OR Shuffle the
    entire deck"; ruling 6 (optionally); ruling 9: before any round the player may stop."""
    state = play(position(target="Castle", deck=["3"], discard=["5", "9r"], round=2, could_build=True), "pass")
    assert legal(state, "round") == [("keep",), ("rotate",), ("shuffle",), ("stop",)]
    assert "round 3" in state.prompt.lower()
    kept = play(state, "round", "keep")
    assert notation(kept.position.deck) == ["5", "9r", "3"] and kept.position.round == 3
    turned = play(state, "round", "rotate")
    assert notation(turned.position.deck) == ["5r", "9", "3r"]
    assert turned.view(0)["centre"]["top"] == CARDS[5]["A"][1]


def test_shuffle_changes_the_order_but_keeps_every_orientation():
    """Rulebook, Terminology: "Shuffle: Mix the deck ... but NOT which edge is the top or which side of the
    card (no flipping or rotating)"; ruling 6: order random, orientations kept, drawn from the seed."""
    deck = ["5", "9r", "2", "6r", "7", "8"]
    orders = set()
    for seed in range(10):
        state = play(position(target="Castle", deck=["3r"], discard=deck, round=2, could_build=True, seed=seed),
                     "pass")
        shuffled = play(state, "round", "shuffle")
        again = play(state, "round", "shuffle")
        assert shuffled.position.deck == again.position.deck  # from the seed
        assert Counter(notation(shuffled.position.deck)) == Counter(deck + ["3r"])
        assert shuffled.view(0)["deck"][0]["face"] == "A"
        orders.add(tuple(shuffled.position.deck))
    assert len(orders) >= 8


def test_a_one_card_deck_is_not_shuffled():
    """Decision 6: no shuffle of a one-card deck (nothing to rearrange)."""
    state = play(position(target="Castle", deck=["3"], round=2, could_build=True), "pass")
    assert state.position.phase == "round"
    assert legal(state, "round") == [("keep",), ("rotate",), ("stop",)]
    assert refused(state, "round", "shuffle") == "A deck of one card cannot be shuffled"


# --- Demolition Team (ruling 7, rulebook Notes 2) ------------------------------------------------------------

DT_CITY = ["Tavern@3", "Mine@9"]


def test_demolition_team_needs_a_structure_other_than_the_target_in_the_city():
    """Decision 7 and ruling 7: Demolition Team takes "one structure card from the city (not the target)": with
    none, it cannot be built."""
    # card 6 face B on the discard shows Demolition Team (Crew + Iron/Gold): centre 4 Crew, deck 8 Gold
    nothing = position(target="Castle", deck=["4", "8"], discard=["6"], round=2)
    assert ("discard", "Demolition Team") not in builds(nothing)
    only_target = position(target="Castle", deck=["4", "8"], discard=["6"], city=["Castle@1"], round=2)
    assert ("discard", "Demolition Team") not in builds(only_target)
    assert "Demolition Team needs a structure" in refused(only_target, "build", "discard", "Demolition Team")
    one = position(target="Castle", deck=["4", "8"], discard=["6"], city=["Castle@1", "Well@3"], round=2)
    assert ("discard", "Demolition Team") in builds(one)
    state = build(one, "discard", "Demolition Team", "centre", "deck")
    assert state.position.phase == "demolish"
    assert legal(state, "demolish") == [(3,)]
    assert refused(state, "demolish", 1) == "Demolition Team never takes down the target"
    assert "not a structure in your city" in refused(state, "demolish", 7)


def test_demolition_team_pays_then_chooses_the_structure_then_which_way_it_returns():
    """Decision 7: pay first, then choose the structure, then which way round it returns (ruling 7: "in the
    rotation the player chooses"); the choices are the card's two face-A resources."""
    state = position(target="Town Square", deck=["4"], discard=["6"], city=DT_CITY, round=2)
    state = play(state, "build", "discard", "Demolition Team")
    assert state.position.phase == "pay"
    assert legal(state, "pay")[0] == ("city3", "city9")
    state = play(state, "pay", "city3", "city9")
    assert state.position.phase == "demolish" and sorted(legal(state, "demolish")) == [(3,), (9,)]
    state = play(state, "demolish", 3)
    assert state.position.phase == "return"
    assert legal(state, "return") == [("Lumber",), ("Gold",)]  # card 3 face A: Lumber / Gold
    assert "comes back face A" in refused(state, "return", "Crew")


def test_demolished_card_lies_under_the_pile_with_the_team_above_and_both_come_back_first():
    """Ruling 7: the structure goes "under the discard pile, with the Demolition Team card above it: both
    come back at the top of the next round's deck"; returned with the chosen resource on top."""
    state = position(target="Town Square", deck=["4", "7"], discard=["8", "6"], city=DT_CITY, round=2)
    state = build(state, "discard", "Demolition Team", "city3", "city9")
    state = play(play(state, "demolish", 3), "return", "Gold")
    pile = state.view(0)["discard"]
    assert [(c["card"], c["rotated"]) for c in pile] == [(3, True), (6, False), (8, False)]
    assert [c["card"] for c in state.view(0)["city"]] == [9]
    state = play(pass_to_round_end(state), "round", "keep")
    view = state.view(0)
    assert (view["centre"]["card"], view["centre"]["top"]) == (3, "Gold")
    assert view["deck_top"]["card"] == 6
    assert notation(state.position.deck) == ["3r", "6", "8", "4", "7"]


def test_a_demolished_structure_no_longer_scores():
    """Ruling 7: "The demolished structure no longer scores"."""
    state = position(target="Town Square", deck=["4"], discard=["6"], city=["Chapel@7", "Mine@9", "Tavern@3"],
                     round=2)
    before = state.view(0)["score"]
    assert before == score_game(["Chapel", "Mine", "Tavern"], 2) == 2
    state = build(state, "discard", "Demolition Team", "city3", "city9")
    state = play(play(state, "demolish", 7), "return", "Crew")
    assert [c["name"] for c in state.view(0)["city"]] == ["Mine", "Tavern"]
    assert state.view(0)["score"] == score_game(["Mine", "Tavern"], 2) == 0
    assert "Demolition Team" not in [c["name"] for c in state.view(0)["city"]]


def test_a_demolished_card_is_a_newly_discarded_card_untilted():
    """Decision 4: the tilt marks the card, and a newly discarded card is untilted.  A structure that paid
    for Demolition Team and was then taken down lies under the pile as a fresh discard; when the team above
    it is built away, it is the top discard and may pay (ruling 3)."""
    state = position(target="Town Square", deck=["4", "7"], discard=["6"],
                     city=["Tavern@3", "Mine@9", "Tavern@1", "Sawmill@2", "Quarry@8"], round=2)
    state = build(state, "discard", "Demolition Team", "city3", "city9")
    state = play(play(state, "demolish", 3), "return", "Lumber")
    state = build(state, "discard", "Market", "city1", "city2", "city8")  # the team's card built away
    top = state.view(0)["discard"][-1]
    assert (top["card"], top["top"]) == (3, "Stone")
    assert top["tilted"] is False
    assert ("centre", "Mine") in builds(state)  # Crew from card 7, Stone from the top discard 3


# --- game end (ruling 9, rulebook Game End) -----------------------------------------------------------------

def test_no_build_possible_in_a_whole_round_ends_the_game_after_that_round():
    """Ruling 9: "the game also ends when no build is possible in a whole round"; decision 5: that round
    counts.  Cards 2 and 8 show no structure that can ever be paid here."""
    state = position(target="Castle", deck=["2", "8"], round=3)
    assert builds(state) == []
    state = play(state, "pass")
    assert builds(state) == [] and not state.is_over
    state = play(state, "pass")
    assert state.is_over
    assert state.outcome.scores == (-3,)
    assert dict(state.outcome.details[0])["rounds"] == 3
    assert "no build was possible" in state.log(0)[-1]


def test_a_round_with_a_possible_build_does_not_end_the_game_even_if_nothing_is_built():
    """Ruling 9: the game ends when no build is *possible*; a round where the player chose to pass goes on to
    the next round's decision."""
    state = position(target="Castle", deck=["3", "5"], discard=["8"], round=2)
    assert builds(state)
    state = play(play(state, "pass"), "pass")
    assert not state.is_over and state.position.phase == "round"


def test_stopping_before_a_round_counts_only_the_rounds_begun():
    """Ruling 9: "Before any round the player may stop ... Rounds played = rounds begun"; decision 11:
    stopping before round k counts k-1 rounds."""
    state = play(position(target="Castle", deck=["3"], city=["Tavern@6"], round=2, could_build=True), "pass")
    assert state.position.phase == "round"
    assert str(next(m for m in state.legal_moves() if m.args == ("stop",))) == "Stop: end the game after 2 rounds"
    state = play(state, "round", "stop")
    assert state.is_over
    assert dict(state.outcome.details[0])["rounds"] == 2
    assert state.outcome.scores == (score_game(["Tavern"], 2),) == (-1,)


def test_rounds_played_are_rounds_begun_in_a_whole_game():
    """Ruling 9: "Rounds played = rounds begun", counted in a played game: the rounds the game ran."""
    state = to_round_one(4, "Town Square")
    begun = 1
    while not state.is_over:
        if state.position.phase == "round":
            if begun == 3:
                state = play(state, "round", "stop")
                break
            state = play(state, "round", "keep")
            begun += 1
        else:
            state = state.play(state.legal_moves()[0])
    rounds = dict(state.outcome.details[0])["rounds"]
    assert rounds == begun == state.position.round
    assert state.view(0)["results"][0]["rounds"] == rounds


def test_every_card_in_the_city_ends_the_game():
    """Rulebook, Game End: the game ends "when there are no longer any available moves": with every card in
    the city no round can be played."""
    state = position(target="Castle", deck=["3"], city=["Tavern@6", "Sawmill@2"], round=2)
    state = build(state, "centre", "Tavern", "city2", "city6")
    assert state.is_over
    assert dict(state.outcome.details[0])["rounds"] == 2
    assert state.outcome.scores == (score_game(["Tavern", "Sawmill", "Tavern"], 2),)
    assert "every card is in the city" in state.log(0)[-1]


def test_the_game_ends_after_the_round_limit():
    """Decision 5 (house rule): a game ends after its 20th round (ROUND_LIMIT)."""
    assert ROUND_LIMIT == 20
    last = play(position(target="Castle", deck=["3"], round=ROUND_LIMIT, could_build=True), "pass")
    assert last.is_over and dict(last.outcome.details[0])["rounds"] == ROUND_LIMIT
    before = play(position(target="Castle", deck=["3"], round=ROUND_LIMIT - 1, could_build=True), "pass")
    assert not before.is_over and before.position.phase == "round"
    with pytest.raises(ValueError, match="round"):
        position(deck=["3"], round=ROUND_LIMIT + 1)


# --- scoring (rulebook, Game and Match Scoring; ruling 9) ---------------------------------------------------

@pytest.mark.parametrize("city, rounds, lines", [
    # rulebook example structures: Castle (7 in a shield) and Tavern (basic)
    (["Castle", "Tavern", "Tavern"], 3, [7, 2, 1, 0, -3]),
    (["Castle", "Armoury", "Stonemason", "Goldsmith", "Tavern"], 4, [7, 4, 0, 0, -4]),
    (["Castle", "Cathedral", "Chapel", "Chapel", "Garden"], 5, [16, 3, 1, 3, -5]),
    (["Castle", "Monument", "Harbour"], 4, [19, 0, 0, 6, -4]),
    (["Tavern", "Tavern", "Tavern", "Market", "Market"], 2, [0, 5, 3, 0, -2]),
    (["Chapel", "Garden", "Watchtower", "Guildhall", "Well"], 3, [4, 5, 0, 0, -3]),
    ([], 0, [0, 0, 0, 0, 0]),
    ([], 4, [0, 0, 0, 0, -4]),
])
def test_game_score_lines(city, rounds, lines):
    """Rulebook, Game and Match Scoring: structure VP (shields); +1 VP for each basic structure; +1 VP bonus for
    each duplicate structure; +3 VP for each additional high structure; minus the rounds played (ruling 9:
    each copy beyond the first is a duplicate)."""
    breakdown = score_breakdown(city, rounds)
    assert [label for label, _v in breakdown] == ["Shield VP", "+1 per basic structure", "+1 per duplicate",
                                                  "+3 per high structure beyond the first", "Rounds played"]
    assert [v for _label, v in breakdown] == lines
    assert score_game(city, rounds) == sum(lines)


def test_score_refuses_unknown_structures_and_bad_rounds():
    """Rulebook scoring needs structure names and a rounds count; anything else is named as the problem."""
    with pytest.raises(ValueError, match="unknown structure 'Palace'"):
        score_game(["Palace"], 1)
    with pytest.raises(ValueError, match="rounds"):
        score_game(["Tavern"], -1)
    with pytest.raises(ValueError, match="rounds"):
        score_game(["Tavern"], 1.5)


def test_the_view_keeps_the_running_score():
    """Rulebook, Game and Match Scoring, as the game runs: the view's score is the game score of the city
    with the rounds begun so far."""
    state = position(target="Castle", deck=["3"], city=["Tavern@6", "Chapel@7"], round=3)
    view = state.view(0)
    assert view["score"] == score_game(["Tavern", "Chapel"], 3) == 0
    assert view["breakdown"] == [list(x) for x in score_breakdown(["Tavern", "Chapel"], 3)]


# --- titles (rulebook, Results; ruling 10) -----------------------------------------------------------------

@pytest.mark.parametrize("total, words", [
    (40, "Our next King!"), (25, "Our next King!"), (24, "The King is worried"), (21, "The King is worried"),
    (20, "The King is impressed"), (17, "The King is impressed"), (16, "The King shrugs"), (13, "The King shrugs"),
    (12, "The King is displeased"), (0, "The King is displeased"), (-1, "The King is displeased"),
    (-30, "The King is displeased"),
])
def test_title_of_a_match_total(total, words):
    """Rulebook, Results: 25+ Our next King!; 21-24 The King is worried; 17-20 The King is impressed; 13-16 The
    King shrugs; 0-12 The King is displeased (ruling 10; below 0 too)."""
    assert title(total) == words


# --- the match (ruling 10, rulebook Game End & Match End) ---------------------------------------------------

def quick_game(state, target, rounds=2):
    """Choose ``target``, keep, play the first legal move each turn (builds first, default payments), and stop
    before round ``rounds + 1``."""
    state = play(state, "target", target)
    while state.position.phase != "target" and not state.is_over:
        if state.position.phase == "round":
            state = play(state, "round", "stop" if state.position.round >= rounds else "keep")
        else:
            state = state.play(state.legal_moves()[0])
    return state


def test_match_of_two_games_each_with_a_fresh_deck_and_its_own_target():
    """Rulebook, Game End & Match End: "At the end of game 1, score the game, then begin game 2 with a fresh
    deck. The match ends after 2 complete games"; ruling 10: each with its own target; decision 8: any of
    the five, the same one too."""
    state = ninekit.make("count_of_nine").new(8)
    assert state.position.games == 2
    state = quick_game(state, "Castle")
    assert state.position.phase == "target" and state.position.game_no == 2
    assert state.view(0)["city"] == [] and state.view(0)["round"] == 0 and state.view(0)["discard"] == []
    assert len(state.view(0)["results"]) == 1 and not state.is_over
    state = play(state, "target", "Monument")
    assert sorted(c >> 1 for c in state.position.deck) == [1, 2, 4, 5, 6, 7, 8, 9]
    assert sum(c & 1 for c in state.position.deck) == 4
    state = quick_game(state.parent, "Monument")
    assert state.is_over
    results = state.view(0)["results"]
    assert [r["target"] for r in results] == ["Castle", "Monument"]
    for r in results:
        assert r["score"] == score_game([c["name"] for c in r["city"]], r["rounds"])
        assert len(r["deal"]) == 8
    assert [r["deal"] for r in results][0] != [r["deal"] for r in results][1]
    first = ninekit.make("count_of_nine").new(8)
    dealt = play(first, "target", "Castle").position.deck
    assert results[0]["deal"] == notation(dealt)  # decision 9: a finished game's deal is shown with its result
    # the same target twice is allowed
    again = quick_game(quick_game(ninekit.make("count_of_nine").new(8), "Castle"), "Castle")
    assert [r["target"] for r in again.view(0)["results"]] == ["Castle", "Castle"]


def test_match_outcome_details_hold_rounds_breakdown_total_and_title():
    """Issue 10: "At the end of a game outcome.details holds "rounds" and the score breakdown line by line";
    rulebook: "Total match score is the sum of both game scores"; ruling 10: the total gives the title."""
    state = quick_game(quick_game(ninekit.make("count_of_nine").new(9), "Harbour"), "Town Square")
    assert state.is_over
    results = state.view(0)["results"]
    total = sum(r["score"] for r in results)
    details = state.outcome.details[0]
    labels = [label for label, _v in details]
    for g, r in enumerate(results, start=1):
        lines = [(f"Game {g}: {label}", value) for label, value in score_breakdown([c["name"] for c in r["city"]],
                                                                                   r["rounds"])]
        assert all(line in details for line in lines)
        assert (f"Game {g} score", r["score"]) in details
    assert ("rounds", sum(r["rounds"] for r in results)) in details
    assert ("Match total", total) in details and labels[-1] == "Match total"
    assert state.outcome.scores == (total,)
    assert state.outcome.reason == f"Match total {total}: {title(total)}"
    assert state.view(0)["total"] == total and state.view(0)["title"] == title(total)


def test_a_practice_game_has_no_title():
    """Decision 10: a practice game (games=1) gets no title: the titles are for a two-game match total."""
    state = quick_game(ninekit.make("count_of_nine", games=1).new(9), "Harbour")
    assert state.is_over
    view = state.view(0)
    assert view["title"] is None and len(view["results"]) == 1
    details = dict(state.outcome.details[0])
    assert details["rounds"] == view["results"][0]["rounds"]
    assert details["Game score"] == view["results"][0]["score"]
    assert "Match total" not in details
    assert state.outcome.reason.startswith("Practice game over")
    assert not any(words in state.outcome.reason for _least, words in con.TITLES)


# --- hidden information (decision 9, issue 10 "Views") ----------------------------------------------------

def reorder_unseen(state, seen, flip=False):
    """The same position with the deck below the ``seen`` cards reversed (and, with ``flip``, its rotations
    swapped pairwise so that as many cards stay rotated)."""
    pos = state.position
    hidden = list(reversed(pos.deck[seen:]))
    if flip:
        up = [i for i, c in enumerate(hidden) if not c & 1]
        down = [i for i, c in enumerate(hidden) if c & 1]
        for i, j in zip(up, down):
            hidden[i] ^= 1
            hidden[j] ^= 1
    return state.game.state_at(pos._replace(deck=pos.deck[:seen] + tuple(hidden)))


def test_round_1_view_shows_no_order_and_no_rotation_of_unseen_cards():
    """Decision 9: in round 1 the player knows nothing of the deck's order (identities yes, rotations no);
    issue 10: "nothing of it in round 1"."""
    state = to_round_one(5)
    view = state.view(0)
    assert len(view["deck"]) == 2 and view["order_known"] is False
    assert [u["card"] for u in view["unseen"]] == sorted(u["card"] for u in view["unseen"])
    assert all(u["rotated"] is None for u in view["unseen"]) and len(view["unseen"]) == 6
    other = reorder_unseen(state, 2, flip=True)
    assert other.position.deck != state.position.deck
    assert other.view(0) == view and [str(m) for m in other.legal_moves()] == [str(m) for m in state.legal_moves()]
    passed = play(play(state, "pass"), "pass")
    assert reorder_unseen(passed, 2, flip=True).view(0) == passed.view(0)
    setup = play(ninekit.make("count_of_nine").new(5), "target", "Castle")
    assert len(setup.view(0)["deck"]) == 1 and reorder_unseen(setup, 1, flip=True).view(0) == setup.view(0)


def test_after_a_shuffle_the_order_is_hidden_but_the_rotations_are_known():
    """Decision 9: after a shuffle the player knows the identities and rotations, not the order; issue 10: "a
    shuffle hides it again"."""
    state = play(position(target="Castle", deck=["3"], discard=["5", "9r", "2", "6r", "7"], round=2,
                          could_build=True, seed=3), "pass")
    state = play(state, "round", "shuffle")
    view = state.view(0)
    assert view["order_known"] is False and len(view["deck"]) == 2
    assert sorted((u["card"], u["rotated"]) for u in view["unseen"]) == sorted(
        (c >> 1, bool(c & 1)) for c in state.position.deck[2:])
    assert reorder_unseen(state, 2).view(0) == view


def test_otherwise_the_player_knows_the_whole_order():
    """Decision 9: in later rounds, unless shuffled, the player knows the whole order (they saw the discard
    pile that became the deck)."""
    state = play(play(position(target="Castle", deck=["3"], discard=["5", "9r", "2", "6r"], round=2,
                               could_build=True), "pass"), "round", "keep")
    view = state.view(0)
    assert view["order_known"] is True and view["unseen"] == []
    assert [(c["card"], c["rotated"]) for c in view["deck"]] == [(5, False), (9, True), (2, False), (6, True),
                                                                 (3, False)]
    whole = next(s for s in (pass_to_round_end(to_round_one(seed)) for seed in range(30))
                 if s.position.phase == "round")  # a real game after round 1 (a build was possible)
    view = whole.view(0)
    assert view["order_known"] is True and view["unseen"] == [] and view["deck_count"] == 8
    assert [(c["card"], c["rotated"]) for c in view["deck"]] == [(c >> 1, bool(c & 1)) for c in whole.position.deck]


def test_no_view_or_log_reveals_the_luck_behind_shuffles():
    """Project standards: hidden information never leaks; decision 9: future shuffles are hidden.  The
    hidden `luck` appears nowhere in the view or log, and two games differing only in it look the same."""
    for seed in range(3):
        state = ninekit.make("count_of_nine").new(seed)
        luck = str(state.position.luck)
        while not state.is_over:
            text = json.dumps(state.view(0)) + json.dumps(state.view(None)) + json.dumps(state.log(0))
            assert luck not in text and "luck" not in text
            other = state.game.state_at(state.position._replace(luck=state.position.luck + 1))
            assert other.view(0) == state.view(0)
            state = state.play(state.legal_moves()[0] if state.position.phase != "round" else
                               mv(state, "round", "stop" if state.position.round >= 2 else "keep"))
        assert luck not in json.dumps(state.view(0))


def test_determinize_keeps_the_view_and_resamples_the_unseen_order():
    """Issue 10: "`determinize` resamples the unseen order"; the determinized state looks the same to the
    player."""
    state = play(to_round_one(12), "pass")
    orders = set()
    for r in range(20):
        det = state.determinize(0, r)
        assert det.view(0) == state.view(0)
        assert det.position.deck[:2] == state.position.deck[:2]
        assert sorted(c >> 1 for c in det.position.deck) == sorted(c >> 1 for c in state.position.deck)
        orders.add(tuple(c >> 1 for c in det.position.deck))
    assert len(orders) >= 10
    assert len({state.determinize(0, r).position.luck for r in range(5)}) == 5  # future shuffles resampled too
    shuffled = play(play(position(target="Castle", deck=["3"], discard=["5", "9r", "2", "6r", "7"], round=2,
                                  could_build=True), "pass"), "round", "shuffle")
    for r in range(10):
        det = shuffled.determinize(0, r)
        assert det.view(0) == shuffled.view(0)
        assert Counter(det.position.deck) == Counter(shuffled.position.deck)  # rotations known, kept
    known = play(play(position(target="Castle", deck=["3"], discard=["5", "9r"], round=2, could_build=True),
                      "pass"), "round", "keep")
    assert known.determinize(0, 1).position.deck == known.position.deck


def test_determinize_in_round_1_keeps_exactly_four_cards_rotated():
    """Decision 1 with decision 9: in round 1 the unseen rotations are resampled, but exactly four of the eight
    cards were rotated at set-up (eight minus four after a rotate at set-up 5)."""
    for seed, choice in ((1, "keep"), (2, "rotate"), (3, "keep")):
        state = to_round_one(seed, "Cathedral", choice)
        state = play(state, "pass")
        rotations = set()
        for r in range(15):
            det = state.determinize(0, r)
            every = det.position.deck + det.position.discard
            assert len(every) == 8 and sum(c & 1 for c in every) == 4
            assert det.view(0) == state.view(0)
            rotations.add(frozenset(c >> 1 for c in det.position.deck[2:] if c & 1))
        assert len(rotations) > 1
    setup = play(ninekit.make("count_of_nine").new(4), "target", "Harbour")
    for r in range(10):
        det = setup.determinize(0, r)
        assert sum(c & 1 for c in det.position.deck) == 4 and det.position.deck[0] == setup.position.deck[0]
        assert det.view(0) == setup.view(0)


# --- position() (issue 10: "a documented, validated position(...) builder") -----------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"target": "Tavern", "deck": ["3"]}, "target must be one of"),
    ({"games": 3, "deck": ["3"]}, "games must be 1 or 2"),
    ({"round": -1, "deck": ["3"]}, "round must be a whole number"),
    ({"round": ROUND_LIMIT + 1, "deck": ["3"]}, "round must be a whole number"),
    ({"deck": ["10"]}, "deck entry '10' is not a card 1-9"),
    ({"deck": ["3x"]}, "deck entry '3x' is not a card 1-9"),
    ({"deck": ["3"], "discard": ["0"]}, "discard entry '0' is not a card 1-9"),
    ({"deck": []}, "at least the centre card"),
    ({"deck": ["3"], "discard": ["5"], "round": 0}, "before round 1"),
    ({"deck": ["1"]}, "card 1 is the target's card (Castle)"),
    ({"deck": ["3", "3r"]}, "card 3 is both in the deck and the deck"),
    ({"deck": ["3"], "discard": ["3"]}, "card 3 is both in the deck and the discard"),
    ({"deck": ["3"], "city": ["Tavern@3"]}, "card 3 is both in the deck and the city"),
    ({"deck": ["3"], "city": ["Tavern"]}, "must read 'Name@card'"),
    ({"deck": ["3"], "city": ["Palace@6"]}, "must read 'Name@card'"),
    ({"deck": ["3"], "city": ["Mine@6"]}, "card 6 does not show Mine"),
    ({"deck": ["3"], "city": ["Demolition Team@6"]}, "Demolition Team never stays in the city"),
    ({"deck": ["3"], "used": ["discard"]}, "the discard pile is empty"),
    ({"deck": ["3"], "city": ["Chapel@7"], "used": ["Chapel@7"]}, "is not a resource structure in the city"),
    ({"deck": ["3"], "used": ["Tavern@6"]}, "is not a resource structure in the city"),
    ({"deck": ["3"], "results": [5]}, "results lists the earlier game"),
])
def test_position_refuses_impossible_positions_naming_the_problem(kwargs, words):
    """Issue 10: a validated position builder; project standards: illegal input gets a clear error naming the
    problem."""
    with pytest.raises(ValueError, match="impossible position") as err:
        position(**kwargs)
    assert words in str(err.value)


def test_position_builds_the_described_situation():
    """Issue 10: position(...) sets deck order and orientation, play area, discard pile, city, tilts, round and
    target exactly as described."""
    state = position(target="Harbour", deck=["8", "2r", "7"], discard=["9r", "3"],
                     city=["Tavern@6", "Watchtower@5!"], used=["discard", "Tavern@6"], round=3, games=2, results=[7])
    view = state.view(0)
    assert (view["phase"], view["round"], view["game_no"], view["games"]) == ("turn", 3, 2, 2)
    assert lying(view["centre"]) == (8, "A", False, "Gold")
    assert lying(view["deck_top"]) == (2, "A", True, "Stone")
    assert [lying(c) for c in view["discard"]] == [(9, "B", True, "Stone"), (3, "B", False, "Stone")]
    assert view["discard"][-1]["tilted"] is True
    assert [(c["card"], c["name"], c["round"], c["tilted"], c["fresh"]) for c in view["city"]] == [
        (6, "Tavern", 2, True, False), (5, "Watchtower", 3, False, True)]
    assert view["target"]["name"] == "Harbour" and view["target"]["other"] == "Stonemason"
    assert view["total"] == 7


# --- refused moves name the rule (project standards) -------------------------------------------------------

def test_a_wrong_phase_move_is_refused_naming_the_pending_decision():
    """Project standards: an illegal move gets an error naming the rule, state unchanged.  Each phase has its
    own decisions (the target, before a round, a turn, the payment)."""
    state = ninekit.make("count_of_nine").new(0)
    assert refused(state, "pass").startswith("Not now: choose this game's target")
    state = play(state, "target", "Castle")
    assert refused(state, "pass").startswith("Not now: set-up")
    state = play(state, "round", "keep")
    assert refused(state, "round", "keep").startswith("Not now: round 1")
    assert refused(state, "cancel").startswith("Not now")
    paying = play(position(target="Castle", deck=["3", "5"], discard=["8"], round=2), "build", "centre", "Tavern")
    assert refused(paying, "pass").startswith("Not now: choose how to pay for Tavern")
    assert refused(paying, "build", "centre", "Armoury").startswith("Not now")


def test_a_build_not_showing_in_the_play_area_is_refused():
    """Ruling 2: only the left or right structure of a face-up play-area card, or the target."""
    state = position(target="Castle", deck=["3"], round=2)
    assert refused(state, "build", "centre", "Mine") == "The centre card shows Armoury and Tavern, not Mine"
    assert refused(state, "build", "deck", "Tavern") == "There is no top card of the deck now"
    assert refused(state, "build", "discard", "Well") == "There is no top discard now"


def test_paying_with_a_missing_or_resourceless_source_is_refused():
    """Ruling 3: only open sources pay: a structure that provides no resource, or a card not in the city, is
    not a source."""
    paying = play(position(target="Castle", deck=["3", "5"], discard=["8"], city=["Chapel@7"], round=2),
                  "build", "centre", "Tavern")
    assert refused(paying, "pay", "deck", "city7") == "Chapel provides no resource"
    assert refused(paying, "pay", "deck", "city9") == "There is no structure from card 9 in your city"


def test_moves_after_the_end_are_refused():
    """Rulebook, Game End & Match End: the match ends after its games; nothing more may be played."""
    state = play(play(ninekit.make("count_of_nine", games=1).new(0), "target", "Castle"), "round", "stop")
    assert state.is_over and state.legal_moves() == ()
    with pytest.raises(IllegalMove, match="over"):
        play(state, "round", "keep")
    assert "over" in state.why_illegal(mv(state, "pass"))


@pytest.mark.parametrize("obj", [
    {"kind": "target", "args": ["Tavern"]},
    {"kind": "target", "args": []},
    {"kind": "round", "args": ["flip"]},
    {"kind": "round", "args": []},
    {"kind": "build", "args": ["hand", "Tavern"]},
    {"kind": "build", "args": ["centre", "Palace"]},
    {"kind": "build", "args": ["centre"]},
    {"kind": "pay", "args": []},
    {"kind": "pay", "args": ["centre", "deck", "discard", "city1", "city2", "city3"]},
    {"kind": "pay", "args": ["target"]},
    {"kind": "pay", "args": [3]},
    {"kind": "demolish", "args": ["3"]},
    {"kind": "demolish", "args": [10]},
    {"kind": "demolish", "args": [True]},
    {"kind": "return", "args": ["Wood"]},
    {"kind": "pass", "args": ["now"]},
    {"kind": "cancel", "args": [1]},
    {"kind": "fly", "args": []},
])
def test_move_from_json_refuses_malformed_moves(obj):
    """Project standards: malformed input gets a clear error naming the problem."""
    game = ninekit.make("count_of_nine")
    with pytest.raises(ValueError, match="malformed move"):
        game.parse_move(obj)


def test_moves_round_trip_through_json():
    """Every legal move is sent as JSON and read back as the same move (the UI's path)."""
    for state in random_states(2, seed=3):
        for move in state.legal_moves():
            assert state.game.parse_move(json.dumps(move.to_json())) == move


# --- determinism (project standards) ------------------------------------------------------------------------

def test_same_seed_and_moves_give_the_same_states():
    """Project standards: same game, options, seed and moves give the same states; shuffles come from the
    seed."""
    def run(seed):
        rng = random.Random(seed)
        state = ninekit.make("count_of_nine").new(seed)
        seen = []
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            seen.append((state.position, move, tuple(state.legal_moves())))
            state = state.play(move)
        return seen, state.outcome, state.log(0)

    assert run(21) == run(21)
    assert run(21)[0] != run(22)[0]
