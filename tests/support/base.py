"""One base test case with named people, healthchecks style.

Hana hosts the season. Alice, Bob and Carol sit at seats 0, 1 and 2 of a Unique Bid match
(the fixture game). Dave is in the season but not in the match; Eve is a stranger. Frank, Grace,
Heidi, Ivan and Judy are more season members, so that an eight-player game can be seated."""

from django.contrib.auth.models import User
from django.test import TestCase, TransactionTestCase

from games.engine_api import GARNET
from matches.core import lifecycle
from matches.models import LedgerEntry, Match, MatchPlayer, Phase, Season, SeasonPlayer

PASSWORD = "correct horse battery"
# The named people in seat order, for a match of any game with its fewest seats (Pokemon Snap: 8).
PEOPLE = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan", "judy")


class PeopleMixin:
    game = "fixture"
    settings = {"rounds": 3, "round_seconds": 60, "close_early": True}
    seats = ("alice", "bob", "carol")

    def make_people(self):
        self.hana = User.objects.create_user("hana", password=PASSWORD, is_staff=True)
        self.season = Season.objects.create(name="Season One", slug="season-one")
        self.season.hosts.add(self.hana)
        self.users, self.members = {}, {}
        for name in ("alice", "bob", "carol", "dave", "eve", "frank", "grace", "heidi", "ivan", "judy"):
            self.users[name] = User.objects.create_user(name, password=PASSWORD)
            setattr(self, name, self.users[name])
            if name != "eve":
                self.members[name] = SeasonPlayer.objects.create(
                    season=self.season, user=self.users[name], display_name=name.title()
                )
        self.match = self.make_match(self.seats)

    def make_match(self, names, **extra):
        match = Match.objects.create(
            season=self.season,
            game=self.game,
            title="Test match",
            settings=extra.pop("settings", self.settings),
            seed=extra.pop("seed", 12345),
            **extra,
        )
        for seat, name in enumerate(names):
            MatchPlayer.objects.create(match=match, season_player=self.members[name], seat=seat)
        return match

    def game_match(self, engine):
        """A draft of `engine` with its fewest seats, each with the role the engine gives by default."""
        self.game = engine.slug
        names = PEOPLE[: engine.min_seats]
        match = self.make_match(names, settings={})
        for seat, role in zip(match.seats.order_by("seat"), engine.default_roles(len(names))):
            seat.role = role
            seat.save()
        return match

    def seat(self, name, match=None):
        return (match or self.match).seats.get(season_player__user__username=name)

    def start(self, match=None):
        match = match or self.match
        lifecycle.do_start(match.pk)
        match.refresh_from_db()
        return match

    def open_phase(self, match=None):
        return (match or self.match).phases.filter(status=Phase.OPEN).order_by("sequence").first()

    def give_garnets(self, name, amount):
        LedgerEntry.objects.create(
            season=self.season, player=self.members[name], kind=GARNET, amount=amount, reason="test grant"
        )


class BaseTestCase(PeopleMixin, TestCase):
    def setUp(self):
        super().setUp()
        self.make_people()


class BaseTransactionTestCase(PeopleMixin, TransactionTestCase):
    def setUp(self):
        super().setUp()
        self.make_people()
