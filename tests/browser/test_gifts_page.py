"""A player gives garnets from the season page in Chromium, on a phone and on a desktop; the
other player sees it in their history."""

import pytest

from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class GiftPageTestCase(BaseTransactionTestCase):
    def test_it_gives_from_the_season_page(self):
        self.give_garnets("alice", 5)
        stack = serve(self)
        with chromium() as browser:
            for phone, amount in ((True, "2"), (False, "1")):
                page = person(browser, stack.url, self.alice, phone=phone).new_page()
                page.goto(f"/seasons/{self.season.slug}/")
                form = page.locator("form.gift-form")
                form.locator("select[name=recipient]").select_option(label="Bob")
                form.locator("input[name=amount]").fill(amount)
                form.locator("button[type=submit]").click()
                page.locator(
                    ".messages", has_text=f"You gave Bob {amount} garnet{'s' if amount == '2' else ''}."
                ).wait_for()
                screenshot(page, f"gift-{'phone' if phone else 'desktop'}")
            bob = person(browser, stack.url, self.bob).new_page()
            bob.goto(f"/seasons/{self.season.slug}/")
            bob.locator("#me summary").click()
            bob.locator("#me", has_text="Alice gave Bob 2 garnets").wait_for()
            self.assertIn("3 garnets", bob.locator("#me").inner_text())
