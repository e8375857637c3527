"""The app's widgets, built once: header, the play area's widgets, Watch, Hint, toolbar, panels, and their layout.

A part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts); the play area's own
widgets are built by :class:`widgets.shell.area.PlayArea`.
"""

from __future__ import annotations

import ipywidgets as w

from ..browser import IN_BROWSER_NOTE, IN_BROWSER_RESUME
from ..page import PageTitle
from ..resume import ResumeLink
from ..save import SaveButton
from ..shared import plain
from ..svg import esc
from ..upload import LoadButton
from . import common
from .common import SAVE_NOTE, UNDO_TIP
from .computers import PACE_RANGE


class ShellParts:
    """The app's widgets, built once: header, the play area's widgets, Watch, Hint, toolbar, panels, and their
    layout. A part of :class:`widgets.app.GameApp` (a mixin: it works on the app's session and widgets)."""

    def _build(self) -> None:
        """Every widget of the app (the play area's moments' parts too, at once), laid out: a header, then the
        board, the prompt, the decision and the extras (toolbar, log, New game, Rules)."""
        self._build_play()
        for name in ("privacy", "interlude", "replay"):
            getattr(self, f"_build_{name}")()
        self._recent = w.HTML(**plain()).add_class("ninekit-recent")  # what the computer just did
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
            self._resume_link = None
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
        if common.IN_BROWSER:
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
