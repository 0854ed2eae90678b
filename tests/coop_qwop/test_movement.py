"""Movement rules (seed 'Cards' + rulings Q3-Q6, Q8), driven through movement.play_round and,
for the wiring, through the whole engine. Distances are decimetres: 1 m = 10 dm."""

from __future__ import annotations

import pytest

from games import engine_api as api
from games.coop_qwop.engine import ENGINE
from games.coop_qwop.engine.game import round_key
from games.coop_qwop.engine.movement import play_round

from .support import all_filler, athlete, legged_pair, lone, number_of, play, started

# Seed table, metres -> decimetres (Q3): QQ 0.5 m, QW -0.5, QO 0.7, QP 1, WW 1.5, WO -0.2,
# WP -0.7, OO 0 ("stays put"), OP 2.
TABLE = [
    ("Q", "Q", 5),  # 0.5 m forward
    ("Q", "W", -5),  # stumbles back 0.5 m
    ("Q", "O", 7),  # 0.7 m forward
    ("Q", "P", 10),  # 1 m forward
    ("W", "W", 15),  # 1.5 m forward
    ("W", "O", -2),  # stumbles back 0.2 m
    ("W", "P", -7),  # stumbles back 0.7 m
    ("O", "O", 0),  # stays put
    ("O", "P", 20),  # 2 m forward
]


def one_round(cards, round_no=1, runner=None, decl=None):
    a = runner or lone(1)
    report = play_round([a], {1: list(cards)}, {1: decl or [None, None]}, round_no)
    return a, report[1]


@pytest.mark.parametrize("first,second,dm", TABLE)
def test_it_moves_by_the_table_in_either_card_order(first, second, dm):
    a, r = one_round([first, second])
    assert a["moves"] == [dm]  # table value, see TABLE comment
    assert r["move"] == dm and not r["falls"]
    b, r2 = one_round([second, first])  # unordered pair: the other controller's card first
    assert b["moves"] == [dm]
    assert r2["move"] == dm


def test_it_covers_all_sixteen_ordered_plays():
    # the ten unordered pairs: the nine of TABLE plus PP (fall); every ordered play of two
    # letters must land on one of them
    expected = {frozenset((a, b)): dm for a, b, dm in TABLE}
    seen = set()
    for first in "QWOP":
        for second in "QWOP":
            a, r = one_round([first, second])
            if first == second == "P":
                assert r["falls"] and a["moves"] == [0]  # PP: falls, no distance
            else:
                assert a["moves"] == [expected[frozenset((first, second))]] and not r["falls"]
            seen.add(frozenset((first, second)))
    assert len(seen) == 10  # 4 + C(4, 2) unordered pairs


def test_it_makes_pp_fall_and_the_fall_lasts_one_round():
    a = lone(1)
    play_round([a], {1: ["P", "P"]}, {}, 1)  # PP: falls, moves 0
    assert a["moves"] == [0]
    assert a["down_in"] == 2  # down in the next round
    r = play_round([a], {1: ["O", "P"]}, {}, 2)[1]  # OP would be +20, but spent for nothing
    assert r["down"] and r["move"] == 0
    play_round([a], {1: ["O", "P"]}, {}, 3)  # up again: OP +20
    assert a["moves"] == [0, 0, 20]  # 0 (fall), 0 (getting up), +20


def test_it_lets_a_fall_in_round_1_not_touch_round_3_even_with_pp_again_in_round_2():
    a = lone(1)
    play_round([a], {1: ["P", "P"]}, {}, 1)
    play_round([a], {1: ["P", "P"]}, {}, 2)  # cards on a fallen athlete don't count: no new fall
    play_round([a], {1: ["Q", "Q"]}, {}, 3)  # QQ +5
    assert a["moves"] == [0, 0, 5]


def test_it_defers_x_to_the_next_round_and_adds_that_rounds_own_cards():
    a = lone(1, (0, 1))
    r1 = play_round([a], {1: ["X", "Q"]}, {}, 1)[1]
    assert r1["move"] == 0 and r1["deferred"]  # nothing processed in round 1
    # round 2: controller 0 declares O for the X -> QO +7 processed first; own WW +15
    r2 = play_round([a], {1: ["W", "W"]}, {1: ["O", None]}, 2)[1]
    assert r2["move"] == 22  # 7 + 15
    assert a["moves"] == [0, 22]  # deferred counted as round-2 movement


