"""Mystery Cosign: the order of the match's steps, who each waits on, what the forms offer,
validation, defaults and the public collaboration results (seed 004, rulings C1-C8).

Pure Python, no database: the engine is driven the way the platform drives it."""

from __future__ import annotations

import json
import random

from games import engine_api as api
from games.engine_api import Invalid, Viewer
from games.mystery_cosign.engine import ENGINE
from tests.mystery_cosign import support
from tests.mystery_cosign.support import SEATS, kind_of, number_of, only_spec, step

# OPS (tests/mystery_cosign/support.py): A = a+b, B = a*b, C = max(a, b), D = a-b (negative, so
# undefined, when a < b); E-L stay those of the "easy" set.
TARGETS = [[0, 3, 4] for _ in range(9)]

# The match, written out by hand (C3, C4): the Advantage choice (1 step), then per phase five
# collaboration rounds of P, Q, picks (15 steps) and three shootouts (3 steps): 1 + 3 * 18 = 55.
# Rounds are numbered 1-15 over the whole match, shootouts 1-9.
EXPECTED_KEYS = (
    ["advantage"]
    + [f"collab-{r}-{part}" for r in range(1, 6) for part in ("P", "Q", "picks")]
    + ["shootout-1", "shootout-2", "shootout-3"]
    + [f"collab-{r}-{part}" for r in range(6, 11) for part in ("P", "Q", "picks")]
    + ["shootout-4", "shootout-5", "shootout-6"]
    + [f"collab-{r}-{part}" for r in range(11, 16) for part in ("P", "Q", "picks")]
    + ["shootout-7", "shootout-8", "shootout-9"]
)

ACTIVE = {1: "ABCD", 2: "ABCDEFGH", 3: "ABCDEFGHIJKL"}  # C3
PICKS = {1: 2, 2: 3, 3: 4}  # C3


def start(seed: int = 1, **overrides) -> api.Transition:
    return support.start(TARGETS, seed, **overrides)


def phase_of_round(rnd: int) -> int:
    return (rnd - 1) // 5 + 1


def phase_of_shootout(n: int) -> int:
    return (n - 1) // 3 + 1


def plain(spec: api.PhaseSpec, first: str = "me") -> dict[int, dict | None]:
    """Simple legal submissions for every waited-on seat: P = 1, Q = 2, the first letters."""
    kind = kind_of(spec.key)
    if kind == "advantage":
        return {spec.waits_on[0]: {"first": first}}
    if kind == "P":
        return {spec.waits_on[0]: {"P": 1}}
    if kind == "Q":
        return {spec.waits_on[0]: {"Q": 2}}
    if kind == "picks":
        phase = phase_of_round(number_of(spec.key))
        return {seat: {"picks": list(ACTIVE[phase][: PICKS[phase]])} for seat in (0, 1)}
    return {0: {"target": 0, "P": 0, "Q": 0}, 1: None}


def run_until(t: api.Transition, key: str, first: str = "me") -> api.Transition:
    """Play plain submissions until the step `key` is the open one."""
    while only_spec(t).key != key:
        t = step(t, plain(only_spec(t), first))
    return t


def invalid(result) -> bool:
    return isinstance(result, Invalid) and isinstance(result.message, str) and len(result.message) > 5


# --- the order of the steps --------------------------------------------------------------------


