"""Pages anyone may read: seasons, spectator pages, rules."""

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render

from games import registry
from games.engine_api import Viewer

from matches.hosting import invitations
from matches.core.access import access_match_public, access_match_status, access_match_steps, is_host, seat_of
from matches.core.steps import step_picture
from matches.models import Match, Season
from matches.core.presenters import match_picture
from matches.core.substitutes import handed_history
from matches.seasons.season_page import season_picture


def home(request):
    seasons = Season.objects.prefetch_related("matches")
    return render(
        request,
        "matches/home.html",
        {"seasons": seasons, "games": registry.all_engines(), "invitations": invitations.pending_for(request.user)},
    )


def season(request, slug):
    season = get_object_or_404(Season, slug=slug)
    return render(request, "matches/season.html", season_picture(season, request.user))


def match_public(request, match_id):
    match = access_match_public(request.user, match_id)
    if match.status == Match.DRAFT:  # its hosts only
        return render(request, "matches/starts_soon.html", {"match": match})
    picture = match_picture(match, Viewer.spectator())
    picture["my_seat"] = seat_of(request.user, match.pk) if request.user.is_authenticated else None
    return render(request, "matches/match_public.html", picture)


def match_steps(request, match_id, number=0):
    """A finished match from its start, one closed phase or host action at a time (a running one:
    its hosts only)."""
    match = access_match_steps(request.user, match_id)
    viewer = Viewer.host() if is_host(request.user, match.season) else Viewer.spectator()
    own = seat_of(request.user, match.pk) if request.user.is_authenticated and not viewer.is_host else None
    picture = step_picture(match, viewer, number, own.seat if own else None)
    if picture is None:
        raise Http404("No such step.")
    picture["handed_seats"] = handed_history(match)
    return render(request, "matches/match_steps.html", picture)


def match_status(request, match_id):
    """What a "starts soon" page asks now and then, to turn live when the match starts."""
    match = access_match_status(request.user, match_id)
    return JsonResponse({"status": match.status})


def games(request):
    return render(request, "matches/games.html", {"games": registry.all_engines()})


def rules(request, slug):
    try:
        game = registry.get(slug)
    except registry.UnknownGame:
        raise Http404("No such game.") from None
    return render(request, "matches/rules.html", {"game": game, "rules_template": f"{slug}/rules.html"})
