"""Count of Nine's position editor (ninekit/count_of_nine/editing.py): the round trip through position(), every
part and choice, a teacher's typical edits, and the board ids the table draws.

The issue: a teacher can change the deck's order and each card's orientation, the city (structures built, and
which were built this round), the discard pile, the tilts (sources used this round), the round and the target,
and a card's place (centre, deck, discard, city, out of play) one card at a time.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import ninekit
from ninekit import Move
from ninekit.count_of_nine import editing as c9edit
from ninekit.count_of_nine import position
from ninekit.editing import Draft, can_edit, draft, empty_table
from widgets import adapter_for

ADAPTER = adapter_for("count_of_nine")
EDITABLE_START = "A Count of Nine position can be edited when"


def random_states(games: int, seed: int, limit: int = 400) -> list:
    """Every state of one game played at random from a seeded new game (each one after the last move)."""
    rng = random.Random(seed)
    state = ninekit.make("count_of_nine", games=games).new(seed)
    out = [state]
    while not state.is_over and len(out) < limit:
        state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def sample_states() -> list:
    """A few hundred states from random games: practice games and matches."""
    states = []
    for games in (1, 2):
        for seed in range(10):
            states += random_states(games, 100 * games + seed)
    return states


def rebuilt(args: dict):
    """position() from the keywords, through JSON as a draft keeps them."""
    return position(**json.loads(json.dumps(args)))


def moves(state) -> list:
    return [(m.kind, m.args, str(m)) for m in state.legal_moves()]


def mid_game() -> Draft:
    """Round 3 of game 2 of a match reached by play: a city, a discard pile, tilts, game 1's record."""
    for seed in range(200):
        for state in random_states(2, seed):
            p = state.position
            if (p.phase == "turn" and p.game_no == 2 and p.round >= 2 and p.city and p.discard and p.used
                    and len(p.deck) >= 3):
                return draft(state)
    raise AssertionError("no such state in 200 games")


def sample_drafts() -> list:
    """The positions the part-by-part tests use."""
    one = ninekit.make("count_of_nine", games=1)
    setup = ninekit.make("count_of_nine", games=1).new(3)
    setup = setup.play(Move("target", ("Harbour",)))
    built = position(target="Castle", deck=["3", "8r", "7"], discard=["9r", "2"], round=4, could_build=True,
                     city=["Armoury@6:1", "Stonemason@4:2", "Goldsmith@5", "Castle@1!"], used=["Armoury@6", "discard"])
    return [empty_table(one), draft(setup), mid_game(), draft(built)]


def svg_ids(d: Draft) -> set:
    """The data-ids the table draws for the sandbox's editor: the revealed view, every part with a board id a
    target."""
    state = d.state
    targets = {p.board: Move("edit", (p.key,)) for p in d.parts() if p.board}
    svg = ADAPTER.draw(state.view(state.to_move, reveal=True), targets, {})
    return set(re.findall(r'data-id="([^"]+)"', svg)), svg


# --- the round trip --------------------------------------------------------------------------------------------

def test_args_of_rebuilds_every_turn_and_the_setup_choice_exactly():
    """Rule: position() builds a turn of a round and set-up's choice of the active resource: for each such state
    reached by play (practice games and matches), position(**args_of(s)) shows every seat and the spectator the
    same view (and the same revealed view), the same legal moves in the same order, and the same prompt."""
    checked = refused = 0
    for state in sample_states():
        p = state.position
        editable = p.phase == "turn" or (p.phase == "round" and p.round == 0)
        if not editable:
            with pytest.raises(ValueError) as err:
                c9edit.args_of(state)
            text = str(err.value)
            assert text.startswith(EDITABLE_START) and text.count(".") == 0 and "go back or forward" in text
            assert can_edit(state) == text
            refused += 1
            continue
        args = c9edit.args_of(state)
        assert json.loads(json.dumps(args)) == args  # JSON-able: lists, str keys
        again = rebuilt(args)
        for seat in (0, None):
            assert again.view(seat) == state.view(seat)
            assert again.view(seat, reveal=True) == state.view(seat, reveal=True)
        assert moves(again) == moves(state)
        assert again.prompt == state.prompt
        assert c9edit.args_of(again) == {**args, "seed": again.position.luck}
        q = again.position  # the whole table, the tilts on covered discards included
        assert (q.deck, q.discard, q.city, q.used, q.target, q.round) == (p.deck, p.discard, p.city, p.used,
                                                                          p.target, p.round)
        checked += 1
    assert checked >= 200 and refused >= 50


