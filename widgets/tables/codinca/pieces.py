"""The Codinca table's data and small pictures: colours, the wide and phone layouts' sizes, the picture's style,
tile faces, Key Discs, Luck Action icons (pure functions of their arguments; see :mod:`widgets.tables.codinca`).

    >>> glyph(10, 10, 12, "Fire").startswith("<")
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ninekit.codinca import GROUP_WORDS as GROUP_NAME
from ninekit.codinca import LUCK_ACTIONS, SQUARES
from ninekit.codinca import SIDE_WORD as SIDE_WORDS
from ninekit.codinca.data import ELEMENTS, RED_CRYSTALS

from ...front import front_text
from ...svg import el, group, tenths, wrap_lines

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


def crystal_kind(cid: str) -> str:
    """Whether crystal ``cid`` is red (at a line's end) or blue (on a grid point).

    >>> crystal_kind("R4"), crystal_kind("V11")
    ('red', 'blue')
    """
    return "red" if cid in RED_CRYSTALS else "blue"


def point_xy(point: str) -> tuple[int, int]:
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


def poly(*pairs) -> str:
    """The ``points`` of a polygon, to tenths.

    >>> poly((0, 1.25), (2, 3))
    '0,1.2 2,3'
    """
    return " ".join(f"{tenths(x)},{tenths(y)}" for x, y in pairs)


def _hatch(x: float, y: float, s: float, step: float = 8) -> str:
    """Diagonal hatch lines exactly inside the square (x, y, s): one path, no pattern ids."""
    d = []
    k = step
    while k < 2 * s:
        if k <= s:
            d.append(f"M {tenths(x + k)} {tenths(y)} L {tenths(x)} {tenths(y + k)}")
        else:
            d.append(f"M {tenths(x + s)} {tenths(y + k - s)} L {tenths(x + k - s)} {tenths(y + s)}")
        k += step
    return el("path", d=" ".join(d), class_="cx-hatch")


def glyph(cx: float, cy: float, size: float, element: str, *, outline: bool = False) -> str:
    """The element's alchemical triangle: Fire ▲, Water ▼, Air ▲ with a bar, Earth ▼ with a bar."""
    up = element in ("Fire", "Air")
    h = size
    if up:
        pts = poly((cx, cy - 0.55 * h), (cx - 0.55 * h, cy + 0.42 * h), (cx + 0.55 * h, cy + 0.42 * h))
        bar_y = cy + 0.02 * h
    else:
        pts = poly((cx, cy + 0.55 * h), (cx - 0.55 * h, cy - 0.42 * h), (cx + 0.55 * h, cy - 0.42 * h))
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
            rays.append(f"M {tenths(cx + dx * (r + 3))} {tenths(cy + dy * (r + 3))} L "
                        f"{tenths(cx + dx * (r + s * 0.11))} "
                        f"{tenths(cy + dy * (r + s * 0.11))}")
        parts.append(el("path", d=" ".join(rays), class_="cx-ray"))
    else:
        parts.append(el("rect", x=x, y=y, width=s, height=s, rx=s * 0.04, class_="cx-stone"))
        parts.append(_hatch(x + 1, y + 1, s - 2, max(6.0, s / 10)))
        inset = s * 0.15
        parts.append(el("rect", x=x + inset, y=y + inset, width=s - 2 * inset, height=s - 2 * inset,
                        class_="cx-frame", fill="#c9cdd2"))
    parts.append(glyph(x + s / 2, y + s / 2 + (0 if side == "G" else 0), s * 0.36, element))
    parts.append(el("text", element[:1], x=x + s * 0.06, y=y + s * 0.13, class_="cx-init",
                    font_size=tenths(max(11.0, s * 0.16))))
    return parts


def _face_id(s: float, side: str, element: str = "") -> str:
    """The id of a tile face ``s`` units wide in a picture's <defs>: ``cx76S`` (the stone face's background),
    ``cx76SF`` (a stone Fire tile).  Every picture that uses an id defines it with the very same content, so a page
    that shows many pictures (a tutorial) may hold it many times: whichever copy a <use> finds draws the same."""
    return f"cx{tenths(s).replace('.', '_')}{side}{element[:1]}"


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
        mid = f"cxm{tenths(r).replace('.', '_')}{side}"
        if mid not in defs:
            defs[mid] = group(*side_mark(0, 0, r, side, letter=False), id=mid)
        return [el("use", href=f"#{mid}", x=cx, y=cy)]
    if side == "G":
        parts = [el("circle", cx=cx, cy=cy, r=r, class_="cx-gold"),
                 el("circle", cx=cx, cy=cy, r=r * 0.62, class_="cx-ring", stroke_width=1.4)]
    elif side == "S":
        parts = [el("rect", x=cx - r, y=cy - r, width=2 * r, height=2 * r, class_="cx-stone"),
                 el("path", d=f"M {tenths(cx - r)} {tenths(cy + r * 0.2)} L {tenths(cx + r * 0.2)} {tenths(cy - r)} "
                              f"M {tenths(cx - r * 0.2)} {tenths(cy + r)} L {tenths(cx + r)} {tenths(cy - r * 0.2)}",
                    class_="cx-hatch")]
    else:
        return [el("circle", cx=cx, cy=cy, r=r * 0.8, class_="cx-slot")]
    if letter and r >= 6:
        parts.append(el("text", side, x=cx, y=cy + 0.5, font_size=tenths(r * 1.15), class_="cx-dark"))
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
                        font_size=tenths(max(11.0, r * 0.6)), font_weight=800))
    if claimed:
        tx, ty, tr = cx + r * 0.72, cy - r * 0.72, max(6.0, r * 0.3)
        parts.append(el("circle", cx=tx, cy=ty, r=tr, class_="cx-tick"))
        parts.append(el("path", d=f"M {tenths(tx - tr * 0.5)} {tenths(ty)} L {tenths(tx - tr * 0.1)} "
                                  f"{tenths(ty + tr * 0.4)} "
                                  f"L {tenths(tx + tr * 0.5)} {tenths(ty - tr * 0.4)}", class_="cx-tick-t"))
    return parts


