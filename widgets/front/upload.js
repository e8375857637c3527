const WIRE_LIMIT = __WIRE_LIMIT__;  // filled in by widgets/upload.py: WIRE_LIMIT_BYTES

function formatSize(size) {
  // Same as format_size() in widgets/upload.py.
  if (size < 1000) return size === 1 ? "1 byte" : `${size} bytes`;
  let tenths = Math.floor((size + 50) / 100), unit = "kB";
  if (tenths >= 10000) { tenths = Math.floor((size + 50000) / 100000); unit = "MB"; }
  const whole = Math.floor(tenths / 10), tenth = tenths % 10;
  return tenth ? `${whole}.${tenth} ${unit}` : `${whole} ${unit}`;
}

function tooLargeMessage(size, max) {
  // Same as too_large_message() in widgets/upload.py.
  let shown = formatSize(size), limit = formatSize(max);
  if (shown === limit) {
    shown = `${size.toLocaleString("en-US")} bytes`;
    limit = `${max.toLocaleString("en-US")} bytes`;
  }
  return `That file is ${shown}; a ninekit save is at most ${limit}.`;
}

function render({ model, el }) {
  const wrap = document.createElement("span");
  wrap.className = "ninekit-load";
  const input = document.createElement("input");
  input.type = "file";
  input.className = "ninekit-load-input";
  input.tabIndex = -1;
  input.setAttribute("aria-hidden", "true");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button ninekit-load-button";
  const note = document.createElement("span");
  note.className = "ninekit-load-message";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  wrap.append(button, input, note);
  el.appendChild(wrap);

  function paint() {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
    input.accept = model.get("accept");
    note.textContent = model.get("show_message") ? model.get("message") : "";
  }

  function say(text) {
    if (model.get("show_message")) note.textContent = text;
  }

  button.addEventListener("click", () => {
    input.value = "";
    input.click();
  });

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    button.disabled = true;
    try {
      const max = Math.min(model.get("_max_bytes"), WIRE_LIMIT);
      if (file.size > max) {
        say(tooLargeMessage(file.size, max));
        model.send({ event: "refuse", reason: "too_large", name: file.name, size: file.size });
        return;
      }
      const buffer = await file.arrayBuffer();
      if (buffer.byteLength > max) {  // the file grew after it was chosen
        say(tooLargeMessage(buffer.byteLength, max));
        model.send({ event: "refuse", reason: "too_large", name: file.name, size: buffer.byteLength });
        return;
      }
      say("");
      model.send({ event: "load", name: file.name, size: buffer.byteLength }, undefined, [buffer]);
    } catch (error) {
      say("Could not read that file; choose a ninekit save (.json).");
      try { model.send({ event: "refuse", reason: "unreadable", name: file.name }); } catch (_) { /* offline */ }
    } finally {
      input.value = "";  // the same file can be chosen again, and Load keeps working
      button.disabled = false;
    }
  });

  const events = ["change:description", "change:tooltip", "change:accept", "change:message", "change:show_message"];
  for (const name of events) model.on(name, paint);
  paint();
  return () => { for (const name of events) model.off(name, paint); };
}
export default { render };
