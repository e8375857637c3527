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
    one of your two dealt cards at set-up: it goes in your Shoal (the other in the Abyss);
``mem:<owner>:<shoal|abyss>``, ``ninth``, ``round``
    a Memory slot, the Ninth Memory, the Round marker: drawn with these ids only when they are targets (the
    sandbox's position editor, ``ninekit.code_of_nine.editing``), so a game never shows them.

Every other decision (keep or change at the redraw, a player, an item, the Ninth exchange, stop) is a button.  At the
end every Memory is face up and the outcome panel (:meth:`CodeOfNineTable.outcome_panel`) gives the score breakdown
step by step in the rulings' order, with the winners, any "cannot win" and the THAT note.

The package: ``pieces.py`` (data tables, the style, pawns, icons, tiles), ``layout.py`` (the picture's parts,
wide and narrow), and here the adapter: what a click chooses, Undo's limits, the outcome panel.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit import Move
from ninekit.code_of_nine import MEMORIES, RECONSTRUCTED_NOTE, SEATS
from ninekit.code_of_nine.data import ITEM_VALUES, LOCATION

from ...svg import esc
from .. import TableAdapter, register
from .layout import Drawing, draw_board, draw_header, draw_legend, draw_side, svg_picture
from .pieces import HATCH, NARROW, STYLE, WIDE, item_icon, owner_name, pawn, signed

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
            rows.append(f"<tr><th scope='row'>{esc(owner_name(view, owner))}</th>{''.join(cells)}</tr>")
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
            cells = "".join(f"<td>{signed(c)}</td>" for c in changes[:players])
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
        ctx = Drawing(view, targets, g, seat)
        body: list[str] = ["" if narrow else STYLE, HATCH if not narrow else ""]
        y = g.pad
        if not self.board:  # the sheets, then the legend, at the full picture's scale
            parts, h = draw_side(ctx, g.pad, y, g.side_w)
            body += parts
            y += h + 6
            parts, h = draw_legend(ctx, g.pad, y, g.board_w)
            body += parts
            return svg_picture(g, g.width, y + h + g.pad, body, view, seat, narrow)
        parts, h = draw_header(ctx, g.pad, y, g.board_w)
        body += parts
        y += h + 4
        parts, h = draw_board(ctx, g.pad, y)
        body += parts
        y += h + 6
        if narrow:
            parts, h = draw_side(ctx, g.pad, y, g.side_w)
            body += parts
            y += h + 6
            parts, h = draw_legend(ctx, g.pad, y, g.side_w)
            body += parts
            height = y + h + g.pad
        else:
            parts, h = draw_legend(ctx, g.pad, y, g.board_w)
            body += parts
            left = y + h
            parts, h = draw_side(ctx, g.side_x, g.pad, g.side_w)
            body += parts
            height = max(left, g.pad + h) + g.pad
        return svg_picture(g, g.width, height, body, view, seat, narrow)


register("code_of_nine", CodeOfNineTable())

__all__ = ["CodeOfNineTable", "item_icon", "pawn"]
