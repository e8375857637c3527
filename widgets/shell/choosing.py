"""The prompt's choices: board clicks and buttons turned into moves, the piece or card chosen and put back.

A part of :class:`widgets.shell.area.PlayArea` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

from collections import Counter

from ninekit import Move


class Choosing:
    """The prompt's choices: board clicks and buttons turned into moves, the piece or card chosen and put back.
    A part of :class:`widgets.shell.area.PlayArea` (a mixin: it works on the session and the widgets)."""

    @property
    def selection(self) -> tuple[str, list[str]] | None:
        """The piece or card just chosen (click it to put it back) and those to switch to, or None."""
        if self._selection is None:
            return None
        return self._selection[0], sorted(self._selection[1])

    def click(self, data_id: str) -> bool:
        """Do what a click on the board element ``data_id`` does; True if a move was played."""
        if not self._may_act():
            return False
        move = self._targets.get(data_id)
        if move is not None:
            return self._play_human(move)
        if self._selection is not None:
            selected, switch = self._selection
            if data_id == selected:
                return self._rewind(None)  # put it back
            if data_id in switch:
                return self._rewind(switch[data_id])  # choose this one instead
        if data_id in self._collided:
            self._set_message("More than one choice starts there: pick one of the buttons")
            return False
        legal = self._state.legal_moves()
        text = None
        try:
            guess = self.adapter.guess_move(data_id, legal)
            if guess is not None:
                text = self._state.why_illegal(guess)
        except Exception:  # noqa: BLE001 - a failed guess just means no detail
            text = None
        if not text:
            text = "That is not a legal choice now"
            if self._buttons and not self._targets:
                text += ": choose one of the buttons below the board"
        self._set_message(text)
        return False

    def choose(self, text_or_move) -> bool:
        """Press the button with this text, or play this Move; True if played."""
        if isinstance(text_or_move, Move):
            return self.try_move(text_or_move)
        if not self._may_act():
            return False
        text = str(text_or_move)
        for move in list(self._buttons) + list(self._state.legal_moves()):
            if str(move) == text:
                return self._play_human(move)
        self._set_message(f"There is no choice called {text!r} now")
        return False

    def try_move(self, move) -> bool:
        """Play ``move`` for the human seat to move, or show why it is illegal."""
        if not self._may_act():
            return False
        problem = self._state.why_illegal(move)
        if problem is not None:
            self._set_message(problem)
            return False
        return self._play_human(move)

    def _may_act(self) -> bool:
        s = self._state
        if self._locked is not None:
            self._set_message(self._locked, "info")
            return False
        if s.is_over:
            self._set_message(f"The game is over ({s.outcome.reason}); start a new game to play again", "info")
            return False
        if self._pending_reveal is not None:
            name = self.game.seat_name(self._pending_reveal)
            self._set_message(f"Pass the screen to {name} first")
            return False
        if not self._is_human(s.to_move):
            name = self.game.seat_name(s.to_move)
            text = f"{name} is thinking" if self._thinking is not None else f"It is {name}'s turn (computer)"
            self._set_message(text, "info")
            return False
        return True

    def _play_human(self, move: Move) -> bool:
        self._set_aside_offer()
        new = self._state.play(move)
        self._set_message("")
        self._set_state(new, pause=self._pause_between(self._state, new))
        return True

    def _press_choice(self, index: int) -> bool:
        if not 0 <= index < len(self._buttons):
            return False
        return self.try_move(self._buttons[index])

    def _split(self, legal) -> None:
        ids = []
        for move in legal:
            try:
                target = self.adapter.target_of(move)
            except Exception:  # noqa: BLE001 - an odd move becomes a button
                target = None
            ids.append(target)
        counts = Counter(t for t in ids if t is not None)
        self._targets, self._buttons, self._collided = {}, [], set()
        for move, target in zip(legal, ids):
            if target is None or counts[target] > 1:
                self._buttons.append(move)
                if target is not None:
                    self._collided.add(target)
            else:
                self._targets[target] = move

    def _find_selection(self) -> tuple[str, dict[str, Move]] | None:
        """The piece or card just chosen and the others the seat could choose instead, or None.

        After a choice the adapter ``selects`` (by default one of its ``selection_kinds``: a Knight to move, a
        card to play), the chosen element can be clicked again to put it back, and another choosable one to
        switch to it.
        """
        s = self._state
        parent = s.parent
        if parent is None:
            return None
        seat, last = s.history[-1]
        if not self._selects(last) or parent.to_move != seat or s.to_move != seat:
            return None
        selected = self.adapter.target_of(last)
        if selected is None or selected in self._targets or selected in self._collided:
            return None
        found, counts = {}, Counter()
        for move in parent.legal_moves():
            if self._selects(move):
                target = self.adapter.target_of(move)
                if target is not None:
                    found[target] = move
                    counts[target] += 1
        switch = {t: m for t, m in found.items() if counts[t] == 1 and t != selected and t not in self._targets
                  and t not in self._collided}
        return selected, switch

    def _selects(self, move: Move) -> bool:
        """Whether ``move`` only chose a piece or card (the adapter's ``selects``: by default, its kind is one of
        the adapter's ``selection_kinds``)."""
        return bool(self.adapter.selects(move))

    def _rewind(self, move: Move | None) -> bool:
        """Take back the last choice of a piece or card; then choose ``move`` instead, if given."""
        parent = self._state.parent
        state = parent if move is None else parent.play(move)
        self._set_message("")
        self._set_state(state, run=False)
        return True
