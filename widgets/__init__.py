"""Notebook widgets for ninekit: a board component and a generic game shell.

    from widgets import GameApp
    GameApp("nine_knights")                      # you (South) against the computer
    GameApp("nine_knights", seats=["human", "human"])   # hot-seat, with hand-over screens
    Sandbox("nine_knights")                      # explore a position: variations, any seat's view, a position text

Importing this package also teaches IPython to show a bare ``ninekit.State``
as its board picture, drawn from the spectator's view (no hidden data), and,
in the static site's browser kernel, makes widget messages keep their ``None``
values (widgets/browser.py).
"""

from __future__ import annotations

import ninekit

from .app import COMPUTER, HUMAN, GameApp
from .board import Board
from .browser import keep_nulls
from .choices import ChoiceBar
from .sandbox import Sandbox
from .tables import GenericAdapter, TableAdapter, adapter_for, register
from .upload import LoadButton

keep_nulls()

__all__ = ["Board", "COMPUTER", "ChoiceBar", "GameApp", "GenericAdapter", "HUMAN", "LoadButton", "Sandbox",
           "TableAdapter", "adapter_for", "register", "state_svg", "state_html"]


def state_svg(state: ninekit.State) -> str:
    """The board picture of ``state`` as a spectator sees it (SVG text)."""
    return adapter_for(state.game.name).draw(state.view(None), {}, {})


def state_html(state: ninekit.State) -> str:
    """HTML for a bare State: its picture as a spectator sees it, sized like the widget."""
    return f'<div class="ninekit-board" style="max-width:560px">{state_svg(state)}</div>'


def _register_formatters() -> None:
    try:
        from IPython import get_ipython
    except ImportError:
        return
    ip = get_ipython()
    if ip is None:
        return
    formatters = ip.display_formatter.formatters
    formatters["image/svg+xml"].for_type(ninekit.State, state_svg)
    formatters["text/html"].for_type(ninekit.State, state_html)


_register_formatters()
