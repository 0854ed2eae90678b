"""The tiles of Black and White and how a round is decided (pure rules, no state)."""

from __future__ import annotations

TILES = range(9)  # 0-8: each player holds one of each
ROUNDS = len(TILES)


def colour(tile: int) -> str:
    """Even tiles are black, odd ones white (0 is black)."""
    return "black" if tile % 2 == 0 else "white"


def round_winner(leader: int, laid: int, followed: int) -> int | None:
    """The seat that wins a round the `leader` opened with `laid` and the other seat answered
    with `followed`: the higher number; None when they are equal."""
    if laid == followed:
        return None
    return leader if laid > followed else 1 - leader


def counts(hand: list[int]) -> dict[str, int]:
    """How many black and white tiles a hand holds: public (B1)."""
    black = sum(1 for tile in hand if colour(tile) == "black")
    return {"black": black, "white": len(hand) - black}
