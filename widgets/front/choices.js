function render({ model, el }) {
  const bar = document.createElement("div");
  bar.className = "ninekit-choice-bar";
  el.appendChild(bar);

  function paint() {
    const active = document.activeElement;
    const focusIndex = active && bar.contains(active) ? active.getAttribute("data-index") : null;
    const generation = model.get("generation");
    bar.replaceChildren();
    const marked = model.get("marked");
    model.get("choices").forEach((text, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "jupyter-button widget-button ninekit-choice" + (index === marked ? " nk-hinted" : "");
      button.textContent = text;
      button.title = text;
      button.setAttribute("data-index", String(index));
      button.addEventListener("click", () => model.send({ event: "choose", index, generation }));
      bar.appendChild(button);
    });
    if (focusIndex !== null) {
      const next = bar.querySelector(`[data-index="${focusIndex}"]`) || bar.querySelector("button");
      if (next) next.focus();
    }
  }

  model.on("change:choices", paint);
  model.on("change:generation", paint);
  model.on("change:marked", paint);
  paint();
  return () => {
    model.off("change:choices", paint);
    model.off("change:generation", paint);
    model.off("change:marked", paint);
  };
}
export default { render };
