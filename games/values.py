"""Reading posted values the same way in every engine. Choice fields post strings; engines
accept the int too, and anything else (lists, floats, huge digit strings) is refused."""

from __future__ import annotations


def as_int(value: object, max_digits: int = 16) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= max_digits:  # not "²"
        return int(value)
    return None
