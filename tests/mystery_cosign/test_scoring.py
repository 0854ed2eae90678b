"""Mystery Cosign: shootout points, totals, the result and its tie-breaks, the seed's sample
operations, and what each viewer may see (seed 004, rulings C1-C8).

Pure Python, no database: the engine is driven the way the platform drives it."""

from __future__ import annotations

import json
import re

from games import engine_api as api
from games.engine_api import Invalid, Viewer, derive_rng
from games.mystery_cosign.engine import ENGINE
from games.mystery_cosign.engine.operations import SAMPLE
from tests.mystery_cosign import support
from tests.mystery_cosign.support import EASY, OPS, SEATS, kind_of, number_of, only_spec, step

# Our own A-D; E-L are the "easy" set's:
#   A = a+b          B = a*b          C = max(a, b)      D = a-b (undefined when a < b)
#   E = min(a, b)    F = 2*a + b      G = a%10 + b%10    H = (a+b) % 7
#   I = a*a          J = 10*a + b     K = (a*b) % 10     L = (a+b) // 2
EASY_TAIL = {
    "E": "min(a, b)",
    "F": "2*a + b",
    "G": "a % 10 + b % 10",
    "H": "(a + b) % 7",
    "I": "a*a",
    "J": "10*a + b",
    "K": "(a*b) % 10",
    "L": "(a + b) // 2",
}
# Shootouts 1-6 offer 0, 3, 4; shootouts 7-8 offer 3, 4, 5; shootout 9 offers 0, 4, 5.
TARGETS = [[0, 3, 4]] * 6 + [[3, 4, 5], [3, 4, 5], [0, 4, 5]]

ACTIVE = {1: "ABCD", 2: "ABCDEFGH", 3: "ABCDEFGHIJKL"}
PICKS = {1: 2, 2: 3, 3: 4}

# Submissions worth a known number of points, worked out by hand, per phase.
# Phase 1 (A-D active):
#   target 4, P=1, Q=3: A=4 hit, B=3, C=3, D=1-3<0 undefined       -> 1
#   target 4, P=2, Q=2: A=4 hit, B=4 hit, C=2, D=0                  -> 2
# Phase 2 (A-H active):
#   target 3, P=3, Q=5: A=8, B=15, C=5, D undef, E=3 hit, F=11, G=3+5=8, H=8%7=1 -> 1
#   target 3, P=1, Q=3: A=4, B=3 hit, C=3 hit, D undef, E=1, F=5, G=4, H=4%7=4   -> 2
# Phase 3 (A-L active), P=3, Q=5: A=8, B=15, C=5, D undef, E=3, F=11, G=8, H=1,
#   I=9, J=35, K=15%10=5, L=8//2=4:
#   target 4: L hit                                                 -> 1
#   target 5: C hit, K hit                                          -> 2
WORTH = {
    1: {0: None, 1: {"target": 4, "P": 1, "Q": 3}, 2: {"target": 4, "P": 2, "Q": 2}},
    2: {0: None, 1: {"target": 3, "P": 3, "Q": 5}, 2: {"target": 3, "P": 1, "Q": 3}},
    3: {0: None, 1: {"target": 4, "P": 3, "Q": 5}, 2: {"target": 5, "P": 3, "Q": 5}},
}


def start(seed: int = 1, **overrides) -> api.Transition:
    return support.start(TARGETS, seed, **overrides)


def collab_plain(spec: api.PhaseSpec) -> dict[int, dict]:
    kind = kind_of(spec.key)
    if kind == "P":
        return {spec.waits_on[0]: {"P": 1}}
    if kind == "Q":
        return {spec.waits_on[0]: {"Q": 2}}
    phase = (number_of(spec.key) - 1) // 5 + 1
    return {seat: {"picks": list(ACTIVE[phase][: PICKS[phase]])} for seat in (0, 1)}


def play_match(shootouts, advantage_seat: int = 0, first: str = "me", **overrides):
    """Play a whole match: plain collaboration moves, and for shootout n the pair
    shootouts[n-1] = (Ann's submission, Ben's submission) (None: nothing sent).
    Returns the final transition and the points view after each shootout."""
    t = start(advantage_seat=advantage_seat, **overrides)
    t = step(t, {advantage_seat: {"first": first}})
    while not t.finished:
        spec = only_spec(t)
        if kind_of(spec.key) == "shootout":
            a, b = shootouts[number_of(spec.key) - 1]
            t = step(t, {seat: sub for seat, sub in ((0, a), (1, b)) if sub is not None})
        else:
            t = step(t, collab_plain(spec))
    return t


