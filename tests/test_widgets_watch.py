"""Watch mode and levels in the GameApp shell (issue 13), driven without a browser.

Watch: a game of computer seats only plays itself one move at a time at an adjustable pace, with
Pause/Play and Step, shown to a spectator.  Levels: each computer seat plays at the level chosen for it in
New game, shown in the seats line and kept with the game in progress.  A level that searches decides in the
background ("thinking").  Timed moves go through the app's ``timer``; these tests pass a :class:`FakeTimer`
and fire it by hand, so nothing here waits for a clock.  The browser twin is
tests/browser/test_watch_mode.py.
"""

from __future__ import annotations

import html
import random

import ipywidgets
import pytest
from shell_driver import all_widgets

import ninekit
from ninekit.bots import LEVELS, NineKnightsBot, RandomBot
from widgets import GameApp
from widgets.app import PACE, PACE_RANGE


class FakeTimer:
    """The app's ``timer``: records each planned ``work`` with its delay; :meth:`fire` runs the one that counts."""

    def __init__(self):
        self.planned: list[Planned] = []

    def __call__(self, delay, work):
        planned = Planned(delay, work)
        self.planned.append(planned)
        return planned

    @property
    def live(self) -> list[Planned]:
        return [p for p in self.planned if not p.cancelled and not p.done]

    def fire(self) -> float:
        """Run the one live planned work (there is never more than one); return its delay."""
        live = self.live
        assert len(live) == 1, f"expected one planned computer move, found {len(live)}"
        live[0].done = True
        live[0].work()
        return live[0].delay


class Planned:
    def __init__(self, delay, work):
        self.delay, self.work, self.cancelled, self.done = delay, work, False, False

    def cancel(self):
        self.cancelled = True


def _watch(name="nine_knights", seed=3, **kwargs):
    timer = FakeTimer()
    players = kwargs.pop("players", None)
    game = ninekit.make(name, players)
    app = GameApp(name, seats=["computer"] * game.players, seed=seed, watch=True, timer=timer, players=players,
                  **kwargs)
    return app, timer


# --- levels ----------------------------------------------------------------------------------------------------


def test_levels_are_chosen_per_computer_seat_in_new_game_and_shown_in_the_seat_labels():
    """Requirement: difficulty is chosen per computer seat in New game (default normal), its chooser is there for
    computer seats only, and the seats line says who plays at which level."""
    app = GameApp("nine_knights", seats=["human", "computer"], seed=1)
    kinds, levels = app.new_game_form.seat_choices.children, app.new_game_form.level_choices.children
    assert [d.description for d in kinds] == ["South", "North"]
    assert [d.value for d in levels] == ["normal", "normal"] and [v for _label, v in levels[0].options] == list(LEVELS)
    assert levels[0].layout.visibility == "hidden" and levels[1].layout.visibility == "visible"
    kinds[0].value = "computer"
    assert levels[0].layout.visibility == "visible"
    kinds[0].value = "human"
    levels[1].value = "hard"
    assert app.new_game_form.press_start()
    assert app.levels == ["normal", "hard"] and app.seats == ["human", "computer"]
    assert app.seat_labels == ["South (you)", "North (computer, hard)"]
    assert "South (you) · North (computer, hard)" in html.unescape(app.header.intro.value)
    levels = app.new_game_form.level_choices.children
    assert [d.value for d in levels] == ["normal", "hard"], "the form forgot the levels"


def test_an_easy_computer_seat_plays_the_easy_bot_and_normal_the_game_heuristic():
    """Requirement: a computer seat plays at its level (bot_for(game, seed, level)): easy is the random player,
    normal the game's heuristic."""
    app = GameApp("nine_knights", seats=["human", "computer"], levels=["normal", "easy"], seed=2)
    assert isinstance(app._bot(1), RandomBot)
    app.new_game(levels=["normal", "normal"])
    assert type(app._bot(1)).__name__ == "NineKnightsBot"