def test_it_runs_55_steps_in_order_and_finishes_after_the_ninth_shootout():
    t = start()
    keys, waits = [], []
    while not t.finished:
        spec = only_spec(t)  # exactly one step open at a time, opened as the last one resolved
        keys.append(spec.key)
        waits.append(spec.waits_on)
        t = step(t, plain(spec))
    assert len(keys) == 55
    assert keys == EXPECTED_KEYS
    # Spot checks of the positions, counted by hand: 0 advantage, 1-15 collab 1, 16-18
    # shootouts 1-3, 19-33 collab 2, 34-36 shootouts 4-6, 37-51 collab 3, 52-54 shootouts 7-9.
    assert keys[0] == "advantage"
    assert keys[1] == "collab-1-P" and keys[15] == "collab-5-picks"
    assert keys[16:19] == ["shootout-1", "shootout-2", "shootout-3"]
    assert keys[19] == "collab-6-P" and keys[33] == "collab-10-picks"
    assert keys[34:37] == ["shootout-4", "shootout-5", "shootout-6"]
    assert keys[37] == "collab-11-P" and keys[51] == "collab-15-picks"
    assert keys[52:55] == ["shootout-7", "shootout-8", "shootout-9"]
    # Finished after the ninth shootout: nothing more opens, and a result is there.
    assert t.finished and t.open == []
    assert t.state["finished"]
    assert ENGINE.view(t.state, Viewer.spectator())["finished"]


def test_it_waits_on_the_right_seats_at_every_step():
    # advantage_seat 0 choosing "me": Ann (seat 0) is Player 1 in odd rounds, Ben in even ones.
    t = start()
    seen = []
    while not t.finished:
        spec = only_spec(t)
        kind = kind_of(spec.key)
        if kind == "advantage":
            assert spec.waits_on == (0,)
        elif kind == "P":
            p1 = 0 if number_of(spec.key) % 2 == 1 else 1
            assert spec.waits_on == (p1,), spec.key
        elif kind == "Q":
            p2 = 1 if number_of(spec.key) % 2 == 1 else 0
            assert spec.waits_on == (p2,), spec.key
        else:
            assert sorted(spec.waits_on) == [0, 1], spec.key
        seen.append(kind)
        t = step(t, plain(spec))
    assert seen.count("P") == seen.count("Q") == seen.count("picks") == 15
    assert seen.count("shootout") == 9 and seen.count("advantage") == 1


def test_it_waits_on_the_advantage_holder_for_the_first_choice():
    assert only_spec(start()).waits_on == (0,)
    assert only_spec(start(advantage_seat=1)).waits_on == (1,)
    # The form is for the holder only.
    t = start(advantage_seat=1)
    names = [f.name for f in ENGINE.form(t.state, "advantage", 1).fields]
    assert names == ["first"]
    field = ENGINE.form(t.state, "advantage", 1).fields[0]
    assert {value for value, _ in field.choices} == {"me", "opponent"}
    assert ENGINE.form(t.state, "advantage", 0).fields == ()


def test_it_uses_the_default_timers():
    # C4: 30 s for every collaboration move; C6: 3 minutes for a shootout.
    t = start()
    durations = {}
    while not t.finished:
        spec = only_spec(t)
        durations.setdefault(kind_of(spec.key), set()).add(spec.duration)
        assert spec.close_early
        t = step(t, plain(spec))
    assert durations["P"] == durations["Q"] == durations["picks"] == {30}
    assert durations["shootout"] == {180}


def test_it_lets_the_host_change_the_timers():
    t = start(number_seconds=10, pick_seconds=20, shootout_seconds=600)
    t = step(t, plain(only_spec(t)))
    assert only_spec(t).duration == 10  # P
    t = step(t, plain(only_spec(t)))
    assert only_spec(t).duration == 10  # Q
    t = step(t, plain(only_spec(t)))
    assert only_spec(t).duration == 20  # picks
    t = run_until(t, "shootout-1")
    assert only_spec(t).duration == 600


# --- roles ---------------------------------------------------------------------------------------


def roles_over_the_match(advantage_seat: int, first: str) -> list[tuple[int, int]]:
    """(seat giving P, seat giving Q) for rounds 1-15, read from the open steps."""
    t = start(advantage_seat=advantage_seat)
    t = step(t, {advantage_seat: {"first": first}})
    out = []
    while not t.finished:
        spec = only_spec(t)
        kind = kind_of(spec.key)
        if kind == "P":
            p_seat = spec.waits_on
            # The public view names the roles too.
            view = ENGINE.view(t.state, Viewer.spectator())
            assert view["roles"]["player1"] == SEATS[p_seat[0]].name
            assert view["roles"]["player2"] == SEATS[1 - p_seat[0]].name
        if kind == "Q":
            out.append((p_seat[0], spec.waits_on[0]))
        t = step(t, plain(spec))
    assert len(out) == 15
    return out


