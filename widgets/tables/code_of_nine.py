"""The Code of Nine table: the board of locations, the player sheets with their Memory slots, and the Memory list aid,
drawn from ``state.view(seat)``.

Left: the Round marker (a track of five rounds), the Ruins' stock, the Start player and where the Legacies and the
Medal lie; under it the board, its locations grouped by their round sections (1 only, 1-5, 2-5, 3-5, 4-5, 5 only).
Each location shows its name, its cost and the Action pawns on it in player colours (each pawn carries its seat's
initial: not colour alone); pointing at it, or giving it the keyboard focus, shows its effect.  A section of a future
round is greyed, a closed one hatched and marked "closed"; a location the project's rulings reconstruct carries a
small "R" (the legend under the board cites the reconstruction note).  The White Legacy lies on Garden of Connecting
Hearts and the Black Legacy on Well of Closing Hearts while they are on the board, the Medal on Cult of Honeybook.

Right: a sheet per seat (Will, Coins, Statues, Books, the Legacies and the Medal held, release marks, pawns left,
Start player, veiled) with its two Memory slots, Shoal and Abyss: face down ("?") with the seats that looked at it,
face up (code and name) when the viewer knows the card (its own, one it looked at, a public one).  With 3 players
the ghost's sheet holds only its two slots.  Then the Ninth Memory (expert), the Memory list aid (each code of the
deck: in the game, out, or "?"), and what the viewer knows, in words.

Clicks (``data-id``):

``loc:<key>``
    a location: place an Action pawn there (``loc:quarry``);
``look:<owner>``
    a Memory slot of another player (or the ghost): look at it (the Shoal or the Abyss, as the location says);
``hand:<0|1>``
    one of your two dealt cards at set-up: it goes in your Shoal (the other in the Abyss).

Every other decision (keep or change at the redraw, a player, an item, the Ninth exchange, stop) is a button.  At the
end every Memory is face up and the outcome panel (:meth:`CodeOfNineTable.outcome_panel`) gives the score breakdown
step by step in the rulings' order, with the winners, any "cannot win" and the THAT note.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ninekit import Move
from ninekit.code_of_nine import MEMORIES, RECONSTRUCTED_NOTE, SEATS
from ninekit.code_of_nine.data import ITEM_VALUES, LOCATION

from ..front import front_text
from ..svg import SVG_NS, attrs, el, esc, group, num, svg_root, wrap_lines
from . import TableAdapter, register

# --- data tables -------------------------------------------------------------------------------------------------

# Seat colours (the board's pawns) with the ink on them; the ghost is grey.  The seat's initial is always written on
# its pawn, so colour is never the only sign.
SEAT_LOOK = {0: ("#d62828", "#ffffff"), 1: ("#1d6fd1", "#ffffff"), 2: ("#2b9348", "#ffffff"),
             3: ("#f2c14e", "#1a1a1a")}
GHOST_LOOK = ("#8d8d8d", "#ffffff")
SECTIONS = ((1, 1), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5))  # the board's round sections, in print order
STEP_WORDS = {  # what the seat resolving a location decides now (the prompt says it in full)
    "look_shoal": "look at a Shoal card", "look_abyss": "look at an Abyss card", "gallery": "look or exchange",
    "return": "return an item?", "shore": "return items?", "shore_more": "return one more?", "gift": "gift to whom?",
    "gift_item": "which item?", "medal_to": "who takes the Medal?", "gain": "Statue or Will?",
    "white_gift": "who gains 2 Will?", "black_loss": "who loses 2 Will?", "victim": "take from whom?",
    "steal": "which item?", "exchange": "which card?", "recipient": "give to whom?", "give": "which item?",
    "give_more": "one more?",
}
LOOK_STEPS = {"look_shoal": "Shoal", "look_abyss": "Abyss", "gallery": "Abyss"}
STATUS_MARK = {"in": "in", "out": "out", "unknown": "?"}

STYLE = "<style>\n" + front_text("tables/code_of_nine.css") + "</style>"
HATCH = ('<defs><pattern id="c9n-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="8" height="8" style="fill:var(--nk-sq)"/>'
         '<line x1="0" y1="0" x2="0" y2="8" class="c9n-hatchline"/></pattern></defs>')


@dataclass(frozen=True)
class Geometry:
    width: float
    pad: float
    cols: int         # locations a row of a section
    tile_w: float
    tile_h: float
    board_w: float    # the board column
    side_x: float     # the sheets' column (wide) - in the narrow layout they follow the board
    side_w: float
    chars: int        # characters a legend line


WIDE = Geometry(width=930, pad=8, cols=4, tile_w=136, tile_h=50, board_w=568, side_x=588, side_w=334, chars=92)
NARROW = Geometry(width=390, pad=8, cols=2, tile_w=184, tile_h=50, board_w=374, side_x=8, side_w=374, chars=60)


def _f(v: float) -> str:
    return num(round(v, 1))


def _owner_name(view: Mapping, owner: int) -> str:
    if view.get("ghost") and owner == 3:
        return "the Ghost"
    return SEATS[owner] if 0 <= owner < len(SEATS) else f"Owner {owner}"


def _card_words(code) -> str:
    m = MEMORIES.get(code)
    if m is None:
        return f"Code {code}"
    return f"Code {code:02d} {m.name} (order {m.order}{', reconstructed' if m.reconstructed else ''}): {m.effect}"


def pawn(cx: float, cy: float, owner: int, view: Mapping, r: float = 6.5) -> list[str]:
    """An Action pawn (or any seat marker): a disc in the seat's colour with its initial."""
    return list(_pawn(cx, cy, owner, bool(view.get("ghost")), r))


