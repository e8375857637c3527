"""Checks on the notebooks' shape (not their execution: nbval runs them, see the Makefile).

* every app notebook under notebooks/apps/ is a Voila app: markdown plus exactly one code cell that builds a
  ``GameApp``, and no stored outputs;
* notebooks are committed without outputs, except the cells nbval compares (cell tag ``nbval-check-output``, or
  the older ``# NBVAL_CHECK_OUTPUT`` comment), which must carry their expected output, and lesson step cells
  (tag ``lesson-picture``), which keep a picture of the step for pages that cannot run widgets;
* the gallery links only to notebooks that exist, offers every app, and lists games without an app as coming;
* the Nine Knights tutorial says where the rules come from (rulebook vs. the project's rulings and house rule),
  is made of lesson steps that work with the code hidden (Voila), and keeps its code in widgets/;
* so is the Double Nine tutorial, which also marks its rulings and ninekit decisions and teaches the audited
  end-of-pile rules (Fortune Teller on the last card, Sniper and Fortune Teller on an empty pile) right.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_text import cell_source, read_notebook, static_site_build
from notebook_text import prose as notebook_prose

from widgets.lessons import STATIC_TAG, STEP_CELL

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"  # nbval's comment marker
CHECK_TAG = "nbval-check-output"  # the same as a cell tag (nbval >= 0.10); preferred: the source stays clean
GAMES = ("code_of_nine", "count_of_nine", "nine_knights", "double_nine", "codinca")


def _checked(cell: dict) -> bool:
    """Whether nbval compares this cell's output (tag or comment)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return CHECK_TAG in tags or cell_source(cell).lstrip().startswith(CHECK)


def _all_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _apps() -> list[Path]:
    return sorted((NOTEBOOKS / "apps").glob("*.ipynb"))


def _ids(paths):
    return [str(p.relative_to(NOTEBOOKS)) for p in paths]


def test_there_are_notebooks():
    assert (NOTEBOOKS / "index.ipynb").is_file()
    assert (NOTEBOOKS / "apps" / "nine_knights.ipynb").is_file()
    assert (NOTEBOOKS / "tutorials" / "nine_knights.ipynb").is_file()


@pytest.mark.parametrize("path", _all_notebooks(), ids=_ids(_all_notebooks()))
def test_outputs_only_where_nbval_compares_them(path):
    nb = read_notebook(path)
    assert nb.get("nbformat") == 4
    assert nb.get("metadata", {}).get("kernelspec", {}).get("name") == "python3", "kernel must be python3"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        if STATIC_TAG in cell.get("metadata", {}).get("tags", []):
            assert STEP_CELL.match(cell_source(cell)), f"cell {i}: only a lesson step cell stores its picture"
            assert [o["output_type"] for o in cell.get("outputs", [])] == ["display_data"], f"cell {i}: one picture"
            assert set(cell["outputs"][0]["data"]) == {"text/html", "text/plain"}, f"cell {i}: a picture only"
            assert isinstance(cell.get("execution_count"), int), f"cell {i}: nbval runs only counted cells"
        elif _checked(cell):
            assert cell.get("outputs"), f"cell {i} is marked {CHECK_TAG} but stores no expected output"
            assert cell.get("execution_count") is not None, f"cell {i}: nbval skips outputs of unrun cells"
            for out in cell["outputs"]:
                assert out["output_type"] == "stream", f"cell {i}: compare printed text only, not rich output"
        else:
            assert not cell.get("outputs"), f"cell {i} has stored outputs; clear them (only checked cells keep theirs)"
            assert cell.get("execution_count") is None, f"cell {i} has an execution count; clear outputs"


@pytest.mark.parametrize("path", _all_notebooks(), ids=_ids(_all_notebooks()))
def test_every_cell_has_its_own_id(path):
    """nbformat 4.5: every cell carries an id, unique in its notebook (without one nbformat warns each time the
    notebook is read, and will refuse it in a later version)."""
    nb = read_notebook(path)
    assert (nb["nbformat"], nb["nbformat_minor"]) >= (4, 5)
    ids = [cell.get("id") for cell in nb["cells"]]
    assert None not in ids, f"cells without an id: {[i for i, cid in enumerate(ids) if cid is None]}"
    assert len(set(ids)) == len(ids), "two cells share an id"


