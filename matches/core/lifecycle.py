"""Every change to a match goes through here (its confirmation into the season ledger through
results.py, which uses the same locks): check, then do, in one transaction.

Lock order is always Match row first (then season players for ledger writes), so a submission,
an action, a host control and a close on the same match serialise and cannot deadlock. Pushes
and deadline scheduling happen only on commit."""

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import Exists, JSONField, OuterRef, Subquery

from games.engine_api import Context, Invalid, SeatInfo, derive_rng

from matches import clock
from matches.core import autopilot, events
from matches.lib import timings
from matches.core.engine_forms import said
from matches.core.records import Done, Refused, _apply, _lock, _public, _seats
from matches.core.start_checks import check_start, engine_of, prepared_settings, seat_role
from matches.core.substitutes import check_still_holder
from matches.models import (Action, Conversation, Event, LedgerEntry, Match, Phase, SeatHolder,
                            Submission, balances_for, state_hash)

log = logging.getLogger(__name__)
MAX_DEADLINE_AHEAD = timedelta(days=366)  # a host's typo of a year (or 9999) is refused, not stored


# --- starting ---------------------------------------------------------------------------------


def do_start(match_id, by=None):
    """Start a draft. The engine's slow preparation runs before the match row is locked; the
    start itself then only stores what setup returns."""
    draft = Match.objects.get(pk=match_id)
    if draft.status != Match.DRAFT:
        return Done("The match has already started.", changed=False)
    prepared = prepared_settings(draft)
    if isinstance(prepared, Invalid):
        raise Refused(prepared.message)
    with transaction.atomic():
        match = _lock(match_id)
        if match.status != Match.DRAFT:
            return Done("The match has already started.", changed=False)
        if match.settings != draft.settings or match.seed != draft.seed or match.game != draft.game:
            raise Refused("The match's settings changed while it was being started; start it again.")
        problem = check_start(match)
        if problem:
            raise Refused(problem)
        engine = engine_of(match)
        seats = _seats(match)
        match.settings = prepared
        for seat in seats:
            if not seat.role and seat_role(engine, seat):
                seat.role = seat_role(engine, seat)
                seat.save(update_fields=["role"])
        infos = [SeatInfo(s.seat, s.season_player.display_name, s.role) for s in seats]
        now = clock.now()
        transition = engine.setup(infos, match.settings, derive_rng(match.seed, "setup"))
        match.status, match.started_at = Match.RUNNING, now
        # who holds each seat from the start (core.substitutes keeps the later holders)
        SeatHolder.objects.bulk_create([SeatHolder(seat=s, season_player_id=s.season_player_id, since=now) for s in seats])
        Conversation.objects.create(match=match, kind=Conversation.TABLE, members=[s.seat for s in seats], created_at=now)
        _public(match, "match.started", f"{match.title} has started.", now)
        _apply(match, transition, now)
        autopilot.settle(match, now, _close)  # a seat may be away, with autopilot while away
        return Done("The match has started.")


# --- players' moves ---------------------------------------------------------------------------


def do_submit(phase_id, player, data):
    """Store a (possibly partial) submission of `player` for an open phase. Raises Refused."""
    with transaction.atomic():
        match = _lock(player.match_id)
        _check_holder(player)
        phase = Phase.objects.filter(pk=phase_id, match=match).first()
        if phase is None:
            raise Refused("There is no such phase in this match.")
        now = clock.now()
        _check_can_submit(match, phase, player, now)
        engine = engine_of(match)
        cleaned = engine.validate_submission(match.state, phase.key, player.seat, data)
        if isinstance(cleaned, Invalid):
            raise Refused(cleaned.message, field=cleaned.field)
        words = said(engine.form(match.state, phase.key, player.seat), cleaned)
        autopilot.take_back(match, phase, player, now)
        Submission.objects.create(phase=phase, player=player, payload=cleaned, source=Submission.PLAYER, said=words,
                                  created_at=now)
        if phase.close_early and _everyone_submitted(phase):
            _close(match, phase, "early", now)
            return Done("Submission received. Everyone has submitted, so the phase is closed.")
        # others may see who has sent; the event number is read at commit
        events.publish(lambda: events.Submitted(match.pk, phase.pk, player.seat, match.event_seq))
        return Done("Submission received. You can revise it until the deadline.")


def _check_holder(player):
    check_still_holder(player)


