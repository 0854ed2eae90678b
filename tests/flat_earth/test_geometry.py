"""Movement, distances, shifts, winners and losers of The Flat Earth Theory (F6, F8, F9, F11),
worked by hand. Positions are in hundredths: (150, -25) is (1.50, -0.25)."""

from fractions import Fraction

from games.flat_earth.engine import geometry
from games.flat_earth.engine.geometry import distance_key, distance_shown, move, shift_problem

START = {"A": 0, "B": 90, "C": 180, "D": 270}


def test_the_average_of_one_to_four_options():
    assert move((0, 0), [(2, 3)]) == (200, 300)
    assert move((0, 0), [(2, 3), (4, -1)]) == (300, 100)  # (3, 1)
    assert move((0, 0), [(1, 0), (0, 1), (1, 1)]) == (67, 67)  # (2/3, 2/3) rounded
    assert move((100, 100), [(1, 0), (0, 1), (-1, 0), (0, -2)]) == (100, 75)  # (0, -1/4)
    assert move((0, 0), []) == (0, 0)


def test_identical_options_move_one_more_unit_each():
    assert move((0, 0), [(3, 4)] * 2) == (360, 480)  # (3, 4) + 1 unit along it: * 6/5
    assert move((0, 0), [(0, 2)] * 3) == (0, 400)  # (0, 2) + 2 units
    # (1, 2) twice: + 1/sqrt(5) of it: (1.4472..., 2.8944...)
    assert move((0, 0), [(1, 2)] * 2) == (145, 289)
    assert move((0, 0), [(0, 0)] * 3) == (0, 0)  # a zero vector has no direction: no bonus


def test_rounding_half_away_from_zero_after_the_move():
    assert move((-100, 0), [(1, 0)] + [(0, 0)] * 7) == (-88, 0)  # -1 + 1/8 = -0.875 -> -0.88 (F11b)
    assert move((100, 0), [(-1, 0)] + [(0, 0)] * 7) == (88, 0)  # 0.875 -> 0.88
    assert move((0, 0), [(1, 0)] + [(0, 0)] * 7) == (13, 0)  # 0.125 -> 0.13
    assert move((0, 0), [(-1, 0)] + [(0, 0)] * 7) == (-13, 0)  # -0.125 -> -0.13


def test_signed_distances():
    assert distance_key((300, -200), 0) == 3 and distance_key((300, -200), 90) == -2
    assert distance_key((300, -200), 180) == -3 and distance_key((300, -200), 270) == 2
    assert distance_shown((100, 100), 45) == "1.41" and distance_shown((100, 200), 30) == "1.87"
    assert distance_shown((-100, 0), 0) == "-1.00"


def test_distances_at_45_degrees_compare_exactly():
    # (1.00, 0.50) and (0.50, 1.00) are equally far along 45 degrees, and (0.75, 0.75) too
    keys = {distance_key(p, 45) for p in ((100, 50), (50, 100), (75, 75))}
    assert keys == {Fraction(3, 2)}
    assert distance_key((100, 51), 45) > distance_key((100, 50), 45)


def test_distances_at_other_angles_tie_only_on_one_point():
    assert distance_key((100, 200), 30) == distance_key((100, 200), 30)
    assert distance_key((100, 200), 30) != distance_key((200, 100), 30)
    # close but not equal: 0.01 apart along x at 30 degrees
    assert distance_key((101, 200), 30) > distance_key((100, 200), 30)


def test_a_shift_may_not_cross_or_land_on_another_vector():
    assert shift_problem(START, "A", "ccw", 30) is None
    assert shift_problem({**START, "B": 20}, "A", "ccw", 20) == "Turning A 20° anticlockwise would land on B."
    assert shift_problem({**START, "B": 20}, "A", "ccw", 25) == "Turning A 25° anticlockwise would cross B."
    assert shift_problem({**START, "D": 345}, "A", "cw", 15) == "Turning A 15° clockwise would land on D."
    assert shift_problem({**START, "B": 1}, "A", "ccw", 0) is None  # 0 degrees is always fine
    assert geometry.shifted(0, "cw", 10) == 350 and geometry.shifted(350, "ccw", 20) == 10


def keys_of(distances):
    """{vector: {seat: distance}} from per-seat tuples of distances along A, B, C, D."""
    return {v: {s: Fraction(d[i]) for s, d in distances.items()} for i, v in enumerate("ABCD")}


def test_winners_take_the_greatest_unique_distance_and_leave():
    keys = keys_of({0: (5, 1, 0, 0), 1: (5, 2, 0, 0), 2: (4, 9, 0, 0), 3: (1, 9, 7, 0), 4: (0, 0, 0, 3)})
    # A: 5 is shared by 0 and 1, so the next distinct value, 4, held by 2 alone, wins
    # B: 2 is gone; 9 is now 3's alone
    # C: 0, 1 and 4 are left; 0 is shared by all three at the top... every value shared: a draw
    won = geometry.winners(keys, lambda seats: seats[-1])
    assert won["A"] == 2 and won["B"] == 3 and won["C"] == 4 and won["D"] in (0, 1)


def test_no_unique_distance_is_a_draw_among_those_at_the_top():
    keys = keys_of({0: (3, 0, 0, 0), 1: (3, 0, 0, 0), 2: (1, 0, 0, 0), 3: (1, 0, 0, 0)})
    assert geometry.winners(keys, lambda seats: seats[0])["A"] == 0


def test_losers_are_the_smallest_non_negative_distance_among_non_winners():
    keys = keys_of(
        {
            0: (5, -1, 2, 0),
            1: (0, 3, 2, 1),
            2: (-2, 0, -1, 1),
            3: (1, 0, 4, -3),
            4: (2, 2, 0, 2),
            5: (0, 5, 3, -1),
            6: (0, 9, 9, 9),
        }
    )
    won = {"A": 0, "B": 1, "C": 3, "D": 4}  # non-winners: 2, 5, 6
    lost = geometry.losers(keys, won)
    # A: 2 is at -2 (never a loser); 5 and 6 share 0. B: 2 at 0. C: 2 is at -1; 5 at 3. D: 2 at 1; 5 at -1.
    assert lost == {"A": [5, 6], "B": [2], "C": [5], "D": [2]}
