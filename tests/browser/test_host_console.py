"""A host runs a match from an empty season without the admin, in Chromium, on a desktop and on a
phone: add players (invite links), starting garnets for everyone at once, a match from the game's
settings form, start, extend (the player's countdown follows live), pause and resume (the
player's bar follows), move the deadline to a time in the host's own time zone, close, confirm."""

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from matches.models import LedgerEntry, Match, Phase, Season, SeasonPlayer
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser
ZONE = "Asia/Tokyo"


class HostConsoleBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.empty = Season.objects.create(name="Empty Season", slug="empty")
        self.empty.hosts.add(self.hana)
        self.stack = serve(self)

    def host_page(self, browser, phone):
        page = person(browser, self.stack.url, self.hana, phone=phone, timezone_id=ZONE).new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # "Close now?" and "Cancel?" ask first
        return page

    def walk(self, phone):
        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            host = self.host_page(browser, phone)
            host.goto("/host/")
            host.locator(".season-block", has_text="Empty Season").get_by_text("Players and ledger").click()
            # players, one a line: two new accounts (invite links) and an existing one that joins as it is
            host.fill("form.add-player textarea[name=players]", "Ivy, ivy\nIvy B, ivy-b\nAlice, alice")
            host.click("form.add-player button")
            host.get_by_text("Ivy, Ivy B and Alice joined the season.").wait_for()
            self.assertEqual(host.locator("input.invite").count(), 2)  # Alice logs in as usual
            self.assertIn("/accounts/invite/", host.locator("input.invite").first.input_value())
            # starting garnets for every active player, one form
            host.select_option("form.bulk-ledger select[name=kind]", "garnet")
            host.fill("form.bulk-ledger input[name=amount]", "3")
            host.fill("form.bulk-ledger input[name=reason]", "Starting garnets")
            host.click("form.bulk-ledger button")
            host.get_by_text("+3 Garnets written for 3 players.").wait_for()
            screenshot(host, f"host-1-season-desk-{tag}")
            # a match from the game's own form: durations in words, seats from this season only
            host.get_by_role("link", name="New match").first.click()
            screenshot(host, f"host-2-game-picker-{tag}")
            host.get_by_role("link", name="Unique Bid (fixture)").click()
            self.assertEqual(host.locator("input[name=players]").count(), 3)  # not the other season's nine
            host.fill("input[name=title]", "Host-made match")
            host.fill("input[name=rounds]", "2")
            host.fill("input[name=round_seconds]", "10m")
            host.select_option("select[name=close_early]", "false")
            host.get_by_label("Ivy (ivy)").check()
            host.get_by_label("Alice (alice)").check()
            screenshot(host, f"host-3-setup-{tag}")
            host.click("form.setup-form button[type=submit]")
            host.get_by_text("Ready to start.").wait_for()
            match = Match.objects.get(title="Host-made match")
            self.assertEqual(match.settings, {"rounds": 2, "round_seconds": 600, "close_early": False})
            self.assertEqual([s.season_player.display_name for s in match.seats.order_by("seat")], ["Alice", "Ivy"])
            screenshot(host, f"host-4-draft-{tag}")

            player = person(browser, self.stack.url, self.alice, phone=not phone).new_page()
            player.goto(f"/play/{match.pk}/")
            player.get_by_text("This match starts soon.").wait_for()
            host.get_by_role("button", name="Start the match").click()
            host.get_by_text("The match has started.").wait_for()
            player.locator(".turn-bar.your-turn").wait_for(timeout=15_000)  # the starts-soon page turned live
            player.wait_for_selector(".conn[data-state=live]")
            player.evaluate("window.notReloaded = true")
            self.assertIn("9m", player.locator("form.move-form .countdown").inner_text())

            host.locator(".phase-control").get_by_role("button", name="+1 h").click()
            host.get_by_text("Deadline moved").wait_for()
            expect(player.locator("form.move-form .countdown")).to_have_text(re.compile(r"^1h 9m"))
            host.get_by_role("button", name="Pause").click()
            player.locator(".turn-bar", has_text="Paused").wait_for()
            host.get_by_role("button", name="Resume").click()
            expect(player.locator("form.move-form .countdown")).to_have_text(re.compile(r"^1h"))
            self.assertTrue(player.evaluate("window.notReloaded === true"), "the player's page reloaded")
            screenshot(player, f"host-5-player-after-extend-pause-resume-{'desktop' if phone else 'phone'}")

            # to a time in the host's own zone (the page fills in the zone and the current deadline)
            self.assertIn(ZONE, host.locator(".tz-name").first.inner_text())
            wanted = (datetime.now(ZoneInfo(ZONE)) + timedelta(days=2)).replace(
                hour=21, minute=30, second=0, microsecond=0
            )
            host.fill(".extend-to input[name=deadline]", wanted.strftime("%Y-%m-%dT%H:%M"))
            host.click(".extend-to button")
            host.get_by_text("Deadline moved").wait_for()
            phase = Phase.objects.get(match=match, status=Phase.OPEN)
            self.assertEqual(phase.deadline, wanted)
            screenshot(host, f"host-6-running-{tag}")

            for _ in range(2):  # both rounds closed by the host
                host.get_by_role("button", name="Close now").first.click()
                host.wait_for_load_state()
            host.get_by_role("link", name="Review and confirm the result…").click()
            screenshot(host, f"host-7-confirm-{tag}")
            host.get_by_role("button", name="Confirm into the ledger").click()  # the blank row left blank
            host.get_by_text("Result confirmed into the ledger.").wait_for()
            self.assertTrue(LedgerEntry.objects.filter(match=match).exists())
            self.assertIsNotNone(Match.objects.get(pk=match.pk).confirmed_at)

    def test_it_walks_a_host_through_a_season_on_a_desktop(self):
        self.walk(phone=False)

    def test_it_walks_a_host_through_a_season_on_a_phone(self):
        self.walk(phone=True)
        self.assertEqual(SeasonPlayer.objects.filter(season=self.empty).count(), 3)
