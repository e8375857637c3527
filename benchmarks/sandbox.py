"""The sandbox's clicks in Voila + Chromium, next to the app's in the same run (issue 27, item 8: a click answered
in under 100 ms).

    python benchmarks/sandbox.py               # Nine Knights and Double Nine; about a minute
    python benchmarks/sandbox.py --clicks 40 --game codinca

For each game, on loopback, Voila started as ``make play`` starts it but with no preheated kernel (as run.py
``--voila``), one page each, Debian's Chromium:

- **move**: a click on a legal board item or choice in the sandbox, until the page has changed (board, prompt,
  tree, position text) and is still again for 150 ms; the time is that of the last change;
- **back / forward**: the ← and → buttons, alternately, the same way;
- **tree**: a click on a row of the move tree (another position);
- **edit: a part / a value**: after "Edit position", a click on a part of the board (its values are offered),
  then on one of its values (the position is rebuilt by the game's ``position()`` and drawn again);
- **app move (reference)**: the same game's app, a click on a legal item against the computer, until the page
  is still (the computer's answer, at the ``normal`` level, included): what a player waits for in the app.

Times are the page's own (``performance.now()`` at the click, and a MutationObserver's at each change), median
and 95th percentile.  Nothing here is a timed test.  See benchmarks/README.md, "Sandbox".
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests" / "browser")]  # appdriver.py, as run.py does

from appdriver import (  # noqa: E402
    CHROMIUM_ARGS,
    NOTEBOOKS,
    chromium_executable,
    start_voila,
    stop_voila,
    visible,
)

GAMES = ("nine_knights", "double_nine")
ROWS = ".ninekit-sandbox .nk-tree-row"
BOARD_LEGAL = ".ninekit-board [data-id].legal:visible"  # under a page's root (appdriver.LEGAL is the app's)
CHOICE = ".ninekit-choices button"
# Watches ``root`` for changes from now on (before the click, so that no change is missed) and notes the time.
ARM_JS = """(root) => {
  window.ninekitLast = null;
  window.ninekitWatch = new MutationObserver(() => { window.ninekitLast = performance.now(); });
  window.ninekitWatch.observe(document.querySelector(root),
                              {subtree: true, childList: true, characterData: true, attributes: true});
  window.ninekitClickedAt = performance.now();
}"""
# Resolves once the watched part has changed and then stayed still for ``quietMs``: the time of its last change,
# in ms after the click (null: nothing changed within ``timeoutMs``).
SETTLED_JS = """async ([quietMs, timeoutMs]) => {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (window.ninekitLast !== null && performance.now() - window.ninekitLast >= quietMs) break;
  }
  window.ninekitWatch.disconnect();
  return window.ninekitLast === null ? null : window.ninekitLast - window.ninekitClickedAt;
}"""


def timed_click(page, locator, root: str) -> float | None:
    """Click ``locator``; seconds until ``root`` last changed (None if it did not change)."""
    page.evaluate(ARM_JS, root)
    locator.click()
    ms = page.evaluate(SETTLED_JS, [150, 15_000])
    return None if ms is None else ms / 1000.0


def moves(page, root: str, clicks: int, rng: random.Random) -> list[float]:
    """``clicks`` clicks on a legal board item or choice under ``root``, each timed."""
    out = []
    while len(out) < clicks:
        targets = page.locator(f"{root} {BOARD_LEGAL}").all() or visible(page.locator(f"{root} {CHOICE}"))
        if not targets:
            break
        took = timed_click(page, rng.choice(targets), root)
        if took is not None:
            out.append(took)
    return out


def edits(page, root: str, clicks: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """"Edit position", then ``clicks`` times: a click on a part of the board, then on one of its values."""
    page.get_by_role("button", name="Edit position").click()
    page.wait_for_selector(f"{root} .ninekit-edit-panel", state="visible")
    parts, values = [], []
    while len(parts) < clicks:
        took = timed_click(page, rng.choice(page.locator(f"{root} {BOARD_LEGAL}").all()), root)
        if took is not None:
            parts.append(took)
        buttons = visible(page.locator(f"{root} .ninekit-edit-values button"))
        if buttons:
            took = timed_click(page, rng.choice(buttons), root)
            if took is not None:
                values.append(took)
    return parts, values


def measure(browser, base: str, game: str, clicks: int, seed: int) -> dict:
    """Each kind of click in the sandbox of ``game``, and the app's moves for reference."""
    rng = random.Random(seed)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{base}/voila/render/sandboxes/{game}.ipynb")
        page.wait_for_selector(f"{ROWS}.nk-current", timeout=120_000)
        root = ".ninekit-sandbox"
        result = {"move": moves(page, root, clicks, rng), "back/forward": [], "tree": []}
        for i in range(clicks):
            button = page.get_by_role("button", name="←" if i % 2 == 0 else "→", exact=True)
            took = timed_click(page, button, root)
            if took is not None:
                result["back/forward"].append(took)
        for _ in range(clicks):
            rows = page.locator(f"{ROWS}:not(.nk-current)").all()
            took = timed_click(page, rng.choice(rows), root)
            if took is not None:
                result["tree"].append(took)
        result["edit: a part"], result["edit: a value"] = edits(page, root, clicks, rng)
    finally:
        page.close()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{base}/voila/render/apps/{game}.ipynb")
        page.wait_for_selector(f".ninekit-app {BOARD_LEGAL}, .ninekit-app {CHOICE}", timeout=120_000)
        result["app move (reference)"] = moves(page, ".ninekit-app", clicks, rng)
    finally:
        page.close()
    return result


def _row(game: str, kind: str, times: list[float]) -> str:
    if not times:
        return f"| {game} | {kind} | n/a | n/a | 0 |"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"| {game} | {kind} | {statistics.median(times) * 1000:.0f} ms | {p95 * 1000:.0f} ms | {len(times)} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20, help="clicks of each kind (default 20)")
    parser.add_argument("--game", action="append", choices=("nine_knights", "double_nine", "codinca",
                                                             "count_of_nine", "code_of_nine"))
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="ninekit-sandbox-bench-")) / "voila.log"
    base, proc = start_voila(NOTEBOOKS, log, extra_args=("--pool_size=0",))
    lines = ["| Game | Click | Median | 95th percentile | Clicks |", "| --- | --- | --- | --- | --- |"]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
            for game in args.game or GAMES:
                for kind, times in measure(browser, base, game, args.clicks, args.seed).items():
                    lines.append(_row(game, kind, times))
                    print(lines[-1], flush=True)
            browser.close()
    finally:
        stop_voila(proc)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
