"""The static site (``make site``: Voici + Pyodide, docs/static_site.md) in Chromium, fully offline.

The site built in ``site/`` is served on loopback by a plain static file server (``serve_static``, as ``make
serve-site`` does); every request to anything but this machine fails (``CHROMIUM_ARGS``, as for every page of
the browser tests), and a test fails on any such request, any answer of 400 or more, and any page error.  The
gallery is plain HTML (no kernel starts); each of the five apps becomes interactive with Python running in the
page, and answers clicks; a Nine Knights game is played to the end by clicks; hot-seat play hands over in the
browser; a lesson step of a tutorial is solved by a click.

All tests share one browser profile, so after the first page the browser cache holds Pyodide, the wheels and
the compiled page scripts (a visitor's second page).  ``make test`` builds the site in the background
while it installs and tests (the Makefile's ``site-in-background``); these tests wait for that build to end.
Without a built site they skip, unless ``NINEKIT_SITE_REQUIRED`` is set (``.ci/run`` sets it), when they fail.
"""

from __future__ import annotations

import os
import random
import re
import time

import pytest
from appdriver import (
    CHOICES,
    INTERACTIVE,
    LEGAL,
    OUTCOME,
    PRIVACY,
    REPO,
    click_like_a_person,
    is_local,
    keep_local,
    phone_screen,
    picture,
    play_to_end,
    read_whole_tutorial,
    serve_static,
    set_seats,
    settle,
    shot,
    signature,
    start_quick_nine_knights,
    status,
    visible,
    wait_for_a_choice,
    watch_errors,
)
from conftest import new_profile

pytestmark = pytest.mark.browser

SITE = REPO / "site"
SITE_BUILD = REPO / "build" / "site-build"  # where make test's build of the site in the background reports (Makefile)
SITE_BUILD_TIMEOUT_S = 600  # the build takes 20-40 s; on a busy machine, beside the tests, longer
APPS = ("nine_knights", "double_nine", "count_of_nine", "codinca", "code_of_nine")
TUTORIALS = APPS
# Each page load starts Python in the page (10-20 s): a test that opens a page checks all that page has to show.
# Nine Knights' and Codinca's apps are opened by the game to the end and the hand-over below, which check what
# the "each app" test checks.  Three tutorials are read whole here: Nine Knights' and Code of Nine's by the two
# tutorial tests below, and Count of Nine's, whose steps ask the analyst (a worker process on a server, in the
# page here: no processes in Pyodide).  Every step of all five tutorials is read in Voila
# (tests/browser/test_tutorial_pages.py); Double Nine's and Codinca's steps run no code that differs in Pyodide
# (their games' code runs in the page in their apps above), so their pages are not read here too.
APPS_OPENED_ONLY = ("double_nine", "count_of_nine", "code_of_nine")
TUTORIALS_READ_ONLY = ("count_of_nine",)
FIRST_LOAD_TIMEOUT_MS = 180_000  # Pyodide's first start on a busy 2-core machine; a visitor's is 10-20 s
IN_BROWSER_TEXT = "the whole game runs in your own browser"


@pytest.fixture(scope="module")
def site_dir():
    """site/, once ``make test``'s build of it in the background has ended; or skip (fail when
    NINEKIT_SITE_REQUIRED is set) if it is not built."""
    outcome = wait_for_site_build()
    index = SITE / "index.html"
    status = SITE_BUILD / "status"
    if index.is_file() and (outcome in (None, "built")
                            or (status.is_file() and index.stat().st_mtime > status.stat().st_mtime)):
        return SITE  # built by this make test, or by a make site since
    message = "site/ is not built (make site; it needs npm and PyPI)"
    if outcome is not None:
        log = (SITE_BUILD / "log").read_text(errors="replace") if (SITE_BUILD / "log").is_file() else ""
        message = f"make test's build of the static site: {outcome}; its output ends:\n{log[-3000:]}"
    if os.environ.get("NINEKIT_SITE_REQUIRED"):
        pytest.fail(message + "\nNINEKIT_SITE_REQUIRED is set", pytrace=False)
    pytest.skip(message)


