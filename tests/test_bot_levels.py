"""Bot levels (issue 13): fairness of every level, canonical determinizers, levels ordered by strength.

The real strength numbers (hard against normal, every game and player count) are in the benchmark
``benchmarks/levels.py``; these tests use small samples and built positions so that they stay fast.
"""

import random

import pytest

import ninekit
from ninekit.bots import LEVELS, NineKnightsBot, RandomBot, bot_for
from ninekit.nine_knights import position as nine_knights_position
from ninekit.search import ISMCTS, Rollouts

TABLES = [("nine_knights", 2), ("double_nine", 2), ("double_nine", 4), ("codinca", 2), ("codinca", 3),
          ("code_of_nine", 3), ("code_of_nine", 4), ("count_of_nine", 1)]
SMALL = {"iterations": 6}  # the hard level with a tiny budget: the same search, only shorter


def _states(game, players, count, seed=1, every=0.25):
    """``count`` states of a random game (the seat to move, and a view-equivalent state for it)."""
    rng = random.Random(seed)
    state = ninekit.make(game, players).new(seed)
    out = []
    while not state.is_over and len(out) < count:
        if len(state.legal_moves()) > 1 and rng.random() < every:
            seat = state.to_move
            twin = state.determinize(seat, random.Random(rng.getrandbits(32)))
            out.append((state, seat, twin))
        state = state.play(rng.choice(state.legal_moves()))
    return out


@pytest.mark.parametrize("game,players", TABLES)
def test_determinize_is_canonical(game, players):
    """Hidden information never leaks through a bot's sampled worlds: ``determinize(seat, rng)`` depends only
    on ``view(seat)`` and ``rng`` (the same world from the real state and from any view-equivalent one)."""
    for state, seat, twin in _states(game, players, 8):
        assert twin.view(seat) == state.view(seat)
        assert twin.legal_moves() == state.legal_moves()
        assert state.determinize(seat, random.Random(5)).position == twin.determinize(seat, random.Random(5)).position


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game,players", TABLES)
def test_every_level_decides_the_same_on_view_equivalent_states(game, players, level):
    """Bot fairness (issue 13): a bot decides from what its seat may know only, so bots with the same seed
    choose the same move on the real state and on a state that differs only in what the seat cannot see."""
    budget = SMALL if level == "hard" else {}
    for state, seat, twin in _states(game, players, 2 if level == "normal" else 3, seed=2):
        real = bot_for(game, 11, level, **budget).choose(state)
        assert real == bot_for(game, 11, level, **budget).choose(twin), (game, level, seat)
        assert real in state.legal_moves()


def test_hard_level_is_the_search_with_the_games_budget():
    """``bot_for(..., "hard")`` is the game's search; budget keywords reach it, and only the hard level takes them."""
    bot = bot_for("nine_knights", 1, "hard", iterations=7, seconds=1.5)
    assert isinstance(bot, ISMCTS) and bot.iterations == 7 and bot.seconds == 1.5
    rollouts = bot_for("double_nine", 1, "hard", iterations=9)
    assert isinstance(rollouts, Rollouts) and rollouts.iterations == 9
    assert bot_for("code_of_nine", 1, "hard", iterations=900).budget == 900
    assert bot_for("count_of_nine", 1, "hard", iterations=5).samples == 5
    with pytest.raises(ValueError, match="hard level only"):
        bot_for("double_nine", 1, "normal", iterations=7)
    with pytest.raises(ValueError, match="iterations must be"):
        bot_for("double_nine", 1, "hard", iterations=0)


def test_search_is_deterministic_per_seed():
    """Determinism: same state and bot seed, same decision (the budget is iterations, not time)."""
    state = ninekit.make("double_nine", 3).new(4)
    assert ISMCTS(3, iterations=15).choose(state) == ISMCTS(3, iterations=15).choose(state)


