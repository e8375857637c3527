"""The parts of the Code of Nine picture: the line above the board, the board of locations, the player sheets with
their Memory slots, the Ninth card and the legend, drawn through one :class:`Drawing` (what one picture hands
around).
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.code_of_nine import MEMORIES, RECONSTRUCTED_NOTE, SEATS
from ninekit.code_of_nine.data import LOCATION

from ...svg import SVG_NS, attrs, el, esc, group, num, seen_by, svg_root, wrap_lines
from .pieces import (
    HATCH,
    LOOK_STEPS,
    SECTIONS,
    STEP_WORDS,
    aid_box,
    card_words,
    holder_words,
    item_icon,
    owner_name,
    pawn,
    short,
    text_at,
    tile,
    wrapped,
)


def svg_picture(g, width: float, height: float, body: list[str], view, seat, narrow: bool) -> str:
    """The outer <svg> around ``body``; the phone picture is only ever shown beside the wide one, whose style
    serves both."""
    body = list(body)
    body.insert(2, el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect"))
    who = "a spectator" if seat is None else SEATS[seat]
    label = f"Code of Nine table {seen_by(view, who)}. {view.get('prompt', '')}".strip()
    game = str(view.get("game", "code_of_nine"))
    if narrow:  # the phone picture sits beside the wide one: the page's style (in the wide one) serves both
        return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(width)} {num(height)}"'
                f"{attrs(class_='ninekit-svg c9n', data_game=game, role='group', aria_label=label)}"
                f' preserveAspectRatio="xMidYMin meet"><title>{esc(label)}</title>'
                f'{HATCH.replace("c9n-hatch", "c9n-hatch-n")}'
                f'{"".join(body).replace("url(#c9n-hatch)", "url(#c9n-hatch-n)")}</svg>')
    return svg_root(width, height, "".join(body), label=label, game=game, extra_class="c9n")


# --- the line above the board: the Round marker, the Ruins, the Start player, Legacies and Medal
def draw_header(ctx, x, y, width) -> tuple[list[str], float]:
    """The line above the board (the Round marker, the Ruins, the Start player, Legacies, the Medal): parts, height."""
    view = ctx.view
    out = []
    rnd = int(view.get("round") or 1)
    over = view.get("phase") == "over"
    out.append(text_at(x, y + 11, "Round", cls="c9n-h"))
    bx = x + 48
    for r in range(1, int(view.get("rounds") or 5) + 1):
        now = r == rnd and view.get("phase") in ("place", "resolve")
        out.append(el("rect", x=bx, y=y, width=22, height=22, rx=4, class_="c9n-now" if now else "c9n-box"))
        out.append(el("text", r, x=bx + 11, y=y + 11, class_="nk-small", font_weight=700 if now else None))
        bx += 25
    phase = {"redraw": "set-up: the redraw", "arrange": "set-up: Shoal and Abyss", "over": "game over"}.get(
        str(view.get("phase")), "")
    words = f"Round {rnd} of {view.get('rounds') or 5}" + (f" ({phase})" if phase else "")
    if "round" in ctx.targets:  # the sandbox's position editor: the Round marker is a part to change
        out = [ctx.target("round", out, [f"Round marker: {words}"], hit=(x, y - 2, bx - x, 26), base="c9n-round")]
    else:
        out = [group(*out, class_="c9n-round", aria_label=f"Round marker: {words}")]
    tx = bx + 8
    if phase:
        out.append(text_at(tx, y + 11, phase[0].upper() + phase[1:], cls="nk-small c9n-t c9n-warn" if over else
                         "nk-small c9n-t"))
    # the Ruins
    ruins = view.get("ruins") or {}
    rx = x + (width - 190 if width > 400 else 0)
    ry = y + (0 if width > 400 else 28)
    parts = [text_at(rx, ry + 11, "Ruins:", cls="nk-small c9n-t", font_weight=700)]
    ix = rx + 46
    for kind in ("coin", "statue", "book"):
        parts += item_icon(kind, ix + 6, ry + 11)
        parts.append(text_at(ix + 15, ry + 11, ruins.get(kind, 0)))
        ix += 46
    out.append(group(*parts, aria_label=f"The Ruins: {ruins.get('coin', 0)} Coins, {ruins.get('statue', 0)} "
                                        f"Statues, {ruins.get('book', 0)} Books"))
    y2 = ry + 30
    bits = [f"Start player: {owner_name(view, int(view.get('start') or 0))}"]
    for key, name in (("white", "White Legacy"), ("black", "Black Legacy"), ("medal", "Medal")):
        value = view.get(key)
        if key == "medal" and value == "box":
            continue
        bits.append(f"{name} {holder_words(view, value)}")
    pend = view.get("pending") if isinstance(view.get("pending"), Mapping) else None
    if pend is not None and pend.get("location") in LOCATION:
        now = (f"{owner_name(view, int(pend.get('seat') or 0))} resolves {LOCATION[pend['location']].name}: "
               f"{STEP_WORDS.get(str(pend.get('step')), 'deciding')}")
        lines, h = wrapped(x, y2 + 8, now, int(width / 7.2), step=15, cls="nk-small c9n-t c9n-warn")
        out += lines
        y2 += h
    lines, h = wrapped(x, y2 + 8, " · ".join(bits), int(width / 6.4), step=15)
    out += lines
    return out, y2 - y + h


# --- the board
def draw_board(ctx, x, y) -> tuple[list[str], float]:
    """The board of locations, section by section: the parts and their height."""
    view, g = ctx.view, ctx.g
    locations = [loc for loc in view.get("locations") or [] if isinstance(loc, Mapping)]
    out = []
    y0 = y
    step_x = g.tile_w + 4
    for first, last in SECTIONS:
        locs = [loc for loc in locations if loc.get("first") == first and loc.get("last") == last]
        if not locs:
            continue
        rows = (len(locs) + g.cols - 1) // g.cols
        h = 20 + rows * (g.tile_h + 4) + 2
        sample = locs[0]
        state = "closed" if sample.get("closed") else (f"from round {first}" if sample.get("future") else "open")
        if view.get("phase") == "over":
            state = "closed" if sample.get("closed") else ""
        title = f"Round {first} only" if first == last else f"Rounds {first}-{last}"
        cls = "c9n-section" + (" c9n-future" if sample.get("future") else "") + (
            " c9n-closed" if sample.get("closed") else "")
        parts = [el("rect", x=x, y=y, width=g.cols * step_x + 4, height=h, rx=6, class_="c9n-sec"),
                 text_at(x + 8, y + 10, title, cls="nk-small c9n-t", font_weight=700),
                 text_at(x + g.cols * step_x - 2, y + 10, state, cls="nk-small c9n-end" + (
                     " c9n-warn" if state == "closed" else ""))]
        for i, loc in enumerate(locs):
            r, c = divmod(i, g.cols)
            parts.append(draw_location(ctx, loc, x + 4 + c * step_x, y + 20 + r * (g.tile_h + 4)))
        out.append(group(*parts, class_=cls, aria_label=f"{title}: {state}"))
        y += h + 4
    return out, y - y0


def draw_location(ctx, loc: Mapping, x, y) -> str:
    """One location tile of the board, clickable when it is a choice."""
    view, g = ctx.view, ctx.g
    key = str(loc.get("key"))
    w, h = g.tile_w, g.tile_h
    name = str(loc.get("name") or key)
    cost = str(loc.get("cost") or "")
    parts = list(tile(name, cost, bool(loc.get("reconstructed")), x, y, w, h))
    # the tokens lying here: the Legacies on Garden / Well, the Medal on Cult
    token = {"garden": "white", "well": "black", "cult": "medal"}.get(key)
    if token and view.get(token) == "board":
        parts += item_icon(token, x + 56, y + h - 9, 6)  # after the cost, clear of the name and the pawns
    pawns = [p for p in loc.get("pawns") or [] if isinstance(p, int)]
    n = len(pawns)
    if n:
        r = 6.5 if n <= 6 else 4.8
        step = 2 * r + 1.5
        right = x + w - r - 3
        for i, p in enumerate(pawns):
            cx = right - (n - 1 - i) * step
            parts += pawn(cx, y + h - r - 3, p, view, r)
    pend = view.get("pending") if isinstance(view.get("pending"), Mapping) else None
    resolving = pend is not None and pend.get("location") == key
    words = [f"{name} ({loc.get('rounds')}, {cost})"]
    if loc.get("closed"):
        words.append("closed")
    elif loc.get("future"):
        words.append(f"opens in round {loc.get('first')}")
    words.append(str(loc.get("effect") or ""))
    if loc.get("expert"):
        words.append("expert game only")
    if loc.get("reconstructed"):
        words.append("reconstructed location")
    if pawns:
        words.append("pawns: " + ", ".join(owner_name(view, p) for p in pawns))
    if token and view.get(token) == "board":
        words.append({"white": "the White Legacy lies here", "black": "the Black Legacy lies here",
                      "medal": "the Medal lies here"}[token])
    if resolving:
        words.append("being resolved now")
    return ctx.target(f"loc:{key}", parts, words, hit=(x, y, w, h),
                      base="c9n-place" + (" c9n-pending" if resolving else ""))


# --- the sheets, the Ninth Memory, the Memory list aid
def draw_side(ctx, x, y, width) -> tuple[list[str], float]:
    """The sheets, the Ninth Memory and the Memory list aid beside (or under) the board: parts, height."""
    view = ctx.view
    out = []
    y0 = y
    players = int(view.get("players") or 4)
    order = list(range(players))
    if ctx.seat is not None:  # the viewer's own sheet first
        order = [ctx.seat] + [s for s in order if s != ctx.seat]
    if view.get("ghost"):
        order.append(3)
    for owner in order:
        parts, h = draw_sheet(ctx, owner, x, y, width)
        out += parts
        y += h + 5
    parts, h = draw_ninth_and_list(ctx, x, y, width)
    out += parts
    y += h
    return out, y - y0


def draw_sheet(ctx, owner: int, x, y, width) -> tuple[list[str], float]:
    """The player sheet of ``owner``, with its Memory slots: the parts and their height."""
    view = ctx.view
    sheets = list(view.get("sheets") or [])
    sheet = sheets[owner] if owner < len(sheets) and not (view.get("ghost") and owner == 3) else None
    ghost = sheet is None
    card_w, card_h = 76, 58
    h = 68 if ghost else card_h + 16
    turn = view.get("turn")
    cls = "c9n-sheetg" + (" c9n-turn" if not ghost and turn == owner else "")
    parts = [el("rect", x=x, y=y, width=width, height=h, rx=6, class_="c9n-sheet")]
    parts += pawn(x + 12, y + 12, owner, view, 7)
    name = owner_name(view, owner)
    title = name + (" (you)" if owner == ctx.seat else "")
    parts.append(text_at(x + 24, y + 12, title.capitalize() if ghost else title, cls="c9n-h"))
    words = [title + (", to move" if not ghost and turn == owner else "")]
    if ghost:
        parts.append(text_at(x + 8, y + 32, "The ghost player:", cls="c9n-s c9n-t c9n-muted"))
        parts.append(text_at(x + 8, y + 45, "two Memories only", cls="c9n-s c9n-t c9n-muted"))
    else:
        sx = x + 8
        will = sheet.get("will", 0)
        parts.append(text_at(sx, y + 30, f"Will {will}", cls="nk-small c9n-t", font_weight=700))
        ix = sx + 52
        for kind, key in (("coin", "coins"), ("statue", "statues"), ("book", "books")):
            parts += item_icon(kind, ix + 6, y + 30)
            parts.append(text_at(ix + 14, y + 30, sheet.get(key, 0)))
            ix += 34
        words.append(f"Will {will}, {sheet.get('coins', 0)} Coins, {sheet.get('statues', 0)} Statues, "
                     f"{sheet.get('books', 0)} Books")
        tx = sx
        held = []
        for kind, label in (("white", "White Legacy"), ("black", "Black Legacy"), ("medal", "Medal")):
            if sheet.get(kind):
                parts += item_icon(kind, tx + 6, y + 49)
                tx += 16
                held.append(label)
        rel = [w for w, k in (("W", "released_white"), ("K", "released_black")) if sheet.get(k)]
        if rel:
            parts.append(text_at(tx + 2, y + 49, "released " + "+".join(rel), cls="c9n-s c9n-t"))
            tx += 70
            words.append("released the " + " and the ".join(
                n for n, k in (("White Legacy", "released_white"), ("Black Legacy", "released_black"))
                if sheet.get(k)))
        if held:
            words.append("holds " + ", ".join(held))
        left = int(sheet.get("pawns") or 0)
        px = sx
        py = y + 66
        parts.append(text_at(px, py, "Pawns", cls="c9n-s c9n-t c9n-muted"))
        for i in range(left):
            parts += pawn(px + 40 + i * 13, py, owner, view, 5)
        words.append(f"{left} Action pawn{'s' if left != 1 else ''} left")
        flags = []  # the seat to move has a highlighted sheet (and says so to a screen reader)
        if sheet.get("start"):
            flags.append("★ Start")
            words.append("holds the Start player marker")
        if sheet.get("veiled"):
            flags.append("veiled")
        redraw = sheet.get("redraw")
        if view.get("phase") in ("redraw", "arrange") and redraw:  # set-up: nobody holds a token yet
            said = {"keep": "keeps", "change": "changes", "decided": "decided (secret)"}.get(redraw, str(redraw))
            parts.append(text_at(sx, y + 49, "Redraw: " + said, cls="c9n-s c9n-t c9n-warn"))
            words.append("redraw: " + said)
        if flags:
            parts.append(text_at(px + 44 + max(left, 1) * 13, py, " · ".join(flags), cls="c9n-s c9n-t c9n-warn"))
            words += [f for f in flags if f != "★ Start"]
    # the two Memory slots
    slots = [s for s in view.get("slots") or [] if s.get("owner") == owner]
    hand = view.get("hand") if owner == ctx.seat else None
    for i, slot in enumerate(slots[:2]):
        cx = x + width - (2 - i) * (card_w + 5) - 1
        parts.append(draw_slot(ctx, slot, i, cx, y + 4, card_w, card_h + 4 if ghost else card_h + 8,
                                hand=hand))
    return [group(*parts, class_=cls, aria_label=", ".join(words))], h


def draw_slot(ctx, slot: Mapping, i: int, x, y, w, h, hand=None) -> str:
    """One Memory slot of a sheet (its card, face up or down), clickable when it is a choice."""
    view = ctx.view
    owner = int(slot.get("owner", 0))
    which = str(slot.get("slot"))
    code = slot.get("code")
    label = which
    if hand:  # set-up: the dealt cards, not yet in the Shoal and the Abyss
        code = hand[i] if i < len(hand) else code
        label = f"Card {i + 1}"
    parts = []
    if code:
        parts.append(el("rect", x=x, y=y, width=w, height=h, rx=5, class_="c9n-card"))
        parts.append(el("text", label, x=x + 4, y=y + 8, class_="c9n-tiny c9n-muted c9n-t"))
        parts.append(el("text", f"{int(code):02d}", x=x + w / 2, y=y + 22, class_="c9n-code"))
        m = MEMORIES.get(code)
        lines = wrap_lines(m.name if m else "", 16)
        if len(lines) > 3:
            lines = lines[:2] + [short(" ".join(lines[2:]), 16)]
        for j, line in enumerate(lines):
            parts.append(el("text", line, x=x + w / 2, y=y + 34 + j * 9.5, class_="c9n-tiny"))
        if m and m.reconstructed:
            parts.append(el("text", "R", x=x + 8, y=y + 22, class_="c9n-r"))
        words = [f"{owner_name(view, owner)}'s {label}: {card_words(code)}"]
    else:
        parts.append(el("rect", x=x, y=y, width=w, height=h, rx=5, class_="c9n-back"))
        parts.append(el("rect", x=x + 3, y=y + 3, width=w - 6, height=h - 6, rx=3, class_="c9n-back2"))
        parts.append(el("text", label, x=x + 6, y=y + 11, class_="c9n-backt c9n-tiny c9n-t"))
        parts.append(el("text", "?", x=x + w / 2, y=y + h / 2 + 2, class_="c9n-backt", font_size=18))
        words = [f"{owner_name(view, owner)}'s {label}: face down"]
    seen = [s for s in slot.get("seen_by") or [] if isinstance(s, int)]
    if seen:
        for j, s in enumerate(seen):
            parts += pawn(x + w - 7 - (len(seen) - 1 - j) * 10, y + 8, s, view, 4.4)
        words.append("looked at by " + ", ".join(owner_name(view, s) for s in seen))
    if slot.get("public") and view.get("phase") != "over":
        parts.append(el("text", "public", x=x + w - 4, y=y + h - 6, class_="c9n-tiny c9n-end c9n-warn"))
        words.append("public")
    tid = None
    if hand and view.get("phase") == "arrange":
        tid = f"hand:{i}"
        if tid in ctx.targets:
            words.append("click to put it in your Shoal (the other goes in your Abyss)")
    else:
        pend = view.get("pending") if isinstance(view.get("pending"), Mapping) else None
        if pend is not None and LOOK_STEPS.get(str(pend.get("step"))) == which:
            tid = f"look:{owner}"
        elif f"mem:{owner}:{which.lower()}" in ctx.targets:  # the sandbox's position editor: this slot's card
            tid = f"mem:{owner}:{which.lower()}"
    if tid is None:
        return group(*parts, el("title", ", ".join(words)), aria_label=", ".join(words), class_="c9n-slot")
    return ctx.target(tid, parts, words, hit=(x, y, w, h), base="c9n-slot")


def draw_ninth_and_list(ctx, x, y, width) -> tuple[list[str], float]:
    """The Ninth Memory and the Memory list aid: the parts and their height."""
    view = ctx.view
    out = []
    y0 = y
    ninth = view.get("ninth")
    if ninth:
        w, h = 76, 58
        parts = [el("rect", x=x, y=y, width=w, height=h, rx=5, class_="c9n-card"),
                 el("text", "Ninth", x=x + w / 2, y=y + 8, class_="c9n-tiny c9n-muted"),
                 el("text", f"{int(ninth):02d}", x=x + w / 2, y=y + 22, class_="c9n-code")]
        for j, line in enumerate(wrap_lines(MEMORIES[ninth].name, 15)[:2]):
            parts.append(el("text", line, x=x + w / 2, y=y + 35 + j * 10, class_="c9n-tiny"))
        if "ninth" in ctx.targets:  # the sandbox's position editor: the Ninth Memory is a part to change
            out.append(ctx.target("ninth", parts, [f"The Ninth Memory, face up (not in the game): "
                                                   f"{card_words(ninth)}"], hit=(x, y, w, h), base="c9n-ninth"))
        else:
            out.append(group(*parts, el("title", f"The Ninth Memory, face up (not in the game): {card_words(ninth)}"),
                             class_="c9n-ninth", aria_label=f"The Ninth Memory: {card_words(ninth)}"))
        lines, _h = wrapped(x + w + 8, y + 10, "The Ninth Memory: face up, not in the game. Hall of the Ninth "
                             "and Gallery of Honor exchange it with one of your Memories.",
                             int((width - w - 8) / 6.2), step=14, cls="c9n-s c9n-t")
        out += lines
        y += h + 6
    rows = [r for r in view.get("memory_list") or [] if isinstance(r, Mapping)]
    if rows:
        who = "you" if ctx.seat is not None else "a spectator"
        out.append(text_at(x, y + 8, f"Memory list ({who}): in · out · ? unknown", cls="nk-small c9n-t",
                         font_weight=700))
        y += 18
        cols = 10 if width > 360 else 9
        cw = (width - 2) / cols
        for i, row in enumerate(rows):
            r, c = divmod(i, cols)
            bx, by = x + c * cw, y + r * 30
            out.append(aid_box(int(row.get("code") or 0), str(row.get("name")), row.get("order"),
                                str(row.get("status")), bx, by, cw))
        y += ((len(rows) + cols - 1) // cols) * 30
    return out, y - y0


# --- under the board: what the viewer knows, the legend, the reconstruction note
def draw_legend(ctx, x, y, width) -> tuple[list[str], float]:
    """Under the board: what the viewer knows, the legend, the reconstruction note: parts, height."""
    view, g = ctx.view, ctx.g
    out = []
    y0 = y
    if ctx.seat is not None and view.get("phase") != "over":
        known = []
        for slot in view.get("slots") or []:
            code = slot.get("code")
            if code and slot.get("owner") != ctx.seat:
                known.append(f"{owner_name(view, int(slot.get('owner')))}'s {slot.get('slot')} is "
                             f"{int(code):02d} {MEMORIES[code].name}")
        mine = [s for s in view.get("slots") or [] if s.get("owner") == ctx.seat and s.get("code")]
        hand = view.get("hand")
        if hand:
            own = "Your two dealt cards: " + " and ".join(f"{c:02d} {MEMORIES[c].name}" for c in hand)
            if any(str(t).startswith("hand:") for t in ctx.targets):
                own += ". Click the one that goes in your Shoal (the other goes in your Abyss)"
        else:
            own = "Your cards: " + "; ".join(f"{s.get('slot')} {int(s['code']):02d} {MEMORIES[s['code']].name}"
                                             for s in mine)
        text = own + ". " + ("You have seen: " + "; ".join(known) + "." if known else
                             "You have seen no other card.")
        lines, h = wrapped(x, y + 8, text, g.chars, step=15)
        out += lines
        y += h + 4
    parts = [el("rect", x=x, y=y + 1, width=11, height=11, rx=2, class_="c9n-rbox"),
             el("text", "R", x=x + 5.5, y=y + 7, class_="c9n-r")]
    out += parts
    lines, h = wrapped(x + 16, y + 7, str(view.get("reconstructed") or RECONSTRUCTED_NOTE), g.chars - 3,
                        step=13, cls="c9n-s c9n-t c9n-muted", font_style="italic")
    out += lines
    y += h + 2
    return out, y - y0


class Drawing:
    """What one drawing hands around: the view, the targets, the layout, the viewer."""

    def __init__(self, view, targets, g, seat):
        self.view, self.targets, self.g, self.seat = view, targets, g, seat

    def target(self, tid: str, parts: list[str], words: list[str], *, hit, base: str = "") -> str:
        """Wrap ``parts`` as the element ``tid``: clickable (class ``legal``) and focusable when it is a choice;
        otherwise focusable for its effect (a location's <title> is its tooltip)."""
        move = self.targets.get(tid)
        hx, hy, hw, hh = hit
        parts = list(parts)
        parts.append(el("rect", x=hx + 1, y=hy + 1, width=hw - 2, height=hh - 2, rx=5, class_="nk-hl"))
        title = ", ".join(str(w) for w in words if w)
        if move is None:
            parts.append(el("title", title))
            focus = 0 if tid.startswith("loc:") else None  # a location's effect is there for the keyboard too
            return group(*parts, data_id=tid, class_=base or None, tabindex=focus, aria_label=title)
        parts.append(el("rect", x=hx + 1, y=hy + 1, width=hw - 2, height=hh - 2, rx=5, class_="nk-focus"))
        parts.append(el("title", f"{move} — {title}"))
        return group(*parts, data_id=tid, class_=(base + " legal").strip(), tabindex=0, role="button",
                     aria_label=f"{move} — {title}")
