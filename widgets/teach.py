"""Helpers for the tutorials (Nine Knights, Double Nine): display code only.

The tutorial calls these in one line each so that the learner reads the game,
not the plumbing.  Every rule comes from ninekit (``legal_moves``,
``why_illegal``, ``play``, ``fight_reason``); nothing here decides a move or a
fight on its own.

    >>> from ninekit.nine_knights import position
    >>> state = move(position({"c3": "S4", "g8": "N6"}), "c3", "c4")
    >>> state.log(None)[-1]
    'South moves an Archer c3 → c4'
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets
from IPython.display import HTML

import ninekit
from ninekit.nine_knights import fight_reason

from .lesson import LessonStep, Tutorial, resolve
from .tables import adapter_for

__all__ = ["LessonStep", "Tutorial", "resolve",  # lesson steps: the learner decides on the board
           "check", "decide", "fight_calculator", "fight_table", "fight_verdict", "move", "peek", "peek_view",
           # Double Nine
           "check_double_nine", "choices", "deck_table", "demo", "step", "table", "who_wins", "why_not"]

FIELD = re.compile(r"\b[a-i](?:10|[1-9])\b")


def move(state: ninekit.State, frm: str, to: str) -> ninekit.State:
    """The Knight on ``frm`` moves to ``to``: two decisions, *choose the Knight*, then *the field*.

    Raises ``ninekit.IllegalMove`` (naming the rule) if either decision is not allowed.

    >>> from ninekit.nine_knights import position
    >>> after = move(position({"c3": "S4", "g8": "N6"}), "c3", "c4")
    >>> after.prompt
    'North: choose a Knight to move'
    """
    state = state.play(state.game.parse_move({"kind": "select", "args": [frm]}))
    return state.play(state.game.parse_move({"kind": "to", "args": [to]}))


def decide(state: ninekit.State, words: str) -> ninekit.State:
    """Take the open decision whose text contains ``words`` (whole words: "c1" does not match "c10").

    >>> from ninekit.nine_knights import position
    >>> chosen = decide(position({"c3": "S4", "g8": "N6"}), "c3")
    >>> chosen.prompt
    'South: choose where the Knight on c3 moves'
    >>> decide(chosen, "fly away")
    Traceback (most recent call last):
    ...
    ninekit.core.IllegalMove: no decision says 'fly away'; the choices are ...
    """
    for choice in state.legal_moves():
        if re.search(rf"\b{re.escape(words)}\b", str(choice)):
            return state.play(choice)
    raise ninekit.IllegalMove(f"no decision says {words!r}; the choices are {[str(m) for m in state.legal_moves()]}")


def peek_view(state: ninekit.State) -> dict:
    """A Nine Knights view with BOTH sides' secrets filled in (for teaching pictures only).

    Badges stay dashed for numbers that are still secret in the game.

    >>> from ninekit.nine_knights import position
    >>> view = peek_view(position({"c3": "S4", "g8": "N6"}))
    >>> [(k["square"], k["duty"], k["revealed"]) for k in view["knights"]], view["hidden_tokens"]
    ([('c3', 4, False), ('g8', 6, False)], [1, 2])
    """
    south, north = state.view(0), state.view(1)
    view = dict(south, seat=None)
    view["knights"] = [dict(s, duty=s["duty"] or n["duty"]) for s, n in zip(south["knights"], north["knights"])]
    view["waiting"] = [south["waiting"][0], north["waiting"][1]]
    view["hidden_tokens"] = [south["hidden_tokens"][0], north["hidden_tokens"][1]]
    return view


def peek(state: ninekit.State, show_choices: bool = False) -> HTML:
    """The board with both players' Duty numbers and Hidden Tokens showing, which no player ever sees.

    A dashed badge is a number that is still secret in the game; a solid one is public.  With
    ``show_choices=True`` the fields the open decision may choose get a dot.

    >>> from ninekit.nine_knights import position
    >>> picture = peek(position({"c3": "S4", "g8": "N6"}))
    >>> "<svg" in picture.data
    True
    """
    fields = {}
    if show_choices:
        fields = {str(m.args[0]): m for m in state.legal_moves() if m.kind in ("place", "to", "summon_to")}
    picture = adapter_for(state.game.name).draw(peek_view(state), fields, {})
    return HTML(f'<div style="max-width:520px">{picture}</div>')


# --- fights ----------------------------------------------------------------------------------


def fight_verdict(attacker: int, defender: int, attacker_reveals: bool = False,
                  defender_reveals: bool = False) -> str:
    """One line of HTML: who wins this fight and why (ninekit's ``fight_reason`` decides).

    A side that *reveals* shows a Hidden Token with its own Knight's number.

    >>> fight_verdict(2, 8, attacker_reveals=True)
    '<b>The attacker (Knight 2) wins</b>: a revealed Hidden Token 2 on Knight 2 beats an 8.'
    >>> print(fight_verdict(4, 6, attacker_reveals=True))
    <b>The defender (Knight 6) wins</b>: the higher number wins.<br><small>Revealing changes nothing here.</small>
    """
    notes = []
    hidden = {}
    for side, number, ticked in (("attacker", attacker, attacker_reveals), ("defender", defender, defender_reveals)):
        if not ticked:
            continue
        try:
            fight_reason(attacker, defender, **{f"{side}_hidden": number})
        except ValueError as error:  # the rules say which tokens exist
            notes.append(f"The {side} cannot reveal a token showing {number}: {error}.")
            continue
        hidden[f"{side}_hidden"] = number
    winner, reason = fight_reason(attacker, defender, **hidden)
    if hidden and fight_reason(attacker, defender)[0] == winner:
        notes.append("Revealing changes nothing here.")
    number = attacker if winner == "attacker" else defender
    text = f"<b>The {winner} (Knight {number}) wins</b>: {escape(reason)}."
    return text + "".join(f"<br><small>{escape(note)}</small>" for note in notes)


def fight_calculator() -> ipywidgets.VBox:
    """Sliders for two Duty numbers and ticks for Hidden Tokens; the verdict updates as you move them.

    >>> box = fight_calculator()
    >>> box.children[0].value = 6
    >>> box.children[1].value = 7
    >>> box.children[-1].value
    '<b>The attacker (Knight 6) wins</b>: a difference of 1: the lower number wins.'
    """
    attacker = ipywidgets.IntSlider(value=2, min=1, max=9, description="Attacker")
    defender = ipywidgets.IntSlider(value=8, min=1, max=9, description="Defender")
    attacker_reveals = ipywidgets.Checkbox(description="Attacker reveals its Hidden Token", indent=False)
    defender_reveals = ipywidgets.Checkbox(description="Defender reveals its Hidden Token", indent=False)
    verdict = ipywidgets.HTML()

    def show(_change=None):
        verdict.value = fight_verdict(attacker.value, defender.value, attacker_reveals.value, defender_reveals.value)

    for control in (attacker, defender, attacker_reveals, defender_reveals):
        control.observe(show, names="value")
    show()
    return ipywidgets.VBox([attacker, defender, attacker_reveals, defender_reveals, verdict])


def fight_table() -> HTML:
    """Every fight between Duty numbers 1-9 as a coloured table (A = the attacker wins, D = the defender).

    Cells that "the higher number wins" does not explain are bold; hover over a cell for the reason.

    >>> html = fight_table().data
    >>> html.count("<td"), 'title="6 attacks 7: a difference of 1: the lower number wins"' in html
    (81, True)
    """
    def cell(a, d):
        winner, reason = fight_reason(a, d)
        colour = "rgba(46, 160, 67, 0.25)" if winner == "attacker" else "rgba(218, 54, 51, 0.22)"
        weight = "400" if reason == "the higher number wins" else "700"
        return (f'<td title="{a} attacks {d}: {escape(reason)}" style="background:{colour};font-weight:{weight};'
                f'text-align:center;padding:4px 8px">{winner[0].upper()}</td>')

    header = "".join(f'<th style="text-align:center">{d}</th>' for d in range(1, 10))
    rows = "".join(f"<tr><th>{a}</th>{''.join(cell(a, d) for d in range(1, 10))}</tr>" for a in range(1, 10))
    return HTML(f'<table><tr><th title="attacker \\ defender">A \\ D</th>{header}</tr>{rows}</table>')


# --- puzzles -----------------------------------------------------------------------------------


def _settle(state: ninekit.State) -> ninekit.State:
    """Answer pending Hidden Token questions the best way for whoever is asked (Reveal when offered)."""
    while state.outcome is None and state.legal_moves() and {m.kind for m in state.legal_moves()} <= {"reveal", "keep"}:
        state = state.play(state.legal_moves()[0])  # Reveal, when offered, comes first
    return state


def check(state: ninekit.State, answer, hint: str) -> None:
    """Play ``answer`` (like ``"a2 to b3"``) for the side to move and print whether it wins at once.

    If the fight asks about a Hidden Token, the side that is asked reveals it whenever it may.
    The hint is printed only after a wrong move.

    >>> from ninekit.nine_knights import position
    >>> puzzle = position({"c9": "S3", "f5": "N6"})
    >>> check(puzzle, "?? to ??", "Look at row 10.")
    Fill in your move above, then run this cell.
    >>> check(puzzle, "c9 to c10", "Look at row 10.")
    Right!
      South moves a Ranger c9 → c10. Game over: South's Knight 3 reached North's Goal Token 3 on c10
    """
    side = state.to_move
    text = "" if answer is None or answer is Ellipsis else str(answer)
    fields = FIELD.findall(text.lower())
    if not fields and (not text.strip() or "?" in text):
        print("Fill in your move above, then run this cell.")
        return
    if len(fields) != 2:
        print(f'Write the move as two fields, like "a2 to b3" (your answer: {text!r}).')
        return
    frm, to = fields
    try:
        after = _settle(move(state, frm, to))
    except ninekit.IllegalMove as error:
        print(f"Not yet: {frm} to {to} is not allowed. {error}.")
        print("Hint:", hint)
        return
    lines = after.log(None)[len(state.log(None)):]
    if after.outcome is not None and after.outcome.winners == (side,):
        print("Right!")
        for line in lines:
            print(" ", line)
        return
    print(f"Not yet: {frm} to {to} is allowed, but {state.game.seat_name(side)} has not won:")
    for line in lines:
        print(" ", line)
    print("Hint:", hint)


# --- Double Nine -------------------------------------------------------------------------------
#
# The Double Nine tutorial speaks of Player 1-4 (as the pictures and the move texts do); ninekit's
# seats count from 0 (Player 1 is seat 0).  These helpers take and print Player numbers only.


def _dn_seat(state: ninekit.State, player: int | None) -> int:
    """Seat of Player ``player`` (1-4); ``None``: the player whose decision it is (Player 1 once over)."""
    if player is None:
        return state.to_move if state.to_move is not None else 0
    if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= state.game.players:
        raise ValueError(f"players are numbered 1 to {state.game.players} (got {player!r})")
    return player - 1


def _dn_svg(state: ninekit.State, seat: int) -> str:
    return adapter_for(state.game.name).draw(state.view(seat), {}, {})


def table(state: ninekit.State, player: int | None = None) -> HTML:
    """The Double Nine table as Player ``player`` (1-4) sees it: their hand face up, the other hands as backs.

    Without ``player``: the view of the player whose decision it is.

    >>> from ninekit.double_nine import position
    >>> state = position(2, hands=[["Elf", "Luna"], ["Aiko"]], pile=["Clown"])
    >>> html = table(state).data
    >>> "Seen by Player 1" in html, "Seen by Player 2" in table(state, player=2).data
    (True, True)
    """
    seat = _dn_seat(state, player)
    return HTML(f'<div style="max-width:440px"><b>Seen by Player {seat + 1}</b>{_dn_svg(state, seat)}</div>')


def _dn_norm(text) -> str:
    return re.sub(r"\s+", " ", str(text).replace("×", "x")).strip().lower()


def _dn_words_in(words: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(_dn_norm(words))}(?!\w)", _dn_norm(text)) is not None


def _dn_parse(state: ninekit.State, words: str) -> ninekit.Move | None:
    """The decision of the current kind that ``words`` describe (legal or not), or None."""
    from ninekit.double_nine import NAMES

    kind = state.view(None)["phase"]
    text = _dn_norm(words)
    seat = None
    found = re.search(r"player (\d)", text)
    if found:
        seat = int(found.group(1)) - 1
    elif re.search(r"\b(your|yourself|own|my)\b", text):
        seat = state.to_move
    site = "x10" if re.search(r"\bx10\b", text) else "x1" if re.search(r"\bx1\b", text) else None
    args = None
    if kind in ("card", "return"):
        for name in sorted(NAMES, key=len, reverse=True):
            if _dn_words_in(name, text):
                args = [name]
                break
    elif kind in ("site", "take", "remove", "give"):
        if seat is not None and site is not None:
            args = [seat, site]
    elif kind in ("swap", "possess", "aim"):
        if seat is not None:
            args = [seat]
    elif kind == "direction":
        args = [w for w in ("left", "right") if re.search(rf"\b{w}\b", text)][:1]
    elif kind == "beneath":
        found = re.search(r"card (\d+)", text)
        args = [int(found.group(1)) - 1] if found else None
    elif kind == "decide":
        args = [w for w in ("remove", "keep") if re.search(rf"\b{w}\b", text)][:1]
    if not args:
        return None
    try:
        return state.game.parse_move({"kind": kind, "args": args})
    except ValueError:
        return None


def _dn_find(state: ninekit.State, step) -> ninekit.Move:
    """The legal decision ``step`` names: its number in ``choices`` (from 1), or words from its text."""
    legal = list(state.legal_moves())
    if isinstance(step, int) and not isinstance(step, bool):
        if 1 <= step <= len(legal):
            return legal[step - 1]
        raise ninekit.IllegalMove(f"there is no choice {step}: the choices are numbered 1 to {len(legal)}")
    found = [m for m in legal if _dn_words_in(step, m)]
    exact = [m for m in found if _dn_norm(m) == _dn_norm(step)]
    if len(found) == 1 or len(exact) == 1:
        return (exact or found)[0]
    if found:
        raise ninekit.IllegalMove(f"several choices say {step!r}: " + "; ".join(map(str, found))
                                  + ". Add words to tell them apart")
    attempt = _dn_parse(state, step)
    reason = state.why_illegal(attempt) if attempt is not None else None
    if reason:
        raise ninekit.IllegalMove(reason)
    raise ninekit.IllegalMove(f"no choice says {step!r}; the choices are: " + "; ".join(map(str, legal)))


def choices(state: ninekit.State) -> None:
    """Print whose decision it is and the choices the rules allow now, numbered from 1.

    >>> from ninekit.double_nine import position
    >>> choices(position(2, hands=[["Elf", "Luna"], ["Aiko"]], pile=["Clown"]))
    Player 1: choose a card from your hand to play
      1. Play Elf (8) from your hand
      2. Play Luna (9) from your hand
    """
    print(state.prompt)
    for i, choice in enumerate(state.legal_moves(), 1):
        print(f"  {i}. {choice}")


def step(state: ninekit.State, *steps) -> ninekit.State:
    """Take decisions one after another; each is words from a choice's text or its number from ``choices``.

    Raises ``ninekit.IllegalMove`` (naming the rule) when no choice fits.

    >>> from ninekit.double_nine import position
    >>> state = step(position(2, hands=[["Elf", "Luna"], ["Aiko"]], pile=["Clown"]), "Play Luna", "Site ×1")
    >>> state.log(0)[-1]
    'Player 1 plays Luna (9) onto their Site ×1'
    """
    for one in steps:
        state = state.play(_dn_find(state, one))
    return state


def why_not(state: ninekit.State, words) -> None:
    """Print whether the decision described by ``words`` is allowed now, and if not, which rule forbids it.

    >>> from ninekit.double_nine import position
    >>> chosen = step(position(2, hands=[["Elf", "Luna"], ["Aiko"]], pile=["Clown"]), "Play Luna")
    >>> why_not(chosen, "Put Luna on your Site ×10")
    Not allowed: Luna may only be played onto your own Site ×1
    >>> why_not(chosen, "Put Luna on your Site ×1")
    Allowed: Put Luna on your Site ×1
    """
    try:
        print("Allowed:", _dn_find(state, words))
    except ninekit.IllegalMove as error:
        print("Not allowed:", error)


def _dn_after_note(before: ninekit.State, after: ninekit.State) -> str:
    if after.outcome is not None:
        return "the match is over"
    old, new = before.view(None), after.view(None)
    if new["game_number"] > old["game_number"]:
        return f"game {new['game_number']} has been dealt; Player {after.to_move + 1} has drawn and is to play"
    if new["phase"] == "card" and after.history != before.history:
        return f"Player {after.to_move + 1} has already drawn and is to play"
    return ""


def demo(state: ninekit.State, *steps, players=None) -> ninekit.State:
    """Take the decisions ``steps`` (as in :func:`step`), print what happened and show Before / After pictures.

    The pictures show the table as the player whose decision it was sees it, or one row for each of
    ``players`` (Player numbers, 1-4).  A decision that is not allowed is printed with its reason and
    the demo stops there.  Returns the state after the decisions.

    >>> from ninekit.double_nine import position
    >>> import IPython.display
    >>> shown = []
    >>> real, IPython.display.display = IPython.display.display, shown.append
    >>> after = demo(position(2, hands=[["Elf", "Luna"], ["Aiko"]], pile=["Clown", "Elf"]), "Play Luna", "Site ×1")
    Player 1 chooses Luna
    Player 1 plays Luna (9) onto their Site ×1
    Now: Player 2: choose a card from your hand to play
    >>> IPython.display.display = real
    >>> "After · seen by Player 1 (Player 2 has already drawn and is to play)" in shown[0].data
    True
    """
    from IPython import display as ipd

    seats = [_dn_seat(state, None)] if players is None else [_dn_seat(state, p) for p in players]
    before, start = state, len(state.history)
    for one in steps:
        try:
            state = state.play(_dn_find(state, one))
        except ninekit.IllegalMove as error:
            print(f"Not allowed: {error}")
            break
    for line in state.log(seats[0])[start:]:
        print(line)
    print("Now:", state.prompt)
    note = _dn_after_note(before, state)
    rows = []
    for seat in seats:
        cells = []
        for word, shown, extra in (("Before", before, ""), ("After", state, f" ({note})" if note else "")):
            cells.append(f'<div style="flex:1 1 300px;max-width:440px"><b>{word} · seen by Player {seat + 1}'
                         f'{escape(extra)}</b>{_dn_svg(shown, seat)}</div>')
        rows.append('<div style="display:flex;flex-wrap:wrap;gap:12px;margin-bottom:10px">' + "".join(cells)
                    + "</div>")
    ipd.display(HTML("".join(rows)))
    return state


def _dn_and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def who_wins(*games, target: int | None = None, teams: bool = False) -> None:
    """Print who wins, and why, for the players' numbers of one game (or three games: the Competition Rule).

    ninekit's ``judge`` decides; this prints its answer with Player numbers (``judge`` counts seats from 0).

    >>> who_wins((73, 91, 45))
    Player 1: 73 · Player 2: 91 · Player 3: 45
    Player 2 wins: the highest number.
    >>> who_wins((90, 10, 20, 30), teams=True)
    Player 1: 90 · Player 2: 10 · Player 3: 20 · Player 4: 30
    Players 1 + 3: 90 + 20 = 110 · Players 2 + 4: 10 + 30 = 40
    Players 1 and 3 win: the higher team number.
    >>> who_wins((73, 91), (88, 40), (50, 60), target=60)
    Totals after three games:
      Player 1: 73 + 88 + 50 = 211
      Player 2: 91 + 40 + 60 = 191
    Target 3 × 60 = 180: Player 1: 31 away · Player 2: 11 away
    Player 2 wins: the total closest to 180.
    """
    from ninekit.double_nine import judge

    if len(games) not in (1, 3):
        raise ValueError("give the numbers of one game, or of three games (the Competition Rule)")
    games = [tuple(g) for g in games]
    n = len(games[0])
    if any(len(g) != n for g in games):
        raise ValueError("every game needs a number for each player")
    if len(games) == 1:
        numbers = games[0]
        print(" · ".join(f"Player {p + 1}: {x}" for p, x in enumerate(numbers)))
        what = "number"
    else:
        numbers = tuple(sum(g[p] for g in games) for p in range(n))
        print("Totals after three games:")
        for p in range(n):
            print(f"  Player {p + 1}: {' + '.join(str(g[p]) for g in games)} = {numbers[p]}")
        what = "total"
    goal = None if target is None else target * len(games)
    winners = judge(numbers, target=goal, teams=teams)
    names = _dn_and([f"{p + 1}" for p in winners])
    if teams:
        sums = [numbers[0] + numbers[2], numbers[1] + numbers[3]]
        print(f"Players 1 + 3: {numbers[0]} + {numbers[2]} = {sums[0]} · "
              f"Players 2 + 4: {numbers[1]} + {numbers[3]} = {sums[1]}")
        scored = ["Players 1 + 3", "Players 2 + 4"], sums
        what = f"team {what}"
    else:
        scored = [f"Player {p + 1}" for p in range(n)], list(numbers)
    if goal is not None:
        shown = f"3 × {target} = {goal}" if len(games) == 3 else str(goal)
        print(f"Target {shown}: " + " · ".join(f"{who}: {abs(x - goal)} away" for who, x in zip(*scored)))
    who = f"Player {names} wins" if len(winners) == 1 else f"Players {names} win"
    if goal is not None:
        how = f"the {what} closest to {goal}"
    else:
        how = f"the higher {what}" if teams else f"the highest {what}"
    tied = len(winners) > 1 and not (teams and len(winners) == 2 and winners in ((0, 2), (1, 3)))
    print(f"{who}: {'tied for ' if tied else ''}{how}.")


def deck_table() -> HTML:
    """The four ``deck`` options side by side, counted by ninekit itself (set-up of a new game).

    >>> html = deck_table().data
    >>> '>full</td>' in html and '>10 + 1</td>' in html
    True
    """
    from ninekit.double_nine import DECKS, EXTRA_REMOVED

    contents = {"basic": "the 20 basic cards: 0–9 twice", "expansion": "the 20 expansion cards: 0–9 twice",
                "mixed": "one basic set 0–9 and one expansion set 0–9: 20 cards, each once",
                "full": "all 40 cards: every card twice"}
    left = ' style="text-align:left"'
    rows = []
    for deck in DECKS:
        extra = EXTRA_REMOVED[deck]
        removed = f"{extra} + 1" if extra else "1"
        piles = []
        for players in (2, 3, 4):
            view = ninekit.make("double_nine", players, deck=deck).new(seed=0).view(None)
            piles.append(str(view["pile_count"] + 1))  # the start player has already drawn one
        cells = (deck, escape(contents[deck]), len(DECKS[deck]), removed, " / ".join(piles))
        rows.append("<tr>" + "".join(f"<td{left}>{cell}</td>" for cell in cells) + "</tr>")
    head = ("deck", "cards", "how many", "removed face down", "pile after dealing (2 / 3 / 4 players)")
    head = "<tr>" + "".join(f"<th{left}>{cell}</th>" for cell in head) + "</tr>"
    return HTML(f"<table>{head}{''.join(rows)}</table>")


# Puzzle answers live here, not in the notebook.  kind: "number" or "players" (Player numbers 1-4).
_DN_QUIZ = {
    "reaper": ("number", 8, "Reaper is a 0 and now lies on top of Site ×10; the card it takes goes onto the site "
               "beside it, Site ×1.",
               {80: "that would be Reaper on Site ×1. Here Reaper lies on Site ×10, so the tens are 0.",
                98: "Luna is covered: Reaper (0) now lies on top of Site ×10.",
                97: "Luna is covered: Reaper (0) now lies on top of Site ×10.",
                7: "Medusa gives 07, but another card gives more."}),
    "sister": ("number", 70, "Sister protects only the site beside her, and she does not protect herself.",
               {90: "Player 2's Luna lies beside Sister: Sister protects it from your Reaper.",
                50: "Taking a Sister is allowed (she does not protect herself), but another card gives more.",
                80: "no board shows an 8: your Elf is in your hand, and Reaper takes only a top card from "
                    "another player's board."}),
    "fox": ("number", 0, "Which card would you remove from Player 2's board, and what counts there afterwards? "
            "A Nine-tailed Fox takes the number of the card beside it.",
            {99: "removing the Fox brings the Luna beneath it back to the top: still 99. Try the other site.",
             90: "with Luna gone, Player 2's Site ×1 is empty. The Fox beside it then counts 0, not 9.",
             9: "with Luna gone, Player 2's Site ×1 is empty and counts 0."}),
    "target": ("players", (2,), "Count how far each number is from 50.",
               {(1,): "41 is 9 away from 50, 58 only 8 away."}),
    "teams": ("players", (2, 4), "Add the numbers of the two team-mates: Players 1 + 3 against Players 2 + 4.",
              {(1, 3): "Players 1 + 3 have 90 + 5 = 95; Players 2 + 4 have 60 + 40 = 100.",
               (1,): "Player 1 has the highest number, but with the Team Rule the team sums count."}),
    "competition": ("players", (1,), "Add each player's three numbers.",
                    {(2,): "Player 2 made the best single number, but the three numbers are added."}),
}


def _dn_as_number(answer):
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and answer.strip().isdigit():
        return int(answer.strip())
    return None


def _dn_as_players(answer):
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        answer = [answer]
    elif isinstance(answer, str):
        answer = re.findall(r"\d+", answer)
    elif not isinstance(answer, (list, tuple, set, frozenset)):
        return None
    players = set()
    for item in answer:
        number = _dn_as_number(item)
        if number is None:
            return None
        players.add(number)
    return tuple(sorted(players)) or None


def check_double_nine(name: str, answer) -> None:
    """Check the answer to the Double Nine tutorial's puzzle ``name``; a hint follows a wrong answer only.

    Numbers may be given as ``8`` or ``"08"``; players as Player numbers (1-4) in any form:
    ``2``, ``(2,)``, ``[4, 2]``, ``{2, 4}`` or ``"Players 2 and 4"``.

    >>> check_double_nine("teams", ...)
    Fill in your answer above, then run this cell.
    >>> check_double_nine("teams", [4, 2])
    Right! Players 2 and 4 win.
    >>> check_double_nine("reaper", 80)
    Not yet (your answer: 80): that would be Reaper on Site ×1. Here Reaper lies on Site ×10, so the tens are 0.
    Hint: Reaper is a 0 and now lies on top of Site ×10; the card it takes goes onto the site beside it, Site ×1.
    """
    kind, right, hint, notes = _DN_QUIZ[name]
    if answer is None or answer is Ellipsis or (isinstance(answer, str) and not answer.strip()):
        print("Fill in your answer above, then run this cell.")
        return
    if kind == "number":
        given = _dn_as_number(answer)
        if given is None:
            print(f"Answer with a whole number, like 42 (your answer: {answer!r}).")
            return
        if given == right:
            print(f"Right! The number is {right:02d}.")
            return
    else:
        given = _dn_as_players(answer)
        if given is None:
            print(f"Answer with Player numbers, like 2 or (1, 3) (your answer: {answer!r}).")
            return
        if given == right:
            names = _dn_and([str(p) for p in right])
            print(f"Right! Player {names} wins." if len(right) == 1 else f"Right! Players {names} win.")
            return
        if any(p < 1 or p > 4 for p in given):
            print(f"Not yet (your answer: {answer!r}): Players are numbered 1 to 4, as in the pictures.")
            print("Hint:", hint)
            return
    note = notes.get(given)
    print(f"Not yet (your answer: {answer!r})" + (f": {note}" if note else "."))
    print("Hint:", hint)
