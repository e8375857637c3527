"""The Nine Knights Voila app, played to the end by clicks in Chromium.

The app notebook (notebooks/apps/nine_knights.ipynb) shows ``GameApp("nine_knights")``: you (South)
against the computer.  To keep the game short the test uses the app's own "New game" form to start a
seeded game with ``quiet_limit`` 6 (a draw after six turns in a row without a fight), then clicks
seeded-random legal choices - a highlighted board square, else a choice button - until the end panel
shows.  A second game is loaded from a save (through the Load button's file dialog) at the first
contact between the armies and played by clicks through fights and summons to the end.
Screenshots go to tests/browser/artifacts/.
"""

from __future__ import annotations

import random

import pytest
from appdriver import (
    CHOICES,
    LEGAL,
    MESSAGE,
    OUTCOME,
    STATUS,
    assert_seed_never_reached_the_page,
    load_save,
    message,
    nine_knights_first_attack,
    open_game,
    phone_screen,
    play_to_end,
    record_frames,
    set_seats,
    settle,
    shot,
    signature,
    start_quick_nine_knights,
    status,
    visible,
)

pytestmark = pytest.mark.browser

APP = "apps/nine_knights.ipynb"
SEED = 9  # the deal
CLICK_SEED = 2026  # which legal choice the test clicks
QUIET_LIMIT = 6
MAX_CLICKS = 1500


def _set_seats(page, south: str = "human", north: str = "computer", start: bool = True) -> None:
    set_seats(page, {"South": south, "North": north}, start)


def test_play_a_full_game_by_clicks(open_app, artifacts_dir):
    page = open_game(open_app, APP)
    shot(page, artifacts_dir / "nine_knights_start.png")
    start_quick_nine_knights(page, SEED, QUIET_LIMIT)

    statuses: list[str] = []
    shot_mid = False

    def on_step(page, clicks, now):
        nonlocal shot_mid
        assert now, f"the status prompt is empty after {clicks} clicks"
        statuses.append(now)
        if not shot_mid and "choose a Knight to move" in now:
            shot(page, artifacts_dir / "nine_knights_mid.png")
            shot_mid = True

    clicks = play_to_end(page, random.Random(CLICK_SEED), MAX_CLICKS, on_step)

    end_text = page.locator(OUTCOME).inner_text().strip()
    assert "Game over" in end_text, end_text
    assert status(page).startswith("Game over"), status(page)
    assert page.locator(LEGAL).count() == 0 and not visible(page.locator(CHOICES))
    if not shot_mid:
        pytest.fail(f"the game never reached the movement phase; statuses: {statuses}")
    shot(page, artifacts_dir / "nine_knights_end.png")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    # On a 1280x800 laptop the way on is in view with the result, without scrolling to New game.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate("() => window.scrollTo(0, 0)")
    again = page.locator(".ninekit-app .ninekit-again")
    box = again.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 800, f"Play again out of view: {box}"
    shot(page, artifacts_dir / "nine_knights_end_1280x800.png")

    # A phone-width screen: the page must not scroll sideways.
    box = phone_screen(page, artifacts_dir / "nine_knights_390px.png")
    assert box["right"] <= box["width"] + 1, f"board wider than a 390 px screen: {box}"
    print(f"played {clicks} clicks to the end: {end_text.splitlines()[:3]}")


def test_dark_theme_renders_and_the_seed_never_reaches_the_page(open_app, page, artifacts_dir):
    """Requirement: the board is readable in the dark theme; rule: over a dozen clicks nothing the page receives
    holds the game's seed (``assert_seed_never_reached_the_page``)."""
    frames = record_frames(page)
    page = open_game(open_app, APP, "theme=dark")
    shot(page, artifacts_dir / "nine_knights_dark.png")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    prompt = page.locator(STATUS)
    assert prompt.inner_text().strip()
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    # The dark theme is in force: a dark page background.
    rgb = [int(x) for x in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert sum(rgb) < 3 * 128, f"?theme=dark gave a light page background {background}"
    assert_seed_never_reached_the_page(page, frames, clicks=12)
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)


def test_illegal_click_shows_why_and_changes_nothing(open_app, artifacts_dir):
    page = open_game(open_app, APP)
    _set_seats(page)
    rng = random.Random(CLICK_SEED)
    # Answer the set-up questions (buttons) until the board offers squares (placing Knights).
    for _ in range(20):
        if page.locator(LEGAL).count():
            break
        before = signature(page)
        rng.choice(visible(page.locator(CHOICES))).click()
        assert settle(page, before) == "changed"
    else:
        pytest.fail(f"the board never offered a square; status: {status(page)!r}")

    prompt = status(page)
    legal_ids = [el.get_attribute("data-id") for el in page.locator(LEGAL).all()]
    log = page.locator(".ninekit-app .ninekit-log").inner_text()
    illegal = page.locator(".ninekit-app .ninekit-board [data-id]:not(.legal)")
    assert illegal.count() > 0, "the board has no non-legal squares to click"
    square = next(el for el in illegal.all() if el.get_attribute("data-id") in {"e5", "e6", "d5"})
    before = signature(page)
    square.click()
    assert settle(page, before) == "changed", "an illegal click showed nothing"
    message_line = page.locator(MESSAGE)
    assert message_line.is_visible() and message(page), "no message after an illegal click"
    assert message_line.locator(".nk-error").count() == 1
    shot(page, artifacts_dir / "nine_knights_illegal.png")
    assert status(page) == prompt, "an illegal click changed the prompt"
    assert [el.get_attribute("data-id") for el in page.locator(LEGAL).all()] == legal_ids
    assert page.locator(".ninekit-app .ninekit-log").inner_text() == log, "an illegal click changed the log"
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"illegal click on {square.get_attribute('data-id')}: {message(page)!r}")