def _check_can_submit(match, phase, player, now):
    if phase.status != Phase.OPEN:
        raise Refused(f"“{phase.title}” is closed; nothing was recorded.")
    if match.status == Match.PAUSED:
        raise Refused("The match is paused; submissions reopen when the host resumes it.")
    if match.status != Match.RUNNING:
        raise Refused("This match is not running; nothing was recorded.")
    if now >= phase.deadline:
        raise Refused(f"The deadline of “{phase.title}” has passed; nothing was recorded.")
    if player.seat not in phase.waits_on:
        raise Refused(f"“{phase.title}” is not waiting on you.")


def _everyone_submitted(phase):
    done = set(phase.submissions.values_list("player__seat", flat=True))
    return set(phase.waits_on) <= done


def do_action(player, name, data):
    """Apply an immediate action (a purchase, a proposal). Raises Refused."""
    with transaction.atomic():
        match = _lock(player.match_id)
        _check_holder(player)
        if match.status != Match.RUNNING:
            raise Refused("Actions are only possible while the match is running.")
        engine = engine_of(match)
        open_keys = list(match.phases.filter(status=Phase.OPEN).values_list("key", flat=True))
        if name not in {a.name for a in engine.actions(match.state, player.seat, open_keys)}:
            raise Refused("That action is not available now.")
        seats = _seats(match)
        # Lock the members so two matches of a season cannot spend the same garnet twice.
        members = {s.season_player_id for s in seats}
        list(match.season.players.select_for_update().filter(pk__in=members).values_list("pk"))
        balances = balances_for(match.season, members)
        ctx = Context({s.seat: balances.get(s.season_player_id, {}) for s in seats})
        now = clock.now()
        step = match.step + 1
        result = engine.apply_action(match.state, player.seat, name, data, ctx, derive_rng(match.seed, f"action:{step}"))
        if isinstance(result, Invalid):
            raise Refused(result.message, field=result.field)
        _write_ledger(match, seats, result.ledger, ctx)
        match.step = step
        Action.objects.create(
            match=match, player=player, name=name, payload=data, context={str(k): v for k, v in ctx.balances.items()},
            step=step, state_hash=state_hash(result.state), created_at=now,
        )
        _apply(match, result, now)
        autopilot.settle(match, now, _close)
        return Done("Done.")


def _write_ledger(match, seats, deltas, ctx):
    by_seat = {s.seat: s.season_player for s in seats}
    for delta in deltas:
        if delta.seat is not None and ctx.balance(delta.seat, delta.kind) + delta.amount < 0:
            raise Refused("Not enough in your season balance for that.")
        LedgerEntry.objects.create(
            season=match.season, player=by_seat.get(delta.seat), kind=delta.kind, amount=delta.amount,
            reason=delta.reason, match=match,
        )


# --- closing ----------------------------------------------------------------------------------


def close_phase(phase_id, reason="deadline"):
    """Close a phase exactly once. Safe to call any number of times, from any process: it
    returns False without doing anything if the phase is not open, or (for a deadline close)
    if its deadline has not come or its match is paused."""
    with transaction.atomic():
        transaction.on_commit(lambda: timings.mark("committed"))  # first of the close's after-commit work
        # the match row locked first, found by its phase (only the match row: lock order)
        match = Match.objects.select_for_update(of=("self",)).filter(phases=phase_id).first()
        if match is None:
            return False
        timings.mark("locked")
        timings.note(match=match.pk)
        # read under the lock: a close that waited for it finds the phase closed already
        last = Phase.objects.filter(match=OuterRef("match")).order_by("-sequence").values("sequence")[:1]
        phase = Phase.objects.annotate(last_sequence=Subquery(last)).get(pk=phase_id)
        now = clock.now()
        if phase.status != Phase.OPEN:
            return False
        if reason == "deadline" and (match.status != Match.RUNNING or phase.deadline > now):
            return False
        if match.status not in (Match.RUNNING, Match.PAUSED):
            return False
        timings.note(closed=True)  # this call closes it (one that found nothing to do stamps no close)
        _close(match, phase, reason, now, phase.last_sequence)
        return True


