"""The same letter on both loops at once (ruling L10, L13c): each effect on its own copy of the
loops as they were before the letter, then merged."""

from .support import run


def both(line, mine, theirs, answers=None):
    return run({(0, "C"): line, (1, "C"): line}, mine, theirs, answers)


def test_value_changes_to_one_card_add_up_before_clamping():
    # Seat 0's copy: +2 on its own B (9 → 11, counted +2); seat 1's copy: -3 on seat 0's B.
    # Merged: 9 + 2 - 3 = 8 (one after the other would have given 10 - 3 = 7).
    assert both("end: +2 adj; -3 opp adj", ". 9r 2g . . . .", ". 4b 1g . . . .") == (
        ". 8r 2g . . . .",
        ". 3b 1g . . . .",
    )


def test_doubling_counts_its_whole_change():
    # Each doubles its own C and takes 2 from the other's: 6 + 6 - 2 = 10; 3 + 3 - 2 = 4.
    assert both("end: double this; -2 opp this", ". . 6r . . . .", ". . 3b . . . .") == (
        ". . 10r . . . .",
        ". . 4b . . . .",
    )


def test_colour_changes_apply_the_opponents_first_and_the_owners_last():
    assert both("end: paint green opp this; paint yellow this", ". . 6r . . . .", ". . 3b . . . .") == (
        ". . 6y . . . .",
        ". . 3y . . . .",
    )
    assert both("end: paint green opp this", ". . 6r . . . .", ". . 3b . . . .") == (". . 6g . . . .", ". . 3g . . . .")


def test_every_selector_reads_the_loops_as_they_were_before_the_letter():
    assert both("end: copyvalue opp this this", ". . 6r . . . .", ". . 3b . . . .") == (
        ". . 3r . . . .",
        ". . 6b . . . .",
    )


def test_a_total_of_zero_is_colourless():
    assert both("end: -2 this; -1 opp this", ". . 3r . . . .", ". . 5b . . . .") == (". . 0 . . . .", ". . 2b . . . .")


def test_moves_apply_the_opponents_first_and_the_owners_last():
    # Seat 1 turns seat 0's loop clockwise; seat 0 swaps its own slots A and C. Each is a move of
    # slots, applied the opponent's first: "1r . 2g . . . 3y" -> "3y 1r . 2g . . ."; then the
    # owner's swap of slots A and C exchanges what is on them by then (3y and the gap).
    result = run({(0, "C"): "end: swap A C", (1, "C"): "end: rotate cw opp"}, "1r . 2g . . . 3y", ". . 4b . . . .")
    assert result == (". 1r 3y 2g . . .", ". . 4b . . . .")


def test_both_players_are_asked_at_the_same_moment():
    # two cards on each loop: a question each (one card would be taken without asking)
    kind, questions = both("now: +1 pick", "1r . 2g . . . .", ". 5b 3y . . . .")
    assert kind == "ask" and sorted(q["seat"] for q in questions) == [0, 1]
    answers = {q["id"]: q["options"][0][0] for q in questions}
    assert both("now: +1 pick", "1r . 2g . . . .", ". 5b 3y . . . .", answers) == ("2r . 2g . . . .", ". 6b 3y . . . .")


def test_it_asks_neither_player_when_both_copy_a_colour_from_a_zero_card():
    # L13e with L10: both C cards are 0, so neither copycolour has a colour to give; nobody is
    # asked for a `pick` and both loops stay as they were.
    assert both("now: copycolour this pick", "1r . 0 . 5b . .", ". 3y 0 . . . .") == (
        "1r . 0 . 5b . .",
        ". 3y 0 . . . .",
    )


def test_it_asks_only_the_player_whose_copycolour_source_has_a_colour():
    # Seat 0 copies from its 0 card (nothing to ask); seat 1 copies from its blue 6 onto a card it picks.
    kind, questions = both("now: copycolour this pick", "1r . 0 . . . .", ". 3y 6b . . . .")
    assert kind == "ask" and [q["seat"] for q in questions] == [1]
    answers = {questions[0]["id"]: "B"}
    assert both("now: copycolour this pick", "1r . 0 . . . .", ". 3y 6b . . . .", answers) == (
        "1r . 0 . . . .",
        ". 3b 6b . . . .",
    )
