"""The Hint button in the GameApp shell and in lesson steps (issue 13), driven without a browser.

Hint shows ``ninekit.hints.hint(state, seat)`` for the human seat to move - the move in words and one
sentence of why - under the board, and marks its move on the board (or its button).  It is refused, with
the reason, in Watch, after the end, on a computer's turn, and while the screen waits for a hand-over (that
seat's secrets are hidden).  In a lesson step, Hint names the step's own next decision and why, and falls
back to the game's hint where the step has none left.
"""

from __future__ import annotations

import html
import random
import re

import pytest
from test_widgets_watch import FakeTimer

import ninekit
from ninekit import hints
from ninekit.nine_knights import position
from widgets import GameApp
from widgets.app import mark_hinted
from widgets.lesson import LessonStep

GAMES = ("nine_knights", "double_nine", "codinca", "code_of_nine", "count_of_nine")


def _human_first(name: str, seed: int) -> GameApp:
    players = ninekit.make(name).players
    return GameApp(name, seats=["human"] + ["computer"] * (players - 1), seed=seed)


def _marked(app: GameApp) -> bool:
    """The hint's move is marked where the player makes it: its board element, or its button."""
    data_id, button = app.hinted
    if data_id is not None:
        return f' data-id="{data_id}"' in app.board.svg and "nk-hinted" in app.board.svg
    return button is not None and app._choices.choices[app._choices.marked] == button


@pytest.mark.parametrize("name", GAMES)
def test_hint_suggests_a_legal_move_shows_why_and_marks_it_in_every_game(name, monkeypatch):
    """Requirement: a Hint button for the human seat to move shows the suggested (legal) move with one sentence of
    reason and highlights the move on the board or its button - in every game, at the start and later on.  (At
    level ``normal``: the button shows whatever move the level's player picks, and ``hard``'s search costs a
    second a hint; the hints of ``hard`` are tested in tests/test_hints.py.)"""
    monkeypatch.setitem(hints.HINT_LEVELS, name, "normal")
    rng = random.Random(7)
    app = _human_first(name, seed=11)
    for _ in range(3):
        expected = hints.hint(app.state, app.state.to_move)
        assert expected.move in app.state.legal_moves()
        text = app.show_hint()
        assert text == expected.text and expected.reason and app.message == ""
        assert html.unescape(re.sub(r"<[^>]+>", "", app.hint_line.text.value)) == f"Hint: {text}"
        assert app.hint_text == text and _marked(app), (name, app.hinted)
        for _ in range(rng.randint(1, 4)):  # play on a little, as the hint says or not
            if app.state.is_over or app.state.to_move != 0:
                break
            assert app.try_move(rng.choice(app.state.legal_moves())), app.message
        if app.state.is_over or app.state.to_move != 0:
            break
        assert app.hint_text == "" or app.state is app._hint[0], "a hint stayed on screen after the position changed"
    assert app.errors == []


def test_hint_goes_with_the_position_and_asking_is_written_in_the_log_for_the_other_people_once_a_move(monkeypatch):
    """Requirement: the hint belongs to the position it was asked for.  At a shared screen asking is a table event
    the other people read (nothing done there is silent), once a move; with one person at the screen (against
    the computer) the log does not fill with it.  (The hint's level does not matter here: ``normal``'s answers in
    milliseconds where ``hard``'s search takes a second.)"""
    monkeypatch.setitem(hints.HINT_LEVELS, "nine_knights", "normal")
    solo = GameApp("nine_knights", seats=["human", "computer"], seed=3)
    assert solo.show_hint() and solo.events == []
    app = GameApp("nine_knights", seats=["human", "human"], seed=3)
    assert app.reveal()
    text = app.show_hint()
    asked = [e for e in app.events if "hint" in e]
    assert text and asked == ["South asked for a hint"]
    assert app.show_hint() and [e for e in app.events if "hint" in e] == asked, "noted twice for one decision"
    assert app.try_move(app._hint[1].move)
    assert app.hint_text == "" and app.hint_line.text.value == "" and "nk-hinted" not in app.board.svg
    assert app._choices.marked == -1
    for _ in range(200):  # on to a move of two decisions: a Knight, then its square
        if app.privacy_pending is not None:
            app.reveal()
        if any(m.kind == "select" for m in app.state.legal_moves()):
            break
        assert app.try_move(app.state.legal_moves()[0])
    seat = app.game.seat_name(app.state.to_move)
    noted = len(app.events)
    assert app.show_hint() and app.try_move(next(m for m in app.state.legal_moves() if m.kind == "select"))
    assert app.show_hint() and app.events[noted:] == [f"{seat} asked for a hint"], "noted twice for one move"


