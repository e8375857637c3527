"""The game shell's moments and handling, without a browser: titles, the pause between games, switching or
putting back a chosen piece or card, and taking a game up again after a reload (widgets/app.py).

The browser half (layout, downloads, the reload itself) is tests/browser/test_game_feel.py.
"""

from __future__ import annotations

import html
import random

import pytest
from shell_driver import click_once, no_search_left  # noqa: F401 (no_search_left: a fixture)

import ninekit
from widgets import GameApp
from widgets.resume import ResumeStore

pytestmark = pytest.mark.usefixtures("no_search_left")


def _store(tmp_path) -> ResumeStore:
    return ResumeStore(tmp_path / "games")


# --- titles -------------------------------------------------------------------------------------------


def _intro(app) -> str:
    """The intro line as a person reads it (HTML entities decoded)."""
    return html.unescape(app.header.intro.value)


def test_titles_say_which_game_and_who_plays():
    """The header, the intro line and the tab title follow the game on screen and its seats."""
    app = GameApp("nine_knights", seats=["computer", "human"], seed=2, home="../index.ipynb")
    assert "Nine Knights" in app.header.title.value and 'href="../index.ipynb"' in app.header.title.value
    assert "You play North against the computer." in _intro(app)
    assert app.header.page_title.text == "Nine Knights – you play North · ninekit"
    assert app.new_game(seats=["human", "human"])
    assert "You play" not in _intro(app)
    assert "South and North share this screen and take turns" in _intro(app)
    assert "hides each player's secrets" in _intro(app)
    assert app.header.page_title.text == "Nine Knights – 2 players at one screen · ninekit"
    assert app.new_game(game="double_nine", players=3, seats=["computer"] * 3)
    assert "Double Nine" in app.header.title.value and "Knight" not in _intro(app)
    assert "The computer plays every seat." in _intro(app)
    assert app.header.page_title.text.startswith("Double Nine – ")


# --- the pause between the games of a match -----------------------------------------------------------


def test_double_nine_stops_between_games_until_next_game_is_pressed():
    """Rule (Double Nine: a match of games): when a game ends, the final boards and the result stay on screen,
    and no one moves (not even the computer) until "Next game"."""
    app = GameApp("double_nine", seats=["computer", "computer"], seed=4)
    assert app.pause is not None and not app.state.is_over, "all-computer play ran past the end of game 1"
    assert app.pause["title"] == "Game 1 is over" and app.pause["button"] == "Next game"
    assert "victory token" in app.pause["html"]
    assert app.board.svg == app.pause["svg"] and app.targets == {} and app.choices == []
    held = app.state
    assert not app.click("anything") and app.state is held
    assert app.go_on()
    assert app.state is not held and app.state.view(None)["game_number"] >= 2, "Next game did not go on"
    assert app.pause is None or app.pause["title"] == "Game 2 is over"


def test_a_human_move_that_ends_a_game_pauses_and_undo_leaves_the_pause():
    app = GameApp("double_nine", seats=["human", "computer"], seed=8)
    rng = random.Random(8)
    steps = 0
    while app.pause is None and not app.state.is_over:
        click_once(app, rng)
        steps += 1
        assert steps < 400
    assert app.pause is not None, "game 1 ended without a pause"
    before = app.state
    assert app.undo() and app.pause is None and app.state is not before
    assert app.redo() and app.state is before


def test_lessons_have_no_pause():
    """A board inside a lesson step (a PlayArea) never stops between games: the step decides what comes next."""
    from widgets.shell.area import PlayArea

    app = PlayArea("double_nine", seats=["computer", "computer"], seed=4)
    assert app.pause is None and app.state.is_over


# --- switching or putting back a chosen piece or card -------------------------------------------------


