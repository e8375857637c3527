"""A small generic board widget: Python draws SVG, the browser shows it.

The browser reports activation (click, or Tab then Enter/Space) of any
element carrying a ``data-id`` by sending ``{"event": "activate", "id": ...,
"generation": ...}``; Python decides what it means.  Every new picture is a
new ``generation``: a click made on a picture that Python has already
replaced (a double click, a slow network) is ignored, so it can never pick
whatever now sits under the pointer.  Elements with class ``legal`` are the
highlighted, focusable choices.  No game rule lives in the JavaScript.

    >>> b = Board(svg="<svg/>")
    >>> seen = []
    >>> b.on_activate(seen.append)
    >>> b.activate("c3"); seen
    ['c3']
    >>> b.svg = "<svg><g data-id='c3'/></svg>"   # a new picture: the old one's clicks are stale
    >>> b.receive({"event": "activate", "id": "c3", "generation": b.generation - 1}); seen
    ['c3']
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "ninekit-board";
  el.appendChild(wrap);

  function paint() {
    const active = document.activeElement;
    const hadFocus = !!(active && wrap.contains(active));
    const focusId = hadFocus ? active.getAttribute("data-id") : null;
    wrap.innerHTML = model.get("svg");
    generation = model.get("generation");
    wrap.setAttribute("aria-label", model.get("label"));
    if (hadFocus) {
      let next = null;
      for (const node of wrap.querySelectorAll(".legal[data-id]")) {
        if (node.getAttribute("data-id") === focusId) { next = node; break; }
      }
      next = next || wrap.querySelector(".legal[data-id]");
      if (next) next.focus();
    }
  }

  function targetOf(event) {
    const node = event.target.closest ? event.target.closest("[data-id]") : null;
    return node && wrap.contains(node) ? node : null;
  }

  let generation = model.get("generation");

  function send(node) {
    model.send({ event: "activate", id: node.getAttribute("data-id"), generation });
  }

  wrap.addEventListener("click", (event) => {
    const node = targetOf(event);
    if (node) send(node);
  });
  wrap.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " " && event.key !== "Spacebar") return;
    const node = targetOf(event);
    if (node && node.classList.contains("legal")) {
      event.preventDefault();
      send(node);
    }
  });

  model.on("change:svg", paint);
  model.on("change:label", paint);
  model.on("change:generation", paint);
  paint();
  return () => {
    model.off("change:svg", paint);
    model.off("change:label", paint);
    model.off("change:generation", paint);
  };
}
export default { render };
"""

_CSS = r"""
.ninekit-board { width: 100%; max-width: 560px; margin: 0 auto; }
.ninekit-board svg { width: 100%; height: auto; display: block; }
.ninekit-board svg .legal:focus-visible { outline: none; }
.ninekit-app { max-width: 760px; color: var(--jp-ui-font-color1); font-family: var(--jp-ui-font-family); }
.ninekit-app .ninekit-title h2 { margin: 4px 0; font-size: 1.35em; }
.ninekit-app .ninekit-status { font-size: 1.1em; font-weight: 600; }
.ninekit-app .ninekit-message .nk-error { color: var(--jp-error-color1, #d32f2f); font-weight: 600; }
.ninekit-app .ninekit-message .nk-info { color: var(--jp-ui-font-color2); }
.ninekit-app .ninekit-privacy { border: 2px solid var(--jp-brand-color1); border-radius: 6px; padding: 12px; }
.ninekit-app .ninekit-privacy .nk-pass { font-size: 1.3em; font-weight: 700; }
.ninekit-app .ninekit-choices { flex-wrap: wrap; gap: 4px; }
.ninekit-app .ninekit-choices button, .ninekit-app .ninekit-toolbar button {
  height: auto; min-height: 32px; white-space: normal; }
.ninekit-app .ninekit-toolbar { flex-wrap: wrap; gap: 4px; align-items: center; }
.ninekit-app .nk-log-scroll { max-height: 12em; overflow-y: auto; display: flex; flex-direction: column-reverse;
  border: 1px solid var(--jp-border-color2); border-radius: 4px; padding: 2px 8px; }
.ninekit-app .nk-log-scroll ol { margin: 4px 0; padding-left: 2.2em; }
.ninekit-app .nk-log-scroll li.nk-event { list-style: none; color: var(--jp-ui-font-color2); }
.ninekit-app .nk-teacher { margin: 2px 0; padding: 2px 8px; border-left: 4px solid var(--jp-warn-color1, #f57c00);
  color: var(--jp-ui-font-color1); font-size: 0.9em; }
.ninekit-app .ninekit-outcome table { border-collapse: collapse; margin: 6px 0; }
.ninekit-app .ninekit-outcome th, .ninekit-app .ninekit-outcome td {
  border: 1px solid var(--jp-border-color1); padding: 2px 8px; }
.ninekit-app .ninekit-outcome { border: 2px solid var(--jp-brand-color1); border-radius: 6px; padding: 4px 12px; }
.ninekit-app .ninekit-rules-text { line-height: 1.45; }
.ninekit-app .widget-button:focus-visible, .ninekit-app button:focus-visible {
  outline: 3px solid var(--jp-brand-color1); outline-offset: 1px; }
"""


class Board(anywidget.AnyWidget):
    """Shows ``svg`` and reports activation of its ``data-id`` elements."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Game board").tag(sync=True)
    generation = traitlets.Int(0).tag(sync=True)

    def __init__(self, svg: str = "", on_activate: Callable[[str], object] | None = None, **kwargs):
        super().__init__(svg=svg, **kwargs)
        self._handlers: list[Callable[[str], object]] = []
        if on_activate is not None:
            self._handlers.append(on_activate)
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    @traitlets.observe("svg")
    def _new_picture(self, _change) -> None:
        self.generation += 1

    def on_activate(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(data_id)`` whenever an element is activated."""
        self._handlers.append(handler)

    def activate(self, data_id: str) -> None:
        """Do what a browser click on ``data_id`` does."""
        for handler in list(self._handlers):
            handler(data_id)

    def receive(self, content) -> None:
        """Handle a message from the browser; anything malformed or stale is ignored."""
        if not isinstance(content, dict) or content.get("event") != "activate":
            return
        data_id, generation = content.get("id"), content.get("generation")
        if isinstance(data_id, str) and len(data_id) <= 200 and type(generation) is int \
                and generation == self.generation:
            self.activate(data_id)
