"""Driving ninekit's Voila apps in Chromium: shared by the browser tests and ``benchmarks/run.py``.

A plain module (no pytest in it), so the benchmark can use it too:

- starting and stopping a Voila server on notebooks/ the way ``make play`` does (``free_port``, ``voila_env``,
  ``start_voila``, ``stop_voila``) and looking at its kernels (``kernel_pids``, ``rss_mb``,
  ``wait_for_kernels``, ``kernel_id_of``, ``kernel_alive``, ``wait_until``);
- serving a built static site (``serve_static``: the site ``make site`` builds, see docs/static_site.md);
- launching Chromium (``CHROMIUM_ARGS``, ``chromium_executable``), keeping pages local (``is_local``,
  ``keep_local``) and collecting their errors (``watch_errors``);
- reading and playing a ``GameApp`` page (``visible``, ``shot``, ``signature``, ``settle``, ``status``,
  ``message``, ``open_game``, ``set_seats``, ``start_quick_nine_knights``, ``click_like_a_person``,
  ``play_to_end``, ``phone_screen``).

The browser tests import it as ``appdriver`` (pytest puts tests/browser on ``sys.path``: there is no
``__init__.py`` there); the benchmark puts tests/browser on ``sys.path`` itself.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
# What serving the apps needs (docs/deploying.md): voila.json, the kernel manager package ninekit_serving,
# and the Jupyter data directory holding the repo's Voila template.
SERVING = REPO / "serving"
# Where the repo's Voila template ("ninekit": the lab template without CDN links, plus the busy page) lives;
# it goes first on JUPYTER_PATH, as in `make play`.  (Under nbconvert/, not voila/: Voila takes the first
# existing <JUPYTER_PATH entry>/voila as its data directory, and that one must stay the installed one.)
SERVING_JUPYTER = SERVING / "jupyter"
VOILA_START_TIMEOUT = 60.0  # seconds
DEFAULT_CHROMIUM = "/usr/bin/chromium"  # the browser a person uses: the benchmarks and a look at the apps drive it
# What the test suite drives when it is installed: Debian's chromium-headless-shell, the same Chromium build without
# the browser's window layer.  A page costs about a quarter less CPU in it (3.1 CPU-seconds against 4.1 for the
# Nine Knights app) and the suite is CPU-bound on two cores; .ci/run installs it.  Without it, the suite drives
# DEFAULT_CHROMIUM.
TEST_CHROMIUM = "/usr/bin/chromium-headless-shell"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Off the network: every host name but this machine's fails to resolve (``keep_local`` lists what a page asked
    # of other hosts).  Chromium itself keeps pages local, not Playwright's request interception, which turns the
    # browser cache off: a page's second visit (a reload, another test's page in a shared profile) comes from it.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]

# What a GameApp page shows, as CSS selectors.
# Playwright's :visible: a board may hold two pictures (wide and phone), one of them hidden at any width.
LEGAL = ".ninekit-app .ninekit-board [data-id].legal:visible"
CHOICES = ".ninekit-app .ninekit-choices button"
PRIVACY = ".ninekit-app .ninekit-privacy button"
NEXT = ".ninekit-app .ninekit-interlude button"  # "Next game" in the pause between the games of a match
STATUS = ".ninekit-app .ninekit-status"
MESSAGE = ".ninekit-app .ninekit-message"
LOADED = "Loaded a saved game"  # how the message line begins after Load
OUTCOME = ".ninekit-app .ninekit-outcome"
INTERACTIVE = f"{LEGAL}, {CHOICES}:visible"  # the app offers a first choice
RESUME = ".ninekit-app .ninekit-resume-offer"  # "Resume your game?" after a reload
BUSY = "#ninekit-busy"  # the template's 503.html: the server cannot start a kernel for this visitor now

# Everything the app shows that a move changes: its text (status, log, message) and the board picture.
SIGNATURE_JS = """() => {
  const app = document.querySelector(".ninekit-app");
  if (!app) return "";
  const board = app.querySelector(".ninekit-board");
  return app.innerText + "\\u0000" + (board ? board.innerHTML : "");
}"""

# Resolves once the app has changed from `before` and then stayed the same for `quietMs`
# (ipywidgets applies one Python update as several messages), or after `timeoutMs`:
# {result: "changed" | "timeout", lastChange: performance.now() of the last change seen, or null}.
SETTLE_JS = (
    """async ([before, quietMs, timeoutMs]) => {
  const signature = """
    + SIGNATURE_JS
    + """;
  const start = performance.now();
  let last = signature(), since = start, changed = last !== before, lastChange = changed ? start : null;
  while (performance.now() - start < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const now = signature();
    if (now !== last) {
      last = now; since = lastChange = performance.now(); changed = changed || now !== before;
    } else if (changed && performance.now() - since >= quietMs) return {result: "changed", lastChange};
  }
  return {result: changed ? "changed" : "timeout", lastChange};
}"""
)

# Scrolls the app to the top and gives the height (px) a viewport needs to show all of it.
_APP_HEIGHT_JS = """(selector) => {
  const app = document.querySelector(selector);
  for (let el = app; el; el = el.parentElement) el.scrollTop = 0;
  window.scrollTo(0, 0);
  return Math.ceil(app.getBoundingClientRect().top + app.scrollHeight + 24);
}"""

# The board picture's right edge and the page's width, in CSS px.
_BOARD_BOX_JS = """() => {
  const shown = Array.from(document.querySelectorAll(".ninekit-app .ninekit-board svg"))
    .find((svg) => svg.getClientRects().length > 0);  // the picture for this width (wide or phone)
  const board = shown.getBoundingClientRect();
  return {right: board.right, width: document.documentElement.clientWidth};
}"""


# --- Voila and Chromium ---------------------------------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_env(base: dict | None = None) -> dict:
    """The environment ``make play`` gives Voila: the repo and ``serving/`` first on PYTHONPATH (``ninekit``,
    ``widgets`` and ``ninekit_serving`` import from the checkout) and ``serving/jupyter`` first on JUPYTER_PATH
    (the template); without ``NINEKIT_NBVAL`` (``make test`` sets it for nbval: a served page is a visitor's)."""
    env = dict(os.environ if base is None else base)
    env.pop("NINEKIT_NBVAL", None)
    for name, paths in (("PYTHONPATH", (REPO, SERVING)), ("JUPYTER_PATH", (SERVING_JUPYTER,))):
        env[name] = os.pathsep.join(p for p in (*map(str, paths), env.get(name, "")) if p)
    return env


def start_voila(
    root: Path,
    log_path: Path,
    config_dir: Path = SERVING,
    timeout: float = VOILA_START_TIMEOUT,
    extra_args: list[str] | tuple[str, ...] = (),
) -> tuple[str, subprocess.Popen]:
    """Start ``python -m voila ROOT`` on a free loopback port; return (base URL, process) once it answers.

    Started as ``make play`` starts it: the server reads the repo's voila.json (public-app settings, the
    ``ninekit`` template, kernel culling, the preheated pool, the kernel cap; see docs/deploying.md) from
    ``config_dir``, with ``voila_env()``.  ``extra_args`` (e.g. ``--MappingKernelManager.cull_idle_timeout=3``)
    come after, so they override voila.json.  It writes its output to ``log_path`` and runs in its own
    process group, so ``stop_voila`` can signal the whole tree.  Raises RuntimeError, with the log's tail, if
    it exits or does not answer within ``timeout`` seconds.
    """
    for attempt in range(3):
        try:
            return _start_voila_once(root, log_path, config_dir, timeout, extra_args)
        except PortTaken:  # another worker's server or kernel took the port between free_port() and Voila's bind
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


class PortTaken(RuntimeError):
    """The port free_port() gave was taken before Voila bound it."""


def _start_voila_once(root: Path, log_path: Path, config_dir: Path, timeout: float,
                      extra_args: list[str] | tuple[str, ...]) -> tuple[str, subprocess.Popen]:
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",  # never another port: base_url would then name another worker's server
        "--Voila.ip=127.0.0.1",
        f"--Voila.config_file_paths={config_dir}",
        *extra_args,
    ]
    with open(log_path, "wb") as log:  # the child keeps its own descriptor
        proc = subprocess.Popen(
            cmd,
            cwd=str(config_dir),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=voila_env(),
            start_new_session=True,
        )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            text = log_path.read_text()
            if "already in use" in text:
                raise PortTaken(f"port {port} was taken")
            raise RuntimeError(f"Voila exited with code {proc.returncode} before answering; log:\n{text[-4000:]}")
        try:
            with urllib.request.urlopen(base_url + "/", timeout=2):
                return base_url, proc
        except urllib.error.HTTPError:
            return base_url, proc  # it answers HTTP, even if not with 200 for the tree page
        except http.client.HTTPException:
            # Something that is not HTTP answers: another process (e.g. another worker's kernel, whose ZeroMQ
            # sockets take ports too) took the port between free_port() and Voila's bind.
            stop_voila(proc)
            raise PortTaken(f"port {port} answers, but not with HTTP: another process holds it") from None
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_voila(proc)
            raise RuntimeError(
                f"Voila did not answer on {base_url} within {timeout:.0f} s; log:\n{log_path.read_text()[-4000:]}"
            )
        time.sleep(0.25)


