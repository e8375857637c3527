"""The computer seats: when they decide (at once, in the background, or at Watch's pace) and Watch's controls.

A part of :class:`widgets.shell.area.PlayArea` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import ninekit
from ninekit.bots import RandomBot
from ninekit.core import random_seed

from . import common
from .common import HUMAN, STEP_CAP

THINKING_LEVELS = frozenset({"hard"})  # levels that search (up to about 2 s a decision): they think in the background
PACE = 1.0  # seconds per move in Watch, unless chosen
PACE_RANGE = (0.2, 3.0)  # the Watch pace slider's ends, seconds per move


class ComputerSeats:
    """The computer seats: when they decide (at once, in the background, or at Watch's pace) and Watch's
    controls. A part of :class:`widgets.shell.area.PlayArea` (a mixin: it works on the session and the widgets)."""

    def _decide(self, s: ninekit.State) -> ninekit.State:
        """The state after the computer seat to move decides: the session chooses with the seat's player
        (:meth:`ninekit.session.Session.decide`); a broken player is replaced by a random one."""
        seat = s.to_move
        try:
            self._bot(seat)
            return s.play(self._session.decide(s))
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the game
            self.errors.append(f"bot for seat {seat}: {type(exc).__name__}: {exc}")
            self._session.bots[seat] = RandomBot(random_seed())
            return s.play(self._session.decide(s))

    def _thinks(self, seat: int) -> bool:
        """Whether the computer at ``seat`` decides in the background (a level that searches)."""
        return self._bot_factory is None and self.levels[seat] in THINKING_LEVELS

    def _run_computers(self) -> None:
        """Play the computer seats up to a human's decision, a pause or the end: at once for the levels that
        answer at once, else (a level that searches, or Watch) one decision later on the timer."""
        s = self._state
        start = len(s.history)
        steps = 0
        table = self._session  # it says whether a move pauses play between games (the adapter's interlude)
        while not table.paused and not s.is_over and not self._is_human(s.to_move):
            if self.watching or self._thinks(s.to_move):
                break
            if steps >= STEP_CAP:
                self._set_message(f"Stopped the computer players after {STEP_CAP} moves")
                break
            s = table.follow(self._decide(s))
            self._interlude = self._pause_between(s.parent, s) if table.paused else None
            steps += 1
        if steps and self._computer_from is None:
            self._computer_from = start
        if not table.paused and not s.is_over and not self._is_human(s.to_move) and steps < STEP_CAP:
            if not self.watching:
                self._plan(0.0)
            elif self._playing:
                self._plan(self._pace)

    def _start_timer(self, delay: float, work: Callable[[], None]):
        """The default ``timer``: ``work`` after ``delay`` seconds on a thread, or on the page's event loop in the
        static site (no threads there).  The handle has ``cancel()``."""
        if common.IN_BROWSER:
            import asyncio

            return asyncio.get_event_loop().call_later(max(0.0, delay), work)
        timer = threading.Timer(max(0.0, delay), work)
        timer.daemon = True
        self._workers = [t for t in self._workers if t.is_alive()] + [timer]
        timer.start()
        return timer

    def _cancel_plan(self) -> None:
        """Forget the planned computer move (the game on screen changed, or Watch paused)."""
        self._ticket += 1
        self._thinking = None
        planned, self._planned = self._planned, None
        if planned is not None:
            planned.cancel()

    def _plan(self, delay: float) -> None:
        """Let the computer seat to move decide ``delay`` seconds from now, away from the page's callbacks; its move
        is played if the game on screen is still the one it decided on.  A decision that only picks up a piece
        or card is played together with the move it leads to (one move of the log)."""
        self._cancel_plan()
        state, ticket = self._state, self._ticket
        seat = state.to_move
        if delay <= 0 and self._thinks(seat):
            self._thinking = seat

        def current() -> bool:
            return ticket == self._ticket and self._state is state

        def work() -> None:
            try:
                with self._lock:
                    if not current():
                        return
                    if self._thinking is None and self._thinks(seat):
                        self._thinking = seat  # say so first; the search starts once that is on screen
                        self._refresh_now()
                        self._planned = self._timer(0.0, work)
                        return
                with self._deciding:  # one search at a time (a bot is not shared between threads)
                    s, pause = self._decide(state), None
                    for _ in range(8):  # a pick-up and the move it leads to
                        pause = self._pause_between(s.parent, s)
                        last = s.history[-1][1]
                        if pause is not None or s.is_over or s.to_move != seat or not self._selects(last):
                            break
                        s = self._decide(s)
                with self._lock:
                    if not current():
                        return
                    start = self._computer_from  # since the last human action; in Watch, this move only
                    if start is None or self.watching:
                        start = len(state.history)
                    self._set_state(s, pause=pause, computer_from=start)
            except Exception as exc:  # noqa: BLE001 - a timed move must not fail silently
                self.errors.append(f"computer move: {type(exc).__name__}: {exc}")
                del self.errors[:-50]
                common.log.exception("ninekit app: a computer move failed")

        self._planned = self._timer(delay, work)

    @property
    def watching(self) -> bool:
        """True while Watch runs: every seat a computer, the app watches, and the game is not over."""
        return (self.watch and bool(self.seats) and HUMAN not in self.seats
                and self._state is not None and not self._state.is_over)

    @property
    def thinking(self) -> int | None:
        """The computer seat deciding in the background now, or None."""
        return self._thinking

    @property
    def playing(self) -> bool:
        """Watch: True while moves come at the pace, False while paused."""
        return self._playing

    @property
    def pace(self) -> float:
        """Watch: seconds between moves."""
        return self._pace

    def set_pace(self, seconds: float) -> bool:
        """Watch: set the seconds between moves (from the next move on); out of range is refused, with why."""
        low, high = PACE_RANGE
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not low <= seconds <= high:
            self._set_message(f"The pace must be from {low} to {high} seconds per move (got {seconds!r})")
            return False
        self._pace = float(seconds)
        self._show_watch()  # the pace slider follows
        return True

    def pause_watch(self) -> bool:
        """Watch: stop after the move on screen (a decision being worked out is dropped)."""
        if not self.watching or not self._playing:
            return False
        self._playing = False
        self._cancel_plan()
        self._refresh()
        return True

    def play_watch(self) -> bool:
        """Watch: moves come again at the pace."""
        if not self.watching or self._playing:
            return False
        self._playing = True
        self._set_message("")
        self._run_watch()
        return True

    def step_watch(self) -> bool:
        """Watch: play exactly one move (as the log counts them) now, then wait (pauses if playing)."""
        if not self.watching:
            self._set_message("Step is for watching a game of computer players", "info")
            return False
        if self._interlude is not None or self._replaying is not None:
            self._set_message("Press the button on screen first", "info")
            return False
        self._playing = False
        self._set_message("")
        self._plan(0.0)
        self._refresh()
        return True

    def _run_watch(self) -> None:
        if self.watching and self._interlude is None:
            self._plan(self._pace)
        self._refresh()

    def wait_computers(self, timeout: float = 30.0) -> bool:
        """Wait (up to ``timeout`` seconds) until no computer move is planned: a searching level has moved, or
        Watch paused or ended.  True if none is left.  With the default timer only."""
        deadline = time.monotonic() + timeout
        while self._planned is not None and time.monotonic() < deadline:
            planned = self._planned
            if isinstance(planned, threading.Thread):
                planned.join(max(0.0, deadline - time.monotonic()))
                if self._planned is planned and not planned.is_alive():
                    break
            else:
                time.sleep(0.01)
        return self._planned is None or (isinstance(self._planned, threading.Thread)
                                         and not self._planned.is_alive())
