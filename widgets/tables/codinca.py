"""The Codinca table: the 4×4 board, your Key Discs, Trap Card and Luck Action Card, drawn from ``state.view(seat)``.

The board is always drawn north up (Fire's edge at the top, Earth's at the bottom, Air left, Water right),
with each seat's name on its edge (an empty seat greyed) and the seat to move marked.  Every square shows its
tile: the element's alchemical symbol (Fire ▲, Water ▼, Air ▲ with a bar, Earth ▼ with a bar, plus the
initial) on its stone or gold face.  Not colour alone: the **stone** face is grey, hatched, in a square frame;
the **gold** face is bright, in a ring with eight rays (a sun).  The viewer's own tiles have a thick outline.
Red crystals sit at one end of each line, blue crystals on the interior grid points; the Lock Totem stands on
its crystal (at home on the centre point), and locked squares are cross-hatched with a padlock.

Beside the board (below it on a phone, ``pending["layout"] == "narrow"``): the viewer's four Key Discs as
small diagrams (the group's shape; a stone cell is a grey square, a gold cell a bright ringed circle; a disc
the tiles match now is ringed and says so, a claimed one carries a tick), the Trap Card (face down, or its
grid once looked at or played), the Luck tokens, the Luck Action Card with its ten icons (a spent token lies
on its icon), and every other seat's public state: tokens, claimed discs, the Trap Card's state, the Luck
actions used (Rewind once per game).  A spectator sees every seat that way.

Clicks (``data-id``):

``a1`` … ``d4``
    a square: the tile to Switch, the tile to switch it with, the tile to Flip;
``line:<rank or file>``
    a rank or file label (``line:4``, ``line:a``): Line Push, Line Flip;
``block:<point>``
    a grid point (``block:V22`` is the centre): the 2×2 around it for Rotate Block, Block Flip;
``crystal:<id>``
    a red crystal (``crystal:R4``) or a blue one (``crystal:V11``) for a Lock;
``dom:<sq>-<sq>``
    a pill on the edge between two squares: a pair of tiles for Switch Pair;
``luck:<action>``
    an icon of the Luck Action Card: spend a token.

Push directions, turns, the extra move, the Trap Card, claims and the end of the turn are buttons.

Choosing shows what changes: each target carries ``data-touch`` (the squares the move would change or lock,
from :func:`ninekit.codinca.touched`, worked out from the viewer's view only) and the picture's style
highlights those squares while the pointer is on it or it has the keyboard focus; the squares of the action
under way (the chosen tile, line, block or pair) stay highlighted.  A chosen tile, pair or Luck action (one
that asks a further choice) can be clicked again to put it back, or another one clicked instead
(``selects``); Reveal Trap and Rewind never can (a card was seen, a Switch undone).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ninekit import Move
from ninekit.codinca import (
    ACTION_IDS,
    ACTION_NAME,
    BLOCKS,
    FILES,
    LINES,
    LUCK_ACTIONS,
    RECONSTRUCTED_NOTE,
    SQUARES,
    touched,
)
from ninekit.codinca import GROUP_WORDS as GROUP_NAME
from ninekit.codinca import SIDE_WORD as SIDE_WORDS
from ninekit.codinca.data import BLUE_CRYSTALS, DISCS, ELEMENTS, LUCK_TOKENS, RED_CRYSTALS, TOTEM_HOME, TRAPS

from ..front import front_text
from ..svg import SVG_NS, attrs, el, esc, group, num, svg_root, wrap_lines
from . import TableAdapter, register

EDGES = ("North", "East", "South", "West")
EDGE_ELEMENT = {edge: name for _letter, name, edge in ELEMENTS}
ELEMENT_EDGE = {v: k for k, v in EDGE_ELEMENT.items()}
ELEMENT_COLOUR = {"Fire": "#e8590c", "Water": "#1c7ed6", "Air": "#a5d8ff", "Earth": "#5c940d"}
ELEMENT_SHAPE = {"Fire": "▲", "Water": "▼", "Air": "▲ with a bar", "Earth": "▼ with a bar"}
ACTION_TEXT = {a: t for a, _, t in LUCK_ACTIONS}
GROUP_SHORT = {"L": "Line", "D": "Diagonal", "B": "Block", "C": "Corners"}
SQUARE_KINDS = ("tile", "switch", "flip")
# Selections the seat may take back: a tile chosen to Switch, the first pair of a Switch Pair, a Luck action
# that asks a further choice.  Never Reveal Trap (the card was seen) nor Rewind (a Switch was undone).
IRREVERSIBLE_LUCK = frozenset({"reveal_trap", "rewind"})


# The Luck actions that choose a rank or file, a block, a crystal or a pair (the first is asked about when none
# may be taken now).
LUCK_USING = {"line": ("line_push", "line_flip", "line_lock"), "block": ("rotate_block", "block_flip", "block_lock"),
              "crystal_red": ("line_lock",), "crystal_blue": ("block_lock", "rotate_block", "block_flip"),
              "pair": ("switch_pair",), "pair_with": ("switch_pair",)}


def _crystal_kind(cid: str) -> str:
    return "red" if cid in RED_CRYSTALS else "blue"


def _point_xy(point: str) -> tuple[int, int]:
    """A grid point ``V<row><col>`` (row 1 north) -> (column, row) of grid lines from the NW corner."""
    return int(point[2]), int(point[1])


@dataclass(frozen=True)
class Geometry:
    cell: float      # a square
    band_n: float    # the edge bands around the grid (crystals, labels, seat names)
    band_e: float
    band_s: float
    band_w: float
    crystal: float   # distance of a red crystal's centre from the grid
    pill: tuple      # a line label's pill: from, to (distance from the grid)
    name_font: float
    width: float     # the whole picture
    pad: float
    disc_r: float    # a Key Disc of the viewer
    disc_step: float
    icon_w: float    # a Luck Action Card cell
    icon_h: float
    text: float      # small text size
    chars: int       # characters a line in the panel


WIDE = Geometry(cell=84, band_n=34, band_e=34, band_s=60, band_w=60, crystal=16, pill=(32, 56), name_font=13,
                width=862, pad=8, disc_r=34, disc_step=98, icon_w=78, icon_h=58, text=12.5, chars=56)
NARROW = Geometry(cell=72, band_n=30, band_e=30, band_s=52, band_w=52, crystal=14, pill=(28, 50), name_font=12,
                  width=390, pad=10, disc_r=28, disc_step=92, icon_w=74, icon_h=60, text=12, chars=52)
PANEL_X = 456  # the wide layout's panel

# The tile faces are drawn once per picture in <defs> and placed with <use>: a browser styles the copies a <use>
# shows by class-only rules (a rule scoped by an ancestor, ".cx .cx-stone", does not reach them), so the face
# rules are unscoped (every class here starts "cx-", first in widgets/front/tables/codinca.css).  The rest is scoped
# by the picture's class "cx".
# The squares a pointed-at (or focused) target would change: one rule for the sixteen squares.
PREVIEW_STYLE = ",".join(
    f".cx:has(:is(.legal:hover,.legal:focus-visible,.cx-trap:hover)[data-touch~={sq}]) .cx-at-{sq} .cx-prev"
    for sq in SQUARES) + "{fill-opacity:.42;stroke:var(--nk-warn);stroke-width:4}\n"
STYLE = "<style>" + front_text("tables/codinca.css") + PREVIEW_STYLE + "</style>"


# --- small pictures ---------------------------------------------------------------------------------------

def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _poly(*pairs) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pairs)


def _hatch(x: float, y: float, s: float, step: float = 8) -> str:
    """Diagonal hatch lines exactly inside the square (x, y, s): one path, no pattern ids."""
    d = []
    k = step
    while k < 2 * s:
        if k <= s:
            d.append(f"M {_f(x + k)} {_f(y)} L {_f(x)} {_f(y + k)}")
        else:
            d.append(f"M {_f(x + s)} {_f(y + k - s)} L {_f(x + k - s)} {_f(y + s)}")
        k += step
    return el("path", d=" ".join(d), class_="cx-hatch")


def glyph(cx: float, cy: float, size: float, element: str, *, outline: bool = False) -> str:
    """The element's alchemical triangle: Fire ▲, Water ▼, Air ▲ with a bar, Earth ▼ with a bar."""
    up = element in ("Fire", "Air")
    h = size
    if up:
        pts = _poly((cx, cy - 0.55 * h), (cx - 0.55 * h, cy + 0.42 * h), (cx + 0.55 * h, cy + 0.42 * h))
        bar_y = cy + 0.02 * h
    else:
        pts = _poly((cx, cy + 0.55 * h), (cx - 0.55 * h, cy - 0.42 * h), (cx + 0.55 * h, cy - 0.42 * h))
        bar_y = cy - 0.02 * h
    fill = "none" if outline else ELEMENT_COLOUR.get(element, "#888")
    parts = [el("polygon", points=pts, class_="cx-glyph", fill=fill)]
    if element in ("Air", "Earth"):
        parts.append(el("line", x1=cx - 0.5 * h, y1=bar_y, x2=cx + 0.5 * h, y2=bar_y, class_="cx-bar"))
    return "".join(parts)


