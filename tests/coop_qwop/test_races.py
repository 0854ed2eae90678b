"""Race rankings, points, player standings and season awards (rulings Q9-Q12)."""

from __future__ import annotations

import math

import pytest

from games import engine_api as api
from games.coop_qwop.engine import races
from games.coop_qwop.engine.game import new_athlete


def ath(number, race, moves, controllers=(0, 1), partner=None):
    a = new_athlete(number, controllers)
    a.update(race=race, moves=list(moves), partner=partner)
    return a


def total(t):
    """Five rounds whose sum is `t` (the dash and middle race only look at the total)."""
    return [t, 0, 0, 0, 0]


# --- 100m dash -------------------------------------------------------------------------------


def test_it_ranks_the_dash_by_distance_with_shared_ranks():
    field = [
        ath(1, "dash", [10, 10, 0, 0, 0]),
        ath(2, "dash", [20, 0, 0, 0, 0]),
        ath(3, "dash", total(15)),
        ath(4, "dash", total(-7)),
    ]
    # totals 20, 20, 15, -7 -> 1, 1, 3, 4 (ties skip the next rank)
    assert races.rank_race("dash", field) == {1: 1, 2: 1, 3: 3, 4: 4}


def test_it_ranks_the_three_legged_race_by_distance():
    field = [
        ath(1, "three_legged", total(30), partner=2),
        ath(2, "three_legged", total(30), partner=1),
        ath(3, "three_legged", total(-5), partner=4),
        ath(4, "three_legged", total(-5), partner=3),
    ]
    # partners always share a distance: 30, 30 first; -5, -5 both rank 3
    assert races.rank_race("three_legged", field) == {1: 1, 2: 1, 3: 3, 4: 3}


# --- middle race ----------------------------------------------------------------------------


def test_it_ranks_the_middle_race_around_the_median_of_an_odd_number():
    field = [
        ath(1, "middle", total(10)),
        ath(2, "middle", total(20)),
        ath(3, "middle", total(45)),
        ath(4, "middle", [0, 0, 0, 0, 0]),
        ath(5, "middle", [5, -5, 0, 0, 0]),
    ]
    # non-zero totals 10, 20, 45 (athletes 4 and 5 total exactly 0) -> median 20
    # distances to it: 10, 0, 25 -> #2 1st, #1 2nd, #3 3rd; the two 0 m athletes share the last
    # rank of a race of five: 5
    assert races.rank_race("middle", field) == {2: 1, 1: 2, 3: 3, 4: 5, 5: 5}


def test_it_ranks_the_middle_race_around_the_mean_of_the_two_middle_values():
    field = [
        ath(1, "middle", total(10)),
        ath(2, "middle", total(20)),
        ath(3, "middle", total(30)),
        ath(4, "middle", total(60)),
        ath(5, "middle", total(0)),
    ]
    # non-zero 10, 20, 30, 60 -> median (20 + 30) / 2 = 25; distances 15, 5, 5, 35
    # -> #2 and #3 share 1st, #1 3rd, #4 4th; #5 (0 m) last: 5th
    assert races.rank_race("middle", field) == {2: 1, 3: 1, 1: 3, 4: 4, 5: 5}


def test_it_counts_negative_totals_as_non_zero_in_the_middle_race():
    field = [ath(1, "middle", total(-10)), ath(2, "middle", total(10)), ath(3, "middle", total(30))]
    # non-zero -10, 10, 30 -> median 10; distances 20, 0, 20 -> #2 1st, #1 and #3 share 2nd
    assert races.rank_race("middle", field) == {2: 1, 1: 2, 3: 2}


def test_it_uses_a_half_decimetre_median_exactly():
    field = [ath(1, "middle", total(10)), ath(2, "middle", total(15)), ath(3, "middle", total(13))]
    # odd count: sorted 10, 13, 15 -> median 13: distances 3, 2, 0 -> #3, #2, #1
    assert races.rank_race("middle", field) == {3: 1, 2: 2, 1: 3}
    field.append(ath(4, "middle", total(16)))
    # even: 10, 13, 15, 16 -> median 14: distances 4, 1, 1, 2 -> #2 and #3 1st, #4 3rd, #1 4th
    assert races.rank_race("middle", field) == {2: 1, 3: 1, 4: 3, 1: 4}


