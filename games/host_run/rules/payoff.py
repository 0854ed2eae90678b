"""A payoff table for dilemma rounds: every player makes one choice in secret; each pair of
choices gives each side a counter change. The host writes the table one row a pair:

    cooperate, cooperate: 3, 3
    cooperate, betray: -1, 5
    betray, betray: 0, 0

"cooperate, betray: -1, 5" means: a player who chose cooperate against one who chose betray gets
-1, the other +5. A pair played with no roles has to be symmetric, so that row also says that
betray against cooperate gives 5 and -1 (writing it again is allowed if it agrees), and a row of the
same two choices gives both sides the same. Every pair of choices needs a row.

With more than two players, each pair of players plays once, and a player's change is the sum of
their pairs. A player who missed the round plays no pair: their partners get nothing from it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from collections.abc import Iterable
from typing import Any

from games.values import direction_problem

from .common import (
    SHOW,
    SHOW_FIELD,
    Change,
    Field,
    Invalid,
    Problems,
    Proposal,
    Reader,
    listed,
    name_of,
    read_int,
    sent,
)

MAX_CHOICES = 8
MAX_ROWS = 64
MAX_ROW_TEXT = 200
MAX_CHOICE_TEXT = 40
MAX_PAYOFF = 10_000
FIELDS = (
    Field(
        "table",
        "Payoff table",
        "rows",
        help="One row per pair of choices: cooperate, betray: -1, 5 (mine, theirs: my change, their change).",
    ),
    Field("counter", "Counter", "counter"),
    SHOW_FIELD,
)


@dataclass(frozen=True)
class PayoffParams:
    choices: tuple[str, ...]  # as the host wrote them, in order of first appearance
    table: tuple[tuple[tuple[str, str], tuple[int, int]], ...]  # (mine, theirs) -> (mine, theirs), keys casefolded
    counter: str
    show_numbers: bool = False

    def payoff(self, mine: str, theirs: str) -> tuple[int, int]:
        return dict(self.table)[(mine.casefold(), theirs.casefold())]


def _row(text: str) -> tuple[tuple[str, str], tuple[int, int]] | str:
    """One row read, or why not."""
    if len(text) > MAX_ROW_TEXT:
        return f"is longer than {MAX_ROW_TEXT} characters"
    pair, colon, changes = text.partition(":")
    names = [part.strip() for part in pair.split(",")]
    numbers = [read_int(part) for part in changes.split(",")]
    if not colon or len(names) != 2 or len(numbers) != 2:
        return "should read like: cooperate, betray: -1, 5"
    if not all(names) or any(len(n) > MAX_CHOICE_TEXT for n in names):
        return f"needs two choices of 1 to {MAX_CHOICE_TEXT} characters"
    if any(direction_problem(n) for n in names):
        return "holds an invisible text-direction character"
    me, them = numbers
    if me is None or them is None or abs(me) > MAX_PAYOFF or abs(them) > MAX_PAYOFF:
        return f"needs two whole numbers from -{MAX_PAYOFF} to {MAX_PAYOFF} after the colon"
    if names[0].casefold() == names[1].casefold() and me != them:
        return "pairs a choice with itself, so it must give both sides the same"
    return (names[0], names[1]), (me, them)


def parse_payoff(raw: Any, counters: Iterable[str]) -> PayoffParams | Problems:
    read = Reader(raw, counters)
    counter = read.counter("counter")
    show = read.flag(SHOW)
    text = raw.get("table") if isinstance(raw, dict) else None
    if isinstance(text, str) and len(text) > MAX_ROWS * (MAX_ROW_TEXT + 2):  # before splitting a huge paste
        read.problems["table"] = f"The table is too long: at most {MAX_ROWS} rows of {MAX_ROW_TEXT} characters."
        return Problems(read.problems)
    rows = [line.strip() for line in text.splitlines() if line.strip()] if isinstance(text, str) else []
    problem = "Write one row per pair of choices, like: cooperate, betray: -1, 5." if not rows else None
    choices: dict[str, str] = {}  # casefolded -> as written
    table: dict[tuple[str, str], tuple[int, int]] = {}
    if len(rows) > MAX_ROWS:
        problem = f"At most {MAX_ROWS} rows."
        rows = []
    for number, line in enumerate(rows, 1):
        row = _row(line)
        if isinstance(row, str):
            problem = f"Row {number} {row}."
            break
        (mine, theirs), (me, them) = row
        for name in (mine, theirs):
            choices.setdefault(name.casefold(), name)
        key, mirror = (mine.casefold(), theirs.casefold()), (theirs.casefold(), mine.casefold())
        for k, v in ((key, (me, them)), (mirror, (them, me))):
            if table.get(k, v) != v:
                problem = (
                    f"Row {number} gives {k[0]} against {k[1]} {v[0]} and {v[1]}, but an earlier row "
                    f"(or this one, read the other way round) gives {table[k][0]} and {table[k][1]}."
                )
                break
            table[k] = v
        if problem:
            break
    if not problem and len(choices) > MAX_CHOICES:
        problem = f"At most {MAX_CHOICES} different choices."
    if not problem:
        missing = [(a, b) for a in choices for b in choices if (a, b) not in table]
        if missing:
            a, b = missing[0]
            problem = f"No row for {choices[a]} against {choices[b]}: every pair of choices needs one."
    if problem:
        read.problems["table"] = problem
    return read.done(lambda: PayoffParams(tuple(choices.values()), tuple(table.items()), counter, show))


def _choice(value: Any) -> str | None:
    if type(value) is bool:
        return "yes" if value else "no"
    return value.strip() if isinstance(value, str) else None


def payoff_table(
    params: PayoffParams, answers: dict[int, Any], names: dict[int, str], rng: random.Random
) -> Proposal | Invalid:
    known = {c.casefold() for c in params.choices}
    picks: dict[int, str] = {}
    for seat, value in sent(answers).items():
        choice = _choice(value)
        if choice is None or choice.casefold() not in known:
            return Invalid(
                f"{name_of(names, seat)}'s answer is not one of the table's choices "
                f"({listed(params.choices)}). Make the field's options the table's choices, "
                "or write the result by hand."
            )
        picks[seat] = choice
    proposal = Proposal()
    pairs = list(combinations(sorted(picks), 2))
    if len(answers) > 2:
        proposal.lines.append("Each pair of players plays once; each player's change is the sum of their pairs.")
    totals = {seat: 0 for seat in picks}
    for a, b in pairs:
        gain_a, gain_b = params.payoff(picks[a], picks[b])
        totals[a] += gain_a
        totals[b] += gain_b
        if params.show_numbers:
            proposal.lines.append(
                f"{name_of(names, a)} ({picks[a]}) and {name_of(names, b)} ({picks[b]}): "
                f"{name_of(names, a)} {gain_a:+d}, {name_of(names, b)} {gain_b:+d}."
            )
    if not params.show_numbers:
        proposal.lines.append(f"Pairs played: {len(pairs)}." if pairs else "No pair was played.")
    many = f" ({len(picks) - 1} pairs)" if len(picks) > 2 else ""
    proposal.changes += [
        Change(seat, params.counter, total, f"the dilemma's payoff{many}") for seat, total in totals.items() if total
    ]
    missed = [name_of(names, seat) for seat in sorted(answers) if seat not in picks]
    if missed:
        proposal.lines.append(f"{listed(missed)} made no choice and played no pair.")
    return proposal
