"""Codinca rules: one test per rule of the rulebook and per ruling.

Each test names the rule it checks; its docstring quotes or names the source:
the rulebook ``shared/rules/codinca.txt`` ("rulebook") or the rulings
``shared/rules/codinca.rulings.md`` ("rulings §N").  Positions are built with
``codinca.position`` and moves are given as JSON, as a UI would send them.

Seats are numbered in turn order: 2 players Fire, Earth; 3 players Fire,
Water, Air; 4 players Fire, Water, Earth, Air.  Boards below are written
rank 4 (north) first, files a-d west to east, each cell element letter + side.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import deque
from itertools import product

import pytest

import ninekit
from ninekit import IllegalMove
from ninekit import codinca as cod
from ninekit.codinca import START_LAYOUT, matched_discs, position, touched, trap_effect

NAME = {"E": "Earth", "A": "Air", "F": "Fire", "W": "Water"}
FILES = "abcd"
SQUARES = [f"{f}{r}" for r in range(1, 5) for f in FILES]


def board(*rows):
    """A tiles mapping from four rows (rank 4 first), e.g. ``board("AG FS WS FG", ...)``."""
    assert len(rows) == 4
    out = {}
    for rank, row in zip("4321", rows):
        for file, cell in zip(FILES, row.split()):
            out[file + rank] = (NAME[cell[0]], cell[1])
    return out


START_ROWS = ("AG FS WS FG", "FS WG EG WS", "AS FG AG ES", "EG AS ES WG")
# Fire's four tiles on rank 4, all stone (Fire's default disc L1 is SSSS).
RANK4_FIRE = board("FS FS FS FS", "AS WG EG WS", "AS WG AG ES", "EG AS ES WG")


def mv(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})


def play(state, kind, *args):
    return state.play(mv(state, kind, *args))


def seq(state, *steps):
    """Play several moves given as ``"kind"`` or ``"kind:arg"``."""
    for step in steps:
        kind, _, arg = step.partition(":")
        state = play(state, kind, *([arg] if arg else []))
    return state


def legal(state, kind):
    return [m.args[0] if m.args else None for m in state.legal_moves() if m.kind == kind]


def refused(state, kind, *args):
    """The rule text for an illegal move; also checks the state is unchanged."""
    move = mv(state, kind, *args)
    before = (state.position, state.legal_moves(), [state.view(s) for s in (None, *range(state.game.players))])
    assert state.why_illegal(move) is not None
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    after = (state.position, state.legal_moves(), [state.view(s) for s in (None, *range(state.game.players))])
    assert after == before
    assert str(err.value) == state.why_illegal(move)
    return str(err.value)


def tiles(state):
    return {sq: tuple(v) for sq, v in state.view(None)["tiles"].items()}


def switch(state, a, b):
    return seq(state, f"tile:{a}", f"switch:{b}")


def turn(state, a, b, flip):
    """A whole plain turn: Switch a-b, Flip ``flip``, end."""
    return seq(state, f"tile:{a}", f"switch:{b}", f"flip:{flip}", "end")


def flipped(side):
    return "G" if side == "S" else "S"


# --- seating, set-up and options -------------------------------------------------------

@pytest.mark.parametrize("players, elements", [
    (2, ["Fire", "Earth"]),
    (3, ["Fire", "Water", "Air"]),
    (4, ["Fire", "Water", "Earth", "Air"]),
])
def test_seating_by_player_count_in_turn_order(players, elements):
    """Rulings §0: 2 players are Fire and Earth; 3 take Fire, Water and Air (Earth's seat empty);
    4 sit Fire, Water, Earth, Air (turn order)."""
    game = ninekit.make("codinca", players)
    assert list(game.seat_names) == elements
    state = game.new(1)
    assert state.view(None)["elements"] == elements
    edges = {"Earth": "South", "Air": "West", "Fire": "North", "Water": "East"}
    assert state.view(None)["edges"] == [edges[e] for e in elements]


def test_three_players_leave_earths_tiles_uncontrolled_but_in_play():
    """Rulings §0: with 3 players Earth's seat is empty; uncontrolled tiles stay in play for anyone to
    switch or flip."""
    state = position(3)
    assert "Earth" not in state.view(None)["elements"]
    # Nobody may choose an Earth tile to Switch, but Fire may switch with one and flip one.
    assert refused(state, "tile", "c3").startswith("The tile on c3 is Earth's")
    state = switch(state, "b2", "c3")
    assert tiles(state)["b2"] == ("Earth", "G") and tiles(state)["c3"] == ("Fire", "G")
    state = play(state, "flip", "a1")
    assert tiles(state)["a1"] == ("Earth", "S")


def test_fire_starts_and_play_passes_fire_water_earth_air():
    """Rulebook: "The player controlling the tiles marked with the Fire Symbol begins the game"; play
    passes to the left; rulings §0: Fire -> Water -> Earth -> Air, and a round ends after the last seat."""
    state = ninekit.make("codinca", 4).new(3)
    assert state.to_move == 0 and state.view(None)["elements"][0] == "Fire"
    seen = []
    for _ in range(5):
        seen.append((state.view(None)["elements"][state.to_move], state.view(None)["round"]))
        own = legal(state, "tile")[0]
        state = play(state, "tile", own)
        state = play(state, "switch", legal(state, "switch")[0])
        state = play(state, "flip", legal(state, "flip")[0])
        if legal(state, "claim"):
            state = play(state, "claim", legal(state, "claim")[0])
        else:
            state = play(state, "end")
    assert seen == [("Fire", 1), ("Water", 1), ("Earth", 1), ("Air", 1), ("Fire", 2)]


@pytest.mark.parametrize("players, tokens", [(2, 4), (3, 4), (4, 5)])
def test_luck_tokens_four_four_five(players, tokens):
    """Rulebook: "2 player game - 4 tokens; 3 player game - 4 Luck tokens; 4 player game - 5 tokens"."""
    state = ninekit.make("codinca", players).new(0)
    assert state.view(None)["tokens"] == [tokens] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_draws_one_disc_from_each_group_dealt_from_the_seed(players):
    """Rulebook set-up: "Each player then draws one disc from each of the four groups"; the deal comes
    from the seed and no disc is dealt twice."""
    game = ninekit.make("codinca", players)
    deals = set()
    for seed in range(12):
        state = game.new(seed)
        discs = [[d["id"] for d in state.view(p)["discs"][p]] for p in range(players)]
        for own in discs:
            assert [d[0] for d in own] == ["L", "D", "B", "C"]
            assert all(d in cod.data.DISCS for d in own)
        flat = [d for own in discs for d in own]
        assert len(set(flat)) == len(flat)
        deals.add(tuple(flat))
        assert game.new(seed).position.discs == state.position.discs
    assert len(deals) > 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_trap_card_each_dealt_face_down(players):
    """Rulebook: "Shuffle the Trap Cards then deal one face down beside each player. (Players MUST NOT
    look at this card.)"  Nobody, its owner included, sees it."""
    game = ninekit.make("codinca", players)
    cards = set()
    for seed in range(8):
        state = game.new(seed)
        traps = state.position.traps
        assert len(traps) == players and len(set(traps)) == players
        assert all(t in dict((t, n) for t, n, _ in cod.data.TRAPS) for t in traps)
        cards.add(traps)
        for viewer in (None, *range(players)):
            assert all(t == {"state": "face down", "card": None, "name": None, "grid": None, "squares": None}
                       for t in state.view(viewer)["traps"])
    assert len(cards) > 4


def test_starting_layout_equals_the_rulings_table():
    """Rulings §1: the starting layout table (Earth a1 G, c1 S, d2 S, c3 G; Air a4 G, a2 S, b1 S,
    c2 G; Fire d4 G, b4 S, a3 S, b2 G; Water d1 G, d3 S, c4 S, b3 G)."""
    table = {
        "Earth": {"a1": "G", "c1": "S", "d2": "S", "c3": "G"},
        "Air": {"a4": "G", "a2": "S", "b1": "S", "c2": "G"},
        "Fire": {"d4": "G", "b4": "S", "a3": "S", "b2": "G"},
        "Water": {"d1": "G", "d3": "S", "c4": "S", "b3": "G"},
    }
    expected = {sq: (element, side) for element, squares in table.items() for sq, side in squares.items()}
    assert START_LAYOUT == expected == board(*START_ROWS)
    for players in (2, 3, 4):
        assert tiles(ninekit.make("codinca", players).new(5)) == expected
        assert tiles(position(players)) == expected


def test_starting_layout_is_the_same_from_every_seat():
    """Rulings §1: each element owns one square per orbit of R and Air = R(Earth), Fire = R^2,
    Water = R^3; corners and centre gold, edges stone."""
    def rot(sq):  # R: a quarter turn clockwise seen from above (S -> W -> N -> E)
        f, r = FILES.index(sq[0]), int(sq[1]) - 1
        return f"{FILES[r]}{4 - f}"
    nxt = {"Earth": "Air", "Air": "Fire", "Fire": "Water", "Water": "Earth"}
    for sq, (element, side) in START_LAYOUT.items():
        assert START_LAYOUT[rot(sq)] == (nxt[element], side)
        corner_or_centre = sq in ("a1", "a4", "d1", "d4", "b2", "b3", "c2", "c3")
        assert side == ("G" if corner_or_centre else "S")


def test_setup_is_deterministic_from_the_seed():
    """README: all set-up randomness comes from the seed (discs and traps)."""
    for players in (2, 3, 4):
        game = ninekit.make("codinca", players)
        assert game.new(11).position == game.new(11).position
        assert {game.new(s).position for s in range(6)} != {game.new(11).position}
        assert len({(game.new(s).position.discs, game.new(s).position.traps) for s in range(6)}) == 6


def test_lock_totem_starts_at_home():
    """Rulebook set-up: "Place the Lock Totem in the centre spot ... no tiles are locked"."""
    view = ninekit.make("codinca", 2).new(0).view(None)
    assert view["totem"] == "V22" and view["locked"] == [] and view["locker"] is None


def test_option_beginner_must_be_a_bool():
    """Option ``beginner``: True or False only (rulebook: the Beginners Game)."""
    assert ninekit.make("codinca", 2, beginner=True).options["beginner"] is True
    for bad in (1, "yes", None):
        with pytest.raises(ValueError, match="option 'beginner' must be one of false, true"):
            ninekit.make("codinca", 2, beginner=bad)


def test_option_round_limit_is_a_whole_number_from_1_to_200():
    """Rulings §6: the house rule ``round_limit`` (default 40)."""
    assert ninekit.make("codinca", 2).options == {"beginner": False, "round_limit": 40}
    assert ninekit.make("codinca", 2, round_limit=1).options["round_limit"] == 1
    assert ninekit.make("codinca", 2, round_limit=200).options["round_limit"] == 200
    for bad in (0, 201, -3, 2.5, "40", True, None):
        with pytest.raises(ValueError, match="option 'round_limit' must be a whole number from 1 to 200"):
            ninekit.make("codinca", 2, round_limit=bad)


def test_unknown_option_and_player_count_refused():
    """The game is for 2-4 players (rulings §0); unknown options are named."""
    with pytest.raises(ValueError, match="unknown option 'teams' for codinca; options are: beginner, round_limit"):
        ninekit.make("codinca", 2, teams=True)
    for bad in (1, 5):
        with pytest.raises(ValueError, match=r"Codinca is for 2 to 4 players"):
            ninekit.make("codinca", bad)


