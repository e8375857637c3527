"""Double Nine's ``hard`` level (issue 13: hard must beat normal): its search, its match value, its budget.

Positions are built with ``double_nine.position``; the rules are the rulebook (``double_nine.txt``: "The player
who first obtains two victory tokens is the overall winner"; every tied player takes a token).
"""

from __future__ import annotations

import ninekit
from ninekit.bots import HARD, bot_for
from ninekit.double_nine import DoubleNineBot, DoubleNineRollouts, hard_playouts, match_chance, position
from ninekit.double_nine.bots import match_value


def play(state, kind, *args):
    return state.play(state.game.parse_move({"kind": kind, "args": list(args)}))


def test_hard_is_rollouts_anchored_to_the_heuristic_with_a_budget_by_the_pile():
    """Issue 13 (hard level): hard is the anchored rollout search, its budget growing as the pile runs out."""
    bot = bot_for("double_nine", 1, "hard")
    assert isinstance(bot, DoubleNineRollouts) and bot.iterations == HARD["double_nine"]["iterations"]
    full = [hard_playouts(64, 17, 2), hard_playouts(64, 15, 4)]
    assert full == [64, 64]
    late = [hard_playouts(64, pile, 2) for pile in range(17, -1, -1)]
    assert late == sorted(late) and late[-1] == 8 * 64


def test_hard_returns_legal_moves_and_is_deterministic():
    """Determinism (issue 13): same state, bot seed and budget, same legal decision, in every player count."""
    for players in (2, 3, 4):
        state = ninekit.make("double_nine", players).new(5)
        for _ in range(12):  # some way into the first game
            state = state.play(DoubleNineBot(3).choose(state))
        move = bot_for("double_nine", 2, "hard", iterations=16).choose(state)
        assert move in state.legal_moves()
        assert move == bot_for("double_nine", 2, "hard", iterations=16).choose(state)


def test_match_chance_counts_tokens_not_games():
    """Rulebook: the first to two victory tokens wins the match; tied players all take a token."""
    assert match_chance((1, 0), 0) == 0.75 and match_chance((2, 1), 0) == 1.0 and match_chance((1, 2), 0) == 0.0
    assert match_chance((2, 2), 1) == 0.5
    # with three players, a rival one token from the match is worse to let win than one with none
    assert match_chance((0, 1, 1), 0) > match_chance((0, 2, 0), 0) == 0.0


def test_a_tie_one_token_ahead_wins_the_match_in_the_value():
    """Rulebook (tie: everyone tied wins a token): one token ahead, a tie wins the match; the value says 1, not 1/2."""
    state = position(2, boards=[(["Elf"], []), (["Elf"], ["Medusa"])], hands=[["Medusa", "Sister"], ["Clown"]],
                     results=[(50, 10)])
    state = play(play(state, "card", "Medusa"), "site", 0, "x1")  # 87 against 87, the pile is empty
    assert state.is_over and state.outcome.winners == (0,)
    assert match_value(state, 0) == 1.0 and match_value(state, 1) == 0.0


def test_hard_keeps_the_rival_one_token_from_the_match_from_winning_where_normal_does_not():
    """Match, not game (rulebook: first to two tokens): on the last turn Player 1 cannot win; Player 3 holds a
    token, Player 2 none.  Normal (every move loses this game: it takes the first) puts Aiko on Player 2's
    Site ×10, so Player 3's 78 wins and takes the match; hard plays Clown and lets Player 2's 79 win instead."""
    state = position(3, boards=[(["Reaper"], ["Hacker"]), (["Medusa"], ["Luna"]), (["Medusa"], ["Elf"])],
                     hands=[["Aiko", "Clown"], ["Sister"], ["Sister"]], results=[(10, 20, 50)])
    assert state.view(0)["pile_count"] == 0 and state.view(0)["victory_tokens"] == [0, 0, 1]
    ends = {}
    for level, budget in (("normal", {}), ("hard", {"iterations": 8})):
        bot, world = bot_for("double_nine", 1, level, **budget), state
        first = bot.choose(world)
        while len(world.position.results) < 2:  # the rest of Player 1's turn ends the game
            world = world.play(bot.choose(world) if world is not state else first)
        ends[level] = first.args, world.position.results[-1][1], world.is_over
    assert ends["normal"] == (("Aiko",), (2,), True)  # Player 3 takes a second token: the match is lost
    assert ends["hard"] == (("Clown",), (1,), False)  # Player 2 wins the game; Player 1 still plays on
