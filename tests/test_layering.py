"""Layering rules of the repo (docs/development.md, "The layers").

ninekit uses the standard library only; it never imports widgets or ipywidgets.  The rules can be read,
played and tested with a bare Python; the Jupyter layer (widgets/) sits on top of them, never the reverse.
The one exception is the optional ``sim`` extra (Dask, tqdm, pyarrow, matplotlib): ninekit.parallel may
import it inside the functions that run a simulation, never when a module is imported.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NINEKIT = REPO / "ninekit"
WIDGETS = REPO / "widgets"
SERVING = REPO / "serving" / "ninekit_serving"
FORBIDDEN_IN_NINEKIT = {"widgets", "ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel"}
# The import names of pyproject's optional extras `sim` and `postgres`: allowed in ninekit inside functions only.
SIM_EXTRA = {"dask", "distributed", "tqdm", "pyarrow", "matplotlib", "psycopg"}


def _imported_top_level_modules(path: Path) -> list[tuple[int, str, bool]]:
    """(line, top-level module, inside a function) for every absolute import in the file, and for every
    ``import_module("name")`` call with a literal name; relative imports are skipped."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name.split(".")[0], in_function) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0], in_function))
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.append((node.lineno, node.args[0].value.split(".")[0], in_function))
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return found


def test_ninekit_uses_the_standard_library_only():
    """ninekit uses the standard library only; it never imports widgets or ipywidgets.  When a module is
    imported it imports nothing else; the sim extra's libraries are imported inside functions only."""
    files = sorted(NINEKIT.rglob("*.py"))
    assert files, f"no Python files under {NINEKIT}"
    allowed = set(sys.stdlib_module_names) | {"ninekit"}
    offenders = [
        f"{path.relative_to(REPO)}:{line}: import {module}" + (" (inside a function)" if in_function else "")
        for path in files
        for line, module, in_function in _imported_top_level_modules(path)
        if module in FORBIDDEN_IN_NINEKIT or module not in (allowed | SIM_EXTRA if in_function else allowed)
    ]
    assert not offenders, (
        "ninekit uses the standard library only (the sim extra's libraries inside functions only); it never "
        "imports widgets or ipywidgets. Offending imports:\n" + "\n".join(offenders)
    )


def test_a_module_level_import_of_the_sim_extra_would_be_found(tmp_path):
    """The rule above tells a function's import of the sim extra from a module-level one."""
    module = tmp_path / "driver.py"
    module.write_text("import json\nimport tqdm\n\n\ndef run():\n    import dask\n"
                      "    return importlib.import_module('pyarrow.parquet')\n")
    assert _imported_top_level_modules(module) == [(1, "json", False), (2, "tqdm", False), (6, "dask", True),
                                                   (7, "pyarrow", True)]


def test_serving_is_the_bottom_layer():
    """serving/ is below every other layer: nothing in ninekit/ or widgets/ imports ninekit_serving, and the
    kernel manager imports neither ninekit nor widgets (Voila loads it by the name in serving/voila.json)."""
    above = sorted(NINEKIT.rglob("*.py")) + sorted(WIDGETS.rglob("*.py"))
    offenders = [f"{path.relative_to(REPO)}:{line}: import {module}" for path in above
                 for line, module, _ in _imported_top_level_modules(path) if module == "ninekit_serving"]
    offenders += [f"{path.relative_to(REPO)}:{line}: import {module}" for path in sorted(SERVING.rglob("*.py"))
                  for line, module, _ in _imported_top_level_modules(path) if module in {"ninekit", "widgets"}]
    assert not offenders, "serving/ninekit_serving and the layers above it import each other:\n" + "\n".join(offenders)


def _modules_loaded_by(statement: str) -> set[str]:
    """Top-level modules in sys.modules after running ``statement`` in a fresh interpreter."""
    code = f"{statement}\nimport sys\nprint('\\n'.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, f"`{statement}` failed:\n{result.stderr}"
    return set(result.stdout.split())


def test_importing_ninekit_loads_no_jupyter_module():
    """The same rule at run time: dynamic imports (e.g. of the game modules) stay in the standard library."""
    loaded = _modules_loaded_by("import ninekit")
    assert not (loaded & FORBIDDEN_IN_NINEKIT), f"import ninekit loaded {sorted(loaded & FORBIDDEN_IN_NINEKIT)}"


def _third_party_modules_loaded_by(code: str) -> set[str]:
    """Top-level modules outside the standard library and ninekit that running ``code`` in a fresh interpreter
    loads, beyond those an empty interpreter loads (site hooks such as an editable install's finder)."""
    baseline = _modules_loaded_by("pass")
    loaded = _modules_loaded_by(code)
    return {m for m in loaded - baseline if m not in sys.stdlib_module_names and m != "ninekit"}


@pytest.mark.parametrize("command", [[], ["simulate"]])
def test_import_and_command_line_help_load_no_third_party_module(command):
    """`import ninekit` and `python -m ninekit [simulate] --help` run on the standard library alone: the
    simulation driver's libraries (ninekit.parallel: Dask, tqdm, pyarrow) are imported only when a simulation
    runs."""
    assert _third_party_modules_loaded_by("import ninekit") == set()
    assert _third_party_modules_loaded_by("import ninekit.parallel, ninekit.simulate") == set()
    code = ("import contextlib, io, runpy, sys\n"
            f"sys.argv = ['ninekit', *{command!r}, '--help']\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    try:\n        runpy.run_module('ninekit', run_name='__main__')\n"
            "    except SystemExit as exc:\n        assert exc.code == 0, exc.code\n"
            "assert 'usage: python -m ninekit' in out.getvalue()\n")
    assert _third_party_modules_loaded_by(code) == set()


def test_widgets_is_built_on_ipywidgets_and_imports_without_sqlite3():
    """Sanity check of the other direction: the Jupyter layer does import ipywidgets.  And it imports without
    ``sqlite3``: the static site's Python (Pyodide) has none, and no tables across screens; the table store imports
    it only when it opens a SQLite store (a module-level ``import sqlite3`` in ninekit/tables.py stopped every app of
    the static site)."""
    assert (WIDGETS / "__init__.py").is_file(), "the widgets package (widgets/__init__.py) is missing"
    loaded = _modules_loaded_by("import sys\nsys.modules['sqlite3'] = None\n"
                                "import widgets, widgets.app, widgets.table_page, widgets.room")
    assert "ipywidgets" in loaded


def _ruff_command() -> list[str] | None:
    if importlib.util.find_spec("ruff") is not None:
        return [sys.executable, "-m", "ruff"]
    exe = shutil.which("ruff")
    return [exe] if exe else None


def test_ruff_check():
    ruff = _ruff_command()
    if ruff is None:
        message = "ruff is not installed; pip install -e '.[dev]' (or `make test`) to lint"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    result = subprocess.run(
        [*ruff, "check", "--no-cache", "--output-format=concise", str(REPO)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, f"ruff check found problems:\n{result.stdout}{result.stderr}"

