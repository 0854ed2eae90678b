"""Who may see and do what. Views call these and nothing else decides access."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from games.engine_api import Viewer

from .models import Match, MatchPlayer, Season


def is_host(user, season):
    if not user.is_authenticated:
        return False
    return user.is_superuser or season.hosts.filter(pk=user.pk).exists()


def access_match_as_host(user, match_id):
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    if not is_host(user, match.season):
        raise PermissionDenied("Only the season's hosts can do that.")
    return match


def access_seat(user, match_id):
    """The user's own seat in the match, or 404 (a stranger learns nothing, not even that the
    match has seats)."""
    if not user.is_authenticated:
        raise PermissionDenied("Log in to play.")
    return get_object_or_404(
        MatchPlayer.objects.select_related("match__season", "season_player"),
        match_id=match_id,
        season_player__user=user,
    )


def hosted_seasons(user):
    if user.is_superuser:
        return Season.objects.all()
    return Season.objects.filter(hosts=user)


def spectator():
    return Viewer.spectator()
