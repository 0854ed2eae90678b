""" "Your move" on every page: a logged-in player's running matches, what waits on them and by
when, one tap from their play page. Built lazily, so a page that does not show it costs nothing;
and in two queries at most with the header's "Host console" link, which rides on the first. A
player's match page reads the bar's seats with its own (`seat_and_bar`): one query fewer, and
none for the bar when the player has no other running match."""

from django.db.models import Exists, OuterRef, Q
from django.utils.functional import SimpleLazyObject

from matches.core.access import hosts_any_season, may_create_season
from matches.models import Match, MatchPlayer, Phase, Season, Submission


def _running_seats(user, with_hosting=False, also_in=None):
    """The user's seats in running and paused matches, and in match `also_in` whatever its status."""
    running = Q(match__status__in=(Match.RUNNING, Match.PAUSED))
    seats = MatchPlayer.objects.filter(running | Q(match_id=also_in) if also_in else running, season_player__user=user)
    seats = seats.select_related("match").order_by("match__started_at")
    if also_in:  # that seat is the page's player: as access.seat_of reads it
        seats = seats.select_related("match__season", "season_player")
    if with_hosting:  # the same answer on every row: whether the user hosts any season
        seats = seats.annotate(hosts_a_season=Exists(Season.objects.filter(hosts=user)))
    return list(seats)


def seat_and_bar(request, match_id):
    """The user's seat in `match_id` or None (as access.seat_of), read with the seats of their
    other running matches, which this request's bar then shows (the bar on a match page leaves
    out that match: templatetags.your_move.elsewhere)."""
    user = request.user
    seats = _running_seats(user, with_hosting=not user.is_superuser, also_in=match_id)
    mine = next((seat for seat in seats if seat.match_id == match_id), None)
    hosting = seats[0].hosts_a_season if seats and not user.is_superuser else None
    request.your_move_seats = ([s for s in seats if s.match_id != match_id], hosting)
    return mine


def my_matches(user, seats=None):
    """The user's seats in running and paused matches, each with `waiting`: the open phases that
    wait on that seat and have nothing from it yet, soonest first."""
    seats = _running_seats(user) if seats is None else seats
    ids = [s.pk for s in seats]
    phases = list(
        Phase.objects.filter(match__in=[s.match_id for s in seats], status=Phase.OPEN)
        .annotate(sent=Exists(Submission.objects.filter(phase=OuterRef("pk"), player__in=ids)))
        .order_by("deadline")
    )
    for seat in seats:
        seat.waiting = [p for p in phases if p.match_id == seat.match_id and seat.seat in p.waits_on and not p.sent]
    return sorted(seats, key=lambda s: (not s.waiting, s.waiting[0].deadline if s.waiting else 0, s.match_id))


class _Bar:
    """The bar and the host link of one request, from one read of the user's running seats (or
    the seats a match page read already: `seat_and_bar`)."""

    def __init__(self, user, known=(None, None)):
        self.user = user
        self._seats, self._hosting = known

    def seats(self):
        if self._seats is None:
            self._seats = _running_seats(self.user, with_hosting=not self.user.is_superuser)
        return self._seats

    def hosts_a_season(self):
        if self._hosting is None:
            seats = self.seats()
            self._hosting = seats[0].hosts_a_season if seats else hosts_any_season(self.user)
        return self._hosting

    def is_a_host(self):
        """Whether the console is theirs (core.access.uses_console), its first half read with the seats."""
        if self.user.is_superuser:
            return True
        return self.hosts_a_season() or may_create_season(self.user)

    def my_matches(self):
        return my_matches(self.user, self.seats())


def your_move(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    bar = _Bar(user, getattr(request, "your_move_seats", (None, None)))
    return {"my_matches": SimpleLazyObject(bar.my_matches), "is_a_host": SimpleLazyObject(bar.is_a_host)}