def by_points(points: list[tuple[int, int]]):
    """Shootout submissions worth the given (Ann, Ben) points in shootouts 1-9."""
    out = []
    for n, (a, b) in enumerate(points, start=1):
        phase = (n - 1) // 3 + 1
        out.append((WORTH[phase][a], WORTH[phase][b]))
    return out


def winner_of(t) -> int:
    outcome = ENGINE.outcome(t.state)
    (first,) = [s for s in outcome.standings if s.place == 1]
    return first.seat


# --- shootout points --------------------------------------------------------------------------


def test_it_scores_each_shootout_by_the_active_operations_that_hit_the_target():
    shootouts = [
        # Phase 1 (A-D), targets 0, 3, 4.
        # Ann: target 4, P=2, Q=2: A=4 hit, B=4 hit, C=2, D=0 -> 2. (Inactive G = 2+2 = 4,
        #   H = 4%7 = 4, I = 2*2 = 4 and K = 4%10 = 4 would hit but do not count.)
        # Ben: target 0, P=0, Q=0: A=0, B=0, C=0, D=0 all hit -> 4.
        ({"target": 4, "P": 2, "Q": 2}, {"target": 0, "P": 0, "Q": 0}),
        # Ann: target 3, P=3, Q=0: A=3 hit, B=0, C=3 hit, D=3 hit -> 3.
        # Ben: target 0, P=3, Q=5: A=8, B=15, C=5, D=-2 undefined (never scores, not even 0) -> 0.
        ({"target": 3, "P": 3, "Q": 0}, {"target": 0, "P": 3, "Q": 5}),
        # Ann: target 3, P=0, Q=3: A=3 hit, B=0, C=3 hit, D=-3 undefined (not abs 3) -> 2.
        # Ben: nothing -> 0.
        ({"target": 3, "P": 0, "Q": 3}, None),
        # Phase 2 (A-H), targets 0, 3, 4.
        # Ann: target 4, P=2, Q=2: A=4, B=4, C=2, D=0, E=2, F=6, G=4, H=4 -> A, B, G, H = 4.
        #   (I = 4 and K = 4 are still inactive.)
        # Ben: target 0, P=0, Q=0: all eight are 0 -> 8.
        ({"target": 4, "P": 2, "Q": 2}, {"target": 0, "P": 0, "Q": 0}),
        # Ann: target 3, P=3, Q=5: E=3 only (A=8, B=15, C=5, D undef, F=11, G=8, H=1) -> 1.
        # Ben: target 3, P=1, Q=3: B=3, C=3 (A=4, D undef, E=1, F=5, G=4, H=4) -> 2.
        ({"target": 3, "P": 3, "Q": 5}, {"target": 3, "P": 1, "Q": 3}),
        # Nobody sends: 0, 0.
        (None, None),
        # Phase 3 (A-L), targets 3, 4, 5.
        # Ann: target 4, P=2, Q=2: A=4, B=4, C=2, D=0, E=2, F=6, G=4, H=4, I=4, J=22, K=4, L=2
        #   -> A, B, G, H, I, K = 6.
        # Ben: target 3, P=1, Q=3: A=4, B=3, C=3, D undef, E=1, F=5, G=4, H=4, I=1, J=13,
        #   K=3, L=2 -> B, C, K = 3.
        ({"target": 4, "P": 2, "Q": 2}, {"target": 3, "P": 1, "Q": 3}),
        # Ann: target 4, P=3, Q=5: L = 4 only -> 1.   Ben: target 5, P=3, Q=5: C=5, K=5 -> 2.
        ({"target": 4, "P": 3, "Q": 5}, {"target": 5, "P": 3, "Q": 5}),
        # Targets 0, 4, 5. Ann: nothing -> 0. Ben: target 0, P=0, Q=0: all twelve are 0
        #   (L = 0//2 = 0) -> 12.
        (None, {"target": 0, "P": 0, "Q": 0}),
    ]
    t = play_match(shootouts)
    view = ENGINE.view(t.state, Viewer.spectator())
    points = [tuple(s["points"]) for s in view["shootouts"]]
    assert points == [(2, 4), (3, 0), (2, 0), (4, 8), (1, 2), (0, 0), (6, 3), (1, 2), (0, 12)]
    # Totals after each shootout: Ann 2, 5, 7, 11, 12, 12, 18, 19, 19;
    # Ben 4, 4, 4, 12, 14, 14, 17, 19, 31.
    totals = [tuple(s["totals"]) for s in view["shootouts"]]
    assert totals == [(2, 4), (5, 4), (7, 4), (11, 12), (12, 14), (12, 14), (18, 17), (19, 19), (19, 31)]
    assert view["scores"] == [19, 31]
    # Ben wins 31-19.
    outcome = ENGINE.outcome(t.state)
    assert [(s.seat, s.place, s.score) for s in sorted(outcome.standings, key=lambda s: s.place)] == [
        (1, 1, 31),
        (0, 2, 19),
    ]


