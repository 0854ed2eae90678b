"""What makes the site installable on a phone's home screen: the web app manifest, the service
worker (served from the site's root so that its scope is every page), and the offline page it
shows when a page cannot be reached.

The service worker never stores a page that may hold private information: it precaches only the
offline page (which shows nobody's name or matches) and a few static files, and answers a page's
request from the network alone, the offline page standing in when the network fails."""

import functools
import hashlib
import json

from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET

SITE_NAME = "genius-site"
THEME_COLOUR = "#2454c5"  # the favicon's blue (--accent in site.css)
BACKGROUND = "#fafafb"  # the page's own (--bg), shown while an installed site opens
# What the offline page needs (nothing else is stored): its style sheet and icons.
PRECACHED_STATIC = ["css/site.css", "favicon.svg", "icons/icon-192.png"]
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
]


@require_GET
@cache_control(max_age=3600)
def manifest(request):
    data = {
        "id": "/",
        "name": SITE_NAME,
        "short_name": SITE_NAME,
        "description": "Strategy games in the style of The Genius: private moves before each deadline.",
        # the home page: a logged-in player's matches head it, those waiting on them first
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@functools.cache
def _service_worker_source():
    """Built once per process (every navigation asks for /sw.js, to compare). The worker's code
    after lines naming what it precaches, its icon and its cache's name: a hash
    of that code, the offline page's template and every precached file, so a changed file makes a changed worker (browsers
    compare the worker's bytes to decide to update) and the new one replaces the old cache."""
    with open(finders.find("js/service_worker.js"), encoding="utf-8") as source:
        code = source.read()
    urls = [reverse("offline")] + [static(path) for path in PRECACHED_STATIC]
    digest = hashlib.sha256(code.encode() + get_template("offline.html").template.source.encode())
    for path in PRECACHED_STATIC:
        with open(finders.find(path), "rb") as asset:
            digest.update(asset.read())
    head = [
        '"use strict";',
        f"const PRECACHE = {json.dumps(urls)};",  # the offline page first
        f"const CACHE = {json.dumps('offline-' + digest.hexdigest()[:16])};",
        f"const ICON = {json.dumps(static('icons/icon-192.png'))};",
    ]
    return "\n".join(head) + "\n" + code


@require_GET
def service_worker(request):
    """The worker at /sw.js, so its scope is the whole site; never cached by HTTP, so that a new
    version reaches every browser at its next page."""
    response = HttpResponse(_service_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache, max-age=0"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@never_cache
def offline(request):
    """What the service worker shows when a page cannot be reached. It is fetched with the visitor's
    cookies when the worker installs and kept, so it must say nothing about anyone: it is rendered
    without the request (no user, no matches bar) and does not extend the site's base page."""
    return render(None, "offline.html", {"theme": THEME_COLOUR})
