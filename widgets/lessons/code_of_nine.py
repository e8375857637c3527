"""The Code of Nine tutorial's lesson steps: every rule is a decision the learner makes on the real board.

``tutorial()`` builds every step; ``notebooks/tutorials/code_of_nine.ipynb`` shows one per cell between the
texts that teach the rules, and ``docs/code_of_nine.md`` lists which rule each step practises.  Every
position is built with the rules engine (``ninekit.code_of_nine.position``, or a seeded game for the set-up).
The checks read the outcome (items, Will, who holds what, what the learner has seen, the final score),
never the exact clicks, so any legal way to the goal counts.  The other players reply by a fixed preference
(:func:`_replies`: the first listed decision that is legal), so a step plays the same after Reset.

The Memory card steps are the last turn of a game: the learner knows all eight Memories (its own two, and the
six others it has looked at), places its last Action pawn, and the game is scored at once by
``ninekit.code_of_nine.score_table``, so the answer names the card that decided it.  :func:`score_calculator`
is the live calculator of the scoring section, and :data:`EXAMPLES` the rulings' three worked examples.

Eleven locations, card 18, card 17's order number and the values of Statues, Legacies and the Medal are the
project's *reconstruction* (``ninekit.code_of_nine.RECONSTRUCTED_NOTE``).

    >>> lesson = tutorial()
    >>> lesson.steps["hearth"].goal
    'Gain 3 Will with one Action pawn.'
    >>> score_table(*EXAMPLES["A"][:2]).totals
    [9, 14, 12, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

import ninekit
from ninekit.code_of_nine import MEMORIES, RECONSTRUCTED_NOTE, SEATS, SLOTS, position, score_table
from ninekit.code_of_nine.scoring import PLAYER_KEYS

from ..lesson import Tutorial, resolve

GAME = "code_of_nine"
RED, BLUE, GREEN, YELLOW = range(4)
GHOST = 3  # the ghost's Memory slots in a 3-player game (owner 3)
INERT = (9, 10, 11, 12, 13, 14)  # cards that do nothing while nobody has 2+ Books or a Legacy


# --- decisions ---------------------------------------------------------------------------------------------


def place(key: str) -> dict:
    """Place an Action pawn: ``place("hearth")``."""
    return {"kind": "place", "args": [key]}


def _one(kind: str):
    return lambda arg: {"kind": kind, "args": [arg]}


look, player, item, take, give, ret, gain, exchange = map(
    _one, ("look", "player", "item", "take", "give", "return", "gain", "exchange"))
redraw, shoal = _one("redraw"), _one("shoal")
STOP = {"kind": "stop", "args": []}


# --- reading a state (what the learner's seat sees) ---------------------------------------------------------


def _sheet(state: ninekit.State, seat: int) -> dict:
    return state.view(seat)["sheets"][seat]


def _code(state: ninekit.State, viewer: int, owner: int, slot: str) -> int | None:
    """The code ``viewer`` knows in ``owner``'s ``slot`` (None: unknown)."""
    return state.view(viewer)["slots"][2 * owner + SLOTS.index(slot)]["code"]


def _wins(seat: int) -> Callable[[ninekit.State], bool]:
    """The game is over and ``seat`` is its only winner."""
    return lambda state: state.is_over and state.outcome.winners == (seat,)


def _last(state: ninekit.State, seat: int) -> ninekit.State:
    """The state right after ``seat``'s last decision (before the others replied)."""
    node = state
    while node is not None and node.history and node.history[-1][0] != seat:
        node = node.parent
    return node if node is not None and node.history else state


def _gained(start: ninekit.State, seat: int, key: str, n: int) -> Callable[[ninekit.State], bool]:
    """``seat``'s sheet value ``key`` rose by exactly ``n`` since ``start`` (read after its own decisions)."""
    base = _sheet(start, seat)[key]
    return lambda state: state is not start and _sheet(_last(state, seat), seat)[key] - base == n


def _ending(cards: Sequence[int]) -> Callable[[ninekit.State], str]:
    """The answer to a last turn that did not win: the outcome, what ``cards`` did and every card that named the
    learner (the engine's scoring notes)."""
    def miss(state: ninekit.State) -> str:
        if not state.is_over:
            return "the game is not over yet"
        score = state.view(None)["score"]
        me = SEATS[state.history[-1][0]]  # the learner made the game's last decision
        notes = [n for step in score["steps"] for n in step["notes"]
                 if set(step["cards"]) & set(cards) or f": {me} " in n]
        notes = list(dict.fromkeys(notes))
        totals = ", ".join(f"{SEATS[s]} {t}" for s, t in enumerate(score["totals"]))
        shared = ", and a shared win is not enough here" if state.history[-1][0] in state.outcome.winners else ""
        return f"{state.outcome.reason} ({totals}){shared}; " + "; ".join(notes)
    return miss


def _replies(items: Sequence) -> Callable[[ninekit.State], dict]:
    """The other players' replies: the first of ``items`` that is legal now (else their first legal decision).

    Stateless, so a step plays the same after Reset: ``[place("hearth"), place("tunnel")]`` puts the first
    reply on Hearth of Thoughts and the next on Beyond the Tunnel.
    """
    def choose(state: ninekit.State):
        for candidate in items:
            if resolve(state, candidate) is not None:
                return candidate
        return state.legal_moves()[0]
    return choose


def _all(*checks: Callable[[ninekit.State], bool]) -> Callable[[ninekit.State], bool]:
    return lambda state: all(check(state) for check in checks)


# --- positions ----------------------------------------------------------------------------------------------


def _all_seen(players: int, learner: int) -> dict:
    """``seen=`` for a learner who has looked at every other Memory (the ghost's too)."""
    return {learner: [(o, slot) for o in range(4) if o != learner for slot in SLOTS]}


def last_turn(memories: Sequence[int], items: Sequence[dict], *, learner: int = RED, players: int = 4,
              will: Sequence[int] | None = None, **kwargs) -> ninekit.State:
    """Round 5, the learner's last Action pawn (everyone else has placed theirs), every Memory known to it.

    >>> s = last_turn([1, 4, *INERT], [{"coins": 3}, {}, {}, {}])
    >>> s.view(0)["round"], s.to_move, all(slot["code"] for slot in s.view(0)["slots"])
    (5, 0, True)
    """
    pawns = [1 if s == learner else 0 for s in range(players)]
    return position(players=players, round=5, memories=list(memories), items=list(items),
                    will=list(will) if will is not None else [3] * players, pawns=pawns, turn=learner,
                    seen=_all_seen(players, learner), **kwargs)


def _pos(**kwargs) -> ninekit.State:
    """``position(...)`` with 8 Memories by default (the learner's own two: 01 and 02)."""
    kwargs.setdefault("memories", [1, 2, 3, 4, 5, 6, 7, 8])
    return position(**kwargs)


def _items(*rows: str) -> list[dict]:
    """``_items("3 0 1", "0 2 0")``: coins, statues, books per seat."""
    return [dict(zip(("coins", "statues", "books"), map(int, row.split()))) for row in rows]


# --- the score calculator and the worked examples ----------------------------------------------------------


