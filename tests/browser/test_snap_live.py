"""Pokemon Snap in Chromium against the real web server: a photographer (desktop), a Pokemon (a
phone) and a spectator through day 1: the plan and list forms, table talk arriving live, and each
seat's own part of the day's end arriving without a reload, the spectator seeing none of it."""

import pytest

from matches.core import lifecycle
from tests.support.browsers import BrowserGameTestCase, chromium, screenshot
from tests.pokemon_snap.support_match import SnapPeopleMixin, ranked

pytestmark = pytest.mark.browser


class SnapInTheBrowserTestCase(SnapPeopleMixin, BrowserGameTestCase):
    def test_one_day_live(self):
        m = self.match.pk
        with chromium() as browser:
            alice = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            bob = self.page(browser, self.bob, f"/play/{m}/")
            spectator = self.page(browser, None, f"/matches/{m}/")
            screenshot(alice, "snap-1-day-1-alice-phone")
            # Alice plans G (lose Cuteness, gain Beauty) in the morning and Contest V in the evening.
            self.send(alice, select={"morning": "G", "morning_lose": "cute", "morning_gain": "beauty", "evening": "V"})
            self.assertIn("Submission received", alice.locator(".messages").inner_text())
            # Bob enters Exhibit D, photographing Dave and Frank first.
            bob.check("form.move-form input[name=exhibit][value=D]")
            self.send(bob, select={f"rank_{i}": p for i, p in enumerate(["3", "4", "2", "5", "6", "7"], start=1)})
            self.assertIn("Submission received", bob.locator(".messages").inner_text())
            # Table talk, live: Alice writes, Bob reads it without a reload.
            alice.fill("#live-talk .talk-form textarea", "Furret says hi")
            alice.click("#live-talk .talk-form button")
            bob.locator("#live-talk", has_text="Furret says hi").wait_for(timeout=15_000)
            screenshot(bob, "snap-2-day-1-bob-talk")
            lifecycle.do_submit(self.open_phase().pk, self.seat("carol"), ranked("C", [5, 6, 2, 3, 4, 7]))
            lifecycle.do_force_close(self.open_phase().pk)
            alice.locator("#live-state", has_text="photographed by nobody").wait_for(timeout=15_000)
            bob.locator("#live-state", has_text="for Exhibit D you photographed").wait_for(timeout=15_000)
            spectator.locator("#live-state", has_text="Day 2 of 5").wait_for(timeout=15_000)
            alice.click("text=What happened to you, slot by slot")
            self.assertIn("Activity G: -3 Cuteness, +5 Beauty", alice.locator("#live-state").inner_text())
            screenshot(alice, "snap-3-day-2-alice-phone")
            screenshot(bob, "snap-3-day-2-bob")
            screenshot(spectator, "snap-3-day-2-spectator")
            seen = spectator.content()
            for secret in ("Activity G", "for Exhibit D", "Furret says hi", "photographed by"):
                self.assertNotIn(secret, seen)
            self.assertIn("Carol</strong> has priority", seen)
