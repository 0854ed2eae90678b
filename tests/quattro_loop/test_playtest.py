"""Whole matches with random legal moves (missed placements and choices included) through the
platform, over seeds and every board source: every card stays within 0-10, someone wins, and
every match replays from its stored submissions."""

from matches.models import Match
from matches.core.playtest import playtest
from matches.core.replay import replay
from tests.support.base import BaseTestCase


class QuattroPlaytestTestCase(BaseTestCase):
    def test_it_finishes_for_many_seeds_and_every_board_source_and_replays(self):
        for seed in range(1, 5):
            for boards in ("generated", "balanced", "wild"):
                result = playtest("quattro_loop", 2, seed, {"boards": boards}, keep=True)
                self.assertEqual(result["status"], "finished", (seed, boards))
                self.assertEqual(sorted(s["place"] for s in result["standings"]), [1, 2])
                match = Match.objects.get(pk=result["match_id"])
                self.assertTrue(all(0 <= c["v"] <= 10 for c in match.state["cards"].values()), (seed, boards))
                self.assertTrue(max(match.state["points"]) >= 5 or match.state["round"] == 15)
                self.assertEqual(replay(match), [], (seed, boards))