def test_reconstructed_components_are_labelled_as_such():
    """Rulings (preamble): the layout, discs, traps and crystals are reconstructed: "show them as
    reconstructed in the tutorial and rules panel"."""
    view = position(2).view(0)
    assert view["reconstructed"].startswith("Reconstructed:")
    assert "*Reconstructed:*" in ninekit.make("codinca", 2).rules.summary


def test_the_ten_luck_actions_of_the_luck_action_guide():
    """Luck Action Guide / rulings §5: the ten actions, in the guide's order."""
    assert [name for _id, name, _text in cod.LUCK_ACTIONS] == [
        "Reveal Trap", "Line Push", "Switch Pair", "Rotate Block", "Line Lock", "Block Lock", "Block Flip",
        "Line Flip", "Extra Move", "Rewind"]


# --- the Switch -----------------------------------------------------------------------

def test_switch_own_tile_with_any_adjacent_tile_including_diagonals():
    """Rulebook: "a player can swap the position of any one of their own four Symbol Tiles with any
    adjacent tile (including diagonally)"."""
    state = position(2)
    assert sorted(legal(state, "tile")) == ["a3", "b2", "b4", "d4"]
    after = play(state, "tile", "b2")
    assert sorted(legal(after, "switch")) == ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    assert sorted(legal(play(state, "tile", "d4"), "switch")) == ["c3", "c4", "d3"]
    state = switch(state, "b2", "c1")  # a diagonal
    assert tiles(state)["c1"] == ("Fire", "G") and tiles(state)["b2"] == ("Earth", "S")


def test_switch_must_include_an_own_tile():
    """Rulebook: "A Switch must always include at least one of the switching player's own Symbol
    Tiles"."""
    state = position(2)
    assert refused(state, "tile", "c3") == ("The tile on c3 is Earth's: a Switch must include one of your own "
                                            "(Fire) tiles, so choose one of yours first")
    assert "Water's" in refused(state, "tile", "b3")


def test_switch_only_with_an_adjacent_tile():
    """Rulebook: a Switch is with an *adjacent* tile."""
    state = play(position(2), "tile", "b2")
    assert refused(state, "switch", "d4").startswith("d4 is not next to b2: a Switch exchanges two adjacent tiles")


def test_switch_own_tile_with_own_tile_allowed():
    """Rulings §5: "Switching two of your own tiles is legal, and it rearranges your stone and gold
    faces"."""
    state = switch(position(2), "b2", "a3")  # Fire gold <-> Fire stone
    assert tiles(state)["a3"] == ("Fire", "G") and tiles(state)["b2"] == ("Fire", "S")


def test_no_rewind_forbids_only_the_next_player_switching_the_same_two_tiles_back():
    """Rulebook NO REWIND RULE: "A player may not immediately 'un-switch' two tiles which have been
    switched by the previous player ... only applies to the next player"."""
    state = turn(position(2), "b2", "c3", "a4")  # Fire to c3, Earth to b2
    assert state.to_move == 1
    assert state.view(1)["no_rewind"] == ["b2", "c3"]
    chosen = play(state, "tile", "b2")
    assert "c3" not in legal(chosen, "switch")
    assert refused(chosen, "switch", "c3").startswith("No Rewind: b2 and c3 were just switched by the previous player")
    assert "a1" in legal(chosen, "switch")  # the same tile may switch elsewhere
    # Earth switches elsewhere; back on Fire's turn the old pair is free again (Fire is not "next").
    state = turn(state, "d2", "d1", "a4")
    assert state.to_move == 0
    assert "b2" in legal(play(state, "tile", "c3"), "switch")


def test_no_rewind_does_not_bind_a_third_player():
    """Rulebook: "Any other players in the game are free to undo the switch if they choose to do so on
    that round" (3 players: Fire switches with Air's tile, Water moves, Air may switch them back)."""
    state = turn(position(3), "b2", "c2", "a4")  # Fire G to c2, Air G to b2
    state = turn(state, "d3", "d2", "a4")  # Water
    assert state.view(None)["elements"][state.to_move] == "Air"
    state = switch(state, "b2", "c2")
    assert tiles(state)["b2"] == ("Fire", "G") and tiles(state)["c2"] == ("Air", "G")


def test_no_rewind_binds_fire_after_the_last_seat_of_the_previous_round():
    """Rulings §5: No Rewind binds "the next player"; after Air (the last seat) the next player is Fire,
    at the start of the next round."""
    state = turn(position(4, to_move=3), "a2", "a3", "d1")  # Air to a3, Fire to a2
    assert state.to_move == 0 and state.view(0)["round"] == 2 and state.view(0)["no_rewind"] == ["a2", "a3"]
    assert "a3" not in legal(play(state, "tile", "a2"), "switch")
    assert "rewind" in legal(state, "luck")


def test_no_rewind_still_allows_unflipping():
    """Rulebook: "They can however un-flip a tile flipped by the same player if they wish"."""
    state = turn(position(2), "b2", "c3", "a1")  # Fire flips Earth's a1 to stone
    assert tiles(state)["a1"] == ("Earth", "S")
    state = seq(state, "tile:d2", "switch:d1", "flip:a1")
    assert tiles(state)["a1"] == ("Earth", "G")


def test_no_rewind_binds_an_extra_move_switch():
    """Rulings §5 Extra Move: "make one more Switch, obeying every Switch rule including No Rewind"."""
    state = turn(position(2), "b2", "c3", "a4")
    state = seq(state, "tile:d2", "switch:d1", "flip:a4", "luck:extra_move", "extra:switch", "tile:b2")
    assert "c3" not in legal(state, "switch")
    assert refused(state, "switch", "c3").startswith("No Rewind")


def test_no_rewind_counts_the_last_switch_of_the_turn():
    """Rulings §5: "the next player may not exchange the two tiles from a player's last Switch of the
    turn (the normal Switch or an Extra Move switch)"."""
    state = seq(position(2), "tile:b2", "switch:a1", "flip:a4", "luck:extra_move", "extra:switch",
                "tile:d4", "switch:c3", "end")
    assert state.to_move == 1 and state.view(1)["no_rewind"] == ["c3", "d4"]
    assert "a1" in legal(play(state, "tile", "b2"), "switch")  # the first Switch may be undone
    assert "c3" not in legal(play(state, "tile", "d4"), "switch")  # the last may not
    assert refused(play(state, "tile", "d4"), "switch", "c3").startswith("No Rewind")


def test_no_legal_switch_is_skipped_and_the_flip_is_offered():
    """Rulings §5: "If you have no legal Switch, skip it. The Flip is compulsory"."""
    tiles_ = board("FS FG FS FG", "AS WG EG WS", "AS WG AG ES", "EG AS ES WG")
    state = position(2, tiles=tiles_, totem="R4", locker=1)  # Earth's Line Lock holds all of Fire's tiles
    assert legal(state, "tile") == []
    assert state.prompt.startswith("Fire: you have no legal Switch, so it is skipped: choose a tile to Flip")
    assert sorted(legal(state, "flip")) == sorted(sq for sq in SQUARES if sq[1] != "4")
    assert "line_push" in legal(state, "luck") and "extra_move" not in legal(state, "luck")
    state = play(state, "flip", "b3")
    assert state.view(None)["step"] == "after" and legal(state, "end") == [None]


def test_flip_with_no_legal_switch_is_logged():
    """Rulings §5: with no legal Switch the turn is the Flip alone; the log records it like any Flip."""
    tiles_ = board("FS FG FS FG", "AS WG EG WS", "AS WG AG ES", "EG AS ES WG")
    state = play(position(2, tiles=tiles_, totem="R4", locker=1), "flip", "b3")
    assert state.log(1) == ["Fire flips b3: Water now stone"]


def test_flip_is_compulsory_no_end_before_it():
    """Rulebook: "A player must complete BOTH of these actions on every turn"."""
    state = switch(position(2), "b2", "c3")
    assert {m.kind for m in state.legal_moves()} == {"flip", "trap"}
    assert refused(state, "end") == "Your turn ends only after your Switch and Flip"
    assert refused(position(2), "end") == "Your turn ends only after your Switch and Flip"


def test_flip_comes_after_the_switch():
    """Rulebook: "Once a player has made a switch they can then turn over one tile"."""
    assert refused(position(2), "flip", "a1").startswith("First the Switch")


def test_flip_any_unlocked_tile_including_opponents():
    """Rulebook: the Flip may be "one of the two tiles just switched, or any other tile (including
    opponent's tiles) anywhere on the board"; it does not move the tile."""
    state = switch(position(2), "b2", "c3")
    assert sorted(legal(state, "flip")) == sorted(SQUARES)
    for sq in SQUARES:
        after = play(state, "flip", sq)
        for other in SQUARES:
            element, side = tiles(state)[other]
            assert tiles(after)[other] == (element, flipped(side) if other == sq else side)


def test_only_one_switch_and_one_flip_per_turn():
    """Rulebook: a turn is one Switch and one Flip (an Extra Move luck action buys more)."""
    state = switch(position(2), "b2", "c3")
    assert refused(state, "tile", "b4").startswith("You have made your Switch this turn")
    state = play(state, "flip", "a1")
    assert refused(state, "flip", "a1").startswith("That is not one of the decisions open now")
    assert refused(state, "tile", "b4").startswith("You have made your Switch this turn")


# --- Luck actions ------------------------------------------------------------------------

def test_reveal_trap_shows_only_own_card_to_own_view_only():
    """Luck Action Guide, Reveal Trap: "A player may pick up and look at their trap card" (rulings §5.1);
    it stays hidden from everyone else."""
    state = position(2, traps=["T05", "T06"])
    state = play(state, "luck", "reveal_trap")
    assert state.view(0)["traps"][0]["card"] == "T05" and state.view(0)["traps"][0]["name"] == "Left Column Ends"
    assert state.view(0)["traps"][1]["card"] is None
    for viewer in (1, None):
        assert state.view(viewer)["traps"][0] == {"state": "looked at", "card": None, "name": None, "grid": None,
                                                  "squares": None}
    assert legal(state, "trap") == [None]
    assert state.view(None)["tokens"] == [3, 4]


def test_reveal_trap_only_while_face_down():
    """Luck Action Guide: Reveal Trap looks at a face-down card; once looked at or played there is
    nothing to reveal."""
    state = play(position(2), "luck", "reveal_trap")
    assert "reveal_trap" not in legal(state, "luck")
    assert refused(state, "luck", "reveal_trap") == "Reveal Trap: you have already looked at or played your Trap Card"
    state = play(position(2), "trap")
    assert "reveal_trap" not in legal(state, "luck")
    assert refused(state, "luck", "reveal_trap").startswith("Reveal Trap: you have already")


def test_revealed_trap_may_be_played_now_or_on_a_later_turn():
    """Luck Action Guide: "They may then decide to play the Trap Card on that turn or keep it and play
    it on any following turn"."""
    state = play(position(2, traps=["T01", "T02"]), "luck", "reveal_trap")
    assert legal(state, "trap") == [None]
    now = play(state, "trap")
    assert now.view(1)["traps"][0]["card"] == "T01"
    later = turn(state, "b2", "c3", "a4")
    later = turn(later, "d2", "d1", "a4")
    assert later.to_move == 0 and later.view(0)["traps"][0]["card"] == "T01"
    later = play(later, "trap")
    assert later.view(1)["traps"][0]["state"] == "played" and later.view(1)["traps"][0]["card"] == "T01"


