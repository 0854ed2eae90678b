// The installable site, on every page: the service worker registered (/sw.js: the offline page,
// and the pushes this browser was told to show), and a hint to add the site to the home screen
// where one is on the page (templates/matches/_install_hint.html). The hint shows only when the
// browser offers to install (Chromium's beforeinstallprompt) or on an iPhone's Safari (which has
// no prompt: the hint says where the menu item is), never in the installed app, and once closed
// it never comes back on this browser.
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () { /* the site works without it */ });
  }

  var hint = document.querySelector(".install-hint");
  var CLOSED = "install-hint-closed";
  if (!hint) return;
  var closed = false;
  try { closed = window.localStorage.getItem(CLOSED) === "1"; } catch (e) { closed = true; }  // no storage: never ask
  var installed = window.navigator.standalone === true ||
    (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
  if (closed || installed) return;

  function close() {
    hint.hidden = true;
    try { window.localStorage.setItem(CLOSED, "1"); } catch (e) { /* it stays closed on this page */ }
  }
  hint.querySelector(".install-close").addEventListener("click", close);

  var iPhoneSafari = /iPhone|iPad|iPod/.test(navigator.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigator.userAgent);
  if (iPhoneSafari) {
    hint.querySelector(".install-ios").hidden = false;
    hint.hidden = false;
    return;
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();  // the browser's own banner would come back uninvited; ours is closed once
    var offer = event;
    var button = hint.querySelector(".install-now");
    button.hidden = false;
    hint.hidden = false;
    button.addEventListener("click", function () {
      offer.prompt();
      offer.userChoice.then(close, close);  // installed or declined: either way, not asked again
    }, {once: true});
  });
  window.addEventListener("appinstalled", close);
})();
