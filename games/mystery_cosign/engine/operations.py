"""The twelve operations of a match: chosen from a ready set or written by the host (C1), checked
before the start, evaluated with undefined shown as -1 (C2), and shootout targets generated as
values the active operations really reach (C6)."""

from __future__ import annotations

import functools
import random
import string

from games.engine_api import Invalid

from .expressions import MAX_VALUE, check_expression, compile_expression, report_lines
from .operation_sets import OPERATION_SETS

LETTERS = string.ascii_uppercase[:12]  # A-L
UNDEFINED = -1  # how an undefined result is shown (C2)


def active(phase: int) -> str:
    """C3: A-D in the first phase, A-H in the second, A-L in the third."""
    return LETTERS[: 4 * phase]


def sources(settings: dict) -> dict[str, str] | Invalid:
    """The match's twelve definitions: the chosen set, with any letters the host wrote over it."""
    chosen = settings.get("operation_set")
    if not isinstance(chosen, str) or chosen not in OPERATION_SETS:
        return Invalid(f"operation_set must be one of: {', '.join(OPERATION_SETS)}.")
    custom = settings.get("operations")
    if not isinstance(custom, dict) or any(letter not in LETTERS for letter in custom):
        return Invalid("operations maps letters A-L to expressions in a and b, e.g. {\"A\": \"a*b\"}.")
    merged = {**OPERATION_SETS[chosen]["operations"], **custom}
    for letter in LETTERS:
        compiled = compile_expression(merged[letter])
        if isinstance(compiled, Invalid):
            return Invalid(f"Operation {letter} ({merged[letter]!r}): {compiled.message}")
    return merged


@functools.lru_cache(maxsize=512)
def _compiled(source: str):
    return compile_expression(source)


def value(source: str, a: int, b: int) -> int | None:
    """The operation's value, or None when undefined."""
    compiled = _compiled(source)
    return None if isinstance(compiled, Invalid) else compiled.evaluate(a, b)


def shown(source: str, a: int, b: int) -> int:
    result = value(source, a, b)
    return UNDEFINED if result is None else result


def _check_rng(source: str) -> random.Random:
    return random.Random(f"check:{source}")


@functools.lru_cache(maxsize=64)
def check_report(source_items: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """Lines for the host: each operation tried on the edges and 3000 seeded random pairs."""
    lines = []
    for letter, source in source_items:
        lines += report_lines(letter, check_expression(_compiled(source), _check_rng(source)))
    return tuple(lines)


@functools.lru_cache(maxsize=256)
def reached(source: str, samples: int = 3000) -> frozenset[int]:
    """The values an operation gives on the same inputs its check tries."""
    rng = _check_rng(source)
    pairs = [(rng.randint(0, 999), rng.randint(0, 999)) for _ in range(samples)]
    return frozenset(v for v in (value(source, a, b) for a, b in pairs) if v is not None)


def unreached_targets(ops: dict[str, str], targets: list[list[int]], per_phase: int) -> list[str]:
    """C6: host-set targets that no active operation gave on the sample, for the host to see."""
    lines = []
    for n, triple in enumerate(targets, start=1):
        letters = active(1 + (n - 1) // per_phase)
        seen = frozenset().union(*(reached(ops[letter]) for letter in letters))
        missing = [t for t in triple if t not in seen]
        if missing:
            lines.append(f"Shootout {n}: no active operation gave {', '.join(map(str, missing))} on the sample inputs.")
    return lines


def generate_targets(ops: dict[str, str], phase: int, rng: random.Random, count: int = 3) -> list[int]:
    """`count` distinct values that active operations reach on random inputs. If the operations
    reach fewer distinct values than that, values repeat; if they reach none, 0 is offered."""
    found: list[int] = []
    letters = active(phase)
    for _ in range(2000):
        if len(found) == count:
            break
        result = value(ops[rng.choice(letters)], rng.randint(0, 999), rng.randint(0, 999))
        if result is not None and result not in found:
            found.append(result)
    while len(found) < count:
        found.append(found[len(found) % len(found)] if found else 0)
    return found


def check_targets(targets: object, shootouts: int) -> list[list[int]] | Invalid:
    """Host-set targets: one list of three whole numbers per shootout, or [] to generate them."""
    if targets == []:
        return []
    if (not isinstance(targets, list) or len(targets) != shootouts
            or any(not isinstance(t, list) or len(t) != 3 for t in targets)
            or any(type(v) is not int or not 0 <= v <= MAX_VALUE for t in targets for v in t)):
        return Invalid(f"targets is [] (generated) or {shootouts} lists of three whole numbers, one per shootout.")
    return targets
