"""A number against a target: every player names a whole number; the target is a fixed number, or
the sum or the average of the numbers sent, times a fraction the host sets ("two thirds of the
average"). Then, by the host's choice: who is closest to the target; closest without going over
(at or under it); closest without going under (at or over it); everyone over it; everyone under it.

The target is worked exactly (as a fraction: two thirds of an average of 13 is 26/3, never 8.67),
so "closest" never turns on a rounding. Ties for closest: nobody, all of them, or one drawn by the
seed. A missed answer is left out of the sum and the average and cannot be closest."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
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
    settle,
    whole_answers,
)

TARGETS = {
    "fixed": "a number the host sets",
    "sum": "the sum of the numbers sent, times the fraction",
    "average": "the average of the numbers sent, times the fraction",
}
WHO = {
    "closest": "closest to the target",
    "closest_under": "closest without going over",
    "closest_over": "closest without going under",
    "over": "everyone over the target",
    "under": "everyone under the target",
}
TIES = {"none": "nobody", "all": "all of them", "draw": "the seed draws one"}
FIELDS = (
    choice_field("target", "The target", TARGETS),
    Field("value", "Fixed target", "number", help="Only for a fixed target.", blank_ok=True),
    Field(
        "times_top",
        "Times (top)",
        "number",
        help="The fraction the sum or average is multiplied by: 2 for 2/3.",
        blank_ok=True,
    ),
    Field("times_bottom", "Times (bottom)", "number", help="3 for 2/3; from 1 to 1000.", blank_ok=True),
    choice_field("who", "Who gets the change", WHO),
    choice_field("ties", "Equally close", TIES),
    Field("counter", "Counter", "counter"),
    Field("delta", "Change", "number", help="A whole number; negative takes away."),
    SHOW_FIELD,
)


@dataclass(frozen=True)
class TargetParams:
    target: str
    value: int  # the fixed target
    times: Fraction  # what the sum or average is multiplied by
    who: str
    ties: str
    counter: str
    delta: int
    show_numbers: bool = False


def parse_target(raw: Any, counters: Iterable[str]) -> TargetParams | Problems:
    read = Reader(raw, counters)
    target = read.choice("target", TARGETS, "average")
    value = read.number("value", -BIGGEST, BIGGEST, default=0)
    top = read.number("times_top", -1000, 1000, default=1)
    bottom = read.number("times_bottom", 1, 1000, default=1)
    who = read.choice("who", WHO, "closest")
    ties = read.choice("ties", TIES, "none")
    counter = read.counter("counter")
    delta = read.number("delta", -BIGGEST, BIGGEST)
    show = read.flag(SHOW)
    return read.done(lambda: TargetParams(target, value, Fraction(top, bottom), who, ties, counter, delta, show))


def shown(number: Fraction) -> str:
    """A target in words: whole, or to two decimals marked as rounded."""
    if number.denominator == 1:
        return str(number.numerator)
    return f"about {float(number):.2f}"


def target_number(params: TargetParams, numbers: dict[int, int]) -> Fraction:
    if params.target == "fixed":
        return Fraction(params.value)
    total = Fraction(sum(numbers.values()))
    base = total if params.target == "sum" else total / len(numbers)
    return base * params.times


def against_target(
    params: TargetParams, answers: dict[int, Any], names: dict[int, str], rng: random.Random
) -> Proposal | Invalid:
    numbers = whole_answers(answers, names, "the target rule")
    if isinstance(numbers, Invalid):
        return numbers
    proposal = Proposal()
    missed = [name_of(names, seat) for seat in sorted(answers) if seat not in numbers]
    if not numbers:
        proposal.lines.append("Nobody named a number: nobody is picked.")
        return proposal
    goal = target_number(params, numbers)
    if params.show_numbers:
        proposal.lines.append(f"The target is {shown(goal)}.")
    if params.who in ("over", "under"):
        picked = [s for s, n in numbers.items() if (n > goal if params.who == "over" else n < goal)]
    else:
        fits = {
            s: n
            for s, n in numbers.items()
            if params.who == "closest" or (n <= goal if params.who == "closest_under" else n >= goal)
        }
        nearest = min((abs(n - goal) for n in fits.values()), default=None)
        tied = [s for s, n in fits.items() if abs(n - goal) == nearest]
        picked = settle(tied, params.ties, rng)
        if len(tied) > 1:
            after = {
                "none": "nobody is picked",
                "all": "all of them are picked",
                "draw": f"the seed draws {name_of(names, picked[0]) if picked else ''}",
            }[params.ties]
            proposal.lines.append(f"{listed(name_of(names, s) for s in tied)} are equally close: {after}.")
    words = WHO[params.who]
    if picked:
        proposal.lines.append(f"{words[0].upper()}{words[1:]}: {listed(name_of(names, s) for s in picked)}.")
    elif params.who in ("over", "under") or not tied:
        proposal.lines.append(f"Nobody is {words.removeprefix('everyone ')}.")
    for seat in picked:
        if params.delta:
            proposal.changes.append(Change(seat, params.counter, params.delta, words))
    if missed:
        proposal.lines.append(f"{listed(missed)} named no number.")
    return proposal
