"""Pages anyone may read: seasons, spectator pages, rules."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from games import registry
from games.engine_api import Viewer

from ..models import Match, Season
from ..presenters import match_picture
from ..season_page import season_picture


def home(request):
    seasons = Season.objects.prefetch_related("matches")
    return render(request, "matches/home.html", {"seasons": seasons, "games": registry.all_engines()})


def season(request, slug):
    season = get_object_or_404(Season, slug=slug)
    return render(request, "matches/season.html", season_picture(season, request.user))


def match_public(request, match_id):
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    if match.status == Match.DRAFT:
        raise Http404("This match has not started.")
    return render(request, "matches/match_public.html", match_picture(match, Viewer.spectator()))


def games(request):
    return render(request, "matches/games.html", {"games": registry.all_engines()})


def rules(request, slug):
    try:
        game = registry.get(slug)
    except registry.UnknownGame:
        raise Http404("No such game.") from None
    return render(request, "matches/rules.html", {"game": game, "rules_template": f"{slug}/rules.html"})
