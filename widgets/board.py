"""A small generic board widget: Python draws SVG, the browser shows it.

An optional second picture, ``svg_narrow``, is the same position laid out for a narrow screen (a
phone): the browser shows it instead of ``svg`` while the app is at most 720 px wide.

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

  function shown(node) {
    return node.getClientRects().length > 0;  // not inside the layout that is hidden at this width
  }

  function paint() {
    const active = document.activeElement;
    const hadFocus = !!(active && wrap.contains(active));
    const focusId = hadFocus ? active.getAttribute("data-id") : null;
    const narrow = model.get("svg_narrow");
    if (narrow) {
      wrap.classList.add("nk-has-narrow");
      wrap.innerHTML = '<div class="nk-wide"></div><div class="nk-narrow"></div>';
      wrap.firstChild.innerHTML = model.get("svg");
      wrap.lastChild.innerHTML = narrow;
    } else {
      wrap.classList.remove("nk-has-narrow");
      wrap.innerHTML = model.get("svg");
    }
    generation = model.get("generation");
    wrap.setAttribute("aria-label", model.get("label"));
    if (hadFocus) {
      let next = null;
      const legal = Array.from(wrap.querySelectorAll(".legal[data-id]")).filter(shown);
      for (const node of legal) {
        if (node.getAttribute("data-id") === focusId) { next = node; break; }
      }
      next = next || legal[0];
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

  const events = ["change:svg", "change:svg_narrow", "change:label", "change:generation"];
  for (const name of events) model.on(name, paint);
  paint();
  return () => {
    for (const name of events) model.off(name, paint);
  };
}
export default { render };
"""

_CSS = r"""
.ninekit-board { width: 100%; margin: 0 auto; }
.ninekit-board svg { width: 100%; height: auto; display: block; }
.ninekit-board .nk-narrow { display: none; }
@container ninekit (max-width: 720px) {
  .ninekit-board.nk-has-narrow .nk-wide { display: none; }
  .ninekit-board.nk-has-narrow .nk-narrow { display: block; }
}
.ninekit-board svg .legal:focus-visible { outline: none; }
.ninekit-app { max-width: 1440px; color: var(--jp-ui-font-color1); font-family: var(--jp-ui-font-family);
  container-type: inline-size; container-name: ninekit; }
.ninekit-app.ninekit-compact { max-width: 840px; }
.ninekit-app .ninekit-header h2 { margin: 0 0 2px; font-size: 1.3em; line-height: 1.3; }
.ninekit-app .ninekit-header h2 a { font-size: 0.75em; font-weight: 600; }
.ninekit-app .ninekit-header .nk-intro { margin: 0 0 6px; line-height: 1.4; }
.ninekit-app .ninekit-header .nk-hint { color: var(--jp-ui-font-color2); }
.ninekit-app .ninekit-main { display: grid; gap: 6px 20px; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "prompt" "board" "decide" "extras"; align-items: start; }
.ninekit-app .ninekit-board-area { grid-area: board; min-width: 0; }
.ninekit-app .ninekit-prompt { grid-area: prompt; min-width: 0; }
.ninekit-app .ninekit-decide { grid-area: decide; min-width: 0; }
.ninekit-app .ninekit-extras { grid-area: extras; min-width: 0; gap: 6px; }
.ninekit-app .ninekit-in-browser { margin: 4px 0 0; font-size: 0.9em; line-height: 1.35;
  color: var(--jp-ui-font-color2); }
.ninekit-app .ninekit-board-area .ninekit-board { max-width: 640px; }
@container ninekit (min-width: 960px) {
  .ninekit-app .ninekit-main { grid-template-columns: minmax(0, 1fr) minmax(320px, 400px);
    grid-template-rows: auto auto 1fr; grid-template-areas: "board prompt" "board decide" "board extras"; }
  .ninekit-app .ninekit-board-area .ninekit-board { max-width: none; }
  .ninekit-app .ninekit-board-area .ninekit-board svg { max-height: calc(100vh - 110px); }
  .ninekit-app .nk-log-scroll { max-height: calc(100vh - 470px); min-height: 6em; }
}
.ninekit-app .widget-html-content { line-height: 1.4; }
.ninekit-app .nk-recent { font-size: 0.92em; color: var(--jp-ui-font-color1); border-left: 4px solid
  var(--jp-brand-color1); padding: 2px 8px; margin: 2px 0; }
.ninekit-app .nk-recent ul { margin: 2px 0; padding-left: 1.2em; }
.ninekit-app .ninekit-status { font-size: 1.1em; font-weight: 600; }
.ninekit-app .ninekit-status .nk-prompt-note { font-size: 0.9em; font-weight: 400; margin-top: 2px;
  color: var(--jp-ui-font-color1); }
.ninekit-app .ninekit-message .nk-error { color: var(--jp-error-color1, #d32f2f); font-weight: 600; }
.ninekit-app .ninekit-message .nk-info { color: var(--jp-ui-font-color2); }
.ninekit-app .ninekit-privacy, .ninekit-app .ninekit-interlude, .ninekit-app .ninekit-resume-offer {
  border: 2px solid var(--jp-brand-color1); border-radius: 6px; padding: 8px 12px; margin: 4px 0; }
.ninekit-app .ninekit-privacy .nk-pass { font-size: 1.3em; font-weight: 700; }
.ninekit-app .ninekit-interlude table { border-collapse: collapse; margin: 6px 0; }
.ninekit-app .ninekit-interlude th, .ninekit-app .ninekit-interlude td {
  border: 1px solid var(--jp-border-color1); padding: 2px 8px; }
.ninekit-app .ninekit-choices { flex-wrap: wrap; gap: 4px; }
.ninekit-app .ninekit-choices button, .ninekit-app .ninekit-toolbar button, .ninekit-app .ninekit-resume-offer button,
.ninekit-app .ninekit-interlude button { height: auto; min-height: 32px; white-space: normal; }
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
.ninekit-app .ninekit-form-row { margin: 2px 0 4px; }
.ninekit-app .ninekit-form-row .nk-form-help-box { margin: -2px 0 0 calc(8.5em + 6px); }
.ninekit-app .ninekit-form-row .nk-form-help { display: block; color: var(--jp-ui-font-color2); line-height: 1.3; }
.ninekit-app .ninekit-new-game .widget-checkbox { height: auto; min-height: var(--jp-widgets-inline-height); }
.ninekit-app .ninekit-new-game .widget-checkbox label { white-space: normal; overflow: visible; line-height: 1.3; }
.ninekit-app .ninekit-form-heading { margin-top: 6px; }
.ninekit-app .ninekit-form-levels-help .ninekit-level-notes { margin: 2px 0 4px; padding-left: 1.4em; }
.ninekit-app .widget-button:focus-visible, .ninekit-app button:focus-visible {
  outline: 3px solid var(--jp-brand-color1); outline-offset: 1px; }
"""


class Board(anywidget.AnyWidget):
    """Shows ``svg`` and reports activation of its ``data-id`` elements."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    svg_narrow = traitlets.Unicode("").tag(sync=True)  # optional: the picture laid out for narrow screens
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
