"""The static site's differences (widgets/browser.py), checked here by pretending to be in the browser.

In the static site Python runs in the visitor's browser (Pyodide): the app says so, work a moment leaves for
later waits for the kernel's event loop instead of a thread (there are none), a game in progress is not kept
for a reload, and widget messages keep their ``None`` values.  The real thing runs in
tests/browser/test_static_site.py.
"""

from __future__ import annotations

import html
import random

import pytest
from shell_driver import all_widgets, click_once

import widgets.shell.common as shell_common
from widgets import GameApp
from widgets.browser import IN_BROWSER_NOTE, _nulls_for_js, keep_nulls
from widgets.resume import ResumeStore


@pytest.fixture
def in_browser(monkeypatch):
    """Make the app believe it runs in the browser; collect what it hands to the event loop."""
    queued = []
    monkeypatch.setattr(shell_common, "IN_BROWSER", True)  # every part of the shell reads them there
    monkeypatch.setattr(shell_common, "run_later", queued.append)
    return queued


def _texts(app) -> str:
    """Every text the app's widgets show, unescaped."""
    return html.unescape("\n".join(str(getattr(w, "value", "")) for w in all_widgets(app)))


def test_the_app_says_the_game_runs_in_the_browser(in_browser):
    """Requirement: the site says plainly that secrets are hidden from the screen, not from the developer tools."""
    app = GameApp("nine_knights", seats=["human", "computer"], seed=1)
    assert IN_BROWSER_NOTE in _texts(app)
    assert "hidden from the screen, not from the browser's developer tools" in IN_BROWSER_NOTE


def test_outside_the_browser_the_app_says_nothing_of_it():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=1)
    assert "runs in your own browser" not in _texts(app)


def test_background_work_waits_for_the_event_loop_not_a_thread(in_browser):
    """No threads in the browser: a moment's "later" is queued, and its update shows once it runs."""
    app = GameApp("nine_knights", seats=["human", "computer"], seed=1)
    applied = []
    app._start_later({"later": lambda: {"best": 9}}, lambda update: applied.append(update) or False)
    assert len(in_browser) == 1 and applied == [] and app.wait_background(0)
    in_browser[0]()
    assert applied == [{"best": 9}]


def test_a_game_in_progress_is_not_kept_but_leaving_still_asks(in_browser, tmp_path):
    """In the browser a kept game would live in the page's memory, gone on reload: none is kept."""
    store = ResumeStore(tmp_path / "games")
    app = GameApp("nine_knights", seats=["human", "computer"], resume="nine_knights", resume_store=store, seed=2)
    app._got_token(None)
    rng = random.Random(1)
    for _ in range(4):
        click_once(app, rng)
    assert app._token is None and not list((tmp_path / "games").glob("*.json"))
    assert app._resume_link.guard_leave


def test_none_becomes_the_null_the_browser_needs():
    """A widget message's None values (e.g. layout.display = None: show it again) are kept, at any depth."""
    null = object()
    data = {"state": {"layout": None, "display": None, "items": [1, None, {"x": None}]}, "buffer_paths": []}
    assert _nulls_for_js(data, null) == {
        "state": {"layout": null, "display": null, "items": [1, null, {"x": null}]}, "buffer_paths": []}
    assert keep_nulls() is False  # not in the browser: nothing patched


def test_the_after_game_search_holds_the_page_briefly_and_says_how_far_it_looked(monkeypatch):
    """In the browser the best-line search runs on the page's only thread, so nothing the player clicks is
    answered meanwhile (a 5-round search took up to 14 s in CPython): it deepens round by round and stops
    before a cap likely to take longer than BROWSER_SEARCH_SECONDS, and the words name the cap it reached."""
    import ninekit.count_of_nine.best as c9

    monkeypatch.setattr(c9, "IN_BROWSER", True)
    monkeypatch.setattr(c9, "BROWSER_SEARCH_SECONDS", 0.0)  # any round's search is "too long" for the next
    deal = ("8r", "1r", "6", "9", "4", "5r", "3", "7r")  # seed 1's first game
    search = c9.BestSearch("Cathedral", deal, 5)
    score, moves = search.result()
    assert search.rounds == 1 and search.max_rounds == 5
    assert "within 1 rounds" in c9.best_words(score, None, search.rounds)
    deeper = c9.BestSearch("Cathedral", deal, 3)
    monkeypatch.setattr(c9, "BROWSER_SEARCH_SECONDS", 1e9)  # every cap quick enough: it searches them all
    assert deeper.result()[0] >= score and deeper.rounds == 3
