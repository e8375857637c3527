"""The Nine Knights table's data and small pictures: the landscape and phone layouts' sizes, the picture's style,
the Knights' shapes and the words that describe them (pure functions of their arguments; see
:mod:`widgets.tables.nine_knights`).

    >>> SHAPES["A"]
    'triangle'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...front import front_text
from ...svg import el, group

PANEL_GAP = 22  # between the board and the panel (landscape)
BOARD_KINDS = ("place", "select", "to", "summon_to")
KNIGHT_KINDS = ("pick", "summon")
WAIT = "wait-"
SHAPES = {"A": "triangle", "W": "square", "R": "circle"}
TYPE_WORDS = {"A": "Archers", "W": "Warriors", "R": "Rangers"}


@dataclass(frozen=True)
class Geometry:
    """The sizes of one layout of the picture (units of the viewBox)."""

    cell: float  # a square of the board
    left: float  # room for the row numbers
    top: float  # above the board (landscape)
    piece: float  # a Knight on the board
    goal_r: float  # a Goal Token disc, and its number's size
    goal_font: float
    text_w: float  # the banner's width
    chars: int  # characters per line of text (14 px)
    box: float  # a waiting Knight's clickable box, its icon, and the steps between boxes
    icon: float
    step_x: float
    step_y: float
    per_line: int  # waiting Knights per line
    empty_inline: bool  # an empty Waiting Area is one line ("... (0): empty")
    fallen_icon: float
    fallen_step: float
    fallen_per_line: int


# Landscape (~686 units wide): the board left, a panel of text and waiting Knights right.
WIDE = Geometry(cell=40, left=24, top=12, piece=24, goal_r=7, goal_font=9, text_w=272, chars=32, box=34, icon=21,
                step_x=36, step_y=36, per_line=7, empty_inline=False, fallen_icon=17, fallen_step=28, fallen_per_line=9)
# Portrait for phones (406 units wide, drawn near 1:1 on a 390 px screen): every text at least 11 units, every
# square and waiting Knight at least 40 units to tap.
NARROW = Geometry(cell=42, left=20, top=8, piece=27, goal_r=8.5, goal_font=11, text_w=384, chars=46, box=38, icon=27,
                  step_x=42, step_y=46, per_line=9, empty_inline=True,
                  fallen_icon=27, fallen_step=38, fallen_per_line=10)

# Styles only this table uses (the shared ones are in widgets/svg.py).
LOCAL_STYLE = "<style>\n" + front_text("tables/nine_knights.css") + "</style>"


def _letter(kind) -> str:
    text = str(kind or "?")
    return text[:1].upper() or "?"


def _side(value, default=0) -> int:
    return value if value in (0, 1) else default


def seat_name(view: Mapping, seat) -> str:
    """A seat's name (South, North), or "?"."""
    seats = view.get("seats") or ["South", "North"]
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat])
    return "?"


def describe_knight(view: Mapping, k: Mapping, owner=None) -> str:
    """'North Archer, duty unknown' - words for a tooltip or a line of text."""
    owner = _side(k.get("owner", owner if owner is not None else k.get("colour")))
    colour = _side(k.get("colour", owner), owner)
    duty = k.get("duty")
    words = f"{seat_name(view, owner)} {k.get('type', 'Knight')}"
    words += ", duty unknown" if duty is None else f", duty {duty}"
    if k.get("shown_at_end"):
        words += " (secret in play, shown here)" if view.get("reveal") else " (shown at the end)"
    elif k.get("revealed"):
        words += " (revealed)"
    if colour != owner:
        words += f" (defected from {seat_name(view, colour)})"
    return words


def knight_words(view: Mapping, k: Mapping) -> str:
    """"North's Warrior (Knight 8)" - a Knight in a sentence."""
    owner = _side(k.get("owner", k.get("colour")))
    duty = k.get("duty")
    words = f"{seat_name(view, owner)}'s {k.get('type', 'Knight')}"
    return words + (f" (Knight {duty})" if duty is not None else "")


def waiting_id(view: Mapping, k: Mapping) -> str | None:
    """The ``data-id`` of a waiting Knight: only for the viewer's own Knights, whose numbers it knows (in a view
    with every secret shown, every Knight's: the sandbox's editor chooses them)."""
    seat = view.get("seat")
    if view.get("reveal") is True and k.get("duty") is not None and k.get("owner") in (0, 1):
        seat = k.get("owner")
    if seat not in (0, 1) or k.get("owner") != seat or k.get("duty") is None:
        return None
    return f"{WAIT}{'SN'[_side(k.get('colour'), seat)]}{k.get('duty')}"


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
        if k.get("shown_at_end"):
            public += " nk9-end"
        bx, by, r = cx + h * 0.52, cy - h * 0.5, max(7.5, h * 0.3)
        parts.append(el("circle", cx=bx, cy=by, r=r, class_=f"nk-badge {public}"))
        parts.append(el("text", "?" if duty is None else duty, x=bx, y=by, class_=f"nk-badge-t {public}"))
    return group(*parts, class_="nk-piece", data_duty="?" if k.get("duty") is None else k.get("duty"),
                 data_owner=owner, data_revealed=1 if k.get("revealed") else 0,
                 opacity=0.7 if faded else None)


def choice_class(base: str, is_chosen: bool, is_switch: bool) -> str:
    """A clickable element's classes: ``legal``; ``nk-switch`` for the chosen one (put back) and those to switch to."""
    cls = f"{base} legal"
    if is_chosen or is_switch:
        cls += " nk-switch"
    return cls + (" nk9-chosen" if is_chosen else "")


def click_words(move, is_chosen: bool) -> str:
    """What a click on a choosable element does, for its aria-label."""
    if move is not None:
        return str(move)
    return "the chosen Knight: click again to put it back" if is_chosen else "choose this Knight instead"


def text_lines(x: float, y: float, lines, cls: str = "nk9-text", step: float = 18) -> tuple[list[str], float]:
    """``lines`` of text from ``y``, one ``step`` apart: the parts and their height."""
    out = []
    for i, line in enumerate(lines):
        out.append(el("text", line, x=x, y=y + i * step, class_=f"{cls} nk-left"))
    return out, step * len(lines)
