"""Save, Load, and the game in progress kept on the server and offered back after a reload.

Parts of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts): :class:`ResumeOffer`, the
view ("Resume your game?" with its two answers), and :class:`Keeping`, what Save, Load and resume do.

>>> offer = ResumeOffer(on_yes=print, on_no=print)
>>> offer.show("Nine Knights", 12, "3 minutes ago")
>>> offer.layout.display is None, "12 moves played" in offer.text.value
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

import ipywidgets as w

import ninekit
from ninekit.bots import LEVELS

from ..resume import ResumeStore, kernel_client
from ..svg import esc
from . import common
from .common import COMPUTER, HUMAN, NORMAL, count_moves, moves_played

RESUME_VERSION = 1


class ResumeOffer(w.VBox):
    """ "Resume your game?" after a reload, with the game kept (hidden until :meth:`show`); ``on_yes()`` and
    ``on_no()`` are called on the answers."""

    def __init__(self, on_yes: Callable[[], object], on_no: Callable[[], object]):
        self.text = w.HTML()
        yes = w.Button(description="Resume", button_style="primary", layout=w.Layout(width="auto"))
        no = w.Button(description="No, keep this new game", layout=w.Layout(width="auto"))
        yes.add_class("ninekit-resume-yes")
        no.add_class("ninekit-resume-no")
        yes.on_click(lambda _b: on_yes())
        no.on_click(lambda _b: on_no())
        super().__init__([self.text, w.HBox([yes, no])], layout=w.Layout(display="none"))
        self.add_class("ninekit-resume-offer")

    def show(self, title: str, moves: int, ago: str) -> None:
        """Offer the game of ``title`` with ``moves`` played, left ``ago``."""
        self.text.value = (f"<b>Resume your game?</b> {esc(title)}, {moves} move{'s' if moves != 1 else ''} "
                           f"played, left {esc(ago)}.")
        self.layout.display = None

    def hide(self) -> None:
        """Answered: off the screen."""
        self.layout.display = "none"


class Keeping:
    """What Save, Load and resume do: the save file, a loaded save, and the game in progress kept on the server
    and offered back after a reload. A part of :class:`widgets.app.GameApp` (a mixin: it works on the app's
    session, its toolbar's Load button and its :class:`ResumeOffer`)."""

    def save_text(self) -> str:
        """The save file text (``state.to_json()``): it records every secret."""
        return self._state.to_json()

    def load_text(self, text) -> bool:
        """Load a save; on any problem show it in place and keep the current game."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            text = bytes(text)
        try:
            state = ninekit.load(text)
        except Exception as exc:  # noqa: BLE001 - a bad file must never raise into the page
            self.problems.append(f"{type(exc).__name__}: {exc}")
            del self.problems[:-20]
            self.toolbar.load_button.message = _load_problem(str(exc), self.game.name)
            self._set_message(_load_problem(str(exc), self.game.name))
            return False
        self.toolbar.load_button.message = ""
        self._set_aside_offer()
        seats = list(self.seats) if len(self.seats) == state.game.players else None
        side = ""
        if seats is not None and seats.count(HUMAN) == 1 and not state.is_over and state.to_move is not None:
            # A save does not say who was the human; a lone human goes on with the side whose turn it is
            # (the side that saved, as a rule), so the computer never makes the decision that was pending.
            moved = [HUMAN if i == state.to_move else COMPUTER for i in range(state.game.players)]
            if moved != seats:
                side = f". You now play {state.game.seat_name(state.to_move)}, whose turn it is"
            seats = moved
        self._switch_game(state.game, seats, self.levels)
        self._begin(state, teacher=False)
        moves = self.moves_played(state)
        self._note(f"A saved game was loaded ({count_moves(moves)} played)", len(state.history))
        self._set_state(state)
        self._set_message(f"Loaded a saved game of {state.game.title} ({count_moves(moves)} played){side}", "info")
        return True

    def _save_file(self) -> tuple[str, str]:
        """The Save button's file: (name, text).  The name counts moves as the log does."""
        text = self._state.to_json()
        moves = self.moves_played(self._state)
        name = f"{self.game.name.replace('_', '-')}-{moves}-move{'s' if moves != 1 else ''}.json"
        return name, text

    def _store(self) -> ResumeStore:
        if self._resume_store is None:
            self._resume_store = ResumeStore()
        return self._resume_store

    def _resume_payload(self) -> dict:
        s = self._state
        return {"version": RESUME_VERSION, "game": self.game.name, "title": self.game.title,
                "save": s.to_json(), "seats": list(self.seats), "levels": list(self.levels),
                "random_seat": bool(self.random_seat),
                "teacher_mode": bool(self.teacher_mode), "moves": self.moves_played(s), "saved_at": time.time()}

    def _keep_progress(self) -> None:
        """Keep the game in progress on the server under this browser's token (never in the browser)."""
        if self._resume_key is None:
            return
        s = self._state
        in_progress = not s.is_over and bool(s.history) and HUMAN in self.seats
        self._resume_link.guard_leave = in_progress
        if common.IN_BROWSER or self._offered is not None or not self._reported:
            # In the browser nothing is kept (it would go with the page); else the visitor has not yet said
            # whether to resume the game kept before.
            return
        store = self._store()
        if in_progress and s.seed is not None:
            if self._token is None:
                self._token = store.new_token(kernel_client())
                self._resume_link.remember(self._token)
            store.put(self._token, self._resume_payload())
        elif self._token is not None:
            store.drop(self._token)

    def _got_token(self, token: str | None) -> None:
        """The browser said which token it remembers (None: none): offer that game back if it is kept."""
        self._reported = True
        if token is not None and not self._store().issued(token):
            token = None  # made up by the page, or from before tokens were signed: this server issues its own
        if token is None or token == self._token:
            self._keep_progress()
            return
        payload = self._store().get(token)
        self._token = token
        offer = self._valid_offer(payload)
        if offer is None:
            self._keep_progress()
            return
        self._offered = offer
        moves = offer["moves"]
        ago = _ago(time.time() - float(offer.get("saved_at") or time.time()))
        self.resume_offer.show(offer["title"], moves, ago)

    @staticmethod
    def _valid_offer(payload) -> dict | None:
        if not isinstance(payload, dict) or payload.get("version") != RESUME_VERSION:
            return None
        if not isinstance(payload.get("save"), str) or not isinstance(payload.get("seats"), list):
            return None
        try:
            state = ninekit.load(payload["save"])
        except ValueError:
            return None
        seats = payload["seats"]
        if state.is_over or len(seats) != state.game.players or any(k not in (HUMAN, COMPUTER) for k in seats):
            return None
        levels = payload.get("levels")
        if not isinstance(levels, list) or len(levels) != len(seats) or any(v not in LEVELS for v in levels):
            levels = [NORMAL] * len(seats)  # a game kept before levels existed, or a damaged list
        return {"state": state, "seats": seats, "levels": levels, "title": state.game.title or state.game.name,
                "moves": moves_played(state), "random_seat": bool(payload.get("random_seat")),
                "teacher_mode": bool(payload.get("teacher_mode")), "saved_at": payload.get("saved_at")}

    def resume(self) -> bool:
        """Take up the game offered back after a reload ("Resume your game?")."""
        offer, self._offered = self._offered, None
        self.resume_offer.hide()
        if offer is None:
            return False
        state = offer["state"]
        self._switch_game(state.game, offer["seats"], offer["levels"])
        self.random_seat = offer["random_seat"]
        self._begin(state, teacher=offer["teacher_mode"] and state.game.hidden_information)
        self._note(f"The game was taken up again after the page was left ({offer['moves']} moves played)",
                   len(state.history))
        self._set_state(state)
        self._set_message(f"Welcome back: your game goes on ({offer['moves']} moves played)", "info")
        return True

    def _set_aside_offer(self) -> None:
        """The visitor plays, loads or starts a game instead of answering "Resume your game?": that is a no."""
        if self._offered is not None:
            self._decline_resume()

    def _decline_resume(self) -> None:
        """Keep the new game; the game kept before is forgotten."""
        self._offered = None
        self.resume_offer.hide()
        if self._token is not None:
            self._store().drop(self._token)
        self._keep_progress()

    @property
    def resume_offered(self) -> bool:
        """True while "Resume your game?" is on screen."""
        return self._offered is not None


def _ago(seconds: float) -> str:
    """'3 minutes ago', in words."""
    seconds = max(0, int(seconds))
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def _load_problem(detail: str, game: str = "nine_knights") -> str:
    """Why a save was not loaded, in players' words, saying what Load expects (the detail stays in
    ``GameApp.problems``).

    >>> print(_load_problem("save is not JSON", "double_nine"))     # doctest: +ELLIPSIS
    That file is not a saved game (nothing was loaded). Load takes a file that Save made, named like double-nine-...
    """
    if "is not legal" in detail:
        return ("That save does not follow the rules (a move in it cannot be played), so it was not loaded; "
                "it may have been edited or damaged.")
    if "unknown game" in detail:
        return "That save is for a game this app does not have."
    if "bytes" in detail and "at most" in detail:
        return "That file is too large to be a ninekit save."
    return (f"That file is not a saved game (nothing was loaded). Load takes a file that Save made, named like "
            f"{game.replace('_', '-')}-12-moves.json; this one is something else, or it was changed or damaged.")
