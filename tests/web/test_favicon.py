"""The site's icon: /favicon.ico answers 200 with an icon (browsers ask for it at the root),
served as a static file, and every page links it."""

from django.test import TestCase
from django.urls import reverse


class FaviconTestCase(TestCase):
    def test_it_answers_the_favicon_at_the_root(self):
        response = self.client.get("/favicon.ico")
        self.assertEqual(response.status_code, 200)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        self.assertEqual(body[:4], b"\x00\x00\x01\x00")  # an ICO file
        self.assertIn("icon", response["Content-Type"])

    def test_it_answers_the_svg_icon_and_every_page_links_both(self):
        page = self.client.get(reverse("home"))
        self.assertContains(page, '<link rel="icon" href="/favicon.ico" sizes="any">', html=True)
        self.assertContains(page, '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">', html=True)
        self.assertEqual(self.client.get("/static/favicon.svg").status_code, 200)
