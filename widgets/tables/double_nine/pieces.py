"""The Double Nine table's data and small pictures: the layout's sizes, the picture's style, card faces, strips,
chips and the parts every click target is made of (pure functions of their arguments; see
:mod:`widgets.tables.double_nine`).

    >>> card_words("no_such_card")
    'no_such_card'
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.double_nine import CARDS

from ...front import front_text
from ...svg import el, group, wrap_lines

PAD = 8
GAP = 12              # between the two columns
PANEL_W = 372         # one column: a board, the hand, or the information panel
WIDTH = 2 * PAD + 2 * PANEL_W + GAP
COL_X = (PAD, PAD + PANEL_W + GAP)
NARROW_WIDTH = 2 * PAD + PANEL_W  # the phone layout: one column, drawn near 1:1 on a 390 px screen
SITE_W = 174          # one site column inside a board
SITE_DX = (8, 8 + SITE_W + 8)  # Site ×10, Site ×1, from the board's left edge
STRIP = 19            # a card beneath: a strip this tall
TAP_STRIP = 40        # ... on a phone, while the cards beneath are the current decision (big enough to tap)
TOP_H = 58            # the top card of a site (with one line of its text)
LINE_H = 14           # a line of a card's text
HAND_W = (PANEL_W - 8) // 2
TEXT_CHARS = 27       # effect text characters a line on a hand card
SITE_CHARS = int((SITE_W - 14) / 6.1)  # effect text characters a line on a site's top card
SITE_TEXT_MOST = 5    # lines of its text a site's top card shows at most (the rest: "…", and the tooltip has it)
CHIP_H = 21
CARD_INFO = {c[0]: {"number": c[1], "set": c[2], "effect": c[3], "text": c[4], "constant": c[5]} for c in CARDS}
SITE_KEYS = ("x10", "x1")
SITE_WORDS = {"x10": "Site ×10", "x1": "Site ×1"}
BOARD_PHASES = ("swap", "possess", "aim")
SITE_KINDS = ("site", "take", "remove", "give")
LINE_CHARS = 56       # characters of small text a line in one column

# Own styles on top of the shared ones (widgets/svg.py): theme variables only, so the picture works in
# JupyterLab's light and dark themes.
STYLE = "<style>\n" + front_text("tables/double_nine.css") + "</style>"


def card_words(name: str) -> str:
    """'Reaper (0), Soul Hunt: Take a top card ...' - the tooltip and aria-label of a card."""
    info = CARD_INFO.get(name)
    if info is None:
        return str(name)
    star = " (expansion)" if info["set"] == "expansion" else ""
    return f"{name} ({info['number']}){star}, {info['effect']}: {info['text']}"


def seat_words(view: Mapping, seat: int) -> str:
    """A seat's name, with "(you)" for the viewer's own."""
    seats = view.get("seats") or []
    name = str(seats[seat]) if isinstance(seat, int) and 0 <= seat < len(seats) else f"Player {seat + 1}"
    return f"{name} (you)" if seat == view.get("seat") else name


def name_of(view: Mapping, seat: int) -> str:
    """A seat's name."""
    return seat_words(view, seat).replace(" (you)", "")


def and_list(names: list[str]) -> str:
    """Names joined with commas and a last "and".

    >>> and_list(["Ann", "Bo", "Cy"])
    'Ann, Bo and Cy'
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _number_badge(x: float, y: float, r: float, number) -> str:
    return (el("circle", cx=x, cy=y, r=r, class_="dn-num")
            + el("text", number, x=x, y=y + 0.5, class_="dn-num-t", font_size=round(r * 1.25, 1)))


def card_face(name: str, x: float, y: float, w: float, h: float, *, text_lines: int = 0) -> list[str]:
    """A face-up card: number badge, name, effect name (and ``text_lines`` lines of its text)."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic", "effect": "", "text": "", "constant": False})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    parts = [el("rect", x=x, y=y, width=w, height=h, rx=6, class_=cls)]
    parts.append(_number_badge(x + 19, y + 19, 14, info["number"]))
    star = " ★" if info["set"] == "expansion" else ""
    parts.append(el("text", f"{name}{star}", x=x + 38, y=y + 13, class_="dn-name"))
    effect = info["effect"] + (" [Constant]" if info["constant"] else "")
    parts.append(el("text", effect, x=x + 38, y=y + 29, class_="dn-eff", **fit_text(effect, 6.0, w - 44)))
    if text_lines:
        lines = wrap_lines(info["text"], TEXT_CHARS if w >= HAND_W else SITE_CHARS)
        if len(lines) > text_lines:
            lines = lines[:text_lines]
            lines[-1] = lines[-1].rstrip(".,") + " …"
        for i, line in enumerate(lines):
            parts.append(el("text", line, x=x + 8, y=y + 48 + LINE_H * i, class_="dn-eff"))
    return parts


def fit_text(text: str, per_char: float, room: float) -> dict:
    """SVG attributes that squeeze ``text`` into ``room`` when it would overflow (about ``per_char`` a character)."""
    if len(text) * per_char <= room:
        return {}
    return {"textLength": round(room, 1), "lengthAdjust": "spacingAndGlyphs"}


