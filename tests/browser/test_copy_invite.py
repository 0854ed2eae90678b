"""The copy button beside an invite link, in Chromium on a desktop and on a phone: it puts the
link in the clipboard; with script off the link is there and no button that would do nothing."""

import pytest

from matches.hosting.host_desk import do_add_players
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import ARTIFACTS, serve

pytestmark = pytest.mark.browser


class CopyInviteBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        do_add_players(self.season, "Ivy, ivy\nKim, kim", by=self.hana)
        self.stack = serve(self)
        self.desk = f"/host/seasons/{self.season.slug}/"

    def copy(self, phone):
        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            host = person(
                browser, self.stack.url, self.hana, phone=phone, permissions=["clipboard-read", "clipboard-write"]
            ).new_page()
            errors = []
            host.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            host.goto(self.desk)
            link = host.get_by_role("textbox", name="Invite link of Kim").input_value()
            self.assertIn("/accounts/invite/", link)
            host.get_by_role("button", name="Copy the invite link of Kim").click()
            host.get_by_role("button", name="Copy the invite link of Kim").filter(has_text="Copied").wait_for()
            self.assertEqual(host.evaluate("navigator.clipboard.readText()"), link)
            screenshot(host, f"copy-invite-{tag}")
            host.locator("table.players").screenshot(
                path=str(ARTIFACTS / "screenshots" / f"copy-invite-table-{tag}.png")
            )
            self.assertEqual(errors, [])  # nothing refused by the Content Security Policy

    def test_it_copies_an_invite_link_on_a_desktop(self):
        self.copy(phone=False)

    def test_it_copies_an_invite_link_on_a_phone(self):
        self.copy(phone=True)

    def test_the_desk_works_without_script(self):
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana, phone=True, java_script_enabled=False).new_page()
            host.goto(self.desk)
            self.assertIn("/accounts/invite/", host.get_by_role("textbox", name="Invite link of Ivy").input_value())
            self.assertEqual(host.locator("button.copy").count(), 2)
            self.assertFalse(host.locator("button.copy").first.is_visible())
            host.fill("form.add-player textarea[name=players]", "Lou, lou")
            host.click("form.add-player button")
            host.get_by_text("Lou joined the season.").wait_for()
            screenshot(host, "copy-invite-without-script-phone")
