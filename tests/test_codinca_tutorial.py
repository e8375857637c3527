"""The Codinca tutorial (notebooks/tutorials/codinca.ipynb, widgets/lessons/codinca/, docs/codinca.md).

tests/test_lessons.py already solves every step, checks the rules table's coverage and the stored pictures;
here: what this tutorial must say and how it is built.

* it says that the layout, discs, traps and crystals are reconstructed and that the round limit is a house
  rule, and marks rulings and the app's decisions where the rules are silent (listing all of them, in the
  learner's words: no code, no repository paths);
* it is chapters: a first chapter of at most ten steps that ends with a link to the app, then the finer
  points; each chapter's heading is its title, and the maintainers' cells are tagged so learners never see
  them;
* the set-up and end-of-game rules are shown on the board: the deal, Fire starting, No Rewind across the
  round boundary, a claimed disc shown to the others;
* it is lesson steps between texts that work with the code hidden (Voila): nothing to run or type, relative
  links inside notebooks/, a game against the computer at the end, the maintainers' check last;
* the issue's topics each have their steps (the Switch and its diagonal, the Flip, No Rewind, each disc
  group, a Trap from every seat, every Luck action, the lock's length, beginner and full game, the round
  limit), and the other players reply as the steps say (No Rewind from the next seat, a lock lasting a round);
* docs/codinca.md has the sections the decisions and components live in.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_text import cell_source, read_notebook
from notebook_text import prose as notebook_prose

from ninekit.codinca import trap_effect
from widgets.lesson import resolve
from widgets.lessons import STEP_CELL, rules_table, step_cells
from widgets.lessons.codinca import breaker, calm, rotated, tutorial

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
PATH = NOTEBOOKS / "tutorials" / "codinca.ipynb"
DOC = REPO / "docs" / "codinca.md"
VERIFY = 'import os\n\nif os.environ.get("NINEKIT_VERIFY_STEPS"):\n    lesson.verify_all()'


def _nb() -> dict:
    return read_notebook(PATH)


@pytest.fixture(scope="module")
def lesson():
    return tutorial()


def test_the_tutorial_names_reconstructed_components_and_the_house_rule():
    prose = " ".join(notebook_prose(_nb()).split())
    intro = " ".join(cell_source(_nb()["cells"][0]).split())
    for words in ("reconstruct", "starting layout", "Key Discs", "Trap Cards", "crystals", "house rule"):
        assert words in intro, f"the introduction must say {words!r}"
    assert len(re.findall(r"\((a|both) ruling", prose)) >= 10, "mark what comes from the rulings as '(a ruling)'"
    assert len(re.findall(r"\(an app decision", prose)) >= 8, "mark the app's own decisions as '(an app decision)'"
    assert "not a rule of the printed game" in prose
    assert "A Trap will cause any Lock in play to fail immediately" in prose, "quote the rulebook on Trap vs Lock"


def test_the_tutorial_is_lesson_steps_that_work_with_the_code_hidden(lesson):
    nb = _nb()
    code = [cell_source(c).strip() for c in nb["cells"] if c["cell_type"] == "code"]
    first = "from widgets.lessons.codinca import tutorial lesson = tutorial() lesson.progress"
    assert code[0].split() == first.split(), "the first code cell builds the lesson and shows the progress"
    assert code[-1] == VERIFY, "the last cell lets a maintainer solve every step"
    steps = [c for c in code if STEP_CELL.match(c)]
    assert len(steps) == len(lesson.steps) >= 30
    assert code.count("lesson.progress") == 1 and code[-3] == "lesson.progress", "the progress again at the end"
    assert re.search(r'GameApp\("codinca", seats=\["human", "computer"\]\)', code[-2]), "end with a game to play"
    assert len(code) == len(steps) + 4, "no other code: every decision is the learner's click"
    assert not [c for c in code if "def " in c or "lambda" in c], "helpers belong in widgets/, not here"
    prose = notebook_prose(nb)
    for words in ("run the cell", "run this cell", "shift+enter", "`answer`", "type into"):
        assert words not in prose.lower(), f"with the code hidden there is nothing to run or type: {words!r}"
    links = re.findall(r"\]\(([^)#?\s]+)[^)]*\)", prose)
    assert "../apps/codinca.ipynb" in links and "../index.ipynb" in links
    for target in links:
        resolved = (PATH.parent / target).resolve()
        assert resolved.is_file() or target == "../apps/codinca.ipynb", f"a broken link: {target}"
        assert NOTEBOOKS.resolve() in resolved.parents, f"Voila serves notebooks/ only: {target}"
    above = " ".join(cell_source(nb["cells"][-2]).split())
    assert "the tests run it" in above, "say above the last cell that it is for the tests"


def test_every_topic_of_the_issue_has_its_steps(lesson):
    keys = set(lesson.steps)
    topics = {
        "the Switch, diagonal too": {"switch", "switch-diagonal", "switch-own"},
        "the Flip": {"flip"},
        "No Rewind": {"no-rewind", "no-rewind-others", "rewind"},
        "each disc group": {"line", "diagonal", "block", "corners", "corners-3x3"},
        "a trap from each seat": {"trap-earth", "trap-air", "trap-fire", "trap-water", "reveal-trap"},
        "each luck action": {"line-push", "switch-pair", "rotate-block", "block-flip", "line-flip", "extra-move",
                             "rewind", "reveal-trap", "line-lock", "block-lock"},
        "how long a lock lasts": {"line-lock", "block-lock", "trap-breaks-lock"},
        "beginner vs full": {"win", "beginner"},
        "the round limit": {"round-limit"},
    }
    for topic, needed in topics.items():
        assert needed <= keys, f"{topic}: missing steps {sorted(needed - keys)}"


def test_each_trap_step_turns_the_same_card_to_its_seat(lesson):
    """The four trap steps are one position turned with the seats; the card lands on the learner's near-left."""
    near_left = {"earth": {"a1", "a2", "b1", "b2"}, "air": {"a4", "b4", "a3", "b3"},
                 "fire": {"c4", "d4", "c3", "d3"}, "water": {"c1", "d1", "c2", "d2"}}
    for seat, squares in near_left.items():
        step = lesson.steps[f"trap-{seat}"]
        element = seat.capitalize()
        assert step.start.view(step.learner)["elements"][step.learner] == element
        assert set(trap_effect("T24", element)) == squares
        mine = {sq for sq, (e, _s) in step.start.view(None)["tiles"].items() if e == element}
        assert len(mine & squares) == 3, "three tiles in the block the card turns gold, the fourth beside it"
    assert rotated({"a1": ("Earth", "G"), "c2": ("Water", "S")}, 2) == {"d4": ("Fire", "G"), "b3": ("Air", "S")}


