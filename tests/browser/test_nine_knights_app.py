"""The Nine Knights Voila app, played to the end by clicks in Chromium.

The app notebook (notebooks/apps/nine_knights.ipynb) shows ``GameApp("nine_knights")``: you (South)
against the computer.  To keep the game short the test uses the app's own "New game" form to start a
seeded game with ``quiet_limit`` 6 (a draw after six turns in a row without a fight), then clicks
seeded-random legal choices - a highlighted board square, else a choice button - until the end panel
shows.  Screenshots go to tests/browser/artifacts/.
"""

from __future__ import annotations

import random

import pytest

pytestmark = pytest.mark.browser

APP = "apps/nine_knights.ipynb"
SEED = 9  # the deal
CLICK_SEED = 2026  # which legal choice the test clicks
QUIET_LIMIT = 6
MAX_CLICKS = 1500

LEGAL = ".ninekit-app .ninekit-board [data-id].legal"
CHOICES = ".ninekit-app .ninekit-choices button"
PRIVACY = ".ninekit-app .ninekit-privacy button"
STATUS = ".ninekit-app .ninekit-status"
MESSAGE = ".ninekit-app .ninekit-message"
OUTCOME = ".ninekit-app .ninekit-outcome"

# Everything the app shows that a move changes: its text (status, log, message) and the board picture.
_SIGNATURE_JS = """() => {
  const app = document.querySelector(".ninekit-app");
  if (!app) return "";
  const board = app.querySelector(".ninekit-board");
  return app.innerText + "\\u0000" + (board ? board.innerHTML : "");
}"""

# Resolves once the app has changed from `before` and then stayed the same for `quietMs`
# (ipywidgets applies one Python update as several messages), or after `timeoutMs` with "timeout".
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


def _signature(page) -> str:
    return page.evaluate(_SIGNATURE_JS)


def _settle(page, before: str, quiet_ms: int = 150, timeout_ms: int = 15_000) -> str:
    return page.evaluate(_SETTLE_JS, [before, quiet_ms, timeout_ms])


def _visible(locator) -> list:
    return [item for item in locator.all() if item.is_visible()]


def _status(page) -> str:
    return page.locator(STATUS).inner_text().strip()


def _message(page) -> str:
    return page.locator(MESSAGE).inner_text().strip()


def _shot(page, path) -> None:
    """Screenshot the whole app.  Voila's page scrolls inside a container (full_page=True and element
    screenshots miss what is scrolled away), so scroll to the top and make the viewport as tall as the
    app for the picture."""
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


def _start_quick_game(page) -> None:
    """Open "New game", set quiet limit and seed, press "Start new game"; wait for the new deal."""
    page.locator(".ninekit-app .ninekit-new-game-panel").get_by_text("New game", exact=True).click()
    form = page.locator(".ninekit-app .ninekit-new-game")
    form.wait_for(state="visible")
    quiet = form.get_by_label("quiet limit")
    quiet.fill(str(QUIET_LIMIT))
    quiet.press("Enter")
    seed = form.get_by_label("Seed")
    seed.fill(str(SEED))
    seed.press("Enter")
    before = _signature(page)
    form.locator("button.ninekit-start").click()
    assert _settle(page, before) == "changed", "pressing 'Start new game' changed nothing"
    subtitle = page.locator(".ninekit-app .ninekit-seats").inner_text()
    assert f"seed {SEED}" in subtitle, f"the new game did not start with seed {SEED}: {subtitle!r}"
    assert not _message(page), f"starting the game showed a message: {_message(page)!r}"


