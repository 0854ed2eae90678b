"""The Flat Earth Theory window by window (F2-F7): proposals and votes of two rounds on one form,
reveal without proposers and with identical proposals merged, a proposal failing on two
rejections, a player in two passed proposals, shifts tallied, tied, void, and what each player
is told. Five players, host-set options."""

import random

from games import engine_api as api
from games.flat_earth.engine import ENGINE
from tests.support.engine_driver import close_phase

NAMES = ["Ada", "Ben", "Cy", "Di", "Ed"]
OPTIONS = [[[1, 0], [0, 2]], [[2, 0], [0, -1]], [[1, 1]], [[1, 0]], [[1, 0]], [[1, 0]], [[1, 0]], [[1, 0]]]


def start():
    settings = ENGINE.validate_settings({"options": OPTIONS}, 5)
    t = ENGINE.setup([api.SeatInfo(i, n) for i, n in enumerate(NAMES)], settings, random.Random(1))
    assert [p.key for p in t.open] == ["pregame"]
    return close_phase(ENGINE, t.state, "pregame", (), {}, random.Random(1))


def window(t, given):
    [spec] = t.open
    assert spec.waits_on == (0, 1, 2, 3, 4) and spec.close_early
    return close_phase(ENGINE, t.state, spec.key, spec.waits_on, given, random.Random(2))


def move(*players):
    return {"kind": "move", **{f"option_{i}": str(p) for i, p in enumerate(players)}}


def shift(vector, direction, degrees):
    return {"kind": "shift", "shift_vector": vector, "shift_dir": direction, "shift_degrees": degrees}


def told(t, seat):
    return [e.text for e in t.events if e.visibility == api.PRIVATE and e.seat == seat]


def test_two_windows_pipelined():
    t = start()
    assert t.open[0].key == "window-1" and "Round 1's movement options: (1, 0), (0, 2)." in t.events[-1].text
    # Window 1: round 1 proposals. Ada and Ben send the same movement proposal (merged), Cy
    # another, Di a 0-degree shift of A clockwise and Ed one anticlockwise (one proposal).
    t = window(t, {0: move(3, 4), 1: move(3, 4), 2: move(3, 0), 3: shift("A", "cw", 0), 4: shift("A", "ccw", 0)})
    proposals = t.state["proposals"]["1"]
    assert [(p["kind"], p.get("assign")) for p in proposals] == [("move", [3, 0]), ("move", [3, 4]), ("shift", None)]
    revealed = next(e.text for e in t.events if e.kind == "flat.proposals")
    assert "(1, 0) to Di, (0, 2) to Ada" in revealed and "turn A by 0°" in revealed
    assert all(name not in revealed.split(":", 1)[0] for name in NAMES)  # no proposer is named
    assert t.open[0].key == "window-2"
    # Window 2: votes on round 1 and round 2 proposals on one form.
    form = ENGINE.form(t.state, "window-2", 3)
    names = [f.name for f in form.fields]
    assert names[:3] == ["vote_1", "vote_2", "shift_vote"] and "kind" in names and "option_1" in names
    assert [f.name for f in ENGINE.form(t.state, "window-2", 1).fields][0] == "shift_vote"  # Ben is named in none
    # Proposal 1 ((1,0) to Di, (0,2) to Ada): Di and Ada reject it: two rejections, it fails.
    # Proposal 2 ((1,0) to Di, (0,2) to Ed): Ed rejects; one rejection, it passes; Ed does not move by it.
    # Di is in both: only proposal 2 passed, so Di moves (1, 0).
    t = window(
        t,
        {0: {"vote_1": "reject"}, 3: {"vote_1": "reject", "vote_2": "accept"}, 4: {"vote_2": "reject"}, 1: move(0, 1)},
    )
    assert t.state["positions"] == [[0, 0], [0, 0], [0, 0], [100, 0], [0, 0]]
    assert t.state["results"][0]["passed"] == [2]
    assert told(t, 3) == ["After round 1 you are at (1.00, 0.00); along A 1.00, B 0.00, C -1.00, D 0.00."]
    assert not any("passed" in e.text for e in t.events)  # whether a proposal passed is never told
    assert t.open[0].key == "window-3"


def test_a_player_in_two_passed_proposals_moves_by_the_average():
    t = start()
    t = window(t, {0: move(0, 1), 1: move(2, 0)})  # Ada gets (1, 0) in one and (0, 2) in the other
    t = window(t, {})  # nobody votes: everything passes
    assert t.state["positions"][0] == [50, 100]  # the average of (1, 0) and (0, 2)
    assert t.state["positions"][1] == [0, 200] and t.state["positions"][2] == [100, 0]


def test_identical_options_in_two_passed_proposals_get_the_bonus():
    t = start()
    t = window(t, {0: move(0, 1), 1: move(0, 2)})  # Ada gets (1, 0) twice
    t = window(t, {})
    assert t.state["positions"][0] == [200, 0]  # (1, 0) + 1 unit


