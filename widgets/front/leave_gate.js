(function () {
  if (window.ninekitLeaveGate) return;
  var guards = 0, heldBack = false, leaving = false;
  window.addEventListener("beforeunload", function (event) {
    if (leaving || guards <= 0) { heldBack = false; return; }
    heldBack = true;
    event.stopImmediatePropagation();
    event.preventDefault();
    event.returnValue = "";
    return "";
  });
  window.addEventListener("pagehide", function () {
    if (!heldBack || leaving) return;
    leaving = true;  // the page goes: now the listeners held back may run (Voila's kernel shutdown)
    window.dispatchEvent(new Event("beforeunload"));
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) leaving = heldBack = false; });
  window.ninekitLeaveGate = {
    add: function () { guards += 1; },
    remove: function () { guards = Math.max(0, guards - 1); },
    get guards() { return guards; }
  };
})();
