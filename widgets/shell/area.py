"""PlayArea: a board to play on, a view over one :class:`ninekit.session.Session`.

The play area is what every game on screen has: the prompt, the message line, the hand-over between people at
one screen, the pause between the games of a match, the board, the choices, the outcome, replays and the log.
It turns clicks into moves (``choosing``), lets the computer seats play (``computers``), stops for a moment
(``moments``) and draws the screen from the session (``drawing``).  A lesson step's board is a PlayArea of its
own (widgets/lesson.py); :class:`widgets.app.GameApp` is a PlayArea with the app's parts around it (title and
seats, toolbar, Hint, Watch, New game, Rules, save, load and resume).

>>> area = PlayArea("nine_knights", seats=["human", "computer"], seed=1)
>>> area.session.state is area.state, area.viewer, "ninekit-compact" in area._dom_classes
(True, 0, True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as w

import ninekit
from ninekit import Move, session
from ninekit.bots import LEVELS, bot_for
from ninekit.core import random_seed

from ..board import Board
from ..choices import ChoiceBar
from ..shared import plain, shared_layout, shared_style
from ..tables import Table, adapter_for
from . import common
from .choosing import Choosing
from .common import COMPUTER, HUMAN, NORMAL, moves_played
from .computers import PACE, ComputerSeats
from .drawing import Drawing
from .moments import Moments
from .panels import HandOver, MoveLog, PausePanel

EVENT_CAP = 500  # table events (undo, redo, hand-overs) kept for the log
# The part of the play area that is built only when a moment first needs it: most lesson steps never hand over,
# pause or replay.
LATE_PARTS = {"privacy": "hand_over", "interlude": "pause_panel", "replay": "_replay_bar"}


class PlayArea(Choosing, ComputerSeats, Moments, Drawing, w.VBox):
    """Play a game on its board: ``PlayArea(state, seats=["human", "computer"])``.

    ``game_or_name`` is a game name, a :class:`ninekit.Game`, or a :class:`ninekit.State` to continue from.
    ``seats`` lists "human" or "computer" per seat (default: the first seat human, the rest computer; all
    "human" is hot-seat play).  ``seed`` fixes the deal (None: a secret random one).  ``bot_factory(game_name,
    seat, seed)`` may supply computer players; ``levels`` lists each computer seat's level (one of
    ``ninekit.bots.LEVELS``; default "normal").  ``interludes=True`` stops play between the parts of a match
    (the adapter's ``interlude``) until "Next game" is pressed; a lesson step's board leaves it off.
    ``timer(delay, work)`` runs ``work`` after ``delay`` seconds and returns a handle with ``cancel()``
    (default: a thread, or the page's event loop in the static site); tests pass their own.
    """

    def __init__(self, game_or_name="nine_knights", seats: Iterable[str] | None = None, seed: int | None = None,
                 players: int | None = None, adapter=None,
                 bot_factory: Callable[[str, int, int], object] | None = None, interludes: bool = False,
                 levels: Iterable[str] | None = None, watch: bool = False,
                 timer: Callable[[float, Callable[[], None]], object] | None = None, **options):
        super().__init__(layout=shared_layout(width="100%"))
        self.watch = bool(watch)  # computer seats only: play one move at a time (Watch, an app's)
        self._timer = timer or self._start_timer
        self._ticket = 0  # a planned computer move counts only while this is unchanged
        self._planned = None  # the timer handle of the planned computer move
        self._thinking: int | None = None  # the computer seat deciding in the background now
        self._deciding = threading.Lock()  # held while a computer seat decides in the background
        self._playing = True  # Watch: moves come at the pace (False: paused)
        self._pace = PACE
        self.levels: list[str] = []
        self._selection: tuple[str, dict] | None = None
        self._computer_from: int | None = None  # the computer's moves since the last human action start here
        self._interludes = interludes
        self._interlude: Mapping | None = None  # the pause on screen (the session is paused meanwhile)
        self._pauses_seen: dict[int, tuple] = {}  # id(after) -> (after, before, the adapter's interlude or None)
        self._replaying: dict | None = None  # a replay on screen: {"title", "steps": [(caption, view)], "at"}
        self._final: tuple | None = None  # (finished state, the adapter's outcome panel for it)
        self._lock = threading.RLock()  # UI callbacks and the background work a moment left (its "later")
        self._workers: list[threading.Thread] = []
        self.add_class("ninekit-app")
        self._adapter_override = adapter
        self._bot_factory = bot_factory
        self._session: session.Session | None = None  # the game in progress: its move tree, the screen's seat
        self.game: ninekit.Game | None = None
        self.adapter = None
        self.seats: list[str] = []
        self._targets: dict[str, Move] = {}
        self._buttons: list[Move] = []
        self._collided: set[str] = set()
        self._message = ""
        self._events: list[tuple[int, str]] = []  # (moves played, text): undo, redo, hand-overs
        self._last_viewer: int | None = None
        self._locked: str | None = None
        self._change_handlers: list[Callable[[ninekit.State], object]] = []
        self.errors: list[str] = []  # internal errors caught at the widget boundary
        self._build()

        start_state = None
        if isinstance(game_or_name, ninekit.State):
            start_state = game_or_name
            game = game_or_name.game
        elif isinstance(game_or_name, ninekit.Game):
            game = game_or_name
        else:
            game = ninekit.make(game_or_name, players, **options)
        if seats is not None:
            seats = list(seats)
            if len(seats) != game.players:
                raise ValueError(f"seats must list {game.players} entries of 'human' or 'computer' (got {seats!r})")
        self._switch_game(game, seats, self._checked_levels(levels, game.players))
        if start_state is not None:
            self._begin(start_state, teacher=False)
            self._set_state(start_state)
        else:
            self._start(game, seed)

    # ------------------------------------------------------------------ the widgets
    def _build(self) -> None:
        """The play area's widgets, laid out as a lesson step shows them: the choices above the board, by the
        prompt, so a step's decision fits on a laptop's screen.  The hand-over, the pause between games and the
        replay bar are built when a moment first needs them (:meth:`_need`)."""
        self._build_play()
        self.add_class("ninekit-compact")
        self._lay_out()

    def _build_play(self) -> None:
        """The widgets every game on screen has: prompt, message, board, choices, outcome, log (the moments'
        parts of ``LATE_PARTS`` start as None)."""
        self._status = w.HTML(**plain()).add_class("ninekit-status")
        self._msg = w.HTML(**plain()).add_class("ninekit-message")
        for part in LATE_PARTS.values():
            setattr(self, part, None)
        self.board = Board()
        self.board.add_class("ninekit-board-widget")
        self.board.layout.width = "100%"
        self.board.on_activate(lambda data_id: self._guard(self.click, data_id))
        self._choices = ChoiceBar().add_class("ninekit-choices")
        self._choices.on_choose(lambda index: self._guard(self._press_choice, index))
        self._outcome = w.HTML(style=shared_style(w.HTML)).add_class("ninekit-outcome")
        self.move_log = MoveLog()

    def _build_privacy(self) -> None:
        """The hand-over between two people at one screen: "Pass the screen to …" and the reveal button."""
        self.hand_over = HandOver(on_reveal=lambda: self._guard(self.reveal))

    def _build_interlude(self) -> None:
        """A pause between two parts of a match (e.g. between games), with its button to go on."""
        self.pause_panel = PausePanel(on_go_on=lambda: self._guard(self.go_on))

    def _build_replay(self) -> None:
        """The replays a moment offers (e.g. the best line of a finished game), then Previous / Next / Back in one
        row of buttons."""
        self._replay_bar = ChoiceBar().add_class("ninekit-replay")
        self._replay_bar.on_choose(lambda index: self._guard(self._press_replay, index))

    def _need(self, name: str) -> None:
        """Build part ``name`` (see ``LATE_PARTS``) if it is not built yet, in its place."""
        if getattr(self, LATE_PARTS[name]) is not None:
            return
        getattr(self, f"_build_{name}")()
        self._lay_out()

    def _lay_out(self) -> None:
        """The parts in order, those built so far."""
        order = [self._status, self._msg, self.hand_over, self.pause_panel, self._choices, self.board,
                 self._outcome, self._replay_bar, self.move_log]
        self.children = [part for part in order if part is not None]

    # ------------------------------------------------------------------ the session's parts
    @property
    def _state(self) -> ninekit.State | None:
        return self._session.state if self._session is not None else None

    @property
    def _viewer(self) -> int | None:
        return self._session.viewer if self._session is not None else None

    # Whether the board shows every secret besides the viewer's view (``State.view(seat, reveal=True)``): never in an
    # app or a lesson; the sandbox's "everything".
    _reveal = False

    @property
    def _pending_reveal(self) -> int | None:
        return self._session.waiting if self._session is not None else None

    _undo_stops = None  # moves Undo never takes back besides the session's own (an app's toolbar names them)

    def _begin(self, state: ninekit.State, teacher: bool) -> None:
        """A new session on ``state`` (a new game, a loaded or resumed one, a lesson step's start): no history
        before it, no table events, fresh computer players (the new session's; a lesson's scripted opponent starts
        its script)."""
        kinds = [HUMAN if kind == HUMAN else level for kind, level in zip(self.seats, self.levels)]
        self._session = session.Session(state, kinds, teacher=teacher, pauses=None, stops=self._undo_stops)
        self._session.pauses = self._pauses  # from here on (a loaded line's old pauses are not worked out again)
        self._events.clear()
        self._last_viewer = None

    # ------------------------------------------------------------------ public API
    @property
    def state(self) -> ninekit.State:
        """The current game state (the full truth: for code, not for display)."""
        return self._state

    @property
    def viewer(self) -> int | None:
        """The seat whose view is on screen (None: spectator)."""
        return self._viewer

    @property
    def message(self) -> str:
        """The current error or info text ('' when none)."""
        return self._message

    @property
    def privacy_pending(self) -> int | None:
        """The seat the screen must be passed to, or None."""
        return self._pending_reveal

    @property
    def choices(self) -> list[str]:
        """The button texts offered now."""
        return [str(m) for m in self._buttons]

    @property
    def targets(self) -> dict[str, Move]:
        """The board ``data-id`` -> Move map offered now."""
        return dict(self._targets)

    @property
    def teacher_mode(self) -> bool:
        """True when this deal came from a chosen seed (which reveals it to anyone who knows the seed)."""
        return self._session is not None and self._session.teacher

    @property
    def session(self) -> session.Session:
        """The game in progress (``ninekit.session.Session``): its move tree and whose view the screen shows."""
        return self._session

    def on_change(self, handler: Callable[[ninekit.State], object]) -> None:
        """Call ``handler(state)`` after every change of the game on screen (moves, undo, load, new game)."""
        self._change_handlers.append(handler)

    def lock(self, text: str) -> None:
        """Stop play on the board (no choice offered); a click shows ``text``.  ``unlock()`` resumes."""
        self._locked = text
        self._refresh()

    def unlock(self) -> None:
        """Resume play after :meth:`lock`."""
        self._locked = None
        self._refresh()

    @property
    def locked(self) -> bool:
        """True while play is stopped by :meth:`lock`."""
        return self._locked is not None

    def restart(self, state: ninekit.State) -> None:
        """Continue from ``state`` with a clean slate: no redo, no table events, no message, unlocked, and fresh
        computer players (a lesson's scripted opponent starts its script again)."""
        self._begin(state, teacher=self.teacher_mode)
        self._locked = None
        self._set_message("")
        self._set_state(state)

    @property
    def events(self) -> list[str]:
        """The table events written into the log (undo, redo, hand-overs), oldest first."""
        return [text for _ply, text in self._events]

    def reveal(self) -> bool:
        """Press the hand-over button: show the waiting seat's view."""
        if self._pending_reveal is None:
            return False
        self._last_viewer = self._session.hand_over()
        self._note(f"The screen was handed to {self.game.seat_name(self._viewer)}", len(self._state.history))
        self._refresh()
        return True

    # ------------------------------------------------------------------ internals
    def _note(self, text: str, plies: int) -> None:
        """Write a table event into the log every seat reads, after move number ``plies``."""
        self._events.append((plies, text))
        del self._events[:-EVENT_CAP]

    def _guard(self, fn, *args):
        """Run a UI callback; turn any unexpected error into a message."""
        try:
            with self._lock:
                return fn(*args)
        except Exception as exc:  # noqa: BLE001 - never show a traceback in the page
            self.errors.append(f"{type(exc).__name__}: {exc}")
            del self.errors[:-50]
            common.log.exception("ninekit app: an unexpected error in a callback")
            self._set_message("Something went wrong there; the game is as it was before. Try again, or start "
                              "a new game if it keeps happening.")
            return None

    @staticmethod
    def _checked_levels(levels, players: int) -> list[str] | None:
        """``levels`` as a list of ``players`` levels (None stays None), or ValueError naming the problem."""
        if levels is None:
            return None
        levels = list(levels)
        if len(levels) != players or any(level not in LEVELS for level in levels):
            raise ValueError(f"Levels must be {players} of {', '.join(map(repr, LEVELS))} (got {levels!r})")
        return levels

    def _switch_game(self, game: ninekit.Game, seats, levels: list[str] | None = None) -> None:
        """Play ``game`` from now on, with ``seats`` (None: the first seat human) at ``levels``."""
        old = self.game
        self.game = game
        self.adapter = self._adapter_override or adapter_for(game.name)
        if not isinstance(self.adapter, Table):
            raise TypeError(f"{type(self.adapter).__name__} is not a table: it lacks part of widgets.tables.Table "
                            "(derive it from TableAdapter)")
        if seats is None or len(list(seats)) != game.players:
            seats = [HUMAN] + [COMPUTER] * (game.players - 1)
        seats = list(seats)
        for s in seats:
            if s not in (HUMAN, COMPUTER):
                raise ValueError(f"each seat must be 'human' or 'computer' (got {s!r})")
        self.seats = seats
        self.levels = list(levels) if levels is not None and len(levels) == game.players else [NORMAL] * game.players
        if old is not None:
            self.remove_class(f"ninekit-game-{old.name}")
        self.add_class(f"ninekit-game-{game.name}")

    def _start(self, game: ninekit.Game, seed: int | None) -> None:
        """A new game of ``game`` from ``seed`` (None: a secret random one; a chosen one is teacher mode)."""
        teacher = seed is not None and game.hidden_information
        state = game.new(random_seed() if seed is None else seed)
        self._begin(state, teacher=teacher)
        self._playing = True
        self._set_message("")
        self._set_state(state)

    def _is_human(self, seat) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def _bot(self, seat: int):
        """The computer player of ``seat``: one of the session's (``session.bots``), made here the first time (by
        ``bot_factory``, else the seat's level) so that the session chooses the computer's moves with it."""
        bots = self._session.bots
        if seat not in bots:
            seed = random_seed()  # never derived from the game's seed: a seat could not reconstruct it
            if self._bot_factory is not None:
                bots[seat] = self._bot_factory(self.game.name, seat, seed)
            else:
                bots[seat] = bot_for(self.game.name, seed, self.levels[seat])
        return bots[seat]

    def _set_state(self, state: ninekit.State, run: bool = True, pause: Mapping | None = None,
                   computer_from: int | None = None) -> None:
        self._cancel_plan()  # a computer move planned for the state before no longer counts
        self._session.arrive(state)
        self._interlude = pause
        self._replaying = None
        self._computer_from = computer_from
        if run and pause is None:
            self._run_computers()
        if self._interlude is not None:
            shown = self._interlude
            self._start_later(shown, lambda update: self._update_pause(shown, update))
        if self._viewer is not None:
            self._last_viewer = self._viewer
        self._refresh()
        self._keep_progress()
        for handler in list(self._change_handlers):
            handler(self._state)

    # What an app adds around the play area; a play area of its own has none of it.
    def _keep_progress(self) -> None:
        """Keep the game in progress for a reload (an app's; see widgets/shell/keeping.py)."""

    def _set_aside_offer(self) -> None:
        """Put away the offer to resume a kept game (an app's; see widgets/shell/keeping.py)."""

    def _hinted(self, s: ninekit.State) -> tuple[str | None, int | None]:
        """The hinted board item and choice button to mark (an app's Hint; see widgets/shell/hinting.py)."""
        return None, None

    def _show_around(self, s: ninekit.State, interactive: bool, numbered: list[tuple[int, str]] | None) -> None:
        """Draw what an app shows around the play area (see widgets/app.py); ``numbered`` is the log on screen
        (None while the screen waits for a hand-over)."""

    def _show_watch(self) -> None:
        """Draw Watch's controls (an app's; see widgets/app.py)."""

    @staticmethod
    def moves_played(state: ninekit.State) -> int:
        """Moves played, as the log numbers them (:func:`widgets.shell.common.moves_played`)."""
        return moves_played(state)
