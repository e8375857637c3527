"""The Codinca Voila app, played to the end by clicks in Chromium.

The app notebook (notebooks/apps/codinca.ipynb) shows ``GameApp("codinca")``.  Each test starts its game
from the app's own "New game" form (which offers 2-4 players, the beginner game and the round limit), with
the house-rule round limit at 2 so that the game ends quickly, then clicks seeded-random legal choices - the
hand-over button when it shows, else a highlighted square, label, point, crystal, pair or Luck action, else a
button - until the end panel shows.  Screenshots (laptop 1280 x 800, dark theme, a 390 px phone) go to
tests/browser/artifacts/.
"""

from __future__ import annotations

import random

import pytest
from appdriver import (
    CHOICES,
    INTERACTIVE,
    LEGAL,
    OUTCOME,
    PRIVACY,
    STATUS,
    assert_seed_never_reached_the_page,
    message,
    open_game,
    phone_screen,
    play_to_end,
    press_start,
    record_frames,
    settle,
    shot,
    signature,
    status,
    visible,
)

pytestmark = pytest.mark.browser

APP = "apps/codinca.ipynb"
ROUND_LIMIT = 2
MAX_CLICKS = 300


def _start(page, seats: dict[str, str], *, players: int = 2, beginner: bool = False) -> None:
    """Open "New game": players, beginner, round limit, the seats; press "Start new game"."""
    page.locator(".ninekit-app .ninekit-new-game-panel").get_by_text("New game", exact=True).click()
    form = page.locator(".ninekit-app .ninekit-new-game")
    form.wait_for(state="visible")
    players_box = form.get_by_label("Players", exact=True)
    assert [o.strip() for o in players_box.locator("option").all_inner_texts()] == ["2", "3", "4"]
    players_box.select_option(str(players))
    beginner_box = form.get_by_label("Beginner")
    if beginner_box.is_checked() != beginner:
        beginner_box.click()
    limit = form.get_by_label("Round limit")
    limit.fill(str(ROUND_LIMIT))
    limit.press("Enter")
    random_seat = form.get_by_label("Seat a lone human player at random")
    if random_seat.is_checked():
        random_seat.uncheck()
    for seat, kind in seats.items():
        form.get_by_label(seat, exact=True).select_option(kind)
    press_start(page)
    page.wait_for_selector(f"{INTERACTIVE}, {PRIVACY}:visible", state="visible")  # the new game is on screen
    assert not message(page), f"starting the game showed a message: {message(page)!r}"
    assert status(page), "no prompt after starting"


def _preview_check(page) -> None:
    """Choosing Line Flip, then pointing at rank 2, outlines the four squares of rank 2 before the click."""
    card = page.locator(f'{LEGAL}[data-id="luck:line_flip"]')
    if not card.count():
        return
    before = signature(page)
    card.first.click()
    assert settle(page, before) == "changed"
    page.locator(f'{LEGAL}[data-id="line:2"]').first.hover()
    page.wait_for_timeout(150)
    lit = page.evaluate("""() => {
      const svg = Array.from(document.querySelectorAll(".ninekit-app .ninekit-board svg"))
        .find((s) => s.getClientRects().length > 0);
      const out = {};
      for (const sq of ["a2", "b2", "c2", "d2", "a3"]) {
        const prev = svg.querySelector(`[data-id="${sq}"] .cx-prev`);
        out[sq] = parseFloat(getComputedStyle(prev).fillOpacity);
      }
      return out;
    }""")
    assert all(lit[sq] > 0.3 for sq in ("a2", "b2", "c2", "d2")) and lit["a3"] == 0, lit


def test_hot_seat_game_to_the_end(open_app, artifacts_dir):
    """Requirement: a 2-player hot-seat game, started from the New game form (round limit 2), is played to the end
    by clicks - hand-over, board targets, buttons - with no click offered as legal refused and no page error."""
    page = open_game(open_app, APP)
    page.set_viewport_size({"width": 1280, "height": 800})
    _start(page, {"Fire": "human", "Earth": "human"})
    shot_mid = False

    def on_step(page, clicks, now):
        nonlocal shot_mid
        if not shot_mid and clicks >= 6 and visible(page.locator(LEGAL)):
            shot(page, artifacts_dir / "codinca_mid.png")
            shot_mid = True

    clicks = play_to_end(page, random.Random(7), MAX_CLICKS, on_step)
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text and "round limit" in end_text, end_text
    assert page.locator(LEGAL).count() == 0 and not visible(page.locator(CHOICES))
    shot(page, artifacts_dir / "codinca_end.png")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"hot seat: {clicks} clicks")


def test_against_the_computer_laptop_and_phone(open_app, artifacts_dir):
    """Requirement: a game against the computer (Earth a computer seat) is played to the end by clicks; at 1280 x 800
    the board and the decision show without scrolling; choosing an action previews the squares it changes; the
    phone picture fits a 390 px screen."""
    page = open_game(open_app, APP)
    page.set_viewport_size({"width": 1280, "height": 800})
    _start(page, {"Fire": "human", "Earth": "computer"})
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts_dir / "codinca_laptop.png"))
    box = page.evaluate("""() => {
      const svg = Array.from(document.querySelectorAll(".ninekit-app .ninekit-board svg"))
        .find((s) => s.getClientRects().length > 0).getBoundingClientRect();
      const status = document.querySelector(".ninekit-app .ninekit-status").getBoundingClientRect();
      return {bottom: svg.bottom, right: svg.right, status: status.bottom, height: innerHeight, width: innerWidth};
    }""")
    assert box["bottom"] <= box["height"] and box["status"] <= box["height"], box
    assert box["right"] <= box["width"], box
    _preview_check(page)
    phone = phone_screen(page, artifacts_dir / "codinca_phone.png")
    assert phone["right"] <= phone["width"] + 1, f"board wider than a 390 px screen: {phone}"
    page.set_viewport_size({"width": 1280, "height": 800})
    clicks = play_to_end(page, random.Random(11), MAX_CLICKS)
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text, end_text
    assert "Earth" in page.locator(".ninekit-app .ninekit-log").inner_text()  # the computer played
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"against the computer: {clicks} clicks")


def test_dark_theme_and_four_players_and_the_seed_never_reaches_the_page(open_app, page, artifacts_dir):
    """Requirement: the table is readable in the dark theme, with four players (three computer seats); rule: over a
    dozen clicks nothing the page receives holds the game's seed (``assert_seed_never_reached_the_page``)."""
    frames = record_frames(page)
    page = open_game(open_app, APP, "theme=dark")
    page.set_viewport_size({"width": 1280, "height": 800})
    _start(page, {"Fire": "human", "Water": "computer", "Earth": "computer", "Air": "computer"}, players=4)
    shot(page, artifacts_dir / "codinca_dark.png")
    assert page.locator(STATUS).inner_text().strip()
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    rgb = [int(x) for x in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert sum(rgb) < 3 * 128, background
    assert_seed_never_reached_the_page(page, frames, clicks=12)
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
