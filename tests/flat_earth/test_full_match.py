"""A whole 13-player match of The Flat Earth Theory, worked out by hand: fixed options and
submissions, every position after every round, the vectors, the winners and the losers written
down as numbers. Positions are in hundredths; distances below are rounded for reading only.

Window by window (players 0-12; options are host-set):
 1. Round 1 options (1,0) (0,1) (-1,0) (0,-1). Ada(0) proposes 0,1,2,3; Ed(4) proposes 4,5,6,7;
    Ivy(8) proposes A 20° anticlockwise. Revealed as 1: 0,1,2,3; 2: 4,5,6,7; 3: the shift.
 2. Di(3) rejects 1 (one rejection: it passes, Di does not move); Fay(5) and Gus(6) reject 2 (it
    fails). Ivy and Jo vote for 3: A -> 20°. Round 2 options (2,0) (0,3): Ada proposes 0,9 and Ben
    proposes 0,10, so Ada gets (2,0) twice: (2,0) plus one unit = (3,0). Cy proposes B 20° clockwise,
    Di C 10° anticlockwise.
 3. One vote each for the two shifts: a tie, nothing turns. Round 3 options (1,1) (-2,1) (0,-3):
    Lu proposes 11,12,5 and Gus 6,7,8; Jo proposes D 30° anticlockwise.
 4. Mo rejects Lu's (passes without him), Hal and Ivy reject Gus's (fails); Jo's shift: D -> 300°.
    Round 4 option (1,0): Ada and Cy both give it to Ben (merged); Ed and Fay propose A by 0°,
    clockwise and anticlockwise (merged).
 5. Ed votes for the 0° shift (made, nothing moves). Round 5 options (0,1) (1,0): Di proposes 3,2.
 6. Round 6 option (-1,-1): Gus proposes it for himself.
 7. Round 7 options (1,2) (0,0): Hal proposes 7,8 and Ivy 7,9: Hal gets (1,2) twice:
    (1,2) x (1 + 1/sqrt 5) = (1.447.., 2.894..) -> (1.45, 2.89).
 8. Round 8 options (-1,0) (0,-1) (1,0): Mo proposes 12,10,4; Fay proposes B 10° anticlockwise.
 9. Fay votes for her shift: B -> 100°.
Final vectors A 20°, B 100°, C 180°, D 300°.
 A (x cos20 + y sin20): Ada 3.76 alone at the top: Ada wins A.
 B (-0.17x + 0.98y): Jo 2.95 alone (Ada gone): Jo wins B.
 C (-x): 1 is shared by Gus and Mo, 0 by five players, -1 by Ben, Ed and Lu; Hal's -1.45 is the
   greatest distance nobody shares: Hal wins C.
 D (0.5x - 0.87y): Fay 2.60 alone: Fay wins D.
 Losers (smallest distance of 0 or more among non-winners): A: Cy, Ivy (0); B: Cy, Ivy;
 C: Cy, Di, Ivy, Kit (0); D: Cy, Ivy."""

import random

from games import engine_api as api
from games.flat_earth.engine import ENGINE
from tests.support.engine_driver import close_phase