# Player 1 of rounds 1-15 when seat x is Player 1 first: x, 1-x, x, ... across phase boundaries
# (round 5 -> 6 and 10 -> 11 swap like any other).
def alternating(first_p1: int) -> list[tuple[int, int]]:
    x, y = first_p1, 1 - first_p1
    return [(x, y), (y, x)] * 7 + [(x, y)]


def test_it_alternates_roles_when_the_holder_chooses_me():
    roles = roles_over_the_match(0, "me")
    assert roles == alternating(0)
    # Written out: round 5 (end of phase 1) Ann P1, round 6 (start of phase 2) Ben P1,
    # round 10 Ben P1, round 11 Ann P1, round 15 Ann P1.
    assert roles[4] == (0, 1) and roles[5] == (1, 0)
    assert roles[9] == (1, 0) and roles[10] == (0, 1)
    assert roles[14] == (0, 1)


def test_it_alternates_roles_when_the_holder_chooses_the_opponent():
    roles = roles_over_the_match(0, "opponent")
    assert roles == alternating(1)
    assert roles[0] == (1, 0) and roles[4] == (1, 0) and roles[5] == (0, 1)


def test_it_alternates_roles_when_seat_1_holds_the_advantage():
    assert roles_over_the_match(1, "me") == alternating(1)
    assert roles_over_the_match(1, "opponent") == alternating(0)


# --- active operations and picks -----------------------------------------------------------------


def test_it_offers_and_enforces_the_active_operations_and_pick_counts_in_every_phase():
    t = start()
    checked = set()
    while not t.finished:
        spec = only_spec(t)
        if kind_of(spec.key) == "picks":
            rnd = number_of(spec.key)
            phase = phase_of_round(rnd)
            active, count = ACTIVE[phase], PICKS[phase]
            for seat in (0, 1):
                form = ENGINE.form(t.state, spec.key, seat)
                assert len(form.fields) == 1
                field = form.fields[0]
                assert field.kind == api.MULTICHOICE
                assert "".join(value for value, _ in field.choices) == active
                assert str(count) in field.label
            if rnd in (1, 6, 11):
                check_pick_validation(t.state, spec.key, active, count)
                checked.add(phase)
        t = step(t, plain(spec))
    assert checked == {1, 2, 3}


def check_pick_validation(state, key, active, count):
    inactive = {"ABCD": "E", "ABCDEFGH": "I", "ABCDEFGHIJKL": "M"}[active]
    good = list(active[-count:])  # e.g. phase 1: C, D
    for seat in (0, 1):
        ok = ENGINE.validate_submission(state, key, seat, {"picks": good})
        assert ok == {"picks": sorted(good)}
        # too few, too many
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": good[:-1]}))
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": list(active[: count + 1])}))
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": []}))
        # duplicates: the right count, but one letter twice
        dup = [good[0]] * 2 + good[2:]
        assert len(dup) == count
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": dup}))
        # an inactive letter in place of an active one
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": good[:-1] + [inactive]}))
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": good[:-1] + ["a"]}))
        # not a list
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": "".join(good)}))
        assert invalid(ENGINE.validate_submission(state, key, seat, {"picks": None}))


def test_it_lets_both_players_pick_the_same_operations():
    t = run_until(start(), "collab-1-picks")
    t = step(t, {0: {"picks": ["B", "A"]}, 1: {"picks": ["A", "B"]}})
    collab = ENGINE.view(t.state, Viewer.spectator())["collabs"][0]
    assert [p["letters"] for p in collab["picks"]] == [["A", "B"], ["A", "B"]]


# --- what the forms show, and the public results --------------------------------------------------


