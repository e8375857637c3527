"""Code of Nine's ``hard`` level (issue 13): the ``normal`` search (:class:`CodeOfNineBot`) with a longer budget.

Strength against ``normal`` is measured by ``benchmarks/levels.py --paired --only code_of_nine``; these tests
check, on small budgets, that the level is that search, legal, deterministic and fair.
"""

import random

import ninekit
from ninekit.bots import HARD, bot_for
from ninekit.code_of_nine.bots import PLY_BUDGET, CodeOfNineBot

SMALL = 300  # playout plies per decision: the same search, only shorter


def _place_decision(players, seed):
    """A state where seat 0 places a pawn (a real search decision, not one of the bot's shortcuts)."""
    state = ninekit.make("code_of_nine", players).new(seed)
    while state.to_move != 0 or state.legal_moves()[0].kind != "place":
        state = state.play(state.legal_moves()[0])
    return state


def test_hard_level_is_the_normal_search_with_a_longer_budget():
    """``bot_for(..., "hard")`` is :class:`CodeOfNineBot` with five times ``normal``'s playout plies, and a
    budget keyword reaches it."""
    assert "code_of_nine" in HARD
    hard = bot_for("code_of_nine", 1, "hard")
    assert type(hard) is CodeOfNineBot and hard.budget == 5 * PLY_BUDGET
    assert bot_for("code_of_nine", 1, "normal").budget == PLY_BUDGET
    assert bot_for("code_of_nine", 1, "hard", iterations=SMALL).budget == SMALL


def test_hard_plays_legal_moves_and_is_deterministic_per_seed():
    """Every decision of ``hard`` is legal, and the same seed and state give the same decision (the budget is
    playout plies, never time), in both player counts."""
    for players in (3, 4):
        state = ninekit.make("code_of_nine", players).new(7)
        rng = random.Random(3)
        checked = 0
        while not state.is_over and checked < 4:
            if state.to_move == 0 and len(state.legal_moves()) > 1:
                move = bot_for("code_of_nine", 5, "hard", iterations=SMALL).choose(state)
                assert move in state.legal_moves()
                assert move == bot_for("code_of_nine", 5, "hard", iterations=SMALL).choose(state)
                checked += 1
            state = state.play(rng.choice(state.legal_moves()))
        assert checked == 4


def test_hard_decides_the_same_on_view_equivalent_states():
    """Fairness: ``hard`` decides from the seat's view only (a state that differs only in Memories the seat
    has not seen gives the same decision)."""
    for players in (3, 4):
        state = _place_decision(players, seed=9)
        twin = state.determinize(0, random.Random(1))
        assert twin.view(0) == state.view(0) and twin.position != state.position
        bots = [bot_for("code_of_nine", 2, "hard", iterations=SMALL) for _ in range(2)]
        assert bots[0].choose(state) == bots[1].choose(twin)
