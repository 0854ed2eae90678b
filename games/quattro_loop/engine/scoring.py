"""Quattros and the round's points (rulings L4, L13g)."""

from __future__ import annotations

from typing import Any, TypeGuard

SEVEN = 7


def is_quattro(cards: list[dict | None]) -> TypeGuard[list[dict]]:
    """Four cards whose non-zero cards have distinct numbers and distinct colours (0 is wild)."""
    if len(cards) != 4 or any(c is None for c in cards):
        return False
    counted = [c for c in cards if c is not None and c["v"] > 0]
    return len({c["v"] for c in counted}) == len(counted) and len({c["c"] for c in counted}) == len(counted)


def best_quattro(loop: list[str | None], cards: dict) -> dict | None:
    """The highest-scoring window of four consecutive slots (wrapping G to A), the earliest
    starting one among equals: {"start": slot index, "slots": [...], "sum": n}, or None."""
    best: dict[str, Any] | None = None
    for start in range(SEVEN):
        slots = [(start + k) % SEVEN for k in range(4)]
        window = [cards[loop[s]] if loop[s] is not None else None for s in slots]
        if is_quattro(window):
            total = sum(c["v"] for c in window)
            if best is None or total > best["sum"]:
                best = {"start": start, "slots": slots, "sum": total}
    return best


def round_points(quattros: list[dict | None]) -> list[float]:
    """Each player's points for the round from the two best quattros (None: no quattro)."""
    a, b = quattros
    if a is None and b is None:
        return [1.0, 1.0]
    if a is None or b is None:
        return [0.0, 1.0] if a is None else [1.0, 0.0]
    if a["sum"] == b["sum"]:
        return [0.5, 0.5]
    return [1.0, 0.0] if a["sum"] > b["sum"] else [0.0, 1.0]


def how_won(state: dict[str, Any], winner: int, target: int) -> str:
    """L13h in words, in the order the game decides: a lead at `target` points, then points
    after the last round, the sums of quattros, the Advantage, the match's seed."""
    a, b = state["points"]
    name = state["names"][winner]
    if max(a, b) >= target and a != b:
        return f"{name} reached {target} points with the lead."
    if a != b:
        return f"After the last round, {name} has more points."
    if state["sums"][0] != state["sums"][1]:
        return f"Equal points after the last round; {name} has the higher sum of quattros."
    if state["advantage"] == winner:
        return f"Equal points and quattro sums after the last round; {name} holds the Advantage."
    return f"Equal points and quattro sums, and no Advantage: the match's seed drew {name}."
