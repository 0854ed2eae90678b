"""Ruling F12, worked by hand on five players with host-set options (see test_rounds.py):
(a) one Mark per loser however many vectors they lose on; (b) at the end everyone sees every
proposal with its proposers, every vote, what passed and each shift result; (c) the host sees all
of it live; (d) host-written options; (e) every seat, seat 0 included, sees its own position,
distances and path."""

from games import engine_api as api
from games.flat_earth.engine import ENGINE

from .test_rounds import NAMES, OPTIONS, move, shift, start, window

SPECTATOR, HOST = api.Viewer.spectator(), api.Viewer.host()


def seat(n):
    return api.Viewer.for_seat(n)


def two_rounds():
    """Window 1: Ada and Ben both send (1, 0) to Di and (0, 2) to Ed (one proposal, 1); Cy sends a
    10° anticlockwise shift of A (proposal 2). Window 2: Di rejects 1 (one rejection: it passes),
    Ada and Ed vote for 2 (enacted: A to 10°); Cy sends (2, 0) to Ada and (0, -1) to Ben for round 2.
    Window 3: Ada and Ben both reject it (two rejections: it fails); nobody votes for a shift."""
    t = start()
    t = window(t, {0: move(3, 4), 1: move(3, 4), 2: shift("A", "ccw", 10)})
    t = window(t, {3: {"vote_1": "reject"}, 0: {"shift_vote": "2"}, 4: {"shift_vote": "2"}, 2: move(0, 1)})
    mid = t
    t = window(t, {0: {"vote_1": "reject"}, 1: {"vote_1": "reject"}})
    return mid, t


ROUND_1 = {
    "round": 1,
    "resolved": True,
    "shift": "proposal 2 was enacted",
    "proposals": [
        {
            "id": 1,
            "kind": "move",
            "text": "(1, 0) to Di, (0, 2) to Ed",
            "proposers": ["Ada", "Ben"],
            "votes": {"Di": "reject", "Ed": "accept"},
            "passed": True,
        },
        {
            "id": 2,
            "kind": "shift",
            "text": "turn A 10° anticlockwise",
            "proposers": ["Cy"],
            "voters": ["Ada", "Ed"],
            "passed": True,
        },
    ],
}
ROUND_2 = {
    "round": 2,
    "resolved": True,
    "shift": "no shift had a vote: nothing was enacted",
    "proposals": [
        {
            "id": 1,
            "kind": "move",
            "text": "(2, 0) to Ada, (0, -1) to Ben",
            "proposers": ["Cy"],
            "votes": {"Ada": "reject", "Ben": "reject"},
            "passed": False,
        }
    ],
}


def test_it_gives_a_loser_on_every_vector_one_mark():
    # Only Ada moves: (1, 1) in round 3. She wins A alone; the four others stand at (0, 0), so B, C
    # and D are draws among them, and the one left over is at distance 0 along every vector: the
    # loser on A, B, C and D, and still one Mark of Elimination.
    t = start()
    for k in range(1, 10):
        t = window(t, {0: move(0)} if k == 3 else {})
    [left] = set(range(5)) - set(t.state["winners"].values())
    assert t.state["losers"] == {v: [left] for v in "ABCD"}
    marks = [a for a in ENGINE.outcome(t.state).awards if a.kind == api.MARK_OF_ELIMINATION]
    assert [(a.seat, a.amount) for a in marks] == [(left, 1)]


def test_it_shows_everyone_every_proposal_proposer_vote_and_result_once_the_match_is_over():
    _, t = two_rounds()
    for k in range(4, 10):
        t = window(t, {})
    assert t.finished
    for viewer in (SPECTATOR, seat(0), seat(3)):
        record = ENGINE.view(t.state, viewer)["record"]
        assert record[:2] == [ROUND_1, ROUND_2]
        assert all(r["resolved"] and r["proposals"] == [] for r in record[2:])  # rounds 3-8: nobody proposed


def test_it_shows_the_host_every_vote_live_and_nobody_else():
    mid, t = two_rounds()
    # After window 2: round 1 is resolved, round 2's proposal is out for votes.
    host = ENGINE.view(mid.state, HOST)["record"]
    assert host[0] == ROUND_1
    assert host[1] == {
        "round": 2,
        "resolved": False,
        "proposals": [{"id": 1, "kind": "move", "text": "(2, 0) to Ada, (0, -1) to Ben", "proposers": ["Cy"]}],
    }
    assert ENGINE.view(t.state, HOST)["record"][:2] == [ROUND_1, ROUND_2]
    for viewer in (SPECTATOR, seat(0), seat(2), seat(3)):
        shown = ENGINE.view(t.state, viewer)
        assert "record" not in shown and "proposers" not in shown and "results" not in shown


def test_it_sees_seat_0_as_a_seat_with_its_own_position_distances_and_path():
    # Ada (seat 0) gets (1, 0) and Ben (seat 1) (0, 2) in round 1; nobody votes, so it passes.
    t = window(window(start(), {2: move(0, 1)}), {})
    ada, ben = ENGINE.view(t.state, seat(0))["me"], ENGINE.view(t.state, seat(1))["me"]
    assert ada["position"] == "(1.00, 0.00)" and ada["path"] == [[0, 0], [100, 0]]
    assert ada["distances"] == {"A": "1.00", "B": "0.00", "C": "-1.00", "D": "0.00"}
    assert ben["position"] == "(0.00, 2.00)" and ben["distances"] == {
        "A": "0.00",
        "B": "2.00",
        "C": "0.00",
        "D": "-2.00",
    }
    assert "me" not in ENGINE.view(t.state, SPECTATOR)
    for k in range(3, 10):
        t = window(t, {})
    assert ENGINE.view(t.state, seat(0))["me"]["position"] == "(1.00, 0.00)"  # and still at the end


def test_it_takes_host_options_one_per_player_at_most_distinct_within_100():
    def check(round_1):
        return ENGINE.validate_settings({"options": [round_1] + OPTIONS[1:]}, len(NAMES))

    assert not isinstance(check([[100, -100], [-100, 100], [0, 0], [1, 2], [2, 1]]), api.Invalid)  # five, for five
    for bad in (
        [[1, 0]] * 2,  # the same vector twice
        [[1, 0], [0, 1], [1, 1], [2, 0], [0, 2], [2, 2]],  # six options for five players
        [[101, 0]],
        [[0, -101]],
        [[1.5, 0]],
        [[True, 0]],
        [[1, 0, 0]],
        [],
    ):
        assert isinstance(check(bad), api.Invalid), bad
