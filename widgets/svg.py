"""Tiny helpers for building SVG (and HTML) text deterministically.

Everything here is a pure function: the same arguments give the same text,
so a board picture is a pure function of a view.

    >>> el("circle", cx=1, cy=2.5, r=3, class_="x")
    '<circle cx="1" cy="2.5" r="3" class="x"/>'
    >>> el("text", "a<b", x=0, font_size=9)
    '<text x="0" font-size="9">a&lt;b</text>'
"""

from __future__ import annotations

from html import escape

from .front import front_text

SVG_NS = "http://www.w3.org/2000/svg"


def esc(value) -> str:
    """Escape text for use inside SVG/HTML text or attribute values.

    >>> esc('Fire & "Earth"'), esc(12)
    ('Fire &amp; &quot;Earth&quot;', '12')
    """
    text = str(value)
    # Most text has nothing to escape: looking first is several times quicker than escaping (a picture has
    # thousands of attributes, drawn again after every move).
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return escape(text, quote=True)
    return text


def num(value) -> str:
    """A number as short text: 3.0 -> '3', 2.50 -> '2.5'."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def tenths(value: float) -> str:
    """A coordinate to a tenth, as short text (for path data, where ``num``'s hundredths are too long).

    >>> tenths(3.0), tenths(2.46), tenths(-0.04)
    ('3', '2.5', '-0')
    """
    return f"{value:.1f}".rstrip("0").rstrip(".")


_ATTR_NAMES: dict[str, str] = {}  # keyword -> attribute name, worked out once (a picture has a thousand elements)


def attrs(**kw) -> str:
    """Attribute text; ``class_`` -> ``class``, ``data_id`` -> ``data-id``; None is dropped."""
    out = []
    for key, value in kw.items():
        if value is None or value is False:
            continue
        name = _ATTR_NAMES.get(key)
        if name is None:
            name = _ATTR_NAMES[key] = key.rstrip("_").replace("_", "-")
        kind = type(value)
        text = value if kind is int else esc(value) if kind is str else esc(num(value))  # an int needs neither
        out.append(f' {name}="{text}"')
    return "".join(out)


def el(name: str, *children: str, raw: bool = False, **kw) -> str:
    """One element.  Children are escaped text unless ``raw`` (already markup)."""
    inner = "".join(children if raw else (esc(c) for c in children))
    if not inner:
        return f"<{name}{attrs(**kw)}/>"
    return f"<{name}{attrs(**kw)}>{inner}</{name}>"


def group(*children: str, **kw) -> str:
    """A ``<g>`` around already-built markup."""
    return el("g", *children, raw=True, **kw)


def seen_by(view, who: str) -> str:
    """The words of a board's label that say whose view it draws; a view with every secret shown (the
    sandbox's "everything", ``State.view(seat, reveal=True)``) says so.

    >>> seen_by({"reveal": True}, "North")
    'seen by North, with every secret shown'
    """
    return f"seen by {who}, with every secret shown" if view.get("reveal") else f"seen by {who}"


def svg_root(width: float, height: float, body: str, *, label: str, game: str, extra_class: str = "") -> str:
    """The outer ``<svg>``: scales to its container through ``viewBox``."""
    cls = "ninekit-svg" + (f" {extra_class}" if extra_class else "")
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(width)} {num(height)}"'
        f"{attrs(class_=cls, data_game=game, role='group', aria_label=label)}"
        f' preserveAspectRatio="xMidYMin meet">'
        f"<title>{esc(label)}</title>{STYLE}{body}</svg>"
    )


def wrap_lines(text: str, width: int) -> list[str]:
    """Greedy word wrap to at most ``width`` characters a line.

    >>> wrap_lines("one two three four", 9)
    ['one two', 'three', 'four']
    """
    lines: list[str] = []
    current = ""
    for word in str(text).split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


# The picture carries its own style (widgets/front/svg.css) so it also looks right when shown on its
# own (a bare State's display).  Colours come from the JupyterLab theme
# variables, with light-theme fallbacks; the two sides differ by shape
# fill (solid / outline) as well as by hue.
STYLE = "<style>\n" + front_text("svg.css") + "</style>"
