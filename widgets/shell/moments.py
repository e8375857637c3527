"""Moments between moves: a pause between games, the outcome panel, replays, and the background work a moment leaves.

A part of :class:`widgets.shell.area.PlayArea` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping

import ninekit

from ..tables import TableAdapter
from . import common

PAUSES_KEPT = 64  # moves whose interlude is remembered (the app and its session both ask)


class Moments:
    """Moments between moves: a pause between games, the outcome panel, replays, and the background work a
    moment leaves. A part of :class:`widgets.shell.area.PlayArea` (a mixin: it works on the session and the widgets)."""

    def go_on(self) -> bool:
        """Press the pause's button (e.g. "Next game" between the games of a match): play goes on."""
        if self._interlude is None:
            return False
        self._set_state(self._state)
        return True

    @property
    def pause(self) -> Mapping | None:
        """The moment on screen between two parts of a match (title, html, svg, button), or None."""
        return self._interlude

    REPLAY_BUTTONS = ("◀ Previous step", "Next step ▶", "Back to the result")

    @property
    def replays(self) -> list[str]:
        """The replays offered now (their buttons' texts), e.g. the best line of a finished game; [] if none."""
        return [str(text) for text, _steps in self._offered_replays()]

    def replay(self, which: int | str = 0) -> bool:
        """Start the replay offered as ``which`` (its index or its button's text): the board shows its steps one
        at a time, with Previous, Next and Back to the result."""
        offered = self._offered_replays()
        if isinstance(which, str):
            which = next((i for i, (text, _s) in enumerate(offered) if str(text) == which), -1)
        if not 0 <= which < len(offered):
            self._set_message("There is no such replay now", "info")
            return False
        text, steps = offered[which]
        steps = list(steps() if callable(steps) else steps)
        if not steps:
            self._set_message("There is nothing to replay", "info")
            return False
        self._replaying = {"title": str(text), "steps": steps, "at": 0}
        self._set_message("")
        self._refresh()
        return True

    def replay_step(self, delta: int = 1) -> bool:
        """Show the next (``delta=1``) or previous (``-1``) step of the replay on screen."""
        shown = self._replaying
        if shown is None:
            return False
        at = shown["at"] + delta
        if not 0 <= at < len(shown["steps"]):
            self._set_message("That was the last step" if delta > 0 else "That was the first step", "info")
            return False
        shown["at"] = at
        self._set_message("")
        self._refresh()
        return True

    def end_replay(self) -> bool:
        """Leave the replay: back to the result it was started from."""
        if self._replaying is None:
            return False
        self._replaying = None
        self._set_message("")
        self._refresh()
        return True

    @property
    def replaying(self) -> tuple[int, int, str] | None:
        """The replay on screen as (step shown, last step, its caption), or None."""
        shown = self._replaying
        if shown is None:
            return None
        return shown["at"], len(shown["steps"]) - 1, str(shown["steps"][shown["at"]][0])

    def _offered_replays(self) -> list:
        """(button text, steps or a function giving them) of the moment on screen: a pause, or the match end."""
        if self._interlude is not None:
            return list(self._interlude.get("replays") or [])
        if self._state is not None and self._state.is_over:
            panel = self._final_panel(self._state)
            return list(panel.get("replays") or []) if panel else []
        return []

    def _press_replay(self, index: int) -> bool:
        if self._replaying is None:
            return self.replay(index)
        if index == 0:
            return self.replay_step(-1)
        if index == 1:
            return self.replay_step(1)
        return self.end_replay()

    def _final_panel(self, s: ninekit.State) -> Mapping | None:
        """The adapter's panel for the end of the game (``outcome_panel``), worked out once per finished state."""
        if self._final is not None and self._final[0] is s:
            return self._final[1]
        panel = None
        try:
            panel = self.adapter.outcome_panel(s.view(None))
        except Exception as exc:  # noqa: BLE001 - a broken panel must not hide the outcome
            self.errors.append(f"outcome_panel: {type(exc).__name__}: {exc}")
        panel = panel if isinstance(panel, Mapping) else None
        self._final = (s, panel)
        if panel is not None:
            self._start_later(panel, lambda update: self._update_final(s, panel, update))
        return panel

    def _update_final(self, s: ninekit.State, panel: Mapping, update: Mapping) -> bool:
        if self._final is None or self._final[0] is not s or self._final[1] is not panel:
            return False
        self._final = (s, _merged(panel, update))
        return True

    def _update_pause(self, pause: Mapping, update: Mapping) -> bool:
        if self._interlude is not pause:
            return False
        self._interlude = _merged(pause, update)
        return True

    def _start_later(self, moment: Mapping, apply: Callable[[Mapping], bool]) -> None:
        """Run a moment's ``"later"`` (work that may take long, e.g. a search) in the background
        (:meth:`_in_background`); ``apply`` its update to the moment if that is still on screen, and show it."""
        later = moment.get("later")
        if callable(later):
            self._in_background(later, lambda update: isinstance(update, Mapping) and apply(update))

    def _in_background(self, compute: Callable[[], object], apply: Callable[[object], bool],
                       failed: Callable[[], None] | None = None) -> None:
        """Run ``compute`` (work that may take long: a search) on a background thread, the page's callbacks free
        meanwhile; then, holding the lock, ``apply`` its answer and show it if ``apply`` says it still fits the
        screen.  If ``compute`` fails, the error is kept in ``errors`` and ``failed`` runs (under the lock)."""

        def work():
            try:
                answer = compute()
            except Exception as exc:  # noqa: BLE001 - a failed search must not break the app
                self.errors.append(f"background: {type(exc).__name__}: {exc}")
                del self.errors[:-50]
                common.log.exception("ninekit app: background work failed")
                if failed is not None:
                    with self._lock:
                        failed()
                return
            with self._lock:
                if apply(answer):
                    self._refresh_now()

        if common.IN_BROWSER:  # no threads in the browser: after the moment is on screen (the page waits meanwhile)
            common.run_later(work)
            return
        thread = threading.Thread(target=work, name="ninekit-later", daemon=True)
        self._workers = [t for t in self._workers if t.is_alive()] + [thread]
        thread.start()

    def wait_background(self, timeout: float | None = None) -> bool:
        """Wait for the background work a moment left (e.g. the best possible score on a deal) to be shown;
        True if none is left."""
        for thread in list(self._workers):
            thread.join(timeout)
        return not any(t.is_alive() for t in self._workers)

    def _pause_between(self, before: ninekit.State, after: ninekit.State) -> Mapping | None:
        """The adapter's interlude for this move (e.g. a game of a match ends), or None; worked out once per move
        (the session asks too: :meth:`_pauses`)."""
        if not self._interludes or type(self.adapter).interlude is TableAdapter.interlude:
            return None  # this game has no pauses: no views to build
        seen = self._pauses_seen.get(id(after))
        if seen is not None and seen[0] is after and seen[1] is before:
            return seen[2]
        try:
            pause = self.adapter.interlude(before.view(None), after.view(None))
        except Exception as exc:  # noqa: BLE001 - a broken picture must not stop the game
            self.errors.append(f"interlude: {type(exc).__name__}: {exc}")
            pause = None
        pause = pause if isinstance(pause, Mapping) else None
        if len(self._pauses_seen) >= PAUSES_KEPT:
            self._pauses_seen.clear()
        self._pauses_seen[id(after)] = (after, before, pause)
        return pause

    def _pauses(self, before: ninekit.State, after: ninekit.State) -> bool:
        """The session's rule for a pause between the games of a match (``Session.pauses``): the adapter has an
        interlude for this move."""
        return self._pause_between(before, after) is not None


def _merged(moment: Mapping, update: Mapping) -> dict:
    """A moment with a background update's keys put in (and no further ``later`` unless the update has one)."""
    out = {k: v for k, v in moment.items() if k != "later"}
    out.update(update)
    return out
