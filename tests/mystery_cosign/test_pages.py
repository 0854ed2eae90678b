"""Mystery Cosign through its pages and the host's admin: the operations' check report before
the start, a refused start for a broken operation, steps chained the moment one closes, and the
loser eliminated when the host confirms the result."""

from random import Random

from django.urls import reverse

from games.engine_api import ELIMINATED
from matches.core import lifecycle
from matches.seasons import results
from matches.models import LedgerEntry, Match, SeasonPlayer
from tests.support.base import PASSWORD, BaseTestCase
from tests.mystery_cosign.support import EASY


class CosignPagesTestCase(BaseTestCase):
    game = "mystery_cosign"
    settings = {"operation_set": "hard", "operations": {"K": "(a + b) // gcd(a, b)"}}
    seats = ("alice", "bob")

    def test_it_shows_the_host_the_operations_check_before_the_start(self):
        self.client.login(username="hana", password=PASSWORD)
        self.hana.is_superuser = True
        self.hana.save()
        page = self.client.get(reverse("admin:matches_match_change", args=[self.match.pk]))
        self.assertContains(page, "Ready to start.")
        # the made set's definitions are shown before the start, each checked
        self.assertContains(page, "A: fine on all")
        self.assertContains(page, "K = (a + b) // gcd(a, b)")
        # K is undefined at 0 K 0, an edge input, and the host is told why
        self.assertContains(page, "K: undefined on 1 of ")
        self.assertContains(page, "(e.g. 0 K 0): division by zero (1)")
        self.assertContains(page, "Targets: shootout 1:")

    def test_it_refuses_to_start_with_a_broken_operation(self):
        self.match.settings = {"operation_set": "easy", "operations": {"B": "a.__class__"}}
        self.match.save()
        with self.assertRaisesMessage(lifecycle.Refused, "Operation B"):
            lifecycle.do_start(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.DRAFT)

    def test_it_opens_each_step_the_moment_the_last_one_closes(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"first": "opponent"})
        phase = self.open_phase()
        self.assertEqual((phase.key, phase.waits_on), ("collab-1-P", [1]))  # Bob is Player 1 first
        self.client.login(username="bob", password=PASSWORD)
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "You are Player 1.")
        self.assertContains(page, 'class="countdown"')
        r = self.client.post(reverse("submit", args=[self.match.pk, phase.pk]), {"P": 17}, follow=True)
        self.assertContains(r, "Everyone has submitted, so the phase is closed.")
        following = self.open_phase()
        self.assertEqual((following.key, following.waits_on), ("collab-1-Q", [0]))
        phase.refresh_from_db()
        self.assertEqual(following.opened_at, phase.closed_at)  # in the same transaction as the close
        self.client.login(username="alice", password=PASSWORD)
        self.assertContains(self.client.get(reverse("match_play", args=[self.match.pk])), "Player 1 gave P = 17.")

    def test_it_eliminates_the_loser_when_the_host_confirms(self):
        self.start()
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()
        loser = next(s for s in self.match.outcome["standings"] if s["place"] == 2)["seat"]
        loser_member = self.match.seats.get(seat=loser).season_player
        awards = self.match.outcome["awards"]
        self.assertEqual([(a["seat"], a["kind"], a["amount"]) for a in awards], [(loser, ELIMINATED, 1)])
        results.do_confirm_result(self.match.pk, awards, by=self.hana)
        loser_member.refresh_from_db()
        self.assertEqual(loser_member.status, SeasonPlayer.ELIMINATED)
        winner = self.match.seats.get(seat=1 - loser).season_player
        self.assertEqual(winner.status, SeasonPlayer.ACTIVE)
        self.assertTrue(LedgerEntry.objects.filter(player=loser_member, kind=ELIMINATED).exists())

    def test_it_tells_the_host_of_targets_no_operation_reaches(self):
        # easy A-D are a + b, |a - b|, a * b, max(a, b): on inputs up to 999 none exceeds 998001,
        # so 10**9 is never reached, while 5, 6 and 7 are (a + b alone gives them for many inputs)
        settings = {"operation_set": "easy", "operations": EASY, "targets": [[5, 6, 10**9]] + [[5, 6, 7]] * 8}
        engine = lifecycle.engine_of(self.match)
        lines = engine.settings_report(engine.prepare(engine.validate_settings(settings, 2), 2, Random(1)))
        self.assertIn("Shootout 1: no active operation gave 1000000000 on the sample inputs.", lines)
        self.assertFalse([line for line in lines if line.startswith("Shootout 2")])
