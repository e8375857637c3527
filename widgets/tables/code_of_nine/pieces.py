"""The Code of Nine table's data and small pictures: seat colours, the wide and phone layouts' sizes, the picture's
style, pawns, item icons, location tiles and aid boxes (pure functions of their arguments; see
:mod:`widgets.tables.code_of_nine`).

    >>> item_icon("coin", 10, 10)[0].startswith("<")
    True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ninekit.code_of_nine import MEMORIES, SEATS

from ...front import front_text
from ...svg import el, esc, group, num, wrap_lines

# --- data tables -------------------------------------------------------------------------------------------------

# Seat colours (the board's pawns) with the ink on them; the ghost is grey.  The seat's initial is always written on
# its pawn, so colour is never the only sign.
SEAT_LOOK = {0: ("#d62828", "#ffffff"), 1: ("#1d6fd1", "#ffffff"), 2: ("#2b9348", "#ffffff"),
             3: ("#f2c14e", "#1a1a1a")}
GHOST_LOOK = ("#8d8d8d", "#ffffff")
SECTIONS = ((1, 1), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5))  # the board's round sections, in print order
STEP_WORDS = {  # what the seat resolving a location decides now (the prompt says it in full)
    "look_shoal": "look at a Shoal card", "look_abyss": "look at an Abyss card", "gallery": "look or exchange",
    "return": "return an item?", "shore": "return items?", "shore_more": "return one more?", "gift": "gift to whom?",
    "gift_item": "which item?", "medal_to": "who takes the Medal?", "gain": "Statue or Will?",
    "white_gift": "who gains 2 Will?", "black_loss": "who loses 2 Will?", "victim": "take from whom?",
    "steal": "which item?", "exchange": "which card?", "recipient": "give to whom?", "give": "which item?",
    "give_more": "one more?",
}
LOOK_STEPS = {"look_shoal": "Shoal", "look_abyss": "Abyss", "gallery": "Abyss"}
STATUS_MARK = {"in": "in", "out": "out", "unknown": "?"}

STYLE = "<style>\n" + front_text("tables/code_of_nine.css") + "</style>"
HATCH = ('<defs><pattern id="c9n-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="8" height="8" style="fill:var(--nk-sq)"/>'
         '<line x1="0" y1="0" x2="0" y2="8" class="c9n-hatchline"/></pattern></defs>')


@dataclass(frozen=True)
class Geometry:
    width: float
    pad: float
    cols: int         # locations a row of a section
    tile_w: float
    tile_h: float
    board_w: float    # the board column
    side_x: float     # the sheets' column (wide) - in the narrow layout they follow the board
    side_w: float
    chars: int        # characters a legend line


WIDE = Geometry(width=930, pad=8, cols=4, tile_w=136, tile_h=50, board_w=568, side_x=588, side_w=334, chars=92)
NARROW = Geometry(width=390, pad=8, cols=2, tile_w=184, tile_h=50, board_w=374, side_x=8, side_w=374, chars=60)


def _f(v: float) -> str:
    return num(round(v, 1))


def owner_name(view: Mapping, owner: int) -> str:
    """The name of a slot's ``owner``: a seat, or the Ghost (owner 3 in a 3-player game)."""
    if view.get("ghost") and owner == 3:
        return "the Ghost"
    return SEATS[owner] if 0 <= owner < len(SEATS) else f"Owner {owner}"


def card_words(code) -> str:
    """A Memory card in words for a tooltip: its code, name, order and effect."""
    m = MEMORIES.get(code)
    if m is None:
        return f"Code {code}"
    return f"Code {code:02d} {m.name} (order {m.order}{', reconstructed' if m.reconstructed else ''}): {m.effect}"


def pawn(cx: float, cy: float, owner: int, view: Mapping, r: float = 6.5) -> list[str]:
    """An Action pawn (or any seat marker): a disc in the seat's colour with its initial."""
    return list(_pawn(cx, cy, owner, bool(view.get("ghost")), r))


@lru_cache(maxsize=4096)
def _pawn(cx: float, cy: float, owner: int, ghost: bool, r: float) -> tuple:
    fill, ink = GHOST_LOOK if ghost and owner == 3 else SEAT_LOOK.get(owner, GHOST_LOOK)
    letter = "G" if owner == 3 and ghost else SEATS[owner][0]
    return (el("circle", cx=cx, cy=cy, r=r, fill=fill, class_="c9n-pawn"),
            el("text", letter, x=cx, y=cy + 0.5, fill=ink, class_="c9n-pawnt", font_size=_f(r * 1.3)))


def item_icon(kind: str, cx: float, cy: float, s: float = 6) -> list[str]:
    """A small token: Coin (yellow disc C), Statue (grey pillar S), Book (brown block B), the White and Black
    Legacies (W, K discs) and the Medal (a star-like M)."""
    return list(_item_icon(kind, cx, cy, s))


