"""The Double Nine table: every board, your hand and the pile, drawn from ``state.view(seat)``.

Each player's board shows its two stacks (Site ×10 on the left, Site ×1 on
the right) fanned upwards: the cards beneath are thin strips with their
number and name, the top card is drawn in full, and the board's number sits
in the board's header.

The table is landscape, to fit beside a side panel on a laptop screen: a
header band (the match, the pile and the removed cards) over a grid of two
columns.  The other players' boards come first, clockwise from the viewer;
the viewer's own board is last, with the hand right beside it (3 players) or
right below it (2 and 4 players), and a panel with what is being played,
what Sniper showed and the finished games fills the free cell.  A spectator
sees every board in seat order.

For phones (``pending["layout"] == "narrow"``, see ``widgets/tables/__init__.py``) the same parts are drawn
in one column, 388 units wide, so a 390 px screen shows them near 1:1: the match lines and the pile, the
other players' boards, your own board, your hand, then the panel.  The cards beneath a top card grow tall
enough to tap while they are the decision (Necromancer, Archangel).  Both pictures carry the same
``data-id`` s, so a click means the same in either.

Only the view is drawn: other players' hands are card backs (a count), the
pile is a count unless Thera made it public (then its cards, top first).
Once the match is over the view shows every hand, the pile and the removed
cards, and so does the picture.  :meth:`DoubleNineTable.interlude` draws a
finished game's final boards, with the hands and removed cards revealed,
between the games of a match.

Clicks (``data-id``):

``card:<name>``
    a card in your hand (choosing the card to play, or the card Fortune
    Teller puts back).  While a chosen card waits for its site, the shell's
    ``pending`` hints make it clickable too: the chosen card keeps the
    ``data-id`` it had in the hand (``pending["selected"]``: a click puts it
    back), and the other hand cards listed in ``pending["switch"]`` keep
    theirs (a click switches to that card).  Those two kinds of click only change the selection: they also
    carry class ``nk-switch``;
``site:<seat>:x10`` / ``site:<seat>:x1``
    a site - where the chosen card goes, or the top card Reaper takes, Sol
    removes, or the site Dark Elf gives to;
``board:<seat>``
    a whole board - whose top cards Magician swaps, whose Site ×1 card Shaman
    uses, whose hand Sniper looks at;
``beneath:<index>``
    a card beneath the top card (Necromancer, Archangel), counted from the
    bottom, on the stack the view names as ``effect_site``.

Clown's left/right and Sniper's remove/keep are buttons.  Not colour alone:
the expansion cards carry a star and the word "expansion" in their tooltip,
legal targets get a highlight *and* a dashed outline, the chosen card a
thick outline *and* the words "chosen - click to put back".
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.double_nine import CARDS

from ..front import front_text
from ..svg import el, esc, group, svg_root, wrap_lines
from . import TableAdapter, register

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


def _who(view: Mapping, seat: int) -> str:
    seats = view.get("seats") or []
    name = str(seats[seat]) if isinstance(seat, int) and 0 <= seat < len(seats) else f"Player {seat + 1}"
    return f"{name} (you)" if seat == view.get("seat") else name


def _name_of(view: Mapping, seat: int) -> str:
    return _who(view, seat).replace(" (you)", "")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _number_badge(x: float, y: float, r: float, number) -> str:
    return (el("circle", cx=x, cy=y, r=r, class_="dn-num")
            + el("text", number, x=x, y=y + 0.5, class_="dn-num-t", font_size=round(r * 1.25, 1)))


def _card_face(name: str, x: float, y: float, w: float, h: float, *, text_lines: int = 0) -> list[str]:
    """A face-up card: number badge, name, effect name (and ``text_lines`` lines of its text)."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic", "effect": "", "text": "", "constant": False})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    parts = [el("rect", x=x, y=y, width=w, height=h, rx=6, class_=cls)]
    parts.append(_number_badge(x + 19, y + 19, 14, info["number"]))
    star = " ★" if info["set"] == "expansion" else ""
    parts.append(el("text", f"{name}{star}", x=x + 38, y=y + 13, class_="dn-name"))
    effect = info["effect"] + (" [Constant]" if info["constant"] else "")
    parts.append(el("text", effect, x=x + 38, y=y + 29, class_="dn-eff", **_fit(effect, 6.0, w - 44)))
    if text_lines:
        lines = wrap_lines(info["text"], TEXT_CHARS if w >= HAND_W else int((w - 14) / 6.1))
        if len(lines) > text_lines:
            lines = lines[:text_lines]
            lines[-1] = lines[-1].rstrip(".,") + " …"
        for i, line in enumerate(lines):
            parts.append(el("text", line, x=x + 8, y=y + 48 + LINE_H * i, class_="dn-eff"))
    return parts


