"""LoadButton: a "Load" button for ninekit saves that never trusts the browser about sizes.

The browser checks the chosen file's size against the limit *before* reading
it: a file that is too large is refused on the spot with a message saying
so, and its content is never sent (a message over the notebook websocket's
10 MiB limit would close the connection and leave the page dead until a
reload).  A file within the limit is read and sent to Python as one binary
buffer.  Python then checks the *real* length of what arrived, whatever
size the browser declared, and hands the bytes to the ``on_load`` handlers;
refusals go to the ``on_refuse`` handlers.  The file input is reset after
every attempt, so the same file can be chosen again and Load keeps working
after any failure.  Nothing here raises into the kernel.

    >>> loader = LoadButton(max_bytes=10)
    >>> got = []
    >>> loader.on_load(lambda name, data: got.append((name, data)))
    >>> loader.on_refuse(got.append)
    >>> loader.load("game.json", b"{}")
    True
    >>> loader.load("big.json", b"x" * 12)
    False
    >>> got
    [('game.json', b'{}'), 'That file is 12 bytes; a ninekit save is at most 10 bytes.']
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import anywidget
import traitlets

from ninekit.core import MAX_SAVE_BYTES

from .front import front_path, front_text

__all__ = ["LoadButton", "MAX_SAVE_BYTES", "WIRE_LIMIT_BYTES", "format_size", "too_large_message"]

# The notebook server closes a websocket on any message over 10 MiB (tornado's default); a file is
# never sent when it is larger than this, whatever max_bytes says, leaving room for the envelope.
WIRE_LIMIT_BYTES = 8 * 1024 * 1024
MAX_NAME_CHARS = 255

EMPTY_MESSAGE = "That file is empty; choose a ninekit save (.json)."
UNREADABLE_MESSAGE = "Could not read that file; choose a ninekit save (.json)."
MALFORMED_MESSAGE = "Could not load that file: the page sent something unexpected."
FAILED_MESSAGE = "Could not load that file."

log = logging.getLogger("ninekit.upload")


def wire_limited(max_bytes: int) -> int:
    """A ``max_bytes`` setting checked against what one websocket message may carry (a TraitError if not).

    >>> wire_limited(1000)
    1000
    """
    if not 1 <= max_bytes <= WIRE_LIMIT_BYTES:
        raise traitlets.TraitError(f"max_bytes must be between 1 and {WIRE_LIMIT_BYTES} (got {max_bytes})")
    return max_bytes


def format_size(size: int) -> str:
    """A byte count for people, in decimal units, as the browser shows it too.

    >>> [format_size(n) for n in (1, 999, 1000, 1_250, 999_949, 999_950, 1_000_000, 9_500_000)]
    ['1 byte', '999 bytes', '1 kB', '1.3 kB', '999.9 kB', '1 MB', '1 MB', '9.5 MB']
    """
    if size < 1000:
        return "1 byte" if size == 1 else f"{size} bytes"
    tenths, unit = (size + 50) // 100, "kB"
    if tenths >= 10_000:
        tenths, unit = (size + 50_000) // 100_000, "MB"
    whole, tenth = divmod(tenths, 10)
    return f"{whole}.{tenth} {unit}" if tenth else f"{whole} {unit}"


def too_large_message(size: int, max_bytes: int) -> str:
    """The refusal for a file of ``size`` bytes.

    >>> too_large_message(9_500_000, 1_000_000)
    'That file is 9.5 MB; a ninekit save is at most 1 MB.'
    >>> too_large_message(1_000_001, 1_000_000)   # rounded, both would read "1 MB"
    'That file is 1,000,001 bytes; a ninekit save is at most 1,000,000 bytes.'
    """
    shown, limit = format_size(size), format_size(max_bytes)
    if shown == limit:
        shown, limit = f"{size:,} bytes", f"{max_bytes:,} bytes"
    return f"That file is {shown}; a ninekit save is at most {limit}."





class LoadButton(anywidget.AnyWidget):
    """A "Load" button that opens the file dialog and hands a chosen save to Python, within ``max_bytes``.

    ``on_load(handler)``: ``handler(name, data)`` gets the file name and its bytes.
    ``on_refuse(handler)``: ``handler(message)`` gets why a file was refused, in words for the player.
    The refusal also shows next to the button (``message``) unless ``show_message`` is False, for an
    app that shows messages in a place of its own.
    """

    _esm = front_text("upload.js", WIRE_LIMIT=WIRE_LIMIT_BYTES)
    _css = front_path("upload.css")
    description = traitlets.Unicode("Load").tag(sync=True)
    tooltip = traitlets.Unicode("Load a saved .json game").tag(sync=True)
    accept = traitlets.Unicode(".json,application/json").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    show_message = traitlets.Bool(True).tag(sync=True)
    # The limit Python enforces is not synced, so the page cannot raise it; _max_bytes is the browser's copy.
    max_bytes = traitlets.Int(MAX_SAVE_BYTES)
    _max_bytes = traitlets.Int(MAX_SAVE_BYTES).tag(sync=True)

    def __init__(self, on_load: Callable[[str, bytes], object] | None = None,
                 on_refuse: Callable[[str], object] | None = None, **kwargs):
        super().__init__(**kwargs)
        self._load_handlers: list[Callable[[str, bytes], object]] = []
        self._refuse_handlers: list[Callable[[str], object]] = []
        if on_load is not None:
            self.on_load(on_load)
        if on_refuse is not None:
            self.on_refuse(on_refuse)
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    @traitlets.validate("max_bytes")
    def _check_max_bytes(self, proposal) -> int:
        return wire_limited(proposal["value"])

    @traitlets.observe("max_bytes")
    def _copy_max_bytes(self, change) -> None:
        self._max_bytes = change["new"]

    def on_load(self, handler: Callable[[str, bytes], object]) -> None:
        """Call ``handler(name, data)`` with each file loaded within the limit."""
        self._load_handlers.append(handler)

    def on_refuse(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(message)`` whenever a file is refused (too large, empty, unreadable, malformed)."""
        self._refuse_handlers.append(handler)

    def load(self, name: str, data) -> bool:
        """Do what a browser load of file ``name`` with content ``data`` does; True if the handlers got it.

        The limit applies to the real length of ``data``.  A handler that raises is logged, and the
        player is told the file could not be loaded.
        """
        try:
            view = memoryview(data)
        except TypeError:
            self.refuse(MALFORMED_MESSAGE)
            return False
        size = view.nbytes
        if size > self.max_bytes:
            self.refuse(too_large_message(size, self.max_bytes))
            return False
        if size == 0:
            self.refuse(EMPTY_MESSAGE)
            return False
        name = name[:MAX_NAME_CHARS] if isinstance(name, str) else ""
        payload = view.tobytes()
        self.message = ""
        for handler in list(self._load_handlers):
            try:
                handler(name, payload)
            except Exception:  # noqa: BLE001 - a bad file or handler must never raise into the page
                log.warning("a LoadButton load handler failed on %r (%d bytes)", name, size, exc_info=True)
                self.refuse(FAILED_MESSAGE)
                return False
        return True

    def refuse(self, message: str) -> None:
        """Show ``message`` (unless ``show_message`` is False) and pass it to the ``on_refuse`` handlers."""
        self.message = message
        for handler in list(self._refuse_handlers):
            try:
                handler(message)
            except Exception:  # noqa: BLE001 - never raise into the page
                log.warning("a LoadButton refuse handler failed", exc_info=True)

    def receive(self, content, buffers=()) -> None:
        """Handle a message from the browser; a malformed one is refused, never raised."""
        try:
            self._receive(content, list(buffers or ()))
        except Exception:  # noqa: BLE001 - never raise into the kernel
            log.warning("LoadButton could not handle a message from the page", exc_info=True)
            self.refuse(MALFORMED_MESSAGE)

    def _receive(self, content, buffers: list) -> None:
        event = content.get("event") if isinstance(content, dict) else None
        name = content.get("name") if isinstance(content, dict) else None
        name = name if isinstance(name, str) else ""
        if event == "load":
            if len(buffers) != 1:
                self.refuse(MALFORMED_MESSAGE)
                return
            self.load(name, buffers[0])  # the declared "size" is never used: load() measures the bytes
        elif event == "refuse" and content.get("reason") == "too_large":
            size = content.get("size")
            if type(size) is int and size > self.max_bytes:
                self.refuse(too_large_message(size, self.max_bytes))
            else:
                self.refuse(f"That file is too large; a ninekit save is at most {format_size(self.max_bytes)}.")
        elif event == "refuse" and content.get("reason") == "unreadable":
            self.refuse(UNREADABLE_MESSAGE)
        else:
            self.refuse(MALFORMED_MESSAGE)
