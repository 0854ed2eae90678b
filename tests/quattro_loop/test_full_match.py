"""A whole match of Quattro Loop worked out by hand: fixed boards (the host's), fixed deals and
placements, and after every round both loops and the points written down as numbers.

Cards are named by their starting value and colour: seat s holds s-0 red 1, s-1 red 2, s-2 blue 1,
s-3 blue 2, s-4 green 1, s-5 green 2, s-6 yellow 1, s-7 yellow 2. Each round a player's cards
are dealt in the order given (the test stands in for the shuffle); the k-th card dealt goes on
slot k (A to G), and the eighth is the round's unplayed card.

The boards: S sets the card placed on A to 1, B to 2, ... G to 7 (`now: set n this`); ONES sets
every placed card to 1, TWOS to 2; QUIET does nothing (`end: swap this this`).

Round by round, Ada (seat 0, the Advantage) against Ben:
 1. S. Ada's colours A-G are r b g y r b g: DEFG = y4 r5 b6 g7 = 22. Ben's r r b b g g y make no
    quattro. Ada 1-0. Ada's unplayed yellow 1 gets the Advantage's +1: yellow 2.
 2. ONES: every card 1, no quattro either side: both get 1. 2-1.
 3. S, both r b g y r b g: 22 each, ½ each. 2½-1½.
 4. S, Ada r r b b g g y (none), Ben r b g y r b g (22). 2½-2½.
 5. ONES: 3½-3½.   6. TWOS: 4½-4½.   7. S, 22 each: 5-5 (both at 5, no lead: play on).
 8. The new sets: Ada's unplayed cards were yellow 1 (round 1, without the +1) and yellow 4 (the
    s-7 card, set to 4 on D in round 1, unplayed since), Ben's yellow 2 seven times; each adds a 0.
    QUIET: seven yellows and a 0 make no quattro: both +1. 6-6, and so on to round 15: 13-13.
 After max_rounds (15) the points are equal; the sums of round quattros too (Ada 22+22+22, Ben
 22+22+22); the Advantage holder, Ada, wins."""

import random

from games import engine_api as api
from games.quattro_loop.engine import ENGINE
from games.quattro_loop.engine.notation import SLOTS
from tests.support.engine_driver import close_phase

S = [f"now: set {n} this" for n in range(1, 8)]
ONES, TWOS, QUIET = ["now: set 1 this"] * 7, ["now: set 2 this"] * 7, ["end: swap this this"] * 7
BOARDS = [S, ONES, S, S, ONES, TWOS, S] + [QUIET] * 8
RBGY = [0, 2, 4, 6, 1, 3, 5, 7]  # dealt so that A-G are red blue green yellow red blue green
PAIRS = [0, 1, 2, 3, 4, 5, 6, 7]  # A-G red red blue blue green green yellow
ADA_R1 = [0, 3, 4, 7, 1, 2, 5, 6]  # r1 b2 g1 y2 r2 b1 g2, unplayed y1
ORDERS = {
    1: (ADA_R1, PAIRS),
    2: (PAIRS, PAIRS),
    3: (RBGY, RBGY),
    4: (PAIRS, RBGY),
    5: (PAIRS, PAIRS),
    6: (PAIRS, PAIRS),
    7: (RBGY, RBGY),
}

# After each round: (Ada's loop, Ben's loop, points), loops as value+colour letter, 0 colourless.
EXPECTED = {
    1: ("1r 2b 3g 4y 5r 6b 7g", "1r 2r 3b 4b 5g 6g 7y", (1, 0)),
    2: ("1r 1r 1b 1b 1g 1g 1y", "1r 1r 1b 1b 1g 1g 1y", (2, 1)),
    3: ("1r 2b 3g 4y 5r 6b 7g", "1r 2b 3g 4y 5r 6b 7g", (2.5, 1.5)),
    4: ("1r 2r 3b 4b 5g 6g 7y", "1r 2b 3g 4y 5r 6b 7g", (2.5, 2.5)),
    5: ("1r 1r 1b 1b 1g 1g 1y", "1r 1r 1b 1b 1g 1g 1y", (3.5, 3.5)),
    6: ("2r 2r 2b 2b 2g 2g 2y", "2r 2r 2b 2b 2g 2g 2y", (4.5, 4.5)),
    7: ("1r 2b 3g 4y 5r 6b 7g", "1r 2b 3g 4y 5r 6b 7g", (5, 5)),
    8: ("1y 4y 4y 4y 4y 4y 4y", "2y 2y 2y 2y 2y 2y 2y", (6, 6)),
}
QUATTROS = {1: (22, None), 2: (None, None), 3: (22, 22), 4: (None, 22), 5: (None, None), 6: (None, None), 7: (22, 22)}


def text(loop):
    return " ".join("." if c is None else f"{c['v']}{c['c'][0] if c['c'] else ''}" for c in loop)


def deal(state, seat, order):
    """Stand in for the shuffle: the seat's cards come in `order` (indices into its set)."""
    ids = [state["owned"][seat][i] for i in order]
    state["hands"][seat], state["decks"][seat] = ids[:2], ids[2:]
    return ids


def play_round(state, orders, rng):
    ids = [deal(state, seat, order) for seat, order in enumerate(orders)]
    for k in range(7):
        key = f"r{state['round']}-place-{k + 1}"
        moves = {seat: {"card": ids[seat][k], "slot": SLOTS[k]} for seat in (0, 1)}
        t = close_phase(ENGINE, state, key, (0, 1), moves, rng)
        assert [p.key for p in t.open] != [] or t.finished
        assert all("-prompt-" not in p.key for p in t.open), "no choice is asked in this match"
        state = t.state
    return state, t


def test_a_whole_match_worked_by_hand():
    rng = random.Random(0)
    settings = ENGINE.validate_settings({"boards": "custom", "board_lines": BOARDS, "advantage_seat": 0}, 2)
    state = ENGINE.setup([api.SeatInfo(0, "Ada"), api.SeatInfo(1, "Ben")], settings, rng).state
    for n in range(1, 16):
        assert state["round"] == n
        orders = ORDERS.get(n, (PAIRS, PAIRS))
        state, t = play_round(state, orders, rng)
        record = state["rounds"][n - 1]
        if n in EXPECTED:
            ada, ben, points = EXPECTED[n]
            assert (text(record["loops"][0]), text(record["loops"][1])) == (ada, ben), n
            assert tuple(sum(r["points"][s] for r in state["rounds"][:n]) for s in (0, 1)) == points, n
        sums = tuple(q["sum"] if q else None for q in record["quattros"])
        assert sums == QUATTROS.get(n, (None, None)), n
        if n == 1:
            assert state["cards"]["0-6"] == {"v": 2, "c": "yellow"}  # the Advantage's +1
            assert state["cards"]["1-7"] == {"v": 2, "c": "yellow"}
        if n == 7:
            assert not state["finished"]  # 5-5: play on
            new_sets = [[text([state["cards"][c]]) for c in state["owned"][s]] for s in (0, 1)]
            assert new_sets == [["1y", "4y", "4y", "4y", "4y", "4y", "4y", "0"], ["2y"] * 7 + ["0"]]
    assert state["finished"] and t.finished
    assert state["points"] == [13.0, 13.0] and state["sums"] == [66, 66]
    assert state["winner"] == 0  # equal points, equal sums: the Advantage holder
    outcome = ENGINE.outcome(state)
    assert [(s.seat, s.place) for s in outcome.standings] == [(0, 1), (1, 2)]
    assert [(a.seat, a.kind) for a in outcome.awards] == [(1, api.ELIMINATED)]
