"""Per-game "table" adapters: how a game's view is drawn and clicked.

An adapter turns a view (``state.view(seat)``, a JSON-ready dict) into an
SVG picture and says which board element chooses which legal move.  It holds
no rules: legality always comes from ``state.legal_moves()``.

An adapter has:

``draw(view, targets, pending) -> str``
    The SVG text.  ``targets`` maps a ``data-id`` to the legal Move it
    chooses; those elements must carry class ``legal``.  ``pending`` holds
    UI-only hints (currently unused keys are ignored).  Must be a pure
    function of its arguments.
``target_of(move) -> str | None``
    The ``data-id`` that chooses ``move`` on the board, or None when the move
    is offered as a button.
``describe_for_rules_panel(game) -> str`` (optional)
    Extra HTML for the Rules panel, e.g. a legend of the picture.

    >>> adapter_for("no_such_game").target_of(None) is None
    True
"""

from __future__ import annotations

from collections.abc import Mapping

from ..svg import el, group, svg_root, wrap_lines

_ADAPTERS: dict[str, object] = {}


def register(game_name: str, adapter) -> None:
    """Use ``adapter`` for the game called ``game_name``."""
    _ADAPTERS[game_name] = adapter


def adapter_for(name: str):
    """The adapter registered for ``name``, else the generic fallback."""
    return _ADAPTERS.get(name) or GenericAdapter()


class TableAdapter:
    """Base class with the optional parts filled in."""

    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        raise NotImplementedError

    def target_of(self, move) -> str | None:
        return None

    def describe_for_rules_panel(self, game) -> str:
        return ""

    def guess_move(self, data_id: str, legal) -> object | None:
        """The move a click on ``data_id`` most likely meant, legal or not.

        Used only to ask ``state.why_illegal`` for a helpful message.  The
        default builds ``Move(kind, (data_id,))`` for the first kind of move
        that is chosen on the board now.
        """
        from ninekit import Move

        for move in legal:
            if self.target_of(move) is not None:
                return Move(move.kind, (data_id,))
        return None


class GenericAdapter(TableAdapter):
    """For games without their own table: every choice is a button."""

    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        game = str(view.get("game", ""))
        prompt = str(view.get("prompt", ""))
        seats = view.get("seats") or []
        lines = wrap_lines(prompt, 46)[:6] or [""]
        body = [el("rect", x=0, y=0, width=400, height=60 + 18 * len(lines), rx=8, class_="nk-panel")]
        for i, line in enumerate(lines):
            body.append(el("text", line, x=200, y=24 + 18 * i, class_="nk-info"))
        if seats:
            body.append(el("text", " · ".join(map(str, seats)), x=200, y=40 + 18 * len(lines), class_="nk-small"))
        return svg_root(400, 60 + 18 * len(lines), group(*body), label=prompt or game, game=game)


# Each game's table registers itself on import.
from . import double_nine, nine_knights  # noqa: E402,F401
