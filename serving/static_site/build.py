"""Build ninekit's static site: ``make site`` runs ``python serving/static_site/build.py`` in build/site-venv.

Every app and tutorial notebook becomes a Voici page whose kernel is Pyodide (Python compiled to
WebAssembly), so the whole game runs in the visitor's own browser and the site can be served by any static
file host; the gallery becomes a plain HTML page that needs no kernel.  Everything comes from PyPI and npm at
pinned versions whose hashes are checked (``requirements.txt`` for the build tools, ``runtime.txt`` for the
wheels the browser loads, ``package-lock.json`` for Pyodide), plus this checkout's ``ninekit`` and ``widgets``.

The steps (each a function below):

1. ``pyodide_runtime``: ``npm ci`` fetches the Pyodide core (the runtime and the standard library).
2. ``runtime_wheels``: ``pip download --require-hashes`` fetches the pure-Python wheels the kernel and the
   notebooks import (IPython and its dependencies at the versions Pyodide's own lock file names, then comm,
   ipywidgets, anywidget, psygnal), the kernel's own wheels come from jupyterlite-pyodide-kernel, and
   ``ninekit_wheel`` packs this checkout's ``ninekit`` and ``widgets``.
3. ``compile_wheels``: Pyodide itself (under Node) compiles every wheel's modules to bytecode, so the browser
   does not compile IPython on each visit.
4. ``pyodide_lock``: a ``pyodide-lock.json`` that names exactly those wheels (their hashes recomputed), so
   the kernel loads them all at start-up in one go and nothing is looked up anywhere else.
5. ``lite_dir`` + ``voici build``: the notebooks, with their links between notebooks pointed at the pages
   (``x.ipynb`` -> ``x.html``; the gallery is the site's ``index.html``).
6. ``finish``: the gallery page, the Voila template's public CDN links cut out, and every file that no page
   requests removed (``KEEP``).

>>> rewrite_links('GameApp("nine_knights", home="../index.ipynb")')
'GameApp("nine_knights", home="../../../index.html")'
>>> rewrite_links("[the app](../apps/nine_knights.ipynb)")
'[the app](../apps/nine_knights.html)'
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
NOTEBOOKS = REPO / "notebooks"
WORK = REPO / "build" / "site"

# Pyodide's core, from the npm package: what the page's worker loads before any package (pyodide.js starts
# it; pyodide.asm.* is CPython in WebAssembly; python_stdlib.zip the standard library).
PYODIDE_CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")

# Lock entries for the wheels that Pyodide's own lock file does not list: normalized name -> (imports,
# depends).  The others keep their entry from Pyodide's lock (only the file name and hash change).
NEW_LOCK_ENTRIES = {
    "comm": (["comm"], ["traitlets"]),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets"]),
    "psygnal": (["psygnal"], ["typing-extensions"]),
    "anywidget": (["anywidget"], ["ipywidgets", "psygnal", "typing-extensions"]),
    "ninekit": (["ninekit", "widgets"], ["ipywidgets", "anywidget"]),
    "piplite": (["piplite"], ["micropip"]),
    "ipykernel": (["ipykernel"], []),
    "pyodide-kernel": (["pyodide_kernel"], ["ipykernel", "comm", "ipython"]),
}
# Dependencies that Pyodide's lock names but the site leaves out: matplotlib-inline's matplotlib (a 10 MB
# WebAssembly build, for plots the games never draw).
DROPPED_DEPENDS = {"matplotlib-inline": {"matplotlib"}}
# The kernel's own wheels, shipped inside jupyterlite-pyodide-kernel (ipykernel is a stub of the real one).
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
# What the kernel loads as it starts, in one batch (a name listed here is not installed again by the kernel's
# own start-up code, which would otherwise resolve them one by one); the notebooks' imports are then at hand.
PRELOAD = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "ipywidgets", "anywidget", "ninekit"]

# The site's pages: Voici renders notebooks/<dir>/<name>.ipynb as voici/render/<dir>/<name>.html.
PAGE_DIRS = ("apps", "tutorials", "sandboxes")
GALLERY = "index.ipynb"
# A gallery cell with this tag links notebooks that need a Python server (the analysis notebook and the bot arena
# run many games, Dask, child processes): the site does not ship them, so its gallery leaves the cell out.
SERVER_ONLY = "server-only"

# Files the build writes that no page requests (found by opening every page with the browser tests, which
# fail on a request for a missing file): removed from the site.
UNUSED = (
    # The JupyterLab-style app's bundles (the pages are Voici's own app under voici/), all but its themes and its
    # third-party licences: a page loads build/themes/@jupyterlab/theme-dark-extension/index.css for ?theme=dark.
    "build/[!t]*", "build/t[!h]*",
    "files",  # the notebooks themselves: Voici pages carry their cells
    "jupyter-lite.ipynb", "doc", "api/translations", "icon-120x120.png", "icon-512x512.png",
    "manifest.webmanifest", "package.json", "jupyterlite.schema.v0.json", "service-worker.js",
    "config-utils.js", "bootstrap.js", "voici/tree",
)

# JupyterLite registers a service worker that mounts a drive synced with the page's contents in the kernel,
# so that notebooks can read and write files; the games read and write none, and with the drive every module
# the kernel looks up costs a request.  Voici has no setting for it, so the registration is cut out of its
# (pinned) bundles, and with it Voici's wait for the worker (which then logs an empty error): exact text,
# replacement.  The build stops unless each text is in the bundles exactly once.
SERVICE_WORKER_CUTS = (
    ('if(!s&&t)try{console.info("Registering new JupyterLite ServiceWorker",e),s=await t.register(e),'
     'console.info("JupyterLite ServiceWorker was sucessfully registered")}catch(e){console.warn(e),'
     "console.warn(`JupyterLite ServiceWorker registration unexpectedly failed: ${e}`)}", ""),
    ("if(w)try{await w.ready}catch(e){console.error(e)}", "if(w)w.ready.catch((()=>{}));"),
)

# anywidget (0.11.0, and every release since 0.9) gives each model 2 s to load its module before it rejects the
# model ("[anywidget] Failed to initialize model.") and drops every later update to it.  In the static site the
# page's own Python shares the main thread with the widgets, so a slow phone, or a busy laptop, can take longer
# (seen: a Code of Nine tutorial step read while the machine was busy).  A model here waits up to a minute.
ANYWIDGET_START_CUT = ('AbortSignal.timeout(2000).addEventListener("abort", function() {\n'
                       '            resolvers.reject(new Error("[anywidget] Failed to initialize model."));')
ANYWIDGET_START_MS = 60_000

# Voila's lab template links Font Awesome from a public CDN; the apps use no icon font (the same cut as the
# ninekit Voila template's, serving/jupyter/nbconvert/templates/ninekit/index.html.j2).
CDN_LINK = re.compile(r'<link[^>]*href="https://cdn\.jsdelivr\.net/[^"]*"[^>]*>\s*')

# Voici shows a page's cells (window.display_cells) only when every cell has run; a tutorial of 70 code cells
# then showed its first step about 1.2 s after its app would have (Code of Nine, 2-core machine).  The tutorial
# pages show their cells as soon as the first lesson step's board is drawn; the later cells keep running (their
# steps are placeholders until the learner scrolls to them).  Inserted before the cells, once per page.
CELLS = '<div id="rendered_cells" style="display: none">'
SHOW_EARLY = """<script>
(() => {  // ninekit: show a tutorial as soon as its first lesson step is drawn (serving/static_site/build.py)
  let anchor = null, home = null;
  // Once every cell has run, Voici moves the cells into its own scrolling panel, which starts at its top: keep
  // the cell the learner was reading where it was on the screen.
  const remember = () => {
    const cells = document.getElementById("rendered_cells");
    const cell = cells && Array.from(cells.querySelectorAll(".jp-Cell"))
      .find((c) => c.getBoundingClientRect().bottom > 0);
    anchor = cell ? { cell, top: cell.getBoundingClientRect().top } : null;
  };
  const seen = new MutationObserver(() => {
    const cells = document.getElementById("rendered_cells");
    if (!cells) return;
    if (home === null) {
      if (!cells.querySelector(".ninekit-lesson .ninekit-board svg")) return;
      home = cells.parentElement;
      if (cells.style.display === "none" && window.display_cells) window.display_cells();
      window.addEventListener("scroll", remember, { passive: true });
      return;
    }
    if (cells.parentElement === home) return;
    seen.disconnect();
    window.removeEventListener("scroll", remember);
    const kept = anchor;
    if (kept && kept.cell.isConnected) {
      requestAnimationFrame(() => { cells.scrollTop += kept.cell.getBoundingClientRect().top - kept.top; });
    }
  });
  seen.observe(document.documentElement, { childList: true, subtree: true });
})();
</script>
"""



def run(*cmd, **kwargs):
    """Run a command, echoing it; fail the build if it fails."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)


