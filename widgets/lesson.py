"""Lesson steps: the learner makes a rule's decision on the real board and is answered at once.

A :class:`Tutorial` holds the steps of one tutorial and its progress bar; a
:class:`LessonStep` is a position, a goal in one sentence and a check.  The
learner plays on the game's own board (the :class:`~widgets.GameApp` shell in
compact form: clicks, keyboard) until the goal holds.  *Any* sequence of
legal decisions that reaches the goal counts, not only the author's
solution.  A refused click shows the rule that forbids it (``why_illegal``)
in place; an attempt that ends without reaching the goal says why; Hint
gives a nudge first and the next decision and why second (the game's own
hint where the step names no decision); Reset and Show me (the
solution played on the board step by step) are always there.  Opponents
inside a step reply by script or by bot.  Solved steps are kept in the
browser's storage (``localStorage``) and restored on reload; where storage is
unavailable nothing breaks, progress just is not kept.

No rule lives here: every decision goes through ``State.play`` and the
check is the author's function of the state.

    >>> from ninekit.nine_knights import position
    >>> tutorial = Tutorial("doctest")
    >>> tutorial.step(
    ...     "archer-forward", position({"c3": "S4", "g8": "N6"}),
    ...     goal="Move your Archer from c3 one field forward, to c4.",
    ...     check=lambda state: "c4" in state.log(0)[-1] if state.log(0) else False,
    ...     solution=["Choose the Knight on c3", "Move the chosen Knight to c4"],
    ...     hint="Click the Knight first, then the field.",
    ...     opponent=["Choose the Knight on g8", "Move the chosen Knight to g7"])
    >>> first = tutorial.steps["archer-forward"]   # the board is built when first shown
    >>> first.verify()   # the test helper: the solution, clicked, reaches the goal
    >>> first.attempt("c3"), first.attempt("c4"), first.solved, tutorial.solved
    (True, True, True, ['archer-forward'])
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import anywidget
import comm
import ipywidgets as w
import traitlets

import ninekit
from ninekit import Move, hints
from ninekit.bots import bot_for

from .app import COMPUTER, HUMAN, GameApp, dispose
from .shared import shared_layout
from .tables import adapter_for

SHOW_ME_DELAY = 0.7  # seconds between the decisions Show me plays
_MAX_STORED = 1000  # step keys accepted back from the browser's storage

_PROGRESS_ESM = r"""
function render({ model, el }) {
  const key = "ninekit-progress:" + model.get("key");
  const box = document.createElement("div");
  box.className = "ninekit-progress";
  el.appendChild(box);
  let stored = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(key) || "[]");
  } catch (error) {
    stored = null;  // no storage here (private window, blocked cookies): progress is simply not kept
  }
  if (Array.isArray(stored) && stored.length) {
    const keys = stored.filter((k) => typeof k === "string").slice(0, 1000);
    const restore = () => model.send({ event: "restore", solved: keys });
    restore();
    // Once more when the page has settled: an answer that reached a widget whose model the page was still
    // building is lost, so Python sends the steps' state again on every restore.
    setTimeout(restore, 2000);
  }
  function paint() {
    const solvedKeys = model.get("solved"), solved = solvedKeys.length, total = model.get("total");
    box.replaceChildren();
    const label = document.createElement("span");
    label.textContent = `Progress: ${solved} of ${total} step${total === 1 ? "" : "s"} solved`;
    const bar = document.createElement("progress");
    bar.max = Math.max(total, 1);
    bar.value = solved;
    bar.setAttribute("aria-label", label.textContent);
    box.append(label, bar);
    const chapters = model.get("chapters");
    if (chapters.length) {
      const list = document.createElement("ol");
      list.className = "ninekit-chapters";
      for (const chapter of chapters) {
        const item = document.createElement("li");
        const done = chapter.steps.filter((k) => solvedKeys.includes(k)).length;
        const link = document.createElement("a");
        link.href = "#";
        link.textContent = chapter.title;
        link.addEventListener("click", (event) => {  // to the chapter's heading in the page
          event.preventDefault();
          const heading = Array.from(document.querySelectorAll("h1, h2, h3"))
            .find((h) => h.textContent.replace(/¶/g, "").trim().endsWith(chapter.title));
          if (heading) heading.scrollIntoView({ behavior: "smooth", block: "start" });
        });
        const count = document.createElement("span");
        count.textContent = ` ${done} of ${chapter.steps.length}` + (done === chapter.steps.length ? " ✓" : "");
        item.append(link, count);
        list.append(item);
      }
      box.append(list);
    }
  }
  function save() {
    try { window.localStorage.setItem(key, JSON.stringify(model.get("solved"))); } catch (error) { /* no storage */ }
  }
  model.on("change:solved", () => { save(); paint(); });
  model.on("change:total", paint);
  model.on("change:chapters", paint);
  paint();
}
export default { render };
"""

_PROGRESS_CSS = r"""
.ninekit-progress { display: flex; gap: 10px; align-items: center; margin: 6px 0;
  color: var(--jp-ui-font-color1); font-family: var(--jp-ui-font-family); font-weight: 600; }
