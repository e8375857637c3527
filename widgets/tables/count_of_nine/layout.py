"""The parts of the Count of Nine picture: the target choice, the cards on the table with their structures, the
strip of the deck, the score, the city by rounds and the finished games, drawn through one :class:`Drawing`
(what one picture hands around).
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit import Move
from ninekit.count_of_nine import CARDS, HIGH_STRUCTURES, STRUCTURES, TARGET_CARD

from ...svg import SVG_NS, attrs, el, esc, group, num, svg_root, tenths, wrap_lines
from .pieces import (
    NARROW,
    PLACE_WORDS,
    RESOURCE_LOOK,
    STYLE,
    WIDE,
    Geometry,
    card_back,
    card_words,
    cost_chips,
    cost_width,
    effect,
    face_a,
    index_underline,
    ink_class,
    mini_card,
    plural,
    shield,
    short_name,
    structure_words,
    text_lines,
)

# --- the drawing context -----------------------------------------------------------------------------------

class Drawing:
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


def svg_picture(g: Geometry, height: float, body: list[str], label: str, narrow: bool) -> str:
    """The outer <svg>.  The phone picture is only ever shown beside the wide one (the browser hides one of
    the two), so only the wide one carries the style."""
    inner = el("rect", x=0, y=0, width=g.width, height=height, class_="nk-bgrect") + "".join(body)
    if narrow:
        return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(g.width)} {num(height)}"'
                f"{attrs(class_='ninekit-svg c9', data_game='count_of_nine', role='group', aria_label=label)}"
                f' preserveAspectRatio="xMidYMin meet"><title>{esc(label)}</title>{inner}</svg>')
    return svg_root(g.width, height, STYLE + inner, label=label, game="count_of_nine", extra_class="c9")


# --- set-up: choose the target
def draw_targets(ctx: Drawing, y: float) -> tuple[list[str], float]:
    """The set-up: the five high structures to choose the target from: the parts and their height."""
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
        out.append(draw_target_tile(ctx, tx, ty, tw, th, name))
    rows = (len(HIGH_STRUCTURES) + cols - 1) // cols
    y += rows * (th + 10)
    done = ctx.view.get("results") or []
    if done:
        r = done[-1]
        out.append(el("text", f"Game {r.get('game')} scored {r.get('score')} (target {r.get('target')}, "
                              f"{r.get('rounds')} rounds).", x=g.pad, y=y + 8, class_="nk-small c9-t"))
        y += 20
    return out, y - y0


def draw_target_tile(ctx: Drawing, x: float, y: float, w: float, h: float, name: str) -> str:
    """One high structure to choose as the target."""
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


def draw_note(ctx: Drawing) -> str:
    """The line that says what to do now (the structure chosen and how to pay, Demolition Team at work, ...)."""
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


def draw_pile(x: float, y: float, w: float, h: float, under: int) -> list[str]:
    """The edges of the cards under a pile's top card (at most four drawn)."""
    out = []
    for i in range(min(under, 3), 0, -1):
        out.append(el("rect", x=x + 2 * i, y=y + 2.5 * i, width=w, height=h, rx=4, class_="c9-pile"))
    return out


def draw_slot(x: float, y: float, w: float, h: float, text: str) -> str:
    """An empty place on the table, named by ``text``."""
    return group(el("rect", x=x, y=y, width=w, height=h, rx=8, class_="c9-slot"),
                 el("text", text, x=x + w / 2, y=y + h / 2, class_="nk-small c9-muted", font_style="italic"))