# --- marathon -------------------------------------------------------------------------------


def test_it_ranks_the_marathon_by_population_standard_deviation():
    field = [
        ath(1, "marathon", [10, 10, 10, 10, 10]),  # mean 10, sd 0
        ath(2, "marathon", [0, 20, 0, 20, 0]),  # mean 8; squares 64+144+64+144+64 = 480; var 96; sd 9.80
        ath(3, "marathon", [5, 5, 5, 5, 10]),  # mean 6; squares 1+1+1+1+16 = 20; var 4; sd 2
        ath(4, "marathon", [0, 0, 0, 0, 0]),  # total 0: last, though its sd is 0
        ath(5, "marathon", [5, -5, 0, 0, 0]),  # total exactly 0: last too
        ath(6, "marathon", [20, 20, 20, 20, 20]),  # sd 0: ties with #1
    ]
    # moving athletes: #1, #6 (sd 0) 1st; #3 (2) 3rd; #2 (9.80) 4th; the 0 m ones share the last
    # rank of a race of six: 6
    assert races.rank_race("marathon", field) == {1: 1, 6: 1, 3: 3, 2: 4, 4: 6, 5: 6}
    rows = {r["number"]: r for r in races.race_tables(field)["marathon"]}
    assert rows[2]["spread"] == pytest.approx(math.sqrt(96), abs=0.01)  # 9.80 dm
    assert rows[3]["spread"] == pytest.approx(2.0)


def test_it_uses_the_population_not_the_sample_deviation():
    # A [0, 10, 0, 10, 0]: mean 4, squares 16+36+16+36+16 = 120: population var 24 (sd 4.90),
    # sample var 30 (sd 5.48). B [0, 0, 0, 0, 11]: mean 2.2, squares 4.84*4 + 77.44 = 96.8:
    # population var 19.36 (sd 4.4), sample var 24.2 (sd 4.92).
    # Either way B is steadier; check the figures shown are the population ones.
    field = [ath(1, "marathon", [0, 10, 0, 10, 0]), ath(2, "marathon", [0, 0, 0, 0, 11])]
    assert races.rank_race("marathon", field) == {2: 1, 1: 2}
    rows = {r["number"]: r for r in races.race_tables(field)["marathon"]}
    assert rows[1]["spread"] == pytest.approx(math.sqrt(24), abs=0.01)  # 4.90
    assert rows[2]["spread"] == pytest.approx(4.4, abs=0.01)


def test_it_ranks_a_negative_steady_runner_in_the_marathon():
    field = [ath(1, "marathon", [-5, -5, -5, -5, -5]), ath(2, "marathon", [0, 5, 0, 5, 0])]
    # #1 total -25 (not 0), sd 0 -> 1st; #2 sd > 0 -> 2nd
    assert races.rank_race("marathon", field) == {1: 1, 2: 2}


# --- points (Q10) ----------------------------------------------------------------------------


def test_it_gives_minus_ln_plus_the_bonus():
    assert races.points(1, 4) == pytest.approx((math.log(4), 1.386))  # -ln(1/4) = 1.3863
    assert races.points(2, 4) == pytest.approx((math.log(2), 0.693))  # -ln(2/4) = 0.6931
    assert races.points(3, 4) == pytest.approx((math.log(4 / 3), 0.287))  # -ln(3/4) = 0.2877
    assert races.points(4, 4) == pytest.approx((0.0, 0.0))  # -ln(1) = 0, no bonus


