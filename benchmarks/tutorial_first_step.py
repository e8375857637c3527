"""How soon a tutorial shows its first lesson step, next to how soon the same game's app is ready, in one run.

    python benchmarks/tutorial_first_step.py              # needs site/ (make site) and Chromium; ~2 minutes
    python benchmarks/tutorial_first_step.py --games code_of_nine double_nine --repeats 3

For each game, on this machine, in one browser whose cache the first visit fills (a learner's second page):
the static site (Voici + Pyodide, served as ``make serve-site`` does) and Voila (as ``make play`` serves it,
no preheated kernel) each open the app and the tutorial; the time from navigation start to the app's first
legal choice, and to the tutorial's first lesson step showing its board, is taken in the page's own clock;
the median of ``--repeats`` visits is printed.  Not a timed test: see benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests" / "browser")]

from appdriver import (  # noqa: E402
    CHROMIUM_ARGS,
    INTERACTIVE,
    NOTEBOOKS,
    REPO,
    chromium_executable,
    serve_static,
    start_voila,
    stop_voila,
)

FIRST_STEP = ".ninekit-lesson .ninekit-board"


def time_to(page, url: str, selector: str) -> float:
    """Seconds from navigation start until ``selector`` is visible, in the page's clock."""
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(selector, state="visible", timeout=240_000)
    return page.evaluate("performance.now()") / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["code_of_nine"])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p, serve_static(REPO / "site") as site:
        browser = p.chromium.launch(executable_path=chromium_executable(), headless=True, args=CHROMIUM_ARGS)
        base, proc = start_voila(NOTEBOOKS, Path(tempfile.mkdtemp()) / "voila.log", extra_args=("--pool_size=0",))
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            for game in args.games:
                pages = {
                    "site app": (f"{site}/voici/render/apps/{game}.html", INTERACTIVE),
                    "site tutorial": (f"{site}/voici/render/tutorials/{game}.html", FIRST_STEP),
                    "voila app": (f"{base}/voila/render/apps/{game}.ipynb", INTERACTIVE),
                    "voila tutorial": (f"{base}/voila/render/tutorials/{game}.ipynb", FIRST_STEP),
                }
                time_to(page, pages["site app"][0], pages["site app"][1])  # fill the cache: Pyodide, the wheels
                for name, (url, selector) in pages.items():
                    times = [time_to(page, url, selector) for _ in range(args.repeats)]
                    rows.append((game, name, statistics.median(times)))
                    each = ", ".join(f"{t:.1f}" for t in times)
                    print(f"{game:14} {name:15} {statistics.median(times):6.1f} s  ({each})", flush=True)
        finally:
            stop_voila(proc)
            browser.close()


if __name__ == "__main__":
    main()
