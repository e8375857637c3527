"""The parallel driver of ``python -m ninekit simulate``: Dask for the games, tqdm for the progress bar.

``ninekit.simulate`` decides what every game is; this module only decides where the games are played and
writes the rows.  Importing it needs the standard library only, like the rest of ninekit: Dask, tqdm and
pyarrow (the ``sim`` extra, ``pip install 'ninekit[sim]'``) are imported inside the functions that use them,
when a simulation runs (tests/test_layering.py checks it).


- ``jobs=1``: here, in this process, one game after another;
- ``jobs=J``: on a Dask ``LocalCluster`` of J worker processes on this machine (one thread each: the
  games are pure Python, so threads would share one core);
- ``scheduler="tcp://host:8786"``: on a running Dask cluster of any size (``dask scheduler`` on one
  machine, ``dask worker tcp://host:8786`` on each of the others; every worker needs ninekit installed).

Games go out in chunks, rows come back as chunks finish and are sorted by their game number, so the
rows are the same whichever way, and however the games were scheduled::

    >>> from ninekit.simulate import game_plan, simulate
    >>> plan = game_plan("double_nine", 3, ["random", "easy"], seed=4)
    >>> run(plan, jobs=1, progress=False) == simulate("double_nine", 3, ["random", "easy"], seed=4)
    True

Rows are written as CSV (``ninekit.simulate.write_csv``: lists joined with ";", options as JSON text)
or parquet (pyarrow: lists as list columns, options as JSON text); see docs/simulation.md.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .simulate import ROW_COLUMNS, play_game, read_csv, write_csv

__all__ = ["check_installed", "run", "play_on", "play_chunk", "chunks", "chunk_size", "write_rows", "read_rows",
           "OUTPUT_SUFFIXES", "INSTALL_HINT"]

INSTALL_HINT = "pip install 'ninekit[sim]'"
OUTPUT_SUFFIXES = (".csv", ".parquet")
MAX_CHUNK = 50  # games per Dask task at most: big enough to hide the per-task overhead, small for a smooth bar
CHUNKS_PER_WORKER = 4  # aim for this many chunks per worker thread, so that a slow chunk does not idle the rest
CONNECT_TIMEOUT = "20s"  # how long to wait for the scheduler given with --scheduler


def _need(module: str):
    """Import ``module`` or raise ImportError saying how to install the simulation extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"simulation needs {module}, which is not installed: {INSTALL_HINT}") from exc


