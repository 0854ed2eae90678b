"""The host console (/host/) and a season's desk: matches at a glance, adding players, ledger
entries for many players at once."""

from django.urls import reverse

from games.engine_api import GARNET
from matches.core import lifecycle
from matches.models import LedgerEntry, Season, SeasonPlayer
from tests.support.base import BaseTestCase


class HostConsoleTestCase(BaseTestCase):
    def test_it_shows_each_running_match_and_who_it_still_waits_on(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 3})
        self.client.force_login(self.hana)
        page = self.client.get(reverse("host_console"))
        self.assertContains(page, "Season One")
        self.assertContains(page, "waiting on <strong>Bob, Carol</strong>", html=False)
        self.assertNotContains(page, "bid 3")  # who sent, never what

    def test_it_marks_seats_late_in_the_last_hour(self):
        from datetime import timedelta

        from matches import clock

        self.start()
        phase = self.open_phase()
        lifecycle.do_extend(phase.pk, clock.now() + timedelta(hours=3))
        self.client.force_login(self.hana)
        self.assertNotContains(self.client.get(reverse("host_console")), "late-tag")
        with clock.simulated(clock.now() + timedelta(hours=2, minutes=30)):
            self.assertContains(
                self.client.get(reverse("host_console")), '<span class="tag late-tag">late</span>', html=True
            )

    def test_it_tells_a_draft_s_start_check_and_a_result_to_confirm(self):
        self.client.force_login(self.hana)
        self.assertContains(self.client.get(reverse("host_console")), "Ready to start.")
        self.match.seats.filter(seat=2).update(seat=5)
        self.assertContains(self.client.get(reverse("host_console")), "without gaps")

    def test_it_is_not_found_for_anyone_who_hosts_nothing(self):
        for who in (self.alice, self.eve):
            self.client.force_login(who)
            self.assertEqual(self.client.get(reverse("host_console")).status_code, 404)
            self.assertEqual(self.client.get(reverse("host_season", args=[self.season.slug])).status_code, 404)
            self.assertEqual(self.client.get(reverse("host_help")).status_code, 404)
        self.client.logout()
        self.assertEqual(self.client.get(reverse("host_console")).status_code, 302)  # to log in

    def test_it_links_a_short_page_on_how_a_season_runs(self):
        self.client.force_login(self.hana)
        console = self.client.get(reverse("host_console"))
        self.assertContains(console, f'href="{reverse("host_help")}"')
        page = self.client.get(reverse("host_help"))
        self.assertContains(page, "How a season runs")
        self.assertContains(page, "Review and confirm the result")

    def test_it_shows_only_the_seasons_one_hosts(self):
        other = Season.objects.create(name="Other Season", slug="other")
        self.client.force_login(self.hana)
        self.assertNotContains(self.client.get(reverse("host_console")), "Other Season")
        self.assertEqual(self.client.get(reverse("host_season", args=[other.slug])).status_code, 404)


class AddPlayerTestCase(BaseTestCase):
    def test_it_creates_the_account_the_season_player_and_the_invite_link_at_once(self):
        self.client.force_login(self.hana)
        r = self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": "Ivy, ivy2"}, follow=True)
        self.assertContains(r, "Ivy joined the season.")
        member = SeasonPlayer.objects.get(season=self.season, display_name="Ivy")
        self.assertFalse(member.user.has_usable_password())
        self.assertContains(r, "/accounts/invite/")
        self.assertContains(r, "Ivy (ivy2)")  # two Ivys would be told apart by username

    def test_it_adds_an_existing_account_as_it_is_without_an_invite(self):
        self.client.force_login(self.hana)
        self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": "Evie, eve"})
        member = SeasonPlayer.objects.get(season=self.season, user=self.eve)
        self.assertTrue(member.user.has_usable_password())

    def test_it_refuses_a_taken_name_or_a_second_membership(self):
        self.client.force_login(self.hana)
        url = reverse("host_add_player", args=[self.season.slug])
        r = self.client.post(url, {"players": "alice, someone"})
        self.assertContains(r, "already a name in this season", status_code=400)
        r = self.client.post(url, {"players": "Another Bob, bob"})
        self.assertContains(r, "already plays in this season", status_code=400)
        self.assertEqual(SeasonPlayer.objects.filter(season=self.season).count(), 9)

    def test_it_refuses_a_non_host(self):
        self.client.force_login(self.alice)
        r = self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": "X, x"})
        self.assertEqual(r.status_code, 404)
        self.assertFalse(SeasonPlayer.objects.filter(display_name="X").exists())


class BulkLedgerTestCase(BaseTestCase):
    def test_it_writes_one_entry_per_active_player_in_one_go(self):
        SeasonPlayer.objects.filter(pk=self.members["judy"].pk).update(status=SeasonPlayer.ELIMINATED)
        self.client.force_login(self.hana)
        r = self.client.post(
            reverse("host_ledger", args=[self.season.slug]),
            {"kind": GARNET, "amount": 3, "reason": "Starting garnets", "everyone": "on"},
            follow=True,
        )
        self.assertContains(r, "+3 Garnets written for 8 players.")
        entries = LedgerEntry.objects.filter(reason="Starting garnets")
        self.assertEqual(
            sorted(e.player.display_name for e in entries),
            ["Alice", "Bob", "Carol", "Dave", "Frank", "Grace", "Heidi", "Ivan"],
        )
        self.assertEqual({(e.amount, e.created_by_id) for e in entries}, {(3, self.hana.pk)})

    def test_it_writes_for_the_chosen_players_only(self):
        self.client.force_login(self.hana)
        chosen = [self.members["bob"].pk, self.members["dave"].pk]
        self.client.post(
            reverse("host_ledger", args=[self.season.slug]),
            {"kind": GARNET, "amount": -1, "reason": "Fine", "players": chosen},
        )
        self.assertEqual(
            sorted(LedgerEntry.objects.filter(reason="Fine").values_list("player_id", flat=True)), sorted(chosen)
        )

    def test_it_refuses_another_season_s_player_a_zero_or_no_reason_and_writes_nothing(self):
        other = Season.objects.create(name="Other", slug="other")
        stranger = SeasonPlayer.objects.create(season=other, user=self.eve, display_name="Eve")
        self.client.force_login(self.hana)
        url = reverse("host_ledger", args=[self.season.slug])
        for data in (
            {"kind": GARNET, "amount": 1, "reason": "x", "players": [stranger.pk]},
            {"kind": GARNET, "amount": 0, "reason": "x", "everyone": "on"},
            {"kind": GARNET, "amount": 1, "reason": " ", "everyone": "on"},
            {"kind": "c-nope", "amount": 1, "reason": "x", "everyone": "on"},
            {"kind": GARNET, "amount": 1, "reason": "x"},
        ):
            self.assertEqual(self.client.post(url, data).status_code, 400, data)
        self.assertFalse(LedgerEntry.objects.exists())