def test_levels_ordered_hard_takes_a_win_that_easy_misses():
    """Levels ordered (built position): South's Knight 3 on c9 wins on North's Goal Token 3 (c10); hard and
    normal take the win, while the random easy level chooses among all six Knights and often does not."""
    state = nine_knights_position({"c9": "S3", "a5": "N1", "e4": "S5", "g3": "S7", "h6": "N6"})
    for bot in (bot_for("nine_knights", 1, "hard", iterations=60), bot_for("nine_knights", 1, "normal")):
        select = bot.choose(state)
        assert select.args == ("c9",)
        assert bot.choose(state.play(select)).args == ("c10",)
    easy_picks = {RandomBot(seed).choose(state).args for seed in range(12)}
    assert easy_picks != {("c9",)}


@pytest.mark.parametrize("game,players", [("nine_knights", 2), ("double_nine", 2)])
def test_levels_ordered_normal_beats_easy_in_short_games(game, players):
    """Levels ordered (small sample): the heuristic (normal) wins most games against the random easy level."""
    wins = 0
    games = 6
    for seed in range(games):
        state = ninekit.make(game, players).new(seed)
        normal_seat = seed % players
        bots = [bot_for(game, seed, "normal" if s == normal_seat else "easy") for s in range(players)]
        while not state.is_over:
            state = state.play(bots[state.to_move].choose(state))
        wins += normal_seat in state.outcome.winners
    assert wins >= games - 1


def test_nine_knights_bot_targets_match_the_rules():
    """The Nine Knights heuristic reads its destinations from the view: they are the rules' own list."""
    from ninekit.nine_knights.bots import targets

    rng = random.Random(3)
    state = ninekit.make("nine_knights").new(3)
    checked = 0
    while not state.is_over:
        moves = state.legal_moves()
        if moves[0].kind == "select":
            seat = state.to_move
            view = state.view(seat)
            board = {k["square"]: k for k in view["knights"]}
            for select in moves:
                rules = [m.args[0] for m in state.play(select).legal_moves() if m.kind == "to"]
                assert sorted(targets(board, view, seat, select.args[0])) == sorted(rules)
                checked += 1
        state = state.play(NineKnightsBot(rng.getrandbits(16)).choose(state) if rng.random() < 0.5
                           else rng.choice(moves))
    assert checked > 50


@pytest.mark.parametrize("game,players", [("double_nine", 2), ("double_nine", 4)])
def test_rollouts_search_decides_the_same_on_view_equivalent_states(game, players):
    """Bot fairness (issue 13) of the hard level's ``Rollouts`` when it really searches (a budget that lets it
    depart from the heuristic): the same decision on the real state and on a view-equivalent one."""
    budget = {"iterations": 16, "confident": 2}
    for state, seat, twin in _states(game, players, 2, seed=3):
        real = bot_for(game, 7, "hard", **budget).choose(state)
        assert real == bot_for(game, 7, "hard", **budget).choose(twin), (game, seat)
        assert real in state.legal_moves()


def test_the_level_chooser_says_what_each_level_does_and_which_is_no_stronger():
    """Levels that say what they are: every game has words for every level; where a level was measured no
    stronger than another (Code of Nine's hard, benchmarks/README.md "Bot levels"), its choice says so."""
    pytest.importorskip("ipywidgets")
    import html

    from shell_driver import all_widgets

    from ninekit.bots import LEVEL_NOTES, NO_STRONGER
    from widgets import GameApp

    assert set(LEVEL_NOTES) == set(ninekit.games()) and all(set(n) == set(LEVELS) for n in LEVEL_NOTES.values())
    app = GameApp("code_of_nine", seats=["human", "computer", "computer"])
    texts = html.unescape(" ".join(str(getattr(w, "value", "")) for w in all_widgets(app.new_game_form.form)))
    assert all(LEVEL_NOTES["code_of_nine"][level] in texts for level in LEVELS)
    labels = [label for label, _value in app.new_game_form.level_choices.children[1].options]
    assert labels == ["easy", "normal", "hard (as normal)"] and NO_STRONGER["code_of_nine"] == {"hard": "normal"}
