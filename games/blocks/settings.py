"""The checks a game's `validate_settings` opens with, each returning None or an Invalid in the
words a host reads. `first_problem` runs them in order, so a host is told one thing at a time:

    merged = super().validate_settings(settings, seats)
    return first_problem(merged, whole_number("rounds", 1, 20), one_of("advantage_seat", (0, 1), "0 or 1"))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.engine_api import Invalid

Check = Callable[[dict[str, Any]], "Invalid | None"]


def whole_number(key: str, low: int, high: int) -> Check:
    """`key` is an int (not a bool, not a float) from `low` to `high`."""

    def check(settings: dict[str, Any]) -> Invalid | None:
        value = settings.get(key)
        if type(value) is not int or not low <= value <= high:
            return Invalid(f"{key} must be a whole number from {low} to {high}.")
        return None

    return check


def one_of(key: str, allowed: Iterable[Any], says: str) -> Check:
    """`key` is one of `allowed` (compared with its type, so True is not 1); `says` names them."""
    allowed = tuple(allowed)

    def check(settings: dict[str, Any]) -> Invalid | None:
        value = settings.get(key)
        if not any(type(value) is type(a) and value == a for a in allowed):
            return Invalid(f"{key} is {says}.")
        return None

    return check


def first_problem(merged: dict[str, Any] | Invalid, *checks: Check) -> dict[str, Any] | Invalid:
    """`merged` (the base class's result) if every check passes, else the first problem."""
    if isinstance(merged, Invalid):
        return merged
    for check in checks:
        problem = check(merged)
        if problem is not None:
            return problem
    return merged
