"""ninekit benchmarks: random-playout speed against python-chess, and Voila time-to-interactive.

    python benchmarks/run.py                  # playout speed of every game, ~3 s of ninekit per game
    python benchmarks/run.py --seconds 10     # longer, steadier numbers
    python benchmarks/run.py --voila          # also: Nine Knights app time-to-interactive in Voila + Chromium
    python benchmarks/run.py --check          # exit 1 if a game is below its target

Playout speed: plies per second of uniformly random games played through the public API only
(``state.legal_moves()`` / ``state.play(move)``), including setting up each new game, next to
python-chess doing the same (``board.legal_moves`` / ``board.push``).  The two are measured in
alternating short slices, so load from other processes hits both alike; the median slice rate of
each is reported.  Target: every game at least 5x python-chess (issue 13: search strength is bought with speed).

Nothing here is a timed test; tests/test_benchmarks_smoke.py only checks that the functions run.
See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # `python benchmarks/run.py` from a checkout without `pip install -e .`
    sys.path.insert(0, str(REPO))

# Starting Voila and Chromium is shared with the browser tests: tests/browser/appdriver.py, a plain module
# (no package there, pytest puts that folder on sys.path for the tests; here we do it ourselves).
BROWSER_TESTS = REPO / "tests" / "browser"
if str(BROWSER_TESTS) not in sys.path:
    sys.path.insert(0, str(BROWSER_TESTS))

from appdriver import (  # noqa: E402
    CHROMIUM_ARGS,
    INTERACTIVE,
    NOTEBOOKS,
    chromium_executable,
    keep_local,
    start_voila,
    stop_voila,
)

import ninekit  # noqa: E402

TARGET_RATIO = 5.0  # each game's random playouts: at least 5x python-chess plies per second
SLICE_SECONDS = 0.5
APP_NOTEBOOK = "apps/nine_knights.ipynb"  # under NOTEBOOKS


# --- playout speed ----------------------------------------------------------------


@dataclass
class Tally:
    """Work done in one measured slice."""

    plies: int = 0
    games: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.plies / self.seconds if self.seconds > 0 else 0.0


def _timed_games(play_one, seconds: float, first_seed: int) -> Tally:
    """Call ``play_one(seed) -> plies`` for seeds from ``first_seed`` until ``seconds`` pass (whole games)."""
    tally = Tally()
    start = time.perf_counter()
    seed = first_seed
    while True:
        tally.plies += play_one(seed)
        tally.games += 1
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            tally.seconds = elapsed
            return tally


def ninekit_playouts(name: str, seconds: float, first_seed: int = 0) -> Tally:
    """Random games of ``name`` through the public API for ``seconds`` (whole games; seeds from ``first_seed``).

    The game as ``ninekit.make(name)`` gives it: the fewest players, default options.

    Game ``k`` uses deal seed ``first_seed + k`` and ``random.Random(first_seed + k)`` for its moves.
    """
    game = ninekit.make(name)

    def one_game(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new(seed)
        plies = 0
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(rng.choice(moves))
            plies += 1
        return plies

    return _timed_games(one_game, seconds, first_seed)


def chess_playouts(seconds: float, first_seed: int = 0) -> Tally:
    """Random python-chess games for ``seconds`` (whole games), the usual loop."""
    import chess

    def one_game(seed: int) -> int:
        rng = random.Random(seed)
        board = chess.Board()
        plies = 0
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        return plies

    return _timed_games(one_game, seconds, first_seed)


@dataclass
class Comparison:
    game: str
    rate: float  # median plies/s over the slices
    chess_rate: float  # python-chess, median over the slices interleaved with this game's
    games: int
    chess_games: int
    plies_per_game: float
    slices: int
    slice_seconds: float = SLICE_SECONDS

    @property
    def ratio(self) -> float:
        return self.rate / self.chess_rate if self.chess_rate > 0 else float("inf")

    @property
    def passed(self) -> bool:
        return self.ratio >= TARGET_RATIO


def compare(
    name: str, seconds: float = 3.0, slice_seconds: float = SLICE_SECONDS, warmup: float | None = None
) -> Comparison:
    """Interleave slices of ``name`` and python-chess playouts (about ``seconds`` of each); medians.

    The order alternates every round (ninekit first, then chess first, ...), and each slice starts
    where the previous one's seeds stopped, so no game is played twice.  Both first warm up for
    ``warmup`` seconds (default: a tenth of ``seconds``, at most 0.2 s), not counted.
    """
    if warmup is None:
        warmup = min(0.2, seconds / 10)
    slice_seconds = min(slice_seconds, seconds)
    rounds = max(1, round(seconds / slice_seconds))
    if warmup > 0:
        ninekit_playouts(name, warmup, first_seed=10**6)
        chess_playouts(warmup, first_seed=10**6)
    ours: list[Tally] = []
    theirs: list[Tally] = []
    for r in range(rounds):
        seed_a = sum(t.games for t in ours)
        seed_b = sum(t.games for t in theirs)
        if r % 2 == 0:
            ours.append(ninekit_playouts(name, slice_seconds, seed_a))
            theirs.append(chess_playouts(slice_seconds, seed_b))
        else:
            theirs.append(chess_playouts(slice_seconds, seed_b))
            ours.append(ninekit_playouts(name, slice_seconds, seed_a))
    games = sum(t.games for t in ours)
    return Comparison(
        game=name,
        rate=statistics.median(t.rate for t in ours),
        chess_rate=statistics.median(t.rate for t in theirs),
        games=games,
        chess_games=sum(t.games for t in theirs),
        plies_per_game=sum(t.plies for t in ours) / games,
        slices=rounds,
        slice_seconds=slice_seconds,
    )


def playout_report(rows: list[Comparison]) -> str:
    slices = f"{rows[0].slices} x {rows[0].slice_seconds:g} s" if rows else "no"
    lines = [
        f"Random playouts, plies/s: median of {slices} slices, interleaved with python-chess; target >= "
        f"{TARGET_RATIO:g}x python-chess.  Each game with its fewest players and default options.",
        f"{'game':<16} {'ninekit':>10} {'python-chess':>13} {'ratio':>7}  {'result':<6} {'games':>6} "
        f"{'plies/game':>10}",
    ]
    for row in rows:
        lines.append(
            f"{row.game:<16} {row.rate:>10,.0f} {row.chess_rate:>13,.0f} {row.ratio:>6.2f}x  "
            f"{'PASS' if row.passed else 'BELOW':<6} {row.games:>6} {row.plies_per_game:>10.1f}"
        )
    return "\n".join(lines)


# --- Voila time-to-interactive ------------------------------------------------------


# Resolves (polling every animation frame) with performance.now() - milliseconds since this page's
# navigation started - once an interactive element is rendered and visible.
READY_JS = """(selector) => {
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden") return performance.now();
  }
  return false;
}"""


# INTERACTIVE as plain CSS (Playwright's ":visible" is not; READY_JS checks that an element is shown itself).
READY_SELECTOR = INTERACTIVE.replace(":visible", "")


def time_to_interactive(browser, url: str, timeout_s: float = 120.0) -> float:
    """Seconds from navigation start until the app offers its first legal choice, in a fresh context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        keep_local(context)  # the ninekit template asks for nothing outside; local requests only
        page = context.new_page()
        page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        handle = page.wait_for_function(READY_JS, arg=READY_SELECTOR, polling="raf", timeout=timeout_s * 1000)
        return float(handle.json_value()) / 1000.0
    finally:
        context.close()


