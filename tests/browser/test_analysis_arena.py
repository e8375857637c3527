"""The analysis notebook and the bot arena in Voila (issue 13), driven by clicks in Chromium.

A teacher opens notebooks/analysis.ipynb, asks for a few games and presses Run: the progress bar fills and the
pictures appear (drawn by matplotlib), with no page error and no code on the page.  A learner opens
notebooks/arena.ipynb, asks for one deal per group and presses Run: the leaderboard lists every entry, with the
demonstration entry's forfeits and their reason, and the picture appears.
"""

from __future__ import annotations

import pytest
from appdriver import shot

pytestmark = pytest.mark.browser

RUN_TIMEOUT_MS = 180_000  # a few games on a busy 2-core machine, with the kernel started cold


def set_number(page, label: str, value: int) -> None:
    """Type ``value`` into the number box described by ``label`` (an ipywidgets IntText) and commit it."""
    box = page.locator(f".widget-inline-hbox:has(label:text-is('{label}')) input").first
    box.fill(str(value))
    box.press("Enter")


def run_and_wait(page) -> str:
    page.locator("button:has-text('Run')").first.click()
    page.wait_for_function("() => document.body.innerText.includes('Done:')", timeout=RUN_TIMEOUT_MS)
    return page.inner_text("body")


def test_analysis_runs_a_small_simulation_by_clicking(open_app, artifacts_dir):
    page = open_app("analysis.ipynb")
    assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0, "the code is hidden"
    assert "needs a Python server" in page.inner_text("body")
    set_number(page, "Games", 4)
    text = run_and_wait(page)
    assert "Double Nine, 2 players: 4 games" in text
    assert page.locator(".widget-output img").count() >= 4, "who wins, lengths, scores and the numbers"
    progress = page.locator(".progress-bar").first
    assert progress.get_attribute("style") and "100%" in progress.get_attribute("style")
    shot(page, artifacts_dir / "analysis.png", "#rendered_cells", tallest=8000)
    assert not page.ninekit_errors, "\n".join(page.ninekit_errors)


def test_arena_runs_a_small_tournament_by_clicking(open_app, artifacts_dir):
    page = open_app("arena.ipynb")
    assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0, "the code is hidden"
    set_number(page, "Deals", 1)
    text = run_and_wait(page)
    assert "Double Nine, 2 players: 12 games" in text  # 4 entries: 6 pairs, each from both seats
    table = page.locator("table.nk-board")
    assert table.count() == 1
    board = table.inner_text()
    for name in ("easy", "normal", "my player", "careless"):
        assert name in board
    assert page.locator(".widget-output img").count() >= 1, "the leaderboard's picture"
    shot(page, artifacts_dir / "arena.png", "#rendered_cells", tallest=8000)
    assert not page.ninekit_errors, "\n".join(page.ninekit_errors)
