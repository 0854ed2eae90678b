"""What the host's check reports about one operation: how often it was undefined, why, and
examples (operations.py fills it from the operation's value table)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .expressions import NEGATIVE, UNDEFINED_ERROR


@dataclass
class CheckReport:
    tried: int = 0
    undefined: int = 0  # every undefined result, negatives and errors included
    negative: int = 0
    errors: int = 0
    undefined_examples: list[tuple[int, int]] = field(default_factory=list)
    negative_examples: list[tuple[int, int]] = field(default_factory=list)
    error_examples: list[tuple[int, int]] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)  # why, how often
    cut_short: bool = False  # the operation spent its check's step budget before every input

    def add(self, a: int, b: int, value: int | None, kind: str, why: str) -> None:
        self.tried += 1
        if value is not None:
            return
        self.undefined += 1
        self.reasons[why] = self.reasons.get(why, 0) + 1
        _note(self.undefined_examples, a, b)
        if kind == NEGATIVE:
            self.negative += 1
            _note(self.negative_examples, a, b)
        elif kind == UNDEFINED_ERROR:
            self.errors += 1
            _note(self.error_examples, a, b)

    @property
    def fine(self) -> bool:
        return self.undefined == 0


_EXAMPLES = 3


def _note(examples: list, a: int, b: int) -> None:
    if len(examples) < _EXAMPLES and (a, b) not in examples:
        examples.append((a, b))


def report_lines(letter: str, report: CheckReport) -> list[str]:
    """Short lines for the host, e.g. "D: undefined on 12 of 3081 inputs (e.g. 0 D 0); ..."."""
    tried = f"{report.tried} inputs" + (" (as many as its step budget allowed)" if report.cut_short else "")
    if report.fine:
        return [f"{letter}: fine on all {tried}."]

    def examples(pairs):
        return ", ".join(f"{a} {letter} {b}" for a, b in pairs)

    why = ", ".join(f"{reason} ({count})" for reason, count in sorted(report.reasons.items(), key=lambda r: -r[1])[:3])
    line = (
        f"{letter}: undefined on {report.undefined} of {tried}"
        f" (e.g. {examples(report.undefined_examples)}): {why}; negative on {report.negative}"
    )
    if report.negative:
        line += f" (e.g. {examples(report.negative_examples)})"
    return [line + "."]
