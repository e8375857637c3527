"""Every lesson step of every tutorial shows, in Voila as ``make play`` serves it, when a class opens them at once.

A learner opens a tutorial from the gallery and scrolls through it.  Each step must show its board
(``.ninekit-lesson``), as many as the tutorial defines, and nothing may show "Error displaying widget".  It
failed when the machine was busy: a page that sent every step's board at load (thousands of widget models, 9 MB)
lost the race in the widget manager (ipywidgets#4026, docs/development.md "Lesson steps are built when first
seen") and showed "model not found" for later steps.  So the pages are read as a class reads them: six tabs
opened at the same moment on the test machine (two cores, with the other test worker's browsers and kernels
on them too): four tutorials read quickly (600 px every 60 ms) and Nine Knights by a jump to its end (the
steps passed over, never near the screen, must be built too), and Count of Nine once more, read slowly (300 px
every 400 ms), all from the session's server (the repo's voila.json; tutorials are on its preheat denylist, so
every tab starts a kernel of its own, as in a class).  Six kernels run their tutorials and six pages build their
steps at once: the machine
is busy with the very work a class gives it (no spinners besides: the widget manager's race itself, on a page
of 7,000 models with both cores spun, is tests/browser/test_widget_manager_race.py).

Each tab is a fresh context (nothing cached: a class's first visit).  The pages' requests are watched, never
routed through Playwright (which slowed a page enough to hide the race this test is about); Chromium's flags
keep them off the network, and the test fails if a page asked for anything outside this machine.
"""

from __future__ import annotations

import time

import pytest
from appdriver import (
    all_steps_built,
    picture,
    reading_done,
    start_reading,
    step_counts,
    steps_on_page,
)
from conftest import VOILA_ERROR_TEXT, new_reader

from widgets.lessons import tutorial_for

pytestmark = pytest.mark.browser

TUTORIALS = ("nine_knights", "double_nine", "codinca", "count_of_nine", "code_of_nine")
QUICK = {"step_px": 600, "pause_ms": 60}
SLOW = {"step_px": 300, "pause_ms": 400}
JUMP = {"step_px": 1_000_000, "pause_ms": 60}  # to the end at once, as a chapter link or the End key takes a learner
READ_TIMEOUT_S = 360  # six tutorials at once on two busy cores; alone, a quick read takes 10-40 s


def test_every_step_of_every_tutorial_shows_when_a_class_opens_them_at_once(browser, voila_server, artifacts_dir):
    """Rule of the tutorials: every lesson step shows its board, with no "Error displaying widget", in each of the
    five tutorials read quickly and in one of them read slowly, all at once."""
    reads = [(game, JUMP if game == "nine_knights" else QUICK, game) for game in TUTORIALS]
    reads.append(("count_of_nine", SLOW, "count_of_nine_slow"))
    tabs = []
    try:
        for game, scroll, name in reads:  # every tab asks before any is read: a class's rush
            context, page = new_reader(browser)
            tabs.append((game, scroll, name, context, page))
            page.goto(f"{voila_server}/voila/render/tutorials/{game}.ipynb", wait_until="commit")
        for game, scroll, _name, _context, page in tabs:
            page.wait_for_load_state("domcontentloaded", timeout=READ_TIMEOUT_S * 1000)
            page.wait_for_selector("#loading", state="detached", timeout=READ_TIMEOUT_S * 1000)
            assert VOILA_ERROR_TEXT not in page.content(), f"a cell of the {game} tutorial raised"
            steps_on_page(page, len(tutorial_for(game).steps), READ_TIMEOUT_S)
            start_reading(page, timeout_s=READ_TIMEOUT_S, **scroll)
        deadline, counts = time.monotonic() + READ_TIMEOUT_S, {}
        while time.monotonic() < deadline:
            for game, _scroll, name, _context, page in tabs:
                if name not in counts and reading_done(page):
                    now = step_counts(page, len(tutorial_for(game).steps))
                    if all_steps_built(now):
                        counts[name] = now
            if len(counts) == len(tabs):
                break
            time.sleep(0.5)
        for game, _scroll, name, _context, page in tabs:
            picture(page, artifacts_dir / f"tutorial_{name}_end.png")
            final = step_counts(page, len(tutorial_for(game).steps))
            expected = final["expected"]
            assert final == {"built": expected, "pending": 0, "errors": 0, "expected": expected}, (name, final)
            assert not [e for e in page.ninekit_errors if "model not found" in e], (name, page.ninekit_errors)
            progress = page.locator(".ninekit-progress").first.inner_text()
            assert f"0 of {expected} steps solved" in progress, (name, progress)
            assert not page.ninekit_external, f"{name} asked for outside addresses: {page.ninekit_external}"
            text = page.locator("body").inner_text()  # a learner's page: no advice for JupyterLab or maintainers
            assert "Run All Cells" not in text and "For maintainers" not in text, name
    finally:
        for *_rest, context, _page in tabs:
            context.close()
