"""The score calculator and the rulings' worked examples of the Code of Nine tutorial's scoring
section (:func:`score_calculator`, :func:`worked_example`, :data:`EXAMPLES`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from ninekit.code_of_nine import MEMORIES, score_table
from ninekit.code_of_nine.scoring import PLAYER_KEYS

from ...front import front_text

# --- the score calculator and the worked examples ----------------------------------------------------------


def example_player(coins, statues, books, will, *, white=False, black=False, medal=False, released_white=False,
                   released_black=False, start=False) -> dict:
    """One player's row of a worked example, as ``score_table`` reads it: items, Legacies, Medal, Will.

    >>> example_player(5, 3, 2, 2, white=True)["statues"]
    3
    """
    return {"coins": coins, "statues": statues, "books": books, "white": white, "black": black, "medal": medal,
            "released_white": released_white, "released_black": released_black, "will": will, "start": start}


# The rulings' worked examples (§5): players, memories, and the totals and winners they must give.
EXAMPLES = {
    "A": ([example_player(5, 3, 2, 2, white=True, released_white=True), example_player(1, 2, 0, 6, black=True),
           example_player(4, 2, 1, 0, released_black=True, start=True), example_player(6, 0, 1, 3)],
          [3, 5, 9, 10, 13, 15, 17, 18], [9, 14, 12, 1], [2]),
    "B": ([example_player(7, 1, 0, 0, medal=True), example_player(3, 2, 2, 1, white=True, released_white=True),
           example_player(2, 3, 1, 4, black=True, start=True), example_player(4, 1, 1, 2, released_black=True)],
          [7, 14, 15, 19, 20, 26, 27, 28], [21, 17, 7, 12], [2]),
    "C": ([example_player(6, 1, 2, 3, white=True, black=True, released_white=True, released_black=True),
           example_player(5, 2, 1, 4, start=True), example_player(0, 3, 1, 5)],
          [3, 6, 11, 16, 20, 21, 22, 24], [230, 3, 9], [1]),
}
EXAMPLE_NAMES = ("A", "B", "C", "D")
# The breakdown table: room between the columns, a rule under each order step, the numbers right-aligned; on a
# narrow screen the notes keep a readable width and the table scrolls sideways.
SCORE_CSS = "".join(line for line in front_text("lessons/code_of_nine_score.css").splitlines()
                    if not line.startswith("/*"))


def breakdown_html(players: Sequence[dict], memories: Sequence[int], names: Sequence[str] | None = None) -> str:
    """The score in the rulings' order as a table: one row per order step, each player's change, the notes.

    >>> html = breakdown_html(*EXAMPLES["A"][:2], names="ABCD")
    >>> "<b>Total</b></td><td></td><td>9</td><td>14</td><td>12</td><td>1</td>" in html, "C wins" in html
    (True, True)
    """
    names = list(names or EXAMPLE_NAMES[:len(players)])
    table = score_table(players, memories, names=names)
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = []
    for step in table.steps:
        cards = ", ".join(f"{c:02d}" for c in step["cards"]) or "–"
        changes = "".join(f"<td>{c:+d}</td>" if step["order"] else "<td></td>" for c in step["changes"])
        rows.append(f"<tr><td>{step['order']}. {escape(step['label'])}</td><td>{cards}</td>{changes}"
                    f"<td>{escape('; '.join(step['notes']))}</td></tr>")
    totals = "".join(f"<td>{t}</td>" for t in table.totals)
    rows.append(f"<tr><td><b>Total</b></td><td></td>{totals}<td></td></tr>")
    flags = "".join(f"<td>{'✗' if c else ''}</td>" for c in table.cannot_win)
    rows.append(f"<tr><td>Cannot win</td><td></td>{flags}<td></td></tr>")
    if table.winners:
        who = " and ".join(names[i] for i in table.winners)
        verdict = f"{who} win{'s' * (len(table.winners) == 1)} with {table.totals[table.winners[0]]}"
        if table.lowest_wins:
            verdict += " (THAT with 26 in the game: the lowest score wins)"
    else:
        verdict = "Nobody wins: every player cannot win"
    return (f'<style>{SCORE_CSS}</style><div class="c9-wrap">'
            f'<table class="c9-score"><tr><th>Order</th><th>Cards</th>{head}<th>What happens</th></tr>'
            f"{''.join(rows)}</table></div><p><b>{escape(verdict)}</b></p>")


def score_calculator(example: str | None = None) -> w.VBox:
    """A live score calculator: items, Will and tokens per player, the 8 Memories in the game (toggles), and
    the breakdown step by step from ``ninekit.code_of_nine.score_table``; ``example`` loads one of the
    rulings' worked examples (also a menu in the calculator).

    >>> box = score_calculator("A")
    >>> "C wins with 12" in box.children[-1].value
    True
    >>> box.children[1].value = "C"                     # the example menu
    >>> "B wins with 3" in box.children[-1].value
    True
    """
    narrow = {"description_width": "80px"}
    cells = []  # per player: {key: widget}
    for _seat in range(4):
        row = {}
        for key, kind in PLAYER_KEYS.items():
            label = key.replace("released_", "released ").replace("_", " ")
            if kind is int:
                row[key] = w.BoundedIntText(value=0, min=0, max=99, description=label, style=narrow,
                                            layout=w.Layout(width="150px"))
            else:
                row[key] = w.Checkbox(value=False, description=label, indent=False, layout=w.Layout(width="150px"))
        cells.append(row)
    count = w.ToggleButtons(options=[("3 players", 3), ("4 players", 4)], value=4)
    menu = w.Dropdown(options=[("(your own)", ""), ("Example A", "A"), ("Example B", "B"), ("Example C", "C")],
                      value="", description="Load")
    cards = {code: w.ToggleButton(value=False, description=f"{code:02d}", tooltip=f"{m.name}: {m.effect}"
                                  + (" (reconstructed)" if m.reconstructed or code == 17 else ""),
                                  layout=w.Layout(width="48px"))
             for code, m in MEMORIES.items()}
    out = w.HTML()
    busy = [False]

    def mark(change):  # a Memory switched on is blue, not only a shade darker
        change["owner"].button_style = "info" if change["new"] else ""

    def show(_change=None):
        if busy[0]:
            return
        n = count.value
        players = [{k: c.value for k, c in cells[p].items()} for p in range(n)]
        memories = [code for code, b in cards.items() if b.value]
        if len(memories) != 8:
            out.value = f"<p>Choose the 8 Memories in the game (now {len(memories)}).</p>"
            return
        try:
            out.value = breakdown_html(players, memories, EXAMPLE_NAMES[:n])
        except ValueError as error:
            out.value = f"<p>{escape(str(error))}</p>"

    def load(_change=None):
        if not menu.value:
            return
        players, memories, _totals, _winners = EXAMPLES[menu.value]
        busy[0] = True
        try:
            count.value = len(players)
            for p in range(4):
                for key, c in cells[p].items():
                    c.value = players[p][key] if p < len(players) else type(c.value)(0)
            for code, b in cards.items():
                b.value = code in memories
        finally:
            busy[0] = False
        show()

    for row in cells:
        for c in row.values():
            c.observe(show, names="value")
    for b in cards.values():
        b.observe(mark, names="value")
        b.observe(show, names="value")
    count.observe(show, names="value")

    def fourth(_change=None):
        columns[3].layout.display = "none" if count.value == 3 else None
    menu.observe(load, names="value")
    intro = w.HTML("<b>Score calculator</b>: each player's items, Will and tokens (white/black/medal: holds it; "
                   "released: has the release mark; start: holds the Start player), and the 8 Memories in the "
                   "game. The breakdown follows the rulings' order. Card 18, card 17's order and the values of "
                   "Statues (1), Legacies (3) and the Medal (0) are reconstructed.")
    columns = [w.VBox([w.HTML(f"<b>{EXAMPLE_NAMES[p]}</b>"), *cells[p].values()]) for p in range(4)]
    deck = w.HBox(list(cards.values()), layout=w.Layout(flex_flow="row wrap"))
    count.observe(fourth, names="value")
    box = w.VBox([intro, menu, count, w.HBox(columns), w.HTML("<b>Memories in the game</b>"), deck, out])
    if example:
        menu.value = example
    else:
        show()
    return box


def worked_example(name: str) -> w.VBox:
    """One of the rulings' worked examples as a question: the learner predicts the winner (a button per player,
    or nobody), is answered at once, and then gets the score calculator loaded with the example.

    >>> box = worked_example("A")
    >>> box.answer("B")
    'Not quite: B scores the most (14) but cannot win. C wins with 12.'
    >>> box.answer("C")
    'Right: C wins with 12 (B cannot win).'
    """
    players, memories, totals, winners = EXAMPLES[name]
    names = EXAMPLE_NAMES[:len(players)]
    table = score_table(players, memories, names=names)
    best = totals[winners[0]]
    right = f"{names[winners[0]]} wins with {best}"
    feedback = w.HTML()
    calculator = w.VBox()

    def answer(choice: str) -> str:
        if choice == names[winners[0]]:
            out = [names[i] for i, c in enumerate(table.cannot_win) if c]
            text = f"Right: {right}" + (f" ({' and '.join(out)} cannot win)." if out else ".")
        else:
            i = names.index(choice) if choice in names else None
            if i is None:
                why = "someone can win"
            elif table.cannot_win[i]:
                why = f"{choice} scores {totals[i]} but cannot win"
                if totals[i] == max(totals):
                    why = f"{choice} scores the most ({totals[i]}) but cannot win"
            elif table.lowest_wins:
                why = f"{choice} scores {totals[i]}, and with THAT (27) and 26 in the game the lowest score wins"
            else:
                why = f"{choice} scores {totals[i]}"
            text = f"Not quite: {why}. {right}."
        feedback.value = f'<div role="status"><b>{escape(text)}</b></div>'
        if not calculator.children:
            calculator.children = [score_calculator(name)]
        return text

    buttons = []
    for choice in [*names, "Nobody"]:
        button = w.Button(description=choice, layout=w.Layout(width="auto"))
        button.on_click(lambda _b, c=choice: answer(c))
        buttons.append(button)
    box = w.VBox([w.HTML(f"<b>Example {name}: who wins?</b> Predict it from the table above, then check."),
                  w.HBox(buttons), feedback, calculator])
    box.answer = answer
    return box
