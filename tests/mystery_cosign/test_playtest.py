"""Whole Death Matches with random legal moves through the platform, over many seeds: 55 steps
each, a winner and a loser, and every match replays from its stored submissions."""

from matches.models import Match
from matches.core.playtest import playtest
from matches.core.replay import replay
from tests.support.base import BaseTestCase


class CosignPlaytestTestCase(BaseTestCase):
    def test_it_finishes_for_many_seeds_and_replays(self):
        for seed in range(1, 7):
            for operation_set in ("sample", "easy", "medium", "hard"):
                result = playtest("mystery_cosign", 2, seed, {"operation_set": operation_set}, keep=True)
                self.assertEqual((result["status"], result["phases"]), ("finished", 55), (seed, operation_set))
                self.assertEqual(sorted(s["place"] for s in result["standings"]), [1, 2])
                match = Match.objects.get(pk=result["match_id"])
                self.assertEqual(len(match.state["shootouts"]), 9)
                self.assertEqual(len(match.state["collabs"]), 15)
                self.assertEqual(replay(match), [], (seed, operation_set))
