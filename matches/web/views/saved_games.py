"""Saved games: save from a match's host page, export as a file, import from one. Starting from
one is the new-match page (console.new_match, "?saved=<id>"). The work is matches.hosting.saved_games."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.text import slugify
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST

from matches.core.access import access_match_as_host, access_saved_game, access_season_as_host
from matches.core.lifecycle import Refused
from matches.hosting import saved_games
from matches.web.uploads import OneSmallFile


@login_required
@require_POST
def save_game(request, match_id):
    match = access_match_as_host(request.user, match_id)
    try:
        done, _ = saved_games.do_save_game(
            match, request.POST.get("name", ""), bool(request.POST.get("site_wide")), by=request.user
        )
    except Refused as refusal:
        messages.error(request, f"Not saved. {refusal}")
        return redirect("match_host", match.pk)
    messages.success(request, done.message)
    return redirect("host_season", match.season.slug)


@login_required
def export_game(request, slug, saved_id):
    _, saved = access_saved_game(request.user, slug, saved_id)
    response = HttpResponse(saved_games.export_text(saved), content_type="application/json; charset=utf-8")
    filename = slugify(saved.name) or f"saved-game-{saved.pk}"
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@csrf_exempt  # only so that the upload handler is set before the body is read: checked just below
@require_POST
def import_game(request, slug):
    request.upload_handlers = [OneSmallFile("file", saved_games.MAX_FILE_BYTES, request)]
    return _import_game(request, slug)


@csrf_protect
@login_required
def _import_game(request, slug):
    season = access_season_as_host(request.user, slug)
    try:
        done, _ = saved_games.do_import(season, request.FILES.get("file"), by=request.user)
    except Refused as refusal:
        messages.error(request, f"Not imported. {refusal}")
    else:
        messages.success(request, done.message)
    return redirect("host_season", season.slug)