def _close(match, phase, reason, now, last_sequence=None):
    """Resolve `phase` with what each seat sent last, or the engine's default for it. Queries
    stay flat in the seats: the seats come with their latest submission (one query), the
    defaults are written in one insert, and every event of the close in one more."""
    engine = engine_of(match)
    rows = Submission.objects.filter(phase=phase, player=OuterRef("pk")).order_by("-id")
    players = {p.seat: p for p in match.seats.select_related("season_player").annotate(
        last_payload=Subquery(rows.filter(source=Submission.PLAYER).values("payload")[:1], output_field=JSONField()),
        moved=Exists(rows.filter(source=Submission.PLAYER)),
        piloted=Subquery(rows.values("payload")[:1], output_field=JSONField()),  # an autopilot row, if last
        piloted_last=Subquery(rows.values("by_autopilot")[:1]),
    )}
    submissions, defaults, filled_in = {}, [], set()
    for seat in phase.waits_on:
        player = players[seat]
        given = player.last_payload  # the player's own (an autopilot's row is the rules' default, as here)
        rng = derive_rng(match.seed, f"default:{phase.key}:{seat}")
        counted = engine.default_submission(match.state, phase.key, seat, given, rng)
        if counted != given:
            if not (player.piloted_last and counted == player.piloted):  # else stored when the step opened
                words = said(engine.form(match.state, phase.key, seat), counted)
                defaults.append(Submission(phase=phase, player=player, payload=counted, source=Submission.DEFAULT,
                                           said=words, created_at=now))
            if counted is not None:  # the rules made or completed it (None: the seat counts nothing)
                filled_in.add(seat)
        submissions[seat] = counted
    if defaults:
        Submission.objects.bulk_create(defaults)
    # the DEFAULT rows just written are what the replay reads filled_in back from (core.replay)
    transition = engine.resolve(match.state, phase.key, submissions, derive_rng(match.seed, f"resolve:{phase.key}"),
                                frozenset(filled_in))
    match.step += 1
    phase.status, phase.closed_at, phase.close_reason = Phase.CLOSED, now, reason
    phase.closed_step, phase.state_hash = match.step, state_hash(transition.state)
    phase.closed_after_event = match.event_seq
    phase.save()
    before = []
    if not phase.turn:  # a turn's close is told by the engine's events alone (PhaseSpec.turn)
        how = {"early": "everyone submitted", "host": "closed by the host"}.get(reason, "deadline")
        before.append(Event(kind="phase.closed", text=f"Closed: {phase.title} ({how}).", visibility=Event.PUBLIC,
                            data={"phase": phase.key}))
    _apply(match, transition, now, before=before, last_sequence=last_sequence)
    autopilot.record_close(match, phase, players, {s for s, p in players.items() if p.moved}, reason, now)
    events.publish(events.PhaseClosed(match.pk, phase.pk))
    autopilot.settle(match, now, _close, players)  # the steps it opened, for the seats on autopilot


def overdue_phase_ids(now=None):
    now = now or clock.now()
    return list(
        Phase.objects.filter(status=Phase.OPEN, deadline__lte=now, match__status=Match.RUNNING)
        .order_by("deadline")
        .values_list("pk", flat=True)
    )


def sweep(now=None):
    """Close every overdue phase. Returns how many this call closed."""
    return sum(1 for pk in overdue_phase_ids(now) if close_phase(pk, "deadline"))


# --- host controls ----------------------------------------------------------------------------

# What a pause, a resume or a moved deadline changes in the match row: not its state, which for a
# long match (the host-run game's log) is most of the row and was written again by each of them.
CONTROL_FIELDS = ["status", "event_seq"]


def do_pause(match_id, by=None):
    with transaction.atomic():
        match = _lock(match_id)
        if match.status != Match.RUNNING:
            return Done("The match is not running; nothing to pause.", changed=False)
        now = clock.now()
        for phase in match.phases.filter(status=Phase.OPEN):
            phase.remaining = max(phase.deadline - now, timedelta(0))
            phase.save(update_fields=["remaining"])
        match.status = Match.PAUSED
        _public(match, "host.paused", "The host paused the match; the clock is stopped.", now)
        match.save(update_fields=CONTROL_FIELDS)
        return Done("Paused.")


def do_resume(match_id, by=None):
    with transaction.atomic():
        match = _lock(match_id)
        if match.status != Match.PAUSED:
            return Done("The match is not paused.", changed=False)
        _resume(match, clock.now())
        return Done("Resumed.")


def _resume(match, now):
    """Under the match lock: restart the clock of a paused match's open phases."""
    for phase in match.phases.filter(status=Phase.OPEN):
        phase.deadline, phase.remaining = now + (phase.remaining or timedelta(0)), None
        phase.save(update_fields=["deadline", "remaining"])
        events.publish(events.PhaseScheduled(phase.pk, phase.deadline))
    match.status = Match.RUNNING
    _public(match, "host.resumed", "The host resumed the match; the clock is running again.", now)
    match.save(update_fields=CONTROL_FIELDS)
    autopilot.settle(match, now, _close)  # a seat put on autopilot while paused plays its open steps now