def test_it_defers_when_the_second_controller_plays_x():
    a = lone(1, (0, 1))
    play_round([a], {1: ["P", "X"]}, {}, 1)
    play_round([a], {1: ["O", "O"]}, {1: [None, "O"]}, 2)  # P + declared O = OP +20; own OO 0
    assert a["moves"] == [0, 20]


def test_it_makes_both_controllers_declare_when_both_played_x():
    a = lone(1, (0, 1))
    play_round([a], {1: ["X", "X"]}, {}, 1)
    play_round([a], {1: ["Q", "Q"]}, {1: ["P", "O"]}, 2)  # declared OP +20, own QQ +5
    assert a["moves"] == [0, 25]  # 20 + 5


def test_it_spends_an_x_on_a_fallen_athlete_for_nothing():
    a = lone(1, (0, 1))
    play_round([a], {1: ["P", "P"]}, {}, 1)  # falls; down in round 2
    r2 = play_round([a], {1: ["X", "O"]}, {}, 2)[1]
    assert r2["move"] == 0 and not r2["deferred"]  # X on a fallen athlete: no effect
    assert a["deferred"] is None  # nothing waits, no declaration owed
    # a stray declaration in round 3 has nothing to act on: only QQ +5 counts
    play_round([a], {1: ["Q", "Q"]}, {1: ["P", "P"]}, 3)
    assert a["moves"] == [0, 0, 5]


def test_it_makes_a_deferred_pp_fall_take_effect_the_round_after_it_was_processed():
    a = lone(1, (0, 1))
    play_round([a], {1: ["X", "P"]}, {}, 1)  # round 1: waits
    r2 = play_round([a], {1: ["Q", "P"]}, {1: ["P", None]}, 2)[1]
    # round 2: deferred P+P processed -> fall, but it takes effect in round 3; own QP +10 counts
    assert r2["falls"] and r2["move"] == 10
    r3 = play_round([a], {1: ["O", "P"]}, {}, 3)[1]  # down: OP spent for nothing
    assert r3["down"] and r3["move"] == 0
    play_round([a], {1: ["O", "P"]}, {}, 4)  # up: OP +20
    assert a["moves"] == [0, 10, 0, 20]


def test_it_chains_x_twice():
    a = lone(1, (0, 1))
    play_round([a], {1: ["X", "Q"]}, {}, 1)  # round 1 waits
    play_round([a], {1: ["W", "X"]}, {1: ["Q", None]}, 2)  # round-1 QQ +5 processed; round 2 waits
    play_round([a], {1: ["O", "O"]}, {1: [None, "W"]}, 3)  # round-2 WW +15 processed; own OO 0
    assert a["moves"] == [0, 5, 15]


@pytest.mark.parametrize("cards", [[None, "O"], ["P", None], [None, None], [None, "X"], ["X", None]])
def test_it_moves_0_with_a_missing_card(cards):
    a = lone(1)
    r = play_round([a], {1: cards}, {}, 1)[1]
    assert a["moves"] == [0]  # Q6: a controller contributed nothing -> the athlete moves 0
    assert not r["falls"]


def test_it_gives_no_movement_when_no_card_entry_at_all():
    a = lone(1)
    play_round([a], {}, {}, 1)
    assert a["moves"] == [0]  # neither controller played anything


