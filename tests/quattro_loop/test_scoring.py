"""Quattros (ruling L4, L13g) and the round's points."""

from games.quattro_loop.engine.scoring import best_quattro, round_points

from .support import table


def best(loop):
    cards, loops = table(loop)
    return best_quattro(loops[0], cards)


def test_zero_cards_are_wild_and_may_repeat():
    # ABCD 0 0 1r 2b is the only window without a repeated red: 3.
    assert best("0 0 1r 2b 5r 5r 5r") == {"start": 0, "slots": [0, 1, 2, 3], "sum": 3}
    # BCDE (0 0 0 5r) and GABC (5r 0 0 0) both make 5: the earlier one counts.
    assert best("0 0 0 0 5r 5r 5r") == {"start": 1, "slots": [1, 2, 3, 4], "sum": 5}


def test_four_zero_cards_score_zero():
    assert best("0 0 0 0 0 0 0") == {"start": 0, "slots": [0, 1, 2, 3], "sum": 0}


def test_duplicate_numbers_or_colours_break_a_window():
    assert best("1r 1b 1g 1y 1r 1b 1g") is None  # a number repeats in every window
    assert best("1r 2r 3r 4r 5r 6r 7r") is None  # a colour repeats in every window
    # ABCD has two reds; BCDE (2r 3b 4g 1y) is the best
    assert best("1r 2r 3b 4g 1y 1y 1y") == {"start": 1, "slots": [1, 2, 3, 4], "sum": 10}


def test_the_window_wraps_from_g_to_a():
    # FGAB (1r 2y 3b 4g) and GABC (2y 3b 4g 1r) both wrap and make 10; FGAB starts earlier
    assert best("3b 4g 1r 1r 1r 1r 2y") == {"start": 5, "slots": [5, 6, 0, 1], "sum": 10}


def test_equal_best_sums_show_the_earliest_window():
    assert best("1r 2b 3g 4y 1r 2b 3g")["start"] == 0


def test_points():
    q = {"sum": 10}
    assert round_points([q, {"sum": 9}]) == [1.0, 0.0]
    assert round_points([{"sum": 9}, q]) == [0.0, 1.0]
    assert round_points([q, {"sum": 10}]) == [0.5, 0.5]
    assert round_points([None, q]) == [0.0, 1.0]
    assert round_points([q, None]) == [1.0, 0.0]
    assert round_points([None, None]) == [1.0, 1.0]
