"""What a Pokemon is told of a day (S10): each line says exactly what that activity changed, and
what it is told about the others does not depend on their seats, so it cannot tell a giver who
sits before it from one who sits after it. Photographers are seats 0 and 1, Pokemon 2-7."""

import itertools
import json
import random
from unittest import TestCase

from games.engine_api import PRIVATE, Invalid, SeatInfo, Viewer
from games.pokemon_snap.engine.game import ENGINE, day_key

ROLES = ["photographer"] * 2 + ["pokemon"] * 6
OTHERS = [2, 4, 5, 6, 7]  # everyone in Hell but seat 3, whose part is watched
H_LINE = "Activity H: +1 Coolness, +1 Cuteness, +1 Cleverness, +1 Toughness, +1 Beauty."
C_GIFT = "Another Pokemon's Activity C gave you 2 Cuteness."


def start():
    seats = [SeatInfo(i, f"P{i}", role) for i, role in enumerate(ROLES)]
    return ENGINE.setup(seats, ENGINE.validate_settings({"first_priority": 1}, 8), random.Random(1)).state


def ranked(exhibit, order):
    return {"exhibit": exhibit, **{f"rank_{i}": str(p) for i, p in enumerate(order, start=1)}}


def play_day_1(plans, lists=None):
    lists = lists or {0: ranked("A", [7, 6, 5, 4, 3, 2]), 1: ranked("C", [2, 3, 4, 5, 6, 7])}
    subs = {**lists, **{p: plans.get(p, {"evening": "W"}) for p in range(2, 8)}}
    state = start()
    for seat, sent in subs.items():  # every plan and list is legal: none falls back to a default
        assert not isinstance(ENGINE.validate_submission(state, day_key(1), seat, sent), Invalid), (seat, sent)
    return ENGINE.resolve(state, day_key(1), subs, random.Random(2))


def morning(state, seat):
    return state["log"][str(seat)][0]


class WorkedByHandTestCase(TestCase):
    def test_it_tells_a_c_gift_apart_from_the_receiver_s_own_h(self):
        # Morning: seat 2 does C on seat 3, seat 3 does H. Seat 3 gains +1 of each (H) and +2
        # Cuteness (the gift): 3 -> [4, 6, 4, 4, 4]. H's line says +1 Cuteness (what H did), the
        # gift has its own line; the giver is told only its own +2 Cleverness.
        t = play_day_1(
            {2: {"morning": "C", "morning_target": "3", "evening": "V"}, 3: {"morning": "H", "evening": "V"}}
        )
        self.assertEqual(
            morning(t.state, 3), {"day": 1, "slot": "morning", "lines": [H_LINE, C_GIFT], "stats": [4, 6, 4, 4, 4]}
        )
        self.assertEqual(morning(t.state, 2)["lines"], ["Activity C: +2 Cleverness."])
        self.assertEqual(morning(t.state, 2)["stats"], [3, 3, 5, 3, 3])

    def test_it_tells_the_same_when_the_giver_sits_after_the_receiver(self):
        t = play_day_1(
            {4: {"morning": "C", "morning_target": "3", "evening": "V"}, 3: {"morning": "H", "evening": "V"}}
        )
        self.assertEqual(morning(t.state, 3)["lines"], [H_LINE, C_GIFT])

    def test_it_tells_each_of_two_gifts_and_a_g_by_its_own_change(self):
        # Seats 2 and 7 both give seat 3 +2 Cuteness while seat 3 does G (lose 3 Cuteness, gain
        # 5 Beauty): G's line is -3 Cuteness, +5 Beauty; 3 + 4 - 3 = 4 Cuteness, 3 + 5 = 8 Beauty.
        t = play_day_1(
            {
                2: {"morning": "C", "morning_target": "3", "evening": "V"},
                7: {"morning": "C", "morning_target": "3", "evening": "V"},
                3: {"morning": "G", "morning_lose": "cute", "morning_gain": "beauty", "evening": "V"},
            }
        )
        self.assertEqual(morning(t.state, 3)["lines"], ["Activity G: -3 Cuteness, +5 Beauty.", C_GIFT, C_GIFT])
        self.assertEqual(morning(t.state, 3)["stats"], [3, 4, 3, 3, 8])


# A busy day around seat 3: three C gifts (two in the morning, one in the afternoon), an F on
# it in the afternoon that works (seat 7's Toughness 8 > 4) and one that fails (seat 2's 3), a J
# shared by two others, an I after another's I, and H's loss after its contest.
BUSY = {
    2: {"morning": "C", "morning_target": "3", "afternoon": "F", "afternoon_target": "3", "evening": "W"},
    3: {"morning": "H", "afternoon": "G", "afternoon_lose": "cute", "afternoon_gain": "tough", "evening": "V"},
    4: {"morning": "J", "morning_attribute": "cool", "afternoon": "C", "afternoon_target": "3", "evening": "X"},
    5: {
        "morning": "C",
        "morning_target": "3",
        "afternoon": "I",
        "afternoon_attribute": "cute",
        "afternoon_points": "1",
        "evening": "Y",
    },
    6: {
        "morning": "I",
        "morning_attribute": "beauty",
        "morning_points": "2",
        "afternoon": "V",
        "evening": "J",
        "evening_attribute": "beauty",
    },
    7: {
        "morning": "G",
        "morning_lose": "cute",
        "morning_gain": "tough",
        "afternoon": "F",
        "afternoon_target": "3",
        "evening": "Z",
    },
}
LISTS = {0: ranked("A", [3, 2, 4, 5, 6, 7]), 1: ranked("C", [5, 3, 2, 4, 6, 7])}


def moved(plans, lists, to):
    """The same day with each other Pokemon moved to seat to[s] (seat 3 stays), their targets
    and the photographers' lists following them."""
    where = {**to, 3: 3}
    out = {}
    for seat, plan in plans.items():
        out[where[seat]] = {k: str(where[int(v)]) if k.endswith("_target") else v for k, v in plan.items()}
    seen = {
        h: {k: str(where[int(v)]) if k.startswith("rank_") else v for k, v in sent.items()} for h, sent in lists.items()
    }
    return out, seen


def told(t, seat):
    """Every byte seat is told: its private events and its own part of its view."""
    events = [e.text for e in t.events if e.visibility == PRIVATE and e.seat == seat]
    return json.dumps({"events": events, "me": ENGINE.view(t.state, Viewer.for_seat(seat))["me"]}, sort_keys=True)


class SideChannelTestCase(TestCase):
    def test_it_tells_seat_3_the_same_bytes_however_the_others_are_seated(self):
        baseline = told(play_day_1(*moved(BUSY, LISTS, {s: s for s in OTHERS})), 3)
        log = json.loads(baseline)["me"]["log"]
        self.assertEqual(log[0]["lines"], [H_LINE, C_GIFT, C_GIFT])
        self.assertEqual(
            log[1]["lines"],
            [
                "Another Pokemon's Activity F took 1 Coolness from you.",
                "Activity G: -3 Cuteness, +5 Toughness.",
                C_GIFT,
            ],
        )
        for order in itertools.permutations(OTHERS):
            plans, lists = moved(BUSY, LISTS, dict(zip(OTHERS, order)))
            self.assertEqual(told(play_day_1(plans, lists), 3), baseline, order)
