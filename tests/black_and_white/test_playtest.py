"""Whole matches played by the bots through the platform, missed steps included, over seeds:
each ends with a winner and a loser, and replays exactly from its stored submissions."""

from matches.core.playtest import playtest
from matches.core.replay import replay
from matches.models import Match
from tests.support.base import BaseTestCase


class PlaytestTestCase(BaseTestCase):
    def test_it_finishes_and_replays_for_many_seeds(self):
        for seed in range(1, 9):
            result = playtest("black_and_white", 2, seed, miss_rate=0.2, keep=True)
            self.assertEqual(result["status"], "finished", seed)
            self.assertEqual(sorted(s["place"] for s in result["standings"]), [1, 2])
            match = Match.objects.get(pk=result["match_id"])
            self.assertEqual(replay(match), [], seed)
            self.assertTrue(5 in match.state["points"] or len(match.state["rounds"]) >= 5, seed)
