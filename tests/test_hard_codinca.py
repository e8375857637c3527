"""Codinca's hard level (issue 13): legal, fair, deterministic, and its one-round look-ahead models the normal bot.

The strength figures (hard against normal, 2-4 players) are measured by ``benchmarks/levels.py --paired``.
"""

from __future__ import annotations

import random

import pytest

import ninekit
from ninekit.bots import bot_for
from ninekit.codinca import START_LAYOUT, position
from ninekit.codinca.bots import NOISE, CodincaBot, Context, disc_distance, switch_options, with_flips
from ninekit.codinca.hard import LOSS, CodincaHardBot, World
from ninekit.core import State


@pytest.fixture
def no_position(monkeypatch):
    """Reading ``state.position`` (the full truth) fails the test."""

    def forbidden(self):
        raise AssertionError("a bot read state.position")

    monkeypatch.setattr(State, "position", property(forbidden))


def test_hard_level_is_the_look_ahead_with_its_budget():
    """``bot_for("codinca", ..., "hard")`` is CodincaHardBot; ``iterations=`` (sampled worlds) reaches it."""
    bot = bot_for("codinca", 1, "hard", iterations=3)
    assert isinstance(bot, CodincaHardBot) and bot.worlds == 3
    with pytest.raises(ValueError, match="iterations must be"):
        CodincaHardBot(1, iterations=0)


def test_whole_game_legal_moves_without_reading_the_position(no_position):
    """A short 3-player game of hard against normal: every hard decision is legal, the game ends, and the
    hard bot never reads ``state.position`` (only views and sampled worlds)."""
    state = ninekit.make("codinca", 3, round_limit=6).new(seed=5)
    bots = [CodincaHardBot(1, iterations=2), CodincaBot(2), CodincaBot(3)]
    while not state.is_over:
        move = bots[state.to_move].choose(state)
        assert move in state.legal_moves()
        state = state.play(move)
    assert bots[0].departed > 0  # the look-ahead really overruled the normal bot on some turns


@pytest.mark.parametrize("players", [2, 4])
def test_deterministic_and_same_on_view_equivalent_states(players):
    """Determinism and fairness: same state and seed, same decision; a state that differs only in what the seat
    cannot see (a determinized twin) gets the same decision too."""
    rng = random.Random(players)
    state = ninekit.make("codinca", players).new(seed=players)
    bots = [CodincaBot(p) for p in range(players)]
    checked = 0
    small = {"iterations": 3, "candidates": 4}  # the same search, shorter
    while not state.is_over and checked < 2:
        if state.view(state.to_move)["step"] == "before" and rng.random() < 0.4:
            twin = state.determinize(state.to_move, random.Random(rng.getrandbits(32)))
            real = CodincaHardBot(9, **small).choose(state)
            assert real == CodincaHardBot(9, **small).choose(state) == CodincaHardBot(9, **small).choose(twin)
            checked += 1
        state = state.play(bots[state.to_move].choose(state))
    assert checked == 2


def test_an_opponent_answers_as_the_normal_bot_scores_boards():
    """The look-ahead's opponent plays the Switch + Flip that the normal bot's own board score ranks best (up to
    its tie-breaking noise): the board it picks scores, for that opponent, as well as the best of every board."""
    state = ninekit.make("codinca", 3).new(seed=8)
    bots = [CodincaBot(p) for p in range(3)]
    for _ in range(15):  # a few turns in, so that boards differ
        state = state.play(bots[state.to_move].choose(state))
    while state.view(state.to_move)["step"] != "before":
        state = state.play(bots[state.to_move].choose(state))
    p = state.to_move
    view = state.view(p)
    ctx = Context(view, p)
    world = World(state, (p + 2) % 3, ctx)  # the real state as the world: the opponent p's discs are known
    answered, _ban = world._answer(p, ctx.tiles, [list(c) for c in view["claimed"]], frozenset(), None,
                                   random.Random(1))
    best = max(ctx.value(with_flips(board, (i,)))
               for _sw, board in switch_options(ctx.tiles, ctx.letter, frozenset(), None) for i in range(16))
    assert ctx.value(answered) >= best - NOISE


def _one_switch_from_the_last_disc():
    """Earth (seat 1 of 2) has claimed three discs; its tiles a1 b1 c1 d2 are all gold, so one Switch (d2 with
    d1) completes Line L2 (gold rank 1), its last disc; every other Line disc it might hold is two turns away."""
    tiles = dict(START_LAYOUT)
    tiles["b1"], tiles["c3"] = ("Earth", "G"), ("Air", "S")
    tiles["c1"], tiles["d2"] = ("Earth", "G"), ("Earth", "G")
    return position(2, tiles=tiles, claimed=[[], ["D2", "B2", "C2"]], to_move=0)


def _after_turn(bot, state):
    while state.to_move == 0 and not state.is_over:
        state = state.play(bot.choose(state))
    return state


LINES_EARTH_MAY_HOLD = ("L2", "L3", "L4", "L5", "L6")  # Fire holds L1


def test_the_look_ahead_sees_an_opponent_win_and_the_block():
    """Opponents' answers (blocking, taking): left alone, Earth completes its last disc in the look-ahead (the
    round counts as lost); after Fire's Switch b2-a1 (Earth's a1 leaves the rank) it cannot."""
    state = _one_switch_from_the_last_disc()
    assert [disc_distance(state.view(0)["tiles"], "Earth", d) for d in LINES_EARTH_MAY_HOLD] == [1, 2, 2, 2, 2]
    ctx = Context(state.view(0), 0)
    world = World(state, 0, ctx)  # the real state as the world: Earth's L2 is known here
    idle = _after_turn(CodincaBot(0), state)  # the normal bot moves on with its own discs
    blocked = state
    for step in ({"kind": "tile", "args": ["b2"]}, {"kind": "switch", "args": ["a1"]},
                 {"kind": "flip", "args": ["c1"]}, {"kind": "end", "args": []}):
        blocked = blocked.play(blocked.game.parse_move(step))

    def round_value(after):
        tiles = tuple(t[0][0] + t[1] for t in after.view(0)["tiles"].values())
        return world.round_value(tiles, [], frozenset(), None, None, random.Random(1))

    assert round_value(idle) == LOSS
    assert round_value(blocked) > LOSS


def test_hard_blocks_a_last_disc_that_normal_leaves_open():
    """Hard beats normal where it matters: with Earth one Switch from its last disc, hard's turn (on most bot
    seeds: its worlds sample Earth's hidden Line disc) leaves Earth two turns from every Line it may hold;
    the normal bot, which weighs the leader only by a mean distance, moves on with its own discs instead."""
    state = _one_switch_from_the_last_disc()

    def blocks(bot):
        tiles = _after_turn(bot, state).view(0)["tiles"]
        return min(disc_distance(tiles, "Earth", d) for d in LINES_EARTH_MAY_HOLD) >= 2

    assert sum(blocks(CodincaHardBot(seed)) for seed in range(6)) >= 4
    assert not any(blocks(CodincaBot(seed)) for seed in range(6))


def test_hard_builds_every_distance_table_when_made(monkeypatch):
    """Issue 13's "at most about 2 s per decision": making the hard bot builds all 15 exact distance tables
    (about 1.2 s, once per process), so that its first decision does not."""
    from ninekit.codinca import bots as codinca_bot

    monkeypatch.setattr(codinca_bot, "TABLES", {})
    CodincaHardBot(1)
    assert len(codinca_bot.TABLES) == 15
    assert codinca_bot.build_tables() == 15  # a second call finds them built
