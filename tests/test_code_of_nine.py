"""Code of Nine rules: one test per rule of the rulebook, per location and per ruling.

Each test names the rule it checks; its docstring cites the source: the rulebook
``shared/rules/code_of_nine.txt`` ("rulebook, Flow of the Game"), the rulings
``shared/rules/code_of_nine.rulings.md`` ("ruling 2", "rulings §5 A") or a
decision of the shared brief recorded in ``docs/code_of_nine.md`` ("decision 4").
Exact situations are built with ``code_of_nine.position``; set-up is played from
``ninekit.make("code_of_nine", players, expert=...).new(seed)``.  Moves are given as
JSON, as a UI would send them.

Memory slots are numbered ``owner * 2 + (0 Shoal, 1 Abyss)``; the default
positions below put Code ``M[2k]`` in seat k's Shoal and ``M[2k + 1]`` in its Abyss.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import ninekit
from ninekit import IllegalMove
from ninekit.code_of_nine import LOCATIONS, MEMORIES, STEPS, data, memory_list, player_sheet, position, score_table
from ninekit.code_of_nine.scoring import void_cards

NORMAL_MEM = [1, 2, 3, 4, 5, 6, 7, 8]          # Red 01/02, Blue 03/04, Green 05/06, Yellow (or the ghost) 07/08
EXPERT_MEM = [19, 20, 21, 22, 23, 24, 25, 27]   # Ninth: 28 (no 26, so no look reveals anything to all)
CODE_RE = re.compile(r"Code (\d\d)")


# --- helpers ---------------------------------------------------------------------------------------

def mv(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})


def play(state, kind, *args):
    return state.play(mv(state, kind, *args))


def options(state, kind=None):
    """The legal decisions as (kind, arg) tuples (``arg`` None for ``stop``)."""
    return [(m.kind, m.args[0] if m.args else None) for m in state.legal_moves() if kind in (None, m.kind)]


def refused(state, kind, *args):
    """The rule text for an illegal move; also checks IllegalMove and that the state is unchanged."""
    move = mv(state, kind, *args)
    seats = range(state.game.players)
    before = (state.position, state.legal_moves(), [state.view(v) for v in seats], state.log(0))
    problem = state.why_illegal(move)
    assert problem is not None
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert str(err.value) == problem
    assert (state.position, state.legal_moves(), [state.view(v) for v in seats], state.log(0)) == before
    return problem


def pos(players=4, expert=False, **kw):
    """A position with default Memories (and the Ninth, 28, in expert)."""
    kw.setdefault("memories", EXPERT_MEM if expert else NORMAL_MEM)
    if expert:
        kw.setdefault("ninth", 28)
    return position(players=players, expert=expert, **kw)


def sheet(state, seat, viewer=0):
    return state.view(viewer)["sheets"][seat]


def items(state, seat):
    sh = sheet(state, seat)
    return sh["coins"], sh["statues"], sh["books"]


def will(state):
    return [sh["will"] for sh in state.view(0)["sheets"]]


def ruins(state):
    r = state.view(0)["ruins"]
    return r["coin"], r["statue"], r["book"]


def slot_code(state, viewer, slot):
    return state.view(viewer)["slots"][slot]["code"]


def last_line(state, viewer):
    return state.log(viewer)[-1]


def codes_in(text):
    return {int(c) for c in CODE_RE.findall(text)}


def P(**kw):
    """One real player's sheet for score_table (all zero / False unless given)."""
    out = dict(coins=0, statues=0, books=0, white=False, black=False, medal=False, released_white=False,
               released_black=False, will=0, start=False)
    out.update(kw)
    return out


def step(table, order):
    return next(s for s in table.steps if s["order"] == order)


def new_game(players=4, expert=False, seed=0):
    return ninekit.make("code_of_nine", players, expert=expert).new(seed)


def through_setup(state, decisions=None, shoal=0):
    """Play the redraw (``decisions``: seat -> "keep"/"change", default keep) and the Shoal/Abyss choices."""
    decisions = decisions or {}
    while state.position.phase == "redraw":
        state = play(state, "redraw", decisions.get(state.to_move, "keep"))
    while state.position.phase == "arrange":
        state = play(state, "shoal", shoal)
    return state


def random_game(players, expert, seed):
    """A random legal game to the end (every seat uniform over its legal moves)."""
    rng = random.Random(seed)
    state = new_game(players, expert, seed)
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, f"no legal move while {state.prompt!r}"
        state = state.play(rng.choice(moves))
    return state


def chain(final):
    """Every state from the start to ``final``."""
    out = []
    node = final
    while node is not None:
        out.append(node)
        node = node.parent
    return out[::-1]


# --- scoring: the three worked examples (rulings §5) -----------------------------------------------------

EXAMPLE_A = ([P(coins=5, statues=3, books=2, white=True, released_white=True, will=2),
              P(coins=1, statues=2, books=0, black=True, will=6),
              P(coins=4, statues=2, books=1, released_black=True, will=0, start=True),
              P(coins=6, statues=0, books=1, will=3)],
             [3, 5, 9, 10, 13, 15, 17, 18])
EXAMPLE_B = ([P(coins=7, statues=1, books=0, medal=True, will=0),
              P(coins=3, statues=2, books=2, white=True, released_white=True, will=1),
              P(coins=2, statues=3, books=1, black=True, will=4, start=True),
              P(coins=4, statues=1, books=1, released_black=True, will=2)],
             [7, 14, 15, 19, 20, 26, 27, 28])
EXAMPLE_C = ([P(coins=6, statues=1, books=2, white=True, black=True, released_white=True, released_black=True,
                will=3),
              P(coins=5, statues=2, books=1, will=4, start=True),
              P(coins=0, statues=3, books=1, will=5)],
             [3, 6, 16, 20, 21, 22, 11, 24])  # the ghost holds 11 and 24 (the last two)


def test_worked_example_a_normal_four_players():
    """Rulings §5 A: 03 05 09 10 13 15 17 18 — totals 9 14 12 1, B cannot win, C wins with 12."""
    table = score_table(*EXAMPLE_A)
    assert table.void == []
    assert step(table, 1)["changes"] == [0, 0, 0, 0]
    assert step(table, 2)["changes"] == [0, 0, 0, 0]
    assert step(table, 3)["changes"] == [9, 6, 6, 0]
    assert step(table, 4)["changes"] == [3, 0, 1, 1]
    assert step(table, 5)["changes"] == [0, 0, 0, 0]
    assert step(table, 6)["changes"] == [-3, 8, 5, 0]
    assert step(table, 7)["changes"] == [0, 0, 0, 0]
    assert step(table, 8)["changes"] == [0, 0, 0, 0]
    assert table.totals == [9, 14, 12, 1]
    assert table.cannot_win == [False, True, False, False]
    assert table.winners == [2]
    assert table.lowest_wins is False
    assert [s["order"] for s in table.steps] == list(range(9))


def test_worked_example_b_expert_four_players_that_lowest_wins():
    """Rulings §5 B: void 07 20 28; totals 21 17 7 12; A cannot win (19 with 15); THAT: C wins with 7."""
    table = score_table(*EXAMPLE_B)
    assert table.void == [7, 20, 28]
    assert step(table, 0)["cards"] == [7, 20, 28]
    assert step(table, 2)["changes"] == [10, 0, 0, 0]
    assert step(table, 3)["changes"] == [1, 2, 3, 1]
    assert step(table, 4)["changes"] == [0, 2, 1, 1]
    assert step(table, 5)["changes"] == [0, 13, 3, 10]
    assert step(table, 6)["changes"] == [5, 0, 0, 0]
    assert step(table, 7)["changes"] == [5, 0, 0, 0]
    assert step(table, 8)["changes"] == [0, 0, 0, 0]
    assert table.totals == [21, 17, 7, 12]
    assert table.cannot_win == [True, False, False, False]
    assert table.lowest_wins is True
    assert table.winners == [2]


def test_worked_example_c_expert_three_players_ghost_not_compared():
    """Rulings §5 C: void 24; A (22) and C (03, ghost not compared) cannot win; 230 3 9; B wins with 3."""
    table = score_table(*EXAMPLE_C)
    assert table.void == [24]
    assert step(table, 1)["changes"] == [0, 0, 0]
    assert table.cannot_win == [True, False, True]
    assert step(table, 3)["changes"] == [4, 2, 3]
    assert step(table, 4)["changes"] == [2, 1, 1]
    assert step(table, 5)["changes"] == [109, 0, 0]
    assert step(table, 6)["changes"] == [0, 0, 5]
    assert step(table, 8)["changes"] == [115, 0, 0]  # x2, x1, x1 of the running totals 115, 3, 9
    assert table.totals == [230, 3, 9]
    assert table.winners == [1]


def test_worked_example_c_in_a_played_position_outcome():
    """Rulings §5 C through the engine: a 3-player expert game ending in that position scores it exactly."""
    state = position(players=3, expert=True, round=5, memories=[3, 6, 16, 20, 21, 22, 11, 24], ninth=28,
                     items=[dict(coins=6, statues=1, books=2), dict(coins=5, statues=2, books=1),
                            dict(coins=0, statues=3, books=1)],
                     white=0, black=0, will=[2, 4, 5], start=1, pawns=[1, 0, 0], turn=0, medal=-1)
    state = play(state, "place", "quarry")  # Red: Will 3, and round 5 ends
    assert state.is_over
    table = score_table([player_sheet(state.position, s) for s in range(3)], list(state.position.mem))
    assert table.totals == [230, 3, 9]
    assert state.outcome.scores == (230, 3, 9)
    assert state.outcome.winners == (1,)
    assert "Blue" in state.outcome.reason
    assert state.view(None)["score"]["memories"] == [3, 6, 16, 20, 21, 22, 11, 24]


def test_worked_example_a_in_a_played_position_outcome_and_details():
    """Rulings §5 A through the engine: outcome scores, winners, reason and per-seat breakdown in the rulings' order."""
    state = position(round=5, memories=[3, 5, 9, 10, 13, 15, 17, 18], start=2, turn=3, pawns=[0, 0, 0, 1],
                     items=[dict(coins=5, statues=3, books=2), dict(coins=1, statues=2), dict(coins=4, statues=2,
                                                                                             books=1),
                            dict(coins=6, books=1)],
                     white=0, black=1, released={"white": 0, "black": 2}, will=[2, 6, 0, 2])
    over = play(state, "place", "quarry")                      # Yellow: Will 3; round 5 ends
    assert over.outcome.scores == (9, 14, 12, 1)
    assert over.outcome.winners == (2,)
    assert over.outcome.reason == "Green wins with 12 VP"
    labels = ["Coins", "Statues", "Books", "Legacies", "Player state", "Medal", "Card 20 and the winners", "Total"]
    assert [label for label, _ in over.outcome.details[0]] == labels
    assert [change for _, change in over.outcome.details[0]] == [0, 9, 3, 0, -3, 0, 0, 9]
    assert over.outcome.details[1][-1] == ("Cannot win", 1)
    score = over.view(2)["score"]
    assert score["totals"] == [9, 14, 12, 1] and score["cannot_win"] == [False, True, False, False]


def test_worked_example_b_in_a_played_position_outcome():
    """Rulings §5 B through the engine: THAT with 26 — Green (C) wins with the lowest score, 7."""
    state = position(expert=True, round=5, memories=[7, 14, 15, 19, 20, 26, 27, 28], ninth=1, start=2, turn=3,
                     pawns=[0, 0, 0, 1],
                     items=[dict(coins=7, statues=1), dict(coins=3, statues=2, books=2),
                            dict(coins=2, statues=3, books=1), dict(coins=4, statues=1, books=1)],
                     white=1, black=2, released={"white": 1, "black": 3}, medal=0, will=[0, 1, 4, 1])
    over = play(state, "place", "quarry")
    assert over.outcome.scores == (21, 17, 7, 12)
    assert over.outcome.winners == (2,)
    assert over.outcome.reason == "Green wins with 7 VP (THAT: with Code 26 in the game, the lowest score wins)"
    assert over.view(None)["score"]["void"] == [7, 20, 28]


# --- scoring: every Memory card alone (card list) -----------------------------------------------------------

PAD_PLAIN = [11, 12, 13, 14, 21, 22, 28]   # neutral when nobody holds or released a Legacy or holds the Medal
PAD_TOKENS = [1, 2, 5, 6, 8, 9, 10]        # neutral when nobody holds a Coin, Statue or Book


def alone(code, players, pad=None):
    pad = list(pad or (PAD_TOKENS if code in (11, 12, 13, 14, 21, 22, 26, 27, 28) else PAD_PLAIN))
    if code == 7:
        pad = [26 if c == 28 else c for c in pad]  # 28 would void 07
    pad = [c for c in pad if c != code][:7]
    return score_table(players, [code] + pad)


C310 = [P(coins=3), P(coins=1), P(coins=0)]

