"""The host's page shows what each seat sent, in words, and follows a player's submission and
revision live, in Chromium (desktop host, phone player; and the other way round)."""

import pytest

from tests.support.browsers import BrowserGameTestCase, screenshot

pytestmark = pytest.mark.browser


class HostSeesSentBrowserTestCase(BrowserGameTestCase):
    def walk(self, phone):
        from tests.support.browsers import chromium

        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            host = self.page(browser, self.hana, f"/host/matches/{self.match.pk}/", phone=phone)
            host.get_by_text("Nothing yet.").wait_for()
            player = self.page(browser, self.alice, f"/play/{self.match.pk}/", phone=not phone)
            self.send(player, fill={"bid": 7, "note": "first idea"})
            sent = host.locator(".host-sent li", has_text="Alice")
            sent.get_by_text("Your bid: 7; Note to yourself: first idea").wait_for(timeout=15_000)
            self.send(player, fill={"bid": 9, "note": ""})
            sent.get_by_text("Your bid: 9").wait_for(timeout=15_000)
            sent.get_by_text("revised, 2 versions").wait_for()
            screenshot(host, f"host-sent-{tag}")

    def test_it_follows_on_a_desktop(self):
        self.walk(phone=False)

    def test_it_follows_on_a_phone(self):
        self.walk(phone=True)
