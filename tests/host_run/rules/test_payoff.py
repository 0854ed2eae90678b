"""The payoff table against dilemma rounds worked by hand: two players, every pair of three,
missed choices, and the tables a host may not write."""

from .helpers import changes, problems, refused, run

DILEMMA = {"counter": "Points", "table": "cooperate, cooperate: 3, 3\ncooperate, betray: -1, 5\nbetray, betray: 0, 0"}


def test_it_pays_each_side_of_a_pair_from_the_table_read_either_way_round():
    proposal = run("payoff", {0: "cooperate", 1: "betray"}, **DILEMMA)
    assert changes(proposal) == [("Ada", "Points", -1), ("Bo", "Points", 5)]
    assert proposal.lines == ["Pairs played: 1."]
    # The row "cooperate, betray: -1, 5" read the other way round: betray against cooperate is 5, -1.
    assert changes(run("payoff", {0: "betray", 1: "cooperate"}, **DILEMMA)) == [
        ("Ada", "Points", 5),
        ("Bo", "Points", -1),
    ]


def test_it_plays_every_pair_of_three_players_and_sums_each_players_pairs():
    proposal = run("payoff", {0: "cooperate", 1: "betray", 2: "cooperate"}, show_numbers="on", **DILEMMA)
    # Ada-Bo: -1, +5. Ada-Cy: +3, +3. Bo-Cy: +5, -1. So Ada 2, Bo 10, Cy 2.
    assert changes(proposal) == [("Ada", "Points", 2), ("Bo", "Points", 10), ("Cy", "Points", 2)]
    assert proposal.lines == [
        "Each pair of players plays once; each player's change is the sum of their pairs.",
        "Ada (cooperate) and Bo (betray): Ada -1, Bo +5.",
        "Ada (cooperate) and Cy (cooperate): Ada +3, Cy +3.",
        "Bo (betray) and Cy (cooperate): Bo +5, Cy -1.",
    ]


def test_it_plays_no_pair_with_a_missed_choice():
    proposal = run("payoff", {0: "cooperate", 1: None, 2: "betray"}, **DILEMMA)
    # Only Ada-Cy is played: -1 and +5. Bo's pairs are not played, so nobody gains from them.
    assert changes(proposal) == [("Ada", "Points", -1), ("Cy", "Points", 5)]
    assert proposal.lines[-1] == "Bo made no choice and played no pair."


def test_it_reads_choices_without_minding_case_or_spaces_and_proposes_no_zero_change():
    proposal = run("payoff", {0: " Betray", 1: "BETRAY"}, **DILEMMA)
    assert changes(proposal) == []  # betray against betray is 0 and 0
    assert proposal.lines == ["Pairs played: 1."]


def test_it_reads_a_yes_or_no_field_against_a_yes_and_no_table():
    table = "yes, yes: 2, 2\nyes, no: 0, 3\nno, no: 1, 1"
    assert changes(run("payoff", {0: True, 1: False}, counter="Coins", table=table)) == [("Bo", "Coins", 3)]


def test_it_refuses_an_answer_not_in_the_table():
    assert "not one of the table's choices" in refused("payoff", {0: "cooperate", 1: "defect"}, **DILEMMA)
    assert "not one of the table's choices" in refused("payoff", {0: 3, 1: "betray"}, **DILEMMA)


def test_it_refuses_tables_that_leave_a_pair_out_or_say_two_things():
    assert problems("payoff", counter="Points", table="c, c: 3, 3\nb, b: 0, 0")["table"] == (
        "No row for c against b: every pair of choices needs one."
    )
    assert problems("payoff", counter="Points", table="c, c: 3, 3\nc, b: -1, 5\nb, c: 4, -1\nb, b: 0, 0")[
        "table"
    ].startswith("Row 3 gives b against c 4 and -1, but")
    assert problems("payoff", counter="Points", table="c, c: 3, 2")["table"] == (
        "Row 1 pairs a choice with itself, so it must give both sides the same."
    )
    # A row written both ways round that agrees is fine.
    run("payoff", {0: "c"}, counter="Points", table="c, c: 1, 1\nc, b: 0, 2\nb, c: 2, 0\nb, b: 1, 1")


def test_it_refuses_rows_it_cannot_read_and_tables_too_big():
    for row, words in [
        ("c b: 1, 1", "should read like"),
        ("c, c: one, 1", "two whole numbers"),
        ("c, c: 10001, 10001", "two whole numbers"),
        (", c: 1, 1", "two choices"),
        ("c" * 41 + ", c: 1, 1", "two choices"),
        ("c\u202e, c: 1, 1", "text-direction"),
        ("c, c: 1, " + "1" * 195, "longer than 200"),
    ]:
        assert words in problems("payoff", counter="Points", table=row)["table"], row
    assert problems("payoff", counter="Points", table="c, c: 1, 1\n" * 65)["table"] == "At most 64 rows."
    eight_plus = [f"o{i}, o{i}: 0, 0" for i in range(9)]
    assert problems("payoff", counter="Points", table="\n".join(eight_plus))["table"] == "At most 8 different choices."
    assert set(problems("payoff", counter="Points", table=["c, c: 1, 1"])) == {"table"}
    assert problems("payoff", counter="Points", table="c, c: 1, 1\n" * 10_000)["table"] == (
        "The table is too long: at most 64 rows of 200 characters."
    )
    assert set(problems("payoff", table=DILEMMA["table"])) == {"counter"}
