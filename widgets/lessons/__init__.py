"""The tutorials' lesson steps, one module per game (``widgets.lessons.nine_knights``, ...).

Each module defines ``tutorial() -> widgets.lesson.Tutorial`` with every step of that game's
tutorial.  The notebook (``notebooks/tutorials/<game>.ipynb``) builds it once and shows one step per
code cell, between the texts that teach the rule::

    from widgets.lessons.nine_knights import tutorial
    lesson = tutorial()
    lesson.progress

    lesson.steps["placement-rows"]

A step cell is exactly ``lesson.steps["<key>"]`` (nothing else), so that
:func:`store_static_pictures` can keep a picture of each step in the notebook for pages that cannot
run widgets (GitHub, nbviewer), and the tests can check that the pictures are current.

``docs/<game>.md`` lists the game's atomic rules in a table under the heading
``## Rules practised as lesson steps`` (columns: ``#``, ``Rule``, ``Source``, ``Step``; the step
key in backticks, or ``—`` for a rule that stays text); :func:`rules_table` reads it, and
``tests/test_lessons.py`` checks that every listed step exists, is solved by
``LessonStep.verify`` and that at least 80 % of the rules are practised.

    >>> rules_table("## Rules practised as lesson steps\\n| # | Rule | Source | Step |\\n|---|---|---|---|\\n"
    ...             "| 1 | Archers move one field | rulebook | `archer` |\\n| 2 | 18 Knights | rulebook | — |\\n")
    [('Archers move one field', 'archer'), ('18 Knights', None)]
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

STEP_CELL = re.compile(r'^\s*lesson\.steps\[["\']([\w-]+)["\']\]\s*$')
TABLE_HEADING = "## Rules practised as lesson steps"
STATIC_TAG = "lesson-picture"  # a step cell whose stored output is its picture (see store_static_pictures)


def tutorial_for(game: str):
    """``widgets.lessons.<game>.tutorial()``."""
    return importlib.import_module(f"{__name__}.{game}").tutorial()


def rules_table(markdown: str) -> list[tuple[str, str | None]]:
    """The ``(rule, step key or None)`` rows of the table under :data:`TABLE_HEADING`."""
    if TABLE_HEADING not in markdown:
        raise ValueError(f"no {TABLE_HEADING!r} section")
    section = markdown.split(TABLE_HEADING, 1)[1]
    section = re.split(r"\n## ", section, maxsplit=1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not line.strip().startswith("|") or set(cells[0]) <= set("-: ") or cells[0] == "#":
            continue
        key = re.match(r"`([\w-]+)`", cells[3])  # the first step that teaches it
        rows.append((cells[1], key.group(1) if key else None))
    return rows


def write_rules_table(path: str | Path, game: str) -> int:
    """Rewrite the table under :data:`TABLE_HEADING` in ``docs/<game>.md`` from the lesson's data
    (``Tutorial.rules_markdown``: each rule and the steps that teach it); returns how many rules.

    The text between the heading and the table, and everything after the table, is kept.
    """
    path = Path(path)
    markdown = path.read_text(encoding="utf-8")
    lesson = tutorial_for(game)
    if TABLE_HEADING not in markdown:
        raise ValueError(f"{path}: no {TABLE_HEADING!r} section")
    head, rest = markdown.split(TABLE_HEADING, 1)
    lines = rest.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("|")), len(lines))
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    table = lesson.rules_markdown().rstrip("\n").split("\n")
    path.write_text(head + TABLE_HEADING + "\n".join(lines[:start] + table + lines[end:]), encoding="utf-8")
    return len(lesson.rules)


def step_cells(notebook: dict) -> list[tuple[int, str]]:
    """``(cell index, step key)`` of every step cell of a notebook (parsed JSON)."""
    out = []
    for i, cell in enumerate(notebook["cells"]):
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        match = STEP_CELL.match(source) if cell["cell_type"] == "code" else None
        if match:
            out.append((i, match.group(1)))
    return out


def store_static_pictures(path: str | Path, game: str) -> int:
    """Store each step cell's picture (``LessonStep.static_html``) as its output; returns how many.

    Run it after changing a tutorial's steps (``python -m widgets.lessons <game>``); the tests check
    that the stored pictures are current.
    """
    path = Path(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    lesson = tutorial_for(game)
    cells = step_cells(notebook)
    for number, (index, key) in enumerate(cells, start=1):
        cell = notebook["cells"][index]
        cell["execution_count"] = number  # nbval refuses a stored output of a cell that never ran
        cell["outputs"] = [{"output_type": "display_data", "metadata": {},
                            "data": {"text/html": lesson.steps[key].static_html().splitlines(keepends=True),
                                     "text/plain": [f"Lesson step {key!r}"]}}]
        tags = cell.setdefault("metadata", {}).setdefault("tags", [])
        tags[:] = [t for t in tags if t != "nbval-skip"]  # nbval runs every step cell (it shows the board)
        if STATIC_TAG not in tags:
            tags.append(STATIC_TAG)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(cells)
