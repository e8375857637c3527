"""Tables across screens, the widgets (issue 28 items 1, 4 and 5): each seat's screen (widgets/table_screen.py),
the table page (widgets/table_page.py), the teacher's room (widgets/room.py) and the apps' "Play at separate
screens", on a real SQLite store.  Each screen here is what one player's kernel holds; the browser test
(tests/browser/test_tables_page.py) plays the same through Voila pages."""

from __future__ import annotations

import json
import random
import time

import pytest
from shell_driver import click_once
from test_secrets import screen

import ninekit
from ninekit.tables import TableStore
from widgets import table_page
from widgets.room import Room
from widgets.table_page import TablePage
from widgets.table_screen import TableScreen


@pytest.fixture
def store(tmp_path):
    return TableStore(f"sqlite:///{tmp_path / 'tables.db'}")


def _screens(store, game, seats, **options):
    table = store.create(game, options, seats)
    people = [i for i, kind in enumerate(seats) if kind == "human"]
    tokens = {seat: store.join(table.code, seat, name=f"P{seat}") for seat in people}
    return table, tokens, {seat: TableScreen(store, token, poll=False) for seat, token in tokens.items()}


def _hidden_names(state, seat: int | None, other: int) -> set[str]:
    """The names of the cards in ``other``'s hand (Double Nine) that ``seat``'s view (None: a spectator's) does not
    show anywhere."""
    shown = json.dumps(state.view(seat))
    return {name for name in state.view(other)["hand"] if name not in shown}


def test_a_move_clicked_at_one_screen_reaches_the_other_and_only_the_seat_on_move_may_play(store):
    """Issue 28 item 1: a move clicked on one screen is stored, and the other screen shows it at its next poll;
    a screen whose seat is not on move offers nothing and says whose turn it is."""
    _table, _tokens, screens = _screens(store, "nine_knights", ["human", "human"])
    rng = random.Random(2)
    for _ in range(12):
        mover = screens[screens[0].state.to_move]
        waiting = screens[1 - mover.viewer]
        assert not waiting.targets and not waiting.choices
        assert "turn" in waiting._status.value
        click_once(mover, rng)
        assert waiting.poll() and waiting.state.history == mover.state.history
        assert not mover.poll()  # nothing new for the mover
    first = screens[0]
    if first.state.to_move != 0:
        assert not first.click("sq:a1") and first.message


def test_a_screen_never_holds_another_seats_cards_a_token_or_the_seed(store):
    """Issue 28 item 5 (Double Nine): what each seat's screen sends to the browser never holds a card of the other
    hand that its own view does not show, nor any seat's token, nor the deal's seed, at every move; at the end
    every secret is shown to every screen."""
    table, tokens, screens = _screens(store, "double_nine", ["human", "human"])
    seed = store._table(table.id)["seed"]
    rng = random.Random(5)
    checked = 0
    for _ in range(200):
        state = screens[0].state
        for seat, shown in screens.items():
            text = screen(shown)
            for secret in [str(seed), *tokens.values()]:
                assert secret not in text
            if not state.is_over:
                hidden = _hidden_names(state, seat, 1 - seat)
                checked += len(hidden)
                assert not [name for name in hidden if name in text], f"seat {seat} sees the other hand"
        if state.is_over:
            break
        click_once(screens[state.to_move], rng)
        for shown in screens.values():
            shown.poll()
    assert checked > 20, "no hidden card was ever checked: the test proved nothing"
    assert screens[0].state.is_over


def test_a_resignation_ends_the_game_on_every_screen_and_shows_every_secret(store):
    """Issue 28 item 1: Resign (after its question) ends the game for everyone: both screens say who resigned,
    offer no move, mark no seat's turn on the board, and show the other hand."""
    for _ in range(20):  # a deal where Player 2 holds a card Player 1 cannot see (the deck has two of some cards)
        _table, _tokens, screens = _screens(store, "double_nine", ["human", "human"])
        hidden = _hidden_names(screens[0].state, 0, 1)
        if hidden:
            break
    assert hidden and not [name for name in hidden if name in screens[0].board.svg]
    assert all("to play" in shown.board.svg for shown in screens.values())  # a header, and the picture's title
    screens[1].bar.resign_button.click()
    assert screens[1].bar.confirm.layout.display is None
    screens[1].bar.yes.click()
    screens[0].poll()
    for shown in screens.values():
        assert "Player 2 resigned" in shown._status.value and not shown.targets and not shown.choices
        assert shown.bar.resign_button.layout.display == "none"
        assert "to play" not in shown.board.svg, "the board still marks a seat to play after the resignation"
        assert "The game is over: Player 2 resigned" in shown.board.svg
    assert all(name in screens[0].board.svg for name in hidden)


def test_computer_seats_play_in_the_background_even_when_they_open_the_game(store):
    """Issue 28 item 1: a computer seat that moves first plays as soon as a screen opens, and after a person's
    move the computers play in the background; the person's screen shows their moves at its next polls."""
    for _ in range(20):
        table = store.create("nine_knights", {}, ["easy", "human"])
        token = store.join(table.code)
        if store.state(token).to_move == 0:
            break
    shown = TableScreen(store, token, poll=False)
    deadline = time.monotonic() + 20
    while shown.state.to_move != 1 and time.monotonic() < deadline:
        time.sleep(0.05)
        shown.poll()
    assert shown.state.to_move == 1 and shown.targets | dict.fromkeys(shown.choices)
    assert shown.bar.seat_states()[0] == "computer (easy)"


