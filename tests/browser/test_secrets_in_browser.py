"""What reaches a player's browser never gives away the seed (and so never the hidden cards).

The rule is checked on everything the page receives: the DOM, and every websocket frame the kernel sends
(the widget models, their updates, any output), over a game played by clicks.  The seed is learned only
afterwards, by pressing Save and confirming the warning (the save is the whole record and holds it), and
must not appear before that in any form a person could read.  The widget-level twin of this test, for
every game, is tests/test_secrets.py.
"""

from __future__ import annotations

import base64
import json
import random

import pytest
from appdriver import click_like_a_person, open_game

import ninekit

pytestmark = pytest.mark.browser


def _record_frames(page) -> list[str]:
    frames: list[str] = []

    def on_socket(ws):
        def on_frame(payload):
            if isinstance(payload, (bytes, bytearray)):
                payload = bytes(payload).decode("utf-8", errors="replace")
            frames.append(payload)

        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return frames


def _seed_from_save(page) -> tuple[int, str]:
    """Press Save once: the file downloads at once (the note beside the button says what it holds)."""
    toolbar = page.locator(".ninekit-app .ninekit-toolbar")
    note = toolbar.locator(".ninekit-save-note").inner_text()
    assert "every seat's secrets" in note or "holds the deal" in note, note  # a one-player game: the deal
    with page.expect_download() as info:
        toolbar.get_by_role("button", name="Save").click()
    download = info.value
    name = download.suggested_filename
    assert name.endswith(".json")
    with open(download.path(), encoding="utf-8") as handle:
        return json.load(handle)["seed"], name


@pytest.mark.parametrize("app", [f"apps/{name}.ipynb" for name in ninekit.games()])
def test_the_seed_never_reaches_the_page(open_app, page, app):
    """Rule: no seed in the page, the file name, the log or any widget state of a game with hidden information."""
    frames = _record_frames(page)
    page = open_game(open_app, app)
    rng = random.Random(5)
    for _ in range(12):
        if click_like_a_person(page, rng) is None:
            break
    seen_frames = "\n".join(frames)
    seen_dom = page.content() + page.locator("body").inner_text()
    assert seen_frames, "no websocket frames were recorded"
    seed, name = _seed_from_save(page)
    assert str(seed) not in name
    for form in (str(seed), f"{seed:x}", base64.b64encode(str(seed).encode()).decode().rstrip("=")):
        assert form not in seen_dom, f"the seed ({form}) is in the page"
        assert form not in seen_frames, f"the seed ({form}) was sent to the browser"
    assert not page.ninekit_errors, "errors in the page:\n" + "\n".join(page.ninekit_errors)
