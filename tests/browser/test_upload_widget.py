"""The Load button (widgets/upload.py) in Chromium, in a tiny notebook that Voila renders from a temp dir.

Too-large files are refused in the page, before anything is sent (over the websocket's 10 MiB limit a
send would close the connection); the same Load button then still loads a small file, twice in a row.
"""

from __future__ import annotations

import pytest
from conftest import serve_probe

pytestmark = pytest.mark.browser

NOTEBOOK = "upload_probe.ipynb"
SOURCE = """\
import ipywidgets as w
from widgets.kernel import harden_comms
from widgets.upload import LoadButton

harden_comms()
result = w.HTML("nothing loaded yet").add_class("probe-result")
loads = []


def loaded(name, data):
    loads.append(name)
    result.value = f"load {len(loads)}: {name}, {len(data)} bytes"


loader = LoadButton(on_load=loaded)
w.VBox([loader, result])
"""
BUTTON = ".ninekit-load-button"
INPUT = ".ninekit-load-input"
NOTE = ".ninekit-load-message"
RESULT = ".probe-result"


@pytest.fixture(scope="module")
def upload_page_url(tmp_path_factory, artifacts_dir):
    """URL of the probe notebook, rendered by a Voila of its own on a temp dir."""
    root = tmp_path_factory.mktemp("upload_notebooks")
    with serve_probe(root, NOTEBOOK, SOURCE, artifacts_dir / "voila-upload.log") as url:
        yield url


def _choose(page, name: str, data: bytes) -> None:
    """Press Load like a person and pick a file in the dialog."""
    with page.expect_file_chooser() as chooser:
        page.click(BUTTON)
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": data})


_MADE_IN_PAGE = """([selector, name, size]) => {
  const input = document.querySelector(selector);
  const chosen = new DataTransfer();
  chosen.items.add(new File([new Uint8Array(size).fill(32)], name, {type: "application/json"}));
  input.files = chosen.files;
  input.dispatchEvent(new Event("change", {bubbles: true}));
}"""


def _choose_made_in_page(page, name: str, size: int) -> None:
    """Put a file of ``size`` spaces, made in the page, on the Load button's input as the browser's file dialog
    does (the same ``change`` event)."""
    page.evaluate(_MADE_IN_PAGE, [INPUT, name, size])


def test_too_large_files_are_refused_in_the_page_and_load_keeps_working(page, upload_page_url):
    """Load refuses files over the limit in the browser with a clear message, and keeps working afterwards."""
    from playwright.sync_api import expect

    response = page.goto(upload_page_url, wait_until="domcontentloaded")
    assert response is not None and response.ok
    button = page.locator(BUTTON)
    expect(button).to_be_visible(timeout=60_000)
    expect(button).to_have_text("Load")  # no counter, no icon
    assert page.locator(f"{BUTTON} i, {BUTTON} .fa").count() == 0

    # Over the save limit, chosen in the file dialog as a person does.
    _choose(page, "big.json", b" " * 1_500_000)
    expect(page.locator(NOTE)).to_have_text("That file is 1.5 MB; a ninekit save is at most 1 MB.")
    # Over the websocket's 10 MiB limit (sending it would close the connection), and under it but over the save
    # limit: files made in the page and put on the input as the dialog puts them (Playwright would carry 20 MB
    # of base64 through its pipe for nothing).
    _choose_made_in_page(page, "huge.json", 11_000_000)
    expect(page.locator(NOTE)).to_have_text("That file is 11 MB; a ninekit save is at most 1 MB.")
    _choose_made_in_page(page, "bigger.json", 9_500_000)
    expect(page.locator(NOTE)).to_have_text("That file is 9.5 MB; a ninekit save is at most 1 MB.")
    expect(page.locator(RESULT)).to_have_text("nothing loaded yet")

    # The connection is alive and Load still works, for the same file twice in a row (the input is reset).
    small = b'{"a": 1}'
    _choose(page, "small.json", small)
    expect(page.locator(RESULT)).to_have_text(f"load 1: small.json, {len(small)} bytes")
    expect(page.locator(NOTE)).to_have_text("")
    _choose(page, "small.json", small)
    expect(page.locator(RESULT)).to_have_text(f"load 2: small.json, {len(small)} bytes")
    assert page.evaluate(f"document.querySelector('{INPUT}').value") == ""
    assert page.ninekit_errors == []


def test_load_button_is_keyboard_reachable_with_a_visible_focus(page, upload_page_url):
    """The Load button is reached with Tab and shows a focus outline."""
    from playwright.sync_api import expect

    page.goto(upload_page_url, wait_until="domcontentloaded")
    button = page.locator(BUTTON)
    expect(button).to_be_visible(timeout=60_000)
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement && document.activeElement.matches('{BUTTON}')"):
            break
    else:
        pytest.fail("Tab never reached the Load button")
    outline = page.evaluate(f"getComputedStyle(document.querySelector('{BUTTON}')).outlineStyle")
    assert outline not in ("", "none")
