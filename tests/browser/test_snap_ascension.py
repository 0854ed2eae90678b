"""Pokemon Snap's ascension prompt in Chromium on a phone (390x844): after the hand-worked match of
test_full_match, Carol (Heaven's lone winner) reads beside the extra pick that a player still tied
for a place she leaves blank could be drawn for it; the form refuses Ivan (tied for last) until she
names last, then takes the same pick."""

import pytest

from tests.support.browsers import BrowserGameTestCase, chromium, screenshot
from tests.pokemon_snap.support_match import SnapAscensionMixin

pytestmark = pytest.mark.browser

CAVEAT = "A player still tied for a place you leave blank could be drawn for that place"
PHONE_WIDTH = 390


class SnapAscensionPromptOnAPhoneTestCase(SnapAscensionMixin, BrowserGameTestCase):
    def setUp(self):
        super().setUp()
        self.play_to_ascension()

    def test_it_says_beside_the_extra_pick_that_a_tied_player_can_be_drawn(self):
        with chromium() as browser:
            carol = self.page(browser, self.carol, f"/play/{self.match.pk}/", phone=True)
            # The field's own block (label, help, select) holds the caveat, inside the phone's width.
            field = carol.locator("form.move-form div", has=carol.locator("select[name=extra]")).last
            self.assertIn(CAVEAT, " ".join(field.inner_text().split()))
            self.assertIn("only once you name who takes that place", " ".join(field.inner_text().split()))
            box = field.bounding_box()
            self.assertLessEqual(box["x"] + box["width"], PHONE_WIDTH)
            self.assertLessEqual(carol.evaluate("document.documentElement.scrollWidth"), PHONE_WIDTH)
            screenshot(carol, "snap-ascension-carol-phone")
            self.send(carol, select={"extra": "7"})  # Ivan, tied for last, with last left blank
            self.assertIn("still tied for Hell's last place", carol.locator(".messages").inner_text())
            self.send(carol, select={"last": "6", "extra": "7"})
            self.assertIn("Submission received", carol.locator(".messages").inner_text())
            self.match.refresh_from_db()
            self.assertEqual((self.match.state["result"]["marked"], self.match.state["result"]["extra"]), (6, 7))
