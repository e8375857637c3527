"""Serving a class: N visitors open the Nine Knights app at the same moment on one Voila server.

    python benchmarks/load.py                      # N = 1, 10, 20, every visitor a headless Chromium page
    python benchmarks/load.py --chromium 2         # 2 Chromium pages, the other N - 2 visitors "light"
    python benchmarks/load.py --visitors 20 30     # other class sizes
    python benchmarks/load.py --timeout 60         # give up on a visitor after 60 s (default 120)
    python benchmarks/load.py -- --ClassroomKernelManager.max_kernels=10   # extra Voila settings

For each N, Voila is started the way ``make play`` starts it (``appdriver.start_voila``: the repo's voila.json,
the ``ninekit`` template, 127.0.0.1 only) and left to fill its preheated pool, as it would be before a class.
Then N visitors open ``/voila/render/apps/nine_knights.ipynb`` at the same moment:

- a *Chromium* visitor is a page of one headless Chromium (Debian's), in a context of its own.  It records,
  in the page's own clock from navigation start, when the server had sent the whole page (``responseEnd``:
  kernel started, notebook run) and when the app became interactive (``appdriver.INTERACTIVE`` visible) or
  showed the busy page (``appdriver.BUSY``); anything else within ``--timeout`` is a failure.  Then every
  interactive Chromium visitor plays up to the first move on the board (set-up choices clicked through) and
  all of them click a legal board square at the same moment: the click latency runs from the click to the
  app's last change, as ``appdriver.settle`` sees it;
- a *light* visitor makes the server do what a Chromium page makes it do, without rendering anything on this
  machine: it fetches the page, then every file a real page fetched (recorded by a first Chromium visit
  before the run, six at a time like a browser), opens the kernel's websocket and asks for the widgets'
  state as the page's widget manager does.  It is interactive once that state has arrived (and failed if
  the page came without the app's output, which a browser shows as a blank page).

Why light visitors: the Voila page costs a browser ~5 s of CPU (5.4 MB of JavaScript and CSS), so N Chromium
pages on the server's own 2 cores measure mostly themselves; in a class, each student's device does that
work.  ``--chromium K`` keeps K real pages, measuring what a student sees while the server carries N visitors.
The simulated browsers run at low priority (``--browser-nice``) with CSS animations off (``--animations``
turns them back on), for the same reason.

Last, the kernels' memory (VmRSS) and the CPU time of kernels, server and Chromium, from /proc.

Loopback only: the server listens on 127.0.0.1, every page request to another host is aborted (and
reported), light visitors only talk to the server.  Every wait is bounded.  Prints a markdown table; see
benchmarks/README.md ("Serving a class").
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import multiprocessing
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
BROWSER_TESTS = REPO / "tests" / "browser"
if str(BROWSER_TESTS) not in sys.path:  # appdriver is shared with the browser tests (a plain module there)
    sys.path.insert(0, str(BROWSER_TESTS))

from appdriver import (  # noqa: E402
    BUSY,
    CHOICES,
    CHROMIUM_ARGS,
    INTERACTIVE,
    LEGAL,
    NOTEBOOKS,
    SETTLE_JS,
    SIGNATURE_JS,
    chromium_executable,
    is_local,
    kernel_pids,
    rss_mb,
    start_voila,
    stop_voila,
    wait_for_kernels,
)

APP_NOTEBOOK = "apps/nine_knights.ipynb"
DEFAULT_VISITORS = (1, 10, 20)
POOL_WAIT = 180.0  # seconds at most for the preheated pool to fill before the visitors come
SETUP_CLICKS = 12  # at most this many set-up choices before the first board move
BROWSER_CONNECTIONS = 6  # parallel requests per light visitor, as a browser makes to one host
VOILA_ERROR_TEXT = "There was an error when executing cell"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # the app's output in the page
WIDGET_CONTROL_VERSION = "1.0.0"  # ipywidgets 8's widget control protocol (request_states / update_states)

# Turns CSS animations off in a simulated visitor's page (see --animations).
_NO_ANIMATIONS_JS = """(() => {
  const add = () => {
    const style = document.createElement("style");
    style.textContent = "*, *::before, *::after { animation: none !important; transition: none !important; }";
    document.head.appendChild(style);
  };
  if (document.head) { add(); return; }
  const observer = new MutationObserver(() => { if (document.head) { observer.disconnect(); add(); } });
  observer.observe(document, {childList: true, subtree: true});
})();"""

# Resolves once the app offers a first choice ("interactive") or the busy page shows ("busy"), with
# performance.now() (milliseconds since this page's navigation started); polled every 100 ms (polling every
# animation frame forces a style and layout pass 60 times a second in every page, which slows N pages down).
_OUTCOME_JS = """([interactive, busy]) => {
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  });
  if (shown(interactive)) return {state: "interactive", t: performance.now()};
  if (shown(busy)) return {state: "busy", t: performance.now()};
  return false;
}"""


@dataclass
class Visitor:
    index: int
    kind: str  # "chromium" or "light"
    state: str = "failed"  # "interactive", "busy" or "failed"
    seconds: float | None = None  # start -> interactive (or busy page)
    served: float | None = None  # start -> the server finished sending the page
    status: int | None = None  # HTTP status of the page
    why: str = ""  # for failures
    click_ms: float | None = None
    external: list[str] = field(default_factory=list)


@dataclass
class Run:
    visitors: int
    chromium: int
    results: list[Visitor]
    kernel_rss: list[float]  # MB, each kernel of the app (visitors' and preheated)
    kernel_cpu: list[float]  # CPU seconds of each kernel of the app so far (start, notebook, clicks)
    other_rss: list[float]  # MB, each other kernel (the gallery's preheated ones)
    kernels: int  # all kernels at the end
    server_cpu: float  # CPU seconds of the Voila process during the visit
    server_rss: float  # MB, the Voila process at the end
    browser_cpu: float  # CPU seconds of Chromium during the visit
    client_cpu: float  # CPU seconds of the process driving the visitors (light visitors, Playwright calls)
    pool_kernels: int  # kernels before the visitors came
    wall: float
    load: tuple[float, float, float]  # load average before

    def count(self, state: str) -> int:
        return sum(1 for v in self.results if v.state == state)

    def values(self, name: str, kind: str | None = None) -> list[float]:
        return [
            getattr(v, name)
            for v in self.results
            if v.state == "interactive" and getattr(v, name) is not None and kind in (None, v.kind)
        ]


# --- /proc --------------------------------------------------------------------------


def _cpu_seconds(pid: int) -> float:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _process_tree() -> dict[int, list[int]]:
    """Children of every process, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat[stat.rindex(")") + 2 :].split()[1]), []).append(int(entry.name))
    return children