ALONE = {  # code: (players, totals, cannot_win)
    1: (C310, [3, 1, 0], None),
    2: (C310, [-3, -1, 0], None),
    3: (C310, [0, 0, 0], [False, False, True]),
    4: (C310, [4, 0, 0], None),
    5: ([P(statues=2), P(statues=1), P()], [6, 3, 0], None),
    6: ([P(statues=2), P(statues=1), P()], [2, 4, 0], None),
    7: ([P(statues=2), P(statues=1), P()], [-2, -1, 0], None),
    8: ([P(books=2), P(books=1), P()], [6, 3, 0], None),
    9: ([P(books=2), P(books=1), P(books=3)], [-8, 1, 3], None),
    10: ([P(books=2, coins=3), P(books=1), P()], [7, 1, 0], None),
    11: ([P(white=True, released_white=True), P(black=True, released_black=True), P()], [6, 3, 0], None),
    12: ([P(white=True, released_white=True), P(black=True, released_black=True), P()], [3, 6, 0], None),
    13: ([P(white=True, released_white=True), P(black=True, released_black=True), P()], [0, 0, 0], None),
    14: ([P(white=True, released_white=True), P(released_black=True), P(black=True)], [13, 10, 3], None),
    15: (C310, [5, 0, 0], None),
    16: ([P(will=4), P(will=2), P()], [5, 0, 0], None),
    17: (C310, [-8, 0, 8], None),
    18: ([P(), P(start=True), P()], [0, 5, 0], None),
    19: (C310, [10, 0, 0], [False, False, False]),
    20: ([P(books=2, statues=1), P(statues=2), P(books=1)], [6, 0, 1], None),
    21: ([P(white=True, released_white=True), P(released_black=True), P(black=True)], [53, 50, 3], None),
    22: ([P(white=True, released_white=True), P(released_black=True), P(black=True)], [3, 0, 3],
         [True, True, False]),
    23: ([P(coins=2, statues=2, books=2), P(coins=1, statues=1, books=1), P(coins=3, statues=1)], [8, 4, 1], None),
    24: ([P(will=2), P(), P(will=1)], [-3, 0, -3], None),
    25: ([P(coins=1), P(coins=1, statues=1, books=1), P()], [6, 2, 9], None),
    26: ([P(), P(medal=True), P()], [0, 5, 0], None),
    27: ([P(white=True, released_white=True), P(), P()], [3, 0, 0], None),
    28: ([P(), P(medal=True), P()], [0, -50, 0], None),
}


@pytest.mark.parametrize("code", sorted(ALONE), ids=[f"{c:02d}-{MEMORIES[c].name}" for c in sorted(ALONE)])
def test_memory_card_effect_alone(code):
    """Memory Card List: each card's printed effect on its own (18 reconstructed, ruling §3; item values ruling §1)."""
    players, totals, cannot = ALONE[code]
    table = alone(code, players)
    assert table.void == []
    assert table.totals == totals
    assert table.cannot_win == (cannot or [False] * len(players))
    used = [c for s in table.steps for c in s["cards"]]
    assert code in used or code == 27  # 27 does nothing without 26 (ruling 6)
    step_of = next((s["order"] for s in table.steps if code in s["cards"]), MEMORIES[code].order)
    assert step_of == MEMORIES[code].order


def test_every_memory_card_has_a_test_and_the_printed_orders():
    """Memory Card List: codes 1-28 with their order numbers (17 and 18: order 6, reconstructed, ruling §3)."""
    assert sorted(ALONE) == list(range(1, 29))
    orders = {1: 2, 2: 2, 3: 1, 4: 2, 5: 3, 6: 3, 7: 3, 8: 4, 9: 4, 10: 4, 11: 5, 12: 5, 13: 5, 14: 5, 15: 6,
              16: 6, 17: 6, 18: 6, 19: 2, 20: 8, 21: 5, 22: 1, 23: 6, 24: 6, 25: 6, 26: 7, 27: 8, 28: 7}
    assert {c: m.order for c, m in MEMORIES.items()} == orders
    assert [c for c, m in MEMORIES.items() if m.expert] == list(range(19, 29))
    assert [c for c, m in MEMORIES.items() if m.reconstructed] == [18]
    assert data.ORDER_17_RECONSTRUCTED


def test_rulings_s1_inherent_item_values():
    """Ruling §1: Coin 0, Statue 1, Book 1, White and Black Legacy 3, Medal 0 (reconstructed where marked)."""
    assert data.ITEM_VP == {"coin": 0, "statue": 1, "book": 1, "white": 3, "black": 3, "medal": 0}
    assert {k for k, v in data.ITEM_VALUES.items() if v.reconstructed} == {"statue", "white", "black", "medal"}
    # cards neutral for these two players: 27 (no 26), 9, 6, 24 (no Will), 18, 16 (tied), 14, 21 (no releaser)
    t = score_table([P(coins=4, statues=2, books=3), P(white=True, black=True, medal=True)],
                    [27, 9, 6, 24, 18, 16, 14, 21])
    assert [step(t, o)["changes"] for o in (2, 3, 4, 5, 7)] == [[0, 0], [2, 0], [3, 0], [0, 6], [0, 0]]
    assert t.totals == [5, 6]


# --- scoring: the ruled interactions ------------------------------------------------------------------------------

def test_ruling_8_invalidation_20_void_with_27():
    """Ruling 8: card 20 is void if 27 is in the game (no multiplication)."""
    players = [P(books=2, statues=3), P(books=0, statues=1)]
    with_27 = score_table(players, [20, 27, 11, 12, 13, 14, 21, 22])
    without = score_table(players, [20, 26, 11, 12, 13, 14, 21, 22])
    assert with_27.void == [20] and with_27.totals == [5, 1]
    assert without.void == [] and without.totals == [10, 0]


def test_ruling_8_invalidation_24_void_with_16():
    """Ruling 8: card 24 is void if 16 is in the game (and 16 still applies)."""
    players = [P(will=3), P(will=1), P()]
    with_16 = score_table(players, [24, 16] + PAD_PLAIN[:6])
    without = score_table(players, [24] + PAD_PLAIN)
    assert with_16.void == [24] and with_16.totals == [5, 0, 0]
    assert without.void == [] and without.totals == [-3, -3, 0]


def test_ruling_8_invalidation_07_and_28_void_together():
    """Ruling 8: 07 and 28 are both void when both are in the game; statues positive, the Medal 0."""
    players = [P(statues=2, medal=True), P(statues=1)]
    both = score_table(players, [7, 28, 1, 2, 8, 9, 10, 11])
    assert both.void == [7, 28] and both.totals == [2, 1]
    only_28 = score_table(players, [28, 1, 2, 5, 8, 9, 10, 11])
    assert only_28.void == [] and only_28.totals == [6 - 50, 3]
    assert void_cards([7, 14, 15, 19, 20, 26, 27, 28]) == [7, 20, 28]


def test_ruling_8_void_card_still_counts_as_in_the_game_for_19_and_27():
    """Ruling 8: a void card still counts as in the game ('if Code 15 is in the game' / 'if Code 26...')."""
    # 15 is never void, but 19's condition reads presence; 26 with 27 reads presence too.
    t = score_table([P(coins=3), P(coins=1)], [19, 15, 26, 27, 11, 12, 13, 14])
    assert t.cannot_win == [True, False] and t.lowest_wins is True


def test_ruling_9_same_order_05_06_then_07():
    """Ruling 9, order 3: 05 and 06 adjust each statue first, then 07 makes the statue total negative."""
    players = [P(statues=1), P(statues=2), P()]
    t = score_table(players, [5, 6, 7, 11, 12, 13, 14, 21])
    assert step(t, 3)["changes"] == [-6, -6, 0]
    t = score_table(players, [6, 7, 11, 12, 13, 14, 21, 22])
    assert step(t, 3)["changes"] == [-4, -2, 0]


def test_ruling_9_same_order_26_and_28_medal_minus_45():
    """Ruling 9, order 7: 26 and 28 add up, the Medal is worth -45 if both are valid."""
    t = score_table([P(medal=True), P()], [26, 28, 1, 2, 5, 8, 9, 10])
    assert step(t, 7)["changes"] == [-45, 0] and t.totals == [-45, 0]
    assert step(t, 7)["cards"] == [26, 28]


def test_ruling_5_cannot_win_03_still_scores():
    """Ruling 5: a player who cannot win (03) still scores but is left out of the winners."""
    t = score_table([P(coins=1, statues=9), P(coins=2), P(coins=3)], [3] + PAD_PLAIN)
    assert t.cannot_win == [True, False, False]
    assert t.totals == [9, 0, 0]
    assert t.winners == [1, 2]


def test_ruling_5_cannot_win_19_with_15():
    """Card 19 / ruling 5: the unique most Coins gains 10, and cannot win if Code 15 is in the game."""
    t = score_table([P(coins=5), P(coins=1, statues=2)], [19, 15] + PAD_PLAIN[:6])
    assert t.totals == [15, 2]  # 19 +10, 15 +5 (most items)
    assert t.cannot_win == [True, False] and t.winners == [1]
    tied = score_table([P(coins=5), P(coins=5)], [19, 15] + PAD_PLAIN[:6])
    assert tied.cannot_win == [False, False] and tied.totals == [0, 0]


def test_ruling_5_cannot_win_22_any_release():
    """Ruling 10/5: 22 excludes anyone who released at least one Legacy, whoever holds it now."""
    t = score_table([P(released_white=True), P(white=True, statues=1), P(released_black=True, black=True)],
                    [22] + PAD_TOKENS)
    assert t.cannot_win == [True, False, True]
    assert t.winners == [1]


def test_ruling_5_every_player_cannot_win_nobody_wins():
    """Ruling 5: if every player is left out, nobody wins (outcome: 'Nobody wins')."""
    t = score_table([P(coins=1, released_white=True, white=True), P(coins=2, released_black=True, black=True)],
                    [3, 22, 1, 2, 5, 6, 8, 9])
    assert t.cannot_win == [True, True] and t.winners == []
    state = position(players=3, expert=True, round=5, pawns=[1, 0, 0], memories=[3, 22, 19, 20, 21, 23, 24, 25],
                     ninth=28, white=0, black=1, items=[dict(coins=2), dict(coins=2), dict(coins=1)])
    over = play(state, "place", "quarry")
    assert over.outcome.winners == () and over.outcome.reason == "Nobody wins: every player cannot win"
    assert over.view(None)["score"]["cannot_win"] == [True, True, True]


def test_ruling_6_that_with_26_lowest_wins():
    """Ruling 6: with 27 and 26 both in the game, the eligible player(s) with the lowest VP win."""
    players = [P(statues=3), P(statues=1), P(statues=2)]
    t = score_table(players, [27, 26, 11, 12, 13, 14, 21, 22])
    assert t.lowest_wins and t.winners == [1]
    t = score_table(players + [P(statues=1)], [27, 26, 11, 12, 13, 14, 21, 22])
    assert t.winners == [1, 3]  # tied lowest share


def test_ruling_6_that_without_26_does_nothing():
    """Ruling 6: without 26, card 27 does nothing (the highest wins)."""
    t = score_table([P(statues=3), P(statues=1)], [27, 28, 11, 12, 13, 14, 21, 22])
    assert not t.lowest_wins and t.winners == [0]
    assert 27 not in step(t, 8)["cards"]


def test_ruling_4_ties_nobody_affected_most_least():
    """Ruling 4: 'one player with the most/least X' needs a unique extreme; with a tie nobody is affected."""
    tied = [P(coins=2, will=3), P(coins=2, will=3), P(coins=5, will=1)]
    t = score_table(tied, [3, 16, 17, 11, 12, 13, 14, 21])
    assert t.cannot_win == [False, False, False]   # 03: least coins tied
    assert step(t, 6)["changes"] == [0, 0, -8]      # 16 tied: nothing; 17 least tied: nothing; most unique
    t = score_table([P(coins=4), P(coins=4), P()], [4, 15, 19, 11, 12, 13, 14, 21])
    assert t.totals == [0, 0, 0]


def test_ruling_4_tied_winners_share_the_victory():
    """Ruling 4: players tied for the win share it."""
    t = score_table([P(statues=2), P(books=2), P()], PAD_PLAIN + [27])
    assert t.winners == [0, 1]
    out = position(players=3, round=5, pawns=[1, 0, 0], turn=0, memories=[1, 11, 12, 13, 14, 17, 15, 16],
                   items=[dict(statues=2), dict(books=2), dict(statues=1, books=1)])
    over = play(out, "place", "quarry")
    assert over.outcome.winners == (0, 1, 2)
    assert over.outcome.reason == "Red, Blue and Green win with 2 VP"


def test_ruling_7_card_20_zero_books_and_negative_totals():
    """Ruling 7: 20 multiplies each running total by its books: 0 books gives 0, a negative total stays negative."""
    players = [P(coins=4, statues=5), P(coins=3, books=2), P(coins=1, books=1)]
    t = score_table(players, [20, 2, 11, 12, 13, 14, 21, 22])
    # running totals: 5-4=1, -3+2=-1, -1+1=0
    assert step(t, 8)["changes"] == [-1, -1, 0]
    assert t.totals == [0, -2, 0]


def test_rulings_s1_any_item_counts_legacies_and_medal_for_10_15_17():
    """Ruling §1: '[any item]' is every token incl. both Legacies and the Medal (cards 10, 15, 17)."""
    a = P(books=2, white=True, black=True, medal=True, released_white=True, released_black=True)  # 5 items
    b = P(coins=4)                                                                               # 4 items
    c = P(coins=1)
    t = score_table([a, b, c], [10, 15, 17, 27, 18, 16, 24, 3])  # 27, 18, 16/24, 3: no VP here
    # 10: a +5 (one per item); 15: a +5 (most items); 17: a -8 (most), c +8 (least)
    assert step(t, 4)["changes"] == [2 + 5, 0, 0]
    assert step(t, 5)["changes"] == [6, 0, 0]
    assert step(t, 6)["changes"] == [5 - 8, 0, 8]


