"""The building blocks in games/blocks, on cases worked by hand."""

import random
from unittest import TestCase

from games import engine_api as api
from games.blocks import hands, leaders, points, reveal
from games.blocks.death_match import death_match_outcome
from games.blocks.settings import first_problem, one_of, whole_number


class SettingsTestCase(TestCase):
    def test_it_passes_good_settings_and_names_the_first_problem(self):
        checks = (whole_number("rounds", 1, 9), one_of("lead", (0, 1), "0 or 1"))
        self.assertEqual(first_problem({"rounds": 9, "lead": 1}, *checks), {"rounds": 9, "lead": 1})
        self.assertEqual(
            first_problem({"rounds": 10, "lead": 2}, *checks).message, "rounds must be a whole number from 1 to 9."
        )
        self.assertEqual(first_problem({"rounds": 3, "lead": True}, *checks).message, "lead is 0 or 1.")
        for bad in (True, 2.0, "3", None):
            self.assertIsInstance(first_problem({"rounds": bad, "lead": 0}, *checks), api.Invalid, bad)
        refused = api.Invalid("base says no")
        self.assertIs(first_problem(refused, *checks), refused)


class PointsTestCase(TestCase):
    def test_it_finds_a_lead_nobody_can_catch(self):
        self.assertEqual(points.uncatchable_leader([5, 0], rounds_left=4), 0)  # 0 + 4 < 5
        self.assertIsNone(points.uncatchable_leader([4, 3], rounds_left=1))  # 3 + 1 draws level
        self.assertEqual(points.uncatchable_leader([2, 4], rounds_left=1), 1)
        self.assertIsNone(points.uncatchable_leader([2, 2], rounds_left=0))  # a tie leads nobody
        self.assertEqual(points.uncatchable_leader([3, 1, 0], rounds_left=0), 0)

    def test_it_names_the_most_points_and_the_last_decisive_winner(self):
        self.assertEqual(points.most_points([3, 5, 5]), [1, 2])
        self.assertEqual(points.last_decisive_winner([0, None, 1, None, None]), 1)
        self.assertIsNone(points.last_decisive_winner([None, None]))


class LeadersAndHandsTestCase(TestCase):
    def test_it_lets_the_winner_lead_and_keeps_the_leader_after_a_draw(self):
        self.assertEqual(leaders.winner_leads(0, 1), 1)
        self.assertEqual(leaders.winner_leads(1, None), 1)

    def test_it_draws_the_same_seat_and_tile_from_the_same_seed_whatever_the_order_held(self):
        self.assertEqual(
            leaders.seeded_first_leader(2, random.Random("s")), leaders.seeded_first_leader(2, random.Random("s"))
        )
        self.assertEqual(hands.draw_from(random.Random(4), [8, 1, 5]), hands.draw_from(random.Random(4), [5, 8, 1]))
        self.assertIn(hands.draw_from(random.Random(4), [8, 1, 5]), (8, 1, 5))
        self.assertEqual(hands.without([1, 5, 5], 5), [1, 5])
        self.assertEqual(sorted(hands.dealt(random.Random(1), range(5))), [0, 1, 2, 3, 4])


class RevealTestCase(TestCase):
    def test_it_strips_hidden_fields_for_everyone_but_the_owner_and_the_host_until_the_end(self):
        record = {"colour": "black", "number": 4}
        seat0, seat1, spectator, host = (
            api.Viewer.for_seat(0),
            api.Viewer.for_seat(1),
            api.Viewer.spectator(),
            api.Viewer.host(),
        )
        self.assertEqual(reveal.visible(record, 0, ("number",), seat0, False), record)
        self.assertEqual(reveal.visible(record, 0, ("number",), host, False), record)
        self.assertEqual(reveal.visible(record, 0, ("number",), seat1, False), {"colour": "black"})
        self.assertEqual(reveal.visible(record, 0, ("number",), spectator, False), {"colour": "black"})
        self.assertEqual(reveal.visible(record, 0, ("number",), spectator, True), record)

    def test_it_shows_a_card_to_everyone_but_its_owner_and_spectators_until_the_end(self):
        """Seat 1 holds the 7 to its forehead: seats 0 and 2 and the host read it, seat 1 does not,
        nor a spectator (seat 1 logged out is one); at the end everyone does."""
        card = {"owner": "Bob", "card": "7"}
        for viewer, expected in (
            (api.Viewer.for_seat(0), card),
            (api.Viewer.for_seat(2), card),
            (api.Viewer.host(), card),
            (api.Viewer.for_seat(1), {"owner": "Bob"}),
            (api.Viewer.spectator(), {"owner": "Bob"}),
        ):
            with self.subTest(viewer=viewer):
                self.assertEqual(reveal.visible_to_others(card, 1, ("card",), viewer, False), expected)
        for viewer in (api.Viewer.for_seat(1), api.Viewer.spectator()):
            self.assertEqual(reveal.visible_to_others(card, 1, ("card",), viewer, True), card)
        # seat 0 is an owner like any other (a `seat or -1` once hid seat 0's things)
        self.assertEqual(reveal.visible_to_others(card, 0, ("card",), api.Viewer.for_seat(0), False), {"owner": "Bob"})
        self.assertEqual(reveal.visible_to_others(card, 0, ("card",), api.Viewer.for_seat(1), False), card)

    def test_it_tells_whether_a_viewer_holds_one_of_some_seats(self):
        self.assertTrue(reveal.is_seat_among(api.Viewer.for_seat(0), range(3)))  # seat 0 is a seat
        self.assertTrue(reveal.is_seat_among(api.Viewer.for_seat(5), [2, 5, 7]))
        self.assertFalse(reveal.is_seat_among(api.Viewer.for_seat(3), range(3)))
        self.assertFalse(reveal.is_seat_among(api.Viewer.spectator(), range(3)))
        self.assertFalse(reveal.is_seat_among(api.Viewer.host(), (0, 1)))


class DeathMatchTestCase(TestCase):
    def test_it_puts_the_winner_first_and_proposes_the_loser_for_elimination(self):
        out = death_match_outcome("Black and White", ["Ada", "Bo"], 1, [2, 5])
        self.assertEqual([(s.seat, s.place, s.score) for s in out.standings], [(1, 1, 5), (0, 2, 2)])
        self.assertEqual(out.awards, [api.LedgerDelta(0, api.ELIMINATED, 1, "Lost the Death Match (Black and White)")])
        self.assertEqual(out.summary, "Bo wins Black and White.")
