"""Pages anyone may read: seasons, spectator pages, rules."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from games import registry
from games.engine_api import Viewer

from .. import death_matches, history, marks
from ..access import is_host, membership
from ..forms import GiftForm
from ..models import Match, Season, balances_for, communal_pool
from ..presenters import match_picture


def home(request):
    seasons = Season.objects.prefetch_related("matches")
    return render(request, "matches/home.html", {"seasons": seasons, "games": registry.all_engines()})


def season(request, slug):
    season = get_object_or_404(Season, slug=slug)
    players = list(season.players.all())
    balances = balances_for(season, public=True)
    for p in players:
        p.balances = balances.get(p.pk, {})
    players.sort(key=lambda p: (p.status != p.ACTIVE, -p.balances.get("token_of_life", 0), p.display_name))
    mains = marks.main_matches(season)
    season_marks = marks.marks(season, mains)
    for p in players:
        p.marks = season_marks.get(p.pk, [])
        p.live_marks = marks.live_count(p.marks)
    ctx = {"season": season, "players": players, "matches": history.match_summaries(season), "pool": communal_pool(season),
           "marked": [p for p in players if p.marks]}
    host = is_host(request.user, season)
    ctx["show_balances"], ctx["is_host"] = season.balances_public or host, host
    ctx["history"] = history.season_history(season, ctx["show_balances"])
    if host:
        ctx["pairing"] = marks.death_match_pairing(season, mains, season_marks)
        ctx["death_games"] = death_matches.death_games()
    member = membership(request.user, season)
    if member is not None:  # their own true balances, history and gift form
        ctx["me"] = member
        ctx["my_balances"] = balances_for(season, [member.pk]).get(member.pk, {})
        ctx["my_history"] = member.ledger.order_by("-id")[:50]
        ctx["gift_form"] = GiftForm(member) if not season.gifts_frozen and member.status == member.ACTIVE else None
    return render(request, "matches/season.html", ctx)


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