MAINTAINERS_TAG = "maintainers"  # a tutorial's self-check and its note: for the test suite, not the learner's page
LAB_ONLY_TAG = "jupyterlab-only"  # what to do in JupyterLab (Run All Cells): a web page needs no such advice
PICTURE_TAG = "lesson-picture"  # widgets.lessons.STATIC_TAG: a step cell whose stored output is a picture for GitHub


def learner_notebook(text: str) -> str:
    """A notebook as a learner's page shows it: links pointed at the site's pages, without the cells
    tagged ``maintainers`` or ``jupyterlab-only`` (the Voila template hides them the same way), and without the
    stored pictures of lesson steps (for GitHub and nbviewer: the page's Python draws the live step in their
    place; Code of Nine's 62 pictures made its page 3.9 MB, and the browser drew them all before the first step
    showed).

    >>> nb = {"cells": [{"cell_type": "markdown", "source": "[Play](../apps/x.ipynb)", "metadata": {}},
    ...                 {"cell_type": "code", "source": "lesson.verify_all()", "metadata": {"tags": ["maintainers"]}},
    ...                 {"cell_type": "markdown", "source": "Run All Cells", "metadata": {"tags": ["jupyterlab-only"]}},
    ...                 {"cell_type": "code", "source": "lesson.steps['a']", "metadata": {"tags": ["lesson-picture"]},
    ...                  "outputs": [{"output_type": "display_data", "data": {"text/html": "<svg/>"}}]}]}
    >>> [(c["source"], c.get("outputs")) for c in json.loads(learner_notebook(json.dumps(nb)))["cells"]]
    [('[Play](../apps/x.html)', None), ("lesson.steps['a']", [])]
    """
    notebook = json.loads(rewrite_links(text))
    notebook["cells"] = [c for c in notebook["cells"]
                         if not {MAINTAINERS_TAG, LAB_ONLY_TAG} & set(c.get("metadata", {}).get("tags", []))]
    for cell in notebook["cells"]:
        if PICTURE_TAG in cell.get("metadata", {}).get("tags", []):
            cell["outputs"] = []
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def rewrite_links(text: str) -> str:
    """Point a notebook's links to other notebooks at the site's pages (see the module docstring)."""
    text = re.sub(r"(?:\.\./)+index\.ipynb", "../../../index.html", text)
    return re.sub(r"([\w./-]+)\.ipynb\b", r"\1.html", text)


