// Light or dark before the first paint (no flash): loaded without defer in <head>.
// Auto follows the system's prefers-color-scheme, live; a choice of Light or Dark on the
// switch at the foot of each page is remembered on this phone. <html data-theme> is
// always light or dark, so the stylesheet holds the dark colours once.
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "scribe-theme";
  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function chosen() {
    try { return localStorage.getItem(KEY) || "auto"; } catch (e) { return "auto"; }  // storage off: Auto
  }
  function apply() {
    var c = chosen();
    root.dataset.theme = c === "light" || c === "dark" ? c : (system && system.matches ? "dark" : "light");
    var buttons = document.querySelectorAll("button[data-theme]");
    for (var i = 0; i < buttons.length; i++) { buttons[i].setAttribute("aria-pressed", String(buttons[i].dataset.theme === c)); }
  }

  apply();
  if (system && system.addEventListener) { system.addEventListener("change", apply); }
  document.addEventListener("DOMContentLoaded", apply);
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button[data-theme]");
    if (!b) { return; }
    try {
      if (b.dataset.theme === "auto") { localStorage.removeItem(KEY); } else { localStorage.setItem(KEY, b.dataset.theme); }
    } catch (err) { /* storage off: nothing to remember */ }
    apply();
  });
})();
