// A match that has not started: ask every few seconds, and load the live page once it has.
(function () {
  "use strict";
  var root = document.querySelector(".starts-soon[data-status-url]");
  if (!root || !window.fetch) return;
  function check() {
    fetch(root.dataset.statusUrl, {credentials: "same-origin"}).then(function (r) { return r.json(); })
      .then(function (data) { if (data.status !== root.dataset.status) location.reload(); })
      .catch(function () { /* offline for a moment: ask again later */ });
  }
  setInterval(check, 5000);
})();
