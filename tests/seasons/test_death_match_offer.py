"""The Death Match offer follows the Main Match whose result was confirmed last, even while
another Main Match, started later, is still being played (as in the demo season, where every
game starts at once): a Co-op QWOP played by the rules' defaults and confirmed names its
Elimination Candidate on the host's season page."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from games.engine_api import ELIMINATION_CANDIDATE
from matches import clock
from matches.core import lifecycle
from matches.models import Match
from matches.seasons import marks, results
from tests.coop_qwop.people import EightPlayersMixin
from tests.support.base import BaseTestCase


class DeathMatchOfferTestCase(EightPlayersMixin, BaseTestCase):
    def confirmed_coop_qwop(self):
        self.start()
        lifecycle.do_finish_with_defaults(self.match.pk, by=self.hana)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.FINISHED)
        results.do_confirm_result(self.match.pk, results.offered_awards(self.match), by=self.hana)
        seats = {a["seat"] for a in self.match.outcome["awards"] if a["kind"] == ELIMINATION_CANDIDATE}
        self.assertTrue(seats, "this seed's Co-op QWOP names no candidate: pick another")
        return sorted(self.match.seats.get(seat=s).season_player.display_name for s in seats)

    def unique_bid(self):
        """A Unique Bid Main Match of Dave and Frank (the fixture game), a draft."""
        match = self.make_match(["dave", "frank"], settings={"rounds": 1, "round_seconds": 60, "close_early": True})
        match.game = "fixture"
        match.save(update_fields=["game"])
        return match

    def season_page(self, user):
        client = Client()
        if user is not None:
            client.force_login(user)
        return client.get(reverse("season", args=[self.season.slug])).content.decode()

    def test_it_offers_the_death_match_after_a_confirmed_coop_qwop(self):
        candidates = self.confirmed_coop_qwop()
        latest, offered, opponents = marks.death_match_pairing(self.season)
        self.assertEqual(latest, self.match)
        self.assertEqual([p.display_name for p in offered], candidates)
        self.assertTrue(opponents)
        page = self.season_page(self.hana)
        self.assertIn("Death Match after Test match", page)
        self.assertIn("Create the Death Match with both seated", page)
        self.assertNotIn("Create the Death Match", self.season_page(self.alice))

    def test_it_offers_it_while_a_main_match_started_later_is_still_running(self):
        self.start()  # Co-op QWOP first, then a Unique Bid Main Match that is still being played
        with clock.simulated(clock.now() + timedelta(seconds=1)):
            later = self.start(self.unique_bid())
        self.assertEqual(later.status, Match.RUNNING)
        self.assertEqual(marks.main_matches(self.season)[-1], later)
        candidates = self.confirmed_coop_qwop()
        latest, offered, _ = marks.death_match_pairing(self.season)
        self.assertEqual((latest, [p.display_name for p in offered]), (self.match, candidates))
        self.assertIn("Create the Death Match with both seated", self.season_page(self.hana))
        # and the offer can be taken: the Death Match is created with both seated
        opponent = marks.death_match_pairing(self.season)[2][0]
        host = Client()
        host.force_login(self.hana)
        host.post(
            reverse("create_death_match", args=[self.season.slug]),
            {"candidate": offered[0].pk, "opponent": opponent.pk, "game": "mystery_cosign"},
        )
        death = Match.objects.get(kind=Match.DEATH)
        self.assertEqual({s.season_player for s in death.seats.all()}, {offered[0], opponent})

    def test_it_follows_the_result_confirmed_last(self):
        self.confirmed_coop_qwop()
        later = self.start(self.unique_bid())
        lifecycle.do_finish_with_defaults(later.pk)
        results.do_confirm_result(later.pk, [], by=self.hana)  # confirmed with no candidate
        latest, offered, _ = marks.death_match_pairing(self.season)
        self.assertEqual((latest.pk, offered), (later.pk, []))
        self.assertIn("That Main Match named no Elimination Candidate.", self.season_page(self.hana))
