"""Watch mode and Hint in the Voila app, in Chromium (issue 13).

Watch: New game with every seat a computer; the game plays itself one move at a time at the pace of the
"Seconds per move" slider; Pause stops the moves, Step plays exactly one.  Screenshots at 1280 x 800, in the
dark theme and at 390 px wide go to tests/browser/artifacts/.  Hint: a human seat's Hint shows the move and
why, and marks the move on the board.  The widget-level twins are tests/test_widgets_watch.py and
tests/test_widgets_hint.py.
"""

from __future__ import annotations

import time

import pytest
from appdriver import (
    HINT_BUTTON,
    HINT_TEXT,
    OUTCOME,
    STATUS,
    WATCH,
    open_game,
    phone_screen,
    press_start,
    press_watch,
    set_quiet_limit,
    set_seats,
    set_watch_pace,
    settle,
    shot,
    signature,
    watched_moves,
)

pytestmark = pytest.mark.browser

APP = "apps/nine_knights.ipynb"
PACE = 0.3  # seconds per move while the test watches
STILL = 2.0  # seconds a paused game is watched for moves that should not come (over six paces)


def _wait_for_moves(page, at_least: int, timeout: float = 20.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        moves = watched_moves(page)
        if moves is not None and moves >= at_least:
            return moves
        page.wait_for_timeout(100)
    raise AssertionError(f"Watch did not reach {at_least} moves in {timeout} s (at {watched_moves(page)})")


def _log_lines(page) -> int:
    return page.locator(".ninekit-app .ninekit-log li:not(.nk-event)").count()


def _start_watching(page, quiet_limit: int | None = None) -> None:
    """A new game of two computer players (with ``quiet_limit``: a draw after that many turns in a row without a
    fight, for a short game)."""
    set_seats(page, {"South": "computer", "North": "computer"}, start=quiet_limit is None)
    if quiet_limit is not None:
        set_quiet_limit(page, quiet_limit)
        press_start(page)
    page.locator(WATCH).wait_for(state="visible")
    assert "The computer plays every seat" in page.locator(".ninekit-app .ninekit-seats").inner_text()
    assert "South (computer, normal) · North (computer, normal)" in page.locator(".ninekit-app").inner_text()


def test_watch_plays_moves_one_at_a_time_pauses_and_steps(open_app, artifacts_dir):
    """Requirement: with every seat a computer (New game), moves appear one at a time at the chosen pace; Pause:
    no more moves; Step: exactly one; the board is a spectator's (no choices offered); no page errors."""
    page = open_game(open_app, APP)
    page.set_viewport_size({"width": 1280, "height": 800})
    _start_watching(page)
    set_watch_pace(page, PACE)
    first = _wait_for_moves(page, 1)
    later = _wait_for_moves(page, first + 3)
    assert later >= first + 3
    assert page.locator(".ninekit-app .ninekit-board [data-id].legal").count() == 0, "Watch offers choices"
    assert not page.locator(HINT_BUTTON).is_visible(), "Hint is offered in Watch"

    press_watch(page, "Pause")
    page.locator(WATCH).get_by_role("button", name="Play", exact=True).wait_for(state="visible")
    paused = _wait_for_moves(page, 0)
    lines = _log_lines(page)
    page.wait_for_timeout(STILL * 1000)
    assert watched_moves(page) == paused and _log_lines(page) == lines, "moves came after Pause"
    assert f"Paused after {paused} move" in page.locator(WATCH).inner_text()

    press_watch(page, "Step")
    stepped = _wait_for_moves(page, paused + 1)
    page.wait_for_timeout(STILL * 1000)
    assert stepped == paused + 1 and watched_moves(page) == paused + 1, "Step played more than one move"
    assert _log_lines(page) > lines
    shot(page, artifacts_dir / "watch_1280x800.png")

    press_watch(page, "Play")
    _wait_for_moves(page, paused + 3)
    box = phone_screen(page, artifacts_dir / "watch_390px.png")
    assert box["right"] <= box["width"] + 1, f"board wider than a 390 px screen: {box}"
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)


def test_watch_in_the_dark_theme_to_the_end(open_app, artifacts_dir):
    """Requirement: Watch is readable in the dark theme and a watched game ends with the outcome on screen."""
    page = open_game(open_app, APP, "theme=dark")
    page.set_viewport_size({"width": 1280, "height": 800})
    _start_watching(page, quiet_limit=6)
    set_watch_pace(page, 0.2)
    _wait_for_moves(page, 4)
    shot(page, artifacts_dir / "watch_dark.png")
    page.locator(OUTCOME).filter(has_text="Game over").wait_for(state="visible", timeout=240_000)
    assert not page.locator(WATCH).is_visible(), "Watch's controls stayed after the end"
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)


def test_hint_shows_the_move_and_why_and_marks_it(open_app, artifacts_dir):
    """Requirement: a human seat's Hint shows the suggested move and one sentence of why, and marks the move on
    the board (or its button)."""
    page = open_game(open_app, APP)
    page.set_viewport_size({"width": 1280, "height": 800})
    set_seats(page, {"South": "human", "North": "computer"})
    page.locator(HINT_BUTTON).click()
    marked = page.locator(".ninekit-app .ninekit-board .nk-hinted:visible, .ninekit-app .ninekit-choices "
                          "button.nk-hinted")
    marked.first.wait_for(state="visible", timeout=60_000)
    text = page.locator(HINT_TEXT)
    assert text.inner_text().startswith("Hint: ") and ": " in text.inner_text()[6:], text.inner_text()
    assert marked.count() == 1, "the hint's move is not marked"
    # Against the computer nobody else reads the log: asking is not written there (at a shared screen it is).
    assert "asked for a hint" not in page.locator(".ninekit-app .ninekit-log").inner_text()
    shot(page, artifacts_dir / "hint_button_1280x800.png")
    on_board = page.locator(".ninekit-app .ninekit-board .nk-hinted:visible")
    for _ in range(12):  # follow the hints (buttons first: the Duty phase) until one is marked on the board
        if on_board.count():
            break
        before = signature(page)
        marked.first.click()
        assert settle(page, before) == "changed"
        page.locator(".ninekit-app .ninekit-choices, .ninekit-app .ninekit-board").first.wait_for()
        page.locator(HINT_BUTTON).wait_for(state="visible")
        page.locator(HINT_BUTTON).click()
        # Nine Knights' hint is the searching player's (up to a second, more on a busy machine): wait for its mark
        marked.first.wait_for(state="visible", timeout=60_000)
    assert on_board.count() == 1, "no hint was marked on the board"
    shot(page, artifacts_dir / "hint_board_1280x800.png")
    assert page.locator(STATUS).inner_text().strip()
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
