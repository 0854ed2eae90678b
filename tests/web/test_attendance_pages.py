"""The pages of absences, autopilot and the record (issue 36, points 2 to 4): who may post what,
bad input refused with a reason and changing nothing, and who reads whose record."""

import re
from datetime import timedelta

from django.test import Client
from django.urls import reverse

from matches import clock
from matches.core import lifecycle
from matches.core.substitutes import do_hand_seat
from matches.models import Absence, Extension, Match, MissedStep, Phase
from tests.support.base import PASSWORD, BaseTestCase


class AttendancePagesTestCase(BaseTestCase):
    settings = {"rounds": 3, "round_seconds": 3600, "close_early": True}

    def login(self, name):
        client = Client()
        self.assertTrue(client.login(username=name, password=PASSWORD))
        return client

    def carol_misses_round_1(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 10})
        lifecycle.do_submit(phase.pk, self.seat("bob"), {"bid": 9})
        with clock.simulated(phase.deadline + timedelta(seconds=1)):
            lifecycle.close_phase(phase.pk)
        return MissedStep.objects.get(phase=phase)

    def test_the_setup_form_sets_autopilot_and_what_an_absence_does_and_refuses_nonsense(self):
        hana = self.login("hana")
        url = reverse("new_match", args=[self.season.slug]) + "?game=fixture"
        base = {
            "title": "Bids",
            "kind": "main",
            "rounds": "2",
            "round_seconds": "10m",
            "close_early": "true",
            "players": [self.members["alice"].pk, self.members["bob"].pk],
        }
        before = Match.objects.count()
        for bad in ({"autopilot_after": "21"}, {"autopilot_after": "-1"}, {"absence_rule": "holiday"}):
            page = hana.post(url, {**base, **bad})
            self.assertContains(page, "errorlist", status_code=200)
        self.assertEqual(Match.objects.count(), before)
        hana.post(url, {**base, "autopilot_after": "3", "absence_rule": Match.HOST_EXTENSION})
        made = Match.objects.latest("pk")
        self.assertEqual((made.autopilot_after, made.absence_rule), (3, Match.HOST_EXTENSION))

    def test_a_player_marks_an_absence_in_their_zone_and_bad_input_changes_nothing(self):
        carol = self.login("carol")
        url = reverse("mark_absence", args=[self.season.slug])
        day = (clock.now() + timedelta(days=30)).date()  # in a month (an absence starts at most a year ahead)
        next_day = day + timedelta(days=1)
        page = carol.post(
            url, {"starts_at": f"{next_day}T09:00", "ends_at": f"{day}T09:00", "tz": "Asia/Tokyo"}, follow=True
        )
        self.assertContains(page, "The absence must end after it starts.")
        page = carol.post(
            url, {"starts_at": f"{day}T09:00", "ends_at": f"{next_day}T09:00", "tz": "Mars/Base"}, follow=True
        )
        self.assertContains(page, "Unknown time zone.")
        for folder in ("America", "Etc", "../../etc"):  # a folder of zones, or outside them: no zone
            page = carol.post(
                url, {"starts_at": f"{day}T09:00", "ends_at": f"{next_day}T09:00", "tz": folder}, follow=True
            )
            self.assertContains(page, "Unknown time zone.")
        self.assertEqual(Absence.objects.count(), 0)
        carol.post(url, {"starts_at": f"{day}T09:00", "ends_at": f"{next_day}T09:00", "tz": "Asia/Tokyo"})
        absence = Absence.objects.get()
        # 09:00 in Tokyo (UTC+9) is midnight UTC
        self.assertEqual(
            (absence.starts_at.isoformat(), absence.ends_at.isoformat()),
            (f"{day}T00:00:00+00:00", f"{next_day}T00:00:00+00:00"),
        )
        # another player cannot remove it; a stranger to the season has no such page
        self.login("bob").post(reverse("remove_absence", args=[self.season.slug, absence.pk]))
        self.assertEqual(Absence.objects.count(), 1)
        self.assertEqual(self.login("eve").post(url, {}).status_code, 404)
        carol.post(reverse("remove_absence", args=[self.season.slug, absence.pk]))
        self.assertEqual(Absence.objects.count(), 0)

    def test_only_the_hosts_excuse_and_extend(self):
        miss = self.carol_misses_round_1()
        excuse = reverse("host_excuse", args=[self.season.slug, miss.pk])
        self.assertEqual(self.login("carol").post(excuse).status_code, 404)
        miss.refresh_from_db()
        self.assertEqual(miss.excused, "")
        self.login("hana").post(excuse)
        miss.refresh_from_db()
        self.assertEqual(miss.excused, MissedStep.HOST)
        self.match.absence_rule = Match.HOST_EXTENSION
        self.match.save()
        phase = self.match.phases.get(status=Phase.OPEN, key="round-2")
        extend = reverse("host_extend_absence", args=[self.match.pk, phase.pk])
        self.assertEqual(self.login("carol").post(extend, {"seat": "2", "hours": "5"}).status_code, 404)
        page = self.login("hana").post(extend, {"seat": "2", "hours": "lots"}, follow=True)
        self.assertContains(page, "Not extended. Extend by a whole number of hours, at least 1.")
        self.assertEqual(Extension.objects.count(), 0)

    def test_a_record_is_read_by_the_hosts_and_its_player_alone_unless_the_season_makes_it_public(self):
        self.carol_misses_round_1()
        season = reverse("season", args=[self.season.slug])
        self.assertContains(self.login("carol").get(season), "Your record this season: 1 missed deadline, 0 excused")
        self.assertContains(self.login("hana").get(season), '<td class="record">1</td>', html=False)
        self.assertNotContains(self.login("bob").get(season), "Missed deadlines")
        self.assertNotContains(Client().get(season), "Missed deadlines")
        self.season.records_public = True
        self.season.save()
        self.assertContains(self.login("bob").get(season), '<td class="record">1</td>', html=False)
        # the host page of the match notes Carol's miss; her own play page does not list others'
        host_page = self.login("hana").get(reverse("match_host", args=[self.match.pk]))
        self.assertContains(host_page, "1 missed deadline here")
        self.assertNotContains(self.login("alice").get(reverse("match_play", args=[self.match.pk])), "missed deadline")

    def test_a_seat_s_new_holder_starts_with_none_of_the_old_holder_s_misses_on_the_host_page(self):
        self.carol_misses_round_1()
        do_hand_seat(self.match.pk, self.hana, 2, self.members["dave"].pk)
        page = self.login("hana").get(reverse("match_host", args=[self.match.pk])).content.decode()
        note = re.search(r'<li data-seat="2">(.*?)</li>', page, re.S).group(1)
        self.assertIn("Dave:", note)
        self.assertIn("0 missed deadlines here", note)

    def test_the_public_record_leaves_out_what_was_excused(self):
        miss = self.carol_misses_round_1()
        MissedStep.objects.filter(pk=miss.pk).update(excused=MissedStep.HOST)  # as the desk's Excuse stores it
        self.season.records_public = True
        self.season.save()
        season = reverse("season", args=[self.season.slug])
        self.assertContains(self.login("hana").get(season), '<td class="record">1 (1 excused)</td>', html=False)
        self.assertContains(self.login("bob").get(season), '<td class="record">1</td>', html=False)
