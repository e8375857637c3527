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

SVG_NS = "http://www.w3.org/2000/svg"


def esc(value) -> str:
    """Escape text for use inside SVG/HTML text or attribute values."""
    return escape(str(value), quote=True)


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
        out.append(f' {name}="{esc(num(value))}"')
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


# The picture carries its own style so it also looks right when shown on its
# own (a bare State's display).  Colours come from the JupyterLab theme
# variables, with light-theme fallbacks; the two sides differ by shape
# fill (solid / outline) as well as by hue.
STYLE = """<style>
svg.ninekit-svg{font-family:var(--jp-ui-font-family,system-ui,sans-serif);color:var(--jp-ui-font-color1,#1a1a1a);
--nk-side0:#c2410c;--nk-side1:#1d6fd1;--nk-ink:var(--jp-ui-font-color1,#1a1a1a);--nk-bg:var(--jp-layout-color0,#fff);
--nk-sq:var(--jp-layout-color1,#fff);--nk-sq2:var(--jp-layout-color2,#eee);--nk-line:var(--jp-border-color1,#9e9e9e);
--nk-hl:var(--jp-brand-color1,#1976d2);--nk-warn:var(--jp-warn-color0,#e65100)}
svg.ninekit-svg text{fill:var(--nk-ink);dominant-baseline:central;text-anchor:middle}
svg.ninekit-svg text.nk-left{text-anchor:start}
svg.ninekit-svg .nk-bgrect{fill:none}
svg.ninekit-svg .nk-sq{fill:var(--nk-sq);stroke:var(--nk-line);stroke-width:1}
svg.ninekit-svg .nk-sq.nk-alt{fill:var(--nk-sq2);fill:color-mix(in srgb,var(--nk-sq) 91%,var(--nk-ink))}
svg.ninekit-svg .nk-coord{font-size:12px;fill:var(--jp-ui-font-color2,#555)}
svg.ninekit-svg .nk-tint0{fill:var(--nk-side0);opacity:.12}
svg.ninekit-svg .nk-tint1{fill:var(--nk-side1);opacity:.12}
svg.ninekit-svg .nk-side0.nk-solid{fill:var(--nk-side0);stroke:var(--nk-side0)}
svg.ninekit-svg .nk-side1.nk-solid{fill:var(--nk-side1);stroke:var(--nk-side1)}
svg.ninekit-svg .nk-side0.nk-hollow{fill:var(--nk-bg);stroke:var(--nk-side0);stroke-width:2.5}
svg.ninekit-svg .nk-side1.nk-hollow{fill:var(--nk-bg);stroke:var(--nk-side1);stroke-width:2.5}
svg.ninekit-svg text.nk-on-solid{fill:#fff;font-weight:700}
svg.ninekit-svg text.nk-on-hollow{fill:var(--nk-ink);font-weight:700}
svg.ninekit-svg .nk-ring0{fill:none;stroke:var(--nk-side0);stroke-width:1.5;stroke-dasharray:3 2}
svg.ninekit-svg .nk-ring1{fill:none;stroke:var(--nk-side1);stroke-width:1.5;stroke-dasharray:3 2}
svg.ninekit-svg .nk-badge{fill:var(--nk-bg);stroke:var(--nk-ink);stroke-width:1}
svg.ninekit-svg .nk-badge.nk-secret{stroke-dasharray:2 1.5}
svg.ninekit-svg .nk-badge.nk-public{fill:var(--nk-ink)}
svg.ninekit-svg text.nk-badge-t{font-size:11px;font-weight:700}
svg.ninekit-svg text.nk-badge-t.nk-public{fill:var(--nk-bg)}
svg.ninekit-svg .nk-selected{fill:none;stroke:var(--nk-warn);stroke-width:3.5}
svg.ninekit-svg .nk-fight{fill:none;stroke:var(--nk-warn);stroke-width:3;stroke-dasharray:6 3}
svg.ninekit-svg .nk-fight-from{fill:none;stroke:var(--nk-warn);stroke-width:2;stroke-dasharray:2 3}
svg.ninekit-svg .nk-hl{fill:transparent}
svg.ninekit-svg .legal .nk-hl{fill:var(--nk-hl);fill-opacity:.22}
svg.ninekit-svg .legal .nk-dot{fill:var(--nk-hl);opacity:.85}
svg.ninekit-svg .legal{cursor:pointer}
svg.ninekit-svg .legal:hover .nk-hl{fill-opacity:.38}
svg.ninekit-svg .nk-focus{fill:none;stroke:none}
svg.ninekit-svg .legal:focus{outline:none}
svg.ninekit-svg .legal:focus-visible .nk-focus,
svg.ninekit-svg .legal:focus .nk-focus{stroke:var(--nk-ink);stroke-width:3}
svg.ninekit-svg .legal:focus-visible .nk-hl{fill-opacity:.45}
svg.ninekit-svg .nk-panel{fill:var(--nk-sq2);stroke:none}
svg.ninekit-svg text.nk-small{font-size:12.5px}
svg.ninekit-svg text.nk-info{font-size:13.5px}
svg.ninekit-svg text.nk-title{font-size:12px;font-weight:700}
</style>"""
