"""Plans and lists: every illegal one refused with its reason, the missed-day defaults (S2, S12g).
Seats 0 and 1 are the photographers, 2-7 the Pokemon."""

import random
from unittest import TestCase

from games.engine_api import Invalid, SeatInfo, Viewer
from games.pokemon_snap.engine.game import ENGINE, day_key
from tests.support.engine_driver import close_phase

ROLES = ["photographer"] * 2 + ["pokemon"] * 6
PLAN = {"morning": "A", "afternoon": "C", "afternoon_target": "3", "evening": "V"}
LIST = {"exhibit": "C", **{f"rank_{i}": str(p) for i, p in enumerate([7, 6, 5, 4, 3, 2], start=1)}}


def start():
    seats = [SeatInfo(i, f"P{i}", role) for i, role in enumerate(ROLES)]
    return ENGINE.setup(seats, ENGINE.validate_settings({"first_priority": 1}, 8), random.Random(1)).state


class PlanTestCase(TestCase):
    def setUp(self):
        self.state = start()

    def check(self, seat, data):
        return ENGINE.validate_submission(self.state, day_key(self.state["day"]), seat, data)

    def refused(self, seat, data, reason):
        result = self.check(seat, data)
        self.assertIsInstance(result, Invalid, data)
        self.assertIn(reason, result.message)

    def next_day(self, plans):
        subs = {s: LIST if s < 2 else plans.get(s, {"evening": "V"}) for s in range(8)}
        subs[1] = {**LIST, "exhibit": "D"}
        self.state = ENGINE.resolve(self.state, day_key(self.state["day"]), subs, random.Random(2)).state

    def test_it_keeps_a_legal_plan_as_form_data(self):
        self.assertEqual(self.check(2, {**PLAN, "morning_target": "4", "evening_lose": "cool"}), PLAN)

    def test_it_refuses_a_day_without_a_contest_or_with_two(self):
        self.refused(2, {"morning": "A"}, "exactly one contest")
        self.refused(2, {"morning": "V", "evening": "W"}, "exactly one contest")

    def test_it_refuses_an_activity_twice_in_a_day(self):
        self.refused(2, {"morning": "B", "afternoon": "B", "evening": "V"}, "Activity B twice")

    def test_it_refuses_yesterday_s_activity_and_a_contest_done(self):
        self.next_day({2: {"morning": "E", "evening": "Y"}})
        self.refused(2, {"morning": "E", "evening": "V"}, "You did Activity E yesterday")
        self.refused(2, {"morning": "B", "evening": "Y"}, "You did Contest Y on day 1")
        self.assertNotIsInstance(self.check(2, {"morning": "B", "evening": "V"}), Invalid)
        form = ENGINE.form(self.state, day_key(2), 2)
        self.assertNotIn("E", [value for value, _ in form.fields[0].choices])  # not even offered
        self.assertIn("ruled out: E", form.intro)

    def test_it_refuses_missing_or_wrong_choices(self):
        self.refused(2, {"morning": "C", "evening": "V"}, "Morning: Activity C needs another Pokemon")
        self.refused(2, {"morning": "F", "morning_target": "2", "evening": "V"}, "needs another Pokemon")  # itself
        self.refused(
            2, {"morning": "F", "morning_target": "0", "evening": "V"}, "needs another Pokemon"
        )  # a photographer
        self.refused(
            2, {"morning": "G", "morning_lose": "cool", "morning_gain": "cool", "evening": "V"}, "different one"
        )
        self.refused(2, {"morning": "G", "morning_lose": "cool", "evening": "V"}, "a stat to gain")
        self.refused(2, {"morning": "I", "morning_attribute": "cool", "morning_points": 4, "evening": "V"}, "1 to 3")
        self.refused(2, {"morning": "J", "morning_attribute": "luck", "evening": "V"}, "needs a stat")
        self.refused(2, {"morning": "K", "evening": "V"}, "an activity A-J")
        self.refused(2, {"morning": ["A"], "evening": "V"}, "an activity A-J")
        self.refused(2, {"evening": "V", "nonsense": "1"}, "no such field")

    def test_it_refuses_a_slot_of_several_letters_even_when_each_letter_is_allowed(self):
        # "XYZ" and "VW" are runs of the contest letters, "AB", "IJ", "JV" of activity letters: each
        # is a substring of the letters but none is one letter, so none is an activity or a contest.
        for forged in ("XYZ", "VW", "AB", "IJ", "JV", "ABCDEFGHIJVWXYZ"):
            self.refused(2, {"evening": forged}, "an activity A-J")
            self.refused(2, {"morning": forged, "evening": "V"}, "an activity A-J")

    def test_it_closes_the_day_when_a_forged_plan_reaches_resolve(self):
        # A forged plan that reaches resolve is read as missed (S2): the evening takes a contest,
        # the morning nothing. Had "AB" been kept, it would have spent A's doubling, and "XYZ"
        # would have raised KeyError.
        self.next_day({2: {"morning": "AB", "evening": "XYZ"}, 3: {"morning": "A", "evening": "V"}})
        self.assertEqual(self.state["day"], 2)
        self.assertEqual(self.state["activities"]["2"]["1"], [])  # no activity done by seat 2
        self.assertEqual(len(self.state["contests_done"]["2"]), 1)  # the missed plan's contest
        self.assertFalse(self.state["world"]["doubled"].get("2", False))

    def test_it_refuses_a_plan_on_a_closed_day(self):
        self.assertIsInstance(ENGINE.validate_submission(self.state, day_key(2), 2, PLAN), Invalid)

    def test_it_defaults_a_missed_plan_to_an_evening_contest_not_yet_done(self):
        self.next_day({2: {"evening": "V"}})
        for seed in range(20):
            missed = ENGINE.default_submission(self.state, day_key(2), 2, None, random.Random(seed))
            self.assertEqual(set(missed), {"evening"})
            self.assertIn(missed["evening"], "WXYZ")

    def test_it_refuses_a_list_that_is_not_the_six_once_or_an_exhibit_used(self):
        self.assertEqual(self.check(0, LIST), LIST)
        self.assertIsInstance(self.check(0, {**LIST, "rank_6": "7"}), Invalid)
        self.assertIsInstance(self.check(0, {**LIST, "rank_6": "0"}), Invalid)
        self.assertIsInstance(self.check(0, {**LIST, "exhibit": "F"}), Invalid)
        self.next_day({})
        self.assertIn("not used yet", self.check(0, LIST).message)

    def test_it_defaults_a_missed_list_to_an_unused_exhibit_and_a_full_order(self):
        self.next_day({})
        missed = ENGINE.default_submission(self.state, day_key(2), 0, None, random.Random(5))
        self.assertNotEqual(missed["exhibit"], "C")
        self.assertEqual(sorted(int(missed[f"rank_{i}"]) for i in range(1, 7)), [2, 3, 4, 5, 6, 7])

    def test_it_says_a_missed_plan_and_list_as_the_seeds_to_everyone_and_what_was_drawn_to_its_player(self):
        # P1 (a photographer) and P2 (a Pokemon) send nothing; the others send theirs
        sent = {s: {"evening": "V"} for s in range(3, 8)}
        sent[0] = LIST
        t = close_phase(ENGINE, self.state, day_key(1), range(8), sent, random.Random(3))
        said = [(e.visibility, e.seat, e.text) for e in t.events if e.kind == "snap.missed"]
        drawn_list = t.state["lists"]["1"]["1"]
        ranked = [drawn_list[f"rank_{i}"] for i in range(1, 7)]
        order = ", ".join(f"{t.state['pokemon_names'][p]} (P{p})" for p in ranked)
        contest = t.state["plans"]["1"]["2"]["evening"]
        self.assertEqual(
            said,
            [
                ("public", None, "Day 1: time ran out for P1: the seed made the list."),
                (
                    "private",
                    1,
                    (
                        f"Time ran out: the seed made your list for day 1: Exhibit {drawn_list['exhibit']}, "
                        f"in the order {order}."
                    ),
                ),
                ("public", None, "Day 1: time ran out for P2: the seed made the plan."),
                (
                    "private",
                    2,
                    (
                        f"Time ran out: the seed made your plan for day 1: nothing in the morning and "
                        f"afternoon, contest {contest} in the evening."
                    ),
                ),
            ],
        )  # the public lines name nothing the seed drew: a list and a plan stay secret as sent ones do
        # the host's "Every plan and list" marks the two the seed made, and no other
        seen = ENGINE.view(t.state, Viewer.host())["all"]
        marked = [who for who, words in seen["plans"]["1"].items() if words.endswith("(time ran out: the seed's)")]
        marked += [
            who for who, sent in seen["lists"]["1"].items() if sent["exhibit"].endswith("(time ran out: the seed's)")
        ]
        self.assertEqual(marked, [ENGINE.pokemon_label(t.state, 2), "P1"])
