"""The order the tests outside tests/browser start in (make test runs them on two workers beside the browser tests,
a whole file per worker in collection order: ``--dist loadfile --no-loadscope-reorder``): the longest files first,
so that no long file starts last and runs on alone (each about 10 to 40 s of a worker's time; measured with
``--durations=0``).  tests/browser/conftest.py orders the browser tests the same way."""

from __future__ import annotations

from pathlib import Path

LONGEST_FIRST = ("test_secrets.py", "test_hints.py", "test_simulate.py", "test_undo_secrecy.py",
                 "test_widgets_hint.py", "test_conformance.py", "test_widgets_double_nine.py",
                 "test_widgets_code_of_nine.py", "test_analyst_bounds.py")


def pytest_collection_modifyitems(items):
    """Put the files of ``LONGEST_FIRST`` first, in that order; the rest keep their collection order."""
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}

    def key(item) -> int:
        path = Path(str(item.fspath))
        return rank.get(path.name, len(rank)) if path.parent.name == "tests" else len(rank)

    items.sort(key=key)
