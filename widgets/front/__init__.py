"""The widgets' front-end code as files: ES modules (``.js``) and CSS (``.css``) a front-end developer can read
and lint, loaded by the Python side.

An anywidget names its files with :func:`front_path` (anywidget reads a ``Path``); a picture that carries its
own ``<style>`` (``widgets/svg.py``, the tables) reads the text with :func:`front_text`.  A file may hold
``__NAME__`` placeholders that Python fills in from one constant (``front_text("upload.js", WIRE_LIMIT=...)``),
so a number or a prefix is written once.  The table pictures' styles are in ``tables/``.

    >>> front_path("board.js").name
    'board.js'
    >>> "WIRE_LIMIT = 100;" in front_text("upload.js", WIRE_LIMIT=100)
    True
"""

from __future__ import annotations

from pathlib import Path

FRONT = Path(__file__).parent


def front_path(name: str) -> Path:
    """The file ``name`` (e.g. ``"board.js"``, ``"tables/codinca.css"``) of the front-end code; it must exist.

    >>> front_path("no_such.js")
    Traceback (most recent call last):
    ...
    FileNotFoundError: widgets/front/no_such.js
    """
    path = FRONT / name
    if not path.is_file():
        raise FileNotFoundError(f"widgets/front/{name}")
    return path


def front_text(name: str, **fill) -> str:
    """The text of the file ``name``, each ``__KEY__`` replaced by ``str(fill[KEY])``.

    >>> front_text("page.js").startswith("function render")
    True
    """
    text = front_path(name).read_text(encoding="utf-8")
    for key, value in fill.items():
        text = text.replace(f"__{key}__", str(value))
    return text
