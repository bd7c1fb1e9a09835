// The links page only (templates/table/links.html): Share and Copy on every link (issue 19).
// Share opens the phone's share sheet (Web Share API, where the browser offers it: HTTPS
// or localhost); Copy puts the link on the clipboard (a selected text field where the
// Clipboard API is not allowed, as on plain http on the LAN). Both stay hidden without JS.
(function () {
  "use strict";
  function data(box) { return {title: box.dataset.shareTitle, url: box.dataset.shareUrl}; }
  function canShare(box) {
    return typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data(box)));
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) { return navigator.clipboard.writeText(text); }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
      document.body.appendChild(area); area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      document.body.removeChild(area);
      if (ok) { resolve(); } else { reject(new Error("copy refused")); }
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-share-url]").forEach(function (box) {
      var share = box.querySelector("[data-share]"), copier = box.querySelector("[data-copy]");
      if (share && canShare(box)) { share.hidden = false; }
      if (copier) { copier.hidden = false; }
    });
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-share-url] [data-share], [data-share-url] [data-copy]");
    if (!button) { return; }
    var box = button.closest("[data-share-url]"), said = box.querySelector(".copied");
    if (button.hasAttribute("data-share")) {
      navigator.share(data(box)).catch(function () { /* closed without sharing: nothing to say */ });
      return;
    }
    copy(box.dataset.shareUrl).then(function () { said.textContent = box.dataset.copied; },
                                     function () { said.textContent = box.dataset.notCopied; });
  });
})();
