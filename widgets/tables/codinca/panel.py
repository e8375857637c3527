"""The Codinca picture's panel: the viewer's Key Discs, Trap Card and Luck Action Card, and the other seats.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.codinca import ACTION_IDS, ACTION_NAME, SQUARES
from ninekit.codinca.data import LUCK_TOKENS

from ...svg import el, group, tenths
from .pieces import (
    ACTION_TEXT,
    GROUP_SHORT,
    disc_picture,
    disc_words,
    glyph,
    luck_icon,
    poly,
    seat_label,
    side_mark,
    token_row,
    wrapped,
)


def draw_own(ctx, x, y, width) -> tuple[list[str], float]:
    """The viewer's Key Discs, Trap Card and Luck tokens: the parts and their height."""
    view, g, seat = ctx.view, ctx.g, ctx.seat
    out = []
    y_start = y
    elements = list(view.get("elements") or [])
    element = elements[seat]
    tokens = list(view.get("tokens") or [])
    left = tokens[seat] if seat < len(tokens) else 0
    total = LUCK_TOKENS.get(len(elements), max(left, 4))
    out.append(glyph(x + 8, y + 9, 14, element))
    out.append(el("text", f"You: {seat_label(view, seat)}", x=x + 20, y=y + 9, class_="cx-h"))
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
        picture = group(*parts, class_="cx-own-disc", aria_label=disc_words(disc, matched=is_match))
        out.append(_targeted(ctx, disc_id(seat, disc), picture, disc_words(disc, matched=is_match),
                             (cx - step / 2 + 2, cy - r - 2, step - 4, 2 * r + 30)))
    y += 2 * r + 40
    # the Trap Card and the Luck tokens
    traps = list(view.get("traps") or [])
    trap = traps[seat] if seat < len(traps) else {}
    parts, th, tw = draw_trap_card(ctx, x, y, trap, own=True)
    out.append(_targeted(ctx, f"trap:{seat}", "".join(parts), "your Trap Card", (x, y, tw, th)))
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
    lines, lh = wrapped(tx, y + 26, note, int((width - tw - 12) / (g.text * 0.52)), step=15)
    out += lines
    ty = y + 26 + lh + 4
    out.append(el("text", f"Luck tokens: {left} of {total}", x=tx, y=ty + 4, class_="nk-small cx-t",
                  font_weight=700))
    out += token_row(tx, ty + 22, left, total, r=7)
    return out, (y - y_start) + max(th, ty + 30 - y)


def draw_trap_card(ctx, x, y, trap: Mapping, *, own: bool, scale: float = 1.0) -> tuple[list[str], float, float]:
    """A Trap Card: its back while unseen, else its 4×4 grid (far row on top, the red arrow pointing up to
    the board)."""
    cw, ch = 70 * scale, 84 * scale
    out = []
    grid = trap.get("grid")
    if not grid:
        out.append(el("rect", x=x, y=y, width=cw, height=ch, rx=6, class_="cx-back"))
        out.append(el("rect", x=x + 4, y=y + 4, width=cw - 8, height=ch - 8, rx=4, class_="cx-back2"))
        out.append(el("text", "?", x=x + cw / 2, y=y + ch / 2 - 4 * scale, class_="cx-back-t",
                      font_size=tenths(max(11.0, 26 * scale))))
        if scale >= 0.8:
            out.append(el("text", "TRAP", x=x + cw / 2, y=y + ch - 14 * scale, class_="cx-back-t",
                          font_size=tenths(11 * scale)))
        words = "Trap Card, face down" + (" (you have not looked at it)" if own else "")
    else:
        out.append(el("rect", x=x, y=y, width=cw, height=ch, rx=6, class_="cx-card"))
        out.append(el("polygon", points=poly((x + cw / 2, y + 3), (x + cw / 2 - 6 * scale, y + 11 * scale),
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


def draw_luck_card(ctx, x, y, width) -> tuple[list[str], float]:
    """The Luck Action Card with its ten icons, clickable when an action is a choice: parts, height."""
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


def draw_other(ctx, p, x, y, width) -> tuple[list[str], float]:
    """Seat ``p``'s public state (tokens, claimed discs, Trap Card, Luck actions used): parts, height."""
    view, g = ctx.view, ctx.g
    elements = list(view.get("elements") or [])
    element = elements[p] if p < len(elements) else "?"
    tokens = list(view.get("tokens") or [])
    left = tokens[p] if p < len(tokens) else 0
    total = LUCK_TOKENS.get(len(elements), max(left, 4))
    out = [glyph(x + 8, y + 8, 13, element)]
    turn = " · to move" if view.get("turn") == p else ""
    claimed = (view.get("claimed") or [[]] * (p + 1))[p] or []
    out.append(el("text", f"{seat_label(view, p)}{turn}", x=x + 20, y=y + 8, class_="nk-small cx-t",
                  font_weight=700))
    out.append(el("text", f"{len(claimed)} claimed", x=x + width - 10 - total * 15, y=y + 8,
                  class_="nk-small cx-end"))
    out += token_row(x + width - total * 15, y + 8, left, total, r=6)
    y1 = y + 20
    discs = list((view.get("discs") or [[]] * (p + 1))[p] or [])
    r = 17
    for i, disc in enumerate(discs[:4]):
        cx = x + r + 2 + i * (2 * r + 5)
        parts = disc_picture(cx, y1 + r, r, disc, defs=ctx.defs)
        out.append(_targeted(ctx, disc_id(p, disc), group(*parts, aria_label=disc_words(disc)), disc_words(disc),
                             (cx - r - 2, y1 - 2, 2 * r + 4, 2 * r + 4)))
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
    lines, h1 = wrapped(tx, y1 + 7, ttext + luck, chars, step=15)
    out.append(_targeted(ctx, f"trap:{p}", "".join(lines), f"{seat_label(view, p)}'s Trap Card",
                         (tx - 4, y1 - 6, x + width - tx + 4, h1 + 4)))
    height = 20 + max(2 * r + 4, h1 + 2)
    return out, height


def disc_id(seat: int, disc: Mapping) -> str:
    """The id a seat's Key Disc is drawn with when it is a target (never in play: the position editor's)."""
    return f"disc:{seat}:{disc.get('group')}"


def _targeted(ctx, tid: str, drawing: str, words: str, hit) -> str:
    """``drawing`` as it is, or wrapped as the clickable element ``tid`` when that is a target.

    Play never makes a Key Disc or a Trap Card a target (claims and the Trap are buttons): only the position
    editor does, so a game's picture is unchanged."""
    if tid not in ctx.targets:
        return drawing
    return ctx.target(tid, [drawing], [words], hit=hit)
