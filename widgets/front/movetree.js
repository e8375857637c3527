// The move tree of an exploration (widgets/movetree.py): one button per position, variations indented; a click
// goes there, and the arrow keys move about the tree while it has the focus.
const KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ninekit-movetree";
  box.tabIndex = 0;
  box.setAttribute("role", "tree");
  box.setAttribute("aria-label", "Moves explored: arrow keys go back, forward and between variations");
  el.appendChild(box);

  function paint() {
    const hadFocus = box.contains(document.activeElement);
    const generation = model.get("generation");
    box.replaceChildren();
    let current = null;
    model.get("rows").forEach((row, index) => {
      const item = document.createElement("button");
      item.type = "button";
      item.tabIndex = -1;
      item.className = "nk-tree-row" + (row.current ? " nk-current" : "") + (row.depth > 0 ? " nk-variation" : "");
      item.style.paddingLeft = `${0.4 + 1.2 * Math.min(row.depth, 12)}em`;
      item.setAttribute("role", "treeitem");
      item.setAttribute("data-index", String(index));
      item.textContent = row.label;
      if (row.comment) {
        const note = document.createElement("span");
        note.className = "nk-tree-comment";
        note.textContent = ` — ${row.comment}`;
        item.appendChild(note);
      }
      if (row.current) {
        item.setAttribute("aria-current", "true");
        current = item;
      }
      item.addEventListener("click", () => model.send({ event: "go", index, generation }));
      box.appendChild(item);
    });
    const more = model.get("more");
    if (more > 0) {
      const note = document.createElement("p");
      note.className = "nk-tree-more";
      note.textContent = `… and ${more} more positions (not drawn)`;
      box.appendChild(note);
    }
    if (current) current.scrollIntoView({ block: "nearest" });
    if (hadFocus) box.focus();
  }

  function onKey(event) {
    if (!KEYS.includes(event.key)) return;
    event.preventDefault();
    model.send({ event: "key", key: event.key });
  }

  box.addEventListener("keydown", onKey);
  model.on("change:generation", paint);
  paint();
  return () => {
    box.removeEventListener("keydown", onKey);
    model.off("change:generation", paint);
  };
}
export default { render };
