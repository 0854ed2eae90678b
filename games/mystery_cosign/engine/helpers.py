"""What Mystery Cosign's operations may use (rulings C1, C2): the helper functions and the
operators, each checking its own inputs so that none can be made to work on a huge or odd value.
expressions.py checks an operation's text against these and evaluates it with them.

Pure Python: no Django import here.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from typing import Any

from .letters import count_letters

MAX_VALUE = 10**15  # any integer beyond this, anywhere in an evaluation, is undefined


class UndefinedValue(ValueError):
    """A helper or operator refuses its inputs: the evaluation is undefined."""


# --- helpers ----------------------------------------------------------------------------------


def bounded_int(x: object) -> int:
    # Every helper checks its own inputs, so none can be made to work on a huge or odd value
    # even when called outside an evaluation.
    if type(x) is bool:
        return int(x)
    if type(x) is not int:
        raise UndefinedValue(f"not an integer: {x!r}")
    if abs(x) > MAX_VALUE:
        raise UndefinedValue("a value beyond 10^15")
    return x


def _natural(x: object) -> int:
    n = bounded_int(x)
    if n < 0:
        raise UndefinedValue("negative input")
    return n


def _abs(x):
    return abs(bounded_int(x))


def _min(*xs):
    if len(xs) < 2:
        raise UndefinedValue("min takes two or more numbers")
    return min(bounded_int(x) for x in xs)


def _max(*xs):
    if len(xs) < 2:
        raise UndefinedValue("max takes two or more numbers")
    return max(bounded_int(x) for x in xs)


def _gcd(x, y):
    return math.gcd(bounded_int(x), bounded_int(y))


def _lcm(x, y):
    return math.lcm(bounded_int(x), bounded_int(y))


def _digitsum(n):
    return sum(int(d) for d in str(_natural(n)))


def _digits(n):
    return len(str(_natural(n)))


def _rev(n):
    return int(str(_natural(n))[::-1])


def _concat(x, y):
    left, right = str(_natural(x)), str(_natural(y))
    # Refuse by length before building the number: MAX_VALUE has 16 digits.
    if len(left) + len(right) > len(str(MAX_VALUE)):
        raise UndefinedValue("a value beyond 10^15")
    return int(left + right)


def _letters(n):
    return letter_count(_natural(n))


def _isqrt(n):
    return math.isqrt(_natural(n))


def _ifelse(cond, x, y):
    # Only reached when called outside an evaluation: the evaluator short-circuits ifelse
    # (`_Evaluator._eval_call`), so `ifelse(b, a // b, 0)` is defined at b = 0.
    return bounded_int(x) if bounded_int(cond) else bounded_int(y)


HELPERS = {
    "abs": _abs,
    "min": _min,
    "max": _max,
    "gcd": _gcd,
    "lcm": _lcm,
    "digitsum": _digitsum,
    "digits": _digits,
    "rev": _rev,
    "concat": _concat,
    "letters": _letters,
    "isqrt": _isqrt,
    "ifelse": _ifelse,
}

# (fewest, most) arguments; None means no upper limit. Checked at definition time so a host
# learns of `gcd(a)` before the match rather than seeing it undefined everywhere.
ARITY = {
    "abs": (1, 1),
    "min": (2, None),
    "max": (2, None),
    "gcd": (2, 2),
    "lcm": (2, 2),
    "digitsum": (1, 1),
    "digits": (1, 1),
    "rev": (1, 1),
    "concat": (2, 2),
    "letters": (1, 1),
    "isqrt": (1, 1),
    "ifelse": (3, 3),
}


def letter_count(n: int) -> int:
    """Letters in `n` written in American English: 21 -> "twenty-one" -> 9 (see letters.py)."""
    return count_letters(_natural(n))


# --- operators --------------------------------------------------------------------------------


def _exact_div(x, y):
    # True division stays in integers: defined only when it comes out whole.
    if y == 0:
        raise ZeroDivisionError("division by zero")
    q, r = divmod(x, y)
    if r:
        raise UndefinedValue("division is not whole")
    return q


def _bounded_pow(x, y):
    # Decide before computing, so 9**9**9 costs nothing.
    if y < 0:
        raise UndefinedValue("negative exponent")
    if abs(x) >= 2 and y >= MAX_VALUE.bit_length():
        raise UndefinedValue("a value beyond 10^15")
    return x**y


Operators = dict[type[ast.AST], Callable[..., Any]]  # an ast node type -> what it computes
BINARY: Operators = {
    ast.Add: lambda x, y: x + y,
    ast.Sub: lambda x, y: x - y,
    ast.Mult: lambda x, y: x * y,
    ast.Div: _exact_div,
    ast.FloorDiv: lambda x, y: x // y,
    ast.Mod: lambda x, y: x % y,
    ast.Pow: _bounded_pow,
}
UNARY: Operators = {
    ast.USub: lambda x: -x,
    ast.UAdd: lambda x: +x,
    ast.Not: lambda x: not x,
}
COMPARE: Operators = {
    ast.Eq: lambda x, y: x == y,
    ast.NotEq: lambda x, y: x != y,
    ast.Lt: lambda x, y: x < y,
    ast.LtE: lambda x, y: x <= y,
    ast.Gt: lambda x, y: x > y,
    ast.GtE: lambda x, y: x >= y,
}
OPERATORS = {**BINARY, **UNARY, **COMPARE}
