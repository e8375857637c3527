"""The Count of Nine table: the play area, the target, the deck and the city, drawn from ``state.view(0)``.

The cards are drawn as they lie on the table.  Each card is a landscape card with its **top resource** (the
active one) in a coloured band along the top long side, its **bottom resource** printed upside down along the
bottom, and its two **structures** at the short ends, each with its name, its cost (one chip a unit; ``A/B``
is a chip split in two) and what it gives: a resource chip once per round, or its victory points in a shield.
Face A has squared-off corners, face B rounded ones.  A rotated card shows its corner index (card number and
face) upside down in the bottom right corner; the view already gives top/bottom/left/right as the card lies.
A used top discard and used city structures are tilted a few degrees.  Not colour alone: every resource is a
letter on its colour (L Lumber, C Crew, S Stone, I Iron, G Gold).

Left to right: the deck (its top card face up on the pile, the number of cards in it), the centre card, the
discard pile, and the target set aside.  Under them: the rest of the deck in order as far as the player knows
it (card backs for the cards not seen this round, whose order is unknown), the running score, and the city in
one column per round.  The picture says the cards are reconstructed.

Clicks (``data-id``):

``build:<place>:<structure>``
    a structure on the centre card, the top card of the deck, the top discard, or the target
    (``build:target:Castle``): choose it; the payments are then the buttons (the first one is the sensible
    default; the sources it spends are marked "pays" on the picture), and "Choose a different structure"
    or a click on the chosen structure puts it back;
``target:<structure>``
    one of the five high structures, at set-up;
``city:<card>``
    a structure in your city, for Demolition Team to take down.

Passing, the decision before each round, the payments and which way round a demolished card comes back are
buttons.  After each game the panel gives the score breakdown, the best possible score on that deal
(:func:`best_search`, the one place that runs it, in a child process: the panel shows at once and is filled in
when the search ends) and a replay of the best line; at the match end the outcome panel
(:meth:`CountOfNineTable.outcome_panel`) does the same and adds the match total and title.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ninekit import Move
from ninekit.count_of_nine import (
    CARDS,
    HIGH_STRUCTURES,
    LOOK,
    RECONSTRUCTED_NOTE,
    RESOURCES,
    STRUCTURES,
    TARGET_CARD,
    cost_words,
)
from ninekit.count_of_nine.best import BestSearch, best_line_steps, best_search, best_words

from ..browser import IN_BROWSER
from ..front import front_text
from ..svg import SVG_NS, attrs, el, esc, group, num, svg_root, wrap_lines
from . import TableAdapter, register

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
assert set(RESOURCE_LOOK) == set(RESOURCES)
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

def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _ink(colour: str) -> str:
    """The class of text on a resource's colour (a class, as the page's style outranks a fill attribute)."""
    return "c9-w" if colour == "#ffffff" else "c9-d"


def chip(cx: float, cy: float, r: float, resource: str) -> str:
    """A resource chip: its letter on its colour."""
    letter, colour, ink = RESOURCE_LOOK.get(resource, ("?", "#cccccc", "#111111"))
    return (el("circle", cx=cx, cy=cy, r=r, class_="c9-chip", fill=colour)
            + el("text", letter, x=cx, y=cy + 0.5, class_=_ink(ink), font_size=_f(max(11.0, r * 1.45)),
                 font_weight=800))


def alt_chip(cx: float, cy: float, r: float, first: str, second: str) -> str:
    """An ``A/B`` cost unit: a pill split in two colours with both letters."""
    la, ca, ia = RESOURCE_LOOK[first]
    lb, cb, ib = RESOURCE_LOOK[second]
    w = 2 * r + 12
    x0 = cx - w / 2
    left = f"M {_f(cx)} {_f(cy - r)} H {_f(x0 + r)} A {_f(r)} {_f(r)} 0 0 0 {_f(x0 + r)} {_f(cy + r)} H {_f(cx)} Z"
    right = (f"M {_f(cx)} {_f(cy - r)} H {_f(x0 + w - r)} A {_f(r)} {_f(r)} 0 0 1 {_f(x0 + w - r)} {_f(cy + r)} "
             f"H {_f(cx)} Z")
    fs = 11
    return (el("path", d=left, fill=ca, class_="c9-chip") + el("path", d=right, fill=cb, class_="c9-chip")
            + el("text", la, x=cx - w / 4 + 1, y=cy + 0.5, class_=_ink(ia), font_size=fs, font_weight=800)
            + el("text", lb, x=cx + w / 4 - 1, y=cy + 0.5, class_=_ink(ib), font_size=fs, font_weight=800))


def shield(cx: float, cy: float, size: float, vp: int) -> str:
    """A victory-point shield with its number."""
    s = size
    d = (f"M {_f(cx - s / 2)} {_f(cy - s / 2)} H {_f(cx + s / 2)} V {_f(cy + s * 0.05)} "
         f"Q {_f(cx + s / 2)} {_f(cy + s * 0.42)} {_f(cx)} {_f(cy + s * 0.62)} "
         f"Q {_f(cx - s / 2)} {_f(cy + s * 0.42)} {_f(cx - s / 2)} {_f(cy + s * 0.05)} Z")
    return el("path", d=d, class_="c9-shield") + el("text", vp, x=cx, y=cy + s * 0.02, class_="c9-vp",
                                                    font_size=_f(max(11.0, s * 0.62)))


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
            el("text", text, x=x + w / 2, y=y + h / 2, class_="c9-backt", font_size=_f(min(26.0, h * 0.38)))]


def mini_card(x: float, y: float, w: float, h: float, c: Mapping) -> list[str]:
    """A small face-up card (the deck strip, the deal): number, top resource band, both structure names."""
    face = c.get("face", "A")
    out = [el("rect", x=x, y=y, width=w, height=h, rx=2 if face == "A" else 9, class_="c9-mini",
              fill="#f1e3c3" if face == "B" else None)]
    top = str(c.get("top"))
    letter, colour, ink = RESOURCE_LOOK.get(top, ("?", "#ccc", "#111"))
    out.append(el("rect", x=x + 3, y=y + 3, width=w - 6, height=17, rx=2, fill=colour))
    out.append(el("text", f"{letter} {top}", x=x + w / 2, y=y + 11.5, class_=_ink(ink), font_size=11, font_weight=800))
    out.append(el("text", _short(str(c.get("left")), w), x=x + 5, y=y + 29, class_="c9-ink c9-t", font_size=11))
    out.append(el("text", _short(str(c.get("right")), w), x=x + w - 5, y=y + 43, class_="c9-ink c9-end",
                  font_size=11))
    bottom = str(c.get("bottom"))
    bl, bcol, bink = RESOURCE_LOOK.get(bottom, ("?", "#ccc", "#111"))
    out.append(el("rect", x=x + w / 2 - 14, y=y + h - 15, width=28, height=13, rx=2, fill=bcol, opacity=.45))
    out.append(el("text", bl, x=x + w / 2, y=y + h - 8.5, class_="c9-ink", font_size=11, font_weight=700,
                  transform=f"rotate(180 {_f(x + w / 2)} {_f(y + h - 8.5)})"))
    idx = f"{c.get('card')}{face}"
    mark = _underline(c)
    if c.get("rotated"):
        out.append(el("text", idx, x=x + w - 10, y=y + h - 8, class_="c9-ink", font_size=11, font_weight=700,
                      text_decoration=mark, transform=f"rotate(180 {_f(x + w - 10)} {_f(y + h - 8)})"))
    else:
        out.append(el("text", idx, x=x + 10, y=y + h - 8, class_="c9-ink", font_size=11, font_weight=700,
                      text_decoration=mark))
    return [group(*out, aria_label=card_words(c))]


def _underline(c: Mapping) -> str | None:
    """Cards 6 and 9 have their corner index underlined, as printed cards do, so a rotated 9 is not read as a 6."""
    return "underline" if c.get("card") in (6, 9) else None


def _short(name: str, w: float) -> str:
    """A structure name cut to fit a mini card ``w`` wide."""
    room = int((w - 8) / 6.3)
    return name if len(name) <= room else name[: room - 1] + "."


def _text_lines(x: float, y: float, text: str, chars: int, *, step: float = 15, cls: str = "nk-small c9-t",
                **kw) -> tuple[list[str], float]:
    lines = wrap_lines(text, max(8, chars)) or [""]
    return [el("text", line, x=x, y=y + i * step, class_=cls, **kw) for i, line in enumerate(lines)], len(lines) * step


# --- the drawing context -----------------------------------------------------------------------------------

class _Ctx:
    """What one drawing hands around: the view, the targets, the shell's hints, the layout."""

    def __init__(self, view: Mapping, targets: Mapping, pending: Mapping, g: Geometry):
        self.view, self.targets, self.g = view, targets, g
        selected = pending.get("selected")
        self.selected = str(selected) if selected is not None else None
        self.switch = {str(x) for x in (pending.get("switch") or ())}
        chosen = view.get("chosen") if isinstance(view.get("chosen"), Mapping) else None
        self.chosen = f"build:{chosen.get('place')}:{chosen.get('name')}" if chosen else None
        # the sources the first payment offered would spend (the buttons' default): marked "pays"
        self.paying: tuple = ()
        if chosen:
            for move in pending.get("choices") or ():
                if isinstance(move, Move) and move.kind == "pay":
                    self.paying = tuple(str(a) for a in move.args)
                    break

    def target(self, tid: str, parts: list[str], words: str, hit: tuple, *, transform: str | None = None) -> str:
        """``parts`` as the element ``tid``: clickable (class ``legal``) when it is a choice, the chosen one (click
        to put back) or one to switch to; else a plain group with a tooltip."""
        move = self.targets.get(tid)
        is_selected = tid == self.selected
        is_switch = tid in self.switch and not is_selected
        clickable = move is not None or is_selected or is_switch
        hx, hy, hw, hh = hit
        parts = list(parts)
        if tid == self.chosen or is_selected:
            parts.append(el("rect", x=hx - 2, y=hy - 2, width=hw + 4, height=hh + 4, rx=6, class_="c9-chosen"))
            words += "; chosen" + (": click again to put it back" if is_selected else "")
        elif is_switch:
            words += "; click to choose this instead"
        if not clickable:
            parts.append(el("title", words))
            return group(*parts, data_id=tid, transform=transform)
        parts.insert(0, el("rect", x=hx, y=hy, width=hw, height=hh, rx=5, class_="nk-hl"))
        parts.append(el("rect", x=hx + 1, y=hy + 1, width=hw - 2, height=hh - 2, rx=5, class_="nk-focus"))
        label = f"{move} — {words}" if move is not None else words
        cls = "legal" + (" nk-switch" if is_selected or is_switch else "")
        return group(*parts, data_id=tid, class_=cls, tabindex=0, role="button", aria_label=label,
                     transform=transform)


