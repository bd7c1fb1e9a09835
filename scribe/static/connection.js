// A lost connection is said at once (issue 10). A tap (a POST) that cannot reach the
// server says "Not saved: no connection" in its own form, keeps what was tapped and
// offers "Try again", which also happens by itself when the phone is back online. The
// retry sends the same page version and the same Idempotency-Key, so a tap whose answer
// was lost is never recorded twice (the server answers that it is already recorded). A page that polls (watch, TV,
// player) says "Connection lost, retrying…" and clears it once an answer comes back.
// The words come translated from base.html (#connection, #not-saved).
// Each tap carries an Idempotency-Key (issue 31), made when it is first sent and kept
// until an answer comes back: the same tap sent again (Try again, back online, or tapped
// again while unanswered) carries the same key, so it is recorded once whichever server
// node gets it, with or without the page's version.
(function () {
  "use strict";
  var pending = [];  // the retry buttons of taps not saved yet, oldest first

  function newKey() {  // crypto.randomUUID needs HTTPS; a phone on the LAN may use plain HTTP
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
    var elt = e.detail.elt;
    var form = elt && (elt.tagName === "FORM" ? elt : elt.closest("form"));
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
    // answered: the next tap is a new one. Not on a 5xx (a proxy whose node died, a crash
    // after the commit): the same tap sent again must keep its key.
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
