"""The highest (or lowest) unique number: every player names a whole number in secret; the highest
(or lowest) number that nobody else named wins. Numbers named by two or more players are out, so
there is never a tie; when every number was named more than once, nobody wins. A missed answer
names no number (it does not knock anyone's number out)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from collections.abc import Iterable
from typing import Any

from .common import (
    BIGGEST,
    SHOW,
    SHOW_FIELD,
    Change,
    Field,
    Invalid,
    Problems,
    Proposal,
    Reader,
    choice_field,
    listed,
    name_of,
    whole_answers,
)

WHICH = {"highest": "the highest unique number wins", "lowest": "the lowest unique number wins"}
FIELDS = (
    choice_field("which", "Which number wins", WHICH),
    Field("counter", "Counter", "counter"),
    Field("delta", "The winner's change", "number", help="A whole number; negative takes away."),
    SHOW_FIELD,
)


@dataclass(frozen=True)
class UniqueParams:
    which: str
    counter: str
    delta: int
    show_numbers: bool = False


def parse_unique(raw: Any, counters: Iterable[str]) -> UniqueParams | Problems:
    read = Reader(raw, counters)
    which = read.choice("which", WHICH, "highest")
    counter = read.counter("counter")
    delta = read.number("delta", -BIGGEST, BIGGEST)
    show = read.flag(SHOW)
    return read.done(lambda: UniqueParams(which, counter, delta, show))


def unique_number(
    params: UniqueParams, answers: dict[int, Any], names: dict[int, str], rng: random.Random
) -> Proposal | Invalid:
    numbers = whole_answers(answers, names, "the unique-number rule")
    if isinstance(numbers, Invalid):
        return numbers
    proposal = Proposal()
    counts = Counter(numbers.values())
    unique = [n for n, times in counts.items() if times == 1]
    if not unique:
        proposal.lines.append(
            "No number was named by one player alone: nobody wins."
            if numbers
            else "Nobody named a number: nobody wins."
        )
    else:
        best = max(unique) if params.which == "highest" else min(unique)
        seat = next(s for s, n in numbers.items() if n == best)
        number = f" ({best})" if params.show_numbers else ""
        proposal.lines.append(f"{name_of(names, seat)} named the {params.which} unique number{number} and wins.")
        if params.delta:
            proposal.changes.append(
                Change(seat, params.counter, params.delta, f"named the {params.which} unique number")
            )
    missed = [name_of(names, seat) for seat in sorted(answers) if seat not in numbers]
    if missed:
        proposal.lines.append(f"{listed(missed)} named no number.")
    return proposal
