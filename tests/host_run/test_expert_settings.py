"""What the setup form's "Expert settings (JSON)" box and an imported file may send: the checked
values are what the match keeps (numbers typed as strings become numbers, names lose their
extra spaces), and whatever cannot be kept is refused in words, never a 500 later at a Send or
at the round's close."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games import engine_api as api
from games.host_run.engine import ENGINE
from matches.core.lifecycle import Refused
from matches.hosting import saved_games

from .driver import close, open_round, start

TYPED = {"name": "Coins", "start": "10", "low": "0", "high": "99", "sees": "player"}


def test_it_keeps_counters_typed_as_strings_as_the_numbers_they_say():
    checked = ENGINE.validate_settings({"counters": [TYPED, {**TYPED, "name": " Lives  left ", "start": "+2"}]}, 4)
    assert checked["counters"] == [
        {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"},
        {"name": "Lives left", "start": 2, "low": 0, "high": 99, "sees": "player"},
    ]


def test_it_plays_a_round_on_such_a_counter_from_the_send_to_the_close():
    state = open_round(start(counters=[TYPED]), "Bid | number 0..your Coins | missed random").state
    assert ENGINE.validate_submission(state, "round-1", 0, {"f1": 7}) == {"f1": 7}
    too_much = ENGINE.validate_submission(state, "round-1", 0, {"f1": 11})
    assert isinstance(too_much, api.Invalid) and too_much.message == "Bid: a whole number from 0 to 10."
    answers = close(state, {0: {"f1": 7}}).state["rounds"][0]["answers"]
    assert answers["0"] == {"f1": 7}
    assert all(0 <= answers[s]["f1"] <= 10 for s in ("1", "2", "3"))  # drawn within each one's 10 Coins


def test_it_keeps_team_names_as_the_rows_would_have_read_them():
    checked = ENGINE.validate_settings({"teams": [{"name": " Red   team ", "seats": [2, 0]}]}, 4)
    assert checked["teams"] == [{"name": "Red team", "seats": [0, 2]}]
    state = start(teams=[{"name": " Red   team ", "seats": [2, 0]}])
    assert open_round(state, "Go | yes/no", answers="team Red team").open[0].waits_on == (0, 2)


@pytest.mark.parametrize(
    "counter, words",
    [
        ({**TYPED, "start": "ten"}, "The counter's start must be a whole number"),
        ({**TYPED, "high": "9"}, "Coins starts at 10, outside its bounds 0..9."),
        ({**TYPED, "sees": []}, "Who sees a counter"),
        ({**TYPED, "sees": {}}, "Who sees a counter"),
        ({**TYPED, "sees": 1}, "Who sees a counter"),
        ({**TYPED, "name": 5}, "The counter's name must be text."),
        ({**TYPED, "name": ["Coins"]}, "The counter's name must be text."),
    ],
)
def test_it_refuses_a_counter_it_cannot_keep_in_words(counter, words):
    refused = ENGINE.validate_settings({"counters": [counter]}, 4)
    assert isinstance(refused, api.Invalid) and words in refused.message


def test_it_refuses_a_team_or_title_that_is_not_text():
    for settings, words in [
        ({"teams": [{"name": {}, "seats": [0]}]}, "A team's name must be text."),
        ({"game_name": []}, "The game's name must be text."),
        ({"game_name": {"a": 1}}, "The game's name must be text."),
    ]:
        refused = ENGINE.validate_settings(settings, 4)
        assert isinstance(refused, api.Invalid) and refused.message == words, settings


def _file(**changed):
    data = {"format": "genius-site saved game", "version": 1, "name": "Vault", "game": "host_run", "kind": "main"}
    return SimpleUploadedFile("game.json", json.dumps({**data, "settings": {}, **changed}).encode())


@pytest.mark.parametrize("game", [[], {}, ["host_run"], 5, None])
def test_it_refuses_an_imported_file_whose_game_is_not_a_name(game):
    with pytest.raises(Refused, match="no such game"):
        saved_games.read_file(_file(game=game))


def test_it_refuses_an_imported_file_whose_counter_sees_a_list():
    with pytest.raises(Refused, match="Who sees a counter"):
        saved_games.read_file(_file(settings={"counters": [{**TYPED, "sees": []}]}))
    assert saved_games.read_file(_file(settings={"counters": [TYPED]}))[1] == "host_run"
