"""Count of Nine's ``hard`` Builder (ninekit.count_of_nine.bots): the normal Builder's exact search looking a round
further ahead, one search kept per game and round cap, a budget of turns searched.  Each test names what it
checks."""

import random

import ninekit
from ninekit.bots import bot_for
from ninekit.core import Move
from ninekit.count_of_nine import best_line, position
from ninekit.count_of_nine.analyst import CountOfNineBot, choice_for
from ninekit.count_of_nine.bots import HardCountOfNineBot


def castle_round_two():
    """Round 2, the order known; target Castle (Armoury, Stonemason, Goldsmith required): Goldsmith built this
    round, the Tavern used.  The centre card (card 6, rotated) can be an Armoury or a Tavern."""
    return position(target="Castle", deck=["6r", "7", "2r", "9"], discard=["4r", "8"],
                    city=["Tavern@3", "Goldsmith@5!"], used=["Tavern@3"], round=2, could_build=True)


def best_after(state, move, rounds):
    """The best score after ``move`` (a build: with its best payment) with the game capped at ``rounds``."""
    after = state.play(move)
    if after.view(0)["phase"] == "pay":
        return max(best_line(after.play(pay), max_rounds=rounds)[0] for pay in after.legal_moves()[:-1])
    return best_line(after, max_rounds=rounds)[0]


def test_hard_sees_the_high_structure_two_rounds_ahead():
    """The horizon: a second Tavern is the best build if the game ends after round 3 (the normal Builder's
    horizon), but the Armoury the Castle requires is the best with a round more; hard builds the Armoury."""
    s = castle_round_two()
    armoury, tavern = s.legal_moves()[:2]
    assert str(armoury) == "Build Armoury from the centre card" and str(tavern) == "Build Tavern from the centre card"
    assert best_after(s, tavern, 3) > best_after(s, armoury, 3)
    assert best_after(s, armoury, 4) > best_after(s, tavern, 4)
    assert CountOfNineBot(1).choose(s) == tavern
    assert HardCountOfNineBot(1).choose(s) == armoury


def test_hard_out_of_budget_decides_with_the_normal_horizon():
    """Past its budget of turns searched, hard decides with the normal Builder's horizon (one round fewer)."""
    s = castle_round_two()
    bot = HardCountOfNineBot(1, nodes=1)
    assert bot.choose(s) == CountOfNineBot(1, samples=1).choose(s) and bot.short == 1


def test_hard_never_shuffles_a_known_deck():
    """A sampled world knows the order a shuffle would give, so its score for a shuffle is too high: hard leaves
    shuffling out of its choice before a round (the analyst's search does too)."""
    s = position(target="Harbour", deck=["8", "5", "7"], city=["Market@6", "Stonemason@2", "Tavern@3"], round=2)
    while s.view(0)["phase"] != "round":
        s = s.play(s.legal_moves()[-1])  # pass to the end of the round
    assert Move("round", ("shuffle",)) in s.legal_moves()
    considered = choice_for(s, 1, random.Random(1), 2, shuffles=False).moves
    assert considered == tuple(m for m in s.legal_moves() if m.args != ("shuffle",))
    move = HardCountOfNineBot(1).choose(s)
    assert move in considered


def test_hard_kept_search_decides_as_a_fresh_one():
    """Determinism: the search kept from earlier decisions of a game (its memo) gives the same decisions as a
    fresh bot's on the positions of the game where the order is known (nothing sampled differs), wherever both
    stay within their budget of turns searched (past it, a decision falls back to the shorter horizon)."""
    state = ninekit.make("count_of_nine", games=1).new(8)
    kept = HardCountOfNineBot(4)
    checked = 0
    while not state.is_over:
        short = kept.short
        move = kept.choose(state)
        if state.view(0)["order_known"] and len(state.legal_moves()) > 1 and checked < 3:
            fresh = HardCountOfNineBot(4)
            again = fresh.choose(state)
            if kept.short == short and fresh.short == 0:
                assert again == move
                checked += 1
        state = state.play(move)
    assert checked == 3


def test_hard_level_is_the_hard_builder():
    """``bot_for(..., "hard")`` is the hard Builder; ``iterations`` sets its sampled orders, the same seed the
    same decisions."""
    s = ninekit.make("count_of_nine").new(3)
    bot = bot_for("count_of_nine", 1, "hard", iterations=2)
    assert isinstance(bot, HardCountOfNineBot) and bot.samples == 2
    for _ in range(3):
        move = bot_for("count_of_nine", 7, "hard").choose(s)
        assert move == bot_for("count_of_nine", 7, "hard").choose(s) and move in s.legal_moves()
        s = s.play(move)
