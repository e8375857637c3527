"""Serving ninekit's Voila apps to a class: the kernel manager the repo's ``voila.json`` names.

Voila starts one kernel (a Python process, about 60 MB) per open page.  ``ClassroomKernelManager`` is
jupyter_server's kernel manager with three additions, each a configurable setting (see docs/deploying.md):

- ``max_kernels``: a cap on the kernels alive at once (preheated ones included).  A visitor beyond it gets
  the template's ``503.html`` ("busy, please retry in a minute") instead of a page that never loads.
- ``max_starting`` / ``start_queue_timeout``: at most that many kernels start at the same time; other
  visitors wait in line (their page is simply slower) and get the busy page only if the line has not
  moved for them within the timeout.  On a 2-core machine, 20 kernels starting together all take ~20x
  as long and Voila gave up on every one; in line, they finish one after another.
- A new kernel that stops as it starts (one of its ports taken by another process between being chosen and
  being bound, a race of kernels starting at once) is started once more before the visitor is told the server
  is busy.
- ``max_background_starting``: kernels Voila's preheated pool starts (to refill it) wait behind visitors
  and start at most that many at a time, so that refilling never takes every CPU from the visitors.
- preheated kernels never take a visitor's place: the pools together fill only up to ``max_kernels`` less
  ``visitor_reserve``, and a visitor who finds the cap reached takes the place of an idle preheated kernel
  of another page (from the fullest pool), which is shut down; only when every kernel is a visitor's does a
  visitor get the busy page.  A pool hands out only kernels that are ready: a pool kernel still starting, or
  one that could not start, never turns a visitor's page into an error (the visitor gets a fresh kernel, in
  line, or the busy page).
- the idle clock of a kernel restarts when its last browser connection closes, so idle culling
  (``MappingKernelManager.cull_idle_timeout``, ``cull_connected`` false) reclaims a kernel that many
  seconds after its page went away, whatever the player was doing before: a student who thought for ten
  minutes and then lost Wi-Fi for a moment keeps the game.
- ``max_per_client``: one client (one address) holds at most that many kernels at a time; a page it asks
  for beyond that gets the busy page, for that client only.  The address is the request's (behind a
  proxy, start Voila with ``--ServerApp.trust_xheaders=True`` so that it is the student's, not the proxy's).
- the kernel learns whose page it serves: at hand-over the manager writes the client's address in a file
  named by the kernel's id, in a private folder (``$NINEKIT_CLIENT_DIR``, made at start and inherited by
  every kernel); the resume store (widgets/resume.py, ``kernel_client``) bounds the games one client keeps.
- ``connect_timeout``: a kernel handed to a page (fresh, or from a pool) that the page has not connected to
  within that many seconds of its last activity is shut down: a plain HTTP request, or a page closed while
  loading, no longer holds a kernel for the whole idle timeout (a loop of such requests locked a class out).
- a kernel no page has connected to yet gets the whole timeout from the first sweep that finds it outside
  Voila's pool: a preheated kernel that waited in the pool longer than the timeout is not culled in the
  moment between being handed to a visitor and the visitor's page connecting to it (which left a dead page).

It is a plain class: Voila (``VoilaConfiguration.multi_kernel_manager_class``) wraps it with its preheating
pool when ``preheat_kernel`` is on.  Standard library, tornado, traitlets and jupyter_server only.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import logging
import os
import shutil
import tempfile
import time

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer, default

try:  # jupyter_server >= 2
    from jupyter_server._tz import utcnow
except ImportError:  # pragma: no cover
    from datetime import datetime, timezone

    def utcnow():
        return datetime.now(timezone.utc)


# The address of the visitor whose page is being served: set by the page handler (see _remember_clients) for the
# kernel manager's calls made while serving it.
CLIENT: contextvars.ContextVar = contextvars.ContextVar("ninekit_client", default=None)

# The folder where the kernel of each page finds its client's address (a file named by the kernel id); the same
# name is read in the kernel by widgets.resume.kernel_client.
CLIENT_DIR_ENV = "NINEKIT_CLIENT_DIR"

BUSY_STATUS = 503
BUSY_REASON = "Busy"


class Busy(HTTPError):
    """Raised to the page handler when a visitor cannot get a kernel now; Voila renders ``503.html``."""

    def __init__(self, why: str):
        super().__init__(BUSY_STATUS, why, reason=BUSY_REASON)


class DiedAtStart(Busy):
    """A new kernel stopped before it answered (e.g. one of its ports was taken by another process between
    being chosen and being bound, a race of kernels starting at once): it is started once more."""


# How many times a kernel that died as it started is started in all, before the visitor is told the server is busy.
START_ATTEMPTS = 2


def _is_preheat(kwargs: dict) -> bool:
    """Whether Voila's preheated pool (not a waiting visitor) asks for this kernel."""
    return str((kwargs.get("env") or {}).get("VOILA_PREHEAT", "")).lower() == "true"