def stop_voila(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """SIGTERM the server's own process group (Voila then shuts its kernels down), SIGKILL if it lingers."""
    if proc.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=timeout)
            return
        except subprocess.TimeoutExpired:
            continue


class _QuietHandler(SimpleHTTPRequestHandler):
    """A static file handler that keeps its request log to itself (the test output stays readable)."""

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@contextmanager
def serve_static(root: Path):
    """Serve the folder ``root`` on a free loopback port, as ``make serve-site`` does; yield its base URL.

    >>> import tempfile, urllib.request
    >>> folder = Path(tempfile.mkdtemp()); _ = (folder / "index.html").write_text("hello")
    >>> with serve_static(folder) as url:
    ...     urllib.request.urlopen(url + "/index.html").read()
    b'hello'
    """
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def kernel_pids(proc: subprocess.Popen) -> list[int]:
    """PIDs of the kernels a Voila server started (its ``ipykernel_launcher`` children), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
            if ppid == proc.pid and b"ipykernel" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue  # the process ended while we looked
    return sorted(found)


def rss_mb(pid: int) -> float | None:
    """Resident memory (VmRSS) of a process in MB, from /proc; None if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def wait_for_kernels(proc: subprocess.Popen, count: int, timeout: float, settle: float = 1.0) -> int:
    """Wait until the server has at least ``count`` kernels (e.g. its preheated pool), then ``settle`` seconds
    more for them to finish starting; give up after ``timeout`` seconds.  Returns how many there are."""
    deadline = time.monotonic() + timeout
    while len(kernel_pids(proc)) < count and time.monotonic() < deadline:
        time.sleep(0.25)
    time.sleep(settle)
    return len(kernel_pids(proc))


