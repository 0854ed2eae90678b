"""Absences, autopilot and the record in Chromium, on a phone (390x844) and a desktop (1280x800)
(issue 36, points 2 to 4). Carol missed rounds 1 and 2 of a Unique Bid match (answered with an
extension where a player is away), so her seat is on autopilot in round 3.

On the phone: Carol (in Tokyo) marks an absence on the season page; Hana sees it on the desk and
on the match page with Carol's autopilot; Carol's play page says her seat is on autopilot.
On the desktop: Hana extends round 3 for Carol's absence and excuses one miss; Carol takes her
seat back with a bid and reads her record; the New match form's seat picker shows it."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from matches import clock
from matches.core import lifecycle
from matches.models import Absence, Match, MissedStep, Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser
TOKYO = ZoneInfo("Asia/Tokyo")


def tokyo_input(moment):
    """`moment` as a datetime-local field in Tokyo shows it (minutes)."""
    return moment.astimezone(TOKYO).strftime("%Y-%m-%dT%H:%M")


class AbsencesAndAutopilotTestCase(BaseTransactionTestCase):
    settings = {"rounds": 4, "round_seconds": 7200, "close_early": True}

    def setUp(self):
        super().setUp()
        self.match.absence_rule = Match.HOST_EXTENSION
        self.match.save()
        now = clock.now().replace(second=0, microsecond=0)
        with clock.simulated(now - timedelta(hours=5)):  # rounds of 2 h: round 3 opened an hour ago
            self.start()
            for _ in range(2):
                phase = self.open_phase()
                lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 10})
                lifecycle.do_submit(phase.pk, self.seat("bob"), {"bid": 9})
                clock.advance_to(phase.deadline)
                lifecycle.close_phase(phase.pk)
                for bonus in self.match.phases.filter(status=Phase.OPEN, key__startswith="bonus"):
                    lifecycle.do_submit(bonus.pk, self.match.seats.get(seat=bonus.waits_on[0]), {"double": "no"})
        self.round3 = self.match.phases.get(key="round-3")
        self.assertTrue(self.seat("carol").autopilot)
        self.now = now

    def mark_absence(self, page, starts, ends):
        page.goto(f"/seasons/{self.season.slug}/")
        form = page.locator("form.absence-form")
        form.locator("input[name=starts_at]").fill(tokyo_input(starts))
        form.locator("input[name=ends_at]").fill(tokyo_input(ends))
        form.locator("button[type=submit]").click()
        page.locator(".messages", has_text="Absence marked").wait_for()

    def test_absences_autopilot_and_the_record_on_a_phone_and_a_desktop(self):
        stack = serve(self)
        first = (self.now - timedelta(hours=2), self.now + timedelta(days=1))
        second = (self.now + timedelta(days=3), self.now + timedelta(days=4))
        with chromium() as browser:
            # the phone: Carol marks her absence, in Tokyo's time
            carol = person(browser, stack.url, self.carol, phone=True, timezone_id="Asia/Tokyo").new_page()
            self.mark_absence(carol, *first)
            self.assertEqual(
                list(Absence.objects.values_list("starts_at", "ends_at")), [first]
            )  # typed in Tokyo, stored in UTC
            carol.locator("#absences li", has_text="Remove").wait_for()
            screenshot(carol, "absence-marked-phone")
            hana = person(browser, stack.url, self.hana, phone=True).new_page()
            hana.goto(f"/host/seasons/{self.season.slug}/")
            row = hana.locator("table.players tr", has_text="Carol")
            self.assertEqual(row.locator("td.record").inner_text().strip(), "2")
            self.assertNotIn("—", row.locator("td.away").inner_text())
            screenshot(hana, "desk-absence-phone")
            hana.goto(f"/host/matches/{self.match.pk}/")
            note = hana.locator(".seat-notes li[data-seat='2']")
            self.assertIn("on autopilot", note.inner_text())
            self.assertIn("away now", note.inner_text())
            self.assertIn("2 missed deadlines here", note.inner_text())
            self.assertEqual(hana.locator("form.extend-absence").count(), 1)
            screenshot(hana, "match-host-autopilot-phone")
            carol.goto(f"/play/{self.match.pk}/")
            carol.locator(".autopilot", has_text="Your seat is on autopilot: send a move to take it back.").wait_for()
            carol.locator(".move-form", has_text="Your autopilot sent the game's default").wait_for()
            screenshot(carol, "play-autopilot-phone")

            # the desktop: Hana extends round 3 and excuses a miss; Carol takes her seat back
            hana = person(browser, stack.url, self.hana).new_page()
            hana.goto(f"/host/matches/{self.match.pk}/")
            form = hana.locator("form.extend-absence")
            form.locator("input[name=hours]").fill("2")
            form.locator("button").click()
            hana.locator(".messages", has_text="Round 3 extended by 2 h for Carol's absence.").wait_for()
            self.round3.refresh_from_db()
            self.assertEqual(self.round3.deadline, self.round3.opened_at + timedelta(hours=4))
            form = hana.locator("form.extend-absence")
            form.locator("input[name=hours]").fill("23")
            form.locator("button").click()
            hana.locator(".messages", has_text="this one has 22 h left").wait_for()
            screenshot(hana, "match-host-extension-desktop")
            hana.goto(f"/host/seasons/{self.season.slug}/")
            hana.locator("details.to-excuse summary").click()
            hana.locator("details.to-excuse li", has_text="Round 1").locator("button").click()
            hana.locator(".messages", has_text="Excused: Carol, “Round 1”.").wait_for()
            self.assertEqual(
                hana.locator("table.players tr", has_text="Carol").locator("td.record").inner_text().strip(),
                "2 (1 excused)",
            )
            screenshot(hana, "desk-record-desktop")
            carol = person(browser, stack.url, self.carol, timezone_id="Asia/Tokyo").new_page()
            carol.goto(f"/play/{self.match.pk}/")
            form = carol.locator(".move-form")
            form.locator("input[name=bid]").fill("4")
            form.locator("button[type=submit]").click()
            carol.locator(".messages", has_text="Submission received").wait_for()
            self.assertEqual(carol.locator(".autopilot").count(), 0)
            self.assertFalse(self.seat("carol").autopilot)
            screenshot(carol, "play-taken-back-desktop")
            self.mark_absence(carol, *second)
            self.assertIn("Your record this season: 2 missed deadlines, 1 excused", carol.locator("#me").inner_text())
            screenshot(carol, "season-record-desktop")
            hana.goto(f"/host/seasons/{self.season.slug}/matches/new/?game=fixture")
            hana.locator("label", has_text="Carol (carol) · 2 missed deadlines, 1 excused").wait_for()
            screenshot(hana, "new-match-seat-picker-desktop")
        self.assertEqual(MissedStep.objects.filter(player=self.members["carol"]).count(), 2)
