"""Serving a class: the settings of voila.json are in force where the apps are served (docs/deploying.md).

- Nothing is fetched from outside the machine and no source code is shown: every page the browser tests open
  is held to that (the ``page`` fixture after each test, ``open_app`` for the source; the gallery and an app in
  the dark theme: tests/browser/test_game_feel.py).
- The served configuration is the repo's: the ``ninekit`` template, the preheated pool, idle culling with
  voila.json's values; and a page that is closed asks the server to shut its kernel down, and is obeyed.
- A kernel whose page went away without a word (a crash, a lost connection) is culled once it has had no
  connection for the cull timeout - counted from the disconnection, so a player who thought for long and
  then lost the connection for a moment keeps the game - while an open, idle page keeps its kernel.
- Beyond the kernel cap, or after waiting in line to start a kernel too long, a visitor gets the busy page
  (HTTP 503, "please retry in a minute") rather than a page that never loads; once a kernel is freed, the
  app loads again.

The last two start a Voila of their own (as ``make play`` does, with short timeouts or a cap of one kernel
given on the command line); every wait is bounded.
"""

from __future__ import annotations

import json
import random
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from appdriver import (
    BUSY,
    INTERACTIVE,
    NOTEBOOKS,
    SERVING,
    click_like_a_person,
    keep_local,
    kernel_alive,
    kernel_id_of,
    kernel_pids,
    start_voila,
    stop_voila,
    wait_until,
)
from conftest import VOILA_ERROR_TEXT

pytestmark = pytest.mark.browser

APP = "apps/nine_knights.ipynb"
VOILA_JSON = json.loads((SERVING / "voila.json").read_text())
SHUTDOWN_WAIT = 15.0  # seconds for a closed page's kernel to go (it goes at once; the margin is for a busy CPU)
CULL_TIMEOUT = 3  # seconds, for the servers this module starts
CULL_INTERVAL = 1


@contextmanager
def own_voila(artifacts_dir: Path, name: str, *args: str):
    """A Voila of this module's own, started like ``make play`` with ``args`` overriding voila.json."""
    base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / f"voila-{name}.log", extra_args=args)
    try:
        yield base_url
    finally:
        stop_voila(proc)


def _new_page(browser):
    """A page in a context of its own (a visitor of its own), kept off the network like the ``page`` fixture's;
    ``context.ninekit_external`` lists what it asked of other hosts."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.ninekit_external = keep_local(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def _open_app(page, base_url: str, notebook: str = APP):
    response = page.goto(f"{base_url}/voila/render/{notebook}", wait_until="domcontentloaded")
    page.wait_for_selector(f"{INTERACTIVE}, {BUSY}", state="visible")
    return response


# --- the served configuration ------------------------------------------------------------------------


def test_served_configuration_is_the_repos(open_app, voila):
    """The session's server (started like ``make play``) renders with the ``ninekit`` template, serves the app
    from its preheated pool, and culls idle kernels with voila.json's timeout and interval."""
    # The pool holds one kernel per page here, filled one kernel at a time after the server starts and refilled
    # after each visit: wait until the app's pool holds a kernel (on a busy machine it may not yet), then the
    # server must serve the visitor from it.
    filled, used = f"Kernel pool of {APP} is filled", "Using pre-heated kernel: "

    def app_pool_ready() -> bool:
        lines = [line for line in voila.log.read_text().splitlines() if APP in line]
        return any(filled in line for line in lines) and filled in next(
            line for line in reversed(lines) if filled in line or used in line)

    assert wait_until(app_pool_ready, 120), f"the pool of {APP} did not fill"
    page = open_app(APP)
    page.wait_for_selector(INTERACTIVE, state="visible")
    assert "/voila/templates/ninekit/static/" in page.content()
    culling = VOILA_JSON["MappingKernelManager"]
    expected = (
        f"Culling kernels with idle durations > {culling['cull_idle_timeout']} seconds "
        f"at {culling['cull_interval']} second intervals"
    )
    assert culling["cull_idle_timeout"] > 0 and culling["cull_connected"] is False
    log = voila.log.read_text()
    assert expected in log, f"the server does not cull as voila.json says ({expected!r}); log:\n{log[-3000:]}"
    assert f"Using pre-heated kernel: {kernel_id_of(page)} for {APP}" in log


def test_closed_page_shuts_its_kernel_down(browser, voila):
    """Leaving the page (its ``beforeunload``) shuts the kernel down at once: the shutdown request carries the
    ``_xsrf`` cookie the template sets, and the server accepts it."""
    context, page = _new_page(browser)
    try:
        _open_app(page, voila.base_url)
        kernel = kernel_id_of(page)
        assert kernel_alive(voila.base_url, kernel)
        assert any(c["name"] == "_xsrf" for c in context.cookies())
        page.close(run_before_unload=True)
        assert wait_until(lambda: not kernel_alive(voila.base_url, kernel), SHUTDOWN_WAIT), (
            f"kernel {kernel} still runs {SHUTDOWN_WAIT:g} s after its page was closed"
        )
    finally:
        context.close()


# --- culling -----------------------------------------------------------------------------------------


