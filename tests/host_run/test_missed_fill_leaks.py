"""A missed answer's rule must not tell anyone a counter they do not see. Whether a missed answer
was filled in is public ("Time ran out for Ada"), so a missed value that fits only some values of
a counter the others do not see ("Bid | number 0..your Coins | missed 5": filled in when Ada holds
5 Coins or more) is refused when the round opens, as a bound on a counter the player does not see
(the host's alone: the form would show its value) is; a missed rule that fits whatever the
counter holds is kept, and then two matches that differ only in that counter read alike."""

import pytest

from games import engine_api as api

from .driver import act, close, open_round, start, texts

COINS = {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"}
FAVOUR = {"name": "Favour", "start": 7, "low": 0, "high": 9, "sees": "host"}
ROUND = {"title": "Bids", "deadline": "10m", "answers": "everyone", "reveal": "nothing", "talk": "everyone"}


def opened(row, counters=(COINS, FAVOUR)):
    return act(start(counters=list(counters)), "open_round", **ROUND, field_1=row)


@pytest.mark.parametrize(
    "row, words",
    [
        ("Bid | number 0..your Coins | missed 5", '"missed 5" would fill in a missed answer for some values of Coins'),
        ("Bid | number 5..your Coins | missed random", '"missed random" would fill in'),
        ("Bid | number your Coins..50 | missed 0", "Coins is seen by the player and the host"),
        ("Bid | number 0..your Favour", "Favour is seen by the host only"),
        ("Bid | number your favour..9 | missed blank", "Favour is seen by the host only"),
    ],
)
def test_it_refuses_a_fill_or_a_bound_that_would_tell_a_hidden_counter(row, words):
    refused = opened(row)
    assert isinstance(refused, api.Invalid) and refused.message.startswith("Field 1: ") and words in refused.message


def test_it_says_what_missed_value_would_fit():
    refused = opened("Bid | number 0..your Coins | missed 5")
    assert refused.message.endswith('Write "missed blank", or a missed value from 0 to 0.')


@pytest.mark.parametrize(
    "row",
    [
        "Bid | number 0..your Coins | missed 0",  # Coins never goes below 0: 0 always fits
        "Bid | number 0..your Coins | missed random",  # 0..Coins never crosses
        "Bid | number 0..your Coins",  # missed blank: nothing is filled in
        "Bid | number 0..your Coins | missed 5",  # below, a counter everyone sees: nothing hidden
    ],
)
def test_it_keeps_a_fill_that_fits_whatever_the_counter_holds(row):
    counters = [{**COINS, "sees": "everyone"}] if row.endswith("missed 5") else [COINS]
    assert not isinstance(opened(row, counters), api.Invalid)


def lines_after_a_miss(coins, row):
    state = start(names=("Ada", "Ben"), counters=[COINS])
    state["values"][0] = [coins]  # Ada's Coins, which Ben and spectators do not see
    state = open_round(state, row).state
    return close(state, {1: {"f1": 1}}).events


@pytest.mark.parametrize("row", ["Bid | number 0..your Coins | missed 0", "Bid | number 0..your Coins | missed random"])
def test_it_gives_ben_and_spectators_the_same_lines_whatever_adas_coins(row):
    few, many = lines_after_a_miss(3, row), lines_after_a_miss(7, row)
    for viewer in (api.Viewer.for_seat(1), api.Viewer.spectator()):
        assert texts(few, viewer) == texts(many, viewer)
    assert texts(few, api.Viewer.spectator()) == [
        "Round 1 (Bids) is closed: 1 of 2 answers.",  # Ben sent; the rule answered for Ada
        "Time ran out for Ada: the round's rule for a missed answer answers.",
    ]
