"""The best possible score on a finished game's deal, worked out after the game: a bounded worker per kernel.

:func:`best_search` is the one place that runs :func:`ninekit.count_of_nine.best_line` for a finished game (from
its opening, the order of the cards known, at most ``max_rounds`` rounds).  It runs in a child Python process:
at a 5-round cap a search can take minutes on a deal, and the app must stay responsive meanwhile.  Bounds (a
visitor loading finished saves in many tabs must not take every CPU): one search process per kernel at a time,
the others queued, the latest request first, the latest few kept (an older one pushed out is cancelled); at
most :data:`ANALYSTS` searching at once on the whole machine (lock files in :data:`ANALYST_SLOTS`); a child ends
with its kernel.  In a browser (Pyodide: no processes, no threads) ``result()`` searches round by round on the
page's thread and stops before a cap likely to hold the page longer than :data:`BROWSER_SEARCH_SECONDS`.

The app's Count of Nine table only shows what it finds (``widgets/tables/count_of_nine.py``).

    >>> print(best_words(7, 9, 5))
    The best possible score on this deal was 7 (within 5 rounds, had the order of the cards been known; shuffles
    left out). You scored 9, more than that, by playing more rounds.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import OrderedDict

from ..core import IN_BROWSER

BEST_LINE_ROUNDS_ENV = "NINEKIT_BEST_LINE_ROUNDS"


def _rounds_cap(text: str | None, default: int = 5) -> int:
    """The after-game search's cap on rounds: ``$NINEKIT_BEST_LINE_ROUNDS`` (1-20) if set, else ``default``.  The
    search grows fast with the cap (seconds at 3 rounds, minutes at 5 on some deals): a busy server may lower it.

    >>> _rounds_cap(None), _rounds_cap("3"), _rounds_cap("lots")
    (5, 3, 5)
    """
    try:
        value = int(str(text).strip())
    except ValueError:
        return default
    return value if 1 <= value <= 20 else default


BEST_LINE_ROUNDS = _rounds_cap(os.environ.get(BEST_LINE_ROUNDS_ENV))
# In the static site the search runs on the page's only thread: it stops deepening before a cap that would
# likely hold the page longer than this (measured in CPython, 5 rounds took 1.7-14 s on six deals; each more
# round about 7-13 times the one before).
BROWSER_SEARCH_SECONDS = 1.5
ROUND_GROWTH = 12

# The search runs in a child Python process: at a 5-round cap it can take minutes on a deal, and the app must
# stay responsive meanwhile (a thread would share the interpreter's lock with the app).  The child imports only
# ninekit and prints the line as JSON.  Bounds (a visitor loading finished saves in many tabs must not take
# every CPU): one search process per kernel at a time, the others queued in the kernel, the latest request
# first; and at most ANALYSTS searching at once on the whole server, the others waiting (asleep) for one of the
# lock files in ANALYST_SLOTS.  A child ends when its kernel does (it watches its parent) or when it is
# cancelled: pushed out of the kernel's few kept searches by newer requests.
_SEARCH_SCRIPT = r"""
import json, os, sys, threading, time
parent = os.getppid()

def orphaned():  # the kernel has gone (even killed): so does its search
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(3)

threading.Thread(target=orphaned, daemon=True).start()
if hasattr(os, "nice"):
    os.nice(10)  # the app and the player come first
slots_dir, slots = sys.argv[4], int(sys.argv[5])
try:
    import fcntl
except ImportError:  # no advisory locks here: no server-wide bound
    fcntl = None
held = None
if fcntl is not None and slots > 0:
    os.makedirs(slots_dir, mode=0o700, exist_ok=True)
    while held is None:  # wait for a free slot of the server's
        for n in range(slots):
            f = open(os.path.join(slots_dir, "slot-%d.lock" % n), "a")
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = f
                break
            except OSError:
                f.close()
        else:
            time.sleep(0.25)