NAMES = ["Ada", "Ben", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo"]
OPTIONS = [
    [[1, 0], [0, 1], [-1, 0], [0, -1]],
    [[2, 0], [0, 3]],
    [[1, 1], [-2, 1], [0, -3]],
    [[1, 0]],
    [[0, 1], [1, 0]],
    [[-1, -1]],
    [[1, 2], [0, 0]],
    [[-1, 0], [0, -1], [1, 0]],
]


def move(*players):
    return {"kind": "move", **{f"option_{i}": str(p) for i, p in enumerate(players)}}


def shift(vector, direction, degrees):
    return {"kind": "shift", "shift_vector": vector, "shift_dir": direction, "shift_degrees": degrees}


WINDOWS = {
    1: {0: move(0, 1, 2, 3), 4: move(4, 5, 6, 7), 8: shift("A", "ccw", 20)},
    2: {
        3: {"vote_1": "reject", **shift("C", "ccw", 10)},
        5: {"vote_2": "reject"},
        6: {"vote_2": "reject"},
        8: {"shift_vote": "3"},
        9: {"shift_vote": "3"},
        0: move(0, 9),
        1: move(0, 10),
        2: shift("B", "cw", 20),
    },
    3: {
        2: {"shift_vote": "3"},
        3: {"shift_vote": "4"},
        11: move(11, 12, 5),
        6: move(6, 7, 8),
        9: shift("D", "ccw", 30),
    },
    4: {
        12: {"vote_2": "reject"},
        7: {"vote_1": "reject"},
        8: {"vote_1": "reject"},
        9: {"shift_vote": "3"},
        0: move(1),
        2: move(1),
        4: shift("A", "cw", 0),
        5: shift("A", "ccw", 0),
    },
    5: {4: {"shift_vote": "2"}, 3: move(3, 2)},
    6: {6: move(6)},
    7: {7: move(7, 8), 8: move(7, 9)},
    8: {12: move(12, 10, 4), 5: shift("B", "ccw", 10)},
    9: {5: {"shift_vote": "2"}},
}

ORIGIN = [0, 0]
# Every position after each round, players 0-12, in hundredths.
AFTER = {
    1: {0: [100, 0], 1: [0, 100], 2: [-100, 0]},
    2: {0: [400, 0], 1: [0, 100], 2: [-100, 0], 9: [0, 300], 10: [0, 300]},
    3: {0: [400, 0], 1: [0, 100], 2: [-100, 0], 9: [0, 300], 10: [0, 300], 11: [100, 100], 5: [0, -300]},
    4: {0: [400, 0], 1: [100, 100], 2: [-100, 0], 9: [0, 300], 10: [0, 300], 11: [100, 100], 5: [0, -300]},
    5: {0: [400, 0], 1: [100, 100], 2: [0, 0], 3: [0, 100], 9: [0, 300], 10: [0, 300], 11: [100, 100], 5: [0, -300]},
    6: {
        0: [400, 0],
        1: [100, 100],
        3: [0, 100],
        9: [0, 300],
        10: [0, 300],
        11: [100, 100],
        5: [0, -300],
        6: [-100, -100],
    },
    7: {
        0: [400, 0],
        1: [100, 100],
        3: [0, 100],
        9: [0, 300],
        10: [0, 300],
        11: [100, 100],
        5: [0, -300],
        6: [-100, -100],
        7: [145, 289],
    },
    8: {
        0: [400, 0],
        1: [100, 100],
        3: [0, 100],
        9: [0, 300],
        10: [0, 200],
        11: [100, 100],
        5: [0, -300],
        6: [-100, -100],
        7: [145, 289],
        12: [-100, 0],
        4: [100, 0],
    },
}
VECTORS = {
    1: {"A": 20, "B": 90, "C": 180, "D": 270},
    2: {"A": 20, "B": 90, "C": 180, "D": 270},
    3: {"A": 20, "B": 90, "C": 180, "D": 300},
    4: {"A": 20, "B": 90, "C": 180, "D": 300},
    8: {"A": 20, "B": 100, "C": 180, "D": 300},
}


def test_a_whole_13_player_match_worked_by_hand():
    settings = ENGINE.validate_settings({"options": OPTIONS}, 13)
    rng = random.Random(3)
    t = ENGINE.setup([api.SeatInfo(i, n) for i, n in enumerate(NAMES)], settings, rng)
    t = close_phase(ENGINE, t.state, "pregame", (), {}, rng)
    for k in range(1, 10):
        [spec] = t.open
        assert spec.key == f"window-{k}"
        t = close_phase(ENGINE, t.state, spec.key, spec.waits_on, WINDOWS[k], rng)
        if k >= 2:
            expected = [AFTER[k - 1].get(seat, ORIGIN) for seat in range(13)]
            assert t.state["positions"] == expected, k - 1
            if k - 1 in VECTORS:
                assert t.state["vectors"] == VECTORS[k - 1], k - 1
    state = t.state
    assert t.finished
    assert [r["passed"] for r in state["results"]] == [[1], [1, 2], [2], [1], [1], [1], [1, 2], [1]]
    assert [r["shift"] for r in state["results"]] == [
        "enacted 3",
        "tied",
        "enacted 3",
        "enacted 2",
        "no votes",
        "no votes",
        "no votes",
        "enacted 2",
    ]
    assert state["winners"] == {"A": 0, "B": 9, "C": 7, "D": 5}
    assert state["losers"] == {"A": [2, 8], "B": [2, 8], "C": [2, 3, 8, 10], "D": [2, 8]}
    outcome = ENGINE.outcome(state)
    assert sorted(s for s, status in outcome.statuses.items() if status == api.HEAVEN) == [0, 5, 7, 9]
    assert [a.seat for a in outcome.awards] == [2, 3, 8, 10]
    assert outcome.forced_gifts == [(api.TOKEN_OF_LIFE, 1, (0, 1, 4, 5, 6, 7, 9, 11, 12))]
