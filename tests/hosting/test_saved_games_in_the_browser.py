"""Saved games in Chromium: the host saves a running host-run match (its round template with it)
from its host page on a desktop, then on a phone starts a new match from the saved game on the
season desk: the setup form comes filled in, and the new match opens with the template offered."""

import pytest

from matches.core import host_actions
from matches.models import Match, SavedGame
from tests.host_run.test_pages import SETTINGS
from tests.support.browsers import BrowserGameTestCase, chromium, person, screenshot

pytestmark = pytest.mark.browser

TEMPLATE = {
    "title": "Sealed bids",
    "deadline": "until everyone has sent",
    "answers": "everyone",
    "field_1": "Bid | number 0..your Coins | missed 0",
    "reveal": "totals",
    "talk": "everyone",
    "save_as": "Sealed bids",
}


class SavedGamesInTheBrowserTestCase(BrowserGameTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob")

    def test_a_host_saves_a_game_on_a_desktop_and_starts_it_again_on_a_phone(self):
        self.start()
        host_actions.do_host_action(self.match.pk, self.hana, "open_round", TEMPLATE)
        with chromium() as browser:
            desk = person(browser, self.stack.url, self.hana).new_page()
            desk.goto(f"/host/matches/{self.match.pk}/")
            desk.get_by_text("Save this game", exact=True).first.click()
            desk.fill("#save-name", "Vault night")
            desk.get_by_role("button", name="Save this game").click()
            desk.wait_for_url(f"**/host/seasons/{self.season.slug}/")
            desk.get_by_text("Saved as \"Vault night\"").wait_for()
            screenshot(desk, "saved-games-1-saved-desktop")

            phone = person(browser, self.stack.url, self.hana, phone=True).new_page()
            phone.goto(f"/host/seasons/{self.season.slug}/")
            phone.locator(".saved-list li", has_text="Vault night").get_by_role(
                "link", name="Start a new match from it"
            ).click()
            phone.get_by_text("Filled in from the saved game \"Vault night\"").wait_for()
            self.assertEqual(phone.locator("input[name=title]").input_value(), "Vault night")
            self.assertIn("Sealed bids", phone.locator("textarea[name=expert_settings]").input_value())
            for name in ("alice", "carol"):
                phone.get_by_label(f"{self.members[name].display_name} ({name})", exact=True).check()
            screenshot(phone, "saved-games-2-start-from-phone")
            phone.click("form.setup-form button[type=submit]")
            phone.wait_for_url("**/host/matches/*/")
            new = Match.objects.exclude(pk=self.match.pk).get()
            self.assertEqual(new.title, "Vault night")
            phone.get_by_role("button", name="Start").first.click()
            phone.get_by_text("The match has started.").wait_for()
            phone.get_by_role("link", name="Open a round from the template Sealed bids").wait_for()
            screenshot(phone, "saved-games-3-template-offered-phone")
            width = phone.evaluate("document.documentElement.scrollWidth")
            self.assertLessEqual(width, phone.viewport_size["width"])  # nothing wider than the phone
        new.refresh_from_db()
        self.assertEqual(new.state["templates"][0]["name"], "Sealed bids")
        self.assertEqual(SavedGame.objects.get(name="Vault night").season, self.season)
