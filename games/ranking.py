"""Shared ranks, as every game ranks: ties share a rank and skip the next ones (1, 1, 3).
Pure Python, used by engines."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsDunderLT

T = TypeVar("T", bound=Hashable)


def shared_ranks(
    items: Iterable[T], key: Callable[[T], SupportsDunderLT[Any]], higher_is_better: bool = False
) -> dict[T, int]:
    """Rank `items` by `key`, smallest key first (largest with `higher_is_better`).
    An item's rank is one more than the number of items strictly better than it."""
    items = list(items)
    keys = {item: key(item) for item in items}
    ranks: dict[T, int] = {}
    for item in items:
        if higher_is_better:
            better = sum(1 for other in items if keys[item] < keys[other])  # keys need only `<`
        else:
            better = sum(1 for other in items if keys[other] < keys[item])
        ranks[item] = better + 1
    return ranks