def kernel_id_of(page) -> str:
    """The id of the kernel a Voila page is connected to (from its ``jupyter-config-data``)."""
    return page.evaluate('() => JSON.parse(document.getElementById("jupyter-config-data").textContent).kernelId')


def kernel_alive(base_url: str, kernel_id: str) -> bool:
    """Whether the server still has kernel ``kernel_id`` (``GET /api/kernels/<id>``: 200, or 404 once gone)."""
    try:
        with urllib.request.urlopen(f"{base_url}/api/kernels/{kernel_id}", timeout=5):
            return True
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def wait_until(predicate, timeout: float, interval: float = 0.25) -> bool:
    """Poll ``predicate()`` until it is true (return True) or ``timeout`` seconds pass (return False)."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)


def chromium_executable(tests: bool = False) -> str:
    """The Chromium binary to drive: ``$NINEKIT_CHROMIUM``; else, for the test suite (``tests``), Debian's
    headless shell if it is installed; else Debian's ``/usr/bin/chromium`` (not checked)."""
    if "NINEKIT_CHROMIUM" in os.environ:
        return os.environ["NINEKIT_CHROMIUM"]
    if tests and os.access(TEST_CHROMIUM, os.X_OK):
        return TEST_CHROMIUM
    return DEFAULT_CHROMIUM


def is_local(url: str) -> bool:
    """Whether a page's request stays on this machine (loopback host, or a data:/blob:/... URL)."""
    host = urlsplit(url).hostname
    return host in LOCAL_HOSTS or not url.startswith(("http:", "https:", "ws:", "wss:"))


def keep_local(target) -> list[str]:
    """Return the list of the requests a Playwright ``target`` (a browser context or a page) makes to anything but
    this machine, as they are made.  ``CHROMIUM_ARGS`` keep them from leaving: they fail to resolve."""
    outside: list[str] = []
    target.on("request", lambda request: is_local(request.url) or outside.append(request.url))
    return outside


def watch_errors(page) -> list[str]:
    """Collect a page's uncaught errors (``"pageerror: ..."``) and console errors (``"console: ..."``) into the
    list returned, leaving out the failed loads of requests to other hosts (``keep_local`` lists those)."""
    errors: list[str] = []

    def _on_console(msg):
        if msg.type != "error":
            return
        if msg.text.startswith("Failed to load resource") and not is_local(msg.location.get("url", "")):
            return
        errors.append(f"console: {msg.text}")

    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", _on_console)
    return errors


