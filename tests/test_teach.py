"""The tutorial helpers in widgets/teach.py: the fight table and calculator of the Nine Knights tutorial.

Also brute-forces the Nine Knights tutorial's puzzles: each has exactly one winning move.
"""

from __future__ import annotations

import ninekit
from ninekit.nine_knights import fight
from widgets.lessons.nine_knights import puzzles as nine_knights_puzzles
from widgets.teach import fight_calculator, fight_table


def _settle(state: ninekit.State) -> ninekit.State:
    """Answer pending Hidden Token questions the best way for whoever is asked (Reveal when offered)."""
    while state.outcome is None and state.legal_moves() and {m.kind for m in state.legal_moves()} <= {"reveal", "keep"}:
        state = state.play(state.legal_moves()[0])  # Reveal, when offered, comes first
    return state


def _winning_answers(state) -> list[str]:
    wins = []
    for select in state.legal_moves():
        for to in state.play(select).legal_moves():
            if to.kind == "to":
                after = _settle(state.play(select).play(to))
                if after.outcome is not None and after.outcome.winners == (state.to_move,):
                    wins.append(f"{select.args[0]} to {to.args[0]}")
    return wins


def test_the_tutorial_has_three_puzzles_each_with_exactly_one_winning_move():
    puzzles = nine_knights_puzzles()
    assert sorted(puzzles) == ["goal-race", "reveal-attack", "win-no-knights"]
    answers = {name: _winning_answers(state) for name, state in puzzles.items()}
    assert all(len(wins) == 1 for wins in answers.values()), answers
    assert len({wins[0] for wins in answers.values()}) == 3, f"three different answers, please: {answers}"
    for name, state in puzzles.items():
        assert state.to_move == 0, f"{name}: South is to move"


def test_fight_table_agrees_with_the_rules():
    html = fight_table().data
    for a in range(1, 10):
        for d in range(1, 10):
            letter = fight(a, d)[0].upper()
            assert f'title="{a} attacks {d}: ' in html
            assert html.split(f'title="{a} attacks {d}: ', 1)[1].split("</td>", 1)[0].endswith(f">{letter}")


def test_fight_calculator_shows_the_verdict_and_explains_impossible_tokens():
    attacker, defender, attacker_reveals, defender_reveals, verdict = fight_calculator().children
    assert "The defender (Knight 8) wins" in verdict.value  # starts at 2 against 8, nothing revealed
    attacker_reveals.value = True
    assert "The attacker (Knight 2) wins" in verdict.value and "Hidden Token 2" in verdict.value
    attacker.value = 7
    assert "Hidden Tokens are 1 to 5" in verdict.value
    attacker.value, defender.value = 4, 6
    assert "Revealing changes nothing here" in verdict.value