def test_it_does_not_count_an_inactive_operation_that_would_hit():
    # Phase 1 (A-D active), with E, F, I, L = a+b written by the host (inactive until later).
    # Ann: target 4, P=2, Q=2: A=4 hit, B=4 hit, C=2, D=0 -> 2; E=F=I=L=4 would hit, not counted.
    # Ben: target 0, P=0, Q=0: A=B=C=D=0 -> 4; E=F=I=L=0 would hit too, not counted (not 8).
    t = start(operations={**OPS, "E": "a + b", "F": "a + b", "I": "a + b", "L": "a + b"})
    t = step(t, {0: {"first": "me"}})
    while only_spec(t).key != "shootout-1":
        t = step(t, collab_plain(only_spec(t)))
    t = step(t, {0: {"target": 4, "P": 2, "Q": 2}, 1: {"target": 0, "P": 0, "Q": 0}})
    assert ENGINE.view(t.state, Viewer.spectator())["shootouts"][0]["points"] == [2, 4]


def test_it_never_scores_an_undefined_value():
    # Phase 1 with A = a/b (undefined when not whole: 7/2 is never 3 by flooring),
    # B = a-b (undefined when negative: 2-5 is never 3 by abs),
    # C = 3 + a // (a-b) (undefined when a == b: division by zero), D = a*b.
    ops = {"A": "a / b", "B": "a - b", "C": "3 + a // (a - b)", "D": "a * b"}
    t = start(operations=ops, targets=[[3, 0, 1]] * 9)
    t = step(t, {0: {"first": "me"}})
    while only_spec(t).key != "shootout-1":
        t = step(t, collab_plain(only_spec(t)))
    # Ann: target 3, P=7, Q=2: A = 7/2 = 3.5 undefined, B = 5, C = 3 + 7//5 = 4, D = 14 -> 0.
    # Ben: target 3, P=2, Q=5: A = 0.4 undefined, B = -3 undefined, C = 3 + 2//(-3) = 3 - 1 = 2,
    #   D = 10 -> 0.
    t = step(t, {0: {"target": 3, "P": 7, "Q": 2}, 1: {"target": 3, "P": 2, "Q": 5}})
    # Ann: target 3, P=6, Q=2: A = 3 hit, B = 4, C = 3 + 6//4 = 4, D = 12 -> 1.
    # Ben: target 3, P=4, Q=4: A = 1, B = 0, C: 4 // 0 undefined, D = 16 -> 0.
    t = step(t, {0: {"target": 3, "P": 6, "Q": 2}, 1: {"target": 3, "P": 4, "Q": 4}})
    # Ann: target 0, P=0, Q=0: A = 0/0 undefined, B = 0 hit, C: 0 // 0 undefined, D = 0 hit -> 2.
    # Ben: target 1, P=1, Q=1: A = 1 hit, B = 0, C undefined, D = 1 hit -> 2.
    t = step(t, {0: {"target": 0, "P": 0, "Q": 0}, 1: {"target": 1, "P": 1, "Q": 1}})
    view = ENGINE.view(t.state, Viewer.spectator())
    assert [s["points"] for s in view["shootouts"]] == [[0, 0], [1, 0], [2, 2]]


