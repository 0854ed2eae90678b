"""The twelve operations of a match: a ready set made for the match or the seed's public sample,
with any letters the host wrote over it (C1); undefined shown as -1 (C2); one table of values per
operation that the host's check, the targets and nothing else reads (C6).

Speed, by design: an operation is evaluated on one shared list of inputs (every pair of edge
values, then seeded random pairs) until it has spent CHECK_STEPS evaluator steps or tried them
all, once per process (the table is cached by definition). The check report, the reach of host
targets and the generated targets all read that table, so the host's check costs at most
12 x CHECK_STEPS steps, and starting a match evaluates nothing (the targets are made before the
match is locked, see MysteryCosign.prepare). The generated targets also read a second table per
operation, its values on the trivial inputs (P or Q is 0 or 1, or P = Q), cached the same way and
with its own budget of TRIVIAL_STEPS: at most 12 x TRIVIAL_STEPS more, spent before the lock."""

from __future__ import annotations

import functools
import random
import string
from collections import Counter
from dataclasses import dataclass

from games.engine_api import Invalid
from games.words import count

from . import families
from .checks import CheckReport, report_lines
from .expressions import EDGE_VALUES, MAX_VALUE, compile_expression, evaluate_counted

LETTERS = string.ascii_uppercase[:12]  # A-L
UNDEFINED = -1  # how an undefined result is shown (C2)
CHECK_STEPS = 60_000  # evaluator steps one operation's table may spend (12 of them: well under a second)
RANDOM_PAIRS = 3000
# Every built-in family fits in this (the costliest, gcd + lcm, spends about 95,000 steps on the
# trivial inputs), so their generated targets are checked on every trivial input; a costlier
# operation of the host's own is checked on as many as it allows, the small numbers first.
TRIVIAL_STEPS = 2 * CHECK_STEPS

SAMPLE = {  # the seed's three examples among nine more: public, for teaching
    "A": "a*b",
    "B": "letters(a) + letters(b)",
    "C": "concat(abs(a-b), a+b)",
    "D": "a + b",
    "E": "max(a, b)",
    "F": "abs(a - b)",
    "G": "digitsum(a) + digitsum(b)",
    "H": "a % (b + 1)",
    "I": "rev(a) + b",
    "J": "gcd(a, b)",
    "K": "2*min(a, b) + 1",
    "L": "(a + b) % 10",
}
SETS = {
    "sample": "The seed's sample (public: everyone can read it on the rules page)",
    "easy": "Easy (made for this match from arithmetic families)",
    "medium": "Medium (made for this match from digit, reversal and gcd families)",
    "hard": "Hard (made for this match from letter-count, lcm and conditional families)",
}


def active(phase: int) -> str:
    """C3: A-D in the first phase, A-H in the second, A-L in the third."""
    return LETTERS[: 4 * phase]


def check_custom(settings: dict) -> Invalid | None:
    """The set's name and the host's own letters, compiled (fast: nothing is evaluated)."""
    chosen, custom = settings.get("operation_set"), settings.get("operations")
    if not isinstance(chosen, str) or chosen not in SETS:
        return Invalid(f"operation_set must be one of: {', '.join(SETS)}.")
    if not isinstance(custom, dict) or any(letter not in LETTERS for letter in custom):
        return Invalid("operations maps letters A-L to expressions in a and b, e.g. {\"A\": \"a*b\"}.")
    for letter, source in sorted(custom.items()):
        compiled = compile_expression(source)
        if isinstance(compiled, Invalid):
            return Invalid(f"Operation {letter} ({source!r}): {compiled.message}")
    return None


def sources(settings: dict, rng: random.Random) -> dict[str, str]:
    """The match's twelve definitions: the host's letters over the chosen set (a made set needs
    the match's random stream, unless the host wrote every letter)."""
    custom = settings["operations"]
    if len(custom) == len(LETTERS):
        return dict(custom)
    chosen = settings["operation_set"]
    base = SAMPLE if chosen == "sample" else families.generate(chosen, rng)
    return {**base, **custom}


@functools.lru_cache(maxsize=512)
def _compiled(source: str):
    return compile_expression(source)


def value(source: str, a: int, b: int) -> int | None:
    """The operation's value, or None when undefined."""
    compiled = _compiled(source)
    return None if isinstance(compiled, Invalid) else evaluate_counted(compiled, a, b)[0]


def shown(source: str, a: int, b: int) -> int:
    result = value(source, a, b)
    return UNDEFINED if result is None else result


_rng = random.Random("cosign inputs")
INPUTS = tuple(
    [(x, y) for x in EDGE_VALUES for y in EDGE_VALUES]
    + [(_rng.randint(0, 999), _rng.randint(0, 999)) for _ in range(RANDOM_PAIRS)]
)


@dataclass(frozen=True)
class Table:
    values: tuple[int | None, ...]  # the operation's value on INPUTS[i], for as many as it reached
    report: CheckReport


@functools.lru_cache(maxsize=256)
def table(source: str) -> Table:
    compiled, report, values, steps = _compiled(source), CheckReport(), [], 0
    for a, b in INPUTS:
        if steps >= CHECK_STEPS:
            report.cut_short = True
            break
        result, kind, why, spent = evaluate_counted(compiled, a, b)
        steps += spent
        values.append(result)
        report.add(a, b, result, kind, why)
    return Table(tuple(values), report)


