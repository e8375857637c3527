"""The lesson step (widgets.lesson): the learner makes the decision on the real board and is answered at once.

Driven without a browser through the same paths a click takes (``GameApp.click`` / ``choose``);
the browser twin (a step solved by clicking, a refused click, progress kept across a reload) is
tests/browser/test_lesson_in_browser.py.
"""

from __future__ import annotations

import pytest

from ninekit.bots import RandomBot
from ninekit.nine_knights import position
from widgets.lesson import LessonStep, Tutorial, resolve


def _reaches(square):
    """Goal check: South has a Knight on ``square``."""
    return lambda state: any(k["square"] == square and k["owner"] == 0 for k in state.view(0)["knights"])


def _step(tutorial=None, **kwargs):
    start = position({"c3": "S4", "g8": "N6"})
    args = dict(goal="Bring your Archer to c4.", check=_reaches("c4"), solution=["c3", "c4"],
                hint="An Archer moves one field straight.", opponent=["g8", "g7"], miss="the Archer is not on c4",
                success="An Archer moves one field forward.")
    args.update(kwargs)
    if tutorial is not None:
        tutorial.step("archer", start, **args)
        return tutorial.steps["archer"]
    return LessonStep(start, **args)


def test_solution_by_clicks_solves_the_step_and_marks_progress():
    """Rule of the component: the step is solved when the goal holds, and the tutorial's progress counts it."""
    tutorial = Tutorial("test")
    step = _step(tutorial)
    assert tutorial.progress.total == 1 and tutorial.progress.solved == []
    assert step.attempt("c3") and step.attempt("c4")
    assert step.solved and "Solved!" in step.feedback and "one field forward" in step.feedback
    assert tutorial.solved == ["archer"] and tutorial.progress.solved == ["archer"]
    assert step.app.locked and step._panel.solved


def test_any_path_that_reaches_the_goal_counts():
    """Rule of the component: any sequence of legal decisions reaching the goal counts, not only the author's."""
    step = _step(check=lambda state: any(k["square"] in ("c4", "d3") and k["owner"] == 0
                                         for k in state.view(0)["knights"]))
    assert step.attempt("c3") and step.attempt("d3")  # not the solution's c4, but the goal holds
    assert step.solved


def test_an_illegal_click_is_refused_in_place_with_the_rule():
    """Rule of the component: a wrong move gets, at once, the rule that forbids it; the state is unchanged."""
    step = _step()
    assert step.attempt("c3")
    before = step.app.state
    assert not step.app.click("c6")  # an Archer moves one field
    assert step.app.message == before.why_illegal(before.game.parse_move({"kind": "to", "args": ["c6"]}))
    assert step.app.state is before and not step.solved


def test_a_legal_attempt_that_misses_says_why_and_reset_retries():
    """Rule of the component: an attempt that ends without the goal says why, stops, and Reset gives a retry."""
    step = _step()
    assert step.attempt("c3") and step.attempt("b3")
    assert not step.solved and step.app.locked
    assert step.feedback == "Not yet: the Archer is not on c4."  # what to do now is said once, on the board's line
    assert "Press Reset to try again." in step.app._status.value
    assert not step.app.click("c4") and "Reset" in step.app.message
    step.reset()
    assert not step.app.locked and step.app.state is step.start and step.feedback == ""
    assert step.attempt("c3") and step.attempt("c4") and step.solved


def test_hint_gives_a_nudge_then_the_next_decision():
    """Rule of the component: Hint gives a nudge first and the move second."""
    step = _step()
    assert step.give_hint() == "Hint: An Archer moves one field straight."
    assert step.give_hint() == "Next: Choose the Knight on c3"
    step.attempt("c3")
    assert step.give_hint() == "Next: Move the chosen Knight to c4"
    step.reset()
    step.attempt("c3")
    step.app.choose("Choose a different Knight")
    step.give_hint()
    assert step.give_hint().startswith("Next: ") or step.give_hint().startswith("Press Reset")