def test_a_chosen_card_can_be_put_back_or_switched_by_clicking():
    """Double Nine: after choosing a card, clicking it again puts it back; clicking the other card plays that one
    instead (no Undo needed, nothing logged as undone)."""
    app = GameApp("double_nine", seats=["human", "computer"], seed=11)
    start = app.state
    cards = sorted(t for t in app.targets if t.startswith("card:"))
    if len(cards) < 2:
        app.new_game(seed=12)
        start = app.state
        cards = sorted(t for t in app.targets if t.startswith("card:"))
    assert len(cards) == 2
    assert app.selection is None
    assert app.click(cards[0])
    selected, switch = app.selection
    assert selected == cards[0] and switch == [cards[1]]
    assert app.click(cards[1])
    assert app.state.history[-1][1] == start.play(app.state.history[-1][1]).history[-1][1]
    assert app.selection[0] == cards[1] and app.state.parent is start
    assert app.click(cards[1])  # put back
    assert app.state is start and app.selection is None and app.events == []


def test_a_chosen_knight_switches_to_another():
    """Nine Knights: with a Knight chosen to move, clicking another of your Knights chooses it instead."""
    from ninekit.nine_knights import position

    state = position({"c3": "S4", "e3": "S6", "e8": "N9"})
    app = GameApp(state, seats=["human", "computer"])
    assert app.click("c3") and app.selection == ("c3", ["e3"])
    assert app.click("e3") and app.state.prompt.endswith("the Knight on e3 moves")
    assert app.click("e3") and app.state.prompt.endswith("choose a Knight to move")


# --- nothing lost ---------------------------------------------------------------------------------------


