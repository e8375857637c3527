"""The Count of Nine tutorial (notebooks/tutorials/count_of_nine.ipynb, widgets/lessons/count_of_nine/,
docs/count_of_nine.md).

tests/test_lessons.py already solves every step, checks the rules table's coverage and the stored pictures;
here: what this tutorial must say and how it is built.

* it says near the start that the cards are reconstructed and that the round limit is a house rule, and marks
  rulings and ninekit decisions;
* it is lesson steps between texts that work with the code hidden (Voila): nothing to run or type, relative
  links inside notebooks/, a score calculator, a match to play at the end, the maintainers' check last;
* the issue's topics each have their steps (card anatomy, set-up, a turn, paying from several sources, the
  round end, high structures, Demolition Team, scoring, the match and titles, a game with hints);
* a one-player game has no reply that ends an attempt: a wrong decision is answered as soon as the goal is out
  of reach, naming the rule, and every wrong attempt is one a learner can make (a button, or a click on the
  table that the rules refuse);
* the score calculator and the score checks come from the engine; the hint comes from the analyst;
* docs/count_of_nine.md has the sections the decisions and the cards live in.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from notebook_text import cell_source, read_notebook
from notebook_text import prose as notebook_prose
from shell_driver import no_search_left  # noqa: F401 (a fixture)

from ninekit import Move
from ninekit.count_of_nine import RECONSTRUCTED_NOTE, STRUCTURES, score_breakdown, score_game, title
from widgets.lesson import _no_frontend, resolve
from widgets.lessons import STEP_CELL, rules_table
from widgets.lessons.count_of_nine import breakdown_html, lost, score_calculator, turn_done, tutorial
from widgets.tables import adapter_for

pytestmark = pytest.mark.usefixtures("no_search_left")

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
PATH = NOTEBOOKS / "tutorials" / "count_of_nine.ipynb"
DOC = REPO / "docs" / "count_of_nine.md"
VERIFY = 'import os\n\nif os.environ.get("NINEKIT_VERIFY_STEPS"):\n    lesson.verify_all()'
CALCULATOR = "from widgets.lessons.count_of_nine import score_calculator\n\nscore_calculator()"


def _nb() -> dict:
    return read_notebook(PATH)


@pytest.fixture(scope="module")
def lesson():
    return tutorial()


def _fresh(lesson, key):
    """A copy of step ``key`` that talks to no browser (the learner's board is left alone)."""
    return lesson.steps.build(key, None)


def test_the_tutorial_says_the_cards_are_reconstructed_and_names_the_house_rule():
    nb = _nb()
    intro = " ".join(cell_source(nb["cells"][0]).split())
    for words in ("reconstructed", "nine cards and the twenty structures", "house rule", "not the printed ones"):
        assert words in intro, f"the introduction must say {words!r}"
    prose = " ".join(notebook_prose(nb).split())
    assert prose.count("(a ruling)") + prose.count("(both rulings)") >= 8, "mark what comes from the rulings"
    assert prose.count("how this app decides") >= 8, "mark the developers' decisions (in the learner's words)"
    for words in ("ninekit decision", "docs/", "`"):
        assert words not in prose, f"no programmer words on the learner's page: {words!r}"
    assert "round 20" in prose and "house rule" in prose


def test_the_tutorial_is_lesson_steps_that_work_with_the_code_hidden(lesson):
    nb = _nb()
    code = [cell_source(c).strip() for c in nb["cells"] if c["cell_type"] == "code"]
    first = "from widgets.lessons.count_of_nine import tutorial lesson = tutorial() lesson.progress"
    assert code[0].split() == first.split(), "the first code cell builds the lesson and shows the progress"
    assert code[-1] == VERIFY, "the last cell lets a maintainer solve every step"
    steps = [c for c in code if STEP_CELL.match(c)]
    assert len(steps) == len(lesson.steps) >= 25
    assert code.count("lesson.progress") == 1 and code[-3] == "lesson.progress", "the progress again at the end"
    assert re.search(r'GameApp\("count_of_nine"\)', code[-2]), "end with a match to play"
    assert CALCULATOR in code, "the scoring section has the live calculator"
    assert len(code) == len(steps) + 5, "no other code: every decision is the learner's click"
    assert not [c for c in code if "def " in c or "lambda" in c], "helpers belong in widgets/, not here"
    prose = notebook_prose(nb)
    for words in ("run the cell", "run this cell", "shift+enter", "`answer`", "type into"):
        assert words not in prose.lower(), f"with the code hidden there is nothing to run or type: {words!r}"
    links = re.findall(r"\]\(([^)#?\s]+)[^)]*\)", prose)
    assert "../apps/count_of_nine.ipynb" in links and "../index.ipynb" in links
    for target in links:
        resolved = (PATH.parent / target).resolve()
        assert resolved.is_file() or target == "../apps/count_of_nine.ipynb", f"a broken link: {target}"
        assert NOTEBOOKS.resolve() in resolved.parents, f"Voila serves notebooks/ only: {target}"
    above = " ".join(cell_source(nb["cells"][-2]).split())
    assert "NINEKIT_VERIFY_STEPS=1 to run it" in above, "say above the last cell that it is for maintainers"


def test_the_notebook_shows_the_steps_in_the_lessons_order(lesson):
    keys = [STEP_CELL.match(cell_source(c).strip()).group(1) for c in _nb()["cells"]
            if c["cell_type"] == "code" and STEP_CELL.match(cell_source(c).strip())]
    assert keys == list(lesson.steps), "the step numbers on the page follow the notebook"


def test_the_notebook_lists_the_reconstructed_cards_as_the_engine_has_them():
    from ninekit.count_of_nine import CARDS

    prose = notebook_prose(_nb())
    for n, faces in CARDS.items():
        row = f"| {n} | " + " | ".join(faces["A"]) + " | " + " | ".join(faces["B"]) + " |"
        assert row in prose, f"card {n} in the notebook differs from ninekit.count_of_nine.CARDS"
    for s in STRUCTURES.values():
        assert f"| {s.name} | {' + '.join('/'.join(u) for u in s.cost)} |" in prose, s.name


def test_every_topic_of_the_issue_has_its_steps(lesson):
    keys = set(lesson.steps)
    topics = {
        "card anatomy: faces, rotate, flip, shuffle": {"first-build", "flip", "rotate", "shuffle"},
        "set-up: the target and the active resource": {"target", "active-resource", "target-card"},
        "a turn step by step": {"which-build", "pass"},
        "paying from several sources": {"own-card", "two-crew", "either-or", "two-cards", "city-once", "fresh",
                                        "target-card", "pass"},
        "the round end and its choices": {"round-end", "reset", "rotate", "shuffle", "dead-round", "stop"},
        "high structures and their requirements": {"castle", "second-high"},
        "Demolition Team": {"demolition", "demolition-back"},
        "scoring": {"duplicate", "second-high", "stop", "last-card"},
        "the match and the titles": {"match"},
        "a game with hints": {"hint-game"},
        "what a player meets only rarely": {"one-card-deck", "round-limit", "demolition-none", "stop-at-once",
                                            "second-target"},
    }
    for topic, needed in topics.items():
        assert needed <= keys, f"{topic}: missing steps {sorted(needed - keys)}"


def test_every_step_is_a_decision_with_a_wrong_attempt_that_names_its_rule(lesson):
    """Each interactive step has a check, a solution of the learner's decisions and a wrong attempt; the
    wrong attempt's answer (verified by ``verify``) is a rule, not a bare 'no'."""
    decisions = 0
    for key in lesson.steps:
        step = _fresh(lesson, key)
        assert step.solution, key
        decisions += len(step.solution)
        if key != "hint-game":
            assert step.wrong is not None, f"step {key!r} has no wrong attempt"
            words = step.wrong[1]
            assert len(words.split()) >= 3, f"step {key!r}: {words!r} is too short to name a rule"
    assert decisions >= 80, decisions


def _wrong_decisions(step):
    decisions, _words = step.wrong
    return list(decisions) if isinstance(decisions, list) else [decisions]


def test_every_wrong_attempt_is_one_a_learner_can_make(lesson):
    """A legal wrong decision is a button or a highlighted structure; a refused one is a click on a part of
    the table (a structure, a target, a city card), answered with the rule in place."""
    adapter = adapter_for("count_of_nine")
    with _no_frontend():
        for key in lesson.steps:
            step = _fresh(lesson, key)
            if step.wrong is None:
                continue
            state = step.start
            items = _wrong_decisions(step)
            for item in items[:-1]:
                state = state.play(resolve(state, item))
            move = state.game.parse_move(items[-1]) if isinstance(items[-1], dict) else resolve(state, items[-1])
            if move in state.legal_moves():
                continue
            data_id = adapter.target_of(move)
            assert data_id is not None, f"step {key!r}: the refused {move} is no click on the table"
            picture = adapter.draw(state.view(0), {}, {})
            assert f'data-id="{data_id}"' in picture, f"step {key!r}: the table shows nothing to click for {move}"
            assert adapter.guess_move(data_id, state.legal_moves()) == move


def test_a_wrong_payment_is_answered_at_once_not_at_the_end_of_the_round(lesson):
    """either-or: paying the Armoury with the centre card's Iron makes the Sawmill impossible: the step says so
    right after that payment, while cards are still left in the round."""
    with _no_frontend():
        step = _fresh(lesson, "either-or")
        assert step.attempt({"kind": "build", "args": ["deck", "Armoury"]})
        assert step.feedback == "", "choosing a structure is not final: Choose a different structure goes back"
        assert step.attempt({"kind": "pay", "args": ["centre", "city3"]})
        assert step.app.state.view(0)["phase"] == "turn", "the round goes on"
        assert step.feedback.startswith("Not yet") and "its Iron (the centre card)" in step.feedback
        step.reset()
        assert step.attempt({"kind": "build", "args": ["deck", "Armoury"]})
        assert step.attempt({"kind": "pay", "args": ["discard", "city3"]})
        assert step.feedback == "" and not step.app.locked, "the right payment keeps the goal in reach"


def test_lost_sees_only_the_learners_own_future():
    """lost() is True exactly when no sequence of the player's decisions reaches the goal within the horizon."""
    from ninekit.count_of_nine import position

    start = position(target="Castle", deck=["6r", "3", "9"], discard=["8"], round=2)
    tavern = lost(lambda s: "Tavern" in [c["name"] for c in s.view(0)["city"]], turn_done)
    assert not tavern(start)
    chosen = start.play(Move("build", ("deck", "Armoury")))
    assert not tavern(chosen), "the chosen Armoury can still be put back"
    assert tavern(chosen.play(chosen.legal_moves()[0])), "once the Armoury is paid, this turn holds no Tavern"
    assert tavern(start.play(Move("pass")))


def test_the_steps_score_with_the_engine(lesson):
    """The scoring steps' goals agree with ninekit's score_game: the solution reaches exactly that score."""
    with _no_frontend():
        for key, gained in (("duplicate", 2), ("second-high", 9)):
            step = _fresh(lesson, key)
            state = step.start
            before = [c["name"] for c in state.view(0)["city"]]
            for item in step.solution:
                state = state.play(resolve(state, item))
            after = [c["name"] for c in state.view(0)["city"]]
            rounds = state.view(0)["round"]
            assert score_game(after, rounds) - score_game(before, rounds) == gained, key
        step = _fresh(lesson, "match")
        state = step.start
        for item in step.solution:
            state = state.play(resolve(state, item))
        view = state.view(0)
        assert view["total"] == sum(r["score"] for r in view["results"]) == 17
        assert view["title"] == title(17) == "The King is impressed"


def test_the_score_calculator_is_the_engines_score():
    rng = random.Random(9)
    box = score_calculator()
    counts, rounds, other, out = box.children[1].children, box.children[2], box.children[3], box.children[-1]
    for _ in range(10):
        city = []
        for control in counts:
            control.value = min(rng.choice([0, 0, 0, 1, 2]), control.max)
            city += [control.description] * control.value
        rounds.value = rng.randint(0, 8)
        other.value = rng.randint(-5, 20)
        game = score_game(city, rounds.value)
        assert f"<b>Game score</b></td><td>{game}</td>" in out.value
        for label, value in score_breakdown(city, rounds.value):
            assert f"<td>{label}</td><td>{value:+d}</td>" in out.value
        assert title(game + other.value) in out.value
    assert breakdown_html(["Tavern"], 0, None).count("Title") == 0, "no title without the other game"


def test_every_step_shows_the_cards_as_reconstructed(lesson):
    for key in lesson.steps:
        view = lesson.steps.build(key, None).start.view(0)
        assert view["reconstructed"] == RECONSTRUCTED_NOTE
    assert "Reconstructed" in _fresh(lesson, "first-build").static_html()


def test_the_hint_game_asks_the_analyst(lesson):
    """The last step's Hint is the analyst's move and reason for the board as it is now, on every press."""
    from ninekit.count_of_nine import hint

    with _no_frontend():
        step = _fresh(lesson, "hint-game")
        move, reason = hint(step.start, samples=4, seed=0)
        assert str(move) in step.give_hint() and str(move) in step.give_hint()
        assert step.attempt(resolve(step.app.state, step.solution[0]))
        now, _reason = hint(step.app.state, samples=4, seed=0)
        assert str(now) in step.give_hint()


def test_the_docs_page_has_the_decisions_the_cards_and_the_table():
    text = DOC.read_text(encoding="utf-8")
    for heading in ("## The game", "## The cards (reconstructed)", "## The tutorial",
                    "## Decisions where the rules are silent or disagree", "## Rules practised as lesson steps"):
        assert heading in text
    decisions = text.split("## Decisions where the rules are silent or disagree")[1].split("\n## ")[0]
    numbered = re.findall(r"^(\d+)\. \*\*", decisions, re.M)
    assert [int(n) for n in numbered] == list(range(1, len(numbered) + 1)) and len(numbered) >= 13
    for words in ("exactly four", "before round 1", "sets", "per card", "house rule", "one-card deck",
                  "Demolition Team", "Game 2's target", "round 1", "practice game", "rounds begun"):
        assert words in decisions, f"decision missing: {words!r}"
    assert "ninekit/count_of_nine/data.py" in text and "reconstruct" in text
    rows = rules_table(text)
    practised = sum(1 for _r, key in rows if key)
    assert f"{practised} of the {len(rows)} rules" in text, "the coverage sentence matches the table"
    assert practised / len(rows) >= 0.8


def test_the_hint_games_goal_is_the_best_score_on_its_deal(lesson):
    """The last step asks for the best score possible on its deal: ``best_line`` (five rounds, the app's cap)
    finds exactly that, and the step's Show me line reaches it."""
    from ninekit.count_of_nine import best_line, position
    from widgets.lessons.count_of_nine import HINT_GAME, HINT_GAME_BEST

    step = _fresh(lesson, "hint-game")
    state = step.start
    for item in step.solution:
        state = state.play(resolve(state, item))
    assert state.is_over and state.outcome.scores[0] == HINT_GAME_BEST
    best, moves = best_line(position(**HINT_GAME), 5)
    assert best == HINT_GAME_BEST
    assert str(HINT_GAME_BEST) in step.goal


def test_the_score_calculator_holds_only_what_a_city_can_hold():
    """Demolition Team never stays in the city (rulebook note 2), and a city holds at most as many copies of a
    structure as the cards print it (rulings, "Printed on"): each high structure once."""
    from ninekit.count_of_nine import CARDS

    counts = {c.description: c.max for c in score_calculator().children[1].children}
    assert "Demolition Team" not in counts
    assert set(counts) == set(STRUCTURES) - {"Demolition Team"}
    for name, most in counts.items():
        printed = sum(face[2:].count(name) for card in CARDS.values() for face in card.values())
        assert most == printed >= 1, name
        if STRUCTURES[name].kind == "high":
            assert most == 1, name
    assert counts["Tavern"] == 3 and counts["Quarry"] == 2


def _answer(lesson, key, decisions):
    with _no_frontend():
        step = _fresh(lesson, key)
        for item in decisions:
            step.attempt(item)
        return step.feedback


def test_demolition_feedback_names_the_real_cost_of_a_wrong_choice(lesson):
    """Demolition Team: taking down a Chapel (shield, basic, duplicate) costs 3, a Goldsmith 2 — the feedback
    says so while the card is still in the city (the return decision), and the score agrees afterwards."""
    start = [{"kind": "build", "args": ["discard", "Demolition Team"]}, {"kind": "pay", "args": ["centre", "city4"]}]
    chapel = _answer(lesson, "demolition", start + [{"kind": "demolish", "args": [7]}])
    assert "taking down a Chapel costs 3 points" in chapel and "Quarry costs only 1" in chapel
    goldsmith = _answer(lesson, "demolition", start + [{"kind": "demolish", "args": [5]}])
    assert "taking down a Goldsmith costs 2 points" in goldsmith
    with _no_frontend():
        step = _fresh(lesson, "demolition")
        state = step.start
        for item in start + [{"kind": "demolish", "args": [7]}, {"kind": "return", "args": ["Crew"]}]:
            state = state.play(resolve(state, item))
        assert step.start.view(0)["score"] - state.view(0)["score"] == 3


def test_flip_feedback_says_why_the_sawmill_is_out_of_reach(lesson):
    """Flip: after building the Mine, card 5's Sawmill lies on the top discard, but card 4's Iron went to the city
    with the Mine, and a structure built this round gives nothing yet."""
    words = _answer(lesson, "flip", [{"kind": "build", "args": ["deck", "Mine"]},
                                     {"kind": "pay", "args": ["centre", "discard"]}])
    assert "on the top discard now, but no Iron is left" in words and "built this round" in words
    assert "by a pass" not in words


def test_dead_round_tells_a_possible_but_unmade_build_from_an_impossible_one(lesson):
    """The game ends when no build is *possible* in a round (ruling 9), not when none is made: rotating and then
    passing by the Armoury keeps the game going, and the feedback says so."""
    kept = _answer(lesson, "dead-round", [{"kind": "round", "args": ["keep"]}])
    assert "no turn of round 4 can pay" in kept
    passed = _answer(lesson, "dead-round", [{"kind": "round", "args": ["rotate"]}] + [{"kind": "pass", "args": []}] * 4)
    assert "a build was possible in round 4, so the game goes on" in passed
    assert "no turn of round 4 can pay" not in passed


def test_the_tutorial_is_in_chapters_and_the_first_one_is_a_first_game(lesson):
    """Issue 24: chapters of a few steps on one idea, each a heading of the notebook (the progress bar links to
    it); the first takes a newcomer to a first game in at most ten steps and ends with a link to the app."""
    nb = _nb()
    headings = [line[3:].strip() for c in nb["cells"] if c["cell_type"] == "markdown"
                for line in cell_source(c).splitlines() if line.startswith("## ")]
    titles = [c.title for c in lesson.chapters]
    assert [h for h in headings if h in titles] == titles, "one heading per chapter, in the lesson's order"
    first = lesson.chapters[0]
    assert first.title == "Your first game" and len(first.steps) <= 10
    cells = nb["cells"]
    start = next(i for i, c in enumerate(cells) if cell_source(c).startswith(f"## {first.title}"))
    end = next(i for i, c in enumerate(cells) if cell_source(c).startswith(f"## {lesson.chapters[1].title}"))
    assert "[Play Count Of Nine now](../apps/count_of_nine.ipynb)" in cell_source(cells[end - 1])
    shown = [STEP_CELL.match(cell_source(c).strip()).group(1) for c in cells[start:end]
             if c["cell_type"] == "code" and STEP_CELL.match(cell_source(c).strip())]
    assert shown == first.steps
    assert lesson.order_problems() == []


def test_the_maintainers_cells_are_hidden_from_learners():
    """The Voila template hides cells tagged ``maintainers``: the note and the verify_all cell."""
    cells = _nb()["cells"]
    for cell in cells[-2:]:
        assert "maintainers" in cell.get("metadata", {}).get("tags", [])
    assert sum("maintainers" in c.get("metadata", {}).get("tags", []) for c in cells) == 2


def test_every_rule_is_shown_on_the_board(lesson):
    """Issue 24, nothing only read: every rule of the lesson (set-up, between rounds and the end too) is taught
    by a step, and the docs' table says so."""
    taught = {rule for key in lesson.steps for rule in lesson.spec(key)["teaches"]}
    assert taught == set(lesson.rules)
    rows = rules_table(DOC.read_text(encoding="utf-8"))
    assert len(rows) == len(lesson.rules) and all(key for _rule, key in rows)


def test_a_deck_of_one_card_is_not_shuffled(lesson):
    """Decision 6: before a round with one card in the deck, keep, rotate or stop, never shuffle."""
    start = _fresh(lesson, "one-card-deck").start
    assert start.view(0)["deck_count"] == 1
    assert sorted(m.args[0] for m in start.legal_moves()) == ["keep", "rotate", "stop"]


def test_demolition_team_needs_a_structure_to_take_down(lesson):
    """Decision 7: with an empty city the Demolition Team is refused (it could be paid), with the reason."""
    with _no_frontend():
        step = _fresh(lesson, "demolition-none")
        assert not step.attempt({"kind": "build", "args": ["discard", "Demolition Team"]})
        assert "needs a structure in your city to take down" in step.app.message


def test_the_game_ends_after_round_20_and_stopping_before_round_1_scores_0(lesson):
    """House rule (decision 5): the game ends after round 20; decision 2: stopping before round 1 scores 0."""
    with _no_frontend():
        for key, score in (("round-limit", None), ("stop-at-once", 0)):
            step = _fresh(lesson, key)
            state = step.start
            for item in step.solution:
                state = state.play(resolve(state, item))
            assert state.is_over, key
            if score is not None:
                assert state.outcome.scores[0] == score
        assert _fresh(lesson, "round-limit").start.view(0)["round"] == 20


def test_game_two_may_have_any_target(lesson):
    """Decision 8 (a fresh deck and its own target, ruling 10): after game 1, game 2 begins with the target
    choice, every high structure offered, the Castle again too."""
    start = _fresh(lesson, "second-target").start
    view = start.view(0)
    assert view["game_no"] == 2 and view["phase"] == "target" and len(view["results"]) == 1
    assert len(start.legal_moves()) == 5


def test_a_refusal_says_what_the_learner_sees(lesson):
    """A refused click names the card and what it shows: why the centre card's Crew cannot pay (own-card) and
    why the target card's Crew cannot (target-card)."""
    with _no_frontend():
        step = _fresh(lesson, "own-card")
        assert not step.attempt({"kind": "build", "args": ["centre", "Tavern"]})
        assert "the centre card shows Crew on top; a card cannot pay for its own structure" in step.app.message
        step = _fresh(lesson, "target-card")
        assert not step.attempt({"kind": "build", "args": ["deck", "Tavern"]})
        assert "the target card shows Crew on top; the target card gives no resource" in step.app.message