@lru_cache(maxsize=4096)
def _pawn(cx: float, cy: float, owner: int, ghost: bool, r: float) -> tuple:
    fill, ink = GHOST_LOOK if ghost and owner == 3 else SEAT_LOOK.get(owner, GHOST_LOOK)
    letter = "G" if owner == 3 and ghost else SEATS[owner][0]
    return (el("circle", cx=cx, cy=cy, r=r, fill=fill, class_="c9n-pawn"),
            el("text", letter, x=cx, y=cy + 0.5, fill=ink, class_="c9n-pawnt", font_size=_f(r * 1.3)))


def item_icon(kind: str, cx: float, cy: float, s: float = 6) -> list[str]:
    """A small token: Coin (yellow disc C), Statue (grey pillar S), Book (brown block B), the White and Black
    Legacies (W, K discs) and the Medal (a star-like M)."""
    return list(_item_icon(kind, cx, cy, s))


@lru_cache(maxsize=4096)
def _item_icon(kind: str, cx: float, cy: float, s: float) -> tuple:
    if kind == "coin":
        return [el("circle", cx=cx, cy=cy, r=s, class_="c9n-coin"), el("text", "C", x=cx, y=cy + .5, class_="c9n-ink")]
    if kind == "statue":
        return [el("rect", x=cx - s * .6, y=cy - s, width=s * 1.2, height=s * 2, rx=1.5, class_="c9n-statue"),
                el("text", "S", x=cx, y=cy + .5, class_="c9n-ink")]
    if kind == "book":
        return [el("rect", x=cx - s, y=cy - s * .75, width=s * 2, height=s * 1.5, rx=1, class_="c9n-book"),
                el("text", "B", x=cx, y=cy + .5, class_="c9n-inkw")]
    if kind == "white":
        return [el("circle", cx=cx, cy=cy, r=s, class_="c9n-white"), el("text", "W", x=cx, y=cy + .5, class_="c9n-ink")]
    if kind == "black":
        return [el("circle", cx=cx, cy=cy, r=s, class_="c9n-black"),
                el("text", "K", x=cx, y=cy + .5, class_="c9n-inkw")]
    if kind == "medal":
        pts = []
        for i in range(10):
            rr = s * (1.15 if i % 2 == 0 else .6)
            a = math.pi / 2 + i * math.pi / 5
            pts.append(f"{_f(cx + rr * math.cos(a))},{_f(cy - rr * math.sin(a))}")
        return [el("polygon", points=" ".join(pts), class_="c9n-medal"),
                el("text", "M", x=cx, y=cy + .8, class_="c9n-ink", font_size=7)]
    return []


def _text(x, y, text, cls="nk-small c9n-t", **kw) -> str:
    return el("text", text, x=x, y=y, class_=cls, **kw)


