"""The apps feel like a game: layout, titles, clear moments, direct handling and nothing lost on reload.

Each test opens an app in Voila, plays by clicking as a person would, checks what the page shows, and
leaves a screenshot in tests/browser/artifacts/ (looked at by a person when the layout changes).
"""

from __future__ import annotations

import random
import re

import pytest
from appdriver import (
    CHOICES,
    LEGAL,
    MESSAGE,
    NEXT,
    OUTCOME,
    RESUME,
    STATUS,
    click_like_a_person,
    nine_knights_first_attack,
    open_game,
    press_start,
    set_seats,
    settle,
    signature,
    status,
    wait_for_a_choice,
    wait_until,
)

import ninekit
from ninekit.core import random_playout
from widgets.resume import STORAGE_PREFIX, ResumeStore

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
APPS = ["apps/nine_knights.ipynb", "apps/double_nine.ipynb"]
LOG_MOVES = ".ninekit-app .ninekit-log li:not(.nk-event)"
BOARD_SVG = ".ninekit-app .ninekit-board svg"


def _box(page, selector: str) -> dict:
    """The bounding box (CSS px, relative to the viewport) of the first visible match of ``selector``."""
    for item in page.locator(selector).all():
        if item.is_visible():
            return item.bounding_box()
    raise AssertionError(f"nothing visible matches {selector}")


def _first_decision(page) -> str:
    """The selector of what the current decision needs: a highlighted board item, else the choice buttons."""
    return LEGAL if page.locator(LEGAL).count() else CHOICES


def _top_of_page(page) -> None:
    page.evaluate("() => { for (const el of document.querySelectorAll('*')) el.scrollTop = 0; window.scrollTo(0, 0); }")


@pytest.mark.parametrize("app", APPS)
def test_laptop_layout_side_by_side_then_phone_layout_stacked(open_app, page, app, artifacts_dir):
    """At 1280x800 the board is on the left, the side panel on the right, and the whole board, the prompt and
    the current decision's controls are inside the viewport without scrolling.  The same page at 390 px stacks
    the parts: the prompt right above the board, the choices right below it, and the board fits the width."""
    page.set_viewport_size(LAPTOP)
    page = open_game(open_app, app)
    _top_of_page(page)
    board, prompt = _box(page, BOARD_SVG), _box(page, STATUS)
    assert board["x"] + board["width"] <= prompt["x"] + 1, "the prompt is not beside the board"
    assert board["y"] + board["height"] <= LAPTOP["height"], f"the board is cut off below the fold: {board}"
    assert prompt["y"] + prompt["height"] <= LAPTOP["height"]
    selector = _first_decision(page)
    for item in page.locator(selector).all():
        if item.is_visible():
            box = item.bounding_box()
            assert box["y"] + box["height"] <= LAPTOP["height"], f"a control of the decision is below the fold: {box}"
    toolbar = _box(page, ".ninekit-app .ninekit-toolbar")
    assert toolbar["y"] + toolbar["height"] <= LAPTOP["height"], "Undo/Save/Load are below the fold"
    page.screenshot(path=str(artifacts_dir / f"{app.split('/')[1][:-6]}_laptop.png"))

    page.set_viewport_size(PHONE)  # the same page turned into a phone's: the layout follows the width
    page.wait_for_function("(w) => Array.from(document.querySelectorAll('.ninekit-app .ninekit-board svg')).some("
                           "(svg) => { const r = svg.getBoundingClientRect(); return r.width > 0 && r.width <= w; })",
                           arg=PHONE["width"])
    _top_of_page(page)
    prompt, board = _box(page, STATUS), _box(page, BOARD_SVG)
    assert prompt["y"] + prompt["height"] <= board["y"] + 1, "the prompt is not above the board"
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"] + 1, f"the board overflows: {board}"
    assert board["width"] >= PHONE["width"] * 0.85, f"the board does not use the phone's width: {board}"
    if page.locator(CHOICES).first.is_visible():
        choices = _box(page, CHOICES)
        assert choices["y"] >= board["y"] + board["height"] - 1, "the choices are not right below the board"
    page.screenshot(path=str(artifacts_dir / f"{app.split('/')[1][:-6]}_phone.png"), full_page=True)


