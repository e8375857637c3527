"""Layout and style models that many widgets share, so a board or a lesson step does not cost a storm of them.

Every ipywidgets widget gets its own ``Layout`` model (and an ``HTML`` or ``Button`` its own style model) unless
it is given one; a lesson step of about twenty widgets cost 36 such models, each sent to the browser.  A widget
whose layout and style nothing changes takes the shared ones instead:

    >>> import ipywidgets as w
    >>> a, b = w.HTML(**plain()), w.HTML(**plain())
    >>> a.layout is b.layout and a.style is b.style
    True
    >>> w.Button(**plain(w.Button, width="auto")).layout.width
    'auto'

Never change a shared model (``widget.layout.display = "none"`` would hide every widget sharing it): a widget
that is shown and hidden keeps its own Layout.  :func:`widgets.app.dispose` leaves shared models open.
"""

from __future__ import annotations

import comm
import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

_STYLES = {w.HTML: HTMLStyle, w.Button: w.ButtonStyle}
_SHARED: dict[tuple, w.Widget] = {}


def _one(key: tuple, make) -> w.Widget:
    # Keyed by the comm factory too: a widget made for no browser (a DummyComm, see lesson._no_frontend) must not
    # be shared with one the browser shows, whose page would never receive it.
    key = (*key, comm.create_comm)
    model = _SHARED.get(key)
    if model is None or model.comm is None:  # none yet, or closed (e.g. by Widget.close_all)
        model = _SHARED[key] = make()
    return model


def shared_layout(**settings) -> w.Layout:
    """The one Layout with these ``settings`` (e.g. ``width="auto"``); never change it."""
    return _one(("layout", tuple(sorted(settings.items()))), lambda: w.Layout(**settings))


def shared_style(kind: type = w.HTML):
    """The one style model of an HTML or a Button (e.g. for a widget that keeps its own Layout to be hidden)."""
    style = _STYLES[kind]
    return _one(("style", style), style)


def plain(kind: type = w.HTML, **layout) -> dict:
    """Keyword arguments that give a widget of ``kind`` the shared Layout (with ``layout`` settings) and, for an
    HTML or a Button, the shared style: ``w.HTML(**plain())``, ``w.Button(**plain(w.Button, width="auto"))``."""
    out = {"layout": shared_layout(**layout)}
    if kind in _STYLES:
        out["style"] = shared_style(kind)
    return out


def is_shared(model) -> bool:
    """True for a model this module shares (which closing one widget must not close)."""
    return any(model is shared for shared in _SHARED.values())
