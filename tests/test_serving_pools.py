"""Preheated pools never take a visitor's place (ninekit_serving.ClassroomKernelManager), driven without processes.

Voila wraps the manager in its preheating subclass; a stand-in of that subclass (the two methods Voila's page
handler uses, its pools as lists of asyncio tasks) shows: a pool hands out only ready kernels, the pools stop
short of the cap, and a visitor at the cap takes the place of another page's idle preheated kernel.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyter_server")

from ninekit_serving import Busy, ClassroomKernelManager, utcnow  # noqa: E402


class StandInVoila(ClassroomKernelManager):
    """The part of Voila's VoilaKernelManager the page handler uses: ``get_pool_size`` and
    ``get_rendered_notebook`` (hands out the first task of the pool)."""

    def get_pool_size(self, notebook_name):
        return len(self._pools.get(notebook_name, []))

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        content = await self._pools[notebook_name].pop(0)
        return content["task"], [], content["kernel_id"]

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        """As Voila's: it reads every pool entry's result (an entry that failed would raise here)."""
        for pool in self._pools.values():
            for i, entry in enumerate(pool):
                if entry.done() and entry.result().get("kernel_id") == kernel_id:
                    pool.pop(i)
                    break
        self.shut.append(kernel_id)
        self._kernels.pop(kernel_id, None)


def _run(coroutine_function):
    """Run on an event loop of its own in a thread of its own (Playwright may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result(timeout=30)


def _manager(max_kernels: int, pools: dict) -> tuple:
    """A manager whose pools hold ready kernels named as given ({"apps/a.ipynb": ["k1", "k2"]}), each counted as
    alive; the list of kernels it shut down; and the coroutine function that fills the pools (on the loop)."""
    manager = StandInVoila(max_kernels=max_kernels)
    manager._pools = {}
    manager.shut = shut = []

    async def fill():
        loop = asyncio.get_running_loop()
        for name, kernels in pools.items():
            manager._pools[name] = []
            for kid in kernels:
                future = loop.create_future()
                future.set_result({"kernel_id": kid, "task": loop.create_future(), "renderer": None})
                manager._pools[name].append(future)
                manager._kernels[kid] = SimpleNamespace(execution_state="idle", last_activity=utcnow())

    return manager, shut, fill


def test_a_pool_hands_out_only_ready_kernels_and_drops_failed_ones():
    """A pool entry still starting, or one that could not start (e.g. refused by the cap), never reaches a visitor;
    the page handler sees only the ready ones."""
    manager, _shut, _fill = _manager(10, {})

    async def scenario():
        loop = asyncio.get_running_loop()
        failed, pending, ready = loop.create_future(), loop.create_future(), loop.create_future()
        failed.set_exception(Busy("the preheated pools leave the remaining kernels to visitors"))
        ready.set_result({"kernel_id": "ready", "task": loop.create_future(), "renderer": None})
        manager._pools["apps/a.ipynb"] = [failed, pending, ready]
        size = manager.get_pool_size("apps/a.ipynb")
        _task, _cells, handed = await manager.get_rendered_notebook("apps/a.ipynb")
        pending.cancel()
        return size, handed, manager.get_pool_size("apps/a.ipynb")

    assert _run(scenario) == (1, "ready", 0)


def test_the_pools_stop_short_of_the_cap():
    """Preheating leaves visitor_reserve kernels of the cap to visitors: a pool start beyond it is refused."""
    manager, _shut, fill = _manager(8, {"index.ipynb": ["g1", "g2", "g3"], "apps/a.ipynb": ["a1", "a2", "a3"]})
    _run(fill)
    assert manager.visitor_reserve == 2 and manager._pools_full()
    with pytest.raises(Busy):
        _run(lambda: manager._take_slot(preheat=True))


def test_a_visitor_at_the_cap_takes_the_place_of_an_idle_pool_kernel_of_the_fullest_pool():
    """Every student gets in: at the cap, a visitor's kernel start shuts down an idle preheated kernel (of the
    fullest pool) instead of refusing, even with a pool entry that could not start (Voila's shutdown read its
    error and failed); with no pool kernel left, the busy page."""
    manager, shut, fill = _manager(4, {"index.ipynb": ["g1"], "apps/a.ipynb": ["a1", "a2"]})

    async def scenario():
        await fill()
        refused = asyncio.get_running_loop().create_future()
        refused.set_exception(Busy("the preheated pools leave the remaining kernels to visitors"))
        manager._pools["apps/b.ipynb"] = [refused]
        manager._kernels["visitor"] = object()  # 4 kernels: the cap
        await manager._take_slot(preheat=False)
        manager._starting -= 1  # (the stand-in starts nothing)
        return list(shut), manager.get_pool_size("apps/a.ipynb")

    assert _run(scenario) == (["a2"], 1)

    crowded, shut, fill = _manager(2, {})

    async def full():
        await fill()
        crowded._kernels.update({"v1": object(), "v2": object()})
        await crowded._take_slot(preheat=False)

    with pytest.raises(Busy):
        _run(full)
    assert shut == []


def test_a_kernel_whose_page_never_connects_is_shut_down_within_seconds():
    """No lockout: a kernel handed to a page (a plain HTTP request, a tab closed while loading) that does not
    connect within connect_timeout of its last activity is shut down, not kept for the idle timeout; a page
    that connects keeps its kernel, and a kernel busy rendering its page is not counted as waiting."""
    from datetime import timedelta

    manager, shut, fill = _manager(10, {"apps/a.ipynb": ["a1", "a2", "a3"]})
    manager.connect_timeout = 30

    async def scenario():
        await fill()
        for _ in range(3):
            await manager.get_rendered_notebook("apps/a.ipynb")
        first = await manager._reap_once()  # just handed out: waiting is fine
        manager.notify_connect("a2")  # this page connected
        manager._kernels["a3"].execution_state = "busy"
        past = manager._handed["a1"] - timedelta(seconds=31)
        for kid in ("a1", "a3"):
            manager._handed[kid] = past
        for kid in ("a1", "a2", "a3"):
            manager._kernels[kid].last_activity = past
        return first, await manager._reap_once()

    assert _run(scenario) == ([], ["a1"])
    assert shut == ["a1"]


def test_one_client_holds_at_most_max_per_client_kernels_the_others_are_served():
    """No lockout: pages one address asks for beyond max_per_client get the busy page, for that address only."""
    from ninekit_serving import CLIENT

    manager, _shut, fill = _manager(20, {"apps/a.ipynb": ["a1", "a2", "a3", "a4"]})
    manager.max_per_client = 2

    async def scenario():
        await fill()
        CLIENT.set("10.0.0.5")
        for _ in range(2):
            await manager.get_rendered_notebook("apps/a.ipynb")
        try:
            await manager.get_rendered_notebook("apps/a.ipynb")
        except Busy as refused:
            why = refused.log_message
        else:
            why = None
        CLIENT.set("10.0.0.6")  # another student
        _task, _cells, kernel = await manager.get_rendered_notebook("apps/a.ipynb")
        return why, kernel

    why, kernel = _run(scenario)
    assert why and "this device" in why and kernel == "a3"


def test_the_kernel_handed_to_a_page_learns_its_client_for_the_resume_store():
    """Kept games are bounded per client: the manager notes the client's address for the kernel it hands to a
    page (a file named by the kernel id, in the folder every kernel inherits); the kernel reads it back with
    widgets.resume.kernel_client; the note goes with the kernel."""
    import os

    from ninekit_serving import CLIENT, CLIENT_DIR_ENV
    from widgets.resume import CLIENT_DIR_ENV as READ_FROM
    from widgets.resume import kernel_client

    manager, _shut, fill = _manager(20, {"apps/a.ipynb": ["c1", "c2"]})

    async def scenario():
        await fill()
        CLIENT.set("10.0.0.5")
        await manager.get_rendered_notebook("apps/a.ipynb")

    _run(scenario)
    assert READ_FROM == CLIENT_DIR_ENV and os.environ[CLIENT_DIR_ENV] == manager.client_dir
    assert kernel_client(connection_file="/run/jupyter/kernel-c1.json") == "10.0.0.5"
    assert kernel_client(connection_file="/run/jupyter/kernel-c2.json") is None  # still in the pool: no one's
    assert oct(os.stat(manager.client_dir).st_mode & 0o777) == "0o700"
    manager.remove_kernel("c1")
    assert kernel_client(connection_file="/run/jupyter/kernel-c1.json") is None


def test_voilas_page_handler_tells_the_manager_whose_page_it_serves():
    """The page handler is wrapped (once) to note the visitor's address: fails if a Voila upgrade changes it."""
    from voila.tornado.handler import TornadoVoilaHandler

    StandInVoila()
    StandInVoila()
    assert TornadoVoilaHandler.get._ninekit_client
    assert not getattr(TornadoVoilaHandler.get.__wrapped__, "_ninekit_client", False)


class _NewKernel:
    """A kernel as the manager sees it while it starts: one that stops as it starts (its port was taken), or one
    that answers."""

    def __init__(self, dies: bool):
        self.dies, self.execution_state, self.last_activity = dies, "starting", utcnow()

    def client(self):
        return SimpleNamespace(start_channels=lambda: None, stop_channels=lambda: None, wait_for_ready=self._ready)

    async def _ready(self, timeout):
        if self.dies:
            raise RuntimeError("Kernel died before replying to kernel_info")

    async def is_alive(self):
        return not self.dies


@pytest.mark.parametrize("deaths, served", [(1, True), (2, False)])
def test_a_kernel_that_stops_as_it_starts_is_started_once_more(monkeypatch, deaths, served):
    """Rule of serving: a new kernel that stops as it starts (in CI a port was taken between being chosen and
    being bound: "Address already in use") is started once more, so the visitor gets the app, not the busy page;
    when the second one stops too, the visitor is told the server is busy, and no kernel is left behind."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from ninekit_serving import CLIENT

    started, shut = [], []

    async def start(self, *args, **kwargs):
        kernel_id = f"k{len(started) + 1}"
        started.append(kernel_id)
        self._kernels[kernel_id] = _NewKernel(dies=len(started) <= deaths)
        return kernel_id

    async def shutdown(self, kernel_id, *args, **kwargs):
        shut.append(kernel_id)
        self._kernels.pop(kernel_id, None)

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(ClassroomKernelManager, "shutdown_kernel", shutdown)
    manager = ClassroomKernelManager(max_kernels=10)

    async def scenario():
        CLIENT.set("10.0.0.7")
        try:
            return await manager.start_kernel(kernel_name="python3")
        except Busy as refused:
            return refused.log_message

    outcome = _run(scenario)
    if served:
        assert (outcome, started, shut) == ("k2", ["k1", "k2"], ["k1"])
    else:
        assert outcome == "a new kernel stopped as it started" and started == shut == ["k1", "k2"]
