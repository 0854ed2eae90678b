"""The host's decisions during a match (GameEngine.host_actions / apply_host_action): check, do,
and preview, for any game that offers them.

Who and when: a host of the match's season (access.is_host: its hosts and superusers), while the
match is running or paused. Paused counts because a host often pauses to decide (publish a
result, open a round) before the clock runs again; a phase a host action opens while paused keeps
its whole duration until the resume.

An accepted host action is an input of the match like a seat's action: an Action row with no
player and `by` the host, the step it made, the balances the engine saw and the resulting state's
hash, so replay runs it again with the same rng (derive_rng(seed, "host-action:<step>")). Its log
starts with a host-only line naming it ("The host: Grant points."), which also marks where its
events begin for the step pages."""

from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction

from games.engine_api import Context, Invalid, Viewer, derive_rng

from matches import clock
from matches.core.access import is_host
from matches.core.lifecycle import _write_ledger
from matches.core.records import Done, Refused, _apply, _lock, _seats
from matches.core.start_checks import engine_of
from matches.models import Action, Event, Match, Phase, balances_for, state_hash

STATUSES = (Match.RUNNING, Match.PAUSED)
MARKER = "host.action"  # the kind of the host-only line that starts a host action's events


def rng_label(step):
    return f"host-action:{step}"


def available(match):
    """{name: ActionSpec} of what the host may do now ({} when the match is not running or paused)."""
    if match.status not in STATUSES or match.state is None:
        return {}
    return {spec.name: spec for spec in engine_of(match).host_actions(match.state)}


def check_host_action(match, user, name):
    """The ActionSpec of host action `name` if `user` may take it on `match` now; else Refused.
    `user` None is the platform's own bot host (playtests): code only, no page passes None."""
    if user is not None and not is_host(user, match.season):
        raise Refused("Only a host of this match's season may do that.")
    if match.status not in STATUSES:
        raise Refused("Host actions are only possible while the match is running or paused; nothing changed.")
    spec = available(match).get(name)
    if spec is None:
        raise Refused("That host action is not available now; nothing changed.")
    return spec


def _context(match, seats):
    members = {s.season_player_id for s in seats}
    balances = balances_for(match.season, members)
    return Context({s.seat: balances.get(s.season_player_id, {}) for s in seats})


def _run(match, name, data, ctx, step):
    """The engine's answer, or Refused with its message (nothing is written before this)."""
    if not isinstance(data, dict):
        raise Refused("A host action's data is a set of fields; nothing changed.")
    result = engine_of(match).apply_host_action(match.state, name, data, ctx, derive_rng(match.seed, rng_label(step)))
    if isinstance(result, Invalid):
        raise Refused(result.message)
    for delta in result.ledger:
        if delta.seat is not None and ctx.balance(delta.seat, delta.kind) + delta.amount < 0:
            raise Refused(
                f"Seat {delta.seat + 1} has not enough {delta.kind.replace('_', ' ')} for that; nothing changed."
            )
    return result


def _marker(spec, name, step):
    return Event(
        kind=MARKER, text=f"The host: {spec.title}.", visibility=Event.HOST, data={"action": name, "step": step}
    )


def do_host_action(match_id, user, name, data):
    """Take host action `name` with `data` (the action form's cleaned payload) under the match
    lock, as lifecycle.do_action does for a seat. Returns Done; raises Refused, changing nothing."""
    with transaction.atomic():
        match = _lock(match_id)
        spec = check_host_action(match, user, name)
        seats = _seats(match)
        # the members' rows locked, as do_action does, so a ledger change cannot race a purchase
        members = {s.season_player_id for s in seats}
        list(match.season.players.select_for_update().filter(pk__in=members).values_list("pk"))
        ctx = _context(match, seats)
        step = match.step + 1
        result = _run(match, name, data, ctx, step)
        now = clock.now()
        _write_ledger(match, seats, result.ledger, ctx)
        match.step = step
        Action.objects.create(
            match=match,
            player=None,
            by=user,
            name=name,
            payload=data,
            context={str(k): v for k, v in ctx.balances.items()},
            step=step,
            state_hash=state_hash(result.state),
            created_at=now,
        )
        paused = match.status == Match.PAUSED
        _apply(match, result, now, before=[_marker(spec, name, step)])
        if paused and result.open:
            _hold_new_phases(match, now)
        return Done(f"Done: {spec.title}.")


def _hold_new_phases(match, now):
    """Phases opened while the match is paused keep their whole duration until the resume."""
    for phase in match.phases.filter(status=Phase.OPEN, opened_at=now, remaining__isnull=True):
        phase.remaining = max(phase.deadline - now, timedelta(0))
        phase.save(update_fields=["remaining"])


@dataclass
class Reader:
    who: str  # "The host", "Seat 2 (Bea)", "Spectators"
    lines: list[str] = field(default_factory=list)


@dataclass
class Preview:
    readers: list[Reader]
    ledger: list[str]
    finishes: bool


def preview_host_action(match, user, name, data):
    """What host action `name` with `data` would do, saving nothing: the lines each kind of
    viewer would read (the host, each seat, spectators), the season ledger changes, and whether
    it ends the match. Raises Refused as do_host_action would."""
    spec = check_host_action(match, user, name)
    seats = _seats(match)
    step = match.step + 1
    result = _run(match, name, data, _context(match, seats), step)
    opened = [p.title for p in result.open]
    viewers = (
        [("The host", Viewer.host())]
        + [(f"Seat {s.seat + 1} ({s.season_player.display_name})", Viewer.for_seat(s.seat)) for s in seats]
        + [("Spectators", Viewer.spectator())]
    )
    readers = []
    for who, viewer in viewers:
        lines = [f"The host: {spec.title}."] if viewer.is_host else []
        lines += [e.text_for(viewer) for e in result.events if e.visible_to(viewer)]
        if opened:
            lines.append(f"Open now: {', '.join(opened)}.")
        readers.append(Reader(who, lines))
    names = {s.seat: s.season_player.display_name for s in seats}
    ledger = [
        f"{names.get(d.seat, 'the communal pool') if d.seat is not None else 'the communal pool'}: "
        f"{d.amount:+d} {d.kind.replace('_', ' ')} ({d.reason})"
        for d in result.ledger
    ]
    return Preview(readers, ledger, result.finished)