# --- reading and playing a GameApp page ----------------------------------------------------


def visible(locator) -> list:
    """The elements a Playwright locator matches that are visible now."""
    return [item for item in locator.all() if item.is_visible()]


def shot(page, path, element: str = ".ninekit-app", tallest: int = 6000) -> None:
    """Screenshot the whole app (or the page's ``element``, e.g. ``"#rendered_cells"`` for a whole notebook) to
    ``path``.

    Voila's page scrolls inside a container (``full_page=True`` and element screenshots miss what is
    scrolled away), so scroll to the top and make the viewport as tall as the element (at most ``tallest``
    px) for the picture.
    """
    size = page.viewport_size
    height = page.evaluate(_APP_HEIGHT_JS, element)
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(height, tallest))})
    try:
        page.wait_for_timeout(200)
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)


def signature(page) -> str:
    """What the app shows now (its text and board picture), to compare with ``settle``."""
    return page.evaluate(SIGNATURE_JS)


def settle(page, before: str, quiet_ms: int = 150, timeout_ms: int = 15_000) -> str:
    """Wait until the app differs from the ``before`` signature and has then been still for ``quiet_ms``.

    Returns ``"changed"``, or ``"timeout"`` if nothing changed within ``timeout_ms``.
    """
    return page.evaluate(SETTLE_JS, [before, quiet_ms, timeout_ms])["result"]


def status(page) -> str:
    """The app's status prompt, stripped."""
    return page.locator(STATUS).inner_text().strip()


def message(page) -> str:
    """The app's message line (why a click was refused), stripped; empty if there is none."""
    return page.locator(MESSAGE).inner_text().strip()


def open_game(open_app, notebook: str, query: str = ""):
    """Open a GameApp notebook with the ``open_app`` fixture; return the page once it offers a first choice."""
    page = open_app(notebook, query)
    page.wait_for_selector(".ninekit-app", state="visible")
    page.wait_for_selector(INTERACTIVE, state="visible")
    return page


def set_seats(page, seats: dict[str, str], start: bool = True) -> bool:
    """Open "New game", seat the players as given (``{"South": "human", ...}``, not at random), and start
    unless ``start`` is False.  Returns whether the form was set to seat a lone human at random (before this
    unset it)."""
    page.locator(".ninekit-app .ninekit-new-game-panel").get_by_text("New game", exact=True).click()
    form = page.locator(".ninekit-app .ninekit-new-game")
    form.wait_for(state="visible")
    random_seat = form.get_by_label("Seat a lone human player at random")
    was_random = random_seat.is_checked()
    if was_random:
        random_seat.uncheck()
    for seat, kind in seats.items():
        form.get_by_label(seat, exact=True).select_option(kind)
    if start:
        press_start(page)
    return was_random


def press_start(page) -> None:
    """Press "Start new game" in the open New game form and wait until the new game is on screen: the form
    closes once the game has started.  (A seat's level chooser appears or hides in answer to its seat's
    dropdown; those updates may still be arriving when the button is pressed, so a change on the page alone
    does not say the game has started.)"""
    form = page.locator(".ninekit-app .ninekit-new-game")
    before = signature(page)
    form.locator("button.ninekit-start").click()
    try:
        form.wait_for(state="hidden", timeout=60_000)
    except Exception as exc:  # noqa: BLE001 - say what the page says instead
        raise AssertionError(f"'Start new game' did not start a game: {message(page)!r}") from exc
    assert settle(page, before) == "changed", "pressing 'Start new game' changed nothing"


def set_quiet_limit(page, quiet_limit: int) -> None:
    """In a Nine Knights app's open New game form: the quiet limit (a draw after that many turns in a row without
    a fight, for a short game)."""
    quiet = page.locator(".ninekit-app .ninekit-new-game").get_by_label("quiet limit")
    quiet.fill(str(quiet_limit))
    quiet.press("Enter")


def start_quick_nine_knights(page, seed: int, quiet_limit: int) -> None:
    """In a Nine Knights app: open "New game", seat South human against the computer, set the quiet limit
    (a draw after that many turns in a row without a fight, for a short game) and the seed, press "Start new
    game", and wait for the deal.  Checks that the seed is not left on screen (it gives away the deal)."""
    set_seats(page, {"South": "human", "North": "computer"}, start=False)
    set_quiet_limit(page, quiet_limit)
    form = page.locator(".ninekit-app .ninekit-new-game")
    box = form.get_by_label("Seed")
    box.fill(str(seed))
    box.press("Enter")
    press_start(page)
    subtitle = page.locator(".ninekit-app .ninekit-seats").inner_text()
    # A chosen seed is teacher mode: said to reveal the deal, and the number itself is not left on screen.
    assert "Teacher mode" in subtitle and str(seed) not in subtitle, subtitle
    assert form.get_by_label("Seed").input_value() == "", "the chosen seed stayed in the form"
    assert not message(page), f"starting the game showed a message: {message(page)!r}"


