"""The New game form: game, players, options, who plays each seat and how well, seed.

A view part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts): it offers what the
rules allow, checks the seed, and hands a filled-in form to the app to start.

>>> form = NewGameForm(on_start=lambda **chosen: print(chosen["game"], chosen["seats"], chosen["seed"]),
...                    on_problem=print)
>>> form.build("nine_knights", seats=["human", "computer"])
>>> form.seed_text.value = "12"
>>> form.press_start()
nine_knights ['human', 'computer'] 12
False
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

import ninekit
from ninekit.bots import LEVEL_NOTES, LEVELS, NO_STRONGER
from ninekit.core import SEED_LIMIT

from ..svg import esc
from .common import COMPUTER, HUMAN, NORMAL, dispose

FORM_LABEL = "8.5em"  # the New game form's label column
LABEL_STYLE = {"description_width": FORM_LABEL}
SEED_HELP = ("Teacher mode: a chosen whole number gives the same deal every time, and reveals it to anyone who "
             "knows the number. Empty: a secret random deal.")


class NewGameForm(w.Accordion):
    """The New game panel (closed until opened): the form for ``game_name`` and its Start button.  A press of
    Start that passes the form's own checks calls ``on_start(game=, players=, options=, seats=, levels=,
    random_seat=, seed=)``, which returns whether a game started (then the panel closes and the seed leaves the
    screen); ``on_problem(text)`` is told what is wrong with the form.  ``guard(fn, *args)`` runs the form's own
    callbacks (the app's, which catches and reports an error).

    ``on_separate(game=, players=, options=, seats=, levels=)``, if given, adds the button "Play at separate
    screens" (a table across screens for the game as the form says; widgets/table_page.py).  ``for_table=True``
    makes the form the table page's "Open a table": no seed (a table's deal is always secret), no random seat, and
    only that button, called "Open the table"."""

    def __init__(self, on_start: Callable[..., bool] | None, on_problem: Callable[[str], object],
                 guard: Callable[..., object] = lambda fn, *args: fn(*args),
                 on_separate: Callable[..., bool] | None = None, for_table: bool = False):
        self._on_start, self._on_problem, self._guard = on_start, on_problem, guard
        self._on_separate, self._for_table = on_separate, for_table
        self._syncing = False
        self.form = w.VBox().add_class("ninekit-new-game")
        self.game_choice = self.players_choice = self.random_seat_box = self.seed_text = None
        self.option_controls: dict[str, w.Widget] = {}
        self.seat_choices = w.VBox(layout=w.Layout(flex="1 1 auto", min_width="0")).add_class("ninekit-form-seats")
        self.level_choices = w.VBox(layout=w.Layout(flex="0 0 auto")).add_class("ninekit-form-levels")
        super().__init__(children=[self.form], titles=("Open a table" if for_table else "New game",),
                         selected_index=0 if for_table else None)
        self.add_class("ninekit-new-game-panel")

    def build(self, game_name: str, players: int | None = None, options: dict | None = None,
              seats: list[str] | None = None, seed_text: str = "", levels: list[str] | None = None,
              random_seat: bool = False) -> None:
        """(Re)build the form for ``game_name`` with these settings filled in."""
        self._syncing = True
        try:
            make = ninekit.make(game_name, players, **(options or {}))
            rules = make.rules
            self.game_choice = w.Dropdown(options=[(ninekit.make(n).title or n, n) for n in ninekit.games()],
                                          value=game_name, description="Game", style=LABEL_STYLE)
            self.game_choice.observe(lambda ch: self._guard(self._on_game, ch), names="value")
            rows = [_form_row(self.game_choice)]
            self.players_choice = None
            if rules.min_players != rules.max_players:
                self.players_choice = w.Dropdown(options=list(range(rules.min_players, rules.max_players + 1)),
                                                 value=make.players, description="Players", style=LABEL_STYLE)
                self.players_choice.observe(lambda ch: self._guard(self.set_seats), names="value")
                rows.append(_form_row(self.players_choice))
            self.option_controls = {}
            for opt in rules.options:
                widget = _option_widget(opt, make.options[opt.name])
                self.option_controls[opt.name] = widget
                rows.append(_form_row(widget, opt.help))
            self.seat_choices = w.VBox(layout=w.Layout(flex="1 1 auto", min_width="0")).add_class("ninekit-form-seats")
            self.level_choices = w.VBox(layout=w.Layout(flex="0 0 auto")).add_class("ninekit-form-levels")
            rows.append(w.HTML("<b>Who plays each seat</b> (and how well the computer plays)").add_class(
                "ninekit-form-heading"))
            rows.append(w.HBox([self.seat_choices, self.level_choices], layout=w.Layout(width="100%")))
            notes = LEVEL_NOTES.get(game_name, {})
            if notes:
                items = "".join(f"<li><b>{esc(level)}</b>: {esc(notes[level])}</li>"
                                for level in LEVELS if level in notes)
                rows.append(w.HTML("<small class='nk-form-help'>The computer's levels in this game:</small>"
                                   f"<ul class='nk-form-help ninekit-level-notes'>{items}</ul>").add_class(
                    "ninekit-form-levels-help"))
            self.random_seat_box = w.Checkbox(value=random_seat, indent=True, style=LABEL_STYLE,
                                              description="Seat a lone human player at random",
                                              tooltip="Each new game gives you a seat drawn at random, as when "
                                                      "sitting down at the table: your side and, where the seats "
                                                      "play in a fixed order, your place in it (Nine Knights "
                                                      "draws who moves first anyway)",
                                              layout=w.Layout(width="auto"))
            if not self._for_table:
                rows.append(_form_row(self.random_seat_box))
            self.seed_text = w.Text(value=seed_text, placeholder="secret random deal", tooltip=SEED_HELP,
                                    description="Seed", style=LABEL_STYLE)
            if not self._for_table:  # a table's deal is always secret, and its seats are taken by those who join
                rows.append(_form_row(self.seed_text, SEED_HELP))
            buttons = []
            if not self._for_table:
                start = w.Button(description="Start new game", button_style="primary", layout=w.Layout(width="auto"))
                start.add_class("ninekit-start")
                start.on_click(lambda _b: self._guard(self.press_start))
                buttons.append(start)
            if self._on_separate is not None:
                separate = w.Button(description="Open the table" if self._for_table else "Play at separate screens",
                                    button_style="primary" if self._for_table else "",
                                    tooltip="Open a table for this game that each player joins from their own "
                                            "device with a short code; each screen shows only its own seat",
                                    layout=w.Layout(width="auto"))
                separate.add_class("ninekit-separate")
                separate.on_click(lambda _b: self._guard(self.press_separate))
                buttons.append(separate)
            rows.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")).add_class("ninekit-form-buttons"))
            old = self.form.children
            self.form.children = rows
            for widget in old:
                dispose(widget)
            self.set_seats(seats, levels)
        finally:
            self._syncing = False

    def values(self) -> tuple[str, int | None, dict]:
        """The game, players (None: the game's only number) and options chosen."""
        name = self.game_choice.value
        players = self.players_choice.value if self.players_choice is not None else None
        options = {k: widget.value for k, widget in self.option_controls.items()}
        return name, players, options

    def set_seats(self, seats: list[str] | None = None, levels: list[str] | None = None) -> None:
        """One row per seat of the game chosen: human or computer, and the computer's level (None: keep what
        is chosen where the number of seats allows)."""
        name, players, options = self.values()
        try:
            game = ninekit.make(name, players, **options)
            names = game.seat_names
        except ValueError:
            rules_players = players or 2
            names = tuple(f"Player {i + 1}" for i in range(rules_players))
        if seats is None or len(seats) != len(names):
            old = [d.value for d in self.seat_choices.children]
            seats = old if len(old) == len(names) else (
                [HUMAN] * len(names) if self._for_table else [HUMAN] + [COMPUTER] * (len(names) - 1))
        if levels is None or len(levels) != len(names):
            old = [d.value for d in self.level_choices.children]
            levels = old if len(old) == len(names) else [NORMAL] * len(names)
        old = self.seat_choices.children + self.level_choices.children
        self.seat_choices.children = [
            w.Dropdown(options=[("human", HUMAN), ("computer", COMPUTER)], value=kind, description=str(seat_name),
                       style=LABEL_STYLE, layout=w.Layout(width="100%"))
            for seat_name, kind in zip(names, seats)
        ]
        same = NO_STRONGER.get(name, {})
        choices = [(f"{level} (as {same[level]})" if level in same else level, level) for level in LEVELS]
        self.level_choices.children = [
            w.Dropdown(options=choices, value=level, description="level", tooltip=f"How well {seat_name} plays",
                       style={"description_width": "auto"}, layout=w.Layout(width="8.5em")).add_class(
                "ninekit-form-level")
            for seat_name, level in zip(names, levels)
        ]
        for kind, level in zip(self.seat_choices.children, self.level_choices.children):
            kind.observe(lambda ch, level=level: self._guard(_show_level, level, ch["new"]), names="value")
            _show_level(level, kind.value)
        for widget in old:
            dispose(widget)
        if self.random_seat_box is not None:  # a game for one player has no seat to draw at random
            self.random_seat_box.layout.display = "none" if len(names) == 1 else None

    def _on_game(self, change) -> None:
        if self._syncing:
            return
        self.build(change["new"], seed_text=self.seed_text.value, random_seat=self.random_seat_box.value)
        self.selected_index = 0

    def press_start(self) -> bool:
        """Start: check the seed, then ask ``on_start`` for a game as the form says; True if one started."""
        name, players, options = self.values()
        text = self.seed_text.value.strip()
        seed = None
        if text and text.lower() != "random":
            if not (text.isascii() and text.isdigit() and len(text) <= 20 and int(text) < SEED_LIMIT):
                shown = text if len(text) <= 24 else text[:20] + "…"
                self._on_problem(f"The seed must be a whole number from 0 to 2**64 - 1, or empty for a secret "
                                 f"random deal (got {shown!r})")
                return False
            seed = int(text)
        started = bool(self._on_start(game=name, players=players, options=options,
                                      seats=[d.value for d in self.seat_choices.children],
                                      levels=[d.value for d in self.level_choices.children],
                                      random_seat=self.random_seat_box.value, seed=seed))
        if started:
            self.selected_index = None
            self.seed_text.value = ""  # the chosen seed does not stay on screen
        return started


    def press_separate(self) -> bool:
        """Ask ``on_separate`` for a table across screens as the form says (never with a seed); True if opened."""
        name, players, options = self.values()
        return bool(self._on_separate(game=name, players=players, options=options,
                                      seats=[d.value for d in self.seat_choices.children],
                                      levels=[d.value for d in self.level_choices.children]))


def _show_level(level, kind: str) -> None:
    """A seat's level chooser is there for a computer seat only (hidden, keeping its row, for a human)."""
    level.layout.visibility = "visible" if kind == COMPUTER else "hidden"


def _option_widget(opt, value):
    label = opt.name.replace("_", " ").capitalize()
    common = dict(description=label, tooltip=opt.help or label, style=LABEL_STYLE)
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


def _describe_value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _form_row(control, help_text: str = "") -> w.VBox:
    """One setting of the New game form: the control (its label in the form's label column) and its help
    right under the control's input, in the same column."""
    parts = [control]
    if help_text:
        parts.append(w.HTML(f'<small class="nk-form-help">{esc(help_text)}</small>').add_class("nk-form-help-box"))
    return w.VBox(parts).add_class("ninekit-form-row")
