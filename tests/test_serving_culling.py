"""Idle culling spares a kernel no page has connected to yet (ninekit_serving.ClassroomKernelManager).

Voila's preheated pool keeps kernels waiting, sometimes longer than the cull timeout.  When one is handed to a
visitor it leaves the pool; until the visitor's page connects, a sweep used to find it idle for too long and
cull it, leaving a dead page ("Kernel does not exist").  These tests drive the manager's sweep directly
with stand-in kernels (no process is started).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyter_server")

from ninekit_serving import ClassroomKernelManager, utcnow  # noqa: E402

TIMEOUT = 180


def _manager_with(kernel_id: str, idle_seconds: float) -> tuple[ClassroomKernelManager, list[str]]:
    """A manager holding one stand-in kernel idle for ``idle_seconds``, and the list of kernels it shut down."""
    manager = ClassroomKernelManager(cull_idle_timeout=TIMEOUT, cull_connected=False, cull_busy=False)
    kernel = SimpleNamespace(
        last_activity=utcnow() - timedelta(seconds=idle_seconds),
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )
    manager._kernels[kernel_id] = kernel
    manager._kernel_connections[kernel_id] = 0
    shut: list[str] = []

    async def shutdown_kernel(kid, *args, **kwargs):
        shut.append(kid)
        manager.remove_kernel(kid)

    manager.shutdown_kernel = shutdown_kernel
    return manager, shut


def _sweep(manager: ClassroomKernelManager, kernel_id: str) -> None:
    """One sweep of the culler over ``kernel_id``, on an event loop of its own in a thread of its own (a test
    run before this one, e.g. Playwright's, may have left an event loop running in this thread)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, manager.cull_kernel_if_idle(kernel_id)).result(timeout=30)


def test_culling_spares_a_preheated_kernel_handed_out_before_its_page_connects():
    """Idle culling (docs/deploying.md): a kernel that waited 218 s in the pool and was just handed to a
    visitor is not culled by the next sweep; its idle clock starts at that sweep."""
    manager, shut = _manager_with("k1", idle_seconds=218)
    _sweep(manager, "k1")
    assert shut == []
    assert utcnow() - manager._kernels["k1"].last_activity < timedelta(seconds=5)


def test_culling_reclaims_a_kernel_whose_page_never_connects_a_timeout_later():
    """The page never connected: once the clock started by the first sweep has run a whole timeout, it goes."""
    manager, shut = _manager_with("k1", idle_seconds=218)
    _sweep(manager, "k1")
    manager._kernels["k1"].last_activity -= timedelta(seconds=TIMEOUT + 1)
    _sweep(manager, "k1")
    assert shut == ["k1"]
    assert "k1" not in manager._clock_started


def test_culling_of_a_kernel_whose_page_connected_counts_from_the_disconnection():
    """A kernel a page connected to is culled as before: a timeout after its last connection closed."""
    manager, shut = _manager_with("k1", idle_seconds=0)
    manager.notify_connect("k1")
    manager.notify_disconnect("k1")
    _sweep(manager, "k1")
    assert shut == []  # the clock started at the disconnection
    manager._kernels["k1"].last_activity -= timedelta(seconds=TIMEOUT + 1)
    _sweep(manager, "k1")
    assert shut == ["k1"]


def test_culling_leaves_a_connected_kernel_alone():
    """cull_connected is false: a page still connected keeps its kernel however long it was idle."""
    manager, shut = _manager_with("k1", idle_seconds=10 * TIMEOUT)
    manager.notify_connect("k1")
    _sweep(manager, "k1")
    _sweep(manager, "k1")
    assert shut == []


def test_culling_spares_a_kernel_still_starting_on_a_busy_machine():
    """A new kernel that takes longer than the cull timeout to start (a busy machine) is spared at every sweep
    while it is "starting": its page cannot have connected yet.  Seen in the browser tests with a 3 s timeout
    ("Culling 'starting' kernel ... due to 3 seconds of inactivity", then "Kernel does not exist" for the page).
    Once started, an unconnected kernel is culled as before."""
    manager, shut = _manager_with("k1", idle_seconds=TIMEOUT + 10)
    manager._kernels["k1"].execution_state = "starting"
    for _ in range(3):
        manager._kernels["k1"].last_activity = utcnow() - timedelta(seconds=TIMEOUT + 10)
        _sweep(manager, "k1")
        assert shut == []
    manager._kernels["k1"].execution_state = "idle"
    manager._kernels["k1"].last_activity = utcnow() - timedelta(seconds=TIMEOUT + 10)
    _sweep(manager, "k1")
    assert shut == ["k1"]