def do_extend(phase_id, new_deadline, by=None):
    """Move an open phase's deadline to `new_deadline` (an absolute time, so that a repeated
    click repeats nothing)."""
    match_id = Phase.objects.filter(pk=phase_id).values_list("match_id", flat=True).first()
    with transaction.atomic():
        match = _lock(match_id)
        phase = Phase.objects.get(pk=phase_id)
        if phase.status != Phase.OPEN:
            raise Refused("That phase is not open.")
        now = clock.now()
        if match.status == Match.PAUSED:
            current, field = now + phase.remaining, "remaining"
        else:
            current, field = phase.deadline, "deadline"
        if new_deadline == current:
            return Done("The deadline is already that.", changed=False)
        if new_deadline <= now:
            raise Refused("The new deadline must be in the future (use force close to close now).")
        if new_deadline - now > MAX_DEADLINE_AHEAD:
            raise Refused("A deadline can be at most a year from now.")
        if field == "remaining":
            phase.remaining = new_deadline - now
        else:
            phase.deadline = new_deadline
            events.publish(events.PhaseScheduled(phase.pk, phase.deadline))
        phase.save(update_fields=[field])
        when = new_deadline.strftime("%Y-%m-%d %H:%M:%S UTC")
        _public(match, "host.extended", f"The host moved the deadline of {phase.title} to {when}.", now,
                phase=phase.key, deadline=new_deadline.isoformat())
        match.save(update_fields=CONTROL_FIELDS)
        return Done(f"Deadline moved to {when}.")


def do_force_close(phase_id, by=None):
    if close_phase(phase_id, reason="host"):
        return Done("Phase closed.")
    return Done("That phase was already closed.", changed=False)


MAX_DEFAULT_CLOSES = 1000  # a game whose phases never end stops here (the host page says "1,000")


def check_finish_with_defaults(match):
    """Why the rest of `match` cannot be played with the defaults now, or None."""
    if match.status == Match.DRAFT:
        return "The match has not started; start it first."
    if match.is_over:
        return "The match is already over; there is nothing left to play."
    return None


def do_finish_with_defaults(match_id, by=None, limit=MAX_DEFAULT_CLOSES):
    """Close the open phases one after another, each as the host's "Close now" does (a seat
    that has not sent gets the rules' default), until the match is over: one transaction under
    the match lock, so a submission cannot slip in between two closes. A paused match is resumed
    first. After `limit` closes it stops (a game that never ends) and says so."""
    with transaction.atomic():
        match = _lock(match_id)
        problem = check_finish_with_defaults(match)
        if problem:
            raise Refused(problem)
        now = clock.now()
        if match.status == Match.PAUSED:
            _resume(match, now)
        closes = 0
        last = Phase.objects.filter(match=OuterRef("match")).order_by("-sequence").values("sequence")[:1]
        while match.status == Match.RUNNING and closes < limit:
            # the next open phase and the match's last phase number in one query (as close_phase)
            phase = match.phases.filter(status=Phase.OPEN).annotate(last_sequence=Subquery(last)).order_by("sequence").first()
            if phase is None:
                break
            _close(match, phase, "host", now, phase.last_sequence)
            closes += 1
        phases = f"{closes} phase{'' if closes == 1 else 's'}"
        if match.status == Match.FINISHED:
            return Done(f"Played to the end with the rules' defaults ({phases} closed). The result awaits your confirmation.")
        if closes >= limit:
            return Done(f"Stopped after {phases} closed with the defaults: the match has not ended. "
                        "It is still running; look at its phases before going on.")
        return Done(f"{phases.capitalize()} closed with the defaults, but no phase is open and the match has not ended.",
                    changed=closes > 0)


def do_cancel(match_id, by=None):
    with transaction.atomic():
        match = _lock(match_id)
        if match.is_over:
            return Done("The match is already over.", changed=False)
        now = clock.now()
        match.phases.filter(status=Phase.OPEN).update(status=Phase.CANCELLED, closed_at=now, close_reason="cancelled")
        match.status, match.finished_at = Match.CANCELLED, now
        _public(match, "host.cancelled", "The host cancelled the match.", now)
        match.save()
        return Done("Cancelled.")