def test_it_shows_player_1s_p_on_player_2s_q_form():
    t = start()
    t = step(t, {0: {"first": "me"}})
    t = step(t, {0: {"P": 417}})
    spec = only_spec(t)
    assert spec.waits_on == (1,)
    form = ENGINE.form(t.state, spec.key, 1)
    assert [f.name for f in form.fields] == ["Q"]
    assert "417" in form.intro
    # P is public once given.
    assert ENGINE.view(t.state, Viewer.spectator())["collabs"][0]["P"] == 417


def test_it_makes_both_players_picks_and_every_picked_result_public_with_minus_1_for_undefined():
    t = start()
    t = step(t, {0: {"first": "me"}})
    t = step(t, {0: {"P": 3}})
    t = step(t, {1: {"Q": 5}})
    t = step(t, {0: {"picks": ["A", "D"]}, 1: {"picks": ["D", "B"]}})
    # By hand, at P = 3, Q = 5: A = 3+5 = 8, B = 3*5 = 15, D = 3-5 = -2, negative: undefined,
    # shown as -1. C was picked by nobody, so it is not shown.
    view = ENGINE.view(t.state, Viewer.spectator())
    collab = view["collabs"][0]
    assert collab["P"] == 3 and collab["Q"] == 5
    assert collab["picks"] == [{"name": "Ann", "letters": ["A", "D"]}, {"name": "Ben", "letters": ["B", "D"]}]
    assert collab["results"] == {"A": 8, "B": 15, "D": -1}
    # The players see the same.
    for seat in (0, 1):
        assert ENGINE.view(t.state, Viewer.for_seat(seat))["collabs"][0]["results"] == {"A": 8, "B": 15, "D": -1}
    # And the public log says it.
    text = " ".join(e.text for e in t.events if e.visibility == api.PUBLIC)
    assert "8" in text and "15" in text and "-1" in text

    # Round 2: Ben is Player 1. P = 7, Q = 2: A = 9, C = max = 7, D = 7-2 = 5, B = 14.
    t = step(t, {1: {"P": 7}})
    t = step(t, {0: {"Q": 2}})
    t = step(t, {0: {"picks": ["C", "D"]}, 1: {"picks": ["A", "C"]}})
    collab = ENGINE.view(t.state, Viewer.spectator())["collabs"][1]
    assert collab["P"] == 7 and collab["Q"] == 2
    assert collab["results"] == {"A": 9, "C": 7, "D": 5}


def test_it_shows_results_of_operations_active_only_later_in_phase_2_and_3():
    # Phase 3, round 11: easy set I = a*a, L = (a+b)//2. At P = 1, Q = 2 (plain): I = 1,
    # L = 3//2 = 1, J = 10*1+2 = 12, K = (1*2) % 10 = 2.
    t = run_until(start(), "collab-11-picks")
    t = step(t, {0: {"picks": ["I", "J", "K", "L"]}, 1: {"picks": ["A", "B", "C", "L"]}})
    collab = ENGINE.view(t.state, Viewer.spectator())["collabs"][10]
    assert collab["P"] == 1 and collab["Q"] == 2
    # A = 3, B = 2, C = 2
    assert collab["results"] == {"A": 3, "B": 2, "C": 2, "I": 1, "J": 12, "K": 2, "L": 1}


# --- defaults -------------------------------------------------------------------------------------


def test_it_makes_the_holder_player_1_when_the_advantage_choice_is_missed():
    for holder in (0, 1):
        t = start(advantage_seat=holder)
        assert ENGINE.default_submission(t.state, "advantage", holder, None, random.Random(3)) == {"first": "me"}
        t = step(t, {})  # missed
        assert only_spec(t).waits_on == (holder,)  # collab-1-P: the holder gives P
        t = step(t, {holder: {"P": 5}})
        assert only_spec(t).waits_on == (1 - holder,)


