"""Tables across screens (issue 28): N tables of two players on one server, every move timed from the store to the
other player's screen.

    python benchmarks/tables.py                 # 15 tables of Double Nine for 2 minutes: 30 screen processes
    python benchmarks/tables.py --quick         # 3 tables for 20 s: a smoke test (well under a minute)
    python benchmarks/tables.py --tables 20 --seconds 300 --game nine_knights --think 0.5 2
    python benchmarks/tables.py --store postgresql://USER@HOST/DB      # a PostgreSQL store instead of SQLite

The issue's goal: with 15 tables of two players on one 2-core server, a move reaches the other screen within
one second at the 95th percentile.

How: one table store (by default a SQLite file in a temporary folder, as ``make play`` keeps one; ``--store``
names another, e.g. PostgreSQL) holds ``--tables`` tables of ``--game`` (default ``double_nine``: hands are
hidden, so each screen draws its own seat's view), each created with ``store.create(game, {}, ["human",
"human"])`` and joined twice.  Every *screen* is an OS process of its own, as each player's Voila kernel is (30
processes for 15 tables): it imports ``widgets``, opens its own ``TableStore`` on the same address and runs a
real ``widgets.table_screen.TableScreen(store, token, poll=True)``, which polls the store every ``POLL_SECONDS``
in its background thread and redraws when a move arrived.  The process says "here" (``page_here()``, the
browser's heartbeat) all along, so the screen never pauses its polling.

Players play at a person's pace: when the screen shows its own seat to move (and both seats taken), the process
waits a think time (uniform in ``--think LO HI`` seconds, default 1-3 s, seeded per process), then plays a random
legal move the way a click does (``screen._guard(screen.try_move, move)``: the screen's lock, the rules,
``store.play``).  A game that ends is followed by a new one at the same pair of screens (seat 0 opens the table,
seat 1 joins with its code, passed through a file as a player would pass it by word of mouth).  Moves are played
for ``--seconds``; the screens keep polling ``GRACE_SECONDS`` longer so that the last moves arrive.

Measured, with ``time.time()`` (one machine, so every process reads the same clock):

- **latency**: for every move, the time from the moment the mover's ``store.play`` returned (the move
  committed) until the *other* screen's ``_show`` had redrawn a state with that move (its first showing of a
  state at least that long); also "click to other screen", from just before the mover's ``try_move``;
- **CPU**: the screen processes' CPU time (user + system, every thread, ``os.times()``) during the play window,
  per table and per minute, split into the screens' polls (``time.thread_time()`` around each), their own moves
  and new tables, and the rest; the benchmark's own player loop (it looks at the screen every ``TICK``) is
  measured apart and left out; also the CPU each screen took to start (imports, first drawing);
- **memory**: each screen process's resident size (VmRSS, and PSS: shared pages divided among the processes
  sharing them) at the end of the play window; per table: the two processes' sum;
- the machine: its CPU count, load average before and after, and how busy its CPUs were during the window
  (``/proc/stat``: every process, not only ours).

Not measured: the browser.  There is no Voila here, no websocket and no page: the hop from the kernel to the
browser (the widget messages' JSON and the page's redraw) is not included; the browser tests measure that path
(``tests/browser``), and ``benchmarks/sandbox.py`` a click's round trip.  Widgets are drawn in each process
(their state computed and serialized) but sent nowhere.

Every wait is bounded; the screen processes, the store's folder and (with ``--store``) the benchmark's tables
are removed or closed at the end, also after an error or Ctrl-C.  Prints a markdown table; see
benchmarks/README.md ("Tables across screens").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # ninekit and widgets from this checkout
    sys.path.insert(0, str(REPO))

GAME = "double_nine"
TABLES, SECONDS = 15, 120.0
QUICK_TABLES, QUICK_SECONDS = 3, 20.0
THINK = (1.0, 3.0)  # seconds a player thinks before a move (uniform)
GRACE_SECONDS = 3.0  # the screens keep polling this long after the last move may have been played
TICK = 0.05  # how often a player's process looks at its screen (its think time starts then)
START_DELAY = 1.0  # the play window opens this long after every screen is ready (all start together)
SETUP_SECONDS = 120.0  # every screen ready within this (+ SETUP_PER_SCREEN each), or the run fails
SETUP_PER_SCREEN = 5.0
EXIT_SECONDS = 30.0  # a screen process's time to write its results and exit after the grace
GOAL_SECONDS = 1.0


# --- small helpers ------------------------------------------------------------------------------------------------


def _cpu() -> float:
    """This process's CPU time so far (user + system, every thread)."""
    times = os.times()
    return times.user + times.system