def test_ruling_10_14_and_21_pay_per_legacy_to_the_releaser_holder_scores_token():
    """Ruling 10: 14/21 pay the releaser per Legacy (both: +20/+100); the holder scores the token at order 5."""
    both = P(released_white=True, released_black=True)
    holder = P(white=True, black=True)
    t = score_table([both, holder, P()], [14, 21, 1, 2, 5, 6, 8, 9])
    assert step(t, 5)["changes"] == [120, 6, 0]
    assert t.totals == [120, 6, 0]


def test_score_table_refuses_malformed_input():
    """score_table validates its input with a clear ValueError (never the ghost, 8 different codes)."""
    good = [P(), P(), P()]
    mem = [1, 2, 3, 4, 5, 6, 7, 8]
    bad = [
        (good, [1, 2, 3], "memories must be the 8 different"),
        (good, [1, 1, 2, 3, 4, 5, 6, 7], "memories must be the 8 different"),
        (good, [0, 1, 2, 3, 4, 5, 6, 7], "1-28"),
        (good, [29, 1, 2, 3, 4, 5, 6, 7], "1-28"),
        ([], mem, "players must be a list"),
        ([P()] * 5, mem, "players must be a list"),
        ([P(), {"coins": 1}], mem, "missing"),
        ([P(), dict(P(), ghost=True)], mem, "unknown ghost"),
        ([P(coins=-1)], mem, "coins must be a whole number"),
        ([P(white=1)], mem, "white must be True or False"),
        ([P(start=True), P(start=True)], mem, "Start player"),
        ([P(medal=True), P(medal=True)], mem, "medal"),
        ([P(released_white=True), P(released_white=True)], mem, "released the white"),
        (["x"], mem, "must be a dict"),
    ]
    for players, memories, words in bad:
        with pytest.raises(ValueError, match=words):
            score_table(players, memories)
    with pytest.raises(ValueError, match="names must name each"):
        score_table(good, mem, names=["a"])


# --- set-up (rulebook, Preparation; ruling 12) ------------------------------------------------------------------

def test_setup_start_will_0_1_1_2_with_four_players():
    """Rulebook, Preparation: the Start player gets no Will, the second and third 1 each, the fourth 2."""
    state = new_game(4)
    assert will(state) == [0, 1, 1, 2]
    assert [sh["start"] for sh in state.view(0)["sheets"]] == [True, False, False, False]
    assert state.view(None)["start"] == 0  # decision 1: seat 0 (Red) is the first Start player


def test_setup_start_will_0_1_1_with_three_players_ghost_has_none():
    """Rulebook, Preparation (3 players): Will 0/1/1; the ghost player gets no Will at all (no sheet)."""
    state = new_game(3)
    view = state.view(0)
    assert will(state) == [0, 1, 1]
    assert len(view["sheets"]) == 3 and view["ghost"] is True
    assert [s["owner_name"] for s in view["slots"]][6:] == ["the Ghost", "the Ghost"]


def test_setup_components_ruins_legacies_pawns():
    """Rulebook, Preparation: 16 Coins, 8 Statues, 4 Books in the Ruins; Legacies on the board; 3 pawns; round 1."""
    view = new_game(4).view(None)
    assert view["ruins"] == {"coin": 16, "statue": 8, "book": 4}
    assert (view["white"], view["black"]) == ("board", "board")
    assert view["released"] == {"white": None, "black": None}
    assert [s["pawns"] for s in view["sheets"]] == [3, 3, 3, 3]
    assert (view["round"], view["rounds"]) == (1, 5)


def test_setup_medal_under_cult_in_expert_boxed_in_normal():
    """Rulebook, Preparation: the Medal goes in the box unless Expert; in Expert it lies under Cult of Honeybook."""
    assert new_game(4, expert=False).view(0)["medal"] == "box"
    assert new_game(4, expert=True).view(0)["medal"] == "board"
    normal_keys = {loc["key"] for loc in new_game(4).view(0)["locations"]}
    assert not normal_keys & {"cult", "hall", "gallery"}
    assert {"cult", "hall", "gallery"} <= {loc["key"] for loc in new_game(4, expert=True).view(0)["locations"]}


@pytest.mark.parametrize("players", [3, 4])
def test_setup_deal_two_cards_each_including_the_ghost_normal_codes_1_to_18(players):
    """Rulebook, Preparation: 2 Memories to each player and the ghost; normal uses codes 1-18 only, expert 1-28."""
    for seed in range(20):
        for expert, pool in ((False, set(range(1, 19))), (True, set(range(1, 29)))):
            p = new_game(players, expert, seed).position
            assert len(p.mem) == 8 and set(p.mem) | set(p.deck) == pool
            assert len(set(p.mem) | set(p.deck)) == len(p.mem) + len(p.deck)
            for seat in range(players):
                assert new_game(players, expert, seed).view(seat)["hand"] == list(p.mem[2 * seat:2 * seat + 2])


def test_setup_codes_used_vary_with_the_seed():
    """Rulebook, Preparation: the Memory cards are shuffled (different seeds deal different cards)."""
    deals = {new_game(4, False, seed).position.mem for seed in range(10)}
    assert len(deals) == 10


def test_setup_redraw_decided_in_order_from_the_start_player_then_shoal_abyss():
    """Ruling 12 / decisions 2-3: deal, redraw (one seat at a time), Ninth, Shoal/Abyss choice, box."""
    state = new_game(4, expert=True, seed=3)
    order = []
    while state.position.phase == "redraw":
        assert state.view(state.to_move)["ninth"] is None
        order.append(state.to_move)
        state = play(state, "redraw", "keep")
    assert order == [0, 1, 2, 3]
    assert state.position.phase == "arrange" and state.view(None)["ninth"] is not None
    order = []
    while state.position.phase == "arrange":
        order.append(state.to_move)
        state = play(state, "shoal", 0)
    assert order == [0, 1, 2, 3]
    assert state.position.phase == "place" and state.to_move == 0


def test_setup_redraw_changer_has_two_pawns_in_round_1_keeper_three():
    """Rulebook, Preparation / ruling 12: a changer pays 1 Action pawn for round 1 only (14 actions)."""
    state = through_setup(new_game(4, seed=5), {1: "change", 3: "change"})
    assert [s["pawns"] for s in state.view(0)["sheets"]] == [3, 2, 3, 2]
    # play round 1 out: Blue and Yellow place twice, Red and Green three times; round 2 everybody has 3
    placed = {s: 0 for s in range(4)}
    while state.view(0)["round"] == 1:
        if state.position.phase == "place":
            placed[state.to_move] += 1
            state = play(state, "place", "quarry")
        else:
            state = state.play(state.legal_moves()[-1])
    assert placed == {0: 3, 1: 2, 2: 3, 3: 2}
    assert [s["pawns"] for s in state.view(0)["sheets"]] == [3, 3, 3, 3]


def test_setup_redraw_changer_gets_two_cards_from_undealt_and_returned_keepers_and_ghost_unchanged():
    """Ruling 12: a changer gets 2 of the undealt + returned cards; keepers' and the ghost's cards stay (ruling 3)."""
    changed_any = False
    for seed in range(12):
        start = new_game(3, seed=seed)
        before = start.position.mem
        after = through_setup(start, {0: "change", 2: "change"}).position
        pool = set(before[0:2]) | set(before[4:6]) | set(start.position.deck)
        assert set(after.mem[0:2]) <= pool and set(after.mem[4:6]) <= pool
        assert set(after.mem[2:4]) == set(before[2:4])   # Blue kept
        assert set(after.mem[6:8]) == set(before[6:8])   # the ghost
        assert set(after.mem) | set(after.deck) == set(range(1, 19))
        changed_any |= set(after.mem[0:2]) != set(before[0:2])
    assert changed_any


def test_setup_redraw_decisions_hidden_until_all_have_decided():
    """Rulebook, Preparation: each decides the redraw without seeing the others; all see who changed at the end."""
    state = new_game(4, seed=7)
    keep = play(state, "redraw", "keep")
    change = play(state, "redraw", "change")
    for viewer in (1, 2, 3, None):
        assert keep.view(viewer) == change.view(viewer)
        assert keep.log(viewer) == change.log(viewer)
    assert keep.view(0)["sheets"][0]["redraw"] == "keep" and change.view(0)["sheets"][0]["redraw"] == "change"
    assert change.view(1)["sheets"][0]["redraw"] == "decided"
    assert change.log(0)[-1].endswith(": change")
    state = change
    for _ in range(3):
        state = play(state, "redraw", "keep")
    for viewer in (0, 1, 2, 3, None):
        assert [s["redraw"] for s in state.view(viewer)["sheets"]] == ["change", "keep", "keep", "keep"]
        assert "Red changes both Memories and has one pawn fewer in round 1" in state.log(viewer)[-1]


def test_setup_ninth_memory_turned_up_in_expert_only():
    """Ruling 12: in expert a remaining card goes face up as the Ninth Memory, public to all; none in normal games."""
    for seed in range(6):
        state = through_setup(new_game(4, expert=True, seed=seed), {2: "change"})
        ninth = state.position.ninth
        assert ninth and ninth not in state.position.mem and ninth not in state.position.deck
        for viewer in (0, 1, 2, 3, None):
            assert state.view(viewer)["ninth"] == ninth
        assert f"the Ninth Memory is Code {ninth:02d}" in state.log(None)[3]
        assert through_setup(new_game(4, seed=seed)).view(0)["ninth"] is None


def test_setup_shoal_abyss_choice_each_player_places_own_cards():
    """Rulebook, Preparation: each player chooses which Memory goes in the Shoal and which in the Abyss."""
    start = new_game(4, seed=11)
    dealt = start.position.mem
    state = start
    for _ in range(4):
        state = play(state, "redraw", "keep")
    assert state.view(0)["hand"] == [dealt[0], dealt[1]]
    state = play(state, "shoal", 1)          # Red: second card in the Shoal
    assert state.view(0)["hand"] is None
    assert [slot_code(state, 0, 0), slot_code(state, 0, 1)] == [dealt[1], dealt[0]]
    assert f"Code {dealt[0]:02d}" in state.log(0)[-1] and not codes_in(state.log(1)[-1])
    state = play(state, "shoal", 0)          # Blue: first card in the Shoal
    assert [slot_code(state, 1, 2), slot_code(state, 1, 3)] == [dealt[2], dealt[3]]
    assert slot_code(state, 0, 2) is None and slot_code(state, 1, 0) is None


def test_setup_rest_of_the_deck_boxed_unseen():
    """Rulebook, Preparation: the rest of the Memory cards go in the box and may not be looked at by anyone."""
    rng = random.Random(1)
    state = through_setup(new_game(4, True, 1))        # nobody changes, so nobody ever held a boxed card
    boxed = set(state.position.deck)
    assert len(boxed) == 28 - 9
    while not state.is_over:
        for viewer in (0, 1, 2, 3, None):
            view = state.view(viewer)
            assert not ({s["code"] for s in view["slots"]} | {view["ninth"]}) & boxed
            assert not codes_in(json.dumps({k: view[k] for k in view if k != "locations"})) & boxed
            assert all(row["status"] != "in" for row in view["memory_list"] if row["code"] in boxed)
        state = state.play(rng.choice(state.legal_moves()))
    for viewer in (0, 1, 2, 3, None):
        assert not codes_in(" ".join(state.parent.log(viewer))) & boxed
    assert set(state.view(None)["score"]["memories"]).isdisjoint(boxed)  # at the end: the 8 slot cards only


def test_setup_normal_game_uses_only_normal_locations_and_memory_list():
    """Rulebook: use the Expert cards (19-28) only with the Expert rules; the Memory list shows this game's deck."""
    assert [r["code"] for r in new_game(4).view(0)["memory_list"]] == list(range(1, 19))
    assert [r["code"] for r in new_game(4, expert=True).view(0)["memory_list"]] == list(range(1, 29))


# --- a round (rulebook, Flow of the Game; ruling 14) ---------------------------------------------------------

def place_keys(state):
    return [a for k, a in options(state) if k == "place"]


@pytest.mark.parametrize("expert", [False, True])
def test_rule_only_locations_of_current_and_earlier_rounds(expert):
    """Rulebook, Flow of the Game: only locations of the current or earlier rounds, never future ones (decision 9)."""
    for rnd in range(1, 6):
        state = pos(expert=expert, round=rnd, will=[30, 0, 0, 0], medal=0 if expert else None)
        expected = [loc.key for loc in LOCATIONS if loc.first <= rnd <= loc.last and (expert or not loc.expert)]
        assert place_keys(state) == expected
        view = state.view(0)
        for loc in view["locations"]:
            assert loc["open"] == (loc["first"] <= rnd <= loc["last"])
            assert loc["future"] == (rnd < loc["first"]) and loc["closed"] == (rnd > loc["last"])
    state = pos(round=1, will=[30, 0, 0, 0])
    assert "never place on locations of future rounds" in refused(state, "place", "cathedral")
    assert "never place on locations of future rounds" in refused(state, "place", "bell")


