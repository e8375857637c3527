"""Undo and Redo, and the table events they write into the log.

A part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

import ninekit
from ninekit import session

from .common import count_moves


class Toolbar:
    """Undo and Redo, and the table events they write into the log. A part of
    :class:`widgets.app.GameApp` (a mixin: it works on the app's session and widgets)."""

    def undo(self) -> bool:
        """Back to the previous decision of a human seat (computer moves are skipped)."""
        target = self._undo_target()
        if target is None:
            self._set_message(session.UNDO_REFUSED if self._undo_refused() else "There is nothing to undo", "info")
            return False
        self._note(f"{self._actor()} undid {count_moves(self.moves_played(self._state) - self.moves_played(target))}",
                   len(target.history))
        self._session.undo()
        self._set_state(self._session.state, run=False)
        self._set_message("")
        return True

    def redo(self) -> bool:
        """Forward again along the line the last undo came back from."""
        if self._session.node.last is None:
            self._set_message("There is nothing to redo", "info")
            return False
        before = self._state
        target = self._session.redo()
        self._note(f"{self._actor()} redid {count_moves(self.moves_played(target) - self.moves_played(before))}",
                   len(target.history))
        self._set_state(target)  # a computer that was thinking when Undo was pressed thinks again
        self._set_message("")
        return True

    def _undo_target(self) -> ninekit.State | None:
        """The last decision of a human seat to go back to, or None (see :meth:`ninekit.session.Session.undo`:
        never past a move that showed a person at this screen a secret, unless in teacher mode, nor past a move
        :meth:`_undo_stops` names).  Kept by the session for the position on screen (asked on every redraw)."""
        node = self._session.undo_target()
        return None if node is None else node.state

    def _undo_stops(self, node: ninekit.State, child: ninekit.State) -> bool:
        """The adapter's moves Undo never takes back: one it calls ``irreversible`` (made by a person here), or
        one after which its ``public_reveal(before, after)`` (the spectator views around it) says a secret was
        shown to every seat."""
        seat, move = child.history[-1]
        return bool((self._is_human(seat) and self.adapter.irreversible(move))
                    or self.adapter.public_reveal(node.view(None), child.view(None)))

    def _undo_refused(self) -> bool:
        """Whether Undo is refused now although there is a decision to go back to (a secret was shown since)."""
        return self._session.undo_refused()

    def _actor(self) -> str:
        """Who is at the screen, for the log: the seat shown, else the last seat shown."""
        seat = self._viewer if self._viewer is not None else self._last_viewer
        return "Someone" if seat is None else self.game.seat_name(seat)
