"""The Count of Nine table: the play area, the target, the deck and the city, drawn from ``state.view(0)``.

The cards are drawn as they lie on the table.  Each card is a landscape card with its **top resource** (the
active one) in a coloured band along the top long side, its **bottom resource** printed upside down along the
bottom, and its two **structures** at the short ends, each with its name, its cost (one chip a unit; ``A/B``
is a chip split in two) and what it gives: a resource chip once per round, or its victory points in a shield.
Face A has squared-off corners, face B rounded ones.  A rotated card shows its corner index (card number and
face) upside down in the bottom right corner; the view already gives top/bottom/left/right as the card lies.
A used top discard and used city structures are tilted a few degrees.  Not colour alone: every resource is a
letter on its colour (L Lumber, C Crew, S Stone, I Iron, G Gold).

Left to right: the deck (its top card face up on the pile, the number of cards in it), the centre card, the
discard pile, and the target set aside.  Under them: the rest of the deck in order as far as the player knows
it (card backs for the cards not seen this round, whose order is unknown), the running score, and the city in
one column per round.  The picture says the cards are reconstructed.

Clicks (``data-id``):

``build:<place>:<structure>``
    a structure on the centre card, the top card of the deck, the top discard, or the target
    (``build:target:Castle``): choose it; the payments are then the buttons (the first one is the sensible
    default; the sources it spends are marked "pays" on the picture), and "Choose a different structure"
    or a click on the chosen structure puts it back;
``target:<structure>``
    one of the five high structures, at set-up;
``city:<card>``
    a structure in your city, for Demolition Team to take down.

The sandbox's position editor (:mod:`ninekit.count_of_nine.editing`) also gives ``card:<number>`` (a card in the
deck or on the discard pile: the whole card is then one element) and ``target:<structure>`` (the target's card,
set aside) as targets; a game never does.

Passing, the decision before each round, the payments and which way round a demolished card comes back are
buttons.  After each game the panel gives the score breakdown, the best possible score on that deal
(:func:`best_search`, the one place that runs it, in a child process: the panel shows at once and is filled in
when the search ends) and a replay of the best line; at the match end the outcome panel
(:meth:`CountOfNineTable.outcome_panel`) does the same and adds the match total and title.

The package: ``pieces.py`` (data tables, the style, chips, shields, mini cards), ``layout.py`` (the picture's
parts, wide and narrow), ``outcome.py`` (the panels after a game), and here the adapter: what a click chooses,
Undo's limits, the interlude and the outcome panel.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit import Move
from ninekit.count_of_nine import CARDS, RECONSTRUCTED_NOTE, RESOURCES, STRUCTURES, cost_words

from ...svg import el, esc, group, tenths
from .. import TableAdapter, register
from .layout import (
    Drawing,
    draw_card,
    draw_city,
    draw_match,
    draw_note,
    draw_pile,
    draw_result_block,
    draw_score,
    draw_slot,
    draw_strip,
    draw_target_aside,
    draw_targets,
    svg_picture,
)
from .outcome import best_parts
from .pieces import NARROW, RESOURCE_LOOK, REVEALING_KINDS, WIDE, card_words, chip, mini_card, plural, text_lines

assert set(RESOURCE_LOOK) == set(RESOURCES)


# --- the table -----------------------------------------------------------------------------------------

class CountOfNineTable(TableAdapter):
    """Draws a Count of Nine view and maps clicks to moves (see the module docstring)."""

    selection_kinds = frozenset({"build"})
    narrow_layout = True

    def __init__(self, details: bool = True):
        """``details=False``: the play area and the city only, without the target, the score and the rest of the
        deck (a tutorial's first step, which teaches reading a card and building)."""
        self.details = details

    def tagline(self, game) -> str:
        """The first sentence of the rules summary (the rest gives the scoring, in the Rules panel)."""
        return super().tagline(game).split(". ")[0].rstrip(".") + "."

    # --- moves and clicks
    def target_of(self, move) -> str | None:
        kind, args = move.kind, move.args
        if kind == "build" and len(args) == 2:
            return f"build:{args[0]}:{args[1]}"
        if kind == "target" and len(args) == 1:
            return f"target:{args[0]}"
        if kind == "demolish" and len(args) == 1:
            return f"city:{args[0]}"
        return None

    def guess_move(self, data_id: str, legal) -> Move | None:
        """A click on a structure, a target card or a city card that is not a choice now, as the move it meant."""
        kind, _, rest = str(data_id).partition(":")
        if kind == "build":
            place, _, name = rest.partition(":")
            return Move("build", (place, name))
        if kind == "target":
            return Move("target", (rest,))
        if kind == "city" and rest.isdigit():
            return Move("demolish", (int(rest),))
        return None

    def irreversible(self, move) -> bool:
        """A move that may turn up a card not seen before (a pass, a payment, a round begun, a card returned, the
        deal): Undo stops after it, as the card cannot be unseen.  Choosing a structure (put it back by clicking
        it again) and the structure to demolish are not."""
        return move.kind in REVEALING_KINDS

    def describe_for_rules_panel(self, game) -> str:
        chips = ", ".join(f"<b>{esc(letter)}</b> {esc(name)}" for name, (letter, _c, _i) in RESOURCE_LOOK.items())
        cards = "".join(
            f"<tr><td>{n}</td>" + "".join(f"<td>{esc(v)}</td>" for f in "AB" for v in CARDS[n][f]) + "</tr>"
            for n in CARDS)
        rows = "".join(
            f"<tr><td>{esc(s.name)}</td><td>{esc(cost_words(s.name))}</td><td>{esc(', '.join(s.requires) or '—')}"
            f"</td><td>{esc(s.provides or '—')}</td><td>{s.vp}</td><td>{esc(s.kind)}</td></tr>"
            for s in STRUCTURES.values())
        return (
            "<p><b>Reading the table.</b> Each card lies with its active resource in the coloured band along the top "
            "and its other resource upside down along the bottom; its two structures are at the ends, each with its "
            f"cost (one chip a unit) and what it gives (a chip once a round, or a VP shield). Resources: {chips} "
            "(letter and colour). Face A has squared-off corners, face B rounded ones; a rotated card shows its "
            "corner number upside down at the bottom right. A tilted card or structure has given its resource this "
            "round. Card backs are cards whose place in the deck you have not seen this round.</p>"
            "<p><b>Choosing.</b> Click a highlighted structure (or reach it with Tab and Enter) to build it: the "
            "buttons then offer the ways to pay, the first one the sensible default, whose sources are marked "
            "<i>pays</i> on the picture. Click the structure again, or <i>Choose a different structure</i>, to put it "
            "back. Passing and the decision before each round are buttons. After each game you see the best "
            "possible score on that deal and can replay the line that reaches it.</p>"
            f"<p><i>{esc(RECONSTRUCTED_NOTE)}</i></p>"
            "<details><summary>The nine cards (reconstructed)</summary><table><thead><tr><th>Card</th>"
            "<th>A top</th><th>A bottom</th><th>A left</th><th>A right</th><th>B top</th><th>B bottom</th>"
            f"<th>B left</th><th>B right</th></tr></thead><tbody>{cards}</tbody></table></details>"
            "<details><summary>The twenty structures (reconstructed)</summary><table><thead><tr><th>Structure</th>"
            "<th>Cost</th><th>Requires</th><th>Gives</th><th>VP</th><th>Kind</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></details>"
        )

    # --- the picture
    def draw(self, view: Mapping, targets: Mapping, pending: Mapping) -> str:
        pending = pending if isinstance(pending, Mapping) else {}
        narrow = pending.get("layout") == "narrow"
        g = NARROW if narrow else WIDE
        ctx = Drawing(view, targets, pending, g)
        phase = view.get("phase")
        body: list[str] = []
        y = g.pad
        parts, h = self._header(ctx, y)
        body += parts
        y += h
        if phase == "target":
            parts, h = draw_targets(ctx, y)
        elif phase == "over":
            parts, h = draw_match(ctx, y)
        else:
            parts, h = self._table(ctx, y)
        body += parts
        height = y + h + g.pad
        shown = " The whole deck is shown in order." if view.get("reveal") else ""
        label = f"Count of Nine table.{shown} {view.get('prompt', '')}".strip()
        return svg_picture(g, height, body, label, narrow)

    # --- the line above the table
    def _header(self, ctx: Drawing, y: float) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        x, width = g.pad, g.width - 2 * g.pad
        games, game_no, rnd = view.get("games") or 2, view.get("game_no") or 1, view.get("round") or 0
        phase = view.get("phase")
        bits = []
        if view.get("replay"):
            bits.append(str(view["replay"]))
            if phase in ("round", "turn", "pay", "demolish", "return"):
                bits += [f"round {rnd}" if rnd else "before round 1", f"score {view.get('score', 0)}"]
        elif phase == "over":
            bits.append("Match over" if games > 1 else "Practice game over")
        else:
            bits.append(f"Game {game_no} of {games}" if games > 1 else "Practice game")
            if phase not in ("target",):
                bits.append(f"round {rnd}" if rnd else "before round 1")
                if self.details:
                    bits.append(f"score now {view.get('score', 0)}")
            done = view.get("results") or []
            if done and games > 1:
                bits.append(f"game 1 scored {done[0].get('score')}")
        out = [el("rect", x=x, y=y, width=width, height=26, rx=5, class_="c9-banner")]
        out.append(el("text", " · ".join(bits), x=x + 8, y=y + 13, class_="c9-h", font_size=13.5))
        note = "Reconstructed cards"
        out.append(group(el("text", note, x=x + width - 8, y=y + 13, class_="nk-small c9-end c9-muted",
                            font_style="italic"), el("title", str(view.get("reconstructed") or RECONSTRUCTED_NOTE))))
        h = 32
        if g is NARROW and len(" · ".join(bits)) * 7.6 + 140 > width:  # the note on a line of its own
            out[1:] = [el("text", " · ".join(bits), x=x + 8, y=y + 13, class_="c9-h", font_size=13)]
            out.append(group(el("text", note, x=x + 8, y=y + 40, class_="nk-small c9-t c9-muted",
                                font_style="italic"), el("title", str(view.get("reconstructed") or ""))))
            h = 54
        return out, h

    # --- a game under way
    def _table(self, ctx: Drawing, y: float) -> tuple[list[str], float]:
        view, g = ctx.view, ctx.g
        out: list[str] = []
        y0 = y
        cw, ch = g.card_w, g.card_h
        phase = view.get("phase")
        in_round = phase in ("turn", "pay", "demolish", "return")
        deck_count = int(view.get("deck_count") or 0)
        on_pile = deck_count - (1 if in_round and view.get("centre") else 0)  # cards on the deck pile
        if g is WIDE:
            xs = {"deck": g.pad, "centre": g.pad + cw + g.gap, "discard": g.pad + 2 * (cw + g.gap),
                  "target": g.width - g.pad - cw}
            ys = dict.fromkeys(xs, y + 18)
            row_bottom = y + 18 + ch + 10
        else:
            xs = {"deck": g.pad, "centre": g.width - g.pad - cw, "discard": g.pad, "target": g.width - g.pad - cw}
            ys = {"deck": y + 18, "centre": y + 18, "discard": y + 18 + ch + 34, "target": y + 18 + ch + 34}
            row_bottom = y + 18 + 2 * ch + 44
        labels = {"deck": f"Deck: {on_pile} card{'s' * (on_pile != 1)}",
                  "centre": "Centre card",
                  "discard": f"Discard pile: {len(view.get('discard') or [])}",
                  "target": "Target, set aside"}
        if not self.details:
            del labels["target"]
        for place, label in labels.items():
            out.append(el("text", label, x=xs[place] + 2, y=ys[place] - 9, class_="nk-small c9-t", font_weight=700))
        # the deck pile: its top card face up on the others
        top = view.get("deck_top")
        out += draw_pile(xs["deck"], ys["deck"], cw, ch, max(0, on_pile - 1))
        if top:
            out += draw_card(ctx, xs["deck"], ys["deck"], top, "deck" if in_round else None)
        else:
            out.append(draw_slot(xs["deck"], ys["deck"], cw, ch, "the deck is played through"))
        centre = view.get("centre")
        if centre:
            out += draw_card(ctx, xs["centre"], ys["centre"], centre, "centre")
        else:
            out.append(draw_slot(xs["centre"], ys["centre"], cw, ch,
                                  "the round has not begun" if not in_round else "no centre card"))
        discard = list(view.get("discard") or [])
        out += draw_pile(xs["discard"], ys["discard"], cw, ch, max(0, len(discard) - 1))
        if discard:
            out += draw_card(ctx, xs["discard"], ys["discard"], discard[-1], "discard" if in_round else None)
        else:
            out.append(draw_slot(xs["discard"], ys["discard"], cw, ch, "empty"))
        dt = view.get("demolition") if isinstance(view.get("demolition"), Mapping) else None
        if dt and isinstance(dt.get("card"), Mapping):  # the Demolition Team card, at work above the pile
            card = draw_card(ctx, xs["discard"] + 6, ys["discard"] + 6, dt["card"], None)
            out.append(group(*card, transform=f"rotate(3 {tenths(xs['discard'] + cw / 2)} "
                                              f"{tenths(ys['discard'] + ch / 2)})"))
            out.append(el("text", "at work", x=xs["discard"] + cw - 10, y=ys["discard"] - 9, class_="nk-small c9-end",
                          font_style="italic"))
        if self.details:
            out += draw_target_aside(ctx, xs["target"], ys["target"], cw, ch)
        y = row_bottom
        # what happens now: the Demolition Team at work, or the payment
        note = draw_note(ctx)
        if note:
            lines, h = text_lines(g.pad + 4, y + 8, note, g.chars, cls="nk-small c9-t c9-bold")
            out.append(el("rect", x=g.pad, y=y - 2, width=g.width - 2 * g.pad, height=h + 6, rx=5,
                          class_="c9-banner"))
            out += lines
            y += h + 10
        # the rest of the deck, and the score
        if not self.details:
            pass
        elif g is WIDE:
            strip_w = xs["target"] - g.pad - g.gap
            parts, sh = draw_strip(ctx, g.pad, y, strip_w)
            out += parts
            parts, bh = draw_score(ctx, xs["target"], y, cw)
            out += parts
            y += max(sh, bh) + 8
        else:
            parts, sh = draw_strip(ctx, g.pad, y, g.width - 2 * g.pad)
            out += parts
            y += sh + 6
            parts, bh = draw_score(ctx, g.pad, y, g.width - 2 * g.pad)
            out += parts
            y += bh + 8
        parts, h = draw_city(ctx, g.pad, y, g.width - 2 * g.pad, list(view.get("city") or []),
                              int(view.get("round") or 0), clickable=True)
        out += parts
        y += h
        return out, y - y0

    def draw_result(self, view: Mapping, g_index: int, *, narrow: bool = False) -> str:
        """The picture of a finished game (``view["results"][g_index]``): its city by rounds and its deal."""
        g = NARROW if narrow else WIDE
        r = (view.get("results") or [])[g_index]
        y = g.pad
        body = [el("rect", x=g.pad, y=y, width=g.width - 2 * g.pad, height=26, rx=5, class_="c9-banner"),
                el("text", f"Game {r.get('game')} is over", x=g.pad + 8, y=y + 13, class_="c9-h", font_size=13.5),
                group(el("text", "Reconstructed cards", x=g.width - g.pad - 8, y=y + 13,
                         class_="nk-small c9-end c9-muted", font_style="italic"),
                      el("title", str(view.get("reconstructed") or RECONSTRUCTED_NOTE)))]
        y += 34
        parts, h = draw_result_block(g, g.pad, y, g.width - 2 * g.pad, r, deal=True)
        body += parts
        return svg_picture(g, y + h + g.pad, body, f"Count of Nine: game {r.get('game')} is over", narrow)

    def draw_cards(self, cards: list, captions: list | None = None, *, narrow: bool = False) -> str:
        """A row of whole cards (card dicts as a view gives them: ``card``, ``face``, ``rotated``, ``top``,
        ``bottom``, ``left``, ``right``, ``tilted``), each with an optional caption above it: for a lesson on the
        cards themselves (faces, rotating, flipping).  Nothing in it is clickable.

        >>> svg = CountOfNineTable().draw_cards([{"card": 1, "face": "A", "rotated": False, "top": "Crew",
        ...     "bottom": "Lumber", "left": "Castle", "right": "Tavern"}], ["card 1, face A"])
        >>> "Castle" in svg and "card 1, face A" in svg
        True
        """
        g = NARROW if narrow else WIDE
        ctx = Drawing({}, {}, {}, g)
        per_row = max(1, int((g.width - 2 * g.pad + g.gap) // (g.card_w + g.gap)))
        body = []
        for i, c in enumerate(cards):
            row, col = divmod(i, per_row)
            x = g.pad + col * (g.card_w + g.gap)
            y = g.pad + row * (g.card_h + 34)
            if captions and i < len(captions) and captions[i]:
                body.append(el("text", str(captions[i]), x=x + 2, y=y + 8, class_="nk-small c9-t", font_weight=700))
            body += draw_card(ctx, x, y + 20, c, None)
        rows = (len(cards) + per_row - 1) // per_row
        height = g.pad + rows * (g.card_h + 34)
        label = "Count of Nine cards (reconstructed): " + "; ".join(card_words(c) for c in cards)
        return svg_picture(g, height, body, label, narrow)

    # --- after each game
    def interlude(self, before: Mapping, after: Mapping) -> Mapping | None:
        """A stop after game 1 of a match: the score breakdown, the game's city and deal, and the best possible
        score on that deal with a replay of its best line (``"later"``: the search runs meanwhile, and the panel
        is filled in when it ends).  At the match end the outcome panel does the same (:meth:`outcome_panel`)."""
        done_before = before.get("results") or []
        done = after.get("results") or []
        if len(done) != len(done_before) + 1 or after.get("phase") == "over":
            return None
        g = len(done) - 1
        r = done[g]
        return {"title": f"Game {r.get('game')} is over: {plural(r.get('score'), 'point')}",
                "svg": self.draw_result(after, g), "svg_narrow": self.draw_result(after, g, narrow=True),
                "button": "Next game", **best_parts([r], heading=False)}

    def outcome_panel(self, view: Mapping) -> Mapping | None:
        """The panel at the match end: each game's breakdown and best possible score, the match total and its
        title (no "winner": a solo game), and the replays of the best lines."""
        results = list(view.get("results") or [])
        if not results:
            return None
        headline = "The match is over" if (view.get("games") or 2) > 1 else "The practice game is over"
        return {"title": headline, **best_parts(results, heading=len(results) > 1)}


register("count_of_nine", CountOfNineTable())

__all__ = ["CountOfNineTable", "chip", "mini_card"]
