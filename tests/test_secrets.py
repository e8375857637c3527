"""Hidden information never reaches a seat's screen: checked for every game, including those to come.

What a seat's screen shows is every widget model the app sends to the browser (the whole widget
tree, with layouts and styles).  Three rules, each parametrised over ``ninekit.games()``:

- No model field equals or encodes the game's seed (the seed determines every hidden card).
- Two games that differ only in hidden information render identically for the seat.
- Computer players draw randomness a seat cannot reconstruct (never derived from the game's seed).

Plus the shell's own rules that rest on them: hot-seat undo and hand-overs are written into the log
every seat reads, teacher mode says it reveals, and the number of widget models stays bounded over a
long game.  (The browser-level twin of the first rule, over the DOM and the websocket frames, is
``assert_seed_never_reached_the_page`` in tests/browser/appdriver.py, which one test of each game's app calls.)
"""

from __future__ import annotations

import base64
import json
import random
import re

import ipywidgets
import pytest
from shell_driver import click_once, no_search_left, play_by_clicks  # noqa: F401 (no_search_left: a fixture)

import ninekit
from ninekit.bots import RandomBot
from widgets import GameApp
from widgets.app import TEACHER_MODE

pytestmark = pytest.mark.usefixtures("no_search_left")


def _cases():
    for name in ninekit.games():
        rules = ninekit.make(name).rules
        for players in sorted({rules.min_players, rules.max_players}):
            yield name, players


CASES = list(_cases())
IDS = [f"{n}-{p}p" for n, p in CASES]
_MODEL_REF = re.compile(r"IPY_MODEL_[0-9a-f]+")


def models(widget, seen=None) -> list:
    """Every widget model reachable from ``widget``: children, layout, style and any widget-valued trait."""
    seen = {} if seen is None else seen
    if widget.model_id in seen:
        return []
    seen[widget.model_id] = widget
    out = [widget]
    for name in widget.keys:
        value = getattr(widget, name, None)
        values = value if isinstance(value, (list, tuple)) else [value]
        for item in values:
            if isinstance(item, ipywidgets.Widget):
                out.extend(models(item, seen))
    return out


def screen(app) -> str:
    """What the browser receives for ``app``: every model's synced state, model ids made neutral."""
    chunks = [json.dumps(m.get_state(), default=repr, sort_keys=True) for m in models(app)]
    return _MODEL_REF.sub("IPY_MODEL", "\n".join(chunks))


def encodings(seed: int) -> list[str]:
    """The forms in which a seed could be written into a page (a save link is checked separately)."""
    text = str(seed)
    return [text, f"{seed:x}", f"{seed:X}", base64.b64encode(text.encode()).decode().rstrip("=")]


