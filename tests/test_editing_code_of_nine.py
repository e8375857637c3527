"""Code of Nine's position editor (``ninekit.code_of_nine.editing``): each test names the rule it checks.

A position can be edited at a placement turn (rulebook, Flow of the Game: "On your turn, choose a location to
place your Action pawn"); the rules' ``position()`` rebuilds it exactly, every part can be changed in the game's
words, one of each thing (a Memory card, a Legacy, the Medal, a marker) is taken from where it was, and the
rules' own checks answer an impossible position with "impossible position: ...".
"""

from __future__ import annotations

import json
import random
import re

import pytest

import ninekit
from ninekit.code_of_nine.editing import args_of, empty, parts, set_part
from ninekit.code_of_nine.rules import position
from ninekit.editing import can_edit, draft, empty_table
from widgets.tables.code_of_nine import CodeOfNineTable

GAMES = [(3, False), (3, True), (4, False), (4, True)]  # every player count and the expert option
ADAPTER = CodeOfNineTable()


def game(players=4, expert=False):
    return ninekit.make("code_of_nine", players, expert=expert)


def random_states(players, expert, seeds=4):
    """Every state of random games from seeded new games (set-up, placements, resolutions, the end)."""
    for seed in range(seeds):
        state = game(players, expert).new(seed)
        rng = random.Random(f"{players}{expert}{seed}")
        while True:
            yield state
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))


def later_state(players, expert, round_, seed=0):
    """A placement turn of round ``round_`` (or later) reached by random play."""
    for state in random_states(players, expert, seeds=seed + 1):
        if state.position.phase == "place" and state.position.round >= round_ and any(state.position.board):
            return state
    raise AssertionError("no such state")


def some_drafts():
    """A few positions to edit: empty tables and positions from the middle of random games."""
    return [empty_table(game(4, False)), empty_table(game(3, True)), draft(later_state(3, True, 3)),
            draft(later_state(4, False, 4, seed=1))]


def keywords(d):
    return json.loads(d.args)


# --- the round trip -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,expert", GAMES)
def test_a_placement_turn_is_rebuilt_exactly_by_position(players, expert):
    """Rulebook, Flow of the Game: at a placement turn, position(**args_of(state)) is the same position for
    every seat and the spectator (their views), with the same legal moves in the same order and prompt."""
    rebuilt = refused = 0
    for state in random_states(players, expert):
        try:
            args = args_of(state)
        except ValueError as exc:
            assert state.position.phase != "place"
            assert re.fullmatch(r"A Code of Nine position can be edited when [^.]+\.", str(exc))
            assert can_edit(state) == str(exc)
            refused += 1
            continue
        assert json.loads(json.dumps(args)) == args, "args_of gives JSON-able values"
        again = position(**json.loads(json.dumps(args)))
        for seat in [None, *range(players)]:
            assert again.view(seat) == state.view(seat), seat
        assert again.legal_moves() == state.legal_moves()
        assert again.prompt == state.prompt
        assert args_of(again) == args
        rebuilt += 1
    assert rebuilt >= 100 and refused >= 20


def test_the_set_up_a_resolution_and_the_end_cannot_be_edited():
    """Rulebook, Preparation and Flow of the Game: the redraw, the Shoal and Abyss choice, a location's decisions
    and the game's end are no placement turn: args_of refuses them with one sentence saying when one can edit."""
    phases = {}
    for state in random_states(4, True, seeds=2):
        if state.position.phase != "place":
            with pytest.raises(ValueError, match="^A Code of Nine position can be edited when a player is about to "
                                                 "place an Action pawn"):
                args_of(state)
            phases[state.position.phase] = True
    assert set(phases) == {"redraw", "arrange", "resolve", "over"}


@pytest.mark.parametrize("players,expert", GAMES)
def test_the_emptiest_table_is_a_first_placement(players, expert):
    """Rulebook, Preparation: the emptiest table is round 1 with the set-up's Will (0, 1, 1, 2 from the Start
    player), three pawns each, no item held, the Legacies (and the expert Medal) on the board."""
    d = empty_table(game(players, expert))
    assert d.problem is None
    view = d.state.view(None)
    assert view["round"] == 1 and view["turn"] == 0
    assert [sh["will"] for sh in view["sheets"]] == [0, 1, 1, 2][:players]
    assert all(sh["pawns"] == 3 and sh["items"] == 0 for sh in view["sheets"])
    assert (view["white"], view["black"], view["medal"]) == ("board", "board", "board" if expert else "box")
    assert all(not loc["pawns"] for loc in view["locations"])
    assert empty(game(players, expert)) == args_of(d.state)