def test_titles_follow_the_game_and_the_seats(open_app, page):
    """The page title, the intro line and the tab title say which game is played and by whom.  Rulebook: the
    first player is chosen at random; the app seats a lone human South or North by chance (the form's default)."""
    from playwright.sync_api import expect

    page = open_game(open_app, "apps/nine_knights.ipynb")
    header = page.locator(".ninekit-app .ninekit-header")
    assert header.locator("h2").inner_text().endswith("Nine Knights")
    assert re.match(r"Nine Knights – you play (South|North) · ninekit$", page.title()), page.title()
    assert re.search(r"You play (South|North) against the computer", header.inner_text())
    assert set_seats(page, {"South": "human", "North": "human"}), "a lone human is not seated at random"  # hot-seat
    text = header.inner_text()
    assert "You play" not in text and "South and North share this screen" in text, text
    assert page.title() == "Nine Knights – 2 players at one screen · ninekit"
    # Another game from the same page: the titles follow it.
    page.locator(".ninekit-app .ninekit-new-game-panel").get_by_text("New game", exact=True).click()
    form = page.locator(".ninekit-app .ninekit-new-game")
    form.get_by_label("Game").select_option(label="Double Nine")
    form.get_by_label("Players", exact=True).wait_for()  # the form was rebuilt for Double Nine (2-4 players)
    press_start(page)
    expect(header.locator("h2")).to_have_text(re.compile(r"Double Nine$"), timeout=15_000)
    assert page.title().startswith("Double Nine – ")
    assert "Knight" not in header.inner_text()


def test_dark_theme_carries_over_from_the_gallery(open_app, page, artifacts_dir):
    """A gallery opened with ?theme=dark opens the game in the dark theme too (and back).  The gallery and the
    app, as served, show no errors and no source code (``open_app`` checks that the code cells came without
    their input) and name no CDN (nothing asked of other hosts: the ``page`` fixture checks that after each
    test)."""
    page = open_app("index.ipynb", "theme=dark")
    assert "Nine Knights" in page.inner_text("body") and "import " not in page.inner_text("body")
    assert "cdn.jsdelivr.net" not in page.content()
    page.screenshot(path=str(artifacts_dir / "gallery_dark.png"), full_page=True)
    page.locator("a.nk-card-play[href='apps/nine_knights.ipynb']").click()
    page.wait_for_url(re.compile(r"apps/nine_knights\.ipynb\?theme=dark"))
    page.wait_for_selector(".ninekit-app", state="visible")
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false", "the app is not in the dark theme"
    assert page.evaluate("() => document.body.dataset.jpThemeName") == "JupyterLab Dark"
    assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0, "the app shows its source code"
    assert "import " not in page.inner_text("body") and "cdn.jsdelivr.net" not in page.content()
    page.locator(".ninekit-app a.ninekit-home").click()
    page.wait_for_url(re.compile(r"index\.ipynb\?theme=dark"))
    page.screenshot(path=str(artifacts_dir / "gallery_dark_back.png"))
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)


