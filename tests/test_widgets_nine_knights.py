"""Nine Knights in the widget shell: drawing, full games, and no leaks."""

from __future__ import annotations

import json
import random
import re

import pytest
from shell_driver import all_widgets, play_by_clicks

import ninekit
from ninekit import Move
from widgets import GameApp, adapter_for
from widgets.app import GameApp as _GameApp

PIECE = re.compile(r'<g class="nk-piece" data-duty="([^"]*)" data-owner="(\d)" data-revealed="(\d)"')




def check_private(app) -> None:
    """Everything on screen comes from view(viewer)/log(viewer) only."""
    state, viewer = app.state, app.viewer
    if app.privacy_pending is not None:
        assert viewer is None and app.board.svg == "" and app._log.value == ""
        return
    assert app.board.svg == app.adapter.draw(state.view(viewer), app.targets, {})
    assert app._log.value == _GameApp._log_html(app._log_lines(state, viewer))
    assert [t for t, event in app._log_lines(state, viewer) if not event] == state.log(viewer)
    for duty, owner, revealed in PIECE.findall(app.board.svg):
        if viewer is None or int(owner) != viewer:
            assert duty == "?" or revealed == "1", "an unrevealed enemy Duty number is on screen"
    # No trait anywhere carries the opponent's secrets beyond the view: in
    # particular no widget holds a save (which records every secret).
    for widget in all_widgets(app):
        assert "data:application/json" not in json.dumps(widget.get_state(), default=repr)


def test_draw_is_pure_and_marks_targets():
    state = ninekit.make("nine_knights").new(3)
    adapter = adapter_for("nine_knights")
    while not any(adapter.target_of(m) for m in state.legal_moves()):  # duties, then a pick
        state = state.play(state.legal_moves()[0])
    view = state.view(state.to_move)
    targets = {adapter.target_of(m): m for m in state.legal_moves() if adapter.target_of(m)}
    svg = adapter.draw(view, targets, {})
    assert svg == adapter.draw(json.loads(json.dumps(view)), dict(targets), {})
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 ')
    assert 'data-game="nine_knights"' in svg
    legal = re.findall(r'<g data-id="(\w+)" class="nk-square legal" tabindex="0" role="button" aria-label="[^"]+"', svg)
    assert sorted(legal) == sorted(targets) and legal
    assert len(re.findall(r'<g data-id="[a-i]\d+" class="nk-square', svg)) == 90


def test_target_of_kinds():
    adapter = adapter_for("nine_knights")
    for kind in ("place", "select", "to", "summon_to"):
        assert adapter.target_of(Move(kind, ("c3",))) == "c3"
    for move in (Move("duty", (0, "AWR")), Move("pick", ("S1",)), Move("cancel"), Move("reveal"), Move("keep"),
                 Move("summon", ("S2",))):
        assert adapter.target_of(move) is None


def test_board_is_drawn_from_the_viewers_side():
    state = ninekit.make("nine_knights").new(1)
    adapter = adapter_for("nine_knights")
    south = re.findall(r'<g data-id="(\w+)"', adapter.draw(state.view(0), {}, {}))
    north = re.findall(r'<g data-id="(\w+)"', adapter.draw(state.view(1), {}, {}))
    assert south[0] == "a10" and south[-1] == "i1"
    assert north[0] == "i1" and north[-1] == "a10"


def test_human_vs_computer_full_game():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=11)
    assert app.viewer == 0
    play_by_clicks(app, random.Random(11), check=check_private)
    assert app._outcome.layout.display is None
    assert app.state.outcome.reason in app._outcome.value.replace("&#x27;", "'")
    assert "Knights on the board" in app._outcome.value
    assert app.errors == []


def test_human_as_north_sees_north_side():
    app = GameApp("nine_knights", seats=["computer", "human"], seed=5)
    assert app.viewer == 1 and app.state.to_move == 1
    assert re.findall(r'<g data-id="(\w+)"', app.board.svg)[0] == "i1"
    play_by_clicks(app, random.Random(5), check=check_private, limit=3000)


def test_computer_vs_computer():
    app = GameApp("nine_knights", seats=["computer", "computer"], seed=2)
    assert app.state.is_over and app.viewer is None
    check_private(app)
    assert "Game over" in app._outcome.value


def test_hot_seat_with_hand_over():
    app = GameApp("nine_knights", seats=["human", "human"], seed=4)
    assert app.privacy_pending == 0
    assert app._reveal_button.description == "I am South — show my view"
    check_private(app)
    app.reveal()
    app.choose(app.choices[0])  # South's first duty group
    assert app.privacy_pending is None  # still South's decision
    seen = set()
    rng = random.Random(4)
    while not app.state.is_over:
        if app.privacy_pending is not None:
            seen.add(app.privacy_pending)
            assert app._pass_text.value.endswith(f"Pass the screen to {app.game.seat_name(app.privacy_pending)}</div>")
            app.reveal()
        elif app.targets and (not app.choices or rng.random() < 0.8):
            assert app.click(rng.choice(sorted(app.targets))), app.message
        else:
            assert app.choose(rng.choice(app.choices)), app.message
        check_private(app)
    assert seen == {0, 1}


def test_illegal_click_shows_the_rule_text():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=3)
    assert not app.click("e5")
    assert app.message == "That is not a legal choice now: choose one of the buttons below the board"
    while app.state.legal_moves()[0].kind != "place":
        app.choose(app.choices[0])
    before = app.state
    assert not app.click("e5")
    assert app.message == before.why_illegal(Move("place", ("e5",)))
    assert app.message and "not a legal choice" not in app.message
    assert app.state is before
    assert not app.try_move(Move("place", ("a1",)))
    assert app.message == before.why_illegal(Move("place", ("a1",)))


def test_undo_redo_save_load():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=8)
    rng = random.Random(8)
    for _ in range(30):
        if app.targets and (not app.choices or rng.random() < 0.8):
            app.click(rng.choice(sorted(app.targets)))
        else:
            app.choose(rng.choice(app.choices))
    here = app.state
    assert app.undo() and app.state.to_move == 0 and len(app.state.history) < len(here.history)
    assert app.redo() and app.state is here
    text = app.save_text()
    other = GameApp("nine_knights", seed=1)
    assert other.load_text(text) and other.state.history == here.history
    assert not other.load_text(text.replace('"seed": 8', '"seed": "x"'))
    assert "seed" in other.message and other.state.history == here.history


@pytest.mark.parametrize("seed", [0, 1])
def test_defection_option_game(seed):
    app = GameApp("nine_knights", seats=["computer", "computer"], seed=seed, defection=True)
    assert app.state.game.options["defection"] is True and app.state.is_over


def test_random_seat_gives_the_human_either_side():
    """Rulebook: the first player is chosen at random; with random_seat the human sits South or North by chance."""
    seats = {GameApp("nine_knights", random_seat=True).seats.index("human") for _ in range(24)}
    assert seats == {0, 1}
    app = GameApp("nine_knights", random_seat=True)
    assert app._form_random_seat.value
    app._form_random_seat.value = False
    app._form_seats.children[0].value, app._form_seats.children[1].value = "human", "computer"
    assert app._press_start() and app.seats == ["human", "computer"] and not app.random_seat
