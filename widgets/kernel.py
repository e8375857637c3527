"""Keep a public app's kernel from telling a hostile page about the server.

A page can send the kernel any comm message it likes: a Button whose
``description`` is a dict, a widget update without ``data``, a ``custom``
message a widget does not expect, a message to a comm that does not exist.
Out of the box the kernel answers such a message on iopub, which reaches the
page, with the full IPython traceback (absolute paths of the server's files,
library versions, source lines) or, for the comm machinery's own warnings and
errors, with log lines written to the forwarded stderr.

:func:`harden_comms` changes that for the comm messages only: the full detail
goes to the server log (the kernel process's real stderr, which Voila logs),
the page gets at most one short line without paths, and the kernel goes on
working.  Code that runs in cells keeps its ordinary tracebacks, so call it in
the Voila app notebooks, not in tutorials, where learners need them::

    import widgets
    from widgets.kernel import harden_comms

    harden_comms()          # once, anywhere in the app notebook; calling again does nothing
    widgets.GameApp("nine_knights")

Standard library, IPython and ipykernel only.  Outside an IPython kernel (plain
Python, a terminal IPython) there is nothing to protect and it returns False.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import logging
import os
import sys
import traceback
import warnings

__all__ = ["NOTICE", "harden_comms", "is_hardened"]

# What the page gets instead of a traceback; "{error}" becomes the exception's class name (never its text,
# which may quote paths).  ``harden_comms(notice=None)`` sends nothing at all.
NOTICE = "Refused a widget message ({error}); the details are in the server log."

LOGGER_NAME = "ninekit.kernel"
# The comm machinery logs through these; with no handler of their own their records would reach
# logging's last-resort handler, which writes to sys.stderr, which ipykernel forwards to the page.
_COMM_LOGGERS = ("Comm", "ipykernel.comm")
_COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")
_MAX_LOG_LINE = 2000  # a hostile page controls exception texts: keep each logged line bounded

_in_comm: contextvars.ContextVar[bool] = contextvars.ContextVar("ninekit_in_comm_message", default=False)
_handler: logging.Handler | None = None


def is_hardened() -> bool:
    """Whether :func:`harden_comms` has been applied to the running kernel."""
    shell = _shell()
    return shell is not None and getattr(shell, "_ninekit_hardened", False)


def harden_comms(notice: str | None = NOTICE) -> bool:
    """Stop malformed comm messages from streaming tracebacks and server paths to the page.

    After it, while the kernel handles a ``comm_open``, ``comm_msg`` or ``comm_close``:

    - an error that ipywidgets or IPython would show as a traceback (a bad widget ``update``,
      ``custom`` content a widget's callback chokes on, a missing ``data`` or ``method``, an error
      in any widget callback) is written, with its full traceback, to the server log, and the page
      gets only ``notice`` (one stderr line naming the exception's class; None sends nothing);
    - the comm machinery's own log records ("No such comm", "Exception opening comm with target")
      and warnings raised meanwhile (which name the file and line that warns) go to the server log
      instead of the page;
    - an exception escaping a comm handler is logged instead of raised into the kernel.

    Cells run as before, with their full tracebacks.  Idempotent; a later call only changes
    ``notice``.  Returns True when the running kernel is hardened, False outside an IPython kernel.

        >>> harden_comms()   # plain Python: no kernel, nothing to do
        False
    """
    shell = _shell()
    kernel = getattr(shell, "kernel", None)
    handlers = getattr(kernel, "shell_handlers", None)
    if shell is None or not isinstance(handlers, dict):
        return False
    shell._ninekit_notice = notice
    if getattr(shell, "_ninekit_hardened", False):
        return True
    handler = _server_log_handler()
    ours = logging.getLogger(LOGGER_NAME)
    if handler not in ours.handlers:
        ours.addHandler(handler)
    ours.setLevel(logging.INFO)
    ours.propagate = False
    for name in _COMM_LOGGERS:
        logger = logging.getLogger(name)
        if handler not in logger.handlers:
            logger.addHandler(handler)
        logger.propagate = False
    root = logging.getLogger()
    if not root.handlers:  # otherwise the last-resort handler would write records to the page
        root.addHandler(handler)
    for msg_type in _COMM_MESSAGES:
        if msg_type in handlers:
            handlers[msg_type] = _flag_comm_handler(handlers[msg_type], msg_type)
    shell.showtraceback = _quiet_showtraceback(shell, shell.showtraceback)
    warnings.showwarning = _quiet_showwarning(warnings.showwarning)
    shell._ninekit_hardened = True
    return True


# ------------------------------------------------------------------ internals
def _shell():
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipykernel
        return None
    return get_ipython()


def _server_log_handler() -> logging.Handler:
    """A handler writing to the kernel process's real stderr (not the stderr ipykernel forwards)."""
    global _handler
    if _handler is None:
        fd = getattr(sys.stderr, "_original_stdstream_copy", None)
        if isinstance(fd, int):  # ipykernel captures fd 2 and forwards it: write to its saved copy
            stream = os.fdopen(os.dup(fd), "w", buffering=1, encoding="utf-8", errors="replace")
        else:
            stream = sys.__stderr__ or open(os.devnull, "w")  # noqa: SIM115 - lives as long as the kernel
        _handler = logging.StreamHandler(stream)
        _handler.setFormatter(logging.Formatter("[%(name)s] %(levelname)s | %(message)s"))
    return _handler


def _clip(text: str) -> str:
    lines = text.splitlines()
    return "\n".join(line if len(line) <= _MAX_LOG_LINE else line[:_MAX_LOG_LINE] + " [...]" for line in lines)


def _log_exception(what: str, exc_info) -> None:
    etype, value, tb = exc_info
    detail = "".join(traceback.format_exception(etype, value, tb)) if etype is not None else "(no exception)"
    logging.getLogger(LOGGER_NAME).error("%s\n%s", what, _clip(detail))


def _flag_comm_handler(handler, msg_type: str):
    """Wrap a kernel shell handler so that what runs inside it knows it handles a comm message."""
    if getattr(handler, "_ninekit_hardened", False):
        return handler

    async def _await_flagged(awaitable):
        token = _in_comm.set(True)
        try:
            return await awaitable
        except Exception:  # noqa: BLE001 - a comm message must never break the kernel
            _log_exception(f"Exception handling {msg_type}", sys.exc_info())
            return None
        finally:
            _in_comm.reset(token)

    @functools.wraps(handler)
    def flagged(*args, **kwargs):
        token = _in_comm.set(True)
        try:
            result = handler(*args, **kwargs)
        except Exception:  # noqa: BLE001 - a comm message must never break the kernel
            _log_exception(f"Exception handling {msg_type}", sys.exc_info())
            return None
        finally:
            _in_comm.reset(token)
        if inspect.isawaitable(result):
            return _await_flagged(result)
        return result

    flagged._ninekit_hardened = True
    return flagged


def _quiet_showtraceback(shell, original):
    """``shell.showtraceback`` that, inside a comm message, logs instead of publishing the traceback."""
    if getattr(original, "_ninekit_hardened", False):
        return original

    @functools.wraps(original)
    def showtraceback(exc_tuple=None, *args, **kwargs):
        if not _in_comm.get():
            return original(exc_tuple, *args, **kwargs)
        exc_info = exc_tuple if exc_tuple is not None else sys.exc_info()
        try:
            _log_exception("Exception in a widget message from the page", exc_info)
            notice = getattr(shell, "_ninekit_notice", NOTICE)
            if notice:
                name = getattr(exc_info[0], "__name__", "error")
                sys.stderr.write(notice.format(error=name).rstrip("\n") + "\n")
                sys.stderr.flush()
        except Exception:  # noqa: BLE001 - reporting must not fail either
            pass
        return None

    showtraceback._ninekit_hardened = True
    return showtraceback


def _quiet_showwarning(original):
    """``warnings.showwarning`` that, inside a comm message, logs the warning instead of printing it."""
    if getattr(original, "_ninekit_hardened", False):
        return original

    @functools.wraps(original)
    def showwarning(message, category, filename, lineno, file=None, line=None):
        if not _in_comm.get() or file is not None:
            return original(message, category, filename, lineno, file, line)
        try:
            text = warnings.formatwarning(message, category, filename, lineno, line)
            logging.getLogger(LOGGER_NAME).warning("%s", _clip(text.rstrip()))
        except Exception:  # noqa: BLE001 - reporting must not fail either
            pass
        return None

    showwarning._ninekit_hardened = True
    return showwarning
