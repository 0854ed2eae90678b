"""Rounds through the engine: submissions, the deadline's defaults, hands (rulings Q2, Q5, Q6)."""

from __future__ import annotations

import random
from collections import Counter

from games import engine_api as api
from games.coop_qwop.engine import ENGINE
from games.coop_qwop.engine.game import round_key

from .support import all_filler, athlete, full, mine, number_of, play, started

R1 = round_key(1)


def card_fields(state, seat, n_round):
    return [f for f in ENGINE.form(state, round_key(n_round), seat).fields if f.name.startswith("card_")]


def at_final_round():
    """A 5-round match played to its round 5 (fillers O, Q, W, P use 7 of each letter)."""
    state = started()
    for filler in "OQWP":
        state = play(state, all_filler(state, filler)).state
    assert state["round"] == 5
    return state


# --- X and the final round -------------------------------------------------------------------


def test_it_offers_x_before_the_final_round():
    state = started()
    for f in card_fields(state, 0, 1):
        assert "X" in [value for value, _ in f.choices]  # round 1 of 5: X is a legal card


def test_it_refuses_x_in_the_final_round_and_says_why():
    state = at_final_round()
    n = mine(state, 0)[0]
    bad = ENGINE.validate_submission(state, round_key(5), 0, {f"card_{n}": "X"})
    assert isinstance(bad, api.Invalid)
    assert "final round" in bad.message.lower()  # the refusal says why
    ok = ENGINE.validate_submission(state, round_key(5), 0, {f"card_{n}": "Q"})
    assert ok == {f"card_{n}": "Q"}


def test_it_does_not_offer_x_in_the_final_round_form():
    state = at_final_round()
    form = ENGINE.form(state, round_key(5), 0)
    fields = [f for f in form.fields if f.name.startswith("card_")]
    assert len(fields) == 7  # one card field per athlete
    for f in fields:
        assert "X" not in [value for value, _ in f.choices]
    assert "final round" in form.intro.lower()  # the form says why X is missing


def test_it_refuses_x_in_a_one_round_match():
    state = started(rounds=1)
    n = mine(state, 3)[0]
    bad = ENGINE.validate_submission(state, R1, 3, {f"card_{n}": "X"})
    assert isinstance(bad, api.Invalid) and "final round" in bad.message.lower()


def test_it_accepts_a_declaration_in_the_final_round_for_an_x_of_the_round_before():
    state = started(rounds=2)
    n = number_of(state, 0, 1)
    # round 1 of 2: seat 0 plays X, seat 1 plays O; everyone else O
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "X"}, s1={f"card_{n}": "O"})).state
    assert athlete(state, n)["moves"] == [0]  # round 1 waits
    assert f"declare_{n}" in [f.name for f in ENGINE.form(state, round_key(2), 0).fields]
    # round 2 (final): X declared P -> O+P +20 processed; own Q+Q +5 -> 25 in round 2
    t = play(state, all_filler(state, "Q", s0={f"card_{n}": "Q", f"declare_{n}": "P"}, s1={f"card_{n}": "Q"}))
    assert t.finished
    assert athlete(t.state, n)["moves"] == [0, 25]  # 20 + 5


# --- the deadline's defaults ----------------------------------------------------------------


def test_it_draws_a_missing_declaration_at_random():
    state = started()
    n = number_of(state, 0, 1)
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "X"}, s1={f"card_{n}": "O"})).state
    last = full(state, 0, "Q")  # seat 0 forgets to declare
    seen = Counter()
    for seed in range(200):
        filled = ENGINE.default_submission(state, round_key(2), 0, dict(last), random.Random(seed))
        assert filled[f"declare_{n}"] in ("Q", "W", "O", "P")
        assert {k: v for k, v in filled.items() if k.startswith("card_")} == last  # cards untouched
        seen[filled[f"declare_{n}"]] += 1
    # random: over 200 draws each letter shows up (all four missing is ~4*(3/4)^200)
    assert set(seen) == {"Q", "W", "O", "P"}


def test_it_processes_a_drawn_declaration_by_the_table():
    state = started()
    n = number_of(state, 0, 1)
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "X"}, s1={f"card_{n}": "O"})).state
    key = round_key(2)
    final = {
        seat: ENGINE.default_submission(state, key, seat, full(state, seat, "Q"), random.Random(3)) for seat in range(8)
    }
    declared = final[0][f"declare_{n}"]
    t = ENGINE.resolve(state, key, final, random.Random(3))
    # seat 1's O + the declaration: Q -> QO 7, W -> WO -2, O -> OO 0, P -> OP 20; own cards QQ +5
    expected = {"Q": 7, "W": -2, "O": 0, "P": 20}[declared] + 5
    assert athlete(t.state, n)["moves"] == [0, expected]


