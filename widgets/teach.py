"""Helpers for the Nine Knights tutorial: display code only.

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

from .tables import adapter_for

__all__ = ["check", "decide", "fight_calculator", "fight_table", "fight_verdict", "move", "peek", "peek_view"]

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
