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
    bottom, on the stack the view names as ``effect_site``;
``hand:<seat>:<k>`` / ``pile``
    card ``k`` of a hand shown face up, the draw pile: targets only in the sandbox's position editor (never a
    game decision), drawn with their id only when ``targets`` has it.

Clown's left/right and Sniper's remove/keep are buttons.  Not colour alone:
the expansion cards carry a star and the word "expansion" in their tooltip,
legal targets get a highlight *and* a dashed outline, the chosen card a
thick outline *and* the words "chosen - click to put back".

The package: ``pieces.py`` (data tables, the style, card faces, strips, chips), ``layout.py`` (the picture laid
out, wide and narrow), and here the adapter: what a click chooses, the interlude between games.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.double_nine import CARDS

from ...svg import esc
from .. import TableAdapter, register
from .layout import picture, result_html
from .pieces import BOARD_PHASES, CARD_INFO, SITE_KEYS, SITE_KINDS, card_words


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
        return {"title": f"Game {g} is over", "html": result_html(after, g - 1),
                "svg": self.draw_result(after, g - 1), "svg_narrow": self.draw_result(after, g - 1, narrow=True),
                "button": "Next game"}

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
        return picture(record, {}, {"layout": "narrow"} if narrow else {}, record_of=result)

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        """The table; ``pending["layout"] == "narrow"`` lays it out for a phone (see the module docstring)."""
        return picture(view, targets, pending or {})


register("double_nine", DoubleNineTable())

__all__ = ["DoubleNineTable", "card_words"]