def test_the_table_page_puts_a_reload_back_in_its_seat_and_leave_frees_it(store):
    """Issue 28 item 1: the page's browser keeps the seat's token; opened again with it, the page is that seat's
    screen at once; a token of a table that is gone brings the lobby with a word and is forgotten; Leave frees
    the seat and forgets the token."""
    page, told = TablePage(store=store, poll=False), []
    page.link.send = told.append  # what the page's browser is told
    page.link.receive({"event": "hello", "token": None, "code": None})
    page.name_text.value = "Ada"
    page.open_form.build("double_nine", seats=["human", "human"])
    assert page.open_form.press_separate() and page.screen.viewer == 0
    token = page.screen.token
    assert told == [{"event": "remember", "token": token}]
    code = store.info(token)["code"]
    assert code[:4] in page.message.value

    again = TablePage(store=store, poll=False)  # the reload
    again.link.send = told.append
    again.link.receive({"event": "hello", "token": token, "code": None})
    assert again.screen is not None and again.screen.viewer == 0 and again.screen.token == token

    friend = TablePage(store=store, poll=False)  # opened from the join link
    friend.link.receive({"event": "hello", "token": None, "code": code.lower()})
    assert [b.description for b in friend.seat_buttons.children] == ["Sit as Player 2", "Watch"]
    friend.name_text.value = "Ben"
    friend.seat_buttons.children[0].click()
    assert friend.screen.viewer == 1
    assert again.screen.poll() and again.screen.events == ["Ben sat down as Player 2"]  # written into the log

    again.screen.bar.leave_button.click()
    assert again.screen is None and "left" in again.message.value
    assert told[-1] == {"event": "forget"}
    assert store.lobby(code)["seats"][0]["taken"] is False

    gone = TablePage(store=store, poll=False)
    gone.link.send = told.append
    told.clear()
    gone.link.receive({"event": "hello", "token": token, "code": None})
    assert gone.screen is None and "over" in gone.message.value and told == [{"event": "forget"}]


def test_a_wrong_code_or_a_full_table_is_said_on_the_page(store):
    """Issue 28 items 1 and 2: a code no table has, and a table with no free seat, are said plainly; Watch is
    still offered at a full table."""
    page = TablePage(store=store, poll=False)
    page.link.receive({"event": "hello", "token": None, "code": None})
    page.code_text.value = "ZZZZ-ZZZZ"
    assert not page.find() and "no open table" in page.found.value
    table = store.create("nine_knights", {}, ["human", "normal"])
    store.join(table.code)
    page.code_text.value = table.code
    assert page.find()
    assert [b.description for b in page.seat_buttons.children] == ["Watch"]
    page.seat_buttons.children[0].click()
    assert page.screen.viewer is None and page.screen.bar.leave_button.description == "Stop watching"


def test_the_teachers_room_needs_its_key_lists_tables_watches_and_closes(store):
    """Issue 28 item 4: the room opens with its key only (a wrong key waits and is refused); it lists every table
    with its seats and whose turn; Watch shows a table as a spectator; Close closes it for the players."""
    table = store.create("double_nine", {}, ["human", "human"])
    ada = store.join(table.code, name="Ada")
    room = Room(store=store, key="the-room-key", poll=False)
    room.key_text.value = "guess"
    began = time.monotonic()
    assert not room.enter() and "not the room key" in room.message.value
    assert time.monotonic() - began >= 0.9 and room.inside not in room.children
    room.key_text.value = "the-room-key"
    assert room.enter() and room.key_text.value == ""
    assert "Ada" in room.list.value and table.code not in screen(room)
    assert room.watch_table(table.id) and room.screen.viewer is None
    hidden = _hidden_names(room.screen.state, None, 0) | _hidden_names(room.screen.state, None, 1)
    assert hidden and not [name for name in hidden if name in screen(room.screen)]
    room.screen.bar.leave_button.click()
    assert room.screen is None and room.inside in room.children
    assert room.close_table(table.id)
    with pytest.raises(ninekit.tables.TableError, match="closed"):
        store.info(ada)


def test_an_apps_play_at_separate_screens_opens_a_table_as_its_form_says(store, monkeypatch):
    """Issue 28 item 1: the app's New game form offers "Play at separate screens": it opens a table for the game,
    options and seats chosen (computers at their levels), keeps the seat's token in the browser and shows the
    join code and the way to the table page."""
    from widgets import GameApp

    monkeypatch.setattr(table_page, "_STORE", store)
    app = GameApp("double_nine", seats=["human", "computer"], tables="../tables.ipynb")
    form = app.new_game_form
    form.build("double_nine", players=3, seats=["human", "human", "computer"], levels=["normal", "normal", "hard"])
    assert form.press_separate()
    sent = app._table_link._waiting[-1]
    info = store.info(sent["token"])
    assert [s["kind"] for s in info["seats"]] == ["human", "human", "hard"] and info["seat"] == 0
    assert "ABCD" not in app.table_note.value and info["code"][:4] in app.table_note.value
    assert 'href="../tables.ipynb"' in app.table_note.value and f"#join={info['code']}" in app.table_note.value