def test_it_draws_a_missed_p_or_q_from_1_to_9():
    t = run_until(start(), "collab-1-P")
    tq = step(t, {0: {"P": 50}})
    seen = {"P": set(), "Q": set()}
    for seed in range(300):
        p = ENGINE.default_submission(t.state, "collab-1-P", 0, None, random.Random(seed))
        q = ENGINE.default_submission(tq.state, "collab-1-Q", 1, None, random.Random(seed))
        assert set(p) == {"P"} and set(q) == {"Q"}
        assert type(p["P"]) is int and 1 <= p["P"] <= 9
        assert type(q["Q"]) is int and 1 <= q["Q"] <= 9
        seen["P"].add(p["P"])
        seen["Q"].add(q["Q"])
    # 300 draws from 1-9: all nine values show up (missing one has chance ~9 * (8/9)^300).
    assert seen["P"] == set(range(1, 10))
    assert seen["Q"] == set(range(1, 10))


def test_it_plays_a_missed_number_through_the_round():
    for seed in range(20):
        t = run_until(start(), "collab-1-P")
        t = step(t, {}, seed=seed)  # P missed
        t = step(t, {}, seed=seed)  # Q missed
        t = step(t, {0: {"picks": ["A", "B"]}, 1: {"picks": ["A", "B"]}})
        collab = ENGINE.view(t.state, Viewer.spectator())["collabs"][0]
        p, q = collab["P"], collab["Q"]
        assert 1 <= p <= 9 and 1 <= q <= 9
        assert collab["results"] == {"A": p + q, "B": p * q}


def test_it_keeps_the_last_submission_at_the_close():
    t = run_until(start(), "collab-1-P")
    cleaned = ENGINE.validate_submission(t.state, "collab-1-P", 0, {"P": 0})
    assert cleaned == {"P": 0}
    assert ENGINE.default_submission(t.state, "collab-1-P", 0, cleaned, random.Random(1)) == {"P": 0}


def test_it_draws_missed_picks_as_distinct_active_operations_of_the_right_count():
    for rnd in (1, 6, 11):
        phase = phase_of_round(rnd)
        t = run_until(start(), f"collab-{rnd}-picks")
        combos = set()
        for seed in range(200):
            for seat in (0, 1):
                sub = ENGINE.default_submission(t.state, f"collab-{rnd}-picks", seat, None, random.Random(seed))
                assert set(sub) == {"picks"}
                picks = sub["picks"]
                assert len(picks) == PICKS[phase] == len(set(picks))
                assert set(picks) <= set(ACTIVE[phase])
                combos.add(tuple(sorted(picks)))
                # A drawn default is itself a valid submission.
                assert not isinstance(ENGINE.validate_submission(t.state, f"collab-{rnd}-picks", seat, sub), Invalid)
        assert len(combos) > 3  # phase 1 has C(4,2) = 6 possible pairs
        # Played through: both seats missed.
        t = step(t, {}, seed=5)
        collab = ENGINE.view(t.state, Viewer.spectator())["collabs"][rnd - 1]
        for entry in collab["picks"]:
            assert len(entry["letters"]) == PICKS[phase] == len(set(entry["letters"]))
            assert set(entry["letters"]) <= set(ACTIVE[phase])
        assert set(collab["results"]) == set(collab["picks"][0]["letters"]) | set(collab["picks"][1]["letters"])


def test_it_counts_a_missed_shootout_as_nothing():
    t = run_until(start(), "shootout-1")
    assert ENGINE.default_submission(t.state, "shootout-1", 0, None, random.Random(1)) is None
    # Ben sends (target 0, P 0, Q 0): A = 0, B = 0, C = 0, D = 0: 4 points. Ann sends nothing: 0.
    t = step(t, {1: {"target": 0, "P": 0, "Q": 0}})
    view = ENGINE.view(t.state, Viewer.spectator())
    assert view["shootouts"][0]["points"] == [0, 4]
    assert view["scores"] == [0, 4]
    # Both miss: 0 each.
    t = step(t, {})
    assert ENGINE.view(t.state, Viewer.spectator())["shootouts"][1]["points"] == [0, 0]


# --- refusals -------------------------------------------------------------------------------------


BAD_NUMBERS = [-1, 1000, "5", 2.5, True, False, None, [5], 10**30]


