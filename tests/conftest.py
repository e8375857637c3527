"""Settings for every test process (each pytest-xdist worker, and the Voila kernels its servers start).

Count of Nine's after-game search takes one of the machine's analyst slots (``ninekit.count_of_nine.best``:
``ANALYSTS`` file locks in ``NINEKIT_ANALYST_SLOTS``, machine-wide, so a class's kernels cannot take every CPU).
In a test run the two workers, and any other ninekit on the machine, would then wait on each other's searches: a
widget test that takes half a second alone waited 80 s for the search of a browser game on the other worker.
Each worker gets slots of its own; the bound itself is tested in tests/test_analyst_bounds.py.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

if "NINEKIT_ANALYST_SLOTS" not in os.environ:
    SLOTS = os.path.join(tempfile.gettempdir(), f"ninekit-analysts-test-{os.getpid()}")
    os.environ["NINEKIT_ANALYST_SLOTS"] = SLOTS
    atexit.register(shutil.rmtree, SLOTS, ignore_errors=True)
