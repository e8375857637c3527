function render({ model, el }) {
  el.style.display = "none";
  function apply() {
    const text = model.get("text");
    if (text) document.title = text;
  }
  model.on("change:text", apply);
  apply();
  return () => model.off("change:text", apply);
}
export default { render };
