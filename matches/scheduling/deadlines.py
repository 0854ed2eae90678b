"""Getting phases closed on time.

With a broker ("celery"): one eta task per phase for precision, plus a beat sweep every few
seconds for safety (an eta task held by a worker that dies is not redelivered for an hour).
Without one ("inprocess"): a loop inside one ASGI server process (the leader, see matches.scheduling.leader)
sleeps until the next deadline and sweeps. Every path ends in lifecycle.close_phase, which closes a phase at most once."""

import asyncio
import dataclasses
import logging
import os

from asgiref.sync import sync_to_async
from celery import shared_task
from django.conf import settings
from django.db import close_old_connections

from matches import clock
from matches.core import absent_seats, events, lifecycle
from matches.lib import timings
from matches.models import Match, Phase
from matches.scheduling.leader import Leadership

log = logging.getLogger(__name__)


def on_phase_scheduled(event):
    """A phase opened or its deadline moved: with Celery, a task to close it at its deadline (a
    moved deadline gets a new task; the old one finds the phase still open and not yet due, and
    does nothing). The in-process loop finds the phase on its next wake-up (at most a second away)."""
    if settings.DEADLINE_SCHEDULER == "celery":
        close_phase_at.apply_async((event.phase_id,), eta=event.deadline)


def run_due(now=None):
    """Everything the clock triggers: overdue phases closed, the defaults of seats whose absence
    has begun, then whatever listens to the tick (reminders now due, matches.notifications)."""
    closed = sum(1 for pk in lifecycle.overdue_phase_ids(now) if _close_alone(pk))
    absent_seats.play_absent_seats(now)  # "autopilot while away" for an absence begun since
    events.deliver(events.ClockTicked(now))
    return closed


def _close_alone(phase_id):
    """One overdue phase closed, or its failure logged: a match whose close raises (a state its
    engine cannot read) stays open for its host to see to, and never keeps the phases behind it in
    the sweep, every other match's deadlines, from closing."""
    try:
        return close_stamped(phase_id, "sweep")
    except Exception:
        log.exception("deadline sweep: closing phase %s failed; the sweep goes on", phase_id)
        return False


def close_stamped(phase_id, path):
    """lifecycle.close_phase for a deadline, its steps stamped when measuring (matches.lib.timings)."""
    timings.begin(path=path, phase=phase_id)
    try:
        return lifecycle.close_phase(phase_id, "deadline")
    finally:
        timings.end()


def _sweep_and_next_wait(max_wait):
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
    of all that serve the site (matches.scheduling.leader), the others waiting to take over."""
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


# --- the Celery tasks (named as before the platform was split into packages, so that a task
# queued by an older deploy, an ETA task waiting for its deadline, still finds its function) ----


@shared_task(name="matches.tasks.close_phase_at", acks_late=True, ignore_result=True)
def close_phase_at(phase_id):
    """The eta task of one phase; does nothing if the phase closed already or was extended."""
    return close_stamped(phase_id, "eta")


@shared_task(name="matches.tasks.sweep_overdue_phases", ignore_result=True)
def sweep_overdue_phases():
    """The beat's sweep: overdue phases closed, then whatever else is due (run_due)."""
    return run_due()


@shared_task(name="matches.tasks.deliver_event", acks_late=True, ignore_result=True)
def deliver_event(kind, fields):
    """What an event's `later` subscribers do (email, webhooks, reminders), on the worker
    rather than in the close that published it (core.events.defer_to)."""
    events.deliver_later(events.rebuild(kind, fields))


def defer(event):
    deliver_event.apply_async((type(event).__name__, dataclasses.asdict(event)))
