"""The Save button (widgets/save.py) and the resume link (widgets/resume.py) in Chromium.

One probe notebook, rendered by a Voila of its own from a temp dir: a SaveButton whose provider returns a
known text, and a ResumeLink whose token the probe shows in an HTML widget (when the page has no token
the probe remembers a fixed one, as an app would remember a new one).  A checkbox linked to
``guard_leave`` turns the leave guard on and off.
"""

from __future__ import annotations

import pytest
from appdriver import kernel_alive, kernel_id_of, wait_until
from conftest import serve_probe

pytestmark = pytest.mark.browser

NOTEBOOK = "save_resume_probe.ipynb"
TOKEN = "abcdefghijklmnopqrstuvwx"
TEXT = '{"format": 1, "game": "probe", "note": "é ✓"}\n'
SOURCE = f"""\
import ipywidgets as w
from widgets.kernel import harden_comms
from widgets.resume import ResumeLink
from widgets.save import SaveButton

harden_comms()
presses = w.HTML("presses: 0").add_class("probe-presses")
count = [0]


def provide():
    count[0] += 1
    presses.value = f"presses: {{count[0]}}"
    return "probe-game.json", {TEXT!r}


saver = SaveButton(provider=provide, note="The file holds every seat's secrets.")
shown = w.HTML("no token yet").add_class("probe-token")
link = ResumeLink(key="probe")


def got_token(token):
    shown.value = f"token: {{token}}"
    if token is None:
        link.remember({TOKEN!r})


link.on_token(got_token)
guard = w.Checkbox(description="guard", value=False).add_class("probe-guard")
w.link((guard, "value"), (link, "guard_leave"))
w.VBox([saver, presses, shown, guard, link])
"""
BUTTON = ".ninekit-save-button"
NOTE = ".ninekit-save-note"
SHOWN = ".probe-token"
PRESSES = ".probe-presses"
GUARD = ".probe-guard input[type=checkbox]"
STORAGE_KEY = "ninekit-resume:probe"
DISPATCH_BEFOREUNLOAD = """() => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


@pytest.fixture(scope="module")
def probe_url(tmp_path_factory, artifacts_dir):
    """URL of the probe notebook, rendered by a Voila of its own on a temp dir."""
    root = tmp_path_factory.mktemp("save_resume_notebooks")
    with serve_probe(root, NOTEBOOK, SOURCE, artifacts_dir / "voila-save-resume.log") as url:
        yield url


def _open(page, url):
    from playwright.sync_api import expect

    response = page.goto(url, wait_until="domcontentloaded")
    assert response is not None and response.ok
    expect(page.locator(SHOWN)).to_have_text("token: None", timeout=60_000)
    return page


def test_one_click_on_save_downloads_the_providers_text(page, probe_url):
    """Save is a real, labelled button with its note; one click downloads exactly one file, the provider's text."""
    from playwright.sync_api import expect

    _open(page, probe_url)
    button = page.locator(BUTTON)
    expect(button).to_have_text("Save")
    assert button.evaluate("b => b.tagName") == "BUTTON"
    assert "widget-button" in (button.get_attribute("class") or "")
    expect(page.locator(NOTE)).to_have_text("The file holds every seat's secrets.")
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    with page.expect_download() as info:
        button.click()
    download = info.value
    assert download.suggested_filename == "probe-game.json"
    with open(download.path(), encoding="utf-8") as f:
        assert f.read() == TEXT
    expect(page.locator(PRESSES)).to_have_text("presses: 1")
    page.wait_for_timeout(500)
    assert len(downloads) == 1
    assert page.ninekit_errors == []


