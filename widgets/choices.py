"""A row of choice buttons in one widget model: Python sets the texts, the browser reports the pick.

One model however many decisions are played (a new ``ipywidgets.Button``
per choice per decision piles up models in the kernel), and a click carries
the ``generation`` of the row it was made on: a click on a row that Python
has already replaced (a double click, a slow network) is ignored instead of
picking whatever choice now sits at that place.  ``marked`` is the index of the
button a Hint points at (-1: none), drawn with a dashed outline.  No game
rule lives here.

    >>> bar = ChoiceBar()
    >>> picked = []
    >>> bar.on_choose(picked.append)
    >>> bar.show(["Reveal", "Keep it secret"])
    >>> bar.choose(1); picked
    [1]
    >>> bar.receive({"event": "choose", "index": 0, "generation": bar.generation - 1}); picked
    [1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import anywidget
import traitlets

from .front import front_path


class ChoiceBar(anywidget.AnyWidget):
    """Buttons for ``choices``; ``on_choose(handler)`` gets the index of the one pressed."""

    _esm = front_path("choices.js")
    _css = front_path("choices.css")
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    generation = traitlets.Int(0).tag(sync=True)
    marked = traitlets.Int(-1).tag(sync=True)  # the button a Hint points at (-1: none)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[int], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_choose(self, handler: Callable[[int], object]) -> None:
        """Call ``handler(index)`` when the button at ``index`` is pressed."""
        self._handlers.append(handler)

    def show(self, texts: Iterable[str], marked: int | None = None) -> None:
        """Offer these button texts (a new generation: clicks on the old row no longer count); ``marked``: the
        index of the one a Hint points at."""
        with self.hold_sync():
            self.choices = [str(t) for t in texts]
            self.marked = -1 if marked is None else int(marked)
            self.generation += 1

    def choose(self, index: int) -> None:
        """Do what pressing the button at ``index`` of the row on screen does."""
        self.receive({"event": "choose", "index": index, "generation": self.generation})

    def receive(self, content) -> None:
        """Handle a message from the browser; anything malformed or stale is ignored."""
        if not isinstance(content, dict) or content.get("event") != "choose":
            return
        index, generation = content.get("index"), content.get("generation")
        if type(index) is not int or type(generation) is not int or generation != self.generation:
            return
        if 0 <= index < len(self.choices):
            for handler in list(self._handlers):
                handler(index)