# What a player could click now, looked up in one round trip (a click run makes thousands): the first of the groups
# that shows anything, as [group, [what each shown item says]] in page order, or null.  "Shown" as Playwright's
# ``:visible`` has it: a box of some size, and not ``visibility: hidden``.
_OFFERED_JS = """(groups) => {
  const shown = (e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  for (const [group, selector, says] of groups) {
    const items = Array.from(document.querySelectorAll(selector)).filter(shown);
    if (items.length) return [group, items.map((e) => says ? e.getAttribute(says) : e.innerText)];
  }
  return null;
}"""
# The groups, in the order a player meets them: "Next game" in a pause between games, the hand-over button, the
# highlighted (legal) board items but those that only switch or put back a chosen piece or card (``nk-switch``),
# the choice buttons.  (group, CSS selector, the attribute that names an item or None for its text)
_OFFERED = [["Next game", NEXT, None], ["the hand-over button", PRIVACY, None],
            ["board item", LEGAL.replace(":visible", "") + ":not(.nk-switch)", "data-id"], ["button", CHOICES, None]]


def click_like_a_person(page, rng) -> tuple[str, str] | None:
    """Make one click a player could make, then wait for the page to settle.

    "Next game" in a pause between games, the hand-over button if it shows, else a ``rng``-chosen
    highlighted (legal) board item, else a ``rng``-chosen visible choice button.  Board items that only
    switch or put back a chosen piece or card (class ``nk-switch``) are left out, so every click moves on.
    Returns (what was clicked, ``settle``'s outcome), or None (clicking nothing) if none of these is offered.
    """
    from playwright.sync_api import Error as PlaywrightError

    for _attempt in range(3):  # a late update of the last move may replace the items between look and click
        before = signature(page)
        offered = page.evaluate(_OFFERED_JS, _OFFERED)
        if offered is None:
            return None
        group, names = offered
        index = rng.choice(range(len(names))) if group in ("board item", "button") else 0
        selector = next(css for name, css, _says in _OFFERED if name == group)
        what = f"{group} {names[index]}" if group == "board item" else (
            f"{group} {names[index]!r}" if group == "button" else group)
        try:
            page.locator(f"{selector}:visible").nth(index).click(timeout=10_000)
        except PlaywrightError:  # the item went away: let the page settle, then look again
            settle(page, before, timeout_ms=5_000)
            continue
        return what, settle(page, before)
    raise AssertionError(f"the page kept changing under the click; status {status(page)!r}")


def wait_for_a_choice(page, timeout_ms: int = 10_000) -> bool:
    """Wait until the app offers something to click (a legal board item, a choice, a hand-over, "Next game")
    or shows the end panel; False if nothing comes within ``timeout_ms``.  A page can be still for a moment
    between two updates of one move (the computer thinking, or a slow kernel such as the static site's)."""
    try:
        page.wait_for_selector(f"{INTERACTIVE}, {PRIVACY}:visible, {NEXT}:visible, {OUTCOME}:visible",
                               state="visible", timeout=timeout_ms)
        return True
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError; the caller says what the page shows
        return False


def play_to_end(page, rng, max_clicks: int, on_step=None) -> int:
    """Click like a person (``click_like_a_person``) until the end panel shows; return the number of clicks.

    Before each click, ``on_step(page, clicks_so_far, status)`` is called if given (for screenshots or
    checks of its own).  Raises AssertionError if there is no end panel after ``max_clicks`` clicks, if
    there is nothing to click, if a click changes nothing, or if a click offered as legal shows a message.
    """
    clicks = 0
    while not page.locator(OUTCOME).is_visible():
        now = status(page)
        if on_step is not None:
            on_step(page, clicks, now)
        assert clicks < max_clicks, f"no end panel after {clicks} clicks; last status: {now!r}"
        click = click_like_a_person(page, rng)
        if click is None and wait_for_a_choice(page):  # it came in an update of its own, after a still moment
            if page.locator(OUTCOME).is_visible():
                break
            click = click_like_a_person(page, rng)
        if click is None:
            raise AssertionError(f"nothing to click and no end panel after {clicks} clicks; status: {now!r}")
        what, outcome = click
        clicks += 1
        assert outcome == "changed", f"click {clicks} on {what} changed nothing; status: {now!r}"
        shown = message(page)
        # After Load, the app says what it loaded until the next move (a hand-over is not one): not a refusal.
        assert not shown or shown.startswith(LOADED), (
            f"click {clicks} on {what} (offered as legal) showed a message: {shown!r}")
    return clicks


