"""Who can see and do what: every URL and action against anonymous, a stranger, a season member
outside the match, the other player, the player and the host."""

from django.urls import reverse

from matches.models import Submission
from tests.support.base import PASSWORD, BaseTestCase


class AccessMatrixTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()
        self.secret = {name: self.match.state["secrets"][seat] for seat, name in enumerate(self.seats)}

    def as_(self, name):
        self.client.logout()
        if name:
            self.assertTrue(self.client.login(username=name, password=PASSWORD))

    def urls(self):
        m = self.match.pk
        return {
            "public": reverse("match_public", args=[m]),
            "play": reverse("match_play", args=[m]),
            "host": reverse("match_host", args=[m]),
            "export": reverse("match_export", args=[m]),
            "admin": reverse("admin:matches_match_change", args=[m]),
        }

    def test_it_lets_anyone_read_the_public_pages_without_secrets(self):
        for who in (None, "eve", "dave", "bob", "alice", "hana"):
            self.as_(who)
            for url in (
                reverse("home"),
                reverse("season", args=["season-one"]),
                self.urls()["public"],
                reverse("games"),
                reverse("rules", args=["fixture"]),
            ):
                r = self.client.get(url)
                self.assertEqual(r.status_code, 200, (who, url))
                for secret in self.secret.values():
                    self.assertNotContains(r, secret)

    def test_it_sends_anonymous_visitors_to_log_in(self):
        self.as_(None)
        for key in ("play", "host", "export"):
            r = self.client.get(self.urls()[key])
            self.assertEqual(r.status_code, 302)
            self.assertIn(reverse("login"), r["Location"])

    def test_it_sends_everyone_not_seated_from_a_play_page_to_their_own_view(self):
        public, host = reverse("match_public", args=[self.match.pk]), reverse("match_host", args=[self.match.pk])
        for who, where, why in (
            ("eve", public, "You do not play in this match"),
            ("dave", public, "You do not play in this match"),
            ("hana", host, "You host this match"),
        ):
            self.as_(who)
            r = self.client.get(self.urls()["play"], follow=True)
            self.assertEqual(r.redirect_chain, [(where, 302)], who)
            self.assertContains(r, why)
            for secret in self.secret.values():
                if who != "hana":
                    self.assertNotContains(r, secret)
        self.assertEqual(self.client.get(reverse("match_play", args=[999999])).status_code, 404)

    def test_it_shows_each_player_only_their_own_secret(self):
        for me in self.seats:
            self.as_(me)
            r = self.client.get(self.urls()["play"])
            self.assertContains(r, self.secret[me])
            for other in self.seats:
                if other != me:
                    self.assertNotContains(r, self.secret[other])

    def test_it_keeps_host_pages_for_the_host(self):
        for who in ("eve", "dave", "alice"):
            self.as_(who)
            # 404, as for a match that does not exist: the answer tells nothing about the id
            self.assertEqual(self.client.get(self.urls()["host"]).status_code, 404, who)
            self.assertEqual(self.client.get(self.urls()["export"]).status_code, 404, who)
            self.assertEqual(self.client.get(self.urls()["admin"]).status_code, 302, who)  # to the admin login
        self.as_("hana")
        r = self.client.get(self.urls()["host"])
        for secret in self.secret.values():
            self.assertContains(r, secret)
        self.assertContains(self.client.get(self.urls()["export"]), self.secret["alice"])

    def test_it_lets_only_a_waited_on_player_submit(self):
        url = reverse("submit", args=[self.match.pk, self.phase.pk])
        for who in ("eve", "dave", "hana"):
            self.as_(who)
            self.assertEqual(self.client.post(url, {"bid": 5}).status_code, 404, who)
        self.as_(None)
        self.assertEqual(self.client.post(url, {"bid": 5}).status_code, 302)
        self.assertFalse(Submission.objects.exists())
        self.as_("alice")
        self.client.post(url, {"bid": 5})
        self.assertEqual(Submission.objects.get().player.seat, 0)

    def test_it_refuses_forged_seat_and_player_fields(self):
        self.as_("bob")
        url = reverse("submit", args=[self.match.pk, self.phase.pk])
        alice_seat = self.seat("alice")
        r = self.client.post(
            url,
            {
                "bid": 4,
                "seat": 0,
                "player": alice_seat.pk,
                "player_id": alice_seat.pk,
                "phase": self.phase.pk,
                "match": self.match.pk,
            },
            follow=True,
        )
        self.assertContains(r, "Not recorded. This form has no field")
        self.assertFalse(Submission.objects.exists())
        self.client.post(url, {"bid": 4})
        self.assertEqual([s.player.seat for s in Submission.objects.all()], [1])

    def test_it_refuses_a_phase_of_another_match(self):
        other = self.make_match(["dave", "alice"], seed=1)
        self.start(other)
        other_phase = self.open_phase(other)
        self.as_("bob")
        r = self.client.post(reverse("submit", args=[self.match.pk, other_phase.pk]), {"bid": 4}, follow=True)
        self.assertContains(r, "not open for you")
        self.as_("alice")  # seated in both matches, but the URL's match decides
        r = self.client.post(reverse("submit", args=[self.match.pk, other_phase.pk]), {"bid": 4}, follow=True)
        self.assertContains(r, "not open for you")
        self.assertFalse(Submission.objects.exists())

    def test_it_refuses_host_controls_to_players(self):
        self.as_("alice")
        for action in ("pause", "cancel"):
            url = reverse("host_control", args=[self.match.pk, action])
            self.assertEqual(self.client.post(url).status_code, 404)  # as for a match that does not exist
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, "running")

    def test_it_lets_the_host_pause_from_the_host_page(self):
        self.as_("hana")
        url = reverse("host_control", args=[self.match.pk, "pause"])
        self.assertEqual(self.client.get(url).status_code, 405)  # controls are POST only
        self.client.post(url)
        self.client.post(url)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, "paused")
        self.assertEqual(self.match.events.filter(kind="host.paused").count(), 1)
