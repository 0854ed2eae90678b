"""Counts in people's words, for engines and the platform alike: "1 garnet", "2 garnets",
never "2 garnet(s)". Pure Python."""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """`n` and the noun in the right number: count(1, "card") is "1 card", count(3, "card") "3
    cards", count(2, "token of life", "tokens of life") "2 tokens of life"."""
    return f"{n} {one if abs(n) == 1 else (many or one + 's')}"
