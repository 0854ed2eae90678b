"""Whole matches of 5, 13 and 20 players with random legal moves through the platform, over
seeds: nine windows, four winners, and every match replays from its stored submissions."""

from matches.models import Match
from matches.core.playtest import playtest
from matches.core.replay import replay
from tests.support.base import BaseTestCase


class FlatEarthPlaytestTestCase(BaseTestCase):
    def test_it_finishes_for_many_seeds_and_sizes_and_replays(self):
        for players, seeds in ((13, range(1, 4)), (5, range(1, 3)), (20, range(1, 3))):
            for seed in seeds:
                result = playtest("flat_earth", players, seed, keep=True)
                self.assertEqual((result["status"], result["phases"]), ("finished", 10), (players, seed))
                match = Match.objects.get(pk=result["match_id"])
                self.assertEqual(len(set(match.state["winners"].values())), 4)
                self.assertEqual(sorted(match.outcome["statuses"].values()).count("heaven"), 4)
                self.assertEqual(replay(match), [], (players, seed))
