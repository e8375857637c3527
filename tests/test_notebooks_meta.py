"""Checks on the notebooks' shape (not their execution: nbval runs them, see the Makefile).

* every app notebook under notebooks/apps/ is a Voila app: markdown plus exactly one code cell that builds a
  ``GameApp``, and no stored outputs;
* notebooks are committed without outputs, except the cells nbval compares (cell tag ``nbval-check-output``, or
  the older ``# NBVAL_CHECK_OUTPUT`` comment), which must carry their expected output, and lesson step cells
  (tag ``lesson-picture``), which keep a picture of the step for pages that cannot run widgets;
* the gallery links only to notebooks that exist, offers every app, and lists games without an app as coming;
* the Nine Knights tutorial says where the rules come from (rulebook vs. the project's rulings and house rule)
  and keeps helper code out of sight (in widgets/teach.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from widgets.lessons import STATIC_TAG, STEP_CELL

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"  # nbval's comment marker
CHECK_TAG = "nbval-check-output"  # the same as a cell tag (nbval >= 0.10); preferred: the source stays clean
GAMES = ("code_of_nine", "count_of_nine", "nine_knights", "double_nine", "codinca")


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _checked(cell: dict) -> bool:
    """Whether nbval compares this cell's output (tag or comment)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return CHECK_TAG in tags or _source(cell).lstrip().startswith(CHECK)


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
    nb = _load(path)
    assert nb.get("nbformat") == 4
    assert nb.get("metadata", {}).get("kernelspec", {}).get("name") == "python3", "kernel must be python3"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        if STATIC_TAG in cell.get("metadata", {}).get("tags", []):
            assert STEP_CELL.match(_source(cell)), f"cell {i}: only a lesson step cell stores its picture"
            assert [o["output_type"] for o in cell.get("outputs", [])] == ["display_data"], f"cell {i}: one picture"
            assert set(cell["outputs"][0]["data"]) == {"text/html", "text/plain"}, f"cell {i}: a picture only"
            assert cell.get("execution_count") is None, f"cell {i}: a stored picture, not a run"
        elif _checked(cell):
            assert cell.get("outputs"), f"cell {i} is marked {CHECK_TAG} but stores no expected output"
            assert cell.get("execution_count") is not None, f"cell {i}: nbval skips outputs of unrun cells"
            for out in cell["outputs"]:
                assert out["output_type"] == "stream", f"cell {i}: compare printed text only, not rich output"
        else:
            assert not cell.get("outputs"), f"cell {i} has stored outputs; clear them (only checked cells keep theirs)"
            assert cell.get("execution_count") is None, f"cell {i} has an execution count; clear outputs"


@pytest.mark.parametrize("path", _apps(), ids=_ids(_apps()))
def test_app_notebook_is_only_the_app(path):
    cells = _load(path)["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1, "an app notebook has exactly one code cell (what Voila shows is the app)"
    assert {c["cell_type"] for c in cells} <= {"markdown", "code"}
    text = _source(code[0])
    assert "from widgets import GameApp" in text
    game = path.stem
    assert re.search(rf"GameApp\(\s*[\"']{game}[\"']", text), f"the app must build GameApp({game!r})"
    assert "harden_comms()" in text, "a public app must call widgets.kernel.harden_comms() (no tracebacks to the page)"
    assert len(cells) <= 2, "at most a short markdown cell and the app cell"


def test_gallery_links_exist_and_cover_every_game():
    nb = _load(NOTEBOOKS / "index.ipynb")
    text = "\n".join(_source(c) for c in nb["cells"])
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


def test_nine_knights_tutorial_names_its_sources():
    nb = _load(NOTEBOOKS / "tutorials" / "nine_knights.ipynb")
    prose = "\n".join(_source(c) for c in nb["cells"] if c["cell_type"] == "markdown").lower()
    code = "\n".join(_source(c) for c in nb["cells"] if c["cell_type"] == "code")
    assert "reconstructed" in prose, "say that the board layout is reconstructed"
    assert "house rule" in prose and "quiet_limit" in prose, "say that the quiet_limit draw is a house rule"
    assert "ruling" in prose, "say which rules come from the project's rulings"
    for example in ("3 attacks 4", "6 attacks James's 7", "1 attacks 9", "Hidden Token 2 revealed"):
        assert example in code, f"the rulebook's fight example {example!r} is missing"
    assert "defection=True" in code and "why_illegal" in code and "GameApp(" in code
    checked = [c for c in nb["cells"] if c["cell_type"] == "code" and _checked(c)]
    assert 5 <= len(checked) <= 12, "keep a handful of cells whose output nbval compares"


def test_nine_knights_tutorial_marks_rulings_and_hides_helpers():
    nb = _load(NOTEBOOKS / "tutorials" / "nine_knights.ipynb")
    prose = "\n".join(_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    code = [_source(c) for c in nb["cells"] if c["cell_type"] == "code"]
    assert prose.count("a ruling") >= 5, "mark what comes from the rulings, not the rulebook, as '(a ruling)'"
    assert "only when revealing would change the outcome" in prose, "say when the Hidden Token question is asked"
    assert not [c for c in code if "def " in c], "helpers belong in widgets/teach.py, not in the tutorial"
    assert any("from widgets.teach import" in c for c in code)
    for cell in nb["cells"]:  # tags, not comments: the learner's code stays clean
        assert CHECK not in _source(cell), "use the nbval-check-output cell tag in the Nine Knights tutorial"


def test_double_nine_tutorial_marks_rulings_and_hides_helpers_and_answers():
    nb = _load(NOTEBOOKS / "tutorials" / "double_nine.ipynb")
    prose = "\n".join(_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    code = [_source(c) for c in nb["cells"] if c["cell_type"] == "code"]
    assert prose.count("(a ruling)") >= 15, "mark what comes from the rulings, not the rulebook, as '(a ruling)'"
    assert prose.count("(a ninekit decision)") >= 8, "mark the developers' decisions as '(a ninekit decision)'"
    assert "](../../docs/double_nine.md)" in prose, "link the developers' decisions"
    for section in ("Set-up", "Game end and victory", "Copies", "selection rules"):
        assert re.search(rf"^## .*{section}", prose, re.M | re.I), f"a section {section!r}"
    assert "needs a running notebook" in prose, "say that the app cell needs a running notebook"
    assert not [c for c in code if "def " in c], "helpers belong in widgets/teach.py, not in the tutorial"
    assert any("from widgets.teach import" in c for c in code)
    joined = "\n".join(code)
    assert "ANSWERS" not in joined and "display(" not in joined and "legal_moves()" not in joined
    quizzes = re.findall(r'check_double_nine\("(\w+)", answer\)', joined)
    assert len(quizzes) >= 5 and len(set(quizzes)) == len(quizzes), quizzes
    for cell in nb["cells"]:
        assert CHECK not in _source(cell), "use the nbval-check-output cell tag in the Double Nine tutorial"
        if cell["cell_type"] == "code" and "check_double_nine(" in _source(cell):
            assert "answer = ...  #" in _source(cell), "a quiz starts from the ... placeholder"
            assert _checked(cell), "a quiz cell's placeholder output is compared"
    checked = [c for c in nb["cells"] if c["cell_type"] == "code" and _checked(c)]
    assert 8 <= len(checked) <= 20, "keep a handful of cells whose output nbval compares"
