"""Quattro Loop in Chromium against the real web server: two players (Ada on a phone) and a
spectator play a whole round live: placements by tapping a card and a slot, a choice one player
answers and the other misses (its deadline picks), the end of the round and its quattros."""

import pytest

from tests.support.browsers import BrowserGameTestCase, chromium, screenshot, press_send

pytestmark = pytest.mark.browser
QUIET = "end: swap this this"


class QuattroInTheBrowserTestCase(BrowserGameTestCase):
    game = "quattro_loop"
    seats = ("alice", "bob")
    settings = {"boards": "custom", "board_lines": [["now: +1 pick"] + [QUIET] * 6] * 3, "prompt_seconds": 5}

    @staticmethod
    def place(page, slot=None):
        """Tap the first card of the hand and a slot (the first empty one unless given)."""
        form = page.locator("form.move-form")
        form.locator("input[name=card]").first.check()
        target = form.locator(f"input[name=slot][value={slot}]") if slot else form.locator("input[name=slot]").first
        target.check()
        press_send(form)
        page.wait_for_selector(".messages")
        page.wait_for_selector(".conn[data-state=live]")

    def test_it_plays_a_round_live_with_a_choice_answered_and_one_missed(self):
        m = self.match.pk
        with chromium() as browser:
            ada = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            ben = self.page(browser, self.bob, f"/play/{m}/")
            spectator = self.page(browser, None, f"/matches/{m}/")
            screenshot(ada, "quattro-1-first-placement-ada-phone")
            self.place(ada, "B")  # B is quiet now; A's "+1 pick" asks once a loop has two cards
            self.place(ben, "B")
            self.place(ada, "A")
            self.place(ben, "A")
            # "now: +1 pick" on A: both are asked, each question naming the slot that asks; it
            # reaches Ada's phone live, and she answers by tapping her B on the picture
            ada.locator(
                "#live-forms", has_text="Your A (Now: a card you pick +1) asks: pick a card on your loop."
            ).wait_for()
            screenshot(ada, "quattro-2-choice-ada-phone")
            offered = ada.locator("svg.loop-ring .pick-slot[data-pick-field=q0_0]")
            self.assertEqual(sorted(offered.evaluate_all("els => els.map(e => e.dataset.pickValue)")), ["A", "B"])
            offered.and_(ada.locator("[data-pick-value=B]")).click()
            self.assertTrue(ada.locator("form.move-form input[name=q0_0][value=B]").is_checked())
            screenshot(ada, "quattro-2b-choice-tapped-ada-phone")
            press_send(ada.locator("form.move-form").first)
            ada.wait_for_selector(".messages")
            # Ben lets his 5 seconds run out: a random legal choice is made and placement 2 opens
            ben.locator("#live-forms", has_text="placement 3 of 7").wait_for(timeout=20_000)
            spectator.locator("#live-state", has_text="Bob's A (Now: a card you pick +1)").wait_for()
            for _ in range(5):
                ada.locator("form.move-form").wait_for()
                self.place(ada)
                self.place(ben)
            spectator.locator("#live-state", has_text="Round 1 scored.").wait_for(timeout=15_000)
            spectator.locator("#live-state", has_text="Round 2 begins.").wait_for()
            ada.locator("#live-forms", has_text="Round 2, placement 1 of 7").wait_for()
            screenshot(spectator, "quattro-3-round-scored-spectator")
            screenshot(ada, "quattro-3-round-scored-ada-phone")
            screenshot(ben, "quattro-3-round-scored-ben")
            self.assertEqual(spectator.locator("svg.loop-ring").count(), 4)  # now, and round 1 at its end
            self.assertNotIn("Your hand", spectator.content())
        prompt = self.match.phases.get(key="r1-prompt-1")
        sources = dict(prompt.submissions.values_list("player__seat", "source"))
        self.assertEqual(sources, {0: "player", 1: "default"})
