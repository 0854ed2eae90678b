"""Talk and reminders in Chromium: Alice (on a phone) and Bob talk live in a conversation of their
own while Carol, not in it, sees nothing of it; then a reminder arrives in Carol's open page, in
the page and in its title; and the account page saves reminder choices."""

from datetime import timedelta

import pytest

from matches import clock
from matches.notifications import reminders
from tests.support.browsers import BrowserGameTestCase, chromium, person, screenshot

pytestmark = pytest.mark.browser


class TalkInTheBrowserTestCase(BrowserGameTestCase):
    settings = {"rounds": 3, "round_seconds": 7200, "close_early": True}

    def test_two_talk_a_third_sees_nothing_and_a_reminder_arrives(self):
        m = self.match.pk
        with chromium() as browser:
            alice = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            bob = self.page(browser, self.bob, f"/play/{m}/")
            carol = self.page(browser, self.carol, f"/play/{m}/")
            alice.check("form.talk-start input[name=seats][value='1']")
            alice.click("form.talk-start button")
            alice.locator(".messages", has_text="Conversation started").wait_for()
            alice.fill("section.talk:has-text('You and Bob') textarea", "Bid 2 and I bid 3")
            alice.click("section.talk:has-text('You and Bob') .talk-form button")
            bob.locator("#live-talk", has_text="Bid 2 and I bid 3").wait_for(timeout=15_000)
            bob.fill("section.talk:has-text('You and Alice') .talk-form textarea", "Deal")
            bob.click("section.talk:has-text('You and Alice') .talk-form button")
            alice.locator("#live-talk", has_text="Deal").wait_for(timeout=15_000)
            screenshot(alice, "talk-1-alice-phone")
            screenshot(bob, "talk-1-bob")
            # A reminder: the phase is made to close in 9 minutes (10 minutes fits its 69 minutes).
            phase = self.open_phase()
            phase.opened_at, phase.deadline = clock.now() - timedelta(hours=1), clock.now() + timedelta(minutes=9)
            phase.save()
            reminders.send_due()
            carol.locator("#live-state .reminder", has_text="waits on you").wait_for(timeout=20_000)
            self.assertTrue(carol.title().startswith("\u23f0"))
            self.assertNotIn(
                "h", carol.locator("form.move-form .countdown").inner_text()
            )  # the moved deadline reached the form
            screenshot(carol, "talk-2-carol-reminder")
            self.assertNotIn("Bid 2 and I bid 3", carol.content())
            self.assertNotIn("Deal", carol.locator("#live-talk").inner_text())

    def test_the_account_page_saves_reminder_choices(self):
        with chromium() as browser:
            for phone in (True, False):
                page = person(browser, self.stack.url, self.alice, phone=phone).new_page()
                page.goto("/account/")
                page.uncheck("input[name=reminder_minutes][value='720']")
                page.check("input[name=reminder_minutes][value='30']")
                page.fill("input[name=email]", "alice@example.org")
                page.click("form.card button[type=submit]")
                page.locator(".messages", has_text="Saved").wait_for()
                screenshot(page, f"account-{'phone' if phone else 'desktop'}")
        prefs = reminders.preferences(self.alice)
        self.assertEqual(prefs.reminder_minutes, [60, 30, 10])
        self.alice.refresh_from_db()
        self.assertEqual(self.alice.email, "alice@example.org")
