"""The Double Nine Voila app, played to the end by clicks in Chromium.

The app notebook (notebooks/apps/double_nine.ipynb) shows ``GameApp("double_nine")``: you (Player 1)
against the computer.  The test clicks seeded-random legal choices - the hand-over button if shown, else a
highlighted card/site/board on the table, else a choice button - until the end panel shows, and takes
screenshots (light, mid-game, end, 390 px wide, dark) into tests/browser/artifacts/.
"""

from __future__ import annotations

import random

import pytest
from appdriver import (
    OUTCOME,
    STATUS,
    assert_seed_never_reached_the_page,
    open_game,
    phone_screen,
    play_to_end,
    record_frames,
    shot,
)

pytestmark = pytest.mark.browser

APP = "apps/double_nine.ipynb"
CLICK_SEED = 99
MAX_CLICKS = 400


def test_play_a_match_by_clicks(open_app, artifacts_dir):
    """Requirement: a whole match (two victory tokens) is played in the browser by clicking a hand card, then
    a highlighted site, and the highlighted targets or buttons of each effect; no click offered as legal is
    refused, and the page has no errors."""
    page = open_game(open_app, APP)
    page.set_viewport_size({"width": 900, "height": 1000})
    shot(page, artifacts_dir / "double_nine_start.png")

    def on_step(page, clicks, now):
        if clicks == 7:
            shot(page, artifacts_dir / "double_nine_mid.png")

    play_to_end(page, random.Random(CLICK_SEED), MAX_CLICKS, on_step)
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text and "two victory tokens" in end_text, end_text
    shot(page, artifacts_dir / "double_nine_end.png")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)

    box = phone_screen(page, artifacts_dir / "double_nine_390px.png")
    assert box["right"] <= box["width"] + 1, f"table wider than a 390 px screen: {box}"


def test_dark_theme_renders_and_the_seed_never_reaches_the_page(open_app, page, artifacts_dir):
    """Requirement: the table is readable in the dark theme (theme colours, no errors); rule: over a dozen clicks
    nothing the page receives holds the game's seed (``assert_seed_never_reached_the_page``)."""
    frames = record_frames(page)
    page = open_game(open_app, APP, "theme=dark")
    shot(page, artifacts_dir / "double_nine_dark.png")
    assert page.locator(STATUS).inner_text().strip()
    assert_seed_never_reached_the_page(page, frames, clicks=12)
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