def disc_words(disc: Mapping, *, matched: bool = False) -> str:
    """A Key Disc in words for a tooltip: its group, face, and whether it matches now or is claimed."""
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


def padlock_icon(cx: float, cy: float, s: float) -> list[str]:
    """A padlock ``s`` wide centred on (cx, cy): a locked square."""
    return [el("path", d=f"M {tenths(cx - s * 0.3)} {tenths(cy)} L {tenths(cx - s * 0.3)} {tenths(cy - s * 0.3)} "
                         f"A {tenths(s * 0.3)} {tenths(s * 0.3)} 0 0 1 {tenths(cx + s * 0.3)} {tenths(cy - s * 0.3)} "
                         f"L {tenths(cx + s * 0.3)} {tenths(cy)}", class_="cx-shackle"),
            el("rect", x=cx - s * 0.45, y=cy - s * 0.05, width=s * 0.9, height=s * 0.6, rx=2, class_="cx-padlock")]


def totem_icon(cx: float, cy: float, s: float) -> list[str]:
    """The Lock Totem: a violet pillar with a keyhole."""
    pts = poly((cx - s * 0.32, cy + s * 0.5), (cx - s * 0.4, cy - s * 0.25), (cx, cy - s * 0.55),
                (cx + s * 0.4, cy - s * 0.25), (cx + s * 0.32, cy + s * 0.5))
    return [el("polygon", points=pts, class_="cx-totem"),
            el("circle", cx=cx, cy=cy - s * 0.08, r=s * 0.1, class_="cx-keyhole"),
            el("rect", x=cx - s * 0.045, y=cy - s * 0.05, width=s * 0.09, height=s * 0.28, class_="cx-keyhole")]


def diamond(cx: float, cy: float, r: float, cls: str) -> str:
    """A diamond (a blue crystal's shape) of radius ``r`` around (cx, cy)."""
    return el("polygon", points=poly((cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)),
              class_=cls)


def _mini_grid(x: float, y: float, s: float, rows: int, cols: int, filled=()) -> list[str]:
    paths: dict[str, list[str]] = {"cx-i": [], "cx-if": []}  # one path of squares for each style
    w = tenths(s - 1.5)
    for r in range(rows):
        for c in range(cols):
            cls = "cx-if" if (r, c) in filled else "cx-i"
            paths[cls].append(f"M{tenths(x + c * s)} {tenths(y + r * s)}h{w}v{w}h-{w}z")
    return [el("path", d="".join(d), class_=cls) for cls, d in paths.items() if d]


