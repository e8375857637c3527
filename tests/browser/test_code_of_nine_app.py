"""The Code of Nine Voila app, played to the end by clicks in Chromium.

The app notebook (notebooks/apps/code_of_nine.ipynb) shows ``GameApp("code_of_nine")``.  Each test starts its game
from the app's own "New game" form (which offers 3 or 4 players, the expert game and who plays each seat), then
clicks seeded-random legal choices - the hand-over button when it shows, else a highlighted location or Memory slot,
else a button - until the end panel shows.  The 4-player hot-seat game goes on from a save of its last rounds,
loaded with the Load button (a whole game is about 110 decisions and as many hand-overs).  Screenshots (laptop
1280 x 800, dark theme, a 390 px phone, the end) go to tests/browser/artifacts/.
"""

from __future__ import annotations

import random

import pytest
from appdriver import (
    CHOICES,
    INTERACTIVE,
    LEGAL,
    OUTCOME,
    PRIVACY,
    assert_seed_never_reached_the_page,
    late_save,
    load_save,
    message,
    open_game,
    phone_screen,
    play_to_end,
    press_start,
    record_frames,
    shot,
    status,
    visible,
)

from ninekit.code_of_nine.data import LOCATIONS

pytestmark = pytest.mark.browser

APP = "apps/code_of_nine.ipynb"
MAX_CLICKS = 500
HOT_SEAT_DECISIONS = 14  # left in the saved 4-player game the hot-seat test loads (its last round)
EXPERT_DECISIONS = 30  # left in the saved 3-player expert game played against the computer (a whole one: about 80)
EXPERT_SEED = 0x9E3779B97F4A7C15  # its deal: as large as the apps' own seeds, so the seed check finds no chance match


def _start(page, seats: dict[str, str], *, players: int, expert: bool) -> None:
    """Open "New game": players, expert, the seats; press "Start new game"."""
    page.locator(".ninekit-app .ninekit-new-game-panel").get_by_text("New game", exact=True).click()
    form = page.locator(".ninekit-app .ninekit-new-game")
    form.wait_for(state="visible")
    players_box = form.get_by_label("Players", exact=True)
    assert [o.strip() for o in players_box.locator("option").all_inner_texts()] == ["3", "4"]
    players_box.select_option(str(players))
    names = ["Red", "Blue", "Green", "Yellow"][:players]
    page.wait_for_function(  # the seat rows are rebuilt for the new player count (a kernel round trip)
        """(names) => { const form = document.querySelector(".ninekit-app .ninekit-new-game");
          const labels = Array.from(form.querySelectorAll(".ninekit-form-seats label"))
            .map((l) => l.textContent.trim());
          return labels.length === names.length && names.every((n, i) => labels[i] === n); }""", arg=names)
    expert_box = form.get_by_label("Expert")
    if expert_box.is_checked() != expert:
        expert_box.click()
    random_seat = form.get_by_label("Seat a lone human player at random")
    if random_seat.is_checked():
        random_seat.uncheck()
    for seat, kind in seats.items():
        form.get_by_label(seat, exact=True).select_option(kind)
    for seat, kind in seats.items():
        assert form.get_by_label(seat, exact=True).input_value() == kind, seat
    press_start(page)
    page.wait_for_selector(f"{INTERACTIVE}, {PRIVACY}:visible", state="visible")
    assert not message(page), f"starting the game showed a message: {message(page)!r}"
    assert status(page), "no prompt after starting"


def _start_late(page, seats: dict[str, str], *, players: int, expert: bool, seed: int, decisions: int, path) -> None:
    """Seat the players from the New game form (``_start``), then load (through the Load button) a save of a seeded
    game of random legal moves ``decisions`` decisions before its end (``late_save``), written to ``path``."""
    _start(page, seats, players=players, expert=expert)
    load_save(page, late_save("code_of_nine", seed, decisions, players=players, expert=expert), path)


def _decision_box(page) -> dict:
    """Where the picture, the prompt and the first highlighted choice end (CSS px)."""
    return page.evaluate("""() => {
      const svg = Array.from(document.querySelectorAll(".ninekit-app .ninekit-board svg"))
        .find((s) => s.getClientRects().length > 0).getBoundingClientRect();
      const status = document.querySelector(".ninekit-app .ninekit-status").getBoundingClientRect();
      const legal = Array.from(document.querySelectorAll(".ninekit-app .ninekit-board [data-id].legal"))
        .filter((e) => e.getClientRects().length > 0).map((e) => e.getBoundingClientRect().bottom);
      return {bottom: svg.bottom, right: svg.right, status: status.bottom, legal: Math.max(0, ...legal),
              height: innerHeight, width: innerWidth};
    }""")


def _ready(page) -> None:
    """Wait (up to 5 s) until the page offers something to click or shows the end: after a hand-over the choice
    buttons may arrive in a widget message of their own, after the page has already been still for a moment."""
    try:
        page.wait_for_selector(f"{INTERACTIVE}, {PRIVACY}:visible, {OUTCOME}:visible", state="visible", timeout=5000)
    except Exception as exc:  # noqa: BLE001 - say what the page shows instead
        raise AssertionError(f"nothing to click; status {status(page)!r}, message {message(page)!r}") from exc
    if visible(page.locator(PRIVACY)):  # a hand-over: let the page finish its update before the click
        page.wait_for_timeout(80)


