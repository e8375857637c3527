const REVOKE_AFTER_MS = 10000;   // give the browser time to start the download before the URL goes
const PENDING_MS = 3000;         // a second press while Python answers the first does not ask twice

function download(name, text, mime) {
  const blob = new Blob([text], { type: mime || "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  try { a.click(); } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

function render({ model, el }) {
  const wrap = document.createElement("span");
  wrap.className = "ninekit-save";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button ninekit-save-button";
  const note = document.createElement("span");
  note.className = "ninekit-save-note";
  const message = document.createElement("span");
  message.className = "ninekit-save-message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  wrap.append(button, note, message);
  el.appendChild(wrap);

  // Each view asks with a request id of its own, so a widget shown twice downloads once per press.
  const view = Math.random().toString(36).slice(2, 12);
  let counter = 0, pending = null, pendingTimer = null;

  function settle() {
    pending = null;
    if (pendingTimer !== null) { clearTimeout(pendingTimer); pendingTimer = null; }
  }

  function paint() {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
    button.disabled = model.get("disabled");
    note.textContent = model.get("note");
    note.hidden = !model.get("note");
    const text = model.get("show_message") ? model.get("message") : "";
    message.textContent = text;
    message.hidden = !text;
    const described = [note.hidden ? null : note, message.hidden ? null : message].filter(Boolean);
    for (const [i, node] of described.entries()) node.id = `${view}-d${i}`;
    if (described.length) button.setAttribute("aria-describedby", described.map((n) => n.id).join(" "));
    else button.removeAttribute("aria-describedby");
  }

  button.addEventListener("click", () => {
    if (model.get("disabled") || pending !== null) return;
    pending = `${view}-${++counter}`;
    pendingTimer = setTimeout(settle, PENDING_MS);
    model.send({ event: "save", request: pending });
  });

  function onMessage(msg) {
    if (!msg || msg.event !== "file" || typeof msg.name !== "string" || typeof msg.text !== "string") return;
    // A file for another view's press is not ours; one that Python sent of its own accord (request null) is.
    if (msg.request !== null && msg.request !== undefined && msg.request !== pending) return;
    settle();
    try {
      download(msg.name, msg.text, model.get("mime_type"));
    } catch (error) {
      console.warn("ninekit save:", error);
    }
  }

  const events = ["change:description", "change:tooltip", "change:disabled", "change:note", "change:message",
                  "change:show_message"];
  for (const name of events) model.on(name, paint);
  model.on("msg:custom", onMessage);
  paint();
  return () => {
    for (const name of events) model.off(name, paint);
    model.off("msg:custom", onMessage);
    settle();
  };
}
export default { render };