def tile_face(x: float, y: float, s: float, element: str, side: str) -> list[str]:
    """A Symbol Tile in the square (x, y, s): stone (grey, hatched, square frame) or gold (bright, ringed sun)."""
    parts = []
    if side == "G":
        parts.append(el("rect", x=x, y=y, width=s, height=s, rx=s * 0.1, class_="cx-gold"))
        cx, cy, r = x + s / 2, y + s / 2, s * 0.33
        parts.append(el("circle", cx=cx, cy=cy, r=r, class_="cx-ring"))
        rays = []
        for i in range(8):
            dx, dy = [(1, 0), (0.7071, 0.7071), (0, 1), (-0.7071, 0.7071), (-1, 0), (-0.7071, -0.7071), (0, -1),
                      (0.7071, -0.7071)][i]
            rays.append(f"M {_f(cx + dx * (r + 3))} {_f(cy + dy * (r + 3))} L {_f(cx + dx * (r + s * 0.11))} "
                        f"{_f(cy + dy * (r + s * 0.11))}")
        parts.append(el("path", d=" ".join(rays), class_="cx-ray"))
    else:
        parts.append(el("rect", x=x, y=y, width=s, height=s, rx=s * 0.04, class_="cx-stone"))
        parts.append(_hatch(x + 1, y + 1, s - 2, max(6.0, s / 10)))
        inset = s * 0.15
        parts.append(el("rect", x=x + inset, y=y + inset, width=s - 2 * inset, height=s - 2 * inset,
                        class_="cx-frame", fill="#c9cdd2"))
    parts.append(glyph(x + s / 2, y + s / 2 + (0 if side == "G" else 0), s * 0.36, element))
    parts.append(el("text", element[:1], x=x + s * 0.06, y=y + s * 0.13, class_="cx-init",
                    font_size=_f(max(11.0, s * 0.16))))
    return parts


def _face_id(s: float, side: str, element: str = "") -> str:
    """The id of a tile face ``s`` units wide in a picture's <defs>: ``cx76S`` (the stone face's background),
    ``cx76SF`` (a stone Fire tile).  Every picture that uses an id defines it with the very same content, so a page
    that shows many pictures (a tutorial) may hold it many times: whichever copy a <use> finds draws the same."""
    return f"cx{_f(s).replace('.', '_')}{side}{element[:1]}"


def face_defs(s: float, faces) -> str:
    """<defs> with each tile face of ``faces`` (``(element, side)`` pairs) drawn once, at (0, 0), ``s`` wide: the
    background of a side (stone: grey, hatched, square frame; gold: bright, ringed sun) and on it the element's
    glyph and initial."""
    return _face_defs(float(s), tuple(sorted({(str(e), str(f)) for e, f in faces})))


@lru_cache(maxsize=64)
def _face_defs(s: float, faces: tuple) -> str:
    out = []
    for side in sorted({f for _e, f in faces}):
        base = tile_face(0, 0, s, "Fire", side)[:3]
        out.append(group(*base, id=_face_id(s, side)))
    for element, side in faces:
        top = tile_face(0, 0, s, element, side)[3:]
        out.append(group(el("use", href=f"#{_face_id(s, side)}"), *top, id=_face_id(s, side, element)))
    return el("defs", *out, raw=True) if out else ""


def face_use(x: float, y: float, s: float, element: str, side: str) -> str:
    """A tile face at (x, y), drawn by reference to :func:`face_defs`."""
    return el("use", href=f"#{_face_id(s, str(side), str(element))}", x=x, y=y)


def side_mark(cx: float, cy: float, r: float, side, *, letter: bool = True, defs: dict | None = None) -> list[str]:
    """One cell of a disc or Trap Card: stone = a grey hatched square, gold = a bright ringed circle, None = hollow.

    With ``defs`` (a picture's shared drawings, id -> markup) a stone or gold cell is drawn once there and placed
    with <use> (no letter)."""
    if defs is not None and side in ("S", "G"):
        r = round(r, 1)
        mid = f"cxm{_f(r).replace('.', '_')}{side}"
        if mid not in defs:
            defs[mid] = group(*side_mark(0, 0, r, side, letter=False), id=mid)
        return [el("use", href=f"#{mid}", x=cx, y=cy)]
    if side == "G":
        parts = [el("circle", cx=cx, cy=cy, r=r, class_="cx-gold"),
                 el("circle", cx=cx, cy=cy, r=r * 0.62, class_="cx-ring", stroke_width=1.4)]
    elif side == "S":
        parts = [el("rect", x=cx - r, y=cy - r, width=2 * r, height=2 * r, class_="cx-stone"),
                 el("path", d=f"M {_f(cx - r)} {_f(cy + r * 0.2)} L {_f(cx + r * 0.2)} {_f(cy - r)} "
                              f"M {_f(cx - r * 0.2)} {_f(cy + r)} L {_f(cx + r)} {_f(cy - r * 0.2)}",
                    class_="cx-hatch")]
    else:
        return [el("circle", cx=cx, cy=cy, r=r * 0.8, class_="cx-slot")]
    if letter and r >= 6:
        parts.append(el("text", side, x=cx, y=cy + 0.5, font_size=_f(r * 1.15), class_="cx-dark"))
    return parts