def test_rule_one_only_locations_closed_from_round_2():
    """Rulebook, Locations List: Her Library and Mechanism of Fortune are '1 only'; Last Glimpse and Bell '5 only'."""
    state = pos(round=2, will=[5, 0, 0, 0])
    assert "closed from round 2" in refused(state, "place", "library")
    assert "closed from round 2" in refused(state, "place", "fortune")
    assert {"library", "fortune"} <= set(place_keys(pos(round=1, will=[5, 0, 0, 0])))
    assert {"last_glimpse", "bell"} <= set(place_keys(pos(round=5)))
    assert not {"last_glimpse", "bell"} & set(place_keys(pos(round=4)))


def test_rule_one_pawn_per_space():
    """Rulebook, Flow of the Game: you may not place on a space already occupied by another Action pawn."""
    state = pos(round=1, placed={"cross": 1}, pawns=[3, 2, 3, 3])
    assert "cross" not in place_keys(state)
    assert "one pawn a space" in refused(state, "place", "cross")
    state = play(state, "place", "tunnel")
    state = play(state, "place", "hearth")  # Blue
    assert "tunnel" not in place_keys(state) and "hearth" not in place_keys(state)
    assert state.view(0)["locations"][[loc.key for loc in LOCATIONS].index("tunnel")]["pawns"] == [0]


def test_rule_quarry_of_wills_takes_any_number_of_pawns_own_included():
    """Rulebook, Quarry of Wills / ruling 14: available even with pawns there, your own included."""
    state = pos(players=3, round=1)
    for _ in range(9):
        assert "quarry" in place_keys(state)
        state = play(state, "place", "quarry")
    # the round is over: every pawn went to Quarry; everyone gained 3 Will
    assert state.view(0)["round"] == 2
    assert will(state) == [3, 4, 4]
    state = pos(round=2, placed={"quarry": [0, 1, 0]}, pawns=[1, 2, 3, 3], turn=0)
    assert state.view(0)["locations"][[loc.key for loc in LOCATIONS].index("quarry")]["pawns"] == [0, 1, 0]
    state = play(state, "place", "quarry")
    assert state.view(0)["locations"][[loc.key for loc in LOCATIONS].index("quarry")]["pawns"] == [0, 1, 0, 0]


def test_rule_cost_must_be_fully_payable_before_placing():
    """Rulebook, Flow of the Game / ruling 11: you may not place where you cannot pay; the cost is paid on placing."""
    state = pos(round=3, will=[1, 0, 0, 0])
    assert "the_place" not in place_keys(state) and "archive" not in place_keys(state)
    assert "a cost must be fully payable" in refused(state, "place", "archive")
    assert "hollow" in place_keys(state)
    state = pos(round=3, will=[2, 0, 0, 0])
    after = play(state, "place", "archive")
    assert will(after)[0] == 0 and items(after, 0) == (0, 0, 1)


def test_rule_no_passing_while_pawns_remain():
    """Rulebook, Flow of the Game: a player with Action pawns left may not pass (Quarry never fills, ruling §2)."""
    state = pos(round=1, will=[0, 0, 0, 0])
    assert all(kind == "place" for kind, _ in options(state))
    assert "must decide something else" in refused(state, "stop")
    for seed in range(4):
        final = random_game(4, seed % 2 == 1, seed)
        for s in chain(final)[:-1]:
            assert s.legal_moves()


def test_rule_players_without_pawns_are_skipped():
    """Rulebook, Flow of the Game: if you run out of Action pawns, your turn is automatically skipped."""
    state = pos(round=2, pawns=[2, 0, 1, 0])
    assert state.to_move == 0
    state = play(state, "place", "quarry")
    assert state.to_move == 2
    state = play(state, "place", "quarry")
    assert state.to_move == 0
    state = play(state, "place", "quarry")
    assert state.view(0)["round"] == 3


def test_rule_turns_go_clockwise_from_the_start_player():
    """Rulebook, Flow of the Game: starting with the Start player, clockwise (seat order, decision 1)."""
    state = pos(round=2, start=2)
    order = []
    for _ in range(8):
        order.append(state.to_move)
        state = play(state, "place", "quarry")
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]


def test_rule_start_player_change_takes_effect_next_round():
    """Ruling 14: a new Start player takes effect from the next round (Clocktower in round 2)."""
    state = pos(round=2, pawns=[1, 1, 1, 1])
    state = play(state, "place", "quarry")            # Red
    state = play(state, "place", "clocktower")        # Blue takes the Start player (holds nothing: no return)
    assert state.view(0)["start"] == 1 and state.to_move == 2
    state = play(play(state, "place", "quarry"), "place", "quarry")
    assert state.view(0)["round"] == 3 and state.to_move == 1 and state.view(0)["first"] == 1


def test_rule_game_ends_after_round_5():
    """Rulebook, Flow of the Game: continue until round 5 is finished; then every Memory is revealed."""
    state = pos(round=5, pawns=[1, 1, 1, 1])
    for _ in range(3):
        state = play(state, "place", "quarry")
        assert not state.is_over
    state = play(state, "place", "quarry")
    assert state.is_over and state.view(0)["phase"] == "over"
    assert "Round 5 ends: the game is over (round 5 is over)" in state.log(None)[-1]
    assert [s["code"] for s in state.view(None)["slots"]] == NORMAL_MEM
    assert state.legal_moves() == ()
    assert "The game is over" in refused(state, "place", "quarry")


def test_rule_rounds_advance_and_pawns_come_back():
    """Rulebook, Flow of the Game: at the round end all pawns come back and the Round marker advances."""
    final = random_game(4, False, 3)
    rounds = [s.view(None)["round"] for s in chain(final)]
    assert rounds == sorted(rounds) and rounds[-1] <= 5
    state = pos(round=3, pawns=[1, 0, 0, 0], placed={"cross": 1, "tunnel": 2, "hearth": 3, "quarry": [0, 0]})
    state = play(state, "place", "cash_cow")
    view = state.view(0)
    assert view["round"] == 4 and [s["pawns"] for s in view["sheets"]] == [3, 3, 3, 3]
    assert all(not loc["pawns"] for loc in view["locations"])


def test_rule_early_end_when_both_legacies_released_round_is_finished():
    """Ruling 13: the game ends at the end of the round of the second release; that round is always finished."""
    state = pos(round=2, will=[0, 7, 0, 0], white=0, pawns=[1, 1, 1, 1])
    state = play(state, "place", "quarry")
    state = play(state, "place", "well")             # Blue releases the second Legacy
    state = play(state, "player", 2)                 # Green loses 2 Will
    assert not state.is_over and state.to_move == 2   # the round goes on
    state = play(play(state, "place", "quarry"), "place", "quarry")
    assert state.is_over and state.view(0)["round"] == 2
    assert "the game is over (both Legacies have been released)" in state.log(None)[-1]


def test_rule_one_legacy_released_game_goes_on():
    """Ruling 13: only both Legacies off the board end the game early."""
    state = pos(round=2, will=[6, 0, 0, 0], pawns=[1, 0, 0, 0])
    state = play(play(state, "place", "garden"), "player", 1)
    assert not state.is_over and state.view(0)["round"] == 3


def test_ruling_11_will_never_below_zero_and_no_upper_limit():
    """Rulebook, Components / ruling 11: Will can never go below 0; the gauge's 15 is not a limit."""
    state = pos(round=2, will=[7, 1, 20, 0], pawns=[1, 1, 1, 1])
    state = play(play(state, "place", "well"), "player", 1)
    assert will(state)[:2] == [0, 0]
    state = play(state, "place", "quarry")
    state = play(state, "place", "hearth")
    assert will(state)[2] == 23


# --- the 24 locations (rulebook, Locations List; ruling §2 reconstructs 11 of them) -------------------------

LOC_KEYS = [loc.key for loc in LOCATIONS]


def test_locations_list_24_with_sections_costs_and_reconstructed_marks():
    """Rulebook, Locations List + ruling §2: 24 locations, sections, costs; the eleven of §2 marked reconstructed."""
    table = {loc.key: (loc.first, loc.last, loc.cost, loc.expert, loc.reconstructed) for loc in LOCATIONS}
    assert table == {
        "library": (1, 1, 1, False, False), "fortune": (1, 1, 0, False, False), "cash_cow": (1, 5, 0, False, False),
        "lights": (1, 5, 0, False, False), "cross": (1, 5, 0, False, False), "clocktower": (1, 5, 0, False, False),
        "allure": (1, 5, 0, False, False), "quarry": (1, 5, 0, False, False), "tunnel": (1, 5, 0, False, False),
        "hearth": (1, 5, 0, False, False), "watchtower": (1, 5, 0, False, False), "cult": (1, 5, 1, True, False),
        "cathedral": (2, 5, 0, False, False), "the_place": (2, 5, 2, False, True), "garden": (2, 5, 6, False, True),
        "well": (2, 5, 7, False, True), "hollow": (3, 5, 1, False, True), "archive": (3, 5, 2, False, True),
        "hall": (3, 5, 2, True, True), "procession": (4, 5, 0, False, True), "shore": (4, 5, 0, False, True),
        "gallery": (4, 5, 0, True, True), "last_glimpse": (5, 5, 0, False, True), "bell": (5, 5, 0, False, True),
    }
    view = pos(expert=True, round=3).view(0)
    hall = next(loc for loc in view["locations"] if loc["key"] == "hall")
    assert hall["reconstructed"] and hall["rounds"] == "3-5" and hall["cost"] == "2 Will" and "reconstructed" in \
        view["reconstructed"].lower()
    assert next(loc for loc in view["locations"] if loc["key"] == "gallery")["cost"] == "Hold the Medal"


@pytest.mark.parametrize("expert,spaces", [(False, [11, 13, 15, 17, 19]), (True, [12, 14, 17, 20, 22])])
def test_rulings_s2_spaces_per_round(expert, spaces):
    """Ruling §2: spaces per round, normal 11/13/15/17/19, expert 12/14/17/20/22 (Quarry never fills)."""
    for rnd, count in zip(range(1, 6), spaces):
        assert sum(loc["open"] for loc in pos(expert=expert, round=rnd).view(0)["locations"]) == count


def test_location_her_library():
    """Her Library (1 only, 1 Will): 1 Book from the Ruins (if any left); usable when the Ruins have none."""
    state = pos(round=1, will=[1, 0, 0, 0])
    after = play(state, "place", "library")
    assert items(after, 0) == (0, 0, 1) and will(after)[0] == 0 and ruins(after) == (16, 8, 3)
    empty = pos(round=1, will=[1, 0, 0, 0], items=[{}, dict(books=4), {}, {}])
    after = play(empty, "place", "library")
    assert items(after, 0) == (0, 0, 0) and will(after)[0] == 0 and "gets nothing" in last_line(after, 2)


def test_location_mechanism_of_fortune():
    """Mechanism of Fortune (1 only, free): 3 Coins, or whatever remains."""
    after = play(pos(round=1), "place", "fortune")
    assert items(after, 0) == (3, 0, 0) and ruins(after) == (13, 8, 4)
    after = play(pos(round=1, items=[{}, dict(coins=14), {}, {}]), "place", "fortune")
    assert items(after, 0) == (2, 0, 0) and ruins(after)[0] == 0


def test_location_cash_cow_shed():
    """Cash Cow Shed (1-5, free): 2 Coins, or whatever remains."""
    after = play(pos(round=5), "place", "cash_cow")
    assert items(after, 0) == (2, 0, 0) and ruins(after) == (14, 8, 4)
    after = play(pos(round=2, items=[{}, dict(coins=15), {}, {}]), "place", "cash_cow")
    assert items(after, 0) == (1, 0, 0)


def test_location_where_the_lights_sink():
    """Where the Lights Sink (1-5, free): 1 Coin (if any left) and 1 Will."""
    after = play(pos(round=1), "place", "lights")
    assert items(after, 0) == (1, 0, 0) and will(after)[0] == 1
    after = play(pos(round=3, items=[{}, dict(coins=16), {}, {}]), "place", "lights")
    assert items(after, 0) == (0, 0, 0) and will(after)[0] == 1


def test_location_an_old_cross():
    """An Old Cross (1-5, free): 1 Statue (if any left)."""
    after = play(pos(round=1), "place", "cross")
    assert items(after, 0) == (0, 1, 0) and ruins(after) == (16, 7, 4)
    after = play(pos(round=4, items=[{}, dict(statues=8), {}, {}]), "place", "cross")
    assert items(after, 0) == (0, 0, 0) and ruins(after) == (16, 0, 4)


def test_location_clocktower():
    """Clocktower (1-5, free): the Start player, then you may return a Coin, Statue or Book (ruling 14)."""
    state = pos(round=2, turn=1, pawns=[2, 3, 3, 3], items=[{}, dict(coins=1, books=1), {}, {}], black=1)
    after = play(state, "place", "clocktower")
    assert after.view(0)["start"] == 1 and after.to_move == 1
    assert options(after) == [("return", "coin"), ("return", "book"), ("stop", None)]
    assert "has no Statue to return" in refused(after, "return", "statue")
    assert "not that decision" in refused(after, "take", "coin")
    with pytest.raises(ValueError, match="'return' takes one of coin, statue, book"):
        mv(after, "return", "black")
    back = play(after, "return", "book")
    assert items(back, 1) == (1, 0, 0) and ruins(back) == (15, 8, 4) and back.to_move == 2
    kept = play(after, "stop")
    assert items(kept, 1) == (1, 0, 1) and kept.to_move == 2
    nothing = play(pos(round=2), "place", "clocktower")      # Red already has it and holds nothing
    assert nothing.view(0)["start"] == 0 and nothing.to_move == 1
    assert "already has the Start player" in last_line(nothing, 0)


