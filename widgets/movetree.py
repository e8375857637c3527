"""The move tree of an exploration, in one widget model: one row per position, variations indented.

Python sets the rows (``show``); the browser reports a click on a row or an arrow key pressed while the tree
has the focus (←/→ back and forward, ↑/↓ between variations).  A click carries the ``generation`` of the rows it
was made on, so a click on rows already replaced is ignored.  No game rule lives here.

    >>> tree = MoveTree()
    >>> went, keys = [], []
    >>> tree.on_go(went.append); tree.on_key(keys.append)
    >>> tree.show([{"label": "start", "depth": 0, "current": True, "comment": ""},
    ...            {"label": "1. South: Knight d1-d2", "depth": 0, "current": False, "comment": "why?"}])
    >>> tree.receive({"event": "go", "index": 1, "generation": tree.generation}); went
    [1]
    >>> tree.receive({"event": "key", "key": "ArrowLeft"}); tree.receive({"event": "key", "key": "Enter"}); keys
    ['ArrowLeft']
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from .front import front_path

KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
MAX_ROWS = 2_000  # rows drawn at most (the rest is said to be there)


class MoveTree(anywidget.AnyWidget):
    """Rows of ``{"label", "depth", "current", "comment"}``: ``on_go(handler)`` gets the index of a row clicked,
    ``on_key(handler)`` an arrow key pressed in the tree."""

    _esm = front_path("movetree.js")
    _css = front_path("sandbox.css")  # the sandbox's layout too: this is the sandbox's own widget
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    more = traitlets.Int(0).tag(sync=True)  # rows not drawn (beyond MAX_ROWS)
    generation = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._go: list[Callable[[int], object]] = []
        self._key: list[Callable[[str], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_go(self, handler: Callable[[int], object]) -> None:
        """Call ``handler(index)`` when the row at ``index`` is clicked."""
        self._go.append(handler)

    def on_key(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(key)`` when an arrow key (``KEYS``) is pressed while the tree has the focus."""
        self._key.append(handler)

    def show(self, rows: list[dict]) -> None:
        """Draw ``rows`` (a new generation: clicks on the old rows no longer count)."""
        with self.hold_sync():
            self.rows = [dict(row) for row in rows[:MAX_ROWS]]
            self.more = max(0, len(rows) - MAX_ROWS)
            self.generation += 1

    def receive(self, content) -> None:
        """Handle a message from the browser; anything malformed or stale is ignored."""
        if not isinstance(content, dict):
            return
        if content.get("event") == "go":
            index, generation = content.get("index"), content.get("generation")
            if type(index) is int and type(generation) is int and generation == self.generation \
                    and 0 <= index < len(self.rows):
                for handler in list(self._go):
                    handler(index)
        elif content.get("event") == "key" and content.get("key") in KEYS:
            for handler in list(self._key):
                handler(content["key"])
