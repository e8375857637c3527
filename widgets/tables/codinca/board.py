"""The Codinca picture's board half: the line above the board, the 4×4 board with its edges, crystals, lines and
pairs, and the legend below it, drawn through one :class:`Drawing` (what one picture hands around).
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.codinca import BLOCKS, FILES, LINES, SQUARES, touched
from ninekit.codinca import SIDE_WORD as SIDE_WORDS
from ninekit.codinca.data import BLUE_CRYSTALS, RED_CRYSTALS, TOTEM_HOME

from ...svg import el, group, tenths
from .pieces import (
    EDGE_ELEMENT,
    EDGES,
    diamond,
    face_defs,
    face_use,
    glyph,
    padlock_icon,
    point_xy,
    text_at,
    tile_face,
    totem_icon,
    wrapped,
)


# --- the line above the board
def draw_header(ctx, x, y, width) -> tuple[list[str], float]:
    """The line above the board (round, claims to win, the outcome): the parts and their height."""
    view = ctx.view
    outcome = view.get("outcome") if isinstance(view.get("outcome"), Mapping) else None
    bits = []
    rnd, limit = view.get("round"), view.get("round_limit")
    if rnd is not None:
        bits.append(f"Round {rnd} of {limit} (house-rule limit)" if limit else f"Round {rnd}")
    need = view.get("claims_to_win") or 4
    bits.append(f"{need} claimed Key Discs win" + (" (beginner game)" if view.get("beginner") else ""))
    text = " · ".join(bits)
    parts, h = wrapped(x, y + 9, text, int(width / 6.6), step=16, cls="nk-small cx-t")
    if outcome:
        reason = str(outcome.get("reason") or "")
        more, mh = wrapped(x, y + 9 + h, f"Game over: {reason}. Every Key Disc and Trap Card is shown.",
                            int(width / 7.2), step=16, cls="nk-small cx-t cx-warn")
        parts += more
        h += mh
    return parts, h + 2


def draw_legend(ctx, x, y, width) -> tuple[list[str], float]:
    """The legend under the board: the parts and their height."""
    g = ctx.g
    out = []
    cx = x + 10
    s = 18
    out += tile_face(cx - s / 2 + 0, y + 2, s, "Fire", "S")[:3]
    out.append(text_at(cx + s / 2 + 4, y + 11, "stone", cls="nk-small cx-t"))
    cx += 62
    out += tile_face(cx - s / 2, y + 2, s, "Fire", "G")[:3]
    out.append(text_at(cx + s / 2 + 4, y + 11, "gold", cls="nk-small cx-t"))
    cx += 52
    for element in ("Fire", "Water", "Air", "Earth"):
        out.append(glyph(cx, y + 11, 14, element))
        out.append(text_at(cx + 10, y + 11, element, cls="nk-small cx-t"))
        cx += 24 + len(element) * 7.6
    lines, h = wrapped(x, y + 34, "Reconstructed: the layout, discs, traps and crystals (see Rules).",
                        int(width / (g.text * 0.52)), step=15, cls="nk-small cx-t")
    lines = [ln.replace('class="nk-small cx-t"', 'class="nk-small cx-t cx-recon" font-style="italic"', 1)
             for ln in lines]
    return out + lines, 26 + h


# --- the board
def draw_board(ctx, x, y) -> tuple[list[str], float]:
    """The 4×4 board with its edges, crystals, lines and pairs: the parts and their height."""
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
    out += draw_edges(ctx, x0, y0, side)

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
            parts.append(el("path", d=f"M {tenths(sx + 6)} {tenths(sy + 6)} L {tenths(sx + c - 6)} "
                                      f"{tenths(sy + c - 6)} "
                                      f"M {tenths(sx + c - 6)} {tenths(sy + 6)} L {tenths(sx + 6)} "
                                      f"{tenths(sy + c - 6)}",
                            class_="cx-lockx"))
            parts += padlock_icon(sx + c - 13, sy + c - 12, 14)
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

    if ctx.crystals:
        out += draw_crystals(ctx, x0, y0)
    out += draw_lines(ctx, x0, y0)
    out += draw_dominoes(ctx, x0, y0)
    return out, g.band_n + side + g.band_s


def draw_edges(ctx, x0, y0, side) -> list[str]:
    """The seats' names on the board's edges, the seat to move marked."""
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
        transform = f"rotate({rot} {tenths(tx)} {tenths(ty)})" if rot else None
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
        label = el("text", text, x=tx, y=ty, class_=cls, font_size=tenths(f), transform=transform)
        words = f"{element}'s seat, the {edge} edge" + (": empty" if p is None else "") + \
            (" (you)" if you else "") + (", to move" if p is not None and p == turn else "")
        out.append(group(*gl, label, class_="cx-edge", aria_label=words))
    return out


def draw_crystals(ctx, x0, y0) -> list[str]:
    """The red crystals at the lines' ends and the blue ones on the grid points, with the Lock Totem."""
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
        parts = [diamond(cx, cy, 10, "cx-red")]
        words = [f"red crystal at the end of {'rank' if line.isdigit() else 'file'} {line} ({edge} edge)"]
        if totem == cid:
            parts += totem_icon(cx, cy, 26)
            words.append("the Lock Totem stands here: that line is locked")
        out.append(ctx.target(f"crystal:{cid}", parts, words, hit=(cx - 14, cy - 14, 28, 28), point=True,
                              tip=totem == cid))  # the totem's crystal says what it locks
    for point in BLUE_CRYSTALS:
        col, row = point_xy(point)
        cx, cy = x0 + col * c, y0 + row * c
        parts = []
        words = []
        if point == TOTEM_HOME:
            parts.append(el("circle", cx=cx, cy=cy, r=9, class_="cx-home"))
            words.append("the centre point: the Lock Totem's home (locks nothing)")
        else:
            parts.append(diamond(cx, cy, 8, "cx-blue"))
            words.append("blue crystal: locks the 2×2 block around it")
        if totem == point:
            parts += totem_icon(cx, cy, 26)
            words.append("the Lock Totem stands here" + (": that block is locked" if point != TOTEM_HOME
                                                          else " (nothing is locked)"))
        # a grid point is a block (Rotate, Flip) or a blue crystal (Block Lock): whichever is a choice now
        bid, cid = f"block:{point}", f"crystal:{point}"
        pid = bid if (bid in ctx.targets or bid in ctx.marked) else cid
        out.append(ctx.target(pid, parts, words, hit=(cx - 15, cy - 15, 30, 30), point=True,
                              tip=totem == point))
    return out


def draw_lines(ctx, x0, y0) -> list[str]:
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


def draw_dominoes(ctx, x0, y0) -> list[str]:
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


class Drawing:
    """What one drawing needs to hand around: the view, the targets, the shell's selection hints."""

    def __init__(self, view, targets, chosen, switch, g, seat, crystals: bool = True):
        self.view, self.targets, self.chosen, self.switch, self.g, self.seat = view, targets, chosen, switch, g, seat
        self.crystals = crystals  # False: the board without its crystals and Lock Totem (a lesson's first steps)
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
