"""A match of any registered game brought to its first close that waited on someone, every seat
it waited on having sent a bot's move (tests of what the close tells each player, issue 40)."""

import random

from games import registry
from matches.core import lifecycle
from matches.models import Phase
from tests.support.host_bot import until_a_phase_opens


def first_close(match):
    """Play `match` (started) to its first close of a phase that waits on someone: phases that
    wait on nobody (Co-op QWOP's pregame) are closed by the host; a host-run game's host opens
    its first round. Returns that phase, closed (by the host where a seat's send did not)."""
    engine = registry.get(match.game)
    rng = random.Random(f"first-close:{match.game}")
    for _ in range(5):
        phase = until_a_phase_opens(match).phases.filter(status=Phase.OPEN).order_by("sequence").first()
        if phase.waits_on:
            break
        lifecycle.do_force_close(phase.pk)
    for seat in phase.waits_on:
        match.refresh_from_db()
        phase.refresh_from_db()
        if phase.status != Phase.OPEN:
            break
        lifecycle.do_submit(
            phase.pk, match.seats.get(seat=seat), engine.random_submission(match.state, phase.key, seat, rng)
        )
    phase.refresh_from_db()
    if phase.status == Phase.OPEN:
        lifecycle.do_force_close(phase.pk)
        phase.refresh_from_db()
    match.refresh_from_db()
    return phase
