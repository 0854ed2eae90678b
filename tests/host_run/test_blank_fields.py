"""Which fields a player left blank is part of their answer, which is theirs and the host's. So
the close says in public only who sent nothing ("Time ran out for Ben"), and counts who sent at
all; a blank field of an answer that was sent takes its missed rule too, told to that player
alone (and the host): two matches that differ only in which fields Ada filled in read alike to
everyone else."""

import json

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import close, open_round, start, texts

ADA, BEN, SPECTATOR, HOST = api.Viewer.for_seat(0), api.Viewer.for_seat(1), api.Viewer.spectator(), api.Viewer.host()
ROWS = ("Bid | number 0..9 | missed 0", "Go | yes/no | missed no")


def closed(ada_sent, ben_sent=None):
    state = open_round(start(names=("Ada", "Ben")), *ROWS).state
    given = {0: ada_sent} if ben_sent is None else {0: ada_sent, 1: ben_sent}
    return close(state, given)


def test_it_tells_everyone_else_the_same_whichever_fields_ada_left_blank():
    blank, full = closed({"f1": 4}), closed({"f1": 4, "f2": "no"})
    for viewer in (BEN, SPECTATOR):
        assert texts(blank.events, viewer) == texts(full.events, viewer)
        assert json.dumps(ENGINE.view(blank.state, viewer)) == json.dumps(ENGINE.view(full.state, viewer))
    assert texts(blank.events, SPECTATOR) == [
        "Round 1 (Bids) is closed: 1 of 2 answers.",  # Ada sent; Ben did not
        "Time ran out for Ben: the round's rule for a missed answer answers.",
    ]


def test_it_fills_a_blank_field_of_a_sent_answer_and_tells_its_player_alone():
    t = closed({"f1": 4})
    assert t.state["rounds"][0]["answers"]["0"] == {"f1": 4, "f2": "no"}
    assert "Your answer left Go blank: the round's rule for a missed answer gave Go: No." in texts(t.events, ADA)
    to_ada = [e for e in t.events if e.kind == "blank_filled"]
    assert [(e.seat, e.others_text, e.visible_to(HOST)) for e in to_ada] == [
        (0, "Ada's answer left Go blank: the rule gave Go: No.", True)  # the host reads it by name
    ]
    assert not [line for line in texts(t.events, BEN) if "Ada" in line or "blank" in line]
    assert t.state["rounds"][0]["filled"] == [1]  # only Ben is "missed, filled in" on the host's table
    assert not [line for line in texts(closed({"f1": 4, "f2": "yes"}).events, ADA) if "blank" in line]


def test_it_counts_an_answer_sent_with_every_field_blank_as_sent():
    t = closed({}, {"f1": 2, "f2": "yes"})
    assert texts(t.events, SPECTATOR) == ["Round 1 (Bids) is closed: 2 of 2 answers."]
    assert t.state["rounds"][0]["answers"]["0"] == {"f1": 0, "f2": "no"}
    assert "Your answer left Bid and Go blank: the round's rule for a missed answer gave Bid: 0; Go: No." in texts(
        t.events, ADA
    )


def test_it_names_nobody_when_the_rules_leave_a_missed_answer_blank():
    state = open_round(start(names=("Ada", "Ben")), "Note | text").state
    t = close(state, {1: {"f1": "hi"}})
    assert texts(t.events, SPECTATOR) == ["Round 1 (Bids) is closed: 1 of 2 answers."]
    assert t.state["rounds"][0]["answers"] == {"0": None, "1": {"f1": "hi"}}
