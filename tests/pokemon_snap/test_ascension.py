"""Who ascends (S11, S12f), worked by hand from AP tables: ties put to Heaven, agreement of a
tied Heaven, the fallbacks, and the extra pick's limits. Pokemon are seats 2-7."""

from unittest import TestCase

from games.pokemon_snap.engine import ascension


def first_of(options):
    return options[0]


def last_of(options):
    return options[-1]


class AscensionTestCase(TestCase):
    def test_it_asks_nothing_of_a_lone_winner_when_the_top_two_and_last_are_clear(self):
        ap = {2: 9, 3: 7, 4: 5, 5: 4, 6: 3, 7: 1}
        self.assertEqual(ascension.asked(ap, heaven_tie=False), {})
        places = ascension.settle(ap, False, [{}], first_of)
        self.assertEqual(places, {"first": 2, "second": 3, "last": 7})
        self.assertEqual(ascension.extra_options(ap, False, places), [4, 5, 6])

    def test_it_does_not_ask_a_lone_winner_to_order_two_who_both_ascend(self):
        ap = {2: 9, 3: 9, 4: 5, 5: 4, 6: 3, 7: 1}
        self.assertEqual(ascension.asked(ap, heaven_tie=False), {})
        self.assertEqual(ascension.asked(ap, heaven_tie=True), {"first": [2, 3]})  # a tie: only one goes

    def test_it_asks_for_second_place_among_the_tied_and_for_last_among_the_tied(self):
        ap = {2: 9, 3: 6, 4: 6, 5: 6, 6: 2, 7: 2}
        self.assertEqual(ascension.asked(ap, False), {"second": [3, 4, 5], "last": [6, 7]})
        self.assertEqual(
            ascension.settle(ap, False, [{"second": 4, "last": 7}], None), {"first": 2, "second": 4, "last": 7}
        )

    def test_it_takes_a_tied_heaven_s_answer_only_when_both_agree_else_the_draw(self):
        ap = {2: 9, 3: 9, 4: 5, 5: 4, 6: 3, 7: 1}
        agree = ascension.settle(ap, True, [{"first": 3}, {"first": 3}], first_of)
        self.assertEqual(agree["first"], 3)
        differ = ascension.settle(ap, True, [{"first": 3}, {"first": 2}], last_of)
        self.assertEqual(differ["first"], 3)  # drawn (last_of picks 3 from [2, 3]), not Heaven's
        differ = ascension.settle(ap, True, [{"first": 3}, {"first": 2}], first_of)
        self.assertEqual(differ["first"], 2)

    def test_it_sends_hell_s_second_up_when_a_tied_heaven_does_not_agree_on_the_extra(self):
        ap = {2: 9, 3: 7, 4: 5, 5: 4, 6: 3, 7: 1}
        places = ascension.settle(ap, True, [{}, {}], first_of)
        self.assertEqual(
            ascension.extra_pick(ap, True, places, [5, 6], first_of), (3, "no agreement: Hell's second ascends")
        )
        self.assertEqual(ascension.extra_pick(ap, True, places, [5, 5], first_of), (5, "picked"))
        self.assertEqual(ascension.extra_pick(ap, True, places, [3, 3], first_of), (3, "picked"))  # second may be named

    def test_it_gives_a_lone_winner_s_missing_or_forbidden_pick_to_the_best_placed(self):
        ap = {2: 9, 3: 7, 4: 5, 5: 5, 6: 3, 7: 1}
        places = ascension.settle(ap, False, [{}], first_of)
        self.assertEqual(ascension.extra_pick(ap, False, places, [7], first_of)[0], 4)  # 7 is the marked loser
        self.assertEqual(ascension.extra_pick(ap, False, places, [], last_of)[0], 5)  # 4 and 5 tie: drawn
        self.assertEqual(ascension.extra_pick(ap, False, places, [6], first_of), (6, "picked"))

    def test_it_settles_an_all_tied_hell_in_order_without_giving_one_player_two_places(self):
        ap = {s: 4 for s in range(2, 8)}
        self.assertEqual(set(ascension.asked(ap, False)), {"first", "second", "last"})
        places = ascension.settle(ap, False, [{"first": 5, "second": 5, "last": 5}], first_of)
        self.assertEqual(places["first"], 5)
        self.assertNotIn(places["second"], (5,))
        self.assertNotIn(places["last"], (5, places["second"]))