@lru_cache(maxsize=4096)
def _item_icon(kind: str, cx: float, cy: float, s: float) -> tuple:
    if kind == "coin":
        return [el("circle", cx=cx, cy=cy, r=s, class_="c9n-coin"), el("text", "C", x=cx, y=cy + .5, class_="c9n-ink")]
    if kind == "statue":
        return [el("rect", x=cx - s * .6, y=cy - s, width=s * 1.2, height=s * 2, rx=1.5, class_="c9n-statue"),
                el("text", "S", x=cx, y=cy + .5, class_="c9n-ink")]
    if kind == "book":
        return [el("rect", x=cx - s, y=cy - s * .75, width=s * 2, height=s * 1.5, rx=1, class_="c9n-book"),
                el("text", "B", x=cx, y=cy + .5, class_="c9n-inkw")]
    if kind == "white":
        return [el("circle", cx=cx, cy=cy, r=s, class_="c9n-white"), el("text", "W", x=cx, y=cy + .5, class_="c9n-ink")]
    if kind == "black":
        return [el("circle", cx=cx, cy=cy, r=s, class_="c9n-black"),
                el("text", "K", x=cx, y=cy + .5, class_="c9n-inkw")]
    if kind == "medal":
        pts = []
        for i in range(10):
            rr = s * (1.15 if i % 2 == 0 else .6)
            a = math.pi / 2 + i * math.pi / 5
            pts.append(f"{_f(cx + rr * math.cos(a))},{_f(cy - rr * math.sin(a))}")
        return [el("polygon", points=" ".join(pts), class_="c9n-medal"),
                el("text", "M", x=cx, y=cy + .8, class_="c9n-ink", font_size=7)]
    return []


def text_at(x, y, text, cls="nk-small c9n-t", **kw) -> str:
    """One line of small text at (x, y)."""
    return el("text", text, x=x, y=y, class_=cls, **kw)


def wrapped(x, y, text, chars, step=14, cls="nk-small c9n-t", **kw) -> tuple[list[str], float]:
    """``text`` wrapped to ``chars`` a line from ``y``: the parts and their height."""
    lines = wrap_lines(text, chars)
    return [text_at(x, y + i * step, line, cls, **kw) for i, line in enumerate(lines)], step * len(lines)


def short(text: str, chars: int) -> str:
    """Text cut to ``chars`` characters, with an ellipsis.

    >>> short("Medal of Honour", 8)
    'Medal o…'
    """
    return text if len(text) <= chars else text[:chars - 1].rstrip() + "…"


def holder_words(view: Mapping, value) -> str:
    """Where a thing is (``value`` from the view: a seat, the board, the box) in words."""
    if value == "board":
        return "on the board"
    if value == "box":
        return "in the box"
    return f"held by {owner_name(view, int(value))}" if isinstance(value, int) else str(value)


@lru_cache(maxsize=1024)
def tile(name: str, cost: str, reconstructed: bool, x: float, y: float, w: float, h: float) -> tuple:
    """A location's card: its frame, name (three lines at most, closer together when it needs three), cost and
    "R" if reconstructed."""
    parts = [el("rect", x=x, y=y, width=w, height=h, rx=5, class_="c9n-loc")]
    chars = int((w - 24) / 6.4)
    lines = wrap_lines(name, chars)
    if len(lines) > 3:
        lines = [lines[0], lines[1], short(" ".join(lines[2:]), chars)]
    step = 12.5 if len(lines) <= 2 else 10.5
    for i, line in enumerate(lines):
        parts.append(el("text", line, x=x + 5, y=y + 9 + i * step, class_="c9n-name"))
    parts.append(el("text", cost, x=x + 5, y=y + h - 9, class_="c9n-s c9n-t c9n-muted"))
    if reconstructed:
        parts.append(el("rect", x=x + w - 13, y=y + 2, width=11, height=11, rx=2, class_="c9n-rbox"))
        parts.append(el("text", "R", x=x + w - 7.5, y=y + 8, class_="c9n-r"))
    return tuple(parts)


@lru_cache(maxsize=2048)
def aid_box(code: int, name: str, order, status: str, bx: float, by: float, cw: float) -> str:
    """One code of the Memory list aid: in (filled), out (struck through) or ? (plain)."""
    cls = {"in": "c9n-in", "out": "c9n-out"}.get(status, "c9n-unk")
    parts = [el("rect", x=bx + 1, y=by, width=cw - 3, height=27, rx=4, class_=cls),
             el("text", f"{code:02d}", x=bx + cw / 2 - 1, y=by + 8, class_="nk-small", font_weight=700),
             el("text", STATUS_MARK.get(status, "?"), x=bx + cw / 2 - 1, y=by + 20, class_="c9n-tiny")]
    if status == "out":
        parts.append(el("line", x1=bx + 4, y1=by + 24, x2=bx + cw - 6, y2=by + 3, class_="c9n-strike"))
    words = {"in": "in the game (you know it)", "out": "not in the game", "unknown": "cannot tell"}.get(status, status)
    text = f"Code {code:02d} {name} (order {order}): {words}"
    return group(*parts, el("title", text), class_="c9n-aid", aria_label=text)


def signed(n) -> str:
    """A score with its sign, for a table cell.

    >>> signed(3), signed(-2), signed(0)
    ('+3', '−2', '0')
    """
    try:
        n = int(n)
    except (TypeError, ValueError):
        return esc(n)
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")