def _p(coins, statues, books, will, *, white=False, black=False, medal=False, released_white=False,
       released_black=False, start=False) -> dict:
    return {"coins": coins, "statues": statues, "books": books, "white": white, "black": black, "medal": medal,
            "released_white": released_white, "released_black": released_black, "will": will, "start": start}


# The rulings' worked examples (§5): players, memories, and the totals and winners they must give.
EXAMPLES = {
    "A": ([_p(5, 3, 2, 2, white=True, released_white=True), _p(1, 2, 0, 6, black=True),
           _p(4, 2, 1, 0, released_black=True, start=True), _p(6, 0, 1, 3)],
          [3, 5, 9, 10, 13, 15, 17, 18], [9, 14, 12, 1], [2]),
    "B": ([_p(7, 1, 0, 0, medal=True), _p(3, 2, 2, 1, white=True, released_white=True),
           _p(2, 3, 1, 4, black=True, start=True), _p(4, 1, 1, 2, released_black=True)],
          [7, 14, 15, 19, 20, 26, 27, 28], [21, 17, 7, 12], [2]),
    "C": ([_p(6, 1, 2, 3, white=True, black=True, released_white=True, released_black=True),
           _p(5, 2, 1, 4, start=True), _p(0, 3, 1, 5)],
          [3, 6, 11, 16, 20, 21, 22, 24], [230, 3, 9], [1]),
}
EXAMPLE_NAMES = ("A", "B", "C", "D")
# The breakdown table: room between the columns, a rule under each order step, the numbers right-aligned; on a
# narrow screen the notes keep a readable width and the table scrolls sideways.
SCORE_CSS = (".c9-wrap{overflow-x:auto;max-width:100%}.c9-score{border-collapse:collapse;line-height:1.35}"
             ".c9-score th,.c9-score td{padding:3px 8px;vertical-align:top;text-align:left;"
             "border-bottom:1px solid #ddd}.c9-score :is(td,th):not(:first-child):not(:nth-child(2))"
             ":not(:last-child){text-align:right;white-space:nowrap}.c9-score td:last-child{min-width:14em}"
             "@media (max-width:600px){.c9-score th,.c9-score td{padding:2px 4px}}")


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


# --- the steps ----------------------------------------------------------------------------------------------


def tutorial() -> Tutorial:
    """Every step of the Code of Nine tutorial, in the notebook's order."""
    t = Tutorial(GAME, "Learn Code of Nine")
    _setup(t)
    _placing(t)
    _locations(t)
    _looks(t)
    _legacies(t)
    _late(t)
    _memories(t)
    _examples(t)
    _ghost(t)
    _expert(t)
    return t


def _setup(t: Tutorial) -> None:
    game = ninekit.make(GAME, 4)
    start = game.new(seed=5)
    t.step("redraw", start, title="The redraw",
           goal="Change both of your Memory cards (and see what it costs).",
           check=lambda s: s.view(RED)["phase"] == "arrange" and _sheet(s, RED)["pawns"] == 2,
           solution=[redraw("change")],
           hint="Each player decides once, in secret, to keep the two dealt cards or to change both.",
           success="A changer returns both cards; the undealt and returned cards are shuffled and the changer gets "
                   "two new ones. It costs one Action pawn in round 1 (you have 2, the others 3). The decisions "
                   "stay secret until the last player has decided.",
           miss="you kept your two cards: you still have 3 Action pawns for round 1",
           wrong=(redraw("keep"), "you kept your two cards"),
           opponent=_replies([redraw("keep")]), turns=3)

    arranged = start
    for _ in range(4):
        arranged = arranged.play(arranged.game.parse_move(redraw("keep")))
    hand = arranged.view(RED)["hand"]
    t.step("arrange", arranged, title="Shoal and Abyss",
           goal=f"Put Code {hand[0]:02d} ({MEMORIES[hand[0]].name}) in your Abyss, where it is harder to look at.",
           check=lambda s: _code(s, RED, RED, "Abyss") == hand[0] and s.view(RED)["hand"] is None,
           solution=[shoal(1)],
           hint="Each button names the card that goes in your Shoal and the one that goes in your Abyss.",
           success="Your two Memories now lie in your Shoal and your Abyss for the whole game; you may never swap "
                   "them. Any look at a Shoal is free from round 1; an Abyss look needs 2 Will, round 5 or the Medal.",
           miss=f"Code {hand[0]:02d} lies in your Shoal, the easier one to look at",
           wrong=(shoal(0), "lies in your Shoal"),
           opponent=_replies([shoal(0)]))