def test_the_lock_lasts_until_the_lockers_next_turn_through_every_other_turn(lesson):
    """block-lock: three players; Water and Air both try and fail; at Fire's next turn the Totem is home."""
    step = lesson.steps["block-lock"]
    step.reset()
    for item in step.solution:
        assert step.attempt(item)
    assert step.solved and step.app.state.to_move == 0
    view = step.app.state.view(None)
    assert view["totem"] == "V22" and view["locked"] == []
    movers = [seat for seat, _m in step.app.state.history[len(step.start.history):]]
    assert {1, 2} <= set(movers), "both other players took their turns under the lock"
    step.reset()
    for item in step.solution[:3] + [step.solution[-1]]:  # the same turn without the lock
        assert step.attempt(item)
    assert step.feedback.startswith("Not yet") and "reached your block" in step.feedback
    step.reset()


def test_no_rewind_is_shown_from_the_next_seat_and_the_seat_after(lesson):
    refused = lesson.steps["no-rewind"]
    refused.reset()
    assert refused.attempt({"kind": "tile", "args": ["a2"]})
    assert not refused.attempt({"kind": "switch", "args": ["b1"]}) and "No Rewind" in refused.app.message
    later = lesson.steps["no-rewind-others"]
    later.reset()
    assert later.attempt({"kind": "tile", "args": ["b3"]}) and later.attempt({"kind": "switch", "args": ["a4"]})
    assert later.solved
    refused.reset()
    later.reset()


def test_the_replies_keep_off_the_learners_tiles_unless_they_attack():
    from ninekit.codinca import position

    def tiles(state, element):
        return {sq: tuple(t) for sq, t in state.view(None)["tiles"].items() if t[0] == element}

    def turn(state, policy):
        while state.to_move == 0:
            state = state.play(resolve(state, policy(state)))
        return state

    start = position(2, to_move=0)  # Fire's whole turn, calm: Earth's tiles are neither moved nor flipped
    assert tiles(turn(start, calm), "Earth") == tiles(start, "Earth")
    attacked = turn(start, breaker(["c1"]))  # a breaker goes for Earth's c1
    assert attacked.view(None)["tiles"]["c1"] != start.view(None)["tiles"]["c1"]


