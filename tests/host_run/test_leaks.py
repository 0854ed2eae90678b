"""view() per viewer: a private counter, an answer and a note reach only their viewers (and the
host), and what a player does not see leaves no trace in the shape of their view."""

import json

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, played, start

COUNTERS = [
    {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"},
    {"name": "Points", "start": 0, "low": -9, "high": 9, "sees": "everyone"},
    {"name": "Doom", "start": 0, "low": 0, "high": 9, "sees": "host"},
]
ADA, BEN, SPECTATOR, HOST = api.Viewer.for_seat(0), api.Viewer.for_seat(1), api.Viewer.spectator(), api.Viewer.host()


def text(state, viewer):
    return json.dumps(ENGINE.view(state, viewer))


def with_result(coins=37, secret="sesame-4412", reveal="nothing"):
    state = played(start(counters=COUNTERS), ["Word | text up to 20"], {0: {"f1": "zebra-9931"}}, reveal=reveal)
    t = act(
        state,
        "publish_result",
        announcement="Done.",
        note_1=f"Ada: {secret}",
        change_1=f"Ada | Coins | {coins - 10} | kept",
        change_2="Ben | Doom | 6 | doomed",
        change_3="Ben | Points | 2 | ok",
    )
    return t.state


def test_it_shows_a_private_counter_to_its_player_and_the_host_only():
    state = with_result()
    ada = ENGINE.view(state, ADA)
    assert ada["me"]["counters"] == [{"name": "Coins", "value": 37}]
    assert ENGINE.view(state, BEN)["me"]["counters"] == [{"name": "Coins", "value": 10}]
    assert [p["counters"] for p in ENGINE.view(state, SPECTATOR)["players"]][0] == [{"name": "Points", "value": 0}]
    for viewer in (BEN, SPECTATOR):
        assert "37" not in text(state, viewer) and "kept" not in text(state, viewer)
    assert "37" in text(state, HOST) and "Doom" in ENGINE.view(state, HOST)["counter_names"]
    for viewer in (ADA, BEN, SPECTATOR):
        assert "doomed" not in text(state, viewer)  # Doom is the host's alone, even for Ben


def test_it_shows_a_note_to_its_player_and_the_host_only():
    state = with_result()
    assert ENGINE.view(state, ADA)["rounds"][0]["result"]["notes"] == [{"name": "Ada", "text": "sesame-4412"}]
    for viewer in (BEN, SPECTATOR):
        assert "sesame" not in text(state, viewer)
    assert "sesame" in text(state, HOST)


def test_it_keeps_answers_with_the_host_unless_the_reveal_rule_says():
    state = with_result()
    for viewer in (ADA, BEN, SPECTATOR):
        assert "zebra" not in text(state, viewer)
    assert ENGINE.view(state, HOST)["rounds"][0]["table"][0] == {
        "name": "Ada",
        "filled": False,
        "cells": ["zebra-9931"],
    }
    own = with_result(reveal="own")
    assert "zebra" in text(own, ADA) and "zebra" not in text(own, BEN) and "zebra" not in text(own, SPECTATOR)


def test_it_gives_other_viewers_the_same_bytes_whatever_the_hidden_values():
    a, b = with_result(coins=37, secret="sesame-4412"), with_result(coins=12, secret="other")
    for viewer in (BEN, SPECTATOR):
        assert text(a, viewer) == text(b, viewer)
    assert text(a, ADA) != text(b, ADA)


def test_it_shows_everything_once_the_match_is_over():
    state = with_result()
    places = {f"place_{s}": p for s, p in enumerate((1, 2, 3, 4))}
    over = act(state, "end_match", **places).state
    assert "sesame" in text(over, SPECTATOR) and "zebra" in text(over, BEN)