def _ready(task) -> bool:
    """Whether a pool entry (an asyncio task) holds a kernel ready to hand out."""
    return task.done() and not task.cancelled() and task.exception() is None


def _ready_first(pool: list) -> None:
    """Drop the entries that failed (a kernel that could not start) and put the ready ones first, in place."""
    pool[:] = [t for t in pool if _ready(t)] + [t for t in pool if not t.done()]


def _counting_ready(get_pool_size):
    def counted(self, notebook_name: str) -> int:
        """How many ready kernels the pool of ``notebook_name`` holds (Voila's handler serves a visitor from the
        pool only if this is not 0; otherwise the visitor gets a fresh kernel, in line)."""
        pool = self._pools.get(notebook_name)
        if not pool:
            return 0
        _ready_first(pool)
        return sum(map(_ready, pool))
    return counted


def _handing_out_ready(get_rendered_notebook):
    async def handed_out(self, notebook_name, *args, **kwargs):
        self._check_client()
        pool = self._pools.get(notebook_name)
        if pool:
            _ready_first(pool)  # Voila hands out the first entry
        render_task, rendered, kernel_id = await get_rendered_notebook(self, notebook_name, *args, **kwargs)
        self._handed_to_page(kernel_id)
        return render_task, rendered, kernel_id
    return handed_out


def _pruning_first(shutdown_kernel):
    async def pruned(self, kernel_id, *args, **kwargs):
        # Voila's shutdown_kernel reads every pool entry's result, and one that could not start would raise
        # its error there: the kernel of a closed page (or one making room for a visitor) was never shut down.
        for pool in self._pools.values():
            _ready_first(pool)
        return await shutdown_kernel(self, kernel_id, *args, **kwargs)
    return pruned


def _remember_clients() -> None:
    """Make Voila's page handler note the visitor's address (``CLIENT``) while it serves the page, so that the
    kernel manager knows whose page a kernel is for.  Voila has no setting for it: its handler's ``get`` is
    wrapped, once (tests/test_serving_pools.py fails if a Voila version changes the handler)."""
    try:
        from voila.tornado.handler import TornadoVoilaHandler
    except ImportError:  # pragma: no cover - no Voila: nothing to wrap
        return
    served = TornadoVoilaHandler.get
    if getattr(served, "_ninekit_client", False):
        return

    async def get(self, *args, **kwargs):
        CLIENT.set(self.request.remote_ip)
        return await served(self, *args, **kwargs)

    get._ninekit_client = True
    get.__wrapped__ = served
    TornadoVoilaHandler.get = get


def _client_dir() -> str:
    """The folder of client files: ``$NINEKIT_CLIENT_DIR`` if this server (or its parent) made it, else a new
    private one (mode 0o700), removed at exit and named in the environment that every kernel inherits."""
    chosen = os.environ.get(CLIENT_DIR_ENV)
    if chosen and os.path.isdir(chosen):
        return chosen
    made = tempfile.mkdtemp(prefix="ninekit-clients-")
    os.environ[CLIENT_DIR_ENV] = made
    atexit.register(shutil.rmtree, made, True)
    return made


