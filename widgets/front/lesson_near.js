// Steps the learner has scrolled past without ever coming near them (a jump to the end, a chapter link, or a quick
// scroll on a busy machine, whose scroll events and observer callbacks come too late) are built too, so that
// every step is there when the learner scrolls back: one such step at a time, PASSED_GAP ms apart, so that the
// steps the learner is looking at, sent at once, come first.  Shared by every view of the one model.
const PASSED_GAP = 250;
let lastPassed = 0;

function render({ model, el }) {
  // One model for every step of a tutorial not built yet: each step shows its own view of it, inside the step's
  // box (class ninekit-lesson-pending, and nk-step-<key> naming the step).
  const box = document.createElement("div");
  box.className = "ninekit-step-placeholder";
  el.appendChild(box);
  const MARGIN = 1600;  // px: "near" is within about two screens above or below what the learner sees
  let sent = false, watch = null, tries = 0, key = null, root = null, timer = null, queued = false;
  const paint = () => {
    box.textContent = (model.get("labels")[key] || "A lesson step") + " · the board appears as you scroll to it";
  };
  function stepKey() {
    const holder = el.closest(".ninekit-lesson-pending");
    const name = holder && Array.from(holder.classList).find((c) => c.startsWith("nk-step-"));
    return name ? name.slice("nk-step-".length) : null;
  }
  // What scrolls the page: Voila's #rendered_cells, JupyterLab's notebook panel, or the window.
  function scroller() {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight + 1) {
        return node;
      }
    }
    return null;
  }
  function stop() {
    if (watch) watch.disconnect();
    if (timer) clearInterval(timer);
    (root || window).removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onScroll);
    model.off("change:labels", paint);
  }
  function near() {
    if (sent) return;
    sent = true;
    stop();
    model.send({ event: "near", step: key });
  }
  // Is the placeholder laid out and within MARGIN of the visible part of the page?  With ``passed`` (the look
  // every second), is it above that, scrolled past: then it is built too, after the near ones (PASSED_GAP).
  function check(passed = false) {
    queued = false;
    if (sent || !el.isConnected) return;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return;  // hidden, or not laid out yet
    const view = root && root.isConnected ? root.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    if (box.bottom >= view.top - MARGIN && box.top <= view.bottom + MARGIN) near();
    else if (passed && box.bottom < view.top - MARGIN && Date.now() - lastPassed >= PASSED_GAP) {
      lastPassed = Date.now();
      near();
    }
  }
  function onScroll() {
    if (!queued) { queued = true; requestAnimationFrame(check); }
  }
  function start() {
    if (!el.isConnected || !(key = stepKey())) {  // not in the page yet: look again on the next frames
      if (++tries < 600) requestAnimationFrame(start); else setTimeout(start, 500);
      return;
    }
    paint();
    model.on("change:labels", paint);
    root = scroller();
    // Three ways to notice the learner coming near, as layouts settle at different times in Voila, JupyterLab
    // and the static site: an IntersectionObserver, the scroller's scroll events, and a look every second.
    if (typeof IntersectionObserver !== "undefined") {
      watch = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) near();
      }, { root, rootMargin: `${MARGIN}px 0px ${MARGIN}px 0px` });
      watch.observe(el);
    }
    (root || window).addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    timer = setInterval(() => { if (!root || !root.isConnected) root = scroller(); check(true); }, 1000);
    check();
  }
  start();
  return stop;
}
export default { render };