# --- every part, every value ------------------------------------------------------------------------------------

def _shuffled(value: str) -> str:
    sep = "; " if ";" in value else ", "
    items = value.split(sep.strip())
    random.Random(1).shuffle(items)
    return sep.join(item.strip() for item in items)


@pytest.mark.parametrize("index", range(4))
def test_every_value_of_every_part_gives_a_position_or_the_rules_objection(index):
    """Position editor: each choice of each part (and for written parts, the current value, a shuffled one)
    gives a draft with a playable state or a problem from the rules ("impossible position: ..."); a value that
    cannot be read is refused at once, naming it."""
    d = some_drafts()[index]
    assert d.problem is None
    listed = d.parts()
    assert len({p.key for p in listed}) == len(listed), "keys are unique"
    for part in listed:
        assert part.choices or part.syntax
        assert len(part.choices) <= 80
        values = list(part.choices) or [part.value, _shuffled(part.value)]
        if part.choices:
            assert part.value in part.choices, part
        for value in values:
            new = d.set(part.key, value)
            assert (new.state is not None and new.problem is None) or new.problem.startswith("impossible position:"), \
                (part.key, value, new.problem)
            if new.state is not None:
                new.state.legal_moves()
                new.state.view(new.state.to_move, reveal=True)
        if part.syntax:
            assert d.set(part.key, part.value).args == d.args, "the current value changes nothing"
            with pytest.raises(ValueError, match=re.escape("'zz%%'")):
                d.set(part.key, "zz%%")
        else:
            with pytest.raises(ValueError, match=re.escape("'zz%%'")):
                d.set(part.key, "zz%%")


def test_set_part_never_changes_its_arguments_and_keys_are_stable():
    """Position editor: set_part gives new keywords (the old ones unchanged), and the same thing keeps its key."""
    g = game(4, True)
    args = empty(g)
    before = json.dumps(args, sort_keys=True)
    keys = [p.key for p in parts(args, g)]
    new = set_part(args, "will:2", "7", g)
    assert json.dumps(args, sort_keys=True) == before
    assert [p.key for p in parts(new, g)] == keys
    assert {p.key: p.value for p in parts(new, g)}["will:2"] == "7"


def test_an_unknown_part_or_an_unreadable_value_is_refused_naming_it():
    """Position editor: a part the game does not have, or a value it cannot read, raises ValueError naming it."""
    d = empty_table(game(4, False))
    with pytest.raises(ValueError, match="'ninth'"):
        d.set("ninth", "Code 09 (Knowledge is power...)")  # the Ninth Memory is only in the expert game
    with pytest.raises(ValueError, match="'medal'"):
        set_part(d.keywords, "medal", "Red", d.game)
    with pytest.raises(ValueError, match="'Purple'"):
        set_part(d.keywords, "turn", "Purple", d.game)
    with pytest.raises(ValueError, match="'Code 20'"):
        set_part(d.keywords, "mem:0:shoal", "Code 20", d.game)  # cards 19-28 are expert cards
    with pytest.raises(ValueError, match="'Round 2 Red peeks'"):
        set_part(d.keywords, "looks", "Round 2 Red peeks", d.game)


# --- typical teacher edits -----------------------------------------------------------------------------------------

def test_a_pawn_placed_on_a_location_comes_from_its_players_pawns():
    """Rulebook, Flow of the Game: one pawn a space, placed from the player's Action pawns; a pawn taken off goes
    back; the location is then taken for everyone else."""
    d = empty_table(game(4, False)).set("loc:hearth", "Blue")
    view = d.state.view(None)
    hearth = next(loc for loc in view["locations"] if loc["key"] == "hearth")
    assert hearth["pawns"] == [1] and view["sheets"][1]["pawns"] == 2
    assert "hearth" not in [m.args[0] for m in d.state.legal_moves()]
    d = d.set("loc:hearth", "Green")
    assert [sh["pawns"] for sh in d.state.view(None)["sheets"]] == [3, 3, 2, 3]
    d = d.set("loc:quarry", "Red, Green, Red")
    assert [sh["pawns"] for sh in d.state.view(None)["sheets"]] == [1, 3, 1, 3]
    assert d.state.play(d.state.legal_moves()[0]) is not None
    offers = dict(d.part("loc:quarry").offers)  # the Quarry of Wills by clicking: a pawn added, the last taken off
    assert offers["Add Yellow's pawn"] == "Red, Green, Red, Yellow"
    d = d.set("loc:quarry", offers["Take the last pawn (Red's) off"])
    assert d.part("loc:quarry").value == "Red, Green" and d.state.view(None)["sheets"][0]["pawns"] == 2


