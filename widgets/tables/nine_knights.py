"""The Nine Knights table: a 9 x 10 board drawn from ``state.view(seat)``.

Squares are named like chess (``a1`` .. ``i10``); each square is a ``<g>``
with that ``data-id``.  Row 1 is South's home rank; the board is drawn from
the viewer's side (North sees row 10 at the bottom).  A panel to the right of
the board holds the Waiting Areas (the opponent's at the top, the viewer's at
the bottom, next to their own side of the board), the fight banner, the
Hidden Tokens and the fallen Knights, so the picture is landscape.  For
phones (``pending["layout"] == "narrow"``) the same parts are stacked in a
portrait picture about 400 units wide: the opponent's Waiting Area, the
board, the viewer's Waiting Area, then the banner, the Hidden Tokens and the
fallen Knights; squares and waiting Knights are at least 38 units, texts at
least 11.  Both layouts carry the same data-ids and classes.

The chosen Knight (``pending["selected"]``: clicked again to put it back) and
the Knights to switch to (``pending["switch"]``) carry class ``nk-switch``
besides ``legal``: a click on them changes the selection, not the game.

The viewer's own waiting Knights are ``<g>`` elements too, with the
``data-id`` ``wait-<colour><number>`` (``wait-S4``: South's colour, Duty 4;
a Knight won over keeps its colour letter).  Only the viewer's own Knights
get one, since the id names the number; the opponent's waiting Knights (and a
spectator's view) get none.  ``target_of`` gives that id to ``pick`` and
``summon`` moves.

Not colour alone: South's Knights are solid shapes, North's are outlines;
Archer = triangle "A", Warrior = square "W", Ranger = circle "R".  The duty
number sits in a corner badge ("?" when this seat does not know it), solid
when it is public, dashed while it is secret, orange when only the end of the
game showed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..front import front_text
from ..svg import el, esc, group, svg_root, wrap_lines
from . import TableAdapter, register

PANEL_GAP = 22  # between the board and the panel (landscape)
BOARD_KINDS = ("place", "select", "to", "summon_to")
KNIGHT_KINDS = ("pick", "summon")
WAIT = "wait-"
SHAPES = {"A": "triangle", "W": "square", "R": "circle"}
TYPE_WORDS = {"A": "Archers", "W": "Warriors", "R": "Rangers"}


@dataclass(frozen=True)
class Geometry:
    """The sizes of one layout of the picture (units of the viewBox)."""

    cell: float  # a square of the board
    left: float  # room for the row numbers
    top: float  # above the board (landscape)
    piece: float  # a Knight on the board
    goal_r: float  # a Goal Token disc, and its number's size
    goal_font: float
    text_w: float  # the banner's width
    chars: int  # characters per line of text (14 px)
    box: float  # a waiting Knight's clickable box, its icon, and the steps between boxes
    icon: float
    step_x: float
    step_y: float
    per_line: int  # waiting Knights per line
    empty_inline: bool  # an empty Waiting Area is one line ("... (0): empty")
    fallen_icon: float
    fallen_step: float
    fallen_per_line: int


# Landscape (~686 units wide): the board left, a panel of text and waiting Knights right.
WIDE = Geometry(cell=40, left=24, top=12, piece=24, goal_r=7, goal_font=9, text_w=272, chars=32, box=34, icon=21,
                step_x=36, step_y=36, per_line=7, empty_inline=False, fallen_icon=17, fallen_step=28, fallen_per_line=9)
# Portrait for phones (406 units wide, drawn near 1:1 on a 390 px screen): every text at least 11 units, every
# square and waiting Knight at least 40 units to tap.
NARROW = Geometry(cell=42, left=20, top=8, piece=27, goal_r=8.5, goal_font=11, text_w=384, chars=46, box=38, icon=27,
                  step_x=42, step_y=46, per_line=9, empty_inline=True,
                  fallen_icon=27, fallen_step=38, fallen_per_line=10)

# Styles only this table uses (the shared ones are in widgets/svg.py).
LOCAL_STYLE = "<style>\n" + front_text("tables/nine_knights.css") + "</style>"


def _letter(kind) -> str:
    text = str(kind or "?")
    return text[:1].upper() or "?"


def _side(value, default=0) -> int:
    return value if value in (0, 1) else default


def _seat_name(view: Mapping, seat) -> str:
    seats = view.get("seats") or ["South", "North"]
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat])
    return "?"


def describe_knight(view: Mapping, k: Mapping, owner=None) -> str:
    """'North Archer, duty unknown' - words for a tooltip or a line of text."""
    owner = _side(k.get("owner", owner if owner is not None else k.get("colour")))
    colour = _side(k.get("colour", owner), owner)
    duty = k.get("duty")
    words = f"{_seat_name(view, owner)} {k.get('type', 'Knight')}"
    words += ", duty unknown" if duty is None else f", duty {duty}"
    if k.get("shown_at_end"):
        words += " (shown at the end)"
    elif k.get("revealed"):
        words += " (revealed)"
    if colour != owner:
        words += f" (defected from {_seat_name(view, colour)})"
    return words


def _knight_words(view: Mapping, k: Mapping) -> str:
    """"North's Warrior (Knight 8)" - a Knight in a sentence."""
    owner = _side(k.get("owner", k.get("colour")))
    duty = k.get("duty")
    words = f"{_seat_name(view, owner)}'s {k.get('type', 'Knight')}"
    return words + (f" (Knight {duty})" if duty is not None else "")


def waiting_id(view: Mapping, k: Mapping) -> str | None:
    """The ``data-id`` of a waiting Knight: only for the viewer's own Knights, whose numbers it knows."""
    seat = view.get("seat")
    if seat not in (0, 1) or k.get("owner") != seat or k.get("duty") is None:
        return None
    return f"{WAIT}{'SN'[_side(k.get('colour'), seat)]}{k.get('duty')}"


