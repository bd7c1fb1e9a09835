// The screen stays on while a game is open: the Wake Lock API where allowed (HTTPS), else a
// muted looping video started on the first tap. State on <html data-awake>.
(function () {
  "use strict";
  var root = document.documentElement;
  var me = document.currentScript;
  var lock = null, video = null;

  function live() { return !!document.querySelector("[data-version]"); }
  function say(state) { root.dataset.awake = state; }

  function startVideo() {
    if (!video) {
      video = document.createElement("video");
      video.muted = true; video.loop = true;
      video.setAttribute("muted", ""); video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true");
      ["webm", "mp4"].forEach(function (kind) {
        var source = document.createElement("source");
        source.src = me.dataset.video + "." + kind; source.type = "video/" + kind;
        video.appendChild(source);
      });
    }
    var played = video.play();
    if (played && played.then) {
      played.then(function () { say("fallback"); }, function () { waitForTap(); });
    } else { say("fallback"); }
  }

  function onTap() {
    ["pointerdown", "keydown"].forEach(function (t) { document.removeEventListener(t, onTap, true); });
    startVideo();
  }

  function waitForTap() {
    say("waiting");
    ["pointerdown", "keydown"].forEach(function (t) { document.addEventListener(t, onTap, true); });
  }

  function keepAwake() {
    if (!live() || document.visibilityState !== "visible") { return; }
    if (video) { startVideo(); return; }  // a tap already allowed it: play again after a hidden spell
    if (!("wakeLock" in navigator)) { waitForTap(); return; }  // not a secure context
    if (lock && !lock.released) { return; }
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      say("wakelock");
      // the browser lets go when the page is hidden; visibilitychange takes it again
      l.addEventListener("release", function () { if (lock === l) { say("released"); } });
    }, waitForTap);  // refused (power saving...): the video still works
  }

  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
