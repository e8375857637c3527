"""A lesson step (widgets.lesson) in Chromium: solved by clicking, a wrong click refused with its rule,
progress kept across a reload.  A one-step tutorial notebook is rendered by a Voila of its own (the repo's
voila.json) from a temp dir.
"""

from __future__ import annotations

import pytest
from appdriver import shot
from conftest import serve_probe

pytestmark = pytest.mark.browser

NOTEBOOK = "lesson_probe.ipynb"
SOURCE = """\
from ninekit.nine_knights import position
from widgets.teach import Tutorial

tutorial = Tutorial("browser-probe")
tutorial.step(
    "archer", position({"c3": "S4", "g8": "N6"}),
    goal="Bring your Archer from c3 to c4.",
    check=lambda state: any(k["square"] == "c4" and k["owner"] == 0 for k in state.view(0)["knights"]),
    solution=["c3", "c4"], hint="Click the Knight, then the field in front of it.",
    opponent=["g8", "g7"], success="An Archer moves one field forward.")
display(tutorial.progress)
tutorial.steps["archer"]
"""
LEGAL = ".ninekit-lesson .ninekit-board [data-id].legal:visible"  # the picture shown at this width


@pytest.fixture(scope="module")
def lesson_url(tmp_path_factory, artifacts_dir):
    """URL of the probe notebook, rendered by a Voila of its own on a temp dir."""
    root = tmp_path_factory.mktemp("lesson_notebooks")
    with serve_probe(root, NOTEBOOK, SOURCE, artifacts_dir / "voila-lesson.log") as url:
        yield url


def test_a_step_is_solved_by_clicking_and_progress_survives_a_reload(page, lesson_url, artifacts_dir):
    """The learner clicks on the real board; a wrong click names the rule; the solved step is kept on reload."""
    from playwright.sync_api import expect

    page.goto(lesson_url, wait_until="domcontentloaded")
    progress = page.locator(".ninekit-progress")
    expect(progress).to_contain_text("0 of 1 step solved", timeout=60_000)
    page.locator(f'{LEGAL}[data-id="c3"]').click()
    expect(page.locator(f'{LEGAL}[data-id="c4"]')).to_be_visible()
    page.locator('.ninekit-lesson .ninekit-board [data-id="c6"]:visible').click()  # an Archer moves one field
    expect(page.locator(".ninekit-lesson .ninekit-message")).to_contain_text("one field")
    page.locator(f'{LEGAL}[data-id="c4"]').click()
    expect(page.locator(".ninekit-lesson .nk-feedback")).to_contain_text("Solved! An Archer moves one field forward.")
    expect(progress).to_contain_text("1 of 1 step solved")
    expect(page.locator(".ninekit-lesson .nk-step-badge")).to_have_text("✓ solved")
    shot(page, artifacts_dir / "lesson_solved.png")

    page.reload(wait_until="domcontentloaded")  # a new kernel: only the browser remembers
    expect(page.locator(".ninekit-progress")).to_contain_text("1 of 1 step solved", timeout=60_000)
    expect(page.locator(".ninekit-lesson .nk-step-badge")).to_have_text("✓ solved")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".ninekit-lesson .nk-feedback")).to_contain_text("Hint: Click the Knight")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)


def test_without_storage_the_step_still_works(browser, lesson_url):
    """Where the browser refuses storage, nothing breaks: the step is played and solved, progress is not kept."""
    from playwright.sync_api import expect

    context = browser.new_context()
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new Error('denied'); }});")
    page = context.new_page()
    try:
        page.goto(lesson_url, wait_until="domcontentloaded")
        expect(page.locator(".ninekit-progress")).to_contain_text("0 of 1 step solved", timeout=60_000)
        page.locator(f'{LEGAL}[data-id="c3"]').click()
        page.locator(f'{LEGAL}[data-id="c4"]').click()
        expect(page.locator(".ninekit-progress")).to_contain_text("1 of 1 step solved")
    finally:
        context.close()
