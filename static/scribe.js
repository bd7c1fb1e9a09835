// Tricks: fill in the last player's count from the total (W-S2) and show the sum.
// No inline script anywhere: this file is the only behaviour besides htmx.
(function () {
  "use strict";
  function update(form) {
    var cards = parseInt(form.dataset.cards, 10);
    var rows = Array.prototype.slice.call(form.querySelectorAll(".trickrow"));
    rows.forEach(function (row) {
      var auto = row.querySelector("input[data-auto]");
      if (auto) { auto.checked = false; auto.removeAttribute("data-auto"); row.classList.remove("auto"); }
    });
    var sum = 0, missing = [];
    rows.forEach(function (row) {
      var c = row.querySelector("input:checked");
      if (c) { sum += parseInt(c.value, 10); } else { missing.push(row); }
    });
    // one player left: the rest of the tricks; every trick given out: the others took 0
    if ((missing.length === 1 && cards - sum >= 0) || (missing.length > 1 && sum === cards)) {
      var left = cards - sum;
      missing = missing.filter(function (row) {
        var input = row.querySelector('input[value="' + left + '"]');
        if (!input) { return true; }
        input.checked = true; input.setAttribute("data-auto", ""); row.classList.add("auto");
        return false;
      });
      if (!missing.length) { sum = cards; }
    }
    var out = form.querySelector("[data-sum]");
    if (out) {
      out.hidden = false;
      out.textContent = sum + " / " + cards;
      out.className = "sum " + (missing.length === 0 && sum === cards ? "ok" : (sum > cards ? "bad" : ""));
    }
  }
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form.tricks");
    if (form) { update(form); }
  });
})();
(function () {
  "use strict";
  // The start form's remembered names: a tap seats the name in the first empty row,
  // once (a name already typed, whatever its capitals, is not seated twice).
  document.addEventListener("click", function (e) {
    var chip = e.target.closest && e.target.closest("[data-remembered] button[data-name]");
    if (!chip) { return; }
    var inputs = Array.prototype.slice.call(chip.form.querySelectorAll('input[name="players"]'));
    var name = chip.dataset.name;
    var typed = inputs.some(function (i) { return i.value.trim().toLowerCase() === name.toLowerCase(); });
    var empty = inputs.filter(function (i) { return !i.value.trim(); })[0];
    if (!typed && empty) { empty.value = name; }
    chip.setAttribute("aria-pressed", "true");
  });
})();