from ninekit.count_of_nine import best_line, position
target, deal, rounds = sys.argv[1], [c for c in sys.argv[2].split(",") if c], int(sys.argv[3])
score, moves = best_line(position(target=target, deck=deal, round=0), max_rounds=rounds)
print(json.dumps({"score": score, "moves": [[m.kind, list(m.args)] for m in moves]}))
"""
ANALYSTS = int(os.environ.get("NINEKIT_ANALYSTS") or max(1, (os.cpu_count() or 2) // 2))
ANALYST_SLOTS = os.environ.get("NINEKIT_ANALYST_SLOTS") or os.path.join(
    tempfile.gettempdir(), f"ninekit-analysts-{os.getuid() if hasattr(os, 'getuid') else 'user'}")
_SEARCHES: OrderedDict = OrderedDict()  # (target, deal, rounds) -> BestSearch, the latest few
_KEEP_SEARCHES = 8
SEARCH_LOCK = threading.Condition()  # guards _SEARCHES and _WAITING; notified when a search is asked for
_WAITING: list = []  # searches not started yet, the latest request last (it runs first)
_RUNNER: list = []  # the kernel's one thread that runs the searches, one at a time


class BestSearch:
    """The best-line search on one finished game's deal (``results[g]["target"]`` and ``["deal"]`` of a view),
    from that game's opening, the order of the cards known, at most ``max_rounds`` rounds
    (:func:`ninekit.count_of_nine.best_line`), run in a child process when its turn comes (see
    :func:`best_search`).  ``done()`` says whether it has finished; ``result()`` waits for ``(score, moves)``."""

    def __init__(self, target: str, deal: tuple, max_rounds: int):
        self.target, self.deal, self.max_rounds = str(target), tuple(str(c) for c in deal), int(max_rounds)
        self.rounds = self.max_rounds  # the cap the finished search used (lower in the browser: see _search_here)
        self._proc: subprocess.Popen | None = None
        self._cancelled = False  # set under SEARCH_LOCK: a search cancelled before its process starts never starts
        self._finished = threading.Event()
        self._outcome: tuple | None = None  # (score, moves) or (None, error text)

    def done(self) -> bool:
        return self._finished.is_set()

    def running(self) -> bool:
        """Whether its process is searching (or waiting for one of the server's slots) now."""
        return self._proc is not None and self._proc.poll() is None

    def result(self, timeout: float | None = None) -> tuple:
        """``(score, moves)`` (moves: legal Moves from the opening); waits up to ``timeout`` seconds (None: until
        the search ends).  Raises TimeoutError, or RuntimeError if the search failed or was cancelled."""
        if IN_BROWSER and not self.done():  # no processes or threads in the page's Python: search here, now
            self._search_here()
        if not self._finished.wait(timeout):
            raise TimeoutError("the best-line search is still running")
        score, moves = self._outcome
        if score is None:
            raise RuntimeError(moves)
        return score, moves

    def cancel(self) -> None:
        """Stop it: never started, or its process killed (a waiter gets a RuntimeError)."""
        with SEARCH_LOCK:
            self._cancelled = True
            if self in _WAITING:
                _WAITING.remove(self)
                self._finish((None, "the search was replaced by a newer one"))
            proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()

    def _run(self) -> None:
        """Run the search in its child process and keep what it found (on the kernel's search thread)."""
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        try:
            with SEARCH_LOCK:  # taken off the queue a moment ago: cancelled since, it does not start
                if self._cancelled:
                    self._finish((None, "the search was cancelled"))
                    return
                self._proc = subprocess.Popen(
                    [sys.executable, "-c", _SEARCH_SCRIPT, self.target, ",".join(self.deal), str(self.max_rounds),
                     ANALYST_SLOTS, str(ANALYSTS)],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, text=True)
            out, err = self._proc.communicate()
        except OSError as exc:
            self._finish((None, f"the search could not start ({exc})"))
            return
        self._finish(self._read(out, err))

    def _search_here(self) -> None:
        """In the browser: the page's only thread searches, and the page answers nothing meanwhile.  So search
        round by round (1, 2, ... ``max_rounds``) and stop before a round cap whose search would likely take more
        than :data:`BROWSER_SEARCH_SECONDS` (each more round costs about :data:`ROUND_GROWTH` times the last); the
        words then name the cap reached (``rounds``), as they name the server's."""
        from . import best_line

        with SEARCH_LOCK:
            if self in _WAITING:
                _WAITING.remove(self)
        for cap in range(1, self.max_rounds + 1):
            began = time.perf_counter()
            score, moves = best_line(self.opening(), max_rounds=cap)
            self.rounds = cap
            if (time.perf_counter() - began) * ROUND_GROWTH > BROWSER_SEARCH_SECONDS:
                break
        self._finish((score, tuple(moves)))

    def _finish(self, outcome: tuple) -> None:
        self._outcome = outcome
        self._finished.set()

    def _read(self, out: str, err: str) -> tuple:
        if self._proc.returncode != 0:
            last = (err or "").strip().splitlines()[-1:] or [f"exit code {self._proc.returncode}"]
            return None, f"the search stopped ({last[0]})"
        try:
            data = json.loads(out)
            state = self.opening()
            moves = []
            for kind, args in data["moves"]:
                move = state.game.parse_move({"kind": kind, "args": args})
                legal = {m: m for m in state.legal_moves()}
                move = legal.get(move, move)
                state = state.play(move)
                moves.append(move)
            return int(data["score"]), tuple(moves)
        except (ValueError, KeyError, TypeError) as exc:
            return None, f"the search's line could not be read ({exc})"

    def opening(self):
        """The finished game's opening: its deal before round 1."""
        from . import position

        return position(target=self.target, deck=list(self.deal), round=0)


def _run_searches() -> None:
    """The kernel's search thread: one search process at a time, the latest request first."""
    while True:
        with SEARCH_LOCK:
            while not _WAITING:
                SEARCH_LOCK.wait()
            search = _WAITING.pop()
        search._run()


def best_search(target: str, deal, max_rounds: int | None = None) -> BestSearch:
    """The search for this deal, asked for now or earlier (one per deal and cap; the latest few are kept, an
    older one pushed out is cancelled).  It runs when its turn comes: one at a time in this kernel, the latest
    request first, and at most :data:`ANALYSTS` at once on the server."""
    rounds = BEST_LINE_ROUNDS if max_rounds is None else int(max_rounds)
    key = (str(target), tuple(str(c) for c in deal), rounds)
    pushed_out = []
    with SEARCH_LOCK:
        search = _SEARCHES.get(key)
        if search is None:
            search = _SEARCHES[key] = BestSearch(key[0], key[1], rounds)
            while len(_SEARCHES) > _KEEP_SEARCHES:
                pushed_out.append(_SEARCHES.popitem(last=False)[1])
        _SEARCHES.move_to_end(key)
        if not search.done() and search._proc is None:
            if search in _WAITING:
                _WAITING.remove(search)
            _WAITING.append(search)  # asked for again: it is the latest request
            if not _RUNNER and not IN_BROWSER:  # in the browser, result() searches in the page's Python
                _RUNNER.append(threading.Thread(target=_run_searches, name="ninekit-analyst", daemon=True))
                _RUNNER[0].start()
            SEARCH_LOCK.notify_all()
    for old in pushed_out:
        old.cancel()
    return search


@atexit.register
def cancel_searches() -> int:
    """Cancel every search this process asked for (waiters get a RuntimeError); returns how many were not done.
    Runs when the process ends: no search outlives the app's process.

        >>> _ = cancel_searches()  # whatever this process asked for so far (other code may have)
        >>> cancel_searches()  # nothing is left to cancel
        0
    """
    with SEARCH_LOCK:
        searches = list(_SEARCHES.values())
        _SEARCHES.clear()
    pending = [s for s in searches if not s.done()]
    for search in pending:
        search.cancel()
    return len(pending)


def best_on_deal(target: str, deal, max_rounds: int | None = None) -> tuple:
    """The best game score on a finished game's deal and the moves that reach it: ``(score, moves)``, waiting
    for :func:`best_search`."""
    return best_search(target, deal, max_rounds).result()


def best_line_steps(target: str, deal, max_rounds: int | None = None) -> list:
    """The best line on a finished game's deal as ``(caption, view)`` steps: the opening, then each move with its
    words (the log line), every view showing the whole deck in order (the deal is revealed once the game is over)."""
    search = best_search(target, deal, max_rounds)
    score, moves = search.result()
    state = search.opening()
    n = len(moves)
    steps = [(f"the deal (target {target}), before round 1; the best line scores {score}", _revealed(state, 0, n))]
    for i, move in enumerate(moves, 1):
        after = state.play(move)
        lines = after.log(0)
        text = lines[-1] if len(lines) > len(state.log(0)) else str(move)
        steps.append((text, _revealed(after, i, n)))
        state = after
    return steps


def _revealed(state, i: int, n: int) -> dict:
    """The view of a replayed state with the whole deck shown in order (the finished game's deal is public)."""
    pos = state.position._replace(order_known=True)
    view = state.game.state_at(pos).view(0)
    view["replay"] = f"Best line · step {i} of {n}" if i else f"Best line · the deal ({n} moves follow)"
    return view


def best_words(score: int, played: int | None = None, max_rounds: int | None = None) -> str:
    """'The best possible score on this deal was N ...', worded honestly about the search's cap."""
    max_rounds = BEST_LINE_ROUNDS if max_rounds is None else max_rounds
    cap = f"within {max_rounds} rounds" if max_rounds else "in any number of rounds"
    text = (f"The best possible score on this deal was {score} ({cap}, had the order of the cards been known; "
            f"shuffles left out)")
    if played is not None and played > score:
        text += f". You scored {played}, more than that, by playing more rounds"
    return text + "."


__all__ = ["ANALYSTS", "ANALYST_SLOTS", "BEST_LINE_ROUNDS", "BEST_LINE_ROUNDS_ENV", "BROWSER_SEARCH_SECONDS",
           "BestSearch", "best_line_steps", "best_on_deal", "best_search", "best_words", "cancel_searches"]
