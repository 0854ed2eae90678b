"""Rounds the host opens: the form built from the field rows, who answers, the deadline, and
answers checked against the rows (bounds read from the player's counter at the time), with
each field's missed-answer rule at the close."""

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, close, open_round, start

COINS = [{"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"}]


def test_it_opens_a_round_as_a_phase_waiting_on_everyone_still_in():
    t = open_round(start(counters=COINS), "Bid | number 0..your Coins | missed 0", deadline="1h 30m")
    (phase,) = t.open
    assert (phase.key, phase.waits_on, phase.duration, phase.close_early) == ("round-1", (0, 1, 2, 3), 5400, False)
    assert [e.text for e in t.events] == ["Round 1 opens: Bids."]
    until = open_round(start(), "Go | yes/no", deadline="until everyone has sent").open[0]
    assert until.close_early and until.duration == 7 * 86400


def test_it_builds_the_form_from_the_rows_with_bounds_from_each_players_counter():
    state = start(counters=COINS)
    state["values"][1] = [4]
    state = open_round(
        state,
        "Bid | number 0..your Coins | missed 0",
        "Colour | one of Red, Blue",
        "Order | ranking of A, B, C",
        "Go | yes/no",
        "Why | text up to 20",
    ).state
    form = ENGINE.form(state, "round-1", 1)
    bid, colour, first, second, third, go, why = form.fields
    assert (bid.kind, bid.min_value, bid.max_value) == (api.INT, 0, 4)
    assert ENGINE.form(state, "round-1", 0).fields[0].max_value == 10
    assert colour.choices == (("0", "Red"), ("1", "Blue"))
    assert [f.label for f in (first, second, third)] == ["Order: 1st", "Order: 2nd", "Order: 3rd"]
    assert go.kind == api.RADIO and why.max_length == 20


def test_it_checks_answers_against_the_rows():
    state = start(counters=COINS)
    state["values"][1] = [4]
    state = open_round(
        state,
        "Bid | number 0..your Coins",
        "Picks | several of A, B, C, D | at least 1 | at most 2",
        "Order | ranking of A, B, C",
    ).state
    ok = ENGINE.validate_submission(
        state, "round-1", 1, {"f1": 4, "f2": ["2", "0"], "f3_1": "2", "f3_2": "0", "f3_3": "1"}
    )
    assert ok == {"f1": 4, "f2": ["0", "2"], "f3_1": "2", "f3_2": "0", "f3_3": "1"}
    for bad, words in [
        ({"f1": 5}, "from 0 to 4"),
        ({"f1": -1}, "from 0 to 4"),
        ({"f1": "4"}, "from 0 to 4"),
        ({"f2": ["0", "1", "2"]}, "at most 2"),
        ({"f2": ["0", "0"]}, "each once"),
        ({"f2": ["9"]}, "among the options"),
        ({"f3_1": "0", "f3_2": "0", "f3_3": "1"}, "place of its own"),
        ({"f3_1": "0"}, "place of its own"),
        ({"f9": 1}, "does not"),
        ({"f1": True}, "from 0 to 4"),
    ]:
        got = ENGINE.validate_submission(state, "round-1", 1, bad)
        assert isinstance(got, api.Invalid) and words in got.message, (bad, got)
    assert ENGINE.validate_submission(state, "round-1", 0, {"f1": 10}) == {"f1": 10}  # Ada holds 10
    assert isinstance(ENGINE.validate_submission(state, "round-2", 0, {}), api.Invalid)


def test_it_fills_a_missed_answer_by_each_fields_rule():
    state = start(counters=[{**COINS[0], "sees": "everyone"}])  # "missed 5" on a hidden counter is refused
    state["values"][2] = [3]
    state = open_round(
        state,
        "Bid | number 0..your Coins | missed 5",
        "Colour | one of Red, Blue | missed Blue",
        "Note | text | missed blank",
        "Go | yes/no | missed random",
    ).state
    t = close(state, {0: {"f3": "hi"}}, seed=7)
    answers = t.state["rounds"][0]["answers"]
    assert answers["0"]["f1"] == 5 and answers["0"]["f2"] == "1" and answers["0"]["f3"] == "hi"
    assert "f1" not in answers["2"]  # 5 is past Cleo's 3 Coins: left blank
    assert "f3" not in answers["1"]  # missed blank
    assert {a["f4"] for a in answers.values()} <= {"yes", "no"}
    again = close(state, {0: {"f3": "hi"}}, seed=7).state["rounds"][0]["answers"]
    assert again == answers  # the same seed draws the same random answers


