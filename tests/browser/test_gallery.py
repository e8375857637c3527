"""Smoke test: the gallery renders in Voila, in Chromium, without errors."""

import pytest

pytestmark = pytest.mark.browser


def test_gallery_loads_without_errors(open_app, artifacts_dir):
    page = open_app("index.ipynb")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(artifacts_dir / "gallery.png"), full_page=True)
    assert not page.ninekit_errors, "JavaScript errors on the gallery:\n" + "\n".join(page.ninekit_errors)
    assert "Nine Knights" in page.inner_text("body")
    # Sources are stripped by the repo's voila.json: no code cell inputs reach the browser
    # (Markdown cells keep their rendered input area, code cells have none).
    assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0
    assert "import " not in page.inner_text("body")
