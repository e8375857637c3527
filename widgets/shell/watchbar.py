"""Watch's controls: what is happening, Pause/Play, Step and the pace (seconds per move).

A view part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts): it shows the
watched game as it is given and passes the presses on; when the computer seats move is the play area's
(widgets/shell/computers.py).

>>> bar = WatchBar(on_play_pause=print, on_step=print, on_pace=print)
>>> bar.show(watching=True, played=3, pace=1.0, playing=False, pausing=False)
>>> "Paused after 3 moves" in bar.text.value, bar.play_button.description
(True, 'Play')
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from ..svg import esc
from .computers import PACE, PACE_RANGE


class WatchBar(w.VBox):
    """Watch's line and its controls, shown while every seat is a computer and the game goes on.
    ``on_play_pause()`` (Pause while playing, else Play) and ``on_step()`` are called on a press,
    ``on_pace(seconds)`` when the slider moves."""

    def __init__(self, on_play_pause: Callable[[], object], on_step: Callable[[], object],
                 on_pace: Callable[[float], object]):
        self.text = w.HTML().add_class("ninekit-watch-text")
        self.play_button = w.Button(description="Pause", tooltip="Stop after the move on screen",
                                    layout=w.Layout(width="auto")).add_class("ninekit-watch-play")
        self.step_button = w.Button(description="Step", tooltip="Play one move, then wait",
                                    layout=w.Layout(width="auto")).add_class("ninekit-watch-step")
        self.pace = w.FloatSlider(value=PACE, min=PACE_RANGE[0], max=PACE_RANGE[1], step=0.1,
                                  description="Seconds per move", readout_format=".1f",
                                  style={"description_width": "auto"},
                                  layout=w.Layout(width="20em", max_width="100%")).add_class("ninekit-watch-pace")
        self.play_button.on_click(lambda _b: on_play_pause())
        self.step_button.on_click(lambda _b: on_step())
        self.pace.observe(lambda ch: on_pace(ch["new"]), names="value")
        buttons = w.HBox([self.play_button, self.step_button, self.pace],
                         layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"))
        super().__init__([self.text, buttons], layout=w.Layout(display="none"))
        self.add_class("ninekit-watch")

    def show(self, watching: bool, played: int, pace: float, playing: bool, pausing: bool) -> None:
        """The bar for a game ``watching`` (else hidden) with ``played`` moves, at ``pace`` seconds a move,
        ``playing`` or paused; ``pausing``: stopped between games, until the button on screen is pressed."""
        if self.pace.value != pace:
            self.pace.value = pace
        self.layout.display = None if watching else "none"
        if not watching:
            return
        moves = f"{played} move{'s' if played != 1 else ''}"
        if pausing:
            text = f"Watching: {moves} played. Press the button above to go on."
        elif playing:
            text = f"Watching: {moves} played, one move every {pace:.1f} s."
        else:
            text = f"Paused after {moves}: Step plays one move, Play goes on."
        self.text.value = f'<div class="nk-watch-line" role="status">{esc(text)}</div>'
        self.play_button.description = "Pause" if playing else "Play"
        self.play_button.tooltip = "Stop after the move on screen" if playing else "Moves come again at the pace"
        self.play_button.disabled = self.step_button.disabled = pausing
