"""A finished match's result table, as the public, play and confirm pages show it: the place, the
player, the game's own columns (each headed with what its number is: "Exhibit points", never a
bare "Score"), why the player is in that place, and the line under the table saying how places
were decided and why players share one. All of it is the engine's (games.engine_types.Outcome);
an engine that names no columns (or an outcome stored before they could) shows one "Score" column."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

WHY_HEADING = "Why this place"


@dataclass
class ResultRow:
    seat: int
    place: int
    name: str
    cells: list[tuple[str, str]]  # (the column's heading, the figure as shown)
    why: str


@dataclass
class ResultTable:
    headings: list[str]
    rows: list[ResultRow] = field(default_factory=list)
    note: str = ""
    why_heading: str = ""  # blank when no row says why: no empty column

    def __bool__(self) -> bool:
        return bool(self.rows)


def shown(value: Any) -> str:
    """A cell as a person reads it: 6.0 is "6", nothing is a dash."""
    if value is None or value == "":
        return "—"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def result_table(match, seats) -> ResultTable | None:
    """The table of `match`'s outcome with the players' names, or None before the end. Rows keep
    the engine's order within a place (it knows what orders them: Pokemon Snap puts photographers
    first, each role by its own points)."""
    outcome = match.outcome
    if not outcome:
        return None
    # each seat as this page names it elsewhere (a picture's seats: the name its viewer was told)
    names = {s.seat: getattr(s, "name", None) or s.season_player.display_name for s in seats}
    stored = outcome.get("columns")  # None (or, stored before, absent): the engine named none
    columns = stored if stored is not None else [["score", "Score"]]
    rows = []
    for row in sorted(outcome["standings"], key=lambda r: r["place"]):  # stable: the engine's order within
        cells = row.get("cells") if stored is not None else {"score": row["score"]}
        rows.append(
            ResultRow(
                row["seat"],
                row["place"],
                names.get(row["seat"], "?"),
                [(heading, shown((cells or {}).get(key))) for key, heading in columns],
                row.get("why", ""),
            )
        )
    return ResultTable(
        headings=[heading for _, heading in columns],
        rows=rows,
        note=outcome.get("places_note", ""),
        why_heading=WHY_HEADING if any(r.why for r in rows) else "",
    )
