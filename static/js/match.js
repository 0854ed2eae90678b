// Keeps a match page live: countdowns on the server's clock, and a socket that sends every
// change this viewer may see. Without JavaScript the page still works by reloading.
(function () {
  "use strict";
  var root = document.querySelector(".match[data-socket]");
  var conn = document.querySelector(".conn");
  var serverOffset = Date.parse(document.body.dataset.serverTime) - Date.now();
  if (isNaN(serverOffset)) serverOffset = 0;

  function tick() {
    var now = Date.now() + serverOffset;
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - now) / 1000));
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      // under a minute in words ("45 seconds"), as the server writes it
      el.textContent = h || m ? (h ? h + "h " : "") + m + "m " + s + "s" : s + (s === 1 ? " second" : " seconds");
    });
  }
  setInterval(tick, 250);
  tick();

  // Hosts read and type deadlines in their own time zone; the server is told which one.
  function localize() {
    var zone = "UTC";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch (e) { /* old browser: UTC */ }
    document.querySelectorAll("input.tz").forEach(function (el) { el.value = zone; });
    document.querySelectorAll(".tz-name").forEach(function (el) { el.textContent = "your time zone: " + zone; });
    if (window.showLocalTimes) window.showLocalTimes();  // static/js/local_time.js
    document.querySelectorAll("input[data-local-from]").forEach(function (el) {
      var when = new Date(el.dataset.localFrom);
      if (el.value || isNaN(when)) return;
      when = new Date(when.getTime() - when.getTimezoneOffset() * 60000);  // the wall clock here
      el.value = when.toISOString().slice(0, 16);
    });
  }
  localize();
  if (!root || !("WebSocket" in window)) return;

  var seq = parseInt(root.dataset.seq || "0", 10);
  var personal = parseInt(root.dataset.personal || "0", 10);
  var baseTitle = document.title, lastReminder = "";

  // A reminder shows in the tab's title and, if the player allowed it, as a notification.
  function remind(text) {
    document.title = text ? "\u23f0 " + baseTitle : baseTitle;
    if (text && text !== lastReminder && "Notification" in window && Notification.permission === "granted") {
      new Notification(baseTitle, {body: text});
    }
    lastReminder = text;
  }
  remind(root.dataset.reminder || "");
  var allow = document.querySelector("button.allow-notifications");
  if (allow && "Notification" in window && Notification.permission === "default") {
    allow.hidden = false;
    allow.addEventListener("click", function () { Notification.requestPermission(); allow.hidden = true; });
  }
  var checkEvery = 1000 * (parseFloat(root.dataset.checkSeconds) || 15);
  var formsKey = null, delay = 1000, socket = null, lastResult = null;

  function setConn(state, text) {
    if (!conn) return;
    conn.dataset.state = state;
    conn.textContent = "Live updates: " + text;
  }

  function apply(update) {
    if (update.server_time) serverOffset = Date.parse(update.server_time) - Date.now();
    var state = document.getElementById("live-state");
    if (state && update.sections["live-state"] !== undefined) {
      var open = {};  // a table the reader folded stays folded, one they opened stays open
      state.querySelectorAll("details[id]").forEach(function (d) { open[d.id] = d.open; });
      state.innerHTML = update.sections["live-state"];
      state.querySelectorAll("details[id]").forEach(function (d) { if (d.id in open) d.open = open[d.id]; });
    }
    var forms = document.getElementById("live-forms");
    if (forms && update.sections["live-forms"] !== undefined && update.forms_key !== formsKey) {
      if (formsKey !== null) {
        forms.classList.add("flash");
        // "Submission received" was about the forms that are now gone: it must not sit above new ones.
        document.querySelectorAll("ul.messages").forEach(function (el) { el.remove(); });
      }
      replaceKeepingTyped(forms, update.sections["live-forms"]);
    }
    var bar = document.getElementById("turn-bar");
    if (bar && update.sections["turn-bar"] !== undefined) bar.innerHTML = update.sections["turn-bar"];
    // What the last close did to this player: redrawn only when it changes, so that a screen
    // reader is told of a close once, not of every push.
    var result = document.getElementById("close-result");
    if (result && update.sections["close-result"] !== undefined && update.sections["close-result"] !== lastResult) {
      result.innerHTML = update.sections["close-result"];
      lastResult = update.sections["close-result"];
    }
    var talkBox = document.getElementById("live-talk");
    if (talkBox && update.sections["live-talk"] !== undefined) replaceKeeping(talkBox, update.sections["live-talk"]);
    // A deadline the host moved reaches the forms too (they are redrawn only when they change).
    document.querySelectorAll("#live-state li[data-phase] .countdown[data-deadline]").forEach(function (el) {
      var li = el.closest("li[data-phase]");
      document.querySelectorAll('form[data-phase="' + li.dataset.phase + '"] .countdown').forEach(function (f) {
        f.dataset.deadline = el.dataset.deadline;
      });
    });
    formsKey = update.forms_key;
    seq = Math.max(seq, update.seq);
    root.dataset.seq = String(seq);
    if (update.personal !== undefined) personal = update.personal;
    if (update.reminder !== undefined) remind(update.reminder);
    localize();
    tick();
    if (window.fitCloseResult) window.fitCloseResult();  // static/js/close_result.js
  }

  // Forms redrawn for the same phase (after a pause, say) keep what the player had typed.
  function replaceKeepingTyped(box, html) {
    var typed = {};
    box.querySelectorAll("form[data-phase] [name]").forEach(function (el) {
      var key = el.form.dataset.phase + "/" + el.name + (el.type === "radio" || el.type === "checkbox" ? "/" + el.value : "");
      typed[key] = (el.type === "radio" || el.type === "checkbox") ? el.checked : el.value;
    });
    box.innerHTML = html;
    box.querySelectorAll("form[data-phase] [name]").forEach(function (el) {
      if (el.name === "csrfmiddlewaretoken") return;
      var key = el.form.dataset.phase + "/" + el.name + (el.type === "radio" || el.type === "checkbox" ? "/" + el.value : "");
      if (typed[key] === undefined) return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = typed[key]; else el.value = typed[key];
    });
  }

  // New messages must not wipe a message being written: text and focus survive the redraw.
  function replaceKeeping(box, html) {
    var kept = {}, focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.keep : null;
    box.querySelectorAll("[data-keep]").forEach(function (el) { kept[el.dataset.keep] = el.value; });
    box.innerHTML = html;
    box.querySelectorAll("[data-keep]").forEach(function (el) {
      if (kept[el.dataset.keep] !== undefined) el.value = kept[el.dataset.keep];
      if (el.dataset.keep === focused) el.focus();
    });
  }

  var retry = null;

  function connect() {
    clearTimeout(retry);
    if (socket && socket.readyState <= 1) return;  // connecting or open already
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.dataset.socket + "?since=" + seq + "&personal=" + personal);
    setConn("connecting", "connecting…");
    socket.onopen = function () { delay = 1000; setConn("live", "on"); };
    socket.onmessage = function (msg) {
      var update = JSON.parse(msg.data);
      if (update.type === "update") apply(update);
    };
    socket.onclose = function (event) {
      // 4408: this seat was handed to another account; the page, asked again, is the public one
      if (event.code === 4408) { location.reload(); return; }
      setConn("offline", navigator.onLine === false ? "offline, waiting for the network…" : "reconnecting…");
      clearTimeout(retry);
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 15000);
    };
  }
  // A phone that loses its network may keep a dead socket for minutes: drop it at once, and
  // reconnect (asking for everything after `seq`) the moment the network is back.
  window.addEventListener("offline", function () { if (socket) socket.close(); });
  window.addEventListener("online", function () { delay = 1000; connect(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") connect();
  });
  // A push can be lost (delivery is at most once): every so often ask whether anything newer
  // than `seq` exists; the server answers only when it does.
  setInterval(function () {
    if (socket && socket.readyState === 1 && document.visibilityState === "visible") {
      socket.send(JSON.stringify({type: "check"}));  // the server knows what it last sent
    }
  }, checkEvery);
  // Forms already on the page count as seen: only a different set of forms replaces them.
  formsKey = root.dataset.formsKey || null;
  connect();
})();
