// Counts that share a total (tricks: W-S2, K-T1): a form's data-sum-to, less a checked
// [data-less] value; [data-row] radios; data-fill-last fills the last blank row; the sum
// in [data-sum]. No inline script anywhere: these files and htmx are the only behaviour.
(function () {
  "use strict";
  function update(form) {
    var cards = parseInt(form.dataset.sumTo, 10);
    var gone = form.querySelector("input[data-less]:checked");
    if (gone) { cards -= parseInt(gone.value, 10) || 0; }
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-row]"));
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
    var open = !form.hasAttribute("data-fill-last");
    if (!open && ((missing.length === 1 && cards - sum >= 0) || (missing.length > 1 && sum === cards))) {
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
  // Taps not yet sent survive a reload: kept for this tab and address, with the round and
  // version the form was drawn at (data-draft), so a draft never fills a newer form.
  var KEY = "draft:" + location.pathname;
  function restore(root) {
    var form = root.querySelector && root.querySelector("form[data-draft]"), kept;
    try { kept = JSON.parse(sessionStorage.getItem(KEY)); } catch (err) { return; }
    if (!form || !kept || kept[0] !== form.dataset.draft) { return; }
    form.querySelectorAll("input[type=radio],input[type=checkbox]").forEach(function (i) {
      i.checked = kept[1].indexOf(i.name + "=" + i.value) >= 0;
    });
    update(form);
  }
  restore(document);
  document.addEventListener("htmx:load", function (e) { restore(e.target); });
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form[data-sum-to]");
    if (!form) { return; }
    update(form);
    var on = form.querySelectorAll("input:checked:not([data-auto])");
    try {
      if (form.dataset.draft) {
        sessionStorage.setItem(KEY, JSON.stringify([form.dataset.draft, [].map.call(on, function (i) { return i.name + "=" + i.value; })]));
      }
    } catch (err) { /* storage refused: nothing kept */ }
  });
})();

// After an htmx swap: focus on the next thing to tap (not the page body) and say what
// changed in the live region; "Recorded once" when a retry found its tap already saved.
(function () {
  "use strict";
  var NEXT = "[aria-invalid='true'], .not-saved [data-retry]";

  // The first thing to tap in ``el``: a field refused, a tap to retry, or what a form's
  // data-next (a selector inside it, set by the game's template) names, whichever comes first.
  function nextTap(el) {
    var found = Array.prototype.slice.call(el.querySelectorAll(NEXT));
    Array.prototype.forEach.call(el.querySelectorAll("[data-next]"), function (form) {
      var control = form.querySelector(form.getAttribute("data-next"));
      if (control) { found.push(control); }
    });
    found.sort(function (a, b) { return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1; });
    return found[0] || null;
  }

  function announce(text) {
    var live = document.getElementById("announce");
    if (live && text) { live.textContent = ""; setTimeout(function () { live.textContent = text; }, 50); }
  }

  function text(node) { return node ? node.textContent.trim().replace(/\s+/g, " ") : ""; }
  function said(el) {  // a refusal first; else where the game is now ("Round 2 of 3. Marie bids")
    var alert = el.querySelector("[role='alert'], .recorded");
    if (alert) { return text(alert); }
    return [text(el.querySelector("h1")), text(el.querySelector(".who"))].filter(Boolean).join(". ");
  }

  document.addEventListener("htmx:afterSwap", function (e) {
    var el = e.detail.target;
    if (!el || !document.contains(el)) { el = document.getElementById(el && el.id) || null; }
    if (!el) { return; }
    var xhr = e.detail.xhr;
    if (xhr && xhr.getResponseHeader("X-Scribe-Recorded") === "already") {
      el.insertBefore(document.getElementById("already-recorded").content.firstElementChild.cloneNode(true), el.firstChild);
    }
    announce(said(el));
    var focused = document.activeElement;
    if (focused && focused !== document.body && document.contains(focused)) { return; }  // a poll: leave it
    var next = nextTap(el) || el.querySelector("h1");
    if (next) {
      if (!next.matches("input, button, select, textarea, a[href]")) { next.setAttribute("tabindex", "-1"); }
      next.focus({preventScroll: true});
    }
  });
})();