def test_args_of_refuses_the_decisions_position_cannot_build_with_a_sentence():
    """Rule: choosing the target, the decision before a later round, paying, Demolition Team at work and the
    match over are not positions position() builds: args_of says when one can edit."""
    state = ninekit.make("count_of_nine").new(2)
    seen = set()
    rng = random.Random(4)
    for _ in range(3000):
        if state.is_over:
            seen.add("over")
            state = ninekit.make("count_of_nine").new(rng.randrange(1000))
        phase = state.position.phase
        if phase in ("target", "pay", "demolish", "return", "round") and not (phase == "round"
                                                                             and state.position.round == 0):
            with pytest.raises(ValueError, match="^A Count of Nine position can be edited when the Builder"):
                c9edit.args_of(state)
            seen.add(phase)
        if not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
    assert {"target", "pay", "round"} <= seen
    assert "can be edited" in can_edit(state if state.is_over else ninekit.make("count_of_nine").new(1))


def test_the_empty_table_is_round_one_with_every_card_but_the_target_in_the_deck():
    """Set-up: the target's card is set aside, the other eight cards make the deck; empty() builds for both
    match lengths."""
    for games in (1, 2):
        d = empty_table(ninekit.make("count_of_nine", games=games))
        assert d.problem is None
        view = d.state.view(0)
        assert (view["round"], view["deck_count"], view["discard"], view["city"]) == (1, 8, [], [])
        assert view["games"] == games and view["target"]["name"] == "Castle"


# --- every part and every choice -------------------------------------------------------------------------------

def _garbage(part) -> str:
    return "x9, ?" if part.key in ("deck", "discard") else "lots"


def _shuffled(value: str, rng: random.Random) -> str:
    tokens = [t.strip() for t in value.split(",") if t.strip()]
    rng.shuffle(tokens)
    return ", ".join(tokens)


def test_every_part_and_choice_gives_a_position_or_the_rules_objection():
    """Rule: every edit is checked by position(): each choice of each part gives a playable draft or a problem
    in the rules' words ("impossible position: ..."); a value that cannot be read is refused naming it."""
    rng = random.Random(9)
    for d in sample_drafts():
        parts = d.parts()
        keys = [p.key for p in parts]
        assert len(keys) == len(set(keys))
        for part in parts:
            assert part.group and part.label
            if part.choices:
                assert part.value in part.choices and len(part.choices) <= 80
                values = list(part.choices)
            else:
                assert part.syntax
                values = [part.value, _shuffled(part.value, rng)]
                with pytest.raises(ValueError) as err:
                    d.set(part.key, _garbage(part))
                assert repr(_garbage(part).split(",")[0]) in str(err.value) or repr(_garbage(part)) in str(err.value)
            for value in values:
                after = d.set(part.key, value)
                assert (after.state is None) == (after.problem is not None)
                assert after.problem is None or after.problem.startswith("impossible position:"), after.problem
                after.parts()  # a draft with a problem still lists its parts
        with pytest.raises(ValueError, match="no part"):
            d.set("e5", "S4")
        with pytest.raises(ValueError):
            d.set("card3", "the moon")


def test_set_part_never_changes_the_keywords_it_is_given():
    """Editing makes a new position: the one edited stays as it was."""
    args = c9edit.empty(ninekit.make("count_of_nine"))
    before = json.dumps(args, sort_keys=True)
    for key, value in (("card9", "the centre card"), ("deck", "9, 8r"), ("target", "Harbour"), ("round", "3")):
        c9edit.set_part(args, key, value, None)
    assert json.dumps(args, sort_keys=True) == before


# --- a teacher's edits -----------------------------------------------------------------------------------------

def test_a_card_put_in_the_play_area_is_taken_from_where_it_was():
    """There is one of each card: a card put at the centre, on the discard pile or in the city leaves its old
    place, and the position stays playable."""
    d = empty_table(ninekit.make("count_of_nine", games=1))
    d = d.set("card9", "the centre card")
    assert d.state.view(0)["centre"]["card"] == 9 and d.state.view(0)["deck_count"] == 8
    d = d.set("card9", "the top discard")
    view = d.state.view(0)
    assert view["centre"]["card"] == 2 and view["discard"][-1]["card"] == 9 and view["deck_count"] == 7
    d = d.set("card6", "the city: Tavern, built this round")
    view = d.state.view(0)
    assert [(c["card"], c["name"], c["fresh"]) for c in view["city"]] == [(6, "Tavern", True)]
    assert 6 not in [c["card"] for c in view["deck"]] and view["deck_count"] == 6
    d = d.set("card6", "out of play")
    assert d.state.view(0)["city"] == [] and d.part("card6").value == "out of play"