def test_it_refuses_steps_that_are_not_open():
    t = start()
    state = t.state
    for key in ("collab-1-P", "collab-1-Q", "collab-1-picks", "shootout-1", "nope", "", None, 3):
        assert invalid(ENGINE.validate_submission(state, key, 0, {"P": 5}))
    t = run_until(t, "collab-1-Q")
    # P is closed now; a late P is refused, even from Player 1.
    assert invalid(ENGINE.validate_submission(t.state, "collab-1-P", 0, {"P": 5}))
    assert invalid(ENGINE.validate_submission(t.state, "advantage", 0, {"first": "me"}))
    assert invalid(ENGINE.validate_submission(t.state, "collab-2-P", 1, {"P": 5}))
    # After the end nothing is open.
    t = start()
    while not t.finished:
        final_state, key = t.state, only_spec(t).key
        t = step(t, plain(only_spec(t)))
    assert key == "shootout-9"
    assert invalid(ENGINE.validate_submission(t.state, "shootout-9", 0, {"target": 0, "P": 0, "Q": 0}))
    assert ENGINE.form(t.state, "shootout-9", 0).fields == ()
    assert not invalid(ENGINE.validate_submission(final_state, "shootout-9", 0, {"target": 0, "P": 0, "Q": 0}))


def test_it_refuses_the_wrong_seat():
    t = start()
    assert invalid(ENGINE.validate_submission(t.state, "advantage", 1, {"first": "me"}))
    t = start(advantage_seat=1)
    assert invalid(ENGINE.validate_submission(t.state, "advantage", 0, {"first": "me"}))
    t = run_until(start(), "collab-1-P")  # Ann is Player 1
    assert invalid(ENGINE.validate_submission(t.state, "collab-1-P", 1, {"P": 5}))
    for seat in (2, -1, None, "0", True):
        assert invalid(ENGINE.validate_submission(t.state, "collab-1-P", seat, {"P": 5}))
    t = step(t, {0: {"P": 5}})
    assert invalid(ENGINE.validate_submission(t.state, "collab-1-Q", 0, {"Q": 5}))
    assert ENGINE.form(t.state, "collab-1-Q", 0).fields == ()
    t = run_until(t, "collab-2-P")  # Ben is Player 1 in round 2
    assert invalid(ENGINE.validate_submission(t.state, "collab-2-P", 0, {"P": 5}))
    assert not invalid(ENGINE.validate_submission(t.state, "collab-2-P", 1, {"P": 5}))


def test_it_refuses_extra_missing_and_malformed_fields():
    t = run_until(start(), "advantage")
    for data in ({"first": "maybe"}, {"first": "me", "x": 1}, {}, {"first": None}, "me", None, ["me"]):
        assert invalid(ENGINE.validate_submission(t.state, "advantage", 0, data)), data
    t = run_until(t, "collab-1-P")
    for data in ({"P": 5, "Q": 3}, {"P": 5, "extra": ""}, {}, {"Q": 5}, "5", [5], None):
        assert invalid(ENGINE.validate_submission(t.state, "collab-1-P", 0, data)), data
    t = step(t, {0: {"P": 5}})
    for data in ({"Q": 5, "P": 3}, {}, {"P": 5}):
        assert invalid(ENGINE.validate_submission(t.state, "collab-1-Q", 1, data)), data
    t = step(t, {1: {"Q": 5}})
    for data in ({"picks": ["A", "B"], "P": 1}, {}, {"pick": ["A", "B"]}):
        assert invalid(ENGINE.validate_submission(t.state, "collab-1-picks", 0, data)), data
    t = run_until(t, "shootout-1")
    for data in ({"target": 0, "P": 0}, {"target": 0, "P": 0, "Q": 0, "x": 0}, {}, {"P": 0, "Q": 0}):
        assert invalid(ENGINE.validate_submission(t.state, "shootout-1", 0, data)), data


