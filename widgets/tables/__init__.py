"""Per-game "table" adapters: how a game's view is drawn and clicked.

An adapter turns a view (``state.view(seat)``, a JSON-ready dict) into an
SVG picture and says which board element chooses which legal move.  It holds
no rules: legality always comes from ``state.legal_moves()``.

An adapter has:

``draw(view, targets, pending) -> str``
    The SVG text.  ``targets`` maps a ``data-id`` to the legal Move it
    chooses; those elements must carry class ``legal``.  ``pending`` holds
    UI-only hints from the shell, all optional (unknown keys are ignored):
    ``"selected"``: the ``data-id`` of the piece or card the seat has just
    chosen (clicking it again puts it back); ``"switch"``: the ``data-ids``
    of the other pieces or cards the seat may choose instead (clicking one
    switches the selection).  Draw those with class ``legal`` too, so they
    can be clicked and reached with the keyboard.  ``"layout": "narrow"``
    (only for an adapter whose ``narrow_layout`` is True) asks for the same
    picture laid out for a phone (portrait, larger parts); the browser
    shows it instead of the usual one on screens at most 720 px wide.
    ``"choices"``: the legal moves offered as buttons now, in order, so
    the picture may mark what one of them would do (Count of Nine marks
    the sources its first payment spends).
    Must be a pure function of its arguments.
``target_of(move) -> str | None``
    The ``data-id`` that chooses ``move`` on the board, or None when the move
    is offered as a button.
``interlude(before, after) -> dict | None`` (optional)
    Called with the spectator views (``view(None)``) before and after each
    move.  A dict means "stop here": the shell shows ``after``'s moment
    until the players press its button, then play goes on.  Keys:
    ``"title"`` (text), ``"html"`` (the result panel, HTML),
    ``"svg"`` (the picture to show meanwhile, e.g. the final boards of a
    finished game), optionally ``"svg_narrow"`` (that picture for phones),
    ``"button"`` (the button's text), optionally ``"replays"``: a list of
    ``(button text, steps)`` where ``steps`` (or a function returning
    them, called when the button is pressed) is a list of ``(caption,
    view)``: the shell then offers each replay and shows its views one at a
    time through ``draw`` with Previous / Next / Back.  Double Nine uses it
    between the games of a match; Count of Nine after each game, with the
    replay of the best line on that deal.
``outcome_panel(view) -> dict | None`` (optional)
    Called with the spectator view of a finished game: ``"title"`` (the
    panel's headline), ``"html"`` (shown instead of the shell's table of
    the outcome's details) and ``"replays"`` (as in ``interlude``).  Count
    of Nine uses it for the match total, its title and the best lines.
    A game for one player never gets "winner" wording from the shell.
    It may also give ``"who"``: the line saying who won, in the game's own
    words (Code of Nine: "Nobody wins" when every player cannot win, which
    is not a draw).
    Both may add ``"later"``: a function the shell calls on a background
    thread (work that takes long, e.g. a search; in the static site's
    browser, which has no threads, once the moment is on screen), returning
    keys to put into the moment (``"html"``, ``"replays"``) once it is done;
    the moment shows at once meanwhile (``GameApp.wait_background`` waits).
``selects(move)``, ``irreversible(move)`` (optional)
    Whether ``move`` only chose a piece or card that may be put back (see ``selection_kinds``), and
    whether Undo may take ``move`` back at all (not when it showed a secret).
``public_reveal(before, after) -> bool`` (optional)
    Whether the move between these spectator views showed every seat a
    secret (Code of Nine: a Ninth exchange, a look at Code 26).  Undo never
    goes back past such a move, whoever played it.
``describe_for_rules_panel(game) -> str`` (optional)
    Extra HTML for the Rules panel, e.g. a legend of the picture.

Each game's table is a package ``widgets/tables/<game>/`` in one shape: ``pieces.py`` (data tables at the top:
sizes, colours, the picture's style from ``widgets/front/tables/<game>.css``; then small pure pictures),
``layout.py`` (the parts of the picture, wide and for phones; Codinca's are ``board.py`` and ``panel.py``), and the
adapter class with its public names in ``__init__.py``.

    >>> adapter_for("no_such_game").target_of(None) is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from ..svg import el, group, svg_root, wrap_lines

_ADAPTERS: dict[str, object] = {}


@runtime_checkable
class Table(Protocol):
    """The contract between the game shell and a game's table, every hook declared (see the module's docstring
    for what each does).  :class:`TableAdapter` gives each optional hook its "nothing here" default; the shell
    calls them directly."""

    selection_kinds: frozenset
    narrow_layout: bool

    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str: ...
    def target_of(self, move) -> str | None: ...
    def guess_move(self, data_id: str, legal) -> object | None: ...
    def tagline(self, game) -> str: ...
    def selects(self, move) -> bool: ...
    def irreversible(self, move) -> bool: ...
    def public_reveal(self, before: Mapping, after: Mapping) -> bool: ...
    def interlude(self, before: Mapping, after: Mapping) -> Mapping | None: ...
    def outcome_panel(self, view: Mapping) -> Mapping | None: ...
    def describe_for_rules_panel(self, game) -> str: ...


def register(game_name: str, adapter) -> None:
    """Use ``adapter`` for the game called ``game_name``."""
    _ADAPTERS[game_name] = adapter


def adapter_for(name: str):
    """The adapter registered for ``name``, else the generic fallback."""
    return _ADAPTERS.get(name) or GenericAdapter()


class TableAdapter:
    """Base class with the optional parts filled in.

    ``selection_kinds``: the kinds of move that only choose a piece or card for the next decision of the
    same seat (a Knight to move, a card to play); the shell then lets the seat click the chosen one
    again to put it back, or another one to switch (see ``pending`` in ``draw``).  ``selects(move)``
    decides it for one move (by default: its kind is in ``selection_kinds``); an adapter overrides it
    when only some moves of a kind may be taken back (Codinca: a Luck action that asks a further
    choice, never one that showed a secret card).
    """

    selection_kinds: frozenset = frozenset()
    narrow_layout: bool = False  # draw() also lays the picture out for phones (pending["layout"] == "narrow")

    def tagline(self, game) -> str:
        """One sentence on what the game is about: the rules summary's first paragraph, in plain text.

        >>> import ninekit
        >>> TableAdapter().tagline(ninekit.make("nine_knights")).split(",")[0]
        "Move a Knight onto the opponent's Goal Token that shows the Knight's own Duty number"
        """
        summary = (getattr(game.rules, "summary", "") or "").strip()
        first = summary.split("\n\n")[0]
        first = re.sub(r"^\*\*[^*]+\.\*\*\s*", "", first)  # "**Goal.** "
        return re.sub(r"[*`_]", "", " ".join(first.split()))

    def selects(self, move) -> bool:
        """Whether ``move`` only chooses a piece or card that the seat may put back or switch.

        >>> from ninekit import Move
        >>> TableAdapter().selects(Move("pick", ("S4",)))
        False
        """
        return move.kind in self.selection_kinds

    def irreversible(self, move) -> bool:
        """Whether Undo may not take ``move`` back: it showed its (human) seat a secret that cannot be unseen,
        e.g. a card looked at.  The shell's Undo stops after such a move.  By default nothing is."""
        return False

    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        raise NotImplementedError

    def target_of(self, move) -> str | None:
        return None

    def describe_for_rules_panel(self, game) -> str:
        return ""

    def interlude(self, before: Mapping, after: Mapping) -> Mapping | None:
        return None

    def outcome_panel(self, view: Mapping) -> Mapping | None:
        return None

    def public_reveal(self, before: Mapping, after: Mapping) -> bool:
        return False

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
from . import code_of_nine, codinca, count_of_nine, double_nine, nine_knights  # noqa: E402,F401
