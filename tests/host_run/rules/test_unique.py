"""The highest or lowest unique number against rounds worked by hand."""

from .helpers import changes, problems, refused, run

POINT = {"counter": "Points", "delta": "1"}


def test_it_gives_the_highest_number_nobody_else_named_the_win():
    proposal = run("unique", {0: 5, 1: 5, 2: 3, 3: 1}, which="highest", **POINT)
    # 5 was named twice, so it is out; 3 (Cy's) is the highest left.
    assert changes(proposal) == [("Cy", "Points", 1)]
    assert proposal.lines == ["Cy named the highest unique number and wins."]


def test_it_gives_the_lowest_number_nobody_else_named_the_win():
    proposal = run("unique", {0: 1, 1: 1, 2: 2, 3: 4}, which="lowest", show_numbers="on", **POINT)
    assert changes(proposal) == [("Cy", "Points", 1)]
    assert proposal.lines == ["Cy named the lowest unique number (2) and wins."]


def test_it_names_no_winner_when_every_number_was_named_twice():
    proposal = run("unique", {0: 2, 1: 2, 2: 3, 3: 3}, **POINT)
    assert (changes(proposal), proposal.lines) == ([], ["No number was named by one player alone: nobody wins."])


def test_it_lets_a_missed_answer_knock_out_nothing():
    proposal = run("unique", {0: 4, 1: None, 2: 2}, which="highest", **POINT)
    assert changes(proposal) == [("Ada", "Points", 1)]
    assert proposal.lines == ["Ada named the highest unique number and wins.", "Bo named no number."]


def test_it_refuses_answers_and_parameters_it_cannot_read():
    assert "not a whole number" in refused("unique", {0: "4"}, **POINT)
    assert set(problems("unique", which="middle", counter="Points", delta="")) == {"which", "delta"}
