"""A host's extension of a phase's deadline for a player's absence, where the match's setting
says an absence may be answered so (`Match.HOST_EXTENSION`). Capped so that one player cannot
stall a match for all: at most `Season.extension_hours` added to one phase, and
`Season.extensions_per_player` extensions for each player in a season. A deadline moved so is
not a missed one: nothing closes at the old time."""

from datetime import timedelta

from django.db import transaction

from matches import clock
from matches.core import events
from matches.core.records import Done, Refused, _lock, _public, _record_events
from matches.models import Absence, Event, Extension, Match, Phase, SeasonPlayer


def check_extension(match, phase, player, hours, now):
    """Why `player`'s absence cannot extend `phase` by `hours` now, or None."""
    season = match.season
    if match.absence_rule != Match.HOST_EXTENSION:
        return "This match's setting does not answer an absence with an extension."
    if phase.status != Phase.OPEN or match.status not in (Match.RUNNING, Match.PAUSED):
        return "That phase is not open."
    if player is None or player.seat not in phase.waits_on:
        return "That phase is not waiting on that player."
    if type(hours) is not int or hours < 1:
        return "Extend by a whole number of hours, at least 1."
    # the cap first, before any date arithmetic: a huge figure is no date
    used = sum((e.added for e in phase.extensions.all()), timedelta(0))
    left = timedelta(hours=season.extension_hours) - used
    if hours > season.extension_hours or timedelta(hours=hours) > left:
        return (
            f"A phase may be extended by at most {season.extension_hours} h for absences; this one has "
            f"{int(left.total_seconds() // 3600)} h left."
        )
    deadline = now + phase.remaining if match.status == Match.PAUSED else phase.deadline
    new_deadline = deadline + timedelta(hours=hours)
    if not Absence.objects.filter(
        player_id=player.season_player_id, starts_at__lt=new_deadline, ends_at__gt=now
    ).exists():
        return f"{player.season_player.display_name} has marked no absence between now and the new deadline."
    # counted with the player's row locked: two matches' extensions at once cannot both pass
    SeasonPlayer.objects.select_for_update().filter(pk=player.season_player_id).first()
    granted = Extension.objects.filter(season=season, player_id=player.season_player_id).count()
    if granted >= season.extensions_per_player:
        return (
            f"{player.season_player.display_name} has had the season's {season.extensions_per_player} "
            "extensions already."
        )
    return None


def do_extend_for_absence(phase_id, seat, hours, by=None):
    match_id = Phase.objects.filter(pk=phase_id).values_list("match_id", flat=True).first()
    if match_id is None:
        raise Refused("There is no such phase.")
    with transaction.atomic():
        match = _lock(match_id)
        phase = Phase.objects.get(pk=phase_id)
        player = match.seats.select_related("season_player").filter(seat=seat).first()
        now = clock.now()
        problem = check_extension(match, phase, player, hours, now)
        if problem:
            raise Refused(problem)
        added = timedelta(hours=hours)
        if match.status == Match.PAUSED:
            phase.remaining += added
        else:
            phase.deadline += added
            events.publish(events.PhaseScheduled(phase.pk, phase.deadline))
        phase.save(update_fields=["deadline", "remaining"])
        Extension.objects.create(
            season=match.season,
            match=match,
            phase=phase,
            player=player.season_player,
            added=added,
            granted_by=by,
            created_at=now,
        )
        name = player.season_player.display_name
        _public(
            match,
            "host.extended",
            f"The host extended {phase.title} by {hours} h for an absence.",
            now,
            phase=phase.key,
            hours=hours,
        )
        _record_events(
            match,
            [
                Event(
                    kind="host.extension",
                    visibility=Event.HOST,
                    data={"seat": seat},
                    text=f"That extension was for {name}'s absence.",
                )
            ],
            now,
        )
        match.save()
        return Done(f"{phase.title} extended by {hours} h for {name}'s absence.")
