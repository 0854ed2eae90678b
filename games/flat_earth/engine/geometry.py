"""The plane of The Flat Earth Theory (rulings F6, F8, F9, F11): exact positions, movement,
signed distances along the four vectors, shifts, winners and losers.

Positions are whole hundredths (ints), so they are exact. A move is worked out exactly with
fractions, except where the bonus for identical options divides by an irrational length (a
vector like (1, 2)); there 60-digit decimals are used, which decide the rounding to hundredths
with certainty (an irrational value is never exactly on a half). Distances along a vector at a
multiple of 90 degrees are exact fractions, at a multiple of 45 degrees exact up to the common
factor sqrt(2)/2 (which does not change their order), and at any other whole-degree angle
60-digit decimals: two different points can only tie there if tan(angle) is rational, which it
is not, so decimals order them correctly and tie only equal points."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

PRECISION = 60
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899863")
VECTORS = "ABCD"
START_ANGLES = {"A": 0, "B": 90, "C": 180, "D": 270}
MAX_SHIFT = 30


def _cos_sin(degrees: int) -> tuple[Decimal, Decimal]:
    with localcontext() as ctx:
        ctx.prec = PRECISION + 10
        x = Decimal(degrees % 360) * PI / 180
        term, cos, sin = Decimal(1), Decimal(0), Decimal(0)
        for n in range(0, 120):
            if n % 4 == 0:
                cos += term
            elif n % 4 == 1:
                sin += term
            elif n % 4 == 2:
                cos -= term
            else:
                sin -= term
            term = term * x / (n + 1)
        return +cos, +sin


def _unit(degrees: int) -> tuple[int, int] | None:
    """The unit vector's components when they are 0 or +-1 (multiples of 90 degrees)."""
    return {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(degrees % 360)


def _diagonal(degrees: int) -> tuple[int, int] | None:
    """Signs of the components at the multiples of 45 degrees that are not multiples of 90."""
    return {45: (1, 1), 135: (-1, 1), 225: (-1, -1), 315: (1, -1)}.get(degrees % 360)


# A distance along a vector: exact (a Fraction) along the axes and diagonals, else a Decimal.
DistanceKey = Fraction | Decimal


def distance_key(position: tuple[int, int], degrees: int) -> DistanceKey:
    """A value that orders players exactly by signed distance along the vector at `degrees`
    (equal exactly when their distances are equal); >= 0 exactly when the distance is."""
    x, y = position
    unit = _unit(degrees)
    if unit:
        return Fraction(unit[0] * x + unit[1] * y, 100)
    diagonal = _diagonal(degrees)
    if diagonal:
        return Fraction(diagonal[0] * x + diagonal[1] * y, 100)  # times sqrt(2)/2, a positive factor
    cos, sin = _cos_sin(degrees)
    with localcontext() as ctx:
        ctx.prec = PRECISION
        return (Decimal(x) * cos + Decimal(y) * sin) / 100


def distance_shown(position: tuple[int, int], degrees: int) -> str:
    """The signed distance, rounded to hundredths (half away from zero), for people."""
    key = distance_key(position, degrees)
    if _diagonal(degrees):
        assert isinstance(key, Fraction)  # a diagonal's key is exact (distance_key)
        with localcontext() as ctx:
            ctx.prec = PRECISION
            key = Decimal(key.numerator) / Decimal(key.denominator) * Decimal(2).sqrt() / 2
    return _hundredths_text(_round_hundredths(key))


def _round_hundredths(value) -> int:
    """Half away from zero, to whole hundredths (value in units)."""
    if isinstance(value, Fraction):
        scaled = value * 100
        magnitude = math.floor(abs(scaled) + Fraction(1, 2))
        return magnitude if scaled >= 0 else -magnitude
    with localcontext() as ctx:
        ctx.prec = PRECISION
        scaled = (value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)  # half away from zero
        return int(scaled)


def _hundredths_text(h: int) -> str:
    sign = "-" if h < 0 else ""
    return f"{sign}{abs(h) // 100}.{abs(h) % 100:02d}"


def position_text(position: tuple[int, int]) -> str:
    return f"({_hundredths_text(position[0])}, {_hundredths_text(position[1])})"


def where_text(position: tuple[int, int], vectors: dict[str, int]) -> str:
    """A position and its distance along each vector, for people: "(1.00, 2.00); along A 1.41, B -2.00"."""
    return f"{position_text(position)}; along " + ", ".join(
        f"{v} {distance_shown(position, a)}" for v, a in vectors.items()
    )


def displacement(options: list[tuple[int, int]]):
    """F6: the average of the options taken; if they are all the same non-zero vector v (k of
    them), v plus (k - 1) units along v. Fractions, or decimals where |v| is irrational."""
    k = len(options)
    if k == 0:
        return Fraction(0), Fraction(0)
    first = options[0]
    if k > 1 and all(o == first for o in options) and first != (0, 0):
        square = first[0] ** 2 + first[1] ** 2
        root = math.isqrt(square)
        if root * root == square:
            scale: Fraction | Decimal = Fraction(root + k - 1, root)
            return first[0] * scale, first[1] * scale
        with localcontext() as ctx:
            ctx.prec = PRECISION
            scale = 1 + Decimal(k - 1) / Decimal(square).sqrt()
            return first[0] * scale, first[1] * scale
    return Fraction(sum(o[0] for o in options), k), Fraction(sum(o[1] for o in options), k)


def move(position: tuple[int, int], options: list[tuple[int, int]]) -> tuple[int, int]:
    """F6, F11b: the new coordinates, each rounded to hundredths (not the displacement)."""
    dx, dy = displacement(options)
    return (_round_hundredths(_plus(position[0], dx)), _round_hundredths(_plus(position[1], dy)))


def _plus(hundredths: int, delta):
    if isinstance(delta, Fraction):
        return Fraction(hundredths, 100) + delta
    with localcontext() as ctx:
        ctx.prec = PRECISION
        return Decimal(hundredths) / 100 + delta


def shifted(angle: int, direction: str, degrees: int) -> int:
    return (angle - degrees if direction == "cw" else angle + degrees) % 360


def shift_problem(vectors: dict[str, int], name: str, direction: str, degrees: int) -> str | None:
    """F11c: why a shift would cross or land on another vector, or None. Whole degrees, so every
    angle of the arc it sweeps is checked."""
    step = -1 if direction == "cw" else 1
    others = {angle: other for other, angle in vectors.items() if other != name}
    for d in range(1, degrees + 1):
        angle = (vectors[name] + step * d) % 360
        if angle in others:
            verb = "land on" if d == degrees else "cross"
            return f"Turning {name} {degrees}° {'clockwise' if direction == 'cw' else 'anticlockwise'} would {verb} {others[angle]}."
    return None


def winners(keys: dict[str, dict[int, DistanceKey]], draw) -> dict[str, int]:
    """F8, F11e: for A, B, C, D in turn, the greatest distance no other remaining player shares;
    a winner is not a candidate later; with no unique distance, a draw among those at the top."""
    remaining, out = set().union(*(set(k) for k in keys.values())), {}
    for name in VECTORS:
        if not remaining:
            break
        distances = {seat: keys[name][seat] for seat in remaining}
        winner = None
        for value in sorted(set(distances.values()), reverse=True):
            holders = [s for s, d in distances.items() if d == value]
            if len(holders) == 1:
                winner = holders[0]
                break
        if winner is None:
            top = max(distances.values())
            winner = draw(sorted(s for s, d in distances.items() if d == top))
        out[name] = winner
        remaining.discard(winner)
    return out


def losers(keys: dict[str, dict[int, DistanceKey]], won: dict[str, int]) -> dict[str, list[int]]:
    """F9, F11e: per vector, every non-winner at the smallest distance of 0 or more."""
    out = {}
    winners_ = set(won.values())
    for name in VECTORS:
        eligible = {s: d for s, d in keys[name].items() if s not in winners_ and d >= 0}
        if eligible:
            low = min(eligible.values())
            out[name] = sorted(s for s, d in eligible.items() if d == low)
        else:
            out[name] = []
    return out
