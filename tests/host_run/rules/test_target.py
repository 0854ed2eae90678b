"""A number against a target, worked by hand: fixed targets, a fraction of the average or sum,
closest / not over / not under / over / under, exact ties, missed answers."""

import random

from .helpers import changes, problems, refused, run

POINT = {"counter": "Points", "delta": "1"}


def test_it_picks_the_closest_to_two_thirds_of_the_average():
    proposal = run(
        "target",
        {0: 10, 1: 20, 2: 30, 3: 40},
        target="average",
        times_top="2",
        times_bottom="3",
        who="closest",
        show_numbers="on",
        **POINT,
    )
    # The average is 25; two thirds of it is 50/3, about 16.67. Bo's 20 is 3.33 away, Ada's 10 is 6.67.
    assert changes(proposal) == [("Bo", "Points", 1)]
    assert proposal.lines == ["The target is about 16.67.", "Closest to the target: Bo."]


def test_it_picks_the_closest_without_going_over_or_under():
    numbers = {0: 45, 1: 52, 2: 49}
    # Target 50: at or under it are 45 and 49, and 49 is closer; at or over it only 52.
    under = run("target", numbers, target="fixed", value="50", who="closest_under", **POINT)
    assert changes(under) == [("Cy", "Points", 1)]
    assert under.lines == ["Closest without going over: Cy."]
    over = run("target", numbers, target="fixed", value="50", who="closest_over", **POINT)
    assert changes(over) == [("Bo", "Points", 1)]
    nobody = run("target", {0: 51, 1: 60}, target="fixed", value="50", who="closest_under", **POINT)
    assert (changes(nobody), nobody.lines) == ([], ["Nobody is closest without going over."])


def test_it_picks_everyone_over_or_under_and_not_who_hits_it():
    numbers = {0: 12, 1: 10, 2: 8, 3: 15}
    over = run("target", numbers, target="fixed", value="10", who="over", counter="Lives", delta="-1")
    assert changes(over) == [("Ada", "Lives", -1), ("Dee", "Lives", -1)]
    assert over.lines == ["Everyone over the target: Ada and Dee."]
    under = run("target", numbers, target="fixed", value="10", who="under", counter="Lives", delta="-1")
    assert changes(under) == [("Cy", "Lives", -1)]
    hit = run("target", {0: 10}, target="fixed", value="10", who="over", **POINT)
    assert hit.lines == ["Nobody is over the target."]


def test_it_measures_against_a_fraction_of_the_sum():
    # The sum is 4 + 6 + 10 = 20; half of it is 10, which Cy named.
    proposal = run("target", {0: 4, 1: 6, 2: 10}, target="sum", times_top="1", times_bottom="2", **POINT)
    assert changes(proposal) == [("Cy", "Points", 1)]


def test_it_settles_an_exact_tie_as_the_host_chose():
    numbers = {0: 16, 1: 17}  # the average is exactly 16.5: both are half away
    none = run("target", numbers, target="average", ties="none", **POINT)
    assert (changes(none), none.lines) == ([], ["Ada and Bo are equally close: nobody is picked."])
    assert changes(run("target", numbers, target="average", ties="all", **POINT)) == [
        ("Ada", "Points", 1),
        ("Bo", "Points", 1),
    ]
    drawn = set()
    for seed in range(20):
        proposal = run("target", numbers, seed=seed, target="average", ties="draw", **POINT)
        assert proposal == run("target", numbers, seed=seed, target="average", ties="draw", **POINT)
        expected = ["Ada", "Bo"][random.Random(seed).choice([0, 1])]
        assert changes(proposal) == [(expected, "Points", 1)]
        drawn.add(expected)
    assert drawn == {"Ada", "Bo"}


def test_it_leaves_a_missed_answer_out_of_the_average():
    # Sent: 9, 3, 6, so the average is 6 and Dee's 6 hits it. (Counting Bo's missed answer as 0
    # would make it 4.5, with Cy's 3 and Dee's 6 tied.)
    proposal = run("target", {0: 9, 1: None, 2: 3, 3: 6}, target="average", ties="none", **POINT)
    assert changes(proposal) == [("Dee", "Points", 1)]
    assert proposal.lines == ["Closest to the target: Dee.", "Bo named no number."]


def test_it_says_so_when_nobody_answered():
    proposal = run("target", {0: None}, target="average", **POINT)
    assert (changes(proposal), proposal.lines) == ([], ["Nobody named a number: nobody is picked."])


def test_it_refuses_answers_and_parameters_it_cannot_read():
    assert "not a whole number" in refused("target", {0: 2.5}, **POINT)
    found = problems("target", target="median", times_bottom="0", value="1e9", who="near", **POINT)
    assert set(found) == {"target", "times_bottom", "value", "who"}
    assert found["times_bottom"] == "Write a whole number from 1 to 1000."
