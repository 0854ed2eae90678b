"""Seats are numbered from 1 wherever the host writes one: teams ("Red: 1, 3"), who answers
("seats 1, 3") and the players of a result's line ("1, 3 | Coins | -5 | paid"), so the same
numbers name the same players everywhere. A proposal names a seat by number where its player's
name would read as someone else ("Everyone", "Team Red", "2"), never charging the wrong players."""

import pytest

from games import engine_api as api
from games.host_run.engine import ENGINE
from games.host_run.engine.results import players

from .driver import act, open_round, played, start

COINS = [{"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "everyone"}]


def test_it_reads_result_seat_numbers_from_1_as_who_answers_does():
    state = start(counters=COINS)  # Ada, Ben, Cleo, Dan
    assert open_round(state, "Go | yes/no", answers="seats 1, 3").open[0].waits_on == (0, 2)
    assert players("1, 3", state) == [0, 2]  # Ada and Cleo, as for "seats 1, 3"
    assert players("seat 2, Dan", state) == [1, 3]
    for text, words in [("0", "'0'"), ("5", "'5'"), ("seat 0", "'seat 0'")]:
        with pytest.raises(ValueError, match=words):
            players(text, state)


def test_it_charges_the_players_the_host_numbered():
    state = played(start(counters=COINS), ["Go | yes/no"], {0: {"f1": "yes"}})
    t = act(state, "publish_result", change_1="1, 3 | Coins | -5 | paid", note_1="2: yours")
    assert [v[0] for v in t.state["values"]] == [5, 10, 5, 10]
    assert t.state["results"][0]["notes"] == {"1": "yours"}  # Ben, seat 2


def result_form(state):
    form = next(a.form for a in ENGINE.host_actions(state) if a.name == "publish_result")
    return {f.name: f.initial for f in form.fields if f.initial}


def test_it_names_a_seat_by_number_when_its_players_name_reads_as_others():
    names = ("Ada", "Everyone", "Team Red", "1")
    teams = [{"name": "Red", "seats": [0, 3]}]
    bids = {0: {"f1": 2}, 1: {"f1": 9}, 2: {"f1": 7}, 3: {"f1": 4}}
    state = played(start(names=names, counters=COINS, teams=teams), ["Bid | number 0..your Coins"], bids)
    rule = {"field": "1", "wins": "highest", "pays": "all", "ties": "cancel", "pay_counter": "Coins"}
    proposed = act(state, "rule_auction", **rule)
    assert not isinstance(proposed, api.Invalid), proposed
    form = result_form(proposed.state)
    assert sorted(v.split(" | ")[0] for k, v in form.items() if k.startswith("change_")) == [
        "1",  # the player named "1" is read back by name, as seat 4
        "Ada",
        "seat 2",  # "Everyone" would be every player
        "seat 3",  # "Team Red" would be Ada and the player named "1"
    ]
    paid = act(proposed.state, "publish_result", **form).state
    assert [v[0] for v in paid["values"]] == [8, 1, 3, 6]  # each paid their own bid: 2, 9, 7 and 4
