"""Getting phases closed on time.

With a broker ("celery"): one eta task per phase for precision, plus a beat sweep every few
seconds for safety (an eta task held by a worker that dies is not redelivered for an hour).
Without one ("inprocess"): a loop inside one ASGI server process (the leader, see matches.leader)
sleeps until the next deadline and sweeps. Every path ends in lifecycle.close_phase, which closes a phase at most once."""

import asyncio
import logging
import os

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)


def schedule(phase):
    if settings.DEADLINE_SCHEDULER == "celery":
        from .tasks import close_phase_at

        close_phase_at.apply_async((phase.pk,), eta=phase.deadline)
    # "inprocess": the loop below finds the phase on its next wake-up (at most a second away).


def run_due(now=None):
    """Everything the clock triggers: overdue phases closed, then the reminders now due."""
    from . import lifecycle, reminders

    closed = lifecycle.sweep(now)
    reminders.send_due(now)
    return closed


def _sweep_and_next_wait(max_wait):
    from . import clock
    from .models import Match, Phase

    close_old_connections()
    try:
        closed = run_due()
        if closed:
            log.info("deadline loop: process %s closed %s phase(s)", os.getpid(), closed)
        nxt = (
            Phase.objects.filter(status=Phase.OPEN, match__status=Match.RUNNING)
            .order_by("deadline")
            .values_list("deadline", flat=True)
            .first()
        )
        if nxt is None:
            return max_wait
        return min(max(0.0, (nxt - clock.now()).total_seconds()), max_wait)
    finally:
        close_old_connections()


FOLLOWER_WAIT = 2.0  # seconds between a follower's tries to take over from a leader that died


def _lead_then_sweep(leadership, max_wait):
    if not leadership.held():
        return None
    return _sweep_and_next_wait(max_wait)


async def run_inprocess(stop: asyncio.Event, max_wait: float = 1.0):
    """Close deadlines from inside the server process until `stop` is set: in one process only
    of all that serve the site (matches.leader), the others waiting to take over."""
    from .leader import Leadership

    leadership = Leadership()
    while not stop.is_set():
        try:
            wait = await sync_to_async(_lead_then_sweep, thread_sensitive=True)(leadership, max_wait)
            if wait is None:
                wait = FOLLOWER_WAIT
        except Exception:  # a bad moment of the database must not stop the clock
            log.exception("deadline sweep failed; retrying")
            wait = max_wait
        try:
            await asyncio.wait_for(stop.wait(), timeout=wait + 0.002)
        except asyncio.TimeoutError:
            pass
    await sync_to_async(leadership.release, thread_sensitive=True)()
