"""The Nine Knights table: a 9 x 10 board drawn from ``state.view(seat)``.

Squares are named like chess (``a1`` .. ``i10``); each square is a ``<g>``
with that ``data-id``.  Row 1 is South's home rank; the board is drawn from
the viewer's side (North sees row 10 at the bottom).  A panel to the right of
the board holds the Waiting Areas (the opponent's at the top, the viewer's at
the bottom, next to their own side of the board), the fight banner, the
Hidden Tokens and the fallen Knights, so the picture is landscape.  For
phones (``pending["layout"] == "narrow"``) the same parts are stacked in a
portrait picture about 400 units wide: the opponent's Waiting Area, the
board, the viewer's Waiting Area, then the banner, the Hidden Tokens and the
fallen Knights; squares and waiting Knights are at least 38 units, texts at
least 11.  Both layouts carry the same data-ids and classes.

The chosen Knight (``pending["selected"]``: clicked again to put it back) and
the Knights to switch to (``pending["switch"]``) carry class ``nk-switch``
besides ``legal``: a click on them changes the selection, not the game.

The viewer's own waiting Knights are ``<g>`` elements too, with the
``data-id`` ``wait-<colour><number>`` (``wait-S4``: South's colour, Duty 4;
a Knight won over keeps its colour letter).  Only the viewer's own Knights
get one, since the id names the number; the opponent's waiting Knights (and a
spectator's view) get none.  ``target_of`` gives that id to ``pick`` and
``summon`` moves.

Not colour alone: South's Knights are solid shapes, North's are outlines;
Archer = triangle "A", Warrior = square "W", Ranger = circle "R".  The duty
number sits in a corner badge ("?" when this seat does not know it), solid
when it is public, dashed while it is secret, orange when only the end of the
game showed it.

The package: ``pieces.py`` (data tables, the style, the Knights' shapes and words), ``layout.py`` (the
board, the waiting Knights, the banner), and here the adapter: what a click chooses, the panel of text.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...svg import el, esc, seen_by, svg_root, wrap_lines
from .. import TableAdapter, register
from .layout import draw_banner, draw_board, draw_fallen, draw_knight_button, draw_waiting_row, orders_text, row_height
from .pieces import (
    BOARD_KINDS,
    KNIGHT_KINDS,
    LOCAL_STYLE,
    NARROW,
    PANEL_GAP,
    WAIT,
    WIDE,
    describe_knight,
    knight_icon,
    seat_name,
    text_lines,
    waiting_id,
)


class NineKnightsTable(TableAdapter):
    """Draw a Nine Knights view; board moves are the square-choosing kinds, waiting Knights the others."""

    narrow_layout = True  # draw() also lays the picture out for phones: pending["layout"] == "narrow"
    # Choosing a Knight (to move, to place, to summon) is a choice the same seat may take back or switch.
    selection_kinds = frozenset({"pick", "select", "summon"})

    def __init__(self, details: bool = True):
        """``details=False``: leave out the Hidden Tokens and the phase and quiet-move count beside the board
        (a lesson's first step shows only what it teaches)."""
        self.details = details

    def target_of(self, move) -> str | None:
        if move.kind in BOARD_KINDS and move.args:
            return str(move.args[0])
        if move.kind in KNIGHT_KINDS and move.args:
            return f"{WAIT}{move.args[0]}"
        return None

    def guess_move(self, data_id: str, legal) -> object | None:
        """The move a click on ``data_id`` most likely meant, so that ``why_illegal`` can say why not.

        Always a well-formed move (a square for the square kinds, a Knight for pick and summon), so
        the answer is a rule in players' words, never a complaint about the move's form.
        """
        from ninekit import Move

        kinds = [m.kind for m in legal if self.target_of(m) is not None]
        if not kinds:
            return None
        kind = kinds[0]
        data_id = str(data_id)
        if data_id.startswith(WAIT):
            knight = data_id[len(WAIT):]
            if len(knight) != 2 or knight[0] not in "SN" or knight[1] not in "123456789":
                return None
            return Move(kind if kind in KNIGHT_KINDS else "summon", (knight,))
        if len(data_id) < 2 or data_id[0] not in "abcdefghi" or not data_id[1:].isdigit() \
                or not 1 <= int(data_id[1:]) <= 10:
            return None
        if kind in KNIGHT_KINDS:  # a field clicked while a Knight is to be chosen
            kind = "place" if kind == "pick" else "summon_to"
        return Move(kind, (data_id,))

    def describe_for_rules_panel(self, game) -> str:
        return (
            "<p><b>Reading the board.</b> South's Knights are <b>solid</b> shapes, North's are "
            "<b>outlines</b>. Archer = triangle <b>A</b>, Warrior = square <b>W</b>, "
            "Ranger = circle <b>R</b>. The corner badge is the Duty number: <b>?</b> when you "
            "do not know it, dashed while it is secret, solid once revealed, orange when only the "
            "end of the game showed it. Numbered discs on rows 1 and 10 are Goal Tokens; dashed "
            "rings mark Summoning Fields. The Waiting Areas are beside the board (on a phone, above and "
            "below it): yours is the lower one. After a fight, a banner says who won and by which rule. Squares "
            "and Knights you can choose are highlighted: click them, or Tab to them and press "
            "Enter.</p>"
        )

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        seat = view.get("seat")
        bottom = 1 if seat == 1 else 0
        top = 1 - bottom
        columns = str(view.get("columns") or "abcdefghi")
        nrows = int(view.get("rows") or 10)
        ncols = len(columns)
        board_w, board_h = ncols * g.cell, nrows * g.cell
        chosen = pending.get("selected")
        chosen = str(chosen) if chosen is not None else None
        switch = {str(x) for x in (pending.get("switch") or ())}
        waiting = view.get("waiting") or [[], []]
        pending_knight = view.get("pending_knight") if isinstance(view.get("pending_knight"), Mapping) else None
        marked = chosen  # the Knight drawn as chosen: the shell's selection, else the one being placed or summoned
        if marked is None and pending_knight is not None:
            marked = waiting_id(view, pending_knight)
        drawn: set[str] = set()
        body: list[str] = [LOCAL_STYLE]

        def waiting_row(x, y, side):
            return draw_waiting_row(view, g, x, y, waiting, side, targets, chosen, marked, switch, drawn)

        def chosen_aside(x, y):
            """The chosen Knight when it is in no Waiting Area of the drawing (it is shown there instead)."""
            if not (chosen and chosen.startswith(WAIT) and chosen not in drawn and pending_knight is not None):
                return [], 0
            button = draw_knight_button(view, g, x + g.box / 2, y + 22, pending_knight, chosen,
                                         targets.get(chosen), True, True, False)
            return [button], 50

        def panel(x, y):
            """The banner, the information lines and the fallen Knights, from ``y`` down; the new ``y``."""
            parts, h = draw_banner(view, g, x, y)
            body.extend(parts)
            y += h + (10 if h else 0)
            parts, h = self._info(view, g, x, y, pending_knight)
            body.extend(parts)
            y += h
            fallen = view.get("fallen") or []
            if fallen:
                parts, h = draw_fallen(view, g, x, y + 4, fallen)
                body.extend(parts)
                y += h + 8
            return y

        if narrow:
            # Portrait, for phones: the opponent's Waiting Area, the board, yours, then the panel's parts.
            width = g.left + board_w + 8
            x = g.left + (g.cell - g.box) / 2  # waiting Knights stand under the board's columns
            parts, h = waiting_row(x, 8, top)
            body += parts
            y_board = 8 + h + 4
            body += draw_board(view, g, y_board, targets, chosen, switch, bottom, columns, nrows, ncols)
            y = y_board + board_h + 24
            parts, h = waiting_row(x, y, bottom)
            body += parts
            y += h + 6
            parts, h = chosen_aside(x, y - 6)
            body += parts
            y += h
            height = panel(x, y + 4) + 8
        else:
            # Landscape: the board left; right of it the opponent's Waiting Area, the banner, tokens and
            # fallen Knights, and your Waiting Area level with your side of the board.
            panel_x = g.left + board_w + PANEL_GAP
            width = panel_x + g.text_w + 8
            body += draw_board(view, g, g.top, targets, chosen, switch, bottom, columns, nrows, ncols)
            board_bottom = g.top + board_h + 24
            parts, h = waiting_row(panel_x, g.top, top)
            body += parts
            y = panel(panel_x, g.top + h + 10)
            own = waiting[bottom] if len(waiting) > bottom else []
            y_own = max(y + 6, board_bottom - row_height(g, len(own)))
            parts, h = waiting_row(panel_x, y_own, bottom)
            body += parts
            parts, extra = chosen_aside(panel_x, y_own + h + 6)
            body += parts
            height = max(board_bottom, y_own + h + extra) + 8
        body.insert(0, el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect"))
        who = "a spectator" if seat is None else seat_name(view, seat)
        label = f"Nine Knights board {seen_by(view, who)}. {view.get('prompt', '')}"
        return svg_root(width, height, "".join(body), label=label, game=str(view.get("game", "nine_knights")))

    def _info(self, view, g, x, y, pending_knight) -> tuple[list[str], float]:
        lines = []
        chars = g.chars
        if isinstance(pending_knight, Mapping):
            lines += wrap_lines(f"Knight to bring in: {describe_knight(view, pending_knight)}.", chars)
        if not self.details:
            out, h = text_lines(x, y + 8, lines)
            return out, h + (4 if lines else 0)
        tokens = view.get("hidden_tokens") or []
        shown = view.get("hidden_revealed") or []
        over = view.get("phase") == "over"
        if tokens:
            bits = []
            for side, value in enumerate(tokens):
                if side < len(shown) and shown[side]:
                    state = "revealed"
                elif view.get("reveal"):
                    state = "secret in play, shown here"
                elif over:
                    state = "shown at the end"
                else:
                    state = "secret"
                bits.append(f"{seat_name(view, side)} {'?' if value is None else value} ({state})")
            lines += wrap_lines("Hidden Tokens: " + ", ".join(bits), chars)
        orders = view.get("all_duty_orders")
        if isinstance(orders, list):
            for side, groups in enumerate(orders):
                lines += wrap_lines(f"{seat_name(view, side)}'s Duty Tokens: " + orders_text(groups), chars)
        extra = []
        phase = view.get("phase")
        if phase and phase != "over":
            extra.append(f"{str(phase).capitalize()} phase")
        if view.get("quiet_limit") and phase == "movement":
            extra.append(f"quiet moves {view.get('quiet', 0)} of {view.get('quiet_limit')}")
        if view.get("defection"):
            extra.append("Defection variant")
        if extra:
            lines += wrap_lines(" · ".join(extra), chars)
        out, h = text_lines(x, y + 8, lines)
        return out, h + (4 if lines else 0)

register("nine_knights", NineKnightsTable())

__all__ = ["NineKnightsTable", "describe_knight", "knight_icon", "waiting_id", "esc"]
