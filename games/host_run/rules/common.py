"""What every built-in rule shares: the proposal it returns, the reading of the parameters a host
types, and how a tie is settled. Pure Python (no Django): a rule is a function of a closed round's
answers, so it is tested against rounds worked by hand and replays from the match's seed.

A rule never changes anything itself. It proposes a result (counter changes with reasons, public
lines) that the host reads, edits and publishes as a result they write by hand (issue 34, point 3)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

# A rule that cannot read a round's answers (a vote pointed at a number field) returns an Invalid
# instead of a proposal, in words the host reads: nothing is proposed and nothing changes.
from games.engine_types import Invalid as Invalid  # re-exported: every rule returns it

T = TypeVar("T")

# A delta a rule may propose, and a number a host may type as a parameter: wide enough for any
# season's currency, narrow enough that sums over 30 players stay small exact integers.
BIGGEST = 1_000_000
MAX_DIGITS = 7


@dataclass(frozen=True)
class Change:
    """One counter change for one seat; `reason` is shown with the change to whoever sees it."""

    seat: int
    counter: str
    delta: int
    reason: str


@dataclass
class Proposal:
    """What a rule proposes: counter changes and public lines (everyone reads the lines)."""

    changes: list[Change] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


class Problems(dict[str, str]):
    """Why a host's parameters were refused: parameter name -> the words shown beside its field."""


def name_of(names: dict[int, str], seat: int) -> str:
    return names.get(seat) or f"Seat {seat + 1}"


def listed(words: Iterable[str]) -> str:
    """ "Ada", "Ada and Bo", "Ada, Bo and Cy"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def sent(answers: dict[int, Any]) -> dict[int, Any]:
    """The answers that were sent, in seat order (a missed answer is None and takes no part)."""
    return {seat: answers[seat] for seat in sorted(answers) if answers[seat] is not None}


def whole_answers(answers: dict[int, Any], names: dict[int, str], what: str) -> dict[int, int] | Invalid:
    """The sent answers as whole numbers, or why not: a rule about numbers reads a number field."""
    numbers = sent(answers)
    for seat, value in numbers.items():
        if type(value) is not int:
            return Invalid(
                f"{name_of(names, seat)}'s answer is not a whole number: {what} reads a "
                "whole-number field. Choose that field, or write the result by hand."
            )
        if abs(value) > BIGGEST:  # the field's bounds should stop it; a rule never proposes a change past them
            return Invalid(
                f"{name_of(names, seat)}'s answer is past what a rule reads (-{BIGGEST} to {BIGGEST}). "
                "Give the field bounds, or write the result by hand."
            )
    return numbers


def settle(tied: list[Any], how: str, rng: random.Random) -> list[Any]:
    """What a tie leaves: "none" (nothing), "all" (everything tied) or "draw" (one, drawn by the
    seed from the tied seats in seat order, or options in alphabetical order, so the same answers
    and seed always draw the same one, whatever order the answers came in)."""
    tied = sorted(tied)
    if len(tied) <= 1 or how == "all":
        return tied
    if how == "draw":
        return [rng.choice(tied)]
    return []


@dataclass(frozen=True)
class Field:
    """One parameter as the host's form shows it: the game draws the form from these, the rule's
    parse reads what comes back under the same keys."""

    key: str
    label: str
    kind: str  # "choice" (one of options), "counter" (a counter's name), "number", "flag" or "rows" (text lines)
    options: tuple[tuple[str, str], ...] = ()  # (value, what it means) for a choice
    help: str = ""  # one line under the field
    blank_ok: bool = False


def choice_field(key: str, label: str, options: dict[str, str], help: str = "") -> Field:
    return Field(key, label, "choice", tuple(options.items()), help)


SHOW_FIELD = Field(
    "show_numbers",
    "Show the numbers",
    "flag",
    blank_ok=True,
    help="Ticked, the public lines give the deciding numbers; unticked, only the outcome.",
)


# -- reading what a host typed. Every value may be anything (a form's strings, an import's JSON):
# only strings and ints are read, bounded; a problem names the field and says what it wants.


def read_int(value: Any) -> int | None:
    """A whole number, signed, from an int or from digits ("-3", "+5", " 12 "), or None."""
    if type(value) is int:
        return value if -BIGGEST <= value <= BIGGEST else None
    if not isinstance(value, str):
        return None
    text = value.strip()
    sign = -1 if text.startswith("-") else 1
    digits = text[1:] if text[:1] in "+-" and text else text
    if not digits or len(digits) > MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    number = sign * int(digits)
    return number if -BIGGEST <= number <= BIGGEST else None


class Reader:
    """Reads a host's raw parameters one field at a time and gathers the problems."""

    def __init__(self, raw: Any, counters: Iterable[str]):
        self.raw = raw if isinstance(raw, dict) else {}
        self.counters = tuple(counters)
        self.problems = Problems()

    def text(self, key: str) -> str:
        value = self.raw.get(key, "")
        return value.strip() if isinstance(value, str) else ""

    def choice(self, key: str, options: dict[str, str], default: str) -> str:
        """One of `options` (value -> what it means); a blank field is `default`."""
        value = self.raw.get(key, default)
        if value == "" or value is None:
            return default
        if isinstance(value, str) and value.strip() in options:
            return value.strip()
        self.problems[key] = "Choose one of: " + "; ".join(f"{k} ({words})" for k, words in options.items()) + "."
        return default

    def number(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.raw.get(key, "")
        if (value == "" or value is None) and default is not None:
            return default
        number = read_int(value)
        if number is None or not low <= number <= high:
            self.problems[key] = f"Write a whole number from {low} to {high}."
            return default if default is not None else low
        return number

    def counter(self, key: str, blank_ok: bool = False) -> str:
        """The name of one of the match's counters (blank only where `blank_ok`)."""
        name = self.text(key)
        if not name and blank_ok:
            return ""
        if name not in self.counters:
            have = listed(self.counters) if self.counters else "none yet"
            self.problems[key] = f"Write the name of one of this match's counters ({have})."
        return name

    def flag(self, key: str) -> bool:
        return self.raw.get(key) in (True, "on", "yes", "true", "1")

    def done(self, make: Callable[[], T]) -> T | Problems:
        """The parameters made by `make()`, or the problems if there are any."""
        return Problems(self.problems) if self.problems else make()


SHOW = "show_numbers"  # every rule's switch: do the public lines give the numbers, or only the outcome?
