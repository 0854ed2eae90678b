"""Black and White's rulings B1-B7 against rounds worked by hand, written in B8's notation
(tests/black_and_white/notation.py): `A:5/B:2` is a round A leads with 5, B follows with 2."""

import random
from unittest import TestCase

from games import engine_api as api

from .notation import ENGINE, play, started, step


def spectator(state):
    return ENGINE.view(state, api.Viewer.spectator())


class ColoursAndNumbersTestCase(TestCase):
    """B1, B7: colours and counts are public; numbers are their player's until the end."""

    def test_it_shows_colours_and_counts_to_all_and_numbers_to_their_player(self):
        state = play(started(), "A:5/B:2").state  # A wins with a white 5 over a black 2
        public = spectator(state)
        self.assertEqual(
            public["rounds"][0]["plays"],
            [{"name": "Ada", "colour": "white", "missed": False}, {"name": "Bo", "colour": "black", "missed": False}],
        )
        self.assertEqual(public["rounds"][0]["outcome"], "Ada wins")
        self.assertEqual(
            public["left"], [{"name": "Ada", "black": 5, "white": 3}, {"name": "Bo", "black": 4, "white": 4}]
        )
        self.assertEqual(public["points"], [1, 0])
        self.assertNotIn("my_tiles", public)
        self.assertNotIn("hands", public)
        bo = ENGINE.view(state, api.Viewer.for_seat(1))
        self.assertEqual([p.get("number") for p in bo["rounds"][0]["plays"]], [None, 2])  # his own 2, not her 5
        self.assertEqual([t["number"] for t in bo["my_tiles"]], [0, 1, 3, 4, 5, 6, 7, 8])
        host = ENGINE.view(state, api.Viewer.host())
        self.assertEqual([p["number"] for p in host["rounds"][0]["plays"]], [5, 2])

    def test_it_shows_the_leaders_colour_to_the_follower_before_they_lay(self):
        state = step(started("B"), 1, 8).state  # B leads with a black 8
        self.assertEqual(spectator(state)["laid"], {"name": "Bo", "colour": "black", "missed": False})
        self.assertEqual(ENGINE.view(state, api.Viewer.for_seat(1))["laid"]["number"], 8)
        self.assertEqual(ENGINE.form(state, "g1-r1-follow", 0).intro, "Bo laid a black tile.")

    def test_it_reveals_every_number_to_everyone_at_the_end(self):
        t = play(started(), "A:8/B:7, A:7/B:6, A:6/B:5, A:5/B:4, A:4/B:3")
        self.assertTrue(t.finished)
        public = spectator(t.state)
        self.assertEqual([p["number"] for p in public["rounds"][4]["plays"]], [4, 3])
        self.assertEqual([t["number"] for t in public["hands"][1]["tiles"]], [0, 1, 2, 8])


class LeaderTestCase(TestCase):
    """B2: the seed draws the first leader; the winner leads next; a draw keeps the leader."""

    def test_it_draws_the_first_leader_from_the_seed(self):
        seats = [api.SeatInfo(0, "Ada", ""), api.SeatInfo(1, "Bo", "")]
        leaders = {
            ENGINE.setup(seats, {"step_seconds": 60}, api.derive_rng(seed, "setup")).state["leader"]
            for seed in range(20)
        }
        self.assertEqual(leaders, {0, 1})
        again = [ENGINE.setup(seats, {"step_seconds": 60}, api.derive_rng(7, "setup")).state["leader"] for _ in "ab"]
        self.assertEqual(again[0], again[1])

    def test_it_lets_the_winner_lead_and_keeps_the_leader_after_a_draw(self):
        # each round's leader is checked against the engine's as it is played
        t = play(started(), "A:3/B:4, B:0/A:0, B:1/A:2, A:6/B:6")
        self.assertEqual(t.state["leader"], 0)
        self.assertEqual(t.state["points"], [1, 1])