def test_the_city_the_round_built_and_the_tilts():
    """The city keeps a column per round: a structure built in an earlier round gives its resource once a round
    (tilted when used); one built this round gives nothing yet (the rules refuse to tilt it)."""
    d = empty_table(ninekit.make("count_of_nine", games=1)).set("round", "3")
    d = d.set("card6", "the city: Tavern")
    assert [(c["name"], c["round"]) for c in d.state.view(0)["city"]] == [("Tavern", 2)]
    d = d.set("built6", "1").set("tilt6", "tilted")
    assert [(c["round"], c["tilted"]) for c in d.state.view(0)["city"]] == [(1, True)]
    assert "city6" not in " ".join(str(m.args) for m in d.state.legal_moves())
    d = d.set("round", "5")
    assert [c["round"] for c in d.state.view(0)["city"]] == [1]
    fresh = d.set("built6", "5")  # built this round: it has given nothing yet, so it stands untilted
    assert fresh.problem is None and fresh.part("tilt6").value == "not tilted"
    assert fresh.set("tilt6", "tilted").problem.startswith("impossible position: Tavern (card 6) was built this "
                                                           "round: it gives its Crew from the next round on")
    d = d.set("card8", "the top discard").set("tilt8", "tilted")
    assert d.state.view(0)["discard"][-1]["tilted"] is True
    d = d.set("card7", "the top discard")  # covers card 8, which stays tilted underneath
    assert d.part("tilt8").value == "tilted" and d.state.view(0)["discard"][-1]["tilted"] is False
    assert "discard@8" in d.keywords["used"]


def test_rotating_a_card_turns_its_other_edge_up():
    """Rotate: the card turned 180 degrees shows its bottom resource on top (and its structures swap ends)."""
    d = empty_table(ninekit.make("count_of_nine", games=1))
    part = d.part("turn2")
    assert part.value == "upright: Lumber on top"
    d = d.set("turn2", "rotated: Stone on top")
    centre = d.state.view(0)["centre"]
    assert (centre["card"], centre["rotated"], centre["top"]) == (2, True, "Stone")
    assert d.set("deck", "2r, 3, 4").state.view(0)["deck_count"] == 3


def test_changing_the_target_swaps_its_card_with_the_old_targets():
    """Set-up: the target's card is set aside; a new target's card leaves the deck and the old target's card
    takes its place, turned the same way."""
    d = empty_table(ninekit.make("count_of_nine", games=1)).set("turn4", "rotated: Iron on top")
    d = d.set("target", "Harbour")  # card 4 (Harbour) is set aside, card 1 (the Castle's) takes its place
    view = d.state.view(0, reveal=True)
    assert view["target"]["name"] == "Harbour"
    assert [(c["card"], c["rotated"]) for c in view["deck"]][2] == (1, True)
    assert d.part("card4").value == "set aside as the target" and d.part("card1").value == "the deck, 2nd from the top"
    d = d.set("card3", "set aside as the target")
    assert d.state.view(0)["target"]["name"] == "Monument" and d.part("card4").value == "the top card of the deck"


def test_match_parts_and_the_deck_written_out():
    """A match is two games: game 2 shows game 1's score; the deck's order may be written out whole."""
    d = empty_table(ninekit.make("count_of_nine", games=2)).set("game", "game 2").set("score1", "14")
    view = d.state.view(0)
    assert (view["game_no"], view["total"]) == (2, 14)
    d = d.set("deck", "9, 8r, 7")
    assert [c["card"] for c in d.state.view(0, reveal=True)["deck"]] == [9, 8, 7]
    assert d.part("card2").value == "out of play"
    d = d.set("discard", "2, 3r")
    assert [c["card"] for c in d.state.view(0)["discard"]] == [2, 3]
    assert d.set("games", "1").state.view(0)["games"] == 1


def test_impossible_edits_get_the_rules_words():
    """Rule: the target's card is set aside (it is never in the deck), before round 1 every card is in the deck,
    and a deck needs its centre card."""
    d = empty_table(ninekit.make("count_of_nine", games=1))
    bad = d.set("card1", "the centre card")
    assert bad.problem == "impossible position: card 1 is the target's card (Castle), set aside"
    assert bad.set("card1", "set aside as the target").problem is None
    assert d.set("card9", "the top discard").set("round", "0").problem.startswith("impossible position: before round 1")
    assert d.set("deck", "").problem.startswith("impossible position: a turn needs at least the centre card")
    with pytest.raises(ValueError, match="'3, 3' lists card 3 twice"):
        d.set("deck", "3, 3")
    with pytest.raises(ValueError, match="'-12' is not a seed"):
        d.set("seed", "-12")


# --- the board -------------------------------------------------------------------------------------------------

def test_every_board_id_is_drawn_by_the_table():
    """The sandbox draws the revealed view with each part's board id as a target: the table draws each one (a
    card in the deck or on top of the discard pile, a structure in the city, the target card)."""
    ds = sample_drafts()
    ds.append(ds[0].set("card9", "the top discard").set("card6", "the city: Tavern, built this round"))
    for d in ds:
        assert d.state is not None
        boards = [p.board for p in d.parts() if p.board]
        assert len(boards) == len(set(boards))
        ids, svg = svg_ids(d)
        for board in boards:
            assert board in ids, board
            assert f'data-id="{board}" class="legal' in svg
    assert any(p.board.startswith("city:") for p in ds[-1].parts())


def test_the_app_draws_no_editor_ids():
    """The game's own board is unchanged: without the editor's targets no card:/target: id is drawn in a turn."""
    state = empty_table(ninekit.make("count_of_nine", games=1)).state
    svg = ADAPTER.draw(state.view(0), {}, {})
    assert "data-id=\"card:" not in svg and "data-id=\"target:" not in svg
