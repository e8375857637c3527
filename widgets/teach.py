"""Helpers for the Nine Knights tutorial's fight section: display code only.

The tutorial calls these in one line each so that the learner reads the game, not the plumbing:
:func:`fight_table` (every fight between Duty numbers 1-9) and :func:`fight_calculator` (sliders and the
verdict, :func:`fight_verdict`).  Every rule comes from ninekit (``fight_reason``); nothing here decides a
fight on its own.  The lesson steps themselves are ``widgets.lesson`` (``Tutorial``, kept importable from
here) and ``widgets.lessons``.

    >>> "Knight 6" in fight_verdict(6, 7)
    True
"""

from __future__ import annotations

from html import escape

import ipywidgets
from IPython.display import HTML

from ninekit.nine_knights import fight_reason

from .lesson import Tutorial

__all__ = ["Tutorial", "fight_calculator", "fight_table", "fight_verdict"]


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
