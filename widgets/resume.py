"""Keep a game in progress on the server, so a reload or an accidental close does not lose it.

Two halves:

* :class:`ResumeStore` (the server half, in :mod:`widgets.resume_store`; no widgets there) keeps one small
  JSON file per game on the server, named by a random *token* the store issued and signed.  Entries expire, the
  store and each client's share of it are bounded, and a bad token, file or folder never raises.
* :class:`ResumeLink` is the browser half: an invisible widget that keeps *only the token* in the
  page's ``localStorage`` and sends it to Python when the page is (re)loaded.  The game itself,
  with every seat's secrets, never reaches the browser.  It can also ask before the page is left
  (``guard_leave``).

An app wires them like this (a game's state goes in as its save text)::

    store, link = ResumeStore(), ResumeLink(key="nine_knights")

    def got_token(token):
        saved = store.get(token) if token else None
        if saved is not None:
            app.load_text(saved["save"])
        else:
            token = store.new_token()
            link.remember(token)
        ...  # from now on, after every move: store.put(token, {"save": app.save_text()})

    link.on_token(got_token)

    >>> import tempfile
    >>> store = ResumeStore(tempfile.mkdtemp())
    >>> token = store.new_token()
    >>> store.put(token, {"save": "{}"})
    True
    >>> store.get(token), store.get("../../etc/passwd")
    ({'save': '{}'}, None)
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import anywidget
import ipywidgets
import traitlets

from .front import front_text
from .resume_store import (
    CLIENT_DIR_ENV,
    KEY_PATTERN,
    MAX_ENTRY_BYTES,
    STORAGE_PREFIX,
    ResumeStore,
    client_key,
    default_directory,
    kernel_client,
    valid_token,
)

__all__ = ["CLIENT_DIR_ENV", "LEAVE_GATE_SCRIPT", "MAX_ENTRY_BYTES", "ResumeLink", "ResumeStore", "STORAGE_PREFIX",
           "client_key", "default_directory", "kernel_client", "valid_token"]

log = logging.getLogger("ninekit.resume")

# The page's leave gate, for the page template to load before any other script (Voila's listener is set up
# later): ``<script>`` + LEAVE_GATE_SCRIPT + ``</script>`` in the head.  A ResumeLink with guard_leave True
# counts itself in with ``window.ninekitLeaveGate.add()``.  While any guard is in, the gate's beforeunload
# listener, the first on the window, asks before the page is left and stops the later listeners, among them
# Voila's, which shuts the kernel down at once (so choosing to stay would leave a dead page).  They run when
# the page really goes (pagehide).  Without the gate a ResumeLink asks on its own, and under Voila the
# kernel is shut down even if the visitor stays (a reload then resumes the game from the ResumeStore).  The script is
# widgets/front/leave_gate.js; the ninekit template holds a copy (tests/test_resume.py checks it is the same).
LEAVE_GATE_SCRIPT = front_text("leave_gate.js")


class ResumeLink(anywidget.AnyWidget):
    """The browser half of resuming: keeps only a token in the page's ``localStorage``, under ``key``.

    Each time the widget is shown (each page load) the page sends the token it holds for ``key``
    (``"ninekit-resume:" + key`` in ``localStorage``), or None; the ``on_token`` handlers get it,
    checked (a malformed token arrives as None).  ``remember(token)`` makes the page keep a token,
    ``forget()`` makes it drop it; both reach the page once the widget is shown (an ``on_token`` call
    says it is).  While ``guard_leave`` is True the browser asks before the page is left (if the
    visitor has interacted with it, as browsers require).  Under Voila, choosing to stay keeps the
    game alive only if the page loads :data:`LEAVE_GATE_SCRIPT` first (see there).  The widget takes
    no room on the page.

    >>> link = ResumeLink(key="nine_knights")
    >>> seen = []
    >>> link.on_token(seen.append)
    >>> link.receive({"event": "token", "token": "abcdefghijklmnopqrstuvwx"})
    >>> link.receive({"event": "token", "token": "../../secret"})
    >>> seen
    ['abcdefghijklmnopqrstuvwx', None]
    """

    _esm = front_text("resume.js", PREFIX=STORAGE_PREFIX)
    key = traitlets.Unicode("ninekit").tag(sync=True)
    guard_leave = traitlets.Bool(False).tag(sync=True)

    def __init__(self, key: str = "ninekit", on_token: Callable[[str | None], object] | None = None, **kwargs):
        kwargs.setdefault("layout", ipywidgets.Layout(display="none"))
        super().__init__(key=key, **kwargs)
        self._token_handlers: list[Callable[[str | None], object]] = []
        self.token: str | None = None  # the last token the page sent or Python remembered
        if on_token is not None:
            self.on_token(on_token)
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    @traitlets.validate("key")
    def _check_key(self, proposal) -> str:
        value = proposal["value"]
        if not KEY_PATTERN.fullmatch(value):
            raise traitlets.TraitError(f"key must be 1 to 64 of A-Z a-z 0-9 _ . - (got {value!r})")
        return value

    def on_token(self, handler: Callable[[str | None], object]) -> None:
        """Call ``handler(token)`` each time the page reports its token (None: it holds none).

        >>> link, seen = ResumeLink(key="k"), []
        >>> link.on_token(seen.append); link.receive({"event": "token", "token": None}); seen
        [None]
        """
        self._token_handlers.append(handler)

    def remember(self, token: str) -> None:
        """Make the page keep ``token`` (in ``localStorage``); a malformed token raises ValueError.

        >>> link = ResumeLink(key="k")
        >>> link.remember("abcdefghijklmnopqrstuvwx"); link.token
        'abcdefghijklmnopqrstuvwx'
        """
        if valid_token(token) is None:
            raise ValueError("not a resume token (16 to 64 of A-Z a-z 0-9 _ -)")
        self.token = token
        self._tell({"event": "remember", "token": token})

    def forget(self) -> None:
        """Make the page drop its token, so the next load starts afresh.

        >>> link = ResumeLink(key="k"); link.forget(); link.token is None
        True
        """
        self.token = None
        self._tell({"event": "forget"})

    def receive(self, content, buffers=()) -> None:
        """Handle a message from the page; only ``{"event": "token", "token": ...}`` means anything.

        >>> ResumeLink(key="k").receive(["not", "a", "dict"])   # ignored
        """
        if not isinstance(content, dict) or content.get("event") != "token":
            return
        token = valid_token(content.get("token"))
        self.token = token
        for handler in list(self._token_handlers):
            try:
                handler(token)
            except Exception:  # noqa: BLE001 - never raise into the kernel
                log.warning("a ResumeLink token handler failed", exc_info=True)

    def _tell(self, content: dict) -> None:
        try:
            self.send(content)
        except Exception:  # noqa: BLE001 - a closed comm must not raise into the page
            log.warning("ResumeLink could not reach the page", exc_info=True)
