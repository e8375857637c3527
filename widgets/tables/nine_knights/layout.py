"""The parts of the Nine Knights picture: the board with its Goal Tokens and Knights, the rows of waiting Knights,
the banner above the panel and the fallen Knights.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...svg import el, group, wrap_lines
from .pieces import (
    TYPE_WORDS,
    choice_class,
    click_words,
    describe_knight,
    knight_icon,
    knight_words,
    seat_name,
    text_lines,
    waiting_id,
)


def draw_board(view, g, y0, targets, chosen, switch, bottom, columns, nrows, ncols) -> list[str]:
    """The board: squares, Goal Tokens, Knights and the fight under way, clickable where a choice is."""
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
                words.append(f"{seat_name(view, summon[sq])} Summoning Field")
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
                    words.append(f"{seat_name(view, goal_side)} Goal Token {tokens[ci]}")
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
                body.append(group(*parts, data_id=sq, class_=choice_class("nk-square", is_chosen, is_switch),
                                  tabindex=0, role="button",
                                  aria_label=f"{sq}: {click_words(move, is_chosen)}"))
            else:
                body.append(group(*parts, data_id=sq, class_="nk-square"))
    for j in range(ncols):
        col = columns[j] if bottom == 0 else columns[ncols - 1 - j]
        body.append(el("text", col, x=left + j * cell + cell / 2, y=y0 + nrows * cell + 11, class_="nk-coord"))
    return body


# ------------------------------------------------------------------ the panel
def row_height(g, count: int) -> float:
    """The height of a row of ``count`` waiting Knights."""
    return 14 + g.step_y * max(1, -(-count // g.per_line))


def draw_knight_button(view, g, cx, cy, k, kid, move, marked, is_chosen, is_switch) -> str:
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
    return group(*parts, data_id=kid, class_=choice_class("nk-wait", is_chosen, is_switch and not is_chosen),
                 tabindex=0, role="button", aria_label=f"{describe_knight(view, k)}: {click_words(move, is_chosen)}")


def draw_waiting_row(view, g, x, y, waiting, side, targets, chosen, marked, switch,
                 drawn) -> tuple[list[str], float]:
    """A side's Knights waiting off the board, clickable when one is a choice: the parts and their height."""
    knights = waiting[side] if len(waiting) > side else []
    name = seat_name(view, side)
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
        out.append(draw_knight_button(view, g, cx, cy, k, kid, targets.get(kid) if kid else None,
                                       kid is not None and kid == marked, kid is not None and kid == chosen,
                                       kid in switch))
    return out, row_height(g, len(knights))


def draw_banner(view, g, x, y) -> tuple[list[str], float]:
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
        lines += wrap_lines(f"{knight_words(view, att)} attacks {knight_words(view, dfn)}.", chars)
        chooser = view.get("to_move")
        if chooser in (0, 1) and chooser == view.get("seat"):
            lines += wrap_lines("You are asked about your Hidden Token.", chars)
        elif chooser in (0, 1):
            lines += wrap_lines(f"{seat_name(view, chooser)} is asked about the Hidden Token.", chars)
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
    texts, _ = text_lines(x + 4, y + 36, [line for line in lines])
    out += [t for t, line in zip(texts, lines) if line]
    group_label = f"{title}: {' '.join(line for line in lines if line)}"
    return [group(*out, class_="nk9-banner-box", role="status", aria_label=group_label)], height


def orders_text(groups) -> str:
    """A side's Duty Token groups in words."""
    numbers = {letter: [] for letter in TYPE_WORDS}
    for g, order in enumerate(groups or []):
        for n, letter in enumerate(str(order or "")):
            if letter in numbers:
                numbers[letter].append(g * 3 + n + 1)
    return "; ".join(f"{TYPE_WORDS[t]} {', '.join(map(str, ns))}" for t, ns in numbers.items() if ns) or "none"


def draw_fallen(view, g, x, y, fallen) -> tuple[list[str], float]:
    """The fallen Knights: the parts and their height."""
    out = [el("text", f"Beside the board ({len(fallen)})", x=x, y=y + 6, class_="nk9-label nk-left")]
    icon = g.fallen_icon
    x0 = x + max(12, icon / 2)
    y0 = y + max(30, 14 + icon / 2 + max(7.5, icon * 0.3))  # the duty badges clear of the label
    for i, k in enumerate(fallen):
        line, col = divmod(i, g.fallen_per_line)
        out.append(knight_icon(x0 + col * g.fallen_step, y0 + line * g.fallen_step, icon, k, k.get("colour"),
                               faded=True))
    return out, y0 - y - 12 + g.fallen_step * -(-len(fallen) // g.fallen_per_line)
