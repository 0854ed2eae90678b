"""Ruling L14 on the notation, form by form: (a) case and words run together, said back in the
canonical form; (b) at most 120 characters and 24 words and signs; (c) `rotate cw [opp]` and
`rotate ccw [opp]` only, the wrong order refused with the accepted one named."""

import random

import pytest

from games.quattro_loop.engine import ENGINE, boards
from games.quattro_loop.engine.notation import MAX_LINE, ParseError, parse, to_text


def said_back(line):
    effect = parse(line)
    assert isinstance(effect, dict), effect
    return to_text(effect)


# --- (a) case and spacing -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("END: swap nzmin c", "end: swap nzmin C"),  # the ruling's own example
        ("Now: ROTATE CW OPP", "now: rotate cw opp"),
        ("end: If This Is RED: Double g", "end: if this is red: double G"),
        ("END: SET 0 NZMIN; +1 ALL", "end: set 0 nzmin; +1 all"),
    ],
)
def test_it_reads_keywords_and_slots_in_any_case(typed, canonical):
    assert said_back(typed) == canonical


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("end:+3pick", "end: +3 pick"),  # the ruling's own example
        ("end:doublethis", "end: double this"),
        ("END:SET0NZMIN;+1ALL", "end: set 0 nzmin; +1 all"),
        ("end:ifthisisred:doublethis", "end: if this is red: double this"),
        ("now:swapthiscw", "now: swap this cw"),
        ("end:copycolourpickthis", "end: copycolour pick this"),
        ("end: if this>=6: -3this", "end: if this >= 6: -3 this"),
        # "rotateccw" could be "rotate ccw" or "rotate C cw"; only the first is a line, so it is read
        ("now:rotateccw", "now: rotate ccw"),
        # "swapccw" could be "swap ccw" (one card: not a line) or "swap C cw" (two cards): the second
        ("now:swapccw", "now: swap C cw"),
    ],
)
def test_it_reads_words_run_together_where_only_one_reading_is_a_line(typed, canonical):
    assert said_back(typed) == canonical


def test_it_names_a_run_of_letters_that_is_no_word_as_it_was_typed():
    error = parse("now: add this")  # "add" could be split into slots A, D, D; no reading is a line
    assert isinstance(error, ParseError) and error.column == 6 and "“add”" in error.message


def test_it_refuses_a_run_of_letters_with_too_many_readings_to_try():
    error = parse("now: +1 " + "ccw" * 30)  # each "ccw" is "ccw" or "C cw": 2^30 readings
    assert isinstance(error, ParseError) and error.column == 9 and "put spaces" in error.message


def test_it_says_a_host_written_board_back_in_canonical_form():
    board = ["END: swap nzmin c", "end:+3pick", "Now: Rotate CCW Opp"] + ["end: +1 this"] * 4
    settings = ENGINE.validate_settings({"boards": boards.CUSTOM, "board_lines": [board]}, 2)
    assert boards.board_for(settings, 1, random.Random(1), set())[:3] == (
        "end: swap nzmin C",
        "end: +3 pick",
        "now: rotate ccw opp",
    )
    report = " ".join(ENGINE.settings_report(settings))
    assert "[end: swap nzmin C]" in report and "[end: +3 pick]" in report


# --- (b) length ---------------------------------------------------------------------------------


def test_it_takes_a_line_of_120_characters_and_refuses_121_saying_why():
    line = "end:" + " " * (MAX_LINE - len("end:+1 adj")) + "+1 adj"
    assert len(line) == 120 and said_back(line) == "end: +1 adj"
    error = parse(line + " ")
    assert isinstance(error, ParseError) and error.message == "too long: at most 120 characters"
    assert error.column == 121


def test_it_counts_words_and_signs_and_refuses_the_25th_saying_why():
    # "end", ":", "+1", "adj" are four; each ";" is one more. 20 of them make 24: not too long,
    # but a ";" where a part should be. 21 make 25: too long, at the 25th (the column of the last ";").
    error = parse("end: +1 adj" + " ;" * 20)
    assert isinstance(error, ParseError) and "too long" not in error.message
    line = "end: +1 adj" + " ;" * 21
    error = parse(line)
    assert isinstance(error, ParseError) and error.message == "too long: an effect has at most 24 words and signs"
    assert error.column == len(line)


def test_it_counts_a_greater_or_equal_sign_as_one():
    # end : if this >= 5 : +1 this = 9 tokens, then 15 ";" make 24 (not too long); 16 make 25
    assert "too long" not in parse("end: if this >= 5: +1 this" + ";" * 15).message
    assert "too long" in parse("end: if this >= 5: +1 this" + ";" * 16).message


# --- (c) rotate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["now: rotate cw", "now: rotate ccw", "now: rotate cw opp", "end: rotate ccw opp"])
def test_it_accepts_rotate_with_the_direction_first(line):
    assert said_back(line) == line


@pytest.mark.parametrize("line", ["now: rotate opp cw", "end: rotate opp ccw"])
def test_it_refuses_rotate_opp_first_naming_the_accepted_order(line):
    error = parse(line)
    assert isinstance(error, ParseError) and error.column == 13
    assert "rotate cw opp" in error.message and "rotate ccw opp" in error.message
