"""Editing a Nine Knights position (ninekit/nine_knights/editing.py): every part a teacher can change, each
change checked by position()'s rules (issue "The sandbox", item 2)."""

from __future__ import annotations

import random

import pytest

import ninekit
from ninekit.editing import can_edit, draft, empty_table
from ninekit.nine_knights.editing import NOT_EDITABLE

GAME = ninekit.make("nine_knights")


def _states(seed: int, **options):
    """The states of one random game (placement, movement, fights, the end)."""
    state = ninekit.make("nine_knights", **options).new(seed=seed)
    rng = random.Random(seed)
    out = [state]
    while not state.is_over and len(out) < 220:
        state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


@pytest.mark.parametrize("options", [{}, {"defection": True}, {"quiet_limit": 20}])
def test_a_movement_turn_is_rebuilt_exactly_and_other_moments_are_refused(options):
    """position() builds the start of a Movement Phase turn: args_of gives what rebuilds it (every seat's view,
    the legal moves, the prompt; not the banner of the last fight, which is history); a placement step, the
    middle of a turn or the end are refused with a sentence."""
    rebuilt = refused = 0
    for seed in range(6):
        for state in _states(seed, **options):
            why = can_edit(state)
            if why is not None:
                assert why == NOT_EDITABLE
                refused += 1
                continue
            again = draft(state).state
            assert again.prompt == state.prompt and again.legal_moves() == state.legal_moves()
            for seat in (None, 0, 1):  # (the banner of the fight just before is not part of a position)
                assert again.view(seat) == {**state.view(seat), "last_fight": None}, seat
            rebuilt += 1
    assert rebuilt > 100 and refused > 50


def test_every_choice_of_every_part_gives_a_position_or_names_what_is_impossible():
    """Every edit is checked by position(): each choice of each part either builds a position or gives a problem
    in the game's words ("impossible position: …"); nothing else is ever raised."""
    states = [s for s in _states(3, defection=True) if can_edit(s) is None]
    for d in (empty_table(GAME), draft(states[5]), draft(states[-1])):
        for part in d.parts():
            for choice in part.choices:
                new = d.set(part.key, choice)
                assert (new.state is None) == (new.problem is not None)
                assert new.problem is None or new.problem.startswith("impossible position: "), new.problem


def test_a_knight_put_on_a_square_leaves_its_old_place_and_two_knights_swap():
    """One of each Knight: putting it on a square takes it from where it was; onto another Knight's square, the
    two swap; a Goal Token put on a field swaps with the one there."""
    d = empty_table(GAME).set("c5", "S4")
    assert d.part("place S4").value == "on c5" and "S4" not in d.keywords["waiting"][0]
    d = d.set("e2", "S4")  # S1 stood on e2: it goes to c5
    assert d.part("e2").value == "S4" and d.part("c5").value == "S1" and d.problem is None
    d = d.set("a1", "5")
    assert [d.part(sq).value for sq in ("a1", "e1")] == ["5", "1"] and d.problem is None
    d = d.set("hidden token South", "2")  # North held 2: the sides swap
    assert d.keywords["hidden"] == [2, 1]


def test_an_impossible_position_names_what_is_wrong_and_cannot_be_played_from():
    """A side with no Knight on the board or waiting has lost: the draft says so and has no state."""
    d = empty_table(GAME)
    for n in range(2, 10):
        d = d.set(f"place N{n}", "fallen")
    d = d.set("place N1", "set aside")
    assert d.state is None and d.problem == "impossible position: North has no Knights left: the game is already over"
    assert d.set("place N1", "waiting").state is not None  # put right by the next edit


def test_a_part_or_value_that_is_not_in_the_game_is_refused_and_nothing_changes():
    """Malformed input gets a clear error quoting it; the draft is a value and stays as it was."""
    d = empty_table(GAME)
    before = d.args
    for key, value, said in (("z9", "S1", "no part 'z9'"), ("e5", "S0", "'S0' cannot go on e5"),
                             ("quiet", "-1", "'-1' cannot go on Quiet moves so far"),
                             ("e5", "S1" * 2000, "at most 2,000 characters")):
        with pytest.raises(ValueError, match=said):
            d.set(key, value)
    assert d.args == before


def test_every_board_part_is_drawn_with_its_id_on_the_revealed_board():
    """A click on the board chooses a part: the table draws every part that has a board id as a clickable
    element with that id."""
    from widgets.tables import adapter_for

    d = draft(next(s for s in _states(2) if can_edit(s) is None))
    board = [p for p in d.parts() if p.board]
    waiting = sum(len(side) for side in d.keywords["waiting"])
    assert len(board) == 90 + waiting and waiting > 0
    svg = adapter_for(GAME.name).draw(d.state.view(d.state.to_move, reveal=True),
                                 {p.board: ninekit.Move("edit", (p.key,)) for p in board}, {})
    for part in board:
        assert f'data-id="{part.board}"' in svg, part.key
