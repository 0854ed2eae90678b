"""A whole match of fixed plans and lists, worked out by hand: every Pokemon's stats after every
slot, the photos, the AP, the exhibit points, the ascension and the mark.

Seats 0 (H0) and 1 (H1) photograph; Pokemon are seats 2-7 (P2-P7). H0 has priority on days 1,
3 and 5. Stats are Coolness, Cuteness, Cleverness, Toughness, Beauty."""

import random
from unittest import TestCase

from games import engine_api as api
from games.engine_api import HEAVEN, HELL, MARK_OF_ELIMINATION, Invalid, SeatInfo
from games.pokemon_snap.engine.game import ASCENSION, ENGINE, day_key


def evening(contest):
    return {"evening": contest}


PLANS = {  # day -> seat -> plan (form data); P4-P7 mostly only enter their contest in the evening
    1: {
        2: {"morning": "E", "afternoon": "A", "evening": "V"},
        3: {
            "morning": "I",
            "morning_attribute": "beauty",
            "morning_points": "1",
            "afternoon": "Z",
            "evening": "J",
            "evening_attribute": "cute",
        },
        4: evening("V"),
        5: evening("W"),
        6: evening("X"),
        7: evening("Y"),
    },
    2: {
        2: {"morning": "G", "morning_lose": "cute", "morning_gain": "clever", "afternoon": "W", "evening": "D"},
        3: {"morning": "C", "morning_target": "2", "evening": "Y"},
        4: evening("W"),
        5: evening("X"),
        6: evening("Y"),
        7: evening("Z"),
    },
    3: {
        2: {
            "morning": "F",
            "morning_target": "3",
            "afternoon": "I",
            "afternoon_attribute": "cool",
            "afternoon_points": "2",
            "evening": "X",
        },
        3: {
            "morning": "I",
            "morning_attribute": "tough",
            "morning_points": "1",
            "afternoon": "V",
            "evening": "J",
            "evening_attribute": "beauty",
        },
        4: {"morning": "I", "morning_attribute": "cute", "morning_points": "2", "evening": "X"},
        5: evening("Y"),
        6: evening("Z"),
        7: evening("V"),
    },
    4: {
        2: {"morning": "A", "afternoon": "Y", "evening": "H"},
        3: {"morning": "E", "afternoon": "W", "evening": "D"},
        4: evening("Y"),
        5: evening("Z"),
        6: evening("V"),
        7: evening("W"),
    },
    5: {
        2: {"morning": "Z"},
        3: {"morning": "X", "afternoon": "B"},
        4: evening("Z"),
        5: evening("V"),
        6: evening("W"),
        7: evening("X"),
    },
}
LISTS = {  # day -> photographer -> (exhibit, order)
    1: {0: ("A", [3, 2, 4, 5, 6, 7]), 1: ("C", [3, 6, 5, 2, 4, 7])},
    2: {0: ("B", [2, 3, 4, 5, 6, 7]), 1: ("E", [2, 7, 3, 4, 5, 6])},
    3: {0: ("D", [5, 4, 2, 3, 6, 7]), 1: ("A", [5, 2, 3, 6, 4, 7])},
    4: {0: ("E", [2, 3, 4, 5, 6, 7]), 1: ("B", [2, 3, 7, 4, 5, 6])},
    5: {0: ("C", [3, 2, 4, 5, 6, 7]), 1: ("D", [3, 2, 4, 5, 6, 7])},
}
T = [3, 3, 3, 3, 3]
AFTER_EACH_SLOT = {
    2: [
        [3, 5, 3, 3, 3],
        [3, 5, 3, 3, 3],
        T,  # E; A; V (Cuteness, the highest, falls to 3)
        [3, 5, 3, 3, 3],
        [0, 5, 0, 3, 3],
        [4, 5, 0, 3, 3],  # doubled G fails (6 > 3), C from P3; W; D after W
        [7, 5, 0, 3, 3],
        [5, 7, 0, 4, 3],
        [5, 4, 0, 4, 0],  # F beats P3; I gains P3's and P4's; X
        [5, 4, 0, 4, 0],
        [5, 4, 0, 4, 0],
        [7, 6, 2, 6, 2],  # A; Y; doubled H
        [5, 4, 0, 1, 0],
        [5, 4, 0, 1, 0],
        [5, 4, 0, 1, 0],
    ],  # Z, then H's doubled loss
    3: [
        [4, 4, 4, 4, 3],
        [4, 4, 4, 2, 1],
        [4, 7, 4, 2, 1],  # first I ever; Z; J takes the counter's 3
        [4, 7, 6, 2, 1],
        [4, 7, 6, 2, 1],
        [4, 3, 3, 2, 1],  # C; nothing; Y
        [3, 3, 3, 1, 3],
        [1, 3, 3, 1, 3],
        [1, 3, 3, 1, 9],  # hit by F, I gains twice day 1's lone 1; V; J takes 6
        [1, 5, 3, 1, 9],
        [2, 5, 2, 1, 9],
        [6, 5, 2, 1, 9],  # E first time; W; D after W
        [6, 2, 2, 1, 6],
        [6, 2, 2, 1, 6],
        [6, 2, 2, 1, 6],
    ],  # X; B without 6 Cleverness
    4: [
        T,
        T,
        T,
        T,
        T,
        [0, 3, 0, 3, 3],
        [0, 1, 0, 3, 5],
        [0, 1, 0, 3, 5],
        [0, 0, 0, 3, 2],
        [0, 0, 0, 3, 2],
        [0, 0, 0, 3, 2],
        [0, 0, 0, 3, 2],
        [0, 0, 0, 3, 2],
        [0, 0, 0, 3, 2],
        [0, 0, 0, 1, 1],
    ],
    5: [
        T,
        T,
        [0, 3, 0, 3, 3],
        [0, 3, 0, 3, 3],
        [0, 3, 0, 3, 3],
        [0, 0, 0, 3, 0],
        [0, 0, 0, 3, 0],
        [0, 0, 0, 3, 0],
        [0, 0, 0, 3, 0],
        [0, 0, 0, 3, 0],
        [0, 0, 0, 3, 0],
        [0, 0, 0, 1, 0],
        [0, 0, 0, 1, 0],
        [0, 0, 0, 1, 0],
        [0, 0, 0, 0, 0],
    ],
    6: [
        T,
        T,
        [3, 0, 3, 3, 0],
        [3, 0, 3, 3, 0],
        [3, 0, 3, 3, 0],
        [3, 0, 3, 3, 0],
        [3, 0, 3, 3, 0],
        [3, 0, 3, 3, 0],
        [3, 0, 3, 1, 0],
        [3, 0, 3, 1, 0],
        [3, 0, 3, 1, 0],
        [0, 0, 3, 1, 0],
        [0, 0, 3, 1, 0],
        [0, 0, 3, 1, 0],
        [3, 0, 3, 1, 0],
    ],
    7: [
        T,
        T,
        T,
        T,
        T,
        [3, 3, 3, 1, 1],
        [3, 3, 3, 1, 1],
        [3, 3, 3, 1, 1],
        [1, 3, 3, 1, 1],
        [1, 3, 3, 1, 1],
        [1, 3, 3, 1, 1],
        [2, 3, 2, 1, 1],
        [2, 3, 2, 1, 1],
        [2, 3, 2, 1, 1],
        [2, 0, 2, 1, 0],
    ],
}
PHOTOS = {  # photographer -> exhibit -> (day, Pokemon)
    0: {"A": (1, [3, 2, 4]), "B": (2, [3, 4, 5]), "D": (3, [5, 4]), "E": (4, [4, 5]), "C": (5, [3, 2])},
    1: {"C": (1, [6, 5]), "E": (2, [2, 7]), "A": (3, [2, 3, 6]), "B": (4, [2, 3, 7]), "D": (5, [4, 5])},
}
# V: P2 gap 2 (3 AP), P5 1 (2), P4 P3 P7 P6 0 (1). W: P5 P2 P4 9 (3), P3 P7 3 (2), P6 0 (1).
# X: alone on days 1 (P6) and 2 (P5); day 3 P2 10 beats P4 6; day 5 P3 14 beats P7 4. Y: P3 two 6+.
# Z (Toughness over others' Beauty): P3 4 > 3,0,0,2,2; P7 3 > 0,0,2,2; P6, P5, P4 3 > three; P2 6 > all five.
AP_BY_CONTEST = {
    "V": {2: 3, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1},
    "W": {2: 3, 3: 2, 4: 3, 5: 3, 6: 1, 7: 2},
    "X": {2: 2, 3: 2, 4: 0, 5: 2, 6: 2, 7: 0},
    "Y": {2: 0, 3: 2, 4: 0, 5: 0, 6: 0, 7: 0},
    "Z": {2: 5, 3: 5, 4: 3, 5: 3, 6: 3, 7: 4},
}
AP = {2: 13, 3: 12, 4: 7, 5: 10, 6: 7, 7: 7}
# A: H0 3 evens, H1 6; B: 7 against 16; C: H0's 6, 6 beats H1's 3s; D: 3^9 * 2 against 1 (lower wins); E: 4 against 10.
EXHIBITS = {"A": 1.0, "B": 1.0, "C": 0.0, "D": 1.0, "E": 1.0}  # H1's points in each


