// The new-game form (issue 32): Back after "Start the game" brought back an empty form,
// which, sent, made another game or a refusal. On sending, the form's values (its
// one-time key too) are kept with its history entry; shown again by Back, the form is
// filled as it was sent, so "Start the game" again opens the game just made (the key).
(function () {
  "use strict";
  var form = document.getElementById("setup");
  if (!form || !window.history.replaceState) { return; }
  function each(fn) {
    var seen = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "submit" || el.type === "button") { return; }
      var key = el.name + "#" + (el.type === "radio" || el.type === "checkbox" ? el.value : (seen[el.name] = (seen[el.name] || 0) + 1));
      fn(el, key);
    });
  }
  var kept = history.state && history.state.setupForm;
  if (kept) {
    each(function (el, key) {
      if (!(key in kept)) { return; }
      if (el.type === "radio" || el.type === "checkbox") { el.checked = kept[key]; } else { el.value = kept[key]; }
    });
    form.classList.add("sent-before");
  }
  form.addEventListener("submit", function () {
    var values = {};
    each(function (el, key) { values[key] = el.type === "radio" || el.type === "checkbox" ? el.checked : el.value; });
    history.replaceState({setupForm: values}, "");
  });
})();
