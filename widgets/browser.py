"""The static site: when Python runs in the visitor's browser (Pyodide, ``IN_BROWSER``), not on a server.

Three differences the widgets take care of (docs/static_site.md):

* the apps say so (``IN_BROWSER_NOTE``): every secret is in the page, hidden from the screen only;
* there are no threads: work an app would do on a background thread runs once the page has been drawn
  (``run_later``), and a game in progress is not kept for a reload (``IN_BROWSER_RESUME``);
* the JupyterLite Pyodide kernel turns a ``None`` in a widget message into JavaScript's ``undefined``, which
  the message's JSON then drops, so setting a trait back to ``None`` (``layout.display = None``: show it
  again) would never reach the browser.  ``keep_nulls`` makes the kernel's comms send ``null`` instead;
  importing ``widgets`` applies it in the browser.

Outside the browser nothing here changes anything:

    >>> IN_BROWSER
    False
    >>> _nulls_for_js({"display": None, "list": [1, None]}, "null")
    {'display': 'null', 'list': [1, 'null']}
"""

from __future__ import annotations

from collections.abc import Callable

from ninekit.core import IN_BROWSER

__all__ = ["IN_BROWSER", "IN_BROWSER_NOTE", "IN_BROWSER_RESUME", "NO_TABLES", "keep_nulls", "run_later"]

IN_BROWSER_NOTE = ("In this site the whole game runs in your own browser: nothing is sent to a server. The hidden "
                   "cards and numbers are hidden from the screen, not from the browser's developer tools.")
# Said by the static site's gallery and by the table page if opened there (widgets/table_page.py).
NO_TABLES = ("Playing at separate screens needs a server that every player's browser reaches, and this site has "
             "none: each page runs in its own browser. To play at separate screens, run ninekit's Voila server on "
             "one machine of the classroom (make play HOST=0.0.0.0; see docs/deploying.md) and open its page "
             "\u201cPlay at separate screens\u201d.")
IN_BROWSER_RESUME = "A game in progress is not kept when this page is reloaded or closed (the page asks first)."


def _nulls_for_js(value, null):
    """``value`` (a widget message's data) with every ``None`` replaced by ``null``."""
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: _nulls_for_js(item, null) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nulls_for_js(item, null) for item in value]
    return value


def keep_nulls() -> bool:
    """In the browser, make the Pyodide kernel's comms send ``None`` as ``null``; True if it was applied."""
    if not IN_BROWSER:
        return False
    try:
        from pyodide.ffi import jsnull
        from pyodide_kernel.comm import Comm
    except ImportError:  # another kernel (e.g. a plain Pyodide console): nothing to fix
        return False
    if getattr(Comm.publish_msg, "_ninekit_nulls", False):
        return True
    send = Comm.publish_msg

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        return send(self, msg_type, _nulls_for_js(data, jsnull) if data is not None else None, metadata, buffers,
                    **keys)

    publish_msg._ninekit_nulls = True
    Comm.publish_msg = publish_msg
    return True


def run_later(work: Callable[[], None]) -> None:
    """In the browser (no threads), run ``work`` after the kernel has sent what it has, on its event loop."""
    import asyncio

    asyncio.get_event_loop().call_soon(work)