def test_load_a_save_then_fight_to_the_end(open_app, artifacts_dir, tmp_path):
    """Load/upload in the browser, then a game with fights (and summons) played by clicks to the end."""
    text, square, target = nine_knights_first_attack(seed=5, quiet_limit=8)  # a short game with a fight
    page = open_game(open_app, APP)
    _set_seats(page)
    load_save(page, text, tmp_path / "nine_knights.json")  # the Load button and the browser's file dialog
    page.locator(STATUS).filter(has_text="South: choose a Knight to move").wait_for(timeout=15_000)
    assert not message(page) or "Loaded" in message(page), message(page)
    for data_id in (square, target):  # South attacks at once (the computer's North may well avoid fights)
        before = signature(page)
        visible(page.locator(f".ninekit-app .ninekit-board [data-id='{data_id}']"))[0].click()
        assert settle(page, before) == "changed", f"clicking {data_id} changed nothing"

    clicks = play_to_end(page, random.Random(CLICK_SEED), MAX_CLICKS)
    log = page.locator(".ninekit-app .ninekit-log").inner_text()
    shot(page, artifacts_dir / "nine_knights_loaded_end.png")
    assert "attacks" in log, "no fight happened after loading a game at first contact"
    assert page.locator(OUTCOME).is_visible()
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"after loading: {clicks} clicks, {log.count('attacks')} fights, {log.count('summons')} summons")


# Counts the times the board's picture is drawn anew (board.js replaces its children), in window.nkRedraws.
_COUNT_REDRAWS = """() => {
  const board = document.querySelector(".ninekit-app .ninekit-board");
  window.nkRedraws = 0;
  new MutationObserver((records) => { window.nkRedraws += records.length; }).observe(board, {childList: true});
}"""


def test_keyboard_tab_to_a_square_and_press_enter(open_app, artifacts_dir):
    """The board works without a mouse: Tab reaches a legal square, Enter chooses it; taking a Knight draws the
    board once (one update from Python changes its picture, narrow picture and generation together)."""
    page = open_game(open_app, APP)
    _set_seats(page)
    rng = random.Random(CLICK_SEED)
    for _ in range(20):  # answer the set-up buttons until the board offers squares
        if page.locator(LEGAL).count():
            break
        before = signature(page)
        rng.choice(visible(page.locator(CHOICES))).click()
        settle(page, before)
    page.locator(LEGAL).first.focus()
    for _ in range(3):  # Tab moves between legal squares and the focus stays on the board
        page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-id')")
    assert focused, "Tab left the board's legal squares"
    # Placement: Enter on a Knight of the Waiting Area takes it, Enter on a field places it there.
    for selector in (f"{LEGAL}[data-id^='wait-']", f"{LEGAL}:not(.nk-switch)"):
        prompt = status(page)
        item = page.locator(selector).first
        item.focus()
        focused = item.get_attribute("data-id")
        before = signature(page)
        page.evaluate(_COUNT_REDRAWS)
        page.keyboard.press("Enter")
        assert settle(page, before) == "changed", f"Enter on the focused {focused} did nothing"
        assert status(page) != prompt and not message(page), (status(page), message(page))
        redraws = page.evaluate("window.nkRedraws")  # taking a Knight is one update (a move may bring a reply)
        assert redraws == 1 or not focused.startswith("wait-"), f"taking {focused} drew the board {redraws} times"
    assert f"on {focused}" in page.locator(".ninekit-app .ninekit-log").inner_text(), focused
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)


def test_hot_seat_hand_over_hides_the_other_seats_secrets(open_app, artifacts_dir):
    """Hot-seat: after South's secret Duty choices the screen waits for North, and North's page never holds them."""
    page = open_game(open_app, APP)
    _set_seats(page, south="human", north="human")
    privacy = page.locator(".ninekit-app .ninekit-privacy button")
    if visible(privacy):  # the first hand-over: South takes the screen
        before = signature(page)
        privacy.first.click()
        settle(page, before)

    rng = random.Random(CLICK_SEED)
    secrets = []
    while status(page).startswith("South: assign"):
        # the buttons come in an update of their own: on a busy machine the prompt may show a moment before them
        page.wait_for_selector(f"{CHOICES} >> visible=true")
        button = rng.choice(visible(page.locator(CHOICES)))
        secrets.append(button.inner_text().strip())  # e.g. "Small Number Group: Warrior 1, Archer 2, Ranger 3"
        before = signature(page)
        button.click()
        settle(page, before)
        if len(secrets) == 1:  # South's own log shows the choice in words (the form checked below)
            assert f"South assigns the {secrets[0]}" in page.locator(".ninekit-app .ninekit-log").inner_text()
    assert len(secrets) == 3
    assert visible(privacy) and "North" in page.locator(".ninekit-app .ninekit-privacy").inner_text()
    shot(page, artifacts_dir / "nine_knights_hand_over.png")
    for text in secrets:
        assert text not in page.content(), f"South's secret {text!r} is still in the page during the hand-over"
    before = signature(page)
    privacy.first.click()
    settle(page, before)
    assert status(page).startswith("North: assign"), status(page)
    html = page.content()
    for text in secrets:  # North is offered the same six orderings, so look for South's own log line
        assert f"South assigns the {text}" not in html, f"North's page holds South's secret {text!r}"
    assert "South assigns the Small Number Group (secret)" in page.locator(".ninekit-app .ninekit-log").inner_text()
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
