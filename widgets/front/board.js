function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "ninekit-board";
  el.appendChild(wrap);
  // What the pointer (or the keyboard's focus, or a tap) is on, in words: its <title>, so that a card's or a
  // location's text is read without waiting for a tooltip, and on a touch screen, which shows none.
  const caption = document.createElement("div");
  caption.className = "nk-pointed";
  el.appendChild(caption);
  const READ_HERE = "Point at anything on the board to read it here.";

  function titleOf(node) {  // the nearest <title> of a part of the picture (not the whole picture's label)
    for (let at = node; at instanceof Element && at !== wrap && at.tagName.toLowerCase() !== "svg";
      at = at.parentNode) {
      const title = at.querySelector(":scope > title");
      if (title) return title.textContent;
    }
    return null;
  }

  function point(event) {
    const text = event && event.target ? titleOf(event.target) : null;
    caption.textContent = text || (wrap.querySelector("svg * title") ? READ_HERE : "");
  }

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
    point(null);
  }

  function targetOf(event) {
    const node = event.target.closest ? event.target.closest("[data-id]") : null;
    return node && wrap.contains(node) ? node : null;
  }

  let generation = model.get("generation");

  function send(node) {
    model.send({ event: "activate", id: node.getAttribute("data-id"), generation });
  }

  wrap.addEventListener("pointerover", point);
  wrap.addEventListener("focusin", point);
  wrap.addEventListener("pointerleave", () => point(null));
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

  // One update from Python may change several of these at once (a picture, its narrow layout, its generation):
  // each fires its own event, so draw once, after all of them (parsing the pictures is most of a click's work).
  let queued = false;
  function repaint() {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      paint();
    });
  }
  const events = ["change:svg", "change:svg_narrow", "change:label", "change:generation"];
  for (const name of events) model.on(name, repaint);
  paint();
  return () => {
    for (const name of events) model.off(name, repaint);
  };
}
export default { render };
