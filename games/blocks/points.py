"""Points to a target: rounds that give a point to their winner (or nobody), and when a lead
can no longer be caught."""

from __future__ import annotations

from collections.abc import Sequence


def uncatchable_leader(points: Sequence[int], rounds_left: int, per_round: int = 1) -> int | None:
    """The seat whose lead nobody can catch with `rounds_left` rounds of at most `per_round`
    points each (catching up means drawing level), or None."""
    best = max(points)
    leaders = [seat for seat, p in enumerate(points) if p == best]
    if len(leaders) != 1:
        return None
    runner_up = max((p for seat, p in enumerate(points) if seat != leaders[0]), default=0)
    return leaders[0] if runner_up + rounds_left * per_round < best else None


def most_points(points: Sequence[int]) -> list[int]:
    """The seats with the most points (more than one when tied)."""
    best = max(points)
    return [seat for seat, p in enumerate(points) if p == best]


def last_decisive_winner(round_winners: Sequence[int | None]) -> int | None:
    """The winner of the last round someone won (None for a draw), or None if all were draws:
    the tie-break of games where the last word counts."""
    return next((w for w in reversed(round_winners) if w is not None), None)
