// A lost connection is said at once (issue 10). A tap (a POST) that cannot reach the
// server says "Not saved: no connection" in its own form, keeps what was tapped and
// offers "Try again", which also happens by itself when the phone is back online. The
// retry sends the same page version, so a tap whose answer was lost is never recorded
// twice (the server answers that it is already recorded). A page that polls (watch, TV,
// player) says "Connection lost, retrying…" and clears it once an answer comes back.
// The words come translated from base.html (#connection, #not-saved).
(function () {
  "use strict";
  var pending = [];  // the retry buttons of taps not saved yet, oldest first

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
    var form = e.detail.elt.closest && e.detail.elt.closest("form");
    if (form && form.dataset.retry) { e.detail.headers["X-Scribe-Retry"] = "1"; delete form.dataset.retry; }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail.xhr;
    if (xhr && xhr.status > 0) { banner(false); }
  });
  document.addEventListener("scribe:live", function () { banner(false); });  // a stream is back (live.js)
  window.addEventListener("offline", function () { if (document.querySelector("[hx-trigger^='every']")) { banner(true); } });
  window.addEventListener("online", function () {
    var waiting = pending.slice();
    waiting.forEach(function (b) { if (document.contains(b)) { b.click(); } });
  });
})();