def test_it_draws_missed_cards_only_from_what_is_left():
    state = started()
    seat = 0
    a, b = mine(state, seat)[:2]
    for seed in range(50):
        state["hands"][seat] = {"Q": 1, "W": 2, "O": 1, "P": 3, "X": 3}
        last = {f"card_{a}": "Q", f"card_{b}": "O"}  # uses the only Q and the only O
        filled = ENGINE.default_submission(state, R1, seat, last, random.Random(seed))
        drawn = [v for k, v in filled.items() if k not in last]
        # 5 athletes missing; left: W 2, P 3 (5 cards) -> exactly W, W, P, P, P in some order
        assert Counter(drawn) == Counter({"W": 2, "P": 3})
        assert filled[f"card_{a}"] == "Q" and filled[f"card_{b}"] == "O"


def test_it_draws_each_remaining_card_equally_likely():
    state = started()
    seat = 0
    first, rest = mine(state, seat)[0], mine(state, seat)[1:]
    # six X submitted (X is not in the Q/W/O/P pool), so exactly one athlete is missing
    state["hands"][seat] = {"Q": 6, "W": 2, "O": 0, "P": 0, "X": 6}
    last = {f"card_{n}": "X" for n in rest}
    w, trials = 0, 4000
    for seed in range(trials):
        filled = ENGINE.default_submission(state, R1, seat, dict(last), random.Random(seed))
        assert filled[f"card_{first}"] in ("Q", "W")
        w += filled[f"card_{first}"] == "W"
    # 8 cards left (6 Q, 2 W), each equally likely: P(W) = 2/8 = 0.25 -> ~1000 of 4000
    # (sd = sqrt(4000*0.25*0.75) ~ 27; a per-letter draw would give ~2000)
    assert 850 < w < 1150


def test_it_draws_x_only_when_no_movement_card_is_left():
    state = started()
    seat = 0
    state["hands"][seat] = {"Q": 0, "W": 1, "O": 0, "P": 1, "X": 3}
    filled = ENGINE.default_submission(state, R1, seat, None, random.Random(5))
    # 7 missing: W and P first (the only Q/W/O/P), then 3 X, then nothing for the last 2
    assert Counter(filled.values()) == Counter({"W": 1, "P": 1, "X": 3})
    assert len(filled) == 5


def test_it_never_draws_x_in_the_final_round():
    state = at_final_round()
    seat = 0
    state["hands"][seat] = {"Q": 0, "W": 1, "O": 0, "P": 1, "X": 3}
    filled = ENGINE.default_submission(state, round_key(5), seat, None, random.Random(5))
    # final round: only W and P can be drawn, the other 5 athletes get nothing
    assert Counter(filled.values()) == Counter({"W": 1, "P": 1})


def test_it_lets_a_player_with_nothing_legal_contribute_nothing():
    state = started()
    n = number_of(state, 0, 1)
    state["hands"][0] = {"Q": 0, "W": 0, "O": 0, "P": 0, "X": 0}
    assert ENGINE.default_submission(state, R1, 0, None, random.Random(1)) is None
    final = {
        seat: ENGINE.default_submission(state, R1, seat, full(state, seat, "O"), random.Random(1))
        for seat in range(1, 8)
    }
    final[1][f"card_{n}"] = "P"  # seat 1 plays P: with an O it would be +20
    final[0] = None
    t = ENGINE.resolve(state, R1, final, random.Random(1))
    assert athlete(t.state, n)["moves"] == [0]  # seat 0 contributed nothing -> 0
    assert t.state["hands"][0] == {"Q": 0, "W": 0, "O": 0, "P": 0, "X": 0}  # nothing spent
    assert t.state["hands"][1]["P"] == 7  # 8 - the one P played


def test_it_gives_nothing_in_the_final_round_to_a_hand_of_only_x():
    state = at_final_round()
    state["hands"][0] = {"Q": 0, "W": 0, "O": 0, "P": 0, "X": 3}
    assert ENGINE.default_submission(state, round_key(5), 0, None, random.Random(1)) is None


def test_it_keeps_a_complete_submission_unchanged_at_the_deadline():
    state = started()
    last = full(state, 4, "W")
    assert ENGINE.default_submission(state, R1, 4, dict(last), random.Random(1)) == last


# --- validation ----------------------------------------------------------------------------


def test_it_accepts_partial_and_empty_submissions():
    state = started()
    n = mine(state, 2)[3]
    assert ENGINE.validate_submission(state, R1, 2, {f"card_{n}": "P"}) == {f"card_{n}": "P"}
    assert ENGINE.validate_submission(state, R1, 2, {}) == {}


def test_it_completes_a_partial_submission_at_the_deadline():
    state = started()
    n = mine(state, 2)[3]
    filled = ENGINE.default_submission(state, R1, 2, {f"card_{n}": "P"}, random.Random(2))
    assert filled[f"card_{n}"] == "P"  # the submitted card stays
    assert sorted(filled) == sorted(f"card_{m}" for m in mine(state, 2))  # all 7 filled
    assert all(v in "QWOP" for v in filled.values())  # Q/W/O/P left: never an X