def test_kernels_without_a_page_are_culled_open_pages_keep_theirs(browser, artifacts_dir):
    """With a cull timeout of 3 s: a page that vanished without a word loses its kernel; the idle time counts
    from the disconnection; an open page left idle longer than the timeout keeps its kernel and plays on."""
    args = (
        f"--MappingKernelManager.cull_idle_timeout={CULL_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--pool_size=0",
    )
    with own_voila(artifacts_dir, "cull", *args) as base_url:
        staying, page = _new_page(browser)
        leaving, gone = _new_page(browser)
        try:
            _open_app(page, base_url)
            _open_app(gone, base_url)
            kept, culled = kernel_id_of(page), kernel_id_of(gone)
            time.sleep(CULL_TIMEOUT + 2 * CULL_INTERVAL)  # both idle past the timeout, both connected
            assert kernel_alive(base_url, culled) and kernel_alive(base_url, kept)
            leaving.close()  # no beforeunload: the page just vanishes, as in a crash or a lost connection
            time.sleep(CULL_TIMEOUT / 2)
            assert kernel_alive(base_url, culled), "culled right after the disconnection, not a timeout after it"
            assert wait_until(lambda: not kernel_alive(base_url, culled), CULL_TIMEOUT + 10 * CULL_INTERVAL), (
                f"the kernel of a vanished page still runs {CULL_TIMEOUT + 10 * CULL_INTERVAL} s later"
            )
            assert kernel_alive(base_url, kept), "the kernel of an open page was culled"
            click = click_like_a_person(page, random.Random(1))
            assert click is not None and click[1] == "changed", f"the open page no longer plays: {click}"
        finally:
            for context in (staying, leaving):
                context.close()


# --- the busy page -----------------------------------------------------------------------------------


def test_busy_page_beyond_the_kernel_cap(browser, artifacts_dir):
    """With a cap of one kernel: the second visitor gets the busy page (HTTP 503, retry in a minute, nothing
    fetched from other hosts); when the first leaves, the second one's retry gets the app."""
    with own_voila(artifacts_dir, "cap", "--ClassroomKernelManager.max_kernels=1", "--pool_size=0") as base_url:
        first, page = _new_page(browser)
        second, other = _new_page(browser)
        try:
            assert _open_app(page, base_url).status == 200
            page.wait_for_selector(INTERACTIVE, state="visible")
            response = _open_app(other, base_url)
            assert response.status == 503
            text = other.inner_text(BUSY)
            assert "busy" in text and "retry in a minute" in text, text
            assert other.locator(INTERACTIVE).count() == 0
            other.wait_for_load_state("networkidle")
            assert second.ninekit_external == [], f"the busy page asked other hosts for {second.ninekit_external}"
            other.screenshot(path=str(artifacts_dir / "busy.png"))
            kernel = kernel_id_of(page)
            page.close(run_before_unload=True)  # the first visitor leaves: its kernel is shut down
            assert wait_until(lambda: not kernel_alive(base_url, kernel), SHUTDOWN_WAIT), "the cap did not free up"
            other.click("#ninekit-busy-retry")
            other.wait_for_selector(INTERACTIVE, state="visible")
            assert VOILA_ERROR_TEXT not in other.content()
        finally:
            first.close()
            second.close()


def test_more_visitors_to_one_page_than_its_pool_holds_all_get_in(browser, artifacts_dir):
    """Every student gets in: with a cap of 8 kernels and pools of 2 for each of the six preheated pages (the
    pools fill 6, leaving 2 to visitors), four visitors to one app all get the app, never the busy page: the
    first from its pool, then fresh kernels up to the cap, then in the place of other pages' idle pool kernels."""
    args = ("--ClassroomKernelManager.max_kernels=8", "--pool_size=2", "--VoilaKernelManager.fill_delay=0")
    base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / "voila-pools.log", extra_args=args)
    pages = []
    try:
        assert wait_until(lambda: len(kernel_pids(proc)) >= 6, 120), "the pools did not fill"
        time.sleep(3)
        assert len(kernel_pids(proc)) == 6, "the pools leave visitor_reserve (2) of the cap free"
        for n in range(1, 5):  # 6 pool kernels + 3 more visitors > 8: at least one takes an idle pool kernel's place
            pages.append(_new_page(browser))
            page = pages[-1][1]
            response = _open_app(page, base_url)
            assert response.status == 200 and page.locator(BUSY).count() == 0, f"visitor {n} was turned away"
            page.wait_for_selector(INTERACTIVE, state="visible")
            assert VOILA_ERROR_TEXT not in page.content()
        assert len(kernel_pids(proc)) <= 8
    finally:
        for context, _page in pages:
            context.close()
        stop_voila(proc)