def test_it_applies_the_amendment_with_two_firsts():
    field = [ath(1, "dash", total(30)), ath(2, "dash", total(30)), ath(3, "dash", total(20)), ath(4, "dash", total(10))]
    rows = {r["number"]: r for r in races.race_tables(field)["dash"]}
    # ranks 1, 1, 3, 4 of 4. Firsts: ln 4 + 1.386 = 1.386294 + 1.386 = 2.772
    assert [rows[n]["rank"] for n in (1, 2, 3, 4)] == [1, 1, 3, 4]
    assert rows[1]["points"] == rows[2]["points"] == pytest.approx(2.772, abs=0.0005)
    assert rows[1]["bonus"] == rows[2]["bonus"] == 1.386
    # nobody takes the second bonus; the third: ln(4/3) + 0.287 = 0.287682 + 0.287 = 0.575
    assert rows[3]["bonus"] == 0.287
    assert rows[3]["points"] == pytest.approx(0.575, abs=0.0005)
    assert all(r["bonus"] != 0.693 for r in rows.values())
    assert rows[4]["points"] == 0  # rank 4 of 4: -ln(1) = 0


def test_it_gives_no_third_bonus_when_three_share_second():
    field = [ath(1, "dash", total(40))] + [ath(n, "dash", total(30)) for n in (2, 3, 4)] + [ath(5, "dash", total(10))]
    rows = {r["number"]: r for r in races.race_tables(field)["dash"]}
    # ranks 1, 2, 2, 2, 5 of 5: 2nd-placers take 0.693 + ln(5/2) = 0.693 + 0.916291 = 1.609
    assert [rows[n]["rank"] for n in range(1, 6)] == [1, 2, 2, 2, 5]
    assert [rows[n]["bonus"] for n in range(1, 6)] == [1.386, 0.693, 0.693, 0.693, 0.0]
    assert rows[2]["points"] == pytest.approx(1.609, abs=0.0005)
    assert rows[1]["points"] == pytest.approx(2.995, abs=0.0005)  # ln 5 = 1.609438 + 1.386


def test_it_ranks_a_lone_athlete_1_of_1():
    field = [ath(1, "marathon", [10, 0, 10, 0, 10]), ath(2, "dash", total(5)), ath(3, "dash", total(1))]
    tables = races.race_tables(field)
    lone = tables["marathon"]
    assert len(lone) == 1 and lone[0]["rank"] == 1
    assert lone[0]["points"] == pytest.approx(1.386)  # -ln(1/1) = 0, + 1.386
    assert tables["middle"] == [] and tables["three_legged"] == []


# --- players (Q11) ---------------------------------------------------------------------------


def test_it_breaks_player_ties_by_the_number_of_firsts():
    athletes = [
        ath(1, "marathon", [10] * 5, controllers=(0, 2)),  # alone: rank 1 of 1 -> 0 + 1.386
        ath(2, "dash", total(20), controllers=(2, 3)),  # rank 1 of 2 -> ln 2 + 1.386 = 2.079147
        ath(3, "dash", total(10), controllers=(1, 3)),  # rank 2 of 2 -> 0 + 0.693
        ath(4, "middle", total(10), controllers=(2, 3)),  # rank 1 of 2 -> 2.079147
        ath(5, "middle", total(0), controllers=(1, 3)),  # 0 m: last, rank 2 of 2 -> 0.693
    ]
    players = {p["seat"]: p for p in races.player_standings(athletes, 4)}
    # seat 2: 1.386 + 2.079147 + 2.079147 = 5.544294, three firsts
    # seat 3: 2.079147 + 0.693 + 2.079147 + 0.693 = 5.544294, two firsts, two seconds
    # seat 0: 1.386 (one first); seat 1: 0.693 + 0.693 = 1.386 (no first, two seconds)
    assert players[2]["score"] == players[3]["score"] == pytest.approx(5.544, abs=0.0005)
    assert players[0]["score"] == players[1]["score"] == pytest.approx(1.386, abs=0.0005)
    assert players[2]["rank_counts"][:2] == [3, 0] and players[3]["rank_counts"][:2] == [2, 2]
    assert {s: p["place"] for s, p in players.items()} == {2: 1, 3: 2, 0: 3, 1: 4}


