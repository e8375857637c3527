"""Code of Nine's ``hard`` level (issue 13): the ``normal`` search with greedy playouts.

Strength against ``normal`` is measured by ``benchmarks/levels.py --paired --only code_of_nine``; these tests
check the parts on small budgets and built positions.
"""

import random

import ninekit
from ninekit.bots import bot_for
from ninekit.code_of_nine import _legal, position
from ninekit.code_of_nine.bot import CodeOfNineBot
from ninekit.code_of_nine.hard import FEATURES, CodeOfNineHard, _features, greedy_choice, item_values

SMALL = 300  # playout plies per decision: the same search, only shorter


def _place_decision(players=3, seed=4):
    """A state where seat 0 places a pawn (a real search decision, not a shortcut)."""
    state = ninekit.make("code_of_nine", players).new(seed)
    while state.to_move != 0 or state.legal_moves()[0].kind != "place":
        state = state.play(state.legal_moves()[0])
    return state


def test_hard_level_is_the_greedy_playout_search():
    """``bot_for(..., "hard")`` is :class:`CodeOfNineHard` with the budget asked for; ``normal`` stays the
    random-playout bot."""
    hard = bot_for("code_of_nine", 1, "hard", iterations=500)
    assert isinstance(hard, CodeOfNineHard) and hard.budget == 500
    assert type(bot_for("code_of_nine", 1, "normal")) is CodeOfNineBot


def test_hard_plays_legal_moves_and_is_deterministic_per_seed():
    """Every decision of ``hard`` is legal, and the same seed and state give the same decision (the budget is
    playout plies, never time)."""
    for players in (3, 4):
        state = ninekit.make("code_of_nine", players).new(7)
        rng = random.Random(3)
        checked = 0
        while not state.is_over and checked < 4:
            if state.to_move == 0 and len(state.legal_moves()) > 1:
                move = CodeOfNineHard(5, budget=SMALL).choose(state)
                assert move in state.legal_moves()
                assert move == CodeOfNineHard(5, budget=SMALL).choose(state)
                checked += 1
            state = state.play(rng.choice(state.legal_moves()))
        assert checked == 4


def test_hard_decides_the_same_on_view_equivalent_states():
    """Fairness: hard decides from the seat's view only (a state that differs in what the seat cannot see
    gives the same decision)."""
    state = _place_decision(3, seed=9)
    twin = state.determinize(0, random.Random(1))
    assert twin.view(0) == state.view(0) and twin.position != state.position
    assert CodeOfNineHard(2, budget=SMALL).choose(state) == CodeOfNineHard(2, budget=SMALL).choose(twin)


def test_item_values_follow_the_memories_in_the_world():
    """The greedy playouts value items by the score rules of the world's 8 Memories: a Statue is 1 VP plus
    2 (card 5), a release of the White Legacy is worth 10 VP (card 14) on top of the Legacy's 3 VP."""
    pos = position(players=3, memories=[5, 8, 11, 12, 13, 14, 16, 18], round=2).position
    base, values = item_values(pos)[1]
    assert values[FEATURES.index("statues")] == 3
    assert values[FEATURES.index("books")] == 3           # card 8: Books gain 2 VP
    assert values[FEATURES.index("white")] == 3           # 3 + 3 (card 11) - 3 (card 13)
    assert values[FEATURES.index("released_white")] == 10  # card 14
    assert values[FEATURES.index("coins")] == 0


def test_greedy_playout_choice_takes_what_the_memories_pay_for():
    """A greedy playout decision takes the location whose item pays most under the world's Memories (a
    random playout picks any of them)."""
    statues = position(players=3, memories=[5, 8, 11, 12, 13, 14, 16, 18], round=2).position
    coins = position(players=3, memories=[1, 4, 7, 9, 10, 12, 15, 17], round=2).position
    for pos, wanted in ((statues, "cross"), (coins, "cash_cow")):
        values = item_values(pos)
        roots = [_features(pos, s) for s in range(pos.players)]
        move = greedy_choice(pos, _legal(pos), values, roots, random.Random(1))
        assert move.args == (wanted,), (wanted, move)
