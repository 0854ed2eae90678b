"""Getting phases closed on time.

With a broker ("celery"): one eta task per phase for precision, plus a beat sweep every few
seconds for safety (an eta task held by a worker that dies is not redelivered for an hour).
Without one ("inprocess"): a loop inside the ASGI server process sleeps until the next deadline
and sweeps. Every path ends in lifecycle.close_phase, which closes a phase at most once."""

import asyncio
import logging

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
        run_due()
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


async def run_inprocess(stop: asyncio.Event, max_wait: float = 1.0):
    """Close deadlines from inside the server process until `stop` is set."""
    while not stop.is_set():
        try:
            wait = await sync_to_async(_sweep_and_next_wait, thread_sensitive=True)(max_wait)
        except Exception:  # a bad moment of the database must not stop the clock
            log.exception("deadline sweep failed; retrying")
            wait = max_wait
        try:
            await asyncio.wait_for(stop.wait(), timeout=wait + 0.002)
        except asyncio.TimeoutError:
            pass
