"""Two players and a spectator play the fixture game in three real Chromium contexts against the
real web server (uvicorn, `manage.py serve`), on whichever database the suite runs on."""

import time

import pytest

from games.engine_api import Viewer
from matches.models import Submission
from matches.core.presenters import viewer_seq
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot, press_send
from tests.support.stack import Stack

pytestmark = pytest.mark.browser


class LivePlayTestCase(BaseTransactionTestCase):
    seats = ("alice", "bob")
    settings = {"rounds": 3, "round_seconds": 30, "close_early": True}

    def setUp(self):
        super().setUp()
        self.start()
        self.secrets = self.match.state["secrets"]
        self.stack = Stack()
        self.stack.web()
        self.addCleanup(self.stack.stop)

    def open_pages(self, browser):
        m = self.match.pk
        pages = {
            "alice": person(browser, self.stack.url, self.alice, phone=True).new_page(),
            "bob": person(browser, self.stack.url, self.bob).new_page(),
            "spectator": person(browser, self.stack.url).new_page(),
        }
        pages["alice"].goto(f"/play/{m}/")
        pages["bob"].goto(f"/play/{m}/")
        pages["spectator"].goto(f"/matches/{m}/")
        for page in pages.values():
            page.wait_for_selector(".conn[data-state=live]")
            page.evaluate("window.notReloaded = true")  # gone if the page ever reloads
        return pages

    def bid(self, page, value):
        page.fill("form.move-form input[name=bid]", str(value))
        press_send(page.locator("form.move-form").first)
        page.wait_for_selector(".messages")  # posting reloads the page (it works without JavaScript)
        page.wait_for_selector(".conn[data-state=live]")
        page.evaluate("window.notReloaded = true")

    def assert_private(self, pages):
        for me, other in ((0, 1), (1, 0)):
            html = pages[self.seats[me]].content()
            self.assertIn(self.secrets[me], html)
            self.assertNotIn(self.secrets[other], html)
        spectator = pages["spectator"].content()
        for secret in self.secrets:
            self.assertNotIn(secret, spectator)

    def assert_live(self, page, text):
        """`text` shows up in the live part of the page without a reload."""
        page.locator("#live-state").get_by_text(text).first.wait_for()
        self.assertTrue(page.evaluate("window.notReloaded === true"), "the page reloaded")

    def test_it_plays_several_phases_live_keeping_secrets_apart(self):
        with chromium() as browser:
            pages = self.open_pages(browser)
            alice, bob, spectator = pages["alice"], pages["bob"], pages["spectator"]
            self.assert_private(pages)
            for name, page in pages.items():
                screenshot(page, f"live-play-1-start-{name}")

            # Round 1: Alice 7, Bob 3. Both in, so it closes at once; everyone sees it live.
            self.bid(alice, 7)
            started = time.monotonic()
            self.bid(bob, 3)
            alice.locator("#live-forms h2", has_text="Round 2").wait_for()
            form_delay = time.monotonic() - started
            for page in (alice, spectator):
                self.assert_live(page, "Round 1: bids [7, 3]; Alice scores.")
            self.assert_private(pages)
            for name, page in pages.items():
                screenshot(page, f"live-play-2-round1-{name}")

            # Round 2: Bob bids 9, then loses his connection; Alice bids 4 and the round closes.
            self.bid(bob, 9)
            bob.context.set_offline(True)
            bob.locator(".conn[data-state=offline]").wait_for()
            self.bid(alice, 4)
            self.assert_live(spectator, "Round 2: bids [4, 9]; Bob scores.")
            self.assertNotIn("Round 2: bids", bob.locator("#live-state").inner_text())
            # Back online: Bob's page catches up on everything, including the bonus prompt.
            bob.context.set_offline(False)
            bob.locator(".conn[data-state=live]").wait_for()
            self.assert_live(bob, "Round 2: bids [4, 9]; Bob scores.")
            bob.locator("#live-forms h2", has_text="Bonus for Bob").wait_for()
            bob_count = viewer_seq(self.fresh(), Viewer.for_seat(1))  # Bob's own count of the events he may read
            self.assertEqual(bob.locator(".match").get_attribute("data-seq"), str(bob_count))
            screenshot(bob, "live-play-3-reconnected-bob")

            # Bob doubles his point; round 3 closes the match.
            bob.select_option("form.move-form select[name=double]", "yes")
            press_send(bob.locator("form.move-form").first)
            self.bid(alice, 10)
            self.bid(bob, 2)
            self.assert_live(spectator, "Round 3: bids [10, 2]; Alice scores.")
            spectator.locator("table.standings").wait_for()
            for name, page in pages.items():
                screenshot(page, f"live-play-4-end-{name}")
            self.assertEqual(self.fresh().state["scores"], [2, 2])
            print(f"next form in front of the other player {form_delay:.2f}s after the last submission")

    def test_it_shows_a_readable_error_for_a_bad_submission(self):
        with chromium() as browser:
            pages = self.open_pages(browser)
            alice = pages["alice"]
            # A forged value the browser's own checks would stop: switch them off first.
            alice.evaluate("document.querySelector('form.move-form').noValidate = true")
            alice.fill("form.move-form input[name=bid]", "11")
            press_send(alice.locator("form.move-form").first)
            message = alice.locator(".messages .msg-error")
            message.wait_for()
            self.assertIn("Not recorded", message.inner_text())
            self.assertIn("10", message.inner_text())  # says what is allowed
            screenshot(alice, "live-play-bad-submission-alice")
            self.assertFalse(Submission.objects.exists())

    def fresh(self):
        self.match.refresh_from_db()
        return self.match