def disc_cells(group: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Where a disc's four cells sit, in the printed reading order (strips end to end, squares clockwise)."""
    d = r * 0.42
    if group == "L":
        return [(cx + (i - 1.5) * d, cy) for i in range(4)]
    if group == "D":
        return [(cx + (i - 1.5) * d * 0.72, cy + (i - 1.5) * d * 0.72) for i in range(4)]
    if group == "B":
        e = d * 0.55
    else:
        e = d * 1.05
    return [(cx - e, cy - e), (cx + e, cy - e), (cx + e, cy + e), (cx - e, cy + e)]


def disc_picture(cx: float, cy: float, r: float, disc: Mapping, *, matched: bool = False,
                 defs: dict | None = None) -> list[str]:
    """A Key Disc: a round disc with its four cells in the group's shape (hollow and "?" when hidden)."""
    group = str(disc.get("group") or "L")
    face = disc.get("face")
    claimed = bool(disc.get("claimed"))
    cls = "cx-disc" + (" cx-claimed" if claimed else "") + (" cx-match" if matched and not claimed else "")
    parts = [el("circle", cx=cx, cy=cy, r=r, class_=cls)]
    cells = disc_cells(group, cx, cy, r)
    if group == "C":  # four corners of a 3x3: the holes between them show the shape
        for i in (-1, 0, 1):
            for j in (-1, 0, 1):
                if i and j:
                    continue
                parts.append(el("circle", cx=cx + i * r * 0.44, cy=cy + j * r * 0.44, r=max(1.2, r * 0.05),
                                class_="cx-hole"))
    size = r * (0.19 if group == "L" else 0.16 if group == "D" else 0.21)
    for i, (x, y) in enumerate(cells):
        parts += side_mark(x, y, size, face[i] if face else None, letter=False, defs=defs)
    if not face:
        parts.append(el("text", "?", x=cx, y=cy + (r * 0.45 if group in "LD" else 0),
                        font_size=_f(max(11.0, r * 0.6)), font_weight=800))
    if claimed:
        tx, ty, tr = cx + r * 0.72, cy - r * 0.72, max(6.0, r * 0.3)
        parts.append(el("circle", cx=tx, cy=ty, r=tr, class_="cx-tick"))
        parts.append(el("path", d=f"M {_f(tx - tr * 0.5)} {_f(ty)} L {_f(tx - tr * 0.1)} {_f(ty + tr * 0.4)} "
                                  f"L {_f(tx + tr * 0.5)} {_f(ty - tr * 0.4)}", class_="cx-tick-t"))
    return parts


def disc_words(disc: Mapping, *, matched: bool = False) -> str:
    group = GROUP_NAME.get(str(disc.get("group")), "Key Disc")
    face = disc.get("face")
    words = f"{group} Key Disc"
    if face:
        words += f" {disc.get('id')}: " + " ".join(SIDE_WORDS.get(c, c) for c in face)
    else:
        words += ", face down (secret)"
    if disc.get("claimed"):
        words += ", claimed"
    elif matched:
        words += ", your tiles match it now"
    return words


def _padlock(cx: float, cy: float, s: float) -> list[str]:
    return [el("path", d=f"M {_f(cx - s * 0.3)} {_f(cy)} L {_f(cx - s * 0.3)} {_f(cy - s * 0.3)} "
                         f"A {_f(s * 0.3)} {_f(s * 0.3)} 0 0 1 {_f(cx + s * 0.3)} {_f(cy - s * 0.3)} "
                         f"L {_f(cx + s * 0.3)} {_f(cy)}", class_="cx-shackle"),
            el("rect", x=cx - s * 0.45, y=cy - s * 0.05, width=s * 0.9, height=s * 0.6, rx=2, class_="cx-padlock")]


def _totem(cx: float, cy: float, s: float) -> list[str]:
    """The Lock Totem: a violet pillar with a keyhole."""
    pts = _poly((cx - s * 0.32, cy + s * 0.5), (cx - s * 0.4, cy - s * 0.25), (cx, cy - s * 0.55),
                (cx + s * 0.4, cy - s * 0.25), (cx + s * 0.32, cy + s * 0.5))
    return [el("polygon", points=pts, class_="cx-totem"),
            el("circle", cx=cx, cy=cy - s * 0.08, r=s * 0.1, class_="cx-keyhole"),
            el("rect", x=cx - s * 0.045, y=cy - s * 0.05, width=s * 0.09, height=s * 0.28, class_="cx-keyhole")]


def _diamond(cx: float, cy: float, r: float, cls: str) -> str:
    return el("polygon", points=_poly((cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)),
              class_=cls)


def _mini_grid(x: float, y: float, s: float, rows: int, cols: int, filled=()) -> list[str]:
    paths: dict[str, list[str]] = {"cx-i": [], "cx-if": []}  # one path of squares for each style
    w = _f(s - 1.5)
    for r in range(rows):
        for c in range(cols):
            cls = "cx-if" if (r, c) in filled else "cx-i"
            paths[cls].append(f"M{_f(x + c * s)} {_f(y + r * s)}h{w}v{w}h-{w}z")
    return [el("path", d="".join(d), class_=cls) for cls, d in paths.items() if d]


def luck_icon(action: str, cx: float, cy: float, s: float) -> list[str]:
    """The Luck Action Card's icon for ``action`` in a box about ``s`` wide, centred on (cx, cy)."""
    q = s / 4.5
    if action == "reveal_trap":  # an eye
        return [el("path", d=f"M {_f(cx - s * 0.45)} {_f(cy)} Q {_f(cx)} {_f(cy - s * 0.45)} {_f(cx + s * 0.45)} "
                             f"{_f(cy)} Q {_f(cx)} {_f(cy + s * 0.45)} {_f(cx - s * 0.45)} {_f(cy)} Z", class_="cx-i"),
                el("circle", cx=cx, cy=cy, r=s * 0.13, class_="cx-if")]
    if action in ("line_push", "line_flip", "line_lock"):
        filled = {(0, 0), (0, 2)} if action == "line_flip" else set()
        out = _mini_grid(cx - 2 * q, cy - q / 2, q, 1, 4, filled)
        if action == "line_push":
            y = cy + q * 1.2
            out.append(el("path", d=f"M {_f(cx - 2 * q)} {_f(y)} L {_f(cx + 2 * q)} {_f(y)} M {_f(cx + 1.4 * q)} "
                                    f"{_f(y - q * 0.5)} L {_f(cx + 2 * q)} {_f(y)} "
                                    f"L {_f(cx + 1.4 * q)} {_f(y + q * 0.5)}",
                          class_="cx-i"))
        elif action == "line_flip":
            out.append(el("path", d=f"M {_f(cx - q)} {_f(cy - q * 1.2)} A {_f(q * 1.2)} {_f(q * 0.8)} 0 0 1 "
                                    f"{_f(cx + q)} {_f(cy - q * 1.2)}", class_="cx-i"))
        else:
            out += _padlock(cx - 2 * q - q * 0.9, cy + q * 0.1, q * 1.6)
        return out
    if action in ("rotate_block", "block_flip", "block_lock"):
        filled = {(0, 0), (1, 1)} if action == "block_flip" else set()
        out = _mini_grid(cx - q, cy - q, q, 2, 2, filled)
        if action == "rotate_block":
            r = q * 1.6
            out.append(el("path", d=f"M {_f(cx + r)} {_f(cy)} A {_f(r)} {_f(r)} 0 1 1 {_f(cx)} {_f(cy - r)} "
                                    f"M {_f(cx - q * 0.4)} {_f(cy - r - q * 0.4)} L {_f(cx)} {_f(cy - r)} "
                                    f"L {_f(cx - q * 0.4)} {_f(cy - r + q * 0.4)}", class_="cx-i"))
        elif action == "block_flip":
            out.append(el("path", d=f"M {_f(cx - q)} {_f(cy - q * 1.3)} A {_f(q)} {_f(q * 0.6)} 0 0 1 "
                                    f"{_f(cx + q)} {_f(cy - q * 1.3)}", class_="cx-i"))
        else:
            out += _padlock(cx + q * 2, cy + q * 0.1, q * 1.6)
        return out
    if action == "switch_pair":
        out = _mini_grid(cx - q * 2, cy - q, q, 2, 1) + _mini_grid(cx + q, cy - q, q, 2, 1)
        out.append(el("path", d=f"M {_f(cx - q * 0.8)} {_f(cy - q * 0.4)} L {_f(cx + q * 0.8)} {_f(cy - q * 0.4)} "
                                f"M {_f(cx + q * 0.8)} {_f(cy + q * 0.4)} L {_f(cx - q * 0.8)} {_f(cy + q * 0.4)}",
                      class_="cx-i"))
        return out
    if action == "extra_move":
        return [el("text", "+1", x=cx, y=cy + 1, font_size=_f(s * 0.5), font_weight=800)]
    if action == "rewind":  # ◀◀
        return [el("polygon", points=_poly((cx, cy - q), (cx, cy + q), (cx - q * 1.4, cy)), class_="cx-if"),
                el("polygon", points=_poly((cx + q * 1.4, cy - q), (cx + q * 1.4, cy + q), (cx, cy)), class_="cx-if")]
    return []


def _tokens(x: float, y: float, left: int, total: int, r: float = 6) -> list[str]:
    """Luck tokens: a red counter for each left, a dashed ring for each spent."""
    out = []
    for i in range(total):
        out.append(el("circle", cx=x + r + i * (2 * r + 3), cy=y, r=r,
                      class_="cx-token" if i < left else "cx-token cx-spent"))
    return out


def _text(x, y, text, cls="nk-small cx-t", **kw) -> str:
    return el("text", text, x=x, y=y, class_=cls, **kw)


def _wrapped(x, y, text, chars, step=16, cls="nk-small cx-t", **kw) -> tuple[list[str], float]:
    lines = wrap_lines(text, chars)
    return [_text(x, y + i * step, line, cls, **kw) for i, line in enumerate(lines)], step * len(lines)


def _seat_label(view: Mapping, p: int) -> str:
    elements = list(view.get("elements") or [])
    edges = list(view.get("edges") or [])
    name = elements[p] if p < len(elements) else f"Seat {p + 1}"
    edge = edges[p] if p < len(edges) else ELEMENT_EDGE.get(name, "")
    return f"{name} ({edge})" if edge else str(name)


# --- the adapter ----------------------------------------------------------------------------------------

class CodincaTable(TableAdapter):
    """Draw a Codinca view; squares, lines, blocks, crystals, pairs and the Luck Action Card are clicked."""

    narrow_layout = True
    selection_kinds = frozenset({"tile", "pair", "luck"})

    def __init__(self, panel: bool = True):
        """``panel=False``: the board and whose tiles are yours only, without Key Discs, the Trap Card, Luck
        tokens and the other players (a lesson's first steps show only what they teach)."""
        self.panel = panel

    def selects(self, move) -> bool:
        """A chosen tile or pair, or a Luck action that asks a further choice, may be put back or switched;
        never Reveal Trap (the card was seen) nor Rewind (a Switch was undone)."""
        if move.kind == "luck":
            return bool(move.args) and move.args[0] not in IRREVERSIBLE_LUCK
        return move.kind in ("tile", "pair")

    def irreversible(self, move) -> bool:
        """Undo never takes back a look at your Trap Card: Reveal Trap, or the Trap Card played (even blind)."""
        return (move.kind == "luck" and tuple(move.args) == ("reveal_trap",)) or move.kind == "trap"

    def target_of(self, move) -> str | None:
        kind = move.kind
        arg = move.args[0] if move.args else None
        if arg is None:
            return None
        if kind in SQUARE_KINDS:
            return str(arg)
        if kind == "line":
            return f"line:{arg}"
        if kind == "block":
            return f"block:{arg}"
        if kind == "crystal":
            return f"crystal:{arg}"
        if kind in ("pair", "pair_with"):
            return f"dom:{arg}"
        if kind == "luck":
            return f"luck:{arg}"
        return None  # push, turn, extra, claim: buttons

    def guess_move(self, data_id: str, legal) -> object | None:
        """The move a click on ``data_id`` meant, well-formed, so that ``why_illegal`` answers with a rule."""
        kinds = {m.kind for m in legal}
        data_id = str(data_id)
        if data_id in SQUARES:
            kind = next((k for k in SQUARE_KINDS if k in kinds), "tile")
            return Move(kind, (data_id,))
        prefix, _, rest = data_id.partition(":")
        if prefix == "luck" and rest in ACTION_NAME:
            return Move("luck", (rest,))
        if prefix == "line" and rest in LINES:
            guess = Move("line", (rest,))
        elif prefix == "block" and rest in BLOCKS:
            guess = Move("block", (rest,))
        elif prefix == "crystal" and (rest in RED_CRYSTALS or rest in BLUE_CRYSTALS):
            guess = Move("crystal", (rest,))
        elif prefix == "dom" and rest.count("-") == 1:
            guess = Move("pair_with" if "pair_with" in kinds else "pair", (rest,))
        else:
            return None
        if guess.kind in kinds:
            return guess  # the action is under way: the rules say what is wrong with this line, block, ...
        # No action under way uses it: it is chosen by a Luck action first.  When none of those may be taken now,
        # the rules say why (no tokens left, between Switch and Flip, every choice locked, ...).
        uses = LUCK_USING[guess.kind if prefix != "crystal" else ("crystal_" + _crystal_kind(rest))]
        if not any(m.kind == "luck" and m.args and m.args[0] in uses for m in legal):
            return Move("luck", (uses[0],))
        return guess

    def describe_for_rules_panel(self, game) -> str:
        discs = "".join(
            f"<tr><td><b>{esc(name)}</b></td><td>"
            + ", ".join(f"{esc(d)} <code>{esc(face)}</code>" for d, face in DISCS.items() if d[0] == letter)
            + "</td></tr>" for letter, name in GROUP_NAME.items())
        traps = "".join(f"<tr><td>{esc(t)}</td><td>{esc(name)}</td><td><code>{esc(grid)}</code></td></tr>"
                        for t, name, grid in TRAPS)
        actions = "".join(f"<li><b>{esc(name)}</b>: {esc(text)}</li>" for _a, name, text in LUCK_ACTIONS)
        return (
            "<p><b>Reading the board.</b> North is up: Fire sits north, Water east, Earth south, Air west "
            "(an empty seat is greyed; the seat to move is underlined). Each tile shows its element's symbol "
            "and initial: Fire ▲, Water ▼, Air ▲ with a bar, Earth ▼ with a bar. A <b>stone</b> face is grey and "
            "hatched in a square frame; a <b>gold</b> face is bright in a ring with rays. Your own tiles have a "
            "thick outline. Red crystals sit at one end of each rank and file, blue crystals on the grid points "
            "inside the board; the violet Lock Totem stands on its crystal (at home on the centre point, where "
            "it locks nothing). Locked squares are cross-hatched with a padlock.</p>"
            "<p><b>Choosing.</b> Highlighted squares, rank and file labels, grid points, crystals, pairs (the pills "
            "between two squares) and Luck Action icons can be clicked, or reached with Tab and Enter. Pointing "
            "at one outlines every square it would change or lock; the squares of the action under way stay "
            "outlined. Click a chosen tile, pair or Luck action again to put it back. Key Discs show their four "
            "cells in the group's shape (stone: grey square, gold: bright ringed circle); a ringed disc matches "
            "now, a ticked one is claimed. Other choices are the buttons beside the board.</p>"
            f"<p><b>The Luck Action Card</b> (one token each):</p><ul>{actions}</ul>"
            f"<p><i>{esc(RECONSTRUCTED_NOTE)}</i></p>"
            "<details><summary>The 24 Key Discs (reconstructed)</summary><p>Lines read end to end, diagonals from "
            "the north end (either way round), blocks and corners clockwise from any corner; S stone, G gold.</p>"
            f"<table><tbody>{discs}</tbody></table></details>"
            "<details><summary>The 24 Trap Cards (reconstructed)</summary><p>Far row first, seen from the seat "
            "that plays it (the card is turned to face the board); S stone, G gold, . no change.</p>"
            f"<table><tbody>{traps}</tbody></table></details>"
        )

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        seat = view.get("seat")
        seat = seat if isinstance(seat, int) and 0 <= seat < len(view.get("elements") or []) else None
        chosen = pending.get("selected")
        chosen = str(chosen) if chosen is not None else None
        switch = {str(x) for x in (pending.get("switch") or ())}
        # The phone picture is only ever shown by the board widget beside the wide one (the browser hides one of
        # the two): a page's <style> applies to every picture in it, so the phone picture holds no copy.
        body: list[str] = ["" if narrow else STYLE]
        ctx = _Ctx(view, targets, chosen, switch, g, seat)

        y = g.pad
        parts, h = self._header(ctx, g.pad, y, (g.width if narrow else PANEL_X - 12) - 2 * g.pad)
        body += parts
        y += h + 4
        board_x = g.pad
        parts, bh = self._board(ctx, board_x, y)
        body += parts
        board_bottom = y + bh
        if narrow:
            y = board_bottom + 6
            parts, h = self._legend(ctx, g.pad, y, g.width - 2 * g.pad)
            body += parts
            y += h + 8
            parts, h = self._panel(ctx, g.pad, y, g.width - 2 * g.pad)
            body += parts
            height = y + h + g.pad
        else:
            parts, h = self._legend(ctx, g.pad, board_bottom + 6, PANEL_X - 2 * g.pad - 8)
            body += parts
            left_bottom = board_bottom + 6 + h
            parts, ph = self._panel(ctx, PANEL_X, g.pad, g.width - PANEL_X - g.pad)
            body += parts
            height = max(left_bottom, g.pad + ph) + g.pad
        body.insert(1, el("rect", x=0, y=0, width=g.width, height=height, class_="nk-bgrect"))
        if ctx.defs:
            body.insert(2, el("defs", *(ctx.defs[k] for k in sorted(ctx.defs)), raw=True))
        who = "a spectator" if seat is None else _seat_label(view, seat)
        label = f"Codinca board seen by {who}. {view.get('prompt', '')}".strip()
        game = str(view.get("game", "codinca"))
        if narrow:  # like svg_root, without its copy of the shared style (see above)
            return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(g.width)} {num(height)}"'
                    f"{attrs(class_='ninekit-svg cx', data_game=game, role='group', aria_label=label)}"
                    f' preserveAspectRatio="xMidYMin meet"><title>{esc(label)}</title>{"".join(body)}</svg>')
        return svg_root(g.width, height, "".join(body), label=label, game=game, extra_class="cx")

    # --- the line above the board
    def _header(self, ctx, x, y, width) -> tuple[list[str], float]:
        view = ctx.view
        outcome = view.get("outcome") if isinstance(view.get("outcome"), Mapping) else None
        bits = []
        rnd, limit = view.get("round"), view.get("round_limit")
        if rnd is not None:
            bits.append(f"Round {rnd} of {limit} (house-rule limit)" if limit else f"Round {rnd}")
        need = view.get("claims_to_win") or 4
        bits.append(f"{need} claimed Key Discs win" + (" (beginner game)" if view.get("beginner") else ""))
        text = " · ".join(bits)
        parts, h = _wrapped(x, y + 9, text, int(width / 6.6), step=16, cls="nk-small cx-t")
        if outcome:
            reason = str(outcome.get("reason") or "")
            more, mh = _wrapped(x, y + 9 + h, f"Game over: {reason}. Every Key Disc and Trap Card is shown.",
                                int(width / 7.2), step=16, cls="nk-small cx-t cx-warn")
            parts += more
            h += mh
        return parts, h + 2

    def _legend(self, ctx, x, y, width) -> tuple[list[str], float]:
        g = ctx.g
        out = []
        cx = x + 10
        s = 18
        out += tile_face(cx - s / 2 + 0, y + 2, s, "Fire", "S")[:3]
        out.append(_text(cx + s / 2 + 4, y + 11, "stone", cls="nk-small cx-t"))
        cx += 62
        out += tile_face(cx - s / 2, y + 2, s, "Fire", "G")[:3]
        out.append(_text(cx + s / 2 + 4, y + 11, "gold", cls="nk-small cx-t"))
        cx += 52
        for element in ("Fire", "Water", "Air", "Earth"):
            out.append(glyph(cx, y + 11, 14, element))
            out.append(_text(cx + 10, y + 11, element, cls="nk-small cx-t"))
            cx += 24 + len(element) * 7.6
        lines, h = _wrapped(x, y + 34, "Reconstructed: the layout, discs, traps and crystals (see Rules).",
                            int(width / (g.text * 0.52)), step=15, cls="nk-small cx-t")
        lines = [ln.replace('class="nk-small cx-t"', 'class="nk-small cx-t cx-recon" font-style="italic"', 1)
                 for ln in lines]
        return out + lines, 26 + h

    # --- the board
    def _board(self, ctx, x, y) -> tuple[list[str], float]:
        g, view = ctx.g, ctx.view
        c = g.cell
        x0, y0 = x + g.band_w, y + g.band_n
        side = 4 * c
        tiles = view.get("tiles") or {}
        faces = [tuple(t) for t in tiles.values() if t and len(t) == 2 and t[0]]
        out = [face_defs(c - 8, faces),
               el("rect", x=x0 - 4, y=y0 - 4, width=side + 8, height=side + 8, rx=6, class_="cx-boardbg")]
        elements = list(view.get("elements") or [])
        mine = elements[ctx.seat] if ctx.seat is not None and ctx.seat < len(elements) else None
        locked = set(view.get("locked") or [])
        pend = ctx.pending_squares()

        def sq_xy(sq):
            f, r = FILES.index(sq[0]), int(sq[1])
            return x0 + f * c, y0 + (4 - r) * c

        # seat names on the edges (in the half of each band free of crystals)
        out += self._edges(ctx, x0, y0, side)

        for sq in SQUARES:
            sx, sy = sq_xy(sq)
            tile = tiles.get(sq) or [None, None]
            element, face = (tile[0], tile[1]) if len(tile) == 2 else (None, None)
            parts = [el("rect", x=sx, y=sy, width=c, height=c, class_="cx-cell")]
            words = [sq]
            if element:
                parts.append(face_use(sx + 4, sy + 4, c - 8, str(element), str(face)))
                words.append(f"{element} tile, {SIDE_WORDS.get(face, face)} face up")
                if element == mine:
                    parts.append(el("rect", x=sx + 3, y=sy + 3, width=c - 6, height=c - 6, rx=c * 0.1,
                                    class_="cx-own"))
                    words.append("yours")
            if sq in locked:
                parts.append(el("rect", x=sx + 1, y=sy + 1, width=c - 2, height=c - 2, class_="cx-lockbg"))
                parts.append(el("path", d=f"M {_f(sx + 6)} {_f(sy + 6)} L {_f(sx + c - 6)} {_f(sy + c - 6)} "
                                          f"M {_f(sx + c - 6)} {_f(sy + 6)} L {_f(sx + 6)} {_f(sy + c - 6)}",
                                class_="cx-lockx"))
                parts += _padlock(sx + c - 13, sy + c - 12, 14)
                words.append("locked")
            if sq in pend:
                parts.append(el("rect", x=sx + 2, y=sy + 2, width=c - 4, height=c - 4, rx=4, class_="cx-pend"))
                words.append("in the action under way")
            parts.append(el("rect", x=sx + 2, y=sy + 2, width=c - 4, height=c - 4, rx=4, class_="cx-prev"))
            out.append(ctx.target(sq, parts, words, hit=(sx, sy, c, c), base=f"cx-sq cx-at-{sq}",
                                  square=True))

        # the previous player's Switch (No Rewind): a dashed link between the two squares
        nr = view.get("no_rewind")
        if isinstance(nr, list) and len(nr) == 2 and all(s in SQUARES for s in nr):
            (ax, ay), (bx, by) = sq_xy(nr[0]), sq_xy(nr[1])
            out.append(el("line", x1=ax + c / 2, y1=ay + c / 2, x2=bx + c / 2, y2=by + c / 2, class_="cx-link"))

        out += self._crystals(ctx, x0, y0)
        out += self._lines(ctx, x0, y0)
        out += self._dominoes(ctx, x0, y0)
        return out, g.band_n + side + g.band_s

    def _edges(self, ctx, x0, y0, side) -> list[str]:
        g, view = ctx.g, ctx.view
        elements = list(view.get("elements") or [])
        turn = view.get("turn")
        out = []
        for edge in EDGES:
            element = EDGE_ELEMENT[edge]
            p = elements.index(element) if element in elements else None
            you = p is not None and p == ctx.seat
            text = element.upper() + (" (you)" if you else "") if p is not None else f"{element}: empty seat"
            if p is not None and p == turn:
                text += " · to move"
            cls = "cx-seat" + ("" if p is not None else " cx-empty")
            f = g.name_font
            d = g.crystal
            if edge == "North":  # crystals over files c, d: the name over files a, b
                tx, ty, rot = x0 + side / 4, y0 - d, None
            elif edge == "South":  # crystals under files a, b: the name under files c, d
                tx, ty, rot = x0 + 3 * side / 4, y0 + side + d, None
            elif edge == "West":  # crystals left of ranks 4, 3: the name left of ranks 2, 1
                tx, ty, rot = x0 - d, y0 + 3 * side / 4, -90
            else:  # East: crystals right of ranks 2, 1: the name right of ranks 4, 3
                tx, ty, rot = x0 + side + d, y0 + side / 4, 90
            transform = f"rotate({rot} {_f(tx)} {_f(ty)})" if rot else None
            gl = []
            half = len(text) * f * 0.34  # about half the name's length
            off = half + 12
            if p is not None:  # the glyph before the name, along the same line
                gx, gy = (tx - off, ty) if rot is None else (tx, ty + off if rot == -90 else ty - off)
                gl.append(glyph(gx, gy, f * 0.95, element))
            if p is not None and p == turn:  # the seat to move: underlined
                span = off + 8 + half
                if rot is None:
                    gl.append(el("rect", x=tx - off - 8, y=ty + f * 0.7, width=span, height=3, class_="cx-turnbar"))
                elif rot == -90:
                    gl.append(el("rect", x=tx + f * 0.7, y=ty - half, width=3, height=span, class_="cx-turnbar"))
                else:
                    gl.append(el("rect", x=tx - f * 0.7 - 3, y=ty - off - 8, width=3, height=span,
                                 class_="cx-turnbar"))
            label = el("text", text, x=tx, y=ty, class_=cls, font_size=_f(f), transform=transform)
            words = f"{element}'s seat, the {edge} edge" + (": empty" if p is None else "") + \
                (" (you)" if you else "") + (", to move" if p is not None and p == turn else "")
            out.append(group(*gl, label, class_="cx-edge", aria_label=words))
        return out

    def _crystals(self, ctx, x0, y0) -> list[str]:
        g, view = ctx.g, ctx.view
        c, d = g.cell, g.crystal
        side = 4 * c
        totem = str(view.get("totem") or TOTEM_HOME)
        out = []
        for cid, (line, edge) in RED_CRYSTALS.items():
            if line.isdigit():
                cy = y0 + (4 - int(line)) * c + c / 2
                cx = x0 - d if edge == "West" else x0 + side + d
            else:
                cx = x0 + FILES.index(line) * c + c / 2
                cy = y0 - d if edge == "North" else y0 + side + d
            parts = [_diamond(cx, cy, 10, "cx-red")]
            words = [f"red crystal at the end of {'rank' if line.isdigit() else 'file'} {line} ({edge} edge)"]
            if totem == cid:
                parts += _totem(cx, cy, 26)
                words.append("the Lock Totem stands here: that line is locked")
            out.append(ctx.target(f"crystal:{cid}", parts, words, hit=(cx - 14, cy - 14, 28, 28), point=True,
                                  tip=totem == cid))  # the totem's crystal says what it locks
        for point in BLUE_CRYSTALS:
            col, row = _point_xy(point)
            cx, cy = x0 + col * c, y0 + row * c
            parts = []
            words = []
            if point == TOTEM_HOME:
                parts.append(el("circle", cx=cx, cy=cy, r=9, class_="cx-home"))
                words.append("the centre point: the Lock Totem's home (locks nothing)")
            else:
                parts.append(_diamond(cx, cy, 8, "cx-blue"))
                words.append("blue crystal: locks the 2×2 block around it")
            if totem == point:
                parts += _totem(cx, cy, 26)
                words.append("the Lock Totem stands here" + (": that block is locked" if point != TOTEM_HOME
                                                              else " (nothing is locked)"))
            # a grid point is a block (Rotate, Flip) or a blue crystal (Block Lock): whichever is a choice now
            bid, cid = f"block:{point}", f"crystal:{point}"
            pid = bid if (bid in ctx.targets or bid in ctx.marked) else cid
            out.append(ctx.target(pid, parts, words, hit=(cx - 15, cy - 15, 30, 30), point=True,
                                  tip=totem == point))
        return out

    def _lines(self, ctx, x0, y0) -> list[str]:
        """The rank labels (left) and file labels (below): a pill each, the target of Line Push / Line Flip."""
        g = ctx.g
        c = g.cell
        a, b = g.pill
        out = []
        for line in LINES:
            if line.isdigit():
                cy = y0 + (4 - int(line)) * c + c / 2
                hit = (x0 - b, cy - c * 0.38, b - a, c * 0.76)
            else:
                cx = x0 + FILES.index(line) * c + c / 2
                hit = (cx - c * 0.38, y0 + 4 * c + a, c * 0.76, b - a)
            hx, hy, hw, hh = hit
            parts = [el("rect", x=hx, y=hy, width=hw, height=hh, rx=min(hw, hh) / 2, class_="cx-pill")]
            parts.append(el("text", line, x=hx + hw / 2, y=hy + hh / 2, class_="cx-label"))
            words = [f"{'rank' if line.isdigit() else 'file'} {line}"]
            out.append(ctx.target(f"line:{line}", parts, words, hit=hit, pill=True, tip=False))
        return out

    def _dominoes(self, ctx, x0, y0) -> list[str]:
        """Pills on the edges between two squares: the pairs for Switch Pair (drawn only while they are a choice)."""
        g = ctx.g
        c = g.cell
        out = []
        for did in ctx.dominoes():
            a, b = did.split("-")
            fa, ra, fb, rb = FILES.index(a[0]), int(a[1]), FILES.index(b[0]), int(b[1])
            if ra == rb:  # side by side in a rank: a horizontal pill across their edge
                cx, cy = x0 + max(fa, fb) * c, y0 + (4 - ra) * c + c / 2
                hit = (cx - c * 0.36, cy - 12, c * 0.72, 24)
            else:
                cx, cy = x0 + fa * c + c / 2, y0 + (4 - max(ra, rb)) * c + c
                hit = (cx - 12, cy - c * 0.36, 24, c * 0.72)
            hx, hy, hw, hh = hit
            parts = [el("rect", x=hx, y=hy, width=hw, height=hh, rx=12, class_="cx-pill"),
                     el("circle", cx=hx + hw / 2 - (hw - 24) / 4 * (1 if hw > hh else 0),
                        cy=hy + hh / 2 - (hh - 24) / 4 * (1 if hh > hw else 0), r=3.5, class_="cx-if"),
                     el("circle", cx=hx + hw / 2 + (hw - 24) / 4 * (1 if hw > hh else 0),
                        cy=hy + hh / 2 + (hh - 24) / 4 * (1 if hh > hw else 0), r=3.5, class_="cx-if")]
            out.append(ctx.target(f"dom:{did}", parts, [f"the pair {a} and {b}"], hit=hit, pill=True))
        return out

    # --- the panel: your discs, trap, tokens, Luck Action Card; the other seats
    def _panel(self, ctx, x, y, width) -> tuple[list[str], float]:
        view = ctx.view
        out = []
        y0 = y
        n = len(view.get("elements") or [])
        seat = ctx.seat
        if seat is not None and not self.panel:
            out.append(glyph(x + 8, y + 9, 14, (view.get("elements") or [])[seat]))
            out.append(el("text", f"You: {_seat_label(view, seat)}", x=x + 20, y=y + 9, class_="cx-h"))
            return out, 22
        if seat is not None:
            parts, h = self._own(ctx, x, y, width)
            out += parts
            y += h + 6
            parts, h = self._luck_card(ctx, x, y, width)
            out += parts
            y += h + 10
        others = [p for p in range(n) if p != seat]
        if others:
            title = "The other players" if seat is not None else "The players"
            out.append(el("text", title, x=x, y=y + 8, class_="cx-h"))
            y += 20
            for p in others:
                parts, h = self._other(ctx, p, x, y, width)
                out += parts
                y += h + 6
        return out, y - y0

    def _own(self, ctx, x, y, width) -> tuple[list[str], float]:
        view, g, seat = ctx.view, ctx.g, ctx.seat
        out = []
        y_start = y
        elements = list(view.get("elements") or [])
        element = elements[seat]
        tokens = list(view.get("tokens") or [])
        left = tokens[seat] if seat < len(tokens) else 0
        total = LUCK_TOKENS.get(len(elements), max(left, 4))
        out.append(glyph(x + 8, y + 9, 14, element))
        out.append(el("text", f"You: {_seat_label(view, seat)}", x=x + 20, y=y + 9, class_="cx-h"))
        claimed = len((view.get("claimed") or [[]] * (seat + 1))[seat] or [])
        need = view.get("claims_to_win") or 4
        out.append(el("text", f"{claimed} of {need} claimed", x=x + width, y=y + 9, class_="nk-small cx-end"))
        y += 22
        discs = list((view.get("discs") or [[]] * (seat + 1))[seat] or [])
        matched = set(view.get("matched") or [])
        r, step = g.disc_r, g.disc_step
        step = min(step, width / 4)
        for i, disc in enumerate(discs[:4]):
            cx = x + step / 2 + i * step
            cy = y + r + 2
            is_match = disc.get("id") in matched and not disc.get("claimed")
            parts = disc_picture(cx, cy, r, disc, matched=is_match, defs=ctx.defs)
            cap = GROUP_SHORT.get(str(disc.get("group")), "?") + (f" {disc.get('id')}" if disc.get("id") else "")
            parts.append(el("text", cap, x=cx, y=cy + r + 10, class_="nk-small"))
            state = "claimed ✓" if disc.get("claimed") else ("matches now!" if is_match else "")
            if state:
                parts.append(el("text", state, x=cx, y=cy + r + 24, class_="nk-small cx-warn" if is_match
                                else "nk-small"))
            out.append(group(*parts, class_="cx-own-disc", aria_label=disc_words(disc, matched=is_match)))
        y += 2 * r + 40
        # the Trap Card and the Luck tokens
        traps = list(view.get("traps") or [])
        trap = traps[seat] if seat < len(traps) else {}
        parts, th, tw = self._trap_card(ctx, x, y, trap, own=True)
        out += parts
        tx = x + tw + 12
        state = str(trap.get("state") or "face down")
        if trap.get("card"):
            head = f"Trap Card {trap.get('card')} {trap.get('name')}"
            if state == "played":
                note = "played (used up)"
            else:
                note = "you looked at it: play it with the button on your turn, now or later"
        else:
            head = "Your Trap Card: face down"
            note = ("you have not looked at it: play it blind with the button, or spend a token on Reveal Trap "
                    "first")
        out.append(el("text", head, x=tx, y=y + 8, class_="nk-small cx-t", font_weight=700))
        lines, lh = _wrapped(tx, y + 26, note, int((width - tw - 12) / (g.text * 0.52)), step=15)
        out += lines
        ty = y + 26 + lh + 4
        out.append(el("text", f"Luck tokens: {left} of {total}", x=tx, y=ty + 4, class_="nk-small cx-t",
                      font_weight=700))
        out += _tokens(tx, ty + 22, left, total, r=7)
        return out, (y - y_start) + max(th, ty + 30 - y)

    def _trap_card(self, ctx, x, y, trap: Mapping, *, own: bool, scale: float = 1.0) -> tuple[list[str], float, float]:
        """A Trap Card: its back while unseen, else its 4×4 grid (far row on top, the red arrow pointing up to
        the board)."""
        cw, ch = 70 * scale, 84 * scale
        out = []
        grid = trap.get("grid")
        if not grid:
            out.append(el("rect", x=x, y=y, width=cw, height=ch, rx=6, class_="cx-back"))
            out.append(el("rect", x=x + 4, y=y + 4, width=cw - 8, height=ch - 8, rx=4, class_="cx-back2"))
            out.append(el("text", "?", x=x + cw / 2, y=y + ch / 2 - 4 * scale, class_="cx-back-t",
                          font_size=_f(max(11.0, 26 * scale))))
            if scale >= 0.8:
                out.append(el("text", "TRAP", x=x + cw / 2, y=y + ch - 14 * scale, class_="cx-back-t",
                              font_size=_f(11 * scale)))
            words = "Trap Card, face down" + (" (you have not looked at it)" if own else "")
        else:
            out.append(el("rect", x=x, y=y, width=cw, height=ch, rx=6, class_="cx-card"))
            out.append(el("polygon", points=_poly((x + cw / 2, y + 3), (x + cw / 2 - 6 * scale, y + 11 * scale),
                                                  (x + cw / 2 + 6 * scale, y + 11 * scale)), class_="cx-arrow"))
            s = 14 * scale
            gx, gy = x + (cw - 4 * s) / 2, y + 14 * scale
            rows = str(grid).split("/")
            for r, row in enumerate(rows[:4]):
                for col, cell in enumerate(row[:4]):
                    cx, cy = gx + col * s + s / 2, gy + r * s + s / 2
                    out.append(el("rect", x=gx + col * s, y=gy + r * s, width=s, height=s, class_="cx-slot"))
                    if cell in "SG":
                        out += side_mark(cx, cy, s * 0.38, cell, letter=False, defs=ctx.defs)
            words = f"Trap Card {trap.get('card')} {trap.get('name')}: {grid} (far row first)"
        squares = trap.get("squares") if own and trap.get("state") != "played" else None
        touch = " ".join(sq for sq in SQUARES if isinstance(squares, Mapping) and sq in squares) or None
        if touch:
            words += "; point at it to see the squares it sets"
        return [group(*out, class_="cx-trap", aria_label=words, data_touch=touch)], ch, cw

    def _luck_card(self, ctx, x, y, width) -> tuple[list[str], float]:
        view, g, seat = ctx.view, ctx.g, ctx.seat
        used = (view.get("luck_used") or [{}] * (seat + 1))[seat] or {}
        rewind_used = bool((view.get("rewind_used") or [False] * (seat + 1))[seat])
        action = view.get("action")
        cols = 5
        iw = min(g.icon_w, (width - 8) / cols)
        ih = g.icon_h
        h = 24 + 2 * ih + 6
        out = [el("rect", x=x, y=y, width=width, height=h, rx=8, class_="cx-lcard")]
        stage = view.get("stage")
        when = {"before": " — before your Switch", "after": " — after your Flip"}.get(stage, "") \
            if view.get("turn") == seat else ""
        out.append(el("text", f"Luck Action Card{when}", x=x + 8, y=y + 12, class_="cx-h", font_size=13))
        for i, a in enumerate(ACTION_IDS):
            r, col = divmod(i, cols)
            cx = x + 4 + col * iw + iw / 2
            top = y + 24 + r * ih
            parts = [el("rect", x=cx - iw / 2 + 2, y=top, width=iw - 4, height=ih - 4, rx=6, class_="cx-icell")]
            parts += luck_icon(a, cx, top + 20, 28)
            parts.append(el("text", ACTION_NAME[a], x=cx, y=top + ih - 15, class_="cx-c"))
            tid = f"luck:{a}"
            # a choice's label starts with its move ("Spend a Luck token: Line Push"): the action's text follows
            words = [ACTION_TEXT[a] if tid in ctx.targets else f"{ACTION_NAME[a]}: {ACTION_TEXT[a]}"]
            n = int(used.get(a, 0) or 0)
            if n:
                parts.append(el("circle", cx=cx + iw / 2 - 12, cy=top + 10, r=7, class_="cx-token"))
                parts.append(el("text", n, x=cx + iw / 2 - 12, y=top + 10.5, font_size=11, class_="cx-white"))
                words.append(f"{n} token{'s' if n != 1 else ''} spent on it")
            if a == "rewind" and rewind_used:
                parts.append(el("line", x1=cx - iw / 2 + 6, y1=top + ih - 10, x2=cx + iw / 2 - 6, y2=top + 4,
                                class_="cx-used"))
                words.append("used: once per game")
            active = action == a
            if active:
                words.append("under way")
            base = "cx-luck" + (" cx-active" if active else "")
            out.append(ctx.target(tid, parts, words, hit=(cx - iw / 2 + 2, top, iw - 4, ih - 4), base=base,
                                  plain_dim=ctx.luck_dim(tid)))
        return out, h

    def _other(self, ctx, p, x, y, width) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        elements = list(view.get("elements") or [])
        element = elements[p] if p < len(elements) else "?"
        tokens = list(view.get("tokens") or [])
        left = tokens[p] if p < len(tokens) else 0
        total = LUCK_TOKENS.get(len(elements), max(left, 4))
        out = [glyph(x + 8, y + 8, 13, element)]
        turn = " · to move" if view.get("turn") == p else ""
        claimed = (view.get("claimed") or [[]] * (p + 1))[p] or []
        out.append(el("text", f"{_seat_label(view, p)}{turn}", x=x + 20, y=y + 8, class_="nk-small cx-t",
                      font_weight=700))
        out.append(el("text", f"{len(claimed)} claimed", x=x + width - 10 - total * 15, y=y + 8,
                      class_="nk-small cx-end"))
        out += _tokens(x + width - total * 15, y + 8, left, total, r=6)
        y1 = y + 20
        discs = list((view.get("discs") or [[]] * (p + 1))[p] or [])
        r = 17
        for i, disc in enumerate(discs[:4]):
            cx = x + r + 2 + i * (2 * r + 5)
            parts = disc_picture(cx, y1 + r, r, disc, defs=ctx.defs)
            out.append(group(*parts, aria_label=disc_words(disc)))
        traps = list(view.get("traps") or [])
        trap = traps[p] if p < len(traps) else {}
        tx = x + 4 * (2 * r + 5) + 8
        if trap.get("card"):
            ttext = f"Trap Card {trap.get('card')} {trap.get('name')}: {trap.get('state')}."
        else:
            ttext = f"Trap Card {trap.get('state') or 'face down'}."
        used = (view.get("luck_used") or [{}] * (p + 1))[p] or {}
        spent = [f"{ACTION_NAME.get(a, a)}{' ×' + str(n) if n > 1 else ''}" for a, n in used.items()
                 if n and a != "rewind"]
        rewind = bool((view.get("rewind_used") or [False] * (p + 1))[p])
        luck = " Luck used: " + (", ".join(spent) if spent else "none") + \
            (". Rewind used (once a game)." if rewind else ". Rewind still open.")
        chars = int((x + width - tx) / (g.text * 0.52))
        lines, h1 = _wrapped(tx, y1 + 7, ttext + luck, chars, step=15)
        out += lines
        height = 20 + max(2 * r + 4, h1 + 2)
        return out, height


