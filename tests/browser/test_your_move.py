"""A player finds and makes their move in Chromium, on a phone and on a desktop: "your move" on
the home page, the play page's sticky bar, who has sent shown live to the others, the old
"Submission received" cleared when the next form arrives, someone else's play page, a 404."""

import pytest

from matches.core import lifecycle
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot, press_send
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class YourMoveBrowserTestCase(BaseTransactionTestCase):
    settings = {"rounds": 3, "round_seconds": 600, "close_early": False}

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def play(self, phone):
        tag, other = ("phone", False) if phone else ("desktop", True)
        with chromium() as browser:
            alice = person(browser, self.stack.url, self.alice, phone=phone).new_page()
            alice.goto("/")
            alice.locator(".your-move a.waiting", has_text="your move").click()
            alice.wait_for_selector(".conn[data-state=live]")
            screenshot(alice, f"your-move-1-play-page-{tag}")
            # the bar stays in view at the top however far down the page is read
            alice.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            box = alice.locator(".turn-bar").bounding_box()
            self.assertLess(abs(box["y"]), 2, box)
            self.assertIn("Waiting on you: Round 1", alice.locator(".turn-bar").inner_text())
            screenshot(alice, f"your-move-2-scrolled-{tag}")

            bob = person(browser, self.stack.url, self.bob, phone=other).new_page()
            bob.goto(f"/play/{self.match.pk}/")
            spectator = person(browser, self.stack.url, phone=other).new_page()
            spectator.goto(f"/matches/{self.match.pk}/")
            for page in (bob, spectator):
                page.wait_for_selector(".conn[data-state=live]")
                page.evaluate("window.notReloaded = true")
                self.assertIn("waiting on Alice, Bob, Carol", page.locator("#live-state .who-sent").inner_text())

            alice.fill("form.move-form input[name=bid]", "7")
            press_send(alice.locator("form.move-form").first)
            alice.get_by_text("Submission received").wait_for()
            alice.wait_for_selector(".conn[data-state=live]")
            alice.evaluate("window.notReloaded = true")
            self.assertIn("Your bid: 7", alice.locator("form.move-form").inner_text())  # in the words of the form
            for page in (bob, spectator):
                page.locator("#live-state .who-sent", has_text="sent: Alice").wait_for()
                self.assertIn("waiting on Bob, Carol", page.locator("#live-state .who-sent").inner_text())
                self.assertTrue(page.evaluate("window.notReloaded === true"))
            screenshot(spectator, f"your-move-3-spectator-sees-who-sent-{'phone' if other else 'desktop'}")

            lifecycle.do_force_close(self.open_phase().pk)  # round 2's form arrives live
            alice.locator("form.move-form h2", has_text="Round 2").wait_for()
            self.assertEqual(alice.locator("ul.messages").count(), 0)  # no old "received" above the new form
            self.assertTrue(alice.evaluate("window.notReloaded === true"))
            screenshot(alice, f"your-move-4-next-form-{tag}")

            dave = person(browser, self.stack.url, self.dave, phone=phone).new_page()
            dave.goto(f"/play/{self.match.pk}/")
            dave.get_by_text("You do not play in this match: this is its public page.").wait_for()
            self.assertTrue(dave.url.endswith(f"/matches/{self.match.pk}/"))
            screenshot(dave, f"your-move-5-someone-elses-play-page-{tag}")
            dave.goto("/no/such/page/")
            dave.get_by_text("Nothing here").wait_for()
            screenshot(dave, f"your-move-6-not-found-{tag}")

    def test_it_leads_a_player_on_a_phone_to_their_move(self):
        self.play(phone=True)

    def test_it_leads_a_player_on_a_desktop_to_their_move(self):
        self.play(phone=False)
