"""The tutorials' lesson steps, one package per game (``widgets.lessons.nine_knights``, ...).

Each package defines ``tutorial() -> widgets.lesson.Tutorial`` with every step of that game's
tutorial, laid out the same way: ``rules.py`` (``RULES``, the game's atomic rules), ``play.py`` (the
positions, checks, replies and kinds of step the steps are made of) and the chapters' modules, whose
``<chapter>_steps()`` list each chapter's :class:`Step` records; ``__init__.py`` lists ``CHAPTERS`` and
builds the tutorial with :func:`build_tutorial`.  :func:`played` sets a position up by playing decisions.
The notebook (``notebooks/tutorials/<game>.ipynb``) builds the tutorial once and shows one step per code
cell, between the texts that teach the rule::

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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

import ninekit

STEP_CELL = re.compile(r'^\s*lesson\.steps\[["\']([\w-]+)["\']\]\s*$')
TABLE_HEADING = "## Rules practised as lesson steps"
STATIC_TAG = "lesson-picture"  # a step cell whose stored output is its picture (see store_static_pictures)


@dataclass(frozen=True)
class Step:
    """One lesson step as data: the arguments of ``Tutorial.step`` (see ``widgets.lesson.LessonStep``).

    ``start``: the position the learner starts from; ``goal``: the decision asked, in words; ``check``: is
    the goal reached (``state -> bool``); ``solution``: decisions that reach it; ``hint``, ``success`` and
    ``miss`` (a text, or ``state -> text``): the feedback; ``wrong``: a wrong attempt and words its answer
    contains; ``teaches``/``uses``: keys of the game's ``RULES``.  ``opponent``, ``turns``, ``until``,
    ``table`` and ``learner``: as ``LessonStep`` takes them (``opponent`` None: the tutorial's own).

        >>> from ninekit.nine_knights import position
        >>> step = Step(key="fight", title="A fight", start=position({"c3": "S4", "c4": "N6"}), goal="Fight.",
        ...             check=lambda s: False, solution=["c3", "c4"], hint="", teaches=("fight",))
        >>> step.turns, step.uses
        (1, ())
    """

    key: str
    title: str
    start: ninekit.State
    goal: str
    check: Callable[[ninekit.State], bool]
    solution: Sequence
    hint: object
    success: str = ""
    miss: object = None
    wrong: tuple | None = None
    teaches: Sequence[str] = ()
    uses: Sequence[str] = ()
    opponent: object = None
    turns: int = 1
    until: Callable[[ninekit.State], bool] | None = None
    table: object = None
    learner: int | None = None


def played(state: ninekit.State, *decisions) -> ninekit.State:
    """``state`` after ``decisions``, each named as a step's solution names it (a choice's words, a move dict
    or a Move: see ``widgets.lesson.resolve``); a decision that is not open raises ValueError with the choices.

        >>> from ninekit.nine_knights import position
        >>> played(position({"c3": "S4", "g8": "N6"}), "c3", "c4").log(None)[-1]
        'South moves an Archer c3 → c4'
    """
    from ..lesson import resolve  # widgets.lesson needs ipywidgets: loaded when a step is built

    for item in decisions:
        move = resolve(state, item)
        if move is None:
            raise ValueError(f"{item!r} is not a decision open now: {[str(m) for m in state.legal_moves()]}")
        state = state.play(move)
    return state


def build_tutorial(key: str, title: str, rules: Iterable,
                   chapters: Iterable[tuple[str, str, Callable[[], Iterable[Step]]]], opponent=None):
    """A ``widgets.lesson.Tutorial`` of ``rules`` and ``chapters`` (``(key, title, steps)``, ``steps()`` the
    chapter's :class:`Step` records in order); ``opponent`` replies in every step that names none.

        >>> from ninekit.nine_knights import position
        >>> fight = Step(key="fight", title="A fight", start=position({"c3": "S4", "c4": "N6"}), goal="Fight.",
        ...              check=lambda s: False, solution=["c3", "c4"], hint="")
        >>> lesson = build_tutorial("doctest", "Doctest", [], [("first", "First moves", lambda: [fight])])
        >>> [c.steps for c in lesson.chapters], lesson.spec("fight")["goal"]
        ([['fight']], 'Fight.')
    """
    from ..lesson import Tutorial  # widgets.lesson needs ipywidgets: loaded when a tutorial is built

    lesson = Tutorial(key, title, rules=rules)
    for chapter_key, chapter_title, steps in chapters:
        lesson.chapter(chapter_key, chapter_title)
        for step in steps():
            spec = {f.name: getattr(step, f.name) for f in fields(step)}
            spec["opponent"] = spec["opponent"] or opponent
            lesson.step(spec.pop("key"), spec.pop("start"), **spec)
    return lesson


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