def test_it_refuses_a_target_not_among_the_three_offered():
    t = start()
    t = step(t, {0: {"first": "me"}})
    while only_spec(t).key != "shootout-1":
        t = step(t, collab_plain(only_spec(t)))
    for bad in (5, 1, -1, "5", "abc", "", None, 4.0, True, [4], "04x"):
        refusal = ENGINE.validate_submission(t.state, "shootout-1", 0, {"target": bad, "P": 2, "Q": 2})
        assert isinstance(refusal, Invalid) and refusal.message, bad
    # The form posts the choice as text; both "4" and 4 are the target 4.
    assert ENGINE.validate_submission(t.state, "shootout-1", 0, {"target": "4", "P": 2, "Q": 2}) == {
        "target": 4,
        "P": 2,
        "Q": 2,
    }
    assert ENGINE.validate_submission(t.state, "shootout-1", 1, {"target": 4, "P": 2, "Q": 2}) == {
        "target": 4,
        "P": 2,
        "Q": 2,
    }
    # Shootout 7 offers 3, 4, 5: 0 is no longer offered.
    while only_spec(t).key != "shootout-7":
        spec = only_spec(t)
        t = step(t, {} if kind_of(spec.key) == "shootout" else collab_plain(spec))
    assert isinstance(ENGINE.validate_submission(t.state, "shootout-7", 0, {"target": 0, "P": 0, "Q": 0}), Invalid)
    assert not isinstance(ENGINE.validate_submission(t.state, "shootout-7", 0, {"target": 5, "P": 0, "Q": 0}), Invalid)


def test_it_lets_both_players_choose_the_same_target():
    t = play_match(by_points([(2, 2)] + [(0, 0)] * 8))
    # Both: target 4, P=2, Q=2 -> 2 each.
    assert ENGINE.view(t.state, Viewer.spectator())["shootouts"][0]["points"] == [2, 2]


# --- totals and the result ----------------------------------------------------------------------


def test_it_gives_the_win_to_more_points():
    # Ann: 1+0+2 (shootouts 1-3) + 0+0+0 (4-6) + 0+2+0 (7-9) = 5.
    # Ben: 0+1+0 (1-3) + 1+0+1 (4-6) + 0+0+0 (7-9) = 3.
    points = [(1, 0), (0, 1), (2, 0), (0, 1), (0, 0), (0, 1), (0, 0), (2, 0), (0, 0)]
    t = play_match(by_points(points))
    view = ENGINE.view(t.state, Viewer.spectator())
    assert view["scores"] == [5, 3]
    assert winner_of(t) == 0
    # Even when Ben holds the Advantage.
    t = play_match(by_points(points), advantage_seat=1)
    assert winner_of(t) == 0


def test_it_breaks_a_final_tie_by_the_most_recent_untied_total():
    # Totals after each shootout (Ann-Ben):
    #   1: 2-0 (Ann led early)   2: 2-2   3: 2-2   4: 2-2   5: 2-2
    #   6: 2-3 (Ben leads: the most recent untied moment)   7: 3-3   8: 3-3   9: 3-3
    # Final 3-3; newest first: 9, 8, 7 tied, 6 is 2-3 -> Ben wins. (The early lead of Ann
    # after shootout 1 does not count.)
    points = [(2, 0), (0, 2), (0, 0), (0, 0), (0, 0), (0, 1), (1, 0), (0, 0), (0, 0)]
    t = play_match(by_points(points))
    view = ENGINE.view(t.state, Viewer.spectator())
    assert [tuple(s["totals"]) for s in view["shootouts"]] == [
        (2, 0),
        (2, 2),
        (2, 2),
        (2, 2),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 3),
        (3, 3),
    ]
    assert winner_of(t) == 1
    # Ann holds the Advantage here (advantage_seat 0), and still loses: the tie was breakable.
    outcome = ENGINE.outcome(t.state)
    assert [(s.seat, s.place, s.score) for s in sorted(outcome.standings, key=lambda s: s.place)] == [
        (1, 1, 3),
        (0, 2, 3),
    ]


def test_it_breaks_a_tie_by_totals_not_by_who_won_the_last_untied_shootout():
    # Points per shootout and totals:
    #   1: (2, 0) -> 2-0    2: (0, 1) -> 2-1 (Ann still leads on totals)
    #   3: (0, 1) -> 2-2    4-9: nothing -> 2-2
    # Most recent untied total: after shootout 2, Ann 2-1 -> Ann wins, although Ben scored more
    # in shootouts 2 and 3.
    points = [(2, 0), (0, 1), (0, 1)] + [(0, 0)] * 6
    t = play_match(by_points(points), advantage_seat=1)
    assert ENGINE.view(t.state, Viewer.spectator())["scores"] == [2, 2]
    assert winner_of(t) == 0


