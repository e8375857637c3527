"""Hint: the suggested move for the person at the screen, in words and marked on the board.

Parts of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts): :class:`HintLine`, the
view (the Hint button and the line under it), and :class:`Hints`, what pressing it does (the hint is looked
for in the background and written into the log at a shared screen).

>>> line = HintLine(on_ask=print)
>>> line.show(shown=True, text="Knight d1-d2: it guards the Goal.", looking=False)
>>> "Knight d1-d2" in line.text.value, line.button.disabled
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable

import ipywidgets as w

import ninekit
from ninekit import hints

from ..front import front_text
from ..svg import esc

# The hint's mark, put into the board's picture (its CSS is a file the picture carries in a <style>).
HINT_STYLE = f"<style>{front_text('hint.css').strip()}</style>"


class HintLine(w.HBox):
    """The Hint button and the line beside it: the hint in words, or that one is being looked for.
    ``on_ask()`` is called on a press."""

    def __init__(self, on_ask: Callable[[], object]):
        self.button = w.Button(description="Hint", tooltip="Suggest a move, and say why",
                               layout=w.Layout(width="auto")).add_class("ninekit-hint-button")
        self.button.on_click(lambda _b: on_ask())
        self.text = w.HTML().add_class("ninekit-hint-text")
        super().__init__([self.button, self.text],
                         layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"))
        self.add_class("ninekit-hint")

    def show(self, shown: bool, text: str | None, looking: bool) -> None:
        """The line for a decision at the screen (``shown``; else hidden): the hint's ``text``, or "Looking for
        a good move…" while ``looking`` (the button waits meanwhile), or nothing."""
        self.text.value = (f'<div class="nk-hint-line" role="status"><b>Hint:</b> {esc(text)}</div>'
                           if text is not None else
                           '<div class="nk-hint-wait" role="status">Looking for a good move…</div>'
                           if looking else "")
        self.button.disabled = looking
        self.layout.display = None if shown else "none"


