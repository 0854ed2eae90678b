// "Tell me on this phone when it's my move": Web Push turned on or off for this browser alone
// (templates/matches/_push_optin.html; the server side is matches/web/views/push.py).
// Permission is asked only when the button is clicked, never when a page loads. Each .push-optin
// shows one of: the button; "this phone is told" with "Turn off on this phone"; or, plainly, why
// this browser cannot be told (no push here, an iPhone outside its Home Screen, blocked).
(function () {
  "use strict";
  var boxes = document.querySelectorAll(".push-optin[data-key]");
  if (!boxes.length) return;

  var iPhone = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  var installed = window.navigator.standalone === true ||
    (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
  var supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

  function keyBytes(base64url) {
    var text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function sameKey(subscription, bytes) {
    var had = subscription.options && subscription.options.applicationServerKey;
    if (!had) return true;  // the browser does not say: assume it is ours
    had = new Uint8Array(had);
    if (had.length !== bytes.length) return false;
    for (var i = 0; i < had.length; i++) if (had[i] !== bytes[i]) return false;
    return true;
  }

  function post(box, url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": box.querySelector("input[name=csrfmiddlewaretoken]").value},
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) throw new Error(data.error || "The site did not answer; nothing changed.");
        return data;
      });
    });
  }

  function show(box, state, words) {
    box.dataset.state = state;
    box.querySelector(".push-on").hidden = state !== "off";
    box.querySelector(".push-off").hidden = state !== "on";
    box.querySelector(".push-state").textContent = words || "";
  }

  function registration() {
    return navigator.serviceWorker.register("/sw.js", {scope: "/"}).then(function () {
      return navigator.serviceWorker.ready;
    });
  }

  function turnOn(box) {
    var key = keyBytes(box.dataset.key);
    show(box, "busy", "Asking this browser…");
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        show(box, "off", "Not turned on: this browser was not allowed to show notifications.");
        return null;
      }
      return registration().then(function (reg) {
        return reg.pushManager.getSubscription().then(function (old) {
          // a subscription made for another key of the site's (its keys changed) cannot be used
          if (old && !sameKey(old, key)) return old.unsubscribe().then(function () { return null; });
          return old;
        }).then(function (old) {
          return old || reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key});
        });
      }).then(function (subscription) {
        return post(box, box.dataset.add, subscription.toJSON());
      }).then(function () {
        if (box.hasAttribute("data-reload")) { window.location.reload(); return; }
        show(box, "on", "This phone is told when it's your move.");
      });
    }).catch(function (error) {
      show(box, "off", "Not turned on: " + (error && error.message ? error.message : "this browser refused."));
    });
  }

  function turnOff(box) {
    show(box, "busy", "Turning off…");
    registration().then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (subscription) {
      if (!subscription) return null;
      // the site forgets this browser first (it needs the endpoint), then the browser unsubscribes
      return post(box, box.dataset.this, {endpoint: subscription.endpoint, forget: true}).then(function () {
        return subscription.unsubscribe();
      });
    }).then(function () {
      if (box.hasAttribute("data-reload")) { window.location.reload(); return; }
      show(box, "off", "Turned off on this phone; your other devices are still told.");
    }).catch(function (error) {
      show(box, "on", "Not turned off: " + (error && error.message ? error.message : "this browser refused."));
    });
  }

  // What this browser is now: told (the site has its subscription), not told, or unable.
  function settle(box) {
    if (!supported) {
      show(box, "unable", iPhone && !installed
        ? "On an iPhone, add this site to your Home Screen first (Share, then Add to Home Screen), open it from there and turn this on."
        : "This browser cannot be told when the page is closed.");
      return;
    }
    if (Notification.permission === "denied") {
      show(box, "unable", "Notifications are blocked for this site in this browser's settings.");
      return;
    }
    navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (subscription) {
      if (!subscription || Notification.permission !== "granted") return show(box, "off");
      return post(box, box.dataset.this, {endpoint: subscription.endpoint}).then(function (data) {
        if (!data.id) return show(box, "off");  // removed from another device: may be turned on again
        show(box, "on", "This phone is told when it's your move.");
        var row = document.querySelector(".push-devices [data-device='" + data.id + "']");
        if (row) row.querySelector(".this-label").hidden = false;
      });
    }).catch(function () { show(box, "off"); });
  }

  // The play page's older "allow notifications" (shown while the page is open, static/js/match.js)
  // is part of this where push works here: one question, not two.
  if (supported) {
    document.querySelectorAll("button.allow-notifications").forEach(function (button) { button.remove(); });
  }

  boxes.forEach(function (box) {
    box.querySelector(".push-on").addEventListener("click", function () { turnOn(box); });
    box.querySelector(".push-off").addEventListener("click", function () { turnOff(box); });
    settle(box);
  });
})();
