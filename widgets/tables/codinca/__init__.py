"""The Codinca table: the 4×4 board, your Key Discs, Trap Card and Luck Action Card, drawn from ``state.view(seat)``.

The board is always drawn north up (Fire's edge at the top, Earth's at the bottom, Air left, Water right),
with each seat's name on its edge (an empty seat greyed) and the seat to move marked.  Every square shows its
tile: the element's alchemical symbol (Fire ▲, Water ▼, Air ▲ with a bar, Earth ▼ with a bar, plus the
initial) on its stone or gold face.  Not colour alone: the **stone** face is grey, hatched, in a square frame;
the **gold** face is bright, in a ring with eight rays (a sun).  The viewer's own tiles have a thick outline.
Red crystals sit at one end of each line, blue crystals on the interior grid points; the Lock Totem stands on
its crystal (at home on the centre point), and locked squares are cross-hatched with a padlock.

Beside the board (below it on a phone, ``pending["layout"] == "narrow"``): the viewer's four Key Discs as
small diagrams (the group's shape; a stone cell is a grey square, a gold cell a bright ringed circle; a disc
the tiles match now is ringed and says so, a claimed one carries a tick), the Trap Card (face down, or its
grid once looked at or played), the Luck tokens, the Luck Action Card with its ten icons (a spent token lies
on its icon), and every other seat's public state: tokens, claimed discs, the Trap Card's state, the Luck
actions used (Rewind once per game).  A spectator sees every seat that way.

Clicks (``data-id``):

``a1`` … ``d4``
    a square: the tile to Switch, the tile to switch it with, the tile to Flip;
``line:<rank or file>``
    a rank or file label (``line:4``, ``line:a``): Line Push, Line Flip;
``block:<point>``
    a grid point (``block:V22`` is the centre): the 2×2 around it for Rotate Block, Block Flip;
``crystal:<id>``
    a red crystal (``crystal:R4``) or a blue one (``crystal:V11``) for a Lock;
``dom:<sq>-<sq>``
    a pill on the edge between two squares: a pair of tiles for Switch Pair;
``luck:<action>``
    an icon of the Luck Action Card: spend a token;
``disc:<seat>:<group>``, ``trap:<seat>``
    a seat's Key Disc (group L, D, B or C) or Trap Card: drawn with its id only when it is a target, which
    play never makes it (the sandbox's position editor does).

Push directions, turns, the extra move, the Trap Card, claims and the end of the turn are buttons.

Choosing shows what changes: each target carries ``data-touch`` (the squares the move would change or lock,
from :func:`ninekit.codinca.touched`, worked out from the viewer's view only) and the picture's style
highlights those squares while the pointer is on it or it has the keyboard focus; the squares of the action
under way (the chosen tile, line, block or pair) stay highlighted.  A chosen tile, pair or Luck action (one
that asks a further choice) can be clicked again to put it back, or another one clicked instead
(``selects``); Reveal Trap and Rewind never can (a card was seen, a Switch undone).

The package: ``pieces.py`` (data tables, the style, tile faces, discs, icons), ``board.py`` (the board half),
``panel.py`` (your discs and cards, the other seats), and here the adapter: what a click chooses, selections, Undo's
limits.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit import Move
from ninekit.codinca import ACTION_NAME, BLOCKS, LINES, LUCK_ACTIONS, RECONSTRUCTED_NOTE, SQUARES
from ninekit.codinca import GROUP_WORDS as GROUP_NAME
from ninekit.codinca.data import BLUE_CRYSTALS, DISCS, RED_CRYSTALS, TRAPS

from ...svg import SVG_NS, attrs, el, esc, num, seen_by, svg_root
from .. import TableAdapter, register
from .board import Drawing, draw_board, draw_header, draw_legend
from .panel import draw_luck_card, draw_other, draw_own
from .pieces import (
    IRREVERSIBLE_LUCK,
    LUCK_USING,
    NARROW,
    PANEL_X,
    SQUARE_KINDS,
    STYLE,
    WIDE,
    crystal_kind,
    disc_picture,
    glyph,
    luck_icon,
    seat_label,
    tile_face,
)

# --- the adapter ----------------------------------------------------------------------------------------

class CodincaTable(TableAdapter):
    """Draw a Codinca view; squares, lines, blocks, crystals, pairs and the Luck Action Card are clicked."""

    narrow_layout = True
    selection_kinds = frozenset({"tile", "pair", "luck"})

    def __init__(self, panel: bool = True):
        """``panel=False``: the board and whose tiles are yours only, without Key Discs, the Trap Card, Luck
        tokens, the other players, the crystals and the Lock Totem (a lesson's first steps show only what they
        teach)."""
        self.panel = panel

    def selects(self, move) -> bool:
        """A chosen tile or pair, or a Luck action that asks a further choice, may be put back or switched;
        never Reveal Trap (the card was seen) nor Rewind (a Switch was undone)."""
        if move.kind == "luck":
            return bool(move.args) and move.args[0] not in IRREVERSIBLE_LUCK
        return move.kind in ("tile", "pair")

    def irreversible(self, move) -> bool:
        """Undo never takes back a look at your Trap Card: Reveal Trap, or the Trap Card played (even blind)."""
        return (move.kind == "luck" and tuple(move.args) == ("reveal_trap",)) or move.kind == "trap"

    def target_of(self, move) -> str | None:
        kind = move.kind
        arg = move.args[0] if move.args else None
        if arg is None:
            return None
        if kind in SQUARE_KINDS:
            return str(arg)
        if kind == "line":
            return f"line:{arg}"
        if kind == "block":
            return f"block:{arg}"
        if kind == "crystal":
            return f"crystal:{arg}"
        if kind in ("pair", "pair_with"):
            return f"dom:{arg}"
        if kind == "luck":
            return f"luck:{arg}"
        return None  # push, turn, extra, claim: buttons

    def guess_move(self, data_id: str, legal) -> object | None:
        """The move a click on ``data_id`` meant, well-formed, so that ``why_illegal`` answers with a rule."""
        kinds = {m.kind for m in legal}
        data_id = str(data_id)
        if data_id in SQUARES:
            kind = next((k for k in SQUARE_KINDS if k in kinds), "tile")
            return Move(kind, (data_id,))
        prefix, _, rest = data_id.partition(":")
        if prefix == "luck" and rest in ACTION_NAME:
            return Move("luck", (rest,))
        if prefix == "line" and rest in LINES:
            guess = Move("line", (rest,))
        elif prefix == "block" and rest in BLOCKS:
            guess = Move("block", (rest,))
        elif prefix == "crystal" and (rest in RED_CRYSTALS or rest in BLUE_CRYSTALS):
            guess = Move("crystal", (rest,))
        elif prefix == "dom" and rest.count("-") == 1:
            guess = Move("pair_with" if "pair_with" in kinds else "pair", (rest,))
        else:
            return None
        if guess.kind in kinds:
            return guess  # the action is under way: the rules say what is wrong with this line, block, ...
        # No action under way uses it: it is chosen by a Luck action first.  When none of those may be taken now,
        # the rules say why (no tokens left, between Switch and Flip, every choice locked, ...).
        uses = LUCK_USING[guess.kind if prefix != "crystal" else ("crystal_" + crystal_kind(rest))]
        if not any(m.kind == "luck" and m.args and m.args[0] in uses for m in legal):
            return Move("luck", (uses[0],))
        return guess

    def describe_for_rules_panel(self, game) -> str:
        discs = "".join(
            f"<tr><td><b>{esc(name)}</b></td><td>"
            + ", ".join(f"{esc(d)} <code>{esc(face)}</code>" for d, face in DISCS.items() if d[0] == letter)
            + "</td></tr>" for letter, name in GROUP_NAME.items())
        traps = "".join(f"<tr><td>{esc(t)}</td><td>{esc(name)}</td><td><code>{esc(grid)}</code></td></tr>"
                        for t, name, grid in TRAPS)
        actions = "".join(f"<li><b>{esc(name)}</b>: {esc(text)}</li>" for _a, name, text in LUCK_ACTIONS)
        return (
            "<p><b>Reading the board.</b> North is up: Fire sits north, Water east, Earth south, Air west "
            "(an empty seat is greyed; the seat to move is underlined). Each tile shows its element's symbol "
            "and initial: Fire ▲, Water ▼, Air ▲ with a bar, Earth ▼ with a bar. A <b>stone</b> face is grey and "
            "hatched in a square frame; a <b>gold</b> face is bright in a ring with rays. Your own tiles have a "
            "thick outline. Red crystals sit at one end of each rank and file, blue crystals on the grid points "
            "inside the board; the violet Lock Totem stands on its crystal (at home on the centre point, where "
            "it locks nothing). Locked squares are cross-hatched with a padlock.</p>"
            "<p><b>Choosing.</b> Highlighted squares, rank and file labels, grid points, crystals, pairs (the pills "
            "between two squares) and Luck Action icons can be clicked, or reached with Tab and Enter. Pointing "
            "at one outlines every square it would change or lock; the squares of the action under way stay "
            "outlined. Click a chosen tile, pair or Luck action again to put it back. Key Discs show their four "
            "cells in the group's shape (stone: grey square, gold: bright ringed circle); a ringed disc matches "
            "now, a ticked one is claimed. Other choices are the buttons beside the board.</p>"
            f"<p><b>The Luck Action Card</b> (one token each):</p><ul>{actions}</ul>"
            f"<p><i>{esc(RECONSTRUCTED_NOTE)}</i></p>"
            "<details><summary>The 24 Key Discs (reconstructed)</summary><p>Lines read end to end, diagonals from "
            "the north end (either way round), blocks and corners clockwise from any corner; S stone, G gold.</p>"
            f"<table><tbody>{discs}</tbody></table></details>"
            "<details><summary>The 24 Trap Cards (reconstructed)</summary><p>Far row first, seen from the seat "
            "that plays it (the card is turned to face the board); S stone, G gold, . no change.</p>"
            f"<table><tbody>{traps}</tbody></table></details>"
        )

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        seat = view.get("seat")
        seat = seat if isinstance(seat, int) and 0 <= seat < len(view.get("elements") or []) else None
        chosen = pending.get("selected")
        chosen = str(chosen) if chosen is not None else None
        switch = {str(x) for x in (pending.get("switch") or ())}
        # The phone picture is only ever shown by the board widget beside the wide one (the browser hides one of
        # the two): a page's <style> applies to every picture in it, so the phone picture holds no copy.
        body: list[str] = ["" if narrow else STYLE]
        ctx = Drawing(view, targets, chosen, switch, g, seat, crystals=self.panel)

        y = g.pad
        parts, h = draw_header(ctx, g.pad, y, (g.width if narrow else PANEL_X - 12) - 2 * g.pad)
        body += parts
        y += h + 4
        board_x = g.pad
        parts, bh = draw_board(ctx, board_x, y)
        body += parts
        board_bottom = y + bh
        if narrow:
            y = board_bottom + 6
            parts, h = draw_legend(ctx, g.pad, y, g.width - 2 * g.pad)
            body += parts
            y += h + 8
            parts, h = self._panel(ctx, g.pad, y, g.width - 2 * g.pad)
            body += parts
            height = y + h + g.pad
        else:
            parts, h = draw_legend(ctx, g.pad, board_bottom + 6, PANEL_X - 2 * g.pad - 8)
            body += parts
            left_bottom = board_bottom + 6 + h
            parts, ph = self._panel(ctx, PANEL_X, g.pad, g.width - PANEL_X - g.pad)
            body += parts
            height = max(left_bottom, g.pad + ph) + g.pad
        body.insert(1, el("rect", x=0, y=0, width=g.width, height=height, class_="nk-bgrect"))
        if ctx.defs:
            body.insert(2, el("defs", *(ctx.defs[k] for k in sorted(ctx.defs)), raw=True))
        who = "a spectator" if seat is None else seat_label(view, seat)
        label = f"Codinca board {seen_by(view, who)}. {view.get('prompt', '')}".strip()
        game = str(view.get("game", "codinca"))
        if narrow:  # like svg_root, without its copy of the shared style (see above)
            return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(g.width)} {num(height)}"'
                    f"{attrs(class_='ninekit-svg cx', data_game=game, role='group', aria_label=label)}"
                    f' preserveAspectRatio="xMidYMin meet"><title>{esc(label)}</title>{"".join(body)}</svg>')
        return svg_root(g.width, height, "".join(body), label=label, game=game, extra_class="cx")

    # --- the panel: your discs, trap, tokens, Luck Action Card; the other seats
    def _panel(self, ctx, x, y, width) -> tuple[list[str], float]:
        view = ctx.view
        out = []
        y0 = y
        n = len(view.get("elements") or [])
        seat = ctx.seat
        if seat is not None and not self.panel:
            out.append(glyph(x + 8, y + 9, 14, (view.get("elements") or [])[seat]))
            out.append(el("text", f"You: {seat_label(view, seat)}", x=x + 20, y=y + 9, class_="cx-h"))
            return out, 22
        if seat is not None:
            parts, h = draw_own(ctx, x, y, width)
            out += parts
            y += h + 6
            parts, h = draw_luck_card(ctx, x, y, width)
            out += parts
            y += h + 10
        others = [p for p in range(n) if p != seat]
        if others:
            title = "The other players" if seat is not None else "The players"
            out.append(el("text", title, x=x, y=y + 8, class_="cx-h"))
            y += 20
            for p in others:
                parts, h = draw_other(ctx, p, x, y, width)
                out += parts
                y += h + 6
        return out, y - y0


register("codinca", CodincaTable())

__all__ = ["CodincaTable", "disc_picture", "glyph", "luck_icon", "tile_face"]