def wait_for_site_build() -> str | None:
    """If ``make test`` started a build of the site in the background (the Makefile's ``site-in-background``), wait
    for it to end; return its outcome ("built", "failed", "skipped"), or None if no build was started."""
    pid_file, status = SITE_BUILD / "pid", SITE_BUILD / "status"
    if not pid_file.is_file():
        return None
    pid = int(pid_file.read_text().split()[0])
    deadline = time.monotonic() + SITE_BUILD_TIMEOUT_S
    while not status.is_file():
        try:
            os.kill(pid, 0)
        except ProcessLookupError:  # gone without writing its outcome (stopped), unless it wrote it just now
            return status.read_text().strip() if status.is_file() else "stopped before it ended"
        if time.monotonic() > deadline:
            pytest.fail(f"make test's build of the static site did not end within {SITE_BUILD_TIMEOUT_S} s",
                        pytrace=False)
        time.sleep(0.5)
    return status.read_text().strip()


@pytest.fixture(scope="module")
def site_url(site_dir):
    """Base URL of site/ served on loopback, as ``make serve-site`` serves it."""
    with serve_static(site_dir) as url:
        yield url


class SitePage:
    """One tab on the static site, with what went wrong: ``blocked`` (requests to other hosts, kept from leaving
    the machine; shared by the tabs of ``site_context``), ``failed`` (answers of 400 or more, and local requests that
    failed) and ``errors`` (page errors and console errors, as ``watch_errors`` collects them)."""

    def __init__(self, page, blocked: list[str]):
        self.page, self.blocked, self.failed, self.errors = page, blocked, [], watch_errors(page)
        page.on("response", lambda r: r.status >= 400 and self.failed.append(f"{r.status} {r.url}"))
        page.on("requestfailed", lambda r: is_local(r.url) and self.failed.append(f"failed {r.url}"))
        page.set_default_timeout(60_000)

    def check_clean(self) -> None:
        assert not self.blocked, "requests that left this machine:\n" + "\n".join(self.blocked)
        assert not self.failed, "requests that failed:\n" + "\n".join(self.failed)
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


@pytest.fixture(scope="module")
def site_context(playwright_driver, chromium_path, tmp_path_factory):
    """One browser profile for the module (a visitor's browser, its cache kept between pages: Pyodide, the wheels
    and the page scripts come from it after the first page, compiled), kept off the network."""
    context = new_profile(playwright_driver, chromium_path, tmp_path_factory.mktemp("site-profile"),
                          {"width": 1280, "height": 800})
    context.ninekit_blocked = keep_local(context)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def site_page(site_context):
    site_context.ninekit_blocked.clear()
    tab = SitePage(site_context.new_page(), site_context.ninekit_blocked)
    try:
        yield tab
    finally:
        tab.page.close()


def open_site_app(tab: SitePage, url: str):
    """Open a Voici app page and wait until Python in the page has drawn the game and offers a choice; the app
    says it runs in the visitor's own browser."""
    page = tab.page
    response = page.goto(url, wait_until="domcontentloaded")
    assert response is not None and response.ok, f"GET {url} -> {response and response.status}"
    page.wait_for_selector(INTERACTIVE, state="visible", timeout=FIRST_LOAD_TIMEOUT_MS)
    assert IN_BROWSER_TEXT in page.locator(".ninekit-app .ninekit-in-browser").inner_text()
    return page


def test_gallery_is_a_plain_page_linking_every_app_and_tutorial(site_page, site_url, artifacts_dir):
    """The gallery needs no kernel: no Pyodide, no wheel is requested; its cards link pages that exist (each
    game's app, tutorial and sandbox)."""
    page = site_page.page
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(f"{site_url}/", wait_until="load")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(artifacts_dir / "site_gallery.png"), full_page=True)
    assert "Nine Knights" in page.inner_text("body") and IN_BROWSER_TEXT in page.inner_text("body")
    assert [u for u in requested if re.search(r"pyodide|\.whl|\.wasm|voici", u)] == []
    links = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    for kind, names in (("apps", APPS), ("tutorials", TUTORIALS), ("sandboxes", APPS)):
        for name in names:
            href = f"voici/render/{kind}/{name}.html"
            assert href in links, f"the gallery does not link {href}"
            assert (SITE / href).is_file(), f"the gallery links {href}, which the site does not have"
    site_page.check_clean()


@pytest.mark.parametrize("game", APPS_OPENED_ONLY)
def test_each_app_runs_in_the_browser_and_answers_clicks(site_page, site_url, game, artifacts_dir):
    """Each app's page starts Python in the browser, draws the game, says it runs in the browser, and answers
    a few clicks a player could make (a click offered as legal moves the game on)."""
    page = open_site_app(site_page, f"{site_url}/voici/render/apps/{game}.html")
    rng = random.Random(9)
    for _ in range(4):
        if page.locator(OUTCOME).is_visible():
            break
        clicked = click_like_a_person(page, rng)
        if clicked is None and wait_for_a_choice(page):  # the choices came in an update of their own
            clicked = click_like_a_person(page, rng)
        assert clicked is not None, f"nothing to click; status {status(page)!r}"
        assert clicked[1] == "changed", f"clicking {clicked[0]} changed nothing; status {status(page)!r}"
    shot(page, artifacts_dir / f"site_{game}.png")
    site_page.check_clean()


