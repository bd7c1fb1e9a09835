// Push: a page that follows the game holds one Server-Sent Events stream (data-live) and
// swaps in each change; no stream, or one a proxy buffers: the 2 s poll goes on. After a
// drop the stream reopens at the version shown and the server sends what was missed.
// A change comes whole ("sheet") or as the parts that changed since the version the page
// shows ("parts": start tags and parts replaced by id, what was added after a part); parts
// meant for another version reopen the stream at the one shown, so the server sends the
// whole fragment: nothing is missed.
(function () {
  "use strict";
  var FIRST_EVENT_MS = 5000;  // no "hello" by then: something buffers the stream, poll instead
  var QUIET_MS = 50000;  // the server pings every 20 s: silence this long is a dead connection
  var source = null, url = "", live = false, polling = false, backoff = 1000, timer = 0, retry = 0;

  function holder() { return document.querySelector("[data-live]"); }
  function versionShown(el) {
    var v = el && el.closest("[data-version]");
    return v ? parseInt(v.getAttribute("data-version"), 10) : -1;
  }
  function setLive(up) {
    live = up;
    document.documentElement.dataset.stream = up ? "stream" : (polling ? "poll" : "connecting");
    if (up) { document.dispatchEvent(new CustomEvent("scribe:live")); }
  }
  function close() {
    clearTimeout(timer);
    if (source) { source.close(); source = null; }
    setLive(false);
  }
  function watchdog(ms) {
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (!live) { polling = true; }  // never heard from: a buffering proxy; the poll goes on
      close();
      if (!polling) { reconnect(); }
    }, ms);
  }
  function reconnect() {
    clearTimeout(retry);
    retry = setTimeout(follow, backoff);
    backoff = Math.min(backoff * 2, 15000);
  }
  function root(el) {  // the element a whole fragment replaces
    var target = el.getAttribute("hx-target");
    return !target || target === "this" ? el : document.querySelector(target);
  }
  function swap(e) {
    var el = holder();
    var id = parseInt(e.lastEventId, 10);
    if (!el || !(id > versionShown(el))) { return; }  // shown already (a tap's own answer)
    var target = root(el);
    if (target) { htmx.swap(target, e.data, {swapStyle: "outerHTML"}); }
  }
  function patch(e) {
    var el = holder();
    var id = parseInt(e.lastEventId, 10);
    if (!el || !(id > versionShown(el))) { return; }  // shown already (a tap's own answer)
    var change = JSON.parse(e.data), top = root(el);
    function find(p) { return top.id === p[0] ? top : top.querySelector("#" + CSS.escape(p[0])); }
    var found = top ? [change.tags, change.parts, change.after].map(function (l) { return l.map(find); }) : [[null]];
    if (change.base !== versionShown(el) || [].concat.apply([], found).indexOf(null) >= 0) {  // not the page they apply to
      close();
      follow();  // reopened at the version shown: the server sends the whole fragment
      return;
    }
    found[0].forEach(function (old, i) {  // a start tag: the element's own attributes (the root's version...)
      var t = document.createElement("template");
      t.innerHTML = change.tags[i][1];
      var now = t.content.firstElementChild;
      Array.prototype.slice.call(old.attributes).forEach(function (a) {
        if (!now.hasAttribute(a.name)) { old.removeAttribute(a.name); }
      });
      Array.prototype.forEach.call(now.attributes, function (a) { old.setAttribute(a.name, a.value); });
      htmx.process(old);
    });
    found[1].forEach(function (old, i) { htmx.swap(old, change.parts[i][1], {swapStyle: "outerHTML"}); });
    change.after.forEach(function (p) { htmx.swap(find(p), p[1], {swapStyle: "afterend"}); });  // rows added
  }
  function open(el) {
    url = el.getAttribute("data-live");
    source = new EventSource(url + (url.indexOf("?") < 0 ? "?" : "&") + "v=" + versionShown(el));
    watchdog(FIRST_EVENT_MS);
    source.addEventListener("hello", function () { backoff = 1000; setLive(true); watchdog(QUIET_MS); });
    source.addEventListener("ping", function () { watchdog(QUIET_MS); });
    source.addEventListener("sheet", function (e) { watchdog(QUIET_MS); swap(e); });
    source.addEventListener("parts", function (e) { watchdog(QUIET_MS); patch(e); });
    source.addEventListener("poll", function () { polling = true; close(); });
    source.addEventListener("reload", function () { close(); location.reload(); });
    // Play again: this holder's own page of the next game (the server made it for this link)
    source.addEventListener("follow", function (e) { close(); polling = true; location.assign(e.data); });
    source.onerror = function () {  // dropped, or refused: the poll covers the gap (and says why)
      close();
      reconnect();
    };
  }
  function follow() {  // after every swap: hold the stream this page now names, or none
    var el = holder();
    if (!window.EventSource || polling) { return; }
    if (!el) { close(); return; }
    if (source && url === el.getAttribute("data-live")) { return; }
    close();
    open(el);
  }
  document.addEventListener("htmx:confirm", function (e) {  // the poll is not sent while live
    if (live && e.detail.elt.hasAttribute("data-live") && e.detail.verb === "get") { e.preventDefault(); }
  });
  document.addEventListener("DOMContentLoaded", follow);
  document.addEventListener("htmx:afterSettle", follow);
  window.addEventListener("offline", function () {  // the stream is gone with the network: the poll says so
    if (source) { close(); clearTimeout(retry); }
  });
  window.addEventListener("online", function () { if (!live && !polling) { backoff = 1000; follow(); } });
})();
