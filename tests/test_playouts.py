"""Who is ahead here? (ninekit/playouts.py, issue 27 item 4): each seat's chance of winning and mean score from
playouts by the computer players, with their uncertainty, a count of progress and a way to stop; by default the
computer knows only what the seat on move sees.
"""

from __future__ import annotations

import random

import pytest

import ninekit
from ninekit.playouts import chances, move_chances


def test_a_finished_game_gives_its_own_result_with_no_doubt():
    """A playout from a finished position is the game's end itself: the winner's share is 1, the standard error
    0, and the mean scores are the outcome's."""
    for seed in range(20):  # a random game that someone won
        state, rng = ninekit.make("nine_knights").new(seed=seed), random.Random(seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome.winners:
            break
    found = chances(state, playouts=5, level="easy", knows="all")
    winner = state.outcome.winners[0]
    assert found.wins[winner] == (1.0, 0.0) and found.played == 5 and not found.stopped
    assert [score for score, _se in found.scores] == [float(s) for s in state.outcome.scores]


@pytest.mark.parametrize("name", ["double_nine", "codinca", "code_of_nine"])
def test_the_computer_knows_only_what_the_seat_on_move_sees(name):
    """Issue 27 item 4: by default the answer uses nothing the seat on move cannot see: two positions that look
    the same to it (its hidden parts drawn again) get the same figures, and asked with everything known they
    differ as the truth does."""
    game = ninekit.make(name)
    state = game.new(seed=11)
    rng = random.Random(11)
    for _ in range(3):
        state = state.play(rng.choice(state.legal_moves()))
    seat = state.to_move
    other = state.determinize(seat, random.Random(5))
    assert other.view(seat) == state.view(seat) and other.position != state.position
    assert chances(state, playouts=6, level="easy", seed=3) == chances(other, playouts=6, level="easy", seed=3)
    assert chances(state, playouts=6, level="easy", seed=3) == chances(state, playouts=6, level="easy", seed=3)


def test_progress_is_counted_and_stop_ends_the_playouts():
    """Issue 27 item 4: a progress count after each playout, and Stop: the figures of the playouts so far."""
    state = ninekit.make("codinca").new(seed=1)
    seen: list[int] = []
    found = chances(state, playouts=20, level="easy", progress=seen.append, stop=lambda: len(seen) >= 3)
    assert seen == [1, 2, 3] and found.played == 3 and found.stopped
    assert all(0.0 <= share <= 1.0 and se >= 0.0 for share, se in found.wins)


def test_every_legal_move_gets_its_own_figures_in_the_order_offered():
    """Issue 27 item 4: "what does this move do to my chances?" for every legal move, in legal_moves() order,
    each from worlds sampled before the move (what the move would show is not known in advance)."""
    state = ninekit.make("double_nine", 3).new(seed=4)
    counted: list[int] = []
    found = move_chances(state, playouts=3, level="easy", progress=counted.append)
    assert [m for m, _c in found] == list(state.legal_moves())
    assert all(c.played == 3 and len(c.wins) == 3 for _m, c in found)
    assert counted[-1] == 3 * len(found) and counted == sorted(counted)
    early = move_chances(state, playouts=3, level="easy", stop=lambda: True)
    assert early == []


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"level": "grandmaster"}, "level must be one of"),
    ({"playouts": 0}, "at least 1"),
    ({"knows": 7}, "seat"),
])
def test_a_bad_request_is_refused_with_what_is_wrong(kwargs, message):
    """Standards: an unknown level, a number of playouts below one, a seat the game does not have: a clear error."""
    with pytest.raises(ValueError, match=message):
        chances(ninekit.make("nine_knights").new(seed=1), **kwargs)
