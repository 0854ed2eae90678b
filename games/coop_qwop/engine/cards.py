"""Hands, packs and missed cards: rulings Q2, Q6 and Q13."""

from __future__ import annotations

import random

from .movement import CARDS, MOVEMENT, X

STARTING_HAND = {"Q": 8, "W": 8, "O": 8, "P": 8, "X": 3}
PACKS = {  # name: (garnets, cards)
    "QQ": (1, ("Q", "Q")),
    "WP": (1, ("W", "P")),
    "OP": (1, ("O", "P")),
    "X": (2, ("X",)),
}
PACK_LIMIT = 2  # each pack, per player per match


def new_hand() -> dict[str, int]:
    return dict(STARTING_HAND)


def hand_text(hand: dict[str, int]) -> str:
    return ", ".join(f"{card} {hand[card]}" for card in CARDS)


def used(cards: list[str]) -> dict[str, int]:
    counts = {card: 0 for card in CARDS}
    for card in cards:
        counts[card] += 1
    return counts


def over_hand(hand: dict[str, int], cards: list[str]) -> str | None:
    """The first card played more often than the hand holds, or None."""
    counts = used(cards)
    return next((card for card in CARDS if counts[card] > hand[card]), None)


def draw_missing(
    hand: dict[str, int], chosen: list[str], missing: int, x_allowed: bool, rng: random.Random
) -> list[str | None]:
    """Q6: one card for each of `missing` athletes, drawn one after another, each uniformly
    from the Q/W/O/P cards still left after `chosen` and the draws before it; an X when none
    is left (not in the final round); None when nothing legal is left."""
    left = {card: hand[card] - n for card, n in used(chosen).items()}
    drawn: list[str | None] = []
    for _ in range(missing):
        deck = [card for card in MOVEMENT for _ in range(left[card])]
        if deck:
            card = rng.choice(deck)
        elif x_allowed and left[X] > 0:
            card = X
        else:
            drawn.append(None)
            continue
        left[card] -= 1
        drawn.append(card)
    return drawn