def test_it_breaks_deeper_ties_and_lets_still_tied_players_share():
    athletes = []
    # dash, 8 athletes, totals 80 70 60 50 50 30 20 10 -> ranks 1 2 3 4 4 6 7 8
    for i, t in enumerate([80, 70, 60, 50, 50, 30, 20, 10]):
        athletes.append(ath(1 + i, "dash", total(t), controllers=(0, 4) if t == 50 else (2, 3)))
    # three-legged, 16 athletes, totals 160, 150, ..., 10 -> #4th (130) is seat 1's
    for i in range(16):
        t = 160 - 10 * i
        athletes.append(ath(9 + i, "three_legged", total(t), controllers=(1, 5) if t == 130 else (2, 3)))
    # marathon, 5 athletes: four steady movers (rank 1) and seat 1's 0 m athlete (rank 5 of 5)
    for i in range(4):
        athletes.append(ath(25 + i, "marathon", [10] * 5, controllers=(2, 3)))
    athletes.append(ath(29, "marathon", [0] * 5, controllers=(1, 5)))
    players = {p["seat"]: p for p in races.player_standings(athletes, 6)}
    # seat 0 (and 4): two rank 4 of 8 -> 2 * ln 2 = ln 4 = 1.386294
    # seat 1 (and 5): rank 4 of 16 -> ln 4 = 1.386294, + rank 5 of 5 -> 0: the same points
    assert players[0]["score"] == players[1]["score"] == pytest.approx(math.log(4), abs=0.0005)
    # equal firsts, seconds, thirds (none); fourths: 2 against 1 -> seats 0, 4 ahead of 1, 5
    # seats 2 and 3 control the same athletes: tied on everything, they share 1st;
    # seats 0 and 4 share 3rd; seats 1 and 5 share 5th
    assert {s: p["place"] for s, p in players.items()} == {2: 1, 3: 1, 0: 3, 4: 3, 1: 5, 5: 5}


# --- season awards (Q12) ---------------------------------------------------------------------


def awards_by_seat(awards):
    out = {}
    for d in awards:
        if d.seat is not None:
            out.setdefault(d.seat, {}).setdefault(d.kind, 0)
            out[d.seat][d.kind] += d.amount
    return out


def communal(awards):
    return sum(d.amount for d in awards if d.seat is None and d.kind == api.COMMUNAL_GARNET)


TOL, G, EC = api.TOKEN_OF_LIFE, api.GARNET, api.ELIMINATION_CANDIDATE


def test_it_gives_the_season_awards_by_place():
    players = [{"seat": s, "place": s + 1} for s in range(8)]
    got = awards_by_seat(races.season_awards(players, []))
    assert got == {
        0: {TOL: 2, G: 3},  # 1st: 2 tokens of life, 3 garnets
        1: {TOL: 1, G: 2},  # 2nd: 1 token, 2 garnets
        2: {G: 2},  # 3rd: 2 garnets
        7: {EC: 1},
    }  # lowest: Elimination Candidate


def test_it_gives_shared_places_the_higher_award():
    places = [1, 1, 3, 4, 5, 6, 7, 7]
    players = [{"seat": s, "place": p} for s, p in enumerate(places)]
    got = awards_by_seat(races.season_awards(players, []))
    # two firsts both take the 1st award, nobody the 2nd, place 3 takes the 3rd;
    # both players on the lowest place are Elimination Candidates
    assert got == {0: {TOL: 2, G: 3}, 1: {TOL: 2, G: 3}, 2: {G: 2}, 6: {EC: 1}, 7: {EC: 1}}


def test_it_gives_two_seconds_the_second_award_and_nobody_the_third():
    places = [1, 2, 2, 4, 5, 6, 7, 8]
    players = [{"seat": s, "place": p} for s, p in enumerate(places)]
    got = awards_by_seat(races.season_awards(players, []))
    assert got == {0: {TOL: 2, G: 3}, 1: {TOL: 1, G: 2}, 2: {TOL: 1, G: 2}, 7: {EC: 1}}


def test_it_adds_a_communal_garnet_per_race_winning_athlete():
    athletes = [
        ath(1, "dash", total(30)),
        ath(2, "dash", total(30)),
        ath(3, "dash", total(10)),  # two winners
        ath(4, "marathon", [10] * 5),  # one winner
        ath(5, "three_legged", total(20), partner=6),
        ath(6, "three_legged", total(20), partner=5),  # pair: 2
        # middle race: nobody
    ]
    players = [{"seat": s, "place": s + 1} for s in range(8)]
    assert communal(races.season_awards(players, athletes)) == 5  # 2 + 1 + 2 + 0


