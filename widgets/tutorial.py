"""A tutorial: its rules, chapters and steps, and the learner's progress (:class:`Tutorial`).

Lessons are data: each step is declared with :meth:`Tutorial.step` and built (a :class:`widgets.lesson.LessonStep`)
only when first shown or asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import comm

import ninekit

from .lesson_parts import ProgressBar, ShowWhenNear
from .shell.common import dispose

if TYPE_CHECKING:
    from .lesson import LessonStep


def step_label(number: int | None, title: str = "") -> str:
    """The words a step is named by: ``step_label(3, "A fight")`` is "Step 3 · A fight".

    >>> step_label(3, "A fight"), step_label(None)
    ('Step 3 · A fight', 'Step')
    """
    label = f"Step {number}" if number is not None else "Step"
    return f"{label} · {title}" if title else label


FIRST_CHAPTER_MOST = 10  # steps: the first chapter takes a newcomer to a first game in about this many


@dataclass(frozen=True)
class Rule:
    """One atomic rule a tutorial teaches: ``key`` (used by steps' ``teaches`` and ``uses``), the rule in
    words, and where it comes from ("rulebook", "ruling", "rulebook; ruling", "house rule")."""

    key: str
    text: str
    source: str = "rulebook"


@dataclass
class Chapter:
    """A few steps on one idea: ``key``, ``title`` (also the notebook's heading of the chapter), its steps."""

    key: str
    title: str
    steps: list[str] = field(default_factory=list)


class Tutorial:
    """The steps of one tutorial and their progress: ``tutorial = Tutorial("nine_knights")``.

    ``tutorial.step(key, ...)`` adds a :class:`LessonStep` (see it for the arguments);
    ``tutorial.steps[key]`` is the step (it builds its board when it first comes near the screen, so a
    notebook of many steps never sends all their widgets at once); ``tutorial.progress`` is the progress bar
    with each chapter's progress (show it at the top and the end).

    Lessons are data: ``rules`` lists the game's atomic rules (:class:`Rule`); ``tutorial.chapter(key,
    title)`` starts a chapter; each step names the rules it ``teaches`` (shows happening or asks the learner
    to decide) and the rules it ``uses`` (needs the learner to know).  :meth:`order_problems` checks that a
    step uses only rules taught by it or before it and that every rule is taught; :meth:`rules_markdown`
    writes the rules-to-steps table of ``docs/<game>.md``.

        >>> from ninekit.nine_knights import position
        >>> t = Tutorial("doctest", rules=[Rule("move", "A Knight moves one field"), Rule("fight", "Knights fight")])
        >>> t.chapter("first", "Your first moves")
        >>> t.step("fight", position({"c3": "S4", "c4": "N6"}), goal="Fight.", check=lambda s: False,
        ...        solution=["c3", "c4"], hint="", title="A fight", teaches=["fight"], uses=["move"])
        >>> t.order_problems()
        ["step 'fight' uses rule 'move' before a step teaches it", "no step teaches rule 'move'"]
    """

    def __init__(self, key: str, title: str = "", rules: Iterable[Rule] = ()):
        self.key = key
        self.title = title
        self.rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.key in self.rules:
                raise ValueError(f"rule {rule.key!r} is listed twice in tutorial {key!r}")
            self.rules[rule.key] = rule
        self.chapters: list[Chapter] = []
        self.steps = _Steps(self)
        self._restored: set[str] = set()
        self._shown_one = False  # a step was shown (the first is built at once: see LessonStep._repr_mimebundle_)
        self._near: ShowWhenNear | None = None
        self._progress: ProgressBar | None = None

    @property
    def progress(self) -> ProgressBar:
        """The progress bar, made when first asked for (adding steps before then sends the browser nothing)."""
        if self._progress is None:
            self._progress = ProgressBar(key=self.key, on_restore=self._restore, total=len(self.steps))
            self._paint_chapters()
            self._changed()
        return self._progress

    @property
    def solved(self) -> list[str]:
        """Keys of the solved steps (here, or kept by the browser from an earlier visit), in step order."""
        built = self.steps.built
        return [k for k in self.steps if k in self._restored or (k in built and built[k].solved)]

    def chapter(self, key: str, title: str) -> None:
        """Start a chapter: the steps added from now on belong to it (its title is the notebook's heading)."""
        if any(c.key == key for c in self.chapters):
            raise ValueError(f"chapter {key!r} already exists in tutorial {self.key!r}")
        self.chapters.append(Chapter(key, title))
        self._paint_chapters()

    def step(self, key: str, state: ninekit.State, goal: str, check: Callable[[ninekit.State], bool],
             solution: Sequence, hint, **kwargs) -> None:
        """Add a step (built when first shown; see :class:`LessonStep` for the arguments)."""
        if self.chapters:
            kwargs.setdefault("chapter", self.chapters[-1].key)
        self.steps.add(key, (state, goal, check, solution, hint), kwargs)
        if self.chapters:
            next(c for c in self.chapters if c.key == kwargs["chapter"]).steps.append(key)
        if self._progress is not None:
            self._progress.total = len(self.steps)
        self._paint_chapters()

    def label(self, key: str) -> str:
        """A step's label: "Step 3 · Its title"."""
        spec = self.spec(key)
        return step_label(spec["number"], spec["title"])

    def spec(self, key: str) -> dict:
        """A step's declared data without building it: title, chapter, teaches, uses, number."""
        args, kwargs, number = self.steps._specs[key]
        return {"title": kwargs.get("title", ""), "chapter": kwargs.get("chapter", ""),
                "teaches": tuple(kwargs.get("teaches", ())), "uses": tuple(kwargs.get("uses", ())),
                "number": number, "goal": args[1]}

    def order_problems(self) -> list[str]:
        """What breaks the lesson's order, in words ([] when none): a step with no title, a step that uses a
        rule no step before it (or it) teaches, a rule no step teaches, an unknown rule, a step outside the
        chapters, a first chapter longer than :data:`FIRST_CHAPTER_MOST` steps."""
        problems, taught = [], set()
        for key in self.steps:
            spec = self.spec(key)
            if not spec["title"]:
                problems.append(f"step {key!r} has no title")
            for rule in spec["teaches"] + spec["uses"]:
                if self.rules and rule not in self.rules:
                    problems.append(f"step {key!r} names rule {rule!r}, which the tutorial does not list")
            taught.update(spec["teaches"])
            for rule in spec["uses"]:
                if rule not in taught:
                    problems.append(f"step {key!r} uses rule {rule!r} before a step teaches it")
            if self.chapters and not spec["chapter"]:
                problems.append(f"step {key!r} is in no chapter")
        for rule in self.rules if self.rules else sorted({r for k in self.steps for r in self.spec(k)["uses"]}):
            if rule not in taught:
                problems.append(f"no step teaches rule {rule!r}")
        if self.chapters and len(self.chapters[0].steps) > FIRST_CHAPTER_MOST:
            problems.append(f"the first chapter has {len(self.chapters[0].steps)} steps (at most "
                            f"{FIRST_CHAPTER_MOST}: it takes a newcomer to a first game)")
        return problems

    def rules_markdown(self) -> str:
        """The rules-to-steps table of ``docs/<game>.md``, written from the lesson's data.

        One row per rule: its words, its source, and the steps that teach it (the first is where it is
        met first).
        """
        teaching: dict[str, list[str]] = {key: [] for key in self.rules}
        for key in self.steps:
            for rule in self.spec(key)["teaches"]:
                teaching.setdefault(rule, []).append(key)
        lines = ["| # | Rule | Source | Step |", "| --- | --- | --- | --- |"]
        for number, rule in enumerate(self.rules.values(), start=1):
            steps = ", ".join(f"`{k}`" for k in teaching[rule.key]) or "—"
            lines.append(f"| {number} | {rule.text} | {rule.source} | {steps} |")
        return "\n".join(lines) + "\n"

    def _near_watch(self) -> ShowWhenNear:
        """The placeholder every step not built yet shows (one model for the whole tutorial)."""
        if self._near is None:  # every step's label at once: one message, not one per step cell
            self._near = ShowWhenNear(self._build_near, labels={key: self.label(key) for key in self.steps})
        return self._near

    def _build_near(self, key: str) -> None:
        step = self.steps.built.get(key)  # only a step this page shows
        if step is not None:
            step.build()

    def _paint_chapters(self) -> None:
        if self._progress is not None:
            self._progress.chapters = [{"key": c.key, "title": c.title, "steps": list(c.steps)}
                                       for c in self.chapters]

    def verify_all(self) -> int:
        """:meth:`LessonStep.verify` on a fresh copy of every step (the test helper); returns how many.

        The copies talk to no browser, so this sends nothing and leaves the learner's boards alone.
        """
        with no_frontend():
            for key in self.steps:
                copy = self.steps.build(key, None)
                copy.verify()
                dispose(copy)
        return len(self.steps)

    def _changed(self) -> None:
        if self._progress is not None:
            self._progress.solved = self.solved

    def _restore(self, keys: Iterable[str]) -> None:
        for key in keys:
            if key in self.steps:
                self._restored.add(key)
                lesson = self.steps.built.get(key)
                if lesson is not None:
                    lesson._mark_solved(restored=True)
                    if lesson._built:
                        lesson._panel.send_state("solved")  # again, even if unchanged (see the progress bar's JS)
        self._changed()


class _Steps(Mapping):
    """``tutorial.steps``: every step's key from the start; a step's board is built when first asked for."""

    def __init__(self, tutorial: Tutorial):
        self._tutorial = tutorial
        self._specs: dict[str, tuple] = {}
        self.built: dict[str, LessonStep] = {}

    def add(self, key: str, args: tuple, kwargs: dict) -> None:
        if key in self._specs:
            raise ValueError(f"step {key!r} already exists in tutorial {self._tutorial.key!r}")
        self._specs[key] = (args, kwargs, len(self._specs) + 1)

    def build(self, key: str, tutorial: Tutorial | None) -> LessonStep:
        from .lesson import LessonStep  # the step's module builds on this one

        args, kwargs, number = self._specs[key]
        return LessonStep(*args, key=key, tutorial=tutorial, number=number, **kwargs)

    def __getitem__(self, key: str) -> LessonStep:
        if key not in self.built:
            lesson = self.build(key, self._tutorial)
            self.built[key] = lesson
            if key in self._tutorial._restored:
                lesson._mark_solved(restored=True)
        return self.built[key]

    def __contains__(self, key) -> bool:  # without building the step
        return key in self._specs

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)


@contextmanager
def no_frontend():
    """Widgets made inside talk to no browser (a DummyComm, as outside a kernel): they send nothing."""
    create = comm.create_comm
    comm.create_comm = comm.DummyComm
    try:
        yield
    finally:
        comm.create_comm = create
