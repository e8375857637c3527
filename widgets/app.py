"""GameApp: one generic shell that plays any ninekit game in a notebook.

The shell knows no rules.  It draws ``state.view(viewer)`` through the
game's table adapter, offers exactly ``state.legal_moves()`` (on the board
or as buttons), plays computer seats, and shows the prompt, the log in
words, rule errors in place, the rules, and the outcome.

Privacy: every widget is filled from ``state.view(viewer)`` and
``state.log(viewer)`` only, where ``viewer`` is the seat looking at the
screen (the only human seat; in hot-seat play, the seat that pressed "I am
... - show my view"; ``None`` = spectator).  The full position never reaches
a widget.  Nor does the seed, which determines every hidden card: a new
game's seed comes from the operating system (``ninekit.core.random_seed``)
and is never shown; a seed typed in *New game* ("teacher mode") is said to
reveal the deal.  Computer players draw their own randomness the same way.
Undo, redo and each hot-seat hand-over are written into the log every seat
reads, so nothing done at the shared screen is silent.

Layout: a header (the title, with the "All games" link, and an intro line
that says who plays; the browser tab's title follows both), then the board
on the left and a side panel on the right (prompt, choices, Undo/Redo/Load/
Save, the log, New game, Rules) when the app is 960 px wide or more; on a
phone the same parts stacked, the prompt above the board and the choices
under it, with the adapter's phone-sized picture.  Moments: a pause between
the games of a match (the adapter's ``interlude``), the outcome panel (the
adapter's ``outcome_panel`` if it has one), replays a moment offers (e.g. the
best line on a finished game's deal, step by step), and everything the view
reveals at the end.  A game for one player gets no hand-over and no "winner"
wording.  Nothing lost: with ``resume=`` the
game in progress is kept on the server (widgets/resume.py), offered back
after a reload, and leaving the page mid-game asks first.

In the static site (Pyodide: ``IN_BROWSER``, widgets/browser.py) there is no
server: the app says so under its Rules, a moment's background work runs once
the moment is on screen (no threads), and a game in progress is not kept for
a reload (its files would live in the page's own memory and go with it);
leaving the page mid-game still asks first.  See docs/static_site.md.

Bounded: a running app holds a fixed set of widget models however long the
game (the choice buttons are one :class:`ChoiceBar`; rebuilt forms close
the widgets they replace), and the log of table events is capped.

Levels: each computer seat plays at one of ``ninekit.bots.LEVELS`` ("easy",
"normal", "hard"; chosen per seat in *New game*, shown in the seats line).
A level that searches (``THINKING_LEVELS``) decides in the background: the
status says "... is thinking" and the page stays responsive; the other levels
answer at once.  Watch: when every seat is a computer and the app watches (the
New game form always does; ``watch=True`` in code), the game plays itself one
move at a time at an adjustable pace, with Pause/Play and Step, shown to a
spectator (``view(None)``: no seat's secrets).  Both use one timer
(``timer``): a thread on the server, the page's event loop in the static
site.  Hint: for the human seat whose view is on screen, the suggested move
(``ninekit.hints.hint``) in words, marked on the board or its button.  See
docs/app.md.

Parts: :class:`GameApp` is assembled here from the shell's parts in
widgets/shell/ (the New game form, choosing, the toolbar, hints, the computer
seats and Watch, moments, drawing, keeping; see widgets/shell/__init__.py),
each over one :class:`ninekit.session.Session` (``app.session``): the session
holds the move tree, the seats and their computer players (it chooses their
moves), whether play is paused between games, and the hand-over; the app
keeps only the threads and timers a view needs and what is on screen.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as w

import ninekit
from ninekit import Move, hints, session  # noqa: F401 - hints: widgets.app.hints.hint is where tests swap the hint
from ninekit.bots import LEVELS, bot_for
from ninekit.core import random_seed

from .resume import ResumeStore
from .shared import shared_layout
from .shell import common
from .shell.choosing import Choosing
from .shell.common import (
    COMPUTER,
    HUMAN,
    NORMAL,
    SAVE_NOTE,
    SOLO_SAVE_NOTE,
    STEP_CAP,
    UNDO_TIP,
    dispose,
    moves_played,
    plain_error,
)
from .shell.computers import PACE, PACE_RANGE, THINKING_LEVELS, ComputerSeats
from .shell.drawing import TEACHER_MODE, Drawing
from .shell.form import FORM_LABEL, SEED_HELP, NewGameForm
from .shell.hinting import HINT_STYLE, Hints, mark_hinted
from .shell.keeping import RESUME_VERSION, Keeping
from .shell.moments import Moments
from .shell.parts import ShellParts
from .shell.toolbar import EVENT_CAP, Toolbar
from .tables import Table, adapter_for
from .text import markdown_to_html

IN_BROWSER, run_later = common.IN_BROWSER, common.run_later  # read by the parts from widgets.shell.common

__all__ = ["COMPUTER", "EVENT_CAP", "FORM_LABEL", "GameApp", "HINT_STYLE", "HUMAN", "NORMAL", "PACE", "PACE_RANGE",
           "RESUME_VERSION", "SAVE_NOTE", "SEED_HELP", "SOLO_SAVE_NOTE", "STEP_CAP", "TEACHER_MODE", "THINKING_LEVELS",
           "UNDO_TIP", "dispose", "mark_hinted", "moves_played"]


class GameApp(ShellParts, NewGameForm, Choosing, Toolbar, Hints, ComputerSeats, Moments, Drawing,
              Keeping, w.VBox):
    """Play a ninekit game: ``GameApp("nine_knights", seats=["human", "computer"])``.

    ``game_or_name`` is a game name, a :class:`ninekit.Game`, or a
    :class:`ninekit.State` to continue from.  ``seats`` lists "human" or
    "computer" per seat (default: the first seat human, the rest computer;
    all "human" is hot-seat play).  ``seed`` fixes the deal (None: random).
    ``bot_factory(game_name, seat, seed)`` may supply computer players.
    ``compact=True`` builds only the play area (a board inside a lesson step; the choices above the board, next
    to the prompt, so a step's decision fits on a laptop's screen): no title, seats, New
    game, Undo/Redo/Save/Load or Rules, and so about a third of the widget models.
    ``resume="key"`` keeps the game in progress on the server under a random token that this browser
    remembers for ``key`` (the app's name), and offers it back when the page opens again; ``home`` is
    the URL of the "← All games" link.  Between the parts of a match (the adapter's ``interlude``) play
    stops until "Next game" is pressed (``interludes=False`` turns that off; lessons have it off).
    The status line shows the view's ``prompt`` and, when the rules give one, its ``prompt_note``: a
    sentence for the deciding seat only (e.g. why only one answer is offered).
    ``levels`` lists each computer seat's level (one of ``ninekit.bots.LEVELS``; default "normal").
    ``watch=True``: a game of computer seats only plays itself one move at a time (Watch; the New game
    form always watches).  ``timer(delay, work)`` runs ``work`` after ``delay`` seconds and returns a handle
    with ``cancel()`` (default: a thread, or the page's event loop in the static site); tests pass their own.
    """

    def __init__(self, game_or_name="nine_knights", seats: Iterable[str] | None = None, seed: int | None = None,
                 players: int | None = None, adapter=None,
                 bot_factory: Callable[[str, int, int], object] | None = None, compact: bool = False,
                 random_seat: bool = False, resume: str | None = None, resume_store: ResumeStore | None = None,
                 home: str | None = None, interludes: bool | None = None, levels: Iterable[str] | None = None,
                 watch: bool = False, timer: Callable[[float, Callable[[], None]], object] | None = None,
                 **options):
        super().__init__(layout=shared_layout(width="100%"))
        self.watch = bool(watch)  # computer seats only: play one move at a time (Watch)
        self._timer = timer or self._start_timer
        self._ticket = 0  # a planned computer move counts only while this is unchanged
        self._planned = None  # the timer handle of the planned computer move
        self._thinking: int | None = None  # the computer seat deciding in the background now
        self._deciding = threading.Lock()  # held while a computer seat decides in the background
        self._playing = True  # Watch: moves come at the pace (False: paused)
        self._pace = PACE
        self._hint = None  # (state, Hint) of the last Hint pressed
        self._hint_wanted = None  # the state a hint is being looked for in the background, or None
        self.levels: list[str] = []
        self._resume_key = resume  # offer the game in progress back after a reload (app pages only)
        self._resume_store = resume_store
        self._token: str | None = None
        self._reported = False  # the browser has said which token it remembers
        self._selection: tuple[str, dict] | None = None
        self._computer_from: int | None = None  # the computer's moves since the last human action start here
        self._offered: dict | None = None
        self._home = home
        self._interludes = (not compact) if interludes is None else interludes
        self._interlude: Mapping | None = None  # the pause on screen (the session is paused meanwhile)
        self._pauses_seen: dict[int, tuple] = {}  # id(after) -> (after, before, the adapter's interlude or None)
        self._replaying: dict | None = None  # a replay on screen: {"title", "steps": [(caption, view)], "at"}
        self._final: tuple | None = None  # (finished state, the adapter's outcome panel for it)
        self._lock = threading.RLock()  # UI callbacks and the background work a moment left (its "later")
        self._workers: list[threading.Thread] = []
        self.random_seat = random_seat  # seat a lone human player at random in each new game
        self.add_class("ninekit-app")
        self.problems: list[str] = []  # why a save could not be loaded, in the developers' words
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
        self._syncing = False
        self._events: list[tuple[int, str]] = []  # (moves played, text): undo, redo, hand-overs
        self._hint_noted: tuple | None = None  # (the game's first state, moves played, seat) of the last hint noted
        self._last_viewer: int | None = None
        self._locked: str | None = None
        self._change_handlers: list[Callable[[ninekit.State], object]] = []
        self.errors: list[str] = []  # internal errors caught at the widget boundary
        self._compact = compact
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

    # ------------------------------------------------- the session's parts
    @property
    def _state(self) -> ninekit.State | None:
        return self._session.state if self._session is not None else None

    @property
    def _viewer(self) -> int | None:
        return self._session.viewer if self._session is not None else None

    @property
    def _pending_reveal(self) -> int | None:
        return self._session.waiting if self._session is not None else None

    def _begin(self, state: ninekit.State, teacher: bool) -> None:
        """A new session on ``state`` (a new game, a loaded or resumed one, a lesson step's start): no history
        before it, no table events, fresh computer players (the new session's; a lesson's scripted opponent starts
        its script)."""
        kinds = [HUMAN if kind == HUMAN else level for kind, level in zip(self.seats, self.levels)]
        self._session = session.Session(state, kinds, teacher=teacher, pauses=None, stops=self._undo_stops)
        self._session.pauses = self._pauses  # from here on (a loaded line's old pauses are not worked out again)
        self._events.clear()
        self._last_viewer = None

    # --------------------------------------------------------------- public API
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

    def new_game(self, seed: int | None = None, *, seats: Iterable[str] | None = None, players: int | None = None,
                 game=None, levels: Iterable[str] | None = None, **options) -> bool:
        """Start a new game; unspecified settings keep the current ones.

        ``seed=None`` deals from a secret random seed; a chosen seed is teacher mode.  ``levels``: each seat's
        level if it is a computer (one of ``ninekit.bots.LEVELS``).
        """
        if isinstance(game, ninekit.Game):
            target = game
        else:
            name = game or self.game.name
            same = name == self.game.name
            if players is None and same:
                players = self.game.players
            merged = dict(self.game.options) if same else {}
            merged.update(options)
            try:
                target = ninekit.make(name, players, **merged)
            except ValueError as exc:
                self._set_message(f"Cannot start that game: {plain_error(str(exc))}")
                return False
        seats_list = list(seats) if seats is not None else None
        if seats_list is not None:
            bad = [s for s in seats_list if s not in (HUMAN, COMPUTER)]
            if bad or len(seats_list) != target.players:
                self._set_message(f"Seats must be {target.players} of 'human' or 'computer' (got {seats_list!r})")
                return False
        try:
            levels_list = self._checked_levels(levels, target.players)
        except ValueError as exc:
            self._set_message(str(exc))
            return False
        if levels_list is None and len(self.levels) == target.players:
            levels_list = list(self.levels)
        if seed is not None:
            try:
                target.new(seed)
            except ValueError as exc:
                self._set_message(f"Cannot start that game: {plain_error(str(exc))}")
                return False
        self._set_aside_offer()
        self._switch_game(target, seats_list if seats_list is not None else
                          (self.seats if len(self.seats) == target.players else None), levels_list)
        self._start(target, seed)
        return True

    # ------------------------------------------------------------ internals
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
        if self._compact:
            return
        self._save_button.note = SOLO_SAVE_NOTE if game.players == 1 and game.hidden_information else SAVE_NOTE
        self._rules_html.value = self._rules_text(game)
        self._build_form(game.name, game.players, game.options, seats, levels=self.levels)

    def _rules_text(self, game) -> str:
        summary = getattr(game.rules, "summary", "") or ""
        if not summary:
            module = sys.modules.get(type(game.rules).__module__)
            summary = (getattr(module, "__doc__", "") or type(game.rules).__doc__ or "").strip()
        html = markdown_to_html(summary) if summary else "<p>No rules summary yet.</p>"
        return html + (self.adapter.describe_for_rules_panel(game) or "")

    def _start(self, game: ninekit.Game, seed: int | None) -> None:
        if self.random_seat and self.seats.count(HUMAN) == 1:
            human = random.SystemRandom().randrange(game.players)
            self.seats = [HUMAN if s == human else COMPUTER for s in range(game.players)]
            self._rebuild_seats(self.seats)
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

    @staticmethod
    def moves_played(state: ninekit.State) -> int:
        """Moves played, as the log numbers them (:func:`widgets.shell.common.moves_played`)."""
        return moves_played(state)