def _memory_kb() -> tuple[int | None, int | None]:
    """This process's resident size (VmRSS) and proportional size (Pss), in kB."""
    rss = pss = None
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
        for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def _write(path: Path, data) -> None:
    """Write JSON so that a reader never sees half of it (a new file, renamed into place)."""
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data))
    os.replace(part, path)


def _read(path: Path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine so far, from /proc/stat."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError, IndexError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    total = sum(fields[:8])  # user nice system idle iowait irq softirq steal (guest time is inside user)
    return total - idle, total


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95: the 95th).

    >>> percentile([0.3, 0.1, 0.2, 0.4], 0.95), percentile([5.0], 0.5)
    (0.4, 5.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


# --- one screen (a process of its own) -------------------------------------------------------------------------


def _timed_classes():
    """A TableStore that notes when a move was stored, and a TableScreen that notes when it showed a state and how
    long each poll took (imported here: only the screen processes need widgets)."""
    from ninekit.tables import TableStore
    from widgets.table_screen import TableScreen

    class TimedStore(TableStore):
        last_stored = 0.0

        def play(self, token, move, computers=True):
            state = super().play(token, move, computers)
            self.last_stored = time.time()  # the move is committed: any screen may see it from here on
            return state

    class TimedScreen(TableScreen):
        def __init__(self, store, token, *, shown: list, polls: list, **kwargs):
            self.shown, self.polls = shown, polls  # before the base class starts the polling thread
            super().__init__(store, token, **kwargs)
            self.shown.append((self.info["id"], len(self.state.history), time.time()))  # drawn as it opened

        def _show(self, state):
            super()._show(state)  # redrawn (the widgets' state computed): what the kernel would send the page
            self.shown.append((self.info["id"], len(state.history), time.time()))

        def poll(self):
            began, cpu = time.perf_counter(), time.thread_time()
            changed = super().poll()
            self.polls.append((round(time.perf_counter() - began, 6), bool(changed),
                               round(time.thread_time() - cpu, 6)))
            return changed

    return TimedStore, TimedScreen


class _Gone(Exception):
    """The benchmark's main process is gone: stop."""


def _check_parent(parent: int) -> None:
    if os.getppid() != parent:
        raise _Gone


def _wait_for(path: Path, until: float, parent: int):
    """The JSON in ``path`` once it exists, or None at ``until`` (time.time())."""
    while time.time() < until:
        _check_parent(parent)
        data = _read(path)
        if data is not None:
            return data
        time.sleep(0.05)
    return None


def screen_main(config_path: str) -> int:
    """One player's screen: see the module's docstring.  Writes ``ready-I.json`` when its screen is up, waits for
    ``go.json`` (the play window), plays, and writes ``result-I.json``."""
    parent = os.getppid()
    config = json.loads(Path(config_path).read_text())
    folder, index, pair, seat = Path(config["dir"]), config["index"], config["pair"], config["seat"]
    lo, hi = config["think"]
    rng = random.Random(config["seed"])
    began = _cpu()
    TimedStore, TimedScreen = _timed_classes()
    store = TimedStore(config["url"])
    shown: list = []
    polls: list = []
    stored: list = []
    tables: list = []
    refused = 0

    def open_screen(token: str):
        screen = TimedScreen(store, token, poll=True, shown=shown, polls=polls)
        tables.append(screen.info["id"])
        return screen

    def next_table(game_number: int, until: float):
        """The pair's next game: seat 0 opens it and passes the code on; seat 1 joins with it."""
        code_file = folder / f"pair-{pair}-game-{game_number}.json"
        if seat == 0:
            table = store.create(config["game"], {}, ["human", "human"])
            token = store.join(table.code, seat=0, name="bench")
            _write(code_file, table.code)
        else:
            code = _wait_for(code_file, until, parent)
            if code is None:
                return None
            token = store.join(code, seat=1, name="bench")
        return open_screen(token)

    screen = open_screen(config["token"])
    _write(folder / f"ready-{index}.json", {"cpu": _cpu() - began})
    go = _wait_for(folder / "go.json", time.time() + config["setup_seconds"], parent)
    if go is None:
        screen.stop()
        return 3
    start, end, grace = go["start"], go["end"], go["grace"]
    while time.time() < start:
        _check_parent(parent)
        screen.page_here()
        time.sleep(min(TICK, max(0.0, start - time.time())))
    cpu_start, loop_start, move_cpu, first_poll = _cpu(), time.thread_time(), 0.0, len(polls)
    game_number, turn_seen, think = 0, None, 0.0
    while time.time() < end:
        _check_parent(parent)
        screen.page_here()
        if screen.over:
            screen.stop()
            game_number += 1
            switch_cpu = time.thread_time()
            screen = next_table(game_number, end)
            move_cpu += time.thread_time() - switch_cpu  # the screens' work (a new table), not the loop's
            turn_seen = None
            if screen is None:
                break
            continue
        with screen._lock:  # a player moves once the other has sat down (a new table: once they joined)
            mine = (not screen.over and screen.state.to_move == screen.viewer
                    and all(s["taken"] for s in screen.info["seats"]))
        now = time.time()
        if not mine:
            turn_seen = None
        elif turn_seen is None:
            turn_seen, think = now, rng.uniform(lo, hi)
        elif now - turn_seen >= think:
            click_cpu = time.thread_time()
            with screen._lock:  # what a click does: the screen's lock, then try_move
                state = screen.state
                if not screen.over and state.to_move == screen.viewer:
                    move = rng.choice(state.legal_moves())
                    clicked = time.time()
                    if screen._guard(screen.try_move, move):
                        stored.append((screen.info["id"], len(state.history) + 1, clicked, store.last_stored))
                    else:
                        refused += 1
            move_cpu += time.thread_time() - click_cpu
            turn_seen = None
        time.sleep(TICK)
    cpu_window = _cpu() - cpu_start
    loop_cpu = time.thread_time() - loop_start - move_cpu  # the player's loop: the benchmark's, not the screen's
    poll_cpu = sum(p[2] for p in polls[first_poll:])  # the screen's polls during the window
    rss, pss = _memory_kb()
    while screen is not None and time.time() < end + grace:  # the last moves reach this screen
        _check_parent(parent)
        screen.page_here()
        time.sleep(0.05)
    if screen is not None:
        screen.stop()
    _write(folder / f"result-{index}.json",
           {"index": index, "pair": pair, "seat": seat, "stored": stored, "shown": shown, "polls": polls,
            "tables": tables, "refused": refused, "cpu_window": cpu_window, "loop_cpu": loop_cpu,
            "move_cpu": move_cpu, "poll_cpu": poll_cpu, "cpu_total": _cpu() - began, "window": end - start,
            "rss_kb": rss, "pss_kb": pss})
    return 0


# --- the run ------------------------------------------------------------------------------------------------------


def latencies(results: list[dict]) -> tuple[list[float], list[float], int]:
    """(stored → shown on the other screen, click → shown on the other screen, moves never shown there), in seconds,
    one entry per move.

    >>> a = {"pair": 0, "seat": 0, "stored": [["t", 1, 9.9, 10.0]], "shown": [["t", 1, 10.0]]}
    >>> b = {"pair": 0, "seat": 1, "stored": [["t", 2, 11.0, 11.1]], "shown": [["t", 2, 11.4], ["t", 1, 10.2]]}
    >>> [round(x, 2) for x in latencies([a, b])[0]], latencies([a, b])[2]
    ([0.2], 1)
    """
    shown: dict[tuple, list] = {}
    for r in results:
        for table, moves, at in r["shown"]:
            shown.setdefault((r["pair"], r["seat"], table), []).append((at, moves))
    for seen in shown.values():
        seen.sort()
    stored, clicked, missing = [], [], 0
    for r in results:
        for table, moves, click_at, stored_at in r["stored"]:
            other = shown.get((r["pair"], 1 - r["seat"], table), [])
            first = next((at for at, n in other if n >= moves), None)
            if first is None:
                missing += 1
                continue
            stored.append(first - stored_at)
            clicked.append(first - click_at)
    return stored, clicked, missing


def report(results: list[dict], meta: dict) -> str:
    """The run as a markdown table (and a few lines about it)."""
    stored, clicked, missing = latencies(results)
    tables, window = meta["tables"], meta["window"]
    minutes = window / 60.0
    cpu_window = sum(r["cpu_window"] for r in results)
    rss = [r["rss_kb"] / 1024 for r in results if r["rss_kb"] is not None]
    pss = [r["pss_kb"] / 1024 for r in results if r["pss_kb"] is not None]
    by_pair: dict[int, float] = {}
    for r in results:
        by_pair[r["pair"]] = by_pair.get(r["pair"], 0.0) + (r["rss_kb"] or 0) / 1024
    polls = [p[0] for r in results for p in r["polls"]]
    changed_polls = [p[0] for r in results for p in r["polls"] if p[1]]
    loop_cpu = sum(r["loop_cpu"] for r in results)
    screen_cpu = cpu_window - loop_cpu
    poll_cpu = sum(r["poll_cpu"] for r in results)
    games = sum(len(r["tables"]) for r in results if r["seat"] == 0)
    starts = [r["cpu_start"] for r in results if r.get("cpu_start") is not None]

    def ms(x: float) -> str:
        return f"{x * 1000:.1f} ms" if abs(x) < 0.01 else f"{x * 1000:,.0f} ms"

    rows = [("Tables × screens (processes)", f"{tables} × 2 ({len(results)} processes), {meta['game']}, "
                                             f"{meta['store']}"),
            ("Play window", f"{window:.0f} s, think {meta['think'][0]:g}–{meta['think'][1]:g} s; {games} games, "
                            f"{games - tables} of them new ones after a game ended")]
    if stored:
        under = sum(1 for x in stored if x < GOAL_SECONDS) / len(stored)
        refused = sum(r["refused"] for r in results)
        rows += [("Moves measured", f"{len(stored):,}" + (f" ({missing} never reached the other screen)"
                                                          if missing else " (every one reached the other screen)")
                  + (f"; {refused} refused by the store" if refused else "")),
                 ("Store → other screen: median", ms(statistics.median(stored))),
                 ("Store → other screen: p95", f"**{ms(percentile(stored, 0.95))}**"),
                 ("Store → other screen: max", ms(max(stored))),
                 ("Store → other screen: under 1 s", f"{under:.1%}"),
                 ("Click → other screen: median / p95", f"{ms(statistics.median(clicked))} / "
                                                       f"{ms(percentile(clicked, 0.95))}")]
    else:
        rows.append(("Moves measured", f"0 ({missing} never reached the other screen)"))
    if polls:
        rows.append(("One poll (in the screen): median / p95",
                     f"{ms(statistics.median(polls))} / {ms(percentile(polls, 0.95))} over {len(polls):,} polls; "
                     + (f"with a new move {ms(statistics.median(changed_polls))} / "
                        f"{ms(percentile(changed_polls, 0.95))}" if changed_polls else "none with a new move")))
    move_cpu = sum(r["move_cpu"] for r in results)
    per = tables * minutes
    rest = screen_cpu - poll_cpu - move_cpu
    rows.append(("CPU per table per minute",
                 f"**{screen_cpu / per:.2f} s** (both screens: polls {poll_cpu / per:.2f} s, own moves "
                 f"{move_cpu / per:.2f} s, the rest {rest / per:.2f} s); all tables {screen_cpu / window:.2f} of "
                 f"{meta['cpus']} cores"))
    rows.append(("CPU of the benchmark's player loops",
                 f"{loop_cpu / per:.2f} s per table per minute (looking at the screen every {TICK * 1000:.0f} ms; "
                 "not counted above)"))
    if starts:
        rows.append(("CPU to start a screen (median)", f"{statistics.median(starts):.2f} s (imports, first drawing)"))
    if rss:
        rows.append(("Memory per table (RSS of its 2 processes)", f"{statistics.median(by_pair.values()):.0f} MB "
                                                                  "(median)"))
        rows.append(("Memory per screen process", f"RSS {statistics.median(rss):.0f} MB (median; {min(rss):.0f}–"
                                                  f"{max(rss):.0f}), PSS {statistics.median(pss):.0f} MB"
                                                  if pss else f"RSS {statistics.median(rss):.0f} MB (median)"))
    rows.append(("Machine", f"{meta['cpus']} CPUs; load average {meta['load_launch']} before the screens started, "
                            f"{meta['load_before']} as play began, {meta['load_after']} at its end; CPUs "
                            f"{meta['busy']:.0%} busy during the window (every process)"))
    goal = "met" if stored and not missing and percentile(stored, 0.95) < GOAL_SECONDS else "NOT met"
    rows.append(("Goal: p95 under 1 s", goal))
    lines = ["| What | Measured |", "| --- | --- |"] + [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(lines)


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def _interrupted(_signum, _frame):
    raise KeyboardInterrupt  # SIGTERM: clean up as after Ctrl-C


def run(args) -> int:
    from ninekit.tables import TableStore

    signal.signal(signal.SIGTERM, _interrupted)

    folder = Path(tempfile.mkdtemp(prefix="ninekit-tables-bench-"))
    os.chmod(folder, 0o700)
    url = args.store or "sqlite:///" + str(folder / "tables.db")
    kind = "PostgreSQL" if not url.startswith("sqlite") else ("SQLite (" + ("a temporary file" if not args.store
                                                                             else "--store") + ")")
    procs: list[subprocess.Popen] = []
    logs: list[Path] = []
    store = None
    table_ids: list[str] = []
    results: list[dict] = []
    load_launch = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    try:
        store = TableStore(url)
        for pair in range(args.tables):
            table = store.create(args.game, {}, ["human", "human"])
            table_ids.append(table.id)
            for seat in (0, 1):
                index = 2 * pair + seat
                token = store.join(table.code, seat=seat, name="bench")
                config = folder / f"screen-{index}.json"
                _write(config, {"dir": str(folder), "index": index, "pair": pair, "seat": seat, "url": url,
                                "token": token, "game": args.game, "think": args.think,
                                "seed": args.seed * 1000 + index, "setup_seconds": SETUP_SECONDS + 60})
                logs.append(folder / f"screen-{index}.log")
                with open(logs[-1], "wb") as log:
                    procs.append(subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--screen",
                                                   str(config)], stdin=subprocess.DEVNULL,
                                                  stdout=log, stderr=subprocess.STDOUT, cwd=REPO))
        print(f"{len(procs)} screen processes starting ({args.tables} tables of {args.game}, {kind})...",
              file=sys.stderr, flush=True)
        deadline = time.monotonic() + SETUP_SECONDS + SETUP_PER_SCREEN * len(procs)
        ready: dict[int, dict] = {}
        while len(ready) < len(procs):
            for i, proc in enumerate(procs):
                if i not in ready and proc.poll() is not None:
                    raise RuntimeError(f"screen {i} exited ({proc.returncode}) before it was ready:\n{_tail(logs[i])}")
                data = _read(folder / f"ready-{i}.json") if i not in ready else None
                if data is not None:
                    ready[i] = data
            if time.monotonic() > deadline:
                raise RuntimeError(f"only {len(ready)} of {len(procs)} screens were ready in time")
            time.sleep(0.1)
        load_before = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        busy0, total0 = _machine_ticks()
        start = time.time() + START_DELAY
        end = start + args.seconds
        _write(folder / "go.json", {"start": start, "end": end, "grace": GRACE_SECONDS})
        print(f"playing for {args.seconds:.0f} s (load average {load_before})...", file=sys.stderr, flush=True)
        busy_at_end = None
        while time.time() < end + GRACE_SECONDS:
            if busy_at_end is None and time.time() >= end:
                busy_at_end = _machine_ticks()
                load_after = " / ".join(f"{x:.2f}" for x in os.getloadavg())
            time.sleep(0.2)
        if busy_at_end is None:
            busy_at_end = _machine_ticks()
            load_after = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        exit_deadline = time.monotonic() + EXIT_SECONDS
        for i, proc in enumerate(procs):
            try:
                code = proc.wait(timeout=max(0.1, exit_deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"screen {i} did not finish in time:\n{_tail(logs[i])}") from None
            result = _read(folder / f"result-{i}.json")
            if code != 0 or result is None:
                raise RuntimeError(f"screen {i} failed ({code}):\n{_tail(logs[i])}")
            result["cpu_start"] = ready[i]["cpu"]
            results.append(result)
            table_ids += [t for t in result["tables"] if t not in table_ids]
        busy = (busy_at_end[0] - busy0) / max(1, busy_at_end[1] - total0)
        meta = {"tables": args.tables, "window": args.seconds, "game": args.game, "store": kind,
                "think": args.think, "cpus": os.cpu_count(), "load_launch": load_launch, "load_before": load_before,
                "load_after": load_after, "busy": busy}
        print(report(results, meta))
        return 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        if store is not None:
            if args.store:  # a store that outlives the run: close the benchmark's tables
                for table_id in table_ids:
                    try:
                        store.close(table_id)
                    except Exception:  # noqa: BLE001 - best effort while cleaning up
                        pass
            store.close_store()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, help=f"tables of two players (default {TABLES}; --quick "
                                                   f"{QUICK_TABLES})")
    parser.add_argument("--seconds", type=float, help=f"seconds of play (default {SECONDS:g}; --quick "
                                                      f"{QUICK_SECONDS:g})")
    parser.add_argument("--quick", action="store_true", help="a smoke test: fewer tables, a shorter run")
    parser.add_argument("--game", default=GAME, help=f"a two-player game (default {GAME})")
    parser.add_argument("--think", type=float, nargs=2, default=list(THINK), metavar=("LO", "HI"),
                        help="a player's think time before each move, uniform in seconds (default 1 3)")
    parser.add_argument("--store", help="a table store's address (default: a SQLite file in a temporary folder)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' think times and moves")
    parser.add_argument("--screen", help=argparse.SUPPRESS)  # internal: run one screen from this config file
    args = parser.parse_args(argv)
    if args.screen:
        try:
            return screen_main(args.screen)
        except (KeyboardInterrupt, _Gone):
            return 130
    args.tables = args.tables or (QUICK_TABLES if args.quick else TABLES)
    args.seconds = args.seconds or (QUICK_SECONDS if args.quick else SECONDS)
    if args.tables < 1 or args.seconds <= 0 or not 0 <= args.think[0] <= args.think[1]:
        parser.error("--tables and --seconds must be positive, and --think LO HI with 0 <= LO <= HI")
    try:
        return run(args)
    except (RuntimeError, ValueError) as exc:  # ValueError: a TableError, e.g. a game not for two
        print(f"tables benchmark failed: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted; the screen processes are stopped and the store removed", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