def play(first_priority=1):
    seats = [SeatInfo(i, f"P{i}", "photographer" if i < 2 else "pokemon") for i in range(8)]
    settings = ENGINE.validate_settings({"first_priority": first_priority}, 8)
    state = ENGINE.setup(seats, settings, random.Random(0)).state
    for day in range(1, 6):
        subs = {}
        for seat, plan in PLANS[day].items():
            subs[seat] = ENGINE.validate_submission(state, day_key(day), seat, plan)
            assert not isinstance(subs[seat], Invalid), (day, seat, subs[seat])
        for seat, (exhibit, order) in LISTS[day].items():
            data = {"exhibit": exhibit, **{f"rank_{i}": str(p) for i, p in enumerate(order, start=1)}}
            subs[seat] = ENGINE.validate_submission(state, day_key(day), seat, data)
            assert not isinstance(subs[seat], Invalid), (day, seat, subs[seat])
        state = ENGINE.resolve(state, day_key(day), subs, random.Random(day)).state
    return state


class FullMatchTestCase(TestCase):
    def setUp(self):
        self.state = play()

    def test_it_gives_every_stat_after_every_slot(self):
        for seat, expected in AFTER_EACH_SLOT.items():
            self.assertEqual([entry["stats"] for entry in self.state["log"][str(seat)]], expected, f"P{seat}")

    def test_it_takes_the_photos_in_priority_order(self):
        for h, by_exhibit in PHOTOS.items():
            got = {e: (v["day"], [p for p, _ in v["photos"]]) for e, v in self.state["photos"][str(h)].items()}
            self.assertEqual(got, by_exhibit)

    def test_it_counts_appeal_points_and_exhibit_points(self):
        scores = self.state["scores"]
        self.assertEqual(
            {c: {int(s): v for s, v in t.items()} for c, t in scores["ap_by_contest"].items()}, AP_BY_CONTEST
        )
        self.assertEqual({int(s): v for s, v in scores["ap"].items()}, AP)
        self.assertEqual({e: r["1"] for e, r in scores["exhibits"].items()}, EXHIBITS)
        self.assertEqual(scores["points"], {"0": 1.0, "1": 4.0})
        self.assertEqual(scores["heaven_winners"], [1])

    def test_it_asks_the_heaven_winner_to_break_the_tie_for_last_and_pick(self):
        form = ENGINE.form(self.state, ASCENSION, 1)
        self.assertEqual([f.name for f in form.fields], ["last", "extra"])
        self.assertEqual([v for v, _ in form.fields[0].choices], ["4", "6", "7"])
        self.assertEqual(ENGINE.form(self.state, ASCENSION, 0).fields, ())  # the loser of Heaven is not asked
        refused = ENGINE.validate_submission(self.state, ASCENSION, 1, {"last": "6", "extra": "3"})
        self.assertIn("not ascending already", refused.message)  # P3 ascends as Hell's second
        refused = ENGINE.validate_submission(self.state, ASCENSION, 1, {"last": "6", "extra": "6"})
        self.assertIn("marked loser", refused.message)

    def test_it_ascends_the_top_two_and_the_pick_and_marks_the_chosen_last(self):
        answer = ENGINE.validate_submission(self.state, ASCENSION, 1, {"last": "6", "extra": "7"})
        t = ENGINE.resolve(self.state, ASCENSION, {1: answer}, random.Random(9))
        self.assertTrue(t.finished)
        outcome = ENGINE.outcome(t.state)
        self.assertEqual({s for s, status in outcome.statuses.items() if status == HEAVEN}, {1, 2, 3, 7})
        self.assertEqual(outcome.statuses[0], HELL)  # H0 falls, without a mark
        self.assertEqual([(a.seat, a.kind, a.amount) for a in outcome.awards], [(6, MARK_OF_ELIMINATION, 1)])
        # Three groups, places shared as every game counts them: four in Heaven share 1st, the
        # three in Hell the 5th (after four), the marked loser is 8th.
        self.assertEqual({s.seat: s.place for s in outcome.standings}, {0: 5, 1: 1, 2: 1, 3: 1, 4: 5, 5: 5, 6: 8, 7: 1})

    def test_it_falls_back_to_the_best_placed_player_and_the_draw_when_heaven_is_silent(self):
        marked = set()
        for seed in range(30):
            t = ENGINE.resolve(self.state, ASCENSION, {1: {}}, random.Random(seed))
            result = t.state["result"]
            self.assertEqual(result["extra"], 5)  # 10 AP: the best placed of those who may go
            self.assertEqual(sorted(result["heaven"]), [1, 2, 3, 5])
            marked.add(result["marked"])
        self.assertEqual(marked, {4, 6, 7})  # drawn among the tied

    def test_it_lets_only_a_tied_heaven_talk_while_it_decides(self):
        self.assertIsNotNone(ENGINE.talk_problem(self.state, frozenset({0, 1})))  # H1 won alone: no talk
        self.assertIsNotNone(ENGINE.talk_problem(self.state, frozenset({1, 2})))
        tied = {**self.state, "scores": {**self.state["scores"], "heaven_winners": [0, 1]}}
        self.assertIsNone(ENGINE.talk_problem(tied, frozenset({0, 1})))
        self.assertIsNotNone(ENGINE.talk_problem(tied, frozenset({0, 2})))

    def test_it_reveals_every_plan_and_list_in_words_once_day_5_is_over(self):
        everything = ENGINE.view(self.state, api.Viewer.spectator())["all"]
        self.assertEqual(
            everything["plans"]["1"]["Furret (P2)"], "morning Activity E; afternoon Activity A; evening Contest V"
        )
        self.assertEqual(
            everything["plans"]["3"]["Furret (P2)"],
            "morning Activity F (on Poochyena); afternoon Activity I (donate 2 Coolness); evening Contest X",
        )
        self.assertEqual(
            everything["lists"]["1"]["P0"],
            {"exhibit": "A", "order": ["Poochyena", "Furret", "Cresselia", "Porygon-Z", "Staraptor", "Froslass"]},
        )