def test_it_refuses_out_of_range_numbers():
    t = run_until(start(), "collab-1-P")
    for bad in BAD_NUMBERS:
        assert invalid(ENGINE.validate_submission(t.state, "collab-1-P", 0, {"P": bad})), bad
    for good in (0, 1, 500, 999):
        assert ENGINE.validate_submission(t.state, "collab-1-P", 0, {"P": good}) == {"P": good}
    t = step(t, {0: {"P": 0}})
    for bad in BAD_NUMBERS:
        assert invalid(ENGINE.validate_submission(t.state, "collab-1-Q", 1, {"Q": bad})), bad
    assert ENGINE.validate_submission(t.state, "collab-1-Q", 1, {"Q": 999}) == {"Q": 999}
    t = run_until(t, "shootout-1")
    for bad in BAD_NUMBERS:
        for seat in (0, 1):
            assert invalid(ENGINE.validate_submission(t.state, "shootout-1", seat, {"target": 4, "P": bad, "Q": 1})), (
                bad
            )
            assert invalid(ENGINE.validate_submission(t.state, "shootout-1", seat, {"target": 4, "P": 1, "Q": bad})), (
                bad
            )
    assert ENGINE.validate_submission(t.state, "shootout-1", 0, {"target": 4, "P": 999, "Q": 0}) == {
        "target": 4,
        "P": 999,
        "Q": 0,
    }


def test_it_offers_number_fields_bounded_0_to_999():
    t = run_until(start(), "collab-1-P")
    (field,) = ENGINE.form(t.state, "collab-1-P", 0).fields
    assert (field.name, field.kind, field.min_value, field.max_value) == ("P", api.INT, 0, 999)
    t = run_until(t, "shootout-1")
    form = ENGINE.form(t.state, "shootout-1", 1)
    by_name = {f.name: f for f in form.fields}
    assert set(by_name) == {"target", "P", "Q"}
    assert [v for v, _ in by_name["target"].choices] == ["0", "3", "4"]
    for name in ("P", "Q"):
        assert (by_name[name].min_value, by_name[name].max_value) == (0, 999)


def test_it_gives_readable_refusals():
    t = run_until(start(), "collab-1-P")
    refusal = ENGINE.validate_submission(t.state, "collab-1-P", 0, {"P": 1000})
    assert isinstance(refusal, Invalid)
    assert "999" in refusal.message
    json.dumps(refusal.message)


def test_it_does_not_change_the_state_it_is_given():
    import copy

    t = start()
    while not t.finished:
        spec = only_spec(t)
        before = copy.deepcopy(t.state)
        nxt = step(t, plain(spec))
        assert t.state == before, spec.key
        json.dumps(nxt.state)  # the state stays JSON-serialisable
        t = nxt


def test_it_says_each_missed_step_as_a_default_and_a_sent_one_as_the_players():
    t = run_until(start(), "advantage")
    t = step(t, {})  # Ann holds the Advantage and lets it run out: she is Player 1 by default
    assert t.events[0].text == "Time ran out for Ann: by default, Ann is Player 1 in the first round."
    t = step(t, {})  # Ann misses P: the seed gives it (1 to 9), and says so
    p = t.state["collabs"][-1]["P"]
    assert t.events[0].text == f"Round 1.1: time ran out for Ann (Player 1): the seed gives P = {p}."
    t = step(t, {1: {"Q": 4}})
    assert t.events[0].text == "Round 1.1: Ben (Player 2) gives Q = 4."
    t = step(t, {1: a_move(t, 1)})  # Ann misses her picks, Ben sends his
    picks = t.state["collabs"][-1]["picks"]
    assert t.events[0].text.startswith(
        f"Round 1.1: time ran out for Ann: the seed picked {', '.join(picks[0])}; Ben picked {', '.join(picks[1])}."
    )
    t = run_until(t, "shootout-1")
    t = step(t, {0: a_move(t, 0)})  # Ben sends nothing: 0 points
    assert t.events[0].text.endswith(" Time ran out for Ben: no answer, 0 points.")
    assert "Time ran out for Ann" not in t.events[0].text


def a_move(t, seat):
    """A legal move of `seat` in the open step, as a player would send it."""
    return ENGINE.random_submission(t.state, only_spec(t).key, seat, random.Random(4))
