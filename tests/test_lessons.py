"""Every tutorial's lesson steps: listed in docs/<game>.md, solved by the test helper, shown in the notebook.

Parametrised over the modules in widgets/lessons/, so a new game's tutorial gets these checks the moment
its lessons module exists:

- the table "Rules practised as lesson steps" in docs/<game>.md lists the game's atomic rules, every step
  it names exists, and at least 80 % of the rules are practised as steps;
- ``LessonStep.verify`` (a wrong attempt refused with its rule, the solution accepted through the same
  click paths as a learner's) passes for every step;
- the tutorial notebook shows every step exactly once, and the picture stored for pages that cannot run
  widgets is the step's current picture.
"""

from __future__ import annotations

import json
import pkgutil
from pathlib import Path

import pytest
from shell_driver import no_search_left  # noqa: F401 (a fixture)

import widgets.lessons
from widgets.lessons import rules_table, step_cells, tutorial_for

pytestmark = pytest.mark.usefixtures("no_search_left")

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(m.name for m in pkgutil.iter_modules(widgets.lessons.__path__) if not m.name.startswith("_"))
COVERAGE = 0.8


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return request.param, tutorial_for(request.param)


def test_there_are_lessons():
    assert GAMES, "no lessons module in widgets/lessons"


def test_rules_table_lists_existing_steps_and_covers_the_rules(game):
    """Rule of the tutorials: at least 80 % of a game's atomic rules are practised as lesson steps."""
    name, lesson = game
    rows = rules_table((REPO / "docs" / f"{name}.md").read_text(encoding="utf-8"))
    assert len(rows) >= 20, f"docs/{name}.md lists only {len(rows)} rules"
    missing = sorted({key for _rule, key in rows if key and key not in lesson.steps})
    assert not missing, f"docs/{name}.md names steps the tutorial lacks: {missing}"
    practised = sum(1 for _rule, key in rows if key)
    assert practised / len(rows) >= COVERAGE, f"{practised} of {len(rows)} rules practised as steps"
    unlisted = sorted(set(lesson.steps) - {key for _rule, key in rows})
    assert not unlisted, f"steps not in the table of docs/{name}.md: {unlisted}"


def test_every_step_is_solved_by_the_helper(game):
    """Rule of the tutorials: each step accepts its solution and refuses its wrong attempt with the rule."""
    _name, lesson = game
    assert lesson.verify_all() == len(lesson.steps)
    assert lesson.solved == [], "verifying is not solving: the learner's progress is untouched"


def test_the_notebook_shows_every_step_once_with_its_current_picture(game):
    """Rule of the tutorials: every step is in the notebook, and GitHub shows its current picture."""
    name, lesson = game
    notebook = json.loads((REPO / "notebooks" / "tutorials" / f"{name}.ipynb").read_text(encoding="utf-8"))
    cells = step_cells(notebook)
    keys = [key for _i, key in cells]
    assert sorted(keys) == sorted(lesson.steps), "the notebook must show each step exactly once"
    for index, key in cells:
        stored = notebook["cells"][index].get("outputs") or [{}]
        html = "".join(stored[0].get("data", {}).get("text/html", []))
        assert html == lesson.steps[key].static_html(), (
            f"the picture of step {key!r} is stale: run python -m widgets.lessons {name}")


def test_lessons_are_data_in_order(game):
    """Rule of the tutorials: each step only relies on rules taught by it or before it, every listed rule is
    taught by a step, every step has a title and a chapter, and the first chapter is at most ten steps."""
    _name, lesson = game
    assert lesson.rules, "the lesson lists the game's rules (widgets.lesson.Rule)"
    assert lesson.chapters, "the lesson is in chapters"
    assert lesson.order_problems() == []


def test_the_rules_table_in_docs_is_written_from_the_lesson_data(game):
    """Rule of the tutorials: docs/<game>.md's rules-to-steps table is the lesson's own data, not a copy."""
    name, lesson = game
    markdown = (REPO / "docs" / f"{name}.md").read_text(encoding="utf-8")
    assert lesson.rules_markdown() in markdown, f"run python -m widgets.lessons {name}"