def _play(page, clicks: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(clicks):
        assert click_like_a_person(page, rng) is not None


def _log_count(page) -> int:
    return page.locator(LOG_MOVES).count()


def test_save_in_one_click_and_load_with_counts_that_agree(open_app, page, artifacts_dir, tmp_path):
    """Save downloads at once (the secrets note beside it); the file name, the load message and the log count
    the same moves; Load has a plain label and shows its errors next to it in players' words."""
    page = open_game(open_app, "apps/double_nine.ipynb")
    _play(page, 6)
    # The human's decision again: the computer's reply (if the last click ended the turn) is in the log, not on
    # its way (on a busy machine it came between the count and Save: 10 moves saved, 9 counted).
    assert wait_for_a_choice(page, timeout_ms=30_000), f"no decision offered; status {status(page)!r}"
    moves = _log_count(page)
    toolbar = page.locator(".ninekit-app .ninekit-toolbar")
    assert toolbar.get_by_role("button", name="Load").inner_text().strip() == "Load"
    assert "every seat's secrets" in toolbar.locator(".ninekit-save-note").inner_text()
    with page.expect_download() as info:
        toolbar.get_by_role("button", name="Save").click()
    download = info.value
    assert download.suggested_filename == f"double-nine-{moves}-moves.json"
    saved = tmp_path / "game.json"
    download.save_as(saved)
    assert ninekit.load(saved.read_text())
    # A new game, then the file back: the message and the log count the same moves.
    page.locator(".ninekit-app .ninekit-new-game-panel").get_by_text("New game", exact=True).click()
    press_start(page)
    before = signature(page)
    toolbar.locator("input[type=file]").set_input_files(str(saved))
    assert settle(page, before) == "changed"
    assert f"({moves} moves played)" in page.locator(MESSAGE).inner_text()
    assert _log_count(page) == moves
    # A damaged file: refused next to the button, in players' words, and the game stays.
    bad = tmp_path / "bad.json"
    bad.write_text(saved.read_text().replace('"moves"', '"moevs"'))
    before = signature(page)
    toolbar.locator("input[type=file]").set_input_files(str(bad))
    settle(page, before)
    note = toolbar.inner_text()
    assert "not a saved game" in note and "Load takes a file that Save made, named like double-nine-" in note, note
    assert "moevs" not in page.locator(".ninekit-app").inner_text(), "developer detail reached the page"
    assert _log_count(page) == moves
    page.screenshot(path=str(artifacts_dir / "save_load.png"))


def test_the_game_survives_a_reload_and_is_offered_back(open_app, page, artifacts_dir):
    """Leaving mid-game asks first; after a reload "Resume your game?" brings the same game back; the browser
    keeps only a random token, never the game."""
    from playwright.sync_api import expect

    page = open_game(open_app, "apps/double_nine.ipynb")
    _play(page, 5)
    # The human's decision again before counting: the computer's reply is in the log, not on its way (on a busy
    # machine it came between the count and the reload: 8 moves kept, 7 counted).
    assert wait_for_a_choice(page, timeout_ms=30_000), f"no decision offered; status {status(page)!r}"
    moves, log_text = _log_count(page), page.locator(".ninekit-app .ninekit-log").inner_text()
    assert moves > 0
    stored = page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    assert len(stored) < 200 and "seed" not in stored and "moves" not in stored, stored
    # The server noted whose page the kernel serves: the game is kept under a token issued for this client.
    token = page.evaluate("(key) => localStorage.getItem(key)", STORAGE_PREFIX + "double_nine")
    store = ResumeStore()
    assert store.issued_for(token, "127.0.0.1") and store.get(token) is not None, "not kept for its client"
    dialogs = []

    def on_dialog(dialog):
        dialogs.append(dialog.type)
        dialog.accept()

    page.on("dialog", on_dialog)
    page.reload(wait_until="domcontentloaded")
    assert "beforeunload" in dialogs, "leaving mid-game did not ask first"
    page.wait_for_selector(RESUME, state="visible")
    offer = page.locator(RESUME).inner_text()
    assert "Resume your game?" in offer and f"{moves} moves played" in offer, offer
    page.screenshot(path=str(artifacts_dir / "resume_offer.png"))
    before = signature(page)
    page.locator(RESUME).get_by_role("button", name="Resume").click()
    settle(page, before)
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n", arg=[LOG_MOVES, moves],
                           timeout=10_000)
    # The rest of the resumed screen may reach a busy page in a later update: wait for it.
    expect(page.locator(RESUME)).to_be_hidden(timeout=30_000)
    expect(page.locator(MESSAGE)).to_contain_text("Welcome back", timeout=30_000)
    shown = page.locator(".ninekit-app .ninekit-log").inner_text()
    for line in log_text.splitlines():
        if line.strip():
            assert line in shown, f"the resumed log lost {line!r}"


def test_double_nine_stops_between_games_until_next_game(open_app, page, artifacts_dir):
    """When a game of the match ends, the final boards stay with a result panel (each number, who takes the
    victory token and why) until "Next game" is pressed."""
    page = open_game(open_app, "apps/double_nine.ipynb")
    rng = random.Random(11)
    for _ in range(300):
        if page.locator(NEXT).is_visible() or page.locator(OUTCOME).is_visible():
            break
        assert click_like_a_person(page, rng) is not None
    assert page.locator(NEXT).is_visible(), "the first game ended without a pause"
    panel = page.locator(".ninekit-app .ninekit-interlude").inner_text()
    assert "victory token" in panel and "Game 1" in status(page), (status(page), panel)
    assert not page.locator(LEGAL).count(), "the final boards must not be playable"
    page.screenshot(path=str(artifacts_dir / "double_nine_between_games.png"))
    page.wait_for_timeout(500)
    assert page.locator(NEXT).is_visible(), "the pause went by without the players"
    before = signature(page)
    page.locator(NEXT).click()
    settle(page, before)
    assert not page.locator(NEXT).is_visible()
    assert "Game 2" in page.locator(".ninekit-app .ninekit-board").inner_text()


