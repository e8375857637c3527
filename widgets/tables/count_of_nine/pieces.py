"""The Count of Nine table's data and small pictures: resource colours, the wide and phone layouts' sizes, the
picture's style, chips, shields, cost rows and the mini cards (pure functions of their arguments; see
:mod:`widgets.tables.count_of_nine`).

    >>> chip(10, 10, 8, "Crew").count("<") > 1
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ninekit.count_of_nine import LOOK, STRUCTURES, cost_words

from ...front import front_text
from ...svg import el, group, tenths, wrap_lines

# --- data tables ---------------------------------------------------------------------------------------

# Resource -> (letter, colour, ink on that colour).  Okabe-Ito colours (safe for colour-blind eyes), and the
# letter always with the colour.
RESOURCE_LOOK = {
    "Lumber": ("L", "#009E73", "#ffffff"),
    "Crew": ("C", "#D55E00", "#ffffff"),
    "Stone": ("S", "#A3A3A3", "#111111"),
    "Iron": ("I", "#0072B2", "#ffffff"),
    "Gold": ("G", "#F0E442", "#111111"),
}
PLACE_WORDS = {"centre": "the centre card", "deck": "the top card of the deck", "discard": "the top discard",
               "target": "the target card"}
# Moves after which Undo stops: each may turn up a card not seen before (the deck's order, in round 1 its
# rotations too, is hidden), which cannot be unseen.
REVEALING_KINDS = frozenset({"target", "round", "pass", "pay", "return"})


@dataclass(frozen=True)
class Geometry:
    width: float
    pad: float
    card_w: float
    card_h: float
    gap: float        # between the cards of the play area
    band: float       # the top resource's band
    foot: float       # the bottom resource's band
    mini_w: float     # a card in the deck strip
    mini_h: float
    tile_w: float     # a structure in the city
    tile_h: float
    chip: float       # a resource chip's radius
    text: float
    chars: int        # characters a line across the picture


WIDE = Geometry(width=880, pad=8, card_w=196, card_h=134, gap=18, band=24, foot=18, mini_w=88, mini_h=64,
                tile_w=104, tile_h=48, chip=7.5, text=12.5, chars=106)
NARROW = Geometry(width=390, pad=8, card_w=182, card_h=130, gap=10, band=24, foot=18, mini_w=88, mini_h=64,
                  tile_w=88, tile_h=48, chip=7, text=12.5, chars=47)

STYLE = "<style>\n" + front_text("tables/count_of_nine.css") + "</style>"


# --- small pictures ---------------------------------------------------------------------------------------


def ink_class(colour: str) -> str:
    """The class of text on a resource's colour (a class, as the page's style outranks a fill attribute)."""
    return "c9-w" if colour == "#ffffff" else "c9-d"


def chip(cx: float, cy: float, r: float, resource: str) -> str:
    """A resource chip: its letter on its colour."""
    letter, colour, ink = RESOURCE_LOOK.get(resource, ("?", "#cccccc", "#111111"))
    return (el("circle", cx=cx, cy=cy, r=r, class_="c9-chip", fill=colour)
            + el("text", letter, x=cx, y=cy + 0.5, class_=ink_class(ink), font_size=tenths(max(11.0, r * 1.45)),
                 font_weight=800))


def alt_chip(cx: float, cy: float, r: float, first: str, second: str) -> str:
    """An ``A/B`` cost unit: a pill split in two colours with both letters."""
    la, ca, ia = RESOURCE_LOOK[first]
    lb, cb, ib = RESOURCE_LOOK[second]
    w = 2 * r + 12
    x0 = cx - w / 2
    left = (f"M {tenths(cx)} {tenths(cy - r)} H {tenths(x0 + r)} A {tenths(r)} {tenths(r)} 0 0 0 {tenths(x0 + r)} "
            f"{tenths(cy + r)} H {tenths(cx)} Z")
    right = (f"M {tenths(cx)} {tenths(cy - r)} H {tenths(x0 + w - r)} A {tenths(r)} {tenths(r)} 0 0 1 "
             f"{tenths(x0 + w - r)} {tenths(cy + r)} "
             f"H {tenths(cx)} Z")
    fs = 11
    return (el("path", d=left, fill=ca, class_="c9-chip") + el("path", d=right, fill=cb, class_="c9-chip")
            + el("text", la, x=cx - w / 4 + 1, y=cy + 0.5, class_=ink_class(ia), font_size=fs, font_weight=800)
            + el("text", lb, x=cx + w / 4 - 1, y=cy + 0.5, class_=ink_class(ib), font_size=fs, font_weight=800))


def shield(cx: float, cy: float, size: float, vp: int) -> str:
    """A victory-point shield with its number."""
    s = size
    d = (f"M {tenths(cx - s / 2)} {tenths(cy - s / 2)} H {tenths(cx + s / 2)} V {tenths(cy + s * 0.05)} "
         f"Q {tenths(cx + s / 2)} {tenths(cy + s * 0.42)} {tenths(cx)} {tenths(cy + s * 0.62)} "
         f"Q {tenths(cx - s / 2)} {tenths(cy + s * 0.42)} {tenths(cx - s / 2)} {tenths(cy + s * 0.05)} Z")
    return el("path", d=d, class_="c9-shield") + el("text", vp, x=cx, y=cy + s * 0.02, class_="c9-vp",
                                                    font_size=tenths(max(11.0, s * 0.62)))


def cost_width(name: str, r: float) -> float:
    """How wide the cost chips of ``name`` are drawn."""
    return sum((2 * r + 12 if len(unit) > 1 else 2 * r) + 3 for unit in STRUCTURES[name].cost) - 3


def cost_chips(x: float, cy: float, r: float, name: str) -> list[str]:
    """The cost of ``name`` as chips from ``x`` (left edge)."""
    out = []
    for unit in STRUCTURES[name].cost:
        if len(unit) > 1:
            w = 2 * r + 12
            out.append(alt_chip(x + w / 2, cy, r, unit[0], unit[1]))
        else:
            w = 2 * r
            out.append(chip(x + r, cy, r, unit[0]))
        x += w + 3
    return out


def structure_words(name: str) -> str:
    """What a structure costs, needs and gives, in words."""
    s = STRUCTURES[name]
    words = [f"{name}: costs {cost_words(name)}"]
    if s.requires:
        words.append("needs " + ", ".join(s.requires) + " in your city")
    if s.provides:
        words.append(f"gives {s.provides} once a round")
    if s.vp:
        words.append(f"{s.vp} VP")
    if s.kind == "special":
        words.append("takes a structure down from your city")
    return "; ".join(words)


def effect(x: float, cy: float, r: float, name: str, *, small: bool = False) -> list[str]:
    """What a structure gives, from ``x`` (left edge): ``→`` and a resource chip, and/or a VP shield."""
    s = STRUCTURES[name]
    out = []
    if s.provides:
        out.append(el("text", "gives", x=x, y=cy, class_="c9-ink c9-t", font_size=11))
        out.append(chip(x + 34 + r, cy, r, s.provides))
        x += 34 + 2 * r + 6
    if s.vp:
        out.append(shield(x + r + 2, cy - 1, 2 * r + 6, s.vp))
        x += 2 * r + 12
        if not small:
            out.append(el("text", "VP", x=x, y=cy, class_="c9-ink c9-t", font_size=11, font_weight=700))
    if s.kind == "special":
        out.append(el("text", "demolishes", x=x, y=cy, class_="c9-ink c9-t", font_size=11, font_style="italic"))
    elif not s.provides and not s.vp:
        out.append(el("text", "(0 VP)", x=x, y=cy, class_="c9-ink c9-t", font_size=11))
    return out


def card_words(c: Mapping) -> str:
    """A card dict as words: 'card 4 face A (rotated): Crew on top, Iron below; Goldsmith left, Mine right'."""
    rot = " (rotated)" if c.get("rotated") else ""
    tilt = "; tilted: its resource was used this round" if c.get("tilted") else ""
    return (f"card {c.get('card')} face {c.get('face')}{rot}: {c.get('top')} on top (active), {c.get('bottom')} "
            f"below; {c.get('left')} left, {c.get('right')} right{tilt}")


def card_back(x: float, y: float, w: float, h: float, *, text: str = "9") -> list[str]:
    """The back of a card (its order or rotation unknown)."""
    return [el("rect", x=x, y=y, width=w, height=h, rx=6, class_="c9-back"),
            el("rect", x=x + 4, y=y + 4, width=w - 8, height=h - 8, rx=4, class_="c9-back2"),
            el("text", text, x=x + w / 2, y=y + h / 2, class_="c9-backt", font_size=tenths(min(26.0, h * 0.38)))]


def mini_card(x: float, y: float, w: float, h: float, c: Mapping) -> list[str]:
    """A small face-up card (the deck strip, the deal): number, top resource band, both structure names."""
    face = c.get("face", "A")
    out = [el("rect", x=x, y=y, width=w, height=h, rx=2 if face == "A" else 9, class_="c9-mini",
              fill="#f1e3c3" if face == "B" else None)]
    top = str(c.get("top"))
    letter, colour, ink = RESOURCE_LOOK.get(top, ("?", "#ccc", "#111"))
    out.append(el("rect", x=x + 3, y=y + 3, width=w - 6, height=17, rx=2, fill=colour))
    out.append(el("text", f"{letter} {top}", x=x + w / 2, y=y + 11.5, class_=ink_class(ink), font_size=11,
                  font_weight=800))
    out.append(el("text", short_name(str(c.get("left")), w), x=x + 5, y=y + 29, class_="c9-ink c9-t", font_size=11))
    out.append(el("text", short_name(str(c.get("right")), w), x=x + w - 5, y=y + 43, class_="c9-ink c9-end",
                  font_size=11))
    bottom = str(c.get("bottom"))
    bl, bcol, bink = RESOURCE_LOOK.get(bottom, ("?", "#ccc", "#111"))
    out.append(el("rect", x=x + w / 2 - 14, y=y + h - 15, width=28, height=13, rx=2, fill=bcol, opacity=.45))
    out.append(el("text", bl, x=x + w / 2, y=y + h - 8.5, class_="c9-ink", font_size=11, font_weight=700,
                  transform=f"rotate(180 {tenths(x + w / 2)} {tenths(y + h - 8.5)})"))
    idx = f"{c.get('card')}{face}"
    mark = index_underline(c)
    if c.get("rotated"):
        out.append(el("text", idx, x=x + w - 10, y=y + h - 8, class_="c9-ink", font_size=11, font_weight=700,
                      text_decoration=mark, transform=f"rotate(180 {tenths(x + w - 10)} {tenths(y + h - 8)})"))
    else:
        out.append(el("text", idx, x=x + 10, y=y + h - 8, class_="c9-ink", font_size=11, font_weight=700,
                      text_decoration=mark))
    return [group(*out, aria_label=card_words(c))]


def index_underline(c: Mapping) -> str | None:
    """Cards 6 and 9 have their corner index underlined, as printed cards do, so a rotated 9 is not read as a 6."""
    return "underline" if c.get("card") in (6, 9) else None


def short_name(name: str, w: float) -> str:
    """A structure name cut to fit a mini card ``w`` wide."""
    room = int((w - 8) / 6.3)
    return name if len(name) <= room else name[: room - 1] + "."


def text_lines(x: float, y: float, text: str, chars: int, *, step: float = 15, cls: str = "nk-small c9-t",
                **kw) -> tuple[list[str], float]:
    """``text`` wrapped to ``chars`` a line from ``y``: the parts and their height."""
    lines = wrap_lines(text, max(8, chars)) or [""]
    return [el("text", line, x=x, y=y + i * step, class_=cls, **kw) for i, line in enumerate(lines)], len(lines) * step


def plural(n, word: str) -> str:
    """'1 point', '3 points'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def face_a(code: str) -> dict:
    """A deal entry ("3" or "3r") as the card dict of a deck card (face A as it lies)."""
    text = str(code)
    rotated = text.endswith("r")
    n = int(text.rstrip("r"))
    top, bottom, left, right = LOOK[n * 2 + rotated, "A"]
    return {"card": n, "face": "A", "rotated": rotated, "top": top, "bottom": bottom, "left": left, "right": right,
            "tilted": False}