def _placing(t: Tutorial) -> None:
    start = _pos(round=1)
    t.step("fortune", start, title="Your first placement",
           goal="Take 3 Coins from the Ruins with one Action pawn.",
           check=_gained(start, RED, "coins", 3),
           solution=[place("fortune")],
           hint="Read the locations open in round 1: which one gives 3 Coins?",
           success="Mechanism of Fortune (round 1 only, free) gives 3 Coins from the Ruins. Then the next player, "
                   "clockwise, places a pawn.",
           miss=lambda s: f"you took {_sheet(_last(s, RED), RED)['coins']} Coins",
           wrong=(place("cash_cow"), "you took 2 Coins"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=1)
    t.step("lights", start, title="Coin and Will",
           goal="Gain 1 Coin and 1 Will with one Action pawn.",
           check=_all(_gained(start, RED, "coins", 1), _gained(start, RED, "will", 1)),
           solution=[place("lights")],
           hint="One location gives a Coin and a Will.",
           success="Where the Lights Sink: 1 Coin (if any is left in the Ruins) and 1 Will.",
           miss=lambda s: "you gained {} Coin(s) and {} Will".format(
               _sheet(_last(s, RED), RED)["coins"], _sheet(_last(s, RED), RED)["will"]),
           wrong=(place("quarry"), "0 Coin(s) and 1 Will"),
           opponent=_replies([place("cross")]))

    start = _pos(round=2, will=[0, 1, 1, 2])
    t.step("hearth", start, title="Will",
           goal="Gain 3 Will with one Action pawn.",
           check=_gained(start, RED, "will", 3),
           solution=[place("hearth")],
           hint="Quarry of Wills gives 1, Beyond the Tunnel 2, Hearth of Thoughts 3.",
           success="Hearth of Thoughts: +3 Will. Will pays the costs of the locations that have one; it has no "
                   "upper limit (the gauge stops at 15, the Will does not) and never drops below 0.",
           miss=lambda s: f"you gained {_sheet(_last(s, RED), RED)['will']} Will",
           wrong=(place("tunnel"), "you gained 2 Will"),
           opponent=_replies([place("cross")]))

    start = _pos(round=1, start=0, turn=BLUE, pawns=[2, 3, 3, 3], placed={"cash_cow": RED})
    t.step("library", start, title="A cost in Will",
           goal="Get a Book.",
           check=_gained(start, BLUE, "books", 1),
           solution=[place("library")],
           hint="You are Blue, second in round 1, so you started with 1 Will. Her Library costs 1 Will.",
           success="The start Will is 0, 1, 1 and 2 from the Start player clockwise. Her Library (round 1 only) "
                   "costs 1 Will and gives 1 Book.",
           miss="you have no Book",
           wrong=(place("cross"), "you have no Book"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=2, will=[1, 1, 1, 2], start=1, turn=RED, pawns=[3, 2, 2, 2],
                     placed={"hearth": BLUE, "tunnel": GREEN, "lights": YELLOW})
    t.step("occupied", start, title="One pawn a space",
           goal="Gain Will with this Action pawn.",
           check=lambda s: s is not start and _sheet(_last(s, RED), RED)["will"] > 1,
           solution=[place("quarry")],
           hint="Hearth, Tunnel and Lights already hold a pawn. One location takes any number of pawns.",
           success="One pawn a space: an occupied location is closed for the round, except Quarry of Wills, which "
                   "takes any number of pawns (your own too).",
           miss="your Will did not rise",
           wrong=(place("hearth"), "one pawn a space"),
           opponent=_replies([place("quarry")]))

    start = _pos(round=1)
    t.step("future", start, title="Only this round's sections",
           goal="Get a Statue.",
           check=_gained(start, RED, "statues", 1),
           solution=[place("cross")],
           hint="Venerable Cathedral (round 2-5) is not open yet. Which round-1 location gives a Statue?",
           success="You may place on the locations of the current round's section and the earlier ones, never on "
                   "a future round's. An Old Cross gives 1 Statue.",
           miss="you have no Statue",
           wrong=(place("cathedral"), "never place on locations of future rounds"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=2)
    t.step("closed", start, title="\"1 only\" closes",
           goal="Take 2 Coins in round 2.",
           check=_gained(start, RED, "coins", 2),
           solution=[place("cash_cow")],
           hint="Mechanism of Fortune was open in round 1 only.",
           success="A \"1 only\" location closes after round 1 (a ninekit decision, from the rulings' space "
                   "counts); Cash Cow Shed gives 2 Coins in every round.",
           miss="you did not take 2 Coins",
           wrong=(place("fortune"), "closed from round 2"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=1, start=BLUE, turn=RED, pawns=[1, 0, 0, 0])
    t.step("clocktower", start, title="The Start player",
           goal="Lead round 2: you place your last pawn of round 1.",
           check=lambda s: s.view(RED)["round"] == 2 and s.view(RED)["first"] == RED,
           solution=[place("clocktower")],
           hint="Clocktower gives you the Start player marker (and then lets you return an item, if you hold one).",
           success="The Start player marker holder leads the next round (a new Start player never changes the "
                   "current round). At the end of a round the pawns come back and the board clears.",
           miss=lambda s: f"{SEATS[s.view(RED)['first']]} leads round 2 with the Start player marker",
           wrong=(place("cash_cow"), "Blue leads round 2"),
           until=lambda s: s.view(RED)["round"] == 2,
           opponent=_replies([place("hearth")]))


def _locations(t: Tutorial) -> None:
    start = _pos(round=3, will=[1, 2, 2, 2])
    t.step("cost", start, title="Paying in full",
           goal="Get a Book in round 3 (you have 1 Will; you may take two turns).",
           check=_gained(start, RED, "books", 1),
           solution=[place("quarry"), place("archive")],
           hint="Archive of Drowned Words costs 2 Will, and a cost must be paid in full before you place. Gain "
                "Will first.",
           success="A cost must be fully payable before you place. Archive of Drowned Words (round 3-5, "
                   "reconstructed) costs 2 Will and gives 1 Book.",
           miss="you have no Book yet",
           wrong=(place("archive"), "must be fully payable"),
           opponent=_replies([place("hearth"), place("tunnel"), place("cross")]), turns=4)

    start = _pos(round=1, start=0, pawns=[1, 0, 0, 0], items=_items("0 2 0", "0 0 0", "0 0 0", "0 0 0"))
    t.step("clocktower-return", start, title="Clocktower: returning an item",
           goal="You hold the Start player. Return one of your Statues to the Ruins.",
           check=lambda s: _sheet(s, RED)["statues"] == 1,
           solution=[place("clocktower"), ret("statue")],
           hint="Clocktower: first the Start player (you already have it), then you may return a Coin, Statue "
                "or Book.",
           success="Clocktower returns one Coin, Statue or Book to the Ruins if you wish (never a Legacy or the "
                   "Medal).",
           miss="you still hold 2 Statues",
           wrong=([place("clocktower"), STOP], "you still hold 2 Statues"),
           until=lambda s: s.view(RED)["round"] == 2)

    start = _pos(round=3, memories=[1, 5, 6, 7, 9, 8, 10, 12], seen={RED: [(GREEN, "Shoal")]},
                     items=_items("0 0 0", "1 0 0", "0 0 1", "1 1 0"))
    t.step("allure", start, title="Allure Show: a gift that hurts",
           goal="You know Code 09 (...and a curse: exactly 2 Books, -10) is in the game. Make Green hold exactly "
                "2 Books.",
           check=lambda s: _sheet(s, GREEN)["books"] == 2,
           solution=[place("allure"), look(BLUE), player(GREEN), item("book")],
           hint="Allure Show: first look at another player's Shoal, then you may choose a player other than "
                "yourself who gains a Coin, Statue or Book from the Ruins.",
           success="Allure Show (an attack): look at another player's Shoal card, then you may make another "
                   "player gain a Coin, Statue or Book from the Ruins (or nobody).",
           miss="Green does not hold exactly 2 Books",
           wrong=([place("allure"), look(BLUE), STOP], "Green does not hold"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=2, will=[0, 1, 1, 2])
    t.step("cathedral", start, title="Venerable Cathedral",
           goal="With one pawn, look at a Shoal card and gain 2 Will.",
           check=_all(_gained(start, RED, "will", 2), lambda s: bool(s.view(RED)["looks"])),
           solution=[place("cathedral"), look(YELLOW), gain("will")],
           hint="Venerable Cathedral (round 2-5): first a Shoal look, then 1 Statue or 2 Will.",
           success="Venerable Cathedral: look at another player's Shoal card, then gain 1 Statue or 2 Will (the "
                   "Will if the Ruins have no Statue).",
           miss="you did not both look and gain 2 Will",
           wrong=([place("cathedral"), look(YELLOW), gain("statue")], "you did not both look"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=3, will=[1, 0, 0, 0], items=_items("2 0 0", "3 1 0", "1 3 1", "1 0 0"),
                 white=BLUE)
    t.step("hollow", start, title="Hollow of Envy",
           goal="Take the White Legacy from Blue.",
           check=lambda s: s.view(RED)["white"] == RED,
           solution=[place("hollow"), player(BLUE), take("white")],
           hint="Hollow of Envy takes 1 item of your choice from the Max player, the one with the most items "
                "(every token counts, Legacies too). Blue and Green tie: you choose one of them.",
           success="Hollow of Envy (an attack, 1 Will, reconstructed): take any one item from the Max player; if "
                   "several tie, you choose which. A released Legacy is an ordinary item: its holder scores it, "
                   "the release mark stays with Blue.",
           miss=lambda s: f"the White Legacy is held by {SEATS[s.view(RED)['white']]}",
           wrong=([place("hollow"), player(BLUE), take("coin")], "held by Blue"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=3, will=[3, 0, 0, 0], items=_items("1 1 0", "0 0 0", "0 0 0", "0 0 0"))
    t.step("hollow-alone", start, title="Hollow of Envy: you alone are Max",
           goal="Gain 3 Will with this pawn.",
           check=_gained(start, RED, "will", 3),
           solution=[place("hearth")],
           hint="You alone hold items: Hollow of Envy would cost 1 Will and take nothing.",
           success="If you alone are Max, Hollow of Envy does nothing (its Will is spent all the same).",
           miss=lambda s: f"your Will changed by {_sheet(_last(s, RED), RED)['will'] - 3}" + (
               ": Hollow of Envy cost 1 Will and took nothing, because you alone are Max"
               if _sheet(_last(s, RED), RED)["will"] < 3 else ""),
           wrong=(place("hollow"), "changed by -1: Hollow of Envy cost 1 Will and took nothing"),
           opponent=_replies([place("tunnel")]))

    start = _pos(round=4, memories=[7, 16, 5, 6, 8, 9, 10, 11], items=_items("0 2 0", "1 0 0", "0 0 1", "2 0 0"),
                     seen={RED: [(BLUE, "Shoal")]})
    t.step("procession", start, title="Procession of Unwanted Gifts",
           goal="Code 07 (Despair: all VP from Statues are negative) is yours. Give both your Statues to Blue.",
           check=lambda s: _sheet(s, RED)["statues"] == 0 and _sheet(s, BLUE)["statues"] == 2,
           solution=[place("procession"), player(BLUE), give("statue"), give("statue")],
           hint="Procession (round 4-5): choose another player, give 1 item, then 1 more if you wish.",
           success="Procession of Unwanted Gifts (an attack, reconstructed): give another player 1 or 2 of your "
                   "items, any kind (a Legacy or the Medal too).",
           miss="you still hold a Statue",
           wrong=([place("procession"), player(BLUE), give("statue"), STOP], "you still hold a Statue"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=4, will=[4, 5, 0, 0], items=_items("2 1 0", "0 0 0", "0 0 0", "0 0 0"),
                     start=1, turn=RED, pawns=[3, 2, 2, 2],
                     placed={"hearth": BLUE, "tunnel": GREEN, "lights": YELLOW})
    t.step("shore", start, title="Shore of Forgetting",
           goal="Have more Will than Blue (5) after this pawn.",
           check=lambda s: s is not start and _sheet(_last(s, RED), RED)["will"] > 5,
           solution=[place("shore"), ret("coin"), ret("coin")],
           hint="Hearth and Tunnel are taken. Shore of Forgetting (round 4-5): return up to 2 Coins, Statues or "
                "Books, +1 Will each.",
           success="Shore of Forgetting (reconstructed): return up to 2 of your Coins, Statues or Books to the "
                   "Ruins, 1 Will for each.",
           miss=lambda s: f"you have {_sheet(_last(s, RED), RED)['will']} Will",
           wrong=([place("shore"), ret("coin"), STOP], "you have 5 Will"),
           opponent=_replies([place("quarry")]))


def _looks(t: Tutorial) -> None:
    start = _pos(round=1)
    t.step("look-shoal", start, title="A look",
           goal="Find out Green's Shoal card.",
           check=lambda s: _code(s, RED, GREEN, "Shoal") is not None,
           solution=[place("watchtower"), look(GREEN)],
           hint="Sooty Watchtower, Allure Show and (from round 2) Venerable Cathedral look at a Shoal card.",
           success="Everybody sees that you looked at Green's Shoal card; only you see the card, and you remember "
                   "it for the rest of the game (only a Ninth exchange replaces it).",
           miss="you do not know Green's Shoal card",
           wrong=([place("watchtower"), look(BLUE)], "you do not know Green"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=2, start=YELLOW, turn=RED, pawns=[3, 3, 3, 2], placed={"cash_cow": YELLOW})
    t.step("veil", start, title="The veil",
           goal="Blue is about to look at a Shoal card: make sure it cannot be yours.",
           check=lambda s: any(look_["looker"] == BLUE for look_ in s.view(RED)["looks"])
           and not any(look_["owner"] == RED for look_ in s.view(RED)["looks"]),
           solution=[place("watchtower"), look(GREEN)],
           hint="Sooty Watchtower veils you: for the rest of the round, looks targeted at you have no effect.",
           success="Veiled by the Sooty Watchtower, nobody may choose you for a Shoal or Abyss look until the end "
                   "of the round (a ruling). The veil stops looks only, never items, Will or the Medal.",
           miss="Blue looked at your Shoal card",
           wrong=([place("cathedral"), look(GREEN), gain("will")], "Blue looked at your Shoal"),
           opponent=_replies([place("allure"), look(RED), look(GREEN), STOP]), turns=3)

    start = _pos(round=2, veiled=[BLUE], start=BLUE, turn=RED, pawns=[3, 2, 2, 2],
                 placed={"watchtower": BLUE, "hearth": GREEN, "tunnel": YELLOW})
    t.step("veiled", start, title="Looking past the veil",
           goal="Look at a Shoal card this turn.",
           check=lambda s: any(look_["looker"] == RED for look_ in s.view(RED)["looks"]),
           solution=[place("cathedral"), look(GREEN), gain("will")],
           hint="Blue placed on the Sooty Watchtower this round: Blue is veiled. The others are not.",
           success="A veiled player cannot be chosen for a look. If every other player is veiled, the look is "
                   "skipped and the rest of the action still happens.",
           miss="you looked at no card",
           wrong=([place("cathedral"), look(BLUE)], "veiled by the Sooty Watchtower"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=2, will=[1, 0, 0, 0])
    t.step("the-place", start, title="An Abyss look",
           goal="Find out Blue's Abyss card (you may take two turns).",
           check=lambda s: _code(s, RED, BLUE, "Abyss") is not None,
           solution=[place("quarry"), place("the_place"), look(BLUE)],
           hint="The Place Where They Looked at the Old World (round 2-5, reconstructed) looks at an Abyss for "
                "2 Will.",
           success="An Abyss look needs 2 Will (The Place, round 2-5), the Medal (Gallery of Honor, round 4-5, "
                   "expert) or round 5 (Last Glimpse of the Abyss, free).",
           miss="you do not know Blue's Abyss card",
           wrong=(place("the_place"), "must be fully payable"),
           opponent=_replies([place("hearth"), place("tunnel"), place("cross")]), turns=4)

    start = _pos(round=5, will=[0, 0, 0, 0])
    t.step("last-glimpse", start, title="Last Glimpse",
           goal="Find out Blue's Abyss card with no Will.",
           check=lambda s: _code(s, RED, BLUE, "Abyss") is not None,
           solution=[place("last_glimpse"), look(BLUE)],
           hint="Round 5 opens two free locations; one looks at an Abyss.",
           success="Last Glimpse of the Abyss (round 5 only, reconstructed): a free Abyss look.",
           miss="you do not know Blue's Abyss card",
           wrong=(place("the_place"), "must be fully payable"),
           opponent=_replies([place("hearth")]))


def _legacies(t: Tutorial) -> None:
    start = _pos(round=2, will=[6, 5, 3, 0])
    t.step("garden", start, title="Releasing the White Legacy",
           goal="Release the White Legacy and give the 2 Will to the player with the least Will.",
           check=lambda s: s.view(RED)["white"] == RED and _sheet(s, YELLOW)["will"] == 2,
           solution=[place("garden"), player(YELLOW)],
           hint="Garden of Connecting Hearts costs 6 Will; then you choose another player, who gains 2 Will.",
           success="Garden of Connecting Hearts (round 2-5, 6 Will, reconstructed): take the White Legacy and "
                   "mark the release on your sheet (the mark is permanent); another player gains 2 Will.",
           miss="Yellow (0 Will) did not get the 2 Will",
           wrong=([place("garden"), player(BLUE)], "Yellow (0 Will) did not"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=2, will=[7, 3, 1, 0])
    t.step("well", start, title="Releasing the Black Legacy",
           goal="Release the Black Legacy and leave Green with no Will at all.",
           check=lambda s: s.view(RED)["black"] == RED and _sheet(s, GREEN)["will"] == 0,
           solution=[place("well"), player(GREEN)],
           hint="Well of Closing Hearts costs 7 Will; then another player loses 2 Will (Will never drops below 0).",
           success="Well of Closing Hearts (an attack, round 2-5, 7 Will, reconstructed): take the Black Legacy "
                   "with its release mark; another player loses 2 Will, down to 0 at most.",
           miss="Green still has Will",
           wrong=([place("well"), player(BLUE)], "Green still has Will"),
           opponent=_replies([place("hearth")]))

    start = _pos(round=3, memories=[14, 1, 2, 3, 4, 5, 6, 7], will=[7, 0, 3, 1], pawns=[1, 1, 1, 1],
                     start=RED, white=BLUE, items=_items("2 1 1", "3 1 0", "1 1 1", "2 2 0"),
                     placed={"hearth": BLUE, "tunnel": GREEN, "cross": YELLOW, "cash_cow": RED, "lights": BLUE,
                               "cathedral": RED, "quarry": [GREEN, YELLOW]})
    t.step("early-end", start, title="The early end",
           goal="End the game at the end of this round (round 3).",
           check=lambda s: s.is_over and s.view(RED)["round"] == 3,
           solution=[place("well"), player(BLUE)],
           hint="The game ends at the end of the round in which the second Legacy is released. Blue released the "
                "White one.",
           success="Both Legacies are off the board: the round is played to its end, then the game is over and "
                   "scored (a ruling). Card 14 pays each releaser 10 VP.",
           miss=lambda s: "the game goes on into round 4" if not s.is_over else "the game ended",
           until=lambda s: s.is_over or s.view(RED)["round"] > 3,
           wrong=(place("garden"), "no longer on the board"),
           opponent=_replies([place("allure"), place("clocktower"), place("watchtower"), look(GREEN), look(RED), STOP]),
           turns=20)


def _late(t: Tutorial) -> None:
    start = last_turn([18, 1, *INERT], _items("1 1 1", "1 1 1", "1 1 1", "1 1 1"), start=BLUE, will=[0, 0, 0, 0])
    t.step("bell", start, title="Bell of the Last Dawn",
           goal="Code 18 (Follow me!: +5 VP for the Start player, reconstructed) is yours. Win the game.",
           check=_wins(RED),
           solution=[place("bell"), look(BLUE)],
           hint="Bell of the Last Dawn (round 5 only): the Start player marker, then a Shoal look.",
           success="Bell of the Last Dawn (reconstructed): take the Start player, then look at a Shoal. In round 5 "
                   "the marker matters only for card 18.",
           miss=_ending([18]),
           wrong=(place("cash_cow"), "holds the Start player"))


def _memories(t: Tutorial) -> None:
    def final(key, title, cards, memories, items, goal, solution, wrong, hint, success, **kwargs):
        start = last_turn(memories, items, **kwargs)
        t.step(key, start, title=title, goal=goal, check=_wins(start.to_move), solution=solution, hint=hint,
               success=success, miss=_ending(cards), wrong=wrong)

    final("coins", "Cards 01 and 04: Coins", [1, 4], [1, 4, *INERT],
          _items("3 1 0", "4 1 0", "2 2 1", "0 3 1"),
          "Memories 01 (All that glimmers: each Coin +1) and 04 (Beautiful numbers: the one player with the most "
          "Coins +4) are in the game. Win it with your last pawn.",
          [place("cash_cow")], (place("lights"), "the most Coins are tied"),
          "Blue has 4 Coins. A tie for the most gives nobody the 4.",
          "Coins are worth 0 VP; 01 adds 1 to each, 02 takes 1 away. 04 gives the one player with the most Coins "
          "+4; with a tie nobody gets it (a ruling).")

    final("least-coins", "Card 03: cannot win", [3], [3, 15, *INERT],
          _items("0 3 1", "1 1 1", "2 2 0", "3 1 0"),
          "Memory 03 (The fate of those who do not own: the one player with the least Coins cannot win) is in the "
          "game. You have the most VP but no Coin. Win.",
          [place("lights")], (place("cross"), "Red has the unique least Coins and cannot win"),
          "Blue has 1 Coin. Tie for the least, or pass Blue.",
          "A player who cannot win still scores, but is left out of the winners (a ruling). With a tie for the "
          "least, nobody is affected.", will=[3, 3, 3, 3])

    final("lies", "Card 02: Divulged lies", [2], [2, 8, *INERT],
          _items("4 2 1", "1 0 0", "0 0 0", "3 2 1"),
          "Memories 02 (Divulged lies: each Coin -1 VP) and 08 (each Book +2) are in the game. Win.",
          [place("shore"), ret("coin"), ret("coin")], (place("cash_cow"), "each Coin is worth -1"),
          "Your 4 Coins cost you 4 VP. Yellow, with 3 Coins, 2 Statues and a Book, has 2 VP.",
          "Coins have no VP of their own (0); 01 makes each +1, 02 each -1, both together 0.")

    final("statues", "Cards 05 and 06: Statues", [5, 6], [5, 6, *INERT],
          _items("4 0 1", "0 2 0", "3 0 1", "0 1 0"),
          "Memories 05 (The small figure: each Statue +2) and 06 (Showed me a glimpse of: a player with exactly 1 "
          "Statue, +3 on it) are in the game. Win.",
          [place("cross")], (place("lights"), "each Statue is worth 3"),
          "A Statue is worth 1 VP (reconstructed), 3 with 05; a lone Statue 3 more with 06.",
          "05 and 06 adjust each Statue first (ruling 9): a lone Statue is worth 1 + 2 + 3 = 6.")

    final("despair", "Card 07: Despair", [7], [7, 8, *INERT],
          _items("0 2 1", "0 1 1", "0 1 1", "1 0 0"),
          "Memory 07 (Despair: all VP from Statues are negative) and 08 (each Book +2) are in the game. Win.",
          [place("shore"), ret("statue"), ret("statue")],
          (place("archive"), "each Statue is worth 1; all negative (07)"),
          "Your 2 Statues cost you 2 VP now (a Statue is worth 1, reconstructed). Shore of Forgetting returns up "
          "to 2 items.",
          "07 turns each player's Statue total negative, after 05 and 06 (ruling 9).", will=[3, 3, 3, 3])

    final("books", "Cards 08, 09 and 10: Books", [8, 9, 10], [8, 9, 10, 11, 12, 13, 14, 15],
          _items("1 0 2", "2 2 1", "0 3 0", "4 0 0"),
          "Memories 08 (each Book +2), 09 (exactly 2 Books: -10) and 10 (at least 2 Books: +1 per item) are in the "
          "game. Win.",
          [place("archive")], (place("cross"), "exactly 2 Books, -10"),
          "A Book is worth 1 VP, 3 with 08. Think of what a second Book does with 09 and 10.",
          "08 adds 2 to each Book; 09 takes 10 from a player with exactly 2; 10 gives a player with 2 or more one "
          "VP per item (every token).")

    final("legacies", "Cards 11 to 14: the Legacies", [11, 12, 13, 14], [12, 14, 1, 2, 3, 4, 9, 10],
          _items("1 1 1", "1 1 1", "1 1 1", "1 1 1"),
          "Memories 12 (the Black Legacy +3) and 14 (each releaser +10) are yours; 11 and 13 are not in the game. "
          "You have 7 Will. Win.",
          [place("well"), player(BLUE)], (place("hearth"), "Green wins with 15 VP"),
          "A Legacy is worth 3 VP to its holder (reconstructed); 14 pays the releaser, per Legacy.",
          "At order 5 the holder scores each Legacy (3, +3 with 11 or 12, -3 with 13) and each releaser gets +10 "
          "per release with 14 (+50 with 21).", will=[7, 3, 3, 3], white=GREEN)

    start = last_turn([13, 11, 9, 10, 1, 2, 18, 4], _items("1 2 1", "0 0 0", "1 1 0", "4 0 0"), will=[7, 3, 3, 3],
                      start=BLUE)
    t.step("stones", start, title="Cards 11 and 13: the stones",
           goal="Memories 13 (both Legacies -3 VP) and 11 (the White Legacy +3) are in the game, and you have 7 "
                "Will. Release a Legacy and win.",
           check=_all(_wins(RED), lambda s: RED in s.view(RED)["released"].values()),
           solution=[place("garden"), player(GREEN)],
           hint="With 13 and 11, the White Legacy is worth 3 + 3 - 3, the Black one 3 - 3.",
           success="Order 5: each Legacy is worth 3 to its holder (reconstructed), +3 with 11 (White) or 12 "
                   "(Black), -3 with 13 (both).",
           miss=_ending([11, 13]), wrong=([place("well"), player(GREEN)], "the Black Legacy 0"))

    final("collecting", "Cards 15 and 17: most and least items", [15, 17], [15, 17, *INERT],
          _items("4 1 0", "2 1 1", "2 1 1", "3 0 0"),
          "Memories 15 (the one player with the most items +5) and 17 (the one with the least +8, the one with the "
          "most -8) are in the game. Win.",
          [place("procession"), player(YELLOW), give("coin"), give("coin")],
          (place("cash_cow"), "has the unique most items, -8"),
          "You have the most items: 17 costs you 8. Procession gives up to 2 away.",
          "15 and 17 compare every item token (coins, statues, books, Legacies, the Medal); with a tie nobody "
          "gains or loses. Card 17's order number (6) is reconstructed.")

    final("me", "Card 16: Me", [16], [16, 1, *INERT], _items("2 0 0", "1 0 0", "1 0 0", "2 0 0"),
          "Memories 16 (Me: the one player with the most Will +5) and 01 (each Coin +1) are in the game. You "
          "have 3 Will, Yellow has 4. Win.",
          [place("hearth")], (place("cash_cow"), "the unique most Will"),
          "Will left at the end counts for 16.",
          "16 compares the Will left at the end; a tie gives nobody the 5.", will=[3, 0, 0, 4])


    start = last_turn([1, 15, *INERT], _items("2 0 0", "3 0 0", "1 0 0", "0 1 0"), placed={"cash_cow": BLUE})
    t.step("share", start, title="A shared victory",
           goal="Memories 01 (each Coin +1) and 15 (the one player with the most items +5) are in the game. Make "
                "sure you at least share the win.",
           check=lambda s: s.is_over and RED in s.outcome.winners,
           solution=[place("lights")],
           hint="Blue has 3 items and 3 Coins: 8 VP with 15. A tie for the most items gives nobody the 5.",
           success="Players tied for the most VP share the victory (a ruling).",
           miss=_ending([1, 15]), wrong=(place("quarry"), "Blue wins with 8 VP"))


def _examples(t: Tutorial) -> None:
    a = [_p(5, 3, 2, 2, white=True, released_white=True), _p(1, 2, 0, 6, black=True),
         _p(4, 2, 1, 0, released_black=True), _p(6, 0, 1, 3)]
    start = last_turn([3, 5, 9, 10, 13, 15, 17, 18], _sheets_items(a), learner=GREEN, will=[p["will"] for p in a],
                      white=RED, black=BLUE, released={"white": RED, "black": GREEN}, start=RED)
    t.step("example-a", start, title="Worked example A",
           goal="You are C (Green) in the rulings' example A, with your last pawn (A is Red, B Blue, D Yellow). "
                "Win.",
           check=_wins(GREEN),
           solution=[place("bell"), look(RED)],
           hint="Example A's table has C holding the Start player, and card 18 is in the game.",
           success="With the Start player (Bell, or Clocktower returning nothing) it is example A exactly: A 9, B 14, "
                   "C 12, D 1. B has more points but cannot win (03), so C wins with 12.",
           miss=_ending([3, 18]), wrong=(place("cash_cow"), "18: Red holds the Start player"),
           learner=GREEN)

    b = [_p(5, 1, 0, 0), _p(3, 2, 2, 1, white=True, released_white=True), _p(4, 3, 1, 4, black=True),
         _p(4, 1, 1, 2, released_black=True)]
    start = last_turn([27, 26, 7, 14, 15, 19, 20, 28], _sheets_items(b), learner=GREEN, will=[p["will"] for p in b],
                      expert=True, ninth=21, white=BLUE, black=GREEN, released={"white": BLUE, "black": YELLOW},
                      medal=RED, start=GREEN)
    t.step("example-b", start, title="Worked example B",
           goal="You are C (Green) in the rulings' example B (expert), with your last pawn (A is Red, B Blue, D "
                "Yellow). Win.",
           check=_wins(GREEN),
           solution=[place("procession"), player(RED), give("coin"), give("coin")],
           hint="THAT (27) with 26 in the game: the lowest score wins. Who has the most Coins and the most items "
                "decides 19 and 15.",
           success="With THAT and 26 the lowest eligible score wins, and many placements keep yours lowest. The "
                   "rulings' example B is the one where you give A two Coins at Procession (Show me plays it): A "
                   "21 (cannot win: 19 with 15), B 17, C 7, D 12. 20 is void (27), 07 and 28 void each other; "
                   "the lowest eligible score, C's 7, wins.",
           miss=_ending([15, 19, 27]), wrong=(place("hearth"), "the lowest score wins"), learner=GREEN)

    c = [_p(6, 1, 2, 3, white=True, black=True, released_white=True, released_black=True), _p(5, 2, 1, 4),
         _p(0, 3, 1, 5)]
    start = last_turn([21, 22, 3, 6, 16, 20, 11, 24], _sheets_items(c), learner=BLUE, players=3,
                      will=[p["will"] for p in c], expert=True, ninth=25, white=RED, black=RED, start=GREEN)
    t.step("example-c", start, title="Worked example C",
           goal="You are B (Blue) in the rulings' example C (expert, 3 players and the ghost), with your last "
                "pawn (A is Red, C Green). The Ninth Memory is 25 (Throw it away!). Win.",
           check=_wins(BLUE),
           solution=[place("clocktower"), STOP],
           hint="You are the only player who can win now: A released the Legacies (22) and C has the least Coins "
                "(03; the ghost is not compared). Keep it so: your Shoal card is 03.",
           success="Any placement that leaves your 03 where it is wins. With Clocktower and nothing returned it is "
                   "example C exactly (you hold the Start player, as in its table): A 230 and C 9 cannot win "
                   "(22; 03, the ghost not compared), so B wins with 3.",
           miss=_example_c_miss, wrong=([place("hall"), exchange("shoal")], "03 went to the Ninth Memory"),
           learner=BLUE)


def _example_c_miss(state: ninekit.State) -> str:
    """Example C lost: the only way is to give away your 03 (Hall of the Ninth), which says why."""
    text = _ending([3, 16, 20, 22])(state)
    if state.is_over and state.view(BLUE)["slots"][2 * BLUE]["code"] != 3:
        text = ("your 03 went to the Ninth Memory, so it is no longer in the game and nothing stops C (Green), who "
                "has the least Coins: " + text)
    return text


def _sheets_items(players: Sequence[dict]) -> list[dict]:
    return [{"coins": p["coins"], "statues": p["statues"], "books": p["books"]} for p in players]


def _ghost(t: Tutorial) -> None:
    start = _pos(players=3, round=2, will=[2, 1, 1])
    t.step("ghost", start, title="The ghost player",
           goal="Find out the Ghost's Abyss card.",
           check=lambda s: _code(s, RED, GHOST, "Abyss") is not None,
           solution=[place("the_place"), look(GHOST)],
           hint="With 3 players the ghost's two Memories lie beside the board; they can be looked at like anyone's.",
           success="The ghost holds two Memories (dealt at random into its Shoal and Abyss, never redrawn) that "
                   "count in the game. It is never veiled and can be looked at, but it has no turns, items or Will, "
                   "can never be chosen for anything else, and is never compared for most, least or exactly "
                   "(a ruling).",
           miss="you do not know the Ghost's Abyss card",
           wrong=([place("the_place"), look(BLUE)], "the Ghost's Abyss"),
           opponent=_replies([place("hearth")]))

    start = _pos(players=3, round=4, items=_items("2 0 0", "0 0 0", "0 0 0"))
    t.step("ghost-gift", start, title="The ghost takes nothing",
           goal="Give both your Coins away with one pawn.",
           check=lambda s: _sheet(s, RED)["coins"] == 0,
           solution=[place("procession"), player(BLUE), give("coin"), give("coin")],
           hint="Procession gives 1 item, then 1 more if you wish, to another player; the ghost is not a player for "
                "it (there is no button for it).",
           success="The ghost can never be chosen by Allure's gift, Cult, Garden, Well, Hollow or Procession.",
           miss="you still hold a Coin",
           wrong=([place("procession"), player(BLUE), give("coin"), STOP], "you still hold a Coin"),
           opponent=_replies([place("hearth")]))


def _expert(t: Tutorial) -> None:
    start = _pos(expert=True, ninth=20, round=1, will=[1, 1, 1, 2],
                     memories=[26, 1, 2, 3, 4, 5, 6, 7])
    t.step("cult", start, title="Cult of Honeybook: the Medal",
           goal="Code 26 (A fearful truth: the Medal +5 VP) is yours. Take the Medal, and its 4 Will.",
           check=lambda s: s.view(RED)["medal"] == RED and _sheet(s, RED)["will"] == 4,
           solution=[place("cult"), player(RED)],
           hint="Cult of Honeybook (expert, 1 Will): choose any player, yourself included, who takes the Medal.",
           success="Cult of Honeybook (an attack, 1 Will): the chosen player takes the Medal; from the board it "
                   "brings 4 Will. The Medal has no VP of its own (reconstructed); 26 and 28 give it its value.",
           miss="you do not hold the Medal with 4 Will",
           wrong=([place("cult"), player(BLUE)], "you do not hold the Medal"),
           opponent=_replies([place("hearth")]))

    start = _pos(expert=True, ninth=20, round=2, will=[1, 0, 0, 0], medal=RED,
                     memories=[28, 1, 2, 3, 4, 5, 6, 8])
    t.step("cult-attack", start, title="Cult of Honeybook: passing the Medal on",
           goal="Code 28 (Forget all: the Medal -50 VP) is yours, and you hold the Medal. Make Yellow take it.",
           check=lambda s: s.view(RED)["medal"] == YELLOW,
           solution=[place("cult"), player(YELLOW)],
           hint="Cult of Honeybook must choose a player who does not already hold the Medal (you are not offered).",
           success="From another player the Medal comes without Will. Card 28 and 07 void each other when both are "
                   "in the game (ruling 8).",
           miss="Yellow does not hold the Medal",
           wrong=(place("hearth"), "Yellow does not hold the Medal"),
           opponent=_replies([place("hearth")]))

    start = _pos(expert=True, ninth=23, round=3, will=[2, 0, 0, 0],
                     memories=[7, 2, 1, 3, 4, 5, 6, 8], items=_items("2 2 2", "0 0 0", "0 0 0", "0 0 0"))
    t.step("hall", start, title="Hall of the Ninth",
           goal="The Ninth Memory is 23 (Lining up things: +2 VP per Coin-Statue-Book set). Put it in your Shoal "
                "in place of 07 (Despair).",
           check=lambda s: _code(s, RED, RED, "Shoal") == 23,
           solution=[place("hall"), exchange("shoal")],
           hint="Hall of the Ninth (expert, round 3-5, 2 Will, reconstructed) exchanges your Shoal or Abyss card "
                "with the Ninth.",
           success="Your card goes face up as the new Ninth Memory, the old Ninth takes its slot; both faces are "
                   "public (ruling 12). The Ninth itself never scores.",
           miss="your Shoal card is not 23: an exchange gives your card to the Ninth and the Ninth to that slot",
           wrong=([place("hall"), exchange("abyss")], "your Shoal card is not 23"),
           opponent=_replies([place("hearth")]))

    start = _pos(expert=True, ninth=23, round=4, will=[0, 0, 0, 0], medal=RED)
    t.step("gallery", start, title="Gallery of Honor",
           goal="Find out Blue's Abyss card, with no Will.",
           check=lambda s: _code(s, RED, BLUE, "Abyss") is not None,
           solution=[place("gallery"), look(BLUE)],
           hint="Gallery of Honor (expert, round 4-5): only the Medal holder may place there, and keeps it.",
           success="Gallery of Honor (reconstructed): look at an Abyss, or exchange one of your Memories with the "
                   "Ninth, in one decision.",
           miss="you do not know Blue's Abyss card",
           wrong=(place("the_place"), "must be fully payable"),
           opponent=_replies([place("hearth")]))

    start = _pos(expert=True, ninth=20, round=1, memories=[1, 2, 26, 3, 4, 5, 6, 7])
    t.step("fearful-truth", start, title="Code 26 is shown to all",
           goal="Look at Blue's Shoal card.",
           check=lambda s: _code(s, RED, BLUE, "Shoal") is not None,
           solution=[place("watchtower"), look(BLUE)],
           hint="Any Shoal look does it.",
           success="It is Code 26, A fearful truth: whoever looks at it shows it to all players (spectators too).",
           miss="you did not look at Blue's Shoal",
           wrong=([place("watchtower"), look(GREEN)], "did not look at Blue"),
           opponent=_replies([place("hearth")]))

    def final(key, title, cards, memories, ninth, items, goal, solution, wrong, hint, success, **kwargs):
        start = last_turn(memories, items, expert=True, ninth=ninth, **kwargs)
        t.step(key, start, title=title, goal=goal, check=_wins(start.to_move), solution=solution, hint=hint,
               success=success, miss=_ending(cards), wrong=wrong)

    final("ambition", "Card 19: High ambition", [15, 19], [19, 15, *INERT], 20,
          _items("6 2 0", "5 0 1", "0 1 1", "0 0 0"),
          "Memories 19 (the one player with the most Coins +10; cannot win if 15 is in the game) and 15 (the one "
          "player with the most items +5) are in the game. You have 6 Coins, Blue 5. Win.",
          [place("shore"), ret("coin"), STOP], (place("hearth"), "Code 15 is in the game, so Red cannot win"),
          "With 15 in the game, the most Coins brings 10 VP and the loss of the game.",
          "19 is applied at order 2; its second sentence makes the player unable to win (a ruling).")

    final("words", "Card 20: There were the words", [20], [20, 5, 9, 11, 12, 13, 14, 16], 27,
          _items("0 2 0", "0 1 1", "0 1 1", "0 0 1"),
          "Memory 20 (There were the words: every total is multiplied by its player's Books) is in the game. "
          "Win.",
          [place("archive")], (place("cross"), "each total is multiplied by that player's Books"),
          "You have 0 Books: 0 times anything is 0.",
          "20 is applied last (order 8), each total times that player's own Books; it is void if 27 is in the game "
          "(ruling 8).")

    final("tune", "Cards 21 and 22: the Last Tune and the Sunken Hearts", [21, 22], [21, 1, *INERT], 22,
          _items("0 0 0", "2 2 1", "1 1 1", "1 1 1"),
          "Memories 21 (+50 VP per Legacy you released) and 01 are in the game; 22 is the Ninth Memory, so it is "
          "not. You have 6 Will. Win.",
          [place("garden"), player(BLUE)], (place("hearth"), "Blue wins with 5 VP"),
          "The Ninth Memory never scores.",
          "21 pays each releaser 50 VP per Legacy; 22 (if in the game) makes every releaser unable to win.",
          will=[6, 0, 0, 0])

    final("sunken", "Card 22: The Last XVII of Sunken Hearts", [21, 22], [22, 21, 9, 10, 11, 12, 13, 1], 20,
          _items("4 2 1", "1 0 0", "0 0 0", "3 2 1"),
          "Memories 22 (every player who released a Legacy cannot win) and 21 (+50 VP per Legacy released) are in "
          "the game. You have 6 Will. Win.",
          [place("hearth")], ([place("garden"), player(BLUE)], "Red released a Legacy and cannot win"),
          "+50 VP are worth nothing to a player who cannot win.",
          "22 is applied at order 1: a releaser still scores (21's 50 too) but cannot win (a ruling).",
          will=[6, 3, 3, 3])

    final("sets", "Cards 23 and 25: sets and missing items", [23, 25], [23, 25, *INERT], 22,
          _items("2 1 1", "1 1 1", "3 2 0", "0 1 1"),
          "Memories 23 (+2 VP per set of Coin, Statue and Book) and 25 (+3 VP per kind of Coin, Statue, Book you "
          "do not have) are in the game. Win.",
          [place("shore"), ret("statue"), ret("book")], (place("cross"), "Green lacks 1 kind of item"),
          "Having none of a kind is worth 3 VP with 25; a set is worth only 2 with 23.",
          "23 counts complete sets; 25 pays 3 for each of the three kinds you have none of.")

    final("sad", "Card 24: Things that make me sad", [24], [24, 5, *INERT], 22,
          _items("0 1 0", "0 2 0", "0 1 0", "0 0 0"),
          "Memories 24 (every player with at least 1 Will left loses 3 VP) and 05 (each Statue +2) are in the "
          "game, and 16 is not. You have 1 Will. Win.",
          [place("hollow"), take("statue")], (place("cross"), "Will left, -3"),
          "Spending your last Will is worth 3 VP here.",
          "24 takes 3 VP from every player with Will left; it is void if 16 (Me) is in the game (ruling 8).",
          will=[1, 0, 0, 0])

    final("that", "Card 27: THAT", [26, 27], [27, 26, *INERT], 20,
          _items("2 2 0", "0 0 1", "1 1 0", "0 2 0"),
          "Memories 27 (THAT: with 26 in the game the lowest score wins) and 26 are in the game. Win.",
          [place("shore"), ret("statue"), ret("statue")], (place("hearth"), "the lowest score wins"),
          "Lower is better here. Shore returns up to 2 items.",
          "With 27 and 26 both in the game the eligible player with the lowest VP wins (a ruling); 27 without 26 "
          "does nothing.", will=[0, 0, 0, 0])

    final("forget", "Cards 26 and 28 with 07", [7, 26, 28], [28, 7, 26, *INERT[:5]], 20,
          _items("0 1 0", "0 2 0", "0 3 0", "0 0 0"),
          "Blue holds the Medal. Memories 28 (the Medal -50), 07 (Statues negative) and 26 (the Medal +5) are in "
          "the game. Win.",
          [place("cult"), player(RED)], (place("cross"), "the Medal is worth 5"),
          "07 and 28 void each other when both are in the game: the Medal is worth +5 here, and Statues count "
          "positive.",
          "Invalid cards are decided once, before order 1: 20 with 27, 24 with 16, 07 and 28 together (ruling 8). "
          "A void card still counts as in the game.", medal=BLUE)


__all__ = ["tutorial", "score_calculator", "worked_example", "breakdown_html", "EXAMPLES", "last_turn",
           "RECONSTRUCTED_NOTE"]
