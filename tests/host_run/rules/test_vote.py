"""The vote against rounds worked by hand: plurality and majority, the three kinds of tie, who gets
the change, missed votes, and votes it cannot read."""

import random

from .helpers import changes, problems, refused, run

LIVES = {"counter": "Lives", "delta": "-1"}


def test_it_chooses_the_player_with_the_most_votes():
    proposal = run("vote", {0: 1, 1: 2, 2: 1, 3: 1}, method="plurality", who="chosen", **LIVES)
    # Bo has three votes (Ada's, Cy's, Dee's), Cy one: Bo loses a life.
    assert changes(proposal) == [("Bo", "Lives", -1)]
    assert proposal.lines == ["The vote chooses Bo."]


def test_it_gives_the_counts_when_the_numbers_are_shown():
    proposal = run("vote", {0: 1, 1: 2, 2: 1, 3: 1}, show_numbers="on", **LIVES)
    assert proposal.lines == ["The vote chooses Bo with 3 of 4 votes."]


def test_it_chooses_nobody_all_or_one_drawn_on_a_tie():
    votes = {0: 1, 1: 0, 2: None}  # Ada one vote, Bo one vote; Cy did not vote
    none = run("vote", votes, ties="none", **LIVES)
    assert changes(none) == []
    assert none.lines == ["Ada and Bo tie: nothing is chosen.", "Cy did not vote."]
    both = run("vote", votes, ties="all", **LIVES)
    assert changes(both) == [("Ada", "Lives", -1), ("Bo", "Lives", -1)]
    drawn = {}
    for seed in range(20):
        proposal = run("vote", votes, seed=seed, ties="draw", **LIVES)
        assert proposal == run("vote", votes, seed=seed, ties="draw", **LIVES)
        # The tied players in seat order are Ada (0) and Bo (1); the seed's generator picks one.
        expected = ["Ada", "Bo"][random.Random(seed).choice([0, 1])]
        assert changes(proposal) == [(expected, "Lives", -1)]
        drawn[seed] = expected
    assert set(drawn.values()) == {"Ada", "Bo"}


def test_it_needs_more_than_half_of_the_votes_sent_for_a_majority():
    # red has 2 of 4 votes: half is not more than half.
    four = run(
        "vote", {0: "red", 1: "red", 2: "blue", 3: "green"}, method="majority", who="with", counter="Points", delta="1"
    )
    assert changes(four) == []
    assert four.lines == ["Nothing has more than half of the 4 votes: nothing is chosen."]
    # With Dee's vote missed, red has 2 of the 3 votes sent: a majority.
    three = run(
        "vote", {0: "red", 1: "red", 2: "blue", 3: None}, method="majority", who="with", counter="Points", delta="1"
    )
    assert changes(three) == [("Ada", "Points", 1), ("Bo", "Points", 1)]
    assert three.lines == ["The vote chooses red.", "Dee did not vote."]


def test_it_gives_the_change_to_those_with_or_against_the_choice_never_to_a_missed_voter():
    votes = {0: "A", 1: "A", 2: "B", 3: None}
    assert changes(run("vote", votes, who="with", counter="Points", delta="2")) == [
        ("Ada", "Points", 2),
        ("Bo", "Points", 2),
    ]
    assert changes(run("vote", votes, who="against", counter="Points", delta="-2")) == [("Cy", "Points", -2)]


def test_it_reads_a_yes_or_no_vote():
    proposal = run("vote", {0: True, 1: False, 2: True}, who="against", counter="Coins", delta="-3")
    assert changes(proposal) == [("Bo", "Coins", -3)]
    assert proposal.lines == ["The vote chooses yes."]


def test_it_changes_nothing_when_nobody_votes():
    proposal = run("vote", {0: None, 1: None}, who="against", **LIVES)
    assert (changes(proposal), proposal.lines) == ([], ["Nobody voted: nothing is chosen.", "Ada and Bo did not vote."])


def test_it_refuses_votes_it_cannot_read():
    assert "for options, not players" in refused("vote", {0: "red", 1: "blue"}, who="chosen", **LIVES)
    assert "not all players, all options" in refused("vote", {0: 1, 1: "Ada"}, who="with", **LIVES)
    assert "not all players, all options" in refused("vote", {0: [1], 1: [1]}, who="with", **LIVES)
    assert refused("vote", {0: 7, 1: 0}, **LIVES) == "Ada voted for seat 8, which is not in this match."


def test_it_refuses_parameters_beside_their_fields():
    found = problems("vote", method="unanimous", counter="", delta="ten")
    assert set(found) == {"method", "counter", "delta"}
    assert found["delta"] == "Write a whole number from -1000000 to 1000000."


def test_it_reads_yes_and_no_written_as_words():
    proposal = run("vote", {0: "yes", 1: "no", 2: "yes"}, method="majority", who="with", counter="Coins", delta="1")
    assert changes(proposal) == [("Ada", "Coins", 1), ("Cy", "Coins", 1)]
    assert proposal.lines == ["The vote chooses yes."]


def test_it_draws_between_tied_options_in_alphabetical_order_whatever_order_the_votes_came_in():
    for seed in range(10):
        expected = ["blue", "red"][random.Random(seed).choice([0, 1])]
        for votes in ({0: "red", 1: "blue"}, {0: "blue", 1: "red"}):
            proposal = run("vote", votes, seed=seed, ties="draw", who="with", counter="Points", delta="1")
            assert proposal.lines[-1] == f"The vote chooses {expected}."