def _descendants(root: int, skip: int | None = None) -> list[int]:
    children, found, stack = _process_tree(), [], [root]
    while stack:
        for pid in children.get(stack.pop(), []):
            if pid != skip:
                found.append(pid)
                stack.append(pid)
    return found


def _browser_cpu() -> float:
    """CPU seconds of the Chromium processes under this process."""
    total = 0.0
    for pid in _descendants(os.getpid()):
        try:
            if b"chrom" in Path(f"/proc/{pid}/cmdline").read_bytes():
                total += _cpu_seconds(pid)
        except OSError:
            continue
    return total


def wait_for_quiet_pool(proc: subprocess.Popen, timeout: float = POOL_WAIT, still: float = 3.0) -> int:
    """Wait until the server's kernel count has not changed for ``still`` seconds and the server and its kernels
    use no CPU (the preheated pool is filled and its notebooks rendered); bounded by ``timeout``."""
    deadline = time.monotonic() + timeout
    last = (-1, 0.0)
    since = time.monotonic()
    while time.monotonic() < deadline:
        pids = kernel_pids(proc)
        cpu = _cpu_seconds(proc.pid) + sum(_cpu_seconds(p) for p in pids)
        if len(pids) != last[0] or cpu - last[1] > 0.05:
            since = time.monotonic()
        last = (len(pids), cpu)
        if time.monotonic() - since >= still:
            break
        time.sleep(0.5)
    return len(kernel_pids(proc))


# --- Chromium visitors ------------------------------------------------------------------


