"""Seeded hands and draws. A draw is taken from the sorted hand, so it depends only on the seeded
stream and what the hand holds, never on the order a list happened to be kept in."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

T = TypeVar("T", bound="SupportsRichComparison")  # a draw sorts the hand first


def dealt(rng: random.Random, tiles: Iterable[T]) -> list[T]:
    """The tiles in a seeded order (a shuffled deck)."""
    deck = list(tiles)
    rng.shuffle(deck)
    return deck


def draw_from(rng: random.Random, hand: Iterable[T]) -> T:
    """One tile drawn at random from `hand` (which must not be empty)."""
    return rng.choice(sorted(hand))


def without(hand: Iterable[T], tile: T) -> list[T]:
    """The hand after playing `tile` (one copy of it)."""
    rest = list(hand)
    rest.remove(tile)
    return rest
