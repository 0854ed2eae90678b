"""Race rankings, points, the players' ranking and the season awards: rulings Q9-Q12.

Every comparison is made on whole numbers (decimetres, twice the median, n² times the
variance), so two athletes tie exactly when the rules say they tie."""

from __future__ import annotations

import math
from typing import Any

from games import engine_api as api
from games.ranking import shared_ranks

DASH, MARATHON, MIDDLE, THREE_LEGGED = "dash", "marathon", "middle", "three_legged"
RACES = {DASH: "100m dash", MARATHON: "Marathon", MIDDLE: "Middle race", THREE_LEGGED: "Three-legged race"}
BONUS = {1: 1.386, 2: 0.693, 3: 0.287}  # the seed's amendment


def distance(athlete: dict) -> int:
    return sum(athlete["moves"])


def twice_median(values: list[int]) -> int | None:
    """Twice the median (an integer even when the median is a half), None for no values."""
    if not values:
        return None
    values = sorted(values)
    mid = len(values) // 2
    return 2 * values[mid] if len(values) % 2 else values[mid - 1] + values[mid]


def scaled_variance(moves: list[int]) -> int:
    """n² times the population variance of the per-round movements."""
    n = len(moves)
    return n * sum(m * m for m in moves) - sum(moves) ** 2


def standard_deviation(moves: list[int]) -> float:
    """Population standard deviation in decimetres (for people to read)."""
    return math.sqrt(scaled_variance(moves)) / len(moves) if moves else 0.0


def rank_race(race: str, athletes: list[dict]) -> dict[int, int]:
    """{athlete number: rank} within one race's athletes."""
    numbers = [a["number"] for a in athletes]
    by_number = {a["number"]: a for a in athletes}
    if race in (DASH, THREE_LEGGED):
        return shared_ranks(numbers, lambda n: distance(by_number[n]), higher_is_better=True)
    moving = [n for n in numbers if distance(by_number[n]) != 0]
    if race == MIDDLE:
        centre = twice_median([distance(by_number[n]) for n in moving])
        # No centre means nobody moved: there is nobody to rank here.
        ranks = {} if centre is None else shared_ranks(moving, lambda n: abs(2 * distance(by_number[n]) - centre))
    else:
        ranks = shared_ranks(moving, lambda n: scaled_variance(by_number[n]["moves"]))
    # Q9: athletes with exactly 0 m share the last rank, N of N, so that they cannot win even
    # when nobody in the race moved (a race of one still ranks its athlete 1 of 1, Q10).
    ranks.update({n: len(numbers) for n in numbers if n not in ranks})
    return ranks


def points(rank: int, field: int) -> tuple[float, float]:
    """(formula points, bonus) for rank `rank` of `field` athletes (Q10)."""
    return -math.log(rank / field), BONUS.get(rank, 0.0)


def race_tables(athletes: list[dict]) -> dict[str, list[dict]]:
    """Every race's standings now: rows in rank order with the figures behind the ranks."""
    tables = {}
    for race in RACES:
        field = [a for a in athletes if a["race"] == race]
        ranks = rank_race(race, field)
        centre = twice_median([distance(a) for a in field if distance(a) != 0]) if race == MIDDLE else None
        rows = []
        for athlete in field:
            rank = ranks[athlete["number"]]
            base, bonus = points(rank, len(field))
            row = {
                "number": athlete["number"],
                "rank": rank,
                "distance": distance(athlete),
                "points": round(base + bonus, 3),
                "base": round(base, 3),
                "bonus": bonus,
            }
            if race == MARATHON:
                row["spread"] = round(standard_deviation(athlete["moves"]), 2)
            if race == MIDDLE and centre is not None:
                row["from_median"] = abs(2 * distance(athlete) - centre) / 2
            rows.append(row)
        rows.sort(key=lambda r: (r["rank"], r["number"]))
        tables[race] = rows
    return tables


