""""Your move" on every page: a logged-in player's running matches, what waits on them and by
when, one tap from their play page. Built lazily, so a page that does not show it costs nothing;
and in two queries at most with the header's "Host console" link, which rides on the first."""

from django.db.models import Exists, OuterRef
from django.utils.functional import SimpleLazyObject

from matches.core.access import hosts_any_season, may_create_season
from matches.models import Match, MatchPlayer, Phase, Season, Submission


def _running_seats(user, with_hosting=False):
    seats = (MatchPlayer.objects.filter(season_player__user=user, match__status__in=(Match.RUNNING, Match.PAUSED))
             .select_related("match").order_by("match__started_at"))
    if with_hosting:  # the same answer on every row: whether the user hosts any season
        seats = seats.annotate(hosts_a_season=Exists(Season.objects.filter(hosts=user)))
    return list(seats)


def my_matches(user, seats=None):
    """The user's seats in running and paused matches, each with `waiting`: the open phases that
    wait on that seat and have nothing from it yet, soonest first."""
    seats = _running_seats(user) if seats is None else seats
    ids = [s.pk for s in seats]
    phases = list(Phase.objects.filter(match__in=[s.match_id for s in seats], status=Phase.OPEN)
                  .annotate(sent=Exists(Submission.objects.filter(phase=OuterRef("pk"), player__in=ids)))
                  .order_by("deadline"))
    for seat in seats:
        seat.waiting = [p for p in phases if p.match_id == seat.match_id and seat.seat in p.waits_on and not p.sent]
    return sorted(seats, key=lambda s: (not s.waiting, s.waiting[0].deadline if s.waiting else 0, s.match_id))


class _Bar:
    """The bar and the host link of one request, from one read of the user's running seats."""

    def __init__(self, user):
        self.user, self._seats = user, None

    def seats(self):
        if self._seats is None:
            self._seats = _running_seats(self.user, with_hosting=not self.user.is_superuser)
        return self._seats

    def is_a_host(self):
        """Whether the console is theirs (core.access.uses_console), its first half read with the seats."""
        if self.user.is_superuser:
            return True
        seats = self.seats()
        return (seats[0].hosts_a_season if seats else hosts_any_season(self.user)) or may_create_season(self.user)

    def my_matches(self):
        return my_matches(self.user, self.seats())


def your_move(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    bar = _Bar(user)
    return {"my_matches": SimpleLazyObject(bar.my_matches), "is_a_host": SimpleLazyObject(bar.is_a_host)}
