"""The Double Nine picture laid out: the header, the match so far, the draw pile, each player's board with its two
sites, the hand and the information panel, wide (two columns) or for a phone (one column); and a finished game's
result as HTML.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...svg import el, esc, group, seen_by, svg_root, wrap_lines
from .pieces import (
    BOARD_PHASES,
    CARD_INFO,
    CHIP_H,
    COL_X,
    HAND_W,
    LINE_H,
    NARROW_WIDTH,
    PAD,
    PANEL_W,
    SITE_DX,
    SITE_KEYS,
    SITE_W,
    SITE_WORDS,
    STRIP,
    STYLE,
    TEXT_CHARS,
    TOP_H,
    WIDTH,
    and_list,
    card_back,
    card_face,
    card_strip,
    card_words,
    chip,
    fit_text,
    legal_target,
    name_of,
    plain,
    seat_words,
    shield_icon,
    site_height,
    site_text_lines,
    strip_height,
    two_digits,
    wrapped_lines,
)


def result_html(view: Mapping, g: int) -> str:
    """The result panel of finished game ``g``, as HTML."""
    result = (view.get("results") or [])[g]
    numbers, winners = list(result.get("numbers") or []), list(result.get("winners") or [])
    n = len(numbers)
    rows = []
    for p in range(n):
        won = p in winners
        cells = [esc(name_of(view, p)), f"<b>{esc(two_digits(numbers[p]))}</b>"]
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
    standing = ", ".join(f"{name_of(view, p)} {tokens[p] if p < len(tokens) else 0}" for p in range(n))
    if view.get("competition"):
        totals = list(view.get("totals") or [])
        sums = ", ".join(f"{name_of(view, p)} {totals[p] if p < len(totals) else 0}" for p in range(n))
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
        parts.append(f"<p>Next: {esc(name_of(view, start))} starts game {esc(next_game)}, with a new deal "
                     "from the whole deck.</p>")
    return "<div class='dn-interlude'>" + "".join(parts) + "</div>"


def picture(view: Mapping, targets: Mapping, pending: Mapping, record_of: Mapping | None = None) -> str:
    """The whole picture of ``view`` (wide, or for a phone when ``pending`` asks); ``record_of``: a finished
    game's result."""
    n = int(view.get("players") or len(view.get("boards") or []) or 2)
    seat = view.get("seat")
    viewer = seat if isinstance(seat, int) and 0 <= seat < n else None
    boards = view.get("boards") or [{"x10": [], "x1": [], "number": 0} for _ in range(n)]
    narrow = pending.get("layout") == "narrow"
    width = NARROW_WIDTH if narrow else WIDTH
    body: list[str] = [STYLE]

    parts, y = draw_header(view, PAD, record_of, width=width, narrow=narrow, targets=targets)
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
        site_h = max([max(site_height((boards[c[1]] if c[1] < len(boards) else {}).get(s) or [],
                                       strip_height(view, c[1], s, targets, narrow))
                          for s in SITE_KEYS) for c in row if c[0] == "board"] or [0])
        height = 0.0
        for col, cell in enumerate(row):
            x = COL_X[col]
            if cell[0] == "board":
                p = cell[1]
                parts, h = draw_board(view, p, boards[p] if p < len(boards) else {}, targets, x, y, site_h,
                                       record_of, narrow=narrow)
            elif cell[0] == "hand":
                parts, h = draw_hand(view, targets, pending, x, y)
            else:
                parts, h = draw_info(view, x, y, record_of)
            body += parts
            height = max(height, h)
        if height:
            y += height + 8
    height = y - 8 + PAD
    if record_of is not None:
        label = f"Double Nine: the final boards of game {view.get('game_number')}, every hand shown"
    else:
        who = "a spectator" if seat is None else name_of(view, seat)
        label = f"Double Nine table {seen_by(view, who)}. {view.get('prompt', '')}".strip()
    bg = el("rect", x=0, y=0, width=width, height=height, class_="nk-bgrect")
    return svg_root(width, height, bg + "".join(body), label=label, game=str(view.get("game", "double_nine")))