# Inputs a player can try knowing nothing about the operations, where arithmetic collapses:
# 0 and 1 turn sums, maxima, differences, gcds and products into the other number, P = Q turns
# symmetric operations into one another. Ordered by the larger number, so a cut-short table
# still holds the smallest ones.
TRIVIAL_INPUTS = tuple(
    dict.fromkeys(
        (a, b)
        for v in range(1000)  # P and Q are 0-999
        for a, b in ((0, v), (v, 0), (1, v), (v, 1), (v, v))
    )
)


@functools.lru_cache(maxsize=256)
def trivial_values(source: str) -> tuple[int | None, ...]:
    """The operation's value on TRIVIAL_INPUTS[i], for as many as TRIVIAL_STEPS reached."""
    compiled, values, steps = _compiled(source), [], 0
    for a, b in TRIVIAL_INPUTS:
        if steps >= TRIVIAL_STEPS:
            break
        result, _, _, spent = evaluate_counted(compiled, a, b)
        steps += spent
        values.append(result)
    return tuple(values)


def check_report(ops: dict[str, str]) -> list[str]:
    return [line for letter in LETTERS for line in report_lines(letter, table(ops[letter]).report)]


def usable_targets(ops: dict[str, str], phase: int) -> list[int]:
    """C6 amended: values some active operation gives on the inputs, except the free ones:
    - 0 and 1, where trivial inputs land (x*0, x - x, x % 1, gcd(x, 1), ...);
    - a value some single (P, Q) of the inputs gives on more than half of the active operations;
    - a value some trivial input (P or Q is 0 or 1, or P = Q) gives on two or more active
      operations: P = 0, Q = 537 gives 537 on a+b, max(a, b), |a-b| and gcd(a, b) at once.
    One operation at a trivial input stays allowed: a+b gives every number at P = 0, so
    forbidding that would leave some made sets nothing. For the same reason, when that leaves
    fewer than three values (two operations can agree on a whole trivial line, as
    max(a, b) - min(a, b) // 3 and |a - b| + 1 do at P = 1), the limit of one operation rises
    to the fewest that leaves three, rather than refusing a ready set."""
    letters = active(phase)
    tables = [table(ops[letter]).values for letter in letters]
    most = len(tables) // 2
    reached: set[int] = set()
    free = {0, 1}
    for i in range(min(len(t) for t in tables)):
        counts = Counter(x for x in (t[i] for t in tables) if x is not None)
        reached.update(counts)
        free.update(v for v, n in counts.items() if n > most)
    candidates = sorted(v for v in reached - free if v <= MAX_VALUE)
    trivial = [trivial_values(ops[letter]) for letter in letters]
    hits: Counter[int] = Counter()  # value -> the most active operations a single trivial input gives it on
    for i in range(max(len(t) for t in trivial)):
        for v, n in Counter(x for x in (t[i] for t in trivial if i < len(t)) if x is not None).items():
            hits[v] = max(hits[v], n)
    levels = sorted(hits[v] for v in candidates)
    limit = max(1, levels[2]) if len(levels) >= 3 else 1  # the third lowest leaves three values
    return [v for v in candidates if hits[v] <= limit]


def make_targets(
    ops: dict[str, str], shootouts_per_phase: int, phases: int, rng: random.Random
) -> list[list[int]] | Invalid:
    targets = []
    for phase in range(1, phases + 1):
        usable = usable_targets(ops, phase)
        if len(usable) < 3:
            return Invalid(
                f"Operations {active(phase)[0]}-{active(phase)[-1]} give only "
                f"{count(len(usable), 'usable shootout target')} (three are needed): change one of them, or set the targets yourself."
            )
        targets += [rng.sample(usable, 3) for _ in range(shootouts_per_phase)]
    return targets


def unreached_targets(ops: dict[str, str], targets: list[list[int]], per_phase: int) -> list[str]:
    """C6: host-set targets that no active operation gave on the inputs, for the host to see."""
    lines = []
    for n, triple in enumerate(targets, start=1):
        letters = active(1 + (n - 1) // per_phase)
        seen = set().union(*(set(table(ops[letter]).values) for letter in letters))
        missing = [t for t in triple if t not in seen]
        if missing:
            lines.append(f"Shootout {n}: no active operation gave {', '.join(map(str, missing))} on the sample inputs.")
    return lines


def check_targets(targets: object, shootouts: int) -> list[list[int]] | Invalid:
    """Host-set targets: one list of three different whole numbers per shootout, or [] to make them."""
    if targets == []:
        return []
    if (
        not isinstance(targets, list)
        or len(targets) != shootouts
        or any(not isinstance(t, list) or len(t) != 3 for t in targets)
        or any(type(v) is not int or not 0 <= v <= MAX_VALUE for t in targets for v in t)
        or any(len(set(t)) != 3 for t in targets)
    ):
        return Invalid(
            f"targets is [] (made from the operations) or {shootouts} lists of three different whole "
            "numbers, one per shootout."
        )
    return targets
