"""The host's result for the last closed round: published as one step, every line read first,
refused whole (and nothing changed) when any line is wrong or a counter would leave its bounds."""

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, played, start, texts

COUNTERS = [
    {"name": "Coins", "start": 10, "low": 0, "high": 20, "sees": "player"},
    {"name": "Points", "start": 0, "low": -5, "high": 5, "sees": "everyone"},
    {"name": "Secret", "start": 0, "low": 0, "high": 9, "sees": "host"},
]


def closed_round():
    return played(start(counters=COUNTERS, teams=[{"name": "Red", "seats": [0, 2]}]), ["Go | yes/no"], {})


def test_it_applies_every_line_at_once_and_tells_each_line_to_its_readers():
    state = closed_round()
    t = act(
        state,
        "publish_result",
        announcement="Ben wins the auction.",
        note_1="Ben: the key is yours.",
        change_1="Ben | Coins | -7 | paid his bid",
        change_2="team Red | Points | 2 | lost together",
        change_3="Ada, 4 | Secret | 4 | a hidden gift",  # seat 4: Dan
        change_4="Ada | Points | 1 | a bonus",
        out=["3"],
    )
    after = t.state
    assert after["values"] == [[10, 3, 4], [3, 0, 0], [10, 2, 0], [10, 0, 4]]
    assert after["out"] == [False, False, False, True] and after["rounds"][0]["published"]
    ben, ada, spectator = api.Viewer.for_seat(1), api.Viewer.for_seat(0), api.Viewer.spectator()
    assert texts(t.events, ben) == [
        "Result of round 1: Ben wins the auction.",
        "A note from the host: the key is yours.",
        "Your Coins -7 (paid his bid), now 3.",
        "Ada, Cleo: Points +2 (lost together).",  # a row's change to many is one line
        "Ada: Points +1 (a bonus), now 3.",
        "Dan is out of the match.",
    ]
    assert texts(t.events, spectator) == [
        line for line in texts(t.events, ben) if "Coins" not in line and "note" not in line
    ]
    assert texts(t.events, ada) == texts(t.events, spectator)  # Ada's Secret changed: only the host is told
    assert "Ada, Dan: Secret +4 (a hidden gift) (the host only)." in texts(t.events, api.Viewer.host())


def test_it_says_a_change_to_everyone_in_one_line_and_each_private_change_to_its_player():
    t = act(
        closed_round(),
        "publish_result",
        change_1="everyone | Points | 1 | round played",
        change_2="everyone | Coins | -1 | the toll",
    )
    spectator, ben = api.Viewer.spectator(), api.Viewer.for_seat(1)
    assert texts(t.events, spectator) == ["Everyone: Points +1 (round played)."]
    assert texts(t.events, ben) == ["Everyone: Points +1 (round played).", "Your Coins -1 (the toll), now 9."]


def test_it_sums_the_lines_for_one_counter_before_checking_its_bounds():
    state = closed_round()
    t = act(state, "publish_result", change_1="Ada | Points | 5 | won", change_2="Ada | Points | -2 | paid")
    assert t.state["values"][0][1] == 3
    refused = act(state, "publish_result", change_1="Ada | Points | 5 | won", change_2="Ada | Points | 1 | more")
    assert isinstance(refused, api.Invalid) and "Ada's Points would be 6, outside -5..5" in refused.message


def test_it_refuses_the_whole_result_for_one_wrong_line_and_changes_nothing():
    state = closed_round()
    before = repr(state)
    good = {"announcement": "Done.", "change_1": "Ada | Coins | 1 | fine"}
    for change, words in [
        ({"change_2": "Ben | Coins | -11 | too much"}, "outside 0..20"),
        ({"change_2": "Zed | Coins | 1 | who"}, "no player called 'Zed'"),
        ({"change_2": "Ben | Gold | 1 | what"}, "no counter"),
        ({"change_2": "Ben | Coins | 0 | nothing"}, "changes nothing"),
        ({"change_2": "Ben | Coins | 1"}, "Counter change 2"),
        ({"change_2": "Ben | Coins | 1e3 | big"}, "whole number"),
        ({"change_2": "Ben | Coins | " + "9" * 50 + " | big"}, "whole number"),
        ({"change_2": "Ben | Coins | 1 | " + "x" * 300}, "200 characters"),
        ({"note_1": "Ben the key"}, "Private note 1"),
        ({"note_1": "Zed: hi"}, "no player"),
        ({"out": ["9"]}, "still in"),
        ({"out": "1"}, "still in"),
        ({"out": ["1", "1"]}, "still in"),
        ({"announcement": "x" * 2001}, "2000"),
        ({"change_2": "team Green | Coins | 1 | x"}, "no team"),
        ({"change_2": "Ben, Ben | Coins | 1 | x"}, "twice"),
    ]:
        got = act(state, "publish_result", **{**good, **change})
        assert isinstance(got, api.Invalid) and words in got.message, (change, got)
    assert repr(state) == before
    assert isinstance(act(state, "publish_result"), api.Invalid)  # nothing at all to publish


def test_it_publishes_a_round_once_and_only_the_last_closed_one():
    state = closed_round()
    once = act(state, "publish_result", announcement="Done.").state
    assert "publish_result" not in [a.name for a in ENGINE.host_actions(once)]
    assert isinstance(act(once, "publish_result", announcement="Again."), api.Invalid)
    assert "publish_result" not in [a.name for a in ENGINE.host_actions(start())]


def test_it_shows_the_host_every_answer_of_the_round_while_writing_the_result():
    state = played(start(), ["Bid | number 0..9", "Go | yes/no"], {0: {"f1": 4, "f2": "yes"}, 2: {"f1": 0}})
    form = next(a.form for a in ENGINE.host_actions(state) if a.name == "publish_result")
    assert form.intro == (
        "The answers of round 1: Ada: Bid: 4; Go: Yes · Ben: no answer · Cleo: Bid: 0 · Dan: no answer."
    )