def test_nine_knights_played_to_the_end_by_clicks(site_page, site_url, artifacts_dir):
    """A whole game against the computer (its bot runs in the page too), to the end panel, by clicks."""
    page = open_site_app(site_page, f"{site_url}/voici/render/apps/nine_knights.html")
    start_quick_nine_knights(page, seed=9, quiet_limit=6)
    clicks = play_to_end(page, random.Random(2026), max_clicks=1500)
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text and clicks > 10, end_text
    assert page.locator(LEGAL).count() == 0 and not visible(page.locator(CHOICES))
    shot(page, artifacts_dir / "site_nine_knights_end.png")
    box = phone_screen(page, artifacts_dir / "site_nine_knights_390px.png")
    assert box["right"] <= box["width"] + 1, f"board wider than a 390 px screen: {box}"
    site_page.check_clean()


def test_hot_seat_hands_over_in_the_browser(site_page, site_url, artifacts_dir):
    """Two people at one screen (Codinca, whose hands are secret), in the dark theme: after a player's turn the
    board shows no choice until the next player takes over, as on the Voila app."""
    page = open_site_app(site_page, f"{site_url}/voici/render/apps/codinca.html?theme=dark")
    set_seats(page, {"Fire": "human", "Earth": "human"})
    rng = random.Random(3)
    for _ in range(40):
        wait_for_a_choice(page)
        if visible(page.locator(PRIVACY)):
            break
        clicked = click_like_a_person(page, rng)
        assert clicked is not None and clicked[1] == "changed", f"stuck; status {status(page)!r}"
    else:
        pytest.fail(f"no hand-over after 40 clicks; status {status(page)!r}")
    assert page.locator(LEGAL).count() == 0 and not visible(page.locator(CHOICES))  # nothing of a hand shown
    shot(page, artifacts_dir / "site_codinca_handover_dark.png")
    before = signature(page)
    visible(page.locator(PRIVACY))[0].click()
    assert settle(page, before) == "changed"
    assert wait_for_a_choice(page) and not visible(page.locator(PRIVACY))
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    rgb = [int(x) for x in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert sum(rgb) < 3 * 128, f"?theme=dark gave a light page background {background}"
    site_page.check_clean()


def test_a_tutorial_step_is_solved_by_a_click(site_page, site_url, artifacts_dir):
    """Nine Knights tutorial, step "Placing: your two rows": clicking e3 (row 3, the front placing row) solves it;
    then the page is read to its end, as the tutorials below."""
    from playwright.sync_api import expect

    page = site_page.page
    page.goto(f"{site_url}/voici/render/tutorials/nine_knights.html", wait_until="domcontentloaded")
    # The step builds its board when scrolled near: bring its placeholder into view first.
    waiting = page.locator(".ninekit-step-placeholder").filter(has_text="Placing: your two rows")
    step = page.locator(".ninekit-lesson").filter(has_text="Placing: your two rows")
    waiting.or_(step).first.wait_for(timeout=FIRST_LOAD_TIMEOUT_MS)
    waiting.or_(step).first.scroll_into_view_if_needed()
    expect(step).to_be_visible(timeout=60_000)
    step.scroll_into_view_if_needed()
    step.locator('.ninekit-board [data-id="e3"].legal:visible').click()
    expect(step.locator(".nk-feedback")).to_contain_text("Solved!")
    expect(page.locator(".ninekit-progress").first).to_contain_text("1 of")
    step.screenshot(path=str(artifacts_dir / "site_tutorial_step.png"))
    check_every_step_shows(site_page, "nine_knights", artifacts_dir)


_MOVED = """() => !document.getElementById("rendered_cells").parentElement.classList.contains("jp-Notebook")"""
_MARK_READING = """() => {
  const cell = Array.from(document.querySelectorAll("#rendered_cells .jp-Cell"))
    .find((c) => c.getBoundingClientRect().bottom > 0);
  cell.dataset.nkReading = "1";
  return Math.round(cell.getBoundingClientRect().top);
}"""
_READING_TOP = """() => Math.round(document.querySelector("[data-nk-reading]").getBoundingClientRect().top)"""
_READING = """() => {
  const cells = document.getElementById("rendered_cells");
  return {moved: (MOVED)(), shown: cells.style.display !== "none"};
}""".replace("MOVED", _MOVED)


def test_a_tutorial_shows_its_first_step_before_its_last_cell_has_run_and_keeps_the_readers_place(
        site_page, site_url, artifacts_dir):
    """Voici shows a page's cells only once every cell has run; the site's tutorial pages show them as soon as the
    first step's board is drawn (serving/static_site/build.py, SHOW_EARLY), and when Voici then moves the cells
    into its own scrolling panel, the learner who has scrolled meanwhile stays where they were (it jumped to the
    top); then the page is read to its end, as the tutorials below."""
    page = site_page.page
    page.goto(f"{site_url}/voici/render/tutorials/code_of_nine.html", wait_until="domcontentloaded")
    page.locator(".ninekit-lesson .ninekit-board svg").first.wait_for(state="visible", timeout=FIRST_LOAD_TIMEOUT_MS)
    early = page.evaluate(_READING)
    assert early["shown"] and not early["moved"], "the first step shows while later cells still run"
    page.mouse.move(640, 400)
    page.mouse.wheel(0, 2400)
    page.wait_for_function("() => window.scrollY > 1000")
    before = page.evaluate(_MARK_READING)  # the cell the learner reads: the first one not above the screen
    page.wait_for_function(_MOVED, timeout=120_000)  # every cell has run: Voici moves them into its panel
    page.wait_for_timeout(500)  # the place is restored on the next frame
    after = page.evaluate(_READING_TOP)  # (steps above it may have been built meanwhile: it must not move)
    assert abs(after - before) < 40, f"the page jumped when Voici moved the cells: {before} -> {after}"
    check_every_step_shows(site_page, "code_of_nine", artifacts_dir)


@pytest.mark.parametrize("game", TUTORIALS_READ_ONLY)
def test_every_step_of_a_tutorial_shows_in_the_static_site(site_page, site_url, game, artifacts_dir):
    """Rule of the tutorials: read to its end, a tutorial page of the site shows every step the tutorial defines,
    each building its board as it is scrolled near, and no "Error displaying widget"; no maintainers' text."""
    page = site_page.page
    page.goto(f"{site_url}/voici/render/tutorials/{game}.html", wait_until="domcontentloaded")
    page.locator(".ninekit-lesson").first.wait_for(timeout=FIRST_LOAD_TIMEOUT_MS)  # the first step, built at once
    check_every_step_shows(site_page, game, artifacts_dir)


def check_every_step_shows(site_page, game: str, artifacts_dir) -> None:
    """Read the open tutorial page of ``game`` to its end: every step the tutorial defines shows its board, none
    shows "Error displaying widget", no maintainers' text, nothing went wrong in the page."""
    from widgets.lessons import tutorial_for

    page = site_page.page
    counts = read_whole_tutorial(page, len(tutorial_for(game).steps))
    assert counts == {"built": counts["expected"], "pending": 0, "errors": 0, "expected": counts["expected"]}
    assert "For maintainers" not in page.inner_text("body")
    site_page.check_clean()
    picture(page, artifacts_dir / f"site_tutorial_{game}_end.png")


def test_the_site_ships_no_notebook_no_lab_app_no_service_worker(site_dir):
    """Only what a page requests is shipped: no notebook sources, no JupyterLab app, no service worker."""
    shipped = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    assert not [p for p in shipped if p.endswith(".ipynb")], "notebooks shipped"
    assert "service-worker.js" not in shipped
    lab_app = [p for p in shipped if p.startswith("build/") and not p.startswith("build/themes/")]
    assert lab_app == ["build/third-party-licenses.json"], lab_app  # only the themes and the licences
    assert not [p for p in shipped if "jsdelivr" in p], "a public CDN copy shipped"


def test_anywidget_models_wait_a_minute_for_their_module(site_dir):
    """A widget's model is not given up after anywidget's own 2 s (on a busy machine the page error "[anywidget]
    Failed to initialize model." came, and the widget then ignored every update): the site's copy waits a minute."""
    from notebook_text import static_site_build

    build = static_site_build()
    bundles = [p for p in (site_dir / "extensions" / "anywidget").rglob("*.js")
               if "Failed to initialize model." in p.read_text()]
    assert bundles, "the site has no anywidget extension"
    for bundle in bundles:
        text = bundle.read_text()
        assert build.ANYWIDGET_START_CUT not in text, f"{bundle.name} still gives a model 2 s"
        assert f"AbortSignal.timeout({build.ANYWIDGET_START_MS})" in text, bundle.name
