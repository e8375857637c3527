"""What every part of the app shell shares: the seat kinds, the notes and tips it shows, and small helpers.

``IN_BROWSER`` and ``run_later`` are read from here by every part (a test makes the shell believe it runs in
the static site by setting them here).
"""

from __future__ import annotations

import logging
import re

import ipywidgets as w

import ninekit
from ninekit import session

from ..browser import IN_BROWSER, run_later
from ..shared import is_shared

__all__ = ["COMPUTER", "HUMAN", "IN_BROWSER", "NORMAL", "SAVE_NOTE", "SOLO_SAVE_NOTE", "STEP_CAP", "UNDO_TIP",
           "count_moves", "dispose", "log", "moves_played", "plain_error", "run_later"]

log = logging.getLogger("ninekit.app")

HUMAN, STEP_CAP = session.HUMAN, session.STEP_CAP  # a person's seat; most computer moves in one go
COMPUTER = "computer"
NORMAL = "normal"  # the level of a computer seat unless chosen otherwise
SAVE_NOTE = "The file holds every seat's secrets."
SOLO_SAVE_NOTE = "The file holds the deal: opening it as text shows the cards you have not seen."
UNDO_TIP = "Back to your previous decision"


def dispose(widget) -> None:
    """Close ``widget``, its descendants and their layout and style models (their browser models go too).

    >>> box = w.VBox([w.HTML("a")])
    >>> dispose(box); box.comm is None
    True
    """
    for child in getattr(widget, "children", ()) or ():
        dispose(child)
    for part in ("layout", "style"):
        sub = getattr(widget, part, None)
        if isinstance(sub, w.Widget) and not is_shared(sub):  # a shared one stays, for the widgets still using it
            sub.close()
    widget.close()


def moves_played(state: ninekit.State) -> int:
    """Moves played, as the log numbers them (a choice that writes no log line, e.g. picking up a piece,
    is part of the move it leads to): the count the save's file name and the load message use.

    >>> moves_played(ninekit.make("nine_knights").new(seed=1))
    0
    """
    return len(state.numbered_log(None))


def plain_error(detail: str) -> str:
    """A rules error about settings in players' words: "option 'quiet_limit' must ..." -> "quiet limit must ...".

    >>> plain_error("option 'quiet_limit' must be at least 1")
    'quiet limit must be at least 1'
    """
    return re.sub(r"option '(\w+)'", lambda m: m.group(1).replace("_", " "), detail)


def count_moves(moves: int) -> str:
    """'1 move', '3 moves'; 'a choice' for none (a piece picked up, not yet moved).

    >>> count_moves(1), count_moves(3), count_moves(0)
    ('1 move', '3 moves', 'a choice')
    """
    if moves <= 0:
        return "a choice"
    return f"{moves} move{'s' if moves != 1 else ''}"
