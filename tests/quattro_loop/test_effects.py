"""Every selector and operation of rulings L7, L8 and L13, alone and together, on loops worked by
hand. The effect sits on slot C (the third token) unless said otherwise."""

from .support import mine


# --- selectors ---------------------------------------------------------------------------------


def test_this_and_a_lettered_slot():
    assert mine("end: +1 this", "1r 1b 3g . . . .") == "1r 1b 4g . . . ."
    assert mine("end: +2 A", "1r 1b 3g . . . .") == "3r 1b 3g . . . ."
    assert mine("end: +2 E", "1r 1b 3g . . . .") == "1r 1b 3g . . . ."  # nothing on E: nothing happens
    assert mine("end: +1 this", "1r 1b . . 5y . .") == "1r 1b . . 5y . ."  # this slot is empty


def test_clockwise_and_anticlockwise_skip_gaps_and_wrap():
    assert mine("end: +1 cw", "1r . 2g . . 4b .") == "1r . 2g . . 5b ."
    assert mine("end: +1 ccw", "1r . 2g . . 4b .") == "2r . 2g . . 4b ."
    assert mine("end: +1 cw", ". . 2g . . . 1r", slot="G") == ". . 3g . . . 1r"  # G wraps round to A
    assert mine("end: +1 cw", ". . 2g . . . .") == ". . 3g . . . ."  # alone: this card itself
    assert mine("end: +1 cw", ". . . . 2g . .", slot="B") == ". . . . 3g . ."  # from an empty slot


def test_adjacent_skips_gaps_and_never_counts_a_card_twice():
    assert mine("end: +1 adj", "1r . 2g . 5b . .") == "2r . 2g . 6b . ."
    assert mine("end: +1 adj", ". . 2g . 5b . .") == ". . 2g . 6b . ."  # one other card: once
    assert mine("end: +1 adj", ". . 2g . . . .") == ". . 2g . . . ."  # alone: nothing
    assert mine("end: +1 adj", "1r . . 4b . . .") == "2r . . 5b . . ."  # from an empty C
    assert mine("end: +1 adj", "1r . . . . . .") == "2r . . . . . ."  # empty C, one card: once


def test_max_min_and_ties_in_letter_order():
    assert mine("end: -1 max", "7r 2b 7g 1y . . .") == "6r 2b 7g 1y . . ."
    assert mine("end: +1 min", "3r 1b 3g 1y . . .") == "3r 2b 3g 1y . . ."


def test_nonzero_min_skips_zeros_and_finds_nothing_among_zeros_only():
    assert mine("end: +1 nzmin", "0 2b 1g 3y . . .") == "0 2b 2g 3y . . ."
    assert mine("end: set 5 nzmin", "0 . 0 . . . .") == "0 . 0 . . . ."


def test_all_and_a_colour():
    assert mine("end: +1 all", "1r . 2g 0 . . .", answers={"0.0": "red"}) == "2r . 3g 1r . . ."
    assert mine("end: +3 red", "1r 1b 2r 0 . . .") == "4r 1b 5r 0 . . ."  # 0 is no colour
    assert mine("end: +3 yellow", "1r 1b 2r 0 . . .") == "1r 1b 2r 0 . . ."


def test_opp_measures_from_the_same_letter_on_the_opponents_loop():
    assert mine("now: -2 opp this", "1r . 2g . . . .", theirs="5r . 4b 3g . . .") == (
        "1r . 2g . . . .",
        "5r . 2b 3g . . .",
    )
    assert mine("now: -1 opp adj", "1r . 2g . . . .", theirs="5r . 4b 3g . . .") == (
        "1r . 2g . . . .",
        "4r . 4b 2g . . .",
    )
    assert mine("now: -2 opp max", "9r . 2g . . . .", theirs="5r . 6b 6g . . .") == (
        "9r . 2g . . . .",
        "5r . 4b 6g . . .",
    )


def test_pick_asks_the_owner_among_their_cards_only():
    kind, (question,) = mine("now: +1 pick", "1r . 2g . . . 4y", theirs="5r . . . . . .")
    assert kind == "ask" and question["seat"] == 0 and [o[0] for o in question["options"]] == ["A", "C", "G"]
    assert mine("now: +1 pick", "1r . 2g . . . 4y", answers={"0.0": "G"}) == "1r . 2g . . . 5y"
    assert mine("now: +1 opp pick", "1r . 2g . . . .", theirs="5r . . . . . .", answers={"0.0": "A"}) == (
        "1r . 2g . . . .",
        "6r . . . . . .",
    )


def test_any_reaches_both_loops_and_asks_nothing_when_there_is_nothing():
    kind, (question,) = mine("now: +2 any", "1r . . . . . .", slot="A", theirs="5r . 4b . . . .")
    assert [o[0] for o in question["options"]] == ["0A", "1A", "1C"]
    assert mine("now: +2 any", "1r . . . . . .", slot="A", theirs="5r . 4b . . . .", answers={"0.0": "1C"}) == (
        "1r . . . . . .",
        "5r . 6b . . . .",
    )


# --- operations --------------------------------------------------------------------------------


def test_values_clamp_to_0_and_10():
    assert mine("end: +5 this", "1r . 8g . . . .") == "1r . 10g . . . ."
    assert mine("end: -5 this", "1r . 3g . . . .") == "1r . 0 . . . ."  # and loses its colour
    assert mine("end: double this", "1r . 7g . . . .") == "1r . 10g . . . ."
    assert mine("end: halve this", "1r . 7g . . . .") == "1r . 3g . . . ."
    assert mine("end: invert this", "1r . 7g . . . .") == "1r . 3g . . . ."
    assert mine("end: set 4 this", "1r . 7g . . . .") == "1r . 4g . . . ."