def pyodide_runtime(work: Path) -> Path:
    """``npm ci`` Pyodide into ``work/npm``; its package folder."""
    npm = work / "npm"
    npm.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(HERE / name, npm / name)
    run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", cwd=npm)
    return npm / "node_modules" / "pyodide"


def runtime_wheels(work: Path) -> Path:
    """Download the pinned wheels of ``runtime.txt`` (hashes checked) into ``work/wheels``."""
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--require-hashes", "--no-deps",
        "--only-binary=:all:", "--python-version", "3.13", "--platform", "any", "--implementation", "py",
        "--abi", "none", "--dest", wheels, "-r", HERE / "runtime.txt")
    import jupyterlite_pyodide_kernel

    kernel_pypi = (Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
                   / "static/pypi")
    for name in KERNEL_WHEELS:
        found = sorted(kernel_pypi.glob(f"{name}-{jupyterlite_pyodide_kernel.__version__}-*.whl")
                       if name != "ipykernel" else kernel_pypi.glob(f"{name}-*.whl"))
        if not found:
            raise SystemExit(f"error: no {name} wheel in {kernel_pypi}")
        shutil.copy2(found[-1], wheels / found[-1].name)
    ninekit_wheel(wheels)
    for name in STUBS:
        stub_wheel(wheels, name)
    return wheels


