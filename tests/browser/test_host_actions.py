"""A host takes a host action in Chromium, on a desktop and on a phone: the link on the host's
match page, the action's form, a refused try (the error beside the form, everything typed kept),
a Preview of what each viewer would read, then Do; the player named reads the private note live
and the other player reads only the public line."""

import pytest

from matches.models import Action
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, open_live, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser

NOTE = "Well bid, keep it quiet"


class HostActionBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def walk(self, phone):
        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            bob = open_live(browser, self.stack.url, f"/play/{self.match.pk}/", self.bob, phone=True)
            alice = open_live(browser, self.stack.url, f"/play/{self.match.pk}/", self.alice, phone=True)
            host = person(browser, self.stack.url, self.hana, phone=phone).new_page()
            host.goto(f"/host/matches/{self.match.pk}/")
            host.get_by_role("link", name="Grant points").click()
            host.get_by_role("heading", name="Grant points").wait_for()
            host.get_by_label("Seat:", exact=True).select_option(label="Bob")
            host.get_by_label("Points").fill("5")  # past the bounds: refused, and nothing is lost
            host.get_by_label("Private note to the seat").fill(NOTE)
            host.get_by_role("button", name="Grant").click()
            host.get_by_role("alert").wait_for()
            self.assertIn("Nothing was done.", host.get_by_role("alert").inner_text())
            self.assertEqual(host.get_by_label("Private note to the seat").input_value(), NOTE)
            self.assertEqual(host.get_by_label("Seat:", exact=True).input_value(), "1")
            self.assertFalse(Action.objects.exists())
            screenshot(host, f"host-action-1-refused-{tag}")
            host.get_by_label("Points").fill("2")
            host.get_by_role("button", name="Preview").click()
            host.get_by_role("heading", name="Preview: nothing is saved yet").wait_for()
            preview = host.locator(".host-action-preview").inner_text()
            self.assertIn("Seat 2 (Bob) would read", preview)
            self.assertIn(NOTE, preview)
            self.assertFalse(Action.objects.exists())
            screenshot(host, f"host-action-2-preview-{tag}")
            host.get_by_role("button", name="Grant").click()
            host.get_by_text("Done: Grant points.").wait_for()
            screenshot(host, f"host-action-3-done-{tag}")
            bob.get_by_text(f"A note from the host: {NOTE}").wait_for(timeout=15_000)
            alice.get_by_text("The host granted Bob 2 points.").first.wait_for(timeout=15_000)
            self.assertNotIn(NOTE, alice.content())
            screenshot(bob, f"host-action-4-player-{tag}")
            self.assertEqual(Action.objects.get().payload, {"seat": "1", "points": 2, "note": NOTE})

    def test_it_takes_a_host_action_on_a_desktop(self):
        self.walk(phone=False)

    def test_it_takes_a_host_action_on_a_phone(self):
        self.walk(phone=True)
