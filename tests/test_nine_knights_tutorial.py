"""The Nine Knights tutorial (widgets/lessons/nine_knights/): its chapters and the steps that teach the set-up.

The steps themselves are solved by ``tests/test_lessons.py`` (``LessonStep.verify``); here: what the newer
steps show on the board, read from the states the learner's solution passes through.
"""

from __future__ import annotations

import pytest

from ninekit.nine_knights import PLACEMENT_ORDER
from widgets.lesson import FIRST_CHAPTER_MOST
from widgets.lessons import played as _play
from widgets.lessons.nine_knights import RULES, tutorial

SOUTH, NORTH = 0, 1


@pytest.fixture(scope="module")
def lesson():
    return tutorial()


def _solved(lesson, key):
    """The state after the step's solution, the North replies included (the step's own board)."""
    step = lesson.steps[key]
    step.reset()
    for item in step.solution:
        assert step.attempt(item), f"{item!r} refused: {step.app.message}"
    return step.app.state


def test_first_chapter_takes_a_newcomer_to_a_first_game(lesson):
    """Rule of the tutorials: the first chapter is a first game in at most ten steps, set-up included."""
    first = lesson.chapters[0]
    assert first.title == "Your first game" and len(first.steps) <= FIRST_CHAPTER_MOST
    taught = {r for key in first.steps for r in lesson.spec(key)["teaches"]}
    for rule in ("move-one-field", "goal-win", "higher-wins", "summon-after-loss", "duty-groups",
                 "placement-rows", "placement-order", "first-player", "hidden-deal", "first-move"):
        assert rule in taught, f"a first game needs {rule!r}"
    assert lesson.order_problems() == []


def test_every_rule_names_its_source():
    """Rule of the tutorials: each rule says whether it is the rulebook's, a ruling or a house rule."""
    assert {r.source for r in RULES} <= {"rulebook", "ruling", "rulebook; ruling", "house rule"}


def test_placement_follows_the_order_and_the_first_player_moves_first(lesson):
    """Rules 'placement-order', 'placement-order-completed', 'first-player', 'first-move': South (the first
    player) places 1, then 2 each in turn, North ends with 2 and South with 1; then South makes the first move."""
    step = lesson.steps["placement-first"]
    assert step.start.to_move == SOUTH and step.start.position.phase == "placement"
    state = _solved(lesson, "placement-first")
    placers = [seat for seat, move in state.history if move.kind == "place"]
    assert placers == [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0] == list(PLACEMENT_ORDER)
    first_move = next(seat for seat, move in state.history if move.kind == "to")
    assert first_move == SOUTH
    assert [len(w) for w in state.position.waiting] == [3, 3], "rule 'waiting-area': three Knights wait each"


def test_the_deal_shows_your_hidden_token_only(lesson):
    """Rules 'hidden-deal', 'hidden-numbers', 'knights': you see your own Hidden Token (1-5), not North's,
    and nine Knights of yours wait to be placed: three of each type."""
    start = lesson.steps["placement-first"].start
    view = start.view(SOUTH)
    assert view["hidden_tokens"][SOUTH] in range(1, 6) and view["hidden_tokens"][NORTH] is None
    assert str(view["hidden_tokens"][SOUTH]) in lesson.steps["placement-first"].goal
    types = sorted(k["type"] for k in view["waiting"][SOUTH])
    assert types == ["Archer"] * 3 + ["Ranger"] * 3 + ["Warrior"] * 3


def test_placing_is_refused_before_moving(lesson):
    """Rule 'placement-order': no Knight moves before both players have placed six."""
    step = lesson.steps["placement-first"]
    after_first = _play(step.start, "Knight 5", "e3")
    assert after_first.to_move == NORTH, "the second player places next"
    assert all(m.kind == "pick" for m in after_first.legal_moves())


def test_an_empty_waiting_area_skips_the_summon(lesson):
    """Rule 'summon-skip-none-waiting': with nobody waiting, the beaten player summons nothing and moves at
    once."""
    start = lesson.steps["summon-none-waiting"].start
    assert start.position.waiting[SOUTH] == () and "S5" in start.position.fallen
    assert start.to_move == SOUTH and {m.kind for m in start.legal_moves()} == {"select"}
    state = _solved(lesson, "summon-none-waiting")
    assert "N7" in state.position.fallen


def test_set_up_steps_do_not_depend_on_how_a_new_game_is_dealt(lesson):
    """The lesson builds its set-up explicitly: South is the first player there, whatever a new game draws."""
    for key in ("duty-groups", "placement-rows", "placement-first"):
        assert lesson.steps[key].start.to_move == SOUTH, key
        assert lesson.steps[key].start.seed is None, f"{key}: built, not dealt from a seed"