# --- three-legged (Q8) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards_a,cards_b,dm",
    [
        (["Q", "P"], ["Q", "P"], 10),  # identical pairs: move by QP, +10
        (["P", "Q"], ["Q", "P"], 10),  # identical as unordered pairs: still QP +10
        (["O", "P"], ["P", "O"], 20),  # identical OP: +20
        (["W", "W"], ["W", "W"], 15),  # identical WW: +15
        (["Q", "W"], ["W", "P"], 10),  # seed example: share W, rest Q+P -> +10
        (["W", "P"], ["Q", "W"], 10),  # same, athletes swapped
        (["Q", "Q"], ["W", "P"], 0),  # seed example: nothing in common -> stay put
        (["Q", "Q"], ["Q", "O"], 7),  # share Q, rest Q+O -> +7
        (["W", "W"], ["W", "O"], -2),  # share W, rest W+O -> -0.2 m
        (["P", "P"], ["Q", "P"], 10),  # share P, rest P+Q -> +10 (no fall)
        (["O", "Q"], ["W", "O"], -5),  # share O, rest Q+W -> -0.5 m
        (["O", "O"], ["W", "P"], 0),  # nothing in common
        (["P", "W"], ["O", "P"], -2),  # share P, rest W+O -> -2
    ],
)
def test_it_moves_three_legged_partners_together(cards_a, cards_b, dm):
    x, y = legged_pair(1, 2)
    report = play_round([x, y], {1: cards_a, 2: cards_b}, {}, 1)
    assert x["moves"] == [dm] and y["moves"] == [dm]  # both partners the same distance
    assert report[1]["move"] == report[2]["move"] == dm
    assert not report[1]["falls"]


def test_it_makes_both_partners_fall_only_on_pp_pp():
    x, y = legged_pair(1, 2)
    play_round([x, y], {1: ["P", "P"], 2: ["P", "P"]}, {}, 1)  # identical PP: both fall
    assert x["down_in"] == y["down_in"] == 2
    play_round([x, y], {1: ["O", "P"], 2: ["O", "P"]}, {}, 2)  # fallen pair: identical OP spent
    play_round([x, y], {1: ["O", "P"], 2: ["O", "P"]}, {}, 3)  # up: OP +20
    assert x["moves"] == y["moves"] == [0, 0, 20]


def test_it_defers_the_pair_when_one_partner_has_an_x():
    x, y = legged_pair(1, 2)
    report = play_round([x, y], {1: ["X", "Q"], 2: ["W", "P"]}, {}, 1)
    assert report[1]["deferred"] and report[2]["deferred"]  # the whole pair waits
    assert x["moves"] == y["moves"] == [0]
    # round 2: X declared W -> athlete 1 holds W+Q, athlete 2 W+P: share W, rest Q+P +10;
    # own cards OO / OO: identical OO, 0
    play_round([x, y], {1: ["O", "O"], 2: ["O", "O"]}, {1: ["W", None], 2: [None, None]}, 2)
    assert x["moves"] == y["moves"] == [0, 10]


def test_it_moves_a_pair_0_when_one_card_is_missing():
    x, y = legged_pair(1, 2)
    play_round([x, y], {1: [None, "Q"], 2: ["Q", "Q"]}, {}, 1)  # would share Q; a card is missing
    assert x["moves"] == y["moves"] == [0]


def test_it_keeps_single_runners_independent_of_a_pair():
    x, y = legged_pair(1, 2)
    z = lone(3, (4, 5))
    play_round([x, y, z], {1: ["Q", "W"], 2: ["W", "P"], 3: ["W", "W"]}, {}, 1)
    assert x["moves"] == y["moves"] == [10]  # share W, rest QP +10
    assert z["moves"] == [15]  # WW +15


# --- through the engine ----------------------------------------------------------------------


def test_it_moves_an_athlete_through_the_engine():
    state = started()
    n = number_of(state, 0, 1)
    subs = all_filler(state, "O", s0={f"card_{n}": "Q"}, s1={f"card_{n}": "P"})
    t = play(state, subs)
    assert athlete(t.state, n)["moves"] == [10]  # QP +10
    # every other athlete got O+O: 0
    assert all(a["moves"] == [0] for a in t.state["athletes"] if a["number"] != n)
    assert t.state["round"] == 2


