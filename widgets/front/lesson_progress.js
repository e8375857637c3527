function render({ model, el }) {
  const key = "ninekit-progress:" + model.get("key");
  const box = document.createElement("div");
  box.className = "ninekit-progress";
  el.appendChild(box);
  let stored = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(key) || "[]");
  } catch (error) {
    stored = null;  // no storage here (private window, blocked cookies): progress is simply not kept
  }
  if (Array.isArray(stored) && stored.length) {
    const keys = stored.filter((k) => typeof k === "string").slice(0, 1000);
    const restore = () => model.send({ event: "restore", solved: keys });
    restore();
    // Once more when the page has settled: an answer that reached a widget whose model the page was still
    // building is lost, so Python sends the steps' state again on every restore.
    setTimeout(restore, 2000);
  }
  function paint() {
    const solvedKeys = model.get("solved"), solved = solvedKeys.length, total = model.get("total");
    box.replaceChildren();
    const label = document.createElement("span");
    label.textContent = `Progress: ${solved} of ${total} step${total === 1 ? "" : "s"} solved`;
    const bar = document.createElement("progress");
    bar.max = Math.max(total, 1);
    bar.value = solved;
    bar.setAttribute("aria-label", label.textContent);
    box.append(label, bar);
    const chapters = model.get("chapters");
    if (chapters.length) {
      const list = document.createElement("ol");
      list.className = "ninekit-chapters";
      for (const chapter of chapters) {
        const item = document.createElement("li");
        const done = chapter.steps.filter((k) => solvedKeys.includes(k)).length;
        const link = document.createElement("a");
        link.href = "#";
        link.textContent = chapter.title;
        link.addEventListener("click", (event) => {  // to the chapter's heading in the page
          event.preventDefault();
          const heading = Array.from(document.querySelectorAll("h1, h2, h3"))
            .find((h) => h.textContent.replace(/¶/g, "").trim().endsWith(chapter.title));
          if (heading) heading.scrollIntoView({ behavior: "smooth", block: "start" });
        });
        const count = document.createElement("span");
        count.textContent = ` ${done} of ${chapter.steps.length}` + (done === chapter.steps.length ? " ✓" : "");
        item.append(link, count);
        list.append(item);
      }
      box.append(list);
    }
  }
  function save() {
    try { window.localStorage.setItem(key, JSON.stringify(model.get("solved"))); } catch (error) { /* no storage */ }
  }
  model.on("change:solved", () => { save(); paint(); });
  model.on("change:total", paint);
  model.on("change:chapters", paint);
  paint();
}
export default { render };