def human_seats(players: int, seat: int) -> list[str]:
    return ["human" if s == seat else "computer" for s in range(players)]


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_no_model_field_equals_or_encodes_the_seed(name, players):
    """Rule: a seat is never shown the seed of a game with hidden information, in any widget model.  (The computer
    seats play at level ``easy``: their strength does not matter here, and ``normal``'s search costs seconds.)"""
    app = GameApp(name, players=players, seats=human_seats(players, 0), levels=["easy"] * players)
    assert not app.teacher_mode
    seed = app.state.seed
    assert seed >= 2**32 or seed != 0, "the random seed must come from a large space"
    forms = encodings(seed)
    rng = random.Random(1)

    def check(app):
        text = screen(app)
        for form in forms:
            assert form not in text, f"the seed ({form!r}) is on the screen"
        assert "data:application/json" not in text, "a save (which holds the seed) is on the screen"

    check(app)
    steps = 0
    while not app.state.is_over and steps < 60:
        before = len(app.state.history)
        click_once(app, rng)
        steps += 1
        check(app)
        assert len(app.state.history) >= before
    app.toolbar.save_button.save()  # the file goes to the browser as a download, never into the page's state
    check(app)


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_games_differing_only_in_hidden_information_render_identically(name, players):
    """Rule: what a seat's screen shows depends only on what the seat may know (its view).

    For each seat, at several points of random games, the real state and a state with every hidden
    part resampled (``determinize``: same view for that seat) are each put in an app where that
    seat is the human to move; every widget model of the two apps must be identical.  (Both start
    without history, so the log, drawn from ``log(seat)``, is compared by the log leak tests.)
    """
    game = ninekit.make(name, players)
    differed = 0
    for seat in range(players):
        for seed in range(2):
            rng = random.Random(seed)
            state = game.new(seed)
            checked = 0
            while not state.is_over and checked < 4:
                if state.to_move == seat and rng.random() < 0.3:
                    real = game.state_at(state.position)
                    twin = state.determinize(seat, random.Random(seed * 7 + checked))
                    differed += twin.position != state.position
                    a = GameApp(real, seats=human_seats(players, seat))
                    b = GameApp(twin, seats=human_seats(players, seat))
                    assert a.viewer == b.viewer == seat
                    assert screen(a) == screen(b), f"seat {seat}'s screen depends on hidden information"
                    checked += 1
                state = state.play(rng.choice(state.legal_moves()))
    if game.hidden_information:
        assert differed, "no pair differed in hidden information: the test proved nothing"


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_computer_players_do_not_draw_from_the_game_seed(name, players):
    """Rule: computer players' randomness cannot be reconstructed from the game (not from its seed)."""
    seen = []

    def factory(game_name, seat, seed):
        seen.append(seed)
        return RandomBot(seed)  # what is checked is the seed the shell hands over, not how a bot plays

    for _ in range(2):
        GameApp(name, players=players, seats=["computer"] * players, seed=5, bot_factory=factory)
    half = len(seen) // 2
    assert half >= 1
    assert set(seen[:half]).isdisjoint(seen[half:]), "the same deal gave the computers the same randomness"
    assert 5 not in seen


def test_teacher_mode_says_it_reveals_and_does_not_keep_the_seed_on_screen():
    """Rule: a chosen seed is possible (teacher mode), stated as revealing, and not left on screen."""
    app = GameApp("nine_knights")
    assert TEACHER_MODE not in app.header.intro.value
    app.new_game_form.selected_index = 0
    app.new_game_form.seed_text.value = "918273645"
    app.new_game_form.press_start()
    assert app.state.seed == 918273645 and app.teacher_mode
    assert "anyone who knows the seed can work out every hidden card" in app.header.intro.value
    assert "918273645" not in screen(app)
    app.new_game_form.seed_text.value = "9" * 5000
    assert not app.new_game_form.press_start()
    assert "from 0 to 2**64 - 1" in app.message and len(app.message) < 300
    assert app.state.seed == 918273645
    app.new_game()  # empty seed: a secret deal again
    assert not app.teacher_mode and TEACHER_MODE not in app.header.intro.value


def _hot_seat_to_norths_turn():
    app = GameApp("nine_knights", seats=["human", "human"])
    app.reveal()
    while app.state.to_move == 0:
        app.choose(app.choices[0])
    assert app.privacy_pending == 1
    app.reveal()
    app.choose(app.choices[0])
    return app


def test_hot_seat_undo_into_another_seats_decision_needs_its_hand_over_and_is_logged():
    """Rule: undoing into another seat's decision needs that seat's hand-over, and every seat's log says so."""
    app = _hot_seat_to_norths_turn()
    assert app.viewer == 1 and app.state.to_move == 1
    north_turn = app.state
    while app.state.to_move == 1:  # back into South's decisions
        assert app.undo()
    assert app.state.to_move == 0
    assert app.viewer is None and app.privacy_pending == 0, "South's secrets shown without South's hand-over"
    assert app.board.svg == "" and app.move_log.text.value == ""
    undid = [e for e in app.events if e.startswith("North undid")]
    assert undid, app.events
    app.reveal()
    assert "The screen was handed to South" in app.events
    assert app.viewer == 0
    log = app.move_log.text.value
    assert "North undid" in log and "The screen was handed to South" in log
    app.redo()
    assert any(e.startswith("South redid") for e in app.events)
    while app.session.node.last is not None:
        app.redo()
    assert app.state is north_turn and app.privacy_pending == 1
    app.reveal()
    assert "North undid" in app.move_log.text.value and "South redid" in app.move_log.text.value  # North reads it too