def test_the_shift_with_most_votes_is_enacted_and_a_tie_enacts_nothing():
    t = start()
    t = window(t, {0: shift("A", "ccw", 10), 1: shift("B", "cw", 5)})
    ids = {p["vector"]: p["id"] for p in t.state["proposals"]["1"]}
    t = window(
        t, {0: {"shift_vote": str(ids["A"])}, 1: {"shift_vote": str(ids["A"])}, 2: {"shift_vote": str(ids["B"])}}
    )
    assert t.state["vectors"]["A"] == 10 and t.state["vectors"]["B"] == 90
    assert "After round 1 the vectors point: A 10°, B 90°, C 180°, D 270°." in [e.text for e in t.events]
    t = window(t, {0: {}, 1: {}})  # no shift proposals in round 2: nothing to vote on
    tie = start()
    tie = window(tie, {0: shift("A", "ccw", 10), 1: shift("B", "cw", 5)})
    ids = {p["vector"]: p["id"] for p in tie.state["proposals"]["1"]}
    tie = window(tie, {0: {"shift_vote": str(ids["A"])}, 1: {"shift_vote": str(ids["B"])}})
    assert tie.state["vectors"] == {"A": 0, "B": 90, "C": 180, "D": 270}
    assert tie.state["results"][0]["shift"] == "tied"


def test_a_shift_is_refused_when_proposed_and_void_when_enacted_after_another_moved():
    t = start()
    refusal = ENGINE.validate_submission(t.state, "window-1", 0, shift("A", "cw", 30))
    assert not isinstance(refusal, api.Invalid)  # 330 degrees: D is at 270
    state = t.state
    state["vectors"]["D"] = 340
    refusal = ENGINE.validate_submission(state, "window-1", 0, shift("A", "cw", 25))
    assert isinstance(refusal, api.Invalid) and "cross D" in refusal.message
    # Round 1 proposes C 30 clockwise (to 150); round 2 proposes B 30 anticlockwise (to 120),
    # fine when proposed. Before round 2's shift is enacted C stands at 115 (set by hand here, as
    # another shift could have put it): B would now cross C, so the winning shift is void.
    t = start()
    t = window(t, {0: shift("C", "cw", 30)})
    c_id = t.state["proposals"]["1"][0]["id"]
    t = window(t, {0: {"shift_vote": str(c_id), **shift("B", "ccw", 30)}})  # C -> 150; B's +30 -> 120 is fine
    assert t.state["vectors"]["C"] == 150
    t.state["vectors"]["C"] = 115  # as if another shift had moved C since B's proposal was checked
    b_id = t.state["proposals"]["2"][0]["id"]
    t = window(t, {0: {"shift_vote": str(b_id)}})
    assert t.state["vectors"]["B"] == 90 and t.state["results"][1]["shift"] == "void"


def test_a_movement_proposal_needs_every_option_given_to_a_different_player():
    t = start()
    assert isinstance(ENGINE.validate_submission(t.state, "window-1", 0, move(1, 1)), api.Invalid)
    assert isinstance(
        ENGINE.validate_submission(t.state, "window-1", 0, {"kind": "move", "option_0": "1"}), api.Invalid
    )
    assert isinstance(ENGINE.validate_submission(t.state, "window-1", 0, move(1, 9)), api.Invalid)
    assert ENGINE.validate_submission(t.state, "window-1", 0, move(4, 1)) == {
        "kind": "move",
        "option_0": "4",
        "option_1": "1",
    }
    assert ENGINE.validate_submission(t.state, "window-1", 0, {}) == {}  # no proposal


def test_nine_windows_then_the_winners():
    t = start()
    for k in range(1, 10):
        assert t.open[0].key == f"window-{k}"
        t = window(t, {0: move(0)} if k == 3 else {})
    assert t.finished and t.state["window"] == 9
    # Ada took (1, 1) in round 3, the only move of the match: she alone has the greatest
    # distance along A and wins it; the others all stand at (0, 0), so B, C and D are draws.
    assert t.state["positions"][0] == [100, 100]
    assert t.state["winners"]["A"] == 0
    assert ENGINE.outcome(t.state).standings[0].place == 1


def test_a_missed_window_is_said_once_as_sent_empty_to_its_player_and_the_host():
    t = start()
    t = window(t, {0: move(3, 4), 1: {}, 2: {}, 3: {}})  # Ed sends nothing; Ben, Cy and Di send an empty form
    said = [(e.visibility, e.seat, e.text) for e in t.events if e.kind == "flat.missed"]
    assert said == [
        (
            "private",
            4,
            (
                "Time ran out: window 1 counts as sent empty: no proposal, every movement "
                "proposal naming you accepted, no shift vote."
            ),
        ),
    ]
    # the host reads it in the third person (every private line has its words for others)
    [line] = [e for e in t.events if e.kind == "flat.missed"]
    assert line.others_text == (
        "Time ran out for Ed: window 1 counts as sent empty: no proposal, every movement "
        "proposal naming Ed accepted, no shift vote."
    )
    # who sent is secret in a window (F4): no public line says who missed one
    assert not [e for e in t.events if "ran out" in e.text and e.visibility == api.PUBLIC]
