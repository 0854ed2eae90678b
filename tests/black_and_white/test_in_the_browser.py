"""Black and White in Chromium against the real web server: two players (Alice on a phone) and a
spectator play a whole match live, Alice by tapping her tiles on the picture, Bob through the
radio form. The follower sees the leader's colour arrive, never its number; the spectator sees
colours and outcomes, and every number once the match is over."""

import pytest

from tests.support.browsers import BrowserGameTestCase, chromium, screenshot, press_send

pytestmark = pytest.mark.browser


class BlackAndWhiteInTheBrowserTestCase(BrowserGameTestCase):
    game = "black_and_white"
    seats = ("alice", "bob")
    settings = {}

    @staticmethod
    def lay(page, tile):
        """On a phone, tap the tile on the picture; elsewhere, choose it in the form."""
        form = page.locator("form.move-form")
        if page.viewport_size["width"] < 500:
            page.locator(f".bw-table [data-pick-field=tile][data-pick-value='{tile}']").click()
            assert form.locator(f"input[name=tile][value='{tile}']").is_checked()
        else:
            form.locator(f"input[name=tile][value='{tile}']").check()
        press_send(form)
        page.wait_for_selector(".messages")
        page.wait_for_selector(".conn[data-state=live]")

    def test_it_plays_a_whole_match_live_with_colours_public_and_numbers_hidden(self):
        m = self.match.pk
        first = self.match.state["leader"]  # drawn from the seed (B2)
        with chromium() as browser:
            pages = {
                0: self.page(browser, self.alice, f"/play/{m}/", phone=True),
                1: self.page(browser, self.bob, f"/play/{m}/"),
            }
            spectator = self.page(browser, None, f"/matches/{m}/")
            leader, follower = pages[first], pages[1 - first]
            screenshot(pages[0], "black-and-white-1-start-alice-phone")
            self.lay(leader, 8)  # a black 8
            follower.locator("#live-state", has_text="a black tile").wait_for()
            follower.locator("#live-forms", has_text="laid a black tile").wait_for()
            spectator.locator("#live-state", has_text="a black tile").wait_for()
            self.assertNotIn("8, a black tile", follower.locator("#live-state").inner_text())
            screenshot(follower, "black-and-white-2-follower-sees-the-colour")
            self.lay(follower, 7)
            spectator.locator("#live-state", has_text="Round 2 of 9").wait_for()
            self.assertIn("wins", spectator.locator(".rounds").inner_text())
            self.assertNotIn("8", spectator.locator(".rounds").inner_text())  # no number before the end
            for lead, follow in ((7, 6), (6, 5), (5, 4), (4, 3)):  # the leader wins on and keeps the lead
                leader.locator("#live-forms form.move-form").wait_for()
                self.lay(leader, lead)
                follower.locator("#live-forms form.move-form").wait_for()
                self.lay(follower, follow)
            spectator.locator("#live-state", has_text="wins 5-0").wait_for(timeout=15_000)
            screenshot(spectator, "black-and-white-3-over-spectator")
            screenshot(pages[0], "black-and-white-3-over-alice-phone")
            revealed = spectator.locator(".rounds").inner_text()
            self.assertIn("8 black", revealed)
            self.assertIn("3 white", revealed)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, "finished")
        self.assertEqual(self.match.state["points"][first], 5)
