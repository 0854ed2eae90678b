"""Host pages outside the admin: the all-seeing match page and the JSON export."""

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from games.engine_api import Viewer

from ..access import access_match_as_host
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
