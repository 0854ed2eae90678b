// The site's service worker, served at /sw.js (matches/web/views/installable.py puts PRECACHE,
// CACHE and ICON above this line). It does three things and no more:
// - a page that cannot be reached shows the offline page; pages themselves are never stored, since
//   every page may hold what only its viewer may see (their moves, their messages);
// - the few static files the offline page needs are kept, and used only when the network fails;
// - a push shows its notification, and a click on it opens (or brings forward) the page it names.
/* global PRECACHE, CACHE, ICON */  // and "use strict", the first line served

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      // the page's request starts while the worker wakes, instead of after it (Chromium, Firefox)
      return self.registration.navigationPreload ? self.registration.navigationPreload.enable() : null;
    }).then(function () { return self.clients.claim(); })
  );
});

function precached(url) {
  return url.origin === self.location.origin && PRECACHE.indexOf(url.pathname) !== -1;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // a form sent offline fails as the browser shows it: never "saved"
  var url = new URL(request.url);
  if (request.mode === "navigate") {
    // From the network only: the answer is not stored. The offline page stands in for it.
    event.respondWith(Promise.resolve(event.preloadResponse).then(function (preloaded) {
      return preloaded || fetch(request);
    }).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(PRECACHE[0]); });
    }));
  } else if (precached(url)) {
    event.respondWith(fetch(request).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(url.pathname); });
    }));
  }
  // anything else (JSON, sockets, other sites) is left to the browser
});

// A same-site address from a payload, or the home page: a notification never opens another site.
function pageUrl(value) {
  try {
    var url = new URL(value || "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + "/";
  } catch (e) {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  var body = typeof data.body === "string" ? data.body : "";
  // The deadline comes as an ISO time and is said in the phone's own zone and language.
  var deadline = typeof data.deadline === "string" ? new Date(data.deadline) : null;
  if (deadline && !isNaN(deadline.getTime())) {
    body += " Closes " + deadline.toLocaleString([], {weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23"}) + ".";
  }
  var options = {
    body: body,
    icon: ICON,
    data: {url: pageUrl(data.url)},
  };
  // One notification per tag: a newer one replaces the older and still alerts.
  if (typeof data.tag === "string" && data.tag) { options.tag = data.tag; options.renotify = true; }
  var title = typeof data.title === "string" && data.title ? data.title : "genius-site";
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = pageUrl(event.notification.data && event.notification.data.url);
  var bare = function (href) { return href.split("#")[0]; };
  event.waitUntil(
    self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (tabs) {
      for (var i = 0; i < tabs.length; i++) {
        if (bare(tabs[i].url) === bare(target) && "focus" in tabs[i]) {
          var tab = tabs[i];
          // the same page at another part of it (its form): go there, then bring it forward
          if (tab.url !== target && "navigate" in tab) {
            return tab.navigate(target).then(
              function (moved) { return (moved || tab).focus(); },
              function () { return tab.focus(); }  // a tab this worker does not control
            );
          }
          return tab.focus();
        }
      }
      return self.clients.openWindow(target);
    })
  );
});
