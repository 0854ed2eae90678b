"""Appeal Points, worked out at the end from every contest photo (S7). An entry is
{"seat", "day", "stats"}: the stats snapshotted when the photo was taken."""

from __future__ import annotations

from .stats import BEAUTY, CLEVER, COOL, CUTE, TOUGH

NAMES = {
    "V": "the gap between your highest and second-highest stat (then your highest is set to your lowest)",
    "W": "Coolness × Cleverness (then both become their difference)",
    "X": "the day's best Cuteness + Beauty (then both lose 3)",
    "Y": "1 AP per stat of 6 or more (then those are set back to 3)",
    "Z": "1 AP per other entrant whose Beauty is below your Toughness (then both are halved)",
}


def contest_value(contest: str, stats: list[int]) -> int:
    """The number a contest compares (Y and Z score otherwise, but show a value too)."""
    if contest == "V":
        high, second = sorted(stats, reverse=True)[:2]
        return high - second
    if contest == "W":
        return stats[COOL] * stats[CLEVER]
    if contest == "X":
        return stats[CUTE] + stats[BEAUTY]
    if contest == "Y":
        return sum(1 for v in stats if v >= 6)
    return stats[TOUGH]


def podium(values: dict[int, int]) -> dict[int, int]:
    """V and W: the best distinct value 3 AP, the next 2, the next 1; ties share."""
    distinct = sorted(set(values.values()), reverse=True)
    points = {value: 3 - rank for rank, value in enumerate(distinct[:3])}
    return {seat: points.get(value, 0) for seat, value in values.items()}


def appeal_points(contest: str, entries: list[dict]) -> dict[int, int]:
    """seat -> AP won in this contest, for every entrant."""
    if contest in ("V", "W"):
        return podium({e["seat"]: contest_value(contest, e["stats"]) for e in entries})
    if contest == "X":
        points = {}
        for day in sorted({e["day"] for e in entries}):
            that_day = [e for e in entries if e["day"] == day]
            best = max(contest_value("X", e["stats"]) for e in that_day)
            for e in that_day:
                points[e["seat"]] = 2 if contest_value("X", e["stats"]) == best else 0
        return points
    if contest == "Y":
        return {e["seat"]: contest_value("Y", e["stats"]) for e in entries}
    return {
        e["seat"]: sum(
            1 for other in entries if other["seat"] != e["seat"] and e["stats"][TOUGH] > other["stats"][BEAUTY]
        )
        for e in entries
    }


def all_appeal_points(entries_by_contest: dict[str, list[dict]]) -> dict[str, dict[int, int]]:
    return {contest: appeal_points(contest, entries) for contest, entries in entries_by_contest.items()}