def test_the_token_python_remembers_comes_back_after_a_reload(page, probe_url):
    """A first load reports no token; the one Python remembers is in localStorage and comes back on reload."""
    from playwright.sync_api import expect

    _open(page, probe_url)  # "token: None": a fresh browser holds nothing
    page.wait_for_function(f"localStorage.getItem({STORAGE_KEY!r}) === {TOKEN!r}")
    assert page.locator(".ninekit-resume").bounding_box() is None  # takes no room on the page
    page.reload(wait_until="domcontentloaded")
    expect(page.locator(SHOWN)).to_have_text(f"token: {TOKEN}", timeout=60_000)
    # Only the token is kept in the browser, under the app's key.
    assert page.evaluate("Object.keys(localStorage)") == [STORAGE_KEY]
    # Something else in the slot (another script, a hand edit) is reported as no token at all.
    page.evaluate(f"localStorage.setItem({STORAGE_KEY!r}, '../../etc/passwd')")
    page.reload(wait_until="domcontentloaded")
    expect(page.locator(SHOWN)).to_have_text("token: None", timeout=60_000)
    assert page.ninekit_errors == []


def _guard_on(page, on: bool = True) -> None:
    from playwright.sync_api import expect

    checkbox = page.locator(GUARD)
    checkbox.check() if on else checkbox.uncheck()  # a click also gives the page the user activation browsers want
    expect(page.locator(".ninekit-resume")).to_have_attribute("data-guard-leave", "on" if on else "off")


def _answer_dialogs(page, answers: list[str]) -> list[str]:
    """Answer the page's dialogs in turn ("stay" dismisses, "leave" accepts); returns the list of their types."""
    dialogs: list[str] = []

    def on_dialog(dialog):
        dialogs.append(dialog.type)
        dialog.dismiss() if answers.pop(0) == "stay" else dialog.accept()

    page.on("dialog", on_dialog)
    return dialogs


def test_guard_leave_asks_before_the_page_is_left(page, probe_url):
    """Without the page's gate, guard_leave True still asks before the page closes; False stops asking.

    The repo's template loads the gate, so this page stands in for one without it (another template, a
    notebook in JupyterLab): a gate without ``add`` makes the template's copy stand aside.
    """
    from playwright.sync_api import expect

    page.add_init_script(script="Object.defineProperty(window, 'ninekitLeaveGate', {value: {}, writable: false});")
    _open(page, probe_url)
    link = page.locator(".ninekit-resume")
    expect(link).to_have_attribute("data-leave-gate", "widget")
    expect(link).to_have_attribute("data-guard-leave", "off")
    _guard_on(page)
    _guard_on(page, False)
    _guard_on(page)
    dialogs = _answer_dialogs(page, ["leave"])
    with page.expect_event("close", timeout=10_000):
        page.close(run_before_unload=True)
    assert dialogs == ["beforeunload"]


def test_with_the_leave_gate_staying_keeps_the_game_and_leaving_shuts_the_kernel(page, probe_url):
    """With LEAVE_GATE_SCRIPT loaded first (as the template does): a cancelable beforeunload is prevented and
    Voila's kernel shutdown held back, so "stay" keeps a working game; "leave" shuts the kernel down."""
    from playwright.sync_api import expect

    from widgets.resume import LEAVE_GATE_SCRIPT

    page.add_init_script(script=LEAVE_GATE_SCRIPT)
    _open(page, probe_url)
    base_url = probe_url.split("/voila/render/")[0]
    kernel = kernel_id_of(page)
    expect(page.locator(".ninekit-resume")).to_have_attribute("data-leave-gate", "page")
    _guard_on(page)
    assert page.evaluate(DISPATCH_BEFOREUNLOAD) is True
    _guard_on(page, False)  # the kernel is alive: Voila's listener was held back
    assert page.evaluate("window.ninekitLeaveGate.guards") == 0
    _guard_on(page)

    dialogs = _answer_dialogs(page, ["stay", "leave"])
    page.close(run_before_unload=True)
    expect(page.locator(PRESSES)).to_have_text("presses: 0")
    assert dialogs == ["beforeunload"] and not page.is_closed()
    assert kernel_alive(base_url, kernel)
    with page.expect_download():  # the game still answers
        page.locator(BUTTON).click()
    expect(page.locator(PRESSES)).to_have_text("presses: 1")

    with page.expect_event("close", timeout=10_000):
        page.close(run_before_unload=True)
    assert dialogs == ["beforeunload", "beforeunload"]
    assert wait_until(lambda: not kernel_alive(base_url, kernel), 10), "leaving no longer shuts the kernel down"
