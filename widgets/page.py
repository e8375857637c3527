"""PageTitle: sets the browser tab's title from Python (the game being played, in words).

An invisible anywidget: while it is shown, the page's ``document.title`` follows ``text``; an empty
``text`` leaves the title alone.  Voila's page starts with the notebook's ``metadata.title``; the app
then keeps the tab in step with the game actually on screen (a New game may switch to another game).

    >>> t = PageTitle(text="Nine Knights · ninekit")
    >>> t.text
    'Nine Knights · ninekit'
"""

from __future__ import annotations

import anywidget
import traitlets

from .front import front_path


class PageTitle(anywidget.AnyWidget):
    """Keeps the browser tab's title equal to ``text`` while shown."""

    _esm = front_path("page.js")
    text = traitlets.Unicode("").tag(sync=True)
