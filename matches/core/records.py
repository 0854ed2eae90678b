"""How a write records what happened, for lifecycle and the features that write under the same
match lock (results, talk, reminders): the answer to the person (Done, Refused), the lock, the
numbered events, an engine transition stored (state, events, new phases, the end), and the
publishing of it all once the transaction commits (matches.core.events)."""

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction

from matches.core import events
from matches.core.start_checks import engine_of
from matches.models import Event, Match, Phase


class Refused(Exception):
    """A request that cannot be carried out; the message is for the person who made it, and
    `field` the form's field at fault when the refusal names one (else "")."""

    def __init__(self, message="", field=""):
        super().__init__(message)
        self.field = field


@dataclass
class Done:
    message: str
    changed: bool = True


def _lock(match_id):
    return Match.objects.select_for_update().get(pk=match_id)


def _seats(match):
    return list(match.seats.select_related("season_player").order_by("seat"))


def _public(match, kind, text, now, **data):
    return _record_events(match, [Event(kind=kind, text=text, visibility=Event.PUBLIC, data=data)], now)


def _record_events(match, events, now):
    """Number and store events; push them once the transaction commits."""
    rows = []
    for event in events:
        match.event_seq += 1
        rows.append(
            Event(
                match=match,
                seq=match.event_seq,
                kind=event.kind,
                visibility=event.visibility,
                seat=event.seat,
                text=event.text,
                data=event.data,
                created_at=now,
            )
        )
    Event.objects.bulk_create(rows)
    public = [row for row in rows if row.visibility == Event.PUBLIC]
    if public:
        match._public_seq = public[-1].seq
    _announce_on_commit(match, [row.text for row in public])
    return rows


def _announce_on_commit(match, public_lines):
    """Publish once per transaction, at its commit, that the match changed (with its last event
    number: a close records several batches of events, and each announcement costs a message to
    every socket) and the public news of the whole transaction in one piece."""
    pending = getattr(match, "_public_lines", None)
    if pending is not None:
        pending.extend(public_lines)
        return
    match._public_lines = list(public_lines)

    def publish():
        lines, match._public_lines = match._public_lines, None
        public_seq, match._public_seq = getattr(match, "_public_seq", 0), 0
        events.deliver(events.MatchChanged(match.pk, match.event_seq, public_seq))
        if lines:
            events.deliver(events.PublicNews(match.pk, match.season_id, match.title, tuple(lines)))

    transaction.on_commit(publish)


def _engine_events(match, events, now):
    return _record_events(match, [Event.of_engine(e) for e in events], now)


def _apply(match, transition, now, before=(), last_sequence=None):
    """Store an engine transition: state, events, newly opened phases, the end of the match.
    `before`: events of the same write to number first (a close's "Closed: ..."), stored with
    the engine's and the "Open now" line (of the new phases that are not turns) in one insert;
    `last_sequence`: the match's last phase number, if the caller read it already."""
    match.state = transition.state
    rows = list(before) + [Event.of_engine(e) for e in transition.events]
    if last_sequence is None and transition.open:
        last_sequence = match.phases.order_by("-sequence").values_list("sequence", flat=True).first()
    last = last_sequence or 0
    new_phases = []
    for offset, spec in enumerate(transition.open, start=1):
        new_phases.append(
            Phase(
                match=match,
                sequence=last + offset,
                key=spec.key,
                title=spec.title,
                waits_on=list(spec.waits_on),
                close_early=spec.close_early,
                submitters_public=spec.submitters_public,
                turn=spec.turn,
                opened_at=now,
                deadline=now + timedelta(seconds=spec.duration),
            )
        )
    announced = [p for p in new_phases if not p.turn]  # a turn's log is its action alone (PhaseSpec.turn)
    if announced:
        titles = ", ".join(p.title for p in announced)
        rows.append(
            Event(
                kind="phase.opened",
                text=f"Open now: {titles}.",
                visibility=Event.PUBLIC,
                data={"phases": [p.key for p in announced]},
            )
        )
    outcome = engine_of(match).outcome(match.state) if transition.finished else None
    if outcome is not None:  # the end's line in the same insert: the last close costs what any close costs
        rows.append(
            Event(kind="match.finished", text=outcome.summary or "The match is over.", visibility=Event.PUBLIC, data={})
        )
    _record_events(match, rows, now)  # even none: the match changed, and its sockets hear so
    created = Phase.objects.bulk_create(new_phases) if new_phases else []
    for phase in created:
        events.publish(events.PhaseScheduled(phase.pk, phase.deadline))
    if outcome is not None:
        _finish(match, outcome, now)
    match.save()


def _finish(match, outcome, now):
    """The end of a match whose "match.finished" line is recorded already (with the close's)."""
    match.phases.filter(status=Phase.OPEN).update(status=Phase.CANCELLED, closed_at=now, close_reason="match over")
    match.outcome = {
        "summary": outcome.summary,
        "standings": [
            {"seat": s.seat, "place": s.place, "score": s.score, "detail": s.detail, "cells": s.cells, "why": s.why}
            for s in outcome.standings
        ],
        "columns": None if outcome.columns is None else [list(column) for column in outcome.columns],
        "places_note": outcome.places_note,
        "awards": [
            {
                "seat": a.seat,
                "kind": a.kind,
                "amount": a.amount,
                "reason": a.reason,
                **({"lasts": a.lasts} if a.lasts else {}),
            }
            for a in outcome.awards
        ],
        "statuses": {str(seat): status for seat, status in outcome.statuses.items()},
        "forced_gifts": [[kind, keep, list(to)] for kind, keep, to in outcome.forced_gifts],
    }
    match.status = Match.FINISHED
    match.finished_at = now
    events.publish(events.MatchFinished(match.pk))