def test_it_takes_the_newest_untied_moment_when_the_lead_changed_hands():
    # Totals: 1: 1-0 (Ann)  2: 1-2 (Ben)  3: 3-2 (Ann)  4: 3-3  5-9: 3-3.
    # Newest untied: after shootout 3, Ann 3-2 -> Ann (not Ben, who led after shootout 2).
    points = [(1, 0), (0, 2), (2, 0), (0, 1)] + [(0, 0)] * 5
    # Shootout 4 is phase 2: (0, 1) is Ben 1 point.
    t = play_match(by_points(points), advantage_seat=1)
    view = ENGINE.view(t.state, Viewer.spectator())
    assert [tuple(s["totals"]) for s in view["shootouts"]][:4] == [(1, 0), (1, 2), (3, 2), (3, 3)]
    assert view["scores"] == [3, 3]
    assert winner_of(t) == 0
    # Mirror: Ben's points are Ann's -> Ben wins, whoever holds the Advantage.
    mirrored = [(b, a) for a, b in points]
    t = play_match(by_points(mirrored), advantage_seat=0)
    assert winner_of(t) == 1


def test_it_uses_the_total_just_before_a_final_equaliser():
    # Totals: 1-8: 0-0 except shootout 8 where Ben scores 2 -> 0-2; 9: Ann scores 2 -> 2-2.
    # Newest untied: after shootout 8, Ben 2-0 -> Ben.
    points = [(0, 0)] * 7 + [(0, 2), (2, 0)]
    t = play_match(by_points(points))
    assert ENGINE.view(t.state, Viewer.spectator())["scores"] == [2, 2]
    assert winner_of(t) == 1


def test_it_gives_a_never_untied_match_to_the_advantage_holder():
    # Both score the same in every shootout: totals 1-1, 3-3, 3-3, 4-4, ... never untied.
    points = [(1, 1), (2, 2), (0, 0), (1, 1), (2, 2), (0, 0), (1, 1), (2, 2), (0, 0)]
    # Totals: 1, 3, 3, 4, 6, 6, 7, 9, 9 each.
    for holder in (0, 1):
        for first in ("me", "opponent"):
            t = play_match(by_points(points), advantage_seat=holder, first=first)
            view = ENGINE.view(t.state, Viewer.spectator())
            assert [s["totals"][0] for s in view["shootouts"]] == [1, 3, 3, 4, 6, 6, 7, 9, 9]
            assert view["scores"] == [9, 9]
            # The Advantage holder wins even when they made the opponent Player 1 first.
            assert winner_of(t) == holder, (holder, first)
            outcome = ENGINE.outcome(t.state)
            assert sorted((s.place, s.seat, s.score) for s in outcome.standings) == [(1, holder, 9), (2, 1 - holder, 9)]


def test_it_gives_a_scoreless_match_to_the_advantage_holder():
    for holder in (0, 1):
        t = play_match([(None, None)] * 9, advantage_seat=holder)
        assert ENGINE.view(t.state, Viewer.spectator())["scores"] == [0, 0]
        assert winner_of(t) == holder


def test_it_proposes_eliminating_the_loser():
    # Ann 2 (shootout 1), Ben 0: Ann wins 2-0.
    t = play_match(by_points([(2, 0)] + [(0, 0)] * 8))
    outcome = ENGINE.outcome(t.state)
    assert isinstance(outcome, api.Outcome)
    standings = sorted(outcome.standings, key=lambda s: s.place)
    assert [(s.seat, s.place, s.score) for s in standings] == [(0, 1, 2), (1, 2, 0)]
    eliminated = [a for a in outcome.awards if a.kind == api.ELIMINATED]
    assert len(eliminated) == 1
    assert eliminated[0].kind == "eliminated"
    assert eliminated[0].seat == 1
    assert all(a.seat != 0 for a in outcome.awards if a.kind == api.ELIMINATED)
    assert outcome.summary

    # Ben wins (tie broken in his favour by the Advantage): Ann is eliminated.
    t = play_match([(None, None)] * 9, advantage_seat=1)
    outcome = ENGINE.outcome(t.state)
    eliminated = [a for a in outcome.awards if a.kind == api.ELIMINATED]
    assert [(a.seat, a.kind) for a in eliminated] == [(0, "eliminated")]


