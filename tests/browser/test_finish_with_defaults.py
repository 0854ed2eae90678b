"""A host ends a test match in one click, in Chromium, on a desktop and on a phone: "Play the rest
with defaults" asks first (a dismissed dialog does nothing), then every phase closes with the
rules' defaults, the player's page follows live, and the result waits for confirmation. While
the host's request is on its way, the button says it is working and cannot be pressed again."""

import pytest

from matches.models import Match, Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, open_live, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class FinishWithDefaultsBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def walk(self, phone):
        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            player = open_live(browser, self.stack.url, f"/play/{self.match.pk}/", self.alice, phone=not phone)
            host = person(browser, self.stack.url, self.hana, phone=phone).new_page()
            questions = []
            answer = {"accept": False}

            def on_dialog(dialog):
                questions.append(dialog.message)
                dialog.accept() if answer["accept"] else dialog.dismiss()

            host.on("dialog", on_dialog)
            host.goto(f"/host/matches/{self.match.pk}/")
            host.wait_for_selector(".conn[data-state=live]")
            button = host.get_by_role("button", name="Play the rest with defaults")
            button.wait_for()
            screenshot(host, f"finish-1-running-{tag}")
            button.click()  # dismissed: nothing happens
            self.assertIn("Play the rest of this match with the rules' defaults?", questions[0])
            self.match.refresh_from_db()
            self.assertEqual(self.match.status, Match.RUNNING)
            answer["accept"] = True
            button.click()
            host.get_by_text("Played to the end with the rules' defaults").wait_for()
            host.get_by_role("link", name="Review and confirm the result…").wait_for()
            self.assertEqual(host.get_by_role("button", name="Play the rest with defaults").count(), 0)
            screenshot(host, f"finish-2-over-{tag}")
            self.match.refresh_from_db()
            self.assertEqual(self.match.status, Match.FINISHED)
            self.assertFalse(self.match.phases.filter(status=Phase.OPEN).exists())
            # the player's page hears it without a reload
            player.locator("table.standings").wait_for(timeout=15_000)
            screenshot(player, f"finish-3-player-{'desktop' if phone else 'phone'}")
            host.get_by_role("link", name="Review and confirm the result…").click()
            host.get_by_role("button", name="Confirm into the ledger").click()
            host.get_by_text("Result confirmed into the ledger.").wait_for()
            screenshot(host, f"finish-4-confirmed-{tag}")

    def test_it_finishes_on_a_desktop(self):
        self.walk(phone=False)

    def test_it_finishes_on_a_phone(self):
        self.walk(phone=True)

    def test_the_button_says_it_is_working_until_the_answer_comes(self):
        for phone in (False, True):
            with chromium() as browser:
                host = person(browser, self.stack.url, self.hana, phone=phone).new_page()
                host.on("dialog", lambda dialog: dialog.accept())
                host.goto(f"/host/matches/{self.match.pk}/")
                host.wait_for_selector(".conn[data-state=live]")
                # What the form shows once it is sent, kept where the next page can read it back
                host.evaluate(WATCH_THE_FORM)
                host.get_by_role("button", name="Play the rest with defaults").click()
                host.get_by_text("Played to the end with the rules' defaults").wait_for()
                seen = host.evaluate("() => JSON.parse(sessionStorage.getItem('finish-seen'))")
                self.assertEqual(
                    seen, ["Playing the rest with defaults…", True, "true", "Playing the rest with defaults…"]
                )
                self.match.refresh_from_db()
                self.assertEqual(self.match.status, Match.FINISHED)
            if not phone:  # a new match for the phone: this one is over
                self.match = self.start(self.make_match(self.seats))


# The button's words, its disabled state, the form's aria-busy and the status line, the first
# time the button is disabled after the send (sessionStorage outlives the page's replacement).
WATCH_THE_FORM = """() => {
  const form = document.querySelector("form.finish-with-defaults");
  new MutationObserver(() => {
    const button = form.querySelector("button");
    if (!button.disabled || sessionStorage.getItem("finish-seen")) return;
    sessionStorage.setItem("finish-seen", JSON.stringify([button.textContent, button.disabled,
      form.getAttribute("aria-busy"), document.getElementById("host-working").textContent]));
  }).observe(document.querySelector(".host-controls"), {subtree: true, attributes: true, childList: true, characterData: true});
}"""
