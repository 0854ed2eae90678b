"""Whole matches with random legal moves through the platform, over seeds: five days and the
ascension, four players in Heaven afterwards, one mark, and every match replays exactly."""

from matches.models import Match
from matches.core.playtest import playtest
from matches.core.replay import replay
from tests.support.base import BaseTestCase


class SnapPlaytestTestCase(BaseTestCase):
    def test_it_finishes_for_many_seeds_and_replays(self):
        for seed in range(1, 9):
            result = playtest("pokemon_snap", 8, seed, keep=True)
            self.assertEqual((result["status"], result["phases"]), ("finished", 6), seed)
            match = Match.objects.get(pk=result["match_id"])
            self.assertEqual(sorted(match.outcome["statuses"].values()).count("heaven"), 4, seed)
            self.assertEqual([a["kind"] for a in match.outcome["awards"]], ["mark_of_elimination"])
            self.assertEqual(replay(match), [], seed)