def test_who_places_next_passes_on_when_their_last_pawn_is_placed():
    """Rulebook, Flow of the Game: "If you run out of Action pawns, your turn is automatically skipped": placing
    the last pawn of the player to move makes the next player clockwise with a pawn the one to move."""
    d = empty_table(game(4, False)).set("pawns:0", "1").set("loc:cross", "Red")
    assert d.problem is None and d.state.to_move == 1
    assert d.set("turn", "Red").problem == ("impossible position: turn must be a seat with a pawn left (Red has no "
                                            "Action pawn left to place)")


def test_the_round_marker_and_the_start_player_are_set():
    """Rulebook, Flow of the Game: the Round marker says which locations are open; a pawn on a location closed in
    the new round goes back to its player.  The Start player marker and who places next are set freely."""
    d = empty_table(game(4, False)).set("loc:library", "Red").set("round", "3")
    view = d.state.view(None)
    assert view["round"] == 3 and view["sheets"][0]["pawns"] == 3
    assert "loc:library" not in [p.key for p in d.parts()] and "loc:hollow" in [p.key for p in d.parts()]
    d = d.set("start", "Green").set("turn", "Yellow")
    assert d.state.prompt == "Yellow: place an Action pawn (round 3, 3 pawns left)"
    assert d.state.view(None)["start"] == 2


def test_a_memory_card_put_in_a_slot_takes_it_from_where_it_was():
    """Rulebook, Components: one card of each code; a card put in a slot leaves its old place (two slots swap;
    with the expert Ninth Memory, the Ninth takes the slot's old card; from the box, the old card goes there)."""
    g = game(4, True)
    d = empty_table(g)
    assert keywords(d)["memories"] == [1, 2, 3, 4, 5, 6, 7, 8] and keywords(d)["ninth"] == 9
    d = d.set("mem:0:shoal", d.part("mem:1:abyss").value)
    assert keywords(d)["memories"] == [4, 2, 3, 1, 5, 6, 7, 8]
    d = d.set("mem:0:abyss", d.part("ninth").value)
    assert keywords(d)["memories"] == [4, 9, 3, 1, 5, 6, 7, 8] and keywords(d)["ninth"] == 2
    d = d.set("ninth", "Code 26 (A fearful truth)")
    assert keywords(d)["ninth"] == 26 and d.problem is None
    assert d.state.view(0)["slots"][1]["code"] == 9 and d.state.view(1)["slots"][1]["code"] is None


def test_a_legacy_taken_from_the_board_is_released_by_its_taker():
    """Rulings (Garden of Connecting Hearts, Well of Closing Hearts): a pawn there releases the Legacy (its player
    takes it and marks it released); a Legacy off the board is released, one on the board is not."""
    d = empty_table(game(4, False)).set("round", "2").set("loc:garden", "Blue")
    sheet = d.state.view(None)["sheets"][1]
    assert d.problem is None and sheet["white"] and sheet["released_white"]
    assert "garden" not in [m.args[0] for m in d.state.legal_moves()]
    d = d.set("white", "Green")  # Hollow of Envy or a gift may move it on: Blue still released it
    assert d.state.view(None)["white"] == 2 and d.state.view(None)["released"]["white"] == 1
    problem = d.set("released_white", "nobody").problem
    assert problem == ("impossible position: a pawn on Garden of Connecting Hearts released the White Legacy: "
                       "released must name Blue")
    d = d.set("released_black", "Yellow")
    assert d.state.view(None)["black"] == 3
    assert d.set("round", "1").problem == (
        "impossible position: in round 1 both Legacies lie on the board (Garden of Connecting Hearts and Well of "
        "Closing Hearts, which release them, open in round 2)")


