// The browser half of a seat at a shared table (widgets/table_screen.py, TableLink): it keeps only the seat's token
// in this browser's localStorage, reads a join code from the page's address ("#join=CODE": the part after "#" never
// reaches a server), and says "here" every few seconds while the page is open, so the others see who is connected.
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const KEY = "__KEY__";
const JOIN = "#join=";

function stored() {
  try {
    const value = window.localStorage.getItem(KEY);
    return typeof value === "string" && TOKEN.test(value) ? value : null;
  } catch (_) {
    return null;  // no storage here (a private window, say): a reload cannot find the seat again
  }
}

function codeInAddress() {
  const hash = window.location.hash || "";
  if (!hash.startsWith(JOIN)) return null;
  const code = decodeURIComponent(hash.slice(JOIN.length)).slice(0, 40);
  return code || null;
}

function render({ model, el }) {
  el.classList.add("ninekit-table-link");
  el.style.display = "none";
  el.setAttribute("aria-hidden", "true");

  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    try {
      if (msg.event === "remember" && typeof msg.token === "string" && TOKEN.test(msg.token)) {
        window.localStorage.setItem(KEY, msg.token);
      } else if (msg.event === "forget") {
        window.localStorage.removeItem(KEY);
      }
    } catch (error) {
      console.warn("ninekit table: the browser's storage is not available", error);
    }
  }

  function beat() {
    try {
      model.send({ event: "beat" });
    } catch (_) {
      window.clearInterval(timer);  // the kernel's connection is gone (the page is being left or reloaded)
    }
  }

  model.on("msg:custom", onMessage);
  model.send({ event: "hello", token: stored(), code: codeInAddress() });
  const every = Math.max(1, Number(model.get("beat_seconds")) || 3) * 1000;
  const timer = window.setInterval(beat, every);
  return () => {
    window.clearInterval(timer);
    model.off("msg:custom", onMessage);
  };
}
export default { render };
