"""The Double Nine tutorial's steps show the rules they claim to teach: each test names its rule.

tests/test_lessons.py runs every step's solution and wrong attempt; these tests read what the new steps
put on the table (the deal, the next game, the empty-pile cases, the deck options) and the lesson's shape.
"""

from __future__ import annotations

import pytest

from widgets.lesson import FIRST_CHAPTER_MOST
from widgets.lessons import played as _play
from widgets.lessons.double_nine import P1, P2, RULES, tutorial


@pytest.fixture(scope="module")
def lesson():
    return tutorial()


def _after(lesson, key, *decisions):
    """The step's start after ``decisions`` (the other players' replies not included)."""
    return _play(lesson.steps[key].start, *decisions)


def test_lesson_order_and_chapters(lesson):
    """Every rule is taught before a step relies on it; the first chapter reaches a first game briefly."""
    assert lesson.order_problems() == []
    assert len(lesson.chapters[0].steps) <= FIRST_CHAPTER_MOST
    assert {rule.key for rule in RULES} == set(lesson.rules)
    assert all(lesson.spec(key)["title"] and not lesson.spec(key)["title"].startswith("Step") for key in lesson.steps)


def test_setup_removes_one_card_and_deals_one_each(lesson):
    """Rule (set-up): 20 basic cards, one removed face down, one dealt to each player; the start player draws."""
    view = lesson.steps["deal"].start.view(P1)
    assert view["deck"] == "basic" and view["removed_count"] == 1
    assert len(view["hand"]) == 2 and view["hand_counts"][P2] == 1
    assert view["pile_count"] == 20 - 1 - 2 - 1


@pytest.mark.parametrize("key, deck, removed", [("expansion-deck", "expansion", 1), ("deck-mixed", "mixed", 1),
                                                ("deck-full", "full", 11)])
def test_expansion_rule_decks(lesson, key, deck, removed):
    """Rule (Expansion Rule): the expansion deck, one basic and one expansion set, or all 40 with 10 removed."""
    view = lesson.steps[key].start.view(P1)
    assert (view["deck"], view["removed_count"]) == (deck, removed)


def test_next_game_is_dealt_and_starts_left_of_the_winner(lesson):
    """Rule (between games): the winner keeps a token, the cards are dealt again, left of the winner starts."""
    state = _after(lesson, "next-game", "Play Elf", "your Site ×10")
    view = state.view(None)
    assert view["results"][0]["winners"] == [P1] and view["victory_tokens"] == [1, 0, 0]
    assert view["start_player"] == P2 and view["game_number"] == 2
    assert view["pile_count"] == 20 - 1 - 3 - 1 and all(b["number"] == 0 for b in view["boards"])


def test_next_start_after_a_tie(lesson):
    """House rule: with several winners, left of the first winner clockwise from the last start player."""
    state = _after(lesson, "next-start-tie", "Play Sister", "your Site ×1")
    view = state.view(None)
    assert sorted(view["results"][0]["winners"]) == [0, 2] and view["start_player"] == P1


def test_sniper_on_an_empty_pile_is_not_replaced(lesson):
    """Ruling: with the pile empty, the card Sniper removes is not replaced."""
    state = _after(lesson, "sniper-empty", "Remove the card")
    assert state.view(None)["results"][0]["hands"][P2] == []


def test_fortune_teller_on_an_empty_pile_does_nothing(lesson):
    """House rule: Fortune Teller with the pile empty draws nothing and puts nothing back."""
    state = _after(lesson, "fortune-teller-empty", "Play Fortune Teller", "your Site ×1")
    result = state.view(None)["results"][-1]
    assert result["pile"] == [] and result["numbers"][P1] == 97 and P1 in result["winners"]


def test_target_is_drawn_at_setup(lesson):
    """Rule (Random Number Rule): a two-digit target is drawn at set-up."""
    assert lesson.steps["target-draw"].start.view(P1)["target"] == 32


def test_competition_tokens_do_not_end_the_match(lesson):
    """House rule: under the Competition Rule two victory tokens do not end the match; the totals decide."""
    view = lesson.steps["competition-tokens"].start.view(None)
    assert view["victory_tokens"][P1] == 2 and not lesson.steps["competition-tokens"].start.is_over


def test_shaman_choosing_a_hacker_does_nothing(lesson):
    """House rule: Shaman choosing a Hacker (a copier) resolves nothing."""
    choices = [str(m) for m in lesson.steps["shaman-nothing"].start.legal_moves()]
    assert any("Hacker" in c and "nothing happens" in c for c in choices)


def test_hacker_beside_a_shaman_does_nothing(lesson):
    """Ruling: Hacker does nothing beside another Hacker or a Shaman (no chains of copies)."""
    state = _after(lesson, "hacker-no-chain", "your Site ×1")
    assert state.to_move == P2