def player_standings(athletes: list[dict], seats: int) -> list[dict]:
    """Q11: each player's points (their athletes' sum), places and the tie-break counts."""
    rows_by_number = {row["number"]: row for table in race_tables(athletes).values() for row in table}
    field_size = {race: sum(1 for a in athletes if a["race"] == race) for race in RACES}
    players: list[dict[str, Any]] = []
    for seat in range(seats):
        mine = [a for a in athletes if seat in a["controllers"]]
        parts = [{**rows_by_number[a["number"]], "race": a["race"], "field": field_size[a["race"]]} for a in mine]
        total = sum(sum(points(p["rank"], p["field"])) for p in parts)  # exact: rounding is for reading
        counts = [sum(1 for p in parts if p["rank"] == r) for r in range(1, len(athletes) + 1)]
        players.append(
            {
                "seat": seat,
                "score": round(total, 3),
                "exact": total,
                "rank_counts": counts,
                "athletes": sorted(parts, key=lambda p: p["number"]),
            }
        )
    # Sums of logarithms: round before comparing so that equal hands of ranks tie exactly.
    key = {p["seat"]: (round(p["exact"], 9), tuple(p["rank_counts"])) for p in players}
    places = shared_ranks([p["seat"] for p in players], lambda seat: key[seat], higher_is_better=True)
    for p in players:
        p["place"] = places[p["seat"]]
        del p["exact"]
    return sorted(players, key=lambda p: (p["place"], p["seat"]))


def tie_break_notes(players: list[dict]) -> list[str]:
    """Why players with the same points are in the order they are (for the result page)."""
    notes = []
    by_score: dict[float, list[dict]] = {}
    for p in players:
        by_score.setdefault(p["score"], []).append(p)
    for score, group in by_score.items():
        if len(group) < 2:
            continue
        described = "; ".join(
            f"seat {p['seat']}: place {p['place']}, ranks {ranks_text(p['rank_counts'])}" for p in group
        )
        notes.append(f"{len(group)} players have {score:.3f} points; more firsts, then seconds, … decide: {described}.")
    return notes


def ranks_text(counts: list[int]) -> str:
    parts = [f"{n}× rank {r}" for r, n in enumerate(counts, start=1) if n]
    return ", ".join(parts) or "none"


RESULT_COLUMNS = (("points", "Points (sum over your athletes)"), ("ranks", "Your athletes' ranks in their races"))
PLACES_NOTE = (
    "Places by points: an athlete ranked X of N in its race earns −ln(X/N), plus 1.386, 0.693 or 0.287 for "
    "rank 1, 2 or 3, and a player has the sum of the athletes they control. Equal points go to more "
    "athletes ranked 1st, then 2nd, and so on; players equal on all of these share the place (1, 1, 3)."
)


def season_awards(players: list[dict], athletes: list[dict]) -> list[api.LedgerDelta]:
    """Q12. Shared places take the higher award (the award goes by place number)."""
    awards = []
    prizes = {
        1: ((api.TOKEN_OF_LIFE, 2), (api.GARNET, 3)),
        2: ((api.TOKEN_OF_LIFE, 1), (api.GARNET, 2)),
        3: ((api.GARNET, 2),),
    }
    lowest = max(p["place"] for p in players)
    for p in players:
        for kind, amount in prizes.get(p["place"], ()):
            awards.append(api.LedgerDelta(p["seat"], kind, amount, f"Co-op QWOP: place {p['place']}"))
        if p["place"] == lowest and lowest > 1:
            awards.append(api.LedgerDelta(p["seat"], api.ELIMINATION_CANDIDATE, 1, "Co-op QWOP: lowest place"))
    for race, rows in race_tables(athletes).items():
        for row in rows:
            if row["rank"] == 1:
                awards.append(
                    api.LedgerDelta(
                        None, api.COMMUNAL_GARNET, 1, f"Co-op QWOP: athlete #{row['number']} won the {RACES[race]}"
                    )
                )
    return awards


def outcome(athletes: list[dict], names: list[str]) -> api.Outcome:
    """Q11, Q12: the places, what each number is, and the tie-breaks said with names."""
    players = player_standings(athletes, len(names))
    standings = [
        api.Standing(
            p["seat"],
            p["place"],
            p["score"],
            {"athletes": p["athletes"], "rank_counts": p["rank_counts"]},
            {"points": f"{p['score']:.3f}", "ranks": ranks_text(p["rank_counts"])},
        )
        for p in players
    ]
    notes = tie_break_notes(players)
    for p in players:  # the notes speak of seats; people read names
        notes = [note.replace(f"seat {p['seat']}:", f"{names[p['seat']]}:") for note in notes]
    winner = ", ".join(names[p["seat"]] for p in players if p["place"] == 1)
    summary = f"Co-op QWOP is over. First place: {winner}." + "".join(f" {note}" for note in notes)
    places_note = " ".join([PLACES_NOTE, *notes])
    return api.Outcome(
        standings, season_awards(players, athletes), summary, columns=RESULT_COLUMNS, places_note=places_note
    )