def test_it_says_a_completed_round_as_the_seeds_to_everyone_and_what_counted_to_its_player():
    state = started()
    first = mine(state, 2)[0]
    sent = all_filler(state, "O")
    sent[2] = {f"card_{first}": "P"}  # seat 2 sends one card of seven; seat 5 sends nothing
    del sent[5]
    t = play(state, sent)
    said = [(e.visibility, e.seat, e.text) for e in t.events if e.kind == "qwop.missed"]
    assert [(v, s) for v, s, _ in said] == [("public", None), ("private", 2), ("public", None), ("private", 5)]
    assert said[0][2] == "Time ran out for P2: the seed filled in what was not sent in round 1."
    assert said[2][2] == "Time ran out for P5: the seed filled in what was not sent in round 1."
    # seat 2's private line lists its seven athletes by number, its own P first among them
    assert said[1][2].startswith("Time ran out: the seed completed your round 1; counted: #")
    listed = said[1][2].split("counted: ", 1)[1].rstrip(".").split(", ")
    assert [int(part.split()[0][1:]) for part in listed] == sorted(mine(state, 2))
    assert f"#{first} P" in listed
    # the six seats that sent whole are said to have missed nothing
    assert [e.text for e in t.events if "ran out" in e.text and e.seat is None] == [said[0][2], said[2][2]]


def test_it_refuses_more_cards_than_the_hand_holds():
    state = started()
    ns = mine(state, 0)
    # 3 X in hand: four X refused, three accepted
    assert isinstance(ENGINE.validate_submission(state, R1, 0, {f"card_{n}": "X" for n in ns[:4]}), api.Invalid)
    assert not isinstance(ENGINE.validate_submission(state, R1, 0, {f"card_{n}": "X" for n in ns[:3]}), api.Invalid)
    state["hands"][0]["Q"] = 2
    bad = ENGINE.validate_submission(state, R1, 0, {f"card_{n}": "Q" for n in ns[:3]})
    assert isinstance(bad, api.Invalid)  # 3 Q with only 2 in hand


def test_it_refuses_another_players_athlete():
    state = started()
    theirs = number_of(state, 1, 2)  # seat 0 does not control it
    bad = ENGINE.validate_submission(state, R1, 0, {f"card_{theirs}": "Q"})
    assert isinstance(bad, api.Invalid)
    assert isinstance(ENGINE.validate_submission(state, R1, 0, {"card_99": "Q"}), api.Invalid)


def test_it_refuses_a_declaration_not_owed():
    state = started()
    n = number_of(state, 0, 1)
    assert isinstance(ENGINE.validate_submission(state, R1, 0, {f"declare_{n}": "Q"}), api.Invalid)
    # seat 1 played X, seat 0 did not: only seat 1 owes the declaration in round 2
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "Q"}, s1={f"card_{n}": "X"})).state
    assert isinstance(ENGINE.validate_submission(state, round_key(2), 0, {f"declare_{n}": "Q"}), api.Invalid)
    assert ENGINE.validate_submission(state, round_key(2), 1, {f"declare_{n}": "Q"}) == {f"declare_{n}": "Q"}


def test_it_refuses_bad_letters():
    state = started()
    n = number_of(state, 0, 1)
    assert isinstance(ENGINE.validate_submission(state, R1, 0, {f"card_{n}": "Z"}), api.Invalid)
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "X"})).state
    # an X becomes Q, W, O or P: not X
    assert isinstance(ENGINE.validate_submission(state, round_key(2), 0, {f"declare_{n}": "X"}), api.Invalid)


# --- hands ---------------------------------------------------------------------------------


def test_it_spends_exactly_the_cards_played():
    state = started()
    ns = mine(state, 0)
    data = dict(zip((f"card_{n}" for n in ns), ["Q", "Q", "W", "O", "P", "X", "X"]))
    subs = all_filler(state, "O")
    subs[0] = data
    t = play(state, subs)
    # start 8/8/8/8/3; played Q Q W O P X X -> Q 6, W 7, O 7, P 7, X 1
    assert t.state["hands"][0] == {"Q": 6, "W": 7, "O": 7, "P": 7, "X": 1}
    # every other seat played seven O: O 8 - 7 = 1
    assert all(t.state["hands"][s] == {"Q": 8, "W": 8, "O": 1, "P": 8, "X": 3} for s in range(1, 8))


def test_it_spends_no_card_for_a_declaration():
    state = started()
    n = number_of(state, 0, 1)
    state = play(state, all_filler(state, "O", s0={f"card_{n}": "X"})).state
    # after round 1 seat 0: O 8 - 6 = 2, X 3 - 1 = 2
    assert state["hands"][0] == {"Q": 8, "W": 8, "O": 2, "P": 8, "X": 2}
    state = play(state, all_filler(state, "Q", s0={f"declare_{n}": "P"})).state
    # round 2: seven Q played, the declared P is free -> Q 1, P still 8
    assert state["hands"][0] == {"Q": 1, "W": 8, "O": 2, "P": 8, "X": 2}


def test_it_spends_cards_drawn_at_the_deadline():
    state = started()
    subs = all_filler(state, "O")
    del subs[6]  # seat 6 submits nothing
    t = play(state, subs)
    hand = t.state["hands"][6]
    # seven cards drawn from Q/W/O/P: 32 - 7 = 25 left among them, X untouched
    assert hand["Q"] + hand["W"] + hand["O"] + hand["P"] == 25
    assert hand["X"] == 3
