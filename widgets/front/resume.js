const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

// The prefix is filled in by widgets/resume.py (STORAGE_PREFIX).
function storageKey(model) { return "__PREFIX__" + model.get("key"); }

function read(model) {
  try {
    const value = window.localStorage.getItem(storageKey(model));
    return typeof value === "string" && TOKEN.test(value) ? value : null;
  } catch (_) {
    return null;  // storage disabled (privacy settings, sandboxed frame): nothing to resume
  }
}

function render({ model, el }) {
  el.classList.add("ninekit-resume");
  el.style.display = "none";
  el.setAttribute("aria-hidden", "true");

  // The leave guard.  With the page's gate (LEAVE_GATE_SCRIPT, loaded before anything else) the guard only
  // counts itself in: the gate asks, and holds back the page's other beforeunload listeners (Voila's shuts
  // the kernel down at once) until the page really goes.  Without it, the guard asks on its own.
  function onBeforeUnload(event) {
    event.preventDefault();
    event.returnValue = "";  // older browsers ask only when returnValue is set
    return "";
  }
  let guarding = false;
  function pageGate() {
    const gate = window.ninekitLeaveGate;
    return gate && typeof gate.add === "function" ? gate : null;
  }
  function listen(on) {
    const gate = pageGate();
    if (gate) {
      if (on) gate.add(); else gate.remove();
    } else {
      if (on) window.addEventListener("beforeunload", onBeforeUnload);
      else window.removeEventListener("beforeunload", onBeforeUnload);
    }
  }
  el.dataset.leaveGate = pageGate() ? "page" : "widget";
  function guard() {
    const want = !!model.get("guard_leave");
    el.dataset.guardLeave = want ? "on" : "off";
    if (want === guarding) return;
    guarding = want;
    listen(want);
  }

  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    try {
      if (msg.event === "remember" && typeof msg.token === "string" && TOKEN.test(msg.token)) {
        window.localStorage.setItem(storageKey(model), msg.token);
      } else if (msg.event === "forget") {
        window.localStorage.removeItem(storageKey(model));
      }
    } catch (error) {
      console.warn("ninekit resume: the browser's storage is not available", error);
    }
  }

  model.on("msg:custom", onMessage);
  model.on("change:guard_leave", guard);
  guard();
  model.send({ event: "token", token: read(model) });
  return () => {
    model.off("msg:custom", onMessage);
    model.off("change:guard_leave", guard);
    if (guarding) listen(false);
    guarding = false;
  };
}
export default { render };