def default_jobs() -> int:
    """The CPUs this process may use (its affinity where the system has one): the default ``--jobs``.

    >>> default_jobs() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def check_installed(jobs: int = 1, scheduler: str | None = None, out: str | Path | None = None) -> None:
    """Raise ImportError (saying how to install them) unless the libraries this run needs are installed:
    tqdm always, Dask's distributed for ``jobs > 1`` or a scheduler, pyarrow for a ``.parquet`` file.
    Checked before the games are played, so that no result is lost at the end.

    >>> check_installed(jobs=2, out="rows.parquet")
    """
    _need("tqdm")
    if scheduler is not None or jobs > 1:
        _need("distributed")
    if out is not None and Path(out).suffix == ".parquet":
        _need("pyarrow.parquet")


def chunks(plan: Sequence[Mapping], size: int) -> list[list[Mapping]]:
    """The plan cut into consecutive chunks of at most ``size`` games.

    >>> [len(c) for c in chunks(list(range(7)), 3)]
    [3, 3, 1]
    """
    if size < 1:
        raise ValueError(f"chunk size must be at least 1 (got {size})")
    return [list(plan[start:start + size]) for start in range(0, len(plan), size)]


def chunk_size(games: int, threads: int) -> int:
    """The default chunk size: about ``CHUNKS_PER_WORKER`` chunks per worker thread, at most ``MAX_CHUNK``.

    >>> chunk_size(1000, 2), chunk_size(10, 2), chunk_size(100_000, 64)
    (50, 2, 50)
    """
    return max(1, min(MAX_CHUNK, math.ceil(games / (max(1, threads) * CHUNKS_PER_WORKER))))


def play_chunk(items: Sequence[Mapping]) -> list[dict]:
    """Play a chunk of the plan (this runs on a Dask worker); a failing game is named by its number and seed.

    >>> from ninekit.simulate import game_plan
    >>> [row["index"] for row in play_chunk(game_plan("double_nine", 2, ["random"]))]
    [0, 1]
    """
    rows = []
    for item in items:
        try:
            rows.append(play_game(**item))
        except Exception as exc:
            raise RuntimeError(f"game {item['index']} ({item['game']}, seed {item['seed']}, bots {item['bots']}) "
                               f"failed: {type(exc).__name__}: {exc}") from exc
    return rows


def play_on(client, plan: Sequence[Mapping], chunk: int | None = None, bar=None) -> list[dict]:
    """Play ``plan`` on a connected ``dask.distributed.Client``; the rows sorted by game number.

    ``bar`` (a tqdm bar, or anything with ``update(n)``) advances as chunks finish.  On an error the
    remaining chunks are cancelled and the error is raised here.
    """
    distributed = _need("distributed")
    if chunk is None:
        chunk = chunk_size(len(plan), sum(client.nthreads().values()))
    futures = [client.submit(play_chunk, part, pure=False) for part in chunks(plan, chunk)]
    rows = []
    try:
        for future in distributed.as_completed(futures):
            done = future.result()
            rows.extend(done)
            if bar is not None:
                bar.update(len(done))
    except BaseException:
        client.cancel(futures)
        raise
    rows.sort(key=lambda row: row["index"])
    return rows


class _Callback:
    """A progress bar that calls ``progress(done, total)`` (as ``ninekit.simulate.simulate`` does)."""

    def __init__(self, progress: Callable[[int, int], Any], total: int):
        self.progress, self.done, self.total = progress, 0, total

    def update(self, n: int = 1) -> None:
        self.done += n
        self.progress(self.done, self.total)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None


def run(plan: Sequence[Mapping], jobs: int = 1, scheduler: str | None = None, chunk: int | None = None,
        progress: bool | Callable[[int, int], Any] = True) -> list[dict]:
    """Play ``plan``: here (``jobs=1``), on a LocalCluster of ``jobs`` processes, or at ``scheduler``.

    ``progress``: True shows a tqdm bar on stderr, False nothing, a callable is called with
    ``(done, total)`` as games finish (e.g. to move a notebook's progress widget).
    The rows are sorted by game number.
    """
    if type(jobs) is not int or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1 (got {jobs!r})")
    if callable(progress):
        bar = _Callback(progress, len(plan))
    else:
        bar = _need("tqdm").tqdm(total=len(plan), unit="game", disable=not progress, file=sys.stderr, smoothing=0.1)
    with bar:
        if scheduler is None and jobs == 1:
            rows = []
            for item in plan:
                rows.extend(play_chunk([item]))
                bar.update(1)
            return rows
        distributed = _need("distributed")
        with contextlib.ExitStack() as stack:
            if scheduler is not None:
                client = stack.enter_context(distributed.Client(scheduler, timeout=CONNECT_TIMEOUT))
            else:
                cluster = stack.enter_context(distributed.LocalCluster(
                    n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=None, silence_logs=40))
                client = stack.enter_context(distributed.Client(cluster))
            return play_on(client, plan, chunk, bar)


# --- files -----------------------------------------------------------------------------------------
def _parquet_schema():
    pa = _need("pyarrow")
    return pa.schema([
        ("index", pa.int64()), ("game", pa.string()), ("seed", pa.uint64()), ("players", pa.int64()),
        ("options", pa.string()), ("seats", pa.list_(pa.string())), ("bots", pa.list_(pa.string())),
        ("winners", pa.list_(pa.int64())), ("scores", pa.list_(pa.float64())), ("length", pa.int64()),
        ("reason", pa.string()),
    ])


def write_rows(rows: Iterable[Mapping], path: str | Path) -> Path:
    """Write rows to ``path``: ``.csv`` (lists joined with ";", options as JSON text) or ``.parquet``
    (lists as list columns, scores as floats, options as JSON text).

    >>> import tempfile, pathlib
    >>> from ninekit.simulate import simulate
    >>> rows = simulate("double_nine", 2, ["random"], seed=2)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     read_rows(write_rows(rows, pathlib.Path(tmp, "r.parquet"))) == rows
    True
    """
    path = Path(path)
    if path.suffix not in OUTPUT_SUFFIXES:
        raise ValueError(f"output file must end in {' or '.join(OUTPUT_SUFFIXES)} (got {str(path)!r})")
    rows = list(rows)
    if path.suffix == ".csv":
        with path.open("w", encoding="utf-8", newline="") as file:
            write_csv(rows, file)
        return path
    pa = _need("pyarrow")
    parquet = _need("pyarrow.parquet")
    columns = {column: [row[column] for row in rows] for column in ROW_COLUMNS}
    columns["options"] = [json.dumps(options, sort_keys=True) for options in columns["options"]]
    columns["scores"] = [[float(score) for score in scores] for scores in columns["scores"]]
    table = pa.Table.from_pydict(columns, schema=_parquet_schema())
    parquet.write_table(table, path)
    return path


def read_rows(path: str | Path) -> list[dict]:
    """The rows of a ``.csv`` or ``.parquet`` file written by :func:`write_rows`.

    >>> import tempfile, pathlib
    >>> from ninekit.simulate import simulate
    >>> rows = simulate("double_nine", 2, ["random"], seed=2)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     read_rows(write_rows(rows, pathlib.Path(tmp, "r.csv"))) == rows
    True
    """
    path = Path(path)
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as file:
            return read_csv(file)
    if path.suffix != ".parquet":
        raise ValueError(f"can read {' or '.join(OUTPUT_SUFFIXES)} files only (got {str(path)!r})")
    rows = _need("pyarrow.parquet").read_table(path).to_pylist()
    for row in rows:
        row["options"] = json.loads(row["options"])
    return [{column: row[column] for column in ROW_COLUMNS} for row in rows]
