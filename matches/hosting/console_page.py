"""What a host's console shows: for each season they host, every match with what it waits on
(who has not sent, who is late), drafts with their start check, results to confirm."""

import logging
from datetime import timedelta

from matches import clock
from matches.core.access import hosted_seasons, may_create_season
from matches.hosting.host_forms import NewSeasonForm
from matches.models import Match, Phase, Submission
from matches.core.start_checks import check_start

log = logging.getLogger(__name__)
LATE = timedelta(hours=1)  # a seat that has not sent with less than this left is shown as late...
LATE_PART = 4  # ...or, in a shorter phase, with less than a quarter of it left


def match_rows(matches):
    """Each match with `open_phases`, each phase with `waiting` and `late` names, and `next_step`:
    the host's next action in words."""
    matches = list(matches)
    phases = list(Phase.objects.filter(match__in=matches, status=Phase.OPEN).order_by("sequence"))
    sent = set(
        Submission.objects.filter(phase__in=phases, source=Submission.PLAYER).values_list("phase_id", "player__seat")
    )
    names = {}
    for match in matches:
        names[match.pk] = {s.seat: s.season_player.display_name for s in match.seats.all()}
    now = clock.now()
    for match in matches:
        match.open_phases = [p for p in phases if p.match_id == match.pk]
        for phase in match.open_phases:
            missing = [names[match.pk].get(s, "?") for s in phase.waits_on if (phase.pk, s) not in sent]
            phase.waiting = missing
            late = min(LATE, (phase.deadline - phase.opened_at) / LATE_PART)
            phase.late = match.status == Match.RUNNING and phase.deadline - now < late
        match.next_step = _next_step_or_problem(match)
    return matches


def _next_step_or_problem(match):
    """One broken match (say, settings mangled in the admin) must not take the whole list down."""
    try:
        return next_step(match)
    except Exception:  # noqa: BLE001 - any engine error; logged, and the rest of the page stands
        log.exception("could not check match %s for the console", match.pk)
        return "This match cannot be checked: open it and fix its settings."


def next_step(match):
    if match.status == Match.DRAFT:
        return check_start(match) or "Ready to start."
    if match.status == Match.FINISHED and not match.confirmed_at:
        return "Result to confirm."
    if match.status == Match.PAUSED:
        return "Paused: resume when ready."
    return ""


def console_picture(user, new_season_form=None):
    """Each hosted season (the newest first) with its matches, and the new season form for whoever
    may start one."""
    seasons = list(hosted_seasons(user).order_by("-created_at", "-pk"))
    matches = (
        Match.objects.filter(season__in=seasons)
        .exclude(status=Match.CANCELLED)
        .prefetch_related("seats__season_player")
        .order_by("-created_at")
    )
    rows = match_rows(matches)
    for season in seasons:
        season.console_matches = [m for m in rows if m.season_id == season.pk]
    form = (new_season_form or NewSeasonForm()) if may_create_season(user) else None
    return {"seasons": seasons, "new_season_form": form}