def test_it_reaches_the_outcome_through_the_engine():
    from games.coop_qwop.engine import ENGINE

    from .support import all_filler, number_of, play, started

    state = started(rounds=1)
    n = number_of(state, 0, 1)
    t = play(state, all_filler(state, "O", s0={f"card_{n}": "Q"}, s1={f"card_{n}": "P"}))
    assert t.finished
    out = ENGINE.outcome(t.state)
    places = {s.seat: s.place for s in out.standings}
    scores = {s.seat: s.score for s in out.standings}
    # dash, 28 athletes: #n +10 (QP), the other 27 0 (OO) -> #n rank 1 of 28, the rest rank 2 of 28
    # rank 1: ln 28 + 1.386 = 3.332205 + 1.386 = 4.718205; rank 2: ln 14 + 0.693 = 3.332057
    # seats 0, 1: 4.718205 + 6 * 3.332057 = 24.711; every other seat 7 * 3.332057 = 23.324
    # (tolerance 0.002: this test is about the wiring; the rounding of the score is checked
    # in test_it_ranks_players_by_their_exact_points)
    assert scores[0] == scores[1] == pytest.approx(24.711, abs=0.002)
    assert all(scores[s] == pytest.approx(23.324, abs=0.002) for s in range(2, 8))
    assert places == {0: 1, 1: 1, **{s: 3 for s in range(2, 8)}}
    got = awards_by_seat(out.awards)
    # seats 0, 1 share 1st: both 2 tokens + 3 garnets; nobody 2nd; seats 2-7 share place 3,
    # which is also the lowest place: 2 garnets each and Elimination Candidate
    assert got == {0: {TOL: 2, G: 3}, 1: {TOL: 2, G: 3}, **{s: {G: 2, EC: 1} for s in range(2, 8)}}
    assert communal(out.awards) == 1  # one dash winner
    view = ENGINE.view(t.state, api.Viewer.spectator())
    assert all("controllers" in a for a in view["athletes"])  # revealed at the end


def test_it_ranks_players_by_their_exact_points():
    athletes = [
        ath(1, "marathon", [10] * 5, controllers=(0, 4)),  # alone: rank 1 of 1 -> 0 + 1.386 = 1.386
        ath(2, "dash", total(40), controllers=(2, 3)),  # rank 1 of 4: ln 4 + 1.386 = 2.772294
        ath(3, "dash", total(30), controllers=(1, 5)),  # rank 2 of 4: ln 2 + 0.693 = 1.386147
        ath(4, "dash", total(20), controllers=(2, 3)),  # rank 3 of 4: ln 4/3 + 0.287 = 0.574682
        ath(5, "dash", total(10), controllers=(2, 3)),  # rank 4 of 4: 0
    ]
    players = {p["seat"]: p for p in races.player_standings(athletes, 6)}
    # seats 2, 3: 2.772294 + 0.574682 = 3.346976 -> share 1st
    # seats 1, 5: 1.386147 > seats 0, 4: 1.386 -> 3rd; the tie-break on firsts must not apply,
    # the points are not tied (-ln(2/4) = 0.693147..., not 0.693)
    assert {s: p["place"] for s, p in players.items()} == {2: 1, 3: 1, 1: 3, 5: 3, 0: 5, 4: 5}


def test_it_never_lets_a_race_of_athletes_at_0_m_have_a_winner():
    field = [ath(n, race, [0, 0, 0, 0, 0]) for n, race in ((1, "marathon"), (2, "marathon"), (3, "marathon"))]
    # nobody moved: all three share the last rank, 3 of 3 -> -ln(1) = 0 plus the 3rd bonus 0.287
    assert races.rank_race("marathon", field) == {1: 3, 2: 3, 3: 3}
    rows = races.race_tables(field)["marathon"]
    assert [r["points"] for r in rows] == [0.287, 0.287, 0.287]