def _wrapped(x, y, text, chars, step=14, cls="nk-small c9n-t", **kw) -> tuple[list[str], float]:
    lines = wrap_lines(text, chars)
    return [_text(x, y + i * step, line, cls, **kw) for i, line in enumerate(lines)], step * len(lines)


def _short(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars - 1].rstrip() + "…"


def _holder_words(view: Mapping, value) -> str:
    if value == "board":
        return "on the board"
    if value == "box":
        return "in the box"
    return f"held by {_owner_name(view, int(value))}" if isinstance(value, int) else str(value)


# --- the adapter ------------------------------------------------------------------------------------------------

class CodeOfNineTable(TableAdapter):
    """Draw a Code of Nine view; locations, Memory slots (looks) and the dealt cards (Shoal choice) are clicked."""

    narrow_layout = True

    def __init__(self, board: bool = True):
        """``board=False``: the players' sheets, the Memory list and the legend only, without the locations (a
        tutorial's first steps, on the deal: the redraw and the Shoal and Abyss)."""
        self.board = board

    def target_of(self, move) -> str | None:
        """The element that chooses ``move`` on the board, or None for a button.

        >>> t = CodeOfNineTable().target_of
        >>> t(Move("place", ("hearth",))), t(Move("look", (3,))), t(Move("stop", ()))
        ('loc:hearth', 'look:3', None)
        """
        arg = move.args[0] if move.args else None
        if move.kind == "place":
            return f"loc:{arg}"
        if move.kind == "look":
            return f"look:{arg}"
        if move.kind == "shoal":
            return f"hand:{arg}"
        return None  # redraw, player, item, take, give, return, gain, exchange, stop: buttons

    def irreversible(self, move) -> bool:
        """Undo never takes back a move that showed a secret: a look (the card was seen), a Ninth exchange (the card
        was shown to all), or a redraw decision (once the last is made every decision and the new cards are shown;
        the decisions are secret, so none is taken back)."""
        return move.kind in ("look", "exchange", "redraw")

    def public_reveal(self, before: Mapping, after: Mapping) -> bool:
        """Whether a move (anyone's, a computer's too) showed every seat a card it did not know: the spectator's view
        after it shows a Memory face up that was face down before (a Ninth exchange, a look at Code 26, the end).

        >>> CodeOfNineTable().public_reveal({"slots": [{"code": None}]}, {"slots": [{"code": 26}]})
        True
        """
        was = [slot.get("code") for slot in before.get("slots") or []]
        now = [slot.get("code") for slot in after.get("slots") or []]
        return any(b is None and a is not None for b, a in zip(was, now)) or before.get("ninth") != after.get("ninth")

    def guess_move(self, data_id: str, legal) -> object | None:
        prefix, _, rest = str(data_id).partition(":")
        if prefix == "loc" and rest in LOCATION:
            return Move("place", (rest,))
        if prefix == "look" and rest.isdigit():
            return Move("look", (int(rest),))
        if prefix == "hand" and rest in ("0", "1"):
            return Move("shoal", (int(rest),))
        return None

    def describe_for_rules_panel(self, game) -> str:
        values = "".join(f"<li>{esc(k.capitalize())}: {v.vp} VP{' (reconstructed)' if v.reconstructed else ''}</li>"
                         for k, v in ITEM_VALUES.items())
        return (
            "<p><b>Reading the table.</b> Left: the Round marker, the Ruins' stock, the Start player, then the board's "
            "locations in their round sections (a future section is greyed, a closed one hatched). Each location "
            "shows its cost and the Action pawns on it (each pawn has its seat's initial); point at it, or Tab to it, "
            "for its effect. The White Legacy lies on Garden of Connecting Hearts, the Black Legacy on Well of Closing "
            "Hearts and the Medal on Cult of Honeybook while they are on the board. A small <b>R</b> marks what the "
            "project's rulings reconstruct.</p>"
            "<p><b>Sheets.</b> Right: each player's Will, items, pawns left, release marks and Start player, and their "
            "two Memory slots (Shoal, Abyss): face down with the seats that looked at them, face up when you know the "
            "card. Under them the Ninth Memory (expert) and the Memory list aid: for each code, <i>in</i> (you know it "
            "is in the game), <i>out</i> (you know it is not) or <i>?</i>.</p>"
            "<p><b>Choosing.</b> Highlighted locations and Memory slots are clicked (or Tab and Enter); every other "
            "choice is a button. A look, a Ninth exchange and the redraw cannot be undone.</p>"
            f"<p>Inherent item values:</p><ul>{values}</ul>"
            f"<p><i>{esc(RECONSTRUCTED_NOTE)}</i></p>"
        )

    # ------------------------------------------------------------------ the end
    def outcome_panel(self, view: Mapping) -> Mapping | None:
        """Every Memory face up and the score breakdown step by step in the rulings' order."""
        score = view.get("score")
        if not isinstance(score, Mapping):
            return None
        players = int(view.get("players") or 4)
        names = [SEATS[s] for s in range(players)]
        slots = list(view.get("slots") or [])
        rows = []
        for owner in range(4):
            cells = []
            for slot in slots:
                if slot.get("owner") == owner:
                    code = slot.get("code")
                    cells.append(f"<td>{esc(slot.get('slot'))}: <b>{esc(f'{code:02d}' if code else '?')}</b> "
                                 f"{esc(MEMORIES[code].name if code in MEMORIES else '')}</td>")
            rows.append(f"<tr><th scope='row'>{esc(_owner_name(view, owner))}</th>{''.join(cells)}</tr>")
        ninth = view.get("ninth")
        memories = ("<table class='c9n-memories'><caption>Every Memory revealed: the eight in the game</caption><tbody>"
                    + "".join(rows) + "</tbody></table>")
        if ninth:
            memories += f"<p>The Ninth Memory (not in the game): <b>{ninth:02d}</b> {esc(MEMORIES[ninth].name)}</p>"
        void = list(score.get("void") or [])
        head = "".join(f"<th scope='col'>{esc(n)}</th>" for n in names)
        body = []
        for step in score.get("steps") or []:
            cards = ", ".join(f"{c:02d} {MEMORIES[c].name}" for c in step.get("cards") or [] if c in MEMORIES)
            notes = "; ".join(str(n) for n in step.get("notes") or [])
            what = " — ".join(x for x in (cards, notes) if x) or "nothing applies"
            changes = list(step.get("changes") or [0] * players)
            cells = "".join(f"<td>{_signed(c)}</td>" for c in changes[:players])
            body.append(f"<tr><th scope='row'>{int(step.get('order', 0))}. {esc(step.get('label'))}"
                        f"<div class='c9n-what' style='font-weight:normal;text-align:left'><small>{esc(what)}</small>"
                        f"</div></th>{cells}</tr>")
        totals = list(score.get("totals") or [])
        body.append("<tr class='c9n-total'><th scope='row'>Total</th>"
                    + "".join(f"<td><b>{esc(t)}</b></td>" for t in totals) + "</tr>")
        cannot = list(score.get("cannot_win") or [])
        if any(cannot):
            body.append("<tr><th scope='row'>Cannot win</th>"
                        + "".join(f"<td>{'cannot win' if c else ''}</td>" for c in cannot) + "</tr>")
        winners = list(score.get("winners") or [])
        table = (f"<table class='c9n-score'><caption>The score, step by step in the rulings' order</caption>"
                 f"<thead><tr><th scope='col'>Step</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")
        notes = []
        if void:
            notes.append("Invalid in this game: " + ", ".join(f"{c:02d}" for c in void) + ".")
        if score.get("lowest_wins"):
            notes.append("THAT (Code 27) with Code 26 in the game: the player with the least VP wins.")
        if any(cannot):
            notes.append("Cannot win: " + ", ".join(names[s] for s, c in enumerate(cannot) if c) + ".")
        html = (memories + table + "".join(f"<p>{esc(n)}</p>" for n in notes)
                + f"<p><small><i>{esc(view.get('reconstructed') or RECONSTRUCTED_NOTE)}</i></small></p>")
        who = ("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(names[w] for w in winners)
               if winners else "Nobody wins: every player cannot win")
        panel = {"html": html, "who": who}
        if not winners:  # not a draw: the shell's headline would say so
            panel["title"] = "Game over: nobody wins"
        return panel

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        seat = view.get("seat")
        players = int(view.get("players") or 4)
        seat = seat if isinstance(seat, int) and 0 <= seat < players else None
        ctx = _Ctx(view, targets, g, seat)
        body: list[str] = ["" if narrow else STYLE, HATCH if not narrow else ""]
        y = g.pad
        if not self.board:  # the sheets, then the legend, at the full picture's scale
            parts, h = self._side(ctx, g.pad, y, g.side_w)
            body += parts
            y += h + 6
            parts, h = self._legend(ctx, g.pad, y, g.board_w)
            body += parts
            return self._svg(g, g.width, y + h + g.pad, body, view, seat, narrow)
        parts, h = self._header(ctx, g.pad, y, g.board_w)
        body += parts
        y += h + 4
        parts, h = self._board(ctx, g.pad, y)
        body += parts
        y += h + 6
        if narrow:
            parts, h = self._side(ctx, g.pad, y, g.side_w)
            body += parts
            y += h + 6
            parts, h = self._legend(ctx, g.pad, y, g.side_w)
            body += parts
            height = y + h + g.pad
        else:
            parts, h = self._legend(ctx, g.pad, y, g.board_w)
            body += parts
            left = y + h
            parts, h = self._side(ctx, g.side_x, g.pad, g.side_w)
            body += parts
            height = max(left, g.pad + h) + g.pad
        return self._svg(g, g.width, height, body, view, seat, narrow)

    @staticmethod
    def _svg(g, width: float, height: float, body: list[str], view, seat, narrow: bool) -> str:
        """The outer <svg> around ``body``; the phone picture is only ever shown beside the wide one, whose style
        serves both."""
        body = list(body)
        body.insert(2, el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect"))
        who = "a spectator" if seat is None else SEATS[seat]
        label = f"Code of Nine table seen by {who}. {view.get('prompt', '')}".strip()
        game = str(view.get("game", "code_of_nine"))
        if narrow:  # the phone picture sits beside the wide one: the page's style (in the wide one) serves both
            return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(width)} {num(height)}"'
                    f"{attrs(class_='ninekit-svg c9n', data_game=game, role='group', aria_label=label)}"
                    f' preserveAspectRatio="xMidYMin meet"><title>{esc(label)}</title>'
                    f'{HATCH.replace("c9n-hatch", "c9n-hatch-n")}'
                    f'{"".join(body).replace("url(#c9n-hatch)", "url(#c9n-hatch-n)")}</svg>')
        return svg_root(width, height, "".join(body), label=label, game=game, extra_class="c9n")

    # --- the line above the board: the Round marker, the Ruins, the Start player, Legacies and Medal
    def _header(self, ctx, x, y, width) -> tuple[list[str], float]:
        view = ctx.view
        out = []
        rnd = int(view.get("round") or 1)
        over = view.get("phase") == "over"
        out.append(_text(x, y + 11, "Round", cls="c9n-h"))
        bx = x + 48
        for r in range(1, int(view.get("rounds") or 5) + 1):
            now = r == rnd and view.get("phase") in ("place", "resolve")
            out.append(el("rect", x=bx, y=y, width=22, height=22, rx=4, class_="c9n-now" if now else "c9n-box"))
            out.append(el("text", r, x=bx + 11, y=y + 11, class_="nk-small", font_weight=700 if now else None))
            bx += 25
        phase = {"redraw": "set-up: the redraw", "arrange": "set-up: Shoal and Abyss", "over": "game over"}.get(
            str(view.get("phase")), "")
        words = f"Round {rnd} of {view.get('rounds') or 5}" + (f" ({phase})" if phase else "")
        out = [group(*out, class_="c9n-round", aria_label=f"Round marker: {words}")]
        tx = bx + 8
        if phase:
            out.append(_text(tx, y + 11, phase[0].upper() + phase[1:], cls="nk-small c9n-t c9n-warn" if over else
                             "nk-small c9n-t"))
        # the Ruins
        ruins = view.get("ruins") or {}
        rx = x + (width - 190 if width > 400 else 0)
        ry = y + (0 if width > 400 else 28)
        parts = [_text(rx, ry + 11, "Ruins:", cls="nk-small c9n-t", font_weight=700)]
        ix = rx + 46
        for kind in ("coin", "statue", "book"):
            parts += item_icon(kind, ix + 6, ry + 11)
            parts.append(_text(ix + 15, ry + 11, ruins.get(kind, 0)))
            ix += 46
        out.append(group(*parts, aria_label=f"The Ruins: {ruins.get('coin', 0)} Coins, {ruins.get('statue', 0)} "
                                            f"Statues, {ruins.get('book', 0)} Books"))
        y2 = ry + 30
        bits = [f"Start player: {_owner_name(view, int(view.get('start') or 0))}"]
        for key, name in (("white", "White Legacy"), ("black", "Black Legacy"), ("medal", "Medal")):
            value = view.get(key)
            if key == "medal" and value == "box":
                continue
            bits.append(f"{name} {_holder_words(view, value)}")
        pend = view.get("pending") if isinstance(view.get("pending"), Mapping) else None
        if pend is not None and pend.get("location") in LOCATION:
            now = (f"{_owner_name(view, int(pend.get('seat') or 0))} resolves {LOCATION[pend['location']].name}: "
                   f"{STEP_WORDS.get(str(pend.get('step')), 'deciding')}")
            lines, h = _wrapped(x, y2 + 8, now, int(width / 7.2), step=15, cls="nk-small c9n-t c9n-warn")
            out += lines
            y2 += h
        lines, h = _wrapped(x, y2 + 8, " · ".join(bits), int(width / 6.4), step=15)
        out += lines
        return out, y2 - y + h

    # --- the board
    def _board(self, ctx, x, y) -> tuple[list[str], float]:
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
                     _text(x + 8, y + 10, title, cls="nk-small c9n-t", font_weight=700),
                     _text(x + g.cols * step_x - 2, y + 10, state, cls="nk-small c9n-end" + (
                         " c9n-warn" if state == "closed" else ""))]
            for i, loc in enumerate(locs):
                r, c = divmod(i, g.cols)
                parts.append(self._location(ctx, loc, x + 4 + c * step_x, y + 20 + r * (g.tile_h + 4)))
            out.append(group(*parts, class_=cls, aria_label=f"{title}: {state}"))
            y += h + 4
        return out, y - y0

    def _location(self, ctx, loc: Mapping, x, y) -> str:
        view, g = ctx.view, ctx.g
        key = str(loc.get("key"))
        w, h = g.tile_w, g.tile_h
        name = str(loc.get("name") or key)
        cost = str(loc.get("cost") or "")
        parts = list(_tile(name, cost, bool(loc.get("reconstructed")), x, y, w, h))
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
            words.append("pawns: " + ", ".join(_owner_name(view, p) for p in pawns))
        if token and view.get(token) == "board":
            words.append({"white": "the White Legacy lies here", "black": "the Black Legacy lies here",
                          "medal": "the Medal lies here"}[token])
        if resolving:
            words.append("being resolved now")
        return ctx.target(f"loc:{key}", parts, words, hit=(x, y, w, h),
                          base="c9n-place" + (" c9n-pending" if resolving else ""))

    # --- the sheets, the Ninth Memory, the Memory list aid
    def _side(self, ctx, x, y, width) -> tuple[list[str], float]:
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
            parts, h = self._sheet(ctx, owner, x, y, width)
            out += parts
            y += h + 5
        parts, h = self._ninth_and_list(ctx, x, y, width)
        out += parts
        y += h
        return out, y - y0

    def _sheet(self, ctx, owner: int, x, y, width) -> tuple[list[str], float]:
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
        name = _owner_name(view, owner)
        title = name + (" (you)" if owner == ctx.seat else "")
        parts.append(_text(x + 24, y + 12, title.capitalize() if ghost else title, cls="c9n-h"))
        words = [title + (", to move" if not ghost and turn == owner else "")]
        if ghost:
            parts.append(_text(x + 8, y + 32, "The ghost player:", cls="c9n-s c9n-t c9n-muted"))
            parts.append(_text(x + 8, y + 45, "two Memories only", cls="c9n-s c9n-t c9n-muted"))
        else:
            sx = x + 8
            will = sheet.get("will", 0)
            parts.append(_text(sx, y + 30, f"Will {will}", cls="nk-small c9n-t", font_weight=700))
            ix = sx + 52
            for kind, key in (("coin", "coins"), ("statue", "statues"), ("book", "books")):
                parts += item_icon(kind, ix + 6, y + 30)
                parts.append(_text(ix + 14, y + 30, sheet.get(key, 0)))
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
                parts.append(_text(tx + 2, y + 49, "released " + "+".join(rel), cls="c9n-s c9n-t"))
                tx += 70
                words.append("released the " + " and the ".join(
                    n for n, k in (("White Legacy", "released_white"), ("Black Legacy", "released_black"))
                    if sheet.get(k)))
            if held:
                words.append("holds " + ", ".join(held))
            left = int(sheet.get("pawns") or 0)
            px = sx
            py = y + 66
            parts.append(_text(px, py, "Pawns", cls="c9n-s c9n-t c9n-muted"))
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
                parts.append(_text(sx, y + 49, "Redraw: " + said, cls="c9n-s c9n-t c9n-warn"))
                words.append("redraw: " + said)
            if flags:
                parts.append(_text(px + 44 + max(left, 1) * 13, py, " · ".join(flags), cls="c9n-s c9n-t c9n-warn"))
                words += [f for f in flags if f != "★ Start"]
        # the two Memory slots
        slots = [s for s in view.get("slots") or [] if s.get("owner") == owner]
        hand = view.get("hand") if owner == ctx.seat else None
        for i, slot in enumerate(slots[:2]):
            cx = x + width - (2 - i) * (card_w + 5) - 1
            parts.append(self._slot(ctx, slot, i, cx, y + 4, card_w, card_h + 4 if ghost else card_h + 8,
                                    hand=hand))
        return [group(*parts, class_=cls, aria_label=", ".join(words))], h

    def _slot(self, ctx, slot: Mapping, i: int, x, y, w, h, hand=None) -> str:
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
                lines = lines[:2] + [_short(" ".join(lines[2:]), 16)]
            for j, line in enumerate(lines):
                parts.append(el("text", line, x=x + w / 2, y=y + 34 + j * 9.5, class_="c9n-tiny"))
            if m and m.reconstructed:
                parts.append(el("text", "R", x=x + 8, y=y + 22, class_="c9n-r"))
            words = [f"{_owner_name(view, owner)}'s {label}: {_card_words(code)}"]
        else:
            parts.append(el("rect", x=x, y=y, width=w, height=h, rx=5, class_="c9n-back"))
            parts.append(el("rect", x=x + 3, y=y + 3, width=w - 6, height=h - 6, rx=3, class_="c9n-back2"))
            parts.append(el("text", label, x=x + 6, y=y + 11, class_="c9n-backt c9n-tiny c9n-t"))
            parts.append(el("text", "?", x=x + w / 2, y=y + h / 2 + 2, class_="c9n-backt", font_size=18))
            words = [f"{_owner_name(view, owner)}'s {label}: face down"]
        seen = [s for s in slot.get("seen_by") or [] if isinstance(s, int)]
        if seen:
            for j, s in enumerate(seen):
                parts += pawn(x + w - 7 - (len(seen) - 1 - j) * 10, y + 8, s, view, 4.4)
            words.append("looked at by " + ", ".join(_owner_name(view, s) for s in seen))
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
        if tid is None:
            return group(*parts, el("title", ", ".join(words)), aria_label=", ".join(words), class_="c9n-slot")
        return ctx.target(tid, parts, words, hit=(x, y, w, h), base="c9n-slot")

    def _ninth_and_list(self, ctx, x, y, width) -> tuple[list[str], float]:
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
            out.append(group(*parts, el("title", f"The Ninth Memory, face up (not in the game): {_card_words(ninth)}"),
                             class_="c9n-ninth", aria_label=f"The Ninth Memory: {_card_words(ninth)}"))
            lines, _h = _wrapped(x + w + 8, y + 10, "The Ninth Memory: face up, not in the game. Hall of the Ninth "
                                 "and Gallery of Honor exchange it with one of your Memories.",
                                 int((width - w - 8) / 6.2), step=14, cls="c9n-s c9n-t")
            out += lines
            y += h + 6
        rows = [r for r in view.get("memory_list") or [] if isinstance(r, Mapping)]
        if rows:
            who = "you" if ctx.seat is not None else "a spectator"
            out.append(_text(x, y + 8, f"Memory list ({who}): in · out · ? unknown", cls="nk-small c9n-t",
                             font_weight=700))
            y += 18
            cols = 10 if width > 360 else 9
            cw = (width - 2) / cols
            for i, row in enumerate(rows):
                r, c = divmod(i, cols)
                bx, by = x + c * cw, y + r * 30
                out.append(_aid_box(int(row.get("code") or 0), str(row.get("name")), row.get("order"),
                                    str(row.get("status")), bx, by, cw))
            y += ((len(rows) + cols - 1) // cols) * 30
        return out, y - y0

    # --- under the board: what the viewer knows, the legend, the reconstruction note
    def _legend(self, ctx, x, y, width) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        out = []
        y0 = y
        if ctx.seat is not None and view.get("phase") != "over":
            known = []
            for slot in view.get("slots") or []:
                code = slot.get("code")
                if code and slot.get("owner") != ctx.seat:
                    known.append(f"{_owner_name(view, int(slot.get('owner')))}'s {slot.get('slot')} is "
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
            lines, h = _wrapped(x, y + 8, text, g.chars, step=15)
            out += lines
            y += h + 4
        parts = [el("rect", x=x, y=y + 1, width=11, height=11, rx=2, class_="c9n-rbox"),
                 el("text", "R", x=x + 5.5, y=y + 7, class_="c9n-r")]
        out += parts
        lines, h = _wrapped(x + 16, y + 7, str(view.get("reconstructed") or RECONSTRUCTED_NOTE), g.chars - 3,
                            step=13, cls="c9n-s c9n-t c9n-muted", font_style="italic")
        out += lines
        y += h + 2
        return out, y - y0


@lru_cache(maxsize=1024)
def _tile(name: str, cost: str, reconstructed: bool, x: float, y: float, w: float, h: float) -> tuple:
    """A location's card: its frame, name (three lines at most, closer together when it needs three), cost and
    "R" if reconstructed."""
    parts = [el("rect", x=x, y=y, width=w, height=h, rx=5, class_="c9n-loc")]
    chars = int((w - 24) / 6.4)
    lines = wrap_lines(name, chars)
    if len(lines) > 3:
        lines = [lines[0], lines[1], _short(" ".join(lines[2:]), chars)]
    step = 12.5 if len(lines) <= 2 else 10.5
    for i, line in enumerate(lines):
        parts.append(el("text", line, x=x + 5, y=y + 9 + i * step, class_="c9n-name"))
    parts.append(el("text", cost, x=x + 5, y=y + h - 9, class_="c9n-s c9n-t c9n-muted"))
    if reconstructed:
        parts.append(el("rect", x=x + w - 13, y=y + 2, width=11, height=11, rx=2, class_="c9n-rbox"))
        parts.append(el("text", "R", x=x + w - 7.5, y=y + 8, class_="c9n-r"))
    return tuple(parts)


@lru_cache(maxsize=2048)
def _aid_box(code: int, name: str, order, status: str, bx: float, by: float, cw: float) -> str:
    """One code of the Memory list aid: in (filled), out (struck through) or ? (plain)."""
    cls = {"in": "c9n-in", "out": "c9n-out"}.get(status, "c9n-unk")
    parts = [el("rect", x=bx + 1, y=by, width=cw - 3, height=27, rx=4, class_=cls),
             el("text", f"{code:02d}", x=bx + cw / 2 - 1, y=by + 8, class_="nk-small", font_weight=700),
             el("text", STATUS_MARK.get(status, "?"), x=bx + cw / 2 - 1, y=by + 20, class_="c9n-tiny")]
    if status == "out":
        parts.append(el("line", x1=bx + 4, y1=by + 24, x2=bx + cw - 6, y2=by + 3, class_="c9n-strike"))
    words = {"in": "in the game (you know it)", "out": "not in the game", "unknown": "cannot tell"}.get(status, status)
    text = f"Code {code:02d} {name} (order {order}): {words}"
    return group(*parts, el("title", text), class_="c9n-aid", aria_label=text)


def _signed(n) -> str:
    try:
        n = int(n)
    except (TypeError, ValueError):
        return esc(n)
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


class _Ctx:
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


register("code_of_nine", CodeOfNineTable())

__all__ = ["CodeOfNineTable", "item_icon", "pawn"]