def luck_icon(action: str, cx: float, cy: float, s: float) -> list[str]:
    """The Luck Action Card's icon for ``action`` in a box about ``s`` wide, centred on (cx, cy)."""
    q = s / 4.5
    if action == "reveal_trap":  # an eye
        return [el("path", d=f"M {tenths(cx - s * 0.45)} {tenths(cy)} Q {tenths(cx)} {tenths(cy - s * 0.45)} "
                             f"{tenths(cx + s * 0.45)} "
                             f"{tenths(cy)} Q {tenths(cx)} {tenths(cy + s * 0.45)} {tenths(cx - s * 0.45)} "
                             f"{tenths(cy)} Z", class_="cx-i"),
                el("circle", cx=cx, cy=cy, r=s * 0.13, class_="cx-if")]
    if action in ("line_push", "line_flip", "line_lock"):
        filled = {(0, 0), (0, 2)} if action == "line_flip" else set()
        out = _mini_grid(cx - 2 * q, cy - q / 2, q, 1, 4, filled)
        if action == "line_push":
            y = cy + q * 1.2
            out.append(el("path", d=f"M {tenths(cx - 2 * q)} {tenths(y)} L {tenths(cx + 2 * q)} {tenths(y)} M "
                                    f"{tenths(cx + 1.4 * q)} "
                                    f"{tenths(y - q * 0.5)} L {tenths(cx + 2 * q)} {tenths(y)} "
                                    f"L {tenths(cx + 1.4 * q)} {tenths(y + q * 0.5)}",
                          class_="cx-i"))
        elif action == "line_flip":
            out.append(el("path", d=f"M {tenths(cx - q)} {tenths(cy - q * 1.2)} A {tenths(q * 1.2)} "
                                    f"{tenths(q * 0.8)} 0 0 1 "
                                    f"{tenths(cx + q)} {tenths(cy - q * 1.2)}", class_="cx-i"))
        else:
            out += padlock_icon(cx - 2 * q - q * 0.9, cy + q * 0.1, q * 1.6)
        return out
    if action in ("rotate_block", "block_flip", "block_lock"):
        filled = {(0, 0), (1, 1)} if action == "block_flip" else set()
        out = _mini_grid(cx - q, cy - q, q, 2, 2, filled)
        if action == "rotate_block":
            r = q * 1.6
            out.append(el("path", d=f"M {tenths(cx + r)} {tenths(cy)} A {tenths(r)} {tenths(r)} 0 1 1 {tenths(cx)} "
                                    f"{tenths(cy - r)} "
                                    f"M {tenths(cx - q * 0.4)} {tenths(cy - r - q * 0.4)} L {tenths(cx)} "
                                    f"{tenths(cy - r)} "
                                    f"L {tenths(cx - q * 0.4)} {tenths(cy - r + q * 0.4)}", class_="cx-i"))
        elif action == "block_flip":
            out.append(el("path", d=f"M {tenths(cx - q)} {tenths(cy - q * 1.3)} A {tenths(q)} {tenths(q * 0.6)} 0 0 1 "
                                    f"{tenths(cx + q)} {tenths(cy - q * 1.3)}", class_="cx-i"))
        else:
            out += padlock_icon(cx + q * 2, cy + q * 0.1, q * 1.6)
        return out
    if action == "switch_pair":
        out = _mini_grid(cx - q * 2, cy - q, q, 2, 1) + _mini_grid(cx + q, cy - q, q, 2, 1)
        out.append(el("path", d=f"M {tenths(cx - q * 0.8)} {tenths(cy - q * 0.4)} L {tenths(cx + q * 0.8)} "
                                f"{tenths(cy - q * 0.4)} "
                                f"M {tenths(cx + q * 0.8)} {tenths(cy + q * 0.4)} L {tenths(cx - q * 0.8)} "
                                f"{tenths(cy + q * 0.4)}",
                      class_="cx-i"))
        return out
    if action == "extra_move":
        return [el("text", "+1", x=cx, y=cy + 1, font_size=tenths(s * 0.5), font_weight=800)]
    if action == "rewind":  # ◀◀
        return [el("polygon", points=poly((cx, cy - q), (cx, cy + q), (cx - q * 1.4, cy)), class_="cx-if"),
                el("polygon", points=poly((cx + q * 1.4, cy - q), (cx + q * 1.4, cy + q), (cx, cy)), class_="cx-if")]
    return []


def token_row(x: float, y: float, left: int, total: int, r: float = 6) -> list[str]:
    """Luck tokens: a red counter for each left, a dashed ring for each spent."""
    out = []
    for i in range(total):
        out.append(el("circle", cx=x + r + i * (2 * r + 3), cy=y, r=r,
                      class_="cx-token" if i < left else "cx-token cx-spent"))
    return out


def text_at(x, y, text, cls="nk-small cx-t", **kw) -> str:
    """One line of small text at (x, y)."""
    return el("text", text, x=x, y=y, class_=cls, **kw)


def wrapped(x, y, text, chars, step=16, cls="nk-small cx-t", **kw) -> tuple[list[str], float]:
    """``text`` wrapped to ``chars`` a line from ``y``: the parts and their height."""
    lines = wrap_lines(text, chars)
    return [text_at(x, y + i * step, line, cls, **kw) for i, line in enumerate(lines)], step * len(lines)


def seat_label(view: Mapping, p: int) -> str:
    """Seat ``p`` in words: its element and its edge of the board."""
    elements = list(view.get("elements") or [])
    edges = list(view.get("edges") or [])
    name = elements[p] if p < len(elements) else f"Seat {p + 1}"
    edge = edges[p] if p < len(edges) else ELEMENT_EDGE.get(name, "")
    return f"{name} ({edge})" if edge else str(name)
