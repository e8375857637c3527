"""Editing a Codinca position part by part (``ninekit/codinca/editing.py``): the sandbox's position editor.

Every edit is checked by the rules' own ``position()``; a position is edited at the start of a turn (before the
Switch), and what the editor reads from a state rebuilds it exactly.
"""

from __future__ import annotations

import random
import re

import pytest
from test_widgets_codinca import random_states

import ninekit
from ninekit import Move
from ninekit.codinca import editing, position
from ninekit.editing import Draft, draft, empty_table
from widgets import adapter_for

ADAPTER = adapter_for("codinca")
IDS = re.compile(r'data-id="([^"]+)"')
GAMES = [(2, {}), (3, {}), (4, {}), (2, {"beginner": True}), (3, {"beginner": True, "round_limit": 3}),
         (4, {"round_limit": 2})]


def same_position(a, b) -> None:
    """Every seat's view and the spectator's (plain and revealed), the legal moves in order and the prompt."""
    for seat in [*range(a.game.players), None]:
        assert a.view(seat) == b.view(seat), seat
        assert a.view(seat, reveal=True) == b.view(seat, reveal=True), seat
    assert a.legal_moves() == b.legal_moves()
    assert a.prompt == b.prompt
    assert a.game == b.game


def playable(state, plies: int = 40, seed: int = 0) -> None:
    """A few random moves from ``state`` run without error (views, prompts and logs too)."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            return
        moves = state.legal_moves()
        assert moves, state.prompt
        state = state.play(rng.choice(moves))
        state.view(None)
        assert state.prompt


# --- reading a state back ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, options", GAMES)
def test_round_trip_rebuilds_every_position_at_the_start_of_a_turn(players, options):
    """position() builds a position at the start of a turn (before the Switch): what args_of reads from any such
    state of a random game rebuilds the same views for every seat and the spectator, the same legal moves in the
    same order and the same prompt; every other state (mid-turn, a Lock placed this turn, the game over) is
    refused with one sentence saying when a Codinca position can be edited."""
    built = refused = 0
    for seed in range(5):
        for state in random_states(players, seed, moves=150, **options):
            try:
                args = editing.args_of(state)
            except ValueError as exc:
                refused += 1
                text = str(exc)
                assert text.startswith("A Codinca position can be edited") and text.count(". ") == 0
                pos = state.position
                assert pos.result is not None or pos.step != ("before",) or pos.locker == pos.turn
                continue
            built += 1
            rebuilt = position(**args)
            same_position(state, rebuilt)
            assert editing.args_of(rebuilt) == args
            assert draft(state).state is not None
    assert built >= 50 and refused >= 50


def test_round_trip_keeps_claims_luck_traps_locks_and_the_latest_trap():
    """The public record position() had no words for before (tokens on each Luck action, the latest Trap Card
    played) and the claims, looked-at and played Trap Cards, the lock and No Rewind survive the round trip."""
    state = position(3, claimed=[["L1", "B1"], [], ["C3"]], revealed=[1], traps=["T01", "T07", "T12"],
                     tokens=[2, 4, 3], rewind_used=[2], totem="R4", locker=2, last_switch=("b2", "c3"),
                     to_move=1, round=5)
    rng = random.Random(4)
    seen = 0
    for _ in range(400):
        if state.is_over:
            break
        moves = state.legal_moves()
        trap = [m for m in moves if m.kind == "trap"]
        state = state.play(trap[0] if trap and rng.random() < 0.3 else rng.choice(moves))
        try:
            args = editing.args_of(state)
        except ValueError:
            continue
        seen += 1
        same_position(state, position(**args))
        if args["last_trap"] and any(args["luck_used"]):
            break
    assert seen and args["last_trap"] and any(args["luck_used"])


def test_empty_table_builds_for_every_game():
    """empty(game): the starting layout, the first discs and Trap Cards, full Luck tokens, the Lock Totem at home,
    Fire to move in round 1, for every player count and option; it builds without a problem."""
    for players, options in GAMES:
        game = ninekit.make("codinca", players, **options)
        d = empty_table(game)
        assert d.problem is None and d.state.game == game
        same_position(d.state, position(players, **options))


# --- every part, every choice --------------------------------------------------------------------------------

def positions():
    """A few positions to edit: an empty table, a 4-player one with everything set, one from a random game."""
    yield empty_table(ninekit.make("codinca", 2))
    yield draft(position(4, claimed=[["L1"], [], ["D3", "C3"], []], revealed=[0], played=[3], tokens=[1, 5, 3, 0],
                         rewind_used=[1], luck_used=[{"line_push": 3}, {}, {"block_flip": 1}, {"line_flip": 5}],
                         totem="V33", locker=1, last_switch=("a1", "b2"), to_move=2, round=7, beginner=False,
                         round_limit=90))
    yield draft(next(s for s in reversed(list(random_states(3, 11, moves=60, beginner=True)))
                     if _editable(s)))


def _editable(state) -> bool:
    try:
        editing.args_of(state)
    except ValueError:
        return False
    return True


def _check(d: Draft) -> None:
    assert (d.state is None) != (d.problem is None)
    if d.problem is not None:
        assert d.problem.startswith("impossible position:"), d.problem
    else:
        d.state.view(d.state.to_move, reveal=True)
        assert d.state.legal_moves()


@pytest.mark.parametrize("index", range(3))
def test_every_part_takes_every_choice_or_names_the_problem(index):
    """Every part with choices takes each of them: the draft has a position (playable: random moves run) or a
    problem from position()'s own checks ("impossible position: ..."), never another error; written parts take
    their current value, a shuffled one, and refuse garbage with a ValueError quoting it."""
    d = list(positions())[index]
    assert d.problem is None
    keys = [p.key for p in d.parts()]
    assert len(keys) == len(set(keys))
    for part in d.parts():
        if part.choices:
            assert part.value in part.choices, part
            for choice in part.choices:
                new = d.set(part.key, choice)
                _check(new)
                if new.state is not None and choice != part.value:
                    playable(new.state, plies=12)
                    assert new.part(part.key).value == choice or part.key in ("totem", "locker"), (part, choice)
        else:
            assert part.syntax
            assert d.set(part.key, part.value).keywords == {**d.keywords, "last_trap": None}
            if part.key == "layout":
                cells = part.value.replace("/", " ").split()
                random.Random(1).shuffle(cells)
                shuffled = " / ".join(" ".join(cells[i:i + 4]) for i in range(0, 16, 4))
            else:
                shuffled = str(int(part.value) + 1)
            _check(d.set(part.key, shuffled))
            with pytest.raises(ValueError, match="'zz9 plural z alpha'"):
                d.set(part.key, "zz9 plural z alpha")
    with pytest.raises(ValueError, match="no part 'e5'"):
        d.set("e5", "Fire gold")
    with pytest.raises(ValueError, match="'Fire silver'"):
        editing.set_part(d.keywords, "a1", "Fire silver", d.game)


# --- a teacher's edits ---------------------------------------------------------------------------------------

def test_a_tile_put_on_a_square_swaps_with_the_nearest_tile_of_its_element():
    """Every element has exactly four Symbol Tiles: a Fire tile put on a1 comes from the nearest Fire square, which
    takes the tile that lay on a1; a tile of the same element only turns over."""
    d = empty_table(ninekit.make("codinca"))
    d2 = d.set("a1", "Fire stone")
    assert d2.problem is None
    assert d2.part("a1").value == "Fire stone" and d2.part("b2").value == "Earth gold"
    assert d2.state.view(0)["tiles"]["a1"] == ["Fire", "S"]
    d3 = d2.set("a1", "Fire gold")
    assert d3.part("b2").value == "Earth gold" and d3.part("a1").value == "Fire gold"
    playable(d3.state)


def test_discs_and_trap_cards_change_hands_and_claims_stay_with_their_seat():
    """Key Discs are dealt one of each: giving Fire Earth's Line disc gives Earth Fire's (a claimed slot stays
    claimed); a claim marked is claimed; Trap Cards swap the same way."""
    d = empty_table(ninekit.make("codinca")).set("claimed:Fire:L", "claimed")
    args = d.keywords
    editing.set_part(args, "disc:Fire:L", "L2", d.game)
    assert args == d.keywords  # a new dict: the draft's keywords are never changed in place
    assert d.state.view(None)["claimed"] == [["L1"], []]
    d = d.set("disc:Fire:L", "L2")
    assert d.problem is None and d.keywords["discs"][0][0] == "L2" and d.keywords["discs"][1][0] == "L1"
    assert d.state.view(None)["claimed"] == [["L2"], []]
    d = d.set("trap:Earth", "T01 Far Row Stone").set("trap_state:Fire", "looked at")
    assert d.keywords["traps"] == ["T02", "T01"]
    assert d.state.view(0)["traps"][0]["card"] == "T02" and d.state.view(1)["traps"][0]["card"] is None
    playable(d.state)


def test_luck_tokens_move_between_the_hand_and_the_luck_action_card():
    """A token put on a Luck action comes from the seat's tokens left, and comes back when taken off; Rewind is
    used once a game (its token too); Reveal Trap is bought once."""
    d = empty_table(ninekit.make("codinca")).set("luck:Earth:line_push", "2").set("luck:Earth:rewind", "used")
    view = d.state.view(None)
    assert view["tokens"] == [4, 1] and view["luck_used"][1] == {"line_push": 2, "rewind": 1}
    assert view["rewind_used"] == [False, True]
    d = d.set("luck:Earth:line_push", "0")
    assert d.state.view(None)["tokens"] == [4, 3]
    assert d.part("luck:Earth:reveal_trap").choices == ("0", "1")
    assert d.set("tokens:Fire", "0").state.legal_moves()[-1].kind == "trap"


def test_the_lock_totem_is_placed_by_the_previous_player_and_ends_on_its_lockers_turn():
    """A Lock Totem put on a crystal is the lock of the player who moved last (it stands until the start of their
    next turn); choosing that player to move ends the lock, as in play; nobody locking sends it home."""
    game = ninekit.make("codinca", 3)
    d = empty_table(game).set("totem", "red crystal R4: rank 4")
    assert d.problem is None and d.keywords["locker"] == 2  # Air moved last before Fire
    assert d.state.view(0)["locked"] == ["a4", "b4", "c4", "d4"]
    assert d.part("totem").board == "crystal:R4"
    moved = d.set("to_move", "Air")
    assert moved.keywords["totem"] is None and moved.state.to_move == 2
    assert d.set("locker", "nobody").keywords["totem"] is None
    playable(d.set("to_move", "Water").state)


def test_who_moves_round_and_no_rewind_can_be_changed():
    """Who moves, the round and the previous player's Switch (No Rewind) are parts: the seat to move gets the
    prompt, and its Switch back is refused by No Rewind."""
    d = empty_table(ninekit.make("codinca")).set("to_move", "Earth").set("round", "3").set("last_switch", "b2-c3")
    state = d.state
    assert state.to_move == 1 and state.view(None)["round"] == 3 and state.prompt.startswith("Earth:")
    state = state.play(state.game.parse_move({"kind": "tile", "args": ["c3"]}))
    partners = {m.args[0] for m in state.legal_moves() if m.kind == "switch"}
    assert "b2" not in partners and "b3" in partners


def test_an_impossible_position_gives_a_problem_in_the_games_words():
    """Rulebook: each player controls four Symbol Tiles of their element; the game ends on the fourth claimed Key
    Disc (third in the beginner game); a locked line needs its locker.  Such edits give a problem, no state."""
    d = empty_table(ninekit.make("codinca"))
    bad = d.set("layout", "FG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG")
    assert bad.state is None and bad.problem.startswith("impossible position: each element has exactly four tiles")
    for group in "LDB":
        d = d.set(f"claimed:Fire:{group}", "claimed")
    assert d.problem is None
    over = d.set("beginner", "yes")
    assert over.state is None and "the game would be over" in over.problem
    lock = empty_table(ninekit.make("codinca")).set("locker", "Earth")
    assert lock.problem == "impossible position: a lock needs its locker's seat, and only a lock has one"
    assert lock.set("totem", "blue crystal V11: block a4 b4 b3 a3").problem is None
    late = d.set("round", "9").set("round_limit", "5")
    assert late.problem.startswith("impossible position: round must be a whole number from 1 to the round limit")


# --- the board's click targets -------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(3))
def test_every_board_id_is_drawn_in_the_revealed_view(index):
    """Each part with a board id (squares, Key Discs, Trap Cards, the mover's Luck Action Card, the Lock Totem's
    crystal) is drawn with that data-id, clickable, in the sandbox's picture (the revealed view of the seat to
    move, every part's id a target); parts with no board id are listed only."""
    d = list(positions())[index]
    state = d.state
    targets = {p.board: Move("edit", (p.key,)) for p in d.parts() if p.board}
    assert len(targets) == len([p for p in d.parts() if p.board])
    for pending in ({}, {"layout": "narrow"}):
        svg = ADAPTER.draw(state.view(state.to_move, reveal=True), targets, pending)
        drawn = set(IDS.findall(svg))
        assert set(targets) <= drawn, sorted(set(targets) - drawn)
        for board in targets:
            assert re.search(rf'data-id="{re.escape(board)}" class="[^"]*\blegal\b', svg), board
    assert {p.board for p in d.parts()} >= {"a1", "d4", "disc:0:L", "trap:1", "luck:rewind"}


def test_the_pictures_of_play_are_unchanged_by_the_editors_targets():
    """Play never targets a Key Disc or a Trap Card: without such targets they are drawn with no data-id."""
    state = position(3)
    svg = ADAPTER.draw(state.view(0), {}, {})
    assert not re.search(r'data-id="(disc|trap):', svg)