def test_it_publishes_only_points_after_each_shootout():
    # Shootout 1: Ann target 4, P=2, Q=2 -> 2; Ben target 4, P=1, Q=3 -> 1.
    t = start()
    t = step(t, {0: {"first": "me"}})
    while only_spec(t).key != "shootout-1":
        t = step(t, collab_plain(only_spec(t)))
    t = step(t, {0: WORTH[1][2], 1: WORTH[1][1]})
    view = ENGINE.view(t.state, Viewer.spectator())
    assert view["shootouts"][0]["points"] == [2, 1]
    assert view["scores"] == [2, 1]
    public_text = " ".join(e.text for e in t.events if e.visibility == api.PUBLIC)
    assert "2" in public_text and "1" in public_text


# --- the seed's sample operations ---------------------------------------------------------------


def test_it_plays_the_seeds_sample_operations():
    sample = SAMPLE
    # In the sample set: A = a*b (42 X 6 = 252), B = letters(a) + letters(b) (8 Y 5 = 9),
    # C = concat(abs(a-b), a+b) (25 Z 12 = 1337).
    assert sample["A"] == "a*b"
    assert sample["B"] == "letters(a) + letters(b)"
    assert sample["C"] == "concat(abs(a-b), a+b)"
    t = ENGINE.setup(
        SEATS, ENGINE.validate_settings({"operation_set": "sample", "targets": TARGETS}, 2), derive_rng(1, "setup")
    )
    t = step(t, {0: {"first": "me"}})  # Ann is Player 1 in rounds 1 and 3, Ben in round 2.
    # Round 1: 42 and 6. A = 42*6 = 252. B = letters("forty-two") + letters("six") = 8 + 3 = 11.
    # C = concat(36, 48) = 3648.
    t = step(t, {0: {"P": 42}})
    t = step(t, {1: {"Q": 6}})
    t = step(t, {0: {"picks": ["A", "B"]}, 1: {"picks": ["A", "C"]}})
    # Round 2: Ben gives 8, Ann 5. B = letters("eight") + letters("five") = 5 + 4 = 9.
    # A = 40. D = a + b = 13.
    t = step(t, {1: {"P": 8}})
    t = step(t, {0: {"Q": 5}})
    t = step(t, {0: {"picks": ["B", "D"]}, 1: {"picks": ["A", "B"]}})
    # Round 3: 25 and 12. C = concat(|25-12|, 25+12) = concat(13, 37) = 1337.
    # A = 300. B = letters("twenty-five") + letters("twelve") = 10 + 6 = 16.
    t = step(t, {0: {"P": 25}})
    t = step(t, {1: {"Q": 12}})
    t = step(t, {0: {"picks": ["C", "A"]}, 1: {"picks": ["C", "B"]}})
    collabs = ENGINE.view(t.state, Viewer.spectator())["collabs"]
    assert (collabs[0]["P"], collabs[0]["Q"]) == (42, 6)
    assert collabs[0]["results"] == {"A": 252, "B": 11, "C": 3648}
    assert (collabs[1]["P"], collabs[1]["Q"]) == (8, 5)
    assert collabs[1]["results"] == {"A": 40, "B": 9, "D": 13}
    assert (collabs[2]["P"], collabs[2]["Q"]) == (25, 12)
    assert collabs[2]["results"] == {"A": 300, "B": 16, "C": 1337}


# --- hidden information -----------------------------------------------------------------------


SECRET_OPS = {
    "A": "max(a, b) + 0*77777",
    "B": "a + b + 0*66666",
    "C": "a*b + 0*55555",
    "D": "min(a, b) + 0*44444",
    "H": "a + 0*33333",
    "L": "b + 0*22222",
}
SECRETS = ["77777", "66666", "55555", "44444", "33333", "22222"]
# Shootout n offers 71000 + 10n + 1, 2, 3: shootout 1 offers 71011, 71012, 71013; shootout 9
# offers 71091, 71092, 71093.
SECRET_TARGETS = [[71000 + 10 * n + k for k in (1, 2, 3)] for n in range(1, 10)]


def sent(n: int, seat: int) -> dict:
    # Distinctive numbers: Ann sends P = 900+n, Q = 800+n; Ben P = 700+n, Q = 600+n; the
    # target is the first offered for Ann, the second for Ben.
    base = (900, 800) if seat == 0 else (700, 600)
    return {"target": SECRET_TARGETS[n - 1][seat], "P": base[0] + n, "Q": base[1] + n}


