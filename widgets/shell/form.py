"""The New game form: game, players, options, who plays each seat and how well, seed.

A part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

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


class NewGameForm:
    """The New game form: game, players, options, who plays each seat and how well, seed. A part of
    :class:`widgets.app.GameApp` (a mixin: it works on the app's session and widgets)."""

    def _build_form(self, game_name: str, players: int | None = None, options: dict | None = None,
                    seats: list[str] | None = None, seed_text: str = "", levels: list[str] | None = None) -> None:
        """(Re)build the New game form for ``game_name``."""
        self._syncing = True
        try:
            make = ninekit.make(game_name, players, **(options or {}))
            rules = make.rules
            self._form_game = w.Dropdown(options=[(ninekit.make(n).title or n, n) for n in ninekit.games()],
                                         value=game_name, description="Game", style=LABEL_STYLE)
            self._form_game.observe(lambda ch: self._guard(self._on_form_game, ch), names="value")
            rows = [_form_row(self._form_game)]
            self._form_players = None
            if rules.min_players != rules.max_players:
                self._form_players = w.Dropdown(options=list(range(rules.min_players, rules.max_players + 1)),
                                                value=make.players, description="Players", style=LABEL_STYLE)
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
            self._form_random_seat = w.Checkbox(value=self.random_seat, indent=True, style=LABEL_STYLE,
                                                description="Seat a lone human player at random",
                                                tooltip="Each new game gives you a seat drawn at random, as when "
                                                        "sitting down at the table: your side and, where the seats "
                                                        "play in a fixed order, your place in it (Nine Knights "
                                                        "draws who moves first anyway)",
                                                layout=w.Layout(width="auto"))
            rows.append(_form_row(self._form_random_seat))
            self._form_seed = w.Text(value=seed_text, placeholder="secret random deal", tooltip=SEED_HELP,
                                     description="Seed", style=LABEL_STYLE)
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
                       style=LABEL_STYLE, layout=w.Layout(width="100%"))
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
