"""Whole matches with random legal moves, through the platform, over many seeds: every card a
player held is accounted for, nothing goes negative, every athlete gets a rank in its race."""

import json
from io import StringIO

from django.core.management import call_command

from games.coop_qwop.engine import races
from games.coop_qwop.engine.cards import PACKS, STARTING_HAND
from matches.models import Match
from matches.core.playtest import playtest
from matches.core.replay import replay
from tests.support.base import BaseTestCase

SEEDS = range(1, 13)


class QwopPlaytestTestCase(BaseTestCase):
    def test_it_finishes_for_many_seeds_with_every_card_accounted_for(self):
        for seed in SEEDS:
            result = playtest("coop_qwop", 8, seed, keep=True)
            self.assertEqual(result["status"], "finished", seed)
            match = Match.objects.get(pk=result["match_id"])
            state = match.state
            for seat in range(8):
                bought = {card: 0 for card in STARTING_HAND}
                for pack, times in state["packs"][seat].items():
                    for card in PACKS[pack][1]:
                        bought[card] += times
                hand = state["hands"][seat]
                self.assertTrue(all(n >= 0 for n in hand.values()), (seed, seat, hand))
                held = sum(STARTING_HAND.values()) + sum(bought.values())
                self.assertEqual(state["spent"][seat] + sum(hand.values()), held, (seed, seat))
                self.assertLessEqual(state["spent"][seat], 35)
                self.assertTrue(all(0 <= times <= 2 for times in state["packs"][seat].values()))
            ranked = {row["number"] for table in races.race_tables(state["athletes"]).values() for row in table}
            self.assertEqual(ranked, set(range(1, 29)), seed)
            self.assertTrue(all(len(a["moves"]) == 5 for a in state["athletes"]))
            self.assertEqual(sorted(s["seat"] for s in match.outcome["standings"]), list(range(8)))
            self.assertEqual(replay(match), [], seed)

    def test_it_spends_exactly_the_starting_hand_when_nobody_buys(self):
        result = playtest("coop_qwop", 8, 99, miss_rate=0.3, keep=True)
        state = Match.objects.get(pk=result["match_id"]).state
        for seat in range(8):
            if not any(state["packs"][seat].values()):
                # 35 cards, 5 rounds x 7 athletes; an X held to the final round cannot be played
                self.assertEqual(state["spent"][seat] + state["hands"][seat]["X"], 35)

    def test_it_runs_from_the_command_line(self):
        out = StringIO()
        call_command("playtest", "coop_qwop", "--players", "8", "--seed", "5", stdout=out)
        self.assertEqual(json.loads(out.getvalue())["status"], "finished")
