"""The controls on the host's match page: start, pause, resume, cancel; extend an open phase by
+10 min, +1 h, +24 h or to a time in the host's own time zone; force close; confirm the result
(the form's blank row is left out)."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.urls import reverse

from matches.core import lifecycle
from matches.models import LedgerEntry, Match, Phase
from tests.support.base import BaseTestCase


class HostPageControlsTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.client.force_login(self.hana)

    def control(self, action):
        return self.client.post(reverse("host_control", args=[self.match.pk, action]), follow=True)

    def phase_post(self, phase, data):
        return self.client.post(reverse("host_phase", args=[self.match.pk, phase.pk]), data, follow=True)

    def test_it_starts_pauses_resumes_and_cancels_from_the_host_page(self):
        page = self.client.get(reverse("match_host", args=[self.match.pk]))
        self.assertContains(page, "Start the match")
        self.assertContains(self.control("start"), "The match has started.")
        self.assertContains(self.control("pause"), "Resume")
        self.assertContains(self.control("resume"), "Pause")
        self.assertContains(self.control("cancel"), "cancelled")
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.CANCELLED)
        self.assertContains(self.control("explode"), "There is no such control.")

    def test_it_extends_by_the_step_buttons(self):
        self.start()
        phase = self.open_phase()
        before = phase.deadline
        self.phase_post(phase, {"add": "3600"})
        phase.refresh_from_db()
        self.assertEqual(phase.deadline, before + timedelta(hours=1))
        self.phase_post(phase, {"add": "600"})
        phase.refresh_from_db()
        self.assertEqual(phase.deadline, before + timedelta(hours=1, minutes=10))
        r = self.phase_post(phase, {"add": "999999"})  # not one of the buttons
        self.assertContains(r, "Not moved")
        phase.refresh_from_db()
        self.assertEqual(phase.deadline, before + timedelta(hours=1, minutes=10))

    def test_it_extends_to_a_time_in_the_host_s_own_zone(self):
        self.start()
        phase = self.open_phase()
        local = datetime.now(ZoneInfo("Asia/Tokyo")).replace(second=0, microsecond=0) + timedelta(days=2)
        self.phase_post(phase, {"deadline": local.strftime("%Y-%m-%dT%H:%M"), "tz": "Asia/Tokyo"})
        phase.refresh_from_db()
        self.assertEqual(phase.deadline, local)  # the same instant: Tokyo's wall clock, stored in UTC
        r = self.phase_post(phase, {"deadline": local.strftime("%Y-%m-%dT%H:%M"), "tz": "Mars/Olympus"})
        self.assertContains(r, "Not moved")
        r = self.phase_post(phase, {"deadline": "2001-01-01T00:00", "tz": "UTC"})
        self.assertContains(r, "must be in the future")

    def test_it_force_closes(self):
        self.start()
        phase = self.open_phase()
        self.phase_post(phase, {"close": "1"})
        phase.refresh_from_db()
        self.assertEqual((phase.status, phase.close_reason), (Phase.CLOSED, "host"))

    def test_it_confirms_with_the_blank_row_left_blank(self):
        self.start()
        while self.match.status == Match.RUNNING:
            lifecycle.close_phase(self.open_phase().pk, "host")
            self.match.refresh_from_db()
        url = reverse("host_confirm", args=[self.match.pk])
        page = self.client.get(url)
        self.assertContains(page, "Garnets")  # kinds by their names, not token_of_life
        offered = page.context["formset"].initial
        self.assertTrue(offered)  # the winner's garnet
        data = {"form-TOTAL_FORMS": str(len(offered) + 1), "form-INITIAL_FORMS": str(len(offered))}
        for i, award in enumerate(offered):
            data.update(
                {
                    f"form-{i}-seat": "" if award["seat"] is None else award["seat"],
                    f"form-{i}-kind": award["kind"],
                    f"form-{i}-amount": award["amount"],
                    f"form-{i}-reason": award["reason"],
                }
            )
        n = len(offered)
        data.update({f"form-{n}-seat": "", f"form-{n}-kind": "", f"form-{n}-amount": "", f"form-{n}-reason": ""})
        r = self.client.post(url, data, follow=True)
        self.assertContains(r, "Result confirmed into the ledger.")
        self.assertEqual(LedgerEntry.objects.filter(match=self.match).count(), len([a for a in offered if a["amount"]]))