def _points(*pairs) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pairs)


def knight_icon(cx: float, cy: float, size: float, k: Mapping, owner=None, *, badge=True, faded=False) -> str:
    """A Knight: shape by type, solid (South) or outline (North), duty badge."""
    owner = _side(k.get("owner", owner if owner is not None else k.get("colour")))
    colour = _side(k.get("colour", owner), owner)
    letter = _letter(k.get("type"))
    style = "nk-solid" if owner == 0 else "nk-hollow"
    cls = f"nk-knight nk-side{owner} {style}"
    h = size
    parts = []
    shape = SHAPES.get(letter, "diamond")
    ty = cy
    if shape == "triangle":
        pts = _points((cx, cy - h * 0.55), (cx - h * 0.55, cy + h * 0.42), (cx + h * 0.55, cy + h * 0.42))
        parts.append(el("polygon", points=pts, class_=cls, stroke_linejoin="round"))
        ty = cy + h * 0.12
    elif shape == "square":
        parts.append(el("rect", x=cx - h * 0.42, y=cy - h * 0.42, width=h * 0.84, height=h * 0.84, rx=2, class_=cls))
    elif shape == "circle":
        parts.append(el("circle", cx=cx, cy=cy, r=h * 0.46, class_=cls))
    else:
        pts = _points((cx, cy - h * 0.5), (cx + h * 0.5, cy), (cx, cy + h * 0.5), (cx - h * 0.5, cy))
        parts.append(el("polygon", points=pts, class_=cls))
    text_cls = "nk-on-solid" if owner == 0 else "nk-on-hollow"
    parts.append(el("text", letter, x=cx, y=ty, class_=text_cls, font_size=round(h * 0.42, 1)))
    if colour != owner:  # defected: a small disc of the original side
        parts.append(el("circle", cx=cx - h * 0.5, cy=cy + h * 0.45, r=4, class_=f"nk-side{colour} nk-solid"))
    if badge:
        duty = k.get("duty")
        public = "nk-public" if k.get("revealed") else "nk-secret"
        if k.get("shown_at_end"):
            public += " nk9-end"
        bx, by, r = cx + h * 0.52, cy - h * 0.5, max(7.5, h * 0.3)
        parts.append(el("circle", cx=bx, cy=by, r=r, class_=f"nk-badge {public}"))
        parts.append(el("text", "?" if duty is None else duty, x=bx, y=by, class_=f"nk-badge-t {public}"))
    return group(*parts, class_="nk-piece", data_duty="?" if k.get("duty") is None else k.get("duty"),
                 data_owner=owner, data_revealed=1 if k.get("revealed") else 0,
                 opacity=0.7 if faded else None)


