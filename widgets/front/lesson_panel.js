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
  el.append(head, goal, feedback, buttons);
  function paint() {
    title.textContent = model.get("label");
    badge.textContent = model.get("solved") ? "✓ solved" : "not solved yet";
    const words = document.createElement("b");
    words.textContent = "Goal:";
    goal.replaceChildren(words, " " + model.get("goal"));
    feedback.innerHTML = model.get("feedback");  // built by Python from escaped text
  }
  model.on("change", paint);
  paint();
  return () => model.off("change", paint);
}
export default { render };
