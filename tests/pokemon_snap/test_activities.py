"""Activities A-J one by one and in the combinations the seed warns about, worked by hand.
Stats are listed Coolness, Cuteness, Cleverness, Toughness, Beauty."""

from unittest import TestCase

from .support import do, slot, stats, world

THREES = (3, 3, 3, 3, 3)


class ActivityTestCase(TestCase):
    def test_it_gives_b_only_with_six_cleverness(self):
        w = world((3, 3, 6, 3, 3), (3, 3, 5, 3, 3))
        slot(w, {0: do("B"), 1: do("B")})
        self.assertEqual(stats(w, 0), [3, 3, 6, 3, 7])
        self.assertEqual(stats(w, 1), [3, 3, 5, 3, 3])

    def test_it_gives_c_to_both_and_doubles_only_the_doer(self):
        w = world(THREES, THREES)
        w["doubled"]["0"] = True
        slot(w, {0: do("C", target=1)})
        self.assertEqual(stats(w, 0), [3, 3, 7, 3, 3])  # +4 Cleverness, doubled
        self.assertEqual(stats(w, 1), [3, 5, 3, 3, 3])  # +2 Cuteness, never doubled

    def test_it_reads_d_from_the_nearest_earlier_non_empty_slot_today(self):
        w = world(THREES, THREES, THREES)
        slot(
            w,
            {0: do("D"), 1: do("D"), 2: do("D")},
            earlier={0: [do("V"), None], 1: [do("V"), do("A")], 2: [None, None]},
        )
        self.assertEqual(stats(w, 0), [7, 3, 3, 3, 3])  # a contest, then nothing: +4 Coolness
        self.assertEqual(stats(w, 1), [3, 3, 3, 3, 5])  # an activity since the contest: +2 Beauty
        self.assertEqual(stats(w, 2), [3, 3, 3, 3, 5])  # nothing earlier today: +2 Beauty

    def test_it_gives_e_cuteness_first_then_toughness(self):
        w = world(THREES)
        slot(w, {0: do("E")})
        slot(w, {0: do("E")})
        self.assertEqual(stats(w, 0), [3, 5, 3, 8, 3])

    def test_it_compares_f_toughness_at_the_slot_start_and_takes_losses_before_gains(self):
        # 0 (Cool 0, Tough 5) hits 1 (Tough 2); 1 hits 0 and loses; 2 (Tough 4) hits 0 (Tough 5) and loses.
        w = world((0, 3, 3, 5, 3), (3, 3, 3, 2, 3), (3, 3, 3, 4, 3))
        slot(w, {0: do("F", target=1), 1: do("F", target=0), 2: do("F", target=0)})
        self.assertEqual(stats(w, 0), [3, 3, 3, 5, 3])
        self.assertEqual(stats(w, 1), [2, 3, 3, 2, 3])
        self.assertEqual(stats(w, 2), [3, 3, 3, 4, 3])

    def test_it_lets_a_player_at_zero_cool_hit_by_f_who_wins_its_own_f_end_with_three(self):
        # S12a: 0 (Cool 0, Tough 6) beats 1 (Tough 1) while 2 (Tough 9) hits 0.
        w = world((0, 3, 3, 6, 3), (3, 3, 3, 1, 3), (3, 3, 3, 9, 3))
        slot(w, {0: do("F", target=1), 2: do("F", target=0)})
        self.assertEqual(stats(w, 0)[0], 3)  # 0 - 1 stops at 0, then +3
        self.assertEqual(stats(w, 1)[0], 2)
        self.assertEqual(stats(w, 2)[0], 6)

    def test_it_applies_f_before_other_activities_in_the_slot(self):
        # 1 has Cleverness 6 and does G losing 3 Coolness with exactly 3 Coolness; an F hits it first: G fails.
        w = world((3, 3, 3, 5, 3), (3, 3, 6, 1, 3))
        slot(w, {0: do("F", target=1), 1: do("G", lose="cool", gain="beauty")})
        self.assertEqual(stats(w, 1), [2, 3, 6, 1, 3])

    def test_it_loses_three_and_gains_five_with_g(self):
        w = world(THREES)
        slot(w, {0: do("G", lose="cute", gain="tough")})
        self.assertEqual(stats(w, 0), [3, 0, 3, 8, 3])

    def test_it_doubles_g_to_lose_six_and_gain_ten(self):
        w = world((3, 6, 3, 3, 3))
        slot(w, {0: do("A")})
        slot(w, {0: do("G", lose="cute", gain="tough")})
        self.assertEqual(stats(w, 0), [3, 0, 3, 13, 3])

    def test_it_fails_a_doubled_g_that_would_go_below_zero_and_uses_up_a(self):
        w = world(THREES)
        slot(w, {0: do("A")})
        slot(w, {0: do("G", lose="cute", gain="tough")})  # would lose 6 of 3: fails
        self.assertEqual(stats(w, 0), [3, 3, 3, 3, 3])
        slot(w, {0: do("G", lose="cute", gain="tough")})  # no longer doubled
        self.assertEqual(stats(w, 0), [3, 0, 3, 8, 3])

    def test_it_carries_a_into_the_next_day_past_contests_and_empty_slots(self):
        w = world(THREES, THREES)
        slot(w, {0: do("A")}, day=1)
        slot(w, {0: do("Y"), 1: do("C", target=0)}, day=1)  # a contest and being a target keep it
        slot(w, {}, day=1)
        slot(w, {0: do("B")}, day=2)  # B changes nothing (Cleverness 3) but uses the doubling
        self.assertFalse(w["doubled"]["0"])
        slot(w, {0: do("E")}, day=2)
        self.assertEqual(stats(w, 0), [3, 7, 3, 3, 3])  # +2 from C (not doubled), +2 from E (not doubled)

    def test_it_does_not_stack_a_after_a(self):
        w = world(THREES)
        slot(w, {0: do("A")})
        slot(w, {0: do("A")})
        slot(w, {0: do("E")})
        self.assertEqual(stats(w, 0), [3, 7, 3, 3, 3])  # doubled once: +4

    def test_it_takes_h_back_after_the_next_contest_s_own_change(self):
        w = world((3, 3, 3, 3, 6))
        slot(w, {0: do("H")})
        self.assertEqual(stats(w, 0), [4, 4, 4, 4, 7])
        slot(w, {0: do("Y")})  # photo at 4,4,4,4,7; Y sets Beauty 7 to 3; then H takes 1 each
        self.assertEqual(w["entries"]["Y"][0]["stats"], [4, 4, 4, 4, 7])
        self.assertEqual(stats(w, 0), [3, 3, 3, 3, 2])
        self.assertEqual(w["h_pending"], {})

    def test_it_doubles_h_both_ways_and_waits_for_a_contest_on_a_later_day(self):
        w = world(THREES)
        slot(w, {0: do("A")}, day=1)
        slot(w, {0: do("H")}, day=1)
        slot(w, {0: do("Z")}, day=2)  # Toughness 5 and Beauty 5 halve to 2, then -2 each
        self.assertEqual(stats(w, 0), [3, 3, 3, 0, 0])

    def test_it_gives_one_of_everything_to_the_first_i_ever(self):
        w = world(THREES, THREES)
        slot(w, {0: do("I", attribute="cool", points=2), 1: do("I", attribute="tough", points=3)})
        self.assertEqual(stats(w, 0), [2, 4, 4, 4, 4])
        self.assertEqual(stats(w, 1), [4, 4, 4, 1, 4])

    def test_it_gives_twice_a_lone_donor_s_donation(self):
        w = world(THREES, THREES)
        slot(w, {0: do("I", attribute="cute", points=2)})
        slot(w, {})  # an empty slot in between does not count
        slot(w, {1: do("I", attribute="cool", points=1)})
        self.assertEqual(stats(w, 1), [2, 7, 3, 3, 3])  # -1 Coolness, +4 Cuteness

    def test_it_gives_the_sum_of_several_donors(self):
        w = world(THREES, THREES, THREES)
        slot(w, {0: do("I", attribute="cute", points=2), 1: do("I", attribute="beauty", points=3)})
        slot(w, {2: do("I", attribute="cool", points=1)})
        self.assertEqual(stats(w, 2), [2, 5, 3, 3, 6])

    def test_it_doubles_an_i_donation_and_gain(self):
        w = world(THREES, (3, 3, 3, 3, 6))
        slot(w, {0: do("I", attribute="cute", points=1)})
        w["doubled"]["1"] = True
        slot(w, {1: do("I", attribute="beauty", points=3)})  # donates 6, gains 2 * (2 * 1) Cuteness
        self.assertEqual(stats(w, 1), [3, 7, 3, 3, 0])
        self.assertEqual(w["i_last"], [["beauty", 6]])

    def test_it_fails_an_i_donation_beyond_the_stat_and_records_zero(self):
        w = world((3, 3, 3, 3, 1), THREES)
        slot(w, {0: do("I", attribute="beauty", points=2)})  # fails: no change at all
        self.assertEqual(stats(w, 0), [3, 3, 3, 3, 1])
        slot(w, {1: do("I", attribute="cool", points=1)})  # looks back to the failed I alone: gains 0
        self.assertEqual(stats(w, 1), [2, 3, 3, 3, 3])

    def test_it_splits_j_with_a_remainder_and_grows_the_counter_every_slot(self):
        w = world(THREES, THREES)
        slot(w, {})
        slot(w, {})  # counter 1 -> 2 -> 3
        self.assertEqual(w["j_counter"], 3)
        slot(w, {0: do("J", attribute="cute"), 1: do("J", attribute="tough")})  # 3 // 2 = 1 each, remainder 1
        self.assertEqual(stats(w, 0), [3, 4, 3, 3, 3])
        self.assertEqual(stats(w, 1), [3, 3, 3, 4, 3])
        self.assertEqual(w["j_counter"], 2)  # remainder 1, then +1

    def test_it_doubles_a_lone_j_share(self):
        w = world(THREES, j_counter=4)
        w["doubled"]["0"] = True
        slot(w, {0: do("J", attribute="beauty")})
        self.assertEqual(stats(w, 0), [3, 3, 3, 3, 11])
        self.assertEqual(w["j_counter"], 1)

    def test_it_works_the_rules_page_s_example_slot(self):
        # Furret 0, Poochyena 1, Cresselia 2, Porygon-Z 3, Staraptor 4, Froslass 5; counter 4.
        w = world((0, 3, 3, 5, 3), (3, 3, 3, 2, 3), (3, 3, 6, 3, 3), THREES, THREES, (4, 3, 7, 3, 3), j_counter=4)
        w["doubled"]["2"] = True
        slot(
            w,
            {
                0: do("F", target=1),
                1: do("F", target=0),
                2: do("B"),
                3: do("J", attribute="beauty"),
                4: do("J", attribute="tough"),
                5: do("W"),
            },
            day=2,
        )
        self.assertEqual(stats(w, 0), [3, 3, 3, 5, 3])
        self.assertEqual(stats(w, 1), [2, 3, 3, 2, 3])
        self.assertEqual(stats(w, 2), [3, 3, 6, 3, 11])
        self.assertEqual(stats(w, 3), [3, 3, 3, 3, 5])
        self.assertEqual(stats(w, 4), [3, 3, 3, 5, 3])
        self.assertEqual(w["entries"]["W"], [{"seat": 5, "day": 2, "stats": [4, 3, 7, 3, 3]}])
        self.assertEqual(stats(w, 5), [3, 3, 3, 3, 3])
        self.assertEqual(w["j_counter"], 1)