def test_location_allure_show():
    """Allure Show (1-5, attack): look at a Shoal card; then another player (not the ghost) may gain an item."""
    state = play(pos(players=3, round=1), "place", "allure")
    assert options(state) == [("look", 1), ("look", 2), ("look", 3)]   # the ghost's Shoal too (decision 6)
    assert "never your own" in refused(state, "look", 0)
    state = play(state, "look", 3)
    assert slot_code(state, 0, 6) == 7
    assert options(state) == [("player", 1), ("player", 2), ("stop", None)]
    assert "ghost player can never be chosen" in refused(state, "player", 3)
    assert "not yourself" in refused(state, "player", 0)
    gift = play(state, "player", 2)
    assert options(gift) == [("item", "coin"), ("item", "statue"), ("item", "book")]
    gift = play(gift, "item", "book")
    assert items(gift, 2) == (0, 0, 1) and ruins(gift) == (16, 8, 3) and gift.to_move == 1
    none = play(state, "stop")
    assert ruins(none) == (16, 8, 4) and none.to_move == 1
    # the Ruins empty of books: no book gift
    state = play(play(pos(round=1, items=[dict(books=4), {}, {}, {}]), "place", "allure"), "look", 1)
    state = play(state, "player", 3)
    assert ("item", "book") not in options(state)
    assert "no Book left" in refused(state, "item", "book")
    # the Ruins empty: no gift at all, the look still happens
    bare = pos(round=3, items=[dict(coins=16, statues=8, books=4), {}, {}, {}])
    state = play(play(bare, "place", "allure"), "look", 1)
    assert state.to_move == 1 and slot_code(state, 0, 2) == 3


def test_location_quarry_of_wills():
    """Quarry of Wills (1-5, free): gain 1 Will; available even with Action pawns already there."""
    after = play(pos(round=1, placed={"quarry": [1, 2]}, pawns=[3, 2, 2, 3]), "place", "quarry")
    assert will(after)[0] == 1


def test_location_beyond_the_tunnel():
    """Beyond the Tunnel (1-5, free): gain 2 Will."""
    assert will(play(pos(round=5), "place", "tunnel"))[0] == 2


def test_location_hearth_of_thoughts():
    """Hearth of Thoughts (1-5, free): gain 3 Will."""
    assert will(play(pos(round=1, will=[4, 0, 0, 0]), "place", "hearth"))[0] == 7


def test_location_sooty_watchtower():
    """Sooty Watchtower (1-5, free): look at a Shoal card; looks at you have no effect this round (ruling 2)."""
    state = play(pos(round=1), "place", "watchtower")
    assert state.view(2)["sheets"][0]["veiled"] is True
    state = play(state, "look", 2)
    assert slot_code(state, 0, 4) == 5 and state.to_move == 1
    state = play(state, "place", "allure")           # Blue cannot look at Red
    assert options(state) == [("look", 2), ("look", 3)]
    assert "veiled by the Sooty Watchtower" in refused(state, "look", 0)


def test_location_cult_of_honeybook():
    """Cult of Honeybook (expert, 1 Will, attack): any non-holder takes the Medal; +4 Will from the board."""
    assert "used only in the Expert game" in refused(pos(will=[1, 0, 0, 0]), "place", "cult")
    assert "costs 1 Will" in refused(pos(expert=True, will=[0, 0, 0, 0]), "place", "cult")
    state = play(pos(expert=True, round=1, will=[1, 0, 0, 0]), "place", "cult")
    assert options(state) == [("player", 0), ("player", 1), ("player", 2), ("player", 3)]
    mine = play(state, "player", 0)
    assert mine.view(1)["medal"] == 0 and will(mine)[0] == 4 and mine.view(0)["sheets"][0]["medal"]
    state = play(pos(expert=True, round=2, will=[0, 1, 0, 0], medal=0, turn=1, pawns=[2, 3, 3, 3]), "place", "cult")
    assert options(state) == [("player", 1), ("player", 2), ("player", 3)]
    assert "already holds the Medal" in refused(state, "player", 0)
    moved = play(state, "player", 2)
    assert moved.view(0)["medal"] == 2 and will(moved) == [0, 0, 0, 0]   # from a holder: no Will
    ghostly = play(pos(players=3, expert=True, will=[1, 0, 0]), "place", "cult")
    assert options(ghostly) == [("player", 0), ("player", 1), ("player", 2)]
    assert "ghost player can never be chosen" in refused(ghostly, "player", 3)


def test_location_venerable_cathedral():
    """Venerable Cathedral (2-5, free): look at a Shoal card, then 1 Statue or 2 Will (2 Will if none left)."""
    state = play(play(pos(round=2), "place", "cathedral"), "look", 1)
    assert slot_code(state, 0, 2) == 3
    assert options(state) == [("gain", "statue"), ("gain", "will")]
    assert items(play(state, "gain", "statue"), 0) == (0, 1, 0)
    assert will(play(state, "gain", "will"))[0] == 2
    state = play(play(pos(round=2, items=[{}, dict(statues=8), {}, {}]), "place", "cathedral"), "look", 1)
    assert will(state)[0] == 2 and state.to_move == 1   # no choice: the 2 Will


def test_location_the_place_where_they_looked_at_the_old_world():
    """The Place Where They Looked at the Old World (2-5, 2 Will, reconstructed): look at another player's Abyss."""
    state = play(pos(round=2, will=[2, 0, 0, 0]), "place", "the_place")
    assert options(state) == [("look", 1), ("look", 2), ("look", 3)] and will(state)[0] == 0
    state = play(state, "look", 3)
    assert slot_code(state, 0, 7) == 8 and slot_code(state, 0, 6) is None


def test_location_garden_of_connecting_hearts():
    """Garden of Connecting Hearts (2-5, 6 Will): release the White Legacy; another player gains 2 Will."""
    state = play(pos(players=3, round=2, will=[6, 0, 0]), "place", "garden")
    view = state.view(1)
    assert view["white"] == 0 and view["released"]["white"] == 0 and view["sheets"][0]["released_white"]
    assert will(state)[0] == 0
    assert options(state) == [("player", 1), ("player", 2)]
    assert "ghost player can never be chosen" in refused(state, "player", 3)
    state = play(state, "player", 2)
    assert will(state) == [0, 0, 2]
    assert "no longer on the board" in refused(pos(round=3, will=[9, 0, 0, 0], white=1), "place", "garden")


def test_location_well_of_closing_hearts():
    """Well of Closing Hearts (2-5, 7 Will, attack): release the Black Legacy; another player loses 2 Will."""
    state = play(pos(round=2, will=[7, 1, 3, 0]), "place", "well")
    assert state.view(0)["black"] == 0 and state.view(0)["released"]["black"] == 0 and will(state)[0] == 0
    assert options(state) == [("player", 1), ("player", 2), ("player", 3)]
    assert will(play(state, "player", 2)) == [0, 1, 1, 0]
    assert will(play(state, "player", 1)) == [0, 0, 3, 0]
    assert "no longer on the board" in refused(pos(round=3, will=[9, 0, 0, 0], black=2), "place", "well")


def test_location_hollow_of_envy():
    """Hollow of Envy (3-5, 1 Will, attack): take 1 item from the Max player; tie: choose; alone Max: nothing."""
    # one Max player: no choice of whom, the choice of which item (a Legacy too)
    state = play(pos(round=3, will=[1, 0, 0, 0], items=[{}, dict(coins=1, books=1), dict(coins=1), {}], white=1),
                 "place", "hollow")
    assert state.to_move == 0 and options(state) == [("take", "coin"), ("take", "book"), ("take", "white")]
    took = play(state, "take", "white")
    assert took.view(0)["white"] == 0 and took.view(0)["released"]["white"] == 1 and will(took)[0] == 0
    assert "has no Statue to take" in refused(state, "take", "statue")
    # a tie between Blue and Green, Red included at the top too
    state = play(pos(round=3, will=[1, 0, 0, 0], items=[dict(coins=2), dict(coins=2), dict(statues=2), {}]),
                 "place", "hollow")
    assert options(state) == [("player", 1), ("player", 2)]
    assert "not tied for the most items" in refused(state, "player", 3)
    state = play(state, "player", 2)
    assert options(state) == [("take", "statue")]
    assert items(play(state, "take", "statue"), 0) == (2, 1, 0)
    # you alone are Max: nothing happens
    alone_max = play(pos(round=3, will=[1, 0, 0, 0], items=[dict(coins=3), dict(coins=2), {}, {}]), "place",
                     "hollow")
    assert alone_max.to_move == 1 and items(alone_max, 1) == (2, 0, 0) and will(alone_max)[0] == 0


def test_location_archive_of_drowned_words():
    """Archive of Drowned Words (3-5, 2 Will, reconstructed): 1 Book from the Ruins (if any left)."""
    after = play(pos(round=3, will=[2, 0, 0, 0]), "place", "archive")
    assert items(after, 0) == (0, 0, 1) and will(after)[0] == 0


def test_location_hall_of_the_ninth():
    """Hall of the Ninth (expert, 3-5, 2 Will): exchange your Shoal or Abyss card with the Ninth (ruling 12)."""
    state = play(pos(expert=True, round=3, will=[2, 0, 0, 0]), "place", "hall")
    assert options(state) == [("exchange", "shoal"), ("exchange", "abyss")]
    after = play(state, "exchange", "shoal")
    assert after.view(None)["ninth"] == 19 and after.position.mem[0] == 28 and will(after)[0] == 0
    for viewer in (0, 1, 2, 3, None):
        assert slot_code(after, viewer, 0) == 28 and after.view(viewer)["slots"][0]["public"]
        assert {19, 28} <= codes_in(last_line(after, viewer))
    assert "hall" not in place_keys(pos(expert=True, round=2, will=[2, 0, 0, 0]))
    assert "used only in the Expert game" in refused(pos(round=3, will=[2, 0, 0, 0]), "place", "hall")


def test_location_procession_of_unwanted_gifts():
    """Procession of Unwanted Gifts (4-5, attack): give another player 1 or 2 of your items (decision 8)."""
    state = play(pos(players=3, expert=True, round=4, items=[dict(coins=1, statues=1), {}, {}], medal=0),
                 "place", "procession")
    assert options(state) == [("player", 1), ("player", 2)]
    assert "ghost player can never be chosen" in refused(state, "player", 3)
    state = play(state, "player", 2)
    assert options(state) == [("give", "coin"), ("give", "statue"), ("give", "medal")]   # 1 required, no stop
    refused(state, "stop")
    state = play(state, "give", "medal")
    assert state.view(0)["medal"] == 2
    assert options(state) == [("give", "coin"), ("give", "statue"), ("stop", None)]
    two = play(state, "give", "coin")
    assert items(two, 2) == (1, 0, 0) and items(two, 0) == (0, 1, 0) and two.to_move == 1
    one = play(state, "stop")
    assert items(one, 0) == (1, 1, 0) and one.to_move == 1
    empty = play(pos(round=4), "place", "procession")      # nothing to give: the action ends
    assert empty.to_move == 1


def test_location_shore_of_forgetting():
    """Shore of Forgetting (4-5, free, reconstructed): return up to 2 Coins, Statues or Books; +1 Will each."""
    state = play(pos(round=4, items=[dict(coins=1, books=2), {}, {}, {}], black=0), "place", "shore")
    assert options(state) == [("return", "coin"), ("return", "book"), ("stop", None)]
    state = play(state, "return", "book")
    assert will(state)[0] == 1 and ruins(state)[2] == 3
    assert options(state) == [("return", "coin"), ("return", "book"), ("stop", None)]
    state = play(state, "return", "coin")
    assert will(state)[0] == 2 and items(state, 0) == (0, 0, 1) and state.to_move == 1   # at most 2
    none = play(play(pos(round=4, items=[dict(coins=1), {}, {}, {}]), "place", "shore"), "stop")
    assert will(none)[0] == 0 and items(none, 0) == (1, 0, 0)


def test_location_gallery_of_honor():
    """Gallery of Honor (expert, 4-5, Medal holder): keep the Medal; look at an Abyss or exchange with the Ninth."""
    state = pos(expert=True, round=4, medal=1)
    assert "gallery" not in place_keys(state)
    assert "Only the Medal holder" in refused(state, "place", "gallery")
    assert "used only in the Expert game" in refused(pos(round=4), "place", "gallery")
    state = play(pos(expert=True, round=4, medal=0), "place", "gallery")
    assert state.view(0)["medal"] == 0
    assert options(state) == [("look", 1), ("look", 2), ("look", 3), ("exchange", "shoal"), ("exchange", "abyss")]
    looked = play(state, "look", 2)
    assert slot_code(looked, 0, 5) == 24 and slot_code(looked, 0, 4) is None
    swapped = play(state, "exchange", "abyss")
    assert swapped.position.mem[1] == 28 and swapped.view(3)["ninth"] == 20
    veiled = play(pos(expert=True, round=4, medal=0, veiled=[1, 2, 3]), "place", "gallery")
    assert options(veiled) == [("exchange", "shoal"), ("exchange", "abyss")]   # ruling 2: only the look is blocked


