"""Drawing the play area from the session: status, board, choices, log, outcome.

A part of :class:`widgets.shell.area.PlayArea` (see widgets/shell/__init__.py for the parts); what an app draws
around it (title, seats, Hint, Watch, Undo and Redo) is in widgets/app.py and widgets/shell/header.py.
"""

from __future__ import annotations

import ninekit

from ..svg import esc
from .common import HUMAN
from .hinting import mark_hinted


class Drawing:
    """Drawing the play area from the session: status, board, choices, log, outcome. A part of
    :class:`widgets.shell.area.PlayArea` (a mixin: it works on the area's session and widgets)."""

    def _set_message(self, text: str, kind: str = "error") -> None:
        self._message = text
        if not text:
            self._msg.value = ""
        else:
            self._msg.value = f'<div class="nk-{kind}" role="status">{esc(text)}</div>'

    def _refresh(self) -> None:
        with self._lock:
            self._refresh_now()

    def _refresh_now(self) -> None:
        s, game = self._state, self.game
        pause = self._interlude
        private = self._pending_reveal is not None and pause is None
        viewer = self._viewer
        if private:
            self._need("privacy")
        if pause is not None:
            self._need("interlude")
        if self._replaying is not None or (not private and self._offered_replays()):
            self._need("replay")
        interactive = (pause is None and not s.is_over and not private and self._locked is None
                       and self._is_human(s.to_move) and s.to_move == viewer)
        self._split(s.legal_moves() if interactive else ())
        self._selection = self._find_selection() if interactive else None
        if private:
            name = game.seat_name(self._pending_reveal)
            self._status.value = esc(f"{name}'s turn: waiting for the hand-over")
            self.hand_over.show(name)
            self.board.show("")
            self._choices.show([])
            self.move_log.clear()
        elif self._replaying is not None:  # a replay (e.g. a finished game's best line): public, a picture per step
            shown = self._replaying
            caption, step_view = shown["steps"][shown["at"]]
            last = len(shown["steps"]) - 1
            self._status.value = (esc(f"{shown['title']}: step {shown['at']} of {last}")
                                  + f'<div class="nk-prompt-note">{esc(str(caption))}</div>')
            narrow = self.adapter.draw(step_view, {}, {"layout": "narrow"}) if self.adapter.narrow_layout else ""
            self.board.show(self.adapter.draw(step_view, {}, {}), narrow)
            self._choices.show([])
        elif pause is not None:  # a moment between two parts of a match: public, so shown as to a spectator
            self._status.value = esc(str(pause.get("title") or "A pause"))
            self.board.show(str(pause.get("svg") or self.adapter.draw(s.view(None), {}, {})),
                            str(pause.get("svg_narrow") or ""))
            self.pause_panel.show(pause)
            self._choices.show([])
        else:
            view = self._board_view(s, viewer)
            status = esc(self._locked if self._locked is not None else view.get("prompt", s.prompt))
            if self._thinking is not None and self._locked is None:
                status = esc(f"{game.seat_name(self._thinking)} is thinking…")
            note = view.get("prompt_note") if self._locked is None else None
            if note:  # a sentence for this seat only, explaining the decision (e.g. why only one answer is offered)
                status += f'<div class="nk-prompt-note">{esc(str(note))}</div>'
            self._status.value = status
            pending = {}
            if self._selection is not None:
                pending = {"selected": self._selection[0], "switch": list(self._selection[1])}
            if self._buttons:  # what the buttons would do, for a picture that marks it (e.g. a default payment)
                pending["choices"] = list(self._buttons)
            hinted, marked = self._hinted(s) if interactive else (None, None)
            narrow = (self.adapter.draw(view, dict(self._targets), {**pending, "layout": "narrow"})
                      if self.adapter.narrow_layout else "")
            self.board.show(mark_hinted(self.adapter.draw(view, dict(self._targets), pending), hinted),
                            mark_hinted(narrow, hinted))
            self._choices.show([str(m) for m in self._buttons], marked=marked)
        numbered = None
        if not private:
            reader = None if pause is not None else viewer  # a pause is shown as to a spectator
            numbered = s.numbered_log(reader)
            self.move_log.show(self._log_lines(s, reader, numbered))
        self.board.label = f"{game.title} board"
        replaying = self._replaying is not None and not private
        offered = [] if private or replaying else self.replays
        if self._replay_bar is not None:
            self._replay_bar.show(list(self.REPLAY_BUTTONS) if replaying else offered)
        self._outcome.value = self._outcome_html(s) if s.is_over else ""  # its text before it is shown
        for widget, shown in ((self.hand_over, private), (self.board, not private),
                              (self.pause_panel, pause is not None and not replaying),
                              (self._choices, not private and bool(self._buttons)),
                              (self.move_log, not private),
                              (self._outcome, s.is_over and pause is None and not replaying),
                              (self._replay_bar, replaying or bool(offered))):
            if widget is not None:  # (a part not built yet is not on screen)
                widget.layout.display = None if shown else "none"
        self._show_around(s, interactive, numbered)
        self._show_watch()

    def _log_lines(self, s: ninekit.State, viewer: int | None,
                   numbered: list[tuple[int, str]] | None = None) -> list[tuple[str, bool]]:
        """The viewer's log (``numbered``: ``s.numbered_log(viewer)`` if already at hand) with the table events
        in place: ``(text, is_event)`` pairs."""
        played = len(s.history)
        events = sorted(((min(plies, played), i, text) for i, (plies, text) in enumerate(self._events)))
        out, e = [], 0
        for ply, line in s.numbered_log(viewer) if numbered is None else numbered:
            while e < len(events) and events[e][0] < ply:
                out.append((events[e][2], True))
                e += 1
            out.append((line, False))
        out.extend((text, True) for _ply, _i, text in events[e:])
        return out

    def _board_view(self, s: ninekit.State, viewer: int | None) -> dict:
        """The view the board is drawn from: ``viewer``'s (every secret besides, where the area reveals)."""
        return s.view(viewer, reveal=self._reveal)

    def _outcome_html(self, s: ninekit.State) -> str:
        o, game = s.outcome, self.game
        panel = self._final_panel(s)
        solo = game.players == 1  # no one to win against: the reason gives the score, no "winner"
        if o.winners:
            who = "Winner: " if len(o.winners) == 1 else "Winners: "
            who += ", ".join(game.seat_name(i) for i in o.winners)
        else:
            who = "A draw"
        if panel and panel.get("who"):  # the game's own words for who won (e.g. "Nobody wins": not a draw)
            who = str(panel["who"])
        headline = "Game over"
        humans = [i for i, kind in enumerate(self.seats) if kind == HUMAN]
        if len(humans) == 1 and not solo:  # against the computer: say how it went for the player
            headline += ": " + ("you win!" if humans[0] in o.winners else "you lose" if o.winners else "a draw")
        if panel and panel.get("title"):
            headline = str(panel["title"])
        parts = [f"<h3>{esc(headline)}</h3><p>{esc(o.reason)}</p>"]
        if not solo:
            parts.append(f"<p><b>{esc(who)}</b></p>")
        if panel and panel.get("html"):  # the game's own panel stands for the table of details
            parts.append(str(panel["html"]))
            return "".join(parts)
        details = o.details or ()
        labels: list[str] = []
        for seat_rows in details:
            for label, _value in seat_rows:
                if label not in labels:
                    labels.append(label)
        if labels:
            head = "".join(f"<th scope='col'>{esc(game.seat_name(i))}</th>" for i in range(len(details)))
            if solo:
                head = ""
            rows = []
            for label in labels:
                cells = []
                for seat_rows in details:
                    value = next((v for lab, v in seat_rows if lab == label), "")
                    cells.append(f"<td>{esc(value)}</td>")
                rows.append(f"<tr><th scope='row'>{esc(label)}</th>{''.join(cells)}</tr>")
            thead = f"<thead><tr><th></th>{head}</tr></thead>" if head else ""
            parts.append(f"<table>{thead}<tbody>{''.join(rows)}</tbody></table>")
        if o.scores and not solo:
            parts.append("<p><small>Scores: " + esc(", ".join(
                f"{game.seat_name(i)} {score}" for i, score in enumerate(o.scores))) + "</small></p>")
        return "".join(parts)
