"""Host pages outside the admin: the all-seeing match page, the JSON export, and the Death Match
created from the season page."""

import csv
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.engine_api import Viewer
from games.values import as_int

from matches.seasons import death_matches
from matches.seasons import forced_gifts
from matches.core.access import access_match_as_host, access_season_as_host
from matches.core.lifecycle import Refused
from matches.seasons.export import LEDGER_COLUMNS, export_match, export_season, ledger_rows
from matches.core.presenters import match_picture
from matches.hosting.seat_desk import seats_part


@login_required
def match_host(request, match_id):
    match = access_match_as_host(request.user, match_id)
    picture = match_picture(match, Viewer.host())
    picture.update(seats_part(match, request.user, request.build_absolute_uri("/")[:-1], picture["seats"]))
    return render(request, "matches/match_host.html", picture)


@login_required
def match_export(request, match_id):
    match = access_match_as_host(request.user, match_id)
    return _download(
        json.dumps(export_match(match), indent=2, sort_keys=True, default=str),
        "application/json",
        f"match-{match.pk}.json",
    )


@login_required
@require_POST
def create_death_match(request, slug):
    season = access_season_as_host(request.user, slug)
    try:
        done, match = death_matches.do_create_death_match(
            season,
            as_int(request.POST.get("candidate")),
            as_int(request.POST.get("opponent")),
            request.POST.get("game", ""),
        )
    except Refused as refusal:
        messages.error(request, f"Not created. {refusal}")
        return redirect("season", slug)
    messages.success(request, done.message)
    return redirect("match_host", match.pk)  # its start check and Start, as for any draft


@login_required
def season_export(request, slug):
    season = access_season_as_host(request.user, slug)
    return _download(
        json.dumps(export_season(season), indent=2, sort_keys=True, default=str),
        "application/json",
        f"season-{season.slug}.json",
    )


@login_required
def season_ledger_csv(request, slug):
    """The ledger as CSV for a host's spreadsheet. Cells that a spreadsheet would run as a formula
    (a reason starting with "=", say) are written as text."""
    season = access_season_as_host(request.user, slug)
    response = _download("", "text/csv; charset=utf-8", f"ledger-{season.slug}.csv")
    writer = csv.writer(response)
    writer.writerow(LEDGER_COLUMNS)
    for row in ledger_rows(season):
        writer.writerow([_safe_cell(cell) for cell in row])
    return response


def _safe_cell(cell):
    return "'" + cell if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


@login_required
@require_POST
def forced_fallback(request, slug, prompt_id):
    season = access_season_as_host(request.user, slug)
    try:
        done = forced_gifts.do_fallback(prompt_id, season, by=request.user)
    except Refused as refusal:
        messages.error(request, f"Not done. {refusal}")
    else:
        messages.success(request, done.message)
    return redirect("season", slug)


def _download(body, content_type, filename):
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
