"""CodincaBot: legal, fair (never reads ``state.position``), purposeful, deterministic."""

from __future__ import annotations

import pytest

import ninekit
from ninekit.bots import BOTS, RandomBot, bot_for
from ninekit.codinca import START_LAYOUT, position
from ninekit.codinca.bots import CodincaBot, disc_distance
from ninekit.core import State


@pytest.fixture
def no_position(monkeypatch):
    """Reading ``state.position`` (the full truth) fails the test."""

    def forbidden(self):
        raise AssertionError("a bot read state.position")

    monkeypatch.setattr(State, "position", property(forbidden))


def play_game(players, seed, kinds, round_limit=40):
    """Play one game; ``kinds`` gives each seat "C" (CodincaBot) or "R" (RandomBot)."""
    state = ninekit.make("codinca", players, round_limit=round_limit).new(seed=seed)
    bots = [CodincaBot(seed * 10 + p) if k == "C" else RandomBot(seed * 10 + p) for p, k in enumerate(kinds)]
    while not state.is_over:
        move = bots[state.to_move].choose(state)
        assert move in state.legal_moves()
        state = state.play(move)
    return state


def test_registered_as_the_codinca_bot():
    assert BOTS["codinca"] is CodincaBot
    assert isinstance(bot_for("codinca", 3), CodincaBot)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_moves_and_never_the_position(no_position, players):
    """Whole games of bots: every choice is legal, and nobody reads ``state.position``."""
    state = play_game(players, players, "C" * players, round_limit=12)
    assert state.is_over


def test_distance_table_matches_the_rulings():
    """Rulings §1: every disc starts exactly 3 own turns away for every element."""
    for element in ("Earth", "Air", "Fire", "Water"):
        assert {disc_distance(START_LAYOUT, element, d) for d in ("L1", "L4", "D5", "B6", "C3")} == {3}


def test_claims_a_disc_it_can_complete():
    """One Switch + Flip from Line L1 (stone rank 4): the bot completes it and claims it."""
    tiles = dict(START_LAYOUT)
    tiles["a4"], tiles["a3"] = ("Fire", "S"), ("Air", "G")    # Fire: a4 b4 c4 stone, d4 gold
    tiles["c4"], tiles["b2"] = ("Fire", "S"), ("Water", "S")
    state = position(2, tiles=tiles)
    bot = CodincaBot(1)
    while state.to_move == 0:
        state = state.play(bot.choose(state))
    assert state.view(0)["claimed"][0] == ["L1"]


def test_always_claims_when_offered(no_position):
    """Whenever a disc matches at the end of its turn, the turn ends with that claim."""
    offered_turns = claimed_turns = 0
    for seed in range(2):
        state = ninekit.make("codinca", 2).new(seed=seed)
        bots = [CodincaBot(seed), CodincaBot(seed + 1)]
        offered = False
        while not state.is_over:
            offered = offered or any(m.kind == "claim" for m in state.legal_moves())
            move = bots[state.to_move].choose(state)
            state = state.play(move)
            if move.kind in ("claim", "end"):  # the turn is over
                offered_turns += offered
                claimed_turns += offered and move.kind == "claim"
                offered = False
    assert offered_turns >= 4 and claimed_turns == offered_turns


def test_beats_random_bot():
    """In seeded 2-player games, the bot (in either seat) beats RandomBot every time."""
    wins = 0
    for seed in range(6):
        kinds = "CR" if seed % 2 == 0 else "RC"
        state = play_game(2, seed, kinds)
        wins += state.outcome.winners == (kinds.index("C"),)
    assert wins >= 5


def test_two_bots_finish_before_the_round_limit():
    state = play_game(2, 0, "CC")
    assert "round limit" not in state.outcome.reason
    assert state.view(None)["round"] < 40


def test_same_seed_same_choice():
    """Determinism: the same seed chooses the same moves, here for a whole game."""
    state = ninekit.make("codinca", 3).new(seed=11)
    assert CodincaBot(4).choose(state) == CodincaBot(4).choose(state)
    a = play_game(3, 11, "CCC", round_limit=8)
    b = play_game(3, 11, "CCC", round_limit=8)
    assert a.history == b.history