def _write_private(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (mode 0o600) atomically; a failure is only logged (the store then has no client)."""
    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError:
        logging.getLogger("ninekit.serving").warning("could not note the client of a kernel in %s", path)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """A kernel cap with a busy page, a start queue, and an idle clock that starts at disconnection."""

    max_kernels = Integer(
        0,
        config=True,
        help="Most kernels alive at once, preheated ones included (0: no cap). Beyond it a visitor gets the "
        "busy page (HTTP 503).",
    )
    max_starting = Integer(
        config=True,
        help="Most kernels starting at the same time; further visitors wait in line. Default: the number of CPUs.",
    )
    max_background_starting = Integer(
        1,
        config=True,
        help="Most kernels the preheated pool starts at the same time (they also wait for visitors in line).",
    )
    start_queue_timeout = Float(
        45.0,
        config=True,
        help="Seconds a visitor waits in line to start a kernel before getting the busy page.",
    )
    visitor_reserve = Integer(
        config=True,
        help="Kernels under max_kernels that the preheated pools leave free for visitors. Default: a quarter of "
        "max_kernels, at least 2.",
    )
    max_per_client = Integer(
        6,
        config=True,
        help="Most kernels one client (one address) holds at once (0: no limit); beyond it, that client gets the "
        "busy page.",
    )
    connect_timeout = Float(
        30.0,
        config=True,
        help="Seconds a kernel handed to a page may wait, after its last activity, for the page to connect before "
        "it is shut down (0: only the idle cull).",
    )
    ready_timeout = Float(
        60.0,
        config=True,
        help="Seconds a new kernel has to answer (kernel_info) before it is shut down and the visitor told "
        "the server is busy.",
    )

    @default("max_starting")
    def _default_max_starting(self):
        return max(1, os.cpu_count() or 1)

    @default("visitor_reserve")
    def _default_visitor_reserve(self):
        return max(2, self.max_kernels // 4)

    def __init_subclass__(cls, **kwargs):
        """Voila wraps this class in its preheating manager, a subclass: there, a pool hands out only kernels that
        are ready (see :func:`_ready_first`)."""
        super().__init_subclass__(**kwargs)
        if all(name in cls.__dict__ for name in ("get_pool_size", "get_rendered_notebook", "shutdown_kernel")):
            cls.get_pool_size = _counting_ready(cls.__dict__["get_pool_size"])
            cls.get_rendered_notebook = _handing_out_ready(cls.__dict__["get_rendered_notebook"])
            cls.shutdown_kernel = _pruning_first(cls.__dict__["shutdown_kernel"])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._in_line = 0  # visitors waiting for a start slot
        self._starting = 0  # kernels holding a start slot
        self._starting_background = 0  # of which the preheated pool's
        self._slot_freed: asyncio.Condition | None = None
        self._connected_once: set[str] = set()  # kernels a page has connected to
        self._clock_started: set[str] = set()  # kernels never connected whose idle clock a sweep started
        self._handed: dict = {}  # kernel id -> when it was handed to a page that has not connected yet
        self._clients: dict = {}  # kernel id -> the address of the client it was handed to
        self.client_dir = _client_dir()
        _remember_clients()
        self._reaper: asyncio.Task | None = None

    # --- the cap and the start queue ---------------------------------------------------

    def _condition(self) -> asyncio.Condition:
        if self._slot_freed is None:  # created lazily, on the server's event loop
            self._slot_freed = asyncio.Condition()
        return self._slot_freed

    def _may_start(self, preheat: bool) -> bool:
        if self._starting >= self.max_starting:
            return False
        if preheat:  # the pool waits behind visitors, and takes at most max_background_starting slots
            return not self._in_line and self._starting_background < self.max_background_starting
        return True

    def _over_cap(self) -> bool:
        return bool(self.max_kernels) and len(self._kernels) + self._starting >= self.max_kernels

    def _pools_full(self) -> bool:
        """Whether the preheated pools may not start another kernel: they leave ``visitor_reserve`` free."""
        return bool(self.max_kernels) and (
            len(self._kernels) + self._starting >= max(0, self.max_kernels - self.visitor_reserve))

    async def _make_room(self) -> bool:
        """Shut down an idle preheated kernel of the fullest pool, for a visitor; False if there is none."""
        pools = getattr(self, "_pools", None) or {}
        fullest = max(pools.items(), key=lambda item: sum(map(_ready, item[1])), default=(None, []))
        ready = [task for task in fullest[1] if _ready(task)]
        if not ready:
            return False
        task = ready[-1]
        fullest[1].remove(task)
        content = task.result()
        content["task"].cancel()  # its page will never be served
        self.log.info("A visitor takes the place of a preheated kernel of %s", fullest[0])
        await ensure_async(self.shutdown_kernel(content["kernel_id"], now=True))
        return True

    async def _take_slot(self, preheat: bool) -> None:
        condition = self._condition()
        deadline = time.monotonic() + (self.start_queue_timeout if not preheat else 3600.0)
        async with condition:
            if not preheat:
                self._in_line += 1
            try:
                while not self._may_start(preheat):
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise Busy(f"no kernel could start within {self.start_queue_timeout:g} s")
                    try:
                        await asyncio.wait_for(condition.wait(), left)
                    except asyncio.TimeoutError:
                        pass
                if preheat and self._pools_full():
                    raise Busy("the preheated pools leave the remaining kernels to visitors")
                while not preheat and self._over_cap():
                    if not await self._make_room():
                        raise Busy(f"{self.max_kernels} kernels are running, the most this server allows")
                self._starting += 1
                self._starting_background += preheat
            finally:
                if not preheat:
                    self._in_line -= 1
                condition.notify_all()

    async def _give_slot(self, preheat: bool) -> None:
        condition = self._condition()
        async with condition:
            self._starting -= 1
            self._starting_background -= preheat
            condition.notify_all()

    async def start_kernel(self, *args, **kwargs):
        """Start a kernel once a start slot is free and the cap allows it; return when it answers.

        Raises ``Busy`` (HTTP 503, rendered by Voila as the template's ``503.html``) when the cap is reached
        or the line did not move within ``start_queue_timeout``.
        """
        if kwargs.get("kernel_id") is not None and kwargs["kernel_id"] in self:
            return await ensure_async(super().start_kernel(*args, **kwargs))
        preheat = _is_preheat(kwargs)
        if preheat and self._pools_full():
            raise Busy("the preheated pools leave the remaining kernels to visitors")
        if not preheat:
            self._check_client()
        await self._take_slot(preheat)
        try:
            for attempt in range(1, START_ATTEMPTS + 1):
                kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))
                try:
                    await self._wait_until_ready(kernel_id)
                    break
                except DiedAtStart:
                    if attempt == START_ATTEMPTS:
                        raise
                    self.log.warning("Kernel %s stopped as it started; starting another", kernel_id)
        finally:
            await self._give_slot(preheat)
        if not preheat:
            self._handed_to_page(kernel_id)
        return kernel_id

    # --- a page that never connects -----------------------------------------------------

    def _check_client(self) -> None:
        """Raise Busy if the client being served holds ``max_per_client`` kernels already."""
        client = CLIENT.get()
        if client is None or self.max_per_client <= 0:
            return
        held = sum(1 for kid, who in self._clients.items() if who == client and kid in self._kernels)
        if held >= self.max_per_client:
            raise Busy(f"this device holds {held} game pages already, the most one device may")

    def _handed_to_page(self, kernel_id: str) -> None:
        """Note whose page this kernel serves, and start the page's connect clock (see ``connect_timeout``)."""
        client = CLIENT.get()
        if client is not None:
            self._clients[kernel_id] = client
            _write_private(os.path.join(self.client_dir, kernel_id), client)
        if self.connect_timeout <= 0 or kernel_id in self._connected_once:
            return
        self._handed[kernel_id] = utcnow()
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()  # a preheated kernel's activity was long ago, in the pool
        if self._reaper is None or self._reaper.done():
            self._reaper = asyncio.get_event_loop().create_task(self._reap_unconnected())

    async def _reap_unconnected(self) -> None:
        while self._handed:
            await asyncio.sleep(max(0.5, min(5.0, self.connect_timeout / 4)))
            await self._reap_once()

    async def _reap_once(self) -> list[str]:
        """Shut down the kernels whose page has not connected within ``connect_timeout`` of their last activity
        (a kernel busy rendering its page is active); returns their ids."""
        reaped = []
        for kernel_id, handed_at in list(self._handed.items()):
            kernel = self._kernels.get(kernel_id)
            if kernel is None or kernel_id in self._connected_once:
                self._handed.pop(kernel_id, None)
                continue
            last = max(handed_at, getattr(kernel, "last_activity", handed_at))
            if getattr(kernel, "execution_state", "idle") != "busy" and \
                    (utcnow() - last).total_seconds() > self.connect_timeout:
                self._handed.pop(kernel_id, None)
                self.log.info("Kernel %s: its page never connected within %g s; shut down", kernel_id,
                              self.connect_timeout)
                await ensure_async(self.shutdown_kernel(kernel_id, now=True))
                reaped.append(kernel_id)
        return reaped

    async def _wait_until_ready(self, kernel_id: str) -> None:
        """Hold the start slot until the new kernel answers, so that starts really do take turns.  A kernel that
        does not answer is shut down: ``DiedAtStart`` if it had stopped, else ``Busy``."""
        kernel = self.get_kernel(kernel_id)
        client = kernel.client()
        client.start_channels()
        try:
            await ensure_async(client.wait_for_ready(timeout=self.ready_timeout))
        except RuntimeError as exc:
            died = not await ensure_async(kernel.is_alive())
            self.log.warning("Kernel %s did not answer within %g s: %s", kernel_id, self.ready_timeout, exc)
            await ensure_async(self.shutdown_kernel(kernel_id, now=True))
            if died:
                raise DiedAtStart("a new kernel stopped as it started") from exc
            raise Busy("a new kernel did not answer in time") from exc
        finally:
            client.stop_channels()

    # --- idle clock ---------------------------------------------------------------------

    def notify_connect(self, kernel_id):
        """Remember that a page has connected to this kernel."""
        super().notify_connect(kernel_id)
        if kernel_id in self._kernels:
            self._connected_once.add(kernel_id)
        self._handed.pop(kernel_id, None)

    async def cull_kernel_if_idle(self, kernel_id):
        """Cull as jupyter_server does, except that a kernel no page has connected to yet is spared at the
        first sweep that sees it (Voila's pool wrapper has already spared it while it waited in the pool),
        and its idle clock starts then.

        A preheated kernel can wait in the pool longer than the cull timeout; once Voila hands it to a
        visitor it leaves the pool, and until the visitor's page connects a sweep would find it idle for
        too long and cull it.  A page that never connects loses its kernel a timeout later.
        """
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and kernel_id not in self._connected_once and (
                kernel_id not in self._clock_started or getattr(kernel, "execution_state", "") == "starting"):
            # Spared at the first sweep, and at every sweep while it is still starting: on a busy machine a new
            # kernel can take longer than a short cull timeout to start, and its page could never have connected
            # yet (a kernel that never answers is shut down at start, ClassroomKernelManager.ready_timeout).
            self._clock_started.add(kernel_id)
            kernel.last_activity = utcnow()
            return None
        return await ensure_async(super().cull_kernel_if_idle(kernel_id))

    def remove_kernel(self, kernel_id):
        """Forget a kernel that has gone."""
        self._connected_once.discard(kernel_id)
        self._clock_started.discard(kernel_id)
        self._handed.pop(kernel_id, None)
        if self._clients.pop(kernel_id, None) is not None:
            try:
                os.unlink(os.path.join(self.client_dir, kernel_id))
            except OSError:
                pass
        return super().remove_kernel(kernel_id)

    def notify_disconnect(self, kernel_id):
        """When the last browser connection of a kernel closes, its idle time starts now."""
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id) == 0 and kernel_id in self._kernels:
            self._kernels[kernel_id].last_activity = utcnow()
