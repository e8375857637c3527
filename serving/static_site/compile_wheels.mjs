// Compile every wheel in a folder, and Pyodide's standard library, to bytecode with Pyodide's own CPython (the
// browser's), under Node:
//   node compile_wheels.mjs <pyodide package folder> <wheels folder>
// A page then imports IPython & co. without compiling them (most of a cold start's Python time).  The npm
// package's python_stdlib.zip holds sources only; its sourceless copy goes to <wheels folder>/python_stdlib.zip.
// Third-party wheels are made sourceless, as Pyodide ships its own (module.pyc in place of module.py:
// smaller, and nothing to check); ninekit keeps its sources next to unchecked bytecode in __pycache__, so a
// traceback still shows the line.  Each wheel is rewritten in place, entries in order and dated 1980-01-01.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheelsDir }, "/wheels");
pyodide.FS.mkdirTree("/pyodide");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pyodideDir }, "/pyodide");
pyodide.runPython(`
import base64, hashlib, io, pathlib, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

KEEP_SOURCES = {"ninekit"}

def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, source_hash(source), checked=False))

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

tag = sys.implementation.cache_tag
for wheel in sorted(pathlib.Path("/wheels").glob("*.whl")):
    project = wheel.name.split("-")[0]
    with zipfile.ZipFile(wheel) as z:
        entries = [(i.filename, z.read(i)) for i in z.infolist() if not i.is_dir()]
    if any(n.endswith(".pyc") for n, _ in entries):
        continue  # compiled already
    record = next(n for n, _ in entries if n.endswith(".dist-info/RECORD"))
    out = []
    for name, data in entries:
        if name == record:
            continue
        if not name.endswith(".py"):
            out.append((name, data))
            continue
        try:
            compiled = pyc(data, name)
        except SyntaxError:  # e.g. a Python 2 file kept for reference; leave it as it is
            out.append((name, data))
            continue
        if project in KEEP_SOURCES:
            folder, _, stem = name.rpartition("/")
            out.append((name, data))
            out.append((f"{folder}/__pycache__/{stem[:-3]}.{tag}.pyc", compiled))
        else:
            out.append((name + "c", compiled))
    lines = [record_line(n, d) for n, d in out] + [f"{record},,"]
    out.append((record, ("\\n".join(lines) + "\\n").encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in out:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    wheel.write_bytes(buffer.getvalue())
    print("compiled", wheel.name)

# The standard library: module.py -> module.pyc (sourceless), the rest as it is, in the zip's own order.
with zipfile.ZipFile("/pyodide/python_stdlib.zip") as z:
    entries = [(i, z.read(i)) for i in z.infolist()]
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
    for info, data in entries:
        name = info.filename
        if name.endswith(".py"):
            try:
                data, name = pyc(data, name), name + "c"
            except SyntaxError:
                pass
        out = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        out.external_attr = info.external_attr
        out.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
        z.writestr(out, data)
pathlib.Path("/wheels/python_stdlib.zip").write_bytes(buffer.getvalue())
print("compiled python_stdlib.zip")
`);