# --- the header band: the match, the pile, the removed cards
def draw_header(view: Mapping, y0: float, record_of: Mapping | None, *, width: float = WIDTH,
            narrow: bool = False, targets: Mapping | None = None) -> tuple[list[str], float]:
    """The match lines with the pile beside them (narrow: under them), then any cards shown face up."""
    lines = match_lines(view, record_of)
    if narrow:
        parts, h = wrapped_lines(lines, PAD + 4, y0, chars=int((width - 2 * PAD - 8) / 6.6))
        pile_parts, pile_h = draw_pile(view, PAD + 4, y0 + h + 4, targets)
        y = y0 + h + 4 + pile_h + 4
    else:
        pile_x = width - PAD - 290
        parts, h = wrapped_lines(lines, PAD + 4, y0, chars=int((pile_x - PAD - 16) / 6.6))
        pile_parts, pile_h = draw_pile(view, pile_x, y0, targets)
        y = y0 + max(h, pile_h) + 4
    parts += pile_parts
    pile = view.get("pile")
    why = "every secret shown" if view.get("reveal") else "shown: the game is over"  # why face-down cards show
    if pile:  # face up (Thera), or shown once the match is over (or in the sandbox's "everything")
        face_down = not view.get("pile_face_up")
        words = (f"Left on the pile, top card first ({why}):" if face_down
                 else "The pile, top card first:")
        chips, ch = draw_chips([f"{i + 1}. {CARD_INFO.get(c, {}).get('number', '?')} {c}" for i, c in
                                 enumerate(pile)], pile, y, words, "Pile card {i} from the top: {words}",
                                width=width)
        parts += chips
        y += ch
    removed = view.get("removed")
    if removed is not None:
        words = f"Removed from the game face down ({why}):"
        if not removed:
            parts.append(el("text", words[:-1] + ": none", x=PAD + 4, y=y + 8, class_="dn-label"))
            y += 20
        else:
            labels = [f"{CARD_INFO.get(c, {}).get('number', '?')} {c}" for c in removed]
            chips, ch = draw_chips(labels, removed, y, words, "Removed from the game: {words}", width=width)
            parts += chips
            y += ch
    return parts, y - y0


