"""Shared helpers for the Co-op QWOP rule tests (pure Python, no database)."""

from __future__ import annotations

import random

from games import engine_api as api
from games.coop_qwop.engine import ENGINE
from games.coop_qwop.engine.game import new_athlete, round_key
from tests.support.engine_driver import close_phase

SEATS = [api.SeatInfo(i, f"P{i}") for i in range(8)]


def new_game(seed: int = 1, **settings) -> dict:
    """A fresh 8-player match still in its pregame."""
    merged = ENGINE.validate_settings(settings, len(SEATS))
    assert not isinstance(merged, api.Invalid), merged
    return ENGINE.setup(SEATS, merged, random.Random(seed)).state


def started(seed: int = 1, **settings) -> dict:
    """A match whose pregame has closed: round 1 is open."""
    state = new_game(seed, **settings)
    t = ENGINE.resolve(state, "pregame", {}, random.Random(seed))
    assert t.state["round"] == 1
    return t.state


def number_of(state: dict, a: int, b: int) -> int:
    """The public number of the athlete controlled by seats a and b."""
    matches = [x["number"] for x in state["athletes"] if sorted(x["controllers"]) == sorted([a, b])]
    assert len(matches) == 1
    return matches[0]


def athlete(state: dict, number: int) -> dict:
    return next(x for x in state["athletes"] if x["number"] == number)


def mine(state: dict, seat: int) -> list[int]:
    return [x["number"] for x in state["athletes"] if seat in x["controllers"]]


def full(state: dict, seat: int, filler: str = "O", **overrides) -> dict:
    """A complete submission: `filler` on every athlete of `seat`, with overrides such as
    card_7="Q" or declare_7="P"."""
    data = {f"card_{n}": filler for n in mine(state, seat)}
    data.update(overrides)
    return data


def play(state: dict, submissions: dict[int, dict | None], seed: int = 7):
    """Validate every given submission, fill the rest at the deadline, resolve the round.
    Returns the Transition."""
    return close_phase(ENGINE, state, round_key(state["round"]), range(len(SEATS)), submissions, random.Random(seed))


def all_filler(state: dict, filler: str = "O", **per_seat) -> dict[int, dict]:
    """Complete submissions for every seat; per_seat maps "s3" to overrides for seat 3."""
    return {seat: full(state, seat, filler, **per_seat.get(f"s{seat}", {})) for seat in range(len(SEATS))}


def lone(number: int = 1, controllers=(0, 1)) -> dict:
    return new_athlete(number, controllers)


def legged_pair(a: int = 1, b: int = 2) -> tuple[dict, dict]:
    """Two partners in the three-legged race (controllers 0+1 and 2+3)."""
    x, y = new_athlete(a, (0, 1)), new_athlete(b, (2, 3))
    x.update(race="three_legged", partner=b)
    y.update(race="three_legged", partner=a)
    return x, y
