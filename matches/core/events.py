"""What happened, told after commit to whoever listens. The core never imports its listeners:
live push, scheduling and notifications subscribe here (in matches.apps, when the site starts),
so a new kind of notification is a new subscriber and touches nothing in the core.

An event is published inside the transaction that made it true and delivered only once that
transaction commits (never if it rolls back); outside a transaction, at once. Each subscriber is
called on its own: one that fails is logged and neither undoes the write nor keeps the others
from hearing. Delivery is in the committing process, in order of publication."""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from django.db import transaction

log = logging.getLogger(__name__)
_subscribers: dict[type, list[Callable]] = defaultdict(list)
_later: dict[type, list[Callable]] = defaultdict(list)
_deferrer: Callable | None = None


# --- the events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchChanged:
    """The match's event log grew to `seq` (once per transaction, with its last number);
    `public_seq`: the transaction's last public event's number, 0 if it wrote none (a change
    that only some may read: what follows from it must not show others that it happened)."""

    match_id: int
    seq: int
    public_seq: int = 0


@dataclass(frozen=True)
class PersonalChanged:
    """Something only some viewers read changed, adding no event: a message, a "has sent" mark, a
    reminder. `stamp` orders it against renders begun earlier."""

    match_id: int
    seq: int
    stamp: int


@dataclass(frozen=True)
class PhaseScheduled:
    """A phase opened with this deadline, or its deadline moved (extended, resumed)."""

    phase_id: int
    deadline: datetime


@dataclass(frozen=True)
class PhaseClosed:
    match_id: int
    phase_id: int


@dataclass(frozen=True)
class MatchFinished:
    match_id: int


@dataclass(frozen=True)
class PublicNews:
    """The public events of one transaction, in words (for a season's chat server)."""

    match_id: int
    season_id: int
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Submitted:
    """A player sent something for a phase (never what)."""

    match_id: int
    phase_id: int
    seat: int
    seq: int


@dataclass(frozen=True)
class SeatHanded:
    """Seat row `seat_id` of a match was handed to season player `holder_id`: whoever else has
    a socket open on that seat holds it no more (matches.core.substitutes)."""

    match_id: int
    seat_id: int
    holder_id: int


@dataclass(frozen=True)
class AutopilotChanged:
    """A seat went on autopilot (`on`) or its player took it back (core.autopilot)."""

    match_id: int
    player_id: int  # the MatchPlayer
    on: bool
    missed: int = 0  # the misses in a row that put it on, as they were then
    left: bool = False  # put on as its player left the season (core.leaving)


@dataclass(frozen=True)
class MessagePosted:
    """A message was written in a match's conversation (never its text)."""

    match_id: int
    message_id: int


@dataclass(frozen=True)
class GiftGiven:
    """A player of a season received a gift; `words` tell it to them."""

    recipient_id: int
    subject: str
    words: str


@dataclass(frozen=True)
class ClockTicked:
    """The deadline sweep ran (every second or so): what is due by the clock may now be done."""

    now: datetime | None


# --- publishing and subscribing -------------------------------------------------------------


def subscribe(kind: type, handler: Callable, later: bool = False) -> None:
    handlers = (_later if later else _subscribers)[kind]
    if handler not in handlers:
        handlers.append(handler)


def unsubscribe(kind: type, handler: Callable) -> None:
    for handlers in (_subscribers[kind], _later[kind]):
        if handler in handlers:
            handlers.remove(handler)


def defer_to(deferrer: Callable | None) -> None:
    """Hand each event with `later` subscribers to `deferrer(event)` (a worker's queue), which
    must in the end call `deliver_later(event)`; None: they hear it at once, after the others."""
    global _deferrer
    _deferrer = deferrer


def publish(event) -> None:
    """Deliver `event` once the current transaction commits. `event` may be a function that
    makes it then, for what is only known at commit (the last event number)."""
    transaction.on_commit(lambda: deliver(event() if callable(event) else event))


def personal_change(match) -> None:
    """Publish PersonalChanged for `match` at commit, stamped now."""
    stamp = time.time_ns()
    publish(lambda: PersonalChanged(match.pk, match.event_seq, stamp))


def deliver(event) -> None:
    """Every subscriber of the event's kind, now; a failing one is logged and skipped. Then the
    `later` ones: handed to the worker if there is one (delivered now if it cannot be reached)."""
    _call(_subscribers[type(event)], event)
    if _later[type(event)]:
        if _deferrer is not None:
            try:
                _deferrer(event)
                return
            except Exception:  # noqa: BLE001 - the broker away: done here rather than lost
                log.exception("could not hand %s to the worker; delivering it here", type(event).__name__)
        deliver_later(event)


def deliver_later(event) -> None:
    """The `later` subscribers of the event's kind (on the worker, or at once without one)."""
    _call(_later[type(event)], event)


def rebuild(kind: str, fields: dict):
    """An event from its kind's name and fields, as a worker's task receives it."""
    kinds = (PhaseClosed, PublicNews, GiftGiven, ClockTicked, MatchFinished, MatchChanged, Submitted, MessagePosted)
    cls = {c.__name__: c for c in (*kinds, AutopilotChanged)}[kind]
    if cls is PublicNews:
        fields = {**fields, "lines": tuple(fields["lines"])}
    return cls(**fields)


def _call(handlers, event):
    for handler in list(handlers):
        try:
            handler(event)
        except Exception:  # noqa: BLE001 - a listener's failure is its own, never the writer's
            log.exception("a subscriber of %s failed", type(event).__name__)