def _version() -> str:
    match = re.search(r'^version = "([^"]+)"', (REPO / "pyproject.toml").read_text(), re.M)
    return match.group(1)


def ninekit_wheel(dest: Path) -> Path:
    """Pack this checkout's ``ninekit`` and ``widgets`` (sources and front-end assets) as a wheel, byte for
    byte the same for the same files (fixed timestamps and order)."""
    version = _version()
    dist = f"ninekit-{version}.dist-info"
    files = sorted(p for package in ("ninekit", "widgets") for p in (REPO / package).rglob("*")
                   if p.is_file() and p.suffix in {".py", ".js", ".css"} and "__pycache__" not in p.parts)
    metadata = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: ninekit\nVersion: {version}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: ninekit static_site\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
    }
    return _write_wheel(dest / f"ninekit-{version}-py3-none-any.whl",
                        [(p.relative_to(REPO).as_posix(), p.read_bytes()) for p in files]
                        + [(name, text.encode()) for name, text in metadata.items()], f"{dist}/RECORD")


def _write_wheel(path: Path, entries: list[tuple[str, bytes]], record: str) -> Path:
    """Write a wheel with a RECORD, its entries in order and dated 1980-01-01 (reproducible)."""
    lines = []
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{name},sha256={digest},{len(data)}")
    lines.append(f"{record},,")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in [*entries, (record, ("\n".join(lines) + "\n").encode())]:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return path


# Stand-ins for two packages the kernel installs by name, as tiny wheels with no dependencies: name -> its
# modules.  sqlite3 is Pyodide's WebAssembly build, which neither PyPI nor npm has: with an empty package
# IPython finds no sqlite3 to import and keeps no input history.  jedi (and its parso) is code completion,
# which a Voici page never asks for, and importing it costs a start-up about 0.3 s (2 MB of wheels): the
# stand-in refuses to import, which IPython's completer expects when jedi is missing.
STUBS = {
    "sqlite3": {},
    "jedi": {"jedi/__init__.py": b'raise ImportError("jedi (code completion) is left out of the static site")\n'},
}