def draw_chips(labels: list[str], names: list[str], y: float, title: str, each: str, *,
           width: float = WIDTH) -> tuple[list[str], float]:
    """A titled grid of chips, 6 a row (narrower: as many as fit with their labels at full size, at least 2)."""
    room = width - 2 * PAD - 8
    longest = max((len(label) for label in labels), default=0) * 6.6 + 10
    per_row = 6 if width >= WIDTH else max(2, min(6, int((room + 4) // (longest + 4))))
    chip_w = (room - (per_row - 1) * 4) / per_row
    parts = [el("text", title, x=PAD + 4, y=y + 8, class_="dn-label", **fit_text(title, 6.0, room))]
    y0 = y + 18
    for i, (label, name) in enumerate(zip(labels, names)):
        row, col = divmod(i, per_row)
        cx, cy = PAD + 4 + col * (chip_w + 4), y0 + row * (CHIP_H + 3)
        parts.append(plain(chip(name, cx, cy, chip_w, label), None,
                            each.format(i=i + 1, words=card_words(name))))
    rows = -(-len(names) // per_row)
    return parts, 18 + rows * (CHIP_H + 3) + 4


def match_lines(view: Mapping, record_of: Mapping | None = None) -> list[str]:
    """The header's lines: which game this is (or who took its victory token), the deck, the match so far."""
    game_no = view.get("game_number") or 1
    deck = view.get("deck") or "basic"
    if record_of is not None:
        winners = [name_of(view, w) for w in record_of.get("winners") or []]
        first = f"Game {game_no} is over: {and_list(winners) if winners else 'nobody'} " \
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
        names = [" + ".join(name_of(view, p) for p in team) for team in teams]
        lines.append("Teams, numbers added: " + " vs ".join(names))
        boards = view.get("boards") or []
        sums = []
        for t, team in enumerate(teams):
            nums = [int(boards[p].get("number", 0)) for p in team if p < len(boards)]
            sums.append(f"team {'AB'[t % 2]} " + " + ".join(f"{x:02d}" for x in nums) + f" = {sum(nums)}")
        lines.append(("Final: " if record_of is not None or view.get("phase") == "over" else "Now: ")
                     + "; ".join(sums))
    return lines


def draw_pile(view: Mapping, x: float, y: float, targets: Mapping | None = None) -> tuple[list[str], float]:
    """The draw pile (face down, or its top card when turned over) and its count: the parts and their height.

    The pile is a click target only where ``targets`` has ``pile`` (the sandbox's position editor; no game
    decision is made on the pile).
    """
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
            parts += card_back(x + 3 * k, y + 3 - k, 30, 42)
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
    move = (targets or {}).get("pile")
    if move is not None:  # the whole pile and its words are the target (a click anywhere on them)
        longest = max(len(words), len(f"Removed from the game: {removed} face down") if removed is not None else 0)
        wide = 50 + 7 * longest
        return [legal_target(parts, "pile", move, title, (x, y, wide, 44))], 46
    return [group(*parts, el("title", title), aria_label=title)], 46


# --- a board
def draw_board(view: Mapping, p: int, board: Mapping, targets: Mapping, x0: float, y0: float,
           site_h: float, record_of: Mapping | None, *, narrow: bool = False) -> tuple[list[str], float]:
    """Player ``p``'s board with its two sites: the parts and their height."""
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
    name = seat_words(view, p)
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
            frame += card_back(x + 9 * k, y0 + 24, 11, 15)
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
    frame.append(el("text", two_digits(number), x=x0 + PANEL_W - 10, y=y0 + 20, class_="dn-bignum"))
    frame.append(el("text", "number", x=x0 + PANEL_W - 50, y=y0 + 13, class_="dn-label dn-end"))
    words = f"{name}'s board: number {number}; {sub}"
    if shown_hand is not None:
        said = "Left in hand" if record_of is not None else "In hand"
        frame.append(el("text", f"{said}:", x=x0 + 10, y=y0 + 52, class_="dn-label"))
        hx = x0 + 10 + 6.3 * len(said) + 12
        if not shown_hand:
            frame.append(el("text", "no card", x=hx, y=y0 + 52, class_="dn-label"))
        for k, card in enumerate(shown_hand):
            # a hand card is a click target only in the sandbox's position editor (``hand:<seat>:<k>``)
            hand_id, hand_words = f"hand:{p}:{k}", f"{name} holds {card_words(card)}"
            if targets.get(hand_id) is not None:
                frame.append(legal_target(chip(card, hx + 124 * k, y0 + 42, 120), hand_id, targets[hand_id],
                                          hand_words, (hx + 124 * k, y0 + 42, 120, CHIP_H)))
            else:
                frame.append(plain(chip(card, hx + 124 * k, y0 + 42, 120), None, hand_words))
        words += "; holds " + (", ".join(shown_hand) if shown_hand else "no card")
    board_id = f"board:{p}"
    board_move = targets.get(board_id)
    board_mode = phase in BOARD_PHASES

    # the two sites
    sites = []
    for s_i, s in enumerate(SITE_KEYS):
        sites.append(draw_site(view, p, s, stacks, targets, x0 + SITE_DX[s_i], y0 + head_h, site_h,
                                clickable=not board_mode and record_of is None,
                                strip_h=strip_height(view, p, s, targets, narrow)))
    if board_mode and record_of is None:
        parts = frame + sites
        if board_move is not None:
            out.append(legal_target(parts, board_id, board_move, words, (x0, y0, PANEL_W, height)))
        else:
            out.append(plain(parts, board_id, words))
    else:
        out.append(plain(frame, None, words))
        out += sites
    return out, height


def draw_site(view: Mapping, p: int, s: str, stacks: Mapping, targets: Mapping, x: float, y: float,
          site_h: float, *, clickable: bool, strip_h: float = STRIP) -> str:
    """One site of a board: its top card and the strips of the cards beneath, clickable when a choice."""
    stack = stacks[s]
    other = stacks["x1" if s == "x10" else "x10"]
    shielded = bool(other) and other[-1] == "Sister"
    protected = shielded and p != view.get("turn") and view.get("phase") != "over"
    label = SITE_WORDS[s] + (" · protected" if shielded else "")
    parts = [el("text", label, x=x + (16 if shielded else 2), y=y + 6, class_="dn-label")]
    if shielded:
        parts.append(shield_icon(x + 7, y + 6))
    # The top card shows as much of its text as the site's room allows: the row of boards is as tall as its
    # longest top card needs (up to SITE_TEXT_MOST lines; the tooltip always has all of it).
    card_h = TOP_H
    if stack:
        needed = site_text_lines(stack[-1])
        spare = site_h - TOP_H - strip_h * max(0, len(stack) - 1)
        card_h += LINE_H * max(0, min(needed - 1, int(spare // LINE_H)))
    top_y = y + 16 + site_h - card_h  # the top cards of both sites line up at the bottom
    beneath_parts = []
    yy = top_y - strip_h * (len(stack) - 1)
    choosing_here = view.get("turn") == p and view.get("effect_site") == s
    for i, name in enumerate(stack[:-1]):
        strip = card_strip(name, x, yy, SITE_W, strip_h)
        data_id = f"beneath:{i}" if choosing_here else None
        move = targets.get(data_id) if data_id else None
        words = f"Card {i + 1} from the bottom of {seat_words(view, p)}'s {SITE_WORDS[s]}: {card_words(name)}"
        if move is not None:
            beneath_parts.append(legal_target(strip, data_id, move, words, (x, yy, SITE_W, strip_h)))
        else:
            beneath_parts.append(plain(strip, None, words))
        yy += strip_h
    if stack:
        face = card_face(stack[-1], x, top_y, SITE_W, card_h, text_lines=1 + int((card_h - TOP_H) // LINE_H))
        top_words = f"Top card of {seat_words(view, p)}'s {SITE_WORDS[s]}: {card_words(stack[-1])}"
    else:
        face = [el("rect", x=x, y=top_y, width=SITE_W, height=TOP_H, rx=6, class_="dn-empty"),
                el("text", "empty: counts 0", x=x + SITE_W / 2, y=top_y + TOP_H / 2, class_="dn-label dn-mid")]
        top_words = f"{seat_words(view, p)}'s {SITE_WORDS[s]} is empty (counts 0)"
    if protected:
        face.append(shield_icon(x + SITE_W - 12, top_y + 12))
        top_words += "; Sister protects it from other players' effects"
    site_id = f"site:{p}:{s}"
    move = targets.get(site_id) if clickable else None
    out = parts + beneath_parts
    if move is not None:
        out.append(legal_target(face, site_id, move, top_words, (x, top_y, SITE_W, card_h)))
    else:
        out.append(plain(face, site_id if clickable else None, top_words))
    return group(*out)


# --- your hand (with the chosen card while it waits for its site)
def draw_hand(view: Mapping, targets: Mapping, pending: Mapping, x0: float,
          y: float) -> tuple[list[str], float]:
    """Your hand (with the chosen card while it waits for its site): the parts and their height."""
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
    parts.append(el("text", title, x=x0 + 2, y=y + 8, class_="dn-head", **fit_text(title, 7.6, PANEL_W - 4)))
    y += 20
    if not cards:
        parts.append(el("text", "(no card)", x=x0 + 2, y=y + 8, class_="dn-label"))
        return parts, 42
    lines = max(len(wrap_lines(CARD_INFO.get(name, {}).get("text", ""), TEXT_CHARS)) for name, _ in cards)
    tag_h = 22 if chosen else 0
    card_h = 52 + 14 * min(lines, 7) + tag_h
    for i, (name, role) in enumerate(cards):
        x, yy = x0 + (i % 2) * (HAND_W + 8), y + (i // 2) * (card_h + 8)
        face = card_face(name, x, yy, HAND_W, card_h, text_lines=7)
        data_id = f"card:{name}"
        if role == "chosen":
            face.append(el("rect", x=x, y=yy, width=HAND_W, height=card_h, rx=6, class_="dn-chosen"))
            tag = "chosen — click to put back" if selected else "chosen: being played"
            face += [el("rect", x=x + 4, y=yy + card_h - tag_h, width=HAND_W - 8, height=tag_h - 4, rx=4,
                        class_="dn-tag"),
                     el("text", tag, x=x + HAND_W / 2, y=yy + card_h - tag_h / 2 - 2, class_="dn-tag-t",
                        **fit_text(tag, 6.6, HAND_W - 16))]
            words = f"Chosen to play: {card_words(name)}"
            if selected:
                parts.append(legal_target(face, selected, f"Put {name} back in your hand", words,
                                    (x, yy, HAND_W, card_h), switch=True))
            else:
                parts.append(plain(face, None, words))
            continue
        words = f"In your hand: {card_words(name)}"
        move = targets.get(data_id)
        if chosen and data_id in switch and data_id != selected:
            face += [el("rect", x=x + 4, y=yy + card_h - tag_h, width=HAND_W - 8, height=tag_h - 4, rx=4,
                        class_="dn-tag dn-alt"),
                     el("text", "click to play this instead", x=x + HAND_W / 2, y=yy + card_h - tag_h / 2 - 2,
                        class_="dn-tag-t", **fit_text("click to play this instead", 6.6, HAND_W - 16))]
            parts.append(legal_target(face, data_id, f"Play {name} instead of {chosen}", words,
                                (x, yy, HAND_W, card_h), switch=True))
        elif move is not None:
            parts.append(legal_target(face, data_id, move, words, (x, yy, HAND_W, card_h)))
        else:  # no data-id while another card shows it (two copies of one card)
            parts.append(plain(face, None if chosen and data_id == selected else data_id, words))
    rows = -(-len(cards) // 2)
    return parts, y - y0 + rows * (card_h + 8) - 6


# --- what is going on: the card being played, Sniper, the finished games
def draw_info(view: Mapping, x0: float, y: float, record_of: Mapping | None) -> tuple[list[str], float]:
    """What is going on: the card being played, Sniper, the finished games: the parts and their height."""
    parts: list[str] = []
    y0 = y
    seat = view.get("seat")
    phase = view.get("phase")
    playing, resolving = view.get("playing"), view.get("resolving")
    turn = view.get("turn")
    if playing and not (phase == "site" and turn == seat):
        line = (f"{name_of(view, turn)} is playing {playing}: choosing a site for it" if isinstance(turn, int)
                else f"{playing} was chosen; no site was chosen for it")  # nobody to move: a game that was given up
        parts.append(el("text", line, x=x0 + 2, y=y + 8, class_="nk-small nk-left"))
        y += 18
        face = card_face(playing, x0, y, HAND_W, 46)
        face.append(el("rect", x=x0, y=y, width=HAND_W, height=46, rx=6, class_="dn-chosen"))
        parts.append(plain(face, None, f"Being played: {card_words(playing)}"))
        y += 54
    lines = []
    if resolving and not playing:
        lines.append(f"Resolving the effect of {resolving}")
    if view.get("reveal"):
        lines.append("Every secret is shown: each hand, the pile in order, the removed cards")
    elif seat is None and record_of is None:
        lines.append("Every hand is shown: the match is over" if view.get("hands") is not None
                     else "Hands are hidden (spectator's view)")
    for item in view.get("sniper") or []:
        try:
            lines.append(f"Sniper showed you: {seat_words(view, int(item['seat']))} held {item['card']}")
        except (KeyError, TypeError, ValueError):
            continue
    for g, result in enumerate(view.get("results") or []):
        numbers = " / ".join(two_digits(x) for x in result.get("numbers", []))
        winners = [seat_words(view, w) for w in result.get("winners", [])]
        lines.append(f"Game {g + 1}: numbers {numbers}; won by {and_list(winners) if winners else 'nobody'}")
    if record_of is not None and record_of.get("reason"):
        lines.append(str(record_of["reason"]))
    text, h = wrapped_lines(lines, x0 + 2, y)
    parts += text
    y += h
    return parts, y - y0
