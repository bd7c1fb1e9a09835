// Light or dark before the first paint (no flash): Auto follows the system's
// prefers-color-scheme; a choice of Light or Dark is remembered on this phone.
// Loaded without defer in <head>; scribe.js wires the switch.
(function () {
  "use strict";
  var theme = null;
  try { theme = localStorage.getItem("scribe-theme"); } catch (e) { /* storage off: Auto */ }
  if (theme === "light" || theme === "dark") { document.documentElement.dataset.theme = theme; }
})();
