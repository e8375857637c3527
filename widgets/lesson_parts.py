"""The front-end parts of a tutorial (anywidgets; their JS and CSS are files in ``widgets/front/``).

:class:`StepPanel` is a lesson step's title, goal, feedback and buttons; :class:`ShowWhenNear` stands in for
the steps not built yet; :class:`ProgressBar` is the tutorial's progress, kept in the browser's storage.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from .front import front_path
from .shared import shared_layout

MAX_STORED = 1000  # step keys accepted back from the browser's storage


class StepPanel(anywidget.AnyWidget):
    """A lesson step's title line (``label``, ``solved``), ``goal``, ``feedback`` (HTML of escaped text) and its
    Hint, Reset and Show me buttons, in one model; a press calls ``on_press(name)`` ("hint", "reset", "show").
    With ``explore`` (a position text) and ``explore_target`` (the game's sandbox page), an "Explore this position"
    link opens the sandbox at that position in a new tab.

        >>> panel = StepPanel(lambda name: print("pressed", name), label="Step 1 · Forward", goal="Move.")
        >>> panel.receive({"event": "press", "button": "hint"})
        pressed hint
        >>> panel.receive({"event": "press", "button": "rm -rf"})   # anything else is ignored
    """

    _esm = front_path("lesson_panel.js")
    _css = front_path("lesson_panel.css")
    label = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    goal = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    explore = traitlets.Unicode("").tag(sync=True)  # the position on the step's board, for "Explore this position"
    explore_target = traitlets.Unicode("").tag(sync=True)  # the game's sandbox page, relative to the tutorial's
    explore_guessed = traitlets.Bool(False).tag(sync=True)  # its hidden parts are guessed: the link says so
    BUTTONS = ("hint", "reset", "show")

    def __init__(self, on_press: Callable[[str], object], **kwargs):
        super().__init__(layout=shared_layout(), **kwargs)
        self._on_press = on_press
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """A message from the browser: ``{"event": "press", "button": name}``; anything else is ignored."""
        if isinstance(content, dict) and content.get("event") == "press" and content.get("button") in self.BUTTONS:
            self._on_press(content["button"])


class ShowWhenNear(anywidget.AnyWidget):
    """The stand-in of a tutorial's steps until the learner scrolls near them: one model for all of them.

    Each step not built yet shows a view of it (the step's box has the classes ``ninekit-lesson-pending`` and
    ``nk-step-<key>``); the view shows the step's label (``labels[key]``) and tells Python
    (``{"event": "near", "step": key}``) once it comes within about two screens of the visible part of the
    page; ``on_near(key)`` then builds that step in its place.  Pages whose browser has no
    IntersectionObserver ask at once.
    """

    _esm = front_path("lesson_near.js")
    _css = front_path("lesson_near.css")
    labels = traitlets.Dict(traitlets.Unicode()).tag(sync=True)

    def __init__(self, on_near: Callable[[str], object], **kwargs):
        super().__init__(layout=shared_layout(), **kwargs)
        self._on_near = on_near
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """A message from the browser: ``{"event": "near", "step": key}``; anything else is ignored."""
        if isinstance(content, dict) and content.get("event") == "near" and isinstance(content.get("step"), str):
            self._on_near(content["step"])

    def add(self, key: str, label: str) -> None:
        """Show ``label`` in the placeholder of step ``key`` (nothing is sent if it shows it already)."""
        if self.labels.get(key) != label:
            self.labels = {**self.labels, key: label}


class ProgressBar(anywidget.AnyWidget):
    """The tutorial's progress bar; keeps ``solved`` in the browser's storage under ``key``."""

    _esm = front_path("lesson_progress.js")
    _css = front_path("lesson_progress.css")
    key = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.List(traitlets.Unicode()).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    chapters = traitlets.List(traitlets.Dict()).tag(sync=True)  # [{"key", "title", "steps": [keys]}]

    def __init__(self, on_restore: Callable[[list[str]], object] | None = None, **kwargs):
        super().__init__(layout=shared_layout(), **kwargs)
        self._on_restore = on_restore
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """A message from the browser: ``{"event": "restore", "solved": [...]}``; anything else is ignored."""
        if not isinstance(content, dict) or content.get("event") != "restore":
            return
        keys = content.get("solved")
        if not isinstance(keys, list):
            return
        keys = [k for k in keys[:MAX_STORED] if isinstance(k, str) and len(k) <= 200]
        if self._on_restore is not None:
            self._on_restore(keys)
