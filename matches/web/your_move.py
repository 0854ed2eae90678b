""""Your move" on every page: a logged-in player's running matches, what waits on them and by
when, one tap from their play page. Built lazily, so a page that does not show it costs nothing."""

from django.utils.functional import SimpleLazyObject

from matches.core.access import uses_console
from matches.models import Match, MatchPlayer, Phase, Submission


def my_matches(user):
    """The user's seats in running and paused matches, each with `waiting`: the open phases that
    wait on that seat and have nothing from it yet, soonest first."""
    seats = list(MatchPlayer.objects.filter(season_player__user=user, match__status__in=(Match.RUNNING, Match.PAUSED))
                 .select_related("match").order_by("match__started_at"))
    phases = list(Phase.objects.filter(match__in=[s.match_id for s in seats], status=Phase.OPEN).order_by("deadline"))
    sent = set(Submission.objects.filter(player__in=seats, phase__in=phases).values_list("phase_id", "player_id"))
    for seat in seats:
        seat.waiting = [p for p in phases if p.match_id == seat.match_id and seat.seat in p.waits_on
                        and (p.pk, seat.pk) not in sent]
    return sorted(seats, key=lambda s: (not s.waiting, s.waiting[0].deadline if s.waiting else 0, s.match_id))


def your_move(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"my_matches": SimpleLazyObject(lambda: my_matches(user)),
            "is_a_host": SimpleLazyObject(lambda: uses_console(user))}