def test_a_look_is_recorded_and_code_26_is_shown_to_all():
    """Rulebook, Code 26 ("should anyone look at this card, show it to all players") and Flow of the Game (looks
    are public, what you see is yours): a seat that has seen a card knows it, the record of looks says so."""
    g = game(4, True)
    d = empty_table(g).set("mem:1:shoal", "Code 26 (A fearful truth)").set("seen:1:shoal", "Red")
    assert d.state.view(0)["slots"][2]["code"] == 26 and d.state.view(None)["slots"][2]["code"] == 26
    assert d.state.view(None)["looks"] == [{"round": 1, "looker": 0, "owner": 1, "slot": "Shoal"}]
    d = d.set("seen:2:abyss", "Red, Blue")
    assert d.state.view(1)["slots"][5]["code"] == 6 and d.state.view(None)["slots"][5]["code"] is None
    d = d.set("seen:2:abyss", "Blue")
    assert d.state.view(0)["slots"][5]["code"] is None and len(d.state.view(None)["looks"]) == 2
    d = d.set("public", "Green's Abyss")
    assert d.state.view(None)["slots"][5]["code"] == 6
    assert d.set("looks", "none").problem == ("impossible position: Red has seen Blue's Shoal card, but the record "
                                             "of looks has no such look")


def test_the_veil_follows_the_sooty_watchtower():
    """Rulings, Sooty Watchtower: its player is veiled for the rest of the round (no look may target them)."""
    d = empty_table(game(4, True)).set("loc:watchtower", "Green").set("turn", "Blue")
    assert d.state.view(None)["sheets"][2]["veiled"]
    d = d.set("loc:allure", "Blue")
    assert d.problem is None
    assert d.set("loc:watchtower", "empty").state.view(None)["sheets"][2]["veiled"] is False


def test_a_player_who_changed_memories_has_one_pawn_fewer_in_round_1():
    """Rulebook, Preparation: a player who changes both Memory cards pays one Action pawn in round 1."""
    d = empty_table(game(3, False)).set("changed", "Blue")
    assert [sh["pawns"] for sh in d.state.view(None)["sheets"]] == [3, 2, 3]
    assert d.set("pawns:1", "3").problem == (
        "impossible position: pawns (left per seat) must be 0-3 and leave room for the pawns placed (Blue has 3 "
        "left and 0 placed, but 2 Action pawns this round: they changed both Memories at set-up)")
    assert d.set("round", "2").set("pawns:1", "3").problem is None


def test_too_many_items_is_refused_in_the_games_words():
    """Rulebook, Components: 16 Coins, 8 Statues and 4 Books; the players hold at most that many together."""
    d = empty_table(game(4, False)).set("coins:0", "10").set("coins:1", "6")
    assert d.problem is None and d.state.view(None)["ruins"]["coin"] == 0
    assert d.set("coins:2", "1").problem == "impossible position: there are only 16 Coins"


def test_position_reads_seen_keys_written_as_json_text():
    """The editor's keywords are JSON: position() takes ``seen`` keyed by "0" as by 0, and the same first seat."""
    a = position(memories=[1, 2, 3, 4, 5, 6, 7, 8], seen={"0": [[1, "Shoal"]]}, first=2, start=1)
    b = position(memories=[1, 2, 3, 4, 5, 6, 7, 8], seen={0: [(1, "Shoal")]}, first=2, start=1)
    assert a.view(0) == b.view(0) and a.view(0)["first"] == 2


# --- the board --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(4))
def test_every_part_drawn_on_the_board_has_its_id_in_the_revealed_view(index):
    """Position editor: a part's board id is drawn by the table (the revealed view of the seat to move, the parts
    as targets): the locations, the Memory slots, the Ninth Memory and the Round marker are clicked."""
    d = some_drafts()[index]
    state = d.state
    listed = d.parts()
    targets = {p.board: ninekit.Move("edit", (p.key,)) for p in listed if p.board}
    assert len(targets) == len([p for p in listed if p.board]), "one part per board id"
    view = state.view(state.to_move, reveal=True) if not state.is_over else state.view(None, reveal=True)
    svg = ADAPTER.draw(view, targets, {})
    drawn = set(re.findall(r'data-id="([^"]+)"', svg))
    assert set(targets) <= drawn, sorted(set(targets) - drawn)
    assert {"round", "mem:0:shoal", "mem:3:abyss", "loc:quarry"} <= set(targets)
    plain = ADAPTER.draw(view, {}, {})
    assert not {i for i in re.findall(r'data-id="([^"]+)"', plain) if i.startswith("mem:") or i in ("round", "ninth")}