def stub_wheel(dest: Path, name: str) -> Path:
    """The stand-in wheel for ``name`` (see ``STUBS``), version 0."""
    dist = f"{name}-0.dist-info"
    return _write_wheel(dest / f"{name}-0-py3-none-any.whl", [
        *STUBS[name].items(),
        (f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n".encode()),
        (f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: ninekit static_site\nRoot-Is-Purelib: true\n"
                          b"Tag: py3-none-any\n"),
    ], f"{dist}/RECORD")


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_lock(pyodide: Path, wheels: list[Path]) -> dict:
    """The lock file for exactly ``wheels``: Pyodide's own entries where it has one, ``NEW_LOCK_ENTRIES``
    otherwise, each with its wheel's file name and sha256 (which Pyodide checks when it loads it)."""
    base = json.loads((pyodide / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        key = _normalize(name)
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if key in base["packages"]:
            entry = dict(base["packages"][key])
            entry["depends"] = [d for d in entry["depends"] if d not in DROPPED_DEPENDS.get(key, ())]
        elif key in NEW_LOCK_ENTRIES:
            imports, depends = NEW_LOCK_ENTRIES[key]
            entry = {"name": name, "imports": imports, "depends": depends, "install_dir": "site",
                     "unvendored_tests": False}
        else:
            raise SystemExit(f"error: {wheel.name} has no lock entry (add one to NEW_LOCK_ENTRIES)")
        if key in STUBS:
            entry.update(imports=sorted({n.split("/")[0] for n in STUBS[key]}), depends=[], package_type="package",
                         unvendored_tests=False)
        entry.update(version=version, file_name=wheel.name, sha256=digest)
        entry.setdefault("package_type", "package")
        packages[key] = entry
    missing = {_normalize(d) for entry in packages.values() for d in entry["depends"]} - packages.keys()
    if missing:
        raise SystemExit(f"error: the lock names dependencies that no wheel provides: {sorted(missing)}")
    return {"info": base["info"], "packages": dict(sorted(packages.items()))}


def compile_wheels(pyodide: Path, wheels: Path) -> None:
    """Compile the modules of every wheel in ``wheels``, and the standard library (into
    ``wheels/python_stdlib.zip``), to bytecode with Pyodide's own CPython, run by Node (so the bytecode is
    exactly the browser's Python version); see compile_wheels.mjs."""
    run("node", HERE / "compile_wheels.mjs", pyodide, wheels)


def lite_dir(work: Path, pyodide: Path, wheels: Path) -> Path:
    """The JupyterLite project Voici builds from: Pyodide and the wheels under static/pyodide, the
    notebooks (links rewritten) under files/, and the kernel's settings in jupyter-lite.json."""
    lite = work / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    static = lite / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in PYODIDE_CORE:  # the standard library as compile_wheels compiled it
        shutil.copy2(wheels / name if (wheels / name).exists() else pyodide / name, static / name)
    shipped = sorted(wheels.glob("*.whl"))
    for wheel in shipped:
        shutil.copy2(wheel, static / wheel.name)
    lock = pyodide_lock(pyodide, shipped)
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    for folder in PAGE_DIRS:
        (lite / "files" / folder).mkdir(parents=True)
        for notebook in sorted((NOTEBOOKS / folder).glob("*.ipynb")):
            (lite / "files" / folder / notebook.name).write_text(learner_notebook(notebook.read_text()))
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": PRELOAD},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    return lite


def voici_build(lite: Path, out: Path) -> None:
    """Voici renders every notebook under files/ as voici/render/<dir>/<name>.html."""
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite, "--contents", lite / "files",
        "--output-dir", out, "--apps", "voici", "--no-sourcemaps", "--no-unused-shared-packages",
        "--source-date-epoch", "315532800", cwd=lite)


def gallery_page() -> str:
    """The gallery (notebooks/index.ipynb's markdown) as a plain HTML page, its cards linking to the pages."""
    from nbconvert.filters import markdown2html

    sys.path.insert(0, str(REPO))
    from widgets.browser import IN_BROWSER_NOTE, NO_TABLES  # the apps and the table page say the same

    notebook = json.loads((NOTEBOOKS / GALLERY).read_text())
    body = "\n".join(markdown2html(cell) for cell in gallery_cells(notebook))
    body = re.sub(r'href="((?:apps|tutorials|sandboxes)/[\w-]+)\.ipynb"', r'href="voici/render/\1.html"', body)
    body = re.sub(r'<a class="anchor-link" href="#[^"]*">[^<]*</a>', "", body)  # nbconvert's heading links
    note = (f'<p class="nk-static-note">{html.escape(IN_BROWSER_NOTE)}</p>\n'
            f'<p class="nk-static-note nk-no-tables">{html.escape(NO_TABLES)}</p>')
    return GALLERY_HTML.replace("{body}", body + "\n" + note)


def gallery_cells(notebook: dict) -> list[str]:
    """The gallery's markdown cells that the static site shows: all but those tagged ``SERVER_ONLY``.

    >>> gallery_cells({"cells": [{"cell_type": "markdown", "source": ["# ninekit"], "metadata": {}},
    ...                          {"cell_type": "markdown", "source": ["[arena](arena.ipynb)"],
    ...                           "metadata": {"tags": ["server-only"]}}]})
    ['# ninekit']
    """
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
            and SERVER_ONLY not in cell.get("metadata", {}).get("tags", [])]


GALLERY_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ninekit</title>
<style>
:root { color-scheme: light dark; --jp-layout-color1: #fff; --jp-border-color1: #ccc; --jp-ui-font-color2: #555;
  --jp-brand-color1: #1976d2; --nk-fg: #222; --nk-bg: #fff; --nk-link: #1565c0; }
@media (prefers-color-scheme: dark) { :root:not(.light) { --jp-layout-color1: #222; --jp-border-color1: #555;
  --jp-ui-font-color2: #aaa; --nk-fg: #eee; --nk-bg: #111; --nk-link: #90caf9; } }
:root.dark { --jp-layout-color1: #222; --jp-border-color1: #555; --jp-ui-font-color2: #aaa; --nk-fg: #eee;
  --nk-bg: #111; --nk-link: #90caf9; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--nk-fg);
  background: var(--nk-bg); max-width: 1100px; margin: 0 auto; padding: 16px 20px 32px; line-height: 1.5; }
a { color: var(--nk-link); }
code { font-size: .95em; }
.nk-static-note { font-size: .9em; color: var(--jp-ui-font-color2); border-left: 3px solid var(--jp-brand-color1);
  padding-left: 10px; }
</style>
<script>
  // ?theme=dark or ?theme=light, as on the Voila pages; otherwise the system's choice.
  const theme = new URLSearchParams(location.search).get("theme");
  if (theme === "dark" || theme === "light") document.documentElement.classList.add(theme);
</script>
</head>
<body>
{body}
</body>
</html>
"""


def cut_in_bundles(bundles: list[Path], text: str, replacement: str, holders_say: str | None = None) -> None:
    """Replace ``text`` by ``replacement`` in each of ``bundles`` that holds it; every bundle that says
    ``holders_say`` (default: ``text``) must hold ``text`` exactly once, and at least one must, or the build stops
    (a new release of the bundle moved the text: look at it again).

    >>> import tempfile; bundle = Path(tempfile.mkdtemp()) / "a.js"; _ = bundle.write_text("x = wait(2000);")
    >>> cut_in_bundles([bundle], "wait(2000)", "wait(60000)"); bundle.read_text()
    'x = wait(60000);'
    """
    marker = text if holders_say is None else holders_say
    holders = [bundle for bundle in bundles if marker in bundle.read_text()]
    if not holders or any(bundle.read_text().count(text) != 1 for bundle in holders):
        raise SystemExit(f"error: the bundles do not hold this text exactly once each: {text[:60]}...")
    for bundle in holders:
        bundle.write_text(bundle.read_text().replace(text, replacement))


def finish(out: Path) -> None:
    """The gallery as the site's front page, no public CDN link, no file that no page requests, anywidget's models
    given a minute to start."""
    for pattern in UNUSED:
        for target in out.glob(pattern):
            if target.is_dir():
                shutil.rmtree(target)
            else:
                target.unlink()
    voici = sorted((out / "voici" / "build").glob("*.js"))
    for text, replacement in SERVICE_WORKER_CUTS:
        cut_in_bundles(voici, text, replacement)
    cut_in_bundles(sorted((out / "extensions" / "anywidget").rglob("*.js")), ANYWIDGET_START_CUT,
                   ANYWIDGET_START_CUT.replace("2000", str(ANYWIDGET_START_MS)),
                   holders_say="[anywidget] Failed to initialize model.")
    for page in out.rglob("*.html"):
        text = page.read_text()
        cut = CDN_LINK.sub("", text)
        if page.parent.name == "tutorials":
            if cut.count(CELLS) != 1:
                raise SystemExit(f"error: {page} does not hold Voici's hidden cells exactly once")
            cut = cut.replace(CELLS, SHOW_EARLY + CELLS)
        if cut != text:
            page.write_text(cut)
    (out / "index.html").write_text(gallery_page())


def build(out: Path, work: Path = WORK) -> None:
    """Build the whole site into ``out`` (replacing it), using ``work`` for downloads and the lite project."""
    started = time.monotonic()
    work.mkdir(parents=True, exist_ok=True)
    pyodide = pyodide_runtime(work)
    wheels = runtime_wheels(work)
    compile_wheels(pyodide, wheels)
    lite = lite_dir(work, pyodide, wheels)
    shutil.rmtree(out, ignore_errors=True)
    voici_build(lite, out)
    finish(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"Built {out} ({size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "site", help="where the site goes (default: site/)")
    parser.add_argument("--work", type=Path, default=WORK, help="downloads and the lite project (build/site)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "315532800")
    build(args.out.resolve(), args.work.resolve())


if __name__ == "__main__":
    main()