// One tap, one entry (issue 18). A control that has just appeared (its page, or an htmx swap
// after a tap) runs the "arming" animation of scribe.css for half a second, during which it
// takes no pointer (CSS: a double tap's second tap lands on nothing) and here no keyboard
// Enter or Space either (a key held or pressed twice; after that the key works as ever). A
// click made by a script (the Try again of connection.js) is never held. And a form that
// leaves the page (no htmx: Play again, a new game, a new link) is sent once: a second tap
// while the next page loads would send it again (a new Scribe's link would then answer
// "replaced" for the one just made); a page brought back by Back is sendable again.
(function () {
  "use strict";
  var CONTROL = "a, label, input, select, textarea, summary, button";
  var RESEND_MS = 5000;  // a page that never comes: the form may be sent again after this

  function arming(el) {
    return !!el.getAnimations && el.getAnimations().some(function (a) {
      return /^arming/.test(a.animationName || "") && a.playState === "running";
    });
  }

  window.addEventListener("click", function (e) {
    var el = e.isTrusted && e.target.closest && e.target.closest(CONTROL);
    if (el && arming(el)) { e.preventDefault(); e.stopImmediatePropagation(); }
  }, true);

  var sent = 0;
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || form.hasAttribute("hx-post") || (form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
    var now = performance.now();
    if (sent && now - sent < RESEND_MS) { e.preventDefault(); return; }
    sent = now;
  });
  window.addEventListener("pageshow", function (e) { if (e.persisted) { sent = 0; } });
})();

// The offline page's "Try again": the service worker showed it at the page's own address.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-reload]")) { location.reload(); }
  });
})();

// Installable where the origin allows it (HTTPS, localhost): the service worker caches
// the static shell and shows the offline page in this page's language.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!("serviceWorker" in navigator) || !me) { return; }
  var lang = document.documentElement.lang;
  navigator.serviceWorker.register(me.dataset.sw, {scope: "/"}).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (reg) {
    if (reg.active) { reg.active.postMessage({lang: lang}); }
  }).catch(function () { /* not installable here: the page works the same */ });
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

// ---- issue 19 (polish): after an entry, the round in sight ----------------------------
// #play is swapped whole after each tap and the scroll stays put, so the new round's
// heading ended above the screen. After an entry (a POST, not a poll) that starts a new
// round or phase, bring its heading (or the final standings) under the pinned standings;
// else leave the page where the thumb is, only bringing a refusal or the next tap in sight.
(function () {
  "use strict";
  var before = null;
  function where() {
    var play = document.getElementById("play"), h = document.getElementById("round-title");
    return play ? (play.dataset.phase || "") + "|" + (h ? h.textContent : "") : null;
  }
  function pinned() {  // what stays on top of the page as it scrolls
    var bar = document.querySelector("#play > .scorebar");
    return bar && getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0;
  }
  function bring(el, below) {
    var top = el.getBoundingClientRect().top + window.scrollY - below;
    window.scrollTo({top: Math.max(0, top), behavior: "instant"});
  }
  function seen(el, below) {
    var r = el.getBoundingClientRect();
    return r.top >= below && r.bottom <= window.innerHeight;
  }
  function isEntry(e) {
    var cfg = e.detail.requestConfig, target = e.detail.target;
    return cfg && String(cfg.verb).toLowerCase() === "post" && target && target.id === "play";
  }
  document.addEventListener("htmx:beforeSwap", function (e) { if (isEntry(e)) { before = where(); } });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (!isEntry(e)) { return; }
    var play = document.getElementById("play");
    if (!play) { return; }
    var below = pinned() + 8;
    var alert = play.querySelector("[role='alert']");
    var heading = document.getElementById("round-title");
    var next = document.activeElement && play.contains(document.activeElement) ? document.activeElement : null;
    if (alert) {  // a refusal: in sight, with what it is about
      if (!seen(alert, below)) { bring(alert, below + 60); }
    } else if (heading && where() !== before) {  // a new round or phase: from its heading
      bring(heading.closest(".round") || heading, below);
    } else if (next && !seen(next, below)) {
      bring(next, Math.max(below, window.innerHeight / 3));
    }
    before = null;
  });
})();
// ---- end issue 19 (polish): after an entry ----------------------------------------------