def test_unknown_levels_are_refused_with_the_problem_named_and_the_game_kept():
    """Rule: a malformed setting is refused with a clear error and the game on screen is unchanged."""
    with pytest.raises(ValueError, match="Levels must be 2 of 'easy', 'normal', 'hard'"):
        GameApp("nine_knights", seats=["human", "computer"], levels=["normal", "expert"])
    app = GameApp("nine_knights", seats=["human", "computer"], seed=2)
    before = app.state
    assert not app.new_game(levels=["hard"])
    assert "Levels must be 2 of" in app.message and app.state is before and app.levels == ["normal", "normal"]


def test_levels_are_kept_with_the_game_in_progress_and_an_old_keep_gets_normal():
    """Requirement: the levels are kept in the app's settings as the seats are (the game kept for a reload)."""
    app = GameApp("nine_knights", seats=["human", "computer"], levels=["normal", "easy"], seed=2)
    app.choose(app.choices[0]) if app.choices else app.click(sorted(app.targets)[0])
    payload = app._resume_payload()
    assert payload["levels"] == ["normal", "easy"]
    assert GameApp._valid_offer(payload)["levels"] == ["normal", "easy"]
    old = {k: v for k, v in payload.items() if k != "levels"}
    assert GameApp._valid_offer(old)["levels"] == ["normal", "normal"]
    assert GameApp._valid_offer({**payload, "levels": ["normal", "godlike"]})["levels"] == ["normal", "normal"]


def test_a_searching_level_thinks_in_the_background_and_says_so(monkeypatch):
    """Requirement: a hard computer seat may take seconds: the page says it is thinking, stays responsive
    (a click is answered at once), and its move comes later; Undo meanwhile drops the planned move.  (The bot
    is swapped for a quick one: this tests the shell, not the search.)"""
    asked = []
    monkeypatch.setattr("widgets.shell.area.bot_for", lambda game, seed, level: asked.append(level) or RandomBot(seed))
    timer = FakeTimer()
    app = GameApp("nine_knights", seats=["human", "computer"], levels=["normal", "hard"], seed=5, timer=timer)
    south = NineKnightsBot(1)

    def south_plays():
        while app.state.to_move == 0:
            assert app.try_move(south.choose(app.state)), app.message

    south_plays()
    assert app.thinking == 1 and app.state.to_move == 1 and timer.planned[-1].delay == 0.0
    assert html.unescape(app._status.value).startswith("North is thinking")
    held = app.state
    assert not app.click("a1") and app.message == "North is thinking" and app.state is held
    timer.fire()
    assert len(app.state.history) > len(held.history) and asked == ["hard"]
    while timer.live:
        timer.fire()
    assert app.state.to_move == 0 and app.thinking is None
    south_plays()
    assert app.thinking == 1 and app.undo()
    assert timer.live == [] and app.state.to_move == 0 and app.thinking is None, "Undo left the search planned"
    assert app.redo() and app.thinking == 1 and len(timer.live) == 1, "Redo did not let North think again"


# --- watch -----------------------------------------------------------------------------------------------------


def test_watch_plays_one_move_at_a_time_at_the_pace_as_a_spectator():
    """Requirement: with computer seats only, moves appear one at a time at the pace; nobody at the screen is a
    player, so the board and log are the spectator's (no seat's secrets)."""
    app, timer = _watch()
    assert app.watching and app.playing and app.moves_played(app.state) == 0 and app.viewer is None
    assert app.watch_bar.layout.display is None and app.watch_bar.play_button.description == "Pause"
    for n in range(1, 6):
        assert timer.fire() == PACE
        assert app.moves_played(app.state) == n, "a tick must play exactly one move of the log"
        view = app.state.view(None)
        assert app.board.svg == app.adapter.draw(view, {}, {}), "Watch must show the spectator's view"
        assert app.targets == {} and app.choices == []
    assert f"{5} moves played" in app.watch_bar.text.value


def test_watch_plays_a_pick_up_and_its_move_as_one_move():
    """Requirement: moves appear one at a time as the log counts them: choosing a Knight and its field is one
    move, not two ticks."""
    app, timer = _watch(seed=4)
    while app.state.view(None).get("phase") != "movement" and not app.state.is_over:
        timer.fire()
    for _ in range(6):
        before = app.moves_played(app.state)
        timer.fire()
        assert app.moves_played(app.state) == before + 1
        assert not app._selects(app.state.history[-1][1]), "a tick stopped after only picking up a Knight"


