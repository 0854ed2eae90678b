"""B8's notation for Black and White's rounds, driven through the engine as the platform would:
`A:5/B:2` is a round A leads with 5 and B follows with 2. A is seat 0, B seat 1; `?` sends nothing
(the step is missed and the seeded draw lays a tile). Each round checks that the engine agrees on
who leads it (B2)."""

import random

from games import engine_api as api
from games.registry import get
from tests.support.engine_driver import close_phase

ENGINE = get("black_and_white")
SEATS = {"A": 0, "B": 1}


def started(first="A", **settings):
    """A new match whose first round `first` leads (the seed's draw, B2, tested on its own)."""
    seats = [api.SeatInfo(0, "Ada", ""), api.SeatInfo(1, "Bo", "")]
    state = ENGINE.setup(seats, ENGINE.validate_settings(settings, 2), random.Random(1)).state
    state["leader"] = SEATS[first]
    state["first_leaders"] = [SEATS[first]]
    return state


def step(state, seat, tile):
    phase = ENGINE._step(state, "lead" if state["laid"] is None else "follow")
    assert phase.waits_on == (seat,), (phase, seat)
    given = {} if tile == "?" else {seat: {"tile": str(tile)}}
    return close_phase(ENGINE, state, phase.key, phase.waits_on, given, random.Random(f"miss:{phase.key}"))


def play(state, rounds):
    """Play `rounds` ("A:5/B:2, B:3/A:3"); returns the last Transition."""
    t = None
    for written in rounds.replace(" ", "").split(","):
        lead, follow = written.split("/")
        for part in (lead, follow):
            who, tile = part.split(":")
            t = step(state, SEATS[who], tile if tile == "?" else int(tile))
            state = t.state
    return t
