"""The sealed-bid auction against rounds worked by hand from its words (the rules page and the
module's docstring): who wins, who pays what, ties, missed bids, bounds."""

import random

from .helpers import changes, problems, refused, run

COINS = {"pay_counter": "Coins", "prize_counter": "Garnets", "prize": "2"}


def test_it_gives_the_highest_bid_the_prize_for_its_own_bid():
    proposal = run("auction", {0: 7, 1: 5, 2: 3}, wins="highest", pays="own", **COINS)
    # Ada's 7 beats 5 and 3: she pays her 7 Coins and receives the 2 Garnets.
    assert changes(proposal) == [("Ada", "Coins", -7), ("Ada", "Garnets", 2)]
    assert proposal.lines == ["Ada wins the auction."]


def test_it_charges_the_winner_the_second_highest_bid_at_second_price():
    proposal = run("auction", {0: 7, 1: 5, 2: 3}, wins="highest", pays="second", show_numbers="on", **COINS)
    assert changes(proposal) == [("Ada", "Coins", -5), ("Ada", "Garnets", 2)]
    assert proposal.lines == ["Ada wins the auction with a bid of 7 and pays 5 Coins."]


def test_it_charges_every_bidder_in_an_all_pay_auction_but_not_a_missed_one():
    proposal = run("auction", {0: 7, 1: 5, 2: None, 3: 0}, wins="highest", pays="all", **COINS)
    # Ada wins the 2 Garnets; Ada pays 7 and Bo 5; Cy sent nothing and Dee bid 0, so neither pays.
    assert sorted(changes(proposal)) == [("Ada", "Coins", -7), ("Ada", "Garnets", 2), ("Bo", "Coins", -5)]
    assert proposal.lines == [
        "Ada wins the auction.",
        "Every bidder pays their bid (all pay), the winner too.",
        "Cy sent no bid and took no part.",
    ]


def test_it_cancels_a_tie_so_nobody_wins_or_pays():
    proposal = run("auction", {0: 7, 1: 7, 2: 3}, wins="highest", pays="own", ties="cancel", **COINS)
    assert changes(proposal) == []
    assert proposal.lines == ["Ada and Bo tie: the auction is cancelled and nobody wins."]


def test_it_still_charges_everyone_when_an_all_pay_tie_is_cancelled():
    proposal = run("auction", {0: 7, 1: 7, 2: 3}, wins="highest", pays="all", ties="cancel", **COINS)
    assert sorted(changes(proposal)) == [("Ada", "Coins", -7), ("Bo", "Coins", -7), ("Cy", "Coins", -3)]
    assert proposal.lines[-1] == "Every bidder pays their bid (all pay)."


def test_it_splits_the_prize_rounded_down_and_each_tied_winner_pays():
    raw = dict(COINS, prize="5")
    proposal = run("auction", {0: 7, 1: 7, 2: 3}, wins="highest", pays="own", ties="split", **raw)
    # 5 Garnets between two is 2 each (the odd one is not given); each pays their own 7.
    assert sorted(changes(proposal)) == [
        ("Ada", "Coins", -7),
        ("Ada", "Garnets", 2),
        ("Bo", "Coins", -7),
        ("Bo", "Garnets", 2),
    ]
    assert proposal.lines[0] == "Ada and Bo tie and share the prize."


def test_it_charges_a_tied_winner_the_tied_bid_at_second_price():
    proposal = run("auction", {0: 7, 1: 7, 2: 3}, wins="highest", pays="second", ties="split", **COINS)
    # For Ada the highest other bid is Bo's 7, and the same for Bo.
    assert sorted(changes(proposal)) == [
        ("Ada", "Coins", -7),
        ("Ada", "Garnets", 1),
        ("Bo", "Coins", -7),
        ("Bo", "Garnets", 1),
    ]


def test_it_draws_a_tie_by_the_seed_and_draws_the_same_again():
    bids = {0: 7, 1: 3, 2: 7}  # Ada and Cy tie
    winners = {}
    for seed in range(20):
        proposal = run("auction", bids, seed=seed, wins="highest", pays="own", ties="draw", **COINS)
        assert run("auction", bids, seed=seed, wins="highest", pays="own", ties="draw", **COINS) == proposal
        (winner, _, _), _prize = changes(proposal)
        # The rule's words: one of the tied seats in seat order (0, 2), drawn by the match's generator.
        assert winner == ("Ada", "Cy")[[0, 2].index(random.Random(seed).choice([0, 2]))]
        assert proposal.lines[0] == f"Ada and Cy tie; the seed draws {winner}."
        winners[seed] = winner
    assert set(winners.values()) == {"Ada", "Cy"}  # the draw is not fixed: some seeds draw each


