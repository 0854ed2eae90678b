"""The installable site (matches/web/views/installable.py): the manifest's fields and icons, the
service worker served at the root with headers that let it cover every page and never keep an old
version, and what it keeps: the offline page (which names nobody) and static files, never a page.

What the worker does in a browser (installed, the offline page with the server stopped, its cache
holding no page) is tested in Chromium: tests/browser/test_installable_live.py."""

import json
import re
import struct

from django.test import Client
from django.urls import reverse

from tests.support.base import BaseTestCase


def body(response):
    return b"".join(response.streaming_content) if response.streaming else response.content


def png_size(data):
    """(width, height) from a PNG's IHDR chunk, which the format puts first."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def worker_constants(source):
    """The values the server writes above the worker's code: PRECACHE, CACHE and ICON."""
    return {name: json.loads(value) for name, value in re.findall(r"^const (\w+) = (.+);$", source, re.M)}


class ManifestTestCase(BaseTestCase):
    def test_it_names_the_site_and_opens_standalone_at_the_player_s_matches(self):
        response = self.client.get("/manifest.webmanifest")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response["Content-Type"], "application/manifest+json")
        manifest = json.loads(response.content)
        self.assertEqual(manifest["name"], "genius-site")
        self.assertEqual(manifest["short_name"], "genius-site")
        self.assertEqual(manifest["start_url"], "/")  # the home page, headed by the player's matches
        self.assertEqual(manifest["scope"], "/")
        self.assertEqual(manifest["display"], "standalone")
        self.assertEqual(manifest["theme_color"], "#2454c5")

    def test_its_icons_are_pngs_of_the_sizes_it_says_and_one_is_maskable(self):
        icons = json.loads(self.client.get("/manifest.webmanifest").content)["icons"]
        self.assertEqual(
            [(icon["sizes"], icon["purpose"]) for icon in icons],
            [("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")],
        )
        for icon in icons:
            with self.subTest(icon=icon["src"]):
                response = self.client.get(icon["src"])
                self.assertEqual(response.status_code, 200)
                self.assertEqual(icon["type"], "image/png")
                width = int(icon["sizes"].split("x")[0])
                self.assertEqual(png_size(body(response)), (width, width))

    def test_every_page_links_the_manifest_the_theme_colour_and_the_apple_touch_icon(self):
        self.client.force_login(self.alice)
        self.start()
        for url in (reverse("home"), reverse("match_play", args=[self.match.pk]), reverse("account")):
            with self.subTest(url=url):
                page = self.client.get(url)
                self.assertContains(page, '<link rel="manifest" href="/manifest.webmanifest">', html=True)
                self.assertContains(page, '<meta name="theme-color" content="#2454c5">', html=True)
                self.assertContains(
                    page, '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">', html=True
                )
                self.assertContains(page, '<script src="/static/js/installable.js"></script>', html=True)
        self.assertEqual(png_size(body(self.client.get("/static/icons/apple-touch-icon.png"))), (180, 180))


class ServiceWorkerTestCase(BaseTestCase):
    def test_it_is_served_at_the_root_for_every_page_and_never_cached_by_http(self):
        response = self.client.get("/sw.js")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response["Content-Type"], "text/javascript; charset=utf-8")
        self.assertEqual(response["Service-Worker-Allowed"], "/")
        self.assertIn("no-cache", response["Cache-Control"])
        self.assertIn("max-age=0", response["Cache-Control"])
        self.assertEqual(self.client.post("/sw.js").status_code, 405)

    def test_it_keeps_only_the_offline_page_and_static_files(self):
        source = self.client.get("/sw.js").content.decode()
        constants = worker_constants(source)
        self.assertEqual(
            constants["PRECACHE"],
            ["/offline/", "/static/css/site.css", "/static/favicon.svg", "/static/icons/icon-192.png"],
        )
        self.assertEqual(constants["ICON"], "/static/icons/icon-192.png")
        self.assertRegex(constants["CACHE"], r"^offline-[0-9a-f]{16}$")
        for url in constants["PRECACHE"]:
            self.assertEqual(self.client.get(url).status_code, 200, url)

    def test_its_code_stores_nothing_but_the_precache(self):
        """The one write to a cache is the install's addAll(PRECACHE); a page's answer goes to the
        browser from the network and is never put in a cache (no put, no add of a request)."""
        source = self.client.get("/sw.js").content.decode()
        self.assertEqual(re.findall(r"\.(put|add|addAll)\(", source), ["addAll"])
        self.assertIn("cache.addAll(PRECACHE)", source)
        self.assertIn('if (request.method !== "GET") return;', source)  # a form sent offline is never answered "saved"

    def test_the_same_files_give_the_same_worker(self):
        """Browsers compare the worker's bytes to decide to update: it must not change by itself."""
        self.assertEqual(self.client.get("/sw.js").content, self.client.get("/sw.js").content)


class OfflinePageTestCase(BaseTestCase):
    def test_it_says_the_player_is_offline_and_that_what_they_sent_is_saved(self):
        page = self.client.get(reverse("offline"))
        self.assertContains(page, "<h1>You are offline</h1>", html=True)
        self.assertContains(page, "What you sent is saved on the server")
        self.assertIn("no-cache", page["Cache-Control"])

    def test_it_is_the_same_bytes_for_a_player_with_matches_as_for_a_visitor(self):
        """The worker fetches it with the installing browser's cookies and keeps it: it must hold
        nothing of theirs (their name, their matches, a form's token)."""
        self.start()  # Alice plays "Test match", which waits on her
        player = Client()
        player.force_login(self.alice)
        page = player.get(reverse("offline")).content
        self.assertEqual(page, Client().get(reverse("offline")).content)
        for private in (b"alice", b"Test match", b"csrfmiddlewaretoken"):
            self.assertNotIn(private, page)