def test_play_a_full_game_by_clicks(open_app, artifacts_dir):
    page = _open(open_app)
    _shot(page, artifacts_dir / "nine_knights_start.png")
    _start_quick_game(page)

    rng = random.Random(CLICK_SEED)
    clicks = 0
    statuses: list[str] = []
    shot_mid = False
    while not page.locator(OUTCOME).is_visible():
        status = _status(page)
        assert status, f"the status prompt is empty after {clicks} clicks"
        statuses.append(status)
        assert clicks < MAX_CLICKS, f"no end panel after {clicks} clicks; last status: {status!r}"
        if not shot_mid and "choose a Knight to move" in status:
            _shot(page, artifacts_dir / "nine_knights_mid.png")
            shot_mid = True
        before = _signature(page)
        privacy = _visible(page.locator(PRIVACY))
        legal = page.locator(LEGAL).all()
        choices = _visible(page.locator(CHOICES))
        if privacy:
            target, what = privacy[0], "the hand-over button"
        elif legal:
            target = rng.choice(legal)
            what = f"board square {target.get_attribute('data-id')}"
        elif choices:
            target = rng.choice(choices)
            what = f"button {target.inner_text()!r}"
        else:
            pytest.fail(f"nothing to click and no end panel after {clicks} clicks; status: {status!r}")
        target.click()
        clicks += 1
        outcome = _settle(page, before)
        assert outcome == "changed", f"click {clicks} on {what} changed nothing; status: {status!r}"
        message = _message(page)
        assert not message, f"click {clicks} on {what} (offered as legal) showed a message: {message!r}"

    end_text = page.locator(OUTCOME).inner_text().strip()
    assert "Game over" in end_text, end_text
    assert _status(page).startswith("Game over"), _status(page)
    assert page.locator(LEGAL).count() == 0 and not _visible(page.locator(CHOICES))
    if not shot_mid:
        pytest.fail(f"the game never reached the movement phase; statuses: {statuses}")
    _shot(page, artifacts_dir / "nine_knights_end.png")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)

    # A phone-width screen: the page must not scroll sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    _shot(page, artifacts_dir / "nine_knights_390px.png")
    overflow = page.evaluate(
        """() => {
          const board = document.querySelector(".ninekit-app .ninekit-board svg").getBoundingClientRect();
          return {boardRight: board.right, width: document.documentElement.clientWidth};
        }"""
    )
    assert overflow["boardRight"] <= overflow["width"] + 1, f"board wider than a 390 px screen: {overflow}"
    print(f"played {clicks} clicks to the end: {end_text.splitlines()[:3]}")


def test_dark_theme_renders(open_app, artifacts_dir):
    page = _open(open_app, "theme=dark")
    _shot(page, artifacts_dir / "nine_knights_dark.png")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    status = page.locator(STATUS)
    assert status.inner_text().strip()
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    # The dark theme is in force: a dark page background.
    rgb = [int(x) for x in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert sum(rgb) < 3 * 128, f"?theme=dark gave a light page background {background}"


def test_illegal_click_shows_why_and_changes_nothing(open_app, artifacts_dir):
    page = _open(open_app)
    rng = random.Random(CLICK_SEED)
    # Answer the set-up questions (buttons) until the board offers squares (placing Knights).
    for _ in range(20):
        if page.locator(LEGAL).count():
            break
        before = _signature(page)
        rng.choice(_visible(page.locator(CHOICES))).click()
        assert _settle(page, before) == "changed"
    else:
        pytest.fail(f"the board never offered a square; status: {_status(page)!r}")

    status = _status(page)
    legal_ids = [el.get_attribute("data-id") for el in page.locator(LEGAL).all()]
    log = page.locator(".ninekit-app .ninekit-log").inner_text()
    illegal = page.locator(".ninekit-app .ninekit-board [data-id]:not(.legal)")
    assert illegal.count() > 0, "the board has no non-legal squares to click"
    square = next(el for el in illegal.all() if el.get_attribute("data-id") in {"e5", "e6", "d5"})
    before = _signature(page)
    square.click()
    assert _settle(page, before) == "changed", "an illegal click showed nothing"
    message = page.locator(MESSAGE)
    assert message.is_visible() and _message(page), "no message after an illegal click"
    assert message.locator(".nk-error").count() == 1
    _shot(page, artifacts_dir / "nine_knights_illegal.png")
    assert _status(page) == status, "an illegal click changed the prompt"
    assert [el.get_attribute("data-id") for el in page.locator(LEGAL).all()] == legal_ids
    assert page.locator(".ninekit-app .ninekit-log").inner_text() == log, "an illegal click changed the log"
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"illegal click on {square.get_attribute('data-id')}: {_message(page)!r}")
