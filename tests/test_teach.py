"""The tutorial helpers in widgets/teach.py: puzzle check, move/decide, peek, fight table and calculator.

Also brute-forces the Nine Knights tutorial's puzzles: each has exactly one winning move.
"""

from __future__ import annotations

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
    """The puzzle positions exactly as the tutorial's lesson steps build them."""
    from widgets.lessons.nine_knights import puzzles

    names = {"goal-race": "puzzle1", "win-no-knights": "puzzle2", "reveal-attack": "puzzle3"}
    return {names[key]: state for key, state in puzzles().items()}


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


# --- Double Nine -------------------------------------------------------------------------------

DN_TUTORIAL = TUTORIAL.with_name("double_nine.ipynb")


def _dn_position():
    from ninekit.double_nine import position as dn_position

    return dn_position(2, boards=[([], []), (["Luna"], ["Medusa"])], hands=[["Reaper", "Elf"], ["Aiko"]],
                       pile=["Sister", "Clown"])


def _dn_quizzes() -> dict:
    """The quiz positions exactly as the Double Nine tutorial builds them (cells starting with ``quiz_``)."""
    from ninekit.double_nine import position as dn_position

    cells = json.loads(DN_TUTORIAL.read_text(encoding="utf-8"))["cells"]
    found = {}
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "code" and source.startswith("quiz_"):
            names = {"position": dn_position, "table": lambda *a, **k: None}
            exec(source, names)
            found.update({k: v for k, v in names.items() if k.startswith("quiz_")})
    return found


def _numbers_after(state, card, site):
    """Every (move text, numbers) Player 1 can reach by playing ``card`` on its own ``site`` and resolving it."""
    state = teach.step(state, f"Play {card}", f"your Site {site}")
    out = []
    for choice in state.legal_moves():
        after = state.play(choice)
        out.append((str(choice), [b["number"] for b in after.view(None)["boards"]]))
    return out


def test_double_nine_judgment_quizzes_agree_with_judge():
    from ninekit.double_nine import judge

    assert teach._DN_QUIZ["target"][1] == tuple(p + 1 for p in judge((41, 58), target=50))
    assert teach._DN_QUIZ["teams"][1] == tuple(p + 1 for p in judge((90, 60, 5, 40), teams=True))
    totals = (30 + 88 + 61, 99 + 45 + 32)
    assert teach._DN_QUIZ["competition"][1] == tuple(p + 1 for p in judge(totals))


@pytest.mark.parametrize("answer", [..., None, "", "  "])
def test_check_double_nine_asks_to_fill_in_and_gives_no_hint(capsys, answer):
    teach.check_double_nine("reaper", answer)
    assert capsys.readouterr().out == "Fill in your answer above, then run this cell.\n"


@pytest.mark.parametrize("name, answer", [
    ("reaper", 8), ("reaper", "08"), ("reaper", 8.0), ("fox", 0), ("fox", "00"),
    ("target", 2), ("target", (2,)), ("target", [2]), ("target", {2}), ("target", "Player 2"),
    ("teams", (2, 4)), ("teams", [4, 2]), ("teams", {2, 4}), ("teams", "Players 2 and 4"), ("teams", ("2", "4")),
])
def test_check_double_nine_accepts_the_answer_in_any_plain_form(capsys, name, answer):
    teach.check_double_nine(name, answer)
    out = capsys.readouterr().out
    assert out.startswith("Right!") and "Hint" not in out


def test_check_double_nine_explains_a_wrong_answer_then_hints(capsys):
    teach.check_double_nine("sister", 90)
    out = capsys.readouterr().out
    assert out.startswith("Not yet (your answer: 90): Player 2's Luna lies beside Sister")
    assert out.rstrip().splitlines()[-1].startswith("Hint: ")
    teach.check_double_nine("teams", (1, 3))  # e.g. seats from 0 mistaken for Player numbers
    assert "90 + 5 = 95" in capsys.readouterr().out
    teach.check_double_nine("teams", (0, 2))
    assert "Players are numbered 1 to 4" in capsys.readouterr().out
    teach.check_double_nine("reaper", 55)
    out = capsys.readouterr().out
    assert out.startswith("Not yet (your answer: 55).\nHint: ")


@pytest.mark.parametrize("name, answer, says", [
    ("reaper", "eight", "Answer with a whole number"), ("reaper", True, "Answer with a whole number"),
    ("teams", "both teams", "Answer with Player numbers"), ("teams", 2.5, "Answer with Player numbers"),
])
def test_check_double_nine_asks_for_the_right_form(capsys, name, answer, says):
    teach.check_double_nine(name, answer)
    out = capsys.readouterr().out
    assert out.startswith(says) and "Hint" not in out


def test_choices_are_numbered_from_one_and_step_takes_words_or_numbers(capsys):
    state = _dn_position()
    teach.choices(state)
    assert capsys.readouterr().out.splitlines()[1:] == ["  1. Play Reaper (0) from your hand",
                                                        "  2. Play Elf (8) from your hand"]
    by_words = teach.step(state, "Play Reaper", "your Site ×1", "Take Luna")
    by_numbers = teach.step(state, 1, 2, 1)
    assert by_words.history == by_numbers.history
    assert by_words.view(0)["boards"][0]["number"] == 90


