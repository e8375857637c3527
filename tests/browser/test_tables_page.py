"""Tables across screens in Chromium (issue 28 items 1, 3 and 5): two Voila servers, started as ``make play`` starts
them, share one PostgreSQL (a throwaway cluster); Ada opens a Double Nine table on the first, Ben joins it on the
second with the link, and they play by clicking.  Every move clicked on one page shows on the other (how fast:
benchmarks/tables.py, not a timed test); neither page's DOM nor any websocket frame it received ever holds a card
of the other hand that its own view does not show; a reload puts Ben back in his seat.  Then Ben resigns (a whole
game to its end by the rules is played at a shared table in tests/test_table_screen.py): both pages say so, and
Ada's page shows Ben's hand."""

from __future__ import annotations

import json
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from appdriver import INTERACTIVE, NOTEBOOKS, click_like_a_person, start_voila, stop_voila, watch_errors
from postgres_cluster import postgres_cluster

from ninekit.tables import TableStore

pytestmark = pytest.mark.browser

def _moves_shown(page) -> int:
    return page.locator(".ninekit-log li:not(.nk-event)").count()


def _frames(page) -> list[str]:
    """Every websocket frame ``page`` receives from now on (text frames only)."""
    got: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: got.append(
        frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))))
    return got


def _hidden(state, seat: int) -> set[str]:
    """The cards of the other hand that ``seat``'s view does not show anywhere."""
    shown = json.dumps(state.view(seat))
    return {name for name in state.view(1 - seat)["hand"] if name not in shown}


def _leaks(text: str, names: set[str]) -> list[str]:
    """The card names drawn as a card in ``text``: its title, "7 Medusa" in a stack or a hand, or its board id."""
    return [name for name in names
            if re.search(rf">\s*(?:\d\s+)?{re.escape(name)}\s*<|card:{re.escape(name)}\b", text)]


@pytest.fixture
def two_servers(tmp_path, monkeypatch):
    with postgres_cluster() as url:
        monkeypatch.setenv("NINEKIT_TABLES", url)
        monkeypatch.setenv("NINEKIT_ROOM_KEY", "a-room-key-for-tests")
        servers = []
        try:
            with ThreadPoolExecutor(2) as starting:  # both at once: each waits on its own kernel machinery
                started = [starting.submit(start_voila, NOTEBOOKS, tmp_path / f"voila-{name}.log",
                                           extra_args=("--pool_size=0",)) for name in ("a", "b")]
                for future in started:
                    servers.append(future.result())
            yield url, [base for base, _proc in servers]
        finally:
            for _base, proc in servers:
                stop_voila(proc)


MOVES = 10  # clicked before Ben resigns (Ben reloads after the sixth)


def test_two_players_on_two_servers_sharing_postgresql_play_then_one_resigns(two_servers, browser, artifacts_dir):
    url, (server_a, server_b) = two_servers
    store = TableStore(url)
    ada_context = browser.new_context(viewport={"width": 1280, "height": 800})
    ben_context = browser.new_context(viewport={"width": 1280, "height": 800})
    ada, ben = ada_context.new_page(), ben_context.new_page()
    errors = watch_errors(ada) + watch_errors(ben)
    frames = {"ada": _frames(ada), "ben": _frames(ben)}

    ada.goto(f"{server_a}/voila/render/tables.ipynb")
    ada.wait_for_selector(".ninekit-separate", timeout=90_000)
    ada.locator(".ninekit-new-game select").first.select_option(label="Double Nine")
    ada.wait_for_selector(".ninekit-new-game select >> nth=0", timeout=10_000)
    ada.locator(".ninekit-join-name input").fill("Ada")
    ada.wait_for_function("document.querySelector('.ninekit-join-name input').value === 'Ada'")
    time.sleep(0.5)  # the name reaches the kernel
    ada.locator(".ninekit-separate").click()
    ada.wait_for_selector(".nk-table-code", timeout=30_000)
    code = ada.locator(".nk-table-code").first.inner_text().replace("-", "")
    link = ada.locator(".nk-table-join-link").first.get_attribute("href")
    assert link.endswith(f"tables.ipynb#join={code}")

    ben.goto(f"{server_b}/voila/render/{link}")
    ben.wait_for_selector(".ninekit-sit", timeout=90_000)
    ben.locator(".ninekit-join-name input").fill("Ben")
    time.sleep(0.5)
    ben.locator(".ninekit-sit").first.click()
    ben.wait_for_selector(".ninekit-table-bar", timeout=30_000)
    ada.wait_for_selector(".nk-table-seat >> text=Ben", timeout=5_000)  # Ada sees Ben sit down

    [table] = store.tables()
    pages = {0: ("ada", ada), 1: ("ben", ben)}
    rng = random.Random(7)
    moves, checked, reloaded = 0, 0, False
    for _step in range(MOVES + 1):
        state = store._replayed(store._table(table["id"]))
        for seat, (name, page) in pages.items():
            hidden = _hidden(state, seat) if not state.is_over else set()
            checked += len(hidden)
            seen = page.content() + "\n".join(frames[name])
            frames[name].clear()
            assert not _leaks(seen, hidden), f"{name}'s page holds the other hand: {_leaks(seen, hidden)}"
        if state.is_over or moves == MOVES:
            break
        name, mover = pages[state.to_move]
        other = pages[1 - state.to_move][1]
        mover.wait_for_selector(INTERACTIVE, timeout=15_000)
        before = _moves_shown(other)
        assert click_like_a_person(mover, rng) is not None, f"{name}'s page offered nothing"
        other.wait_for_function(f"document.querySelectorAll('.ninekit-log li:not(.nk-event)').length > {before}",
                                timeout=10_000)
        moves += 1
        if not reloaded and moves == 6:  # Ben reloads mid-game: back in his seat, no Sit button
            reloaded = True
            ben.reload()
            ben.wait_for_selector(".nk-seat-mine >> text=Ben (you)", timeout=60_000)
            assert ben.locator(".ninekit-sit").count() == 0

    bens_hand = _hidden(state, 0)
    ben.locator(".ninekit-table-resign").click()
    ben.locator(".ninekit-table-confirm button >> text=Yes, resign").click()
    for _name, page in pages.values():
        page.wait_for_selector(".ninekit-outcome >> text=Player 2 resigned", timeout=10_000)
        assert page.locator(".ninekit-app .ninekit-board [data-id].legal").count() == 0
    ada.wait_for_function("names => names.every(n => document.body.innerText.includes(n))", arg=sorted(bens_hand),
                          timeout=5_000)  # every secret shown at the end
    ada.screenshot(path=str(artifacts_dir / "tables-ada-end.png"))
    ben.screenshot(path=str(artifacts_dir / "tables-ben-end.png"))
    assert checked > 10, "no hidden card was ever checked: the test proved nothing"
    assert not [e for e in errors if "Cannot send" not in e], errors
