"""The app's header: the title (with the "All games" link), the intro line that says who plays, the tab title.

A part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

from ..svg import esc
from .common import COMPUTER, HUMAN

TEACHER_MODE = ("Teacher mode: this deal comes from a chosen seed, and anyone who knows the seed can work "
                "out every hidden card. Leave the seed empty for a secret deal.")


class Header:
    """The app's header: title, intro line and tab title, for the game on screen and who plays it. A part of
    :class:`widgets.app.GameApp` (a mixin: it works on the app's session and widgets)."""

    def _show_header(self) -> None:
        """Title, intro line and tab title, for the game actually on screen and who plays it."""
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
