"""A Pokemon Snap match in the test season: Bob and Carol in Heaven photograph, Alice, Dave,
Frank, Grace, Heidi and Ivan in Hell are the Pokemon (seats 2-7), roles read from the season."""

from matches.core import lifecycle
from matches.models import SeasonPlayer

SEATS = ("bob", "carol", "alice", "dave", "frank", "grace", "heidi", "ivan")
LIST = ["2", "3", "4", "5", "6", "7"]


def ranked(exhibit, order):
    return {"exhibit": exhibit, **{f"rank_{i}": str(p) for i, p in enumerate(order, start=1)}}


class SnapPeopleMixin:
    """The people of the test season, Bob and Carol in Heaven, the Pokemon seats in Hell."""

    game = "pokemon_snap"
    settings = {"first_priority": 1, "day1_seconds": 3600, "day_seconds": 3600}
    seats = SEATS

    def make_people(self):
        super().make_people()
        SeasonPlayer.objects.filter(user__username__in=["bob", "carol"]).update(realm="heaven")
        SeasonPlayer.objects.filter(user__username__in=SEATS[2:]).update(realm="hell")


class SnapMatchMixin(SnapPeopleMixin):
    def setUp(self):
        super().setUp()
        self.start()

    def send(self, name, data):
        lifecycle.do_submit(self.open_phase().pk, self.seat(name), data)

    def close_day(self):
        lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()

    def finish(self):
        while self.open_phase():
            self.close_day()


class SnapAscensionMixin(SnapPeopleMixin):
    """The hand-worked match of test_full_match sent through the platform, day by day: Carol
    (seat 1) wins Heaven alone, and Hell's last is tied among seats 4, 6 and 7 (Frank, Heidi,
    Ivan), so her ascension prompt asks for last and the extra player."""

    def play_to_ascension(self):
        from .test_full_match import LISTS, PLANS

        for day in range(1, 6):
            for seat, plan in PLANS[day].items():
                lifecycle.do_submit(self.open_phase().pk, self.seat(SEATS[seat]), plan)
            for seat, (exhibit, order) in LISTS[day].items():
                lifecycle.do_submit(self.open_phase().pk, self.seat(SEATS[seat]), ranked(exhibit, order))
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()