def test_step_tells_ambiguous_unknown_and_illegal_decisions_apart():
    state = teach.step(_dn_position(), "Play Reaper")
    with pytest.raises(ninekit.IllegalMove, match="several choices say 'Site'"):
        teach.step(state, "Site")
    assert teach.step(state, "Site x1").history == teach.step(state, "your Site ×1").history  # x for ×
    with pytest.raises(ninekit.IllegalMove, match="Reaper must be played onto your own board"):
        teach.step(state, "Player 2's Site ×1")
    with pytest.raises(ninekit.IllegalMove, match="no choice says 'dance'; the choices are: Put Reaper"):
        teach.step(state, "dance")
    with pytest.raises(ninekit.IllegalMove, match="numbered 1 to 2"):
        teach.step(state, 3)


def test_why_not_names_the_rule(capsys):
    from ninekit.double_nine import position as dn_position

    state = dn_position(2, boards=[([], []), (["Luna"], ["Sister"])], hands=[["Reaper", "Elf"], ["Aiko"]],
                        pile=["Clown"])
    state = teach.step(state, "Play Reaper", "your Site ×1")
    teach.why_not(state, "Take Luna from Player 2's Site ×10")
    teach.why_not(state, "Take Sister")
    assert capsys.readouterr().out.splitlines() == [
        "Not allowed: Sister protects that site from other players' effects",
        "Allowed: Take Sister (5) from Player 2's Site ×1"]


def test_demo_prints_the_log_and_shows_before_and_after_for_each_player(capsys, monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    after = teach.demo(_dn_position(), "Play Reaper", "your Site ×1", "Take Luna", players=[1, 2])
    out = capsys.readouterr().out.splitlines()
    assert out == ["Player 1 chooses Reaper", "Player 1 plays Reaper (0) onto their Site ×1",
                   "Player 1 takes Luna (9) from Player 2's Site ×10 with Reaper",
                   "Now: Player 2: choose a card from your hand to play"]
    html = shown[0].data
    for player in (1, 2):
        assert f"Before · seen by Player {player}<" in html
        assert f"After · seen by Player {player} (Player 2 has already drawn and is to play)<" in html
    assert html.count("<svg") == 4
    assert after.view(0)["boards"][0]["number"] == 90


def test_demo_stops_at_a_decision_that_is_not_allowed(capsys, monkeypatch):
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda _: None)
    after = teach.demo(_dn_position(), "Play Reaper", "Player 2's Site ×10", "Take Luna")
    out = capsys.readouterr().out
    assert "Not allowed: Reaper must be played onto your own board" in out
    assert out.rstrip().endswith("Now: Player 1: choose a site for Reaper")
    assert after.view(None)["phase"] == "site"


def test_demo_says_when_a_new_game_was_dealt_or_the_match_is_over(monkeypatch):
    import IPython.display

    from ninekit.double_nine import position as dn_position

    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    last = dn_position(2, boards=[(["Luna"], []), (["Luna"], ["Elf"])], hands=[["Elf", "Medusa"], ["Clown"]])
    teach.demo(last, "Play Elf", "your Site ×1")
    assert "(game 2 has been dealt; Player 2 has drawn and is to play)" in shown[-1].data
    over = dn_position(2, boards=[(["Luna"], []), (["Luna"], ["Elf"])], hands=[["Elf", "Medusa"], ["Clown"]],
                       results=[[73, 73]])
    teach.demo(over, "Play Elf", "your Site ×1")
    assert "(the match is over)" in shown[-1].data


def test_table_shows_only_the_chosen_players_hand():
    state = _dn_position()
    mine, theirs = teach.table(state).data, teach.table(state, player=2).data
    assert "Seen by Player 1" in mine and "In your hand: Reaper" in mine and "In your hand: Aiko" not in mine
    assert "Seen by Player 2" in theirs and "In your hand: Aiko" in theirs and "In your hand: Reaper" not in theirs
    with pytest.raises(ValueError, match="numbered 1 to 2"):
        teach.table(state, player=0)


@pytest.mark.parametrize("games, target, teams", [
    ([(73, 91, 45)], None, False), ([(50, 50)], None, False), ([(73, 91, 45)], 50, False),
    ([(90, 10, 20, 30)], None, True), ([(30, 45, 25, 40)], 60, True), ([(60, 40), (40, 60), (10, 10)], None, False),
    ([(73, 91), (88, 40), (50, 60)], 60, False), ([(61, 12, 80, 35), (20, 97, 45, 9), (70, 33, 18, 90)], 30, True),
])
def test_who_wins_names_the_players_judge_names(capsys, games, target, teams):
    from ninekit.double_nine import judge

    teach.who_wins(*games, target=target, teams=teams)
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    numbers = [sum(g[p] for g in games) for p in range(len(games[0]))]
    winners = judge(numbers, target=None if target is None else target * len(games), teams=teams)
    named = [int(x) for x in last.split(" win")[0].replace("Players", "").replace("Player", "")
             .replace("and", ",").split(",")]
    assert tuple(p - 1 for p in named) == winners, last
    assert ("tied" in last) == (len(winners) > 1 and not teams)


def test_deck_table_counts_come_from_the_engine():
    html = teach.deck_table().data
    assert html.count("<tr>") == 5
    assert ">17 / 16 / 15</td>" in html and ">27 / 26 / 25</td>" in html and ">10 + 1</td>" in html
