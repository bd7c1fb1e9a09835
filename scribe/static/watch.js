// The TV's sheet follows the game (issue 10): its rows scroll inside their box, under
// sticky name heads and above the sticky totals, so after every refresh the round in
// play (at the end: the last round) is brought to the middle of the box.
(function () {
  "use strict";
  function follow() {
    var wrap = document.querySelector(".watch .sheet-scroll");
    if (!wrap || wrap.scrollHeight <= wrap.clientHeight) { return; }
    var rows = wrap.querySelectorAll("tbody tr");
    var row = wrap.querySelector("tbody tr.now") || rows[rows.length - 1];
    if (!row) { return; }
    var top = wrap.getBoundingClientRect().top - wrap.scrollTop, head = wrap.querySelector("thead");
    var under = head ? head.offsetHeight : 0;
    var target = row.getBoundingClientRect().top - top - (wrap.clientHeight - row.offsetHeight) / 2;
    // a row begins just under the sticky heads (the nearest such place the box can scroll
    // to): none half hidden, its bid boxes under them (issue 32)
    var best = 0, most = wrap.scrollHeight - wrap.clientHeight;
    for (var i = 0; i < rows.length; i++) {
      var at = rows[i].getBoundingClientRect().top - top - under;
      if (at <= most + 0.5 && Math.abs(at - target) < Math.abs(best - target)) { best = at; }
    }
    wrap.scrollTop = best;
  }
  document.addEventListener("DOMContentLoaded", follow);
  document.addEventListener("htmx:afterSettle", follow);
  window.addEventListener("resize", follow);
})();