def _choice_class(base: str, is_chosen: bool, is_switch: bool) -> str:
    """A clickable element's classes: ``legal``; ``nk-switch`` for the chosen one (put back) and those to switch to."""
    cls = f"{base} legal"
    if is_chosen or is_switch:
        cls += " nk-switch"
    return cls + (" nk9-chosen" if is_chosen else "")


def _what(move, is_chosen: bool) -> str:
    """What a click on a choosable element does, for its aria-label."""
    if move is not None:
        return str(move)
    return "the chosen Knight: click again to put it back" if is_chosen else "choose this Knight instead"


def _text_lines(x: float, y: float, lines, cls: str = "nk9-text", step: float = 18) -> tuple[list[str], float]:
    out = []
    for i, line in enumerate(lines):
        out.append(el("text", line, x=x, y=y + i * step, class_=f"{cls} nk-left"))
    return out, step * len(lines)


class NineKnightsTable(TableAdapter):
    """Draw a Nine Knights view; board moves are the square-choosing kinds, waiting Knights the others."""

    narrow_layout = True  # draw() also lays the picture out for phones: pending["layout"] == "narrow"
    # Choosing a Knight (to move, to place, to summon) is a choice the same seat may take back or switch.
    selection_kinds = frozenset({"pick", "select", "summon"})

    def __init__(self, details: bool = True):
        """``details=False``: leave out the Hidden Tokens and the phase and quiet-move count beside the board
        (a lesson's first step shows only what it teaches)."""
        self.details = details

    def target_of(self, move) -> str | None:
        if move.kind in BOARD_KINDS and move.args:
            return str(move.args[0])
        if move.kind in KNIGHT_KINDS and move.args:
            return f"{WAIT}{move.args[0]}"
        return None

    def guess_move(self, data_id: str, legal) -> object | None:
        """The move a click on ``data_id`` most likely meant, so that ``why_illegal`` can say why not.

        Always a well-formed move (a square for the square kinds, a Knight for pick and summon), so
        the answer is a rule in players' words, never a complaint about the move's form.
        """
        from ninekit import Move

        kinds = [m.kind for m in legal if self.target_of(m) is not None]
        if not kinds:
            return None
        kind = kinds[0]
        data_id = str(data_id)
        if data_id.startswith(WAIT):
            knight = data_id[len(WAIT):]
            if len(knight) != 2 or knight[0] not in "SN" or knight[1] not in "123456789":
                return None
            return Move(kind if kind in KNIGHT_KINDS else "summon", (knight,))
        if len(data_id) < 2 or data_id[0] not in "abcdefghi" or not data_id[1:].isdigit() \
                or not 1 <= int(data_id[1:]) <= 10:
            return None
        if kind in KNIGHT_KINDS:  # a field clicked while a Knight is to be chosen
            kind = "place" if kind == "pick" else "summon_to"
        return Move(kind, (data_id,))

    def describe_for_rules_panel(self, game) -> str:
        return (
            "<p><b>Reading the board.</b> South's Knights are <b>solid</b> shapes, North's are "
            "<b>outlines</b>. Archer = triangle <b>A</b>, Warrior = square <b>W</b>, "
            "Ranger = circle <b>R</b>. The corner badge is the Duty number: <b>?</b> when you "
            "do not know it, dashed while it is secret, solid once revealed, orange when only the "
            "end of the game showed it. Numbered discs on rows 1 and 10 are Goal Tokens; dashed "
            "rings mark Summoning Fields. The Waiting Areas are beside the board (on a phone, above and "
            "below it): yours is the lower one. After a fight, a banner says who won and by which rule. Squares "
            "and Knights you can choose are highlighted: click them, or Tab to them and press "
            "Enter.</p>"
        )

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        seat = view.get("seat")
        bottom = 1 if seat == 1 else 0
        top = 1 - bottom
        columns = str(view.get("columns") or "abcdefghi")
        nrows = int(view.get("rows") or 10)
        ncols = len(columns)
        board_w, board_h = ncols * g.cell, nrows * g.cell
        chosen = pending.get("selected")
        chosen = str(chosen) if chosen is not None else None
        switch = {str(x) for x in (pending.get("switch") or ())}
        waiting = view.get("waiting") or [[], []]
        pending_knight = view.get("pending_knight") if isinstance(view.get("pending_knight"), Mapping) else None
        marked = chosen  # the Knight drawn as chosen: the shell's selection, else the one being placed or summoned
        if marked is None and pending_knight is not None:
            marked = waiting_id(view, pending_knight)
        drawn: set[str] = set()
        body: list[str] = [LOCAL_STYLE]

        def waiting_row(x, y, side):
            return self._waiting_row(view, g, x, y, waiting, side, targets, chosen, marked, switch, drawn)

        def chosen_aside(x, y):
            """The chosen Knight when it is in no Waiting Area of the drawing (it is shown there instead)."""
            if not (chosen and chosen.startswith(WAIT) and chosen not in drawn and pending_knight is not None):
                return [], 0
            button = self._knight_button(view, g, x + g.box / 2, y + 22, pending_knight, chosen,
                                         targets.get(chosen), True, True, False)
            return [button], 50

        def panel(x, y):
            """The banner, the information lines and the fallen Knights, from ``y`` down; the new ``y``."""
            parts, h = self._banner(view, g, x, y)
            body.extend(parts)
            y += h + (10 if h else 0)
            parts, h = self._info(view, g, x, y, pending_knight)
            body.extend(parts)
            y += h
            fallen = view.get("fallen") or []
            if fallen:
                parts, h = self._fallen(view, g, x, y + 4, fallen)
                body.extend(parts)
                y += h + 8
            return y

        if narrow:
            # Portrait, for phones: the opponent's Waiting Area, the board, yours, then the panel's parts.
            width = g.left + board_w + 8
            x = g.left + (g.cell - g.box) / 2  # waiting Knights stand under the board's columns
            parts, h = waiting_row(x, 8, top)
            body += parts
            y_board = 8 + h + 4
            body += self._board(view, g, y_board, targets, chosen, switch, bottom, columns, nrows, ncols)
            y = y_board + board_h + 24
            parts, h = waiting_row(x, y, bottom)
            body += parts
            y += h + 6
            parts, h = chosen_aside(x, y - 6)
            body += parts
            y += h
            height = panel(x, y + 4) + 8
        else:
            # Landscape: the board left; right of it the opponent's Waiting Area, the banner, tokens and
            # fallen Knights, and your Waiting Area level with your side of the board.
            panel_x = g.left + board_w + PANEL_GAP
            width = panel_x + g.text_w + 8
            body += self._board(view, g, g.top, targets, chosen, switch, bottom, columns, nrows, ncols)
            board_bottom = g.top + board_h + 24
            parts, h = waiting_row(panel_x, g.top, top)
            body += parts
            y = panel(panel_x, g.top + h + 10)
            own = waiting[bottom] if len(waiting) > bottom else []
            y_own = max(y + 6, board_bottom - self._row_height(g, len(own)))
            parts, h = waiting_row(panel_x, y_own, bottom)
            body += parts
            parts, extra = chosen_aside(panel_x, y_own + h + 6)
            body += parts
            height = max(board_bottom, y_own + h + extra) + 8
        body.insert(0, el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect"))
        who = "a spectator" if seat is None else _seat_name(view, seat)
        label = f"Nine Knights board seen by {who}. {view.get('prompt', '')}"
        return svg_root(width, height, "".join(body), label=label, game=str(view.get("game", "nine_knights")))

    def _board(self, view, g, y0, targets, chosen, switch, bottom, columns, nrows, ncols) -> list[str]:
        body = []
        cell, left = g.cell, g.left
        knights = {}
        for k in view.get("knights") or []:
            knights[str(k.get("square"))] = k
        goals = view.get("goals") or [[], []]
        summon = {}
        for side, squares in enumerate(view.get("summoning_fields") or []):
            for sq in squares:
                summon[str(sq)] = side
        tint_rows = {}
        if view.get("phase") == "placement":
            for side, rows in enumerate(view.get("placement_rows") or []):
                for r in rows:
                    tint_rows[int(r)] = side
        selected = view.get("selected")
        fight = view.get("fight") if isinstance(view.get("fight"), Mapping) else None
        last = view.get("last_fight") if isinstance(view.get("last_fight"), Mapping) else None
        fight_sq = str(fight.get("square")) if fight else None
        fight_from = str(fight.get("from")) if fight and fight.get("from") else None
        last_sq = str(last.get("square")) if last and not fight else None

        for i in range(nrows):
            row = nrows - i if bottom == 0 else i + 1
            body.append(el("text", row, x=left / 2, y=y0 + i * cell + cell / 2, class_="nk-coord"))
            for j in range(ncols):
                col = columns[j] if bottom == 0 else columns[ncols - 1 - j]
                sq = f"{col}{row}"
                x, yy = left + j * cell, y0 + i * cell
                alt = " nk-alt" if (columns.index(col) + row) % 2 == 0 else ""
                parts = [el("rect", x=x, y=yy, width=cell, height=cell, class_="nk-sq" + alt)]
                if row in tint_rows:
                    parts.append(el("rect", x=x, y=yy, width=cell, height=cell, class_=f"nk-tint{tint_rows[row]}"))
                words = [sq]
                if sq in summon:
                    ring = f"nk-ring{summon[sq]}"
                    parts.append(el("circle", cx=x + cell / 2, cy=yy + cell / 2 + 2, r=cell * 0.4, class_=ring))
                    words.append(f"{_seat_name(view, summon[sq])} Summoning Field")
                goal_side = 0 if row == 1 else 1 if row == nrows else None
                if goal_side is not None:
                    tokens = goals[goal_side] if len(goals) > goal_side else []
                    ci = columns.index(col)
                    if ci < len(tokens) and tokens[ci] is not None:
                        style = "nk-solid" if goal_side == 0 else "nk-hollow"
                        text_cls = "nk-on-solid" if goal_side == 0 else "nk-on-hollow"
                        gr = g.goal_r
                        parts.append(el("circle", cx=x + gr + 1, cy=yy + gr + 1, r=gr,
                                        class_=f"nk-side{goal_side} {style}", stroke_width=1.5))
                        parts.append(el("text", tokens[ci], x=x + gr + 1, y=yy + gr + 1, class_=text_cls,
                                        font_size=g.goal_font))
                        words.append(f"{_seat_name(view, goal_side)} Goal Token {tokens[ci]}")
                parts.append(el("rect", x=x, y=yy, width=cell, height=cell, class_="nk-hl"))
                k = knights.get(sq)
                move = targets.get(sq)
                is_chosen = sq == chosen
                is_switch = sq in switch and not is_chosen
                if k is not None:
                    parts.append(knight_icon(x + cell / 2, yy + cell / 2 + 3, g.piece, k))
                    words.append(describe_knight(view, k))
                elif move is not None:
                    parts.append(el("circle", cx=x + cell / 2, cy=yy + cell / 2, r=5, class_="nk-dot"))
                if sq == selected or is_chosen:
                    parts.append(el("rect", x=x + 2, y=yy + 2, width=cell - 4, height=cell - 4, class_="nk-selected"))
                    words.append("chosen")
                if is_switch:
                    parts.append(el("rect", x=x + 3, y=yy + 3, width=cell - 6, height=cell - 6, rx=3,
                                    class_="nk9-switch-ring"))
                    words.append("you may choose this Knight instead")
                if sq == fight_sq:
                    parts.append(el("rect", x=x + 1.5, y=yy + 1.5, width=cell - 3, height=cell - 3, class_="nk-fight"))
                    words.append("fight here")
                if sq == fight_from:
                    parts.append(el("rect", x=x + 4, y=yy + 4, width=cell - 8, height=cell - 8, class_="nk-fight-from"))
                    words.append("the attacker came from here")
                if sq == last_sq:
                    parts.append(el("rect", x=x + 1.5, y=yy + 1.5, width=cell - 3, height=cell - 3, rx=4,
                                    class_="nk9-last"))
                    words.append("the last fight was here")
                clickable = move is not None or is_chosen or is_switch
                if clickable:
                    parts.append(el("rect", x=x + 2.5, y=yy + 2.5, width=cell - 5, height=cell - 5, rx=3,
                                    class_="nk-focus"))
                parts.append(el("title", ", ".join(words)))
                if clickable:
                    body.append(group(*parts, data_id=sq, class_=_choice_class("nk-square", is_chosen, is_switch),
                                      tabindex=0, role="button",
                                      aria_label=f"{sq}: {_what(move, is_chosen)}"))
                else:
                    body.append(group(*parts, data_id=sq, class_="nk-square"))
        for j in range(ncols):
            col = columns[j] if bottom == 0 else columns[ncols - 1 - j]
            body.append(el("text", col, x=left + j * cell + cell / 2, y=y0 + nrows * cell + 11, class_="nk-coord"))
        return body

    # ------------------------------------------------------------------ the panel
    @staticmethod
    def _row_height(g, count: int) -> float:
        return 14 + g.step_y * max(1, -(-count // g.per_line))

    def _knight_button(self, view, g, cx, cy, k, kid, move, marked, is_chosen, is_switch) -> str:
        """One waiting Knight; clickable (class ``legal``) when it is a choice, the chosen one or a switch.

        ``marked``: drawn as chosen (framed); ``is_chosen``: the shell's selection, clicked to put it back.
        """
        b = g.box / 2
        parts = [el("rect", x=cx - b, y=cy - b - 2, width=2 * b, height=2 * b + 2, rx=4, class_="nk-hl")]
        parts.append(knight_icon(cx, cy, g.icon, k))
        words = [describe_knight(view, k)]
        if marked or is_chosen:
            parts.append(el("rect", x=cx - b + 1, y=cy - b - 1, width=2 * b - 2, height=2 * b, rx=4,
                            class_="nk-selected"))
            words.append("chosen")
        elif is_switch:
            parts.append(el("rect", x=cx - b + 2, y=cy - b, width=2 * b - 4, height=2 * b - 2, rx=3,
                            class_="nk9-switch-ring"))
            words.append("you may choose this Knight instead")
        clickable = kid is not None and (move is not None or is_switch or is_chosen)
        if clickable:
            parts.append(el("rect", x=cx - b + 1, y=cy - b - 1, width=2 * b - 2, height=2 * b, rx=4,
                            class_="nk-focus"))
        parts.append(el("title", ", ".join(words)))
        if not kid:
            return group(*parts, class_="nk-wait")
        if not clickable:
            return group(*parts, data_id=kid, class_="nk-wait" + (" nk9-chosen" if marked else ""))
        return group(*parts, data_id=kid, class_=_choice_class("nk-wait", is_chosen, is_switch and not is_chosen),
                     tabindex=0, role="button", aria_label=f"{describe_knight(view, k)}: {_what(move, is_chosen)}")

    def _waiting_row(self, view, g, x, y, waiting, side, targets, chosen, marked, switch,
                     drawn) -> tuple[list[str], float]:
        knights = waiting[side] if len(waiting) > side else []
        name = _seat_name(view, side)
        mine = view.get("seat") == side
        label = f"{'Your' if mine else name + chr(39) + 's'} Waiting Area ({len(knights)})"
        if not knights and g.empty_inline:
            return [el("text", f"{label}: empty", x=x, y=y + 6, class_="nk9-label nk-left")], 18
        out = [el("text", label, x=x, y=y + 6, class_="nk9-label nk-left")]
        if not knights:
            out.append(el("text", "empty", x=x + 4, y=y + 32, class_="nk-small nk-left"))
        for i, k in enumerate(knights):
            line, col = divmod(i, g.per_line)
            kid = waiting_id(view, k)
            if kid:
                drawn.add(kid)
            cx, cy = x + g.box / 2 + col * g.step_x, y + 17 + g.box / 2 + line * g.step_y
            out.append(self._knight_button(view, g, cx, cy, k, kid, targets.get(kid) if kid else None,
                                           kid is not None and kid == marked, kid is not None and kid == chosen,
                                           kid in switch))
        return out, self._row_height(g, len(knights))

    def _banner(self, view, g, x, y) -> tuple[list[str], float]:
        """The box telling what just happened: a fight to decide, a fight's result, the end of the game."""
        title, lines, over = None, [], False
        chars = g.chars
        fight = view.get("fight") if isinstance(view.get("fight"), Mapping) else None
        last = view.get("last_fight") if isinstance(view.get("last_fight"), Mapping) else None
        outcome = view.get("outcome") if isinstance(view.get("outcome"), Mapping) else None
        if view.get("phase") == "over" or outcome:
            over = True
            title = "Game over"
            reason = (outcome or {}).get("reason") or ""
            if reason:
                lines += wrap_lines(f"{reason}.", chars)
            lines += wrap_lines("Every Duty number and both Hidden Tokens are shown now (orange badges: "
                                "numbers no fight had revealed).", chars)
            if last:
                lines += [""] + wrap_lines(str(last.get("text", "")), chars)
        elif fight:
            title = f"Fight on {fight.get('square')}"
            att, dfn = fight.get("attacker") or {}, fight.get("defender") or {}
            lines += wrap_lines(f"{_knight_words(view, att)} attacks {_knight_words(view, dfn)}.", chars)
            chooser = view.get("to_move")
            if chooser in (0, 1) and chooser == view.get("seat"):
                lines += wrap_lines("You are asked about your Hidden Token.", chars)
            elif chooser in (0, 1):
                lines += wrap_lines(f"{_seat_name(view, chooser)} is asked about the Hidden Token.", chars)
            note = view.get("prompt_note")
            if note:
                lines += [""] + wrap_lines(str(note), chars)
        elif last:
            title = f"Fight on {last.get('square')}"
            text = str(last.get("text", ""))
            prefix = f"Fight on {last.get('square')}: "
            lines += wrap_lines(text.replace(prefix, "", 1), chars)
        if title is None:
            return [], 0
        height = 34 + 18 * len(lines)
        out = [el("rect", x=x - 6, y=y, width=g.text_w, height=height, rx=6,
                  class_="nk9-banner" + (" nk9-over" if over else ""))]
        out.append(el("text", title, x=x + 4, y=y + 16, class_="nk9-banner-title nk-left"))
        texts, _ = _text_lines(x + 4, y + 36, [line for line in lines])
        out += [t for t, line in zip(texts, lines) if line]
        group_label = f"{title}: {' '.join(line for line in lines if line)}"
        return [group(*out, class_="nk9-banner-box", role="status", aria_label=group_label)], height

    def _info(self, view, g, x, y, pending_knight) -> tuple[list[str], float]:
        lines = []
        chars = g.chars
        if isinstance(pending_knight, Mapping):
            lines += wrap_lines(f"Knight to bring in: {describe_knight(view, pending_knight)}.", chars)
        if not self.details:
            out, h = _text_lines(x, y + 8, lines)
            return out, h + (4 if lines else 0)
        tokens = view.get("hidden_tokens") or []
        shown = view.get("hidden_revealed") or []
        over = view.get("phase") == "over"
        if tokens:
            bits = []
            for side, value in enumerate(tokens):
                if side < len(shown) and shown[side]:
                    state = "revealed"
                elif over:
                    state = "shown at the end"
                else:
                    state = "secret"
                bits.append(f"{_seat_name(view, side)} {'?' if value is None else value} ({state})")
            lines += wrap_lines("Hidden Tokens: " + ", ".join(bits), chars)
        orders = view.get("all_duty_orders")
        if isinstance(orders, list):
            for side, groups in enumerate(orders):
                lines += wrap_lines(f"{_seat_name(view, side)}'s Duty Tokens: " + self._orders_text(groups), chars)
        extra = []
        phase = view.get("phase")
        if phase and phase != "over":
            extra.append(f"{str(phase).capitalize()} phase")
        if view.get("quiet_limit") and phase == "movement":
            extra.append(f"quiet moves {view.get('quiet', 0)} of {view.get('quiet_limit')}")
        if view.get("defection"):
            extra.append("Defection variant")
        if extra:
            lines += wrap_lines(" · ".join(extra), chars)
        out, h = _text_lines(x, y + 8, lines)
        return out, h + (4 if lines else 0)

    @staticmethod
    def _orders_text(groups) -> str:
        numbers = {letter: [] for letter in TYPE_WORDS}
        for g, order in enumerate(groups or []):
            for n, letter in enumerate(str(order or "")):
                if letter in numbers:
                    numbers[letter].append(g * 3 + n + 1)
        return "; ".join(f"{TYPE_WORDS[t]} {', '.join(map(str, ns))}" for t, ns in numbers.items() if ns) or "none"

    def _fallen(self, view, g, x, y, fallen) -> tuple[list[str], float]:
        out = [el("text", f"Beside the board ({len(fallen)})", x=x, y=y + 6, class_="nk9-label nk-left")]
        icon = g.fallen_icon
        x0 = x + max(12, icon / 2)
        y0 = y + max(30, 14 + icon / 2 + max(7.5, icon * 0.3))  # the duty badges clear of the label
        for i, k in enumerate(fallen):
            line, col = divmod(i, g.fallen_per_line)
            out.append(knight_icon(x0 + col * g.fallen_step, y0 + line * g.fallen_step, icon, k, k.get("colour"),
                                   faded=True))
        return out, y0 - y - 12 + g.fallen_step * -(-len(fallen) // g.fallen_per_line)

register("nine_knights", NineKnightsTable())

__all__ = ["NineKnightsTable", "describe_knight", "knight_icon", "waiting_id", "esc"]