def draw_card(ctx: Drawing, x: float, y: float, c: Mapping, place: str | None) -> list[str]:
    """A full card as it lies, its structures clickable where ``place`` is in the play area; the whole card is one
    element ``card:<number>`` instead when that id is a target (the sandbox's position editor)."""
    g = ctx.g
    whole = f"card:{c.get('card')}"
    if whole in ctx.targets:
        place = None
    w, h = g.card_w, g.card_h
    face = c.get("face", "A")
    parts = [el("rect", x=x, y=y, width=w, height=h, rx=3 if face == "A" else 14,
                class_="c9-faceA" if face == "A" else "c9-faceB")]
    top, bottom = str(c.get("top")), str(c.get("bottom"))
    letter, colour, ink = RESOURCE_LOOK.get(top, ("?", "#ccc", "#111"))
    bx, bw = x + 24, w - 48
    parts.append(el("rect", x=bx, y=y + 4, width=bw, height=g.band, rx=3, fill=colour))
    parts.append(el("text", f"{letter}  {top}", x=x + w / 2, y=y + 4 + g.band / 2, class_=ink_class(ink), font_size=14,
                    font_weight=800))
    bl, bcol, _bink = RESOURCE_LOOK.get(bottom, ("?", "#ccc", "#111"))
    fy = y + h - 4 - g.foot
    parts.append(el("rect", x=bx, y=fy, width=bw, height=g.foot, rx=3, fill=bcol, opacity=.35))
    parts.append(el("text", f"{bl}  {bottom}", x=x + w / 2, y=fy + g.foot / 2, class_="c9-ink", font_size=12,
                    font_weight=700, transform=f"rotate(180 {tenths(x + w / 2)} {tenths(fy + g.foot / 2)})"))
    idx = f"{c.get('card')}{face}"
    mark = index_underline(c)
    if c.get("rotated"):
        parts.append(el("text", idx, x=x + w - 12, y=y + h - 12, class_="c9-ink", font_size=11, font_weight=800,
                        text_decoration=mark, transform=f"rotate(180 {tenths(x + w - 12)} {tenths(y + h - 12)})"))
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
        structures.append(draw_structure(ctx, sx, sy, sw, sh, str(name), place))
    marks = []
    if place and place in ctx.paying:  # the default payment spends this card's top resource
        marks.append(el("rect", x=bx - 3, y=y + 1, width=bw + 6, height=g.band + 6, rx=5, class_="c9-pays"))
        marks += draw_pay_tag(bx + bw - 6, y + 4 + g.band / 2)
    words = card_words(c)
    transform = None
    if c.get("tilted"):
        transform = f"rotate(-6 {tenths(x + w / 2)} {tenths(y + h / 2)})"
    if whole in ctx.targets:
        return [ctx.target(whole, [group(*parts, aria_label=words), *structures, *marks], words, (x, y, w, h),
                           transform=transform)]
    return [group(group(*parts, aria_label=words), *structures, *marks, transform=transform)]


def draw_pay_tag(x: float, y: float) -> list[str]:
    """The "pays" mark on a source the first payment offered would spend."""
    return [el("rect", x=x - 22, y=y - 8, width=44, height=16, rx=8, class_="c9-paytag"),
            el("text", "PAYS", x=x, y=y + 0.5, class_="c9-paytagt", font_size=11)]


def draw_structure(ctx: Drawing, x: float, y: float, w: float, h: float, name: str, place: str | None) -> str:
    """One structure at a card's end (name, cost, what it gives), clickable when it is a choice."""
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


def draw_target_card(ctx: Drawing, x: float, y: float, w: float, h: float) -> list[str]:
    """The target's card, set aside: the target structure (clickable when it can be built) and what it needs in
    the city (ticked when there); the other structure on the card is never built."""
    t = ctx.view.get("target") if isinstance(ctx.view.get("target"), Mapping) else None
    if not t:
        return [draw_slot(x, y, w, h, "no target yet")]
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
        inner = draw_structure(ctx, x + 5, sy, sw, sh, name, None)
        target = group(group(inner, class_="c9-off"), el("text", "BUILT ✓", x=x + 5 + sw / 2, y=sy + sh / 2,
                                                         class_="c9-ink", font_size=13, font_weight=800))
    else:
        target = draw_structure(ctx, x + 5, sy, sw, sh, name, "target")
    rx = x + 9 + sw
    have = {str(c.get("name")) for c in ctx.view.get("city") or []}
    needs = list(t.get("requires") or [])
    parts.append(el("rect", x=rx, y=sy, width=sw, height=sh, rx=4, class_="c9-sp"))
    parts.append(el("text", "needs built:", x=rx + 5, y=sy + 11, class_="c9-ink c9-t", font_size=11))
    for i, req in enumerate(needs):
        mark = "✓" if req in have else "·"
        room = sw - 10 if req in have else sw - 2  # a ticked name is bold, so wider
        parts.append(el("text", f"{mark} {short_name(req, room)}", x=rx + 5, y=sy + 27 + 14 * i,
                        class_="c9-name c9-t" if req in have else "c9-ink c9-t", font_size=11.5))
    parts.append(el("text", "the target gives no resource", x=x + w / 2, y=y + h - 11, class_="c9-ink",
                    font_size=11, font_style="italic"))
    missing = [r for r in needs if r not in have]
    words = (f"The target, {name} (card {card} face {face}), set aside: "
             + ("built" if built else f"costs {t.get('cost')}; needs {', '.join(needs)} in your city"
                + (f" (missing: {', '.join(missing)})" if missing else " (all there)")))
    return [group(group(*parts, aria_label=words), target)]