def test_location_last_glimpse_of_the_abyss():
    """Last Glimpse of the Abyss (5 only, free, reconstructed): look at another player's Abyss card."""
    state = play(play(pos(round=5), "place", "last_glimpse"), "look", 1)
    assert slot_code(state, 0, 3) == 4 and slot_code(state, 0, 2) is None


def test_location_bell_of_the_last_dawn():
    """Bell of the Last Dawn (5 only, free, reconstructed): first the Start player, then look at a Shoal card."""
    state = play(pos(round=5, turn=2, pawns=[2, 2, 3, 3]), "place", "bell")
    assert state.view(0)["start"] == 2 and state.to_move == 2
    state = play(state, "look", 0)
    assert slot_code(state, 2, 0) == 1 and slot_code(state, 1, 0) is None


# --- the rulings (shared/rules/code_of_nine.rulings.md §4) ----------------------------------------------------

def test_ruling_1_look_is_public_action_private_result():
    """Ruling 1: all see who looked at whose card; only the looker learns the code (the owner knows his own)."""
    state = play(play(pos(round=2, will=[2, 0, 0, 0]), "place", "the_place"), "look", 2)
    record = [{"round": 2, "looker": 0, "owner": 2, "slot": "Abyss"}]
    for viewer in (0, 1, 2, 3, None):
        view = state.view(viewer)
        assert view["looks"] == record
        assert view["slots"][5]["seen_by"] == [0]
        assert "Red looks at Green's Abyss card" in state.log(viewer)[-1]
    assert slot_code(state, 0, 5) == 6 and "Code 06" in last_line(state, 0)
    assert slot_code(state, 2, 5) == 6                                          # his own card
    for viewer in (1, 3, None):
        assert slot_code(state, viewer, 5) is None and "Code 06" not in last_line(state, viewer)
        assert "Code 06" not in json.dumps(state.view(viewer))


def test_ruling_1_seen_cards_are_remembered_for_the_game():
    """Ruling 1: seen[viewer][(owner, slot)] = code for the rest of the game (across rounds)."""
    state = play(play(pos(round=4, pawns=[1, 1, 1, 1]), "place", "watchtower"), "look", 1)
    for _ in range(3):
        state = play(state, "place", "quarry")
    assert state.view(0)["round"] == 5
    assert slot_code(state, 0, 2) == 3
    assert {r["code"]: r["status"] for r in state.view(0)["memory_list"]}[3] == "in"
    built = pos(round=3, seen={0: [(1, "Shoal"), (3, "Abyss")]})
    assert [slot_code(built, 0, s) for s in range(8)] == [1, 2, 3, None, None, None, None, 8]


def test_ruling_1_code_26_shown_to_all_once_looked_at():
    """Ruling 1 / card 26: should anyone look at Code 26, show it to all players (spectators too, decision 5)."""
    state = pos(expert=True, round=2, memories=[19, 20, 26, 22, 23, 24, 25, 27])
    before = [slot_code(state, v, 2) for v in (0, 2, 3, None)]
    assert before == [None, None, None, None]
    state = play(play(state, "place", "allure"), "look", 1)
    for viewer in (0, 1, 2, 3, None):
        assert slot_code(state, viewer, 2) == 26 and state.view(viewer)["slots"][2]["public"]
        assert "Code 26" in last_line(state, viewer) and "shown to all" in last_line(state, viewer)
        assert {r["code"]: r["status"] for r in state.view(viewer)["memory_list"]}[26] == "in"
    assert pos(expert=True, memories=[19, 20, 26, 22, 23, 24, 25, 27], seen={3: [(1, "Shoal")]}).view(None)[
        "slots"][2]["code"] == 26


def test_ruling_2_watchtower_veil_blocks_looks_but_not_items():
    """Ruling 2: a veiled player cannot be the target of a look, but item, Will and Medal effects still reach him."""
    state = pos(expert=True, round=4, veiled=[1], will=[3, 0, 0, 0], items=[dict(coins=1), dict(coins=3), {}, {}])
    allure = play(state, "place", "allure")
    assert ("look", 1) not in options(allure)
    gift = play(play(play(allure, "look", 2), "player", 1), "item", "coin")
    assert items(gift, 1) == (4, 0, 0)
    hollow = play(pos(round=4, veiled=[1], will=[1, 0, 0, 0], items=[{}, dict(coins=3), {}, {}]), "place", "hollow")
    assert items(play(hollow, "take", "coin"), 0) == (1, 0, 0)
    well = play(pos(round=4, veiled=[1], will=[7, 3, 0, 0]), "place", "well")
    assert will(play(well, "player", 1))[1] == 1
    cult = play(state, "place", "cult")
    assert play(cult, "player", 1).view(0)["medal"] == 1
    gifts = play(play(state, "place", "procession"), "player", 1)
    assert items(play(gifts, "give", "coin"), 1) == (4, 0, 0)


def test_ruling_2_every_target_veiled_look_skipped_rest_still_happens():
    """Ruling 2: all targets veiled: no look; Allure's gift, Cathedral's gain and Bell's marker still happen."""
    allure = play(pos(round=2, veiled=[1, 2, 3], turn=0), "place", "allure")
    assert options(allure) == [("player", 1), ("player", 2), ("player", 3), ("stop", None)]
    assert allure.view(1)["looks"] == [] and "the look is skipped" in last_line(allure, 1)
    cathedral = play(pos(round=2, veiled=[1, 2, 3]), "place", "cathedral")
    assert options(cathedral) == [("gain", "statue"), ("gain", "will")]
    bell = play(pos(round=5, veiled=[0, 2, 3], turn=1, pawns=[3, 3, 3, 3]), "place", "bell")
    assert bell.view(0)["start"] == 1 and bell.to_move == 2 and bell.view(0)["looks"] == []
    watch = play(pos(round=1, veiled=[1, 2, 3]), "place", "watchtower")
    assert watch.to_move == 1 and watch.view(0)["sheets"][0]["veiled"]


def test_ruling_2_veil_lasts_until_the_end_of_round():
    """Ruling 2: from placing on the Watchtower until the end-of-round step."""
    state = play(play(pos(round=2, pawns=[1, 1, 1, 1]), "place", "watchtower"), "look", 1)
    state = play(state, "place", "allure")
    assert ("look", 0) not in options(state)
    state = play(play(state, "look", 2), "stop")
    state = play(play(state, "place", "quarry"), "place", "quarry")
    assert state.view(0)["round"] == 3 and not any(s["veiled"] for s in state.view(0)["sheets"])
    state = play(state, "place", "allure")
    assert ("look", 1) in options(state) and ("look", 0) not in options(state)   # Red leads round 3 itself
    assert state.to_move == 0


def test_ruling_3_ghost_player_cards_and_limits():
    """Ruling 3: the ghost's cards are dealt first, never redrawn, in the game; it is never veiled, has no sheet."""
    state = pos(players=3, expert=True, round=4, will=[2, 0, 0], medal=0)
    view = state.view(0)
    assert len(view["sheets"]) == 3 and view["slots"][6]["owner_name"] == "the Ghost"
    assert options(play(state, "place", "the_place")) == [("look", 1), ("look", 2), ("look", 3)]
    all_veiled = play(pos(players=3, round=1, veiled=[1, 2]), "place", "allure")
    assert options(all_veiled) == [("look", 3)]          # the ghost is never veiled
    ghost_shoal = play(all_veiled, "look", 3)
    assert slot_code(ghost_shoal, 0, 6) == 7
    final = random_game(3, True, 4)
    assert final.view(None)["score"]["memories"][6:] == list(final.position.mem[6:])
    assert len(final.outcome.scores) == 3
    with pytest.raises(ValueError, match="seat must be None or a whole number from 0 to 2"):
        final.view(3)
    dealt = {new_game(3, False, seed).position.mem[6] < new_game(3, False, seed).position.mem[7]
             for seed in range(12)}
    assert dealt == {True, False}   # randomly placed in Shoal and Abyss


def test_ruling_3_ghost_never_chosen_for_gift_cult_garden_well_hollow_procession():
    """Ruling 3: the ghost cannot be chosen by Allure's gift, Cult, Garden, Well, Hollow or Procession."""
    base = dict(players=3, expert=True, round=4, will=[8, 0, 0], items=[dict(coins=1), dict(coins=2), {}])
    moves = {
        "allure": lambda s: play(s, "look", 1),
        "cult": lambda s: s, "garden": lambda s: s, "well": lambda s: s, "procession": lambda s: s,
    }
    for key, prepare in moves.items():
        state = prepare(play(pos(**base), "place", key))
        assert ("player", 3) not in options(state), key
        assert "ghost player can never be chosen" in refused(state, "player", 3)
    tie = play(pos(**dict(base, items=[{}, dict(coins=1), dict(coins=1)])), "place", "hollow")
    assert options(tie) == [("player", 1), ("player", 2)]
    assert "ghost" in refused(tie, "player", 3)


def test_ruling_3_ghost_not_compared_for_most_least():
    """Ruling 3 / example C: the ghost is not a player for most, least, Max or 'all players' (0 items)."""
    state = position(players=3, round=5, pawns=[1, 0, 0], memories=[3, 17, 1, 2, 5, 6, 8, 9],
                     items=[dict(coins=2), dict(coins=3), dict(coins=1, statues=3)])
    over = play(state, "place", "quarry")
    table = over.view(None)["score"]
    assert len(table["totals"]) == 3
    assert table["cannot_win"] == [False, False, True]   # 03: Green has the unique least coins (ghost has 0)
    assert step_changes(table, 6) == [8, 0, -8]           # 17: Red least items (2), Green most (4)


def step_changes(score, order):
    return next(s["changes"] for s in score["steps"] if s["order"] == order)


def test_ruling_10_release_mark_permanent_token_is_an_ordinary_item():
    """Ruling 10: the release mark stays; the token is an ordinary item its holder scores; 14/21 pay the releaser."""
    state = pos(expert=True, round=4, will=[1, 0, 0, 0], white=1, items=[{}, dict(coins=1), {}, {}],
                memories=[14, 21, 19, 20, 23, 24, 25, 27])
    state = play(play(state, "place", "hollow"), "take", "white")
    view = state.view(2)
    assert view["white"] == 0 and view["released"]["white"] == 1
    assert view["sheets"][1]["released_white"] and not view["sheets"][0]["released_white"]
    sheets = [player_sheet(state.position, s) for s in range(4)]
    assert sheets[0]["white"] and sheets[1]["released_white"] and not sheets[1]["white"]
    table = score_table(sheets, [14, 21, 1, 2, 5, 6, 8, 9])
    assert step(table, 5)["changes"] == [3, 60, 0, 0]
    given = play(play(play(pos(round=4, white=0), "place", "procession"), "player", 3), "give", "white")
    assert given.view(0)["white"] == 3 and given.view(0)["released"]["white"] == 0


def test_ruling_11_medal_starts_under_cult_holder_scores_none_if_on_board():
    """Ruling 11: the Medal starts under Cult; its holder at the end scores it; on the board, nobody does."""
    mem = [26, 19, 20, 21, 22, 23, 24, 25]
    on_board = play(pos(expert=True, round=5, pawns=[1, 0, 0, 0], memories=mem, ninth=27), "place", "quarry")
    assert on_board.view(None)["medal"] == "board"
    assert step_changes(on_board.view(None)["score"], 7) == [0, 0, 0, 0]
    held = play(pos(expert=True, round=5, pawns=[1, 0, 0, 0], memories=mem, ninth=27, medal=2), "place", "quarry")
    assert step_changes(held.view(None)["score"], 7) == [0, 0, 5, 0]


def test_ruling_12_exchange_both_faces_public_and_overwrites_seen():
    """Ruling 12: an exchange makes both faces public and overwrites what others had seen in that slot."""
    state = pos(expert=True, round=3, will=[0, 2, 0, 0], turn=1, pawns=[2, 3, 3, 3], seen={0: [(1, "Shoal")],
                                                                                                2: [(1, "Abyss")]})
    assert slot_code(state, 0, 2) == 21 and slot_code(state, 2, 3) == 22
    state = play(play(state, "place", "hall"), "exchange", "shoal")
    for viewer in (0, 1, 2, 3, None):
        view = state.view(viewer)
        assert view["ninth"] == 21 and view["slots"][2]["code"] == 28 and view["slots"][2]["public"]
        assert view["slots"][2]["seen_by"] == []
        rows = {r["code"]: r["status"] for r in view["memory_list"]}
        assert rows[21] == "out" and rows[28] == "in"
    assert slot_code(state, 2, 3) == 22 and state.view(2)["slots"][3]["seen_by"] == [2]   # the Abyss untouched


def test_ruling_12_ninth_exchanged_back_and_forth():
    """Ruling 12: a later exchange by another player takes the (public) former card from the Ninth."""
    state = pos(expert=True, round=4, will=[2, 0, 0, 0], pawns=[1, 1, 0, 0], medal=1)
    state = play(play(state, "place", "hall"), "exchange", "abyss")      # Red's 20 <-> the Ninth 28
    assert state.to_move == 1 and state.view(2)["ninth"] == 20
    state = play(play(state, "place", "gallery"), "exchange", "shoal")   # Blue's 21 <-> the Ninth 20
    assert state.view(3)["round"] == 5
    for viewer in (0, 1, 2, 3, None):
        view = state.view(viewer)
        assert (view["slots"][1]["code"], view["slots"][2]["code"], view["ninth"]) == (28, 20, 21)
    assert state.position.mem == (19, 28, 20, 22, 23, 24, 25, 27)


