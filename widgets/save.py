"""SaveButton: a one-click "Save" button that downloads a ninekit save, made in Python when it is pressed.

Python registers a *provider* with ``on_save(fn)``; ``fn()`` returns ``(filename, text)``.  When the
button is pressed the page sends ``{"event": "save"}``; Python calls the provider, checks what it
returned (a file name and a text of at most ``max_bytes`` bytes in UTF-8), and sends the file back
(``{"event": "file", "name": ..., "text": ...}``); the page downloads it at once (a ``Blob`` behind a
temporary ``<a download>``).  Nothing is stored in the page.  If the provider raises, or returns
something too large or not a text, nothing is sent and the ``on_error`` handlers get a message in
players' words.  A short ``note`` shows beside the button (for example that the file holds every
seat's secrets).  Malformed messages from the page are ignored; nothing here raises into the kernel.

    >>> saver = SaveButton(note="The file holds every seat's secrets.")
    >>> saver.on_save(lambda: ("game.json", '{"format": 1}'))
    >>> errors = []
    >>> saver.on_error(errors.append)
    >>> saver.save()
    ('game.json', '{"format": 1}')
    >>> saver.max_bytes = 10
    >>> saver.on_save(lambda: ("big.json", "x" * 12))
    >>> saver.save() is None, errors
    (True, ['This game is too long to save: the file would be 12 bytes; a ninekit save is at most 10 bytes.'])
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import anywidget
import traitlets

from ninekit.core import MAX_SAVE_BYTES

from .front import front_path
from .upload import WIRE_LIMIT_BYTES, wire_limited  # one websocket message: the same limit both ways

__all__ = ["DEFAULT_NAME", "FAILED_MESSAGE", "MAX_SAVE_BYTES", "NO_PROVIDER_MESSAGE", "SaveButton", "WIRE_LIMIT_BYTES",
           "safe_filename"]

MAX_NAME_CHARS = 120
MAX_REQUEST_CHARS = 64
DEFAULT_NAME = "ninekit-save.json"

FAILED_MESSAGE = "Could not save this game."
NO_PROVIDER_MESSAGE = "There is nothing to save yet."

log = logging.getLogger("ninekit.save")

_UNSAFE_NAME = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')


def safe_filename(name: object, default: str = DEFAULT_NAME) -> str:
    """A file name the browser can save under: no folders, no control characters, at most 120 characters.

    >>> safe_filename("nine_knights-move12.json")
    'nine_knights-move12.json'
    >>> safe_filename("../../etc/passwd"), safe_filename(""), safe_filename(None)
    ('_.._etc_passwd', 'ninekit-save.json', 'ninekit-save.json')
    """
    if not isinstance(name, str):
        return default
    name = _UNSAFE_NAME.sub("_", name).strip(" .")
    if not name.strip("_"):
        return default
    if len(name) > MAX_NAME_CHARS:
        stem, dot, ext = name.rpartition(".")
        ext = ext if dot and stem and len(ext) <= 10 else ""
        name = name[: MAX_NAME_CHARS - len(ext) - (1 if ext else 0)] + ("." + ext if ext else "")
    return name


def too_long_message(size: int, max_bytes: int) -> str:
    """Why a save of ``size`` bytes is not offered.

    >>> too_long_message(2_000_000, 1_000_000)
    'This game is too long to save: the file would be 2,000,000 bytes; a ninekit save is at most 1,000,000 bytes.'
    """
    return (f"This game is too long to save: the file would be {size:,} bytes; "
            f"a ninekit save is at most {max_bytes:,} bytes.")





class SaveButton(anywidget.AnyWidget):
    """A "Save" button: one press downloads the file the ``on_save`` provider makes at that moment.

    ``on_save(provider)``: ``provider()`` returns ``(filename, text)``; a later call replaces it.
    ``on_error(handler)``: ``handler(message)`` gets why nothing was saved, in words for the player.
    The message also shows beside the button (``message``) unless ``show_message`` is False, for an
    app that shows messages in a place of its own.  ``note`` is a short text always shown beside the
    button; ``disabled`` greys it out (and Python ignores presses while it is set).

    >>> saver = SaveButton(provider=lambda: ("a.json", "{}"), disabled=True)
    >>> saver.save() is None
    True
    >>> saver.disabled = False
    >>> saver.save()
    ('a.json', '{}')
    """

    _esm = front_path("save.js")
    _css = front_path("save.css")
    description = traitlets.Unicode("Save").tag(sync=True)
    tooltip = traitlets.Unicode("Download this game as a .json file").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    mime_type = traitlets.Unicode("application/json").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    show_message = traitlets.Bool(True).tag(sync=True)
    # Not synced: the page cannot raise the limit Python enforces.
    max_bytes = traitlets.Int(MAX_SAVE_BYTES)

    def __init__(self, provider: Callable[[], tuple[str, str]] | None = None,
                 on_error: Callable[[str], object] | None = None, **kwargs):
        super().__init__(**kwargs)
        self._provider: Callable[[], tuple[str, str]] | None = provider
        self._error_handlers: list[Callable[[str], object]] = []
        if on_error is not None:
            self.on_error(on_error)
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    @traitlets.validate("max_bytes")
    def _check_max_bytes(self, proposal) -> int:
        return wire_limited(proposal["value"])

    def on_save(self, provider: Callable[[], tuple[str, str]]) -> None:
        """Make ``provider()`` the source of the file: it returns ``(filename, text)`` when Save is pressed.

        >>> saver = SaveButton()
        >>> saver.on_save(lambda: ("b.json", "[]"))
        >>> saver.save()
        ('b.json', '[]')
        """
        self._provider = provider

    def on_error(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(message)`` whenever a press saves nothing (the provider failed, or the file is too long).

        >>> saver, seen = SaveButton(), []
        >>> saver.on_error(seen.append)
        >>> saver.save(), seen
        (None, ['There is nothing to save yet.'])
        """
        self._error_handlers.append(handler)

    def save(self, request: str | None = None) -> tuple[str, str] | None:
        """Do what a press in the page does: make the file and send it; return ``(name, text)`` sent, or None.

        ``request`` is the page's id for the press (the view that pressed downloads the file); None
        means every view showing the button downloads it.

        >>> SaveButton(provider=lambda: ("c/d.json", "{}")).save()   # the name loses its folders
        ('c_d.json', '{}')
        """
        if self.disabled:
            return None
        made = self._make()
        if made is None:
            return None
        name, text = made
        self.message = ""
        try:
            self.send({"event": "file", "name": name, "text": text, "request": request})
        except Exception:  # noqa: BLE001 - a closed comm must not raise into the page
            log.warning("SaveButton could not send the file to the page", exc_info=True)
            self.fail(FAILED_MESSAGE)
            return None
        return name, text

    def fail(self, message: str) -> None:
        """Show ``message`` (unless ``show_message`` is False) and pass it to the ``on_error`` handlers.

        >>> saver = SaveButton(show_message=False)
        >>> saver.fail("Nope."); saver.message
        'Nope.'
        """
        self.message = message
        for handler in list(self._error_handlers):
            try:
                handler(message)
            except Exception:  # noqa: BLE001 - never raise into the page
                log.warning("a SaveButton error handler failed", exc_info=True)

    def receive(self, content, buffers=()) -> None:
        """Handle a message from the page: ``{"event": "save"}`` saves; anything else is ignored.

        >>> saver = SaveButton(provider=lambda: ("e.json", "{}"))
        >>> saver.receive({"event": "save"}); saver.receive("junk"); saver.receive({"event": "save", "request": 7})
        """
        try:
            if not isinstance(content, dict) or content.get("event") != "save":
                return
            request = content.get("request")
            if request is not None and not (isinstance(request, str) and len(request) <= MAX_REQUEST_CHARS):
                return
            self.save(request)
        except Exception:  # noqa: BLE001 - never raise into the kernel
            log.warning("SaveButton could not handle a message from the page", exc_info=True)

    def _make(self) -> tuple[str, str] | None:
        """Call the provider and check what it made; on any problem tell the player and return None."""
        if self._provider is None:
            self.fail(NO_PROVIDER_MESSAGE)
            return None
        try:
            made = self._provider()
        except ValueError as exc:  # ninekit's own refusals (e.g. a save too long) are worded for players
            log.info("SaveButton provider refused: %s", exc)
            self.fail(_player_words(exc))
            return None
        except Exception:  # noqa: BLE001 - a failing provider must never raise into the page
            log.warning("a SaveButton provider failed", exc_info=True)
            self.fail(FAILED_MESSAGE)
            return None
        if not (isinstance(made, tuple) and len(made) == 2 and isinstance(made[1], str)):
            log.warning("a SaveButton provider returned %s, not (filename, text)", type(made).__name__)
            self.fail(FAILED_MESSAGE)
            return None
        name, text = made
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:  # lone surrogates: the text cannot be written as a file
            log.warning("a SaveButton provider returned text that is not valid Unicode")
            self.fail(FAILED_MESSAGE)
            return None
        if size > self.max_bytes:
            self.fail(too_long_message(size, self.max_bytes))
            return None
        return safe_filename(name), text


def _player_words(exc: ValueError) -> str:
    """``Could not save this game: <reason>.`` for a short one-line reason, else the plain failure.

    >>> _player_words(ValueError("the game is over"))
    'Could not save this game: the game is over.'
    >>> _player_words(ValueError("x" * 500))
    'Could not save this game.'
    """
    reason = str(exc).strip().rstrip(".")
    if not reason or len(reason) > 200 or "\n" in reason:
        return FAILED_MESSAGE
    return f"Could not save this game: {reason}."
