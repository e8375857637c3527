"""PageTitle: sets the browser tab's title from Python (the game being played, in words).

An invisible anywidget: while it is shown, the page's ``document.title`` follows ``text``; an empty
``text`` leaves the title alone.  Voila's page starts with the notebook's ``metadata.title``; the app
then keeps the tab in step with the game actually on screen (a New game may switch to another game).

    >>> t = PageTitle(text="Nine Knights · ninekit")
    >>> t.text
    'Nine Knights · ninekit'
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";
  function apply() {
    const text = model.get("text");
    if (text) document.title = text;
  }
  model.on("change:text", apply);
  apply();
  return () => model.off("change:text", apply);
}
export default { render };
"""


class PageTitle(anywidget.AnyWidget):
    """Keeps the browser tab's title equal to ``text`` while shown."""

    _esm = _ESM
    text = traitlets.Unicode("").tag(sync=True)
