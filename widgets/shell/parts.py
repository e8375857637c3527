"""The app's widgets, built once: header, prompt, board, choices, toolbar, log, panels.

A part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts).
"""

from __future__ import annotations

import ipywidgets as w

from ..board import Board
from ..browser import IN_BROWSER_NOTE, IN_BROWSER_RESUME
from ..choices import ChoiceBar
from ..page import PageTitle
from ..resume import ResumeLink
from ..save import SaveButton
from ..shared import plain, shared_style
from ..svg import esc
from ..upload import LoadButton
from . import common
from .common import SAVE_NOTE, UNDO_TIP, Absent
from .computers import PACE_RANGE


class ShellParts:
    """The app's widgets, built once: header, prompt, board, choices, toolbar, log, panels. A part of
    :class:`widgets.app.GameApp` (a mixin: it works on the app's session and widgets)."""

    def _build(self) -> None:
        self._build_play()
        if self._compact:  # a board inside a lesson: no title, seats, new game, save/load or rules widgets at all
            for name in ("_title", "_subtitle", "_undo_button", "_redo_button", "_save_button", "_upload", "_toolbar",
                         "_rules_html", "_rules", "_form", "_newgame", "_page_title", "_resume_link",
                         "_resume_offer", "_resume_text", "_hint_button", "_hint_html", "_hint_box", "_watch_bar",
                         "_watch_text", "_watch_play", "_watch_step", "_watch_pace", "_again"):
                setattr(self, name, Absent())
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
            self._resume_link = Absent()
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
                    setattr(self, part, Absent())
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
        if not isinstance(getattr(self, self._PARTS[name][0]), Absent):
            return
        getattr(self, f"_build_{name}")()
        self._lay_out_compact()

    def _lay_out_compact(self) -> None:
        """A compact shell's parts in order, those built so far (the choices above the board, by the prompt)."""
        order = [self._status, self._msg, self._privacy, self._interlude_box, self._choices, self.board,
                 self._outcome, self._replay_bar, self._log_box]
        self.children = [part for part in order if not isinstance(part, Absent)]
