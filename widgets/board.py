"""A small generic board widget: Python draws SVG, the browser shows it.

An optional second picture, ``svg_narrow``, is the same position laid out for a narrow screen (a
phone): the browser shows it instead of ``svg`` while the app is at most 720 px wide.

The browser reports activation (click, or Tab then Enter/Space) of any
element carrying a ``data-id`` by sending ``{"event": "activate", "id": ...,
"generation": ...}``; Python decides what it means.  Every new picture is a
new ``generation``: a click made on a picture that Python has already
replaced (a double click, a slow network) is ignored, so it can never pick
whatever now sits under the pointer.  Elements with class ``legal`` are the
highlighted, focusable choices.  No game rule lives in the JavaScript.

    >>> b = Board(svg="<svg/>")
    >>> seen = []
    >>> b.on_activate(seen.append)
    >>> b.activate("c3"); seen
    ['c3']
    >>> b.svg = "<svg><g data-id='c3'/></svg>"   # a new picture: the old one's clicks are stale
    >>> b.receive({"event": "activate", "id": "c3", "generation": b.generation - 1}); seen
    ['c3']
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from .front import front_path


class Board(anywidget.AnyWidget):
    """Shows ``svg`` and reports activation of its ``data-id`` elements."""

    _esm = front_path("board.js")
    _css = front_path("board.css")
    svg = traitlets.Unicode("").tag(sync=True)
    svg_narrow = traitlets.Unicode("").tag(sync=True)  # optional: the picture laid out for narrow screens
    label = traitlets.Unicode("Game board").tag(sync=True)
    generation = traitlets.Int(0).tag(sync=True)

    def __init__(self, svg: str = "", on_activate: Callable[[str], object] | None = None, **kwargs):
        super().__init__(svg=svg, **kwargs)
        self._handlers: list[Callable[[str], object]] = []
        if on_activate is not None:
            self._handlers.append(on_activate)
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    @traitlets.observe("svg")
    def _new_picture(self, _change) -> None:
        self.generation += 1

    def show(self, svg: str, narrow: str = "") -> None:
        """Show a new picture and its narrow layout in one update, so the browser draws them once.

        >>> b = Board(svg="<svg/>")
        >>> before = b.generation
        >>> b.show("<svg><g data-id='a1'/></svg>", "<svg/>")
        >>> b.generation == before + 1, b.svg_narrow
        (True, '<svg/>')
        """
        with self.hold_sync():
            self.svg_narrow = narrow
            self.svg = svg

    def on_activate(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(data_id)`` whenever an element is activated."""
        self._handlers.append(handler)

    def activate(self, data_id: str) -> None:
        """Do what a browser click on ``data_id`` does."""
        for handler in list(self._handlers):
            handler(data_id)

    def receive(self, content) -> None:
        """Handle a message from the browser; anything malformed or stale is ignored."""
        if not isinstance(content, dict) or content.get("event") != "activate":
            return
        data_id, generation = content.get("id"), content.get("generation")
        if isinstance(data_id, str) and len(data_id) <= 200 and type(generation) is int \
                and generation == self.generation:
            self.activate(data_id)
