"""Shared by the Mystery Cosign rules tests: two seats, our own operations A-D over the "easy"
set's E-L, and the engine driven one step at a time as the platform drives it."""

from __future__ import annotations

from games import engine_api as api
from games.engine_api import Invalid, SeatInfo, derive_rng
from games.mystery_cosign.engine import ENGINE
from tests.support.engine_driver import close_phase

SEATS = [SeatInfo(0, "Ann"), SeatInfo(1, "Ben")]

# Twelve fixed operations, written the way a host writes their own (a made set is new every
# match): the arithmetic family of the "easy" pool without constants...
EASY = {
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
}
# ...with our own A-D: A = a+b, B = a*b, C = max(a, b), D = a-b (negative, so undefined, when a < b).
OPS = {**EASY, "A": "a + b", "B": "a * b", "C": "max(a, b)", "D": "a - b"}


def start(default_targets, seed: int = 1, **overrides) -> api.Transition:
    raw = {"operation_set": "easy", "operations": dict(OPS), "targets": default_targets, **overrides}
    settings = ENGINE.validate_settings(raw, 2)
    assert not isinstance(settings, Invalid), settings
    return ENGINE.setup(SEATS, settings, derive_rng(seed, "setup"))


def only_spec(t: api.Transition) -> api.PhaseSpec:
    assert not t.finished
    assert len(t.open) == 1, t.open
    return t.open[0]


def step(t: api.Transition, given: dict[int, dict | None], seed: int = 0) -> api.Transition:
    """Validate what the seats sent, fill the misses with the defaults, resolve the open step."""
    spec = only_spec(t)
    assert set(given) <= set(spec.waits_on), (spec.key, given, spec.waits_on)
    return close_phase(ENGINE, t.state, spec.key, spec.waits_on, given, derive_rng(seed, spec.key))


def kind_of(key: str) -> str:
    if key == "advantage":
        return "advantage"
    if key.startswith("shootout-"):
        return "shootout"
    return key.rsplit("-", 1)[1]


def number_of(key: str) -> int:
    """The collaboration round (1-15) or shootout (1-9) a step key names."""
    return int(key.split("-")[1])


# The worst legal set for the host's check and the start (bench/cosign.py measures it): every
# operation spells out numbers as often as the length limit allows, and one is rarely defined.
WORST_LEGAL = {
    letter: "+".join(f"letters(a*b+{n * 12 + i})" for i in range(13)) for n, letter in enumerate("ABCDEFGHIJK")
}
WORST_LEGAL["L"] = "letters(a*b) // ((a - b) % 97)"  # undefined wherever a - b is a multiple of 97
