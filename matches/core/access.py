"""Who may see and do what. Views, sockets and the admin call these; nothing else decides access.

A host is a user listed among a season's hosts; a superuser hosts every season. Everything a host
reaches (pages, admin lists, choice lists, filters, actions) is confined to the seasons they host,
and what they may not reach answers exactly as what does not exist (404), so ids tell nothing."""

from django.db.models import F, Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from games.engine_api import Viewer

from matches.models import LedgerEntry, Match, MatchPlayer, Phase, SavedGame, Season, SeasonPlayer


def hosted_seasons(user):
    if not user.is_authenticated:
        return Season.objects.none()
    if user.is_superuser:
        return Season.objects.all()
    return Season.objects.filter(hosts=user)


def hosts_any_season(user):
    return user.is_authenticated and (user.is_superuser or hosted_seasons(user).exists())


def may_create_season(user):
    """Superusers, and staff given Django's `matches.add_season` permission, start new seasons
    from the console (and host what they start)."""
    if not (user.is_authenticated and user.is_active):
        return False
    return user.is_superuser or (user.is_staff and user.has_perm("matches.add_season"))


def uses_console(user):
    """Whether the host console is theirs: they host a season, or may start one."""
    return hosts_any_season(user) or may_create_season(user)


def access_season_creation(user):
    """Nothing for whoever may start a season; otherwise 404, as the other host pages answer."""
    if not may_create_season(user):
        raise Http404("No such page.")


def access_season_as_host(user, slug):
    """The season if `user` hosts it; otherwise 404, as for a season that does not exist."""
    season = hosted_seasons(user).filter(slug=slug).first()
    if season is None:
        raise Http404("No season of yours has that name.")
    return season


def access_saved_game(user, slug, saved_id):
    """(season, saved game) if `user` hosts the season and the game is the season's or the site's;
    otherwise 404, so a host of another season cannot tell that one exists."""
    season = access_season_as_host(user, slug)
    saved = SavedGame.objects.filter(Q(season=season) | Q(season__isnull=True), pk=saved_id).first()
    if saved is None:
        raise Http404("No saved game of this season has that number.")
    return season, saved


def sees_every_record(user, season):
    """Whether `user` may read every player's record of missed deadlines in `season` (a player
    always reads their own): its hosts, and everyone where the season makes records public."""
    return season.records_public or is_host(user, season)


def is_host(user, season):
    if not user.is_authenticated:
        return False
    return user.is_superuser or season.hosts.filter(pk=user.pk).exists()


def access_match_as_host(user, match_id):
    """The match if `user` hosts its season; otherwise 404, the same answer as for a match that
    does not exist (a 403 would tell a stranger which ids are drafts)."""
    match = Match.objects.select_related("season").filter(pk=match_id, season__in=hosted_seasons(user)).first()
    if match is None:
        raise Http404("No match of yours has that number.")
    return match


def access_match_public(user, match_id):
    """A match anyone may read of; a draft only for its hosts (its title may name a Death Match's
    players before the host announces them), else 404 as for a match that does not exist."""
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    if match.status == Match.DRAFT and not is_host(user, match.season):
        raise Http404("No such match.")
    return match


def access_match_steps(user, match_id):
    """A match whose step-through the user may read: a finished one, anyone; one still being
    played (or cancelled), only its hosts; else 404, as for a match that does not exist."""
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    if match.state is None or (match.status != Match.FINISHED and not is_host(user, match.season)):
        raise Http404("No such match.")
    return match


def access_match_status(user, match_id):
    """A match whose status the user may poll: any but a draft, which only its hosts and its
    seated players may (a seated player's "starts soon" page turns live by it)."""
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    if match.status == Match.DRAFT and not (
        is_host(user, match.season) or (user.is_authenticated and seat_of(user, match_id))
    ):
        raise Http404("No such match.")
    return match


def access_seat(user, match_id, related=("match__season", "season_player")):
    """The user's own seat in the match, or 404 (a stranger learns nothing, not even that the
    match has seats). Callers require a logged-in user first; a move asks for its match only
    (`related`), the cheapest lookup of the hottest path."""
    return get_object_or_404(
        MatchPlayer.objects.select_related(*related),
        match_id=match_id,
        season_player__user=user,
    )


_PHASE_FIELDS = (
    "id",
    "match_id",
    "sequence",
    "key",
    "title",
    "status",
    "waits_on",
    "close_early",
    "submitters_public",
    "deadline",
)


def seat_and_phase(user, match_id, phase_id):
    """The user's own seat in the match (with its match) and the match's phase `phase_id`, read
    together for a move (one query, not two), or None if either is missing: the caller then
    asks access_seat, whose 404 a stranger gets whether or not the phase exists."""
    player = (
        MatchPlayer.objects.select_related("match")
        .filter(match_id=match_id, season_player__user=user, match__phases__pk=phase_id)
        .annotate(**{f"phase_{name}": F(f"match__phases__{name}") for name in _PHASE_FIELDS})
        .first()
    )
    if player is None:
        return None
    return player, Phase(**{name: getattr(player, f"phase_{name}") for name in _PHASE_FIELDS})


def seat_of(user, match_id):
    """The user's own seat in the match, or None."""
    return (
        MatchPlayer.objects.select_related("match__season", "season_player")
        .filter(match_id=match_id, season_player__user=user)
        .first()
    )


def access_member(user, slug):
    """The user's own membership of the season, or 404."""
    return get_object_or_404(SeasonPlayer.objects.select_related("season"), season__slug=slug, user=user)


def membership(user, season):
    if not user.is_authenticated:
        return None
    return SeasonPlayer.objects.filter(season=season, user=user).first()


# Rows of each model a host may pick in a form or filter: those of the seasons they host.
_SEASON_PATHS = {
    Season: "pk",
    SeasonPlayer: "season",
    Match: "season",
    LedgerEntry: "season",
    MatchPlayer: "match__season",
    Phase: "match__season",
}


def hosted_rows(user, model):
    """The rows of `model` that `user` may see as a host, or None for a model not scoped by
    season (the caller must then not offer it)."""
    path = _SEASON_PATHS.get(model)
    if path is None:
        return None
    rows = model._default_manager.all()
    if user.is_superuser:
        return rows
    return rows.filter(**{f"{path}__in": hosted_seasons(user)})


def spectator():
    return Viewer.spectator()