def phone_screen(page, path) -> dict:
    """Make the viewport a 390 x 844 phone screen, screenshot the app to ``path``, and measure the board.

    Returns ``{"right": board's right edge, "width": page width}`` (CSS px): the board fits if
    ``right <= width``.
    """
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    shot(page, path)
    return page.evaluate(_BOARD_BOX_JS)


# Watch (a game of computer players only, playing itself) and Hint.
WATCH = ".ninekit-app .ninekit-watch"
WATCH_LINE = ".ninekit-app .ninekit-watch .nk-watch-line"
HINT_BUTTON = ".ninekit-app .ninekit-hint-button"
HINT_TEXT = ".ninekit-app .ninekit-hint-text .nk-hint-line"


def watched_moves(page) -> int | None:
    """The moves played so far as Watch's line says them ("Watching: 12 moves played, ..."); None when Watch's
    line is not on screen."""
    import re

    line = page.locator(WATCH_LINE)
    if not line.count() or not line.first.is_visible():
        return None
    found = re.search(r"(\d+) moves? played|after (\d+) moves?", line.first.inner_text())
    return int(next(g for g in found.groups() if g is not None)) if found else None


def press_watch(page, name: str) -> None:
    """Press one of Watch's buttons by its text ("Pause", "Play", "Step")."""
    page.locator(WATCH).get_by_role("button", name=name, exact=True).click()


