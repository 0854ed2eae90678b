"""The host's own operations and targets on the setup form: a line per letter A-L (blank: the
chosen set's), checked as the host's check checks it (how often it is undefined on the sample
inputs, and why), and a line per shootout of three target numbers (every line blank: made from
the operations before the start)."""

from __future__ import annotations

import re

from games import engine_api as api

from . import operations as ops
from .checks import report_lines
from .expressions import MAX_SOURCE_LENGTH, MAX_VALUE, compile_expression
from .schedule import PHASES, SHOOTOUTS

_NUMBER = re.compile(r"\d+", re.ASCII)


class OwnOperations(api.SettingRows):
    name = "operations"
    label = "Your own operations"
    help = (
        "An expression in a and b per letter, e.g. a*b or max(a, b) % 7, written over the chosen set's; a blank "
        "letter keeps the set's. Beside each: how it fares on the check's sample inputs."
    )
    placeholder = "a*b"
    max_length = MAX_SOURCE_LENGTH
    min_groups = max_groups = len(ops.LETTERS)

    def row_label(self, row):
        first = 1 + row // 4  # C3: A-D from phase 1, E-H from phase 2, I-L in phase 3
        return (
            f"{ops.LETTERS[row]} (phase{'s' if first < PHASES else ''} {first}{f'-{PHASES}' if first < PHASES else ''})"
        )

    def texts(self, value):
        chosen = value if isinstance(value, dict) else {}
        return [chosen.get(letter) if isinstance(chosen.get(letter), str) else "" for letter in ops.LETTERS]

    def read(self, row, text):
        if not text:
            return api.RowRead(None, "The chosen set's operation.")
        compiled = compile_expression(text)
        if isinstance(compiled, api.Invalid):
            return compiled
        letter = ops.LETTERS[row]
        words = " ".join(report_lines(letter, ops.table(text).report)).removeprefix(f"{letter}: ")
        return api.RowRead(text, words[:1].upper() + words[1:])

    def combine(self, values):
        return {letter: source for letter, source in zip(ops.LETTERS, values) if source is not None}


class Targets(api.SettingRows):
    name = "targets"
    label = "Shootout targets"
    help = (
        f"Three different whole numbers per shootout, e.g. 12, 45, 78 (0 to {MAX_VALUE}). Leave every line blank "
        "to have them made from the operations before the start."
    )
    placeholder = "12, 45, 78"
    max_length = 80
    min_groups = max_groups = PHASES * SHOOTOUTS

    def row_label(self, row):
        return f"Shootout {row + 1} (phase {1 + row // SHOOTOUTS})"

    def texts(self, value):
        triples = value if isinstance(value, list) else []
        return api.blank_rows(
            [", ".join(str(v) for v in t) if isinstance(t, list) else "" for t in triples], PHASES * SHOOTOUTS
        )

    def read(self, row, text):
        if not text:
            return api.RowRead(None, "Made from the operations.")
        if _NUMBER.sub("", text).strip(" ,;"):
            return api.Invalid("Write three whole numbers, e.g. 12, 45, 78.")
        digits = _NUMBER.findall(text)
        if any(len(n) > len(str(MAX_VALUE)) or int(n) > MAX_VALUE for n in digits):
            return api.Invalid(f"Each target is at most {MAX_VALUE}.")
        numbers = [int(n) for n in digits]
        if len(numbers) != 3 or len(set(numbers)) != 3:
            return api.Invalid("Write three different whole numbers.")
        return api.RowRead(numbers, f"Targets {numbers[0]}, {numbers[1]} and {numbers[2]}.")

    def combine(self, values):
        if all(v is None for v in values):
            return []
        return (
            values
            if None not in values
            else api.RowProblems(
                {
                    i: "Write this shootout's targets too, or clear every line to have them made."
                    for i, v in enumerate(values)
                    if v is None
                }
            )
        )
