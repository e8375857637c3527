function render({ model, el }) {
  // A step's title, goal, feedback and its three buttons: one model per step (no Layout or style models).
  const head = document.createElement("div"), title = document.createElement("b");
  const badge = document.createElement("span");
  head.className = "nk-step-head";
  badge.className = "nk-step-badge";
  head.append(title, badge);
  const goal = document.createElement("div");
  goal.className = "nk-goal";
  const feedback = document.createElement("div");
  feedback.className = "nk-feedback";
  const buttons = document.createElement("div");
  buttons.className = "nk-lesson-buttons";
  for (const [name, text, tip] of [["hint", "Hint", "A nudge first, then the next decision"],
                                   ["reset", "Reset", "Back to the start of this step"],
                                   ["show", "Show me", "Play one solution on the board, step by step"]]) {
    const button = document.createElement("button");
    button.className = "jupyter-button widget-button";
    button.textContent = text;
    button.title = tip;
    button.addEventListener("click", () => model.send({ event: "press", button: name }));
    buttons.append(button);
  }
  const explore = document.createElement("a");
  explore.className = "nk-explore";
  explore.textContent = "Explore this position ↗";
  explore.title = "Open this position in the sandbox, in a new tab";
  explore.target = "_blank";
  explore.rel = "noopener";
  buttons.append(explore);
  el.append(head, goal, feedback, buttons);
  // The sandbox's address: in the static site the pages end in .html, as this one does.
  function sandbox() {
    const here = new URL(window.location.href);
    here.hash = "";
    const target = model.get("explore_target");
    const page = here.pathname.endsWith(".html") ? target.replace(/\.ipynb$/, ".html") : target;
    const guessed = model.get("explore_guessed") ? "&guessed" : "";  // the sandbox then says so
    return `${new URL(page, here).href}#position=${encodeURIComponent(model.get("explore"))}${guessed}`;
  }
  function paint() {
    title.textContent = model.get("label");
    badge.textContent = model.get("solved") ? "✓ solved" : "not solved yet";
    const words = document.createElement("b");
    words.textContent = "Goal:";
    goal.replaceChildren(words, " " + model.get("goal"));
    feedback.innerHTML = model.get("feedback");  // built by Python from escaped text
    const shown = Boolean(model.get("explore") && model.get("explore_target"));
    explore.style.display = shown ? "" : "none";
    if (shown) explore.href = sandbox();
  }
  model.on("change", paint);
  paint();
  return () => model.off("change", paint);
}
export default { render };