def voila_benchmark(
    repeats: int = 3,
    notebook: str = APP_NOTEBOOK,
    chromium: str | None = None,
    log_path: Path | None = None,
    root: Path = NOTEBOOKS,
) -> list[float]:
    """Start Voila, open the app ``repeats`` times (fresh browser context each), stop Voila; seconds each."""
    from playwright.sync_api import sync_playwright

    chromium = chromium or chromium_executable()
    if not os.access(chromium, os.X_OK):
        raise RuntimeError(f"Chromium not found at {chromium}; apt-get install chromium or set NINEKIT_CHROMIUM")
    if not (root / notebook).is_file():
        raise RuntimeError(f"{root / notebook} does not exist")
    own_log = log_path is None
    if own_log:
        fd, name = tempfile.mkstemp(prefix="ninekit-voila-", suffix=".log")
        os.close(fd)
        log_path = Path(name)
    base, proc = start_voila(root, log_path, extra_args=("--pool_size=0",))  # a fresh kernel per visit
    times: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            try:
                for _ in range(repeats):
                    times.append(time_to_interactive(browser, f"{base}/voila/render/{notebook}"))
            finally:
                browser.close()
    finally:
        stop_voila(proc)
        if own_log:
            log_path.unlink(missing_ok=True)
    return times


def voila_report(times: list[float]) -> str:
    each = ", ".join(f"{t:.2f}" for t in times)
    return (
        f"Voila: Nine Knights app time-to-interactive (navigation start -> first legal choice visible)\n"
        f"median {statistics.median(times):.2f} s over {len(times)} fresh pages ({each} s)"
    )


# --- command line -------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="measuring time per game for ninekit (python-chess gets as much again); default 3",
    )
    parser.add_argument("--slice", type=float, default=SLICE_SECONDS, help="length of one interleaved slice (s)")
    parser.add_argument("--games", nargs="*", default=None, help="only these games (default: ninekit.games())")
    parser.add_argument("--voila", action="store_true", help="also time the Nine Knights app in Voila + Chromium")
    parser.add_argument("--repeats", type=int, default=3, help="page loads for --voila (median reported)")
    parser.add_argument("--check", action="store_true", help="exit 1 if any game is below target")
    args = parser.parse_args(argv)

    print(
        f"ninekit {ninekit.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    try:
        import chess
    except ImportError:
        print("python-chess is not installed (pip install chess); cannot compare", file=sys.stderr)
        return 2
    print(f"python-chess {chess.__version__}")
    rows = []
    for name in args.games or ninekit.games():
        rows.append(compare(name, args.seconds, args.slice))
    print(playout_report(rows))
    below = [r.game for r in rows if not r.passed]

    if args.voila:
        print()
        try:
            print(voila_report(voila_benchmark(args.repeats)))
        except Exception as exc:  # noqa: BLE001 - report and go on; it is a benchmark
            print(f"Voila benchmark failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            if args.check:
                return 1

    if args.check and below:
        print(f"below target: {', '.join(below)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