def card_strip(name: str, x: float, y: float, w: float, h: float = STRIP) -> list[str]:
    """A card beneath another: only its top strip (``h`` tall) shows."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic"})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    star = " ★" if info["set"] == "expansion" else ""
    return [el("rect", x=x, y=y, width=w, height=h + 6, rx=5, class_=cls),
            el("text", f"{info['number']}  {name}{star}", x=x + 8, y=y + h / 2 + 1, class_="dn-strip-t")]


def chip(name: str, x: float, y: float, w: float, label: str | None = None) -> list[str]:
    """A small face-up card: its number and name on one line (pile, removed and revealed hand cards)."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic"})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    text = label if label is not None else f"{info['number']} {name}"
    size = 12 if len(text) * 6.6 + 10 <= w else max(9.0, round((w - 10) / len(text) / 0.55, 1))
    return [el("rect", x=x, y=y, width=w, height=CHIP_H, rx=4, class_=cls),
            el("text", text, x=x + 5, y=y + CHIP_H / 2, class_="dn-strip-t", font_size=size if size != 12 else None)]


def card_back(x: float, y: float, w: float, h: float) -> list[str]:
    """The back of a card."""
    return [el("rect", x=x, y=y, width=w, height=h, rx=3, class_="dn-back"),
            el("rect", x=x + 2.5, y=y + 2.5, width=w - 5, height=h - 5, rx=2, class_="dn-back2")]


def legal_target(parts: list[str], data_id: str, move, words: str, hit: tuple, *, switch: bool = False) -> str:
    """Wrap ``parts`` as a clickable legal target (highlight rectangle ``hit`` on top).

    ``switch``: the click only puts back or switches the chosen card (``pending``), it does not move the game
    on - class ``nk-switch`` says so (the browser tests tell the two kinds of click apart by it).
    """
    x, y, w, h = hit
    parts = parts + [el("rect", x=x - 2, y=y - 2, width=w + 4, height=h + 4, rx=7, class_="dn-hit")]
    cls = "dn-target legal nk-switch" if switch else "dn-target legal"
    return group(*parts, el("title", f"{move} — {words}"), data_id=data_id, class_=cls, tabindex=0,
                 role="button", aria_label=f"{move}. {words}")


def plain(parts: list[str], data_id: str | None, words: str) -> str:
    """``parts`` as a group that is not a choice now, with its words as a tooltip."""
    return group(*parts, el("title", words), data_id=data_id, class_="dn-target" if data_id else None,
                 aria_label=words)


def shield_icon(cx: float, cy: float) -> str:
    """A small shield: the site is protected by Sister."""
    d = (f"M{cx:.1f},{cy - 7:.1f} L{cx + 6:.1f},{cy - 4.5:.1f} L{cx + 5:.1f},{cy + 3:.1f} "
         f"L{cx:.1f},{cy + 7:.1f} L{cx - 5:.1f},{cy + 3:.1f} L{cx - 6:.1f},{cy - 4.5:.1f} Z")
    return el("path", d=d, class_="dn-shield")


def site_text_lines(name: str) -> int:
    """How many lines the text of card ``name`` takes on a site's top card (``SITE_W`` wide).

    >>> site_text_lines("Hacker") > 1
    True
    """
    return len(wrap_lines(CARD_INFO.get(name, {}).get("text", ""), SITE_CHARS))


def site_height(stack, strip: float = STRIP) -> float:
    """The height of a site holding ``stack``: its top card with as much of its text as ``SITE_TEXT_MOST``
    lines hold, and a strip for each card beneath."""
    lines = min(site_text_lines(stack[-1]), SITE_TEXT_MOST) if stack else 1
    return TOP_H + LINE_H * max(0, lines - 1) + strip * max(0, len(stack) - 1)


def strip_height(view: Mapping, p: int, s: str, targets: Mapping, narrow: bool) -> float:
    """How tall the cards beneath the top card of ``p``'s site ``s`` are drawn: tall enough to tap on a phone
    while they are the current decision (Necromancer, Archangel)."""
    if narrow and view.get("turn") == p and view.get("effect_site") == s \
            and any(str(k).startswith("beneath:") for k in targets):
        return TAP_STRIP
    return STRIP


def wrapped_lines(lines: list[str], x: float, y: float, chars: int = LINE_CHARS,
                cls: str = "nk-small nk-left") -> tuple[list[str], float]:
    """Wrapped lines of small text from ``y``; the parts and their height."""
    parts: list[str] = []
    h = 0.0
    for line in lines:
        for part in wrap_lines(line, chars):
            parts.append(el("text", part, x=x, y=y + h + 8, class_=cls))
            h += 17
    return parts, h


def two_digits(n: int) -> str:
    """A card number with two digits.

    >>> two_digits(7), two_digits("?")
    ('07', '?')
    """
    return f"{n:02d}" if isinstance(n, int) else str(n)
