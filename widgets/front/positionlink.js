// A link to a position (widgets/positionlink.py): a page's address with "#position=<position text>".  With
// "arrive" set, the position in this page's own address goes to Python once, when the page opens.
//
// JupyterLab opens a notebook's address without its "#" part, so a click on the link also leaves the position
// in this browser's localStorage ("handed over"), and a sandbox opened with no position in its address takes it
// from there, once, within HANDOVER_MS of the click.
const HASH = "#position=";
const HANDOVER = "ninekit-position-handover";
const HANDOVER_MS = 10 * 60 * 1000;

function takeHandover() {
  try {
    const raw = window.localStorage.getItem(HANDOVER);
    window.localStorage.removeItem(HANDOVER);
    const left = raw ? JSON.parse(raw) : null;
    if (!left || typeof left.text !== "string" || !(Date.now() - left.at < HANDOVER_MS)) return null;
    return { text: left.text, guessed: left.guessed === true };
  } catch (_) {
    return null;  // no storage here (a private window, say): only the address counts
  }
}

function address(model) {
  const here = new URL(window.location.href);
  here.hash = "";
  const target = model.get("target");
  const page = target ? new URL(target, here) : here;
  const guessed = model.get("guessed") ? "&guessed" : "";  // the hidden parts are guessed: the sandbox says so
  return `${page.href}${HASH}${encodeURIComponent(model.get("text"))}${guessed}`;
}

function render({ model, el }) {
  el.classList.add("ninekit-position-link");
  const link = document.createElement("a");
  const note = document.createElement("span");
  note.className = "nk-link-note";
  el.append(link, note);

  function paint() {
    link.textContent = model.get("label");
    link.href = model.get("text") ? address(model) : "#";
    link.style.visibility = model.get("text") ? "visible" : "hidden";
    if (model.get("new_tab")) {
      link.target = "_blank";
      link.rel = "noopener";
    } else {
      link.removeAttribute("target");
    }
    note.textContent = model.get("note") ? ` ${model.get("note")}` : "";
  }

  // A link to this same page only changes the address's "#": open the position it names now, too.
  function onHashChange() {
    if (!model.get("arrive") || !window.location.hash.startsWith(HASH)) return;
    takeHandover();  // this link's own position arrives by the address: nothing is left for another page
    const [raw, ...flags] = window.location.hash.slice(HASH.length).split("&");
    let text;
    try {
      text = decodeURIComponent(raw);
    } catch (_) {
      text = raw;  // not %-encoded after all: Python says what is wrong
    }
    model.send({ event: "arrive", text, guessed: flags.includes("guessed") });
  }

  if (model.get("arrive") && !window.ninekitPositionArrived) {
    window.ninekitPositionArrived = true;  // once per page, however many times the widget is drawn
    const handed = takeHandover();  // taken (and so cleared) either way: the address comes first
    if (window.location.hash.startsWith(HASH)) {
      onHashChange();
    } else if (handed) {
      model.send({ event: "arrive", text: handed.text, guessed: handed.guessed });
    }
  }
  link.addEventListener("click", () => {
    if (!model.get("text")) return;
    try {
      window.localStorage.setItem(HANDOVER, JSON.stringify({
        text: model.get("text"), guessed: model.get("guessed"), at: Date.now() }));
    } catch (_) { /* no storage: the address alone carries the position */ }
  });
  window.addEventListener("hashchange", onHashChange);
  model.on("change", paint);
  paint();
  return () => {
    window.removeEventListener("hashchange", onHashChange);
    model.off("change", paint);
  };
}
export default { render };
