"""Bounded analysis (Count of Nine's best-line search, ninekit/count_of_nine/best.py): a visitor loading finished
games in many tabs cannot take every CPU.

At most one search process per kernel (the others queued there, the latest request first), at most
``NINEKIT_ANALYSTS`` searching at once on the whole server (the others asleep, waiting for a slot), and a search
ends with its kernel, even a killed one.  The searches here are whole deals at a cap of ``ROUNDS`` rounds, far
longer than the tests look at them (at the app's 5 rounds some deals take only a second, and a search that ended
while it was watched made the count of working searches 0), and are cancelled at the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ninekit.count_of_nine import best as table

REPO = Path(__file__).resolve().parents[1]
DEALS = [("Castle", ["2", "3", "4", "5", "6", "7", "8", "9"]),  # the target's card is set aside
         ("Cathedral", ["9", "8", "7", "6", "5", "4", "3", "1"]),
         ("Monument", ["2", "4", "6", "8", "1", "5", "7", "9"]),
         ("Harbour", ["5", "1", "9", "2", "8", "3", "7", "6"])]

ROUNDS = 9  # each round more costs about 7-13 times the one before: hours, where 5 rounds can take a second

# CPU seconds in 3 s that tell a working search (at nice 10 on a busy machine still well above) from one asleep
# waiting for a slot (it looks for one four times a second: a few milliseconds).
WORKING = 0.05

pytestmark = pytest.mark.skipif(not hasattr(os, "getppid") or sys.platform == "win32", reason="POSIX processes")


def _children(pid: int) -> list[int]:
    """The search processes ``pid`` started (not ``ps`` itself)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    found = []
    for child in map(int, out.split()):
        try:
            if b"best_line" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_one_search_process_per_kernel_the_latest_request_first(monkeypatch, tmp_path):
    """Four finished games asked for at once (a match panel, tabs of saves): one process at a time in the kernel,
    and the one running is the latest request; a search pushed out of the kept few is cancelled."""
    monkeypatch.setattr(table, "ANALYST_SLOTS", str(tmp_path / "slots"))
    with table.SEARCH_LOCK:  # the four requests arrive together: the search thread picks after all of them
        searches = [table.best_search(target, deal, ROUNDS) for target, deal in DEALS]
    try:
        deadline = time.monotonic() + 20
        while not any(s.running() for s in searches) and time.monotonic() < deadline:
            time.sleep(0.05)
        for _ in range(20):
            assert sum(s.running() for s in searches) == 1
            time.sleep(0.05)
        assert searches[-1].running()  # the latest request runs first
        assert len(_children(os.getpid())) == 1
    finally:
        for search in searches:
            search.cancel()
    with pytest.raises(RuntimeError):
        searches[0].result(5)


_KERNEL = textwrap.dedent("""
    import sys, time
    from ninekit.count_of_nine import best as table
    target, deal = sys.argv[1], sys.argv[2].split(",")
    table.best_search(target, deal, int(sys.argv[3]))
    print("asked", flush=True)
    time.sleep(600)
""")


def test_the_server_runs_at_most_its_analysts_at_once_and_a_search_dies_with_its_kernel(tmp_path):
    """Three kernels each asking for a search, on a server allowing one analyst: one search works, two sleep
    until a slot is free; a kernel killed outright takes its search with it within seconds."""
    env = {**os.environ, "NINEKIT_ANALYSTS": "1", "NINEKIT_ANALYST_SLOTS": str(tmp_path / "slots"),
           "PYTHONPATH": str(REPO)}
    kernels = [subprocess.Popen([sys.executable, "-c", _KERNEL, target, ",".join(deal), str(ROUNDS)], env=env,
                                stdout=subprocess.PIPE, text=True) for target, deal in DEALS[:3]]
    try:
        for kernel in kernels:
            assert kernel.stdout.readline().strip() == "asked"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and sum(len(_children(k.pid)) for k in kernels) < 3:
            time.sleep(0.1)
        searches = [child for k in kernels for child in _children(k.pid)]
        assert len(searches) == 3
        time.sleep(1.0)  # every search has started and taken (or waits for) a slot
        before = {pid: _cpu_seconds(pid) for pid in searches}
        time.sleep(3.0)
        busy = [pid for pid in searches if _cpu_seconds(pid) - before[pid] > WORKING]
        assert len(busy) == 1, {pid: round(_cpu_seconds(pid) - before[pid], 2) for pid in searches}
        # The kernel whose search works is killed outright: its search ends, and a waiting one takes the slot.
        owner = next(k for k in kernels if busy[0] in _children(k.pid))
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and Path(f"/proc/{busy[0]}").exists() and _cpu_seconds(busy[0]) > 0:
            try:
                os.waitpid(busy[0], os.WNOHANG)
            except ChildProcessError:
                pass
            state = Path(f"/proc/{busy[0]}/stat").read_text().rsplit(")", 1)[1].split()[0] \
                if Path(f"/proc/{busy[0]}").exists() else "gone"
            if state in ("Z", "gone"):
                break
            time.sleep(0.2)
        assert not Path(f"/proc/{busy[0]}").exists() or \
            Path(f"/proc/{busy[0]}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        others = [pid for pid in searches if pid != busy[0]]
        # A waiting search takes the free slot: looked at second by second for up to 20 s, since on a busy machine
        # (make test runs this beside the browser tests, at a lower priority) it may take a few seconds to notice.
        deadline, working = time.monotonic() + 20, []
        while time.monotonic() < deadline and not working:
            before = {pid: _cpu_seconds(pid) for pid in others}
            time.sleep(1.0)
            working = [pid for pid in others if _cpu_seconds(pid) - before[pid] > WORKING]
        assert len(working) == 1, {pid: round(_cpu_seconds(pid) - before[pid], 2) for pid in others}
    finally:
        for kernel in kernels:
            if kernel.poll() is None:
                kernel.kill()
            kernel.wait()


def test_a_search_cancelled_as_the_search_thread_takes_it_never_starts(monkeypatch, tmp_path):
    """Bound (one search per kernel, none left behind): a search cancelled after the kernel's search thread took it
    off the queue but before its process started must not start one; it ends cancelled at once.  (It used to start
    and run for minutes, unowned: a later request in that kernel waited behind it.)"""
    monkeypatch.setattr(table, "ANALYST_SLOTS", str(tmp_path / "slots"))
    target, deal = DEALS[0]
    search = table.BestSearch(target, tuple(deal), 1)  # as _run_searches holds it: off the queue, not started
    search.cancel()
    began = time.monotonic()
    search._run()
    assert search.done() and search._proc is None and not _children(os.getpid())
    assert time.monotonic() - began < 1
    with pytest.raises(RuntimeError, match="cancelled"):
        search.result(0)
