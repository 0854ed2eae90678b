"""The Flat Earth Theory in Chromium against the real web server: three players (Alice on a
phone) and a spectator go through two windows live: proposals, their anonymous reveal, votes,
and a private position arriving without a reload."""

import pytest

from matches.core import lifecycle
from tests.support.browsers import BrowserGameTestCase, chromium, screenshot, press_send

pytestmark = pytest.mark.browser
OPTIONS = [[[3, 0], [0, 2]]] + [[[1, 0]]] * 7


class FlatEarthInTheBrowserTestCase(BrowserGameTestCase):
    game = "flat_earth"
    seats = ("alice", "bob", "carol", "dave", "frank")
    settings = {"options": OPTIONS}

    def setUp(self):
        super().setUp()
        lifecycle.do_force_close(self.open_phase().pk)  # the pregame ends

    def others_send(self, data=None):
        phase = self.open_phase()
        for name in ("dave", "frank"):
            lifecycle.do_submit(phase.pk, self.seat(name), data or {})

    @staticmethod
    def submit(page, checks=(), selects=None, fills=None):
        form = page.locator("form.move-form")
        for name, value in (fills or {}).items():
            form.locator(f"input[name={name}]").fill(value)
        for name, value in checks:
            form.locator(f"input[name={name}][value={value}]").check()
        for name, value in (selects or {}).items():
            form.locator(f"select[name={name}]").select_option(value)
        press_send(form)
        page.wait_for_selector(".messages")
        page.wait_for_selector(".conn[data-state=live]")

    def test_two_windows_live(self):
        m = self.match.pk
        with chromium() as browser:
            alice = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            bob = self.page(browser, self.bob, f"/play/{m}/")
            carol = self.page(browser, self.carol, f"/play/{m}/")
            spectator = self.page(browser, None, f"/matches/{m}/")
            screenshot(alice, "flat-1-window-1-alice-phone")
            # Window 1: Alice gives (3, 0) to Carol and (0, 2) to Bob; Bob proposes turning B 12°.
            self.submit(alice, checks=[("kind", "move")], selects={"option_0": "2", "option_1": "1"})
            self.submit(
                bob,
                checks=[("kind", "shift")],
                selects={"shift_vector": "B", "shift_dir": "ccw"},
                fills={"shift_degrees": "12"},
            )
            self.submit(carol)
            self.others_send()
            spectator.locator("#live-state", has_text="(3, 0) to Carol, (0, 2) to Bob").wait_for(timeout=15_000)
            carol.locator("#live-forms", has_text="Window 2").wait_for()
            self.assertIn("names you", carol.locator("#live-state").inner_text())
            screenshot(carol, "flat-2-window-2-carol")
            screenshot(spectator, "flat-2-window-2-spectator")
            # Window 2: Carol accepts (no vote would do the same), Bob rejects: one rejection, it passes.
            self.submit(carol, checks=[("vote_1", "accept")])
            self.submit(bob, checks=[("vote_1", "reject")])
            self.submit(alice)
            self.others_send()
            carol.locator("#live-state", has_text="(3.00, 0.00)").wait_for(timeout=15_000)
            bob.locator("#live-forms", has_text="Window 3").wait_for()
            self.assertIn("(0.00, 0.00)", bob.locator("#live-state").inner_text())  # Bob rejected: he stays
            self.assertNotIn("(3.00, 0.00)", spectator.content() + bob.content() + alice.content())
            screenshot(carol, "flat-3-after-round-1-carol")
            screenshot(alice, "flat-3-after-round-1-alice-phone")
