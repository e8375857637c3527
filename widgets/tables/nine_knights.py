"""The Nine Knights table: a 9 x 10 board drawn from ``state.view(seat)``.

Squares are named like chess (``a1`` .. ``i10``); each square is a ``<g>``
with that ``data-id``.  Row 1 is South's home rank; the board is drawn from
the viewer's side (North sees row 10 at the bottom).

Not colour alone: South's Knights are solid shapes, North's are outlines;
Archer = triangle "A", Warrior = square "W", Ranger = circle "R".  The duty
number sits in a corner badge ("?" when this seat does not know it), solid
when it is public, dashed while it is secret.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..svg import el, esc, group, svg_root, wrap_lines
from . import TableAdapter, register

CELL = 40
LEFT = 24  # room for the row numbers
WIDTH = LEFT + 9 * CELL + 16
BOARD_KINDS = ("place", "select", "to", "summon_to")
SHAPES = {"A": "triangle", "W": "square", "R": "circle"}


def _letter(kind) -> str:
    text = str(kind or "?")
    return text[:1].upper() or "?"


def _side(value, default=0) -> int:
    return value if value in (0, 1) else default


def _seat_name(view: Mapping, seat) -> str:
    seats = view.get("seats") or ["South", "North"]
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat])
    return "?"


def describe_knight(view: Mapping, k: Mapping, owner=None) -> str:
    """'North Archer, duty unknown' - words for a tooltip or a line of text."""
    owner = _side(k.get("owner", owner if owner is not None else k.get("colour")))
    colour = _side(k.get("colour", owner), owner)
    duty = k.get("duty")
    words = f"{_seat_name(view, owner)} {k.get('type', 'Knight')}"
    words += ", duty unknown" if duty is None else f", duty {duty}"
    if k.get("revealed"):
        words += " (revealed)"
    if colour != owner:
        words += f" (defected from {_seat_name(view, colour)})"
    return words


def _points(*pairs) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pairs)


def knight_icon(cx: float, cy: float, size: float, k: Mapping, owner=None, *, badge=True, faded=False) -> str:
    """A Knight: shape by type, solid (South) or outline (North), duty badge."""
    owner = _side(k.get("owner", owner if owner is not None else k.get("colour")))
    colour = _side(k.get("colour", owner), owner)
    letter = _letter(k.get("type"))
    style = "nk-solid" if owner == 0 else "nk-hollow"
    cls = f"nk-knight nk-side{owner} {style}"
    h = size
    parts = []
    shape = SHAPES.get(letter, "diamond")
    ty = cy
    if shape == "triangle":
        pts = _points((cx, cy - h * 0.55), (cx - h * 0.55, cy + h * 0.42), (cx + h * 0.55, cy + h * 0.42))
        parts.append(el("polygon", points=pts, class_=cls, stroke_linejoin="round"))
        ty = cy + h * 0.12
    elif shape == "square":
        parts.append(el("rect", x=cx - h * 0.42, y=cy - h * 0.42, width=h * 0.84, height=h * 0.84, rx=2, class_=cls))
    elif shape == "circle":
        parts.append(el("circle", cx=cx, cy=cy, r=h * 0.46, class_=cls))
    else:
        pts = _points((cx, cy - h * 0.5), (cx + h * 0.5, cy), (cx, cy + h * 0.5), (cx - h * 0.5, cy))
        parts.append(el("polygon", points=pts, class_=cls))
    text_cls = "nk-on-solid" if owner == 0 else "nk-on-hollow"
    parts.append(el("text", letter, x=cx, y=ty, class_=text_cls, font_size=round(h * 0.42, 1)))
    if colour != owner:  # defected: a small disc of the original side
        parts.append(el("circle", cx=cx - h * 0.5, cy=cy + h * 0.45, r=4, class_=f"nk-side{colour} nk-solid"))
    if badge:
        duty = k.get("duty")
        public = "nk-public" if k.get("revealed") else "nk-secret"
        bx, by, r = cx + h * 0.52, cy - h * 0.5, max(7.5, h * 0.3)
        parts.append(el("circle", cx=bx, cy=by, r=r, class_=f"nk-badge {public}"))
        parts.append(el("text", "?" if duty is None else duty, x=bx, y=by, class_=f"nk-badge-t {public}"))
    return group(*parts, class_="nk-piece", data_duty="?" if k.get("duty") is None else k.get("duty"),
                 data_owner=owner, data_revealed=1 if k.get("revealed") else 0,
                 opacity=0.7 if faded else None)


PER_LINE = 10


def _row_of_icons(x: float, y: float, knights, owner, label: str) -> tuple[list[str], float]:
    """A label and the Knights beneath it, ten a line; returns (parts, height)."""
    out = [el("text", label, x=x, y=y, class_="nk-small nk-left")]
    for i, k in enumerate(knights):
        line, col = divmod(i, PER_LINE)
        out.append(knight_icon(x + 14 + col * 36, y + 25 + line * 36, 21, k, owner))
    lines = max(1, -(-len(knights) // PER_LINE))
    return out, 8 + 36 * lines


def _waiting_row(view: Mapping, x: float, y: float, waiting, side: int) -> tuple[list[str], float]:
    knights = waiting[side] if len(waiting) > side else []
    return _row_of_icons(x, y, knights, side, f"{_seat_name(view, side)} waiting ({len(knights)})")


class NineKnightsTable(TableAdapter):
    """Draw a Nine Knights view; board moves are the square-choosing kinds."""

    def target_of(self, move) -> str | None:
        if move.kind in BOARD_KINDS and move.args:
            return str(move.args[0])
        return None

    def describe_for_rules_panel(self, game) -> str:
        return (
            "<p><b>Reading the board.</b> South's Knights are <b>solid</b> shapes, North's are "
            "<b>outlines</b>. Archer = triangle <b>A</b>, Warrior = square <b>W</b>, "
            "Ranger = circle <b>R</b>. The corner badge is the Duty number: <b>?</b> when you "
            "do not know it, dashed while it is secret, solid once revealed. Numbered discs on "
            "rows 1 and 10 are Goal Tokens; dashed rings mark Summoning Fields. Squares you can "
            "choose are highlighted: click them, or Tab to them and press Enter.</p>"
        )

    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        seat = view.get("seat")
        bottom = 1 if seat == 1 else 0
        top = 1 - bottom
        columns = str(view.get("columns") or "abcdefghi")
        nrows = int(view.get("rows") or 10)
        ncols = len(columns)
        board_w, board_h = ncols * CELL, nrows * CELL
        width = LEFT + board_w + 16
        waiting = view.get("waiting") or [[], []]
        body: list[str] = [el("rect", x=0, y=0, width=width, height=10_000, class_="nk-bgrect")]

        # Opponent (top) waiting area.
        parts, height = _waiting_row(view, LEFT, 12, waiting, top)
        body += parts
        y0 = 12 + height

        knights = {}
        for k in view.get("knights") or []:
            knights[str(k.get("square"))] = k
        goals = view.get("goals") or [[], []]
        summon = {}
        for side, squares in enumerate(view.get("summoning_fields") or []):
            for sq in squares:
                summon[str(sq)] = side
        tint_rows = {}
        if view.get("phase") == "placement":
            for side, rows in enumerate(view.get("placement_rows") or []):
                for r in rows:
                    tint_rows[int(r)] = side
        selected = view.get("selected")
        fight = view.get("fight") or None
        fight_sq = str(fight.get("square")) if isinstance(fight, Mapping) else None
        fight_from = str(fight.get("from")) if isinstance(fight, Mapping) and fight.get("from") else None

        squares = []
        for i in range(nrows):
            row = nrows - i if bottom == 0 else i + 1
            body.append(el("text", row, x=LEFT / 2, y=y0 + i * CELL + CELL / 2, class_="nk-coord"))
            for j in range(ncols):
                col = columns[j] if bottom == 0 else columns[ncols - 1 - j]
                sq = f"{col}{row}"
                x, yy = LEFT + j * CELL, y0 + i * CELL
                alt = " nk-alt" if (columns.index(col) + row) % 2 == 0 else ""
                parts = [el("rect", x=x, y=yy, width=CELL, height=CELL, class_="nk-sq" + alt)]
                if row in tint_rows:
                    parts.append(el("rect", x=x, y=yy, width=CELL, height=CELL, class_=f"nk-tint{tint_rows[row]}"))
                words = [sq]
                if sq in summon:
                    ring = f"nk-ring{summon[sq]}"
                    parts.append(el("circle", cx=x + CELL / 2, cy=yy + CELL / 2 + 2, r=16, class_=ring))
                    words.append(f"{_seat_name(view, summon[sq])} Summoning Field")
                goal_side = 0 if row == 1 else 1 if row == nrows else None
                if goal_side is not None:
                    tokens = goals[goal_side] if len(goals) > goal_side else []
                    ci = columns.index(col)
                    if ci < len(tokens) and tokens[ci] is not None:
                        style = "nk-solid" if goal_side == 0 else "nk-hollow"
                        text_cls = "nk-on-solid" if goal_side == 0 else "nk-on-hollow"
                        parts.append(el("circle", cx=x + 8, cy=yy + 8, r=7, class_=f"nk-side{goal_side} {style}",
                                        stroke_width=1.5))
                        parts.append(el("text", tokens[ci], x=x + 8, y=yy + 8, class_=text_cls, font_size=9))
                        words.append(f"{_seat_name(view, goal_side)} Goal Token {tokens[ci]}")
                parts.append(el("rect", x=x, y=yy, width=CELL, height=CELL, class_="nk-hl"))
                k = knights.get(sq)
                if k is not None:
                    parts.append(knight_icon(x + CELL / 2, yy + CELL / 2 + 3, 24, k))
                    words.append(describe_knight(view, k))
                elif sq in targets:
                    parts.append(el("circle", cx=x + CELL / 2, cy=yy + CELL / 2, r=5, class_="nk-dot"))
                if sq == selected:
                    parts.append(el("rect", x=x + 2, y=yy + 2, width=CELL - 4, height=CELL - 4, class_="nk-selected"))
                    words.append("chosen")
                if sq == fight_sq:
                    parts.append(el("rect", x=x + 1.5, y=yy + 1.5, width=CELL - 3, height=CELL - 3, class_="nk-fight"))
                    words.append("fight here")
                if sq == fight_from:
                    parts.append(el("rect", x=x + 4, y=yy + 4, width=CELL - 8, height=CELL - 8, class_="nk-fight-from"))
                    words.append("the attacker came from here")
                move = targets.get(sq)
                if move is not None:
                    parts.append(el("rect", x=x + 2.5, y=yy + 2.5, width=CELL - 5, height=CELL - 5, rx=3,
                                    class_="nk-focus"))
                parts.append(el("title", ", ".join(words)))
                if move is not None:
                    squares.append(group(*parts, data_id=sq, class_="nk-square legal", tabindex=0, role="button",
                                         aria_label=f"{sq}: {move}"))
                else:
                    squares.append(group(*parts, data_id=sq, class_="nk-square"))
        body += squares
        for j in range(ncols):
            col = columns[j] if bottom == 0 else columns[ncols - 1 - j]
            body.append(el("text", col, x=LEFT + j * CELL + CELL / 2, y=y0 + board_h + 10, class_="nk-coord"))

        # Own (bottom) waiting area, fallen Knights, then lines of text.
        y = y0 + board_h + 24
        parts, height = _waiting_row(view, LEFT, y + 8, waiting, bottom)
        body += parts
        y += height + 10
        fallen = view.get("fallen") or []
        if fallen:
            parts, height = _row_of_icons(LEFT, y + 8, [], 0, f"Fallen ({len(fallen)})")
            body += parts
            for i, k in enumerate(fallen):
                line, col = divmod(i, PER_LINE)
                body.append(knight_icon(LEFT + 14 + col * 36, y + 33 + line * 36, 21, k, k.get("colour"), faded=True))
            y += 10 + 36 * (-(-len(fallen) // PER_LINE)) + 8
        lines = self._info_lines(view, fight)
        for line in lines:
            for part in wrap_lines(line, 52):
                body.append(el("text", part, x=LEFT, y=y + 8, class_="nk-info nk-left"))
                y += 18
        height = y + 8
        body[0] = el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect")
        who = "a spectator" if seat is None else _seat_name(view, seat)
        label = f"Nine Knights board seen by {who}. {view.get('prompt', '')}"
        return svg_root(width, height, "".join(body), label=label, game=str(view.get("game", "nine_knights")))

    def _info_lines(self, view: Mapping, fight) -> list[str]:
        lines = []
        if isinstance(fight, Mapping):
            att, dfn = fight.get("attacker") or {}, fight.get("defender") or {}
            lines.append(f"Fight on {fight.get('square')}: {describe_knight(view, att)} attacks "
                         f"{describe_knight(view, dfn)}.")
        pending = view.get("pending_knight")
        if isinstance(pending, Mapping):
            lines.append(f"Knight to bring in: {describe_knight(view, pending)}.")
        tokens = view.get("hidden_tokens") or []
        shown = view.get("hidden_revealed") or []
        if tokens:
            bits = []
            for side, value in enumerate(tokens):
                state = "revealed" if side < len(shown) and shown[side] else "secret"
                bits.append(f"{_seat_name(view, side)} {'?' if value is None else value} ({state})")
            lines.append("Hidden Tokens: " + ", ".join(bits))
        phase = view.get("phase")
        extra = []
        if phase:
            extra.append(f"Phase: {phase}")
        if view.get("quiet_limit"):
            extra.append(f"quiet moves {view.get('quiet', 0)} of {view.get('quiet_limit')}")
        if view.get("defection"):
            extra.append("Defection variant")
        if extra:
            lines.append(" · ".join(extra))
        return lines


register("nine_knights", NineKnightsTable())

__all__ = ["NineKnightsTable", "describe_knight", "knight_icon", "esc"]
