"""Reading a notebook's text in tests: its JSON, one cell's source, and all its prose."""

from __future__ import annotations

import json
from pathlib import Path


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