def _fit(text: str, per_char: float, room: float) -> dict:
    """SVG attributes that squeeze ``text`` into ``room`` when it would overflow (about ``per_char`` a character)."""
    if len(text) * per_char <= room:
        return {}
    return {"textLength": round(room, 1), "lengthAdjust": "spacingAndGlyphs"}


def _strip(name: str, x: float, y: float, w: float, h: float = STRIP) -> list[str]:
    """A card beneath another: only its top strip (``h`` tall) shows."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic"})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    star = " ★" if info["set"] == "expansion" else ""
    return [el("rect", x=x, y=y, width=w, height=h + 6, rx=5, class_=cls),
            el("text", f"{info['number']}  {name}{star}", x=x + 8, y=y + h / 2 + 1, class_="dn-strip-t")]


def _chip(name: str, x: float, y: float, w: float, label: str | None = None) -> list[str]:
    """A small face-up card: its number and name on one line (pile, removed and revealed hand cards)."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic"})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    text = label if label is not None else f"{info['number']} {name}"
    size = 12 if len(text) * 6.6 + 10 <= w else max(9.0, round((w - 10) / len(text) / 0.55, 1))
    return [el("rect", x=x, y=y, width=w, height=CHIP_H, rx=4, class_=cls),
            el("text", text, x=x + 5, y=y + CHIP_H / 2, class_="dn-strip-t", font_size=size if size != 12 else None)]


def _card_back(x: float, y: float, w: float, h: float) -> list[str]:
    return [el("rect", x=x, y=y, width=w, height=h, rx=3, class_="dn-back"),
            el("rect", x=x + 2.5, y=y + 2.5, width=w - 5, height=h - 5, rx=2, class_="dn-back2")]


def _legal(parts: list[str], data_id: str, move, words: str, hit: tuple, *, switch: bool = False) -> str:
    """Wrap ``parts`` as a clickable legal target (highlight rectangle ``hit`` on top).

    ``switch``: the click only puts back or switches the chosen card (``pending``), it does not move the game
    on - class ``nk-switch`` says so (the browser tests tell the two kinds of click apart by it).
    """
    x, y, w, h = hit
    parts = parts + [el("rect", x=x - 2, y=y - 2, width=w + 4, height=h + 4, rx=7, class_="dn-hit")]
    cls = "dn-target legal nk-switch" if switch else "dn-target legal"
    return group(*parts, el("title", f"{move} — {words}"), data_id=data_id, class_=cls, tabindex=0,
                 role="button", aria_label=f"{move}. {words}")


def _plain(parts: list[str], data_id: str | None, words: str) -> str:
    return group(*parts, el("title", words), data_id=data_id, class_="dn-target" if data_id else None,
                 aria_label=words)


def _shield(cx: float, cy: float) -> str:
    """A small shield: the site is protected by Sister."""
    d = (f"M{cx:.1f},{cy - 7:.1f} L{cx + 6:.1f},{cy - 4.5:.1f} L{cx + 5:.1f},{cy + 3:.1f} "
         f"L{cx:.1f},{cy + 7:.1f} L{cx - 5:.1f},{cy + 3:.1f} L{cx - 6:.1f},{cy - 4.5:.1f} Z")
    return el("path", d=d, class_="dn-shield")


def _site_height(stack, strip: float = STRIP) -> float:
    return TOP_H + strip * max(0, len(stack) - 1)


def _strip_height(view: Mapping, p: int, s: str, targets: Mapping, narrow: bool) -> float:
    """How tall the cards beneath the top card of ``p``'s site ``s`` are drawn: tall enough to tap on a phone
    while they are the current decision (Necromancer, Archangel)."""
    if narrow and view.get("turn") == p and view.get("effect_site") == s \
            and any(str(k).startswith("beneath:") for k in targets):
        return TAP_STRIP
    return STRIP


def _text_lines(lines: list[str], x: float, y: float, chars: int = LINE_CHARS,
                cls: str = "nk-small nk-left") -> tuple[list[str], float]:
    """Wrapped lines of small text from ``y``; the parts and their height."""
    parts: list[str] = []
    h = 0.0
    for line in lines:
        for part in wrap_lines(line, chars):
            parts.append(el("text", part, x=x, y=y + h + 8, class_=cls))
            h += 17
    return parts, h


def _two(n: int) -> str:
    return f"{n:02d}" if isinstance(n, int) else str(n)


