"""The movement options as the host writes them on the setup form: one line per round, its
vectors written "(2, -3) (0, 5)" (brackets optional, ";" between them allowed), said back in
words. Every round blank: drawn from the match's seed."""

from __future__ import annotations

import re

from games import engine_api as api

ROUNDS = 8  # rounds of proposals (the game has a window more)
MOST_OPTIONS, LIMIT = 20, 100  # one option per player (20 at most); components -100 to 100
_TOKEN = re.compile(r"\s*([+-]?\d{1,6}|\S)", re.ASCII)  # read left to right, once: no pattern backtracks on a long line
GENERATED = "Drawn from the match's seed."


_NUMBER = re.compile(r"[+-]?\d{1,6}", re.ASCII)


def _number(token: str) -> bool:
    return _NUMBER.fullmatch(token) is not None


def parse_options(text: str) -> list[list[int]] | None:
    """ "(2, -3) (0, 5)", "2,-3; 0,5" and the like as vectors, or None when it is not that."""
    tokens, vectors, i = _TOKEN.findall(text), [], 0
    while i < len(tokens):
        if tokens[i] == ";":
            i += 1
            continue
        opened = tokens[i] == "("
        x, comma, y = (tokens[i + opened : i + opened + 3] + ["", "", ""])[:3]
        if not (_number(x) and comma == "," and _number(y)):
            return None
        i += opened + 3
        if opened:
            if i >= len(tokens) or tokens[i] != ")":
                return None
            i += 1
        vectors.append([int(x), int(y)])
    return vectors or None


def vector_words(x: int, y: int) -> str:
    parts = [
        f"{abs(x)} {'right' if x > 0 else 'left'}" if x else "",
        f"{abs(y)} {'up' if y > 0 else 'down'}" if y else "",
    ]
    return " and ".join(p for p in parts if p) or "stay put"


def _vectors(value: object) -> list[list[list[int]]] | None:
    """Stored options as rounds of [x, y], or None when they are not that shape."""
    if not isinstance(value, list) or len(value) != ROUNDS:
        return None
    if any(
        not isinstance(r, list)
        or any(not isinstance(v, list) or len(v) != 2 or any(type(c) is not int for c in v) for v in r)
        for r in value
    ):
        return None
    return value


class MovementOptions(api.SettingRows):
    name = "options"
    label = "Movement options"
    help = (
        "One line per round: its options as vectors x, y, e.g. (2, -3) (0, 5) (-1, 1): at least one, at most one "
        "per player, all different, components from -100 to 100. Leave every line blank to draw them from the "
        "match's seed."
    )
    placeholder = "(2, -3) (0, 5)"
    max_length = 400
    min_groups = max_groups = ROUNDS

    def row_label(self, row):
        return f"Round {row + 1}"

    def texts(self, value):
        rounds = _vectors(value) or []
        return api.blank_rows([" ".join(f"({x}, {y})" for x, y in vectors) for vectors in rounds], ROUNDS)

    def read(self, row, text):
        if not text:
            return api.RowRead(None, GENERATED)
        vectors = parse_options(text)
        if vectors is None:
            return api.Invalid("Write each option as x, y with whole numbers, e.g. (2, -3) (0, 5).")
        if any(abs(c) > LIMIT for v in vectors for c in v):
            return api.Invalid(f"Each component is a whole number from -{LIMIT} to {LIMIT}.")
        if len(vectors) > MOST_OPTIONS:
            return api.Invalid(f"At most {MOST_OPTIONS} options (one per player).")
        if len({tuple(v) for v in vectors}) != len(vectors):
            return api.Invalid("The options of a round must be different vectors.")
        said = "; ".join(vector_words(x, y) for x, y in vectors)
        return api.RowRead(vectors, f"{len(vectors)} option{'s' if len(vectors) > 1 else ''}: {said}.")

    def combine(self, values):
        if all(v is None for v in values):
            return []
        return (
            values
            if None not in values
            else api.RowProblems(
                {
                    i: "Write this round's options too, or clear every round to draw them all from the seed."
                    for i, v in enumerate(values)
                    if v is None
                }
            )
        )