def test_zero_cards_double_and_halve_to_zero_and_invert_to_ten_with_a_colour_prompt():
    assert mine("end: double this", "1r . 0 . . . .") == "1r . 0 . . . ."
    assert mine("end: halve this", "1r . 0 . . . .") == "1r . 0 . . . ."
    kind, (question,) = mine("end: invert this", "1r . 0 . . . .")
    assert question["kind"] == "colour" and question["seat"] == 0
    assert mine("end: invert this", "1r . 0 . . . .", answers={"0.0": "blue"}) == "1r . 10b . . . ."


def test_a_raised_zero_of_the_opponent_asks_the_opponent_for_its_colour():
    kind, (question,) = mine("now: +1 opp this", "1r . 2g . . . .", theirs=". . 0 . . . .")
    assert question["seat"] == 1 and question["kind"] == "colour"


def test_paint_leaves_zero_cards_alone_and_asks_only_when_something_can_change():
    assert mine("end: paint red all", "1b . 2g 0 . . .") == "1r . 2r 0 . . ."
    assert mine("end: paint pick this", "1b . 0 . . . .") == "1b . 0 . . . ."  # nothing to ask
    assert mine("end: paint pick adj", "1b . 2g 3y . . .", answers={"0.0": "green"}) == "1g . 2g 3g . . ."


def test_copy_value_and_colour():
    assert mine("end: copyvalue max this", "9r . 2g . . . .") == "9r . 9g . . . ."
    assert mine("end: copyvalue E this", "9r . 2g . . . .") == "9r . 2g . . . ."  # E is empty: nothing
    assert mine("end: copyvalue A this", "0 . 2g . . . .") == "0 . 0 . . . ."  # takes 0, loses colour
    assert mine("end: copycolour A this", "0 . 2g . . . .") == "0 . 2g . . . ."  # 0 has no colour to give
    assert mine("end: copycolour A adj", "5r 3b 2g 4y . . .") == "5r 3r 2g 4r . . ."


def test_swap_exchanges_two_cards_of_one_loop():
    assert mine("now: swap this cw", "1r . 2g . 5b . .") == "1r . 5b . 2g . ."
    assert mine("now: swap this E", "1r . 2g . . . .") == "1r . 2g . . . ."  # E empty: nothing
    assert mine("now: swap this this", "1r . 2g . . . .") == "1r . 2g . . . ."
    assert mine("now: swap opp this opp A", "1r . . . . . .", theirs="4b . 5g . . . .") == (
        "1r . . . . . .",
        "5g . 4b . . . .",
    )


def test_rotate_moves_every_slot_gaps_included():
    assert mine("now: rotate cw", "1r . 2g . . . 3y") == "3y 1r . 2g . . ."
    assert mine("now: rotate ccw", "1r . 2g . . . 3y") == ". 2g . . . 3y 1r"
    assert mine("now: rotate cw opp", "1r . . . . . .", theirs="4b . . . . . .") == ("1r . . . . . .", ". 4b . . . . .")


def test_conditions_hold_or_do_nothing():
    assert mine("end: if this is red: double this", "1b . 3r . . . .") == "1b . 6r . . . ."
    assert mine("end: if this is red: double this", "1b . 3g . . . .") == "1b . 3g . . . ."
    assert mine("end: if this is even: +1 adj", "1b 2r 0 3y . . .") == "1b 3r 0 4y . . ."  # 0 is even
    assert mine("end: if this is odd: +1 this", "1b . 0 . . . .") == "1b . 0 . . . ."
    assert mine("end: if this >= 6: -3 this", "1b . 6g . . . .") == "1b . 3g . . . ."
    assert mine("end: if this <= 3: double this", "1b . 4g . . . .") == "1b . 4g . . . ."
    assert mine("end: if this is red: +1 all", "1r . . . . . .") == "1r . . . . . ."  # no card on C


def test_two_parts_run_in_turn_and_the_second_sees_the_first():
    assert mine("end: set 0 nzmin; +1 all", "1r 3b 2g . . . .", answers={"0.0": "yellow"}) == "1y 4b 3g . . . ."
    # after the swap, "this" is the card that moved onto C
    assert mine("now: swap this cw; +2 this", "1r . 2g 5b . . .") == "1r . 7b 2g . . ."
    # a raised 0 asks for its colour right after its part; the next part may repaint it
    assert mine("end: +1 this; paint red this", "1r . 0 . . . .", answers={"0.0": "blue"}) == "1r . 1r . . . ."


def test_each_card_of_a_part_changes_from_its_own_value():
    assert mine("end: copyvalue cw adj", "1r . 2g 5b . . .") == "5r . 2g 5b . . ."


def test_it_asks_nothing_when_copycolour_copies_from_a_zero_card():
    # L13e: a 0 card has no colour to give, so the part does nothing, and a `pick` or `any` target
    # is never asked for. C holds the 0; the loops come back as they went in, not as ("ask", ...).
    assert mine("now: copycolour this pick", "1r . 0 . 5b . .") == "1r . 0 . 5b . ."
    # the source is seat 1's next card clockwise from C: its D, a 0 card
    assert mine("end: copycolour opp cw any", "1r . 2g . . . .", theirs="4b . . 0 . . .") == "1r . 2g . . . ."
    # a second part still runs (and asks when it must): only the copycolour is skipped
    kind, (question,) = mine("now: copycolour this pick; paint pick A", "1r . 0 . . . .")
    assert kind == "ask" and question["kind"] == "colour"