def test_it_chooses_who_answers():
    teams = [{"name": "Red", "seats": [0, 2]}, {"name": "Blue", "seats": [1, 3]}]
    state = start(counters=[{**COINS[0], "sees": "everyone"}], teams=teams)
    state["values"] = [[1], [5], [3], [9]]
    state["out"][3] = True
    for answers, expected in [
        ("everyone", (0, 1, 2)),
        ("seats 1, 3", (0, 2)),  # seat 1 is the first player: index 0
        ("team Blue", (1,)),
        ("Coins at least 3", (1, 2)),
        ("coins < 3", (0,)),
        ("Coins = 5", (1,)),
    ]:
        assert open_round(state, "Go | yes/no", answers=answers).open[0].waits_on == expected, answers
    for answers, words in [
        ("seats 4", "out of the match"),
        ("seats 0", "no seat 0"),
        ("seats 7", "no seat 7"),
        ("team Green", "no team"),
        ("Garnets at least 1", "no counter"),
        ("Coins at least 50", "Nobody"),
        ("the best", "Who answers"),
    ]:
        got = act(
            state,
            "open_round",
            title="X",
            deadline="10m",
            answers=answers,
            field_1="Go | yes/no",
            reveal="nothing",
            talk="everyone",
        )
        assert isinstance(got, api.Invalid) and words in got.message, (answers, got)


def test_it_refuses_who_answers_by_a_counter_not_everyone_sees():
    # Who answers is public: "Coins at least 3" on private Coins would tell everyone who holds 3.
    for sees, words in [("player", "seen by the player and the host"), ("host", "seen by the host only")]:
        state = start(counters=[{**COINS[0], "sees": sees}])
        state["values"] = [[1], [5], [3], [9]]
        got = act(
            state,
            "open_round",
            title="X",
            deadline="10m",
            answers="Coins at least 3",
            field_1="Go | yes/no",
            reveal="nothing",
            talk="everyone",
        )
        assert isinstance(got, api.Invalid), sees
        assert words in got.message and "who answers a round is public" in got.message


def test_it_refuses_a_round_it_cannot_read_and_changes_nothing():
    state = start(counters=COINS)
    good = {
        "title": "X",
        "deadline": "10m",
        "answers": "everyone",
        "field_1": "Go | yes/no",
        "reveal": "nothing",
        "talk": "everyone",
    }
    for change, words in [
        ({"field_1": "Go | maybe"}, "Field 1: The kind"),
        ({"field_2": "Bid | number 0..your Gold"}, "Field 2"),
        ({"field_1": ""}, "at least one field"),
        ({"deadline": "10"}, "30s"),
        ({"deadline": "9s"}, "10 seconds"),
        ({"deadline": "30d"}, "7 days"),
        ({"reveal": "all"}, "revealed"),
        ({"talk": "teams"}, "teams"),
        ({"title": "x" * 81}, "80"),
        ({"field_2": "go | yes/no"}, "same label"),
        ({"field_1": "Picks | several of A, B | at least 3"}, "at least"),
        ({"field_1": "Go | yes/no | at most 2"}, "only with"),
        ({"field_1": "Pick | one of " + ", ".join(f"o{i}" for i in range(21))}, "2 to 20"),
        ({"field_1": "Bid | number 0..5 | missed 9"}, "outside"),
        ({"title": ["X"]}, "Title"),
        ({"field_1": "Go | yes/no | missed perhaps"}, "missed"),
    ]:
        got = act(state, "open_round", **{**good, **change})
        assert isinstance(got, api.Invalid) and words in got.message, (change, got)
    assert state["rounds"] == []


def test_it_keeps_one_round_open_at_a_time():
    state = open_round(start(), "Go | yes/no").state
    assert ENGINE.host_actions(state) == []
    assert isinstance(act(state, "open_round", title="Again"), api.Invalid)
    closed = close(state, {}).state
    assert [a.name for a in ENGINE.host_actions(closed)] == [
        "open_round",
        "publish_result",
        "rule_auction",
        "rule_vote",
        "rule_unique",
        "rule_target",
        "rule_payoff",
        "end_match",
    ]