def _finished_save(name: str, seed: int) -> str:
    state = ninekit.make(name).new(seed)
    end = random_playout(state, random.Random(seed))
    return end.to_json()


@pytest.mark.parametrize("name", ["nine_knights", "double_nine"])
def test_every_secret_is_shown_at_game_end(open_app, page, name, artifacts_dir, tmp_path):
    """At game end the final board shows every secret (Hidden Tokens, hands, Knights' numbers)."""
    page = open_game(open_app, f"apps/{name}.ipynb")
    save = tmp_path / "end.json"
    save.write_text(_finished_save(name, 4))
    before = signature(page)
    page.locator(".ninekit-app .ninekit-toolbar input[type=file]").set_input_files(str(save))
    settle(page, before)
    page.wait_for_selector(OUTCOME, state="visible")
    state = ninekit.load(save.read_text())
    view = state.view(None)
    board = page.locator(".ninekit-app .ninekit-board").inner_html()
    if name == "nine_knights":
        assert all(v is not None for v in view["hidden_tokens"])
        for token in view["hidden_tokens"]:
            assert f"{token}" in page.locator(".ninekit-app .ninekit-board").inner_text()
        assert "?" not in page.locator(".ninekit-app .ninekit-board").inner_text(), "a secret number is still hidden"
    else:
        text = page.locator(".ninekit-app .ninekit-board").inner_text()
        for hand in view["hands"]:
            for card in hand:
                assert card in text, f"{card} (left in a hand) is not shown at the end"
        for card in view["removed"]:
            assert card in text, f"{card} (removed face down) is not shown at the end"
    assert board
    page.screenshot(path=str(artifacts_dir / f"{name}_end_revealed.png"))


def _load(page, tmp_path, text: str) -> None:
    path = tmp_path / "position.json"
    path.write_text(text)
    before = signature(page)
    page.locator(".ninekit-app .ninekit-toolbar input[type=file]").set_input_files(str(path))
    assert settle(page, before) == "changed"


def _click(page, selector: str, prompt_shows: str | re.Pattern | None = None) -> None:
    """Click the first visible match of ``selector`` and wait for the app to change; with ``prompt_shows``, also
    wait until the prompt shows that text (on a busy machine one click's update can reach the page in parts)."""
    from playwright.sync_api import expect

    before = signature(page)
    items = [item for item in page.locator(selector).all() if item.is_visible()]
    assert items, f"nothing visible to click: {selector}"
    items[0].click()
    assert settle(page, before) == "changed", f"clicking {selector} changed nothing"
    if prompt_shows is not None:
        expect(page.locator(STATUS), f"after clicking {selector}").to_contain_text(prompt_shows, timeout=30_000)


def _chosen(page) -> str | None:
    """The data-id of the piece or card drawn as chosen (put back by clicking it), if any."""
    for item in page.locator(".ninekit-app .ninekit-board .nk-switch.legal").all():
        chosen = "nk9-chosen" in (item.get_attribute("class") or "").split()
        chosen = chosen or "put back" in (item.get_attribute("aria-label") or "").lower()
        if chosen and item.is_visible():
            return item.get_attribute("data-id")
    return None


def _nine_knights_save(step: str, seed: int = 5) -> str:
    """A Nine Knights save where South (seat 0) must make a decision of kind ``step`` next."""
    rng = random.Random(seed)
    state = ninekit.make("nine_knights").new(seed)
    while not (state.to_move == 0 and state.position.step[0] == step):
        assert not state.is_over
        state = state.play(rng.choice(state.legal_moves()))
    return state.to_json()


def _seat(page, south: str = "human", north: str = "computer") -> None:
    set_seats(page, {"South": south, "North": north})