class StepsTestCase(TestCase):
    """B3: two one-player steps a round, each `step_seconds` long, closed when laid; a missed
    step lays a tile drawn from the player's hand with the match's seed."""

    def test_it_opens_one_step_at_a_time_for_one_player(self):
        t = ENGINE.setup(
            [api.SeatInfo(0, "Ada", ""), api.SeatInfo(1, "Bo", "")], {"step_seconds": 45}, random.Random(3)
        )
        (lead,) = t.open
        self.assertEqual((lead.waits_on, lead.duration, lead.close_early), ((t.state["leader"],), 45, True))
        nxt = step(t.state, t.state["leader"], 4)
        (follow,) = nxt.open
        self.assertEqual(follow.waits_on, (1 - t.state["leader"],))

    def test_it_lays_a_seeded_draw_from_the_hand_for_a_missed_step(self):
        state = play(started(), "A:8/B:8").state  # a draw: A leads again, neither holds an 8
        missed = play(state, "A:?/B:0")
        again = play(state, "A:?/B:0")
        drawn = missed.state["rounds"][1]["tiles"][0]
        self.assertEqual(drawn, again.state["rounds"][1]["tiles"][0])  # the same seed, the same tile
        self.assertIn(drawn, range(8))
        self.assertNotIn(drawn, missed.state["hands"][0])

    def test_it_says_a_missed_lead_as_the_seeds_to_the_player_and_everyone_without_its_number(self):
        state = play(started(), "A:8/B:8").state
        t = step(state, 0, "?")  # Ada's lead runs out
        drawn = t.state["laid"]
        texts = [(e.visibility, e.seat, e.text) for e in t.events]
        self.assertEqual(
            texts,
            [
                ("private", 0, f"Time ran out: the seed laid your {drawn}."),
                (
                    "public",
                    None,
                    (
                        f"Round 2: time ran out for Ada: the seed led with a "
                        f"{'black' if drawn % 2 == 0 else 'white'} tile."
                    ),
                ),
            ],
        )
        self.assertTrue(spectator(t.state)["laid"]["missed"])
        self.assertNotIn("number", spectator(t.state)["laid"])
        done = step(t.state, 1, 0)  # Bo follows with his own 0: his words are his, not the seed's
        self.assertEqual(done.events[0].text, "You laid your 0.")
        self.assertTrue(done.events[1].text.startswith("Bo follows with a black tile: "))
        self.assertEqual([p["missed"] for p in spectator(done.state)["rounds"][1]["plays"]], [True, False])

    def test_it_decides_the_round_with_the_tile_drawn_for_a_follower_who_missed(self):
        # Bo's step runs out: the seeded draw (the driver's stream for this step) lays his 4, so the
        # round is played as A:4/B:4, a draw, and Ada leads again
        t = play(started(), "A:4/B:?")
        self.assertEqual((t.state["rounds"][0]["tiles"], t.state["rounds"][0]["winner"]), ([4, 4], None))
        self.assertNotIn(4, t.state["hands"][1])
        self.assertEqual((t.state["points"], t.state["leader"]), ([0, 0], 0))
        self.assertEqual(
            [e.text for e in t.events[-2:]],
            [
                "Time ran out: the seed laid your 4.",
                "Time ran out for Bo: the seed followed with a black tile: a draw (Ada 0, Bo 0).",
            ],
        )

    def test_it_refuses_a_played_tile_a_stranger_step_and_stray_fields(self):
        state = play(started(), "A:5/B:2").state  # A leads round 2
        for data in ({"tile": "5"}, {"tile": "9"}, {"tile": "-1"}, {"tile": "x"}, {"tile": "4", "more": 1}, {}):
            self.assertIsInstance(ENGINE.validate_submission(state, "g1-r2-lead", 0, data), api.Invalid, data)
        self.assertIsInstance(ENGINE.validate_submission(state, "g1-r2-follow", 1, {"tile": "4"}), api.Invalid)
        self.assertIsInstance(ENGINE.validate_submission(state, "g1-r1-lead", 0, {"tile": "4"}), api.Invalid)
        self.assertEqual(ENGINE.validate_submission(state, "g1-r2-lead", 0, {"tile": "4"}), {"tile": 4})