def test_hint_is_refused_in_watch_after_the_end_and_on_a_computers_turn():
    """Requirement: no Hint in Watch, after the end, or for a computer seat; the message says why and nothing is
    shown."""
    watch = GameApp("nine_knights", seats=["computer", "computer"], seed=3, watch=True, timer=FakeTimer())
    assert watch.show_hint() == "" and "computer plays every seat" in watch.message
    assert watch.hint_line.layout.display == "none" and watch.events == []
    over = GameApp("nine_knights", seats=["computer", "computer"], seed=3)
    assert over.state.is_over and over.show_hint() == "" and "game is over" in over.message
    timer = FakeTimer()
    thinking = GameApp("nine_knights", seats=["computer", "human"], levels=["hard", "normal"], seed=3, timer=timer)
    assert thinking.thinking == 0 and thinking.show_hint() == "" and thinking.message == "South is thinking"


def test_hint_is_refused_while_the_screen_waits_for_a_hand_over():
    """Rule (hidden information): in hot-seat play no hint is given for a seat whose secrets are behind the
    hand-over screen; after "I am ..." that seat may ask, and the next seat never sees it."""
    app = GameApp("nine_knights", seats=["human", "human"], seed=3)
    assert app.privacy_pending == 0
    assert app.show_hint() == "" and app.message == "Pass the screen to South first"
    assert app.hint_line.layout.display == "none" and app.hint_line.text.value == ""
    assert app.reveal() and app.hint_line.layout.display is None
    text = app.show_hint()
    assert text and app.hint_text == text
    while app.state.to_move == 0:
        assert app.try_move(hints.hint(app.state, 0).move)
    assert app.privacy_pending == 1 and app.hint_line.text.value == "" and "nk-hinted" not in app.board.svg


def test_mark_hinted_adds_the_class_to_the_one_element_and_styles_it():
    """Requirement: the hint's move is highlighted on the board: its element (by data-id) gets class nk-hinted."""
    svg = '<svg><g class="legal" data-id="c3"><rect/></g><g class="legal" data-id="c30"/></svg>'
    marked = mark_hinted(svg, "c3")
    assert '<g class="legal nk-hinted" data-id="c3">' in marked and '<g class="legal" data-id="c30"/>' in marked
    assert marked.endswith("</style></svg>") and ".nk-hinted" in marked
    assert mark_hinted('<svg><g data-id="a"/></svg>', "a").startswith('<svg><g data-id="a" class="nk-hinted"/>')
    assert mark_hinted(svg, "z9") == svg and mark_hinted(svg, None) == svg and mark_hinted("", "c3") == ""


# --- lesson steps ----------------------------------------------------------------------------------------------


def _reaches(square):
    return lambda state: any(k["square"] == square and k["owner"] == 0 for k in state.view(0)["knights"])


def test_a_lesson_hint_names_the_steps_next_decision_and_why():
    """Requirement: in a lesson step, Hint tells the learner the step's decision and why, in the step's own words
    (the nudge first, then the next decision with the step's reason)."""
    step = LessonStep(position({"c3": "S4", "g8": "N6"}), goal="Bring your Archer to c4.", check=_reaches("c4"),
                      solution=["c3", "c4"], hint="An Archer moves one field straight.", opponent=["g8", "g7"],
                      success="An Archer moves one field forward.")
    assert step.give_hint() == "Hint: An Archer moves one field straight."
    assert step.give_hint() == "Next: Choose the Knight on c3"
    assert step.feedback == "Next: Choose the Knight on c3 Why: An Archer moves one field forward."
    assert "nk-why" in step._panel.feedback


