"""Fixtures for the browser tests: a Voila server on the notebooks/ tree and Chromium driven by Playwright.

Chromium is Debian's (``apt-get install chromium``); Playwright only drives it, it never downloads a browser.
Set ``NINEKIT_CHROMIUM`` to use another binary.  Outside CI a missing Chromium skips these tests; with
``CI`` set it fails them, so CI cannot go green without having run them.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
VOILA_START_TIMEOUT = 60.0  # seconds
# What Voila shows instead of a traceback when a cell raises (show_tracebacks is false).
VOILA_ERROR_TEXT = "There was an error when executing cell"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing(message: str):
    """Skip locally, but fail under CI: a browser test that silently skips there proves nothing."""
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("NINEKIT_CHROMIUM", DEFAULT_CHROMIUM)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        _missing(
            f"Chromium not found at {path}; install Debian's chromium (apt-get install chromium) "
            "or set NINEKIT_CHROMIUM"
        )
    return path


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """tests/browser/artifacts/ (git-ignored): screenshots and the Voila server log."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """SIGTERM the server's process group (Voila then shuts its kernels down), SIGKILL if it lingers."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=timeout)


def start_voila(root: Path, log_path: Path, config_dir: Path = REPO) -> tuple[str, subprocess.Popen]:
    """Start ``python -m voila ROOT`` on a free loopback port; return (base URL, process) once it answers."""
    port = _free_port()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        # The repo's voila.json: public-app settings (no tracebacks, sources stripped, lab template).
        f"--Voila.config_file_paths={config_dir}",
    ]
    with open(log_path, "wb") as log:  # the child keeps its own descriptor
        proc = subprocess.Popen(
            cmd,
            cwd=str(config_dir),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # own process group, so teardown can signal the whole tree
        )
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + VOILA_START_TIMEOUT
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"Voila exited with code {proc.returncode} before answering; log:\n{log_path.read_text()[-4000:]}"
            )
        try:
            with urllib.request.urlopen(base_url + "/", timeout=2):
                break
        except urllib.error.HTTPError:
            break  # it answers HTTP, even if not with 200 for the tree page
        except OSError:
            pass
        if time.monotonic() > deadline:
            _stop(proc)
            raise RuntimeError(
                f"Voila did not answer on {base_url} within {VOILA_START_TIMEOUT:.0f} s; log:\n"
                f"{log_path.read_text()[-4000:]}"
            )
        time.sleep(0.25)
    return base_url, proc


@pytest.fixture(scope="session")
def voila_server(artifacts_dir: Path):
    """Base URL (``http://127.0.0.1:PORT``) of a Voila server on notebooks/ with the repo's voila.json."""
    base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / "voila.log")
    try:
        yield base_url
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def browser(chromium_path: str):
    """One headless Chromium for the session; each test gets its own context and page."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed; pip install -e '.[test]'")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _is_local(url: str) -> bool:
    host = urlsplit(url).hostname
    return host in LOCAL_HOSTS or not url.startswith(("http:", "https:", "ws:", "wss:"))


@pytest.fixture
def page(browser):
    """A fresh page in a fresh context, kept off the network.

    Requests to anything but this machine are aborted, so tests pass or fail the same with or without
    internet (Voila's widget manager asks a CDN for Font Awesome: icons do not show, nothing else breaks);
    they are listed in ``page.ninekit_external_requests``.  ``page.ninekit_errors`` lists uncaught page
    errors (``"pageerror: ..."``) and console errors (``"console: ..."``) seen so far, leaving out the
    failed loads of those blocked requests; tests assert on it.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    external: list[str] = []

    def _block_external(route):
        if _is_local(route.request.url):
            route.continue_()
        else:
            external.append(route.request.url)
            route.abort()

    context.route("**/*", _block_external)
    page = context.new_page()
    errors: list[str] = []
    page.ninekit_errors = errors
    page.ninekit_external_requests = external

    def _on_console(msg):
        if msg.type != "error":
            return
        if msg.text.startswith("Failed to load resource") and not _is_local(msg.location.get("url", "")):
            return
        errors.append(f"console: {msg.text}")

    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", _on_console)
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def open_app(page, voila_server: str):
    """``open_app("apps/foo.ipynb")``: render a notebook under notebooks/ in Voila and wait until it is shown.

    Waits for Voila's "Running ..." spinner to go and the rendered cells to appear, checks the HTTP status
    and that no cell raised (Voila shows a fixed message instead of the traceback), and returns the page.
    """

    def _open(notebook: str, query: str = ""):
        url = f"{voila_server}/voila/render/{notebook}" + (f"?{query}" if query else "")
        response = page.goto(url, wait_until="domcontentloaded")
        assert response is not None and response.ok, f"GET {url} -> {response and response.status}"
        page.wait_for_selector("#loading", state="detached")
        page.wait_for_selector("#rendered_cells", state="visible")
        assert VOILA_ERROR_TEXT not in page.content(), f"a cell of {notebook} raised when Voila ran it"
        return page

    return _open
