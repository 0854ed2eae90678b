"""The bot host, for suites that walk every game through the platform: a game that waits on
its host between phases (a host-run game) gets its next host action from the engine's own bot
(random_host_action), taken through the host's own path (host_actions.do_host_action)."""

import random

from games import registry
from games.engine_api import Context
from matches.core import host_actions
from matches.models import Phase


def host_acts(match, seed=0):
    """Let the bot host take one action in `match`; False when it has none to take."""
    match.refresh_from_db()
    choice = registry.get(match.game).random_host_action(
        match.state, Context({}), random.Random(f"{seed}:{match.step}")
    )
    if choice is None:
        return False
    host_actions.do_host_action(match.pk, None, *choice)
    match.refresh_from_db()
    return True


def until_a_phase_opens(match, seed=0):
    """`match`, the bot host having acted until a phase is open (at once for most games)."""
    for step in range(10):
        if match.phases.filter(status=Phase.OPEN).exists() or not host_acts(match, seed + step):
            break
    return match
