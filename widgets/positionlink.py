"""A link to a position: the page's address with ``#position=<position text>``, and the page opened by one.

The app's "Open in sandbox" and the sandbox's "Link to this position" are this widget: it draws a link made of a
page's address (``target``, relative to the page; '' is the page itself) and ``#position=`` followed by
``text`` (a :func:`ninekit.position_text`), and ``&guessed`` when the text's hidden parts are guessed (``guessed``:
a position shared from a game in progress holds only what the seat knew).  With ``arrive=True``, a page opened
with such an address hands the text, and whether it is guessed, to Python once (``on_arrive``), for the sandbox to
open it; what the text holds is checked there.  The
address works in Voila and in the static site alike (the part after ``#`` never reaches a server).  JupyterLab
opens a notebook's address without its ``#`` part, so a click on the link also hands the position over in the
browser's ``localStorage``: a sandbox whose address holds no position takes it from there, once, within ten
minutes of the click (in any sandbox of that browser: the one the link names is opened by then).

    >>> link = PositionLink(label="Open in sandbox", target="../sandboxes/nine_knights.ipynb")
    >>> arrived = []
    >>> link.on_arrive(lambda text, guessed: arrived.append(text))
    >>> link.on_arrive(lambda text, guessed: arrived.append(guessed))
    >>> link.receive({"event": "arrive", "text": "ninekit:nine_knights:2:abc", "guessed": True}); arrived
    ['ninekit:nine_knights:2:abc', True]
    >>> link.receive({"event": "arrive", "text": "x" * 30_000}); len(arrived)
    2
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from ninekit.sharing import MAX_POSITION_TEXT

from .front import front_path

HASH = "#position="


class PositionLink(anywidget.AnyWidget):
    """A link to ``target`` at the position ``text``, shown as ``label`` (``note`` beside it); with ``arrive``, the
    position in the page's own address goes to the ``on_arrive`` handlers when the page opens."""

    _esm = front_path("positionlink.js")
    _css = front_path("positionlink.css")
    text = traitlets.Unicode("").tag(sync=True)
    target = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Link to this position").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    guessed = traitlets.Bool(False).tag(sync=True)
    new_tab = traitlets.Bool(False).tag(sync=True)
    arrive = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], object]] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_arrive(self, handler: Callable[[str, bool], object]) -> None:
        """Call ``handler(text, guessed)`` with the position text of the address the page was opened with, and
        whether the address said its hidden parts are guessed."""
        self._handlers.append(handler)

    def receive(self, content) -> None:
        """Handle a message from the browser; anything malformed or too long is ignored."""
        if not isinstance(content, dict) or content.get("event") != "arrive":
            return
        text = content.get("text")
        if isinstance(text, str) and 0 < len(text) <= MAX_POSITION_TEXT:
            for handler in list(self._handlers):
                handler(text, content.get("guessed") is True)