@pytest.mark.parametrize("line, direction, expected", [
    ("4", "east", {"a4": "FG", "b4": "AG", "c4": "FS", "d4": "WS"}),
    ("4", "west", {"a4": "FS", "b4": "WS", "c4": "FG", "d4": "AG"}),
    ("a", "north", {"a4": "FS", "a3": "AS", "a2": "EG", "a1": "AG"}),
    ("a", "south", {"a4": "EG", "a3": "AG", "a2": "FS", "a1": "AS"}),
])
def test_line_push_both_directions_wraps_cyclically(line, direction, expected):
    """Luck Action Guide, Line Push; rulings §5.2: "Shift its four tiles one square in either direction.
    The tile pushed off one end re-enters at the other end (a cyclic shift). Sides are unchanged"."""
    state = position(2)
    state = seq(state, "luck:line_push", f"line:{line}")
    assert sorted(legal(state, "push")) == (["east", "west"] if line.isdigit() else ["north", "south"])
    state = play(state, "push", direction)
    got = tiles(state)
    assert {sq: got[sq][0][0] + got[sq][1] for sq in expected} == expected
    assert all(got[sq] == START_LAYOUT[sq] for sq in SQUARES if sq not in expected)
    assert state.view(None)["step"] == "before" and state.view(None)["tokens"] == [3, 4]
    assert state.log(1)[-1] == f"Fire spends a Luck token on Line Push: {'rank' if line.isdigit() else 'file'} " \
                               f"{line} pushed {direction}"


def test_switch_pair_has_18_side_by_side_and_8_end_to_end_exchanges():
    """Rulings §5.3: "side by side in a 2x2 (swap top/bottom or left/right halves: 18 options) or end to
    end in one rank or file (swap its halves: 8 options)"."""
    state = play(position(2), "luck", "switch_pair")
    exchanges = set()
    for first in legal(state, "pair"):
        chosen = play(state, "pair", first)
        for second in legal(chosen, "pair_with"):
            exchanges.add(frozenset({first, second}))
    assert len(exchanges) == 26

    def line_of(squares):
        return len({sq[0] for sq in squares}) == 1 or len({sq[1] for sq in squares}) == 1
    end_to_end = [e for e in exchanges if line_of({sq for d in e for sq in d.split("-")})]
    assert len(end_to_end) == 8 and len(exchanges) - len(end_to_end) == 18
    for e in exchanges:  # parallel dominoes, four different squares
        a, b = (d.split("-") for d in e)
        assert len(set(a) | set(b)) == 4
        assert (a[0][0] == a[1][0]) == (b[0][0] == b[1][0])


@pytest.mark.parametrize("first, second, swaps", [
    ("a4-b4", "a3-b3", [("a4", "a3"), ("b4", "b3")]),  # side by side, top/bottom
    ("a3-a4", "b3-b4", [("a4", "b4"), ("a3", "b3")]),  # side by side, left/right
    ("a4-b4", "c4-d4", [("a4", "c4"), ("b4", "d4")]),  # end to end in a rank
    ("a3-a4", "a1-a2", [("a4", "a2"), ("a3", "a1")]),  # end to end in a file
])
def test_switch_pair_each_tile_keeps_its_place_in_its_pair(first, second, swaps):
    """Rulings §5.3: "exchange two parallel dominoes that touch orthogonally, each tile keeping its place
    in its pair"."""
    state = seq(position(2), "luck:switch_pair", f"pair:{first}", f"pair_with:{second}")
    got = tiles(state)
    moved = set()
    for x, y in swaps:
        assert got[x] == START_LAYOUT[y] and got[y] == START_LAYOUT[x]
        moved |= {x, y}
    assert all(got[sq] == START_LAYOUT[sq] for sq in SQUARES if sq not in moved)


def test_switch_pair_refuses_offset_and_diagonal_pairs():
    """Rulings §5.3: "Offset pairs and locked squares are illegal"; rulebook: "not diagonally"."""
    state = seq(position(2), "luck:switch_pair", "pair:a4-b4")
    assert sorted(legal(state, "pair_with")) == ["a3-b3", "c4-d4"]
    refused(state, "pair_with", "b3-c3")
    with pytest.raises(ValueError, match="malformed move"):
        mv(state, "pair_with", "b3-a4")


def test_switch_pair_offset_pair_error_names_the_problem():
    """Rulings §5.3: "Offset pairs and locked squares are illegal" - with nothing locked, the refusal of
    an offset pair must not blame a lock."""
    state = seq(position(2), "luck:switch_pair", "pair:a4-b4")
    assert "locked" not in refused(state, "pair_with", "b3-c3")


@pytest.mark.parametrize("way, expected", [
    ("cw", {"a4": "FS", "b4": "AG", "b3": "FS", "a3": "WG"}),
    ("ccw", {"a4": "FS", "b4": "WG", "b3": "FS", "a3": "AG"}),
    ("180", {"a4": "WG", "b4": "FS", "b3": "AG", "a3": "FS"}),
])
def test_rotate_block_clockwise_anticlockwise_and_half_turn(way, expected):
    """Rulings §5.4: "turn its four tiles 90° clockwise (NW->NE->SE->SW->NW), 90° anticlockwise, or
    180°" (block a4 b4 b3 a3: NW AG, NE FS, SE WG, SW FS)."""
    state = seq(position(2), "luck:rotate_block", "block:V11")
    assert legal(state, "turn") == ["cw", "ccw", "180"]
    got = tiles(seq(state, f"turn:{way}"))
    assert {sq: got[sq][0][0] + got[sq][1] for sq in expected} == expected
    assert all(got[sq] == START_LAYOUT[sq] for sq in SQUARES if sq not in expected)


def test_rotate_block_any_of_the_nine_blocks():
    """Luck Action Guide: "Any 2 x 2 block of 4 adjacent tiles anywhere on the board may be rotated"."""
    state = play(position(2), "luck", "rotate_block")
    assert sorted(legal(state, "block")) == sorted(f"V{r}{c}" for r in "123" for c in "123")


RED = {"R4": ("4", "West"), "R3": ("3", "West"), "Rc": ("c", "North"), "Rd": ("d", "North"),
       "R2": ("2", "East"), "R1": ("1", "East"), "Ra": ("a", "South"), "Rb": ("b", "South")}


def line_squares(line):
    return sorted(f"{f}{line}" for f in FILES) if line.isdigit() else sorted(f"{line}{r}" for r in "1234")


def test_line_lock_red_crystals_one_per_line_where_the_rulings_put_them():
    """Rulings §4: red crystals, one per line: West edge ranks 4 and 3, North edge files c and d, East
    edge ranks 2 and 1, South edge files a and b; rulings §5.5: that line's four squares are locked."""
    state = play(position(2), "luck", "line_lock")
    assert sorted(legal(state, "crystal")) == sorted(RED)
    for crystal, (line, edge) in RED.items():
        move = [m for m in state.legal_moves() if m.args == (crystal,)][0]
        assert f"{edge} edge" in move.text
        after = play(state, "crystal", crystal)
        view = after.view(1)
        assert view["totem"] == crystal and view["locker"] == 0
        assert view["locked"] == line_squares(line)


BLUE = {"V11": "a4 b4 b3 a3", "V12": "b4 c4 c3 b3", "V13": "c4 d4 d3 c3", "V21": "a3 b3 b2 a2",
        "V23": "c3 d3 d2 c2", "V31": "a2 b2 b1 a1", "V32": "b2 c2 c1 b1", "V33": "c2 d2 d1 c1"}


def test_block_lock_eight_outer_blue_crystals_centre_is_home():
    """Rulings §4: blue crystals lock the 2x2 around them; "V22 = centre: the Lock Totem's home, locks
    nothing ... the centre block b3-c3-c2-b2 cannot be Block-Locked. Its tiles can still be
    Line-Locked"."""
    state = play(position(2), "luck", "block_lock")
    assert sorted(legal(state, "crystal")) == sorted(BLUE)
    for crystal, squares in BLUE.items():
        after = play(state, "crystal", crystal)
        assert after.view(0)["locked"] == sorted(squares.split()) and after.view(0)["totem"] == crystal
    with pytest.raises(ValueError, match="malformed move"):
        mv(state, "crystal", "V22")
    with pytest.raises(ValueError, match="impossible position"):
        position(2, totem="V22", locker=1)  # the home is no lock (position() treats V22 as home)
    assert refused(play(position(2), "luck", "line_lock"), "crystal", "V11") == \
        "That crystal is not one this Lock may use"
    locked = seq(position(2), "luck:line_lock", "crystal:R3").view(0)["locked"]
    assert {"b3", "c3"} <= set(locked)


def test_block_flip_toggles_the_four_tiles_of_a_block():
    """Luck Action Guide, Block Flip; rulings §5.7: "turn over all four tiles of an unlocked 2x2; each
    toggles"."""
    state = seq(position(2), "luck:block_flip", "block:V22")
    for sq in SQUARES:
        element, side = START_LAYOUT[sq]
        assert tiles(state)[sq] == (element, flipped(side) if sq in ("b3", "c3", "c2", "b2") else side)


@pytest.mark.parametrize("line", ["2", "c"])
def test_line_flip_toggles_a_rank_or_file(line):
    """Luck Action Guide, Line Flip; rulings §5.8: "turn over all four tiles of an unlocked rank or
    file"."""
    state = seq(position(2), "luck:line_flip", f"line:{line}")
    for sq in SQUARES:
        element, side = START_LAYOUT[sq]
        assert tiles(state)[sq] == (element, flipped(side) if sq in line_squares(line) else side)


def test_extra_move_only_after_the_flip():
    """Rulebook: "Add an additional 'Switch' or an additional 'Flip' at the end of your turn"; rulings
    §5.9."""
    state = position(2)
    assert "extra_move" not in legal(state, "luck")
    assert refused(state, "luck", "extra_move") == "Extra Move is taken at the end of your turn, after your Flip"
    state = seq(state, "tile:b2", "switch:c3", "flip:a4")
    assert "extra_move" in legal(state, "luck")
    state = play(state, "luck", "extra_move")
    assert legal(state, "extra") == ["switch", "flip"]
    extra_switch = seq(state, "extra:switch")
    assert sorted(legal(extra_switch, "tile")) == ["a3", "b4", "c3", "d4"]
    extra_switch = seq(extra_switch, "tile:b4", "switch:c4")
    assert extra_switch.view(None)["step"] == "after" and tiles(extra_switch)["c4"] == ("Fire", "S")
    extra_flip = seq(state, "extra:flip")
    assert sorted(legal(extra_flip, "flip")) == sorted(SQUARES)
    extra_flip = seq(extra_flip, "flip:d1")
    assert tiles(extra_flip)["d1"] == ("Water", "S") and extra_flip.view(None)["step"] == "after"


def test_extra_move_is_a_flip_when_no_switch_is_legal():
    """Rulings §5.9: the extra Switch obeys every Switch rule; with none legal only the Flip is left."""
    tiles_ = board("FS FG FS FG", "AS WG EG WS", "AS WG AG ES", "EG AS ES WG")
    state = position(2, tiles=tiles_, totem="R4", locker=1)
    state = seq(state, "flip:b3", "luck:extra_move")
    assert legal(state, "extra") == ["flip"]
    assert refused(state, "extra", "switch") == "You have no legal Switch now, so the extra move must be a Flip"


