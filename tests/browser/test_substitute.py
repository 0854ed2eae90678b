"""A substitute by invite link during a running match, in Chromium: the host (desktop, 1280x800)
hands Alice's seat to a new player, Nora; Alice's open play page loses the seat at once and
shows the public page; Nora sets her password by the link on a phone (390x844) and plays the
seat's next step there. Screenshots: tests/artifacts/screenshots/substitute-*.png."""

import pytest

from tests.support.base import PASSWORD, BaseTransactionTestCase
from tests.support.browsers import chromium, open_live, person, press_send, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1280, "height": 800}


class SubstituteBrowserTestCase(BaseTransactionTestCase):
    settings = {"rounds": 3, "round_seconds": 3600, "close_early": True}

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def test_the_host_hands_a_seat_to_a_new_player_who_plays_on_a_phone(self):
        match = self.match.pk
        with chromium() as browser:
            alice = open_live(browser, self.stack.url, f"/play/{match}/", self.alice)
            host = person(browser, self.stack.url, self.hana, viewport=DESKTOP).new_page()
            host.goto(f"/host/matches/{match}/")
            seat = host.locator("li.seat-row[data-seat='0']")
            self.assertIn("Seat 1: Alice", seat.inner_text())
            seat.get_by_text("Hand seat 1 to someone else").click()
            seat.get_by_label("or a new player: “Name, username”").fill("Nora, nora")
            seat.get_by_label("Tell the players (a public line of the log)").check()
            screenshot(host, "substitute-host-form-desktop")
            seat.get_by_role("button", name="Hand the seat on").click()
            host.get_by_text("Nora joined the season: send them the invite link shown by the seat.").wait_for()
            self.assertIn("Seat 1: Alice, then Nora from step 1", host.locator("section.host-seats").inner_text())
            link = host.get_by_role("textbox", name="Invite link of Nora").input_value()
            self.assertIn("/accounts/invite/", link)
            screenshot(host, "substitute-host-handed-desktop")

            # Alice's page reloads into the public one the moment the seat is no longer hers
            alice.wait_for_url(f"**/matches/{match}/")
            alice.get_by_text(
                "Your seat in this match has been handed to another player: this is its public page."
            ).wait_for()
            self.assertIn("Seat 1: Nora plays it from step 1, in place of Alice.", alice.inner_text("body"))
            screenshot(alice, "substitute-old-holder-public-page-desktop")

            nora = person(browser, self.stack.url, phone=True).new_page()
            nora.goto(link)
            nora.fill("input[name=new_password1]", PASSWORD + " nora")
            nora.fill("input[name=new_password2]", PASSWORD + " nora")
            nora.get_by_role("button", name="Set password").click()
            nora.get_by_text("Your password is set and you are logged in as nora.").wait_for()
            nora.goto(f"/play/{match}/")
            nora.wait_for_selector(".conn[data-state=live]")
            self.assertIn("You play as Nora", nora.inner_text("body"))
            form = nora.locator("form.move-form").first
            form.locator("input[name=bid]").fill("5")
            press_send(form)
            nora.get_by_text("Submission received.").wait_for()
            self.assertEqual(nora.viewport_size, {"width": 390, "height": 844})
            screenshot(nora, "substitute-new-player-phone")
        sent = self.match.phases.get(sequence=1).submissions.get(source="player")
        self.assertEqual((sent.player.seat, sent.payload), (0, {"bid": 5}))

    def test_the_host_removes_a_player_who_keeps_the_seat_only_for_the_autopilot(self):
        """The desk's removal on a desktop, no substitute chosen and the players not told; the
        removed player's play page on a phone then says the autopilot plays the seat, and a move
        sent from it is refused in words."""
        match = self.match.pk
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana, viewport=DESKTOP).new_page()
            host.goto(f"/host/seasons/{self.season.slug}/")
            host.locator("tr", has_text="Alice").get_by_role("link", name="Remove from the season…").click()
            host.get_by_label("Test match, seat 1").select_option(label="No substitute: the autopilot plays it")
            host.get_by_label("Tell each match's players who takes the seat").uncheck()
            screenshot(host, "leave-form-desktop")
            host.get_by_role("button", name="Remove Alice from the season").click()
            host.get_by_text(
                "Alice has left the season; their ledger entries stay. Left to the autopilot: Test match."
            ).wait_for()
            screenshot(host, "leave-done-desk-desktop")

            alice = open_live(browser, self.stack.url, f"/play/{match}/", self.alice, phone=True)
            alice.get_by_text("You have left this season:").wait_for()
            form = alice.locator("form.move-form").first
            form.locator("input[name=bid]").fill("5")
            press_send(form)
            alice.get_by_text(
                "Not recorded. You have left this season: the autopilot plays your seat; nothing was recorded."
            ).wait_for()
            screenshot(alice, "leave-left-player-phone")
        sent = self.match.phases.get(sequence=1).submissions.get(player__seat=0)
        self.assertTrue(sent.by_autopilot)  # the default the autopilot stored, never Alice's 5

    def test_a_player_asks_for_a_substitute_on_a_phone_and_is_told_the_host_declined(self):
        match = self.match.pk
        with chromium() as browser:
            carol = open_live(browser, self.stack.url, f"/play/{match}/", self.carol, phone=True)
            carol.get_by_role("link", name="ask for a substitute").click()
            carol.get_by_label("Why (optional, for the host)").fill("exams all week")
            screenshot(carol, "substitute-ask-phone")
            carol.get_by_role("button", name="Ask the host").click()
            carol.get_by_text("Asked: the host will hand your seat on, or tell you otherwise.").wait_for()
            carol.wait_for_selector(".conn[data-state=live]")

            host = person(browser, self.stack.url, self.hana, viewport=DESKTOP).new_page()
            host.goto(f"/host/matches/{match}/")
            request = host.locator(".seat-request")
            self.assertIn("Carol (seat 3) asks for a substitute: “exams all week”.", request.inner_text())
            screenshot(host, "substitute-request-host-desktop")
            request.get_by_role("button", name="Decline").click()
            host.get_by_text("Declined: the player keeps the seat, and is told so.").wait_for()

            # told on her open page, by its socket
            carol.get_by_text("The host declined your request for a substitute: the seat stays yours").wait_for()
            screenshot(carol, "substitute-declined-phone")
