"""The widget manager's race (ipywidgets#4026) stays out of reach: a page with a large widget state, on a busy
machine, shows every widget.

jupyterlab_widgets 3.0.17 (ipywidgets 8.1.9) made ``get_model`` poll for at most 2 s for a model it does not
have yet.  A Voila page renders its outputs while the manager is still loading the page's widget state, so
with a large state on a busy machine the poll gives up just as the load ends, and the output shows "Error
displaying widget: model not found" for good (docs/development.md, "Lesson steps are built when first seen").
The project pins jupyterlab_widgets 3.0.16 (pyproject.toml, binder/requirements.txt), whose ``get_model``
answers at once, so the renderer waits for the load and draws the output after it.  This test fails if that
pin is removed: a page of 60 cells, each a box of 40 texts (about 7,000 models, like a tutorial that built
every step at once), read with both cores busy, must show all 60 boxes.
"""

from __future__ import annotations

import json

import pytest
from appdriver import WIDGET_ERROR, start_voila, stop_voila

pytestmark = pytest.mark.browser

CELLS = 60
SOURCE = """\
import ipywidgets as w
w.VBox([w.HTML(f"<span class='race-{index}'>text {i}</span>") for i in range(40)]).add_class("race-box")
"""


@pytest.fixture(scope="module")
def heavy_page(tmp_path_factory, artifacts_dir):
    root = tmp_path_factory.mktemp("race")
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{n}", "metadata": {}, "outputs": [],
              "source": SOURCE.replace("{index}", str(n))} for n in range(CELLS)]
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                             "language_info": {"name": "python"}}}
    (root / "heavy.ipynb").write_text(json.dumps(notebook))
    base_url, proc = start_voila(root, artifacts_dir / "voila-race.log", extra_args=("--pool_size=0",))
    try:
        yield f"{base_url}/voila/render/heavy.ipynb"
    finally:
        stop_voila(proc)


def test_a_large_widget_state_shows_every_widget_on_a_busy_machine(reader, heavy_page, busy_machine):
    """Rule of serving: every output of a page shows its widget, however large the page's widget state."""
    page = reader
    page.goto(heavy_page, wait_until="domcontentloaded")
    page.wait_for_selector("#loading", state="detached", timeout=180_000)
    settled = (f"() => document.querySelectorAll('.race-box').length + "
               f"document.querySelectorAll('.jupyter-widgets').length >= {CELLS} && "
               "!Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
               ".some(e => e.textContent === 'Loading widget...')")
    page.wait_for_function(settled, timeout=120_000, polling=500)
    page.wait_for_timeout(1000)
    errors = page.get_by_text(WIDGET_ERROR).count()
    assert (page.locator(".race-box").count(), errors) == (CELLS, 0)