def test_rewind_undoes_the_previous_players_switch_keeping_sides():
    """Luck Action Guide, Rewind: "Undo a 'Switch' made by the preceding player on this round"; rulings
    §5.10: "swap them back (overriding No Rewind; sides stay as they are now). Then take your normal
    turn"."""
    state = seq(position(2), "tile:b2", "switch:c3", "flip:c3", "end")  # Fire to c3 and turned to stone
    assert tiles(state)["c3"] == ("Fire", "S") and tiles(state)["b2"] == ("Earth", "G")
    assert "rewind" in legal(state, "luck")
    state = play(state, "luck", "rewind")
    assert tiles(state)["b2"] == ("Fire", "S") and tiles(state)["c3"] == ("Earth", "G")
    assert all(tiles(state)[sq] == START_LAYOUT[sq] for sq in SQUARES if sq not in ("b2", "c3"))
    view = state.view(None)
    assert view["tokens"] == [4, 3] and view["rewind_used"] == [False, True] and view["step"] == "before"
    assert state.log(0)[-1] == "Earth spends a Luck token on Rewind: b2 and c3 are switched back"
    assert legal(state, "tile")  # the normal turn follows
    state = turn(state, "c3", "b2", "a4")  # Earth may now use those tiles freely
    assert tiles(state)["b2"] == ("Earth", "G")


def test_rewind_once_per_game():
    """Rulebook: "with the exception of the 'Rewind' action which can only be used once by each player
    in a game"."""
    state = turn(position(2), "b2", "c3", "a4")
    state = seq(state, "luck:rewind")
    state = turn(state, "d2", "d1", "a4")
    state = turn(state, "b2", "c3", "a4")
    assert state.to_move == 1 and state.view(1)["no_rewind"] == ["b2", "c3"]
    assert "rewind" not in legal(state, "luck")
    assert refused(state, "luck", "rewind") == "Rewind may be used only once per game, and you have used it"
    used = position(2, last_switch=("b2", "c3"), to_move=1, rewind_used=[1])
    assert refused(used, "luck", "rewind") == "Rewind may be used only once per game, and you have used it"
    # Fire's own Rewind is separate.
    assert "rewind" in legal(position(2, last_switch=("b2", "c3"), rewind_used=[1]), "luck")


def test_rewind_only_before_the_switch():
    """Rulings §5.10: "once per game, before your Switch"."""
    state = position(2, last_switch=("b2", "c3"), to_move=1)
    assert "rewind" in legal(state, "luck")
    state = seq(state, "tile:d2", "switch:d1", "flip:a4")
    assert state.view(None)["rewind_squares"] == ["b2", "c3"]  # the Switch still stands
    assert "rewind" not in legal(state, "luck")
    assert refused(state, "luck", "rewind") == "Rewind is used before your Switch"


def test_rewind_only_while_the_previous_switch_stands():
    """Rulings §5.10: "If both tiles of the previous player's Switch still stand where it put them";
    with no Switch by the previous player there is nothing to undo."""
    assert "rewind" not in legal(position(2, to_move=1), "luck")
    assert refused(position(2, to_move=1), "luck", "rewind") == \
        "Rewind: there is no Switch by the previous player standing to undo"
    state = seq(position(2, last_switch=("b2", "c3"), to_move=1), "luck:line_push", "line:2", "push:east")
    assert "rewind" not in legal(state, "luck")
    assert refused(state, "luck", "rewind").startswith("Rewind: there is no Switch")


def test_rewind_refused_when_a_tile_of_the_switch_is_locked():
    """Rulings §5.10: "... and neither is locked"."""
    state = position(2, last_switch=("b2", "c3"), to_move=1, totem="V12", locker=0)
    assert "rewind" not in legal(state, "luck")
    assert refused(state, "luck", "rewind").startswith("Rewind: a tile of the previous player's Switch is locked")


def test_luck_actions_only_before_the_switch_or_after_the_flip():
    """Rulings §5: tokens are spent "either before your Switch or after your Flip (before a claim)";
    not between them."""
    state = position(2)
    assert legal(state, "luck")
    chosen = play(state, "tile", "b2")
    assert legal(chosen, "luck") == []
    assert refused(chosen, "luck", "line_flip") == \
        "Luck actions are taken before your Switch or after your Flip, not between them"
    between = play(chosen, "switch", "c3")
    assert legal(between, "luck") == []
    assert refused(between, "luck", "block_flip") == \
        "Luck actions are taken before your Switch or after your Flip, not between them"
    after = play(between, "flip", "a4")
    assert "line_flip" in legal(after, "luck")


def test_each_luck_action_costs_one_token_and_may_repeat():
    """Rulebook: "place the spent token on top of the relevant icon"; actions may be bought more than
    once (except Rewind)."""
    state = seq(position(2), "luck:block_flip", "block:V11", "luck:block_flip", "block:V11")
    assert tiles(state) == START_LAYOUT
    view = state.view(1)
    assert view["tokens"] == [2, 4] and view["luck_used"] == [{"block_flip": 2}, {}]
    state = seq(state, "luck:line_flip", "line:1", "luck:reveal_trap")
    assert state.view(1)["tokens"] == [0, 4]
    assert state.view(1)["luck_used"][0] == {"block_flip": 2, "line_flip": 1, "reveal_trap": 1}


def test_no_tokens_no_luck_actions():
    """Rulebook: a luck action needs a Luck token."""
    state = position(2, tokens=[0, 4], last_switch=("a1", "b1"))
    assert legal(state, "luck") == []
    refused(state, "luck", "line_push")
    refused(state, "luck", "rewind")
    assert "spend a Luck token" not in state.prompt
    after = seq(state, "tile:b2", "switch:c3", "flip:a4")
    assert legal(after, "luck") == [] and legal(after, "end") == [None]
    refused(after, "luck", "extra_move")


def test_no_tokens_refusal_names_the_rule():
    """Rulebook: a Luck action costs a token; the refusal says there is none left."""
    state = position(2, tokens=[0, 4], last_switch=("a1", "b1"))
    assert refused(state, "luck", "line_push") == "You have no Luck tokens left"
    assert refused(state, "luck", "rewind") == "You have no Luck tokens left"
    after = seq(state, "tile:b2", "switch:c3", "flip:a4")
    assert refused(after, "luck", "extra_move") == "You have no Luck tokens left"


def test_luck_action_needs_all_its_squares_unlocked():
    """Rulings §5 Locks: "An action needs all its squares unlocked; nothing resolves partially"."""
    state = position(2, totem="V21", locker=1)  # a3 b3 b2 a2 locked
    assert sorted(legal(seq(state, "luck:line_push"), "line")) == ["1", "4", "c", "d"]
    assert sorted(legal(seq(state, "luck:line_flip"), "line")) == ["1", "4", "c", "d"]
    assert sorted(legal(seq(state, "luck:rotate_block"), "block")) == ["V13", "V23", "V33"]
    assert sorted(legal(seq(state, "luck:block_flip"), "block")) == ["V13", "V23", "V33"]
    pairs = legal(seq(state, "luck:switch_pair"), "pair")
    assert pairs and not any({"a3", "b3", "b2", "a2"} & set(d.split("-")) for d in pairs)
    for action, kind, arg in (("line_flip", "line", "3"), ("line_push", "line", "a"), ("block_flip", "block", "V11"),
                              ("rotate_block", "block", "V22")):
        text = refused(play(state, "luck", action), kind, arg)
        assert text.startswith("That choice has a locked tile") and "an action needs all its squares unlocked" in text
    # a pair whose partners are all offset by the lock
    chosen = seq(state, "luck:switch_pair", "pair:a1-b1")
    assert legal(chosen, "pair_with") == ["c1-d1"]
    assert refused(chosen, "pair_with", "a2-b2").startswith("That choice has a locked tile")


# --- Locks -------------------------------------------------------------------------------

def test_lock_binds_everyone_including_the_locker():
    """Rulings §5 Locks: "A lock binds everyone, the locker included"."""
    state = seq(position(2), "luck:line_lock", "crystal:R4")  # Fire locks rank 4: its own b4 and d4
    assert sorted(legal(state, "tile")) == ["a3", "b2"]
    assert refused(state, "tile", "b4").startswith("The tile on b4 is locked: locked tiles may not be moved or flipped")
    state = seq(state, "tile:a3", "switch:b3")
    assert "a4" not in legal(state, "flip")
    assert refused(state, "flip", "a4").startswith("The tile on a4 is locked")


def test_lock_lasts_until_the_start_of_the_lockers_next_turn():
    """Luck Action Guide, Line Lock: "lock that row for one full round ... until the Lock Totem is removed
    and returned to the centre of the board at the beginning of your next turn"; rulings §5."""
    state = seq(position(3), "tile:b2", "switch:c3", "flip:a1", "luck:line_lock", "crystal:R4", "end")
    for seat in (1, 2):  # Water, then Air: still locked
        assert state.to_move == seat and state.view(seat)["locked"] == ["a4", "b4", "c4", "d4"]
        assert "a4" not in legal(state, "tile") and "c4" not in legal(state, "tile")
        own = legal(state, "tile")[0]
        state = seq(state, f"tile:{own}", f"switch:{legal(play(state, 'tile', own), 'switch')[0]}", "flip:a1", "end")
    assert state.to_move == 0
    view = state.view(0)
    assert view["totem"] == "V22" and view["locked"] == [] and view["locker"] is None
    assert any("lock on rank 4 ends" in line for line in state.log(2))


def test_only_one_totem_no_lock_while_it_is_away():
    """Rulings §5: "There is one totem, so Lock actions are legal only while it is at home. Locks never
    stack"."""
    state = position(2, totem="V33", locker=1)
    assert "line_lock" not in legal(state, "luck") and "block_lock" not in legal(state, "luck")
    for action in ("line_lock", "block_lock"):
        assert "the Lock Totem is not at home" in refused(state, "luck", action)
    state = seq(position(2), "luck:block_lock", "crystal:V11")
    assert "line_lock" not in legal(state, "luck")


def test_locked_tiles_cannot_be_switched_or_flipped():
    """Luck Action Guide: "The locked tiles may not be moved or flipped by any player"."""
    state = position(2, totem="V21", locker=1)  # a3 b3 b2 a2
    assert sorted(legal(state, "tile")) == ["b4", "d4"]
    assert refused(state, "tile", "a3").startswith("The tile on a3 is locked")
    chosen = play(state, "tile", "b4")
    assert sorted(legal(chosen, "switch")) == ["a4", "c3", "c4"]
    assert refused(chosen, "switch", "b3").startswith("The tile on b3 is locked")
    between = play(chosen, "switch", "c4")
    assert sorted(legal(between, "flip")) == sorted(set(SQUARES) - {"a3", "b3", "b2", "a2"})
    assert refused(between, "flip", "b2").startswith("The tile on b2 is locked")


# --- Trap Cards ---------------------------------------------------------------------------

