"""The Code of Nine tutorial (notebooks/tutorials/code_of_nine.ipynb, widgets/lessons/code_of_nine/,
docs/code_of_nine.md).

tests/test_lessons.py already solves every step with ``LessonStep.verify``, checks the rules table's coverage
and the stored pictures; here: what this tutorial must teach and say.

* wrong decisions get the right feedback: a refused placement names its rule and leaves the game as it was,
  a last turn that loses names the Memory card that decided it (the engine's scoring notes);
* the score calculator reproduces the rulings' worked examples A, B and C exactly, and each example's lesson
  step, solved, ends in exactly that example's scores;
* the Memory card steps are last turns in which the learner knows all eight Memories, and every Memory card
  of the deck has its step;
* the notebook marks the reconstructed data (the locations table is the engine's, card 18, card 17's order,
  the item values), the rulings and how this app decides where the rules are silent, and works with the code
  hidden (Voila);
* docs/code_of_nine.md has the sources, the reconstructed data, the decisions and the rules table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_text import cell_source, read_notebook
from notebook_text import prose as notebook_prose

from ninekit.code_of_nine import LOCATIONS, MEMORIES, score_table
from ninekit.code_of_nine.data import cost_words, rounds_words
from widgets.lesson import _no_frontend
from widgets.lessons import STEP_CELL, rules_table
from widgets.lessons.code_of_nine import EXAMPLES, breakdown_html, last_turn, score_calculator, tutorial, worked_example

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
PATH = NOTEBOOKS / "tutorials" / "code_of_nine.ipynb"
DOC = REPO / "docs" / "code_of_nine.md"
VERIFY = 'import os\n\nif os.environ.get("NINEKIT_VERIFY_STEPS"):\n    lesson.verify_all()'
LAST_TURNS = ("coins", "lies", "least-coins", "statues", "despair", "books", "stones", "legacies", "collecting",
              "me", "share", "bell", "example-a", "example-b", "example-c", "ambition", "words", "tune", "sunken",
              "sets", "sad", "that", "forget", "game-end", "medal-sum")


@pytest.fixture(scope="module")
def lesson():
    return tutorial()


def _fresh(lesson, key):
    """A copy of step ``key`` that talks to no browser (the learner's board is left alone)."""
    return lesson.steps.build(key, None)


def _totals(html: str) -> list[int]:
    row = re.search(r"<b>Total</b></td><td></td>((?:<td>-?\d+</td>)+)", html)
    return [int(n) for n in re.findall(r"<td>(-?\d+)</td>", row.group(1))]


# --- the scoring examples ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["A", "B", "C"])
def test_worked_examples_hold_exactly_in_the_calculator(name):
    """Rulings §5: the three worked examples, loaded into the live calculator, give the rulings' totals and
    winners (the calculator calls ninekit.code_of_nine.score_table)."""
    players, memories, totals, winners = EXAMPLES[name]
    with _no_frontend():
        box = score_calculator(name)
    html = box.children[-1].value
    assert _totals(html) == totals
    letters = "ABCD"
    assert f"{letters[winners[0]]} wins with {totals[winners[0]]}" in html
    table = score_table(players, memories)
    assert (table.totals, table.winners) == (totals, winners)


@pytest.mark.parametrize("name,wrong,words", [
    ("A", "B", "B scores the most (14) but cannot win. C wins with 12."),
    ("B", "D", "D scores 12, and with THAT (27) and 26 in the game the lowest score wins. C wins with 7."),
    ("B", "A", "A scores the most (21) but cannot win"),
    ("C", "A", "A scores the most (230) but cannot win. B wins with 3."),
    ("C", "Nobody", "someone can win. B wins with 3."),
])
def test_predicting_the_winner_of_a_worked_example_is_answered_at_once(name, wrong, words):
    """Rulings §5: the learner predicts each example's winner and is told at once why a wrong guess is wrong;
    the calculator with the example's breakdown appears with the answer."""
    with _no_frontend():
        box = worked_example(name)
        assert not box.children[-1].children, "the breakdown is not shown before the prediction"
        assert words in box.answer(wrong) and "Not quite" in box.answer(wrong)
        winner = "ABCD"[EXAMPLES[name][3][0]]
        assert box.answer(winner).startswith("Right")
        calculator = box.children[-1].children[0]
    assert _totals(calculator.children[-1].value) == EXAMPLES[name][2]


def test_the_calculator_breaks_the_score_down_in_the_rulings_order():
    """Rulings' scoring order 0-8: one row per step, with the cards applied and each player's change."""
    html = breakdown_html(*EXAMPLES["A"][:2])
    rows = re.findall(r"<tr><td>(\d)\. ", html)
    assert rows == [str(n) for n in range(9)]
    assert "03: B has the unique least Coins and cannot win" in html
    assert "09: A has exactly 2 Books, -10" in html and "10: A has at least 2 Books, +11" in html
    assert "18: C holds the Start player, +5" in html
    c = breakdown_html(*EXAMPLES["C"][:2])
    assert "Code 24 is invalid" in c and "20: each total is multiplied" in c


def test_the_calculator_answers_every_change_and_refuses_impossible_sheets():
    with _no_frontend():
        box = score_calculator("A")
        out = box.children[-1]
        deck = box.children[-2].children
        deck[0].value = True  # a ninth card switched on
        assert "Choose the 8 Memories in the game (now 9)" in out.value
        deck[0].value = False
        assert _totals(out.value) == [9, 14, 12, 1]
        columns = box.children[3].children
        columns[1].children[1 + 3].value = True  # B also "holds" the White Legacy, which A holds
        assert "only one player can hold white" in out.value
        columns[1].children[1 + 3].value = False
        columns[2].children[1].value = 6  # C: 6 Coins instead of 4
        assert _totals(out.value) == [9, 14, 12, 1]  # Coins are worth 0 here
        box.children[1].value = "B"  # the example menu
        assert _totals(out.value) == [21, 17, 7, 12] and "lowest score wins" in out.value


def test_the_calculator_shows_what_counts_three_players_and_the_cards_switched_on():
    """Ghost player (ruling 3): with 3 players the fourth player's column is hidden, not left to fill in for
    nothing; the Memories in the game are marked (not only a shade darker); a right prediction says who could
    not win."""
    with _no_frontend():
        box = score_calculator("C")
        columns, deck = box.children[3].children, box.children[-2].children
        assert columns[3].layout.display == "none"
        assert [b.description for b in deck if b.button_style == "info"] == ["03", "06", "11", "16", "20", "21",
                                                                              "22", "24"]
        box.children[2].value = 4
        assert columns[3].layout.display is None
        assert worked_example("C").answer("B") == "Right: B wins with 3 (A and C cannot win)."


@pytest.mark.parametrize("name,key", [("A", "example-a"), ("B", "example-b"), ("C", "example-c")])
def test_each_example_step_solved_ends_in_exactly_that_example(lesson, name, key):
    """The worked examples reproduced in play: the step's solution is the last placement of the example's game."""
    step = _fresh(lesson, key)
    state = step.start
    for item in step.solution:
        state = state.play(state.game.parse_move(item))
    assert state.is_over
    _players, memories, totals, winners = EXAMPLES[name]
    assert list(state.outcome.scores) == totals
    assert list(state.outcome.winners) == winners
    assert sorted(state.view(None)["score"]["memories"]) == sorted(memories)


# --- the steps ----------------------------------------------------------------------------------------------


def test_every_step_is_a_decision_with_a_wrong_attempt_that_names_its_rule(lesson):
    """Each interactive step has a check, a solution of the learner's decisions and a wrong attempt whose
    answer (verified by ``verify`` in tests/test_lessons.py) is a rule or a score, not a bare 'no'."""
    for key in lesson.steps:
        step = _fresh(lesson, key)
        assert step.solution and step.wrong is not None, key
        assert len(step.wrong[1].split()) >= 3, f"step {key!r}: {step.wrong[1]!r} is too short to name a rule"
        assert step.success, key


@pytest.mark.parametrize("key,before,click,words", [
    ("future", [], "loc:cathedral", "never place on locations of future rounds"),
    ("closed", [], "loc:fortune", "it is closed from round 2"),
    ("occupied", [], "loc:hearth", "one pawn a space"),
    ("cost", [], "loc:archive", "a cost must be fully payable before you place"),
    ("the-place", [], "loc:the_place", "costs 2 Will and Red has 1"),
    ("early-end", [], "loc:garden", "The White Legacy is no longer on the board"),
    ("veiled", [{"kind": "place", "args": ["cathedral"]}], "look:1", "veiled by the Sooty Watchtower"),
    ("look-shoal", [{"kind": "place", "args": ["watchtower"]}], "look:0", "never your own"),
])
def test_a_refused_click_names_its_rule_and_changes_nothing(lesson, key, before, click, words):
    """A click on the board that the rules refuse is answered in place with the rule (why_illegal)."""
    step = _fresh(lesson, key)
    for item in before:
        assert step.attempt(item)
    state = step.app.state
    assert not step.app.click(click)
    assert words in step.app.message, step.app.message
    assert step.app.state is state and not step.solved


@pytest.mark.parametrize("key,absent", [("ghost-gift", "the Ghost"), ("cult-attack", "You take")])
def test_a_player_the_rules_exclude_is_never_offered(lesson, key, absent):
    """Ruling 3 (the ghost is never chosen) and ruling 11 (Cult never chooses the holder): no such button."""
    step = _fresh(lesson, key)
    assert step.attempt(step.solution[0])
    assert step.app.choices and not [c for c in step.app.choices if absent in c], step.app.choices


@pytest.mark.parametrize("key,wrong,words", [
    ("coins", [{"kind": "place", "args": ["lights"]}], "04: the most Coins are tied, so nobody gains"),
    ("least-coins", [{"kind": "place", "args": ["cross"]}], "03: Red has the unique least Coins and cannot win"),
    ("statues", [{"kind": "place", "args": ["archive"]}], "09: Red has exactly 2 Books, -10"),
    ("despair", [{"kind": "place", "args": ["hearth"]}], "all negative (07)"),
    ("collecting", [{"kind": "place", "args": ["cash_cow"]}], "17: Red has the unique most items, -8"),
    ("sunken", [{"kind": "place", "args": ["garden"]}, {"kind": "player", "args": [1]}],
     "22: Red released a Legacy and cannot win"),
    ("forget", [{"kind": "place", "args": ["cross"]}], "Code 07 is invalid (Code 28 is in the game)"),
    ("that", [{"kind": "place", "args": ["hearth"]}], "the lowest score wins"),
])
def test_a_losing_last_turn_names_the_card_that_decided_it(lesson, key, wrong, words):
    """A last turn that does not win is scored at once; the answer quotes the engine's note for the card."""
    step = _fresh(lesson, key)
    for item in wrong:
        assert step.attempt(item)
    assert step.app.state.is_over and not step.solved
    assert words in step.feedback, step.feedback


def _played(step):
    state = step.start
    for item in step.solution:
        state = state.play(state.game.parse_move(item))
    return state


def test_round_end_gives_the_pawns_back_and_opens_the_next_section(lesson):
    """Rulebook, Flow of the Game: when all pawns are placed the round ends, every pawn comes back, the next
    round's section opens and the Start player leads it."""
    step = _fresh(lesson, "round-end")
    state = step.start.play(step.start.game.parse_move(step.solution[0]))
    view = state.view(0)
    assert view["round"] == 2 and [s["pawns"] for s in view["sheets"]] == [3, 3, 3, 3] and state.to_move == 0
    assert next(loc for loc in view["locations"] if loc["key"] == "cathedral")["open"]


def test_the_game_ends_after_round_5_and_the_most_vp_wins(lesson):
    """Rulebook, How to Win: after round 5 the Memories are revealed and the player with the most VP wins."""
    state = _played(_fresh(lesson, "game-end"))
    assert state.is_over and state.outcome.winners == (0,) and list(state.outcome.scores) == [5, 4, 1, 3]


def test_the_set_up_steps_are_real_deals(lesson):
    """Rulebook, Preparation: start Will 0, 1, 1 (the ghost none) with three players, the ghost's two Memories
    dealt; expert: the Ninth Memory face up after the redraw and the Medal on the board."""
    ghost = _fresh(lesson, "ghost-deal").start.view(0)
    assert ghost["ghost"] and [s["will"] for s in ghost["sheets"]] == [0, 1, 1] and len(ghost["slots"]) == 8
    expert = _fresh(lesson, "expert-setup").start.view(0)
    assert expert["expert"] and expert["ninth"] and expert["medal"] == "board" and expert["phase"] == "arrange"


@pytest.mark.parametrize("key,wrong,words", [
    ("empty-ruins", [{"kind": "place", "args": ["cash_cow"]}], "you gained 1 Coin and 0 Will"),
    ("medal-sum", [{"kind": "place", "args": ["hearth"]}], "the Medal is worth -45"),
    ("game-end", [{"kind": "place", "args": ["lights"]}], "Blue wins with 4 VP"),
])
def test_the_new_steps_answer_a_miss_with_the_rule(lesson, key, wrong, words):
    """Rulings: "(if any left)" gives what remains; 26 and 28 add up (-45); rulebook: the most VP wins."""
    step = _fresh(lesson, key)
    for item in wrong:
        assert step.attempt(item)
    assert words in step.feedback, step.feedback


def test_memory_steps_are_last_turns_with_every_memory_known(lesson):
    for key in LAST_TURNS:
        step = _fresh(lesson, key)
        view = step.start.view(step.learner)
        assert view["round"] == 5 and step.start.to_move == step.learner, key
        assert [s["pawns"] for s in view["sheets"] if s["seat"] != step.learner] == [0] * (view["players"] - 1)
        assert all(slot["code"] for slot in view["slots"]), f"{key}: the learner knows all 8 Memories"


def test_every_memory_card_has_a_step(lesson):
    """Every card of the deck, normal and expert, is in the game of at least one step (or its example)."""
    seen = set()
    for key in lesson.steps:
        state = _fresh(lesson, key).start
        if state.view(None)["phase"] == "place":
            seen |= set(state.position.mem)
    assert seen == set(MEMORIES), sorted(set(MEMORIES) - seen)


def test_the_other_players_reply_the_same_after_reset(lesson):
    """The replies are a fixed preference, not a consumed script: a wrong attempt, Reset, then the solution."""
    step = _fresh(lesson, "veil")
    step.verify()
    step.verify()


def test_last_turn_refuses_an_impossible_position():
    with pytest.raises(ValueError, match="impossible position"):
        last_turn([1, 2, 3, 4, 5, 6, 7, 7], [{}, {}, {}, {}])


# --- the notebook -------------------------------------------------------------------------------------------


def test_the_notebook_marks_the_reconstructed_data():
    """Reconstructed locations, card 18, card 17's order and the item values are named so wherever shown."""
    prose = notebook_prose(read_notebook(PATH))
    intro = " ".join(cell_source(read_notebook(PATH)["cells"][0]).split())
    for words in ("reconstructed", "eleven locations", "card 18", "card 17's order number",
                  "values of Statues (1), Legacies (3) and the Medal (0)"):
        assert words in intro, f"the introduction must say {words!r}"
    for loc in LOCATIONS:
        row = (f"| {rounds_words(loc)} | {loc.name}{' (attack)' if loc.attack else ''}"
               f"{' — expert' if loc.expert else ''} | {cost_words(loc)} | {loc.effect} | "
               f"{'reconstructed' if loc.reconstructed else 'rulebook'} |")
        assert row in prose, f"{loc.name}: the notebook's table differs from ninekit.code_of_nine.LOCATIONS"
    assert "| 18 | Follow me! (reconstructed) |" in prose
    assert "| 6 (reconstructed) |" in prose, "card 17's order is reconstructed"
    for item in ("Statue | 1 | reconstructed", "White Legacy | 3 | reconstructed", "Medal | 0 | reconstructed"):
        assert item in prose
    for code, m in MEMORIES.items():
        assert f"| {code:02d} | {m.name}" in prose, f"card {code} is missing from the notebook's lists"


def test_the_notebook_names_rulings_and_the_apps_decisions_in_the_learners_words():
    """Rulings are marked "(a ruling)"; where the rules are silent the page says how this app decides, in the
    learner's words: no "ninekit decision", no docs/ paths, no code in code font outside the maintainers' note."""
    nb = read_notebook(PATH)
    prose = " ".join(notebook_prose(nb).split())
    assert prose.count("(a ruling)") >= 15, "mark what comes from the rulings"
    assert prose.count("(this app's decision)") >= 6, "mark where this app decides where the rules are silent"
    assert "how this app decides where the rules are silent" in prose
    learner = " ".join(cell_source(c) for c in nb["cells"] if c["cell_type"] == "markdown"
                       and "maintainers" not in c.get("metadata", {}).get("tags", []))
    for words in ("ninekit decision", "docs/", "ninekit.code_of_nine", "`"):
        assert words not in learner, f"no programmer words on the learner's page: {words!r}"
    for words in ("the ghost is not compared", "lowest score win", "the round is always finished",
                  "never the current one"):
        assert words in prose, words


def test_the_first_chapter_takes_a_newcomer_to_a_first_game(lesson):
    """The first chapter: at most ten steps from the deal to the end of a game, then a link to play one."""
    first = lesson.chapters[0]
    assert first.title == "Your first game" and len(first.steps) <= 10
    assert first.steps[0] == "redraw" and first.steps[-1] == "game-end"
    nb = read_notebook(PATH)
    texts = [cell_source(c) for c in nb["cells"]]
    last = texts.index('lesson.steps["game-end"]')
    assert "[Play Code Of Nine now](../apps/code_of_nine.ipynb)" in texts[last + 1]
    headings = [line[3:].strip() for t in texts for line in t.splitlines() if line.startswith("## ")]
    for chapter in lesson.chapters:
        assert chapter.title in headings, f"the progress bar links chapter {chapter.title!r} to its heading"


def test_the_maintainers_cells_are_hidden_from_learners():
    """The Voila template hides cells tagged "maintainers": the maintainers' note and the verify cell."""
    cells = read_notebook(PATH)["cells"]
    tagged = [cell_source(c) for c in cells if "maintainers" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 2 and "For maintainers" in tagged[0] and tagged[1] == VERIFY


def test_the_notebook_is_lesson_steps_that_work_with_the_code_hidden(lesson):
    nb = read_notebook(PATH)
    code = [cell_source(c).strip() for c in nb["cells"] if c["cell_type"] == "code"]
    first = "from widgets.lessons.code_of_nine import tutorial lesson = tutorial() lesson.progress"
    assert code[0].split() == first.split(), "the first code cell builds the lesson and shows the progress"
    assert code[-1] == VERIFY, "the last cell lets a maintainer solve every step"
    steps = [STEP_CELL.match(c).group(1) for c in code if STEP_CELL.match(c)]
    assert steps == list(lesson.steps), "the steps appear once each, in the lesson's order"
    assert code.count("lesson.progress") == 1 and code[-3] == "lesson.progress"
    assert re.search(r'GameApp\("code_of_nine"', code[-2]), "end with a game against the computer"
    calculators = [c for c in code if "score_calculator(" in c or "worked_example(" in c]
    assert len(calculators) == 4, "the live calculator, and a prediction per worked example"
    assert sorted(c.split("\n")[-1] for c in calculators) == [
        'score_calculator()', 'worked_example("A")', 'worked_example("B")', 'worked_example("C")']
    assert len(code) == len(steps) + 4 + len(calculators)
    assert not [c for c in code if "def " in c or "lambda" in c], "helpers belong in widgets/, not here"
    prose = notebook_prose(nb)
    for words in ("run the cell", "run this cell", "shift+enter", "type into"):
        assert words not in prose.lower(), f"with the code hidden there is nothing to run or type: {words!r}"
    links = re.findall(r"\]\(([^)#?\s]+)[^)]*\)", prose)
    assert "../apps/code_of_nine.ipynb" in links and "../index.ipynb" in links
    for target in links:
        resolved = (PATH.parent / target).resolve()
        assert resolved.is_file() or target == "../apps/code_of_nine.ipynb", f"a broken link: {target}"
        assert NOTEBOOKS.resolve() in resolved.parents, f"Voila serves notebooks/ only: {target}"


# --- the docs page ------------------------------------------------------------------------------------------


def test_the_docs_page_has_sources_reconstructed_data_decisions_and_the_table():
    text = DOC.read_text(encoding="utf-8")
    for heading in ("## Rules sources", "## Reconstructed data", "## Decisions where the rules are silent",
                    "## Rules practised as lesson steps"):
        assert heading in text
    decisions = text.split("## Decisions where the rules are silent")[1].split("\n## ")[0]
    assert len(re.findall(r"^\d+\. \*\*", decisions, re.M)) >= 10
    assert "ninekit/code_of_nine/data.py" in text
    for loc in LOCATIONS:
        if loc.reconstructed:
            assert f"| {loc.name}" in text, loc.name
    rows = rules_table(text)
    practised = sum(1 for _r, key in rows if key)
    assert f"{practised} of the\n{len(rows)} rules" in text or f"{practised} of the {len(rows)} rules" in text
    assert practised / len(rows) >= 0.8
