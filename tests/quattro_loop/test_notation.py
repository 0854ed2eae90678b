"""The effect notation (rulings L6-L8, L13d): every form the rulings use is read, said back the
same, and put in words; every malformed line is refused with the column of its first mistake."""

import random

import pytest

from games.quattro_loop.engine import boards
from games.quattro_loop.engine.notation import MAX_LINE, ParseError, parse, to_text, words

RULINGS_EXAMPLES = [  # L6's example board, A to G, and the other forms L6-L8 and L13 name
    "end: +1 adj",
    "now: swap this cw",
    "end: if this is red: double this",
    "now: -2 opp max",
    "end: paint pick this",
    "now: +2 any",
    "end: set 0 nzmin; +1 all",
    "end: copyvalue max this",
    "now: rotate cw",
    "now: rotate ccw opp",
    "now: -1 opp max",
    "end: +3 A",
    "end: -5 G",
    "end: +1 cw",
    "end: +1 ccw",
    "end: +1 min",
    "end: +1 red",
    "end: +1 blue",
    "end: +1 green",
    "end: +1 yellow",
    "end: +1 pick",
    "now: +1 opp pick",
    "end: set 10 this",
    "end: halve all",
    "end: invert min",
    "end: paint yellow adj",
    "end: copycolour cw this",
    "now: swap pick pick",
    "now: swap opp this opp cw",
    "end: if this is even: +1 this",
    "end: if this is odd: +1 this",
    "end: if this >= 5: -1 this",
    "end: if this <= 0: +1 this",
    "now: swap this this",
    "end: copyvalue opp this this",
]


@pytest.mark.parametrize("line", RULINGS_EXAMPLES)
def test_it_reads_says_back_and_words_every_form(line):
    effect = parse(line)
    assert isinstance(effect, dict), effect
    assert to_text(effect) == line
    assert words(effect).endswith(".")


def test_it_reads_case_and_spacing_freely():
    assert to_text(parse("  END :  +1   ADJ ;  Paint Red a ")) == "end: +1 adj; paint red A"


@pytest.mark.parametrize(
    "line, column, says",
    [
        ("later: +1 this", 1, "“now” or “end”"),
        ("now +1 this", 5, "“:”"),
        ("now: +6 this", 6, "1 to 5"),
        ("now: -0 this", 6, "1 to 5"),
        ("now: set 11 this", 10, "0 to 10"),
        ("now: +1 here", 9, "unknown selector"),
        ("now: +1", 8, "ends"),
        ("now: bump this", 6, "unknown operation"),
        ("now: +1 opp any", 13, "opp any"),
        ("now: swap this opp cw", 11, "across loops"),
        ("now: swap adj this", 11, "several"),
        ("now: swap any this", 11, "any"),
        ("end: copyvalue all this", 16, "several"),
        ("end: copycolour red this", 17, "several"),
        ("end: +1 adj; +1 all; +1 max", 20, "at most 2 parts"),
        ("end: if this is purple: +1 this", 17, "colour"),
        ("end: if this >= 11: +1 this", 17, "0 to 10"),
        ("end: if that is red: +1 this", 9, "“this”"),
        ("end: +1 adj +1 all", 13, "unexpected"),
        ("end: +1 аdj", 9, "U+0430"),  # a Cyrillic a
        ("end: +1 adj ²", 13, "U+00B2"),
        ("", 1, "empty"),
    ],
)
def test_it_refuses_a_malformed_line_at_its_column(line, column, says):
    error = parse(line)
    assert isinstance(error, ParseError), error
    assert error.column == column, error
    assert says in error.message, error


def test_it_refuses_what_is_not_a_line_and_what_is_too_long():
    assert isinstance(parse(None), ParseError) and isinstance(parse(["end: +1 this"]), ParseError)
    error = parse("end: +1 this " + "x" * 10_000)
    assert isinstance(error, ParseError) and error.column == MAX_LINE + 1


def test_it_never_raises_on_generated_junk():
    rng = random.Random(7)
    alphabet = "now end : ; + - if this is opp any pick swap rotate cw ccw adj 0 1 5 10 99 A G red ² é \t".split(" ")
    for _ in range(5000):
        line = " ".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        result = parse(line)
        assert isinstance(result, (dict, ParseError))
        if isinstance(result, dict):
            assert to_text(parse(to_text(result))) == to_text(result)


def test_every_catalogue_and_ready_set_line_parses_with_the_right_timing():
    for line in boards.NOW_LINES:
        assert parse(line)["timing"] == "now", line
    for line in boards.END_LINES:
        assert parse(line)["timing"] == "end", line
    for name, sets in boards.READY_SETS.items():
        assert len(sets) == 8, name
        for board in sets:
            parsed = boards.parse_board(list(board), name)
            assert all(isinstance(e, dict) for e in parsed), parsed


def test_the_board_check_names_board_slot_and_column():
    errors = boards.check_custom([["end: +1 this"] * 6 + ["end: +9 this"], ["end: +1 this"] * 7])
    assert errors == ["Board 1, slot G, column 6: +n takes n from 1 to 5, not 9: 'end: +9 this'"]
    assert boards.check_custom([["end: +1 this"] * 6]) == [
        "Board 1: a board is a list of seven lines, one for each slot A-G."
    ]
