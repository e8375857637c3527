"""Drawing the screen from the session: status, board, choices, log, outcome, header.

A part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

import ninekit
from ninekit import session

from ..svg import esc
from .common import COMPUTER, HUMAN, UNDO_TIP
from .hinting import mark_hinted

TEACHER_MODE = ("Teacher mode: this deal comes from a chosen seed, and anyone who knows the seed can work "
                "out every hidden card. Leave the seed empty for a secret deal.")


class Drawing:
    """Drawing the screen from the session: status, board, choices, log, outcome, header. A part of
    :class:`widgets.app.GameApp` (a mixin: it works on the app's session and widgets)."""

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
        self._show_header()
        interactive = (pause is None and not s.is_over and not private and self._locked is None
                       and self._is_human(s.to_move) and s.to_move == viewer)
        self._split(s.legal_moves() if interactive else ())
        self._selection = self._find_selection() if interactive else None
        if private:
            name = game.seat_name(self._pending_reveal)
            self._status.value = esc(f"{name}'s turn: waiting for the hand-over")
            self._pass_text.value = f'<div class="nk-pass">{esc(f"Pass the screen to {name}")}</div>'
            self._reveal_button.description = f"I am {name} — show my view"
            self.board.svg_narrow = ""
            self.board.svg = ""
            self._choices.show([])
            self._log.value = ""
        elif self._replaying is not None:  # a replay (e.g. a finished game's best line): public, a picture per step
            shown = self._replaying
            caption, step_view = shown["steps"][shown["at"]]
            last = len(shown["steps"]) - 1
            self._status.value = (esc(f"{shown['title']}: step {shown['at']} of {last}")
                                  + f'<div class="nk-prompt-note">{esc(str(caption))}</div>')
            self.board.svg_narrow = (self.adapter.draw(step_view, {}, {"layout": "narrow"})
                                     if self.adapter.narrow_layout else "")
            self.board.svg = self.adapter.draw(step_view, {}, {})
            self._choices.show([])
        elif pause is not None:  # a moment between two parts of a match: public, so shown as to a spectator
            self._status.value = esc(str(pause.get("title") or "A pause"))
            self.board.svg_narrow = str(pause.get("svg_narrow") or "")
            self.board.svg = str(pause.get("svg") or self.adapter.draw(s.view(None), {}, {}))
            self._interlude_html.value = str(pause.get("html") or "")
            self._interlude_button.description = str(pause.get("button") or "Go on")
            self._choices.show([])
        else:
            view = s.view(viewer)
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
            self.board.svg_narrow = mark_hinted(narrow, hinted)
            self.board.svg = mark_hinted(self.adapter.draw(view, dict(self._targets), pending), hinted)
            self._choices.show([str(m) for m in self._buttons], marked=marked)
        recent = ""
        if not private:
            reader = None if pause is not None else viewer  # a pause is shown as to a spectator
            numbered = s.numbered_log(reader)
            self._log.value = self._log_html(self._log_lines(s, reader, numbered))
            recent = "" if self._compact else self._recent_html(numbered)
        self._recent.value = recent
        self.board.label = f"{game.title} board"
        replaying = self._replaying is not None and not private
        offered = [] if private or replaying else self.replays
        self._replay_bar.show(list(self.REPLAY_BUTTONS) if replaying else offered)
        self._outcome.value = self._outcome_html(s) if s.is_over else ""  # its text before it is shown
        for widget, shown in ((self._privacy, private), (self.board, not private),
                              (self._interlude_box, pause is not None and not replaying),
                              (self._choices, not private and bool(self._buttons)),
                              (self._log_box, not private),
                              (self._outcome, s.is_over and pause is None and not replaying),
                              (self._again, s.is_over and pause is None and not replaying),
                              (self._replay_bar, replaying or bool(offered))):
            widget.layout.display = None if shown else "none"
        hint = self._hint[1] if interactive and self._hint is not None and self._hint[0] is s else None
        looking = interactive and hint is None and self._hint_wanted is s
        self._hint_html.value = (f'<div class="nk-hint-line" role="status"><b>Hint:</b> {esc(hint.text)}</div>'
                                 if hint is not None else
                                 '<div class="nk-hint-wait" role="status">Looking for a good move…</div>'
                                 if looking else "")
        self._hint_button.disabled = looking
        self._hint_box.layout.display = None if interactive and not self._compact else "none"
        self._show_watch()
        if not self._compact:  # a lesson's board has no Undo (Reset starts the step again)
            self._undo_button.disabled = self._undo_target() is None
            self._undo_button.tooltip = session.UNDO_REFUSED if self._undo_refused() else UNDO_TIP
            self._redo_button.disabled = self._session.node.last is None

    def _show_watch(self) -> None:
        """Watch's controls and line: shown while every seat is a computer and the game goes on."""
        if self._compact:
            return
        watching = self.watching
        self._watch_bar.layout.display = None if watching else "none"
        if not watching:
            return
        played = self.moves_played(self._state)
        moves = f"{played} move{'s' if played != 1 else ''}"
        if self._interlude is not None:
            text = f"Watching: {moves} played. Press the button above to go on."
        elif self._playing:
            text = f"Watching: {moves} played, one move every {self._pace:.1f} s."
        else:
            text = f"Paused after {moves}: Step plays one move, Play goes on."
        self._watch_text.value = f'<div class="nk-watch-line" role="status">{esc(text)}</div>'
        self._watch_play.description = "Pause" if self._playing else "Play"
        self._watch_play.tooltip = "Stop after the move on screen" if self._playing else "Moves come again at the pace"
        self._watch_play.disabled = self._watch_step.disabled = self._interlude is not None

    RECENT_LINES = 3

    def _recent_html(self, numbered: list[tuple[int, str]]) -> str:
        """What the computer just did: its lines of the screen's ``numbered`` log, or ''."""
        if self._computer_from is None:
            return ""
        lines = [line for ply, line in numbered if ply > self._computer_from]
        if not lines:
            return ""
        shown = lines[-self.RECENT_LINES:]
        more = len(lines) - len(shown)
        items = "".join(f"<li>{esc(line)}</li>" for line in shown)
        earlier = f" ({more} earlier move{'s' if more != 1 else ''} in the log)" if more else ""
        head = "The computer just played" + earlier
        return f'<div class="nk-recent" role="status"><b>{esc(head)}:</b><ul>{items}</ul></div>'

    def _show_header(self) -> None:
        """Title, intro line and tab title, for the game actually on screen and who plays it."""
        if self._compact:
            return
        game = self.game
        title = game.title or game.name.replace("_", " ").title()
        home = (f'<a class="ninekit-home" href="{esc(self._home)}">← All games</a><span> · </span>'
                if self._home else "")
        self._title.value = f"<h2>{home}<span>{esc(title)}</span></h2>"
        seats, short = self._seats_sentence()
        tagline = self.adapter.tagline(game)
        teacher = f'<div class="nk-teacher" role="note">{esc(TEACHER_MODE)}</div>' if self.teacher_mode else ""
        labels = self.seat_labels
        listed = (f'<p class="nk-seat-list" style="margin:0 0 4px">{esc(" · ".join(labels))}</p>'
                  if COMPUTER in self.seats else "")
        self._subtitle.value = (f'<p class="nk-intro">{esc(tagline)} <b>{esc(seats)}</b> '
                                f'<span class="nk-hint">Open <i>New game</i> to change who plays, or '
                                f'<i>Rules</i> to read them.</span></p>{listed}{teacher}')
        self._page_title.text = f"{title} – {short} · ninekit"

    @property
    def seat_labels(self) -> list[str]:
        """Each seat with who plays it: "South (you)", "North (computer, hard)"; "(human)" for each of several
        people at one screen."""
        humans = self.seats.count(HUMAN)
        out = []
        for seat, kind in enumerate(self.seats):
            who = f"computer, {self.levels[seat]}" if kind == COMPUTER else "you" if humans == 1 else "human"
            out.append(f"{self.game.seat_name(seat)} ({who})")
        return out

    def _seats_sentence(self) -> tuple[str, str]:
        """Who plays, in words, and a short form for the tab title."""
        game = self.game
        humans = [game.seat_name(i) for i, kind in enumerate(self.seats) if kind == HUMAN]
        computers = len(self.seats) - len(humans)
        against = "the computer" if computers == 1 else f"{computers} computer players"
        showing = ""
        if len(humans) > 1 and self._viewer is not None and not self._state.is_over:
            showing = f" Showing {game.seat_name(self._viewer)}'s view."
        if game.players == 1:  # a solo game: no one to play against
            if humans:
                return f"You play {humans[0]}: a game for one player.", f"you play {humans[0]}"
            return f"The computer plays {game.seat_name(0)}: watch it play.", "the computer plays"
        if not humans:
            return "The computer plays every seat.", "computer players"
        if len(humans) == 1:
            return f"You play {humans[0]} against {against}.", f"you play {humans[0]}"
        names = ", ".join(humans[:-1]) + " and " + humans[-1]
        if computers:
            return f"{names} share this screen against {against}.{showing}", f"{len(humans)} players"
        secret = " It hides each player's secrets between turns." if game.hidden_information else ""
        return f"{names} share this screen and take turns.{secret}{showing}", f"{len(humans)} players at one screen"

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

    @staticmethod
    def _log_html(lines: list[tuple[str, bool]]) -> str:
        if not lines:
            return '<div class="nk-log-scroll"><p><i>No moves yet.</i></p></div>'
        items, number = [], 0
        for text, event in lines:
            if event:
                items.append(f'<li class="nk-event"><i>{esc(text)}</i></li>')
            else:
                number += 1
                items.append(f'<li value="{number}">{esc(text)}</li>')
        return f'<div class="nk-log-scroll"><ol>{"".join(items)}</ol></div>'

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