def test_ruling_13_game_end_checked_only_at_the_end_of_a_round():
    """Ruling 13: in random games the game ends only at a round end: after round 5 or with both Legacies gone."""
    early = 0
    for seed in range(12):
        final = random_game(3 + seed % 2, seed % 3 == 0, 100 + seed)
        last = final.parent.position
        assert sum(last.pawns) == 1 or last.phase == "resolve"
        p = final.position
        assert p.round == 5 or (p.white != -1 and p.black != -1)
        gone = [s.position.round for s in chain(final) if s.position.white != -1 and s.position.black != -1]
        assert len(set(gone)) <= 1     # after the second release the game never reaches another round
        early += p.round < 5
    assert early     # some of these games ended early


def test_ruling_14_placement_conditions_only_garden_well_gallery():
    """Ruling 14: only Garden, Well and Gallery have placement conditions; '(if any left)' stays usable when empty."""
    empty = [dict(coins=8, statues=4, books=2), dict(coins=8, statues=4, books=2), {}, {}]
    state = pos(expert=True, round=4, will=[30, 0, 0, 0], items=empty, medal=0)
    keys = place_keys(state)
    assert keys == [loc.key for loc in LOCATIONS if loc.first <= 4 <= loc.last]
    state = pos(expert=True, round=4, will=[30, 0, 0, 0], items=empty, medal=1, white=2, black=3)
    assert set(LOC_KEYS) - set(place_keys(state)) == {"library", "fortune", "last_glimpse", "bell", "garden", "well",
                                                      "gallery"}


# --- hidden information: leak tests over random games --------------------------------------------------------

LOOK_SLOT = {"look_shoal": 0, "look_abyss": 1, "gallery": 1}


def knowledge(final):
    """Walk ``final``'s history and derive, independently of the engine's views, what each seat (and the
    spectator, key None) may know after each ply: ``slots[v]`` {slot: code} it should see now (own cards are
    added per state), ``ever[v]`` every code it has legitimately seen so far.  Yields (state, slots, ever)."""
    states = chain(final)
    players = final.game.players
    viewers = [*range(players), None]
    slots = {v: {} for v in viewers}
    ever = {v: set() for v in viewers}

    def public(codes, slot=None, code=None):
        for v in viewers:
            ever[v] |= set(codes)
            if slot is not None:
                slots[v][slot] = code

    def own(state):
        mem = state.position.mem
        for v in range(players):
            ever[v] |= {mem[2 * v], mem[2 * v + 1]}

    own(states[0])
    yield states[0], {v: dict(slots[v]) for v in viewers}, {v: set(ever[v]) for v in viewers}
    for before, after in zip(states, states[1:]):
        seat, move = after.history[-1]
        b = before.position
        if move.kind == "look":
            s = 2 * move.args[0] + LOOK_SLOT[STEPS[b.pending[0]][b.pending[1]]]
            code = b.mem[s]
            slots[seat][s] = code
            ever[seat].add(code)
            if code == 26:
                public([26], s, 26)
        elif move.kind == "exchange":
            s = 2 * seat + ("shoal", "abyss").index(move.args[0])
            for v in viewers:
                slots[v].pop(s, None)
            public([b.mem[s], b.ninth], s, b.ninth)
        if after.position.ninth:
            public([after.position.ninth])
        if after.position.phase != "over":
            own(after)
        yield after, {v: dict(slots[v]) for v in viewers}, {v: set(ever[v]) for v in viewers}


def check_views(history, players):
    """Every view of every state against the knowledge model (see :func:`knowledge`)."""
    for state, slots, ever in history:
        p = state.position
        over = p.phase == "over"
        all_decided = -1 not in p.redraw
        for v in [*range(players), None]:
            view = state.view(v)
            expected = dict(slots[v])
            if v is not None:
                expected[2 * v], expected[2 * v + 1] = p.mem[2 * v], p.mem[2 * v + 1]
            shown = [s["code"] for s in view["slots"]]
            if over:
                assert shown == list(p.mem)
                continue
            assert shown == [expected.get(s) for s in range(8)], (v, state.history[-1:])
            if v is None:
                assert not any(shown[s] for s in range(8) if not p.public[s]), "spectator sees a slot card"
                assert view["hand"] is None
            elif view["hand"] is not None:
                assert view["hand"] == [p.mem[2 * v], p.mem[2 * v + 1]] and p.phase in ("redraw", "arrange")
            assert view["score"] is None
            assert view["ninth"] == (p.ninth or None)
            if v is not None and p.phase == "redraw" and p.redraw[v] == 1:   # his hand goes back (ruling 12)
                expected.pop(2 * v), expected.pop(2 * v + 1)
            known = {c for c in expected.values() if c}
            inside = {r["code"] for r in view["memory_list"] if r["status"] == "in"}
            outside = {r["code"] for r in view["memory_list"] if r["status"] == "out"}
            pool = {r["code"] for r in view["memory_list"]}
            assert inside == known
            assert outside == ({p.ninth} - {0}) | (pool - known if len(known) == 8 else set())
            varying = {k: view[k] for k in view if k not in ("locations", "reconstructed", "memory_list")}
            named = codes_in(json.dumps(varying))
            assert named <= ever[v], (v, named - ever[v], view["prompt"])
            if not all_decided:
                for s, sh in enumerate(view["sheets"]):
                    if s != v:
                        assert sh["redraw"] in (None, "decided")
            if v is not None and v == state.to_move:
                texts = " ".join(str(m) for m in state.legal_moves())
                assert codes_in(texts) <= ever[v], (v, texts)


def check_logs(final, history, players):
    """Each log line against what the seat knew when it was written; others' redraw decisions hidden until the
    last one is made."""
    ever_at = [e for _s, _k, e in history]
    public = dict(final.numbered_log(None))
    for v in [*range(players), None]:
        for ply, line in final.numbered_log(v):
            assert codes_in(line) <= ever_at[ply][v], (v, ply, line)
            if ply < players and v != ply - 1:   # another seat's redraw decision, before the last one
                assert line == public[ply] and not re.search(r"\b(keep|change)s?\W*$", line), line


def check_no_leak(final, views=True):
    players = final.game.players
    history = list(knowledge(final))
    if views:
        check_views(history, players)
    check_logs(final, history, players)


@pytest.mark.parametrize("players,expert", [(3, False), (3, True), (4, False), (4, True)])
def test_hidden_information_no_leak_in_views_of_random_games(players, expert):
    """Issue, Tests / ruling 1: no view or prompt shows a Memory the seat has not seen; spectators only public ones."""
    for seed in range(6):
        check_no_leak(random_game(players, expert, 1000 * players + 10 * expert + seed))


@pytest.mark.parametrize("players,expert", [(3, False), (3, True), (4, False), (4, True)])
def test_hidden_information_no_leak_in_logs_of_random_games(players, expert):
    """Issue, Tests: no log line names a Memory its reader had not seen; redraw decisions hidden until all made."""
    for seed in range(8, 24):
        check_no_leak(random_game(players, expert, 1000 * players + 10 * expert + seed), views=False)


def test_hidden_information_leak_check_catches_a_leak():
    """The leak check can fail: a model that forgot one of the seat's looks flags the engine's (correct) view."""
    state = play(play(pos(round=2), "place", "allure"), "look", 2)
    history = list(knowledge(state))
    check_views(history, 4)
    forgetful = [(s, {v: {} for v in k}, {v: set() for v in e}) for s, k, e in history]
    with pytest.raises(AssertionError):
        check_views(forgetful, 4)


def test_hidden_information_views_identical_whatever_the_unseen_cards():
    """Brief (hidden information): a seat's view, log and prompt do not depend on the cards it has not seen."""
    a = pos(round=2, memories=[1, 2, 3, 4, 5, 6, 7, 8], seen={0: [(1, "Shoal")]})
    b = pos(round=2, memories=[1, 2, 3, 4, 10, 11, 12, 13], seen={0: [(1, "Shoal")]})
    for state_a, state_b in ((a, b), (play(a, "place", "allure"), play(b, "place", "allure"))):
        assert state_a.view(0) == state_b.view(0)
        assert state_a.log(0) == state_b.log(0)
    la = play(play(a, "place", "allure"), "look", 2)
    lb = play(play(b, "place", "allure"), "look", 2)
    for viewer in (1, None):
        assert la.view(viewer) == lb.view(viewer) and la.log(viewer) == lb.log(viewer)
    assert la.view(0)["slots"][4]["code"] == 5 and lb.view(0)["slots"][4]["code"] == 10


# --- determinize ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,expert", [(3, True), (4, False)])
def test_determinize_keeps_the_view_and_resamples_unseen_cards(players, expert):
    """Issue, Views: determinize keeps view(seat) and the known cards, and resamples every unseen Memory."""
    final = random_game(players, expert, 77)
    states = chain(final)[:-1]
    picks = states[::max(1, len(states) // 8)]
    varied = 0
    for state in picks:
        for seat in [*range(players), None]:
            view = state.view(seat)
            known = [s["code"] for s in view["slots"]]
            samples = []
            for k in range(12):
                d = state.determinize(seat, random.Random(k))
                assert d.view(seat) == view
                dp = d.position
                assert [dp.mem[s] if known[s] else None for s in range(8)] == known
                pool = set(range(1, 29 if expert else 19))
                every = [*dp.mem, *dp.deck] + ([dp.ninth] if dp.ninth else [])
                assert len(every) == len(set(every)) and (set(every) == pool)
                samples.append(dp.mem)
            for s in range(8):
                if known[s] is None:
                    values = {m[s] for m in samples}
                    assert len(values) > 1, (seat, s)
                    varied += 1
    assert varied


def test_determinize_says_nothing_of_the_truth():
    """Brief (hidden information): determinize draws the same sample for states the seat cannot tell apart."""
    a = pos(round=2, memories=[1, 2, 3, 4, 5, 6, 7, 8], seen={0: [(1, "Shoal")], 1: [(2, "Shoal")]})
    b = pos(round=2, memories=[1, 2, 3, 4, 10, 11, 12, 13], seen={0: [(1, "Shoal")], 1: [(2, "Shoal")]})
    assert a.view(0) == b.view(0)
    for k in range(6):
        assert a.determinize(0, random.Random(k)).position == b.determinize(0, random.Random(k)).position
    start = new_game(4, seed=9)
    keep, change = play(start, "redraw", "keep"), play(start, "redraw", "change")
    for k in range(6):
        assert keep.determinize(1, random.Random(k)).position == change.determinize(1, random.Random(k)).position


def test_determinize_hides_others_redraw_decisions():
    """Brief: determinize also resamples others' secret redraw decisions (never the seat's own)."""
    state = play(play(new_game(4, seed=9), "redraw", "change"), "redraw", "keep")
    decisions = {state.determinize(2, random.Random(k)).position.redraw[:2] for k in range(20)}
    assert {d[0] for d in decisions} == {0, 1} and {d[1] for d in decisions} == {0, 1}
    own = {state.determinize(0, random.Random(k)).position.redraw[0] for k in range(10)}
    assert own == {1}


# --- the Memory list aid -----------------------------------------------------------------------------------------

def statuses(state, seat):
    return {r["code"]: r["status"] for r in memory_list(state, seat)}


def test_memory_list_own_and_seen_in_ninth_out_rest_unknown():
    """Rulebook, Memory lists: own and seen cards are in, the Ninth is out, the rest unknown."""
    state = pos(expert=True, round=2, seen={0: [(1, "Shoal"), (2, "Abyss")]})
    rows = statuses(state, 0)
    assert {c for c, s in rows.items() if s == "in"} == {19, 20, 21, 24}
    assert {c for c, s in rows.items() if s == "out"} == {28}
    assert len([c for c, s in rows.items() if s == "unknown"]) == 28 - 5
    assert statuses(state, None) == {c: ("out" if c == 28 else "unknown") for c in range(1, 29)}
    row = memory_list(state, 0)[17]
    assert row == {"code": 18, "name": "Follow me!", "order": 6, "status": "unknown"}


def test_memory_list_all_eight_known_rest_out():
    """Memory list aid: once a seat knows all 8 cards in the game, every other code is out."""
    seen = [(o, slot) for o in (0, 1, 3) for slot in ("Shoal", "Abyss")]
    rows = statuses(pos(round=3, seen={2: seen}), 2)
    assert {c for c, s in rows.items() if s == "in"} == set(NORMAL_MEM)
    assert {c for c, s in rows.items() if s == "out"} == set(range(9, 19))
    rows = statuses(pos(round=3, seen={2: seen[:-1]}), 2)
    assert "out" not in rows.values()


def test_memory_list_changer_cannot_tell_whether_returned_cards_are_in():
    """Memory list aid / ruling 12: once a player decides to change, his returned cards may not be in the game."""
    state = new_game(4, seed=7)
    hand = state.view(0)["hand"]
    state = play(state, "redraw", "change")
    rows = statuses(state, 0)
    assert [rows[c] for c in hand] == ["unknown", "unknown"]


def test_memory_list_at_the_end_everything_known():
    """Rulebook, Score Calculation: at the end all 8 Memories are revealed (even the ghost's)."""
    final = random_game(3, False, 8)
    rows = statuses(final, None)
    assert {c for c, s in rows.items() if s == "in"} == set(final.position.mem)
    assert set(rows.values()) == {"in", "out"}


# --- position() validation ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,words", [
    (dict(players=5), "players must be 3 or 4"),
    (dict(round=6), "round must be a whole number from 1 to 5"),
    (dict(memories=[1, 2, 3]), "memories must be 8 different codes"),
    (dict(memories=[1, 1, 2, 3, 4, 5, 6, 7]), "memories must be 8 different codes"),
    (dict(memories=[19, 2, 3, 4, 5, 6, 7, 8]), r"this game's deck \(1-18\)"),
    (dict(expert=True, memories=EXPERT_MEM), "needs a Ninth Memory"),
    (dict(expert=True, memories=EXPERT_MEM, ninth=19), "needs a Ninth Memory"),
    (dict(ninth=9), "only the expert game has a Ninth Memory"),
    (dict(start=4), "start must be a seat"),
    (dict(will=[1, 2, 3]), "will must give each seat"),
    (dict(will=[-1, 0, 0, 0]), "will must give each seat"),
    (dict(items=[dict(coins=17), {}, {}, {}]), "only 16 Coins"),
    (dict(items=[dict(statues=5), dict(statues=4), {}, {}]), "only 8 Statues"),
    (dict(items=[dict(gems=1), {}, {}, {}]), "unknown keys"),
    (dict(items=[{}, {}, {}]), "one dict per seat"),
    (dict(white=5), "white must be a seat"),
    (dict(medal=1), "the Medal is used only in the expert game"),
    (dict(expert=True, memories=EXPERT_MEM, ninth=28, medal=7), "medal must be a seat"),
    (dict(released={"white": 1}), "released exactly when it is off the board"),
    (dict(placed={"moon": 0}), "'moon' is not a location"),
    (dict(placed={"cathedral": 0}), "not open in round 1"),
    (dict(placed={"cult": 0}), "not open in round 1"),
    (dict(placed={"cross": 7}), "must be a seat"),
    (dict(pawns=[4, 3, 3, 3]), "pawns"),
    (dict(pawns=[0, 0, 0, 0]), "every pawn is placed"),
    (dict(pawns=[0, 3, 3, 3], turn=0), "turn must be a seat with a pawn left"),
    (dict(seen={0: [(0, "Shoal")]}), "seen entry"),
    (dict(seen={0: [(1, "Deep")]}), "seen entry"),
    (dict(seen={9: [(1, "Shoal")]}), "seen is keyed by seat"),
    (dict(veiled=[5]), "veiled lists seats"),
    (dict(round=2, placed={"garden": 0}), "Garden of Connecting Hearts"),
    (dict(round=2, placed={"well": 1}), "Well of Closing Hearts"),
    (dict(round=3, placed={"garden": 0}, white=1), "released must name Red"),
])
def test_position_builder_refuses_impossible_positions(kwargs, words):
    """position() is validated: an impossible position is refused with ValueError('impossible position: ...')."""
    kwargs = dict(kwargs)
    kwargs.setdefault("memories", NORMAL_MEM)
    with pytest.raises(ValueError, match="impossible position: .*" + words):
        position(**kwargs)


