"""How every two-player Death Match ends: the winner first, the loser last and proposed for
elimination (the host confirms it into the season's ledger)."""

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
) -> Outcome:
    loser = 1 - winner
    detail = detail or [{}, {}]
    standings = [Standing(winner, 1, score[winner], detail[winner]), Standing(loser, 2, score[loser], detail[loser])]
    awards = [LedgerDelta(loser, ELIMINATED, 1, f"Lost the Death Match ({game_name})")]
    return Outcome(standings, awards, summary or f"{names[winner]} wins {game_name}.")
