"""The app's header: the title (with the "All games" link), the intro line that says who plays, the tab title.

A view part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts): it draws what it is
given and knows no session.

>>> header = Header(home="../index.html")
>>> header.show(ninekit.make("nine_knights"), "Two armies of nine.", ["human", "computer"], ["normal"] * 2)
>>> header.page_title.text
'Nine Knights – you play South · ninekit'
"""

from __future__ import annotations

import ipywidgets as w

import ninekit

from ..page import PageTitle
from ..svg import esc
from .common import COMPUTER, HUMAN

TEACHER_MODE = ("Teacher mode: this deal comes from a chosen seed, and anyone who knows the seed can work "
                "out every hidden card. Leave the seed empty for a secret deal.")


class Header(w.VBox):
    """The title, with the "← All games" link to ``home`` (None: no link), and the intro line (what the game is,
    who plays, teacher mode).  ``page_title`` keeps the browser tab's title in step; the app lays it out (it
    draws nothing)."""

    def __init__(self, home: str | None = None):
        self.home = home
        self.title = w.HTML().add_class("ninekit-title")
        self.intro = w.HTML().add_class("ninekit-seats")
        self.page_title = PageTitle()
        super().__init__([self.title, self.intro])
        self.add_class("ninekit-header")

    def show(self, game: ninekit.Game, tagline: str, seats: list[str], levels: list[str],
             viewer: int | None = None, teacher: bool = False) -> None:
        """Title, intro line and tab title for ``game`` played by ``seats`` (at ``levels``); ``viewer`` is the
        seat whose view is on screen while people share it and the game goes on (None: nobody's, or over)."""
        title = game.title or game.name.replace("_", " ").title()
        home = (f'<a class="ninekit-home" href="{esc(self.home)}">← All games</a><span> · </span>'
                if self.home else "")
        self.title.value = f"<h2>{home}<span>{esc(title)}</span></h2>"
        sentence, short = seats_sentence(game, seats, viewer)
        note = f'<div class="nk-teacher" role="note">{esc(TEACHER_MODE)}</div>' if teacher else ""
        listed = (f'<p class="nk-seat-list" style="margin:0 0 4px">'
                  f'{esc(" · ".join(seat_labels(game, seats, levels)))}</p>' if COMPUTER in seats else "")
        self.intro.value = (f'<p class="nk-intro">{esc(tagline)} <b>{esc(sentence)}</b> '
                            f'<span class="nk-hint">Open <i>New game</i> to change who plays, or '
                            f'<i>Rules</i> to read them.</span></p>{listed}{note}')
        self.page_title.text = f"{title} – {short} · ninekit"


def seat_labels(game: ninekit.Game, seats: list[str], levels: list[str]) -> list[str]:
    """Each seat with who plays it; "(human)" for each of several people at one screen.

    >>> seat_labels(ninekit.make("nine_knights"), ["human", "computer"], ["normal", "hard"])
    ['South (you)', 'North (computer, hard)']
    """
    humans = seats.count(HUMAN)
    out = []
    for seat, kind in enumerate(seats):
        who = f"computer, {levels[seat]}" if kind == COMPUTER else "you" if humans == 1 else "human"
        out.append(f"{game.seat_name(seat)} ({who})")
    return out


def seats_sentence(game: ninekit.Game, seats: list[str], viewer: int | None = None) -> tuple[str, str]:
    """Who plays, in words, and a short form for the tab title; ``viewer``: the view on screen while several
    people share it (None: nobody's).

    >>> seats_sentence(ninekit.make("nine_knights"), ["human", "computer"])
    ('You play South against the computer.', 'you play South')
    """
    humans = [game.seat_name(i) for i, kind in enumerate(seats) if kind == HUMAN]
    computers = len(seats) - len(humans)
    against = "the computer" if computers == 1 else f"{computers} computer players"
    showing = f" Showing {game.seat_name(viewer)}'s view." if len(humans) > 1 and viewer is not None else ""
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