def test_a_lesson_step_without_its_own_decision_falls_back_to_the_games_hint():
    """Requirement: where the step has no decision of its own to name (no solution), Hint gives the game's hint
    (``ninekit.hints.hint``) for the learner on the board as it is."""
    start = position({"c3": "S4", "g8": "N6"})
    step = LessonStep(start, goal="Make any move.", check=lambda s: len(s.history) >= 2, solution=[],
                      hint="Any Knight may move.", opponent=["g8", "g7"])
    assert step.give_hint() == "Hint: Any Knight may move."
    expected = hints.hint(start, 0)
    assert step.give_hint() == f"Suggested: {expected.text}" and expected.move in start.legal_moves()


# --- the Hint button looks in the background ------------------------------------------------------------------------


class _HeldHint:
    """``hints.hint`` held until released: the search of a slow game, while the page goes on."""

    def __init__(self):
        import threading

        self.release = threading.Event()
        self.asked = 0
        self.hint = hints.hint

    def __call__(self, state, seat, *args, **kwargs):
        self.asked += 1
        assert self.release.wait(10), "the test never released the hint"
        return self.hint(state, seat, *args, **kwargs)


def test_the_hint_button_says_it_is_looking_then_shows_the_hint_found_in_the_background(monkeypatch):
    """Requirement (a responsive page): pressing Hint shows "Looking for a good move…" at once and disables the
    button while the search runs away from the page's callbacks; the hint found is then shown and marked, as
    show_hint() shows it."""
    import widgets.app as app_module

    held = _HeldHint()
    monkeypatch.setattr(app_module.hints, "hint", held)
    app = GameApp("nine_knights", seats=["human", "computer"], seed=3)
    assert app.ask_hint()
    line = app.hint_line
    assert "Looking for a good move" in line.text.value and line.button.disabled and app.hint_text == ""
    held.release.set()
    assert app.wait_background(10)
    assert app.hint_text and _marked(app) and not app.hint_line.button.disabled
    assert app.events == [] and app.errors == []  # one person at the screen: nothing for others to read
    assert app.ask_hint() and held.asked == 1, "a hint on screen was looked for again"


def test_a_hint_found_after_the_board_changed_is_not_shown(monkeypatch):
    """Requirement: a hint belongs to the position it was asked for: if the learner moves while it is looked for,
    the late answer is dropped (nothing marked, nothing written in the log)."""
    import widgets.app as app_module

    held = _HeldHint()
    monkeypatch.setattr(app_module.hints, "hint", held)
    app = GameApp("nine_knights", seats=["human", "computer"], seed=3)
    assert app.ask_hint()
    assert app.try_move(app.state.legal_moves()[0]), app.message
    held.release.set()
    assert app.wait_background(10)
    assert app.hint_text == "" and "Looking" not in app.hint_line.text.value and "nk-hinted" not in app.board.svg
    assert app.events == [] and app.errors == [] and not app.hint_line.button.disabled


def test_a_lesson_steps_hint_button_looks_for_the_games_hint_in_the_background():
    """Requirement (a responsive page): in a lesson step the Hint button's game hint is looked for in the
    background ("Looking for a good move…" meanwhile) and then shown as give_hint() gives it."""
    start = position({"c3": "S4", "g8": "N6"})
    step = LessonStep(start, goal="Make any move.", check=lambda s: len(s.history) >= 2, solution=[],
                      hint="Any Knight may move.", opponent=["g8", "g7"])
    assert step.give_hint(wait=False) == "Hint: Any Knight may move."
    assert step.give_hint(wait=False) == "Looking for a good move…"
    assert step.app.wait_background(10)
    assert step.feedback == f"Suggested: {hints.hint(start, 0).text}"
