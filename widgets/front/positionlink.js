// A link to a position (widgets/positionlink.py): a page's address with "#position=<position text>".  With
// "arrive" set, the position in this page's own address goes to Python once, when the page opens.
const HASH = "#position=";

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
    onHashChange();
  }
  window.addEventListener("hashchange", onHashChange);
  model.on("change", paint);
  paint();
  return () => {
    window.removeEventListener("hashchange", onHashChange);
    model.off("change", paint);
  };
}
export default { render };