async def _chromium_visit(browser, url: str, visitor: Visitor, timeout_s: float, animations: bool):
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    if not animations:
        await context.add_init_script(_NO_ANIMATIONS_JS)

    async def _route(route):
        if is_local(route.request.url):
            await route.continue_()
        else:
            visitor.external.append(route.request.url)
            await route.abort()

    await context.route("**/*", _route)
    page = await context.new_page()
    deadline = time.monotonic() + timeout_s
    try:
        response = await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        visitor.status = response.status if response else None
        left = max(1.0, deadline - time.monotonic())
        handle = await page.wait_for_function(_OUTCOME_JS, arg=[INTERACTIVE, BUSY], polling=100, timeout=left * 1000)
        outcome = await handle.json_value()
        visitor.state, visitor.seconds = outcome["state"], outcome["t"] / 1000.0
        end = await page.evaluate("performance.getEntriesByType('navigation')[0]?.responseEnd || null")
        visitor.served = end / 1000.0 if end else None
    except Exception as exc:  # noqa: BLE001 - a failed visitor is a result, not a crash
        visitor.state = "failed"
        try:
            text = await page.inner_text("body", timeout=2000)
        except Exception:  # noqa: BLE001
            text = ""
        visitor.why = "a cell raised" if VOILA_ERROR_TEXT in text else type(exc).__name__
    return context, page


async def _first_board_move(page, rng: random.Random) -> bool:
    """Click set-up choices (at most SETUP_CLICKS) until the board offers a legal square."""
    for _ in range(SETUP_CLICKS):
        if await page.locator(LEGAL).count():
            return True
        buttons = [b for b in await page.locator(CHOICES).all() if await b.is_visible()]
        if not buttons:
            return False
        before = await page.evaluate(SIGNATURE_JS)
        await rng.choice(buttons).click(timeout=30_000)
        await page.evaluate(SETTLE_JS, [before, 150, 30_000])
    return bool(await page.locator(LEGAL).count())


async def _timed_click(page, visitor: Visitor, rng: random.Random, go: asyncio.Event) -> None:
    """Click a legal board square when ``go`` is set; record the time to the app's last change."""
    target = rng.choice(await page.locator(LEGAL).all())
    before = await page.evaluate(SIGNATURE_JS)
    await go.wait()
    t0 = await page.evaluate("performance.now()")
    await target.click(timeout=30_000)
    settled = await page.evaluate(SETTLE_JS, [before, 150, 30_000])
    if settled["result"] == "changed" and settled["lastChange"] is not None:
        visitor.click_ms = settled["lastChange"] - t0


async def record_assets(browser, url: str, timeout_s: float) -> list[str]:
    """Open the app once in Chromium and list the paths (with query) of every file the page fetched from the
    server after the page itself; close the page the way a visitor leaves (its kernel is shut down)."""
    context = await browser.new_context()
    page = await context.new_page()
    paths: list[str] = []

    def _seen(request):
        parts = urlsplit(request.url)
        if is_local(request.url) and parts.scheme.startswith("http") and request.url != url:
            paths.append(parts.path + (f"?{parts.query}" if parts.query else ""))

    page.on("request", _seen)
    try:
        await page.goto(url, timeout=timeout_s * 1000)
        await page.wait_for_selector(INTERACTIVE, state="visible", timeout=timeout_s * 1000)
        await page.wait_for_load_state("networkidle", timeout=timeout_s * 1000)
    finally:
        await page.close(run_before_unload=True)
        await context.close()
    skip = ("/api/kernels/", "/voila/api/shutdown/")  # the kernel and its shutdown are not files
    return [p for p in dict.fromkeys(paths) if not any(s in p for s in skip)]


# --- light visitors -----------------------------------------------------------------------


def _message(msg_type: str, channel: str, content: dict, session: str, metadata: dict | None = None) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": session,
        "username": "load",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "version": "5.3",
    }
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": channel,
            "buffers": [],
        }
    )