class Hints:
    """What Hint does: the suggested move for the person at the screen, found in the background, shown in words
    and marked on the board. A part of :class:`widgets.app.GameApp` (a mixin: it works on the app's session and
    its :class:`HintLine`)."""

    def show_hint(self) -> str:
        """The suggested move for the human seat to move, with one sentence of why, shown under the board and
        marked on it (or on its button), found now; returns the text ('' when refused, the message says why).
        The Hint button asks for it in the background instead (:meth:`ask_hint`).

        Only for the seat whose view is on screen: not in Watch, not after the end, not while the screen waits
        for a hand-over.  With several people at the screen, asking is written into the log every seat reads, as
        undo is (once a move).
        """
        problem = self._hint_refusal()
        if problem is not None:
            self._set_message(problem, "info")
            return ""
        s = self._state
        self._take_hint(s, hints.hint(s, s.to_move))
        self._refresh()
        return self.hint_text

    def ask_hint(self) -> bool:
        """Press Hint: say at once that a move is being looked for, find it in the background (a search may take
        a few seconds; the page stays responsive) and show it as :meth:`show_hint` does, if the board has not
        changed meanwhile.  False (and the message says why) when Hint gives nothing now."""
        problem = self._hint_refusal()
        if problem is not None:
            self._set_message(problem, "info")
            return False
        s = self._state
        if self._hint is not None and self._hint[0] is s:
            return True  # on screen already
        self._hint_wanted = s
        self._refresh_now()

        def show(found) -> bool:
            if self._hint_wanted is not s or self._state is not s or self._hint_refusal() is not None:
                return False
            self._take_hint(s, found)
            return True

        def failed() -> None:
            if self._hint_wanted is s:
                self._hint_wanted = None
                self._set_message("No hint this time: something went wrong looking for one")
                self._refresh_now()

        self._in_background(lambda: hints.hint(s, s.to_move), show, failed)
        return True

    def _take_hint(self, s: ninekit.State, found: hints.Hint) -> None:
        """Put the hint ``found`` for ``s`` on screen (at the next refresh) and write the asking into the log."""
        if found.move not in s.legal_moves():  # the contract: a legal move; anything else is a bug to report
            raise ValueError(f"hint() suggested {found.move!r}, which is not legal now")
        self._hint, self._hint_wanted = (s, found), None
        # The log tells the other people at this screen that a seat was helped: once a move (a move of two
        # decisions, e.g. a piece and then its square, is one), and not at all with one person at the screen.
        asked = (self._session.root.state, self.moves_played(s), s.to_move)
        if len(self._session.humans) > 1 and asked != self._hint_noted:
            self._note(f"{self.game.seat_name(s.to_move)} asked for a hint", len(s.history))
        self._hint_noted = asked
        self._set_message("")

    def _hint_refusal(self) -> str | None:
        """Why Hint gives nothing now, or None."""
        s = self._state
        if self.watching:
            return "Hint is for a player's decision; here the computer plays every seat"
        if s.is_over:
            return "The game is over: there is no move to suggest"
        if self._interlude is not None or self._replaying is not None:
            return "Press the button on screen first"
        if self._locked is not None:
            return self._locked
        name = self.game.seat_name(s.to_move)
        if self._pending_reveal is not None:
            return f"Pass the screen to {self.game.seat_name(self._pending_reveal)} first"
        if not self._is_human(s.to_move):
            return f"{name} is thinking" if self._thinking is not None else f"It is {name}'s turn (computer)"
        if s.to_move != self._viewer:
            return f"Only {name} may ask for a hint, with {name}'s view on screen"
        return None

    @property
    def hint_text(self) -> str:
        """The hint on screen ('' when none): "<move>: <reason>"."""
        hint_now = self._hint[1] if self._hint is not None and self._hint[0] is self._state else None
        return hint_now.text if hint_now is not None and self._hint_refusal() is None else ""

    @property
    def hinted(self) -> tuple[str | None, str | None]:
        """Where the hint on screen is marked: (the board element's ``data-id``, the button's text); each None
        when not there."""
        if not self.hint_text:
            return None, None
        data_id, index = self._hinted(self._state)
        return data_id, (str(self._buttons[index]) if index is not None else None)

    def _hinted(self, s: ninekit.State) -> tuple[str | None, int | None]:
        """Where the hint on screen for ``s`` points: the board element's ``data-id``, or its button's index."""
        if self._hint is None or self._hint[0] is not s:
            return None, None
        move = self._hint[1].move
        for data_id, target in self._targets.items():
            if target == move:
                return data_id, None
        for index, button in enumerate(self._buttons):
            if button == move:
                return None, index
        return None, None


def mark_hinted(svg: str, data_id: str | None) -> str:
    """``svg`` with the element ``data_id`` marked as the hint's move (class ``nk-hinted``, styled in the picture).

    >>> mark_hinted('<svg><g class="legal" data-id="c3"/></svg>', "c3")
    '<svg><g class="legal nk-hinted" data-id="c3"/><style>...</style></svg>'
    >>> mark_hinted('<svg><g data-id="c4"/></svg>', "c3")
    '<svg><g data-id="c4"/></svg>'
    """
    if not svg or data_id is None:
        return svg
    at = svg.find(f' data-id="{esc(data_id)}"')
    start = svg.rfind("<", 0, at)
    end = svg.find(">", at)
    if at < 0 or start < 0 or end < 0:
        return svg
    tag = svg[start:end].removesuffix("/")
    if ' class="' in tag:
        tag = re.sub(r' class="([^"]*)"', lambda m: f' class="{m.group(1)} nk-hinted"', tag, count=1)
    else:
        tag += ' class="nk-hinted"'
    body = svg[:start] + tag + ("/" if svg[end - 1] == "/" else "") + svg[end:]
    closing = body.rfind("</svg>")
    return body[:closing] + HINT_STYLE + body[closing:] if closing >= 0 else body
