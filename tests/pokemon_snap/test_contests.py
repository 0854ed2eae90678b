"""Contests V-Z: the stat changes in a slot and the AP worked out at the end (S7), by hand."""

from unittest import TestCase

from games.pokemon_snap.engine.contests import appeal_points

from .support import do, slot, stats, world


def entry(seat, stats, day=1):
    return {"seat": seat, "day": day, "stats": list(stats)}


class ContestChangeTestCase(TestCase):
    def test_it_sets_v_s_first_highest_stat_to_the_lowest(self):
        w = world((5, 2, 5, 4, 1))  # Coolness and Cleverness tie at 5: Coolness comes first
        slot(w, {0: do("V")})
        self.assertEqual(stats(w, 0), [1, 2, 5, 4, 1])

    def test_it_sets_w_s_two_stats_to_their_difference(self):
        w = world((2, 3, 7, 3, 3))
        slot(w, {0: do("W")})
        self.assertEqual(stats(w, 0), [5, 3, 5, 3, 3])

    def test_it_takes_x_s_three_stopping_at_zero(self):
        w = world((3, 2, 3, 3, 5))
        slot(w, {0: do("X")})
        self.assertEqual(stats(w, 0), [3, 0, 3, 3, 2])

    def test_it_sets_y_s_high_stats_back_to_three(self):
        w = world((6, 5, 9, 0, 6))
        slot(w, {0: do("Y")})
        self.assertEqual(stats(w, 0), [3, 5, 3, 0, 3])

    def test_it_halves_z_s_stats_rounding_down(self):
        w = world((3, 3, 3, 7, 1))
        slot(w, {0: do("Z")})
        self.assertEqual(stats(w, 0), [3, 3, 3, 3, 0])

    def test_it_snapshots_the_photo_before_the_change(self):
        w = world((3, 3, 3, 7, 1))
        slot(w, {0: do("Z")}, day=3)
        self.assertEqual(w["entries"]["Z"], [{"seat": 0, "day": 3, "stats": [3, 3, 3, 7, 1]}])


class AppealPointsTestCase(TestCase):
    def test_it_gives_v_3_2_1_by_distinct_values_with_ties_sharing(self):
        # gaps: 0: 8-3 = 5; 1: 5; 2: 6-4 = 2; 3: 3-3 = 0; 4: 9-8 = 1
        entries = [
            entry(0, (8, 3, 1, 0, 2)),
            entry(1, (0, 5, 0, 0, 0), 2),
            entry(2, (6, 4, 4, 4, 4), 3),
            entry(3, (3, 3, 3, 3, 3), 4),
            entry(4, (9, 8, 0, 0, 0), 5),
        ]
        self.assertEqual(appeal_points("V", entries), {0: 3, 1: 3, 2: 2, 3: 0, 4: 1})

    def test_it_gives_w_by_coolness_times_cleverness(self):
        entries = [
            entry(0, (4, 0, 5, 0, 0)),
            entry(1, (2, 0, 10, 0, 0)),
            entry(2, (3, 0, 3, 0, 0)),
            entry(3, (0, 9, 9, 9, 9)),
            entry(4, (1, 0, 1, 0, 0)),
        ]
        self.assertEqual(appeal_points("W", entries), {0: 3, 1: 3, 2: 2, 3: 0, 4: 1})

    def test_it_gives_x_only_among_the_day_s_entrants(self):
        entries = [
            entry(0, (0, 5, 0, 0, 5), 1),
            entry(1, (0, 4, 0, 0, 6), 1),
            entry(2, (0, 1, 0, 0, 1), 1),
            entry(3, (0, 1, 0, 0, 0), 2),
            entry(4, (0, 9, 0, 0, 9), 3),
            entry(5, (0, 0, 0, 0, 0), 3),
        ]
        self.assertEqual(appeal_points("X", entries), {0: 2, 1: 2, 2: 0, 3: 2, 4: 2, 5: 0})

    def test_it_gives_y_one_per_stat_of_six_or_more(self):
        self.assertEqual(appeal_points("Y", [entry(0, (6, 5, 7, 12, 0)), entry(1, (5, 5, 5, 5, 5))]), {0: 3, 1: 0})

    def test_it_compares_z_toughness_with_every_other_entrant_s_beauty_across_days(self):
        # Toughness / Beauty: 0: 5/4 (day 1), 1: 3/6 (day 2), 2: 7/2 (day 4)
        entries = [entry(0, (0, 0, 0, 5, 4), 1), entry(1, (0, 0, 0, 3, 6), 2), entry(2, (0, 0, 0, 7, 2), 4)]
        # 0: beats 2's Beauty 2, not 1's 6 -> 1; 1: beats 2's 2 -> 1; 2: beats 4 and 6 -> 2
        self.assertEqual(appeal_points("Z", entries), {0: 1, 1: 1, 2: 2})