def draw_target_aside(ctx: Drawing, x: float, y: float, w: float, h: float) -> list[str]:
    """:func:`draw_target_card`, the whole card one element ``target:<name>`` when that id is a target (the
    sandbox's position editor: its structure then reports that id, not its build)."""
    t = ctx.view.get("target") if isinstance(ctx.view.get("target"), Mapping) else None
    tid = f"target:{t.get('name')}" if t else None
    if tid is None or tid not in ctx.targets:
        return draw_target_card(ctx, x, y, w, h)
    inner = Drawing(ctx.view, {}, {}, ctx.g)  # drawn without its build target
    return [ctx.target(tid, draw_target_card(inner, x, y, w, h), f"The target, {t.get('name')}, set aside",
                       (x, y, w, h))]


def draw_strip(ctx: Drawing, x: float, y: float, width: float) -> tuple[list[str], float]:
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
        if kind == "card" and f"card:{c.get('card')}" in ctx.targets:  # (the sandbox's position editor)
            out.append(ctx.target(f"card:{c.get('card')}", mini_card(cx, cy, mw, mh, c), card_words(c),
                                  (cx, cy, mw, mh)))
        elif kind == "card":
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
        lines, h = text_lines(x + 2, y + 6, text, int(width / 6.6))
        out += lines
        y += h + 2
    return out, y - y0


def draw_score(ctx: Drawing, x: float, y: float, width: float) -> tuple[list[str], float]:
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


def draw_city(ctx: Drawing | None, x: float, y: float, width: float, city: list, rounds: int, *,
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
                out.append(draw_tile(ctx, cx + 2, y + 20 + i * (th + 6), tw, th, entry, clickable))
            cx += cwid
        y += col_h + 6
    if not city:
        out.append(el("text", "no structures yet", x=x + (40 if rounds else 4), y=y - 26 if rounds else y + 2,
                      class_="nk-small c9-muted c9-t", font_style="italic"))
        y += 0 if rounds else 16
    return out, y - y0


def draw_tile(ctx: Drawing | None, x: float, y: float, w: float, h: float, entry: Mapping, clickable: bool) -> str:
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
    transform = f"rotate(7 {tenths(x + w / 2)} {tenths(y + h / 2)})" if entry.get("tilted") else None
    if ctx is not None and f"city{card}" in ctx.paying:
        parts.append(el("rect", x=x - 2, y=y - 2, width=w + 4, height=h + 4, rx=6, class_="c9-pays"))
        parts += draw_pay_tag(x + w - 24, y + h - 2)
    if ctx is None or not clickable:
        parts.append(el("title", words))
        return group(*parts, transform=transform)
    return ctx.target(f"city:{card}", parts, words, (x, y, w, h), transform=transform)


# --- the end of the match (the board behind the outcome panel)
def draw_match(ctx: Drawing, y: float) -> tuple[list[str], float]:
    """The end of the match, behind the outcome panel: each game's result and the match total: parts, height."""
    view, g = ctx.view, ctx.g
    out = []
    y0 = y
    for r in view.get("results") or []:
        parts, h = draw_result_block(g, g.pad, y, g.width - 2 * g.pad, r, deal=False)
        out += parts
        y += h + 8
    total = view.get("total")
    text = f"Match total: {total}" + (f" — {view.get('title')}" if view.get("title") else "")
    if (view.get("games") or 2) == 1:
        text = f"Practice game: {total} points"
    out.append(el("text", text, x=g.pad + 4, y=y + 10, class_="c9-h", font_size=15))
    y += 26
    return out, y - y0


def draw_result_block(g: Geometry, x: float, y: float, width: float, r: Mapping, *, deal: bool
                  ) -> tuple[list[str], float]:
    """One finished game: target, score in rounds, the city by rounds, and (``deal``) its deal revealed."""
    out = []
    y0 = y
    head = (f"Game {r.get('game')}: target {r.get('target')}: {plural(r.get('score'), 'point')} in "
            f"{plural(r.get('rounds'), 'round')}")
    out.append(el("text", head, x=x + 2, y=y + 9, class_="c9-h", font_size=14))
    y += 22
    city = [{"card": c.get("card"), "name": c.get("name"), "round": c.get("round")} for c in r.get("city") or []]
    parts, h = draw_city(None, x, y, width, city, int(r.get("rounds") or 0), clickable=False, g=g,
                          title="The city, one column per round")
    out += parts
    y += h
    if deal and r.get("deal"):
        out.append(el("text", "The deal, now revealed (top card first; r = rotated)", x=x + 2, y=y + 7,
                      class_="nk-small c9-t", font_weight=700))
        y += 18
        mw, mh = g.mini_w, g.mini_h
        per_row = max(1, int((width + 6) // (mw + 6)))
        cards = [face_a(code) for code in r.get("deal") or []]
        for i, c in enumerate(cards):
            row, col = divmod(i, per_row)
            out += mini_card(x + col * (mw + 6), y + row * (mh + 6), mw, mh, c)
        y += ((len(cards) + per_row - 1) // per_row) * (mh + 6)
    return out, y - y0