def test_it_runs_an_x_and_its_declaration_through_the_engine():
    state = started()
    n = number_of(state, 2, 5)
    t = play(state, all_filler(state, "O", s2={f"card_{n}": "X"}, s5={f"card_{n}": "Q"}))
    state = t.state
    assert athlete(state, n)["moves"] == [0]  # waiting
    fields = [f.name for f in ENGINE.form(state, round_key(2), 2).fields]
    assert f"declare_{n}" in fields  # seat 2 owes a declaration
    assert f"declare_{n}" not in [f.name for f in ENGINE.form(state, round_key(2), 5).fields]
    # declared O: Q+O = +7; own round-2 cards W+W = +15 -> 22
    # (everyone else plays Q this round: 8 O cards cannot cover two rounds of 7 athletes)
    t = play(state, all_filler(state, "Q", s2={f"card_{n}": "W", f"declare_{n}": "O"}, s5={f"card_{n}": "W"}))
    assert athlete(t.state, n)["moves"] == [0, 22]


def test_it_refuses_a_fall_round_declaration_through_the_engine():
    state = started()
    n = number_of(state, 0, 7)
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "P"}, s7={f"card_{n}": "P"})).state  # PP
    state = play(state, all_filler(state, "Q", s0={f"card_{n}": "X"}, s7={f"card_{n}": "P"})).state  # down
    assert athlete(state, n)["moves"] == [0, 0]
    # the X went on a fallen athlete: no declaration is owed in round 3
    assert f"declare_{n}" not in [f.name for f in ENGINE.form(state, round_key(3), 0).fields]
    bad = ENGINE.validate_submission(state, round_key(3), 0, {f"declare_{n}": "Q"})
    assert isinstance(bad, api.Invalid)
    t = play(state, all_filler(state, "W", s0={f"card_{n}": "Q"}, s7={f"card_{n}": "Q"}))
    assert athlete(t.state, n)["moves"] == [0, 0, 5]  # QQ +5 only


def test_it_makes_every_x_player_of_a_pair_declare():
    x, y = legged_pair(1, 2)
    play_round([x, y], {1: ["X", "Q"], 2: ["O", "X"]}, {}, 1)  # an X on each partner: the pair waits
    # declared: athlete 1 W+Q, athlete 2 O+O -> no common letter -> the deferred part is 0;
    # own cards: athlete 1 O+P, athlete 2 P+Q -> share P, rest O+Q -> +7
    play_round([x, y], {1: ["O", "P"], 2: ["P", "Q"]}, {1: ["W", None], 2: [None, "O"]}, 2)
    assert x["moves"] == y["moves"] == [0, 7]
    x, y = legged_pair(1, 2)
    play_round([x, y], {1: ["X", "Q"], 2: ["O", "X"]}, {}, 1)
    # declared: athlete 1 O+Q, athlete 2 O+W -> share O, rest Q+W -> -5; own OO/OO -> 0
    play_round([x, y], {1: ["O", "O"], 2: ["O", "O"]}, {1: ["O", None], 2: [None, "W"]}, 2)
    assert x["moves"] == y["moves"] == [0, -5]


def test_it_runs_a_three_legged_pair_through_the_engine():
    from .support import new_game
    import random as _random
    from .test_packs_and_pregame import pair_up

    state = new_game()
    a, b = number_of(state, 0, 1), number_of(state, 2, 3)
    state = pair_up(state, a, b, 0, (1, 2, 3))
    state = ENGINE.resolve(state, "pregame", {}, _random.Random(1)).state
    subs = all_filler(
        state, "O", s0={f"card_{a}": "Q"}, s1={f"card_{a}": "W"}, s2={f"card_{b}": "W"}, s3={f"card_{b}": "P"}
    )
    t = play(state, subs)
    # Q+W and W+P share W; Q+P moves both +10
    assert athlete(t.state, a)["moves"] == athlete(t.state, b)["moves"] == [10]


def test_it_spends_an_x_played_on_a_fallen_athlete():
    state = started()
    n = number_of(state, 0, 7)
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "P"}, s7={f"card_{n}": "P"})).state  # PP
    assert state["hands"][0]["X"] == 3
    state = play(state, all_filler(state, "Q", s0={f"card_{n}": "X"})).state  # X on the fallen athlete
    assert state["hands"][0]["X"] == 2  # 3 - 1: spent though it had no effect
    assert athlete(state, n)["deferred"] is None