def test_log_events_sit_after_the_move_they_follow():
    """Rule: a table event is logged where it happened, between the moves, in every seat's log."""
    app = _hot_seat_to_norths_turn()
    played = len(app.state.history)
    app.undo()
    lines = app._log_lines(app.state, 1)
    texts = [t for t, _ in lines]
    assert texts[-1].startswith("North undid"), texts
    assert [t for t, event in lines if not event] == app.state.log(1)
    assert len(app.state.history) < played


def test_widget_models_stay_bounded_over_a_long_game():
    """Rule: a kernel's memory stays bounded: 300 decisions do not pile up widget models."""
    instances = ipywidgets.widgets.widget._instances
    app = GameApp("nine_knights", seats=["human", "computer"], quiet_limit=400)
    rng = random.Random(3)
    counts = []
    decisions = 0
    while decisions < 300:
        if app.state.is_over:
            app.new_game()
        click_once(app, rng)
        decisions += 1
        if decisions in (20, 300):
            counts.append(len(instances))
    for _ in range(5):  # new games, other games, loads
        app.new_game(game="double_nine", players=3)
        app.new_game(game="nine_knights")
        app.load_text(app.save_text())
    counts.append(len(instances))
    assert counts[1] <= counts[0] + 5 and counts[2] <= counts[0] + 5, counts


def test_a_whole_game_by_clicks_keeps_the_log_to_the_seat_and_events():
    """Rule: the log shown is the seat's own log plus the public table events, nothing else."""
    app = GameApp("double_nine", players=2, seats=["human", "human"])

    def check(app):
        if app.privacy_pending is None:
            lines = app._log_lines(app.state, app.viewer)
            assert [t for t, event in lines if not event] == app.state.log(app.viewer)
            assert all(t in app.events for t, event in lines if event)

    play_by_clicks(app, random.Random(2), check=check, limit=4000)


@pytest.mark.parametrize("name,players", CASES, ids=IDS)
def test_a_shared_table_shows_each_screen_its_own_view_and_never_the_seed(name, players, tmp_path):
    """Issue 28 item 5, for every game: at a table across screens, what a seat's screen is given
    (``TableStore.view``) is that seat's view, never the state, at every move of a game; neither it nor the
    teacher's list holds the table's seed (which gives away the deal), its code or a token; and at the start and
    after 24 moves no widget model of any seat's screen (widgets/table_screen.py: what its browser receives) holds
    the seed or any seat's token."""
    from ninekit.tables import TableStore
    from widgets.table_screen import TableScreen

    store = TableStore(f"sqlite:///{tmp_path / 'tables.db'}")
    table = store.create(name, {}, ["human"] * players)
    tokens = [store.join(table.code) for _ in range(players)]
    watcher = store.watch(table.code)
    seed = store._table(table.id)["seed"]
    forms = encodings(seed)
    screens = [TableScreen(store, token, poll=False) for token in [*tokens, watcher]]
    rng = random.Random(3)
    for ply in range(40):
        state = store.state(watcher)
        if ply in (0, 24) or state.is_over:
            for shown in screens:
                shown.poll()
                text = screen(shown)
                assert shown.state.history == state.history
                for secret in [*forms, *tokens, watcher]:
                    assert secret not in text, f"{secret!r} reached a table screen's browser"
        shown = {seat: store.view(token) for seat, token in enumerate(tokens)}
        assert shown == {seat: state.view(seat) for seat in range(players)}
        assert store.view(watcher) == state.view(None)
        text = json.dumps([shown, store.tables()], sort_keys=True)
        for secret in [*forms, table.code, *tokens]:
            assert secret not in text, f"{secret!r} reached a screen"
        if state.is_over:
            break
        store.play(tokens[state.to_move], rng.choice(state.legal_moves()))