def set_watch_pace(page, seconds: float) -> None:
    """Type ``seconds`` into the readout of Watch's "Seconds per move" slider and wait until the line says it."""
    readout = page.locator(f"{WATCH} .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(f"{seconds:.1f}")
    page.keyboard.press("Enter")
    page.wait_for_function("(text) => { const el = document.querySelector('.ninekit-app .ninekit-watch "
                           ".nk-watch-line'); return !!el && el.innerText.includes(text); }",
                           arg=f"every {seconds:.1f} s")


def nine_knights_first_attack(seed: int = 7, south_next: bool = False, **options) -> tuple[str, str, str]:
    """A save of a computer-vs-computer Nine Knights game (rules via ninekit, ``options`` for the game), taken
    when South can first attack, with the attacking Knight's square and the target's.  ``south_next``: only an
    attack decided at once (no Hidden Token question) after which South decides again (e.g. summons after
    losing), so a computer North does not move on at once and the fight's result stays on the board."""
    import ninekit
    from ninekit.bots import bot_for

    state = ninekit.make("nine_knights", **options).new(seed)
    bots = [bot_for("nine_knights", seed), bot_for("nine_knights", seed + 1)]
    while not state.is_over:
        if state.to_move == 0 and state.legal_moves()[0].kind == "select":
            enemy = {k["square"] for k in state.view(0)["knights"] if k["owner"] == 1}
            for select in state.legal_moves():
                for to in state.play(select).legal_moves():
                    if to.args and to.args[0] in enemy and (not south_next or _decided_then_south(state, select, to)):
                        return state.to_json(), select.args[0], to.args[0]
        state = state.play(bots[state.to_move].choose(state))
    raise AssertionError("the sample game never came to a fight" + (" that South decides after" if south_next else ""))


def late_save(game: str, seed: int, decisions_left: int, **options) -> str:
    """A save of a seeded game of random legal moves (rules via ninekit, ``options`` for the game) taken
    ``decisions_left`` decisions before its end: a short game to finish by clicks that still ends as a whole
    game does.

    >>> import ninekit; ninekit.load(late_save("nine_knights", 3, 5)).is_over
    False
    """
    import random

    import ninekit

    rng = random.Random(seed)
    state = ninekit.make(game, **options).new(seed)
    line = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        line.append(state)
    assert len(line) > decisions_left, f"the {game} game (seed {seed}) is only {len(line) - 1} decisions long"
    return line[-1 - decisions_left].to_json()


def load_save(page, text: str, path: Path) -> None:
    """Write ``text`` to ``path`` and load it with the app's Load button (the browser's file dialog), as a
    person would; wait until the page shows the loaded game."""
    path.write_text(text)
    before = signature(page)
    with page.expect_file_chooser() as chooser:
        page.locator(".ninekit-app .ninekit-toolbar").get_by_role("button", name="Load").click()
    chooser.value.set_files(str(path))
    assert settle(page, before) == "changed", "loading a save changed nothing"
    page.locator(MESSAGE).filter(has_text=LOADED).wait_for(timeout=15_000)


def _decided_then_south(state, select, to) -> bool:
    """Whether South's attack ``select``, ``to`` is decided at once and leaves South the next decision."""
    after = state.play(select).play(to)
    return after.view(0)["fight"] is None and after.to_move == 0


# --- the seed never reaches the page -----------------------------------------------------------
# What reaches a player's browser never gives away the seed (and so never the hidden cards).  The rule is checked
# on everything the page receives: the DOM, and every websocket frame the kernel sends (the widget models, their
# updates, any output), over a game played by clicks.  The seed is learned only afterwards, by pressing Save (the
# save is the whole record and holds it), and must not appear before that in any form a person could read.
# Each game's app test calls these on one of its games; the widget-level twin, for every game, is
# tests/test_secrets.py.


def record_frames(page) -> list[str]:
    """Start recording every websocket frame ``page`` receives (call before opening the app); returns the list
    the frames are added to, as text."""
    frames: list[str] = []

    def on_socket(ws):
        def on_frame(payload):
            if isinstance(payload, (bytes, bytearray)):
                payload = bytes(payload).decode("utf-8", errors="replace")
            frames.append(payload)

        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return frames


def _seed_from_save(page) -> tuple[int, str]:
    """Press Save once: the file downloads at once (the note beside the button says what it holds)."""
    import json

    toolbar = page.locator(".ninekit-app .ninekit-toolbar")
    note = toolbar.locator(".ninekit-save-note").inner_text()
    assert "every seat's secrets" in note or "holds the deal" in note, note  # a one-player game: the deal
    with page.expect_download() as info:
        toolbar.get_by_role("button", name="Save").click()
    download = info.value
    name = download.suggested_filename
    assert name.endswith(".json")
    with open(download.path(), encoding="utf-8") as handle:
        return json.load(handle)["seed"], name


def assert_seed_never_reached_the_page(page, frames: list[str], clicks: int = 0) -> None:
    """Rule: no seed in the page, the file name, the log or any widget state of a game with hidden information.

    ``frames``: what ``record_frames`` recorded since before the app opened.  First makes up to ``clicks``
    clicks a player could make (``click_like_a_person``), then reads the page and the frames, then learns the
    seed by pressing Save and looks for it (decimal, hexadecimal, base64) in both."""
    import base64
    import random

    rng = random.Random(5)
    for _ in range(clicks):
        if click_like_a_person(page, rng) is None:
            break

    seen_frames = "\n".join(frames)
    seen_dom = page.content() + page.locator("body").inner_text()
    assert seen_frames, "no websocket frames were recorded"
    seed, name = _seed_from_save(page)
    assert str(seed) not in name
    for form in (str(seed), f"{seed:x}", base64.b64encode(str(seed).encode()).decode().rstrip("=")):
        assert form not in seen_dom, f"the seed ({form}) is in the page"
        assert form not in seen_frames, f"the seed ({form}) was sent to the browser"


# --- reading a whole tutorial page -----------------------------------------------------------

WIDGET_ERROR = "Error displaying widget"  # what the widget manager shows in place of a widget it cannot render
STEP_BUILT = ".ninekit-lesson"  # a lesson step showing its board
STEP_PENDING = ".ninekit-step-placeholder"  # a step not built yet (it builds when scrolled near)

# The element that scrolls the page: Voila's and Voici's #rendered_cells, JupyterLab's notebook, or the window.
_SCROLLER_JS = """() => {
  const all = Array.from(document.querySelectorAll('*')).filter((e) => {
    const s = getComputedStyle(e);
    return /(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1;
  });
  all.sort((a, b) => b.scrollHeight - a.scrollHeight);
  return all[0] || document.scrollingElement;
}"""


# A reader in the page itself: scrolls the page's scroller from the top, ``step`` px every ``pause`` ms, until the
# bottom is reached and stays the bottom for ``settle`` ms (steps built on the way make the page longer).  It runs
# in the page, so several tabs read at once while Python only looks in now and then; ``window.ninekitRead``
# holds {done, taken, error}.  What scrolls may change on the way: the static site moves its cells into its own
# scrolling panel once every cell has run (a tutorial shows before that).
_READER_JS = """([step, pause, settle, timeout]) => {
  const find = (SCROLLER);
  const state = window.ninekitRead = {done: false, taken: 0, error: null};
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  (async () => {
    let scroller = find();
    scroller.scrollTo(0, 0);
    const deadline = performance.now() + timeout;
    let atEndSince = null;
    while (performance.now() < deadline) {
      if (!(scroller.isConnected && scroller.scrollHeight > scroller.clientHeight + 1)) scroller = find();
      scroller.scrollBy(0, step);
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      state.taken += 1;
      await sleep(pause);
      if (!atEnd) atEndSince = null;
      else if (atEndSince === null) atEndSince = performance.now();
      else if (performance.now() - atEndSince >= settle) { state.done = true; return; }
    }
    state.error = `the page did not reach its end within ${Math.round(timeout / 1000)} s of scrolling`;
  })();
}""".replace("SCROLLER", _SCROLLER_JS)


def start_reading(page, step_px: int = 600, pause_ms: int = 60, settle_ms: int = 400, timeout_s: float = 240) -> None:
    """Start a reader in the page that scrolls it from top to bottom (a quick reader: 600 px every 60 ms; a slow
    one: 300 px every 400 ms) and returns at once; :func:`reading_done` tells when it got to the end."""
    page.evaluate(_READER_JS, [step_px, pause_ms, settle_ms, timeout_s * 1000])


def reading_done(page) -> bool:
    """Whether the page's reader (:func:`start_reading`) reached the end; AssertionError if it gave up."""
    state = page.evaluate("() => window.ninekitRead")
    assert state is not None, "no reader was started in this page"
    assert not state["error"], state["error"]
    return state["done"]


def scroll_through(page, timeout_s: float = 240, **scroll) -> None:
    """Scroll the page from top to bottom like a reader (``scroll``: see :func:`start_reading`); return once
    the bottom is reached and stays the bottom."""
    start_reading(page, timeout_s=timeout_s, **scroll)
    while not reading_done(page):
        page.wait_for_timeout(200)


def picture(page, path, timeout_ms: int = 15_000) -> bool:
    """A screenshot of what the page shows now, for people to look at, not a check: a long page still drawing
    on a busy machine may not give one in time, and then there is none (returns False)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.screenshot(path=str(path), timeout=timeout_ms)
    except PlaywrightError:
        return False
    return True


def steps_on_page(page, expected_steps: int, timeout_s: float = 240) -> None:
    """Wait until every lesson step's cell is on the page (built or a placeholder): the static site runs and
    draws the cells one by one, so right after the first step shows, the page does not yet reach its end."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            f"() => document.querySelectorAll('{STEP_BUILT}, {STEP_PENDING}').length >= {int(expected_steps)}",
            timeout=timeout_s * 1000, polling=250)
    except PlaywrightTimeout:
        raise AssertionError(f"not every step is on the page after {timeout_s:.0f} s: "
                             f"{step_counts(page, expected_steps)}") from None


