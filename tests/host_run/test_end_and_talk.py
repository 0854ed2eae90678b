"""The end the host writes (places with ties, season awards, what outcome() returns) and the
talk rule of each round."""

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, open_round, played, start

POINTS = [{"name": "Points", "start": 0, "low": -9, "high": 9, "sees": "everyone"}]


def places(*given):
    return {f"place_{s}": p for s, p in enumerate(given)}


def test_it_ends_with_the_hosts_places_ties_shared_and_the_awards():
    state = start(counters=POINTS)
    t = act(
        state,
        "end_match",
        **places(1, 1, 3, 4),
        award_1="Ada, Ben | garnets | 2 | shared the win",
        award_2="Dan | elimination candidate | 1 | last place",
        award_3="Cleo | mark of elimination | 1 | third",
        summary="A close one.",
    )
    assert t.finished and t.events[0].text == "The host ends the match: 1. Ada, 1. Ben, 3. Cleo, 4. Dan. A close one."
    outcome = ENGINE.outcome(t.state)
    assert [(s.seat, s.place) for s in outcome.standings] == [(0, 1), (1, 1), (2, 3), (3, 4)]
    assert [(a.seat, a.kind, a.amount, a.lasts) for a in outcome.awards] == [
        (0, api.GARNET, 2, ""),
        (1, api.GARNET, 2, ""),
        (3, api.ELIMINATION_CANDIDATE, 1, ""),
        (2, api.MARK_OF_ELIMINATION, 1, api.MARK_NEXT),
    ]
    assert outcome.summary == "A close one." and ENGINE.host_actions(t.state) == []


def test_it_proposes_a_death_matchs_loser_eliminated():
    t = act(start(names=("Ada", "Ben")), "end_match", **places(1, 2), award_1="Ben | eliminated | 1 | lost the duel")
    assert [(a.seat, a.kind, a.amount) for a in ENGINE.outcome(t.state).awards] == [(1, api.ELIMINATED, 1)]


def test_it_refuses_places_that_do_not_follow_and_awards_it_cannot_read():
    state = start()
    for given, words in [
        (places(1, 1, 2, 4), "Place 2"),
        (places(2, 2, 3, 4), "Place 2"),
        (places(1, 2, 3), "every player"),
        (places(1, 2, 3, 5), "every player"),
        ({**places(1, 2, 3, 4), "award_1": "Ada | cookies | 1 | x"}, "award 1"),
        ({**places(1, 2, 3, 4), "award_2": "Ada | garnets | 0 | x"}, "not 0"),
        ({**places(1, 2, 3, 4), "award_1": "Zed | garnets | 1 | x"}, "no player"),
    ]:
        got = act(state, "end_match", **given)
        assert isinstance(got, api.Invalid) and words in got.message, (given, got)


def test_it_suggests_places_by_the_first_counter_everyone_sees_players_out_last():
    state = played(start(counters=POINTS), ["Go | yes/no"], {})
    state = act(
        state, "publish_result", change_1="Ben | Points | 3 | x", change_2="Cleo | Points | 3 | y", out=["1"]
    ).state
    initial = {f.name: f.initial for f in ENGINE.host_actions(state)[-1].form.fields if f.name.startswith("place_")}
    assert initial == {"place_0": 2, "place_1": 4, "place_2": 1, "place_3": 2}


def test_it_lets_players_talk_as_the_last_round_opened_says():
    teams = [{"name": "Red", "seats": [0, 2]}, {"name": "Blue", "seats": [1, 3]}]
    state = start(teams=teams)
    assert ENGINE.talk_problem(state, frozenset({0, 1})) is None
    quiet = open_round(state, "Go | yes/no", talk="nobody").state
    assert "Nobody" in ENGINE.talk_problem(quiet, frozenset({0, 2}))
    teamed = open_round(state, "Go | yes/no", talk="teams").state
    assert ENGINE.talk_problem(teamed, frozenset({0, 2})) is None
    assert "own team" in ENGINE.talk_problem(teamed, frozenset({0, 1}))
    assert "own team" in ENGINE.talk_problem(teamed, frozenset({0, 1, 2}))
