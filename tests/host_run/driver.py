"""Driving the host-run engine as the platform does, for its pure tests: a match set up from
settings, host actions applied (refusals returned, never raised), rounds closed through
tests/support/engine_driver.py."""

import random

from games import engine_api as api
from games.host_run.engine import ENGINE
from tests.support.engine_driver import close_phase

NAMES = ("Ada", "Ben", "Cleo", "Dan")
CTX = api.Context({})


def start(names=NAMES, **settings):
    checked = ENGINE.validate_settings(settings, len(names))
    assert not isinstance(checked, api.Invalid), checked
    return ENGINE.setup([api.SeatInfo(i, n) for i, n in enumerate(names)], checked, random.Random(0)).state


def act(state, name, **data):
    """The host action's Transition, or its Invalid."""
    return ENGINE.apply_host_action(state, name, data, CTX, random.Random(1))


def open_round(state, *rows, reveal="nothing", talk="everyone", answers="everyone", deadline="10m", title="Bids"):
    data = {"title": title, "deadline": deadline, "answers": answers, "reveal": reveal, "talk": talk}
    data.update({f"field_{i}": row for i, row in enumerate(rows, 1)})
    t = act(state, "open_round", **data)
    assert not isinstance(t, api.Invalid), t
    return t


def close(state, given, seed=0):
    """Close the open round with `given` (seat -> posted data); returns the Transition."""
    rnd = state["rounds"][-1]
    return close_phase(ENGINE, state, rnd["key"], rnd["waits_on"], given, random.Random(seed))


def played(state, rows, given, **round_settings):
    """A round opened with `rows` and closed with `given`: the state after."""
    state = open_round(state, *rows, **round_settings).state
    return close(state, given).state


def texts(events, viewer):
    return [e.text for e in events if e.visible_to(viewer)]