def card_square(seat, i, j):
    """Rulings §3 seat rotation, from its table: where card row i (0 = far) and column j (0 = left) land."""
    if seat == "Earth":   # far row -> rank 4, left column -> file a
        return f"{FILES[j]}{4 - i}"
    if seat == "Air":     # far row -> file d, left column -> rank 4
        return f"{FILES[3 - i]}{4 - j}"
    if seat == "Fire":    # far row -> rank 1, left column -> file d
        return f"{FILES[3 - j]}{1 + i}"
    return f"{FILES[i]}{1 + j}"  # Water: far row -> file a, left column -> rank 1


TRAP_GRIDS = {  # rulings §3, copied from the rulings text
    "T01": "SSSS/..../..../....", "T02": "..../..../..../GGGG", "T03": "..../SGSG/..../....",
    "T04": "..../..../GGSS/....", "T05": "G.../S.../S.../G...", "T06": "...S/...S/...G/...G",
    "T07": ".GS./.GS./.GS./.GS.", "T08": "S.../.S../..S./...S", "T09": "...G/..G./.G../G...",
    "T10": "S..G/.SG./.GS./G..S", "T11": "..../.GG./.GG./....", "T12": "..../.SG./.GS./....",
    "T13": "SSSS/S..S/S..S/SSSS", "T14": "SGSG/GSGS/SGSG/GSGS", "T15": "GSGS/SGSG/..../....",
    "T16": "G..G/..../..../G..G", "T17": "S..G/..../..../G..S", "T18": "..../G.G./..../G.G.",
    "T19": ".S.S/..../.S.S/....", "T20": "GGGG/GGGG/..../....", "T21": "SS../SS../SS../SS..",
    "T22": "..../..../SSSS/GGGG", "T23": "..SS/..SS/..../....", "T24": "..../..../GG../GG..",
}


@pytest.mark.parametrize("card, seat, expected", [
    ("T05", "Earth", {"a4": "G", "a3": "S", "a2": "S", "a1": "G"}),
    ("T05", "Air", {"d4": "G", "c4": "S", "b4": "S", "a4": "G"}),
    ("T05", "Fire", {"d1": "G", "d2": "S", "d3": "S", "d4": "G"}),
    ("T05", "Water", {"a1": "G", "b1": "S", "c1": "S", "d1": "G"}),
    ("T06", "Earth", {"d4": "S", "d3": "S", "d2": "G", "d1": "G"}),
    ("T06", "Air", {"d1": "S", "c1": "S", "b1": "G", "a1": "G"}),
    ("T06", "Fire", {"a1": "S", "a2": "S", "a3": "G", "a4": "G"}),
    ("T06", "Water", {"a4": "S", "b4": "S", "c4": "G", "d4": "G"}),
    ("T23", "Earth", {"c4": "S", "d4": "S", "c3": "S", "d3": "S"}),
    ("T23", "Air", {"d1": "S", "d2": "S", "c1": "S", "c2": "S"}),
    ("T23", "Fire", {"a1": "S", "b1": "S", "a2": "S", "b2": "S"}),
    ("T23", "Water", {"a4": "S", "b4": "S", "a3": "S", "b3": "S"}),
    ("T04", "Fire", {"d3": "G", "c3": "G", "b3": "S", "a3": "S"}),
    ("T15", "Air", {"d4": "G", "d3": "S", "d2": "G", "d1": "S", "c4": "S", "c3": "G", "c2": "S", "c1": "G"}),
])
def test_trap_effect_turns_the_card_to_face_each_seat(card, seat, expected):
    """Rulings §3 seat rotation: Earth reads the card as printed, Air a quarter turn clockwise (far row
    on file d, left column on rank 4), Fire a half turn (far row on rank 1, left column on file d),
    Water a quarter turn anticlockwise (far row on file a, left column on rank 1)."""
    assert trap_effect(card, seat) == expected


def test_trap_effect_of_every_card_from_every_seat_follows_the_rulings_table():
    """Rulings §3: all 24 cards, each seat, against the card grids and the seat-rotation table."""
    assert {t: g for t, _n, g in cod.data.TRAPS} == TRAP_GRIDS
    for card, grid in TRAP_GRIDS.items():
        for seat in ("Earth", "Air", "Fire", "Water"):
            expected = {card_square(seat, i, j): side for i, row in enumerate(grid.split("/"))
                        for j, side in enumerate(row) if side != "."}
            assert trap_effect(card, seat) == expected
    with pytest.raises(ValueError, match="unknown Trap Card 'T25'"):
        trap_effect("T25", "Earth")
    with pytest.raises(ValueError, match="unknown element"):
        trap_effect("T01", "Aether")


def test_playing_a_trap_flips_only_wrong_side_tiles_and_moves_nothing():
    """Rulebook: "Traps make tiles flip from Stone to Gold or vice versa; but do not switch the positions
    of any tiles"; rulings §3: "Flip every marked tile showing the wrong side. Nothing moves"."""
    state = play(position(2, traps=["T01", "T02"]), "trap")  # Fire: far row lands on rank 1, all stone
    got = tiles(state)
    for sq in SQUARES:
        element, side = START_LAYOUT[sq]
        want = "S" if sq[1] == "1" else side
        assert got[sq] == (element, want)
    assert state.view(None)["last_trap"] == {"seat": 0, "card": "T01", "flipped": ["a1", "d1"]}
    assert state.log(1)[-1] == "Fire plays Trap Card T01 Far Row Stone (blind): flips a1, d1"
    view = state.view(1)["traps"][0]
    assert view["state"] == "played" and view["card"] == "T01" and view["name"] == "Far Row Stone"
    assert view["squares"] == {"a1": "S", "b1": "S", "c1": "S", "d1": "S"}


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_played_trap_is_turned_to_face_its_players_seat(seat):
    """Rulebook: "The card should be placed face up in front of the player with the red arrow pointing
    towards the playing board"; rulings §3 seat rotation, in play from each of the four seats."""
    state = position(4, traps=["T06", "T10", "T23", "T05"], to_move=seat)
    element = state.view(None)["elements"][seat]
    card = state.position.traps[seat]
    after = tiles(play(state, "trap"))
    marks = trap_effect(card, element)
    assert marks == {card_square(element, i, j): side for i, row in enumerate(TRAP_GRIDS[card].split("/"))
                     for j, side in enumerate(row) if side != "."}
    for sq in SQUARES:
        assert after[sq] == (START_LAYOUT[sq][0], marks.get(sq, START_LAYOUT[sq][1]))


def test_trap_before_the_switch():
    """Rulings §3 Use: played "before the Switch"; the turn then goes on."""
    state = position(2, traps=["T01", "T02"])
    assert legal(state, "trap") == [None]
    state = play(state, "trap")
    assert state.view(None)["step"] == "before" and legal(state, "tile")
    assert state.view(None)["tokens"] == [4, 4]  # playing a Trap costs no token


def test_trap_between_switch_and_flip():
    """Rulings §3 Use: played "between Switch and Flip"."""
    state = switch(position(2, traps=["T01", "T02"]), "b2", "c3")
    assert legal(state, "trap") == [None]
    state = play(state, "trap")
    assert state.view(None)["step"] == "flip" and tiles(state)["a1"] == ("Earth", "S")


def test_trap_after_the_flip_before_a_claim():
    """Rulings §3 Use: played "after the Flip and before a claim"; a Trap that completes a pattern
    makes the claim due."""
    tiles_ = board("AS WG EG WS", "AS WG AG ES", "EG AS ES WG", "FG FG FS FS")
    state = seq(position(2, tiles=tiles_, traps=["T01", "T02"]), "tile:a1", "switch:b1", "flip:a1")
    assert [tiles(state)[f"{f}1"][1] for f in FILES] == ["S", "G", "S", "S"]
    assert legal(state, "trap") == [None] and legal(state, "end") == [None]
    state = play(state, "trap")
    assert legal(state, "claim") == ["L1"] and legal(state, "end") == []
    state = play(state, "claim", "L1")
    assert state.view(1)["claimed"] == [["L1"], []]


def test_trap_not_offered_while_choosing_the_switch_partner_or_after_an_extra_flip():
    """Rulings §3 Use: the three timings are before the Switch, between Switch and Flip, and after the
    Flip; not in the middle of the Switch itself."""
    state = play(position(2), "tile", "b2")
    assert legal(state, "trap") == []
    state = seq(state, "switch:c3", "flip:a4", "luck:extra_move", "extra:flip")
    assert legal(state, "trap") == [] and legal(play(state, "flip", "a4"), "trap") == [None]


def test_one_trap_card_per_game():
    """Rulings §3: "The card stays face up in front of its player; it is used up (no new card)"."""
    state = play(position(2), "trap")
    assert legal(state, "trap") == []
    assert refused(state, "trap") == "You have already played your Trap Card (each player has one for the whole game)"
    state = turn(state, "b2", "c3", "a4")
    state = turn(state, "d2", "d1", "a4")
    assert state.to_move == 0 and legal(state, "trap") == []
    assert "play your Trap Card" not in state.prompt


def test_trap_breaks_any_lock_in_play_even_one_it_does_not_touch():
    """Rulebook: "IMPORTANT: A Trap will cause any Lock in play to fail immediately (return the Lock
    Totem to its central spot on the board)"; rulings §3 step 1: "Any lock in play fails at once (totem
    home), whichever squares it covers" (an earlier ruling broke only a lock the card touches)."""
    state = position(2, totem="R4", locker=1, traps=["T01", "T02"])  # Fire's T01 marks rank 1 only
    assert set(trap_effect("T01", "Fire")).isdisjoint({"a4", "b4", "c4", "d4"})
    state = play(state, "trap")
    view = state.view(1)
    assert view["totem"] == "V22" and view["locked"] == [] and view["locker"] is None
    assert state.log(1)[-1].endswith("; the lock on rank 4 fails and the Lock Totem goes home")
    assert "line_lock" in legal(state, "luck")


def test_trap_breaks_a_lock_it_touches():
    """Rulings §3 step 1: "Any lock in play fails at once (totem home)"; rulings §5: locked squares may
    not be flipped "by any action except a Trap, which breaks the lock first" - so the card's marks on the
    locked squares take effect."""
    state = position(2, totem="R4", locker=1, traps=["T02", "T01"])  # Fire's T02: near row = rank 4, gold
    state = play(state, "trap")
    assert state.view(0)["totem"] == "V22"
    assert [tiles(state)[f"{f}4"] for f in FILES] == [("Air", "G"), ("Fire", "G"), ("Water", "G"), ("Fire", "G")]


# --- Matching Key Discs --------------------------------------------------------------------

INSTANCES = {
    "L": [[f"{f}{r}" for f in FILES] for r in "4321"] + [[f"{f}{r}" for r in "4321"] for f in FILES],
    "D": [["a4", "b3", "c2", "d1"], ["d4", "c3", "b2", "a1"]],
    "B": [[f"{FILES[c]}{r}", f"{FILES[c + 1]}{r}", f"{FILES[c + 1]}{r - 1}", f"{FILES[c]}{r - 1}"]
          for r in (4, 3, 2) for c in range(3)],
    "C": [["a4", "d4", "d1", "a1"], ["a4", "c4", "c2", "a2"], ["b4", "d4", "d2", "b2"], ["a3", "c3", "c1", "a1"],
          ["b3", "d3", "d1", "b1"]],
}
DISC_FACES = {  # rulings §2
    "L": ["SSSS", "GGGG", "SSGG", "SGSG", "SGGS", "GSSG"],
    "D": ["SSSS", "GGGG", "SSSG", "GGGS", "SGSS", "GSGG"],
    "B": ["SSSS", "GGGG", "GSSS", "SGGG", "GGSS", "GSGS"],
    "C": ["SSSS", "GGGG", "GSSS", "SGGG", "GGSS", "GSGS"],
}


