"""Reading a notebook's text in tests: its JSON, one cell's source, all its prose, and the static site's build
(which turns a notebook into a learner's page)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

STATIC_SITE_BUILD = Path(__file__).resolve().parents[1] / "serving" / "static_site" / "build.py"


def read_notebook(path: Path) -> dict:
    """The notebook at ``path`` as JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def cell_source(cell: dict) -> str:
    """A cell's source as one string (notebooks store it as a string or a list of lines)."""
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def prose(nb: dict) -> str:
    """Every markdown cell of ``nb``, joined."""
    return "\n".join(cell_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")


def static_site_build() -> ModuleType:
    """serving/static_site/build.py as a module (a script, not in a package), for its constants and functions."""
    spec = importlib.util.spec_from_file_location("static_site_build", STATIC_SITE_BUILD)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build
