"""Panels in words: the log of moves, the hand-over at a shared screen, the pause between games, the Rules.

View parts of :class:`widgets.shell.area.PlayArea` (the log, the hand-over, the pause) and
:class:`widgets.app.GameApp` (the Rules; see widgets/shell/__init__.py for the parts): each draws what it is
given and passes its button's press on.

>>> log = MoveLog()
>>> log.show([("South: Knight d1-d2", False), ("North undid 1 move", True)])
>>> '<li value="1">South: Knight d1-d2</li>' in log.text.value
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import ipywidgets as w

import ninekit

from ..shared import plain
from ..svg import esc
from ..text import markdown_to_html


class MoveLog(w.VBox):
    """"Moves so far": the log in words, numbered by move, with the table events (undo, redo, hand-overs) in
    italics between the moves."""

    def __init__(self):
        self.text = w.HTML(**plain()).add_class("ninekit-log")
        super().__init__([w.HTML("<b>Moves so far</b>", **plain()), self.text])
        self.add_class("ninekit-log-box")

    def show(self, lines: list[tuple[str, bool]]) -> None:
        """The log's ``(text, is_event)`` lines."""
        self.text.value = log_html(lines)

    def clear(self) -> None:
        """Nothing in the log (while the screen waits for a hand-over)."""
        self.text.value = ""


def log_html(lines: list[tuple[str, bool]]) -> str:
    """The log's ``(text, is_event)`` lines as a numbered list; table events are not numbered.

    >>> log_html([])
    '<div class="nk-log-scroll"><p><i>No moves yet.</i></p></div>'
    >>> log_html([("a", False), ("undid", True), ("b", False)])  # doctest: +ELLIPSIS
    '...<ol><li value="1">a</li><li class="nk-event"><i>undid</i></li><li value="2">b</li></ol></div>'
    """
    if not lines:
        return '<div class="nk-log-scroll"><p><i>No moves yet.</i></p></div>'
    items, number = [], 0
    for text, event in lines:
        if event:
            items.append(f'<li class="nk-event"><i>{esc(text)}</i></li>')
        else:
            number += 1
            items.append(f'<li value="{number}">{esc(text)}</li>')
    return f'<div class="nk-log-scroll"><ol>{"".join(items)}</ol></div>'


class HandOver(w.VBox):
    """Between two people at one screen: "Pass the screen to …" and the button that shows the next seat's view
    (``on_reveal()`` is called on its press).

    >>> panel = HandOver(on_reveal=print)
    >>> panel.show("East"); panel.button.description
    'I am East — show my view'
    """

    def __init__(self, on_reveal: Callable[[], object]):
        self.text = w.HTML(**plain())
        self.button = w.Button(**plain(w.Button, width="auto")).add_class("ninekit-reveal")
        self.button.on_click(lambda _b: on_reveal())
        super().__init__([self.text, self.button])
        self.add_class("ninekit-privacy")

    def show(self, name: str) -> None:
        """Waiting for the seat called ``name``."""
        self.text.value = f'<div class="nk-pass">{esc(f"Pass the screen to {name}")}</div>'
        self.button.description = f"I am {name} — show my view"


class PausePanel(w.VBox):
    """A pause between two parts of a match (e.g. between games): the adapter's words for it and the button to go
    on (``on_go_on()`` is called on its press).

    >>> panel = PausePanel(on_go_on=print)
    >>> panel.show({"html": "<p>Game 1 of 3 is over.</p>", "button": "Next game"}); panel.button.description
    'Next game'
    """

    def __init__(self, on_go_on: Callable[[], object]):
        self.text = w.HTML(**plain())
        self.button = w.Button(description="Next game", button_style="primary",
                               **plain(w.Button, width="auto")).add_class("ninekit-interlude-next")
        self.button.on_click(lambda _b: on_go_on())
        super().__init__([self.text, self.button])
        self.add_class("ninekit-interlude")

    def show(self, pause) -> None:
        """The adapter's ``interlude`` mapping: its ``html`` (the game's own, already escaped) and ``button``."""
        self.text.value = str(pause.get("html") or "")
        self.button.description = str(pause.get("button") or "Go on")


class RulesPanel(w.Accordion):
    """The Rules panel (closed until opened): the game's rules summary and what the table adapter adds."""

    def __init__(self):
        self.text = w.HTML().add_class("ninekit-rules-text")
        super().__init__(children=[self.text], titles=("Rules",), selected_index=None)
        self.add_class("ninekit-rules")

    def show(self, game: ninekit.Game, adapter) -> None:
        """The rules of ``game``, with its table ``adapter``'s note on the board."""
        self.text.value = rules_html(game) + (adapter.describe_for_rules_panel(game) or "")


def rules_html(game: ninekit.Game) -> str:
    """The rules summary of ``game`` (its rules' ``summary``, else its rules module's docstring) as HTML.

    >>> rules_html(ninekit.make("nine_knights")).startswith("<")
    True
    """
    summary = game.rules.summary
    if not summary:
        module = sys.modules.get(type(game.rules).__module__)
        summary = (getattr(module, "__doc__", "") or type(game.rules).__doc__ or "").strip()
    return markdown_to_html(summary) if summary else "<p>No rules summary yet.</p>"