def test_show_me_plays_the_solution_without_solving_it():
    """Rule of the component: Show me plays the solution on the board; it does not count as solved."""
    step = _step()
    step.show_me(delay=0)
    assert _reaches("c4")(step.app.state) and not step.solved and step.app.locked
    assert step.feedback.startswith("That was one way: ") and "Reset" not in step.feedback  # said once:
    assert "Press Reset to play it yourself." in step.app._status.value  # on the board's line
    step.reset()
    assert step.app.state is step.start


def test_opponents_reply_by_script_by_bot_or_by_function():
    """Rule of the component: opponents inside a step reply by script or by bot, as the step needs."""
    scripted = _step(turns=2, check=lambda s: False)
    scripted.attempt("c3"), scripted.attempt("c4")
    assert scripted.app.state.log(0)[-1].startswith("North moves") and "g7" in scripted.app.state.log(0)[-1]
    by_bot = _step(opponent=RandomBot(1), turns=2, check=lambda s: False)
    by_bot.attempt("c3"), by_bot.attempt("c4")
    assert by_bot.app.state.log(0)[-1].startswith("North moves")
    by_function = _step(opponent=lambda state: state.legal_moves()[0], turns=2, check=lambda s: False)
    by_function.attempt("c3"), by_function.attempt("c4")
    assert by_function.app.state.log(0)[-1].startswith("North moves")


def test_verify_checks_the_wrong_attempt_and_the_solution():
    """The test helper: a wrong attempt refused with the expected rule, then the solution accepted."""
    good = _step(wrong=("c3", "Archer"))
    with pytest.raises(AssertionError, match="the wrong attempt"):
        good.verify()  # "c3" alone is legal and not judged yet: no rule was named
    start = position({"c3": "S4", "g8": "N6"})
    rule = start.why_illegal(start.game.parse_move({"kind": "select", "args": ["g8"]}))
    checked = _step(wrong=({"kind": "select", "args": ["g8"]}, rule))
    checked.verify()
    assert not checked.solved, "verifying is not the learner solving it: progress stays as it was"
    broken = _step(solution=["c3", "b3"])
    with pytest.raises(AssertionError, match="did not reach the goal"):
        broken.verify()


def test_progress_is_restored_from_the_browser_and_junk_is_ignored():
    """Rule of the component: a step's completion comes back from browser storage; bad data changes nothing."""
    tutorial = Tutorial("restore")
    step = _step(tutorial)
    for junk in ("x", {"event": "restore", "solved": "archer"}, {"event": "other"},
                 {"event": "restore", "solved": [1, None, "nope", "y" * 300]}):
        tutorial.progress.receive(junk)
    assert not step.solved
    tutorial.progress.receive({"event": "restore", "solved": ["archer", "unknown-step"]})
    assert step.solved and tutorial.progress.solved == ["archer"]


def test_static_fallback_shows_the_board_as_a_picture():
    """Rule of the component: where widgets cannot run (GitHub, nbviewer) the step shows its board as SVG (the
    picture stored in the notebook); a live page gets the widget and only a line of text besides (no picture
    drawn for every step before the first shows)."""
    step = _step()
    bundle = step._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "<svg" not in bundle["text/html"] and "Bring your Archer to c4." in bundle["text/html"]
    assert "<svg" in step.static_html() and "Bring your Archer to c4." in step.static_html()


def test_resolve_reads_moves_dicts_and_words():
    state = position({"c3": "S4", "g8": "N6"})
    assert str(resolve(state, {"kind": "select", "args": ["c3"]})) == "Choose the Knight on c3"
    assert resolve(state, "c30") is None and resolve(state, {"kind": "?"}) is None
    assert resolve(state, state.legal_moves()[0]) == state.legal_moves()[0]


