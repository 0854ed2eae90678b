"""How every two-player Death Match ends: the winner first, the loser last and proposed for
elimination (the host confirms it into the season's ledger). The result table names the number
(`points_heading`: "Rounds won"), and says how the winner was decided (`how`) under it."""

from __future__ import annotations

from typing import Any

from games.engine_api import ELIMINATED, LedgerDelta, Outcome, Standing


def death_match_outcome(
    game_name: str,
    names: list[str],
    winner: int,
    score: list[Any],
    detail: list[dict[str, Any]] | None = None,
    summary: str = "",
    points_heading: str = "Points",
    how: str = "",
    extra: tuple[tuple[str, str, list[Any]], ...] = (),
) -> Outcome:
    """`extra`: more columns, each (key, heading, the two seats' figures)."""
    loser = 1 - winner
    detail = detail or [{}, {}]
    columns = (("points", points_heading), *((key, heading) for key, heading, _ in extra))

    def row(seat: int, place: int, why: str) -> Standing:
        cells = {"points": score[seat], **{key: values[seat] for key, _, values in extra}}
        return Standing(seat, place, score[seat], detail[seat], cells, why)

    standings = [row(winner, 1, "won"), row(loser, 2, "lost: proposed for elimination")]
    awards = [LedgerDelta(loser, ELIMINATED, 1, f"Lost the Death Match ({game_name})")]
    note = "A Death Match has a winner and a loser, never a shared place."
    if how:
        note = f"{note} {how}"
    return Outcome(
        standings, awards, summary or f"{names[winner]} wins {game_name}.", columns=columns, places_note=note
    )
