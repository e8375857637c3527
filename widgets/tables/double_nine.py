"""The Double Nine table: every board, your hand and the pile, drawn from ``state.view(seat)``.

Each player's board shows its two stacks (Site ×10 on the left, Site ×1 on
the right) fanned upwards: the cards beneath are thin strips with their
number and name, the top card is drawn in full, and the board's number sits
in the board's header.  Boards are stacked vertically (they stay readable on
a phone); the viewer's own board is the last one, right above the hand.

Only the view is drawn: other players' hands are card backs (a count), the
pile is a count unless Thera made it public (then its cards, top first).

Clicks (``data-id``):

``card:<name>``
    a card in your hand (choosing the card to play, or the card Fortune
    Teller puts back);
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
legal targets get a highlight *and* a dashed outline.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.double_nine import CARDS

from ..svg import el, esc, group, svg_root, wrap_lines
from . import TableAdapter, register

WIDTH = 400
PAD = 8
COL_W = 184          # one site column
COL_X = (PAD + 4, PAD + 4 + COL_W + 8)  # Site ×10, Site ×1
STRIP = 19           # a card beneath: a strip this tall
TOP_H = 58           # the top card of a site
HAND_W = 184
TEXT_CHARS = 28  # effect text characters a line on a card
CARD_INFO = {c[0]: {"number": c[1], "set": c[2], "effect": c[3], "text": c[4], "constant": c[5]} for c in CARDS}
SITE_KEYS = ("x10", "x1")
SITE_WORDS = {"x10": "Site ×10", "x1": "Site ×1"}
BOARD_PHASES = ("swap", "possess", "aim")
SITE_KINDS = ("site", "take", "remove", "give")

# Own styles on top of the shared ones (widgets/svg.py): theme variables only, so the picture works in
# JupyterLab's light and dark themes.
STYLE = """<style>
svg.ninekit-svg .dn-card{fill:var(--nk-sq);stroke:var(--nk-line);stroke-width:1}
svg.ninekit-svg .dn-card.dn-exp{fill:color-mix(in srgb,var(--nk-sq) 86%,var(--nk-side1))}
svg.ninekit-svg .dn-num{fill:var(--nk-ink);stroke:none}
svg.ninekit-svg text.dn-num-t{fill:var(--nk-bg);font-weight:700}
svg.ninekit-svg text.dn-name{font-size:13px;font-weight:700;text-anchor:start}
svg.ninekit-svg text.dn-eff{font-size:11px;text-anchor:start;fill:var(--jp-ui-font-color2,#555)}
svg.ninekit-svg text.dn-strip-t{font-size:12px;text-anchor:start}
svg.ninekit-svg .dn-empty{fill:none;stroke:var(--nk-line);stroke-width:1.2;stroke-dasharray:5 4}
svg.ninekit-svg .dn-board{fill:var(--nk-sq2);fill:color-mix(in srgb,var(--nk-sq) 94%,var(--nk-ink));
  stroke:var(--nk-line);stroke-width:1}
svg.ninekit-svg .dn-board.dn-turn{stroke:var(--nk-hl);stroke-width:2.5}
svg.ninekit-svg text.dn-head{font-size:13.5px;font-weight:700;text-anchor:start}
svg.ninekit-svg text.dn-bignum{font-size:26px;font-weight:800;text-anchor:end}
svg.ninekit-svg text.dn-label{font-size:12px;text-anchor:start;fill:var(--jp-ui-font-color2,#555)}
svg.ninekit-svg .dn-back{fill:var(--nk-side1);stroke:var(--nk-ink);stroke-width:.8}
svg.ninekit-svg .dn-back2{fill:none;stroke:var(--nk-bg);stroke-width:1.2}
svg.ninekit-svg .dn-token{fill:var(--nk-warn);stroke:var(--nk-ink);stroke-width:1}
svg.ninekit-svg .dn-token.dn-none{fill:none;stroke-dasharray:2 2}
svg.ninekit-svg .dn-shield{fill:var(--nk-hl);stroke:none;opacity:.9}
svg.ninekit-svg text.dn-mid{text-anchor:middle}
svg.ninekit-svg text.dn-end{text-anchor:end}
svg.ninekit-svg .dn-chosen{fill:none;stroke:var(--nk-warn);stroke-width:3}
svg.ninekit-svg .legal .dn-hit{fill:var(--nk-hl);fill-opacity:.2;stroke:var(--nk-hl);stroke-width:2;
  stroke-dasharray:6 3}
svg.ninekit-svg .dn-hit{fill:transparent;stroke:none}
svg.ninekit-svg .legal:hover .dn-hit{fill-opacity:.36}
svg.ninekit-svg .legal:focus .dn-hit,svg.ninekit-svg .legal:focus-visible .dn-hit{fill-opacity:.42;
  stroke:var(--nk-ink);stroke-width:3;stroke-dasharray:none}
</style>"""


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
    parts.append(el("text", effect, x=x + 38, y=y + 29, class_="dn-eff"))
    if text_lines:
        lines = wrap_lines(info["text"], TEXT_CHARS if w >= HAND_W else int((w - 14) / 6.1))
        if len(lines) > text_lines:
            lines = lines[:text_lines]
            lines[-1] = lines[-1].rstrip(".,") + " …"
        for i, line in enumerate(lines):
            parts.append(el("text", line, x=x + 8, y=y + 48 + 14 * i, class_="dn-eff"))
    return parts


def _strip(name: str, x: float, y: float, w: float) -> list[str]:
    """A card beneath another: only its top strip shows."""
    info = CARD_INFO.get(name, {"number": "?", "set": "basic"})
    cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
    star = " ★" if info["set"] == "expansion" else ""
    return [el("rect", x=x, y=y, width=w, height=STRIP + 6, rx=5, class_=cls),
            el("text", f"{info['number']}  {name}{star}", x=x + 8, y=y + STRIP / 2 + 1, class_="dn-strip-t")]


def _card_back(x: float, y: float, w: float, h: float) -> list[str]:
    return [el("rect", x=x, y=y, width=w, height=h, rx=3, class_="dn-back"),
            el("rect", x=x + 2.5, y=y + 2.5, width=w - 5, height=h - 5, rx=2, class_="dn-back2")]


def _legal(parts: list[str], data_id: str, move, words: str, hit: tuple) -> str:
    """Wrap ``parts`` as a clickable legal target (highlight rectangle ``hit`` on top)."""
    x, y, w, h = hit
    parts = parts + [el("rect", x=x - 2, y=y - 2, width=w + 4, height=h + 4, rx=7, class_="dn-hit")]
    return group(*parts, el("title", f"{move} — {words}"), data_id=data_id, class_="dn-target legal", tabindex=0,
                 role="button", aria_label=f"{move}. {words}")


def _plain(parts: list[str], data_id: str | None, words: str) -> str:
    return group(*parts, el("title", words), data_id=data_id, class_="dn-target" if data_id else None,
                 aria_label=words)


def _shield(cx: float, cy: float) -> str:
    """A small shield: the site is protected by Sister."""
    d = (f"M{cx:.1f},{cy - 7:.1f} L{cx + 6:.1f},{cy - 4.5:.1f} L{cx + 5:.1f},{cy + 3:.1f} "
         f"L{cx:.1f},{cy + 7:.1f} L{cx - 5:.1f},{cy + 3:.1f} L{cx - 6:.1f},{cy - 4.5:.1f} Z")
    return el("path", d=d, class_="dn-shield")


def _site_height(stack) -> float:
    return TOP_H + STRIP * max(0, len(stack) - 1)


class DoubleNineTable(TableAdapter):
    """Draw a Double Nine view; cards, sites, boards and cards beneath are clicked."""

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
        from ninekit import Move

        legal = list(legal)
        kind = legal[0].kind if legal else None
        bits = str(data_id).split(":")
        try:
            if bits[0] == "card" and len(bits) == 2:
                return Move("return" if kind == "return" else "card", (bits[1],))
            if bits[0] == "site" and len(bits) == 3:
                return Move(kind if kind in SITE_KINDS else "site", (int(bits[1]), bits[2]))
            if bits[0] == "board" and len(bits) == 2:
                return Move(kind if kind in BOARD_PHASES else "swap", (int(bits[1]),))
            if bits[0] == "beneath" and len(bits) == 2:
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
            "To play, click a card in your hand, then a highlighted site; other choices are highlighted "
            "cards or boards (Tab to them and press Enter), or buttons under the table.</p>"
            "<table><thead><tr><th>#</th><th>Card</th><th>Effect</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>"
        )

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        n = int(view.get("players") or len(view.get("boards") or []) or 2)
        seat = view.get("seat")
        boards = view.get("boards") or [{"x10": [], "x1": [], "number": 0} for _ in range(n)]
        phase = view.get("phase")
        body: list[str] = [STYLE]
        y = PAD

        # --- the match line(s)
        lines = self._match_lines(view)
        for line in lines:
            for part in wrap_lines(line, 56):
                body.append(el("text", part, x=PAD + 4, y=y + 8, class_="nk-small nk-left"))
                y += 17
        y += 4

        # --- the pile and removed cards
        parts, height = self._pile(view, y)
        body += parts
        y += height + 8

        # --- the boards, viewer's last
        order = list(range(n))
        if isinstance(seat, int) and 0 <= seat < n:
            order = [(seat + 1 + k) % n for k in range(n)]
        for p in order:
            parts, height = self._board(view, p, boards[p] if p < len(boards) else {}, targets, y, phase)
            body += parts
            y += height + 8

        # --- being played / resolving
        playing, resolving = view.get("playing"), view.get("resolving")
        if playing:
            body.append(el("text", f"Playing {playing}: choose a highlighted site for it", x=PAD + 4, y=y + 8,
                           class_="nk-small nk-left"))
            y += 18
            face = _card_face(playing, PAD + 4, y, HAND_W, 46)
            face.append(el("rect", x=PAD + 4, y=y, width=HAND_W, height=46, rx=6, class_="dn-chosen"))
            body.append(_plain(face, None, f"Being played: {card_words(playing)}"))
            y += 54
        elif resolving:
            for part in wrap_lines(f"Resolving the effect of {resolving}", 56):
                body.append(el("text", part, x=PAD + 4, y=y + 8, class_="nk-small nk-left"))
                y += 17
            y += 4

        # --- your hand
        parts, height = self._hand(view, targets, y)
        body += parts
        y += height

        # --- what Sniper showed, results so far
        extra = []
        for item in view.get("sniper") or []:
            try:
                extra.append(f"Sniper showed you: {_who(view, int(item['seat']))} held {item['card']}")
            except (KeyError, TypeError, ValueError):
                continue
        for g, result in enumerate(view.get("results") or []):
            numbers = " / ".join(str(x) for x in result.get("numbers", []))
            winners = " and ".join(_who(view, w) for w in result.get("winners", []))
            extra.append(f"Game {g + 1}: numbers {numbers}; won by {winners}")
        for line in extra:
            for part in wrap_lines(line, 56):
                body.append(el("text", part, x=PAD + 4, y=y + 8, class_="nk-small nk-left"))
                y += 17
        height = y + PAD
        who = "a spectator" if seat is None else _who(view, seat).replace(" (you)", "")
        label = f"Double Nine table seen by {who}. {view.get('prompt', '')}".strip()
        bg = el("rect", x=0, y=0, width=WIDTH, height=height, class_="nk-bgrect")
        return svg_root(WIDTH, height, bg + "".join(body), label=label, game=str(view.get("game", "double_nine")))

    def _match_lines(self, view: Mapping) -> list[str]:
        game_no = view.get("game_number") or 1
        deck = view.get("deck") or "basic"
        first = f"Game {game_no}"
        if view.get("competition"):
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
            names = [" + ".join(_who(view, p).replace(" (you)", "") for p in team) for team in teams]
            lines.append("Teams: " + " against ".join(names) + " (numbers added)")
            boards = view.get("boards") or []
            sums = []
            for t, team in enumerate(teams):
                nums = [int(boards[p].get("number", 0)) for p in team if p < len(boards)]
                sums.append(f"team {'AB'[t % 2]} " + " + ".join(f"{x:02d}" for x in nums) + f" = {sum(nums)}")
            lines.append("Now: " + "; ".join(sums))
        return lines

    def _pile(self, view: Mapping, y: float) -> tuple[list[str], float]:
        count = int(view.get("pile_count") or 0)
        removed = int(view.get("removed_count") or 0)
        parts: list[str] = []
        x = PAD + 4
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
        parts.append(el("text", words, x=x + 50, y=y + 12, class_="nk-small nk-left"))
        parts.append(el("text", f"Removed from the game: {removed} face down", x=x + 50, y=y + 30,
                        class_="dn-label"))
        height = 46
        if pile:
            parts.append(el("text", "The pile, top card first:", x=x, y=y + height + 6, class_="dn-label"))
            height += 14
            per_row, chip_w = 4, 93
            for i, name in enumerate(pile):
                row, col = divmod(i, per_row)
                cx, cy = x + col * (chip_w + 3), y + height + row * 24
                info = CARD_INFO.get(name, {"number": "?", "set": "basic"})
                cls = "dn-card dn-exp" if info["set"] == "expansion" else "dn-card"
                chip = [el("rect", x=cx, y=cy, width=chip_w, height=21, rx=4, class_=cls),
                        el("text", f"{i + 1}. {info['number']} {name}", x=cx + 5, y=cy + 11, class_="dn-strip-t",
                           font_size=10 if len(name) > 11 else None)]
                parts.append(_plain(chip, None, f"Pile card {i + 1} from the top: {card_words(name)}"))
            height += 24 * (-(-len(pile) // per_row))
        title = words + (". Order from the top: " + ", ".join(pile) if pile else "")
        return [group(*parts, el("title", title), aria_label=title)], height

    def _board(self, view: Mapping, p: int, board: Mapping, targets: Mapping, y0: float,
               phase) -> tuple[list[str], float]:
        stacks = {s: list(board.get(s) or []) for s in SITE_KEYS}
        site_h = max(_site_height(stacks["x10"]), _site_height(stacks["x1"]))
        head_h = 40
        height = head_h + 16 + site_h + 8
        turn = view.get("turn") == p and view.get("phase") != "over"
        number = board.get("number", 0)
        out: list[str] = []

        # frame and header (the header and frame are the board-level target)
        frame = [el("rect", x=PAD, y=y0, width=WIDTH - 2 * PAD, height=height, rx=8,
                    class_="dn-board dn-turn" if turn else "dn-board")]
        name = _who(view, p)
        tag = ""
        teams = view.get("teams")
        if teams:
            for t, team in enumerate(teams):
                if p in team:
                    tag = f" · team {'AB'[t % 2]}"
        head = name + tag + (" · to play" if turn else "")
        frame.append(el("text", head, x=PAD + 10, y=y0 + 13, class_="dn-head"))
        # hand (backs or count), tokens
        counts = view.get("hand_counts") or []
        held = int(counts[p]) if p < len(counts) else 0
        sub = f"hand: {held} card{'s' * (held != 1)}"
        x = PAD + 10
        for k in range(held):
            frame += _card_back(x + 9 * k, y0 + 24, 11, 15)
        x += 9 * held + 10 if held else 0
        tokens = view.get("victory_tokens") or []
        mine = int(tokens[p]) if p < len(tokens) else 0
        if view.get("competition"):
            totals = view.get("totals") or []
            sub += f" · total so far {totals[p] if p < len(totals) else 0}"
        else:
            sub += f" · victory tokens {mine}/2"
        frame.append(el("text", sub, x=x, y=y0 + 31, class_="dn-label"))
        if not view.get("competition"):
            tx = x + 6.0 * len(sub) + 12
            for k in range(2):
                frame.append(el("circle", cx=tx + 14 * k, cy=y0 + 31, r=5,
                                class_="dn-token" if k < mine else "dn-token dn-none"))
        frame.append(el("text", f"{number:02d}" if isinstance(number, int) else number, x=WIDTH - PAD - 10,
                        y=y0 + 20, class_="dn-bignum"))
        frame.append(el("text", "number", x=WIDTH - PAD - 50, y=y0 + 22, class_="dn-label dn-end"))
        words = f"{name}'s board: number {number}; {sub}"
        board_id = f"board:{p}"
        board_move = targets.get(board_id)
        board_mode = phase in BOARD_PHASES

        # the two sites
        sites = []
        for s_i, s in enumerate(SITE_KEYS):
            sites.append(self._site(view, p, s, stacks, targets, COL_X[s_i], y0 + head_h, site_h,
                                    clickable=not board_mode))
        if board_mode:
            parts = frame + sites
            if board_move is not None:
                out.append(_legal(parts, board_id, board_move, words, (PAD, y0, WIDTH - 2 * PAD, height)))
            else:
                out.append(_plain(parts, board_id, words))
        else:
            out.append(_plain(frame, None, words))
            out += sites
        return out, height

    def _site(self, view: Mapping, p: int, s: str, stacks: Mapping, targets: Mapping, x: float, y: float,
              site_h: float, *, clickable: bool) -> str:
        stack = stacks[s]
        other = stacks["x1" if s == "x10" else "x10"]
        protected = bool(other) and other[-1] == "Sister" and p != view.get("turn")
        shielded = bool(other) and other[-1] == "Sister"
        label = SITE_WORDS[s] + (" · Sister protects it" if shielded else "")
        parts = [el("text", label, x=x + (16 if shielded else 2), y=y + 6, class_="dn-label")]
        if shielded:
            parts.append(_shield(x + 7, y + 6))
        top_y = y + 16 + site_h - TOP_H  # the top cards of both sites line up at the bottom
        beneath_parts = []
        yy = top_y - STRIP * (len(stack) - 1)
        choosing_here = view.get("turn") == p and view.get("effect_site") == s
        for i, name in enumerate(stack[:-1]):
            strip = _strip(name, x, yy, COL_W)
            data_id = f"beneath:{i}" if choosing_here else None
            move = targets.get(data_id) if data_id else None
            words = f"Card {i + 1} from the bottom of {_who(view, p)}'s {SITE_WORDS[s]}: {card_words(name)}"
            if move is not None:
                beneath_parts.append(_legal(strip, data_id, move, words, (x, yy, COL_W, STRIP)))
            else:
                beneath_parts.append(_plain(strip, None, words))
            yy += STRIP
        if stack:
            face = _card_face(stack[-1], x, top_y, COL_W, TOP_H, text_lines=1)
            top_words = f"Top card of {_who(view, p)}'s {SITE_WORDS[s]}: {card_words(stack[-1])}"
        else:
            face = [el("rect", x=x, y=top_y, width=COL_W, height=TOP_H, rx=6, class_="dn-empty"),
                    el("text", "empty: counts 0", x=x + COL_W / 2, y=top_y + TOP_H / 2, class_="dn-label dn-mid")]
            top_words = f"{_who(view, p)}'s {SITE_WORDS[s]} is empty (counts 0)"
        if protected:
            face.append(_shield(x + COL_W - 12, top_y + 12))
            top_words += "; Sister protects it from other players' effects"
        site_id = f"site:{p}:{s}"
        move = targets.get(site_id) if clickable else None
        out = parts + beneath_parts
        if move is not None:
            out.append(_legal(face, site_id, move, top_words, (x, top_y, COL_W, TOP_H)))
        else:
            out.append(_plain(face, site_id if clickable else None, top_words))
        return group(*out)

    def _hand(self, view: Mapping, targets: Mapping, y: float) -> tuple[list[str], float]:
        hand = view.get("hand")
        parts: list[str] = []
        x0 = PAD + 4
        if hand is None:
            parts.append(el("text", "Hands are hidden (spectator's view)", x=x0, y=y + 8, class_="nk-small nk-left"))
            return parts, 22
        title = "Your hand" + (": click a card to play it" if any(k.startswith("card:") for k in targets) else "")
        parts.append(el("text", title, x=x0, y=y + 8, class_="dn-head"))
        y += 20
        if not hand:
            parts.append(el("text", "(no card)", x=x0, y=y + 8, class_="dn-label"))
            return parts, 42
        lines = max(len(wrap_lines(CARD_INFO.get(name, {}).get("text", ""), TEXT_CHARS)) for name in hand)
        card_h = 52 + 14 * min(lines, 7)
        for i, name in enumerate(hand):
            x, yy = COL_X[i % 2], y + (i // 2) * (card_h + 8)
            face = _card_face(name, x, yy, HAND_W, card_h, text_lines=7)
            data_id = f"card:{name}"
            move = targets.get(data_id)
            words = f"In your hand: {card_words(name)}"
            if move is not None:
                parts.append(_legal(face, data_id, move, words, (x, yy, HAND_W, card_h)))
            else:
                parts.append(_plain(face, data_id, words))
        rows = -(-len(hand) // 2)
        return parts, 20 + rows * (card_h + 8) + 2


register("double_nine", DoubleNineTable())

__all__ = ["DoubleNineTable", "card_words"]