def has(blob: str, number: int | str) -> bool:
    return re.search(rf"(?<!\d){number}(?!\d)", blob) is not None


def dumps(view) -> str:
    return json.dumps(view, sort_keys=True, default=str)


def test_it_hides_definitions_targets_and_sent_numbers_until_the_end():
    t = ENGINE.setup(
        SEATS,
        ENGINE.validate_settings(
            {"operation_set": "easy", "operations": {**EASY, **SECRET_OPS}, "targets": SECRET_TARGETS}, 2
        ),
        derive_rng(1, "setup"),
    )
    steps_checked = 0
    shootouts_done = 0
    all_events = list(t.events)
    while not t.finished:
        spec = only_spec(t)
        kind = kind_of(spec.key)
        current = number_of(spec.key) if kind == "shootout" else None
        spectator = dumps(ENGINE.view(t.state, Viewer.spectator()))
        seats = [dumps(ENGINE.view(t.state, Viewer.for_seat(s))) for s in (0, 1)]
        host = dumps(ENGINE.view(t.state, Viewer.host()))
        for secret in SECRETS:
            assert secret not in spectator, (spec.key, secret)
            assert secret not in seats[0] and secret not in seats[1], (spec.key, secret)
            assert secret in host, (spec.key, secret)
        assert "max(a, b)" not in spectator and "max(a, b)" not in seats[0]
        for n in range(1, 10):
            for target in SECRET_TARGETS[n - 1]:
                assert not has(spectator, target), (spec.key, target)
                assert has(host, target), (spec.key, target)
                for s in (0, 1):
                    # A seat sees the current shootout's targets (and those of shootouts it
                    # has played), never a later shootout's.
                    if n > (current or shootouts_done):
                        assert not has(seats[s], target), (spec.key, s, target)
            if n == current:
                for s in (0, 1):
                    assert all(has(seats[s], target) for target in SECRET_TARGETS[n - 1])
            if n <= shootouts_done:
                for s in (0, 1):
                    mine = sent(n, s)
                    for value in (mine["P"], mine["Q"]):
                        assert has(seats[s], value), (spec.key, s, value)  # own submission
                        assert not has(seats[1 - s], value), (spec.key, s, value)  # not the other's
                        assert not has(spectator, value), (spec.key, value)
                        assert has(host, value)
        steps_checked += 1
        if kind == "advantage":
            t = step(t, {0: {"first": "me"}})
        elif kind == "shootout":
            t = step(t, {0: sent(current, 0), 1: sent(current, 1)})
            shootouts_done += 1
        else:
            # Small public numbers: P = 1, Q = 2.
            t = step(t, collab_plain(spec))
        all_events += t.events
    assert steps_checked == 55 and shootouts_done == 9

    # Nothing secret in the public log either (before the final result).
    public = " ".join(e.text + dumps(e.data) for e in all_events if e.visibility == api.PUBLIC)
    for secret in SECRETS:
        assert secret not in public
    for n in range(1, 10):
        for s in (0, 1):
            assert not has(public, sent(n, s)["P"]) and not has(public, sent(n, s)["Q"])
        for target in SECRET_TARGETS[n - 1]:
            assert not has(public, target)

    # After the end: the spectator sees the definitions and every shootout submission.
    spectator = dumps(ENGINE.view(t.state, Viewer.spectator()))
    for secret in SECRETS:
        assert secret in spectator
    assert "max(a, b) + 0*77777" in spectator
    for n in range(1, 10):
        for s in (0, 1):
            sub = sent(n, s)
            assert has(spectator, sub["P"]) and has(spectator, sub["Q"]) and has(spectator, sub["target"])


def test_it_shows_the_host_everything_from_the_start():
    t = ENGINE.setup(
        SEATS,
        ENGINE.validate_settings(
            {"operation_set": "easy", "operations": {**EASY, **SECRET_OPS}, "targets": SECRET_TARGETS}, 2
        ),
        derive_rng(1, "setup"),
    )
    host = dumps(ENGINE.view(t.state, Viewer.host()))
    assert "max(a, b) + 0*77777" in host
    for targets in SECRET_TARGETS:
        for target in targets:
            assert has(host, target)
    # The easy set's I-K are there too: I = a*a, J = 10*a + b, K = (a*b) % 10.
    assert "10*a + b" in host and "(a*b) % 10" in host
