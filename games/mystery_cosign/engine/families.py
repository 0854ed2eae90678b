"""Ready operation sets, made anew for every match (ruling C1, amended): each difficulty is a
pool of families, an expression with constants left open; a match draws twelve families, fills
in their constants and shuffles them over the letters A-L, all from the match's random stream.
Reading this file tells a player the families, never a match's operations.

Every family is defined on every input 0-999 whatever its constants (tests/mystery_cosign check
that over many draws)."""

from __future__ import annotations

import random

# (template, {name: (low, high)}) — constants are whole numbers drawn from low to high inclusive.
FAMILIES: dict[str, tuple[tuple[str, dict[str, tuple[int, int]]], ...]] = {
    "easy": (
        ("a + b + {k}", {"k": (1, 20)}),
        ("abs(a - b) + {k}", {"k": (1, 20)}),
        ("{k}*a + b", {"k": (2, 9)}),
        ("a + {k}*b", {"k": (2, 9)}),
        ("max(a, b) + {k}", {"k": (1, 30)}),
        ("min(a, b)*{k}", {"k": (2, 9)}),
        ("(a + b) % {m}", {"m": (7, 19)}),
        ("a % {m} + b % {m}", {"m": (5, 12)}),
        ("(a*b) % {m}", {"m": (11, 37)}),
        ("(a + b) // {k}", {"k": (2, 5)}),
        ("a*b + {k}", {"k": (1, 9)}),
        ("a*a % {m} + b", {"m": (50, 200)}),
        ("max(a, b) - min(a, b) // {k}", {"k": (2, 4)}),
        ("(a + {k}) * (b % {m})", {"k": (1, 9), "m": (3, 9)}),
    ),
    "medium": (
        ("digitsum(a) + digitsum(b) + {k}", {"k": (1, 9)}),
        ("digitsum(a*b) + {k}", {"k": (1, 9)}),
        ("rev(a) + b + {k}", {"k": (0, 9)}),
        ("concat(a % 10, b % {m})", {"m": (10, 99)}),
        ("gcd(a, b) + {k}", {"k": (1, 9)}),
        ("isqrt(a*b) + {k}", {"k": (0, 9)}),
        ("digits(a)*{k} + digits(b)", {"k": (2, 9)}),
        ("a + b if a > b else abs(a - b) + {k}", {"k": (1, 9)}),
        ("(a*{k} + b) % {m}", {"k": (2, 9), "m": (30, 99)}),
        ("letters(a) + {k}", {"k": (0, 9)}),
        ("max(digitsum(a), digitsum(b))*{k}", {"k": (2, 5)}),
        ("a % {m}*b % {j}", {"m": (5, 15), "j": (20, 60)}),
        ("abs(a - rev(b)) + {k}", {"k": (0, 9)}),
        ("(a + b) % {m} + digitsum(a)", {"m": (10, 40)}),
    ),
    "hard": (
        ("letters(a) + letters(b) + {k}", {"k": (0, 9)}),
        ("letters(a*b) % {m}", {"m": (7, 17)}),
        ("gcd(a, b) + lcm(a % {m} + 1, b % {m} + 1)", {"m": (5, 12)}),
        ("rev(a) + rev(b) + {k}", {"k": (0, 9)}),
        ("abs(rev(a) - b) if a % 2 else letters(b) + a % {m}", {"m": (5, 15)}),
        ("concat(digitsum(a), digitsum(b) + {k})", {"k": (0, 9)}),
        ("(a*a + b*b) % {m}", {"m": (50, 150)}),
        ("isqrt(a*b) + isqrt(a + b) + {k}", {"k": (0, 9)}),
        ("digits(a*b)*{k} + digitsum(a + b)", {"k": (2, 5)}),
        ("letters(a + b)*{k}", {"k": (2, 4)}),
        ("(a + b) // gcd(a + 1, b + 1)", {}),
        ("ifelse(a % {m}, letters(a) + b % {j}, digitsum(b)*{k})", {"m": (2, 5), "j": (10, 30), "k": (2, 5)}),
        ("digitsum(a*b + {k}) + letters(a % 100)", {"k": (1, 99)}),
        ("lcm(digitsum(a) + 1, digitsum(b) + {k})", {"k": (1, 5)}),
    ),
}


def generate(difficulty: str, rng: random.Random) -> dict[str, str]:
    """Twelve definitions, A-L: twelve different families in a random order (so which letter
    holds which family is drawn too), each with its constants drawn."""
    chosen = rng.sample(FAMILIES[difficulty], 12)
    return {
        letter: template.format(**{name: rng.randint(low, high) for name, (low, high) in constants.items()})
        for letter, (template, constants) in zip("ABCDEFGHIJKL", chosen)
    }
