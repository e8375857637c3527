"""The Double Nine Voila app, played to the end by clicks in Chromium.

The app notebook (notebooks/apps/double_nine.ipynb) shows ``GameApp("double_nine")``: you (Player 1)
against the computer.  The test clicks seeded-random legal choices - the hand-over button if shown, else a
highlighted card/site/board on the table, else a choice button - until the end panel shows, and takes
screenshots (light, mid-game, end, 390 px wide, dark) into tests/browser/artifacts/.
"""

from __future__ import annotations

import random

import pytest

pytestmark = pytest.mark.browser

APP = "apps/double_nine.ipynb"
CLICK_SEED = 99
MAX_CLICKS = 400

LEGAL = ".ninekit-app .ninekit-board [data-id].legal"
CHOICES = ".ninekit-app .ninekit-choices button"
PRIVACY = ".ninekit-app .ninekit-privacy button"
STATUS = ".ninekit-app .ninekit-status"
MESSAGE = ".ninekit-app .ninekit-message"
OUTCOME = ".ninekit-app .ninekit-outcome"

_SIGNATURE_JS = """() => {
  const app = document.querySelector(".ninekit-app");
  if (!app) return "";
  const board = app.querySelector(".ninekit-board");
  return app.innerText + "\\u0000" + (board ? board.innerHTML : "");
}"""
_SETTLE_JS = (
    """async ([before, quietMs, timeoutMs]) => {
  const signature = """
    + _SIGNATURE_JS
    + """;
  const start = performance.now();
  let last = signature(), since = start, changed = last !== before;
  while (performance.now() - start < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const now = signature();
    if (now !== last) { last = now; since = performance.now(); changed = changed || now !== before; }
    else if (changed && performance.now() - since >= quietMs) return "changed";
  }
  return changed ? "changed" : "timeout";
}"""
)


def _visible(locator) -> list:
    return [item for item in locator.all() if item.is_visible()]


def _shot(page, path) -> None:
    """Screenshot the whole app (Voila scrolls inside a container: make the viewport as tall as the app)."""
    size = page.viewport_size
    height = page.evaluate(
        """() => {
          const app = document.querySelector(".ninekit-app");
          for (let el = app; el; el = el.parentElement) el.scrollTop = 0;
          window.scrollTo(0, 0);
          return Math.ceil(app.getBoundingClientRect().top + app.scrollHeight + 24);
        }"""
    )
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(height, 6000))})
    try:
        page.wait_for_timeout(200)
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)


def _open(open_app, query: str = ""):
    page = open_app(APP, query)
    page.wait_for_selector(".ninekit-app", state="visible")
    page.wait_for_selector(f"{LEGAL}, {CHOICES}", state="visible")
    return page


def test_play_a_match_by_clicks(open_app, artifacts_dir):
    """Requirement: a whole match (two victory tokens) is played in the browser by clicking a hand card, then
    a highlighted site, and the highlighted targets or buttons of each effect; no click offered as legal is
    refused, and the page has no errors."""
    page = _open(open_app)
    page.set_viewport_size({"width": 900, "height": 1000})
    _shot(page, artifacts_dir / "double_nine_start.png")
    rng = random.Random(CLICK_SEED)
    clicks = 0
    while not page.locator(OUTCOME).is_visible():
        assert clicks < MAX_CLICKS, f"no end panel after {clicks} clicks"
        status = page.locator(STATUS).inner_text().strip()
        before = page.evaluate(_SIGNATURE_JS)
        privacy = _visible(page.locator(PRIVACY))
        legal = page.locator(LEGAL).all()
        choices = _visible(page.locator(CHOICES))
        if privacy:
            target = privacy[0]
        elif legal:
            target = rng.choice(legal)
        elif choices:
            target = rng.choice(choices)
        else:
            pytest.fail(f"nothing to click and no end panel after {clicks} clicks; status: {status!r}")
        what = target.get_attribute("data-id") or target.inner_text()
        target.click()
        clicks += 1
        assert page.evaluate(_SETTLE_JS, [before, 150, 15_000]) == "changed", f"click on {what} changed nothing"
        message = page.locator(MESSAGE).inner_text().strip()
        assert not message, f"click {clicks} on {what} (offered as legal) showed a message: {message!r}"
        if clicks == 7:
            _shot(page, artifacts_dir / "double_nine_mid.png")
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text and "two victory tokens" in end_text, end_text
    _shot(page, artifacts_dir / "double_nine_end.png")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    _shot(page, artifacts_dir / "double_nine_390px.png")
    box = page.evaluate("""() => ({right: document.querySelector('.ninekit-app .ninekit-board svg')
                                   .getBoundingClientRect().right,
                                   width: document.documentElement.clientWidth})""")
    assert box["right"] <= box["width"] + 1, f"table wider than a 390 px screen: {box}"


def test_dark_theme_renders(open_app, artifacts_dir):
    """Requirement: the table is readable in the dark theme (theme colours, no errors)."""
    page = _open(open_app, "theme=dark")
    _shot(page, artifacts_dir / "double_nine_dark.png")
    assert page.locator(STATUS).inner_text().strip()
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
