// Scribe's service worker (scribe/web/shell.py): the static shell from its cache, the
// offline page when a navigation fails. Game pages and API answers are never stored:
// they are private (a link is the permission) and change with every tap.
"use strict";
var CACHE = "scribe-shell-{{ version }}";
var SHELL = {{ shell|tojson }};
var OFFLINE = {{ offline|tojson }};
var DEFAULT = {{ default|tojson }};
var PREFS = "scribe-prefs";
var lang = null;

self.addEventListener("install", function (e) {
  var all = SHELL.concat(Object.keys(OFFLINE).map(function (k) { return OFFLINE[k]; }));
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(all); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("scribe-shell-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// Each page says its language, so the offline page speaks the one the table chose.
self.addEventListener("message", function (e) {
  if (e.data && OFFLINE[e.data.lang]) {
    lang = e.data.lang;
    e.waitUntil(caches.open(PREFS).then(function (c) { return c.put("/lang", new Response(lang)); }));
  }
});

function offlineLang() {
  if (lang) { return Promise.resolve(lang); }
  return caches.open(PREFS).then(function (c) { return c.match("/lang"); })
    .then(function (r) { return r ? r.text() : (self.navigator.language || "").slice(0, 2); })
    .then(function (l) { return OFFLINE[l] ? l : DEFAULT; });
}

self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") { return; }
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) { return; }
  if (req.mode === "navigate") {  // always the network; the offline page only when it fails
    e.respondWith(fetch(req).catch(function () {
      return offlineLang().then(function (l) { return caches.match(OFFLINE[l], {cacheName: CACHE}); });
    }));
  } else if (SHELL.indexOf(url.pathname) >= 0) {
    e.respondWith(caches.match(req, {cacheName: CACHE}).then(function (hit) { return hit || fetch(req); }));
  }
});
