"""Reading what a host types: names, whole numbers (signed), lists and durations. Everything the
host types is hostile input, so each reader bounds its input before it looks inside, and says
what is wrong in words the host reads beside the row."""

from __future__ import annotations

import re

from games.values import direction_problem

BIGGEST = 1_000_000  # no counter, bound or change goes past this (a million coins is no game)
_INT = re.compile(r"[+-]?\d{1,7}")
_DURATION = re.compile(r"(\d{1,7})\s*([smhd])")
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class Refusal(ValueError):
    """What is wrong with something the host typed, in words."""


def name(text: object, what: str, longest: int) -> str:
    """A short name (a counter's, a team's, a field's label, an option): 1 to `longest`
    characters, no "|" or "," that would split a row, no invisible text-direction character."""
    if not isinstance(text, str):
        raise Refusal(f"{what} must be text." if text is not None else f"{what} is missing.")
    text = " ".join(text.split())
    if not text:
        raise Refusal(f"{what} is missing.")
    if len(text) > longest:
        raise Refusal(f"{what} has at most {longest} characters.")
    if "|" in text:
        raise Refusal(f"{what} may not hold a \"|\".")
    if any(ord(c) < 32 or ord(c) == 127 for c in text):  # a NUL no database stores, a bell, an escape
        raise Refusal(f"{what} may not hold control characters.")
    if problem := direction_problem(text):
        raise Refusal(problem)
    return text


def whole(text: object, what: str) -> int:
    """A whole number, signed, within ±BIGGEST: "10", "-3", "+2"."""
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    elif isinstance(text, str) and _INT.fullmatch(text.strip()):
        value = int(text.strip())
    else:
        raise Refusal(f"{what} must be a whole number, like 10 or -3.")
    if abs(value) > BIGGEST:
        raise Refusal(f"{what} must be between -{BIGGEST} and {BIGGEST}.")
    return value


def options(text: str, what: str, fewest: int, most: int) -> list[str]:
    """Options written "A, B, C": from `fewest` to `most` of them, each named once."""
    found = [name(part, f"An option of {what}", 40) for part in text.split(",")] if text.strip() else []
    if not fewest <= len(found) <= most:
        raise Refusal(f"{what} needs {fewest} to {most} options, written \"A, B, C\".")
    if len({o.casefold() for o in found}) != len(found):
        raise Refusal(f"{what} names an option twice.")
    return found


def duration(text: str, shortest: int, longest: int) -> int:
    """Seconds from "90s", "10m", "1h 30m", "2d" (a unit is required)."""
    compact = text.strip().lower()
    parts = _DURATION.findall(compact)
    if not parts or _DURATION.sub("", compact).strip():
        raise Refusal("Write the deadline as 30s, 10m, 24h or 1h 30m, or \"until everyone has sent\".")
    seconds = sum(int(n) * UNITS[u] for n, u in parts)
    if not shortest <= seconds <= longest:
        raise Refusal(f"A deadline is from {shortest} seconds to {longest // 86400} days.")
    return seconds


def seat_list(text: str, seats: int, what: str) -> list[int]:
    """Seat numbers written "1, 3, 6", as the setup form numbers seats (from 1), returned as the
    engine's seat indexes (from 0)."""
    found = []
    for part in text.split(","):
        part = part.strip()
        if not part.isascii() or not part.isdigit() or len(part) > 3:
            raise Refusal(f"{what}: write seat numbers like \"1, 3, 6\".")
        if not 1 <= int(part) <= seats:
            raise Refusal(f"{what}: there is no seat {part} (seats go from 1 to {seats}).")
        found.append(int(part) - 1)
    if len(set(found)) != len(found):
        raise Refusal(f"{what} names a seat twice.")
    return sorted(found)
