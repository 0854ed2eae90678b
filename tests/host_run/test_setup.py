"""The setup from the settings form's rows: counters, teams and the rules text, each row read
back in words or refused beside it, and the stored whole checked again (the JSON box may send
anything)."""

from games import engine_api as api
from games.host_run.engine import ENGINE
from games.host_run.engine.setup import CounterRows, RulesRows, TeamRows

from .driver import start

ROWS = {spec.name: spec for spec in ENGINE.settings_rows}


def read(spec, text):
    return spec.read(0, text)


def test_it_reads_a_counter_row_and_says_it_back():
    got = read(CounterRows(), "Coins | start 10 | 0..99 | the player and the host")
    assert got.value == {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"}
    assert got.words == "Coins: starts at 10, from 0 to 99, seen by the player and the host."
    assert read(CounterRows(), "Lives | start 3 | 0..3").value["sees"] == "everyone"
    assert read(CounterRows(), "Garnets | start 0 | -5..5 | the host only").value["sees"] == "host"


def test_it_refuses_counter_rows_that_do_not_hold_together():
    for row, words in [
        ("Coins", "Write a counter"),
        ("Coins | 10 | 0..99 | everyone", "starting value"),
        ("Coins | start 100 | 0..99 | everyone", "outside its bounds"),
        ("Coins | start 1 | 5..2 | everyone", "outside its bounds"),
        ("Coins | start 1 | 0..9 | my friends", "Who sees it"),
        ("Coins | start 99999999 | 0..9 | everyone", "whole number"),
        ("Co\u202eins | start 1 | 0..9 | everyone", "text-direction"),
        ("C" * 25 + " | start 1 | 0..9 | everyone", "at most 24"),
    ]:
        got = read(CounterRows(), row)
        assert isinstance(got, api.Invalid) and words in got.message, (row, got)


def test_it_reads_teams_and_refuses_a_seat_the_match_does_not_have():
    # the host types seats as the setup form numbers them, from 1; the engine keeps indexes from 0
    assert read(TeamRows(), "Red: 1, 3").value == {"name": "Red", "seats": [0, 2]}
    assert isinstance(read(TeamRows(), "Red: 0, 2"), api.Invalid)  # there is no seat 0
    assert isinstance(read(TeamRows(), "Red 1, 3"), api.Invalid)
    assert isinstance(read(TeamRows(), "Red: 1, 1"), api.Invalid)
    teams = [{"name": "Red", "seats": [0, 2]}, {"name": "Blue", "seats": [1, 5]}]
    refused = ENGINE.validate_settings({"teams": teams}, 4)
    assert isinstance(refused, api.Invalid) and "seats 1 to 4" in refused.message
    twice = ENGINE.validate_settings({"teams": [{"name": "Red", "seats": [0]}, {"name": "Blue", "seats": [0]}]}, 4)
    assert isinstance(twice, api.Invalid) and "already in a team" in twice.message


def test_it_makes_the_rules_text_from_its_lines_with_blank_lines_as_breaks():
    rows = RulesRows()
    values = [rows.read(i, t).value for i, t in enumerate(["## Auction", "", "Bid **Coins**.", "", ""])]
    assert rows.combine(values) == "## Auction\n\nBid **Coins**."
    assert rows.texts("a\n\nb") == ["a", "", "b"]
    assert isinstance(rows.read(0, "x" * 301), api.Invalid)


def test_it_checks_the_whole_setup_whatever_the_json_box_sends():
    for hostile in [
        {"counters": "Coins"},
        {"counters": [{"name": "Coins"}]},
        {"counters": [None]},
        {"counters": [{"name": "A", "start": True, "low": 0, "high": 1, "sees": "everyone"}]},
        {"counters": [{"name": "A", "start": 0, "low": 0, "high": 1, "sees": "everyone"}] * 2},
        {"counters": [{"name": f"C{i}", "start": 0, "low": 0, "high": 1, "sees": "everyone"} for i in range(9)]},
        {"teams": [{"name": "Red", "seats": ["0"]}]},
        {"teams": {"Red": [0]}},
        {"rules_text": ["# hi"]},
        {"rules_text": "x" * 30_000},
        {"game_name": "  "},
        {"game_name": 5},
        {"game_name": "x" * 81},
        {"title": "x"},
    ]:
        assert isinstance(ENGINE.validate_settings(hostile, 4), api.Invalid), hostile


def test_it_starts_every_player_at_each_counters_start():
    counters = [
        {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"},
        {"name": "Lives", "start": 3, "low": 0, "high": 3, "sees": "everyone"},
    ]
    state = start(counters=counters)
    assert state["values"] == [[10, 3]] * 4
    assert state["out"] == [False] * 4 and state["rounds"] == []


def test_it_takes_two_to_thirty_seats():
    assert isinstance(ENGINE.validate_settings({}, 1), api.Invalid)
    assert not isinstance(ENGINE.validate_settings({}, 30), api.Invalid)
    assert isinstance(ENGINE.validate_settings({}, 31), api.Invalid)
