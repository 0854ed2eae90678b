"""A host's answers to absences and missed deadlines: excusing one miss (from the desk), and
extending a phase's deadline for a player's absence (from the match page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games.values import as_int

from matches.core.access import access_match_as_host, access_season_as_host
from matches.core.extensions import do_extend_for_absence
from matches.core.records import Refused
from matches.models import Phase
from matches.seasons import attendance


@login_required
@require_POST
def excuse(request, slug, miss_id):
    season = access_season_as_host(request.user, slug)
    try:
        done = attendance.do_excuse(season, miss_id, by=request.user)
    except Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, done.message)
    return redirect("host_season", slug)


@login_required
@require_POST
def extend_for_absence(request, match_id, phase_id):
    match = access_match_as_host(request.user, match_id)
    if not Phase.objects.filter(pk=phase_id, match=match).exists():
        messages.error(request, "This match has no such phase; nothing changed.")
        return redirect("match_host", match.pk)
    seat, hours = as_int(request.POST.get("seat")), as_int(request.POST.get("hours"))
    try:
        done = do_extend_for_absence(phase_id, seat, hours, by=request.user)
    except Refused as refusal:
        messages.error(request, f"Not extended. {refusal}")
    else:
        messages.success(request, done.message)
    return redirect("match_host", match.pk)
