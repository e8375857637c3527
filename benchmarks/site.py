"""The static site (``make site``: Voici + Pyodide) next to Voila, in one run: size, time to interactive, clicks.

    python benchmarks/site.py                 # needs site/ (make site) and Chromium; about 3 minutes
    python benchmarks/site.py --repeats 5 --clicks 20

For the Nine Knights app, on this machine, both served on loopback (the site by a plain static file server as
``make serve-site`` does, Voila as ``make play`` does but with no preheated kernel, as in run.py ``--voila``):

- the site's size on disk, and the bytes a first visit and a reload transfer;
- time to interactive (navigation start -> the first legal choice visible, in the page's clock), cold (a browser
  with a fresh profile: an empty cache) and warm (the page opened again in the browser whose disk cache the
  first visits filled);
- where a cold visit's time goes on the site, from the page's own console: the front end (until the kernel is
  started), Pyodide and the preloaded packages (until the kernel reports its packages loaded), the notebook's
  run and the first drawing (until interactive);
- click latency: a click on a legal board item or choice until the app has changed and is still again
  (the computer's answer included), median over ``--clicks`` clicks of a seeded game.

Nothing here is a timed test.  See benchmarks/README.md, "Static site".
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests" / "browser")]  # run.py; appdriver.py (as run.py does)

from appdriver import (  # noqa: E402
    CHOICES,
    CHROMIUM_ARGS,
    INTERACTIVE,
    LEGAL,
    NOTEBOOKS,
    REPO,
    SETTLE_JS,
    chromium_executable,
    is_local,
    serve_static,
    signature,
    start_voila,
    stop_voila,
    visible,
)
from run import READY_JS, READY_SELECTOR  # noqa: E402

SITE = REPO / "site"
APP = "apps/nine_knights"
# Console lines the site's page logs as it starts: the kernel's connection, then its packages loaded.
KERNEL_STARTED = "Starting WebSocket"
PACKAGES_LOADED = "No new packages to load"


def site_size(root: Path) -> tuple[int, int]:
    """(bytes, files) of the site on disk."""
    files = [p for p in root.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def new_profile(playwright, chromium: str):
    """A browser with a fresh profile of its own (an empty disk cache, as a first visit has), offline."""
    folder = tempfile.mkdtemp(prefix="ninekit-profile-")
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=chromium, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900})
    context.ninekit_profile = folder
    return context


def close_profile(context) -> None:
    context.close()
    shutil.rmtree(context.ninekit_profile, ignore_errors=True)


def visit(context, url: str, timeout_s: float = 180.0) -> dict:
    """Open ``url`` in ``context``; return time to interactive (s), bytes transferred and the console phases."""
    page = context.new_page()
    received = [0]  # bytes
    external: list[str] = []  # requests that left this machine
    phases: dict[str, float] = {}
    start = time.monotonic()

    def on_finished(request):
        sizes = request.sizes()
        received[0] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    def on_console(message):
        for name, text in (("kernel", KERNEL_STARTED), ("packages", PACKAGES_LOADED)):
            if text in message.text and name not in phases:
                phases[name] = time.monotonic() - start

    page.on("requestfinished", on_finished)
    page.on("console", on_console)
    page.on("request", lambda request: is_local(request.url) or external.append(request.url))
    try:
        page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        handle = page.wait_for_function(READY_JS, arg=READY_SELECTOR, polling="raf", timeout=timeout_s * 1000)
        tti = float(handle.json_value()) / 1000.0
        page.wait_for_timeout(500)  # requests still in flight at that moment
        return {"tti": tti, "bytes": received[0], "phases": phases, "external": external}
    finally:
        page.close()


def click_latencies(context, url: str, clicks: int, seed: int = 9) -> list[float]:
    """Seconds from a click on a legal item (or choice) until the app is changed and still, ``clicks`` times."""
    page = context.new_page()
    rng = random.Random(seed)
    out: list[float] = []
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_selector(INTERACTIVE, state="visible", timeout=180_000)
        while len(out) < clicks:
            legal = page.locator(f"{LEGAL}:not(.nk-switch)").all()
            targets = legal or visible(page.locator(CHOICES))
            if not targets:
                break  # the game ended
            before = signature(page)
            clicked_at = page.evaluate("() => performance.now()")
            rng.choice(targets).click()
            settled = page.evaluate(SETTLE_JS, [before, 150, 15_000])
            if settled["result"] != "changed" or settled["lastChange"] is None:
                break
            out.append((settled["lastChange"] - clicked_at) / 1000.0)
    finally:
        page.close()
    return out


def measure(playwright, chromium: str, url: str, repeats: int, clicks: int) -> dict:
    """Cold visits (each in a fresh profile), then warm ones (reloads with the last profile's disk cache), then
    click latency."""
    colds, warms, cold_bytes, warm_bytes, kept, external = [], [], [], [], [], []
    context = None
    try:
        for _ in range(repeats):
            if context is not None:
                close_profile(context)
            context = new_profile(playwright, chromium)
            first = visit(context, url)
            colds.append(first["tti"])
            cold_bytes.append(first["bytes"])
            kept.append(first["phases"])
            external += first["external"]
        for _ in range(repeats):
            again = visit(context, url)
            warms.append(again["tti"])
            warm_bytes.append(again["bytes"])
            external += again["external"]
        latencies = click_latencies(context, url, clicks)
    finally:
        if context is not None:
            close_profile(context)
    return {"cold": colds, "warm": warms, "cold_bytes": cold_bytes, "warm_bytes": warm_bytes,
            "phases": kept, "clicks": latencies, "external": external}


def _row(name: str, result: dict) -> str:
    med = statistics.median
    clicks = result["clicks"]
    click = (f"{med(clicks) * 1000:.0f} ms (max {max(clicks) * 1000:.0f} ms, {len(clicks)} clicks)" if clicks
             else "n/a")
    return (f"| {name} | {med(result['cold']):.2f} s ({', '.join(f'{t:.2f}' for t in result['cold'])}) "
            f"| {med(result['warm']):.2f} s ({', '.join(f'{t:.2f}' for t in result['warm'])}) "
            f"| {med(result['cold_bytes']) / 1e6:.1f} MB / {med(result['warm_bytes']) / 1e6:.2f} MB | {click} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="cold and warm visits each (median reported)")
    parser.add_argument("--clicks", type=int, default=12, help="clicks timed for the latency")
    parser.add_argument("--no-voila", action="store_true", help="only the site")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print("site/ is not built: run `make site` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    size, files = site_size(SITE)
    print(f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"site/: {size / 1e6:.1f} MB in {files} files")
    results = {}
    chromium = chromium_executable()
    with sync_playwright() as p:
        with serve_static(SITE) as base:
            results["Static site (Voici + Pyodide)"] = measure(
                p, chromium, f"{base}/voici/render/{APP}.html", args.repeats, args.clicks)
        if not args.no_voila:
            log = REPO / "build" / "bench-voila.log"
            log.parent.mkdir(exist_ok=True)
            base, proc = start_voila(NOTEBOOKS, log, extra_args=("--pool_size=0",))
            try:
                results["Voila (a kernel per visitor)"] = measure(
                    p, chromium, f"{base}/voila/render/{APP}.ipynb", args.repeats, args.clicks)
            finally:
                stop_voila(proc)
    print("\n| Nine Knights app | cold time to interactive | warm (reload) | transferred cold / warm | click latency |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, result in results.items():
        print(_row(name, result))
    site = results["Static site (Voici + Pyodide)"]
    print("\nWhere a cold visit to the site goes (s since navigation; median):")
    for name in ("kernel", "packages"):
        values = [p[name] for p in site["phases"] if name in p]
        if values:
            print(f"  {name:9s} {statistics.median(values):.2f}")
    print(f"  drawn     {statistics.median(site['cold']):.2f}")
    for name, result in results.items():
        if result["external"]:
            print(f"{name}: requests that left this machine: {result['external']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