def test_the_pace_is_adjustable_and_checked():
    """Requirement: an adjustable pace (a slider, PACE_RANGE seconds per move); out of range is refused."""
    app, timer = _watch()
    app.watch_bar.pace.value = 0.5  # the slider, as a person moves it
    assert app.pace == 0.5
    timer.fire()
    assert timer.live[0].delay == 0.5, "the next move does not come at the new pace"
    assert not app.set_pace(PACE_RANGE[1] + 1) and "The pace must be from" in app.message and app.pace == 0.5
    assert not app.set_pace("fast") and app.pace == 0.5
    assert app.set_pace(PACE_RANGE[0]) and app.watch_bar.pace.value == PACE_RANGE[0]


def test_pause_stops_the_moves_and_step_plays_exactly_one():
    """Requirement: Pause - no more moves; Step - exactly one move, then still paused; Play goes on at the pace."""
    app, timer = _watch()
    timer.fire()
    timer.fire()
    held = app.state
    app.watch_bar.play_button.click()  # Pause
    assert not app.playing and timer.live == [] and app.watch_bar.play_button.description == "Play"
    assert "Paused after 2 moves" in app.watch_bar.text.value
    for planned in timer.planned:  # even a stale timer firing late plays nothing
        planned.work()
    assert app.state is held
    app.watch_bar.step_button.click()
    assert timer.fire() == 0.0
    assert app.moves_played(app.state) == 3 and not app.playing and timer.live == []
    app.watch_bar.play_button.click()  # Play
    assert app.playing and timer.fire() == PACE and app.moves_played(app.state) == 4


def test_watch_ends_with_the_outcome_and_no_more_moves():
    """Requirement: the watched game ends like any other: the outcome shows, the controls go, nothing is planned;
    Step and Hint then say why not."""
    app, timer = _watch(quiet_limit=6)
    for _ in range(2000):
        if not app.watching:
            break
        timer.fire()
    assert app.state.is_over and not app.watching and timer.live == []
    assert app.watch_bar.layout.display == "none" and app._outcome.layout.display is None
    assert not app.step_watch() and "watching a game of computer players" in app.message
    assert app.errors == []


def test_watch_stops_at_a_pause_between_games_until_next_game():
    """Requirement (Double Nine matches): Watch waits at the pause between games, like play does, then goes on."""
    app, timer = _watch("double_nine", seed=4, players=2)
    for _ in range(3000):
        if app.pause is not None:
            break
        timer.fire()
    assert app.pause is not None and timer.live == [] and app.watch_bar.play_button.disabled
    assert app.go_on() and app.watching and timer.fire() == PACE


def test_without_watch_computer_games_and_human_games_are_unchanged():
    """Requirement: Watch changes nothing else - computer seats only without watch play to the end at once, a
    human against the computer gets its reply at once, and New game from the form watches."""
    instant = GameApp("nine_knights", seats=["computer", "computer"], seed=2)
    assert instant.state.is_over and not instant.watching
    timer = FakeTimer()
    human = GameApp("nine_knights", seats=["human", "computer"], seed=2, watch=True, timer=timer)
    assert not human.watching and human.watch_bar.layout.display == "none"
    rng = random.Random(2)
    for _ in range(12):
        human.choose(rng.choice(human.choices)) if human.choices else human.click(rng.choice(sorted(human.targets)))
        assert human.state.to_move in (0, None) and timer.planned == [], "a normal computer reply was put off"
    form = GameApp("nine_knights", seats=["human", "computer"], seed=2, timer=timer)
    form.new_game_form.seat_choices.children[0].value = "computer"
    assert form.new_game_form.press_start() and form.watching and form.moves_played(form.state) == 0


def test_watch_keeps_the_widget_models_bounded_over_a_long_game():
    """Rule: a kernel's memory stays bounded - a long watched game does not pile up widget models."""
    instances = ipywidgets.widgets.widget._instances
    app, timer = _watch(quiet_limit=300)
    for _ in range(10):
        timer.fire()
    start, widgets = len(instances), len(all_widgets(app))
    for _ in range(120):
        if not app.watching:
            app.new_game()
        timer.fire()
    assert len(instances) <= start + 5 and len(all_widgets(app)) == widgets
    assert len(timer.planned) > 120 and len(app.errors) == 0
