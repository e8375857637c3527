"""The widgets' front-end code as files (widgets/front/): every ES module parses, every file a widget names is there.

The anywidgets load their JavaScript and CSS from files (``_esm = front_path("board.js")``), and the pictures read
their ``<style>`` from ``.css`` files (``front_text("tables/codinca.css")``).  A typo in a name, a file left out
or a syntax error would otherwise show only in a browser, as a widget that never appears.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import anywidget
import pytest

import widgets
from widgets.front import FRONT, front_path

WIDGETS = Path(widgets.__file__).parent
NAMED = re.compile(r"""front_(?:path|text)\(\s*["']([^"']+)["']""")  # front_path("board.js"), front_text("x.css")


def _all_modules() -> list[str]:
    """Every module of the widgets package (importing them defines every widget class)."""
    names = [info.name for info in pkgutil.walk_packages([str(WIDGETS)], prefix="widgets.")]
    for name in names:
        importlib.import_module(name)
    return names


def _widget_classes() -> list[type]:
    _all_modules()
    found, todo = [], [anywidget.AnyWidget]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            module = sys.modules.get(sub.__module__)
            if sub.__module__.startswith("widgets.") and getattr(module, sub.__name__, None) is sub:
                found.append(sub)  # as defined (not the subclass traitlets makes when an instance adds traits)
    return found


def _named_in_sources() -> dict[str, list[str]]:
    """Each front-end file a widgets module names, and the modules that name it."""
    named: dict[str, list[str]] = {}
    for path in sorted(WIDGETS.rglob("*.py")):
        if path.parent == FRONT:
            continue  # its docstring names a missing file on purpose
        for name in NAMED.findall(path.read_text(encoding="utf-8")):
            named.setdefault(name, []).append(str(path.relative_to(WIDGETS.parent)))
    return named


def test_every_file_a_widget_names_exists_and_every_file_is_used():
    named = _named_in_sources()
    assert {"board.js", "board.css", "choices.js", "upload.js", "resume.js", "leave_gate.js", "svg.css"} <= set(named)
    missing = {name: where for name, where in named.items() if not (FRONT / name).is_file()}
    assert not missing, f"named but not in widgets/front/: {missing}"
    files = {p.relative_to(FRONT).as_posix() for p in FRONT.rglob("*") if p.suffix in {".js", ".css"}}
    assert files - set(named) == set(), "files in widgets/front/ that no module loads"
    with pytest.raises(FileNotFoundError, match="no_such.js"):
        front_path("no_such.js")


def test_every_widget_loads_its_code_from_an_existing_file():
    classes = _widget_classes()
    names = {cls.__name__ for cls in classes}
    assert {"Board", "ChoiceBar", "PageTitle", "SaveButton", "LoadButton", "ResumeLink"} <= names
    for cls in classes:
        for key in ("_esm", "_css"):
            value = cls.__dict__.get(key)
            path = getattr(value, "_path", None)  # anywidget's FileContents, made from a Path
            if path is not None:
                assert Path(path).is_file(), f"{cls.__name__}.{key} names a missing file {path}"
            if key == "_esm" and value is not None:
                assert "export default" in str(value), f"{cls.__name__}.{key} is not an ES module"


def _node_check(name: str, text: str, tmp_path: Path) -> None:
    copy = tmp_path / (name.replace("/", "_") + ".mjs")  # .mjs: node parses it as an ES module
    copy.write_text(text, encoding="utf-8")
    result = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"{name} does not parse as an ES module:\n{result.stderr}"


def test_every_js_file_parses_as_an_es_module(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("node is not installed: cannot parse the widgets' JavaScript")
    files = sorted(WIDGETS.rglob("*.js"))
    assert len(files) >= 7
    for path in files:
        _node_check(path.relative_to(WIDGETS).as_posix(), path.read_text(encoding="utf-8"), tmp_path)
    # ... and as each widget gets it, its placeholders filled in (upload.js's limit, resume.js's prefix)
    for cls in _widget_classes():
        text = cls.__dict__.get("_esm")
        if text is not None:
            _node_check(f"{cls.__module__}.{cls.__name__}", str(text), tmp_path)
    broken = tmp_path / "broken.mjs"
    broken.write_text("export default { render(;", encoding="utf-8")
    assert subprocess.run(["node", "--check", str(broken)], capture_output=True).returncode != 0


def test_placeholders_are_filled_from_python():
    from widgets.resume import STORAGE_PREFIX, ResumeLink
    from widgets.upload import WIRE_LIMIT_BYTES, LoadButton

    assert f"const WIRE_LIMIT = {WIRE_LIMIT_BYTES};" in str(LoadButton._esm)
    assert f'"{STORAGE_PREFIX}" + model.get("key")' in str(ResumeLink._esm)
    for cls in (LoadButton, ResumeLink):
        assert not re.search(r"__[A-Z_]+__", str(cls._esm)), f"{cls.__name__}: a placeholder left unfilled"


def test_the_sources_hold_no_front_end_code_in_strings():
    """The widgets' modules keep no front-end code in Python strings."""
    moved = ["board.py", "choices.py", "page.py", "save.py", "upload.py", "resume.py", "svg.py", "lesson.py",
             "lesson_parts.py", "app.py"]
    for part in ("shell", "lessons"):
        moved += [p.relative_to(WIDGETS).as_posix() for p in (WIDGETS / part).rglob("*.py")]
    moved += [p.relative_to(WIDGETS).as_posix() for p in (WIDGETS / "tables").rglob("*.py")]
    for name in moved:
        tree = ast.parse((WIDGETS / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                assert "export default" not in text and "function render" not in text, f"{name}: JS in a string"
                assert not re.search(r"\{[a-z-]+:[^}]*;[a-z-]+:", text) or len(text) < 200, \
                    f"{name}: a style sheet in a string"
