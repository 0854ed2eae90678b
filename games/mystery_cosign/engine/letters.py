"""Letters in a number written in American English, counted rather than spelled (the check
evaluates this helper thousands of times): 21 "twenty-one" has 9, 115 "one hundred fifteen" 17."""

ONES = (
    "",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
SCALES = ("", "thousand", "million", "billion", "trillion", "quadrillion")


def _below_thousand(n: int) -> int:
    hundreds, rest = divmod(n, 100)
    count = len(ONES[hundreds]) + len("hundred") if hundreds else 0
    if rest < 20:
        return count + len(ONES[rest])
    return count + len(TENS[rest // 10]) + len(ONES[rest % 10])


def count_letters(n: int) -> int:
    """For a whole number n >= 0 (the caller checks it): no "and", spaces or hyphens."""
    if n == 0:
        return 4
    count, scale = 0, 0
    while n:
        n, group = divmod(n, 1000)
        if group:
            count += _below_thousand(group) + len(SCALES[scale])
        scale += 1
    return count
