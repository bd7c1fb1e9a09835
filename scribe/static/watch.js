// The TV's sheet follows the game (issue 10): its rows scroll inside their box, under
// sticky name heads and above the sticky totals, so after every refresh the round in
// play (at the end: the last round) is brought to the middle of the box.
(function () {
  "use strict";
  function follow() {
    var wrap = document.querySelector(".watch .sheet-wrap");
    if (!wrap || wrap.scrollHeight <= wrap.clientHeight) { return; }
    var rows = wrap.querySelectorAll("tbody tr");
    var row = wrap.querySelector("tbody tr.now") || rows[rows.length - 1];
    if (!row) { return; }
    var offset = row.getBoundingClientRect().top - wrap.getBoundingClientRect().top;
    wrap.scrollTop += offset - (wrap.clientHeight - row.offsetHeight) / 2;
  }
  document.addEventListener("DOMContentLoaded", follow);
  document.addEventListener("htmx:afterSettle", follow);
  window.addEventListener("resize", follow);
})();
