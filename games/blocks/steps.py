"""Timed steps of one player: a phase that waits on one seat, closes as soon as it has moved,
and, if the time runs out, takes a random legal move drawn from the match's seeded stream (the
`rng` the platform passes to `default_submission`), so a missed step replays the same way."""

from __future__ import annotations

import random
from typing import Any

from games.engine_api import GameEngine, Invalid, PhaseSpec


def one_player_step(key: str, title: str, seat: int, seconds: int, turn: bool = False) -> PhaseSpec:
    """A step of `seat` alone, `seconds` long, closed as soon as that seat has moved. With `turn`,
    a step of a turn sequence, logged as its action alone (PhaseSpec.turn)."""
    return PhaseSpec(key, title, (seat,), seconds, close_early=True, turn=turn)


def last_or_random(
    engine: GameEngine,
    state: dict[str, Any],
    phase_key: str,
    seat: int,
    last: dict[str, Any] | None,
    rng: random.Random,
) -> dict[str, Any]:
    """A `default_submission`: the seat's last move if it is still legal, else the engine's own
    random legal move (its `random_submission`) from the seeded `rng`."""
    if last is not None and not isinstance(engine.validate_submission(state, phase_key, seat, last), Invalid):
        return last
    return engine.random_submission(state, phase_key, seat, rng)