class DoubleNineTable(TableAdapter):
    """Draw a Double Nine view; cards, sites, boards and cards beneath are clicked."""

    # Choosing a card only picks it for the site decision that follows: the shell lets the seat click it
    # again to put it back, or click the other card to play that one instead (``pending`` in ``draw``).
    selection_kinds = frozenset({"card"})
    # A second picture for phones: one column, near 1:1 on a 390 px screen (``pending["layout"] == "narrow"``).
    narrow_layout = True

    def target_of(self, move) -> str | None:
        kind, args = move.kind, tuple(move.args)
        if kind in ("card", "return") and args:
            return f"card:{args[0]}"
        if kind in SITE_KINDS and len(args) == 2:
            return f"site:{args[0]}:{args[1]}"
        if kind in BOARD_PHASES and args:
            return f"board:{args[0]}"
        if kind == "beneath" and args:
            return f"beneath:{args[0]}"  # drawn on the stack the view names as "effect_site"
        return None  # direction, decide: buttons

    def guess_move(self, data_id: str, legal) -> object | None:
        """The move a click on ``data_id`` meant (a well-formed one, so the reason is in the player's words)."""
        from ninekit import Move

        legal = list(legal)
        kind = legal[0].kind if legal else None
        bits = str(data_id).split(":")
        try:
            if bits[0] == "card" and len(bits) == 2 and bits[1] in CARD_INFO:
                return Move("return" if kind == "return" else "card", (bits[1],))
            if bits[0] == "site" and len(bits) == 3 and bits[2] in SITE_KEYS and 0 <= int(bits[1]) < 4:
                return Move(kind if kind in SITE_KINDS else "site", (int(bits[1]), bits[2]))
            if bits[0] == "board" and len(bits) == 2 and 0 <= int(bits[1]) < 4:
                return Move(kind if kind in BOARD_PHASES else "swap", (int(bits[1]),))
            if bits[0] == "beneath" and len(bits) == 2 and 0 <= int(bits[1]) < 40:
                return Move("beneath", (int(bits[1]),))
        except ValueError:
            return None
        return None

    def describe_for_rules_panel(self, game) -> str:
        rows = []
        for name, number, card_set, effect, text, constant in CARDS:
            star = " ★" if card_set == "expansion" else ""
            const = " <i>[Constant]</i>" if constant else ""
            rows.append(f"<tr><td><b>{number}</b></td><td><b>{esc(name)}</b>{star}</td>"
                        f"<td>{esc(effect)}{const}: {esc(text.replace('[Constant] ', ''))}</td></tr>")
        return (
            "<p><b>Reading the table.</b> Every board shows its <b>Site ×10</b> (left) and <b>Site ×1</b> "
            "(right); the cards beneath a top card are fanned above it as strips, and the big number is the "
            "board's number now. A shield marks a site that Sister protects from other players' effects. "
            "Expansion cards carry a ★. Other players' hands and a face-down pile are card backs. "
            "To play, click a card in your hand, then a highlighted site; click the chosen card again to put "
            "it back, or your other card to play that one instead. Other choices are highlighted "
            "cards or boards (Tab to them and press Enter), or buttons under the table. "
            "When a game of the match ends, its final boards and every hand are shown before the next deal; "
            "when the match ends, every card is shown.</p>"
            "<table><thead><tr><th>#</th><th>Card</th><th>Effect</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>"
        )

    # ------------------------------------------------------------------ between games
    def interlude(self, before: Mapping, after: Mapping) -> Mapping | None:
        """A stop between two games of a match: the finished game's result and final boards.

        ``before`` and ``after`` are spectator views around one move.  When that move ended a game and the
        match goes on, the players see the result panel and the final boards (every hand and the removed
        cards revealed: the next deal is made afresh from the whole deck) until they press "Next game".
        When the match ends there is no interlude: the shell shows the outcome, and the table the final
        boards with every card revealed.
        """
        done_before = before.get("results") or []
        done = after.get("results") or []
        if len(done) != len(done_before) + 1 or after.get("phase") == "over":
            return None
        g = len(done)
        return {"title": f"Game {g} is over", "html": self._result_html(after, g - 1),
                "svg": self.draw_result(after, g - 1), "svg_narrow": self.draw_result(after, g - 1, narrow=True),
                "button": "Next game"}

    def _result_html(self, view: Mapping, g: int) -> str:
        result = (view.get("results") or [])[g]
        numbers, winners = list(result.get("numbers") or []), list(result.get("winners") or [])
        n = len(numbers)
        rows = []
        for p in range(n):
            won = p in winners
            cells = [esc(_name_of(view, p)), f"<b>{esc(_two(numbers[p]))}</b>"]
            if view.get("teams"):
                cells.append("team " + "AB"[p % 2])
            cells.append("takes a victory token" if won else "")
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        head = ["Player", "Number"] + (["Team"] if view.get("teams") else []) + [""]
        table = ("<table class='dn-result'><thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head)
                 + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
        parts = [table]
        if result.get("reason"):
            parts.append(f"<p>{esc(result['reason'])}</p>")
        tokens = list(view.get("victory_tokens") or [])
        standing = ", ".join(f"{_name_of(view, p)} {tokens[p] if p < len(tokens) else 0}" for p in range(n))
        if view.get("competition"):
            totals = list(view.get("totals") or [])
            sums = ", ".join(f"{_name_of(view, p)} {totals[p] if p < len(totals) else 0}" for p in range(n))
            what = "team totals" if view.get("teams") else "totals"
            parts.append(f"<p>Competition Rule: the {what} of the numbers decide the match after three games. "
                         f"{esc(what.capitalize())} so far: {esc(sums)}. Victory tokens (they do not decide): "
                         f"{esc(standing)}.</p>")
        else:
            parts.append(f"<p>Victory tokens: {esc(standing)}. The first to two victory tokens wins the "
                         "match.</p>")
        start = view.get("start_player")
        next_game = view.get("game_number") or g + 2
        if isinstance(start, int):
            parts.append(f"<p>Next: {esc(_name_of(view, start))} starts game {esc(next_game)}, with a new deal "
                         "from the whole deck.</p>")
        return "<div class='dn-interlude'>" + "".join(parts) + "</div>"

    def draw_result(self, view: Mapping, g: int, *, narrow: bool = False) -> str:
        """The picture of finished game ``g`` (0-based) of ``view``: final boards, hands and removed cards
        (laid out for a phone when ``narrow``)."""
        result = (view.get("results") or [])[g]
        n = int(view.get("players") or len(result.get("numbers") or []) or 2)
        numbers = list(result.get("numbers") or [0] * n)
        boards = result.get("boards") or [{"x10": [], "x1": [], "number": numbers[p]} for p in range(n)]
        hands = result.get("hands")
        removed = result.get("removed")
        pile = result.get("pile")
        record = dict(view)
        record.update(
            seat=None, hand=None, boards=boards, hands=hands, removed=removed,
            hand_counts=[len(h) for h in hands] if hands is not None else [0] * n,
            pile=pile, pile_count=len(pile or []), pile_face_up=False,
            removed_count=len(removed) if removed is not None else None,
            phase="over", playing=None, resolving=None, effect_site=None, sniper=[],
            results=list((view.get("results") or [])[:g + 1]), game_number=g + 1,
        )
        return self._draw(record, {}, {"layout": "narrow"} if narrow else {}, record_of=result)

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        """The table; ``pending["layout"] == "narrow"`` lays it out for a phone (see the module docstring)."""
        return self._draw(view, targets, pending or {})

    def _draw(self, view: Mapping, targets: Mapping, pending: Mapping, record_of: Mapping | None = None) -> str:
        n = int(view.get("players") or len(view.get("boards") or []) or 2)
        seat = view.get("seat")
        viewer = seat if isinstance(seat, int) and 0 <= seat < n else None
        boards = view.get("boards") or [{"x10": [], "x1": [], "number": 0} for _ in range(n)]
        narrow = pending.get("layout") == "narrow"
        width = NARROW_WIDTH if narrow else WIDTH
        body: list[str] = [STYLE]

        parts, y = self._header(view, PAD, record_of, width=width, narrow=narrow)
        body += parts
        y += 8

        # the other players' boards clockwise from the viewer, then the viewer's board and hand: in a grid of two
        # columns, or (narrow) one under the other
        if viewer is None:
            cells = [("board", p) for p in range(n)] + [("info",)]
        elif narrow or (n - 1) % 2:  # 2 or 4 players: the own board is in the right column, the hand below it
            cells = [("board", (viewer + 1 + k) % n) for k in range(n - 1)] + [("board", viewer), ("info",),
                                                                                ("hand",)]
            if narrow:  # the hand right under the own board, what is going on last
                cells[-2:] = [("hand",), ("info",)]
        else:  # 3 players: the hand beside the own board
            cells = [("board", (viewer + 1 + k) % n) for k in range(n - 1)] + [("board", viewer), ("hand",),
                                                                                ("info",)]
        per_row = 1 if narrow else 2
        for r in range(0, len(cells), per_row):
            row = cells[r:r + per_row]
            site_h = max([max(_site_height((boards[c[1]] if c[1] < len(boards) else {}).get(s) or [],
                                           _strip_height(view, c[1], s, targets, narrow))
                              for s in SITE_KEYS) for c in row if c[0] == "board"] or [0])
            height = 0.0
            for col, cell in enumerate(row):
                x = COL_X[col]
                if cell[0] == "board":
                    p = cell[1]
                    parts, h = self._board(view, p, boards[p] if p < len(boards) else {}, targets, x, y, site_h,
                                           record_of, narrow=narrow)
                elif cell[0] == "hand":
                    parts, h = self._hand(view, targets, pending, x, y)
                else:
                    parts, h = self._info(view, x, y, record_of)
                body += parts
                height = max(height, h)
            if height:
                y += height + 8
        height = y - 8 + PAD
        if record_of is not None:
            label = f"Double Nine: the final boards of game {view.get('game_number')}, every hand shown"
        else:
            who = "a spectator" if seat is None else _name_of(view, seat)
            label = f"Double Nine table seen by {who}. {view.get('prompt', '')}".strip()
        bg = el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect")
        return svg_root(width, height, bg + "".join(body), label=label, game=str(view.get("game", "double_nine")))

    # --- the header band: the match, the pile, the removed cards
    def _header(self, view: Mapping, y0: float, record_of: Mapping | None, *, width: float = WIDTH,
                narrow: bool = False) -> tuple[list[str], float]:
        """The match lines with the pile beside them (narrow: under them), then any cards shown face up."""
        lines = self._match_lines(view, record_of)
        if narrow:
            parts, h = _text_lines(lines, PAD + 4, y0, chars=int((width - 2 * PAD - 8) / 6.6))
            pile_parts, pile_h = self._pile(view, PAD + 4, y0 + h + 4)
            y = y0 + h + 4 + pile_h + 4
        else:
            pile_x = width - PAD - 290
            parts, h = _text_lines(lines, PAD + 4, y0, chars=int((pile_x - PAD - 16) / 6.6))
            pile_parts, pile_h = self._pile(view, pile_x, y0)
            y = y0 + max(h, pile_h) + 4
        parts += pile_parts
        pile = view.get("pile")
        if pile:  # face up (Thera), or shown once the match is over
            over = view.get("phase") == "over" and not view.get("pile_face_up")
            words = ("Left on the pile, top card first (shown: the game is over):" if over
                     else "The pile, top card first:")
            chips, ch = self._chips([f"{i + 1}. {CARD_INFO.get(c, {}).get('number', '?')} {c}" for i, c in
                                     enumerate(pile)], pile, y, words, "Pile card {i} from the top: {words}",
                                    width=width)
            parts += chips
            y += ch
        removed = view.get("removed")
        if removed is not None:
            words = "Removed from the game face down (shown: the game is over):"
            if not removed:
                parts.append(el("text", words[:-1] + ": none", x=PAD + 4, y=y + 8, class_="dn-label"))
                y += 20
            else:
                labels = [f"{CARD_INFO.get(c, {}).get('number', '?')} {c}" for c in removed]
                chips, ch = self._chips(labels, removed, y, words, "Removed from the game: {words}", width=width)
                parts += chips
                y += ch
        return parts, y - y0

    def _chips(self, labels: list[str], names: list[str], y: float, title: str, each: str, *,
               width: float = WIDTH) -> tuple[list[str], float]:
        """A titled grid of chips, 6 a row (narrower: as many as fit with their labels at full size, at least 2)."""
        room = width - 2 * PAD - 8
        longest = max((len(label) for label in labels), default=0) * 6.6 + 10
        per_row = 6 if width >= WIDTH else max(2, min(6, int((room + 4) // (longest + 4))))
        chip_w = (room - (per_row - 1) * 4) / per_row
        parts = [el("text", title, x=PAD + 4, y=y + 8, class_="dn-label", **_fit(title, 6.0, room))]
        y0 = y + 18
        for i, (label, name) in enumerate(zip(labels, names)):
            row, col = divmod(i, per_row)
            cx, cy = PAD + 4 + col * (chip_w + 4), y0 + row * (CHIP_H + 3)
            parts.append(_plain(_chip(name, cx, cy, chip_w, label), None,
                                each.format(i=i + 1, words=card_words(name))))
        rows = -(-len(names) // per_row)
        return parts, 18 + rows * (CHIP_H + 3) + 4

    def _match_lines(self, view: Mapping, record_of: Mapping | None = None) -> list[str]:
        game_no = view.get("game_number") or 1
        deck = view.get("deck") or "basic"
        if record_of is not None:
            winners = [_name_of(view, w) for w in record_of.get("winners") or []]
            first = f"Game {game_no} is over: {_and(winners) if winners else 'nobody'} " \
                    f"{'takes' if len(winners) == 1 else 'take'} a victory token"
        else:
            first = f"Game {game_no}"
            if view.get("phase") == "over":
                first += " · the match is over: every card is shown"
            elif view.get("competition"):
                first += " of 3 (Competition Rule: highest total wins)"
            else:
                first += " · first to 2 victory tokens wins"
        first += f" · deck: {deck}"
        lines = [first]
        target = view.get("target")
        if target is not None:
            lines.append(f"Target {target}: the number closest to it wins (Random Number Rule)")
        teams = view.get("teams")
        if teams:
            names = [" + ".join(_name_of(view, p) for p in team) for team in teams]
            lines.append("Teams, numbers added: " + " vs ".join(names))
            boards = view.get("boards") or []
            sums = []
            for t, team in enumerate(teams):
                nums = [int(boards[p].get("number", 0)) for p in team if p < len(boards)]
                sums.append(f"team {'AB'[t % 2]} " + " + ".join(f"{x:02d}" for x in nums) + f" = {sum(nums)}")
            lines.append(("Final: " if record_of is not None or view.get("phase") == "over" else "Now: ")
                         + "; ".join(sums))
        return lines

    def _pile(self, view: Mapping, x: float, y: float) -> tuple[list[str], float]:
        count = int(view.get("pile_count") or 0)
        removed = view.get("removed_count")
        parts: list[str] = []
        face_up = bool(view.get("pile_face_up"))
        pile = view.get("pile") if face_up else None
        if pile:  # Thera turned it over: the stack shows its top card's face
            top = CARD_INFO.get(pile[0], {"number": "?", "set": "basic"})
            for k in range(min(count, 4)):
                parts.append(el("rect", x=x + 3 * k, y=y + 3 - k, width=30, height=42, rx=3,
                                class_="dn-card dn-exp" if top["set"] == "expansion" else "dn-card"))
            parts.append(el("text", top["number"], x=x + 3 * (min(count, 4) - 1) + 15, y=y + 26 - min(count, 4),
                            class_="dn-strip-t"))
        else:
            for k in range(min(count, 4)):
                parts += _card_back(x + 3 * k, y + 3 - k, 30, 42)
        if not count:
            parts.append(el("rect", x=x, y=y, width=30, height=42, rx=3, class_="dn-empty"))
        words = f"Draw pile: {count} card{'s' * (count != 1)}" + (", face up (Thera)" if face_up else ", face down")
        if not count:
            words = "Draw pile: empty"
        parts.append(el("text", words, x=x + 50, y=y + 12, class_="nk-small nk-left"))
        if removed is not None:
            parts.append(el("text", f"Removed from the game: {removed} face down", x=x + 50, y=y + 30,
                            class_="dn-label"))
        title = words + (". Order from the top: " + ", ".join(pile) if pile else "")
        return [group(*parts, el("title", title), aria_label=title)], 46

    # --- a board
    def _board(self, view: Mapping, p: int, board: Mapping, targets: Mapping, x0: float, y0: float,
               site_h: float, record_of: Mapping | None, *, narrow: bool = False) -> tuple[list[str], float]:
        phase = view.get("phase")
        stacks = {s: list(board.get(s) or []) for s in SITE_KEYS}
        hands = view.get("hands")
        shown_hand = hands[p] if isinstance(hands, list) and p < len(hands) else None
        head_h = 40 + (24 if shown_hand is not None else 0)
        height = head_h + 16 + site_h + 8
        turn = view.get("turn") == p and phase != "over"
        won = record_of is not None and p in (record_of.get("winners") or [])
        number = board.get("number", 0)
        out: list[str] = []

        # frame and header (the header and frame are the board-level target)
        cls = "dn-board dn-turn" if turn else "dn-board dn-won" if won else "dn-board"
        frame = [el("rect", x=x0, y=y0, width=PANEL_W, height=height, rx=8, class_=cls)]
        name = _who(view, p)
        tag = ""
        teams = view.get("teams")
        if teams:
            for t, team in enumerate(teams):
                if p in team:
                    tag = f" · team {'AB'[t % 2]}"
        head = name + tag + (" · to play" if turn else " · wins" if won else "")
        frame.append(el("text", head, x=x0 + 10, y=y0 + 13, class_="dn-head"))
        counts = view.get("hand_counts") or []
        held = int(counts[p]) if p < len(counts) else 0
        sub = "" if shown_hand is not None else f"hand: {held} card{'s' * (held != 1)} · "
        x = x0 + 10
        if shown_hand is None:
            for k in range(held):
                frame += _card_back(x + 9 * k, y0 + 24, 11, 15)
            x += 9 * held + 10 if held else 0
        tokens = view.get("victory_tokens") or []
        mine = int(tokens[p]) if p < len(tokens) else 0
        if view.get("competition"):
            totals = view.get("totals") or []
            sub += f"total so far {totals[p] if p < len(totals) else 0}"
        else:
            sub += f"victory tokens {mine}/2"
        frame.append(el("text", sub, x=x, y=y0 + 31, class_="dn-label"))
        if not view.get("competition"):
            tx = x + 6.0 * len(sub) + 12
            for k in range(2):
                frame.append(el("circle", cx=tx + 14 * k, cy=y0 + 31, r=5,
                                class_="dn-token" if k < mine else "dn-token dn-none"))
        frame.append(el("text", _two(number), x=x0 + PANEL_W - 10, y=y0 + 20, class_="dn-bignum"))
        frame.append(el("text", "number", x=x0 + PANEL_W - 50, y=y0 + 13, class_="dn-label dn-end"))
        words = f"{name}'s board: number {number}; {sub}"
        if shown_hand is not None:
            said = "Left in hand" if record_of is not None else "In hand"
            frame.append(el("text", f"{said}:", x=x0 + 10, y=y0 + 52, class_="dn-label"))
            hx = x0 + 10 + 6.3 * len(said) + 12
            if not shown_hand:
                frame.append(el("text", "no card", x=hx, y=y0 + 52, class_="dn-label"))
            for k, card in enumerate(shown_hand):
                frame.append(_plain(_chip(card, hx + 124 * k, y0 + 42, 120), None,
                                    f"{name} holds {card_words(card)}"))
            words += "; holds " + (", ".join(shown_hand) if shown_hand else "no card")
        board_id = f"board:{p}"
        board_move = targets.get(board_id)
        board_mode = phase in BOARD_PHASES

        # the two sites
        sites = []
        for s_i, s in enumerate(SITE_KEYS):
            sites.append(self._site(view, p, s, stacks, targets, x0 + SITE_DX[s_i], y0 + head_h, site_h,
                                    clickable=not board_mode and record_of is None,
                                    strip_h=_strip_height(view, p, s, targets, narrow)))
        if board_mode and record_of is None:
            parts = frame + sites
            if board_move is not None:
                out.append(_legal(parts, board_id, board_move, words, (x0, y0, PANEL_W, height)))
            else:
                out.append(_plain(parts, board_id, words))
        else:
            out.append(_plain(frame, None, words))
            out += sites
        return out, height

    def _site(self, view: Mapping, p: int, s: str, stacks: Mapping, targets: Mapping, x: float, y: float,
              site_h: float, *, clickable: bool, strip_h: float = STRIP) -> str:
        stack = stacks[s]
        other = stacks["x1" if s == "x10" else "x10"]
        shielded = bool(other) and other[-1] == "Sister"
        protected = shielded and p != view.get("turn") and view.get("phase") != "over"
        label = SITE_WORDS[s] + (" · protected" if shielded else "")
        parts = [el("text", label, x=x + (16 if shielded else 2), y=y + 6, class_="dn-label")]
        if shielded:
            parts.append(_shield(x + 7, y + 6))
        # The top card shows as much of its text as the site's room allows: one line, and more where the other
        # site's taller stack leaves room above this one (the tooltip always has all of it).
        card_h = TOP_H
        if stack:
            needed = len(wrap_lines(CARD_INFO.get(stack[-1], {}).get("text", ""), int((SITE_W - 14) / 6.1)))
            spare = site_h - TOP_H - strip_h * max(0, len(stack) - 1)
            card_h += LINE_H * max(0, min(needed - 1, int(spare // LINE_H)))
        top_y = y + 16 + site_h - card_h  # the top cards of both sites line up at the bottom
        beneath_parts = []
        yy = top_y - strip_h * (len(stack) - 1)
        choosing_here = view.get("turn") == p and view.get("effect_site") == s
        for i, name in enumerate(stack[:-1]):
            strip = _strip(name, x, yy, SITE_W, strip_h)
            data_id = f"beneath:{i}" if choosing_here else None
            move = targets.get(data_id) if data_id else None
            words = f"Card {i + 1} from the bottom of {_who(view, p)}'s {SITE_WORDS[s]}: {card_words(name)}"
            if move is not None:
                beneath_parts.append(_legal(strip, data_id, move, words, (x, yy, SITE_W, strip_h)))
            else:
                beneath_parts.append(_plain(strip, None, words))
            yy += strip_h
        if stack:
            face = _card_face(stack[-1], x, top_y, SITE_W, card_h, text_lines=1 + int((card_h - TOP_H) // LINE_H))
            top_words = f"Top card of {_who(view, p)}'s {SITE_WORDS[s]}: {card_words(stack[-1])}"
        else:
            face = [el("rect", x=x, y=top_y, width=SITE_W, height=TOP_H, rx=6, class_="dn-empty"),
                    el("text", "empty: counts 0", x=x + SITE_W / 2, y=top_y + TOP_H / 2, class_="dn-label dn-mid")]
            top_words = f"{_who(view, p)}'s {SITE_WORDS[s]} is empty (counts 0)"
        if protected:
            face.append(_shield(x + SITE_W - 12, top_y + 12))
            top_words += "; Sister protects it from other players' effects"
        site_id = f"site:{p}:{s}"
        move = targets.get(site_id) if clickable else None
        out = parts + beneath_parts
        if move is not None:
            out.append(_legal(face, site_id, move, top_words, (x, top_y, SITE_W, card_h)))
        else:
            out.append(_plain(face, site_id if clickable else None, top_words))
        return group(*out)

    # --- your hand (with the chosen card while it waits for its site)
    def _hand(self, view: Mapping, targets: Mapping, pending: Mapping, x0: float,
              y: float) -> tuple[list[str], float]:
        hand = view.get("hand")
        parts: list[str] = []
        if hand is None:
            return parts, 0
        y0 = y
        phase = view.get("phase")
        chosen = view.get("playing") if phase == "site" and view.get("turn") == view.get("seat") else None
        selected = pending.get("selected") if chosen else None
        selected = selected if isinstance(selected, str) and selected else None
        switch = [s for s in (pending.get("switch") or []) if isinstance(s, str)] if chosen else []
        cards = ([(chosen, "chosen")] if chosen else []) + [(name, "hand") for name in hand]
        if chosen:
            title = f"Your hand: choose a site for {chosen}"
        elif any(k.startswith("card:") for k in targets):
            title = "Your hand: click the card to put back" if phase == "return" else \
                "Your hand: click a card to play it"
        else:
            title = "Your hand"
        parts.append(el("text", title, x=x0 + 2, y=y + 8, class_="dn-head", **_fit(title, 7.6, PANEL_W - 4)))
        y += 20
        if not cards:
            parts.append(el("text", "(no card)", x=x0 + 2, y=y + 8, class_="dn-label"))
            return parts, 42
        lines = max(len(wrap_lines(CARD_INFO.get(name, {}).get("text", ""), TEXT_CHARS)) for name, _ in cards)
        tag_h = 22 if chosen else 0
        card_h = 52 + 14 * min(lines, 7) + tag_h
        for i, (name, role) in enumerate(cards):
            x, yy = x0 + (i % 2) * (HAND_W + 8), y + (i // 2) * (card_h + 8)
            face = _card_face(name, x, yy, HAND_W, card_h, text_lines=7)
            data_id = f"card:{name}"
            if role == "chosen":
                face.append(el("rect", x=x, y=yy, width=HAND_W, height=card_h, rx=6, class_="dn-chosen"))
                tag = "chosen — click to put back" if selected else "chosen: being played"
                face += [el("rect", x=x + 4, y=yy + card_h - tag_h, width=HAND_W - 8, height=tag_h - 4, rx=4,
                            class_="dn-tag"),
                         el("text", tag, x=x + HAND_W / 2, y=yy + card_h - tag_h / 2 - 2, class_="dn-tag-t",
                            **_fit(tag, 6.6, HAND_W - 16))]
                words = f"Chosen to play: {card_words(name)}"
                if selected:
                    parts.append(_legal(face, selected, f"Put {name} back in your hand", words,
                                        (x, yy, HAND_W, card_h), switch=True))
                else:
                    parts.append(_plain(face, None, words))
                continue
            words = f"In your hand: {card_words(name)}"
            move = targets.get(data_id)
            if chosen and data_id in switch and data_id != selected:
                face += [el("rect", x=x + 4, y=yy + card_h - tag_h, width=HAND_W - 8, height=tag_h - 4, rx=4,
                            class_="dn-tag dn-alt"),
                         el("text", "click to play this instead", x=x + HAND_W / 2, y=yy + card_h - tag_h / 2 - 2,
                            class_="dn-tag-t", **_fit("click to play this instead", 6.6, HAND_W - 16))]
                parts.append(_legal(face, data_id, f"Play {name} instead of {chosen}", words,
                                    (x, yy, HAND_W, card_h), switch=True))
            elif move is not None:
                parts.append(_legal(face, data_id, move, words, (x, yy, HAND_W, card_h)))
            else:  # no data-id while another card shows it (two copies of one card)
                parts.append(_plain(face, None if chosen and data_id == selected else data_id, words))
        rows = -(-len(cards) // 2)
        return parts, y - y0 + rows * (card_h + 8) - 6

    # --- what is going on: the card being played, Sniper, the finished games
    def _info(self, view: Mapping, x0: float, y: float, record_of: Mapping | None) -> tuple[list[str], float]:
        parts: list[str] = []
        y0 = y
        seat = view.get("seat")
        phase = view.get("phase")
        playing, resolving = view.get("playing"), view.get("resolving")
        turn = view.get("turn")
        if playing and not (phase == "site" and turn == seat):
            who = _name_of(view, turn) if isinstance(turn, int) else "The player to move"
            parts.append(el("text", f"{who} is playing {playing}: choosing a site for it", x=x0 + 2, y=y + 8,
                            class_="nk-small nk-left"))
            y += 18
            face = _card_face(playing, x0, y, HAND_W, 46)
            face.append(el("rect", x=x0, y=y, width=HAND_W, height=46, rx=6, class_="dn-chosen"))
            parts.append(_plain(face, None, f"Being played: {card_words(playing)}"))
            y += 54
        lines = []
        if resolving and not playing:
            lines.append(f"Resolving the effect of {resolving}")
        if seat is None and record_of is None:
            lines.append("Every hand is shown: the match is over" if view.get("hands") is not None
                         else "Hands are hidden (spectator's view)")
        for item in view.get("sniper") or []:
            try:
                lines.append(f"Sniper showed you: {_who(view, int(item['seat']))} held {item['card']}")
            except (KeyError, TypeError, ValueError):
                continue
        for g, result in enumerate(view.get("results") or []):
            numbers = " / ".join(_two(x) for x in result.get("numbers", []))
            winners = [_who(view, w) for w in result.get("winners", [])]
            lines.append(f"Game {g + 1}: numbers {numbers}; won by {_and(winners) if winners else 'nobody'}")
        if record_of is not None and record_of.get("reason"):
            lines.append(str(record_of["reason"]))
        text, h = _text_lines(lines, x0 + 2, y)
        parts += text
        y += h
        return parts, y - y0


register("double_nine", DoubleNineTable())

__all__ = ["DoubleNineTable", "card_words"]