def test_it_gives_the_lowest_bid_the_win_and_a_bid_of_zero_counts():
    proposal = run("auction", {0: 4, 1: 0, 2: 2}, wins="lowest", pays="own", **COINS)
    # Bo's 0 is the lowest; paying 0 changes nothing, so only the prize is proposed.
    assert changes(proposal) == [("Bo", "Garnets", 2)]
    second = run("auction", {0: 4, 1: 0, 2: 2}, wins="lowest", pays="second", **COINS)
    assert changes(second) == [("Bo", "Coins", -2), ("Bo", "Garnets", 2)]  # the lowest other bid is Cy's 2


def test_it_gives_the_highest_unique_bid_the_win():
    bids = {0: 7, 1: 7, 2: 5, 3: 2}  # 7 is Ada's and Bo's, so out; 5 is the highest bid made once
    assert changes(run("auction", bids, wins="highest_unique", pays="own", **COINS)) == [
        ("Cy", "Coins", -5),
        ("Cy", "Garnets", 2),
    ]
    # Second price: the next unique bid below Cy's 5 is Dee's 2 (Ada's 7 is higher and not unique).
    assert changes(run("auction", bids, wins="highest_unique", pays="second", **COINS)) == [
        ("Cy", "Coins", -2),
        ("Cy", "Garnets", 2),
    ]


def test_it_gives_the_second_highest_unique_bid_the_win():
    bids = {0: 9, 1: 7, 2: 7, 3: 5, 4: 2}  # the unique bids are 9, 5, 2: the second-highest is Dee's 5
    assert changes(run("auction", bids, wins="second_highest_unique", pays="own", **COINS)) == [
        ("Dee", "Coins", -5),
        ("Dee", "Garnets", 2),
    ]
    assert changes(run("auction", bids, wins="second_highest_unique", pays="second", **COINS)) == [
        ("Dee", "Coins", -2),
        ("Dee", "Garnets", 2),
    ]


def test_it_names_no_winner_without_enough_unique_bids():
    proposal = run("auction", {0: 4, 1: 4, 2: None}, wins="highest_unique", pays="all", **COINS)
    assert sorted(changes(proposal)) == [("Ada", "Coins", -4), ("Bo", "Coins", -4)]
    assert proposal.lines == [
        "Every bid was made by more than one player: nobody wins.",
        "Every bidder pays their bid (all pay).",
        "Cy sent no bid and took no part.",
    ]
    one = run("auction", {0: 9, 1: 4, 2: 4}, wins="second_highest_unique", pays="own", **COINS)
    assert changes(one) == []
    assert one.lines == ["Fewer than two bids were made by one player alone: nobody wins."]


def test_it_charges_nothing_at_second_price_when_nobody_else_bid():
    proposal = run("auction", {0: 6, 1: None}, wins="highest", pays="second", **COINS)
    assert changes(proposal) == [("Ada", "Garnets", 2)]


def test_it_names_the_winner_only_when_the_prize_is_not_a_counter():
    proposal = run("auction", {0: 6, 1: 8}, wins="highest", pays="own", pay_counter="Coins")
    assert changes(proposal) == [("Bo", "Coins", -8)]
    assert proposal.lines == ["Bo wins the auction."]


def test_it_says_so_when_nobody_bid():
    proposal = run("auction", {0: None, 1: None}, **COINS)
    assert (changes(proposal), proposal.lines) == ([], ["Nobody bid: nobody wins the auction."])


def test_it_refuses_answers_that_are_not_bids():
    assert "Bo bid -3" in refused("auction", {0: 4, 1: -3}, **COINS)
    assert "Ada's answer is not a whole number" in refused("auction", {0: "4", 1: 2}, **COINS)
    assert "not a whole number" in refused("auction", {0: True}, **COINS)


def test_it_refuses_parameters_out_of_bounds_beside_their_fields():
    found = problems("auction", wins="most", pays="", pay_counter="Gold", prize_counter="Garnets", prize="-1")
    assert set(found) == {"wins", "pay_counter", "prize"}
    assert found["pay_counter"] == "Write the name of one of this match's counters (Coins, Garnets, Lives and Points)."
    assert found["prize"] == "Write a whole number from 0 to 1000000."
    assert set(problems("auction", pay_counter="Coins", prize_counter="Garnets", prize="1000001")) == {"prize"}
    assert set(problems("auction", pay_counter="Coins", prize="3")) == {"prize"}  # an amount of no counter