def reading_list(group, face):
    """Rulings §2 allowed re-readings: strips as printed or reversed; squares any 90° turn."""
    if group in "LD":
        return [face, face[::-1]]
    return [face[i:] + face[:i] for i in range(4)]


def readings(group, face):
    return set(reading_list(group, face))


def placed(element, squares, sides):
    """A board with ``element``'s four tiles on ``squares`` showing ``sides``; other tiles elsewhere."""
    others = [e for e in ("Earth", "Air", "Fire", "Water") if e != element]
    rest = [sq for sq in SQUARES if sq not in squares]
    out = {sq: (element, side) for sq, side in zip(squares, sides)}
    for k, sq in enumerate(rest):
        out[sq] = (others[k // 4], "GS"[k % 2])
    return out


def test_disc_table_as_the_rulings_give_it():
    """Rulings §2: 24 discs, six per group, with the printed faces of the table; 12 gold and 12 stone
    cells per group."""
    assert {d: f for d, f in cod.data.DISCS.items()} == {
        f"{g}{k + 1}": face for g, faces in DISC_FACES.items() for k, face in enumerate(faces)}
    for faces in DISC_FACES.values():
        assert "".join(faces).count("G") == 12


@pytest.mark.parametrize("group", ["L", "D", "B", "C"])
def test_matched_discs_reads_each_group_only_in_its_allowed_ways(group):
    """Rulings §2 Matching: lines and diagonals as printed or reversed; blocks and corners clockwise from
    any corner (any 90° turn), not mirrored; every instance of the group (lines 8, diagonals 2, blocks
    9, corners 5) and every side pattern."""
    assert len(INSTANCES[group]) == {"L": 8, "D": 2, "B": 9, "C": 5}[group]
    for element in ("Earth", "Fire"):
        for instance in INSTANCES[group]:
            for sides in product("SG", repeat=4):
                pattern = "".join(sides)
                want = {f"{group}{k + 1}" for k, face in enumerate(DISC_FACES[group])
                        if pattern in readings(group, face)}
                assert matched_discs(placed(element, instance, pattern), element) == want, (instance, pattern)


def test_square_discs_are_not_read_mirrored():
    """Rulings §2: "Discs may be turned, not mirrored (for two-colour 4-cycles a mirror equals some
    rotation anyway)" - so reading anticlockwise never finds a disc a clockwise reading would not."""
    for group in "BC":
        for face in DISC_FACES[group]:
            mirrored = face[0] + face[3] + face[2] + face[1]
            assert mirrored in readings(group, face)
    # A strip read out of order is no reading at all: L3 SSGG does not match S G S G.
    assert matched_discs(placed("Fire", INSTANCES["L"][0], "SGSG"), "Fire") == {"L4"}


def test_every_disc_recognised_on_every_instance_in_every_reading_456_cases():
    """Rulings §2 Script checks: "each disc is recognised on every instance in every allowed reading
    (456 cases)"."""
    cases = 0
    for disc, face in cod.data.DISCS.items():
        group = disc[0]
        for instance in INSTANCES[group]:
            for reading in reading_list(group, face):
                assert disc in matched_discs(placed("Water", instance, reading), "Water")
                cases += 1
    assert cases == 456


def test_all_discs_are_distinct_under_their_readings():
    """Rulings §2 Script checks: "all discs are distinct under their allowed readings"."""
    for group, faces in DISC_FACES.items():
        sets = [readings(group, f) for f in faces]
        assert all(sets[a].isdisjoint(sets[b]) for a in range(6) for b in range(a + 1, 6))
        if group in "BC":  # rotation leaves exactly 6 faces, and each group uses all of them
            assert sum(len(s) for s in sets) == 16


def test_a_disc_needs_exactly_the_players_four_tiles_on_the_shape():
    """Rulings §2: "one instance of its shape holds exactly the player's four tiles"."""
    tiles_ = dict(RANK4_FIRE)
    assert matched_discs(tiles_, "Fire") == {"L1"}
    tiles_["d4"], tiles_["a3"] = tiles_["a3"], tiles_["d4"]  # an Air tile in the line
    assert matched_discs(tiles_, "Fire") == set()
    assert matched_discs(tiles_, "Air") == set()
    assert matched_discs(START_LAYOUT, "Earth") == set()
    with pytest.raises(ValueError, match="each element has exactly four tiles"):
        matched_discs({**START_LAYOUT, "a1": ("Fire", "S")}, "Fire")


def test_every_element_is_three_switches_from_every_pattern_type():
    """Rulings §1 Fairness: "A breadth-first search (BFS) over all 1,820 placements of a player's four
    tiles finds the fewest Switches to reach each pattern type. For every element the answer is line 3,
    diagonal 3, block 3, corners 3"."""
    started = time.perf_counter()
    index = {sq: k for k, sq in enumerate(SQUARES)}
    neighbours = [[index[f"{FILES[f]}{r}"] for f in range(4) for r in range(1, 5)
                   if max(abs(f - FILES.index(sq[0])), abs(r - int(sq[1]))) == 1] for sq in SQUARES]
    targets = {g: {frozenset(index[s] for s in inst) for inst in insts} for g, insts in INSTANCES.items()}
    for element in ("Earth", "Air", "Fire", "Water"):
        start = frozenset(index[sq] for sq, (e, _s) in START_LAYOUT.items() if e == element)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for sq in here:
                for nb in neighbours[sq]:
                    if nb not in here:
                        there = here - {sq} | {nb}
                        if there not in dist:
                            dist[there] = dist[here] + 1
                            queue.append(there)
        assert len(dist) == 1820
        assert {g: min(dist[t] for t in ts) for g, ts in targets.items()} == {"L": 3, "D": 3, "B": 3, "C": 3}
    assert time.perf_counter() - started < 2


# --- Claims --------------------------------------------------------------------------------

def test_claim_only_at_the_end_of_your_own_turn():
    """Rulebook: "Players can only claim a key pattern at the end of their turn. They must complete a
    Switch and a Flip ... before they claim the pattern"."""
    state = position(2, tiles=RANK4_FIRE)  # Fire's L1 already matches
    assert legal(state, "claim") == []
    assert refused(state, "claim", "L1") == \
        "Key Discs are claimed only at the end of your turn, after your Switch and Flip"
    between = switch(state, "a4", "b4")
    assert refused(between, "claim", "L1").startswith("Key Discs are claimed only at the end of your turn")
    after = play(between, "flip", "a3")
    assert legal(after, "claim") == ["L1"]
    # an opponent's turn: Earth's move list never offers Fire's disc
    other = position(2, tiles=RANK4_FIRE, to_move=1)
    other = seq(other, "tile:d2", "switch:d1", "flip:a1")
    assert legal(other, "claim") == [] and legal(other, "end") == [None]
    refused(other, "claim", "L1")


def test_claim_is_compulsory_when_a_disc_matches():
    """Rulings §2 / rulebook: "When a player successfully matches the pattern shown on one of their Key
    Discs, they must turn it over and show it"; so no end is offered."""
    state = seq(position(2, tiles=RANK4_FIRE), "tile:a4", "switch:b4", "flip:a3")
    assert legal(state, "end") == []
    assert state.why_illegal(mv(state, "end")) == ("Your tiles match Key Disc L1: claiming is compulsory at the end "
                                                   "of your turn, so claim it")
    refused(state, "end")
    assert state.view(0)["prompt_note"].startswith("Your Key Disc L1 matches: claim it (claiming is compulsory")
    assert "line_flip" in legal(state, "luck")  # luck actions may still come first


def test_the_prompt_does_not_tell_others_whether_a_disc_matches():
    """Rulebook: "Players should keep their Key Discs hidden from their opponents and only show them when
    they have successfully matched" - and a matched disc is only shown by claiming it, at the end of the
    turn.  The prompt is every seat's, so it reads the same whether or not the mover's disc matches; only
    the mover's own view says so (its ``prompt_note``).  (Issue 24: it used to say "a Key Disc matches",
    so other seats, the spectator and determinized worlds disagreed about it.)"""
    steps = ("tile:a4", "switch:b4", "flip:a3")
    matching = seq(position(2, tiles=RANK4_FIRE), *steps)  # Fire's L1 (SSSS) on rank 4
    other = seq(position(2, tiles=RANK4_FIRE, discs=[["L3", "D1", "B1", "C1"], ["L2", "D2", "B2", "C2"]]), *steps)
    assert legal(matching, "claim") == ["L1"] and legal(other, "claim") == [] and legal(other, "end") == [None]
    assert matching.prompt == other.prompt == ("Fire: claim a matching Key Disc or end your turn, or first spend a "
                                               "Luck token or play your Trap Card")
    for seat in (None, 1):  # Fire's discs are secret to Earth and the spectator: the same view either way
        assert matching.view(seat) == other.view(seat)
    assert matching.view(0)["prompt_note"] == ("Your Key Disc L1 matches: claim it (claiming is compulsory, and "
                                               "your turn then ends); you may first spend a Luck token or play "
                                               "your Trap Card.")
    assert other.view(0)["prompt_note"] == ""
    spent = position(2, tiles=RANK4_FIRE, tokens=[0, 4], played=[0])
    spent = seq(spent, *steps)
    assert spent.prompt == "Fire: claim a matching Key Disc or end your turn"
    assert spent.view(0)["prompt_note"] == "Your Key Disc L1 matches: claim it (claiming is compulsory, and your " \
        "turn then ends)."


def test_determinized_worlds_keep_the_prompt_of_another_seats_claim_step():
    """Issue 24's reproduction: seed 3, 188 random moves (one Random(3) for every choice, as the conformance
    test plays), Earth to end its turn.  Fire's 200 determinized worlds re-deal Earth's secret discs; in 42
    of them one matched and the prompt said "a Key Disc matches: claim it".  Now every world shows Fire
    exactly the view it had."""
    state = ninekit.make("codinca", players=2).new(seed=3)
    rng = random.Random(3)
    for _ in range(188):
        state = state.play(rng.choice(state.legal_moves()))
    assert state.to_move == 1 and state.position.step == ("after",) and legal(state, "end") == [None]
    view = state.view(0)
    assert view["prompt"] == "Earth: claim a matching Key Disc or end your turn"
    worlds = [state.determinize(0, random.Random(k)) for k in range(200)]
    assert sum(bool(legal(w, "claim")) for w in worlds) > 0  # some worlds do give Earth a matching disc
    assert all(w.view(0) == view for w in worlds)


def test_claim_options_are_exactly_the_players_matched_unclaimed_discs():
    """Rulebook: "Players may match the key patterns in any order"; the player picks the disc to
    claim.  (A player's four tiles fill one shape, so at most one of their discs - one per group - can
    match at a time.)"""
    tiles_ = RANK4_FIRE
    state = seq(position(2, tiles=tiles_, discs=[["L3", "D1", "B1", "C1"], ["L1", "D2", "B2", "C2"]]),
                "tile:a4", "switch:b4", "flip:a3")
    assert legal(state, "claim") == [] and legal(state, "end") == [None]  # L1 matches, but it is Earth's
    refused(state, "claim", "L1")
    refused(state, "claim", "L3")
    # every placement of Fire's tiles matches at most one of Fire's discs
    for insts in INSTANCES.values():
        for instance in insts:
            for sides in product("SG", repeat=4):
                assert len(matched_discs(placed("Fire", instance, "".join(sides)), "Fire")) <= 1


def test_claim_ends_the_turn_at_most_one_claim_per_turn():
    """Rulebook: "A player's turn ends when they claim a key pattern: they may take no further actions
    on that turn"; rulings §2: "At most one claim per turn"."""
    state = seq(position(2, tiles=RANK4_FIRE), "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    assert state.to_move == 1 and state.view(None)["round"] == 1
    assert state.view(1)["claimed"] == [["L1"], []]
    assert state.view(1)["discs"][0][0] == {"group": "L", "group_name": "Line of four", "id": "L1", "face": "SSSS",
                                            "claimed": True}
    assert state.log(1)[-1] == "Fire claims Key Disc L1 (Line of four: stone, stone, stone, stone): 1 of 4"


def test_a_claimed_disc_stays_claimed_when_the_pattern_breaks():
    """Rulings §2: "A claimed disc stays claimed even if the pattern breaks later"; it is not claimed
    again."""
    state = seq(position(2, tiles=RANK4_FIRE), "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    state = seq(state, "tile:d2", "switch:d1", "flip:a4", "end")  # Earth breaks Fire's line
    assert state.view(0)["claimed"] == [["L1"], []]
    state = seq(state, "tile:b4", "switch:c4", "flip:a4")  # Fire rebuilds it
    assert matched_discs({sq: tuple(v) for sq, v in state.view(0)["tiles"].items()}, "Fire") == {"L1"}
    assert legal(state, "claim") == [] and legal(state, "end") == [None]
    refused(state, "claim", "L1")


def test_claim_refusals_name_the_reason_at_the_end_of_the_turn():
    """At the end of the turn a refused claim names its reason: not your disc, already claimed, or no
    match (rulebook Matching Key Patterns; rulings §2)."""
    state = seq(position(2, tiles=RANK4_FIRE, discs=[["L3", "D1", "B1", "C1"], ["L1", "D2", "B2", "C2"]]),
                "tile:a4", "switch:b4", "flip:a3")
    assert refused(state, "claim", "L1") == "Key Disc L1 is not one of yours"
    assert refused(state, "claim", "L3").startswith("Your tiles do not match Key Disc L3")
    state = seq(position(2, tiles=RANK4_FIRE, claimed=[["L1"], []]), "tile:a4", "switch:b4", "flip:a3")
    assert refused(state, "claim", "L1") == "You have already claimed Key Disc L1"


def test_fourth_claim_wins():
    """Rulebook Full Game: "The winner is the first person to successfully match all four of the key
    patterns"."""
    state = position(2, tiles=RANK4_FIRE, claimed=[["D1", "B1", "C1"], []])
    state = seq(state, "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    assert state.is_over and state.outcome.winners == (0,)
    assert state.outcome.reason == "Fire claimed a fourth Key Disc and unlocked the temple of Codinca"
    assert state.legal_moves() == () and state.to_move is None
    three = position(2, tiles=RANK4_FIRE, claimed=[["D1", "B1"], []])
    three = seq(three, "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    assert not three.is_over and three.to_move == 1


def test_third_claim_wins_in_the_beginner_game():
    """Rulebook Beginners Game: "The winner is the first person to successfully match any three of the
    four key patterns"."""
    state = position(2, tiles=RANK4_FIRE, claimed=[["D1", "C1"], []], beginner=True)
    assert state.view(0)["claims_to_win"] == 3
    state = seq(state, "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    assert state.is_over and state.outcome.winners == (0,)
    assert "third Key Disc" in state.outcome.reason


# --- the round limit (house rule) ----------------------------------------------------------

def test_round_limit_ends_the_game_after_the_last_seat_of_the_last_round():
    """Rulings §6: "when it is reached the game ends"; the last round is played out by every seat."""
    state = position(3, round=5, round_limit=5, claimed=[[], ["L2"], []])
    state = turn(state, "b2", "c3", "a4")
    assert not state.is_over and state.to_move == 1
    state = turn(state, "d3", "d2", "a4")
    assert not state.is_over and state.to_move == 2
    state = turn(state, "a2", "a1", "a4")
    assert state.is_over


def test_round_limit_most_claims_win():
    """Rulings §6: "the player(s) with the most claimed discs win"."""
    state = turn(position(2, round=2, round_limit=2, to_move=1, claimed=[[], ["L2"]]), "d2", "d1", "a4")
    assert state.is_over and state.outcome.winners == (1,) and state.outcome.scores == (0, 1)
    assert state.outcome.reason == ("The round limit (2 rounds, a house rule) was reached: Earth wins with "
                                    "1 Key Disc")


def test_round_limit_ties_share_the_win():
    """Rulings §6: most claims win, ties share."""
    state = position(4, round=1, round_limit=1, to_move=3, claimed=[["L1"], [], ["L3", "D3"], ["L4", "B4"]])
    state = turn(state, "a2", "a1", "a4")
    assert state.is_over and state.outcome.winners == (2, 3)
    assert "Earth and Air share the win with 2 Key Discs each" in state.outcome.reason
    state = turn(position(2, round_limit=1, to_move=1), "d2", "d1", "a4")
    assert state.outcome.winners == (0, 1)


# --- illegal input ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, args, text", [
    ("flip", ["a1"], "First the Switch"),
    ("switch", ["b3"], "That is not one of the decisions open now"),
    ("tile", ["a1"], "The tile on a1 is Earth's"),
    ("claim", ["L1"], "Key Discs are claimed only at the end of your turn"),
    ("end", [], "Your turn ends only after your Switch and Flip"),
    ("push", ["east"], "Choose a Luck action first: Line Push"),
    ("line", ["3"], "Choose a Luck action first: Line Push and Line Flip use a rank or file"),
    ("crystal", ["V11"], "Choose a Luck action first: Line Lock moves the Lock Totem"),
    ("extra", ["flip"], "That is not one of the decisions open now"),
    ("luck", ["extra_move"], "Extra Move is taken at the end of your turn"),
])
def test_illegal_moves_name_the_problem_and_leave_the_state_unchanged(kind, args, text):
    """README: "an illegal move tells you the rule that forbids it"; the state is unchanged."""
    assert refused(position(2), kind, *args).startswith(text)


def test_illegal_moves_inside_an_action_name_the_pending_choice():
    """An action that was started must be finished first (the prompt names it)."""
    state = seq(position(2), "luck:line_push")
    text = refused(state, "tile", "b2")
    assert text == "That is not one of the decisions open now: Fire: choose a rank or file for Line Push"
    text = refused(state, "luck", "line_flip")
    assert text == "Finish the action you have started first: Fire: choose a rank or file for Line Push"
    state = seq(state, "line:4")
    assert refused(state, "push", "north").startswith("That is not one of the choices open now")


def test_no_move_after_the_game_is_over():
    """Once the game is over no move may be played."""
    state = seq(position(2, tiles=RANK4_FIRE, claimed=[["D1", "B1", "C1"], []]),
                "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    text = refused(state, "tile", "a1")
    assert text.startswith("The game is over (Fire claimed a fourth Key Disc")


@pytest.mark.parametrize("raw, text", [
    ("{not json", "not JSON"),
    ({"kind": "dance", "args": []}, "unknown kind 'dance'"),
    ({"kind": "tile", "args": ["e5"]}, "'tile' takes one of"),
    ({"kind": "tile", "args": []}, "'tile' takes one of"),
    ({"kind": "tile", "args": ["a1", "a2"]}, "'tile' takes one of"),
    ({"kind": "tile", "args": [3]}, "'tile' takes one of"),
    ({"kind": "end", "args": ["now"]}, "'end' takes no arguments"),
    ({"kind": "luck", "args": ["teleport"]}, "'luck' takes one of"),
    ({"kind": "claim", "args": ["L7"]}, "'claim' takes one of"),
    ({"kind": "turn", "args": ["90"]}, "'turn' takes one of"),
    ({"kind": "tile", "args": "a1"}, "'args' must be a list"),
    ({"kind": "tile", "args": ["a1"], "extra": 1}, "unknown field"),
    (["tile", "a1"], "expected a dict with a string 'kind'"),
])
def test_malformed_json_moves_refused(raw, text):
    """``game.parse_move`` refuses malformed moves with a message naming the problem."""
    game = ninekit.make("codinca", 2)
    with pytest.raises(ValueError, match="malformed move") as err:
        game.parse_move(raw)
    assert text in str(err.value)


def test_why_illegal_of_a_non_move():
    """A string is not a move."""
    assert position(2).why_illegal("b2") == ("'b2' is not a Codinca move (build moves with legal_moves() "
                                             "or game.parse_move)")


@pytest.mark.parametrize("kwargs, text", [
    ({"tiles": {"a1": ("Earth", "G")}}, "tiles must map every square a1-d4"),
    ({"tiles": {**START_LAYOUT, "a1": ("Earth", "X")}}, "tile on a1 must be (element, 'S' or 'G')"),
    ({"tiles": {**START_LAYOUT, "a1": ("Aether", "G")}}, "unknown element 'Aether'"),
    ({"tiles": {**START_LAYOUT, "a1": ("Fire", "G")}}, "each element has exactly four tiles"),
    ({"discs": [["L1", "D1", "B1", "C1"]]}, "discs must give one entry per seat (2)"),
    ({"discs": [["L1", "D1", "B1", "C1"], ["L1", "D2", "B2", "C2"]]}, "Key Disc L1 is dealt twice"),
    ({"discs": [["D1", "L1", "B1", "C1"], ["L2", "D2", "B2", "C2"]]}, "one per group in the order L, D, B, C"),
    ({"discs": [["L7", "D1", "B1", "C1"], ["L2", "D2", "B2", "C2"]]}, "must be four Key Disc ids"),
    ({"claimed": [["L2"], []]}, "claimed[0] must list some of that seat's own discs"),
    ({"claimed": [["L1", "L1"], []]}, "claimed[0] must list some of that seat's own discs once each"),
    ({"claimed": [["L1", "D1", "B1", "C1"], []]}, "seat 0 has already claimed 4 discs: the game would be over"),
    ({"claimed": [["L1", "D1", "B1"], []], "beginner": True}, "seat 0 has already claimed 3 discs"),
    ({"traps": ["T01", "T01"]}, "traps must be different Trap Card ids T01-T24"),
    ({"traps": ["T01", "T25"]}, "traps must be different Trap Card ids"),
    ({"revealed": [2]}, "revealed must list seat numbers from 0 to 1"),
    ({"played": ["0"]}, "played must list seat numbers"),
    ({"rewind_used": [5]}, "rewind_used must list seat numbers"),
    ({"tokens": [5, 4]}, "tokens must be whole numbers from 0 to 4"),
    ({"tokens": [-1, 4]}, "tokens must be whole numbers from 0 to 4"),
    ({"totem": "V99", "locker": 0}, "totem must be a red crystal"),
    ({"totem": "R4"}, "a lock needs its locker's seat, and only a lock has one"),
    ({"locker": 1}, "a lock needs its locker's seat"),
    ({"totem": "R4", "locker": 2}, "a lock needs its locker's seat"),
    ({"totem": "R4", "locker": 0}, "the seat to move cannot hold one here"),
    ({"to_move": 2}, "to_move must be a seat from 0 to 1"),
    ({"round": 0}, "round must be a whole number from 1 to the round limit (40)"),
    ({"round": 41}, "round must be a whole number from 1 to the round limit (40)"),
    ({"last_switch": ("a1", "c3")}, "last_switch must be two adjacent squares"),
    ({"last_switch": ("a1",)}, "last_switch must be two adjacent squares"),
])
def test_position_validation_errors(kwargs, text):
    """``codinca.position`` refuses impossible positions and says why."""
    with pytest.raises(ValueError, match="impossible position") as err:
        position(2, **kwargs)
    assert text in str(err.value)


def test_touched_previews_the_squares_a_move_changes():
    """``touched``: the squares a move would change or lock, from the mover's view; a blind Trap shows
    nothing, a looked-at one its squares."""
    state = position(2, traps=["T01", "T02"])
    view = state.view(0)
    assert touched(view, mv(state, "trap")) == []
    assert touched(view, mv(state, "line", "c")) == ["c4", "c3", "c2", "c1"]
    assert touched(view, mv(state, "crystal", "R3")) == ["a3", "b3", "c3", "d3"]
    seen = play(state, "luck", "reveal_trap")
    assert touched(seen.view(0), mv(seen, "trap")) == ["a1", "b1", "c1", "d1"]
    chosen = play(state, "tile", "b2")
    assert touched(chosen.view(0), mv(chosen, "switch", "c3")) == ["b2", "c3"]


# --- hidden information ---------------------------------------------------------------------------

DISC_IDS = tuple(cod.data.DISCS)
TRAP_TEXTS = {t: (t, name, grid) for t, name, grid in cod.data.TRAPS}


def secrets(pos, viewer):
    """(disc ids, trap texts) that ``viewer`` (None: spectator) may not know in ``pos``."""
    discs = {d for p in range(len(pos.seats)) if p != viewer for d in pos.discs[p] if d not in pos.claimed[p]}
    traps = set()
    for p in range(len(pos.seats)):
        state = pos.trap_state[p]
        if state == "played" or (state == "seen" and p == viewer):
            continue
        traps.update(TRAP_TEXTS[pos.traps[p]])
    return discs, traps


DISC_WORD = re.compile(r"\b[LDBC][1-6]\b")  # case-sensitive: squares are lower case


def assert_no_leak(text, discs, traps, where):
    """``text`` names none of the hidden disc ids (as whole words) and none of the hidden trap texts."""
    shown = set(DISC_WORD.findall(text)) & discs
    assert not shown, f"{where} shows hidden disc(s) {sorted(shown)}: {text}"
    for t in traps:
        assert t not in text, f"{where} shows hidden trap text {t!r}: {text}"


def check_secrets(state, logs=True):
    """No view, log (when ``logs``), prompt or move list of ``state`` shows what its reader may not know."""
    pos = state.position
    players = state.game.players
    for viewer in (None, *range(players)):
        discs, traps = secrets(pos, viewer)
        view = state.view(viewer)
        for p, own in enumerate(view["discs"]):
            for k, d in enumerate(own):
                true = pos.discs[p][k]
                if p == viewer or true in pos.claimed[p]:
                    assert d["id"] == true and d["face"] == cod.data.DISCS[true]
                else:
                    assert d["id"] is None and d["face"] is None
        for p, trap in enumerate(view["traps"]):
            shown = pos.trap_state[p] == "played" or (pos.trap_state[p] == "seen" and p == viewer)
            if shown:
                assert trap["card"] == pos.traps[p]
            else:
                assert trap["card"] is trap["name"] is trap["grid"] is trap["squares"] is None
        assert_no_leak(json.dumps(view, ensure_ascii=False), discs, traps, f"view({viewer})")
        if logs:
            assert_no_leak("\n".join(state.log(viewer)), discs, traps, f"log({viewer})")
    discs, traps = secrets(pos, None)
    assert_no_leak(state.prompt, discs, traps, "prompt")
    mover = state.to_move
    discs, traps = secrets(pos, mover)  # the mover's own choices may name the mover's secrets only
    text = "\n".join(m.text + json.dumps(m.to_json()) for m in state.legal_moves())
    assert_no_leak(text, discs, traps, f"legal_moves() of seat {mover}")


def check_new_log_lines(before, after):
    """The log line each seat (and a spectator) reads for the move just played tells no secret of ``after``."""
    mover, move = after.history[-1]
    for viewer in (None, *range(after.game.players)):
        line = after.game.rules.log_line(before.position, after.position, mover, move, viewer)
        if line and not after.is_over:
            assert_no_leak(line, *secrets(after.position, viewer), f"log line for {viewer}")


def random_games(players, games, plies=160, every=9):
    """States of seeded random games (a due claim is taken), and whether to sample each."""
    game = ninekit.make("codinca", players)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(seed)
        for ply in range(plies):
            if state.is_over:
                break
            yield state, ply % every == seed % every
            moves = state.legal_moves()
            claims = [m for m in moves if m.kind == "claim"]
            move = rng.choice(claims or moves)
            before, state = state, state.play(move)
            check_new_log_lines(before, state)
        if not state.is_over:
            check_secrets(state)  # the whole log at the end of the sample


def sampled_states(players, games, plies=160, every=9):
    for state, sample in random_games(players, games, plies, every):
        if sample:
            yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_sees_another_seats_unclaimed_discs_or_unplayed_traps(players):
    """Rulebook: "Players should keep their Key Discs hidden from their opponents and only show them when
    they have successfully matched"; "Players must keep their Trap Card face down at all times" (only
    Reveal Trap shows it, to its owner).  Leak test over 30 seeded random games: views (structured and
    as text), logs (each line when written), prompts and the mover's move list."""
    seen_reveal = played = False
    for state in sampled_states(players, 30):
        seen_reveal |= "seen" in state.position.trap_state
        played |= "played" in state.position.trap_state
        check_secrets(state, logs=False)
    assert seen_reveal and played


def test_claimed_discs_are_public_and_unclaimed_ones_stay_hidden():
    """Rulebook: a matched disc is shown to the other players; the others stay hidden (leak test on
    positions with claims, before and after a claim)."""
    state = position(3, tiles=RANK4_FIRE, claimed=[["B1"], ["D2", "C2"], []], revealed=[1], played=[2],
                     traps=["T05", "T09", "T13"])
    check_secrets(state)
    state = seq(state, "tile:a4", "switch:b4", "flip:a3")
    check_secrets(state)
    state = play(state, "claim", "L1")
    check_secrets(state)
    assert state.view(2)["discs"][0][0]["id"] == "L1" and state.view(2)["discs"][0][1]["id"] is None
    assert state.view(None)["traps"][2]["card"] == "T13" and state.view(0)["traps"][1]["card"] is None


def test_spectator_sees_no_disc_until_claimed_and_no_unplayed_trap():
    """Rulebook hidden information, from the spectator's seat: no disc before its claim, no trap before
    it is played."""
    for state in sampled_states(3, 10, plies=120, every=7):
        view = state.view(None)
        pos = state.position
        assert view["matched"] is None
        for p, own in enumerate(view["discs"]):
            assert [d["id"] for d in own] == [d if d in pos.claimed[p] else None for d in pos.discs[p]]
        for p, trap in enumerate(view["traps"]):
            assert trap["card"] == (pos.traps[p] if pos.trap_state[p] == "played" else None)


def test_game_over_reveals_every_disc_and_trap():
    """At the end everything is shown (by design)."""
    state = seq(position(2, tiles=RANK4_FIRE, claimed=[["D1", "B1", "C1"], []]),
                "tile:a4", "switch:b4", "flip:a3", "claim:L1")
    view = state.view(None)
    assert [d["id"] for d in view["discs"][1]] == ["L2", "D2", "B2", "C2"]
    assert [t["card"] for t in view["traps"]] == ["T01", "T02"]


def test_determinize_keeps_the_view_and_resamples_hidden_parts():
    """``determinize(seat)``: a full state consistent with ``view(seat)``; others' unclaimed discs and
    every Trap Card the seat has not seen are resampled."""
    for players in (2, 3, 4):
        state = ninekit.make("codinca", players).new(7)
        state = seq(state, "luck:reveal_trap")  # Fire has looked at its trap
        state = state.play(state.legal_moves()[0])
        for seat in range(players):
            pos = state.position
            samples = []
            for k in range(24):
                d = state.determinize(seat, random.Random(k))
                assert d.view(seat) == state.view(seat)
                dp = d.position
                flat = [x for own in dp.discs for x in own]
                assert len(set(flat)) == len(flat) and all(own[g][0] == "LDBC"[g] for own in dp.discs for g in range(4))
                assert len(set(dp.traps)) == players
                assert dp.discs[seat] == pos.discs[seat] and dp.tiles == pos.tiles
                samples.append(dp)
            for p in range(players):
                if p != seat:
                    for g in range(4):
                        assert len({s.discs[p][g] for s in samples}) > 1, (players, seat, p, g)
                known = p == seat and pos.trap_state[p] == "seen"
                assert (len({s.traps[p] for s in samples}) == 1) == known, (players, seat, p)


def test_determinize_keeps_claimed_discs_and_played_traps():
    """Claimed discs and played traps are public, so determinize keeps them."""
    state = position(3, claimed=[["B1"], ["D2", "C2"], []], played=[2], revealed=[1], traps=["T05", "T09", "T13"])
    for k in range(10):
        d = state.determinize(0, k).position
        assert (d.discs[1][1], d.discs[1][3], d.discs[0][2]) == ("D2", "C2", "B1")
        assert d.traps[2] == "T13"
        assert d.traps[1] != "T13" and d.traps[0] != "T13"


# --- saves --------------------------------------------------------------------------------------

def test_save_replays_to_the_same_views():
    """README: "a save: seed + moves, replayed through the rules"."""
    for players in (2, 4):
        game = ninekit.make("codinca", players, round_limit=3)
        rng = random.Random(players)
        state = game.new(99)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        for end in (state.parent.parent, state):
            loaded = ninekit.load(end.to_json())
            assert loaded.history == end.history
            for viewer in (None, *range(players)):
                assert loaded.view(viewer) == end.view(viewer)
                assert loaded.log(viewer) == end.log(viewer)
        assert state.is_over and state.view(None)["round"] == 3


def test_tampered_save_is_refused():
    """``ninekit.load`` replays every move through the rules: an illegal move inserted is refused."""
    state = turn(ninekit.make("codinca", 2).new(4), "b2", "c3", "a4")
    data = json.loads(state.to_json())
    bad = dict(data, moves=[data["moves"][0], {"kind": "end", "args": []}] + data["moves"][1:])
    with pytest.raises(ValueError, match=r"save move 2 .* is not legal: Your turn ends only after your Switch"):
        ninekit.load(json.dumps(bad))
    bad = dict(data, moves=[{"kind": "tile", "args": ["c3"]}] + data["moves"])
    with pytest.raises(ValueError, match=r"save move 1 .* is not legal: The tile on c3 is Earth's"):
        ninekit.load(json.dumps(bad))
    bad = dict(data, moves=data["moves"] + [{"kind": "switch", "args": ["a1"]}])
    with pytest.raises(ValueError, match=r"save move 5 .* is not legal"):
        ninekit.load(json.dumps(bad))
    assert ninekit.load(json.dumps(data)).view(0) == state.view(0)