class _Ctx:
    """What one drawing needs to hand around: the view, the targets, the shell's selection hints."""

    def __init__(self, view, targets, chosen, switch, g, seat):
        self.view, self.targets, self.chosen, self.switch, self.g, self.seat = view, targets, chosen, switch, g, seat
        marked = set()
        if view.get("line") is not None:
            marked.add(f"line:{view.get('line')}")
        if view.get("block") is not None:
            marked.add(f"block:{view.get('block')}")
        if view.get("domino") is not None:
            marked.add(f"dom:{view.get('domino')}")
        if view.get("selected") is not None:
            marked.add(str(view.get("selected")))
        self.marked = marked  # the parts of the action under way (drawn chosen)
        self.defs: dict[str, str] = {}  # drawings placed more than once (disc cells): id -> markup, in <defs>

    def pending_squares(self) -> set:
        view = self.view
        out = set()
        if view.get("selected") in SQUARES:
            out.add(view["selected"])
        line = view.get("line")
        if line in LINES:
            out.update(SQUARES[i] for i in LINES[line])
        block = view.get("block")
        if block in BLOCKS:
            out.update(SQUARES[i] for i in BLOCKS[block])
        dom = view.get("domino")
        if isinstance(dom, str):
            out.update(s for s in dom.split("-") if s in SQUARES)
        return out

    def dominoes(self) -> list[str]:
        """The pairs to draw: those that are a choice now, the chosen one, those to switch to."""
        ids = [t for t in list(self.targets) + sorted(self.switch) + sorted(self.marked)
               + ([self.chosen] if self.chosen else []) if str(t).startswith("dom:")]
        seen, out = set(), []
        for t in ids:
            if t not in seen:
                seen.add(t)
                out.append(t[4:])
        return out

    def luck_dim(self, tid: str) -> bool:
        """A Luck icon that is not a choice while others are: drawn faded."""
        return any(str(t).startswith("luck:") for t in self.targets) and tid not in self.targets \
            and tid != self.chosen and tid not in self.switch

    def target(self, tid: str, parts: list[str], words: list[str], *, hit, base: str = "", point: bool = False,
               pill: bool = False, square: bool = False, plain_dim: bool = False, tip: bool = True) -> str:
        """Wrap ``parts`` as the element ``tid``: clickable (class ``legal``) when it is a choice, the chosen one
        (click to put back) or one to switch to."""
        move = self.targets.get(tid)
        is_chosen = tid == self.chosen
        is_switch = tid in self.switch and not is_chosen
        marked = tid in self.marked or is_chosen
        hx, hy, hw, hh = hit
        parts = list(parts)
        cls = (base + " " if base else "") + ("cx-chosen " if marked else "")
        if point:
            parts.append(el("circle", cx=hx + hw / 2, cy=hy + hh / 2, r=hw / 2, class_="cx-pt"))
        elif square:
            parts.append(el("rect", x=hx + 1.5, y=hy + 1.5, width=hw - 3, height=hh - 3, rx=5, class_="cx-hlring"))
        elif not pill:
            parts.append(el("rect", x=hx + 2, y=hy + 2, width=hw - 4, height=hh - 4, rx=4, class_="nk-hl"))
        clickable = move is not None or is_chosen or is_switch
        words = list(words)
        if is_chosen:
            words.append("chosen: click again to put it back")
        elif is_switch:
            words.append("click to choose this instead")
        elif marked:
            words.append("chosen")
        if clickable:
            parts.append(el("rect", x=hx + 1, y=hy + 1, width=hw - 2, height=hh - 2, rx=5, class_="nk-focus"))
        title = ", ".join(str(w) for w in words)
        if move is not None:
            title = f"{move} — {title}"
        if not clickable:  # a tooltip (``tip``); a choice is named by its aria-label
            if tip:
                parts.append(el("title", title))
            return group(*parts, data_id=tid, class_=(cls + ("cx-dim" if plain_dim else "")).strip() or None)
        touch = None
        if move is not None:
            try:
                squares = touched(self.view, move)
            except (KeyError, TypeError, ValueError, IndexError):
                squares = []
            touch = " ".join(s for s in squares if s in SQUARES) or None
        cls += "legal" + (" nk-switch" if is_chosen or is_switch else "")
        return group(*parts, data_id=tid, class_=cls, tabindex=0, role="button", aria_label=title,
                     data_touch=touch)


register("codinca", CodincaTable())

__all__ = ["CodincaTable", "disc_picture", "glyph", "luck_icon", "tile_face"]
