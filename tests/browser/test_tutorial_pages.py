"""Every lesson step of every tutorial shows, in Voila as ``make play`` serves it, on a busy machine.

A learner opens a tutorial from the gallery and scrolls through it.  Each step must show its board
(``.ninekit-lesson``), as many as the tutorial defines, and nothing may show "Error displaying widget".
The machine is kept busy while the page loads and is read (two processes spinning, one per core, as in a
class where twenty pages open at once), because that is when it failed: a page that sent every step's
board at load (thousands of widget models, 9 MB) lost the race in the widget manager (ipywidgets#4026,
docs/development.md "Lesson steps are built when first seen") and showed "model not found" for later steps.
Pages are read quickly (600 px every 60 ms) in the session's server (the repo's voila.json, with its
preheated pool), and slowly (300 px every 400 ms) in a server with the pool off.

The page's requests are watched, not routed: routing every request through Playwright (the ``page``
fixture's ``keep_local``) slows the page down enough to hide the race this test is about.  Chromium's
flags keep it off the network, and the test fails if the page asked for anything outside this machine.
"""

from __future__ import annotations

import pytest
from appdriver import NOTEBOOKS, picture, read_whole_tutorial, start_voila, stop_voila
from conftest import VOILA_ERROR_TEXT

from widgets.lessons import tutorial_for

pytestmark = pytest.mark.browser

TUTORIALS = ("nine_knights", "double_nine", "codinca", "count_of_nine", "code_of_nine")


@pytest.fixture(scope="module")
def voila_pool_off(artifacts_dir):
    """A Voila started as ``make play POOL=0`` starts it (the repo's voila.json, no preheated kernels)."""
    base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / "voila-pool-off.log", extra_args=("--pool_size=0",))
    try:
        yield base_url
    finally:
        stop_voila(proc)


def read_tutorial(page, base_url: str, game: str, **scroll) -> dict:
    page.goto(f"{base_url}/voila/render/tutorials/{game}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector("#loading", state="detached", timeout=180_000)
    assert VOILA_ERROR_TEXT not in page.content(), f"a cell of the {game} tutorial raised"
    return read_whole_tutorial(page, len(tutorial_for(game).steps), **scroll)


@pytest.mark.parametrize("game", TUTORIALS)
def test_every_step_shows_when_read_quickly_on_a_busy_machine(reader, voila_server, busy_machine, game, artifacts_dir):
    """Rule of the tutorials: every lesson step shows its board, with no "Error displaying widget"."""
    page = reader
    counts = read_tutorial(page, voila_server, game)
    picture(page, artifacts_dir / f"tutorial_{game}_end.png")
    assert counts == {"built": counts["expected"], "pending": 0, "errors": 0, "expected": counts["expected"]}
    assert not [e for e in page.ninekit_errors if "model not found" in e], page.ninekit_errors
    progress = page.locator(".ninekit-progress").first.inner_text()
    assert f"0 of {counts['expected']} steps solved" in progress, progress


def test_every_step_shows_when_read_slowly_with_the_pool_off(reader, voila_pool_off, busy_machine):
    """Rule of the tutorials: a tutorial read slowly from a server without a preheated pool (Count of Nine, the
    shortest page: a slow read of the longest would take minutes and find nothing the quick reads miss)."""
    page = reader
    counts = read_tutorial(page, voila_pool_off, "count_of_nine", step_px=300, pause_ms=400)
    assert counts == {"built": counts["expected"], "pending": 0, "errors": 0, "expected": counts["expected"]}
    assert not [e for e in page.ninekit_errors if "model not found" in e], page.ninekit_errors
