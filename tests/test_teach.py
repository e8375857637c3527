"""The tutorial helpers in widgets/teach.py: puzzle check, move/decide, peek, fight table and calculator.

Also brute-forces the Nine Knights tutorial's puzzles: each has exactly one winning move.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import ninekit
import widgets.teach as teach
from ninekit.nine_knights import fight, position
from widgets.teach import check, decide, fight_calculator, fight_table, move, peek, peek_view

TUTORIAL = Path(__file__).resolve().parents[1] / "notebooks" / "tutorials" / "nine_knights.ipynb"
GOAL = position({"c9": "S3", "f5": "N6"})  # c9 to c10 wins: North's Goal Token 3 is on c10
LAST_EIGHT = position({"g3": "S9", "h3": "S2", "f2": "S3", "g2": "N8"}, hidden=(2, 4), revealed=["N8"])


def said(capsys, state, answer, hint="HINT") -> str:
    check(state, answer, hint)
    return capsys.readouterr().out


@pytest.mark.parametrize("answer", ["?? to ??", "", None, ...])
def test_check_says_fill_in_for_the_placeholder_and_gives_no_hint(capsys, answer):
    assert said(capsys, GOAL, answer) == "Fill in your move above, then run this cell.\n"


@pytest.mark.parametrize("answer", ["c9", "c9 to", "move the knight", "c9 to c10 to d10"])
def test_check_asks_for_two_fields_when_the_answer_is_malformed(capsys, answer):
    out = said(capsys, GOAL, answer)
    assert out.startswith('Write the move as two fields, like "a2 to b3"')
    assert "HINT" not in out


@pytest.mark.parametrize("answer", ["c9 to c10", "C9 TO C10", "c9-c10", "c9 c10"])
def test_check_recognises_the_right_answer(capsys, answer):
    out = said(capsys, GOAL, answer)
    assert out.startswith("Right!\n")
    assert "reached North's Goal Token 3 on c10" in out
    assert "HINT" not in out


def test_check_explains_an_illegal_move_with_the_rule_and_the_hint(capsys):
    out = said(capsys, GOAL, "c9 to d10")
    assert out.startswith("Not yet: c9 to d10 is not allowed. ")
    assert "only with the same Duty number (d10 holds Goal Token 4)" in out
    assert out.endswith("Hint: HINT\n")


def test_check_explains_a_missing_or_enemy_knight(capsys):
    assert "There is no Knight on a2" in said(capsys, GOAL, "a2 to b3")
    assert "The Knight on f5 is North's" in said(capsys, GOAL, "f5 to f6")


def test_check_explains_a_legal_move_that_does_not_win(capsys):
    out = said(capsys, GOAL, "c9 to c8")
    assert out.startswith("Not yet: c9 to c8 is allowed, but South has not won:\n")
    assert "South moves a Ranger c9 → c8" in out
    assert out.endswith("Hint: HINT\n")


def test_check_reveals_the_hidden_token_when_offered_and_calls_it_a_win(capsys):
    out = said(capsys, LAST_EIGHT, "h3 to g2")
    assert out.startswith("Right!\n")
    assert "South reveals Hidden Token 2: 2 beats 8" in out and "North has no Knights left" in out
    assert "has not won" not in out


def test_check_fights_without_the_token_when_it_does_not_match(capsys):
    out = said(capsys, LAST_EIGHT, "f2 to g2")
    assert "South fights without revealing a Hidden Token: 8 beats 3" in out
    assert "has not won" in out


def test_check_explains_a_lost_fight(capsys):
    out = said(capsys, LAST_EIGHT, "g3 to g2")
    assert "8 beats 9 (a difference of 1: the lower number wins)" in out and "has not won" in out


def _tutorial_puzzles() -> dict:
    """The puzzle positions exactly as the tutorial builds them."""
    cells = json.loads(TUTORIAL.read_text(encoding="utf-8"))["cells"]
    found = {}
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code" and source.startswith("puzzle"):
            names = {"position": position, "peek": lambda state: None}
            exec(source, names)
            found.update({k: v for k, v in names.items() if k.startswith("puzzle")})
    return found


def _winning_answers(state) -> list[str]:
    wins = []
    for select in state.legal_moves():
        for to in state.play(select).legal_moves():
            if to.kind == "to":
                after = teach._settle(state.play(select).play(to))
                if after.outcome is not None and after.outcome.winners == (state.to_move,):
                    wins.append(f"{select.args[0]} to {to.args[0]}")
    return wins


def test_the_tutorial_has_three_puzzles_each_with_exactly_one_winning_move(capsys):
    puzzles = _tutorial_puzzles()
    assert sorted(puzzles) == ["puzzle1", "puzzle2", "puzzle3"]
    answers = {name: _winning_answers(state) for name, state in puzzles.items()}
    assert all(len(wins) == 1 for wins in answers.values()), answers
    assert len({wins[0] for wins in answers.values()}) == 3, f"three different answers, please: {answers}"
    for name, state in puzzles.items():
        assert state.to_move == 0, f"{name}: South is to move"
        assert said(capsys, state, answers[name][0]).startswith("Right!"), name
        assert said(capsys, state, "a2 to b3").startswith("Not yet"), f"{name}: the format example must not win"


def test_move_makes_both_decisions():
    after = move(GOAL, "c9", "c8")
    assert after.log(None)[-1] == "South moves a Ranger c9 → c8"
    assert [m.kind for _, m in after.history] == ["select", "to"]
    with pytest.raises(ninekit.IllegalMove, match="not next to"):
        move(GOAL, "c9", "c7")


def test_decide_matches_whole_words_only():
    state = decide(position({"c2": "S4", "i8": "N1"}), "c2")
    assert decide(state, "c3").log(None)[-1] == "South moves an Archer c2 → c3"
    with pytest.raises(ninekit.IllegalMove, match="no decision says 'c'"):
        decide(state, "c")


def test_peek_shows_both_sides_numbers_but_keeps_secrets_marked_secret():
    view = peek_view(LAST_EIGHT)
    assert {k["square"]: k["duty"] for k in view["knights"]} == {"f2": 3, "g2": 8, "g3": 9, "h3": 2}
    assert {k["square"]: k["revealed"] for k in view["knights"]}["h3"] is False
    assert view["hidden_tokens"] == [2, 4]
    html = peek(LAST_EIGHT, show_choices=False).data
    assert html.count('class="nk-piece"') == 4
    chosen = decide(LAST_EIGHT, "h3")
    assert 'class="nk-square legal"' in peek(chosen, show_choices=True).data


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


def test_the_docstring_examples_run():
    result = doctest.testmod(teach, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8 and result.failed == 0
