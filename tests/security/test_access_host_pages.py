"""The access matrix of the host's own pages and controls: anonymous visitors are sent to log in;
players, strangers and the host of another season get the 404 a missing id gets, and change
nothing; the season's host gets the page."""

from django.urls import reverse

from games.engine_api import GARNET
from matches.models import LedgerEntry, Match, Season, SeasonPlayer, StatusChange
from tests.support.base import BaseTestCase


class HostPagesAccessTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()
        self.olga = self.users["judy"]  # judy hosts another season only
        Season.objects.create(name="Other", slug="other").hosts.add(self.olga)
        self.olga.is_staff = True
        self.olga.save()

    def pages(self):
        s, m = self.season.slug, self.match.pk
        return [
            reverse("host_season", args=[s]),
            reverse("new_match", args=[s]),
            reverse("new_match", args=[s]) + "?game=fixture",
            reverse("edit_match", args=[m]),
            reverse("match_host", args=[m]),
            reverse("host_confirm", args=[m]),
        ]

    def controls(self):
        s, m = self.season.slug, self.match.pk
        return [
            (reverse("host_add_player", args=[s]), {"players": "Zed, zed"}),
            (reverse("host_ledger", args=[s]), {"kind": GARNET, "amount": 5, "reason": "x", "everyone": "on"}),
            (reverse("host_control", args=[m, "pause"]), {}),
            (reverse("host_control", args=[m, "cancel"]), {}),
            (reverse("host_phase", args=[m, self.phase.pk]), {"close": "1"}),
            (reverse("host_phase", args=[m, self.phase.pk]), {"add": "3600"}),
            (reverse("host_confirm", args=[m]), {}),
            (reverse("host_new_season"), {"name": "Zed Season"}),
            (
                reverse("host_statuses", args=[s]),
                {"players": [self.members["alice"].pk], "realm": "hell", "reason": "x"},
            ),
            (
                reverse("new_match", args=[s]) + "?game=fixture",
                {
                    "title": "X",
                    "kind": "main",
                    "rounds": "1",
                    "round_seconds": "1m",
                    "close_early": "true",
                    "players": [self.members["alice"].pk, self.members["bob"].pk],
                },
            ),
        ]

    def assert_nothing_changed(self):
        self.match.refresh_from_db()
        self.phase.refresh_from_db()
        self.assertEqual(
            (self.match.status, self.phase.status, self.phase.deadline), ("running", "open", self.deadline)
        )
        self.assertFalse(LedgerEntry.objects.exists())
        self.assertFalse(SeasonPlayer.objects.filter(display_name="Zed").exists())
        self.assertEqual(Match.objects.count(), 1)
        self.assertFalse(Season.objects.filter(name="Zed Season").exists())
        self.assertFalse(StatusChange.objects.exists())

    def test_it_sends_anonymous_visitors_to_log_in(self):
        self.deadline = self.phase.deadline
        for url in [reverse("host_console"), *self.pages()]:
            r = self.client.get(url)
            self.assertEqual((r.status_code, r["Location"].split("?")[0]), (302, reverse("login")), url)
        for url, data in self.controls():
            self.assertEqual(self.client.post(url, data).status_code, 302, url)
        self.assert_nothing_changed()

    def test_it_answers_players_strangers_and_other_hosts_as_for_nothing(self):
        self.deadline = self.phase.deadline
        for who in (self.alice, self.dave, self.eve, self.olga):
            self.client.force_login(who)
            for url in self.pages():
                self.assertEqual(self.client.get(url).status_code, 404, (who, url))
            for url, data in self.controls():
                self.assertEqual(self.client.post(url, data).status_code, 404, (who, url))
        self.assert_nothing_changed()
        self.client.force_login(self.olga)  # her console shows her own season, not this one
        console = self.client.get(reverse("host_console"))
        self.assertContains(console, "Other")
        self.assertNotContains(console, "Season One")

    def test_it_gives_the_season_s_host_every_page(self):
        self.client.force_login(self.hana)
        for url in [reverse("host_console"), *self.pages()]:
            self.assertIn(self.client.get(url).status_code, (200, 302), url)  # edit and confirm redirect when done
        self.assertEqual(self.client.get(reverse("host_control", args=[self.match.pk, "pause"])).status_code, 405)
