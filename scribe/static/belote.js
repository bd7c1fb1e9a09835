// Belote and Coinche's pages (no game's name in scribe.js): on the new-game form, tapping
// a preset refills every setting with its values and the usual target with its variant's,
// unless the target was chosen by hand; on the deal form, the card points typed show the
// other side's, 162 minus them, naming that side. Without this script the server does the same work.
(function () {
  "use strict";
  function setup(form) {
    var presets = JSON.parse(form.dataset.presets), variants = JSON.parse(form.dataset.variants);
    var targets = JSON.parse(form.dataset.targets), shown = form.elements.shown;
    form.addEventListener("change", function (ev) {
      var el = ev.target;
      if (el.name !== "preset" || !presets[el.value]) { return; }
      var before = shown.value, values = presets[el.value];
      Object.keys(values).forEach(function (name) {
        var field = form.elements[name];
        if (field && field.value !== undefined) { field.value = values[name]; }
      });
      var end = form.querySelector("input[name=end]:checked");
      if (end && end.value === targets[before] && variants[before] !== variants[el.value]) {
        var usual = form.querySelector("input[name=end][value='" + targets[el.value] + "']");
        if (usual) { usual.checked = true; }
      }
      shown.value = el.value;
    });
  }
  function rest(root) {
    Array.prototype.forEach.call(root.querySelectorAll("fieldset.points"), function (box) {
      var input = box.querySelector("[data-points]"), out = box.querySelector("[data-rest]");
      if (!input || !out || out.dataset.bound) { return; }
      out.dataset.bound = "1";
      var first = out.textContent, total = parseInt(box.dataset.total, 10);
      // the other side by name ("The defence has 62 points."): a bare "62" read as the takers' own
      function show() {
        var n = parseInt(input.value, 10), side = box.querySelector("input[name=counted]:checked");
        var words = side && side.value === "defence" ? out.dataset.takers : out.dataset.defence;
        out.textContent = /^\s*\d+\s*$/.test(input.value) && n <= total && words
          ? words.replace("%(points)s", String(total - n)) : first;
      }
      input.addEventListener("input", show);
      box.addEventListener("change", show);
      show();
    });
  }
  var form = document.querySelector("form.belote-setup");
  if (form) { setup(form); }
  rest(document);
  document.addEventListener("htmx:afterSwap", function () { rest(document); });
})();