# --- the table -----------------------------------------------------------------------------------------

class CountOfNineTable(TableAdapter):
    """Draws a Count of Nine view and maps clicks to moves (see the module docstring)."""

    selection_kinds = frozenset({"build"})
    narrow_layout = True

    def __init__(self, details: bool = True):
        """``details=False``: the play area and the city only, without the target, the score and the rest of the
        deck (a tutorial's first step, which teaches reading a card and building)."""
        self.details = details

    def tagline(self, game) -> str:
        """The first sentence of the rules summary (the rest gives the scoring, in the Rules panel)."""
        return super().tagline(game).split(". ")[0].rstrip(".") + "."

    # --- moves and clicks
    def target_of(self, move) -> str | None:
        kind, args = move.kind, move.args
        if kind == "build" and len(args) == 2:
            return f"build:{args[0]}:{args[1]}"
        if kind == "target" and len(args) == 1:
            return f"target:{args[0]}"
        if kind == "demolish" and len(args) == 1:
            return f"city:{args[0]}"
        return None

    def guess_move(self, data_id: str, legal) -> Move | None:
        """A click on a structure, a target card or a city card that is not a choice now, as the move it meant."""
        kind, _, rest = str(data_id).partition(":")
        if kind == "build":
            place, _, name = rest.partition(":")
            return Move("build", (place, name))
        if kind == "target":
            return Move("target", (rest,))
        if kind == "city" and rest.isdigit():
            return Move("demolish", (int(rest),))
        return None

    def irreversible(self, move) -> bool:
        """A move that may turn up a card not seen before (a pass, a payment, a round begun, a card returned, the
        deal): Undo stops after it, as the card cannot be unseen.  Choosing a structure (put it back by clicking
        it again) and the structure to demolish are not."""
        return move.kind in REVEALING_KINDS

    def describe_for_rules_panel(self, game) -> str:
        chips = ", ".join(f"<b>{esc(letter)}</b> {esc(name)}" for name, (letter, _c, _i) in RESOURCE_LOOK.items())
        cards = "".join(
            f"<tr><td>{n}</td>" + "".join(f"<td>{esc(v)}</td>" for f in "AB" for v in CARDS[n][f]) + "</tr>"
            for n in CARDS)
        rows = "".join(
            f"<tr><td>{esc(s.name)}</td><td>{esc(cost_words(s.name))}</td><td>{esc(', '.join(s.requires) or '—')}"
            f"</td><td>{esc(s.provides or '—')}</td><td>{s.vp}</td><td>{esc(s.kind)}</td></tr>"
            for s in STRUCTURES.values())
        return (
            "<p><b>Reading the table.</b> Each card lies with its active resource in the coloured band along the top "
            "and its other resource upside down along the bottom; its two structures are at the ends, each with its "
            f"cost (one chip a unit) and what it gives (a chip once a round, or a VP shield). Resources: {chips} "
            "(letter and colour). Face A has squared-off corners, face B rounded ones; a rotated card shows its "
            "corner number upside down at the bottom right. A tilted card or structure has given its resource this "
            "round. Card backs are cards whose place in the deck you have not seen this round.</p>"
            "<p><b>Choosing.</b> Click a highlighted structure (or reach it with Tab and Enter) to build it: the "
            "buttons then offer the ways to pay, the first one the sensible default, whose sources are marked "
            "<i>pays</i> on the picture. Click the structure again, or <i>Choose a different structure</i>, to put it "
            "back. Passing and the decision before each round are buttons. After each game you see the best "
            "possible score on that deal and can replay the line that reaches it.</p>"
            f"<p><i>{esc(RECONSTRUCTED_NOTE)}</i></p>"
            "<details><summary>The nine cards (reconstructed)</summary><table><thead><tr><th>Card</th>"
            "<th>A top</th><th>A bottom</th><th>A left</th><th>A right</th><th>B top</th><th>B bottom</th>"
            f"<th>B left</th><th>B right</th></tr></thead><tbody>{cards}</tbody></table></details>"
            "<details><summary>The twenty structures (reconstructed)</summary><table><thead><tr><th>Structure</th>"
            "<th>Cost</th><th>Requires</th><th>Gives</th><th>VP</th><th>Kind</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></details>"
        )

    # --- the picture
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        ctx = _Ctx(view, targets, pending, g)
        phase = view.get("phase")
        body: list[str] = []
        y = g.pad
        parts, h = self._header(ctx, y)
        body += parts
        y += h
        if phase == "target":
            parts, h = self._targets(ctx, y)
        elif phase == "over":
            parts, h = self._match(ctx, y)
        else:
            parts, h = self._table(ctx, y)
        body += parts
        height = y + h + g.pad
        label = f"Count of Nine table. {view.get('prompt', '')}".strip()
        return self._svg(g, height, body, label, narrow)

    @staticmethod
    def _svg(g: Geometry, height: float, body: list[str], label: str, narrow: bool) -> str:
        """The outer <svg>.  The phone picture is only ever shown beside the wide one (the browser hides one of
        the two), so only the wide one carries the style."""
        inner = el("rect", x=0, y=0, width=g.width, height=height, class_="nk-bgrect") + "".join(body)
        if narrow:
            return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(g.width)} {num(height)}"'
                    f"{attrs(class_='ninekit-svg c9', data_game='count_of_nine', role='group', aria_label=label)}"
                    f' preserveAspectRatio="xMidYMin meet"><title>{esc(label)}</title>{inner}</svg>')
        return svg_root(g.width, height, STYLE + inner, label=label, game="count_of_nine", extra_class="c9")

    # --- the line above the table
    def _header(self, ctx: _Ctx, y: float) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        x, width = g.pad, g.width - 2 * g.pad
        games, game_no, rnd = view.get("games") or 2, view.get("game_no") or 1, view.get("round") or 0
        phase = view.get("phase")
        bits = []
        if view.get("replay"):
            bits.append(str(view["replay"]))
            if phase in ("round", "turn", "pay", "demolish", "return"):
                bits += [f"round {rnd}" if rnd else "before round 1", f"score {view.get('score', 0)}"]
        elif phase == "over":
            bits.append("Match over" if games > 1 else "Practice game over")
        else:
            bits.append(f"Game {game_no} of {games}" if games > 1 else "Practice game")
            if phase not in ("target",):
                bits.append(f"round {rnd}" if rnd else "before round 1")
                if self.details:
                    bits.append(f"score now {view.get('score', 0)}")
            done = view.get("results") or []
            if done and games > 1:
                bits.append(f"game 1 scored {done[0].get('score')}")
        out = [el("rect", x=x, y=y, width=width, height=26, rx=5, class_="c9-banner")]
        out.append(el("text", " · ".join(bits), x=x + 8, y=y + 13, class_="c9-h", font_size=13.5))
        note = "Reconstructed cards"
        out.append(group(el("text", note, x=x + width - 8, y=y + 13, class_="nk-small c9-end c9-muted",
                            font_style="italic"), el("title", str(view.get("reconstructed") or RECONSTRUCTED_NOTE))))
        h = 32
        if g is NARROW and len(" · ".join(bits)) * 7.6 + 140 > width:  # the note on a line of its own
            out[1:] = [el("text", " · ".join(bits), x=x + 8, y=y + 13, class_="c9-h", font_size=13)]
            out.append(group(el("text", note, x=x + 8, y=y + 40, class_="nk-small c9-t c9-muted",
                                font_style="italic"), el("title", str(view.get("reconstructed") or ""))))
            h = 54
        return out, h

    # --- set-up: choose the target
    def _targets(self, ctx: _Ctx, y: float) -> tuple[list[str], float]:
        g = ctx.g
        out = []
        y0 = y
        out.append(el("text", "Choose this game's target: one of the five high structures, set aside with its card",
                      x=g.pad, y=y + 8, class_="nk-small c9-t", font_weight=700)
                   if g is WIDE else el("text", "Choose this game's target:", x=g.pad, y=y + 8,
                                        class_="nk-small c9-t", font_weight=700))
        y += 22
        cols = 5 if g is WIDE else 2
        tw = (g.width - 2 * g.pad - (cols - 1) * 10) / cols
        th = 178
        for i, name in enumerate(HIGH_STRUCTURES):
            r, c = divmod(i, cols)
            tx = g.pad + c * (tw + 10)
            ty = y + r * (th + 10)
            out.append(self._target_tile(ctx, tx, ty, tw, th, name))
        rows = (len(HIGH_STRUCTURES) + cols - 1) // cols
        y += rows * (th + 10)
        done = ctx.view.get("results") or []
        if done:
            r = done[-1]
            out.append(el("text", f"Game {r.get('game')} scored {r.get('score')} (target {r.get('target')}, "
                                  f"{r.get('rounds')} rounds).", x=g.pad, y=y + 8, class_="nk-small c9-t"))
            y += 20
        return out, y - y0

    def _target_tile(self, ctx: _Ctx, x: float, y: float, w: float, h: float, name: str) -> str:
        s = STRUCTURES[name]
        card, face = TARGET_CARD[name]
        parts = [el("rect", x=x, y=y, width=w, height=h, rx=3 if face == "A" else 14, class_="c9-ttile",
                    fill="#f1e3c3" if face == "B" else None)]
        parts.append(el("text", name, x=x + 10, y=y + 18, class_="c9-name c9-t", font_size=14.5))
        parts.append(shield(x + w - 18, y + 18, 22, s.vp))
        parts.append(el("text", "costs", x=x + 10, y=y + 44, class_="c9-ink c9-t", font_size=11))
        r = 7.5 if w > 140 else 7
        parts += cost_chips(x + 10, y + 62, r, name)
        parts.append(el("text", "needs in your city:", x=x + 10, y=y + 86, class_="c9-ink c9-t", font_size=11))
        for i, req in enumerate(s.requires):
            parts.append(el("text", f"• {req}", x=x + 14, y=y + 102 + 15 * i, class_="c9-ink c9-t", font_size=12))
        other = [n for n in CARDS[card][face][2:] if n != name][0]
        parts.append(el("text", f"card {card}{face}; {other}", x=x + 10, y=y + h - 26, class_="c9-ink c9-t",
                        font_size=11, opacity=.7))
        parts.append(el("text", "on it is never built", x=x + 10, y=y + h - 12, class_="c9-ink c9-t",
                        font_size=11, opacity=.7))
        words = (f"{structure_words(name)}; on card {card} face {face}, with {other} (which can then never be "
                 f"built)")
        return ctx.target(f"target:{name}", parts, words, (x, y, w, h))

    # --- a game under way
    def _table(self, ctx: _Ctx, y: float) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        out: list[str] = []
        y0 = y
        cw, ch = g.card_w, g.card_h
        phase = view.get("phase")
        in_round = phase in ("turn", "pay", "demolish", "return")
        deck_count = int(view.get("deck_count") or 0)
        on_pile = deck_count - (1 if in_round and view.get("centre") else 0)  # cards on the deck pile
        if g is WIDE:
            xs = {"deck": g.pad, "centre": g.pad + cw + g.gap, "discard": g.pad + 2 * (cw + g.gap),
                  "target": g.width - g.pad - cw}
            ys = dict.fromkeys(xs, y + 18)
            row_bottom = y + 18 + ch + 10
        else:
            xs = {"deck": g.pad, "centre": g.width - g.pad - cw, "discard": g.pad, "target": g.width - g.pad - cw}
            ys = {"deck": y + 18, "centre": y + 18, "discard": y + 18 + ch + 34, "target": y + 18 + ch + 34}
            row_bottom = y + 18 + 2 * ch + 44
        labels = {"deck": f"Deck: {on_pile} card{'s' * (on_pile != 1)}",
                  "centre": "Centre card",
                  "discard": f"Discard pile: {len(view.get('discard') or [])}",
                  "target": "Target, set aside"}
        if not self.details:
            del labels["target"]
        for place, label in labels.items():
            out.append(el("text", label, x=xs[place] + 2, y=ys[place] - 9, class_="nk-small c9-t", font_weight=700))
        # the deck pile: its top card face up on the others
        top = view.get("deck_top")
        out += self._pile(xs["deck"], ys["deck"], cw, ch, max(0, on_pile - 1))
        if top:
            out += self._card(ctx, xs["deck"], ys["deck"], top, "deck" if in_round else None)
        else:
            out.append(self._slot(xs["deck"], ys["deck"], cw, ch, "the deck is played through"))
        centre = view.get("centre")
        if centre:
            out += self._card(ctx, xs["centre"], ys["centre"], centre, "centre")
        else:
            out.append(self._slot(xs["centre"], ys["centre"], cw, ch,
                                  "the round has not begun" if not in_round else "no centre card"))
        discard = list(view.get("discard") or [])
        out += self._pile(xs["discard"], ys["discard"], cw, ch, max(0, len(discard) - 1))
        if discard:
            out += self._card(ctx, xs["discard"], ys["discard"], discard[-1], "discard" if in_round else None)
        else:
            out.append(self._slot(xs["discard"], ys["discard"], cw, ch, "empty"))
        dt = view.get("demolition") if isinstance(view.get("demolition"), Mapping) else None
        if dt and isinstance(dt.get("card"), Mapping):  # the Demolition Team card, at work above the pile
            card = self._card(ctx, xs["discard"] + 6, ys["discard"] + 6, dt["card"], None)
            out.append(group(*card, transform=f"rotate(3 {_f(xs['discard'] + cw / 2)} {_f(ys['discard'] + ch / 2)})"))
            out.append(el("text", "at work", x=xs["discard"] + cw - 10, y=ys["discard"] - 9, class_="nk-small c9-end",
                          font_style="italic"))
        if self.details:
            out += self._target_card(ctx, xs["target"], ys["target"], cw, ch)
        y = row_bottom
        # what happens now: the Demolition Team at work, or the payment
        note = self._note(ctx)
        if note:
            lines, h = _text_lines(g.pad + 4, y + 8, note, g.chars, cls="nk-small c9-t c9-bold")
            out.append(el("rect", x=g.pad, y=y - 2, width=g.width - 2 * g.pad, height=h + 6, rx=5,
                          class_="c9-banner"))
            out += lines
            y += h + 10
        # the rest of the deck, and the score
        if not self.details:
            pass
        elif g is WIDE:
            strip_w = xs["target"] - g.pad - g.gap
            parts, sh = self._strip(ctx, g.pad, y, strip_w)
            out += parts
            parts, bh = self._score(ctx, xs["target"], y, cw)
            out += parts
            y += max(sh, bh) + 8
        else:
            parts, sh = self._strip(ctx, g.pad, y, g.width - 2 * g.pad)
            out += parts
            y += sh + 6
            parts, bh = self._score(ctx, g.pad, y, g.width - 2 * g.pad)
            out += parts
            y += bh + 8
        parts, h = self._city(ctx, g.pad, y, g.width - 2 * g.pad, list(view.get("city") or []),
                              int(view.get("round") or 0), clickable=True)
        out += parts
        y += h
        return out, y - y0

    def _note(self, ctx: _Ctx) -> str:
        view = ctx.view
        chosen = view.get("chosen") if isinstance(view.get("chosen"), Mapping) else None
        if chosen:
            text = f"Build {chosen.get('name')} ({chosen.get('cost')}) from {PLACE_WORDS.get(chosen.get('place'), '?')}"
            if ctx.paying:
                text += ": the first button pays with the sources marked PAYS; the other buttons pay another way"
            if view.get("replay"):
                return text + "."
            return text + ". Click it again to choose a different structure."
        dt = view.get("demolition") if isinstance(view.get("demolition"), Mapping) else None
        if dt:
            if dt.get("demolish") is None:
                return ("Demolition Team is at work: click the structure in your city to take down (it goes under "
                        "the discard pile, the Demolition Team card above it).")
            return (f"Demolition Team takes down card {dt.get('demolish')}: choose which resource is on top when it "
                    f"comes back.")
        if view.get("phase") == "round":
            rnd = view.get("round") or 0
            if rnd == 0:
                return ("Set-up: only the top card of the deck is known. Keep its top resource active, rotate the "
                        "whole deck for the other one, or stop.")
            return (f"Round {rnd} is over: the discard pile was flipped back into the deck. Keep, rotate or shuffle "
                    f"the deck, or stop the game.")
        return ""

    def _pile(self, x: float, y: float, w: float, h: float, under: int) -> list[str]:
        """The edges of the cards under a pile's top card (at most four drawn)."""
        out = []
        for i in range(min(under, 3), 0, -1):
            out.append(el("rect", x=x + 2 * i, y=y + 2.5 * i, width=w, height=h, rx=4, class_="c9-pile"))
        return out

    @staticmethod
    def _slot(x: float, y: float, w: float, h: float, text: str) -> str:
        return group(el("rect", x=x, y=y, width=w, height=h, rx=8, class_="c9-slot"),
                     el("text", text, x=x + w / 2, y=y + h / 2, class_="nk-small c9-muted", font_style="italic"))

    def _card(self, ctx: _Ctx, x: float, y: float, c: Mapping, place: str | None) -> list[str]:
        """A full card as it lies, its structures clickable where ``place`` is in the play area."""
        g = ctx.g
        w, h = g.card_w, g.card_h
        face = c.get("face", "A")
        parts = [el("rect", x=x, y=y, width=w, height=h, rx=3 if face == "A" else 14,
                    class_="c9-faceA" if face == "A" else "c9-faceB")]
        top, bottom = str(c.get("top")), str(c.get("bottom"))
        letter, colour, ink = RESOURCE_LOOK.get(top, ("?", "#ccc", "#111"))
        bx, bw = x + 24, w - 48
        parts.append(el("rect", x=bx, y=y + 4, width=bw, height=g.band, rx=3, fill=colour))
        parts.append(el("text", f"{letter}  {top}", x=x + w / 2, y=y + 4 + g.band / 2, class_=_ink(ink), font_size=14,
                        font_weight=800))
        bl, bcol, _bink = RESOURCE_LOOK.get(bottom, ("?", "#ccc", "#111"))
        fy = y + h - 4 - g.foot
        parts.append(el("rect", x=bx, y=fy, width=bw, height=g.foot, rx=3, fill=bcol, opacity=.35))
        parts.append(el("text", f"{bl}  {bottom}", x=x + w / 2, y=fy + g.foot / 2, class_="c9-ink", font_size=12,
                        font_weight=700, transform=f"rotate(180 {_f(x + w / 2)} {_f(fy + g.foot / 2)})"))
        idx = f"{c.get('card')}{face}"
        mark = _underline(c)
        if c.get("rotated"):
            parts.append(el("text", idx, x=x + w - 12, y=y + h - 12, class_="c9-ink", font_size=11, font_weight=800,
                            text_decoration=mark, transform=f"rotate(180 {_f(x + w - 12)} {_f(y + h - 12)})"))
        else:
            parts.append(el("text", idx, x=x + 12, y=y + 13, class_="c9-ink", font_size=11, font_weight=800,
                            text_decoration=mark))
        # the two structures, at the short ends
        sy = y + 8 + g.band
        sh = h - g.band - g.foot - 16
        sw = (w - 14) / 2
        structures = []
        for i, name in enumerate((c.get("left"), c.get("right"))):
            sx = x + 5 + i * (sw + 4)
            structures.append(self._structure(ctx, sx, sy, sw, sh, str(name), place))
        marks = []
        if place and place in ctx.paying:  # the default payment spends this card's top resource
            marks.append(el("rect", x=bx - 3, y=y + 1, width=bw + 6, height=g.band + 6, rx=5, class_="c9-pays"))
            marks += self._pay_tag(bx + bw - 6, y + 4 + g.band / 2)
        words = card_words(c)
        transform = None
        if c.get("tilted"):
            transform = f"rotate(-6 {_f(x + w / 2)} {_f(y + h / 2)})"
        return [group(group(*parts, aria_label=words), *structures, *marks, transform=transform)]

    @staticmethod
    def _pay_tag(x: float, y: float) -> list[str]:
        return [el("rect", x=x - 22, y=y - 8, width=44, height=16, rx=8, class_="c9-paytag"),
                el("text", "PAYS", x=x, y=y + 0.5, class_="c9-paytagt", font_size=11)]

    def _structure(self, ctx: _Ctx, x: float, y: float, w: float, h: float, name: str, place: str | None) -> str:
        s = STRUCTURES.get(name)
        if s is None:
            return el("text", name, x=x + w / 2, y=y + h / 2, class_="c9-ink")
        g = ctx.g
        parts = [el("rect", x=x, y=y, width=w, height=h, rx=4, class_="c9-sp c9-high" if s.kind == "high"
                    else "c9-sp")]
        lines = wrap_lines(name, max(6, int((w - 6) / 7.3)))[:2]
        fs = 12.5 if max(len(t) for t in lines) * 7.3 < w - 4 else 11.5
        top = y + 10 if len(lines) == 2 else y + 13
        for i, line in enumerate(lines):
            parts.append(el("text", line, x=x + w / 2, y=top + 13 * i, class_="c9-name", font_size=fs))
        r = g.chip
        cw = cost_width(name, r)
        scale = min(1.0, (w - 6) / cw)
        cy = y + h - 31 if len(lines) == 2 else y + h - 33
        chips = cost_chips((x + (w - cw * scale) / 2) / scale, cy / scale, r, name) if scale < 1 else \
            cost_chips(x + (w - cw) / 2, cy, r, name)
        if scale < 1:
            parts.append(group(*chips, transform=f"scale({scale:.4f})"))
        else:
            parts += chips
        parts += effect(x + 5, y + h - 11, r - 0.5, name, small=w < 90)
        tid = f"build:{place}:{name}" if place else None
        words = structure_words(name)
        if place:
            words = f"{words}; on {PLACE_WORDS.get(place, place)}"
        if tid is None:
            parts.append(el("title", words))
            return group(*parts)
        return ctx.target(tid, parts, words, (x, y, w, h))

    def _target_card(self, ctx: _Ctx, x: float, y: float, w: float, h: float) -> list[str]:
        """The target's card, set aside: the target structure (clickable when it can be built) and what it needs in
        the city (ticked when there); the other structure on the card is never built."""
        t = ctx.view.get("target") if isinstance(ctx.view.get("target"), Mapping) else None
        if not t:
            return [self._slot(x, y, w, h, "no target yet")]
        card, face, name = t.get("card"), t.get("face", "A"), str(t.get("name"))
        built = bool(t.get("built"))
        parts = [el("rect", x=x, y=y, width=w, height=h, rx=3 if face == "A" else 14,
                    class_="c9-faceA" if face == "A" else "c9-faceB")]
        parts.append(el("text", f"{card}{face}", x=x + 10, y=y + 13, class_="c9-ink c9-t", font_size=11,
                        font_weight=800))
        parts.append(el("text", f"{t.get('other')}: never built", x=x + w - 10, y=y + 13, class_="c9-ink c9-end",
                        font_size=11, font_style="italic", opacity=.7))
        sy, sh = y + 24, h - 24 - 22
        sw = (w - 14) / 2
        if built:
            inner = self._structure(ctx, x + 5, sy, sw, sh, name, None)
            target = group(group(inner, class_="c9-off"), el("text", "BUILT ✓", x=x + 5 + sw / 2, y=sy + sh / 2,
                                                             class_="c9-ink", font_size=13, font_weight=800))
        else:
            target = self._structure(ctx, x + 5, sy, sw, sh, name, "target")
        rx = x + 9 + sw
        have = {str(c.get("name")) for c in ctx.view.get("city") or []}
        needs = list(t.get("requires") or [])
        parts.append(el("rect", x=rx, y=sy, width=sw, height=sh, rx=4, class_="c9-sp"))
        parts.append(el("text", "needs built:", x=rx + 5, y=sy + 11, class_="c9-ink c9-t", font_size=11))
        for i, req in enumerate(needs):
            mark = "✓" if req in have else "·"
            room = sw - 10 if req in have else sw - 2  # a ticked name is bold, so wider
            parts.append(el("text", f"{mark} {_short(req, room)}", x=rx + 5, y=sy + 27 + 14 * i,
                            class_="c9-name c9-t" if req in have else "c9-ink c9-t", font_size=11.5))
        parts.append(el("text", "the target gives no resource", x=x + w / 2, y=y + h - 11, class_="c9-ink",
                        font_size=11, font_style="italic"))
        missing = [r for r in needs if r not in have]
        words = (f"The target, {name} (card {card} face {face}), set aside: "
                 + ("built" if built else f"costs {t.get('cost')}; needs {', '.join(needs)} in your city"
                    + (f" (missing: {', '.join(missing)})" if missing else " (all there)")))
        return [group(group(*parts, aria_label=words), target)]

    def _strip(self, ctx: _Ctx, x: float, y: float, width: float) -> tuple[list[str], float]:
        """The rest of the deck in order as far as it is known, then card backs for the cards not seen yet."""
        view, g = ctx.view, ctx.g
        phase = view.get("phase")
        in_round = phase in ("turn", "pay", "demolish", "return")
        deck = list(view.get("deck") or [])
        known = deck[2:] if in_round else deck[1:]
        unseen = list(view.get("unseen") or [])
        out = []
        if not known and not unseen:
            return out, 0
        title = "Deck below the top card, in order" if known else "Deck below the top card"
        out.append(el("text", title, x=x + 2, y=y + 7, class_="nk-small c9-t", font_weight=700))
        y0 = y
        y += 18
        mw, mh = g.mini_w, g.mini_h
        per_row = max(1, int((width + 6) // (mw + 6)))
        items = [("card", c) for c in known] + [("back", u) for u in unseen]
        for i, (kind, c) in enumerate(items):
            r, col = divmod(i, per_row)
            cx, cy = x + col * (mw + 6), y + r * (mh + 6)
            if kind == "card":
                out += mini_card(cx, cy, mw, mh, c)
            else:
                out.append(group(*card_back(cx, cy, mw, mh, text="?"), aria_label="a card not seen this round"))
        rows = (len(items) + per_row - 1) // per_row
        y += rows * (mh + 6)
        if unseen:
            ids = ", ".join(f"{u.get('card')}{'r' if u.get('rotated') else ''}" for u in unseen)
            rot = ("rotations unknown" if any(u.get("rotated") is None for u in unseen)
                   else "r = rotated")
            text = (f"Not seen this round ({len(unseen)}, order unknown): card{'s' * (len(unseen) != 1)} {ids}; {rot}")
            lines, h = _text_lines(x + 2, y + 6, text, int(width / 6.6))
            out += lines
            y += h + 2
        return out, y - y0

    def _score(self, ctx: _Ctx, x: float, y: float, width: float) -> tuple[list[str], float]:
        """The running score (as if the game ended now), line by line: one column beside the table, two on a
        phone."""
        view = ctx.view
        rows = [(str(label), value) for label, value in (view.get("breakdown") or [])]
        total = view.get("score", 0)
        cols = 2 if ctx.g is NARROW else 1
        per_col = (len(rows) + cols - 1) // cols
        lh = 16
        h = 26 + lh * per_col + (6 if cols > 1 else 24)
        out = [el("rect", x=x, y=y, width=width, height=h, rx=6, class_="c9-box")]
        out.append(el("text", f"Score now: {total}", x=x + 8, y=y + 13, class_="c9-h", font_size=13.5))
        note = el("text", "if the game ended now", x=x + width - 8, y=y + 13, class_="nk-small c9-end c9-muted",
                  font_style="italic")
        if cols == 1:  # beside the table: the note under the lines
            note = el("text", "if the game ended now", x=x + 8, y=y + h - 10, class_="nk-small c9-t c9-muted",
                      font_style="italic")
        out.append(note)
        cw = width / cols
        for i, (label, value) in enumerate(rows):
            col, row = divmod(i, per_col)
            ly = y + 32 + row * lh
            short = label.replace(" structure beyond the first", " beyond 1st")
            if cols > 1:
                short = short.replace(" structure", "").replace("+1 per ", "+1 ").replace("+3 per ", "+3 ")
            out.append(el("text", short, x=x + 8 + col * cw, y=ly, class_="nk-small c9-t"))
            out.append(el("text", f"{value:+d}" if isinstance(value, int) and value else str(value),
                          x=x + (col + 1) * cw - 8, y=ly, class_="nk-small c9-end"))
        return out, h

    def _city(self, ctx: _Ctx | None, x: float, y: float, width: float, city: list, rounds: int, *,
              clickable: bool, g: Geometry | None = None, title: str = "Your city: one column per round"
              ) -> tuple[list[str], float]:
        """The city: one column per round (empty rounds narrow), each structure a tile."""
        g = g or ctx.g
        out = [el("text", title, x=x + 2, y=y + 7, class_="nk-small c9-t", font_weight=700)]
        y0 = y
        y += 18
        by_round: dict[int, list] = {}
        for entry in city:
            by_round.setdefault(int(entry.get("round") or 0), []).append(entry)
        rounds = max([rounds, *by_round]) if by_round else rounds
        tw, th = g.tile_w, g.tile_h
        full, empty = tw + 8, 30
        widths = [full if by_round.get(r) else empty for r in range(1, rounds + 1)]
        # wrap the columns onto more lines when they do not fit
        lines, line, used = [], [], 0.0
        for r, cwid in zip(range(1, rounds + 1), widths):
            if line and used + cwid > width:
                lines.append(line)
                line, used = [], 0.0
            line.append((r, cwid))
            used += cwid
        if line:
            lines.append(line)
        for line in lines:
            cx = x
            tallest = max(len(by_round.get(r, [])) for r, _w in line)
            col_h = 20 + max(1, tallest) * (th + 6)
            for r, cwid in line:
                out.append(el("rect", x=cx, y=y, width=cwid - 4, height=col_h, rx=4, class_="c9-col"))
                out.append(el("text", f"Round {r}" if cwid == full else str(r), x=cx + (cwid - 4) / 2, y=y + 9,
                              class_="nk-small c9-muted", font_size=11.5))
                for i, entry in enumerate(by_round.get(r, [])):
                    out.append(self._tile(ctx, cx + 2, y + 20 + i * (th + 6), tw, th, entry, clickable))
                cx += cwid
            y += col_h + 6
        if not city:
            out.append(el("text", "no structures yet", x=x + (40 if rounds else 4), y=y - 26 if rounds else y + 2,
                          class_="nk-small c9-muted c9-t", font_style="italic"))
            y += 0 if rounds else 16
        return out, y - y0

    def _tile(self, ctx: _Ctx | None, x: float, y: float, w: float, h: float, entry: Mapping, clickable: bool) -> str:
        """A structure in the city (its card turned a quarter turn: the structure faces up)."""
        name = str(entry.get("name"))
        s = STRUCTURES.get(name)
        card = entry.get("card")
        fresh = bool(entry.get("fresh")) and ctx is not None and ctx.view.get("phase") != "round"
        parts = [el("rect", x=x, y=y, width=w, height=h, rx=4, class_="c9-tile c9-fresh" if fresh else "c9-tile")]
        fs = 12.5 if len(name) * 7.2 < w - 24 else 11
        parts.append(el("text", name, x=x + 6, y=y + 12, class_="c9-name c9-t", font_size=fs))
        parts.append(el("text", str(card), x=x + w - 5, y=y + h - 10, class_="c9-ink c9-end", font_size=11,
                        opacity=.6))
        if s is not None:
            parts += effect(x + 6, y + h - 13, 7, name, small=True)
        words = structure_words(name) if s else name
        words = f"{words}; in your city from card {card}, built in round {entry.get('round')}"
        if fresh:
            words += "; built this round: it gives its resource from the next round on"
            parts.append(el("text", "new", x=x + w - 5, y=y + 12, class_="c9-ink c9-end", font_size=11,
                            font_style="italic"))
        if entry.get("tilted"):
            words += "; tilted: used this round"
        transform = f"rotate(7 {_f(x + w / 2)} {_f(y + h / 2)})" if entry.get("tilted") else None
        if ctx is not None and f"city{card}" in ctx.paying:
            parts.append(el("rect", x=x - 2, y=y - 2, width=w + 4, height=h + 4, rx=6, class_="c9-pays"))
            parts += self._pay_tag(x + w - 24, y + h - 2)
        if ctx is None or not clickable:
            parts.append(el("title", words))
            return group(*parts, transform=transform)
        return ctx.target(f"city:{card}", parts, words, (x, y, w, h), transform=transform)

    # --- the end of the match (the board behind the outcome panel)
    def _match(self, ctx: _Ctx, y: float) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        out = []
        y0 = y
        for r in view.get("results") or []:
            parts, h = self._result_block(g, g.pad, y, g.width - 2 * g.pad, r, deal=False)
            out += parts
            y += h + 8
        total = view.get("total")
        text = f"Match total: {total}" + (f" — {view.get('title')}" if view.get("title") else "")
        if (view.get("games") or 2) == 1:
            text = f"Practice game: {total} points"
        out.append(el("text", text, x=g.pad + 4, y=y + 10, class_="c9-h", font_size=15))
        y += 26
        return out, y - y0

    def _result_block(self, g: Geometry, x: float, y: float, width: float, r: Mapping, *, deal: bool
                      ) -> tuple[list[str], float]:
        """One finished game: target, score in rounds, the city by rounds, and (``deal``) its deal revealed."""
        out = []
        y0 = y
        head = (f"Game {r.get('game')}: target {r.get('target')}: {_count(r.get('score'), 'point')} in "
                f"{_count(r.get('rounds'), 'round')}")
        out.append(el("text", head, x=x + 2, y=y + 9, class_="c9-h", font_size=14))
        y += 22
        city = [{"card": c.get("card"), "name": c.get("name"), "round": c.get("round")} for c in r.get("city") or []]
        parts, h = self._city(None, x, y, width, city, int(r.get("rounds") or 0), clickable=False, g=g,
                              title="The city, one column per round")
        out += parts
        y += h
        if deal and r.get("deal"):
            out.append(el("text", "The deal, now revealed (top card first; r = rotated)", x=x + 2, y=y + 7,
                          class_="nk-small c9-t", font_weight=700))
            y += 18
            mw, mh = g.mini_w, g.mini_h
            per_row = max(1, int((width + 6) // (mw + 6)))
            cards = [_face_a(code) for code in r.get("deal") or []]
            for i, c in enumerate(cards):
                row, col = divmod(i, per_row)
                out += mini_card(x + col * (mw + 6), y + row * (mh + 6), mw, mh, c)
            y += ((len(cards) + per_row - 1) // per_row) * (mh + 6)
        return out, y - y0

    def draw_result(self, view: Mapping, g_index: int, *, narrow: bool = False) -> str:
        """The picture of a finished game (``view["results"][g_index]``): its city by rounds and its deal."""
        g = NARROW if narrow else WIDE
        r = (view.get("results") or [])[g_index]
        y = g.pad
        body = [el("rect", x=g.pad, y=y, width=g.width - 2 * g.pad, height=26, rx=5, class_="c9-banner"),
                el("text", f"Game {r.get('game')} is over", x=g.pad + 8, y=y + 13, class_="c9-h", font_size=13.5),
                group(el("text", "Reconstructed cards", x=g.width - g.pad - 8, y=y + 13,
                         class_="nk-small c9-end c9-muted", font_style="italic"),
                      el("title", str(view.get("reconstructed") or RECONSTRUCTED_NOTE)))]
        y += 34
        parts, h = self._result_block(g, g.pad, y, g.width - 2 * g.pad, r, deal=True)
        body += parts
        return self._svg(g, y + h + g.pad, body, f"Count of Nine: game {r.get('game')} is over", narrow)

    def draw_cards(self, cards: list, captions: list | None = None, *, narrow: bool = False) -> str:
        """A row of whole cards (card dicts as a view gives them: ``card``, ``face``, ``rotated``, ``top``,
        ``bottom``, ``left``, ``right``, ``tilted``), each with an optional caption above it: for a lesson on the
        cards themselves (faces, rotating, flipping).  Nothing in it is clickable.

        >>> svg = CountOfNineTable().draw_cards([{"card": 1, "face": "A", "rotated": False, "top": "Crew",
        ...     "bottom": "Lumber", "left": "Castle", "right": "Tavern"}], ["card 1, face A"])
        >>> "Castle" in svg and "card 1, face A" in svg
        True
        """
        g = NARROW if narrow else WIDE
        ctx = _Ctx({}, {}, {}, g)
        per_row = max(1, int((g.width - 2 * g.pad + g.gap) // (g.card_w + g.gap)))
        body = []
        for i, c in enumerate(cards):
            row, col = divmod(i, per_row)
            x = g.pad + col * (g.card_w + g.gap)
            y = g.pad + row * (g.card_h + 34)
            if captions and i < len(captions) and captions[i]:
                body.append(el("text", str(captions[i]), x=x + 2, y=y + 8, class_="nk-small c9-t", font_weight=700))
            body += self._card(ctx, x, y + 20, c, None)
        rows = (len(cards) + per_row - 1) // per_row
        height = g.pad + rows * (g.card_h + 34)
        label = "Count of Nine cards (reconstructed): " + "; ".join(card_words(c) for c in cards)
        return self._svg(g, height, body, label, narrow)

    # --- after each game
    def interlude(self, before: Mapping, after: Mapping) -> Mapping | None:
        """A stop after game 1 of a match: the score breakdown, the game's city and deal, and the best possible
        score on that deal with a replay of its best line (``"later"``: the search runs meanwhile, and the panel
        is filled in when it ends).  At the match end the outcome panel does the same (:meth:`outcome_panel`)."""
        done_before = before.get("results") or []
        done = after.get("results") or []
        if len(done) != len(done_before) + 1 or after.get("phase") == "over":
            return None
        g = len(done) - 1
        r = done[g]
        return {"title": f"Game {r.get('game')} is over: {_count(r.get('score'), 'point')}",
                "svg": self.draw_result(after, g), "svg_narrow": self.draw_result(after, g, narrow=True),
                "button": "Next game", **self._best_parts([r], heading=False)}

    def outcome_panel(self, view: Mapping) -> Mapping | None:
        """The panel at the match end: each game's breakdown and best possible score, the match total and its
        title (no "winner": a solo game), and the replays of the best lines."""
        results = list(view.get("results") or [])
        if not results:
            return None
        headline = "The match is over" if (view.get("games") or 2) > 1 else "The practice game is over"
        return {"title": headline, **self._best_parts(results, heading=len(results) > 1)}

    def _best_parts(self, results: list, *, heading: bool) -> dict:
        """``html`` and ``replays`` for these finished games as far as their searches have finished, and
        ``later`` (to call off the main thread) giving them once every search has."""
        searches = [best_search(str(r["target"]), r["deal"]) if r.get("target") and r.get("deal") else None
                    for r in results]
        parts = {"html": "".join(self._game_html(r, s, heading) for r, s in zip(results, searches)),
                 "replays": self._replays(results, searches)}
        if any(s is not None and not s.done() for s in searches):
            def later():
                for s in searches:
                    if s is not None:
                        try:
                            s.result()
                        except RuntimeError:
                            pass
                return self._best_parts(results, heading=heading)
            parts["later"] = later
        return parts

    @staticmethod
    def _replays(results: list, searches: list) -> list:
        out = []
        for r, search in zip(results, searches):
            if search is None or not search.done():
                continue
            try:
                search.result()
            except RuntimeError:
                continue
            text = "Replay the best line" if len(results) == 1 else f"Replay game {r.get('game')}'s best line"
            out.append((text, lambda s=search: best_line_steps(s.target, s.deal, s.max_rounds)))
        return out

    @staticmethod
    def _game_html(r: Mapping, search: BestSearch | None, heading: bool = False) -> str:
        rows = "".join(f"<tr><th scope='row'>{esc(label)}</th><td>{esc(value)}</td></tr>"
                       for label, value in r.get("breakdown") or [])
        rows += f"<tr><th scope='row'>Game score</th><td><b>{esc(r.get('score'))}</b></td></tr>"
        head = (f"<h4>Game {esc(r.get('game'))}: target {esc(r.get('target'))}</h4>" if heading else
                f"<p>Target {esc(r.get('target'))}, {esc(_count(r.get('rounds'), 'round'))} played.</p>")
        best = ""
        if search is not None and not search.done():
            reach = (f"the lines within as many of {search.max_rounds} rounds as it can search in a moment"
                     if IN_BROWSER else f"every line within {search.max_rounds} rounds")
            best = (f"<p class='c9-best c9-working'><i>Working out the best possible score on this deal ({reach}, "
                    f"the order of the cards known)…</i></p>")
        elif search is not None:
            try:
                score, _moves = search.result()
            except RuntimeError as exc:
                best = f"<p class='c9-best'>The best possible score could not be worked out: {esc(exc)}.</p>"
            else:
                best = f"<p class='c9-best'>{esc(best_words(score, r.get('score'), search.rounds))}</p>"
        return f"{head}<table><tbody>{rows}</tbody></table>{best}"


def _count(n, word: str) -> str:
    """'1 point', '3 points'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _face_a(code: str) -> dict:
    """A deal entry ("3" or "3r") as the card dict of a deck card (face A as it lies)."""
    text = str(code)
    rotated = text.endswith("r")
    n = int(text.rstrip("r"))
    top, bottom, left, right = LOOK[n * 2 + rotated, "A"]
    return {"card": n, "face": "A", "rotated": rotated, "top": top, "bottom": bottom, "left": left, "right": right,
            "tilted": False}


register("count_of_nine", CountOfNineTable())

__all__ = ["CountOfNineTable", "chip", "mini_card"]
