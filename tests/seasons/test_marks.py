"""Marks of Elimination that name their Main Matches and fall away after them; the live-marks
list; the Death Match created from the season page with both seated."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from games.engine_api import ELIMINATION_CANDIDATE, MARK_NEXT, MARK_OF_ELIMINATION, MARK_THIS_AND_NEXT
from matches import clock
from matches.seasons import marks
from matches.seasons import results
from matches.models import LedgerEntry, Match
from tests.support.base import BaseTestCase

START = clock.now() - timedelta(days=30)


class MarkTestCase(BaseTestCase):
    def main_match(self, number, **extra):
        match = Match.objects.create(
            season=self.season,
            game="fixture",
            title=f"Main Match {number}",
            status=Match.FINISHED,
            started_at=START + timedelta(days=number),
            **extra,
        )
        return match

    def mark(self, name, match=None, lasts="", amount=1, at=None):
        return LedgerEntry.objects.create(
            season=self.season,
            player=self.members[name],
            kind=MARK_OF_ELIMINATION,
            amount=amount,
            reason="test",
            match=match,
            mark_lasts=lasts,
            created_at=at or clock.now(),
        )

    def states(self, name):
        return [(m.text, m.state) for m in marks.marks(self.season).get(self.members[name].pk, [])]

    def test_it_keeps_a_mark_for_the_next_main_match_upcoming_then_live_then_gone(self):
        first = self.main_match(1)
        self.mark("alice", first, MARK_NEXT)
        self.assertEqual(self.states("alice"), [("for the Main Match after Main Match 1", marks.UPCOMING)])
        self.main_match(2)
        self.assertEqual(self.states("alice"), [("for the Main Match after Main Match 1", marks.LIVE)])
        self.main_match(3)
        self.assertEqual(self.states("alice"), [])

    def test_it_keeps_a_mark_for_this_main_match_and_the_next_live_through_both(self):
        first = self.main_match(1)
        self.mark("bob", first, MARK_THIS_AND_NEXT)
        self.assertEqual(self.states("bob"), [("for Main Match 1 and the next Main Match", marks.LIVE)])
        self.main_match(2)
        self.assertEqual([s for _, s in self.states("bob")], [marks.LIVE])
        self.main_match(3)
        self.assertEqual(self.states("bob"), [])

    def test_it_anchors_a_hand_written_mark_to_the_cycle_it_was_written_in_and_cancels_with_a_removal(self):
        self.main_match(1)
        self.mark("carol", at=START + timedelta(days=1, hours=5))  # during Main Match 1's cycle, for the next
        self.assertEqual([s for _, s in self.states("carol")], [marks.UPCOMING])
        self.main_match(2)
        self.assertEqual([s for _, s in self.states("carol")], [marks.LIVE])
        self.mark("carol", amount=-1)
        self.assertEqual(self.states("carol"), [])

    def test_it_records_how_long_a_confirmed_mark_lasts_from_the_game_s_proposal(self):
        match = self.make_match(["alice", "bob"])
        match.status = Match.FINISHED
        match.outcome = {
            "standings": [],
            "summary": "",
            "statuses": {},
            "forced_gifts": [],
            "awards": [
                {"seat": 1, "kind": MARK_OF_ELIMINATION, "amount": 1, "reason": "lost", "lasts": MARK_THIS_AND_NEXT}
            ],
        }
        match.save()
        # the confirm form sends rows without `lasts`, as the admin does; the host added a mark of their own
        results.do_confirm_result(
            match.pk,
            [
                {"seat": 1, "kind": MARK_OF_ELIMINATION, "amount": 1, "reason": "lost"},
                {"seat": 0, "kind": MARK_OF_ELIMINATION, "amount": 1, "reason": "host"},
            ],
        )
        got = dict(LedgerEntry.objects.filter(match=match).values_list("player__display_name", "mark_lasts"))
        self.assertEqual(got, {"Bob": MARK_THIS_AND_NEXT, "Alice": MARK_NEXT})

    def test_it_lists_live_marks_on_the_season_page(self):
        first = self.main_match(1)
        self.mark("alice", first, MARK_THIS_AND_NEXT)
        page = Client().get(reverse("season", args=[self.season.slug])).content.decode()
        self.assertIn("Alice: for Main Match 1 and the next Main Match", page)
        self.assertIn("live now", page)


class DeathMatchTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.main = Match.objects.create(
            season=self.season,
            game="fixture",
            title="Main Match 1",
            status=Match.FINISHED,
            started_at=START,
            confirmed_at=START + timedelta(days=2),
        )
        LedgerEntry.objects.create(
            season=self.season,
            player=self.members["carol"],
            kind=ELIMINATION_CANDIDATE,
            amount=1,
            reason="lowest",
            match=self.main,
        )
        LedgerEntry.objects.create(
            season=self.season,
            player=self.members["bob"],
            kind=MARK_OF_ELIMINATION,
            amount=1,
            reason="marked",
            match=self.main,
            mark_lasts=MARK_THIS_AND_NEXT,
        )
        self.hana_client = Client()
        self.hana_client.force_login(self.hana)

    def create(self, client, candidate, opponent, game="mystery_cosign"):
        return client.post(
            reverse("create_death_match", args=[self.season.slug]),
            {"candidate": self.members[candidate].pk, "opponent": self.members[opponent].pk, "game": game},
        )

    def test_it_offers_the_candidate_and_opponents_without_a_live_mark(self):
        latest, candidates, opponents = marks.death_match_pairing(self.season)
        self.assertEqual(latest, self.main)
        self.assertEqual([p.display_name for p in candidates], ["Carol"])
        self.assertNotIn("Bob", [p.display_name for p in opponents])
        self.assertIn("Alice", [p.display_name for p in opponents])
        page = self.hana_client.get(reverse("season", args=[self.season.slug])).content.decode()
        self.assertIn("Create the Death Match with both seated", page)
        self.assertNotIn(
            "Create the Death Match", Client().get(reverse("season", args=[self.season.slug])).content.decode()
        )

    def test_it_creates_the_death_match_in_one_step_with_both_seated(self):
        response = self.create(self.hana_client, "carol", "alice")
        match = Match.objects.get(kind=Match.DEATH)
        self.assertRedirects(response, reverse("match_host", args=[match.pk]), fetch_redirect_response=False)
        self.assertEqual(
            [(s.seat, s.season_player.display_name) for s in match.seats.all()], [(0, "Carol"), (1, "Alice")]
        )
        self.assertEqual((match.game, match.status), ("mystery_cosign", Match.DRAFT))

    def test_it_refuses_a_marked_opponent_a_non_candidate_and_a_main_match_game(self):
        for candidate, opponent, game in (
            ("carol", "bob", "mystery_cosign"),
            ("alice", "dave", "mystery_cosign"),
            ("carol", "alice", "coop_qwop"),
        ):
            response = self.create(self.hana_client, candidate, opponent, game)
            self.assertRedirects(response, reverse("season", args=[self.season.slug]), fetch_redirect_response=False)
        self.assertFalse(Match.objects.filter(kind=Match.DEATH).exists())

    def test_it_answers_404_to_anyone_but_the_host(self):
        for user in (self.alice, self.eve):
            client = Client()
            client.force_login(user)
            self.assertEqual(self.create(client, "carol", "alice").status_code, 404)
        self.assertEqual(self.create(Client(), "carol", "alice").status_code, 302)  # to the login page
        self.assertFalse(Match.objects.filter(kind=Match.DEATH).exists())
