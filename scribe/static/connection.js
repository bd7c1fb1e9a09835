// A lost connection said at once; a tap that cannot reach the server says "Not saved" in
// its form and offers "Try again" (also when back online). A retry sends the same version
// and Idempotency-Key: recorded once, on any node. Words from base.html.
(function () {
  "use strict";
  var pending = [];  // the retry buttons of taps not saved yet, oldest first

  function newKey() {  // not crypto.randomUUID: it needs HTTPS
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function tapOf(detail) {  // what a tap sends: the same again is the same tap
    var sent = "";
    try { sent = new URLSearchParams(detail.formData || detail.parameters).toString(); } catch (err) { sent = ""; }
    return detail.verb + " " + detail.path + "?" + sent;
  }

  function formOf(elt) {
    return elt && (elt.tagName === "FORM" ? elt : elt.closest && elt.closest("form"));
  }

  function banner(lost) {
    var el = document.getElementById("connection");
    if (!el || el.hidden === !lost) { return; }
    el.hidden = !lost;
    el.textContent = lost ? el.dataset.lost : "";
    document.documentElement.dataset.connection = lost ? "lost" : "ok";
  }

  function tappedWords(submitter) {
    if (!submitter || !submitter.value || submitter.type !== "submit" || !submitter.name) { return ""; }
    return (submitter.getAttribute("aria-label") || submitter.textContent || "").trim();
  }

  function notSaved(form, submitter) {
    var old = form.querySelector(".not-saved");
    if (old) { old.remove(); }
    var note = document.getElementById("not-saved").content.firstElementChild.cloneNode(true);
    note.setAttribute("role", "alert");  // only once shown: the page holds no idle alert
    var words = tappedWords(submitter);
    var tapped = note.querySelector("[data-tapped]");
    if (words) { tapped.textContent = tapped.dataset.tapped + " " + words; } else { tapped.remove(); }
    if (submitter && submitter.value !== undefined) { submitter.classList.add("tapped"); }
    var retry = note.querySelector("[data-retry]");
    retry.addEventListener("click", function () {
      note.remove();
      pending = pending.filter(function (b) { return b !== retry; });
      form.dataset.retry = "1";  // the server tells a retry whose first try got through
      if (submitter && submitter.form === form && !submitter.disabled) { submitter.click(); } else { form.requestSubmit(); }
    });
    pending.push(retry);
    form.appendChild(note);
    retry.focus({preventScroll: true});
  }

  function failed(e) {
    var cfg = e.detail.requestConfig || {};
    var form = formOf(e.detail.elt);
    if (form && (cfg.verb || "").toLowerCase() !== "get") {
      var trigger = cfg.triggeringEvent;
      notSaved(form, trigger && trigger.submitter || document.activeElement);
    } else {
      banner(true);  // a poll: htmx polls again by itself
    }
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:configRequest", function (e) {
    var form = formOf(e.detail.elt);
    if (form && form.dataset.retry) { e.detail.headers["X-Scribe-Retry"] = "1"; delete form.dataset.retry; }
    if (form && String(e.detail.verb).toLowerCase() !== "get") {
      var tap = tapOf(e.detail);
      if (!form.dataset.tapKey || form.dataset.tap !== tap) { form.dataset.tapKey = newKey(); form.dataset.tap = tap; }
      e.detail.headers["Idempotency-Key"] = form.dataset.tapKey;
    }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail.xhr;
    if (xhr && xhr.status > 0) { banner(false); }
    // answered: the next tap is new; a 5xx (a node died after its commit) keeps the key
    var form = formOf(e.detail.elt);
    if (form && xhr && xhr.status > 0 && xhr.status < 500) { delete form.dataset.tapKey; delete form.dataset.tap; }
  });
  document.addEventListener("scribe:live", function () { banner(false); });  // a stream is back (live.js)
  window.addEventListener("offline", function () { if (document.querySelector("[hx-trigger^='every']")) { banner(true); } });
  window.addEventListener("online", function () {
    var waiting = pending.slice();
    waiting.forEach(function (b) { if (document.contains(b)) { b.click(); } });
  });
})();
