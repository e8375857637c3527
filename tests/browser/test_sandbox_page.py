"""The sandbox in Voila, as a learner uses it (issue 27, items 1 and 3): opened from the gallery's link, a move
played by a click on the board, back, another move, both lines in the tree; a click on a row and the arrow keys
in the tree move about it, a link opens a position (also one handed over, as from JupyterLab), the position is
edited by clicking (item 2), and the page shows no widget error.
"""

from __future__ import annotations

import pytest
from appdriver import STATUS, shot

import ninekit

pytestmark = pytest.mark.browser

ROWS = ".ninekit-sandbox .nk-tree-row"


def test_a_variation_is_played_clicked_and_walked_with_the_keys(page, open_app, voila_server, artifacts_dir):
    """Issue 27 item 3: a move after going back makes a variation and every branch stays; a click on a move goes
    there; ← and → in the tree go back and forward (item 1: linked from the gallery, it renders in Voila)."""
    open_app("index.ipynb")
    href = page.locator("a.nk-card-sandbox").first.get_attribute("href")
    assert href == "sandboxes/nine_knights.ipynb", href
    # A link clicked in JupyterLab, which opens a notebook's address without its "#": the position is handed over
    # in the browser's storage, and the sandbox, opened with no position in its address, takes it (once).
    handed = ninekit.position_text(ninekit.make("nine_knights").new(seed=7))
    page.evaluate("(text) => localStorage.setItem('ninekit-position-handover', "
                  "JSON.stringify({text, guessed: false, at: Date.now()}))", handed)
    open_app(href)
    page.wait_for_selector(".ninekit-message:has-text('Opened a position of Nine Knights')")
    assert page.evaluate("localStorage.getItem('ninekit-position-handover')") is None
    page.wait_for_selector(f"{ROWS}.nk-current", state="visible")
    assert "every hidden card" in page.locator(".ninekit-sandbox").inner_text()
    page.locator(".ninekit-sandbox .ninekit-choices button").first.click()  # South's first set-up decision
    page.wait_for_selector(f"{ROWS}:nth-child(2).nk-current")
    page.get_by_role("button", name="←", exact=True).click()
    page.wait_for_selector(f"{ROWS}:nth-child(1).nk-current")
    page.locator(".ninekit-sandbox .ninekit-choices button").nth(1).click()  # another decision: a variation
    page.wait_for_selector(f"{ROWS}.nk-variation.nk-current")
    assert page.locator(ROWS).count() == 3
    first_line = page.locator(ROWS).nth(1)
    first_line.click()
    page.wait_for_selector(f"{ROWS}:nth-child(2).nk-current")
    prompt = page.locator(STATUS).inner_text()
    page.locator(".ninekit-movetree").focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"{ROWS}:nth-child(1).nk-current")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"{ROWS}:nth-child(2).nk-current")
    assert page.locator(STATUS).inner_text() == prompt
    shot(page, artifacts_dir / "sandbox_nine_knights.png", element=".ninekit-sandbox")
    # Issue 27 item 7: a link opens the sandbox at a position (here the page's own address gets one).
    text = ninekit.position_text(ninekit.make("double_nine", 3).new(seed=4))
    link = page.locator(".ninekit-position-link a").get_attribute("href")
    assert "#position=ninekit%3Anine_knights%3A2%3A" in link, link
    page.evaluate("(text) => { location.hash = 'position=' + encodeURIComponent(text); }", text)
    page.wait_for_selector(".ninekit-sandbox-title:has-text('Double Nine')")
    assert page.locator(f"{ROWS}").count() == 1
    # Issue 27 item 2: set the position up by clicking: a card of a hand on the board, then the card to put there.
    page.get_by_role("button", name="Edit position").click()
    page.wait_for_selector(".ninekit-edit-panel", state="visible")
    page.locator('.ninekit-board-widget [data-id="hand:1:0"]').first.click()
    page.wait_for_selector(".ninekit-edit-heading:has-text('Player 2')")
    page.locator(".ninekit-edit-values button", has_text="Medusa").first.click()
    page.wait_for_selector(".ninekit-edit-heading:has-text('is Medusa')")
    page.get_by_role("button", name="Play from here").click()
    page.wait_for_selector(".ninekit-edit-panel", state="hidden")
    page.locator(".ninekit-sandbox select").first.select_option(label="Player 2's view")
    page.wait_for_selector(".ninekit-board-widget:has-text('Medusa')")
    assert page.locator(f"{ROWS}").count() == 1
    assert page.get_by_text("Error displaying widget").count() == 0
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