def test_duplicate_step_keys_are_refused():
    tutorial = Tutorial("dup")
    _step(tutorial)
    with pytest.raises(ValueError, match="already exists"):
        _step(tutorial)


def test_steps_are_built_when_first_shown_and_restored_progress_applies():
    """Rule of the component: a notebook of many steps builds each board when shown; restored progress counts."""
    tutorial = Tutorial("lazy")
    tutorial.step("archer", position({"c3": "S4", "g8": "N6"}), goal="g", check=lambda s: False, solution=["c3"],
                  hint="h")
    assert tutorial.steps.built == {} and list(tutorial.steps) == ["archer"]
    tutorial.progress.receive({"event": "restore", "solved": ["archer"]})
    assert tutorial.solved == ["archer"] and tutorial.progress.solved == ["archer"]
    assert tutorial.steps["archer"].solved


def test_restoring_progress_builds_no_board():
    """A reload restores many solved steps at once: none of their boards is built until shown."""
    tutorial = Tutorial("lazy-restore")
    for key in ("a", "b"):
        tutorial.step(key, position({"c3": "S4", "g8": "N6"}), goal="g", check=lambda s: False, solution=["c3"],
                      hint="h")
    tutorial.progress.receive({"event": "restore", "solved": ["a", "b"]})
    assert tutorial.steps.built == {} and tutorial.solved == ["a", "b"]


def _models() -> dict:
    import ipywidgets

    return dict(ipywidgets.Widget.widgets)


def test_a_built_step_costs_few_models_and_no_layout_storm():
    """A tutorial page must not send hundreds of models: a step, once built, adds at most 18 widget models, at most
    5 of them Layouts and no style model of its own (the panel is one anywidget; unchanging layouts are shared)."""
    tutorial = Tutorial("few")
    for key in ("a", "b"):
        tutorial.step(key, position({"c3": "S4", "g8": "N6"}), goal="g", check=lambda s: False, solution=["c3"],
                      hint="h", title=key)
    tutorial.steps["a"].build()  # the first build makes the shared models
    before = _models()
    tutorial.steps["b"].build()
    added = [m for k, m in _models().items() if k not in before]
    kinds = [type(m).__name__ for m in added]
    assert len(added) <= 18, kinds
    assert kinds.count("Layout") <= 5 and not any(k.endswith("Style") for k in kinds), kinds


def test_disposing_a_step_leaves_the_models_other_steps_share():
    """Closing one board must not close a Layout or style another step still shows (its view would be lost)."""
    from widgets.app import dispose

    tutorial = Tutorial("shared")
    for key in ("a", "b"):
        tutorial.step(key, position({"c3": "S4", "g8": "N6"}), goal="g", check=lambda s: False, solution=["c3"],
                      hint="h", title=key)
    a, b = tutorial.steps["a"].build(), tutorial.steps["b"].build()
    shared = a.app._status.layout
    assert shared is b.app._status.layout
    dispose(a)
    assert shared.comm is not None and b.app._status.layout.comm is not None
    assert b.attempt("c3")  # the other step still plays


def test_a_lessons_board_builds_the_hand_over_only_when_two_people_share_it():
    """A lesson's board (a PlayArea) has one human seat: no hand-over widgets; a PlayArea for two people builds
    them at the first hand-over (Secrecy: the screen is passed before the next seat's view is shown)."""
    from widgets.shell.area import PlayArea

    lone = PlayArea("nine_knights", seats=["human", "computer"], seed=1)
    assert all("ninekit-privacy" not in c._dom_classes for c in lone.children)
    pair = PlayArea("nine_knights", seats=["human", "human"], seed=1)
    for _ in range(6):
        if pair.privacy_pending is not None:
            break
        if pair.targets:
            pair.click(next(iter(pair.targets)))
        else:
            pair.choose(pair.choices[0])
    assert pair.privacy_pending is not None
    assert any("ninekit-privacy" in c._dom_classes for c in pair.children)