def test_the_docs_page_has_the_decisions_components_and_seats():
    text = DOC.read_text(encoding="utf-8")
    for heading in ("## Components (reconstructed)", "## Seats and turn order",
                    "## Decisions where the rules are silent or disagree", "## Rules practised as lesson steps"):
        assert heading in text
    decisions = text.split("## Decisions where the rules are silent or disagree")[1].split("\n## ")[0]
    assert len(re.findall(r"^\d+\. \*\*", decisions, re.M)) >= 10
    assert "ninekit/codinca/data.py" in text and "house rule" in text
    rows = rules_table(text)
    practised = sum(1 for _r, key in rows if key)
    assert f"{practised} of the {len(rows)} rules" in text, "the coverage sentence matches the table"


def test_the_learners_page_is_in_chapters_with_a_first_game_first(lesson):
    """Rule of the tutorials: chapters with headings equal to their titles; the first chapter (at most ten steps)
    ends with a link to the app; the maintainers' cells are tagged for Voila to hide; no programmer words."""
    nb = _nb()
    headings = [line[3:].strip() for c in nb["cells"] if c["cell_type"] == "markdown"
                for line in cell_source(c).splitlines() if line.startswith("## ")]
    titles = [c.title for c in lesson.chapters]
    assert [h for h in headings if h in titles] == titles, "one heading per chapter, in order"
    assert titles[0] == "Your first game" and len(lesson.chapters[0].steps) <= 10
    order = [key for _i, key in step_cells(nb)]
    assert order == list(lesson.steps), "the notebook shows the steps in the lesson's order"
    first_md = [cell_source(c) for c in nb["cells"] if c["cell_type"] == "markdown"]
    after_first = next(t for t in first_md if "## " + titles[1] in t)
    assert "[Play Codinca now](../apps/codinca.ipynb)" in after_first.split("## " + titles[1])[0]
    tagged = [i for i, c in enumerate(nb["cells"]) if "maintainers" in c.get("metadata", {}).get("tags", [])]
    assert tagged == [len(nb["cells"]) - 2, len(nb["cells"]) - 1], "tag the maintainers' text and check cell"
    prose = notebook_prose(nb)
    for words in ("docs/", "ninekit decision", "`"):
        assert words not in prose, f"no programmer words on the learner's page: {words!r}"
    decisions = DOC.read_text(encoding="utf-8").split("## Decisions where the rules are silent or disagree")[1]
    listed = len(re.findall(r"^\d+\. \*\*", decisions.split("\n## ")[0], re.M))
    assert listed >= 10
    for n in range(1, listed + 1):
        assert f"\n{n}. " in prose, f"decision {n} of docs/codinca.md is listed for the learner"
    assert f"\n{listed + 1}. " not in prose.split("this app decides")[-1], "no decision the docs do not list"


def test_set_up_and_end_of_game_rules_are_shown_on_the_board(lesson):
    """The deal: one disc per group, 4 tokens, a Trap face down, Fire started; No Rewind binds Fire in round 2;
    a claimed disc is shown to the others; the first step is a plain board of two elements that matter."""
    deal = lesson.steps["deal"].start
    view = deal.view(1)
    assert [d["group"] for d in view["discs"][1]] == ["L", "D", "B", "C"] and view["tokens"] == [4, 4]
    assert view["traps"][1]["card"] is None and view["traps"][1]["state"] == "face down"
    assert deal.history[0][0] == 0 and deal.to_move == 1, "Fire took the first turn"
    crossed = lesson.steps["no-rewind-round"].start
    assert crossed.view(None)["round"] == 2 and crossed.to_move == 0 and crossed.view(None)["no_rewind"]
    step = lesson.steps["claimed-stays"]
    step.reset()
    for item in step.solution:
        assert step.attempt(item)
    assert step.solved and step.app.state.view(0)["discs"][1][0]["id"] == "L2"
    step.reset()
    first = lesson.steps["switch"].start.view(None)["tiles"]
    assert {side for _e, side in first.values()} == {"S"}, "the first board shows only what the Switch needs"


def test_reveal_trap_comes_after_luck_tokens(lesson):
    """Order: the Reveal Trap step spends a Luck token, so Luck tokens are taught before it."""
    keys = list(lesson.steps)
    assert keys.index("line-push") < keys.index("reveal-trap")
    assert "luck-token" in lesson.spec("reveal-trap")["uses"]
