"""Lesson steps: the learner makes a rule's decision on the real board and is answered at once.

A :class:`Tutorial` holds the steps of one tutorial and its progress bar; a
:class:`LessonStep` is a position, a goal in one sentence and a check.  The
learner plays on the game's own board (a :class:`~widgets.shell.area.PlayArea`
over the step's session, the board the apps play on: clicks, keyboard) until
the goal holds.  *Any* sequence of
legal decisions that reaches the goal counts, not only the author's
solution.  A refused click shows the rule that forbids it (``why_illegal``)
in place; an attempt that ends without reaching the goal says why; Hint
gives a nudge first and the next decision and why second (the game's own
hint where the step names no decision); Reset and Show me (the
solution played on the board step by step) are always there.  Opponents
inside a step reply by script or by bot.  Solved steps are kept in the
browser's storage (``localStorage``) and restored on reload; where storage is
unavailable nothing breaks, progress just is not kept.  The tutorial and its
data are in widgets/tutorial.py; the step's panel, placeholder and progress
bar (anywidgets, their JS and CSS in widgets/front/) in widgets/lesson_parts.py.

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
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as w

import ninekit
from ninekit import Move, hints
from ninekit.bots import bot_for
from ninekit.sharing import shared_position

from .lesson_parts import ProgressBar, ShowWhenNear, StepPanel
from .shared import shared_layout
from .shell.area import PlayArea
from .shell.common import COMPUTER, HUMAN, dispose
from .tables import adapter_for
from .tutorial import FIRST_CHAPTER_MOST, Chapter, Rule, Tutorial, no_frontend, step_label

_no_frontend = no_frontend  # its name here before the tutorial had its own module

__all__ = ["FIRST_CHAPTER_MOST", "Chapter", "LessonStep", "ProgressBar", "Rule", "ShowWhenNear", "StepPanel",
           "Tutorial", "_no_frontend", "dispose", "no_frontend", "resolve", "step_label"]

SHOW_ME_DELAY = 0.7  # seconds between the decisions Show me plays


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
        self._app = PlayArea(state, seats=seats, bot_factory=self._bot, adapter=self._table)
        self._app.on_change(self._judge)
        self._app.on_change(self._share)
        placeholder = self.children[0]
        self.children = [self._panel, self._app]
        self.remove_class("ninekit-lesson-pending")
        self.add_class("ninekit-lesson")
        if self._tutorial is None:
            placeholder.close()  # this step's own; a tutorial's is shared by its other steps
        self._paint_head()
        self._panel.explore_target = f"../sandboxes/{state.game.name}.ipynb"
        self._share(self._app.state)
        return self

    def _share(self, state: ninekit.State) -> None:
        """The position "Explore this position" opens: what the learner knows, the rest guessed (as in the app)."""
        self._panel.explore, self._panel.explore_guessed = shared_position(state, self.learner)

    @property
    def app(self) -> PlayArea:
        """The step's board (a :class:`~widgets.shell.area.PlayArea` over the step's session), built on first
        use."""
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
        # What was shown goes in the feedback line; what to do now, once, in the board's line (a click on the
        # locked board repeats it).
        self.app.lock("Press Reset to play it yourself.")
        shown = " → ".join(str(m) for _seat, m in self.app.state.history[len(self.start.history):]
                           if _seat == self.learner)
        self._say("nk-hint", f"That was one way: {shown}.")

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
            self._say("nk-miss", f"Not yet: {miss or 'that does not reach the goal'}.")  # the board's line: Reset

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