def test_four_player_hot_seat_game_to_the_end(open_app, artifacts_dir, tmp_path):
    """Requirement: a 4-player hot-seat game, seated from the New game form and loaded from a save of its last
    rounds, is played to the end by clicks - hand-overs, locations, Memory slots, buttons - with no click offered
    as legal refused and no page error; the end panel reveals every Memory and gives the score step by step."""
    page = open_game(open_app, APP)
    page.set_viewport_size({"width": 1280, "height": 800})
    _start_late(page, {"Red": "human", "Blue": "human", "Green": "human", "Yellow": "human"}, players=4, expert=False,
                seed=7, decisions=HOT_SEAT_DECISIONS, path=tmp_path / "code_of_nine.json")
    page.wait_for_selector(f"{INTERACTIVE}, {PRIVACY}:visible", state="visible")
    shots = {"place": False, "look": False}

    def on_step(page, clicks, now):
        _ready(page)
        if visible(page.locator(PRIVACY)):
            return
        if not shots["place"] and "place an Action pawn" in now:
            page.wait_for_timeout(100)
            box = _decision_box(page)
            assert box["status"] <= box["height"] and 0 < box["legal"] <= box["height"], box
            assert box["right"] <= box["width"], box
            page.screenshot(path=str(artifacts_dir / "code_of_nine_laptop.png"))
            shots["place"] = True
        if not shots["look"] and "card to look at" in now:
            box = _decision_box(page)
            assert 0 < box["legal"] <= box["height"], box
            page.screenshot(path=str(artifacts_dir / "code_of_nine_look.png"))
            shots["look"] = True

    try:
        clicks = play_to_end(page, random.Random(7), MAX_CLICKS, on_step)
    except Exception:
        shot(page, artifacts_dir / "code_of_nine_failed.png")
        raise
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text and "Every Memory revealed" in end_text, end_text
    assert "share this screen" in page.locator(".ninekit-app").inner_text()  # four humans: hot seat
    assert "The score, step by step in the rulings' order" in end_text
    assert "Total" in end_text and ("Winner" in end_text or "Nobody wins" in end_text)
    assert page.locator(LEGAL).count() == 0 and not visible(page.locator(CHOICES))
    assert shots["place"]
    shot(page, artifacts_dir / "code_of_nine_end.png")
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"hot seat: {clicks} clicks")


def _read_by_pointing(page) -> None:
    """A location's cost and effect are read by pointing at it (the line under the board), not only as a tooltip."""
    from playwright.sync_api import expect

    fortune = next(loc for loc in LOCATIONS if loc.key == "fortune")
    page.locator(".ninekit-app .ninekit-board [data-id='loc:fortune']:visible").first.hover()
    caption = page.locator(".ninekit-app .nk-pointed")
    assert caption.count() == 1, "no line under the board that reads what is pointed at"
    expect(caption).to_contain_text(fortune.effect[:40], timeout=2_000)
    assert fortune.name in caption.inner_text(), caption.inner_text()


def test_three_player_expert_game_against_the_computer_dark_and_phone(open_app, page, artifacts_dir, tmp_path):
    """Requirement: a 3-player expert game (the ghost holds two Memories) with two computer seats, seated from the
    New game form and loaded from a save of its last rounds, is played to the end by clicks, in the dark theme;
    the picture fits a 390 px phone screen.  Rule: nothing the page received over the whole game holds its seed
    (``assert_seed_never_reached_the_page``)."""
    frames = record_frames(page)
    page = open_game(open_app, APP, "theme=dark")
    page.set_viewport_size({"width": 1280, "height": 800})
    _start_late(page, {"Red": "human", "Blue": "computer", "Green": "computer"}, players=3, expert=True,
                seed=EXPERT_SEED, decisions=EXPERT_DECISIONS, path=tmp_path / "code_of_nine_expert.json")
    page.wait_for_selector(INTERACTIVE, state="visible")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    rgb = [int(x) for x in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert sum(rgb) < 3 * 128, background
    phone_done = False

    def on_step(page, clicks, now):
        nonlocal phone_done
        _ready(page)
        if not phone_done and "place an Action pawn" in now:
            _read_by_pointing(page)
            page.wait_for_timeout(100)
            page.screenshot(path=str(artifacts_dir / "code_of_nine_dark.png"))
            phone = phone_screen(page, artifacts_dir / "code_of_nine_phone.png")
            assert phone["right"] <= phone["width"] + 1, f"board wider than a 390 px screen: {phone}"
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(200)
            phone_done = True

    clicks = play_to_end(page, random.Random(11), MAX_CLICKS, on_step)
    end_text = page.locator(OUTCOME).inner_text()
    assert "Game over" in end_text and "the Ghost" in end_text, end_text
    assert "Blue" in page.locator(".ninekit-app .ninekit-log").inner_text()  # the computer played
    assert phone_done
    shot(page, artifacts_dir / "code_of_nine_dark_end.png")
    assert_seed_never_reached_the_page(page, frames)
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
    print(f"against the computer: {clicks} clicks")