def _play(app, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        click_once(app, rng)


def test_a_game_in_progress_is_kept_on_the_server_and_offered_back(tmp_path):
    """A reload (a new kernel, the browser's token) offers the game back; Resume restores it; the token is the
    only thing the browser keeps."""
    store = _store(tmp_path)
    first = GameApp("double_nine", resume="double_nine", resume_store=store, seed=5)
    first._got_token(None)  # a browser that remembers nothing
    _play(first, 6)
    token = first._token
    assert token and store.get(token)["moves"] == first.moves_played(first.state)
    assert first._resume_link.guard_leave, "leaving mid-game must ask first"
    second = GameApp("double_nine", resume="double_nine", resume_store=store)
    second._got_token(token)
    assert second.resume_offered and "Resume your game?" in second.resume_offer.text.value
    assert f"{first.moves_played(first.state)} moves played" in second.resume_offer.text.value
    assert second.resume()
    assert second.state.history == first.state.history and not second.resume_offered
    assert "Welcome back" in second.message


def test_declining_forgets_the_kept_game_and_a_finished_game_is_not_kept(tmp_path):
    store = _store(tmp_path)
    first = GameApp("nine_knights", seats=["human", "computer"], resume="nine_knights", resume_store=store)
    first._got_token(None)
    _play(first, 3)
    token = first._token
    second = GameApp("nine_knights", seats=["human", "computer"], resume="nine_knights", resume_store=store)
    second._got_token(token)
    assert second.resume_offered
    second._decline_resume()
    assert not second.resume_offered and store.get(token) is None
    # Play the new game to the end: nothing stays kept, and leaving no longer asks.
    rng = random.Random(4)
    while not second.state.is_over:
        click_once(second, rng)
    assert store.get(second._token) is None and not second._resume_link.guard_leave


def test_a_resumed_hot_seat_game_starts_at_the_hand_over(tmp_path):
    """Secrets: a game taken up again shows no seat's secrets until that seat's hand-over."""
    store = _store(tmp_path)
    first = GameApp("nine_knights", seats=["human", "human"], resume="nine_knights", resume_store=store, seed=3)
    first._got_token(None)
    _play(first, 4)
    second = GameApp("nine_knights", resume="nine_knights", resume_store=store)
    second._got_token(first._token)
    assert second.resume()
    assert second.privacy_pending == second.state.to_move and second.board.svg == ""


def test_a_damaged_or_foreign_kept_game_is_not_offered(tmp_path):
    """Malformed input: a kept file that is not a game in progress, or a token that is not one, offers nothing."""
    store = _store(tmp_path)
    token = store.new_token()
    store.put(token, {"version": 1, "save": "{not json", "seats": ["human", "computer"]})
    app = GameApp("nine_knights", resume="nine_knights", resume_store=store)
    app._got_token(token)
    assert not app.resume_offered
    finished = ninekit.core.random_playout(ninekit.make("nine_knights").new(1), random.Random(1))
    store.put(token, {"version": 1, "save": finished.to_json(), "seats": ["human", "computer"]})
    other = GameApp("nine_knights", resume="nine_knights", resume_store=store)
    other._got_token(token)
    assert not other.resume_offered
    store.put(token, {"version": 1, "save": ninekit.make("nine_knights").new(2).to_json(), "seats": ["bot", "x"]})
    third = GameApp("nine_knights", resume="nine_knights", resume_store=store)
    third._got_token(token)
    assert not third.resume_offered


def test_playing_instead_of_answering_sets_the_offer_aside(tmp_path):
    """A visitor who plays a move (or loads, or starts a game) instead of answering "Resume your game?" has
    said no: the offer goes, so a later press can never throw the game on screen away."""
    store = _store(tmp_path)
    first = GameApp("double_nine", seats=["human", "computer"], resume="double_nine", resume_store=store, seed=6)
    first._got_token(None)
    _play(first, 4)
    second = GameApp("double_nine", seats=["human", "computer"], resume="double_nine", resume_store=store, seed=7)
    second._got_token(first._token)
    assert second.resume_offered
    _play(second, 1, seed=2)
    assert not second.resume_offered and second.resume_offer.layout.display == "none"
    assert not second.resume(), "nothing is offered any more"
    kept = store.get(second._token)
    assert kept is None or ninekit.load(kept["save"]).history == second.state.history


def test_a_loaded_save_seats_the_lone_human_on_the_side_to_move():
    """A save does not say who was the human: a lone human goes on with the side whose turn it is, so the
    computer never makes the decision that was pending."""
    state = ninekit.make("nine_knights").new(3)
    rng = random.Random(3)
    while state.to_move != 0 or len(state.history) < 14:
        state = state.play(rng.choice(state.legal_moves()))
    app = GameApp("nine_knights", seats=["computer", "human"], seed=1)
    assert app.load_text(state.to_json())
    assert app.seats == ["human", "computer"] and app.state.history == state.history
    assert "You now play South, whose turn it is" in app.message


def test_the_computers_moves_are_shown_until_the_player_acts():
    # South first (the first player is drawn from the seed): North's reply is its three Duty choices only
    app = GameApp(ninekit.make("nine_knights", first="South"), seats=["human", "computer"], seed=5)
    rng = random.Random(1)
    for _ in range(3):  # South's three Duty choices; then North (the computer) makes its own
        click_once(app, rng)
    recent = html.unescape(app._recent.value)
    assert "The computer just played" in recent and "North assigns the Small Number Group (secret)" in recent
    click_once(app, rng)
    assert app._recent.value == ""


def test_game_over_says_how_it_went_for_the_player():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=2)
    rng = random.Random(2)
    while not app.state.is_over:
        click_once(app, rng)
    outcome = app.state.outcome
    expected = "you win!" if 0 in outcome.winners else "you lose" if outcome.winners else "a draw"
    assert f"Game over: {expected}" in app._outcome.value
    # The way on is beside the result: Play again, a new secret deal with the same players and levels.
    assert app._again.layout.display is None and app._again.description == "Play again"
    app._again.click()
    assert not app.state.is_over and app.seats == ["human", "computer"]
    assert all(seat == 1 for seat, _move in app.state.history)  # at most the computer has moved
    assert app._again.layout.display == "none" and app.state.seed != 2


def test_a_flood_of_new_games_leaves_another_students_game_offered(tmp_path):
    """Kept games stay kept: after one client opens 1,200 new games, another student's game played today is still
    offered back on their reload; a token the flooding page made up is not even kept."""
    store = ResumeStore(tmp_path / "games", max_entries=50)
    mine = GameApp("nine_knights", resume="nine_knights", resume_store=store, seed=3)
    mine._got_token(None)
    _play(mine, 4)
    flooder = GameApp("nine_knights", resume="nine_knights", resume_store=store)
    flooder._got_token("A" * 48)  # made up by the page: the server issues its own token instead
    _play(flooder, 1)
    assert flooder._token != "A" * 48 and store.issued(flooder._token) and store.get("A" * 48) is None
    for n in range(1200):
        store.put(store.new_token(), {"flood": n})
    store.sweep()
    again = GameApp("nine_knights", resume="nine_knights", resume_store=store)
    again._got_token(mine._token)
    assert again.resume_offered and again.resume() and again.state.history == mine.state.history
