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
"""

from __future__ import annotations

import logging
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as w

import ninekit
from ninekit import Move, hints, session
from ninekit.bots import LEVEL_NOTES, LEVELS, NO_STRONGER, RandomBot, bot_for
from ninekit.core import SEED_LIMIT, random_seed

from .board import Board
from .browser import IN_BROWSER, IN_BROWSER_NOTE, IN_BROWSER_RESUME, run_later
from .choices import ChoiceBar
from .page import PageTitle
from .resume import ResumeLink, ResumeStore, kernel_client
from .save import SaveButton
from .shared import is_shared, plain, shared_layout, shared_style
from .svg import esc
from .tables import Table, TableAdapter, adapter_for
from .text import markdown_to_html
from .upload import LoadButton

log = logging.getLogger("ninekit.app")

HUMAN, STEP_CAP = session.HUMAN, session.STEP_CAP  # a person's seat; most computer moves in one go
COMPUTER = "computer"
SAVE_NOTE = "The file holds every seat's secrets."
SOLO_SAVE_NOTE = "The file holds the deal: opening it as text shows the cards you have not seen."
RESUME_VERSION = 1
FORM_LABEL = "8.5em"  # the New game form's label column
_LABEL_STYLE = {"description_width": FORM_LABEL}
EVENT_CAP = 500  # table events (undo, redo, hand-overs) kept for the log
TEACHER_MODE = ("Teacher mode: this deal comes from a chosen seed, and anyone who knows the seed can work "
                "out every hidden card. Leave the seed empty for a secret deal.")
NORMAL = "normal"  # the level of a computer seat unless chosen otherwise
THINKING_LEVELS = frozenset({"hard"})  # levels that search (up to about 2 s a decision): they think in the background
PACE = 1.0  # seconds per move in Watch, unless chosen
PACE_RANGE = (0.2, 3.0)  # the Watch pace slider's ends, seconds per move
UNDO_TIP = "Back to your previous decision"
HINT_STYLE = ("<style>svg.ninekit-svg .nk-hinted{outline:3px dashed var(--nk-warn);outline-offset:3px;"
              "animation:nk-hinted 1s ease-in-out 3}@keyframes nk-hinted{50%{outline-color:transparent}}</style>")
SEED_HELP = ("Teacher mode: a chosen whole number gives the same deal every time, and reveals it to anyone who "
             "knows the number. Empty: a secret random deal.")


def dispose(widget) -> None:
    """Close ``widget``, its descendants and their layout and style models (their browser models go too)."""
    for child in getattr(widget, "children", ()) or ():
        dispose(child)
    for part in ("layout", "style"):
        sub = getattr(widget, part, None)
        if isinstance(sub, w.Widget) and not is_shared(sub):  # a shared one stays, for the widgets still using it
            sub.close()
    widget.close()


def _describe_value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class _Absent:
    """Stands in for a part a compact shell does not build (its settings are kept and shown nowhere)."""

    def __init__(self):
        self.layout = type("Layout", (), {"display": "none"})()
        self.value, self.disabled, self.selected_index, self.children = "", True, None, ()

    def show(self, _items) -> None:  # a ChoiceBar's
        pass


class GameApp(w.VBox):
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
        self._interlude: Mapping | None = None
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
        self._bots: dict[int, object] = {}
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

    # ------------------------------------------------------------------ build
    def _build(self) -> None:
        self._build_play()
        if self._compact:  # a board inside a lesson: no title, seats, new game, save/load or rules widgets at all
            for name in ("_title", "_subtitle", "_undo_button", "_redo_button", "_save_button", "_upload", "_toolbar",
                         "_rules_html", "_rules", "_form", "_newgame", "_page_title", "_resume_link",
                         "_resume_offer", "_resume_text", "_hint_button", "_hint_html", "_hint_box", "_watch_bar",
                         "_watch_text", "_watch_play", "_watch_step", "_watch_pace", "_again"):
                setattr(self, name, _Absent())
            self.add_class("ninekit-compact")
            self._lay_out_compact()
            return
        self._build_watch()
        # At the end, the way on is in view with the result (the New game form is further down the page).
        self._again = w.Button(description="Play again", button_style="primary",
                               tooltip="A new game with the same players, levels and options (a new secret deal)",
                               layout=w.Layout(width="auto")).add_class("ninekit-again")
        self._again.on_click(lambda _b: self._guard(self.new_game))
        self._hint_button = w.Button(description="Hint", tooltip="Suggest a move, and say why",
                                     layout=w.Layout(width="auto")).add_class("ninekit-hint-button")
        self._hint_button.on_click(lambda _b: self._guard(self.ask_hint))
        self._hint_html = w.HTML().add_class("ninekit-hint-text")
        self._hint_box = w.HBox([self._hint_button, self._hint_html],
                                layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"))
        self._hint_box.add_class("ninekit-hint")
        self._title = w.HTML().add_class("ninekit-title")
        self._subtitle = w.HTML().add_class("ninekit-seats")
        self._page_title = PageTitle()
        self._undo_button = w.Button(description="Undo", tooltip=UNDO_TIP)
        self._redo_button = w.Button(description="Redo", tooltip="Play the undone decision again")
        for b in (self._undo_button, self._redo_button):
            b.layout.width = "auto"
        self._undo_button.on_click(lambda _b: self._guard(self.undo))
        self._redo_button.on_click(lambda _b: self._guard(self.redo))
        self._save_button = SaveButton(note=SAVE_NOTE)
        self._save_button.on_save(self._save_file)
        self._save_button.on_error(lambda text: self._guard(self._set_message, text))
        self._upload = LoadButton(tooltip="Load a saved .json game")
        self._upload.on_load(lambda _name, data: self._guard(self.load_text, data))
        self._toolbar = w.HBox([self._undo_button, self._redo_button, self._upload, self._save_button],
                               layout=w.Layout(flex_flow="row wrap")).add_class("ninekit-toolbar")

        self._rules_html = w.HTML().add_class("ninekit-rules-text")
        self._rules = w.Accordion(children=[self._rules_html], titles=("Rules",), selected_index=None)
        self._rules.add_class("ninekit-rules")

        self._form = w.VBox().add_class("ninekit-new-game")
        self._newgame = w.Accordion(children=[self._form], titles=("New game",), selected_index=None)
        self._newgame.add_class("ninekit-new-game-panel")

        if self._resume_key is not None:
            self._resume_link = ResumeLink(key=self._resume_key)
            self._resume_link.on_token(lambda token: self._guard(self._got_token, token))
        else:
            self._resume_link = _Absent()
        self._resume_text = w.HTML()
        resume_yes = w.Button(description="Resume", button_style="primary", layout=w.Layout(width="auto"))
        resume_no = w.Button(description="No, keep this new game", layout=w.Layout(width="auto"))
        resume_yes.add_class("ninekit-resume-yes")
        resume_no.add_class("ninekit-resume-no")
        resume_yes.on_click(lambda _b: self._guard(self.resume))
        resume_no.on_click(lambda _b: self._guard(self._decline_resume))
        self._resume_offer = w.VBox([self._resume_text, w.HBox([resume_yes, resume_no])]).add_class(
            "ninekit-resume-offer")
        self._resume_offer.layout.display = "none"

        header = w.VBox([self._title, self._subtitle]).add_class("ninekit-header")
        prompt = w.VBox([self._resume_offer, self._status, self._recent, self._msg, self._privacy,
                         self._interlude_box]).add_class("ninekit-prompt")
        board = w.VBox([self.board]).add_class("ninekit-board-area")
        decide = w.VBox([self._watch_bar, self._choices, self._hint_box, self._again, self._outcome,
                         self._replay_bar]).add_class("ninekit-decide")
        extras = [self._toolbar, self._log_box, self._newgame, self._rules]
        if IN_BROWSER:
            extras.append(w.HTML(f'<p class="ninekit-in-browser">{esc(IN_BROWSER_NOTE)} {esc(IN_BROWSER_RESUME)}</p>'))
        extras = w.VBox(extras).add_class("ninekit-extras")
        main = w.Box([board, prompt, decide, extras]).add_class("ninekit-main")
        self.children = [header, main, self._page_title] + (
            [self._resume_link] if self._resume_key is not None else [])

    def _build_watch(self) -> None:
        """Watch's controls: what is happening, Pause/Play, Step and the pace (seconds per move)."""
        self._watch_text = w.HTML().add_class("ninekit-watch-text")
        self._watch_play = w.Button(description="Pause", tooltip="Stop after the move on screen",
                                    layout=w.Layout(width="auto")).add_class("ninekit-watch-play")
        self._watch_step = w.Button(description="Step", tooltip="Play one move, then wait",
                                    layout=w.Layout(width="auto")).add_class("ninekit-watch-step")
        self._watch_pace = w.FloatSlider(value=self._pace, min=PACE_RANGE[0], max=PACE_RANGE[1], step=0.1,
                                         description="Seconds per move", readout_format=".1f",
                                         style={"description_width": "auto"},
                                         layout=w.Layout(width="20em", max_width="100%"))
        self._watch_pace.add_class("ninekit-watch-pace")
        self._watch_play.on_click(lambda _b: self._guard(self.pause_watch if self._playing else self.play_watch))
        self._watch_step.on_click(lambda _b: self._guard(self.step_watch))
        self._watch_pace.observe(lambda ch: self._guard(self.set_pace, ch["new"]), names="value")
        buttons = w.HBox([self._watch_play, self._watch_step, self._watch_pace],
                         layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"))
        self._watch_bar = w.VBox([self._watch_text, buttons]).add_class("ninekit-watch")
        self._watch_bar.layout.display = "none"

    def _build_play(self) -> None:
        """The widgets every game shell has: prompt, message, hand-over, board, choices, outcome, log.

        A compact shell (a lesson step's board) builds the hand-over, the pause between games and the replay
        bar only when a moment first needs them (:meth:`_need`): most steps never do."""
        self._status = w.HTML(**plain()).add_class("ninekit-status")
        self._recent = w.HTML(**plain()).add_class("ninekit-recent")  # what the computer just did
        self._msg = w.HTML(**plain()).add_class("ninekit-message")
        for name in ("privacy", "interlude", "replay"):
            if self._compact:
                for part in self._PARTS[name]:
                    setattr(self, part, _Absent())
            else:
                getattr(self, f"_build_{name}")()
        self.board = Board()
        self.board.add_class("ninekit-board-widget")
        self.board.layout.width = "100%"
        self.board.on_activate(lambda data_id: self._guard(self.click, data_id))
        self._choices = ChoiceBar().add_class("ninekit-choices")
        self._choices.on_choose(lambda index: self._guard(self._press_choice, index))
        self._outcome = w.HTML(style=shared_style(w.HTML)).add_class("ninekit-outcome")
        self._log_title = w.HTML("<b>Moves so far</b>", **plain())
        self._log = w.HTML(**plain()).add_class("ninekit-log")
        self._log_box = w.VBox([self._log_title, self._log]).add_class("ninekit-log-box")

    # The widgets of each part a compact shell builds only when needed (the first is the part's box).
    _PARTS = {"privacy": ("_privacy", "_pass_text", "_reveal_button"),
              "interlude": ("_interlude_box", "_interlude_html", "_interlude_button"),
              "replay": ("_replay_bar",)}

    def _build_privacy(self) -> None:
        """The hand-over between two people at one screen: "Pass the screen to …" and the reveal button."""
        self._pass_text = w.HTML(**plain())
        self._reveal_button = w.Button(**plain(w.Button, width="auto")).add_class("ninekit-reveal")
        self._reveal_button.on_click(lambda _b: self._guard(self.reveal))
        self._privacy = w.VBox([self._pass_text, self._reveal_button]).add_class("ninekit-privacy")

    def _build_interlude(self) -> None:
        """A pause between two parts of a match (e.g. between games), with its button to go on."""
        self._interlude_html = w.HTML(**plain())
        self._interlude_button = w.Button(description="Next game", button_style="primary",
                                          **plain(w.Button, width="auto")).add_class("ninekit-interlude-next")
        self._interlude_button.on_click(lambda _b: self._guard(self.go_on))
        self._interlude_box = w.VBox([self._interlude_html, self._interlude_button]).add_class("ninekit-interlude")

    def _build_replay(self) -> None:
        """The replays a moment offers (e.g. the best line of a finished game), then Previous / Next / Back in one
        row of buttons."""
        self._replay_bar = ChoiceBar().add_class("ninekit-replay")
        self._replay_bar.on_choose(lambda index: self._guard(self._press_replay, index))

    def _need(self, name: str) -> None:
        """Build part ``name`` of a compact shell (see :attr:`_PARTS`) if it is not built yet, in its place."""
        if not isinstance(getattr(self, self._PARTS[name][0]), _Absent):
            return
        getattr(self, f"_build_{name}")()
        self._lay_out_compact()

    def _lay_out_compact(self) -> None:
        """A compact shell's parts in order, those built so far (the choices above the board, by the prompt)."""
        order = [self._status, self._msg, self._privacy, self._interlude_box, self._choices, self.board,
                 self._outcome, self._replay_bar, self._log_box]
        self.children = [part for part in order if not isinstance(part, _Absent)]

    def _build_form(self, game_name: str, players: int | None = None, options: dict | None = None,
                    seats: list[str] | None = None, seed_text: str = "", levels: list[str] | None = None) -> None:
        """(Re)build the New game form for ``game_name``."""
        self._syncing = True
        try:
            make = ninekit.make(game_name, players, **(options or {}))
            rules = make.rules
            self._form_game = w.Dropdown(options=[(ninekit.make(n).title or n, n) for n in ninekit.games()],
                                         value=game_name, description="Game", style=_LABEL_STYLE)
            self._form_game.observe(lambda ch: self._guard(self._on_form_game, ch), names="value")
            rows = [_form_row(self._form_game)]
            self._form_players = None
            if rules.min_players != rules.max_players:
                self._form_players = w.Dropdown(options=list(range(rules.min_players, rules.max_players + 1)),
                                                value=make.players, description="Players", style=_LABEL_STYLE)
                self._form_players.observe(lambda ch: self._guard(self._rebuild_seats), names="value")
                rows.append(_form_row(self._form_players))
            self._form_options = {}
            for opt in rules.options:
                widget = self._option_widget(opt, make.options[opt.name])
                self._form_options[opt.name] = widget
                rows.append(_form_row(widget, opt.help))
            self._form_seats = w.VBox(layout=w.Layout(flex="1 1 auto", min_width="0")).add_class("ninekit-form-seats")
            self._form_levels = w.VBox(layout=w.Layout(flex="0 0 auto")).add_class("ninekit-form-levels")
            rows.append(w.HTML("<b>Who plays each seat</b> (and how well the computer plays)").add_class(
                "ninekit-form-heading"))
            rows.append(w.HBox([self._form_seats, self._form_levels], layout=w.Layout(width="100%")))
            notes = LEVEL_NOTES.get(game_name, {})
            if notes:
                items = "".join(f"<li><b>{esc(level)}</b>: {esc(notes[level])}</li>"
                                for level in LEVELS if level in notes)
                rows.append(w.HTML("<small class='nk-form-help'>The computer's levels in this game:</small>"
                                   f"<ul class='nk-form-help ninekit-level-notes'>{items}</ul>").add_class(
                    "ninekit-form-levels-help"))
            self._form_random_seat = w.Checkbox(value=self.random_seat, indent=True, style=_LABEL_STYLE,
                                                description="Seat a lone human player at random",
                                                tooltip="Each new game gives you a seat drawn at random, as when "
                                                        "sitting down at the table: your side and, where the seats "
                                                        "play in a fixed order, your place in it (Nine Knights "
                                                        "draws who moves first anyway)",
                                                layout=w.Layout(width="auto"))
            rows.append(_form_row(self._form_random_seat))
            self._form_seed = w.Text(value=seed_text, placeholder="secret random deal", tooltip=SEED_HELP,
                                     description="Seed", style=_LABEL_STYLE)
            rows.append(_form_row(self._form_seed, SEED_HELP))
            start = w.Button(description="Start new game", button_style="primary", layout=w.Layout(width="auto"))
            start.add_class("ninekit-start")
            start.on_click(lambda _b: self._guard(self._press_start))
            rows.append(start)
            old = self._form.children
            self._form.children = rows
            for widget in old:
                dispose(widget)
            self._rebuild_seats(seats, levels)
        finally:
            self._syncing = False

    @staticmethod
    def _option_widget(opt, value):
        label = opt.name.replace("_", " ").capitalize()
        common = dict(description=label, tooltip=opt.help or label, style=_LABEL_STYLE)
        choices = opt.choices
        if (choices and all(isinstance(c, bool) for c in choices)) or (not choices and isinstance(opt.default, bool)):
            return w.Checkbox(value=bool(value), indent=True, **common)
        if choices:
            return w.Dropdown(options=[(_describe_value(c), c) for c in choices], value=value, **common)
        if isinstance(opt.default, int):
            return w.IntText(value=value, **common)
        if isinstance(opt.default, float):
            return w.FloatText(value=value, **common)
        return w.Text(value=str(value), **common)

    def _form_values(self) -> tuple[str, int | None, dict]:
        name = self._form_game.value
        players = self._form_players.value if self._form_players is not None else None
        options = {k: widget.value for k, widget in self._form_options.items()}
        return name, players, options

    def _rebuild_seats(self, seats: list[str] | None = None, levels: list[str] | None = None) -> None:
        name, players, options = self._form_values()
        try:
            game = ninekit.make(name, players, **options)
            names = game.seat_names
        except ValueError:
            rules_players = players or 2
            names = tuple(f"Player {i + 1}" for i in range(rules_players))
        if seats is None or len(seats) != len(names):
            old = [d.value for d in self._form_seats.children]
            seats = old if len(old) == len(names) else [HUMAN] + [COMPUTER] * (len(names) - 1)
        if levels is None or len(levels) != len(names):
            old = [d.value for d in self._form_levels.children]
            levels = old if len(old) == len(names) else [NORMAL] * len(names)
        old = self._form_seats.children + self._form_levels.children
        self._form_seats.children = [
            w.Dropdown(options=[("human", HUMAN), ("computer", COMPUTER)], value=kind, description=str(seat_name),
                       style=_LABEL_STYLE, layout=w.Layout(width="100%"))
            for seat_name, kind in zip(names, seats)
        ]
        same = NO_STRONGER.get(name, {})
        choices = [(f"{level} (as {same[level]})" if level in same else level, level) for level in LEVELS]
        self._form_levels.children = [
            w.Dropdown(options=choices, value=level, description="level", tooltip=f"How well {seat_name} plays",
                       style={"description_width": "auto"}, layout=w.Layout(width="8.5em")).add_class(
                "ninekit-form-level")
            for seat_name, level in zip(names, levels)
        ]
        for kind, level in zip(self._form_seats.children, self._form_levels.children):
            kind.observe(lambda ch, level=level: self._guard(self._show_level, level, ch["new"]), names="value")
            self._show_level(level, kind.value)
        for widget in old:
            dispose(widget)
        lone = getattr(self, "_form_random_seat", None)
        if lone is not None:  # a game for one player has no seat to draw at random
            lone.layout.display = "none" if len(names) == 1 else None

    @staticmethod
    def _show_level(level, kind: str) -> None:
        """A seat's level chooser is there for a computer seat only (hidden, keeping its row, for a human)."""
        level.layout.visibility = "visible" if kind == COMPUTER else "hidden"

    def _on_form_game(self, change) -> None:
        if self._syncing:
            return
        self._build_form(change["new"], seed_text=self._form_seed.value)
        self._newgame.selected_index = 0

    def _press_start(self) -> bool:
        name, players, options = self._form_values()
        seats = [d.value for d in self._form_seats.children]
        levels = [d.value for d in self._form_levels.children]
        self.random_seat = self._form_random_seat.value
        text = self._form_seed.value.strip()
        seed = None
        if text and text.lower() != "random":
            if not (text.isascii() and text.isdigit() and len(text) <= 20 and int(text) < SEED_LIMIT):
                shown = text if len(text) <= 24 else text[:20] + "…"
                self._set_message(f"The seed must be a whole number from 0 to 2**64 - 1, or empty for a secret "
                                  f"random deal (got {shown!r})")
                return False
            seed = int(text)
        watch = self.watch
        self.watch = True  # a person starting a game of computers only wants to watch it
        started = self.new_game(seed=seed, seats=seats, players=players, game=name, levels=levels, **options)
        if not started:
            self.watch = watch
        if started:
            self._newgame.selected_index = None
            self._form_seed.value = ""  # the chosen seed does not stay on screen
        return started

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
        before it, no table events, fresh computer players (a lesson's scripted opponent starts its script)."""
        kinds = [HUMAN if kind == HUMAN else level for kind, level in zip(self.seats, self.levels)]
        self._session = session.Session(state, kinds, teacher=teacher, pauses=None, stops=self._undo_stops)
        self._bots = {}
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

    @property
    def events(self) -> list[str]:
        """The table events written into the log (undo, redo, hand-overs), oldest first."""
        return [text for _ply, text in self._events]

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

    def go_on(self) -> bool:
        """Press the pause's button (e.g. "Next game" between the games of a match): play goes on."""
        if self._interlude is None:
            return False
        self._set_state(self._state)
        return True

    @property
    def pause(self) -> Mapping | None:
        """The moment on screen between two parts of a match (title, html, svg, button), or None."""
        return self._interlude

    REPLAY_BUTTONS = ("◀ Previous step", "Next step ▶", "Back to the result")

    @property
    def replays(self) -> list[str]:
        """The replays offered now (their buttons' texts), e.g. the best line of a finished game; [] if none."""
        return [str(text) for text, _steps in self._offered_replays()]

    def replay(self, which: int | str = 0) -> bool:
        """Start the replay offered as ``which`` (its index or its button's text): the board shows its steps one
        at a time, with Previous, Next and Back to the result."""
        offered = self._offered_replays()
        if isinstance(which, str):
            which = next((i for i, (text, _s) in enumerate(offered) if str(text) == which), -1)
        if not 0 <= which < len(offered):
            self._set_message("There is no such replay now", "info")
            return False
        text, steps = offered[which]
        steps = list(steps() if callable(steps) else steps)
        if not steps:
            self._set_message("There is nothing to replay", "info")
            return False
        self._replaying = {"title": str(text), "steps": steps, "at": 0}
        self._set_message("")
        self._refresh()
        return True

    def replay_step(self, delta: int = 1) -> bool:
        """Show the next (``delta=1``) or previous (``-1``) step of the replay on screen."""
        shown = self._replaying
        if shown is None:
            return False
        at = shown["at"] + delta
        if not 0 <= at < len(shown["steps"]):
            self._set_message("That was the last step" if delta > 0 else "That was the first step", "info")
            return False
        shown["at"] = at
        self._set_message("")
        self._refresh()
        return True

    def end_replay(self) -> bool:
        """Leave the replay: back to the result it was started from."""
        if self._replaying is None:
            return False
        self._replaying = None
        self._set_message("")
        self._refresh()
        return True

    @property
    def replaying(self) -> tuple[int, int, str] | None:
        """The replay on screen as (step shown, last step, its caption), or None."""
        shown = self._replaying
        if shown is None:
            return None
        return shown["at"], len(shown["steps"]) - 1, str(shown["steps"][shown["at"]][0])

    def _offered_replays(self) -> list:
        """(button text, steps or a function giving them) of the moment on screen: a pause, or the match end."""
        if self._interlude is not None:
            return list(self._interlude.get("replays") or [])
        if self._state is not None and self._state.is_over:
            panel = self._final_panel(self._state)
            return list(panel.get("replays") or []) if panel else []
        return []

    def _press_replay(self, index: int) -> bool:
        if self._replaying is None:
            return self.replay(index)
        if index == 0:
            return self.replay_step(-1)
        if index == 1:
            return self.replay_step(1)
        return self.end_replay()

    def _final_panel(self, s: ninekit.State) -> Mapping | None:
        """The adapter's panel for the end of the game (``outcome_panel``), worked out once per finished state."""
        if self._final is not None and self._final[0] is s:
            return self._final[1]
        panel = None
        try:
            panel = self.adapter.outcome_panel(s.view(None))
        except Exception as exc:  # noqa: BLE001 - a broken panel must not hide the outcome
            self.errors.append(f"outcome_panel: {type(exc).__name__}: {exc}")
        panel = panel if isinstance(panel, Mapping) else None
        self._final = (s, panel)
        if panel is not None:
            self._start_later(panel, lambda update: self._update_final(s, panel, update))
        return panel

    def _update_final(self, s: ninekit.State, panel: Mapping, update: Mapping) -> bool:
        if self._final is None or self._final[0] is not s or self._final[1] is not panel:
            return False
        self._final = (s, _merged(panel, update))
        return True

    def _update_pause(self, pause: Mapping, update: Mapping) -> bool:
        if self._interlude is not pause:
            return False
        self._interlude = _merged(pause, update)
        return True

    def _start_later(self, moment: Mapping, apply: Callable[[Mapping], bool]) -> None:
        """Run a moment's ``"later"`` (work that may take long, e.g. a search) in the background
        (:meth:`_in_background`); ``apply`` its update to the moment if that is still on screen, and show it."""
        later = moment.get("later")
        if callable(later):
            self._in_background(later, lambda update: isinstance(update, Mapping) and apply(update))

    def _in_background(self, compute: Callable[[], object], apply: Callable[[object], bool],
                       failed: Callable[[], None] | None = None) -> None:
        """Run ``compute`` (work that may take long: a search) on a background thread, the page's callbacks free
        meanwhile; then, holding the lock, ``apply`` its answer and show it if ``apply`` says it still fits the
        screen.  If ``compute`` fails, the error is kept in ``errors`` and ``failed`` runs (under the lock)."""

        def work():
            try:
                answer = compute()
            except Exception as exc:  # noqa: BLE001 - a failed search must not break the app
                self.errors.append(f"background: {type(exc).__name__}: {exc}")
                del self.errors[:-50]
                log.exception("ninekit app: background work failed")
                if failed is not None:
                    with self._lock:
                        failed()
                return
            with self._lock:
                if apply(answer):
                    self._refresh_now()

        if IN_BROWSER:  # no threads in the browser: after the moment is on screen (the page waits meanwhile)
            run_later(work)
            return
        thread = threading.Thread(target=work, name="ninekit-later", daemon=True)
        self._workers = [t for t in self._workers if t.is_alive()] + [thread]
        thread.start()

    def wait_background(self, timeout: float | None = None) -> bool:
        """Wait for the background work a moment left (e.g. the best possible score on a deal) to be shown;
        True if none is left."""
        for thread in list(self._workers):
            thread.join(timeout)
        return not any(t.is_alive() for t in self._workers)

    @property
    def selection(self) -> tuple[str, list[str]] | None:
        """The piece or card just chosen (click it to put it back) and those to switch to, or None."""
        if self._selection is None:
            return None
        return self._selection[0], sorted(self._selection[1])

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
                self._set_message(f"Cannot start that game: {_plain(str(exc))}")
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
                self._set_message(f"Cannot start that game: {_plain(str(exc))}")
                return False
        self._set_aside_offer()
        self._switch_game(target, seats_list if seats_list is not None else
                          (self.seats if len(self.seats) == target.players else None), levels_list)
        self._start(target, seed)
        return True

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

    def undo(self) -> bool:
        """Back to the previous decision of a human seat (computer moves are skipped)."""
        target = self._undo_target()
        if target is None:
            self._set_message(session.UNDO_REFUSED if self._undo_refused() else "There is nothing to undo", "info")
            return False
        self._note(f"{self._actor()} undid {_count(self.moves_played(self._state) - self.moves_played(target))}",
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
        self._note(f"{self._actor()} redid {_count(self.moves_played(target) - self.moves_played(before))}",
                   len(target.history))
        self._set_state(target)  # a computer that was thinking when Undo was pressed thinks again
        self._set_message("")
        return True

    def reveal(self) -> bool:
        """Press the hand-over button: show the waiting seat's view."""
        if self._pending_reveal is None:
            return False
        self._last_viewer = self._session.hand_over()
        self._note(f"The screen was handed to {self.game.seat_name(self._viewer)}", len(self._state.history))
        self._refresh()
        return True

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
            self._upload.message = _load_problem(str(exc), self.game.name)
            self._set_message(_load_problem(str(exc), self.game.name))
            return False
        self._upload.message = ""
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
        self._note(f"A saved game was loaded ({_count(moves)} played)", len(state.history))
        self._set_state(state)
        self._set_message(f"Loaded a saved game of {state.game.title} ({_count(moves)} played){side}", "info")
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
            log.exception("ninekit app: an unexpected error in a callback")
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
            import sys

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

    def _bot(self, seat: int):
        if seat not in self._bots:
            seed = random_seed()  # never derived from the game's seed: a seat could not reconstruct it
            if self._bot_factory is not None:
                self._bots[seat] = self._bot_factory(self.game.name, seat, seed)
            else:
                self._bots[seat] = bot_for(self.game.name, seed, self.levels[seat])
        return self._bots[seat]

    def _decide(self, s: ninekit.State) -> ninekit.State:
        """The state after the computer seat to move decides (a broken bot is replaced by a random one)."""
        seat = s.to_move
        try:
            return s.play(self._bot(seat).choose(s))
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the game
            self.errors.append(f"bot for seat {seat}: {type(exc).__name__}: {exc}")
            self._bots[seat] = RandomBot(random_seed())
            return s.play(self._bots[seat].choose(s))

    def _thinks(self, seat: int) -> bool:
        """Whether the computer at ``seat`` decides in the background (a level that searches)."""
        return self._bot_factory is None and self.levels[seat] in THINKING_LEVELS

    def _run_computers(self) -> None:
        """Play the computer seats up to a human's decision, a pause or the end: at once for the levels that
        answer at once, else (a level that searches, or Watch) one decision later on the timer."""
        s = self._state
        start = len(s.history)
        steps = 0
        while self._interlude is None and not s.is_over and not self._is_human(s.to_move):
            if self.watching or self._thinks(s.to_move):
                break
            if steps >= STEP_CAP:
                self._set_message(f"Stopped the computer players after {STEP_CAP} moves")
                break
            s = self._decide(s)
            self._interlude = self._pause_between(s.parent, s)
            steps += 1
        self._session.arrive(s)
        if steps and self._computer_from is None:
            self._computer_from = start
        if self._interlude is None and not s.is_over and not self._is_human(s.to_move) and steps < STEP_CAP:
            if not self.watching:
                self._plan(0.0)
            elif self._playing:
                self._plan(self._pace)

    # ---------------------------------------------------------- timed moves
    def _start_timer(self, delay: float, work: Callable[[], None]):
        """The default ``timer``: ``work`` after ``delay`` seconds on a thread, or on the page's event loop in the
        static site (no threads there).  The handle has ``cancel()``."""
        if IN_BROWSER:
            import asyncio

            return asyncio.get_event_loop().call_later(max(0.0, delay), work)
        timer = threading.Timer(max(0.0, delay), work)
        timer.daemon = True
        self._workers = [t for t in self._workers if t.is_alive()] + [timer]
        timer.start()
        return timer

    def _cancel_plan(self) -> None:
        """Forget the planned computer move (the game on screen changed, or Watch paused)."""
        self._ticket += 1
        self._thinking = None
        planned, self._planned = self._planned, None
        if planned is not None:
            planned.cancel()

    def _plan(self, delay: float) -> None:
        """Let the computer seat to move decide ``delay`` seconds from now, away from the page's callbacks; its move
        is played if the game on screen is still the one it decided on.  A decision that only picks up a piece
        or card is played together with the move it leads to (one move of the log)."""
        self._cancel_plan()
        state, ticket = self._state, self._ticket
        seat = state.to_move
        if delay <= 0 and self._thinks(seat):
            self._thinking = seat

        def current() -> bool:
            return ticket == self._ticket and self._state is state

        def work() -> None:
            try:
                with self._lock:
                    if not current():
                        return
                    if self._thinking is None and self._thinks(seat):
                        self._thinking = seat  # say so first; the search starts once that is on screen
                        self._refresh_now()
                        self._planned = self._timer(0.0, work)
                        return
                with self._deciding:  # one search at a time (a bot is not shared between threads)
                    s, pause = self._decide(state), None
                    for _ in range(8):  # a pick-up and the move it leads to
                        pause = self._pause_between(s.parent, s)
                        last = s.history[-1][1]
                        if pause is not None or s.is_over or s.to_move != seat or not self._selects(last):
                            break
                        s = self._decide(s)
                with self._lock:
                    if not current():
                        return
                    start = self._computer_from  # since the last human action; in Watch, this move only
                    if start is None or self.watching:
                        start = len(state.history)
                    self._set_state(s, pause=pause, computer_from=start)
            except Exception as exc:  # noqa: BLE001 - a timed move must not fail silently
                self.errors.append(f"computer move: {type(exc).__name__}: {exc}")
                del self.errors[:-50]
                log.exception("ninekit app: a computer move failed")

        self._planned = self._timer(delay, work)

    @property
    def watching(self) -> bool:
        """True while Watch runs: every seat a computer, the app watches, and the game is not over."""
        return (self.watch and not self._compact and bool(self.seats) and HUMAN not in self.seats
                and self._state is not None and not self._state.is_over)

    @property
    def thinking(self) -> int | None:
        """The computer seat deciding in the background now, or None."""
        return self._thinking

    @property
    def playing(self) -> bool:
        """Watch: True while moves come at the pace, False while paused."""
        return self._playing

    @property
    def pace(self) -> float:
        """Watch: seconds between moves."""
        return self._pace

    def set_pace(self, seconds: float) -> bool:
        """Watch: set the seconds between moves (from the next move on); out of range is refused, with why."""
        low, high = PACE_RANGE
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not low <= seconds <= high:
            self._set_message(f"The pace must be from {low} to {high} seconds per move (got {seconds!r})")
            return False
        self._pace = float(seconds)
        if self._watch_pace.value != self._pace:
            self._watch_pace.value = self._pace
        return True

    def pause_watch(self) -> bool:
        """Watch: stop after the move on screen (a decision being worked out is dropped)."""
        if not self.watching or not self._playing:
            return False
        self._playing = False
        self._cancel_plan()
        self._refresh()
        return True

    def play_watch(self) -> bool:
        """Watch: moves come again at the pace."""
        if not self.watching or self._playing:
            return False
        self._playing = True
        self._set_message("")
        self._run_watch()
        return True

    def step_watch(self) -> bool:
        """Watch: play exactly one move (as the log counts them) now, then wait (pauses if playing)."""
        if not self.watching:
            self._set_message("Step is for watching a game of computer players", "info")
            return False
        if self._interlude is not None or self._replaying is not None:
            self._set_message("Press the button on screen first", "info")
            return False
        self._playing = False
        self._set_message("")
        self._plan(0.0)
        self._refresh()
        return True

    def _run_watch(self) -> None:
        if self.watching and self._interlude is None:
            self._plan(self._pace)
        self._refresh()

    def wait_computers(self, timeout: float = 30.0) -> bool:
        """Wait (up to ``timeout`` seconds) until no computer move is planned: a searching level has moved, or
        Watch paused or ended.  True if none is left.  With the default timer only."""
        deadline = time.monotonic() + timeout
        while self._planned is not None and time.monotonic() < deadline:
            planned = self._planned
            if isinstance(planned, threading.Thread):
                planned.join(max(0.0, deadline - time.monotonic()))
                if self._planned is planned and not planned.is_alive():
                    break
            else:
                time.sleep(0.01)
        return self._planned is None or (isinstance(self._planned, threading.Thread)
                                         and not self._planned.is_alive())

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

    def _note(self, text: str, plies: int) -> None:
        """Write a table event into the log every seat reads, after move number ``plies``."""
        self._events.append((plies, text))
        del self._events[:-EVENT_CAP]

    def _press_choice(self, index: int) -> bool:
        if not 0 <= index < len(self._buttons):
            return False
        return self.try_move(self._buttons[index])

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

    def _pause_between(self, before: ninekit.State, after: ninekit.State) -> Mapping | None:
        """The adapter's interlude for this move (e.g. a game of a match ends), or None."""
        if not self._interludes or type(self.adapter).interlude is TableAdapter.interlude:
            return None  # this game has no pauses: no views to build
        try:
            pause = self.adapter.interlude(before.view(None), after.view(None))
        except Exception as exc:  # noqa: BLE001 - a broken picture must not stop the game
            self.errors.append(f"interlude: {type(exc).__name__}: {exc}")
            return None
        return pause if isinstance(pause, Mapping) else None

    @staticmethod
    def moves_played(state: ninekit.State) -> int:
        """Moves played, as the log numbers them (a choice that writes no log line, e.g. picking up a piece,
        is part of the move it leads to): the count the save's file name and the load message use."""
        return len(state.numbered_log(None))

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

    # ---------------------------------------------------------------- saving
    def _save_file(self) -> tuple[str, str]:
        """The Save button's file: (name, text).  The name counts moves as the log does."""
        text = self._state.to_json()
        moves = self.moves_played(self._state)
        name = f"{self.game.name.replace('_', '-')}-{moves}-move{'s' if moves != 1 else ''}.json"
        return name, text

    # -------------------------------------------------------------- resuming
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
        if self._resume_key is None or self._compact:
            return
        s = self._state
        in_progress = not s.is_over and bool(s.history) and HUMAN in self.seats
        self._resume_link.guard_leave = in_progress
        if IN_BROWSER or self._offered is not None or not self._reported:
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
        self._resume_text.value = (f"<b>Resume your game?</b> {esc(offer['title'])}, {moves} move"
                                   f"{'s' if moves != 1 else ''} played, left {esc(ago)}.")
        self._resume_offer.layout.display = None

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
                "moves": GameApp.moves_played(state), "random_seat": bool(payload.get("random_seat")),
                "teacher_mode": bool(payload.get("teacher_mode")), "saved_at": payload.get("saved_at")}

    def resume(self) -> bool:
        """Take up the game offered back after a reload ("Resume your game?")."""
        offer, self._offered = self._offered, None
        self._resume_offer.layout.display = "none"
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
        self._resume_offer.layout.display = "none"
        if self._token is not None:
            self._store().drop(self._token)
        self._keep_progress()

    @property
    def resume_offered(self) -> bool:
        """True while "Resume your game?" is on screen."""
        return self._offered is not None


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


def _merged(moment: Mapping, update: Mapping) -> dict:
    """A moment with a background update's keys put in (and no further ``later`` unless the update has one)."""
    out = {k: v for k, v in moment.items() if k != "later"}
    out.update(update)
    return out


def _ago(seconds: float) -> str:
    """'3 minutes ago', in words."""
    seconds = max(0, int(seconds))
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def _form_row(control, help_text: str = "") -> w.VBox:
    """One setting of the New game form: the control (its label in the form's label column) and its help
    right under the control's input, in the same column."""
    parts = [control]
    if help_text:
        parts.append(w.HTML(f'<small class="nk-form-help">{esc(help_text)}</small>').add_class("nk-form-help-box"))
    return w.VBox(parts).add_class("ninekit-form-row")


def _plain(detail: str) -> str:
    """A rules error about settings in players' words: "option 'quiet_limit' must ..." -> "quiet limit must ..."."""
    return re.sub(r"option '(\w+)'", lambda m: m.group(1).replace("_", " "), detail)


def _count(moves: int) -> str:
    """'1 move', '3 moves'; 'a choice' for none (a piece picked up, not yet moved)."""
    if moves <= 0:
        return "a choice"
    return f"{moves} move{'s' if moves != 1 else ''}"


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