def test_nine_knights_waiting_area_knights_are_clicked_and_the_selection_switches(open_app, page, artifacts_dir,
                                                                                   tmp_path):
    """Waiting Knights are drawn and clicked for placement; clicking another own Knight switches the selection,
    clicking the chosen one puts it back; the same for a Knight on the board in the Movement Phase."""
    page = open_game(open_app, "apps/nine_knights.ipynb")
    _seat(page)
    _load(page, tmp_path, _nine_knights_save("pick"))
    waiting = ".ninekit-app .ninekit-board [data-id^='wait-S'].legal"
    assert page.locator(waiting).count() >= 2, "South's waiting Knights are not drawn as choices"
    assert not page.locator(CHOICES).first.is_visible(), "placement is still offered as buttons"
    first = page.locator(waiting).first.get_attribute("data-id")
    _click(page, f".ninekit-app .ninekit-board [data-id='{first}']", "choose a field")
    assert wait_until(lambda: _chosen(page) == first, 30)
    switch = [item.get_attribute("data-id") for item in page.locator(waiting).all()
              if item.get_attribute("data-id") != first]
    _click(page, f".ninekit-app .ninekit-board [data-id='{switch[0]}']", "choose a field")
    assert wait_until(lambda: _chosen(page) == switch[0], 30), "the selection did not switch"
    page.screenshot(path=str(artifacts_dir / "nine_knights_waiting_switch.png"))
    _click(page, f".ninekit-app .ninekit-board [data-id='{switch[0]}']", "choose a Knight from your Waiting Area")
    assert not page.locator(MESSAGE).inner_text().strip()
    # Movement: select a Knight, switch to another, put it back.
    _load(page, tmp_path, _nine_knights_save("select"))
    knights = [item.get_attribute("data-id") for item in page.locator(LEGAL).all()]
    assert len(knights) >= 2
    _click(page, f".ninekit-app .ninekit-board [data-id='{knights[0]}']", knights[0])
    assert "moves" in status(page)
    _click(page, f".ninekit-app .ninekit-board [data-id='{knights[1]}']", knights[1])  # the selection switched
    page.screenshot(path=str(artifacts_dir / "nine_knights_select_switch.png"))
    _click(page, f".ninekit-app .ninekit-board [data-id='{knights[1]}']", "choose a Knight to move")


def test_double_nine_a_chosen_card_switches_or_goes_back_to_the_hand(open_app, page, artifacts_dir, tmp_path):
    """Clicking the other hand card while one is chosen switches to it; clicking the chosen card puts it back."""
    from playwright.sync_api import expect

    page = open_game(open_app, "apps/double_nine.ipynb")
    _load(page, tmp_path, ninekit.make("double_nine").new(2).to_json())  # Player 1 holds Fallen Angel and Clown
    # Two copies of one card share a data-id: count each card once.
    cards = list(dict.fromkeys(item.get_attribute("data-id")
                               for item in page.locator(f"{LEGAL}[data-id^='card:']").all()))
    assert len(cards) == 2, cards
    log_before = _log_count(page)
    _click(page, f".ninekit-app .ninekit-board [data-id='{cards[0]}']", re.compile("site", re.IGNORECASE))
    _click(page, f".ninekit-app .ninekit-board [data-id='{cards[1]}']", re.compile("site", re.IGNORECASE))
    last_line_names = re.compile(re.escape(cards[1].split(":", 1)[1]) + r"[^\n]*$")  # the log's last line
    expect(page.locator(".ninekit-app .ninekit-log")).to_have_text(last_line_names, use_inner_text=True, timeout=30_000)
    page.screenshot(path=str(artifacts_dir / "double_nine_switch_card.png"))
    _click(page, f".ninekit-app .ninekit-board [data-id='{cards[1]}']", "choose a card")  # back in the hand
    assert _log_count(page) == log_before


def test_nine_knights_fight_result_banner_on_the_board(open_app, page, artifacts_dir, tmp_path):
    """A fight shows a banner on the board: where, which numbers, which rule decided, who falls."""
    from playwright.sync_api import expect

    save, square, target = nine_knights_first_attack(south_next=True)  # decided at once: no Hidden Token question
    page = open_game(open_app, "apps/nine_knights.ipynb")
    _seat(page)
    _load(page, tmp_path, save)
    board_picture = page.locator(".ninekit-app .ninekit-board")
    _click(page, f".ninekit-app .ninekit-board [data-id='{square}']")
    # On a busy machine one update can reach the page in parts: wait for the target to be offered, then the fight.
    page.wait_for_selector(f".ninekit-app .ninekit-board [data-id='{target}'].legal", state="visible")
    _click(page, f".ninekit-app .ninekit-board [data-id='{target}']")
    expect(board_picture).to_contain_text(f"Fight on {target}", timeout=30_000)
    board = " ".join(board_picture.inner_text().split())
    assert re.search(r"Knight \d beats .*Knight \d|equal numbers|1 beats 9", board), board
    assert "falls" in board or "defects" in board or "joins" in board, board
    page.screenshot(path=str(artifacts_dir / "nine_knights_fight_banner.png"))
