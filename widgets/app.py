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

Parts: :class:`GameApp` is a :class:`~widgets.shell.area.PlayArea` (the board to play on, its prompt, choices,
moments and log; a lesson step's board is one too) with the app's view parts around it, each a widget of its
own from widgets/shell/ (``header``, ``toolbar``, ``watch_bar``, ``hint_line``, ``new_game_form``,
``resume_offer``, ``rules_panel``; see widgets/shell/__init__.py), all over one
:class:`ninekit.session.Session` (``app.session``): the session holds the move tree, the seats and their
computer players (it chooses their moves), whether play is paused between games, and the hand-over; the app
keeps only the threads and timers a view needs and what is on screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import ipywidgets as w

import ninekit
from ninekit import hints, session  # noqa: F401 - hints: widgets.app.hints.hint is where tests swap the hint
from ninekit.sharing import shared_position
from ninekit.tables import TableError

from .browser import IN_BROWSER_NOTE, IN_BROWSER_RESUME
from .positionlink import PositionLink
from .resume import ResumeLink, ResumeStore
from .shared import plain
from .shell import common
from .shell.area import EVENT_CAP, PlayArea
from .shell.common import (
    COMPUTER,
    HUMAN,
    NORMAL,
    SAVE_NOTE,
    SOLO_SAVE_NOTE,
    STEP_CAP,
    UNDO_TIP,
    count_moves,
    dispose,
    moves_played,
    plain_error,
)
from .shell.computers import PACE, PACE_RANGE, THINKING_LEVELS
from .shell.form import FORM_LABEL, SEED_HELP, NewGameForm
from .shell.header import TEACHER_MODE, Header, seat_labels
from .shell.hinting import HINT_STYLE, HintLine, Hints, mark_hinted
from .shell.keeping import RESUME_VERSION, Keeping, ResumeOffer
from .shell.panels import RulesPanel
from .shell.toolbar import Toolbar
from .shell.watchbar import WatchBar
from .svg import esc
from .table_page import open_table, store_for_kernel
from .table_screen import TableLink, join_link, spaced

IN_BROWSER, run_later = common.IN_BROWSER, common.run_later  # read by the parts from widgets.shell.common

__all__ = ["COMPUTER", "EVENT_CAP", "FORM_LABEL", "GameApp", "HINT_STYLE", "HUMAN", "NORMAL", "PACE", "PACE_RANGE",
           "RESUME_VERSION", "SAVE_NOTE", "SEED_HELP", "SOLO_SAVE_NOTE", "STEP_CAP", "TEACHER_MODE", "THINKING_LEVELS",
           "UNDO_TIP", "dispose", "mark_hinted", "moves_played"]


class GameApp(Hints, Keeping, PlayArea):
    """Play a ninekit game: ``GameApp("nine_knights", seats=["human", "computer"])``.

    ``game_or_name`` is a game name, a :class:`ninekit.Game`, or a
    :class:`ninekit.State` to continue from.  ``seats`` lists "human" or
    "computer" per seat (default: the first seat human, the rest computer;
    all "human" is hot-seat play).  ``seed`` fixes the deal (None: random).
    ``bot_factory(game_name, seat, seed)`` may supply computer players.
    ``resume="key"`` keeps the game in progress on the server under a random token that this browser
    remembers for ``key`` (the app's name), and offers it back when the page opens again; ``home`` is
    the URL of the "← All games" link.  Between the parts of a match (the adapter's ``interlude``) play
    stops until "Next game" is pressed (``interludes=False`` turns that off).
    The status line shows the view's ``prompt`` and, when the rules give one, its ``prompt_note``: a
    sentence for the deciding seat only (e.g. why only one answer is offered).
    ``levels`` lists each computer seat's level (one of ``ninekit.bots.LEVELS``; default "normal").
    ``watch=True``: a game of computer seats only plays itself one move at a time (Watch; the New game
    form always watches).  ``timer(delay, work)`` runs ``work`` after ``delay`` seconds and returns a handle
    with ``cancel()`` (default: a thread, or the page's event loop in the static site); tests pass their own.
    ``sandbox`` is the address of the game's sandbox page (relative to the app's): "Open in sandbox" opens it at
    the position on screen, in a new tab.  The sandbox shows every hidden part, so while the game goes on and
    hides something the link holds only what the screen's seat knows, the rest drawn at random consistently with
    it (:meth:`ninekit.State.determinize`; the page says so); once the game is over, or in teacher mode, it holds
    the true position.
    ``tables`` is the address of the table page (widgets/table_page.py): the New game form then offers "Play at
    separate screens", which opens a table for the game as the form says in the server's table store, seats this
    browser at its first seat for a person, and shows the join code and a link to the table.
    A lesson step's board is the :class:`~widgets.shell.area.PlayArea` alone.
    """

    def __init__(self, game_or_name="nine_knights", seats: Iterable[str] | None = None, seed: int | None = None,
                 players: int | None = None, adapter=None,
                 bot_factory: Callable[[str, int, int], object] | None = None,
                 random_seat: bool = False, resume: str | None = None, resume_store: ResumeStore | None = None,
                 home: str | None = None, interludes: bool = True, levels: Iterable[str] | None = None,
                 sandbox: str | None = None, tables: str | None = None,
                 watch: bool = False, timer: Callable[[float, Callable[[], None]], object] | None = None,
                 **options):
        self._hint = None  # (state, Hint) of the last Hint pressed
        self._hint_wanted = None  # the state a hint is being looked for in the background, or None
        self._hint_noted: tuple | None = None  # (the game's first state, moves played, seat) of the last hint noted
        self._resume_key = resume  # offer the game in progress back after a reload (app pages only)
        self._resume_store = resume_store
        self._token: str | None = None
        self._reported = False  # the browser has said which token it remembers
        self._offered: dict | None = None
        self._home = home
        self._sandbox = sandbox
        self._tables = None if common.IN_BROWSER else tables  # the static site has no server to share tables on
        self.random_seat = random_seat  # seat a lone human player at random in each new game
        self.problems: list[str] = []  # why a save could not be loaded, in the developers' words
        super().__init__(game_or_name, seats, seed, players, adapter, bot_factory, interludes=interludes,
                         levels=levels, watch=watch, timer=timer, **options)

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


    def _switch_game(self, game, seats, levels: list[str] | None = None) -> None:
        super()._switch_game(game, seats, levels)
        self.toolbar.save_button.note = (SOLO_SAVE_NOTE if game.players == 1 and game.hidden_information
                                         else SAVE_NOTE)
        self.rules_panel.show(game, self.adapter)
        self.new_game_form.build(game.name, game.players, game.options, self.seats, levels=self.levels,
                                 random_seat=self.random_seat)

    def _start_from_form(self, game: str, players: int | None, options: dict, seats: list[str], levels: list[str],
                         random_seat: bool, seed: int | None) -> bool:
        """Start what the New game form says (``NewGameForm``'s ``on_start``)."""
        self.random_seat = random_seat
        watch = self.watch
        self.watch = True  # a person starting a game of computers only wants to watch it
        started = self.new_game(seed=seed, seats=seats, players=players, game=game, levels=levels, **options)
        if not started:
            self.watch = watch
        return started

    def _start(self, game, seed: int | None) -> None:
        if self.random_seat and self.seats.count(HUMAN) == 1:
            human = random.SystemRandom().randrange(game.players)
            self.seats = [HUMAN if s == human else COMPUTER for s in range(game.players)]
            self.new_game_form.set_seats(self.seats)
        super()._start(game, seed)

    # ------------------------------------------------------------ the app's parts
    def _build(self) -> None:
        """Every part of the app (the play area's moments' parts too, at once), laid out: a header, then the
        board, the prompt, the decision and the extras (toolbar, log, New game, Rules)."""
        self._build_play()
        for name in ("privacy", "interlude", "replay"):
            getattr(self, f"_build_{name}")()
        guard = self._guard
        self.header = Header(home=self._home)
        self._recent = w.HTML(**plain()).add_class("ninekit-recent")  # what the computer just did
        self.watch_bar = WatchBar(
            on_play_pause=lambda: guard(self.pause_watch if self._playing else self.play_watch),
            on_step=lambda: guard(self.step_watch), on_pace=lambda seconds: guard(self.set_pace, seconds))
        # At the end, the way on is in view with the result (the New game form is further down the page).
        self._again = w.Button(description="Play again", button_style="primary",
                               tooltip="A new game with the same players, levels and options (a new secret deal)",
                               layout=w.Layout(width="auto")).add_class("ninekit-again")
        self._again.on_click(lambda _b: guard(self.new_game))
        self.hint_line = HintLine(on_ask=lambda: guard(self.ask_hint))
        self.toolbar = Toolbar(on_undo=lambda: guard(self.undo), on_redo=lambda: guard(self.redo),
                               on_load=lambda data: guard(self.load_text, data), on_save=self._save_file,
                               on_error=lambda text: guard(self._set_message, text))
        self.rules_panel = RulesPanel()
        self.new_game_form = NewGameForm(on_start=self._start_from_form, on_problem=self._set_message, guard=guard,
                                         on_separate=self.open_table if self._tables is not None else None)
        self.table_note = w.HTML(**plain()).add_class("ninekit-table-opened")
        self._table_link = TableLink() if self._tables is not None else None
        self.resume_offer = ResumeOffer(on_yes=lambda: guard(self.resume), on_no=lambda: guard(self._decline_resume))
        self._resume_link = None
        if self._resume_key is not None:
            self._resume_link = ResumeLink(key=self._resume_key)
            self._resume_link.on_token(lambda token: guard(self._got_token, token))

        prompt = w.VBox([self.table_note, self.resume_offer, self._status, self._recent, self._msg, self.hand_over,
                         self.pause_panel]).add_class("ninekit-prompt")
        board = w.VBox([self.board]).add_class("ninekit-board-area")
        decide = w.VBox([self.watch_bar, self._choices, self.hint_line, self._again, self._outcome,
                         self._replay_bar]).add_class("ninekit-decide")
        self.sandbox_link = None
        if self._sandbox is not None:
            self.sandbox_link = PositionLink(label="Open in sandbox ↗", target=self._sandbox, new_tab=True)
        extras = [self.toolbar] + ([self.sandbox_link] if self.sandbox_link is not None else []) + [
            self.move_log, self.new_game_form, self.rules_panel]
        if common.IN_BROWSER:
            extras.append(w.HTML(f'<p class="ninekit-in-browser">{esc(IN_BROWSER_NOTE)} {esc(IN_BROWSER_RESUME)}</p>'))
        main = w.Box([board, prompt, decide, w.VBox(extras).add_class("ninekit-extras")]).add_class("ninekit-main")
        self.children = [self.header, main, self.header.page_title] + [
            link for link in (self._resume_link, self._table_link) if link is not None]

    RECENT_LINES = 3

    def open_table(self, game: str, players: int | None, options: dict, seats: list[str],
                   levels: list[str]) -> bool:
        """"Play at separate screens": open a table as the New game form says, seat this browser at its first seat
        for a person, and show the join code and the way to the table page."""
        if HUMAN not in seats:
            self._set_message("A table needs at least one seat for a person: choose 'human' for yours")
            return False
        try:
            code, token = open_table(store_for_kernel(), game, players, options, seats, levels)
        except TableError as exc:
            self._set_message(f"Cannot open that table: {exc}")
            return False
        self._table_link.remember(token)
        page = esc(self._tables)
        self.table_note.value = (
            f'<div class="nk-table-opened" role="status"><b>Your table is open.</b> Join code '
            f'<b class="nk-table-code">{esc(spaced(code))}</b>: the others type it on the page <i>Play at separate '
            f'screens</i>, or open <a href="{esc(join_link(self._tables, code))}">this link</a>. '
            f'<a class="nk-go-to-table" href="{page}">Go to your table ▸</a></div>')
        self.new_game_form.selected_index = None
        self._set_message("")
        return True

    def _show_around(self, s, interactive: bool, numbered) -> None:
        """The header, what the computer just did, Play again (with the outcome), the Hint line and Undo/Redo."""
        viewer = self._viewer if not s.is_over else None
        self.header.show(self.game, self.adapter.tagline(self.game), self.seats, self.levels, viewer,
                         self.teacher_mode)
        self._recent.value = "" if numbered is None else self._recent_html(numbered)
        self._again.layout.display = self._outcome.layout.display
        hint = self._hint[1] if interactive and self._hint is not None and self._hint[0] is s else None
        self.hint_line.show(interactive, None if hint is None else hint.text,
                            looking=interactive and hint is None and self._hint_wanted is s)
        self.toolbar.show(can_undo=self._undo_target() is not None, refused=self._undo_refused(),
                          can_redo=self._session.node.last is not None)
        if self.sandbox_link is not None:
            # The position "Open in sandbox" opens: the true position once nothing is secret any more (the game is
            # over, teacher mode, or a game that hides nothing), else what the seat on screen knows, the rest drawn at
            # random (never from the game's seed), and the link and the sandbox say so.
            text, guessed = shared_position(s, self._viewer, secret=not self.teacher_mode)
            self.sandbox_link.text, self.sandbox_link.guessed = text, guessed
            self.sandbox_link.note = "(what you cannot see is guessed there)" if guessed else ""

    def _show_watch(self) -> None:
        """Watch's controls and line: shown while every seat is a computer and the game goes on."""
        self.watch_bar.show(self.watching, self.moves_played(self._state), self._pace, self._playing,
                            pausing=self._interlude is not None)

    @property
    def seat_labels(self) -> list[str]:
        """Each seat with who plays it: "South (you)", "North (computer, hard)" (:func:`~widgets.shell.header.
        seat_labels`)."""
        return seat_labels(self.game, self.seats, self.levels)

    # ------------------------------------------------------------ Undo and Redo
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

    @staticmethod
    def moves_played(state: ninekit.State) -> int:
        """Moves played, as the log numbers them (:func:`widgets.shell.common.moves_played`)."""
        return moves_played(state)