def step_counts(page, expected_steps: int) -> dict:
    """What a tutorial page shows now: ``built`` (``.ninekit-lesson``), ``pending`` (placeholders left),
    ``errors`` (elements showing "Error displaying widget") and ``expected``."""
    return {"built": page.locator(STEP_BUILT).count(), "pending": page.locator(STEP_PENDING).count(),
            "errors": page.get_by_text(WIDGET_ERROR).count(), "expected": expected_steps}


def all_steps_built(counts: dict) -> bool:
    """Whether ``counts`` (:func:`step_counts`) is final: an error shows, or every step is built."""
    return bool(counts["errors"]) or (not counts["pending"] and counts["built"] >= counts["expected"])


def read_whole_tutorial(page, expected_steps: int, timeout_s: float = 240, **scroll) -> dict:
    """Scroll a tutorial page to its end, then wait until every lesson step has built its board (or
    ``timeout_s`` passes); return :func:`step_counts`.  ``scroll``: how to scroll (``step_px``, ``pause_ms``;
    see :func:`start_reading`)."""
    steps_on_page(page, expected_steps, timeout_s)
    scroll_through(page, timeout_s=timeout_s, **scroll)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and not all_steps_built(step_counts(page, expected_steps)):
        page.wait_for_timeout(250)  # steps scrolled past are still being built by the kernel
    return step_counts(page, expected_steps)
