"""Ready sets of twelve operations a host can pick instead of writing their own (ruling C1).

Every operation is written in the language of `expressions.py`. All are defined on every input
0-999 except hard K, which is undefined at 0 K 0 only, by design (it divides by gcd(a, b)).
"""

from __future__ import annotations

OPERATION_SETS: dict[str, dict] = {
    "sample": {
        "name": "The seed's sample",
        "description": "The three operations from the rules (42 X 6 = 252, 8 Y 5 = 9, "
        "25 Z 12 = 1337) among nine more of middling difficulty.",
        "operations": {
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
        },
    },
    "easy": {
        "name": "Easy",
        "description": "Sums, differences, products, larger and smaller, last digits: "
        "a first match.",
        "operations": {
            "A": "a + b",
            "B": "abs(a - b)",
            "C": "a*b",
            "D": "max(a, b)",
            "E": "min(a, b)",
            "F": "2*a + b",
            "G": "a % 10 + b % 10",
            "H": "(a + b) % 7",
            "I": "a*a",
            "J": "10*a + b",
            "K": "(a*b) % 10",
            "L": "(a + b) // 2",
        },
    },
    "hard": {
        "name": "Hard",
        "description": "Digit sums, reversals, spelled-out letters, gcd and lcm, conditionals "
        "and mixes of them. One operation has a single undefined input.",
        "operations": {
            "A": "digitsum(a*b)",
            "B": "rev(a) + rev(b)",
            "C": "a + b if a > b else a*b",
            "D": "gcd(a, b) + lcm(a, b)",
            "E": "letters(a*b)",
            "F": "digits(a)*digits(b) + digitsum(abs(a - b))",
            "G": "concat(digitsum(a), digitsum(b))",
            "H": "isqrt(a*b) + isqrt(a + b)",
            "I": "(a*a + b*b) % 97",
            "J": "letters(a)*digits(b)",
            "K": "(a + b) // gcd(a, b)",
            "L": "abs(rev(a) - b) if a % 2 else letters(b) + a % 10",
        },
    },
}
