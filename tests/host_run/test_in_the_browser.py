"""A host-run match in Chromium: the host on a desktop, two players on phones. The host opens a
sealed-bid round, has the auction rule propose the result and publishes it; then a dilemma round
whose result the host writes by hand; then ends the match and confirms it into the season. Each
player reads their own private counter change live, and never the other's."""

import pytest

from matches.models import Match
from tests.support.browsers import BrowserGameTestCase, chromium, open_live, person, press_send, screenshot

from .test_pages import SETTINGS

pytestmark = pytest.mark.browser


class HostRunInTheBrowserTestCase(BrowserGameTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob")

    def host_action(self, host, link, fields, button):
        host.goto(f"/host/matches/{self.match.pk}/")
        host.get_by_role("link", name=link).click()
        for name, value in fields.items():
            field = host.locator(f"[name={name}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
        host.locator("button[name=do]").click()
        host.wait_for_url(f"**/host/matches/{self.match.pk}/")
        host.get_by_text(f"Done: {link}.").wait_for()

    def test_a_host_runs_an_auction_and_a_dilemma_to_the_confirmed_result(self):
        with chromium() as browser:
            alice = open_live(browser, self.stack.url, f"/play/{self.match.pk}/", self.alice, phone=True)
            bob = open_live(browser, self.stack.url, f"/play/{self.match.pk}/", self.bob, phone=True)
            host = person(browser, self.stack.url, self.hana).new_page()
            self.host_action(
                host,
                "Open a round",
                {
                    "title": "Sealed bids",
                    "deadline": "until everyone has sent",
                    "field_1": "Bid | number 0..your Coins",
                    "reveal": "totals",
                },
                "Open the round",
            )
            for page, bid in ((alice, "6"), (bob, "3")):
                page.get_by_label("Bid:", exact=True).fill(bid)
                press_send(page.locator("form.move-form[id^=phase-]").first)
            alice.get_by_text("Bid: 2 answers, total 9.").first.wait_for(timeout=15_000)
            screenshot(alice, "host-run-1-auction-closed-phone")
            self.host_action(
                host,
                "Propose a result: Sealed-bid auction",
                {
                    "field": "1",
                    "wins": "highest",
                    "pays": "own",
                    "pay_counter": "Coins",
                    "prize_counter": "Points",
                    "prize": "1",
                },
                "Propose",
            )
            host.get_by_role("link", name="Publish the result of round 1").click()
            self.assertIn(
                "Alice | Coins | -6",
                host.locator("input[name=change_1], input[name=change_2]").evaluate_all(
                    "els => els.map(e => e.value).join(' ')"
                ),
            )
            screenshot(host, "host-run-2-proposed-result-desktop")
            host.locator("button[name=do]").click()
            host.get_by_text("Done: Publish the result of round 1.").wait_for()
            alice.get_by_text("Your Coins -6").first.wait_for(timeout=15_000)
            bob.get_by_text("Alice: Points +1").first.wait_for(timeout=15_000)
            self.assertNotIn("Coins -6", bob.content())

            self.host_action(
                host,
                "Open a round",
                {
                    "title": "Trust",
                    "deadline": "until everyone has sent",
                    "field_1": "Choice | one of Cooperate, Betray",
                    "reveal": "named",
                },
                "Open the round",
            )
            for page, choice in ((alice, "Cooperate"), (bob, "Betray")):
                page.get_by_label("Choice:", exact=True).select_option(label=choice)
                press_send(page.locator("form.move-form[id^=phase-]").first)
            bob.get_by_text("Alice: Choice: Cooperate.").first.wait_for(timeout=15_000)
            self.host_action(
                host,
                "Publish the result of round 2",
                {
                    "announcement": "Bob betrays.",
                    "change_1": "Bob | Coins | 5 | the betrayal pays",
                    "note_1": "Bob: they will remember",
                },
                "Publish the result",
            )
            bob.get_by_text("Your Coins +5 (the betrayal pays), now 15.").first.wait_for(timeout=15_000)
            alice.get_by_text("Result of round 2: Bob betrays.").first.wait_for(timeout=15_000)
            self.assertNotIn("they will remember", alice.content())
            screenshot(bob, "host-run-3-dilemma-result-phone")

            self.host_action(
                host,
                "End the match",
                {"place_0": "1", "place_1": "2", "award_1": "Alice | garnets | 2 | won the vault"},
                "End the match",
            )
            host.get_by_role("link", name="Review and confirm the result…").click()
            host.get_by_role("button", name="Confirm into the ledger").click()
            host.get_by_text("Result confirmed into the ledger.").wait_for()
            screenshot(host, "host-run-4-confirmed-desktop")
        match = Match.objects.get(pk=self.match.pk)
        self.assertEqual(match.status, Match.FINISHED)
        self.assertIsNotNone(match.confirmed_at)
        self.assertEqual(match.state["values"], [[4, 1, 0], [15, 0, 0]])