def _decode(raw: str | bytes) -> dict:
    """A kernel message from the websocket's default ("legacy") protocol: JSON text, or, when the message has
    binary buffers, a frame of big-endian uint32 offsets whose first part is the JSON."""
    if isinstance(raw, str):
        return json.loads(raw)
    count = int.from_bytes(raw[:4], "big")
    offsets = [int.from_bytes(raw[4 * (i + 1) : 4 * (i + 2)], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(raw)
    return json.loads(raw[offsets[0] : end])


async def _light_visit(base: str, path: str, assets: list[str], visitor: Visitor, timeout_s: float):
    """What a browser makes the server do, without rendering: page, files, kernel websocket, widget state."""
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError
    from tornado.websocket import websocket_connect

    client = AsyncHTTPClient(force_instance=True, max_clients=BROWSER_CONNECTIONS)
    start = time.monotonic()
    deadline = start + timeout_s
    ws = None
    try:
        try:
            response = await client.fetch(base + path, request_timeout=timeout_s)
        except HTTPClientError as exc:
            visitor.status = exc.code
            if exc.code == 503 and exc.response is not None and b"ninekit-busy" in exc.response.body:
                visitor.state, visitor.seconds = "busy", time.monotonic() - start
            else:
                visitor.why = f"HTTP {exc.code}"
            return None
        visitor.status = response.code
        visitor.served = time.monotonic() - start
        html = response.body.decode()
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
        if VOILA_ERROR_TEXT in html or not found or WIDGET_VIEW not in html:
            # A cell raised; or its output, the app, never reached the page (a blank page in a browser).
            visitor.why = "a cell raised" if VOILA_ERROR_TEXT in html else "no app in the page"
            return None
        await asyncio.gather(
            *(client.fetch(base + a, request_timeout=max(1.0, deadline - time.monotonic())) for a in assets)
        )
        session = uuid.uuid4().hex
        ws_url = "ws" + base[len("http") :] + f"/api/kernels/{found.group(1)}/channels?session_id={session}"
        ws = await asyncio.wait_for(websocket_connect(ws_url), max(1.0, deadline - time.monotonic()))
        comm_id = uuid.uuid4().hex
        meta = {"version": WIDGET_CONTROL_VERSION}
        await ws.write_message(_message("kernel_info_request", "shell", {}, session))
        await ws.write_message(
            _message(
                "comm_open",
                "shell",
                {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                session,
                meta,
            )
        )
        await ws.write_message(
            _message("comm_msg", "shell", {"comm_id": comm_id, "data": {"method": "request_states"}}, session, meta)
        )
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no widget state")
            raw = await asyncio.wait_for(ws.read_message(), left)
            if raw is None:
                raise ConnectionError("websocket closed")
            msg = _decode(raw)
            content = msg.get("content", {})
            if (
                msg.get("header", {}).get("msg_type") == "comm_msg"
                and content.get("comm_id") == comm_id
                and content.get("data", {}).get("method") == "update_states"
            ):
                visitor.state, visitor.seconds = "interactive", time.monotonic() - start
                return ws  # kept open until the end, like a student's page
    except Exception as exc:  # noqa: BLE001 - a failed visitor is a result, not a crash
        visitor.state, visitor.why = "failed", visitor.why or type(exc).__name__
        if ws is not None:
            ws.close()
        return None
    finally:
        client.close()


# --- one run ------------------------------------------------------------------------------


async def _run_visitors(
    base: str,
    n: int,
    chromium_count: int,
    timeout_s: float,
    seed: int,
    voila_pid: int,
    animations: bool,
) -> tuple[list[Visitor], float]:
    from playwright.async_api import async_playwright

    url = f"{base}/voila/render/{APP_NOTEBOOK}"
    visitors = [Visitor(i, "chromium" if i < chromium_count else "light") for i in range(n)]
    browser_cpu = 0.0
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium_executable(), headless=True, args=CHROMIUM_ARGS)
        sockets = []
        try:
            assets: list[str] = []
            if chromium_count < n:
                # The first visit takes a kernel from the pool; wait until the pool has its kernel back.
                kernels = len(kernel_pids(_Pid(voila_pid)))
                assets = await record_assets(browser, url, timeout_s)
                await asyncio.to_thread(wait_for_kernels, _Pid(voila_pid), kernels, POOL_WAIT, 0.0)
                await asyncio.to_thread(wait_for_quiet_pool, _Pid(voila_pid))
            cpu_before = _browser_cpu()
            chromium = [v for v in visitors if v.kind == "chromium"]
            light = [v for v in visitors if v.kind == "light"]
            opened, sockets = await asyncio.gather(
                asyncio.gather(*(_chromium_visit(browser, url, v, timeout_s, animations) for v in chromium)),
                asyncio.gather(
                    *(_light_visit(base, f"/voila/render/{APP_NOTEBOOK}", assets, v, timeout_s) for v in light)
                ),
            )
            ready = [(v, page) for v, (_, page) in zip(chromium, opened) if v.state == "interactive"]
            rngs = {v.index: random.Random(seed + v.index) for v, _ in ready}

            async def _prepare(v, page):
                try:
                    return await asyncio.wait_for(_first_board_move(page, rngs[v.index]), timeout_s)
                except Exception:  # noqa: BLE001
                    return False

            prepared = await asyncio.gather(*(_prepare(v, page) for v, page in ready))
            go = asyncio.Event()
            clicks = [
                asyncio.ensure_future(asyncio.wait_for(_timed_click(page, v, rngs[v.index], go), timeout_s))
                for (v, page), ok in zip(ready, prepared)
                if ok
            ]
            await asyncio.sleep(0.5)  # every visitor has found its square: all click at once
            go.set()
            await asyncio.gather(*clicks, return_exceptions=True)
            browser_cpu = _browser_cpu() - cpu_before
            for context, _ in opened:
                await context.close()
        finally:
            for ws in sockets or []:
                if ws is not None:
                    ws.close()
            await browser.close()
    return visitors, browser_cpu


class _Pid:
    """Enough of a Popen for kernel_pids / wait_for_quiet_pool."""

    def __init__(self, pid: int):
        self.pid = pid


def _visitors_process(base, n, chromium_count, timeout_s, seed, voila_pid, animations, niceness):
    """The visitors' side of a run, in a process of its own at lower priority (``niceness``): the simulated
    students' browsers and clients yield the CPU to the server, as the students' own devices would not take the
    server's CPU.  Returns (visitors as dicts, Chromium CPU seconds, this process's CPU seconds)."""
    if niceness:
        os.nice(niceness)
    visitors, browser_cpu = asyncio.run(_run_visitors(base, n, chromium_count, timeout_s, seed, voila_pid, animations))
    own = os.times()
    return [asdict(v) for v in visitors], browser_cpu, own.user + own.system


def run_once(
    n: int,
    timeout_s: float,
    extra_args: list[str],
    log_path: Path,
    chromium_count: int | None = None,
    seed: int = 1,
    browser_nice: int = 19,
    animations: bool = False,
) -> Run:
    chromium_count = n if chromium_count is None else min(n, chromium_count)
    # Every simulated student comes from this machine's one address: lift the per-client bound, which would
    # otherwise give the seventh the busy page (docs/deploying.md, max_per_client).
    extra_args = ["--ClassroomKernelManager.max_per_client=0", *extra_args]
    base, proc = start_voila(NOTEBOOKS, log_path, extra_args=extra_args)
    try:
        pool = wait_for_quiet_pool(proc)
        load = os.getloadavg()
        cpu_before = _cpu_seconds(proc.pid)
        started = time.monotonic()
        with multiprocessing.get_context("spawn").Pool(1) as workers:
            found, browser_cpu, client_cpu = workers.apply(
                _visitors_process,
                (base, n, chromium_count, timeout_s, seed, proc.pid, animations, browser_nice),
            )
        results = [Visitor(**v) for v in found]
        wall = time.monotonic() - started
        pids = kernel_pids(proc)  # the pages are closed now, but their kernels are still there
        apps = [p for p in pids if _cwd(p) == NOTEBOOKS / "apps"]  # the app's kernels, used or preheated
        rss = [r for r in (rss_mb(p) for p in apps) if r is not None]
        cpu = [_cpu_seconds(p) for p in apps]
        others = [r for r in (rss_mb(p) for p in pids if p not in apps) if r is not None]
        server_cpu = _cpu_seconds(proc.pid) - cpu_before
        server_rss = rss_mb(proc.pid) or 0.0
    finally:
        stop_voila(proc)
    return Run(
        n,
        chromium_count,
        results,
        rss,
        cpu,
        others,
        len(pids),
        server_cpu,
        server_rss,
        browser_cpu,
        client_cpu,
        pool,
        wall,
        load,
    )


def _cwd(pid: int) -> Path | None:
    try:
        return Path(os.readlink(f"/proc/{pid}/cwd"))
    except OSError:
        return None


# --- report ---------------------------------------------------------------------------------


def _fmt(values: list[float], fn, unit: str, digits: int = 1) -> str:
    return f"{fn(values):.{digits}f} {unit}" if values else "–"


def table(runs: list[Run]) -> str:
    lines = [
        "| Visitors at once | of them Chromium | Interactive | Busy page | Failed | Page served, median "
        "| Interactive, median | max | Chromium visitors interactive, median | One click, median "
        "| App kernel RSS, median | Kernels | App kernel CPU, median | Server CPU per visitor | Chromium CPU per page "
        "| Load before |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: |",
    ]
    for r in runs:
        lines.append(
            f"| {r.visitors} | {r.chromium} | {r.count('interactive')} | {r.count('busy')} | {r.count('failed')} "
            f"| {_fmt(r.values('served'), statistics.median, 's')} "
            f"| {_fmt(r.values('seconds'), statistics.median, 's')} | {_fmt(r.values('seconds'), max, 's')} "
            f"| {_fmt(r.values('seconds', 'chromium'), statistics.median, 's')} "
            f"| {_fmt(r.values('click_ms'), statistics.median, 'ms', 0)} "
            f"| {_fmt(r.kernel_rss, statistics.median, 'MB', 0)} | {r.kernels} "
            f"| {_fmt(r.kernel_cpu, statistics.median, 's', 2)} | {r.server_cpu / r.visitors:.2f} s "
            f"| {r.browser_cpu / max(1, r.chromium):.1f} s | {r.load[0]:.1f} |"
        )
    return "\n".join(lines)


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem = int(Path("/proc/meminfo").read_text().split()[1]) / 1024 / 1024
    except (OSError, ValueError, IndexError):
        mem = 0.0
    try:
        import voila

        voila_version = voila.__version__
    except ImportError:
        voila_version = "?"
    return (
        f"{datetime.date.today().isoformat()}, {os.cpu_count()} CPUs ({model or platform.machine()}), "
        f"{mem:.0f} GB RAM, Python {platform.python_version()}, Voila {voila_version}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, nargs="+", default=list(DEFAULT_VISITORS), help="values of N")
    parser.add_argument(
        "--chromium", type=int, default=None, help="how many visitors are Chromium pages (default: all)"
    )
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a visitor counts as failed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--details", action="store_true", help="also print each visitor")
    parser.add_argument(
        "--animations",
        action="store_true",
        help="keep CSS animations on in the Chromium pages (default off: Voila's loading spinner would repaint "
        "60 times a second in each of N pages, on the server's own CPUs)",
    )
    parser.add_argument(
        "--browser-nice",
        type=int,
        default=19,
        help="niceness of the simulated visitors (Chromium and the light clients; default 19: they yield the CPU "
        "to the server, as the students' own devices would not take the server's; 0: compete with it)",
    )
    parser.add_argument("voila_args", nargs="*", help="extra Voila arguments (after --), override voila.json")
    args = parser.parse_args(argv)
    if not os.access(chromium_executable(), os.X_OK):
        print(f"Chromium not found at {chromium_executable()}; apt-get install chromium", file=sys.stderr)
        return 2
    if any(n < 1 or n > 200 for n in args.visitors):
        print("--visitors: between 1 and 200", file=sys.stderr)
        return 2
    print(machine())
    if args.voila_args:
        print("Voila arguments: " + " ".join(args.voila_args))
    runs = []
    for n in args.visitors:
        fd, name = tempfile.mkstemp(prefix=f"ninekit-load-{n}-", suffix=".log")
        os.close(fd)
        log = Path(name)
        run = run_once(
            n, args.timeout, args.voila_args, log, args.chromium, args.seed, args.browser_nice, args.animations
        )
        runs.append(run)
        failed = [v for v in run.results if v.state == "failed"]
        external = sorted({u for v in run.results for u in v.external})
        print(
            f"N={n}: {run.wall:.0f} s, {run.pool_kernels} preheated kernels before, server CPU {run.server_cpu:.1f} s, "
            f"Chromium CPU {run.browser_cpu:.1f} s, visitors' driver CPU {run.client_cpu:.1f} s, "
            f"server RSS {run.server_rss:.0f} MB, other kernels' RSS median "
            f"{_fmt(run.other_rss, statistics.median, 'MB', 0)}"
            + (f", failures: {[v.why for v in failed]}" if failed else "")
            + (f", blocked requests to other hosts: {external}" if external else "")
        )
        if args.details:
            for v in run.results:
                print(
                    f"  visitor {v.index} ({v.kind}): {v.state} (HTTP {v.status}) served {v.served}, interactive "
                    f"{v.seconds}, click {v.click_ms} ms {v.why}"
                )
        if failed:
            print(f"  server log kept: {log}")
        else:
            log.unlink(missing_ok=True)
    print()
    print(table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
