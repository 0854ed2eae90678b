"""The five exhibits against hand-worked photos (S9), and who photographs whom (S8)."""

from unittest import TestCase

from games.pokemon_snap.engine.exhibits import exhibit_value, points, take_photos


class ExhibitTestCase(TestCase):
    def test_it_counts_a_s_even_values_with_zero_even(self):
        photos = [[0, 1, 2, 3, 4], [5, 5, 5, 5, 6], [1, 1, 1, 1, 0]]
        self.assertEqual(exhibit_value("A", photos), 5)  # 0, 2, 4, 6, 0

    def test_it_sums_b_s_medians(self):
        photos = [[1, 9, 3, 0, 5], [4, 2, 3, 8, 5], [7, 5, 0, 1, 9]]
        self.assertEqual(exhibit_value("B", photos), 4 + 5 + 3 + 1 + 5)

    def test_it_compares_c_sorted_from_the_top(self):
        mine = [[9, 1, 1, 1, 1], [1, 1, 1, 1, 1]]  # 9 1 1 1 1 1 1 1 1 1
        theirs = [[8, 8, 8, 8, 8], [8, 8, 8, 8, 8]]
        self.assertEqual(points("C", mine, theirs), 1.0)
        self.assertEqual(points("C", [[9, 2, 0, 0, 0], [0] * 5], [[9, 1, 5, 0, 0], [0] * 5]), 0.0)  # 9 5 beats 9 2

    def test_it_multiplies_d_replacing_zeros_with_the_highest_other_value_and_lower_wins(self):
        mine = [[0, 1, 1, 1, 1], [1, 1, 1, 1, 5]]  # 0 -> 5: product 25
        theirs = [[2, 1, 1, 1, 1], [1, 1, 1, 1, 2]]  # 4
        self.assertEqual(exhibit_value("D", mine), 25)
        self.assertEqual(points("D", mine, theirs), 0.0)
        self.assertEqual(points("D", theirs, mine), 1.0)
        self.assertEqual(exhibit_value("D", [[0, 0, 3, 1, 1], [1, 1, 1, 1, 1]]), 27)  # each 0 becomes 3
        self.assertEqual(exhibit_value("D", [[0] * 5, [0] * 5]), 0)

    def test_it_sums_e_s_absolute_differences(self):
        self.assertEqual(exhibit_value("E", [[5, 0, 3, 3, 9], [1, 4, 3, 6, 2]]), 4 + 4 + 0 + 3 + 7)

    def test_it_scores_a_tie_half_each(self):
        same = [[3] * 5, [3] * 5]
        self.assertEqual(points("E", same, same), 0.5)

    def test_it_lets_priority_photograph_first_and_the_other_skip(self):
        first, second = take_photos([4, 2, 7, 3, 5, 6], [2, 7, 6, 5, 4, 3], 3, 3)
        self.assertEqual(first, [4, 2, 7])
        self.assertEqual(second, [6, 5, 3])
        first, second = take_photos([4, 2, 7, 3, 5, 6], [4, 2, 3, 5, 6, 7], 2, 2)
        self.assertEqual((first, second), ([4, 2], [3, 5]))