class EarlyEndTestCase(TestCase):
    """B4: the match ends as soon as a lead cannot be caught."""

    def test_it_ends_at_five_points(self):
        t = play(started(), "A:8/B:7, A:7/B:6, A:6/B:5, A:5/B:4")
        self.assertFalse(t.finished)
        t = play(t.state, "A:4/B:3")
        self.assertTrue(t.finished)
        self.assertEqual(t.state["points"], [5, 0])

    def test_it_ends_with_fewer_when_too_few_rounds_are_left(self):
        # 3-1 with three rounds left goes on (1 + 3 would draw level); 4-1 with two left ends
        t = play(started(), "A:8/B:7, A:7/B:6, A:6/B:5, A:0/B:0, A:1/B:1, A:2/B:8")
        self.assertEqual((t.state["points"], t.finished), ([3, 1], False))
        t = play(t.state, "B:4/A:5")
        self.assertTrue(t.finished)
        self.assertEqual(len(t.state["rounds"]), 7)
        self.assertEqual(ENGINE.outcome(t.state).standings[0].seat, 0)

    def test_it_goes_on_when_a_one_point_lead_meets_the_last_round(self):
        t = play(started(), "A:5/B:2, A:2/B:5, B:0/A:0, B:1/A:1, B:3/A:3, B:4/A:4, B:6/A:6, B:7/A:8")
        self.assertEqual((t.state["points"], t.finished), ([2, 1], False))  # Bo can still draw level


class TieTestCase(TestCase):
    """B5: equal points go to the last round won; nine draws replay once, leader swapped; a
    second nine draws go to whoever followed in the replay's first round."""

    def test_it_gives_a_tie_to_the_winner_of_the_last_round_that_was_not_a_draw(self):
        t = play(started(), "A:5/B:2, A:2/B:5, B:0/A:0, B:1/A:1, B:3/A:3, B:4/A:4, B:6/A:6, B:7/A:7, B:8/A:8")
        self.assertTrue(t.finished)
        self.assertEqual(t.state["points"], [1, 1])
        self.assertEqual(ENGINE.outcome(t.state).standings[0].seat, 1)  # Bo won round 2, the last won

    def test_it_replays_nine_draws_once_with_the_leader_swapped(self):
        draws = ", ".join(f"A:{n}/B:{n}" for n in range(9))
        t = play(started(), draws)
        self.assertFalse(t.finished)
        self.assertEqual((t.state["game"], t.state["round"], t.state["leader"]), (2, 1, 1))  # Bo leads the replay
        self.assertEqual(t.state["hands"], [list(range(9))] * 2)
        t = play(t.state, "B:3/A:1, B:0/A:2")
        self.assertEqual(t.state["points"], [1, 1])
        self.assertEqual(spectator(t.state)["rounds"][9]["label"], "Replay 1")

    def test_it_gives_a_second_nine_draws_to_the_replays_first_follower(self):
        state = play(started(), ", ".join(f"A:{n}/B:{n}" for n in range(9))).state
        t = play(state, ", ".join(f"B:{n}/A:{n}" for n in range(9)))
        self.assertTrue(t.finished)
        self.assertEqual(ENGINE.outcome(t.state).standings[0].seat, 0)  # Ada followed in the replay's round 1


class ResultTestCase(TestCase):
    """B6: the winner first, the loser last and proposed for elimination."""

    def test_it_ranks_the_winner_first_and_proposes_the_loser(self):
        t = play(started("B"), "B:8/A:7, B:7/A:6, B:6/A:5, B:5/A:4, B:4/A:3")
        out = ENGINE.outcome(t.state)
        self.assertEqual([(s.seat, s.place, s.score) for s in out.standings], [(1, 1, 5), (0, 2, 0)])
        self.assertEqual(out.awards, [api.LedgerDelta(0, api.ELIMINATED, 1, "Lost the Death Match (Black and White)")])
        self.assertEqual(out.summary, "Bo wins 5-0: nobody can catch them.")