@pytest.mark.parametrize("path", _apps(), ids=_ids(_apps()))
def test_app_notebook_is_only_the_app(path):
    cells = read_notebook(path)["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1, "an app notebook has exactly one code cell (what Voila shows is the app)"
    assert {c["cell_type"] for c in cells} <= {"markdown", "code"}
    text = cell_source(code[0])
    assert "from widgets import GameApp" in text
    game = path.stem
    assert re.search(rf"GameApp\(\s*[\"']{game}[\"']", text), f"the app must build GameApp({game!r})"
    assert "harden_comms()" in text, "a public app must call widgets.kernel.harden_comms() (no tracebacks to the page)"
    assert len(cells) <= 2, "at most a short markdown cell and the app cell"


def test_gallery_links_exist_and_cover_every_game():
    nb = read_notebook(NOTEBOOKS / "index.ipynb")
    text = "\n".join(cell_source(c) for c in nb["cells"])
    links = re.findall(r"""href=["']([^"'#?]+\.ipynb)["']|\]\(([^)#?]+\.ipynb)\)""", text)
    targets = {a or b for a, b in links}
    assert targets, "the gallery links to no notebook"
    for target in targets:
        assert not target.startswith(("/", "http")), f"gallery links must be relative: {target}"
        assert (NOTEBOOKS / target).is_file(), f"gallery links to a missing notebook: {target}"
    for app in _apps():
        assert f"apps/{app.name}" in targets, f"the gallery does not offer {app.name}"
    cards = re.split(r'<div class="nk-card[ "]', text)  # one chunk per game card
    for game in GAMES:
        title = game.replace("_", " ")
        card = [c for c in cards if re.search(rf">{title}</span>", c, re.I)]
        assert len(card) == 1, f"the gallery needs one card for {title}"
        if (NOTEBOOKS / "apps" / f"{game}.ipynb").exists():
            assert f'href="apps/{game}.ipynb"' in card[0], f"{title}'s card should link to its app"
        else:
            assert "coming soon" in card[0].lower(), f"{title} has no app yet: its card should say 'coming soon'"


NK_TUTORIAL = NOTEBOOKS / "tutorials" / "nine_knights.ipynb"
NK_BUILD = "from widgets.lessons.nine_knights import tutorial\n\nlesson = tutorial()\nlesson.progress"
NK_VERIFY = 'import os\n\nif os.environ.get("NINEKIT_VERIFY_STEPS"):\n    lesson.verify_all()'


def _nk_prose(nb: dict) -> str:
    """The tutorial's markdown as one line of words (quotes may wrap anywhere; blockquote marks dropped)."""
    text = "\n".join(cell_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    return " ".join(re.sub(r"^\s*>", "", text, flags=re.M).split())


def test_nine_knights_tutorial_names_its_sources():
    nb = read_notebook(NK_TUTORIAL)
    prose = _nk_prose(nb)
    lower = prose.lower()
    assert "reconstructed" in lower, "say that the board layout is reconstructed"
    assert "house rule" in lower and "quiet_limit" in prose, "say that the quiet_limit draw is a house rule"
    assert "ruling" in lower, "say which rules come from the project's rulings"
    for example in ("3 beats 4", "Maria's Knight is a 6, James' Knight is a 7", "1 beats 9", "2 beats 8"):
        assert example in prose, f"the rulebook's fight example {example!r} is missing"
    for quoted in ("You cannot pass your turn", "the Knight with the 1 defeats the 9",
                   "the defected enemy Knight must be summoned immediately"):
        assert quoted in prose, f"quote the rulebook: {quoted!r}"
    code = "\n".join(cell_source(c) for c in nb["cells"] if c["cell_type"] == "code")
    assert "GameApp(" in code, "end with a full game to play"
    checked = [c for c in nb["cells"] if c["cell_type"] == "code" and _checked(c)]
    assert not checked, "the learner makes the decisions on the board: no pre-run cells whose output nbval compares"


def test_nine_knights_tutorial_is_lesson_steps_that_work_with_the_code_hidden():
    """Served by Voila (the gallery's "Learn the rules") the code is hidden: the learner clicks, never types."""
    nb = read_notebook(NK_TUTORIAL)
    code = [cell_source(c).strip() for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0] == NK_BUILD, "the first code cell builds the lesson and shows its progress"
    assert code[-1] == NK_VERIFY, "the last cell lets a maintainer solve every step"
    assert code.count("lesson.progress") == 1, "show the progress again near the end"
    steps = [c for c in code if STEP_CELL.match(c)]
    assert len(steps) >= 25, "the rules are practised as lesson steps"
    index = [cell_source(c).strip() for c in nb["cells"]].index(NK_VERIFY)
    assert "test suite" in cell_source(nb["cells"][index - 1]), \
        "say above the last cell that it is a check for the tests"
    prose = notebook_prose(nb)
    for words in ("run the cell", "run this cell", "shift+enter", "`answer`", "write it into", "type into"):
        assert words not in prose.lower(), f"with the code hidden there is nothing to run or type: {words!r}"
    for target in re.findall(r"\]\(([^)#\s]+)\)|href=[\"']([^\"'#]+)[\"']", prose):
        target = "".join(target)
        if target.startswith(("http://", "https://")):
            continue
        assert not target.startswith("/"), f"links must be relative: {target}"
        resolved = (NK_TUTORIAL.parent / target).resolve()
        assert resolved.is_relative_to(NOTEBOOKS.resolve()), f"Voila serves notebooks/ only: {target} is a 404 there"
        assert resolved.is_file(), f"the tutorial links to a missing file: {target}"


def test_nine_knights_tutorial_marks_rulings_and_hides_helpers():
    nb = read_notebook(NK_TUTORIAL)
    prose = _nk_prose(nb)
    code = [cell_source(c) for c in nb["cells"] if c["cell_type"] == "code"]
    assert prose.count("a ruling") >= 5, "mark what comes from the rulings, not the rulebook, as '(a ruling)'"
    assert "only when revealing would change the outcome" in prose, "say when the Hidden Token question is asked"
    assert not [c for c in code if "def " in c or "lambda" in c], "steps and helpers belong in widgets/, not here"
    assert any("from widgets.teach import" in c for c in code), "the fight table and calculator come from teach"
    for cell in nb["cells"]:  # tags, not comments: the learner's code stays clean
        assert CHECK not in cell_source(cell), "use the nbval-check-output cell tag in the Nine Knights tutorial"


MAINTAINERS = "maintainers"  # the cell tag of a tutorial's self-check and its note: Voila and the site hide them


def learner_prose(nb: dict) -> str:
    """The markdown a learner sees: every markdown cell but those tagged ``maintainers``."""
    return "\n".join(cell_source(c) for c in nb["cells"]
                     if c["cell_type"] == "markdown" and MAINTAINERS not in c.get("metadata", {}).get("tags", []))


@pytest.mark.parametrize("path", sorted((NOTEBOOKS / "tutorials").glob("*.ipynb")), ids=lambda p: p.stem)
def test_tutorial_keeps_the_maintainers_check_off_the_learners_page(path):
    """Rule of the tutorials: the self-check cell and its note are tagged ``maintainers`` (hidden from learners),
    and the learner's text has no programmer words: no docs/ paths, no "ninekit decision"."""
    nb = read_notebook(path)
    tagged = [c for c in nb["cells"] if MAINTAINERS in c.get("metadata", {}).get("tags", [])]
    assert any("verify_all" in cell_source(c) for c in tagged), "tag the lesson.verify_all() cell 'maintainers'"
    for cell in nb["cells"]:
        text = cell_source(cell)
        if "For maintainers" in text or "verify_all" in text:
            assert cell in tagged, f"tag this cell 'maintainers': {text[:60]!r}"
    prose = learner_prose(nb)
    for words in ("docs/", "ninekit decision", "NINEKIT_VERIFY_STEPS", "tests/"):
        assert words not in prose, f"programmer words on the learner's page: {words!r}"


def test_the_static_sites_tutorial_pages_carry_no_step_pictures():
    """The stored step pictures are for GitHub: the site's page (built by serving/static_site/build.py) leaves them out,
    so the first step does not wait for the browser to load and draw every step's picture (Code of Nine: 3.9 MB)."""
    import json

    build = static_site_build()
    assert build.PICTURE_TAG == STATIC_TAG
    for path in sorted((NOTEBOOKS / "tutorials").glob("*.ipynb")):
        stored = read_notebook(path)
        assert any(c.get("outputs") for c in stored["cells"] if STATIC_TAG in c.get("metadata", {}).get("tags", []))
        page = json.loads(build.learner_notebook(path.read_text()))
        assert not any(c.get("outputs") for c in page["cells"] if STATIC_TAG in c.get("metadata", {}).get("tags", []))


def test_double_nine_tutorial_marks_rulings_and_hides_helpers_and_answers():
    """The Double Nine tutorial is lesson steps between texts, works with code hidden, and names its sources."""
    path = NOTEBOOKS / "tutorials" / "double_nine.ipynb"
    nb = read_notebook(path)
    prose = "\n".join(cell_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    code = [cell_source(c) for c in nb["cells"] if c["cell_type"] == "code"]
    prose = learner_prose(nb)
    assert prose.count("(a ruling)") >= 15, "mark what comes from the rulings, not the rulebook, as '(a ruling)'"
    assert prose.count("this app's choice") >= 7, "mark the developers' decisions as '(this app's choice)'"
    assert "reconstructed" in prose, "say that the full deck's composition is reconstructed by a ruling"
    for section in ("Set-up", "Game end and victory", "Copies", "selection rules"):
        assert re.search(rf"^## .*{section}", prose, re.M | re.I), f"a section {section!r}"
    # Served by Voila with the code hidden: nothing to run, nothing to type, every link inside notebooks/.
    for words in ("run the cell", "`answer`", "shift+enter", "needs a running notebook"):
        assert words not in prose.lower(), f"the learner clicks; the text must not say {words!r}"
    links = re.findall(r"\]\(([^)#?\s]+)[^)]*\)", prose)
    assert links, "link the gallery and the app"
    for target in links:
        if target.startswith(("http://", "https://")):
            continue
        resolved = (path.parent / target).resolve()
        assert resolved.is_file(), f"a broken link: {target}"
        assert NOTEBOOKS.resolve() in resolved.parents, f"Voila serves notebooks/ only: {target}"
    # The code: build the lesson, one step per cell, the progress, the maintainers' check; no helpers.
    first = "from widgets.lessons.double_nine import tutorial lesson = tutorial() lesson.progress"
    assert code[0].split() == first.split(), "the first code cell builds the lesson and shows the progress"
    steps = [c for c in code if STEP_CELL.match(c)]
    assert len(steps) >= 30, "the rules are practised as lesson steps"
    assert code[-2].strip() == "lesson.progress", "show the progress at the end too"
    assert code[-1] == 'import os\n\nif os.environ.get("NINEKIT_VERIFY_STEPS"):\n    lesson.verify_all()'
    assert len(code) == len(steps) + 3, "no other code: every decision is the learner's click"
    assert not [c for c in code if "def " in c], "helpers belong in widgets/, not in the tutorial"
    # The audit's corrections: what ends the game, and who decided the two empty-pile cases.
    paragraphs = re.split(r"\n\s*\n", prose)

    def paragraph(*words):
        found = [p for p in paragraphs if all(w in p for w in words)]
        assert len(found) == 1, f"one paragraph says {words}"
        return found[0]

    last = paragraph("Fortune Teller on the last card")
    assert "the game ends at the end of this turn" in last and "(a ruling" in last and "nobody draws it" in last
    assert "(a ruling" in paragraph("not replaced", "Sniper"), "Sniper on an empty pile is decided by the rulings"
    empty = paragraph("With the pile already empty, Fortune Teller draws nothing")
    assert "With the pile already empty, Fortune Teller draws nothing (this app's choice)" in empty
    for cell in nb["cells"]:
        assert CHECK not in cell_source(cell), "no nbval comments in the Double Nine tutorial"
        assert not _checked(cell), "the Double Nine tutorial compares no printed output: its steps are checked"
