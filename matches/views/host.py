"""Host pages outside the admin: the all-seeing match page, the JSON export, and the Death Match
created from the season page."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.engine_api import Viewer
from games.values import as_int

from .. import death_matches
from ..access import access_match_as_host, access_season_as_host
from ..lifecycle import Refused
from ..export import export_match
from ..presenters import match_picture


@login_required
def match_host(request, match_id):
    match = access_match_as_host(request.user, match_id)
    return render(request, "matches/match_host.html", match_picture(match, Viewer.host()))


@login_required
def match_export(request, match_id):
    match = access_match_as_host(request.user, match_id)
    body = json.dumps(export_match(match), indent=2, sort_keys=True, default=str)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


@login_required
@require_POST
def create_death_match(request, slug):
    season = access_season_as_host(request.user, slug)
    try:
        done, match = death_matches.do_create_death_match(
            season, as_int(request.POST.get("candidate")), as_int(request.POST.get("opponent")),
            request.POST.get("game", ""))
    except Refused as refusal:
        messages.error(request, f"Not created. {refusal}")
        return redirect("season", slug)
    messages.success(request, done.message)
    return redirect("admin:matches_match_change", match.pk)