def test_plain_requests_that_never_connect_lose_their_kernels_within_seconds(browser, artifacts_dir):
    """No lockout: a loop of plain HTTP requests (no browser, no websocket) takes kernels up to the cap, but each
    is shut down a few seconds after nobody connected to it (connect_timeout), so a student arriving a moment
    later gets the app; a real page keeps its kernel however long it then stays idle."""
    args = ("--ClassroomKernelManager.max_kernels=3", "--pool_size=0", "--ClassroomKernelManager.connect_timeout=3")
    base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / "voila-connect.log", extra_args=args)
    context, page = _new_page(browser)
    try:
        statuses = []
        for _ in range(4):  # one more than the cap
            try:
                with urllib.request.urlopen(f"{base_url}/voila/render/{APP}", timeout=60) as response:
                    response.read()
                    statuses.append(response.status)
            except urllib.error.HTTPError as exc:
                statuses.append(exc.code)
        assert statuses.count(200) >= 3 and set(statuses) <= {200, 503}, statuses  # the flood took kernels
        assert wait_until(lambda: len(kernel_pids(proc)) == 0, 30), "kernels no page connected to were kept"
        assert _open_app(page, base_url).status == 200
        page.wait_for_selector(INTERACTIVE, state="visible")
        kernel = kernel_id_of(page)
        time.sleep(3 + 2)  # idle past the connect timeout (3 s, checked every 0.75 s), but connected: kept
        assert kernel_alive(base_url, kernel)
    finally:
        context.close()
        stop_voila(proc)


def _status_from(base_url: str, address: str) -> int:
    """HTTP status of a plain request for the app sent from ``address`` (another loopback address: another
    client for the server)."""
    import http.client
    from urllib.parse import urlsplit

    url = urlsplit(base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60, source_address=(address, 0))
    try:
        connection.request("GET", f"/voila/render/{APP}")
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_one_client_cannot_take_every_kernel(browser, artifacts_dir):
    """No lockout: one address holds at most max_per_client kernels (here 2); its next page gets the busy page,
    while a student at another address is served."""
    args = ("--ClassroomKernelManager.max_per_client=2", "--pool_size=0")
    base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / "voila-per-client.log", extra_args=args)
    pages = [_new_page(browser) for _ in range(3)]
    try:
        for _context, page in pages[:2]:
            assert _open_app(page, base_url).status == 200
            page.wait_for_selector(INTERACTIVE, state="visible")
        third = pages[2][1]
        assert _open_app(third, base_url).status == 503 and "busy" in third.inner_text(BUSY)
        assert _status_from(base_url, "127.0.0.2") == 200
    finally:
        for context, _page in pages:
            context.close()
        stop_voila(proc)


def _status(base_url: str) -> int:
    """HTTP status of a plain request for the app; a kernel it gets is shut down at once, as a closed page's."""
    try:
        with urllib.request.urlopen(f"{base_url}/voila/render/{APP}", timeout=60) as response:
            body = response.read().decode()
            kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', body)
            if kernel:  # hand the kernel back at once, as a closed page does
                _shutdown(base_url, kernel.group(1))
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def _shutdown(base_url: str, kernel: str) -> None:
    token = "0123456789abcdef0123456789abcdef"
    request = urllib.request.Request(
        f"{base_url}/voila/api/shutdown/{kernel}",
        data=f"_xsrf={token}".encode(),
        headers={"Cookie": f"_xsrf={token}", "Content-Type": "application/x-www-form-urlencoded"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30):
        pass


def test_busy_page_after_waiting_in_line_too_long(artifacts_dir):
    """With one kernel starting at a time and a line that may not wait at all, of two visitors arriving
    together one gets the app and the other the busy page - never a page that hangs or fails."""
    args = (
        "--ClassroomKernelManager.max_starting=1",
        "--ClassroomKernelManager.start_queue_timeout=0.05",
        "--pool_size=0",
    )
    with own_voila(artifacts_dir, "line", *args) as base_url:
        statuses: list[int] = []
        visitors = [threading.Thread(target=lambda: statuses.append(_status(base_url))) for _ in range(2)]
        for visitor in visitors:
            visitor.start()
        for visitor in visitors:
            visitor.join(timeout=90)
        assert sorted(statuses) == [200, 503], statuses


def test_a_server_whose_port_another_process_answers_starts_on_another(artifacts_dir, monkeypatch):
    """A CI run failed when a kernel of another test worker's server took the port free_port() had just given
    (between the choice and Voila's bind): the probe then read ZeroMQ bytes, not HTTP ("BadStatusLine"), and the
    test errored.  Whatever answers a port with something other than HTTP is not our Voila: start_voila tries
    another port, as when Voila itself says the port is in use."""
    import appdriver

    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]

    def answer_like_a_kernel():
        while True:
            try:
                conn, _ = taken.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"\xff\x00\x00\x00\x00\x00\x00\x00\x01\x7f3\x01kernel.x.status\r\n")

    threading.Thread(target=answer_like_a_kernel, daemon=True).start()
    ports = iter([port])
    free = appdriver.free_port
    monkeypatch.setattr(appdriver, "free_port", lambda: next(ports, None) or free())
    try:
        base_url, proc = start_voila(NOTEBOOKS, artifacts_dir / "voila-port-taken.log", extra_args=("--pool_size=0",))
        try:
            assert not base_url.endswith(f":{port}")
            with urllib.request.urlopen(base_url + "/", timeout=10) as response:
                assert response.status == 200
        finally:
            stop_voila(proc)
    finally:
        taken.close()