def test_position_builder_accepts_a_released_legacy_stolen_in_the_same_round():
    """Ruling 10 / position(): Garden's releaser may lose the White Legacy to Hollow in the same round (reachable)."""
    state = pos(round=3, will=[6, 1, 0, 0], pawns=[1, 1, 1, 0])
    state = play(play(state, "place", "garden"), "player", 2)     # Red releases the White; Green +2 Will
    state = play(play(state, "place", "hollow"), "take", "white")  # Blue takes it from Red, the one Max player
    view = state.view(2)
    assert (view["white"], view["released"]["white"], view["round"], state.to_move) == (1, 0, 3, 2)
    built = position(memories=NORMAL_MEM, round=3, placed={"garden": 0, "hollow": 1}, white=1, released={"white": 0},
                     will=[0, 0, 2, 0], pawns=[0, 0, 1, 0], turn=2)
    assert built.view(2)["sheets"] == view["sheets"] and built.view(2)["locations"] == view["locations"]


def test_position_builder_accepts_gallery_pawn_after_the_medal_moved_on():
    """Ruling 11 / position(): the Gallery's placer may lose the Medal to Cult later in the round (reachable)."""
    state = pos(expert=True, round=4, will=[0, 1, 0, 0], medal=0)
    state = play(play(state, "place", "gallery"), "look", 2)      # Red (Medal holder) looks at Green's Abyss
    state = play(play(state, "place", "cult"), "player", 2)       # Blue makes Green take the Medal from Red
    view = state.view(2)
    assert (view["medal"], view["round"], state.to_move) == (2, 4, 2)
    built = position(expert=True, memories=EXPERT_MEM, ninth=28, round=4, placed={"gallery": 0, "cult": 1}, medal=2,
                     will=[0, 0, 0, 0], pawns=[2, 2, 3, 3], turn=2)
    assert built.view(2)["sheets"] == view["sheets"] and built.view(2)["locations"] == view["locations"]


def test_position_builder_defaults():
    """position(): start Will 0/1/1/2 from the Start player, the Ruins hold the rest, a placement turn."""
    state = position(memories=NORMAL_MEM, start=2, items=[dict(coins=2), {}, {}, dict(books=1)])
    view = state.view(2)
    assert will(state) == [1, 2, 0, 1] and state.to_move == 2 and view["phase"] == "place"
    assert view["ruins"] == {"coin": 14, "statue": 8, "book": 3} and view["medal"] == "box"
    assert position(players=3, memories=NORMAL_MEM).view(0)["sheets"][2]["will"] == 1


@pytest.mark.parametrize("kwargs", [
    dict(placed={"quarry": 0}),
    dict(items=[5, {}, {}, {}]),
    dict(seen={0: [(1,)]}),
    dict(seen={0: "Shoal"}),
    dict(memories=None),
    dict(veiled=5),
], ids=["quarry-not-a-list", "items-not-dicts", "seen-entry-not-a-pair", "seen-not-a-list", "memories-none",
        "veiled-not-a-list"])
def test_position_builder_malformed_shapes_give_impossible_position_error(kwargs):
    """Brief (malformed input): position() refuses wrongly shaped arguments with 'impossible position: ...'."""
    kwargs = dict(kwargs)
    kwargs.setdefault("memories", NORMAL_MEM)
    with pytest.raises(ValueError, match="impossible position: "):
        position(**kwargs)


def test_position_builder_refuses_unknown_released_keys():
    """position(): released takes only 'white' and 'black'; a misspelt key is refused, not silently ignored."""
    with pytest.raises(ValueError, match="impossible position: .*released"):
        position(memories=NORMAL_MEM, released={"grey": 0})


# --- invariants and determinism -----------------------------------------------------------------------------------

def test_rule_items_are_conserved_and_tokens_unique_in_random_games():
    """Rulebook, Components: items conserved, one of each token, Will >= 0, at most 3 pawns (random games)."""
    for seed in range(8):
        final = random_game(3 + seed % 2, seed % 4 < 2, 500 + seed)
        for state in chain(final):
            view = state.view(None)
            for i, item in enumerate(("coin", "statue", "book")):
                held = sum(sh[("coins", "statues", "books")[i]] for sh in view["sheets"])
                assert held + view["ruins"][item] == data.RUINS_STOCK[item]
            for token in ("white", "black", "medal"):
                holders = [sh["seat"] for sh in view["sheets"] if sh[token]]
                assert len(holders) <= 1 and (holders == [view[token]] or (not holders and view[token] in
                                                                          ("board", "box")))
            assert all(sh["will"] >= 0 and 0 <= sh["pawns"] <= 3 for sh in view["sheets"])
            released = view["released"]
            assert (released["white"] is None) == (view["white"] == "board")
            assert (released["black"] is None) == (view["black"] == "board")


def test_determinism_same_seed_same_moves_same_states():
    """Brief (determinism): the same game, options, seed and moves give the same states, views and logs."""
    a = random_game(4, True, 42)
    b = random_game(4, True, 42)
    assert a.position == b.position and a.history == b.history
    assert a.log(1) == b.log(1) and a.view(None) == b.view(None)
    assert new_game(3, True, 9).position == new_game(3, True, 9).position
    assert ninekit.load(a.to_json()).position == a.position


def test_moves_from_json_refuse_malformed_input():
    """Brief (malformed input): game.parse_move refuses unknown kinds and arguments with a ValueError naming them."""
    game = ninekit.make("code_of_nine", 4)
    for obj, words in [({"kind": "look", "args": [5]}, "'look' takes one of 0, 1, 2, 3"),
                       ({"kind": "place", "args": ["moon"]}, "'place' takes one of library"),
                       ({"kind": "stop", "args": [1]}, "'stop' takes no arguments"),
                       ({"kind": "fly", "args": [1]}, "unknown kind 'fly'"),
                       ({"kind": "look", "args": []}, "'look' takes one argument"),
                       ({"kind": "shoal", "args": ["0"]}, "'shoal' takes one of 0, 1"),
                       ({"kind": "player", "args": [True]}, "'player' takes one of"),
                       ({"kind": "return", "args": ["medal"]}, "'return' takes one of coin, statue, book")]:
        with pytest.raises(ValueError, match=re.escape(words)):
            game.parse_move(obj)
    state = pos(round=2)
    assert "not a location of Code of Nine" in state.why_illegal(ninekit.Move("place", ("moon",)))
    with pytest.raises(IllegalMove):
        state.play(ninekit.Move("place", ("moon",)))


def test_card_18_start_player_taken_at_the_bell_in_round_5_scores():
    """Card 18 (reconstructed) / ruling §3: a round-5 Bell gives the Start player, worth +5 at the end with 18."""
    state = position(round=5, memories=[18, 1, 2, 5, 6, 8, 9, 10], pawns=[0, 0, 1, 0], turn=2)
    state = play(play(state, "place", "bell"), "look", 0)
    assert state.is_over
    assert dict(state.outcome.details[2])["Player state"] == 5 and state.outcome.scores == (0, 0, 5, 0)
    assert state.outcome.winners == (2,)


def test_rule_fifteen_actions_per_player_fourteen_for_a_changer():
    """Rulebook, How to Win: 15 actions per player over five rounds; a changer has 14 (ruling 12)."""
    checked = 0
    for seed in range(12):
        final = random_game(4, seed % 2 == 1, 300 + seed)
        if final.position.round < 5 or final.position.white != -1 and final.position.black != -1:
            continue
        placed = [0] * 4
        for seat, move in final.history:
            placed[seat] += move.kind == "place"
        changers = [s for s in range(4) if final.view(None)["sheets"][s]["redraw"] == "change"]
        assert placed == [14 if s in changers else 15 for s in range(4)]
        checked += 1
    assert checked


def test_rule_no_swapping_between_shoal_and_abyss():
    """Rulebook, Preparation: players may never swap cards between the Shoal and the Abyss (no such move)."""
    state = pos(round=3)
    assert "must decide something else" in refused(state, "shoal", 1)
    for seed in range(3):
        final = random_game(3, True, 700 + seed)
        arranged = [s for s in chain(final) if s.position.phase not in ("redraw", "arrange")]
        assert all(m.kind != "shoal" for s in arranged for m in s.legal_moves())


def test_rule_every_decision_is_atomic_in_random_games():
    """Issue, Rules engine: each choice is a separate atomic decision: one argument per move (none for stop)."""
    for seed in range(4):
        final = random_game(3 + seed % 2, seed > 1, 900 + seed)
        for state in chain(final)[:-1]:
            for move in state.legal_moves():
                assert len(move.args) == (0 if move.kind == "stop" else 1), move
                assert state.game.parse_move(move.to_json()) == move


def test_view_has_the_documented_fields():
    """Brief, View: the documented keys of the view, its locations, sheets, slots and Memory list rows."""
    view = pos(expert=True, round=2, medal=1).view(0)
    assert {"reconstructed", "players", "ghost", "expert", "phase", "round", "rounds", "turn", "first", "start",
            "locations", "ruins", "white", "black", "medal", "released", "sheets", "slots", "hand", "ninth", "looks",
            "pending", "memory_list", "score"} <= set(view)
    assert set(view["locations"][0]) == {"key", "name", "rounds", "first", "last", "cost", "effect", "attack",
                                         "expert", "reconstructed", "open", "future", "closed", "pawns"}
    assert set(view["sheets"][0]) == {"seat", "name", "will", "coins", "statues", "books", "white", "black", "medal",
                                      "items", "pawns", "released_white", "released_black", "start", "veiled",
                                      "redraw"}
    assert set(view["slots"][0]) == {"owner", "owner_name", "slot", "code", "seen_by", "public"}
    assert set(view["memory_list"][0]) == {"code", "name", "order", "status"}
    assert view["sheets"][1]["items"] == 1 and view["medal"] == 1
    pending = play(play(pos(round=3, will=[1, 0, 0, 0], items=[{}, dict(coins=1), dict(coins=1), {}]), "place",
                        "hollow"), "player", 2).view(1)["pending"]
    assert pending == {"location": "hollow", "step": "steal", "seat": 0, "player": 2}