.ninekit-progress { flex-wrap: wrap; }
.ninekit-progress .ninekit-chapters { flex-basis: 100%; margin: 2px 0 0 0; padding-left: 1.6em; font-weight: 400;
  columns: 2 260px; }
.ninekit-progress .ninekit-chapters a { color: var(--jp-content-link-color, #1976d2); }
.ninekit-progress progress { flex: 1; max-width: 320px; height: 12px; accent-color: var(--jp-brand-color1); }
"""


_PANEL_ESM = r"""
function render({ model, el }) {
  // A step's title, goal, feedback and its three buttons: one model per step (no Layout or style models).
  const head = document.createElement("div"), title = document.createElement("b");
  const badge = document.createElement("span");
  head.className = "nk-step-head";
  badge.className = "nk-step-badge";
  head.append(title, badge);
  const goal = document.createElement("div");
  goal.className = "nk-goal";
  const feedback = document.createElement("div");
  feedback.className = "nk-feedback";
  const buttons = document.createElement("div");
  buttons.className = "nk-lesson-buttons";
  for (const [name, text, tip] of [["hint", "Hint", "A nudge first, then the next decision"],
                                   ["reset", "Reset", "Back to the start of this step"],
                                   ["show", "Show me", "Play one solution on the board, step by step"]]) {
    const button = document.createElement("button");
    button.className = "jupyter-button widget-button";
    button.textContent = text;
    button.title = tip;
    button.addEventListener("click", () => model.send({ event: "press", button: name }));
    buttons.append(button);
  }
  el.append(head, goal, feedback, buttons);
  function paint() {
    title.textContent = model.get("label");
    badge.textContent = model.get("solved") ? "✓ solved" : "not solved yet";
    const words = document.createElement("b");
    words.textContent = "Goal:";
    goal.replaceChildren(words, " " + model.get("goal"));
    feedback.innerHTML = model.get("feedback");  // built by Python from escaped text
  }
  model.on("change", paint);
  paint();
  return () => model.off("change", paint);
}
export default { render };
"""

_PANEL_CSS = r"""
.ninekit-lesson { border: 1px solid var(--jp-border-color2); border-radius: 6px; padding: 6px 12px; margin: 8px 0;
  max-width: 860px; }
.ninekit-lesson .nk-step-head { display: flex; gap: 10px; align-items: baseline; }
.ninekit-lesson .nk-step-badge { font-size: 0.85em; padding: 1px 8px; border-radius: 10px;
  border: 1px solid var(--jp-border-color1); color: var(--jp-ui-font-color2); }
.ninekit-lesson.nk-solved .nk-step-badge { border-color: var(--jp-success-color1, #388e3c);
  color: var(--jp-success-color1, #388e3c); font-weight: 700; }
.ninekit-lesson .nk-goal { font-size: 1.05em; margin: 4px 0; }
.ninekit-lesson .nk-feedback .nk-good { color: var(--jp-success-color1, #388e3c); font-weight: 600; }
.ninekit-lesson .nk-feedback .nk-miss { color: var(--jp-error-color1, #d32f2f); font-weight: 600; }
.ninekit-lesson .nk-feedback .nk-hint { color: var(--jp-ui-font-color1); }
.ninekit-lesson .nk-lesson-buttons { gap: 4px; }
.ninekit-lesson .nk-lesson-buttons { display: flex; flex-flow: row wrap; gap: 4px; margin: 2px 0 4px; }
.ninekit-lesson .nk-lesson-buttons button { width: auto; }
"""


class StepPanel(anywidget.AnyWidget):
    """A lesson step's title line (``label``, ``solved``), ``goal``, ``feedback`` (HTML of escaped text) and its
    Hint, Reset and Show me buttons, in one model; a press calls ``on_press(name)`` ("hint", "reset", "show").

        >>> panel = StepPanel(lambda name: print("pressed", name), label="Step 1 · Forward", goal="Move.")
        >>> panel.receive({"event": "press", "button": "hint"})
        pressed hint
        >>> panel.receive({"event": "press", "button": "rm -rf"})   # anything else is ignored
    """

    _esm = _PANEL_ESM
    _css = _PANEL_CSS
    label = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    goal = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    BUTTONS = ("hint", "reset", "show")

    def __init__(self, on_press: Callable[[str], object], **kwargs):
        super().__init__(layout=shared_layout(), **kwargs)
        self._on_press = on_press
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """A message from the browser: ``{"event": "press", "button": name}``; anything else is ignored."""
        if isinstance(content, dict) and content.get("event") == "press" and content.get("button") in self.BUTTONS:
            self._on_press(content["button"])



_NEAR_ESM = r"""
function render({ model, el }) {
  // One model for every step of a tutorial not built yet: each step shows its own view of it, inside the step's
  // box (class ninekit-lesson-pending, and nk-step-<key> naming the step).
  const box = document.createElement("div");
  box.className = "ninekit-step-placeholder";
  el.appendChild(box);
  const MARGIN = 1600;  // px: "near" is within about two screens above or below what the learner sees
  let sent = false, watch = null, tries = 0, key = null, root = null, timer = null, queued = false;
  const paint = () => {
    box.textContent = (model.get("labels")[key] || "A lesson step") + " · the board appears as you scroll to it";
  };
  function stepKey() {
    const holder = el.closest(".ninekit-lesson-pending");
    const name = holder && Array.from(holder.classList).find((c) => c.startsWith("nk-step-"));
    return name ? name.slice("nk-step-".length) : null;
  }
  // What scrolls the page: Voila's #rendered_cells, JupyterLab's notebook panel, or the window.
  function scroller() {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight + 1) {
        return node;
      }
    }
    return null;
  }
  function stop() {
    if (watch) watch.disconnect();
    if (timer) clearInterval(timer);
    (root || window).removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onScroll);
    model.off("change:labels", paint);
  }
  function near() {
    if (sent) return;
    sent = true;
    stop();
    model.send({ event: "near", step: key });
  }
  // Is the placeholder laid out and within MARGIN of the visible part of the page?
  function check() {
    queued = false;
    if (sent || !el.isConnected) return;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return;  // hidden, or not laid out yet
    const view = root && root.isConnected ? root.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    if (box.bottom >= view.top - MARGIN && box.top <= view.bottom + MARGIN) near();
  }
  function onScroll() {
    if (!queued) { queued = true; requestAnimationFrame(check); }
  }
  function start() {
    if (!el.isConnected || !(key = stepKey())) {  // not in the page yet: look again on the next frames
      if (++tries < 600) requestAnimationFrame(start); else setTimeout(start, 500);
      return;
    }
    paint();
    model.on("change:labels", paint);
    root = scroller();
    // Three ways to notice the learner coming near, as layouts settle at different times in Voila, JupyterLab
    // and the static site: an IntersectionObserver, the scroller's scroll events, and a look every second.
    if (typeof IntersectionObserver !== "undefined") {
      watch = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) near();
      }, { root, rootMargin: `${MARGIN}px 0px ${MARGIN}px 0px` });
      watch.observe(el);
    }
    (root || window).addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    timer = setInterval(() => { if (!root || !root.isConnected) root = scroller(); check(); }, 1000);
    check();
  }
  start();
  return stop;
}
export default { render };
"""

_NEAR_CSS = r"""
.ninekit-step-placeholder { min-height: 420px; max-width: 860px; margin: 8px 0; padding: 12px;
  border: 1px dashed var(--jp-border-color2); border-radius: 6px; color: var(--jp-ui-font-color2);
  font-family: var(--jp-ui-font-family); }
"""


class ShowWhenNear(anywidget.AnyWidget):
    """The stand-in of a tutorial's steps until the learner scrolls near them: one model for all of them.

    Each step not built yet shows a view of it (the step's box has the classes ``ninekit-lesson-pending`` and
    ``nk-step-<key>``); the view shows the step's label (``labels[key]``) and tells Python
    (``{"event": "near", "step": key}``) once it comes within about two screens of the visible part of the
    page; ``on_near(key)`` then builds that step in its place.  Pages whose browser has no
    IntersectionObserver ask at once.
    """

    _esm = _NEAR_ESM
    _css = _NEAR_CSS
    labels = traitlets.Dict(traitlets.Unicode()).tag(sync=True)

    def __init__(self, on_near: Callable[[str], object], **kwargs):
        super().__init__(layout=shared_layout(), **kwargs)
        self._on_near = on_near
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """A message from the browser: ``{"event": "near", "step": key}``; anything else is ignored."""
        if isinstance(content, dict) and content.get("event") == "near" and isinstance(content.get("step"), str):
            self._on_near(content["step"])

    def add(self, key: str, label: str) -> None:
        """Show ``label`` in the placeholder of step ``key`` (nothing is sent if it shows it already)."""
        if self.labels.get(key) != label:
            self.labels = {**self.labels, key: label}


class ProgressBar(anywidget.AnyWidget):
    """The tutorial's progress bar; keeps ``solved`` in the browser's storage under ``key``."""

    _esm = _PROGRESS_ESM
    _css = _PROGRESS_CSS
    key = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.List(traitlets.Unicode()).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    chapters = traitlets.List(traitlets.Dict()).tag(sync=True)  # [{"key", "title", "steps": [keys]}]

    def __init__(self, on_restore: Callable[[list[str]], object] | None = None, **kwargs):
        super().__init__(layout=shared_layout(), **kwargs)
        self._on_restore = on_restore
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """A message from the browser: ``{"event": "restore", "solved": [...]}``; anything else is ignored."""
        if not isinstance(content, dict) or content.get("event") != "restore":
            return
        keys = content.get("solved")
        if not isinstance(keys, list):
            return
        keys = [k for k in keys[:_MAX_STORED] if isinstance(k, str) and len(k) <= 200]
        if self._on_restore is not None:
            self._on_restore(keys)


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
        with _no_frontend():
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
def _no_frontend():
    """Widgets made inside talk to no browser (a DummyComm, as outside a kernel): they send nothing."""
    create = comm.create_comm
    comm.create_comm = comm.DummyComm
    try:
        yield
    finally:
        comm.create_comm = create


class _Script:
    """An opponent that plays listed decisions in order (each a Move, JSON dict or choice text)."""

    def __init__(self, items: Sequence):
        self._items = list(items)

    def choose(self, state: ninekit.State) -> Move:
        while self._items:
            move = resolve(state, self._items.pop(0))
            if move is not None:
                return move
        return state.legal_moves()[0]


def resolve(state: ninekit.State, item) -> Move | None:
    """The legal decision ``item`` names now: a Move, a ``{"kind", "args"}`` dict or the choice's text.

    Text matches a choice's whole text first, then whole words inside it ("c4" is not "c40").

    >>> from ninekit.nine_knights import position
    >>> str(resolve(position({"c3": "S4", "g8": "N6"}), "c3"))
    'Choose the Knight on c3'
    """
    legal = state.legal_moves()
    if isinstance(item, Move):
        return item if item in legal else None
    if isinstance(item, dict):
        try:
            move = state.game.parse_move(item)
        except ValueError:
            return None
        return legal[legal.index(move)] if move in legal else None  # the game's own Move, with its words
    text = str(item)
    for move in legal:
        if str(move) == text:
            return move
    pattern = re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])")
    found = [m for m in legal if pattern.search(str(m))]
    return found[0] if len(found) == 1 else None


class LessonStep(w.VBox):
    """One step: the learner reaches ``goal`` by playing on the real board.

    - ``state``: where the step starts (a game module's ``position(...)``, or any State).
    - ``goal``: one sentence; ``check(state)`` is True once it holds (tested on every state
      the attempt passes through, so a goal reached before an opponent's reply counts).
    - ``solution``: the learner's decisions of one way to reach it (Moves, move dicts or the
      choices' texts); Show me plays them, Hint names them, :meth:`verify` clicks them.
    - ``hint``: the nudge Hint gives first; or ``state -> text``, asked on every press with the
      board's current state (a game's analyst), instead of the nudge and the solution's next decision.
    - ``learner``: the learner's seat (default: the seat to move).
    - ``opponent``: how the other seats reply: a list of decisions (a script), a bot (anything
      with ``choose(state)``), a function ``state -> decision``, or None for the game's bot.
    - ``turns``: the attempt is judged after this many replies by the other seats (default 1),
      or at the game's end, or after ``3 * len(solution) + 2`` of the learner's decisions.
    - ``until``: ``state -> bool``; the attempt is also judged as soon as it holds (a one-player
      game has no replies to wait for: e.g. once the learner's turn is complete).
    - ``miss``: why an attempt that ended without the goal misses it (text, or ``state -> text``).
    - ``success``: what solving it says (the rule in a sentence).
    - ``table``: the table adapter that draws the board (default: the game's own), e.g. one that leaves out
      what the step does not teach yet.
    - ``teaches``, ``uses``, ``chapter``: the lesson's data (see :class:`Tutorial`).
    - ``wrong``: ``(decision, words)``: a wrong attempt :meth:`verify` makes (a decision, or a list
      of decisions whose last is the wrong one), and words the answer (the rule from
      ``why_illegal``, or ``miss``) must contain.
    """

    def __init__(self, state: ninekit.State, goal: str, check: Callable[[ninekit.State], bool], solution: Sequence,
                 hint, *, key: str = "step", tutorial: Tutorial | None = None, number: int | None = None,
                 title: str = "", learner: int | None = None, opponent=None, turns: int = 1, miss=None,
                 success: str = "", wrong: tuple | None = None, until: Callable[[ninekit.State], bool] | None = None,
                 teaches: Iterable[str] = (), uses: Iterable[str] = (), chapter: str = "", table=None):
        super().__init__(layout=shared_layout())
        if not isinstance(state, ninekit.State) or state.is_over:
            raise ValueError("a lesson step starts from a State of a game that is not over")
        self.key, self.goal, self.hint, self.success = key, goal, hint, success
        self.start = state
        self.learner = state.to_move if learner is None else learner
        state.game.check_seat(self.learner)
        self.solution = list(solution)
        self.turns = turns
        self.wrong = wrong
        self._check, self._miss, self._opponent, self._until = check, miss, opponent, until
        self._table = table
        self._tutorial = tutorial
        self.teaches, self.uses, self.chapter = tuple(teaches), tuple(uses), chapter
        self._solved = False
        self._hints = 0
        self._animating = False
        self._verifying = False  # verify() runs: reaching the goal is noted here, not in the progress
        self._verified = False
        self.title = title
        self.number = number
        self._head_label = label = step_label(number, title)
        self._built = False
        # Until the learner scrolls near it, the step is one model, its box, holding a view of the tutorial's
        # shared ShowWhenNear: a page of fifty steps sends about one model per step, not a whole board each
        # (see docs/development.md, "Lesson steps are built when first seen").
        self.add_class("ninekit-lesson-pending")
        self.add_class(f"nk-step-{key}")
        near = tutorial._near_watch() if tutorial is not None else ShowWhenNear(lambda _key: self.build())
        near.add(key, label)
        self.children = [near]

    def build(self) -> LessonStep:
        """Build the step's board and buttons now (done by itself when the step is first near the screen,
        or first used from Python); returns the step."""
        if self._built:
            return self
        self._built = True
        state = self.start
        self._panel = StepPanel(self._press, label=self._head_label, goal=self.goal, solved=self._solved)
        seats = [HUMAN if s == self.learner else COMPUTER for s in range(state.game.players)]
        self._app = GameApp(state, seats=seats, bot_factory=self._bot, compact=True, adapter=self._table)
        self._app.on_change(self._judge)
        placeholder = self.children[0]
        self.children = [self._panel, self._app]
        self.remove_class("ninekit-lesson-pending")
        self.add_class("ninekit-lesson")
        if self._tutorial is None:
            placeholder.close()  # this step's own; a tutorial's is shared by its other steps
        self._paint_head()
        return self

    @property
    def app(self) -> GameApp:
        """The step's board (the GameApp shell in compact form), built on first use."""
        return self.build()._app

    # ------------------------------------------------------------------ public
    @property
    def solved(self) -> bool:
        """True once the learner reached the goal (now or in an earlier visit kept by the browser)."""
        return self._solved

    @property
    def feedback(self) -> str:
        """The feedback line as plain text ('' when none)."""
        if not self._built:
            return ""
        return re.sub(r"<[^>]+>", "", html.unescape(self._panel.feedback))

    def reset(self) -> None:
        """Back to the start of the step (the solved mark stays)."""
        self.build()
        self._hints = 0
        self._panel.feedback = ""
        self.app.restart(self.start)

    def give_hint(self, wait: bool = True) -> str:
        """First the nudge, then the next decision of the solution and why (the step's ``success``: the rule in a
        sentence, on a second line); a hint function: its answer for the board as it is now, on every press.
        Where the step has no decision of its own left to name, the game's hint (``ninekit.hints.hint``) for the
        learner: with ``wait=False`` (the Hint button) that search runs in the background and "Looking for a good
        move…" shows meanwhile.  Returns the first line (the nudge or the decision)."""
        with self.app._lock:  # a hint found in the background is shown after this press's own line
            return self._give_hint(wait)

    def _give_hint(self, wait: bool) -> str:
        self._hints += 1
        why = ""
        if callable(self.hint):
            text = f"Hint: {self.hint(self.app.state)}"
        elif self._hints == 1:
            text = f"Hint: {self.hint}"
        elif not self.solution:
            text = self._game_hint(wait)
        else:
            index, prev, on_track = 0, self.start, True
            for state in self._path(self.app.state):
                seat, move = state.history[-1] if state.history else (None, None)
                if seat == self.learner:
                    expected = resolve(prev, self.solution[index]) if index < len(self.solution) else None
                    on_track = on_track and expected == move
                    index += 1
                prev = state
            now = self.app.state
            if on_track and index < len(self.solution) and resolve(now, self.solution[index]) is not None:
                text = f"Next: {resolve(now, self.solution[index])}"
                why = f"Why: {self.success}" if self.success else ""
            elif on_track and index >= len(self.solution) and not self.app.locked and now.to_move == self.learner:
                text = self._game_hint(wait)  # the solution is played out and the learner decides again
            else:
                text = f"Press Reset, then start with: {resolve(self.start, self.solution[0])}"
        self._say("nk-hint", text, why)
        return text

    def _game_hint(self, wait: bool = True) -> str:
        """The game's own hint for the learner on the board as it is (``ninekit.hints.hint``), or why there is none;
        with ``wait=False`` it is looked for in the background and shown when found, if the board is unchanged."""
        now = self.app.state
        if self.app.locked or now.is_over or now.to_move != self.learner:
            return "Press Reset to try again."
        if wait:
            return f"Suggested: {hints.hint(now, self.learner).text}"

        def show(found) -> bool:
            if self.app.state is now:
                self._say("nk-hint", f"Suggested: {found.text}")
            return False  # the feedback line is its own widget: nothing else to redraw

        self.app._in_background(lambda: hints.hint(now, self.learner), show)
        return "Looking for a good move…"

    def show_me(self, delay: float = SHOW_ME_DELAY) -> None:
        """Reset, then play the solution on the board one decision at a time (does not count as solved)."""
        self.reset()
        self._animating = True
        try:
            for item in self.solution:
                if delay:
                    time.sleep(delay)
                move = resolve(self.app.state, item)
                if move is None or not self.app.try_move(move):
                    raise ValueError(f"the solution of step {self.key!r} does not play here: {item!r}")
        finally:
            self._animating = False
        # Said once, in the feedback line; a click on the locked board only points at Reset.
        self.app.lock("Press Reset to play it yourself.")
        shown = " → ".join(str(m) for _seat, m in self.app.state.history[len(self.start.history):]
                           if _seat == self.learner)
        self._say("nk-hint", f"That was one way: {shown}. Press Reset and try it yourself.")

    def attempt(self, item) -> bool:
        """Make one decision the way the learner would: a click on the board if it is there, else its button.

        An illegal decision is refused with the rule that forbids it, shown in place (``app.message``).
        """
        app = self.app
        move = item if isinstance(item, Move) else resolve(app.state, item)
        if move is None:
            if isinstance(item, dict):
                move = app.state.game.parse_move(item)
            else:
                return app.choose(str(item))
        for data_id, target in app.targets.items():
            if target == move:
                return app.click(data_id)
        if str(move) in app.choices:
            return app.choose(str(move))
        return app.try_move(move)

    def verify(self) -> None:
        """The test helper: the wrong attempt is refused with its rule, and the solution is accepted.

        Goes through the same paths as clicks; raises AssertionError naming the step otherwise.  It
        leaves the learner's progress alone and the step reset.
        """
        self._verifying, self._verified = True, False
        try:
            if self.wrong is not None:
                self.reset()
                decisions, words = self.wrong
                decisions = list(decisions) if isinstance(decisions, list) else [decisions]
                for decision in decisions[:-1]:
                    assert self.attempt(decision), f"step {self.key!r}: {decision!r} was refused: {self.app.message}"
                before = self.app.state
                played = self.attempt(decisions[-1])
                answer = self.feedback if played else self.app.message
                assert words in answer, f"step {self.key!r}: the wrong attempt said {answer!r}, not {words!r}"
                assert played or self.app.state is before, f"step {self.key!r}: a refused decision changed the game"
                assert not self._verified, f"step {self.key!r}: the wrong attempt solved it"
            self.reset()
            for item in self.solution:
                assert not self.app.locked, f"step {self.key!r}: judged before the solution ended ({self.feedback})"
                assert self.attempt(item), f"step {self.key!r}: {item!r} was refused: {self.app.message}"
            assert self._verified, f"step {self.key!r}: the solution did not reach the goal ({self.feedback})"
        finally:
            self._verifying = False
            self.reset()

    # --------------------------------------------------------------- internals
    def _press(self, name: str) -> None:
        """A button of the step's panel: Hint, Reset or Show me."""
        if name == "hint":
            self.app._guard(self.give_hint, False)
        elif name == "reset":
            self.app._guard(self.reset)
        else:
            self.app._guard(self.show_me)

    def _bot(self, game_name, seat, seed):
        opponent = self._opponent
        if opponent is None:
            return bot_for(game_name, seed)
        if isinstance(opponent, (list, tuple)):
            return _Script(opponent)
        if hasattr(opponent, "choose"):
            return opponent
        return _Call(opponent)

    def _path(self, state: ninekit.State) -> list[ninekit.State]:
        """The states this attempt passed through, after the start, oldest first."""
        out, node = [], state
        while node is not None and node is not self.start:
            out.append(node)
            node = node.parent
        return list(reversed(out)) if node is self.start else [state]

    def _learner_moves(self, state: ninekit.State) -> list[Move]:
        return [s.history[-1][1] for s in self._path(state) if s.history and s.history[-1][0] == self.learner
                and s is not self.start]

    def _judge(self, state: ninekit.State) -> None:
        if self._animating or state is self.start:
            return
        path = self._path(state)
        if any(self._holds(s) for s in path):
            if self._verifying:
                self._verified = True
                return
            self._mark_solved()
            self.app.lock("Solved. Press Reset to play it again.")
            self._say("nk-good", "Solved! " + (self.success or "The goal holds."))
            return
        replies = sum(1 for s in path if s.history and s.history[-1][0] != self.learner)
        mine = len(self._learner_moves(state))
        ended = self._until is not None and self._holds(state, self._until)
        if state.is_over or replies >= self.turns or mine >= 3 * len(self.solution) + 2 or ended:
            miss = self._miss(state) if callable(self._miss) else self._miss
            self.app.lock("Press Reset to try again.")
            self._say("nk-miss", f"Not yet: {miss or 'that does not reach the goal'}. Press Reset to try again.")

    def _holds(self, state: ninekit.State, check: Callable[[ninekit.State], bool] | None = None) -> bool:
        try:
            return bool((check or self._check)(state))
        except Exception:  # noqa: BLE001 - a check that cannot read this state: the goal does not hold
            return False

    def _mark_solved(self, restored: bool = False) -> None:
        if not self._solved:
            self._solved = True
            self._paint_head()
            if self._tutorial is not None:
                self._tutorial._changed()

    def _paint_head(self) -> None:
        if not self._built:
            return
        self._panel.solved = self._solved
        if self._solved:
            self.add_class("nk-solved")

    def _say(self, kind: str, text: str, more: str = "") -> None:
        extra = f' <div class="nk-why">{html.escape(more)}</div>' if more else ""
        self._panel.feedback = f'<div class="{kind}" role="status">{html.escape(text)}{extra}</div>'

    def static_html(self) -> str:
        """The step as a picture (goal and starting board), for pages that cannot run widgets (GitHub)."""
        picture = (self._table or adapter_for(self.start.game.name)).draw(self.start.view(self.learner), {}, {})
        return (f'<div class="ninekit-lesson-static"><p><b>{html.escape(self._head_label)}.</b> '
                f"<b>Goal:</b> {html.escape(self.goal)}</p>"
                f'<div style="max-width:800px">{picture}</div>'
                "<p><i>Open this notebook in JupyterLab or Voila to play this step.</i></p></div>")

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, plus a line of text for pages that cannot run widgets.

        The first step a page shows is built at once: it is on the learner's first screen, and a page that
        is still running its later cells (the static site's in-browser Python runs them one by one) could
        not answer the placeholder's "near" before they are done.  The board's picture (:meth:`static_html`) is
        not drawn here: a live page never shows it (it cost Code of Nine's page 2.7 MB and the time to draw 62
        boards before the first step showed); ``widgets.lessons.store_static_pictures`` keeps it in the
        notebook for GitHub and nbviewer."""
        if self._tutorial is not None and not self._tutorial._shown_one:
            self._tutorial._shown_one = True
            self.build()
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            data = data[0]
        text = (f'<p class="ninekit-lesson-static"><b>{html.escape(self._head_label)}.</b> <b>Goal:</b> '
                f"{html.escape(self.goal)} <i>Open this notebook in JupyterLab or Voila to play this step.</i></p>")
        return {**data, "text/html": text}


class _Call:
    def __init__(self, fn):
        self._fn = fn

    def choose(self, state):
        item = self._fn(state)
        move = resolve(state, item)
        return move if move is not None else state.legal_moves()[0]
