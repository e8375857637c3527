"""Fixtures for the browser tests: a Voila server on the notebooks/ tree and Chromium driven by Playwright.

The server is started the way ``make play`` starts it (the repo's voila.json: the ``ninekit`` template, kernel
culling, the kernel cap, the preheated pool), with one test-only change, ``TEST_SERVER_ARGS``: a preheated pool
of one kernel per notebook (none for the gallery and Count of Nine's app, which the suite opens there once and
never), refilled at once, instead of voila.json's pool sized for a class (60 kernels to start before the first
test).  tests/browser/test_serving.py starts servers of its own for what needs other
settings (short cull timeouts, a cap of one kernel).

Chromium is Debian's: its headless shell (``apt-get install chromium-headless-shell``: the same build, a quarter
less CPU a page) when installed, else ``chromium``; Playwright only drives it, it never downloads a browser.
Set ``NINEKIT_CHROMIUM`` to use another binary.  Outside CI a missing Chromium skips these tests; with
``CI`` set it fails them, so CI cannot go green without having run them.  Starting Voila and Chromium,
and reading and clicking the apps, is in appdriver.py (shared with benchmarks/run.py).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from appdriver import (
    CHROMIUM_ARGS,
    NOTEBOOKS,
    chromium_executable,
    keep_local,
    start_voila,
    stop_voila,
    watch_errors,
)

from ninekit.count_of_nine import best

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

# The helpers of tests/ (notebook_text: the static site's build) for the browser tests too, however they are started.
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))

# Count of Nine's after-game search takes one of the machine's analyst slots (``best.ANALYSTS`` lock files in
# ``best.ANALYST_SLOTS``, machine-wide, so a class's kernels cannot take every CPU).  In a test run the two
# workers (every worker loads this file: each collects the whole suite), and any other ninekit on the machine,
# would wait on each other's searches: a widget test that takes half a second alone waited 80 s for the search of
# a browser game on the other worker.  So each test process, and the kernels its Voila servers start (they
# inherit the environment), gets slots of its own; the bound itself is tested in tests/test_analyst_bounds.py.
if "NINEKIT_ANALYST_SLOTS" not in os.environ:
    best.ANALYST_SLOTS = os.environ["NINEKIT_ANALYST_SLOTS"] = str(
        Path(tempfile.gettempdir()) / f"ninekit-analysts-test-{os.getpid()}")
    atexit.register(shutil.rmtree, best.ANALYST_SLOTS, ignore_errors=True)
# Test-only overrides of voila.json for the session's server: one preheated kernel per notebook, refilled at
# once (voila.json waits 10 s, after a class's rush), so the suite does not first start a class's pool, and none
# for the two pages the session's server hardly serves (the gallery, opened once; Count of Nine's app, whose tests
# start a server of their own): their preheated kernels were started and never used; and no per-client bound, as
# every page of the suite comes from one address and a page closed without a word keeps its kernel for the idle
# timeout (the bound itself: tests/browser/test_serving.py).
TEST_POOLS = {"default": {"pool_size": 1}, "index.ipynb": {"pool_size": 0},
              "apps/count_of_nine.ipynb": {"pool_size": 0}}
# (traitlets warns that a dict given as JSON is deprecated; its other form, key=value, gives strings, not dicts.)
TEST_SERVER_ARGS = ("--pool_size=1", f"--VoilaKernelManager.kernel_pools_config={json.dumps(TEST_POOLS)}",
                    "--VoilaKernelManager.fill_delay=0", "--ClassroomKernelManager.max_per_client=0")
# What Voila shows instead of a traceback when a cell raises (show_tracebacks is false).
VOILA_ERROR_TEXT = "There was an error when executing cell"
# The test files that take longest (figures in docs/development.md), handed to the test workers first: `make test`
# passes --no-loadscope-reorder, so each worker takes the next file in collection order, and a long file left for
# last would run alone while the other worker has nothing to do (xdist's own order, most tests first, left the
# one-test tutorial read to the end).  The static site's come third: `make test` builds the site while the first
# files run.
LONGEST_FIRST = ("test_serving.py", "test_tutorial_pages.py", "test_static_site.py", "test_game_feel.py",
                 "test_code_of_nine_app.py", "test_nine_knights_app.py")


def pytest_collection_modifyitems(items):
    """Put the tests of ``LONGEST_FIRST`` first, in that order; the rest keep their collection order."""
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(Path(str(item.fspath)).name, len(rank)))


def _missing(message: str):
    """Skip locally, but fail under CI: a browser test that silently skips there proves nothing."""
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = chromium_executable(tests=True)
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


class VoilaServer:
    """A running Voila: ``base_url``, its process ``proc`` and the ``log`` file it writes."""

    def __init__(self, base_url: str, proc, log: Path):
        self.base_url, self.proc, self.log = base_url, proc, log


@pytest.fixture(scope="session")
def voila(artifacts_dir: Path, tmp_path_factory):
    """The session's Voila server on notebooks/ (repo's voila.json plus ``TEST_SERVER_ARGS``)."""
    log = artifacts_dir / f"voila-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"  # one per test worker
    # Games kept for "Resume your game?" go to a folder of this test run, not the user's cache.
    resume_dir = tmp_path_factory.mktemp("resume")
    os.environ["NINEKIT_RESUME_DIR"] = str(resume_dir)
    base_url, proc = start_voila(NOTEBOOKS, log, extra_args=TEST_SERVER_ARGS)
    try:
        yield VoilaServer(base_url, proc, log)
    finally:
        stop_voila(proc)


@pytest.fixture(scope="session")
def voila_server(voila: VoilaServer) -> str:
    """Base URL (``http://127.0.0.1:PORT``) of the session's Voila server."""
    return voila.base_url


@pytest.fixture(scope="session")
def playwright_driver(chromium_path: str):
    """Playwright, started once for the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed; pip install -e '.[test]'")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver, chromium_path: str):
    """One headless Chromium for the session, for tests that open contexts of their own (several visitors at
    once, a learner's fresh browser)."""
    browser = playwright_driver.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


def new_profile(playwright_driver, chromium_path: str, folder: Path, viewport: dict):
    """A Chromium with a browser profile of its own in ``folder``: a visitor's browser whose cache (the page
    scripts, compiled once) is kept from one page to the next, as a returning visitor's is."""
    return playwright_driver.chromium.launch_persistent_context(
        str(folder), executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS, viewport=viewport)


@pytest.fixture(scope="session")
def app_profile(playwright_driver, chromium_path: str, tmp_path_factory):
    """The browser profile the ``page`` fixture's pages open in, one per test process.  Its cache is kept from
    test to test: a page load then costs a fifth less CPU (the page scripts are compiled once, and the server
    sends them once), and the suite is CPU-bound.  What a site keeps in the browser is not: ``page`` clears it."""
    profile = new_profile(playwright_driver, chromium_path, tmp_path_factory.mktemp("app-profile"),
                          {"width": 1280, "height": 900})
    try:
        yield profile
    finally:
        profile.close()


# What ``page`` clears of every site its page visited: all a site keeps in the browser, but the cache.
SITE_DATA = "cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems,storage_buckets"


def forget_sites(profile, origins: set[str]) -> None:
    """Clear what the sites at ``origins`` keep in the browser ``profile`` (storage, cookies; not the cache)."""
    page = profile.new_page()
    try:
        session = profile.new_cdp_session(page)
        for origin in sorted(origins):
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": SITE_DATA})
        session.detach()
    finally:
        page.close()
    profile.clear_cookies()


@pytest.fixture
def page(app_profile):
    """A new page, a visitor who has not been to these sites before (nothing in its storage, no cookies) but
    whose browser has their scripts cached (``app_profile``), kept off the network.

    Requests to anything but this machine fail (``CHROMIUM_ARGS``), so tests pass or fail the same with or
    without internet; they are listed in ``page.ninekit_external_requests`` (the repo's ``ninekit`` template asks
    for nothing outside the machine, so the fixture expects that list to stay empty).  ``page.ninekit_errors``
    lists uncaught page errors (``"pageerror: ..."``) and console errors (``"console: ..."``) seen so far,
    leaving out the failed loads of those requests; tests assert on it.
    """
    page = app_profile.new_page()
    external = keep_local(page)
    origins: set[str] = set()
    page.on("framenavigated", lambda frame: frame.url.startswith("http") and origins.add(_origin(frame.url)))
    page.ninekit_errors = watch_errors(page)
    page.ninekit_external_requests = external
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        if not page.is_closed():
            page.close()
        forget_sites(app_profile, origins)
    # Every page the tests open asks for nothing outside this machine (no CDN: the ninekit template's promise).
    assert external == [], f"the page asked other hosts for {external}"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def open_app(page, voila_server: str):
    """``open_app("apps/foo.ipynb")``: render a notebook under notebooks/ in Voila and wait until it is shown.

    Waits for Voila's "Running ..." spinner to go and the rendered cells to appear, checks the HTTP status,
    that no cell raised (Voila shows a fixed message instead of the traceback) and that no source code reached
    the page (voila.json's ``strip_sources``: code cells come without their input area; markdown cells keep
    theirs), and returns the page.
    """

    def _open(notebook: str, query: str = ""):
        url = f"{voila_server}/voila/render/{notebook}" + (f"?{query}" if query else "")
        response = page.goto(url, wait_until="domcontentloaded")
        assert response is not None and response.ok, f"GET {url} -> {response and response.status}"
        page.wait_for_selector("#loading", state="detached")
        page.wait_for_selector("#rendered_cells", state="visible")
        assert VOILA_ERROR_TEXT not in page.content(), f"a cell of {notebook} raised when Voila ran it"
        assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0, f"{notebook} shows its source code"
        return page

    return _open


@contextmanager
def serve_probe(root: Path, name: str, source: str, log: Path):
    """Serve a one-cell notebook ``name`` with ``source`` from ``root`` by a Voila of its own; yield its URL.

    The server is started like the session's (the repo's voila.json plus ``TEST_SERVER_ARGS``), for a test
    of one widget in a page of its own.
    """
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "probe", "metadata": {}, "outputs": [],
                   "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / name).write_text(json.dumps(notebook))
    base_url, proc = start_voila(root, log, extra_args=TEST_SERVER_ARGS)
    try:
        yield f"{base_url}/voila/render/{name}"
    finally:
        stop_voila(proc)


# Spins one core for at most 4 minutes (the fixture kills it sooner): a bounded stand-in for a busy machine.
SPIN = "import time\nend = time.monotonic() + 240\nwhile time.monotonic() < end:\n    pass\n"  # bounded


@pytest.fixture
def busy_machine():
    """Both cores busy with other processes while the test runs (each stops by itself after 4 minutes)."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(2)]
    try:
        yield
    finally:
        for proc in spinners:
            proc.kill()
            proc.wait()


def new_reader(browser, viewport: dict | None = None):
    """A learner's tab (laptop size unless ``viewport``) in a fresh context: nothing cached, as a class's first
    visit.  ``page.ninekit_external`` lists what it asked of other hosts (``keep_local``) and ``page.ninekit_errors``
    its errors.  Returns (context, page); close the context when done."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800})
    page = context.new_page()
    page.ninekit_errors = watch_errors(page)
    page.ninekit_external = keep_local(page)
    page.set_default_timeout(60_000)
    return context, page


@pytest.fixture
def reader(browser):
    """A learner's tab (``new_reader``); the test fails if the page asked for anything outside this machine."""
    context, page = new_reader(browser)
    try:
        yield page
    finally:
        assert not page.ninekit_external, f"the page asked for outside addresses: {page.ninekit_external}"
        context.close()
