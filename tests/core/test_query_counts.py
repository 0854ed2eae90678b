"""The match page and a close cost the same number of queries whatever the number of seats."""

from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.core import lifecycle
from matches.models import SeasonPlayer
from tests.support.base import PASSWORD, BaseTestCase


class QueryCountTestCase(BaseTestCase):
    def match_with(self, seats):
        names = []
        for i in range(seats):
            name = f"p{seats}_{i}"
            user = User.objects.create_user(name, password=PASSWORD)
            self.members[name] = SeasonPlayer.objects.create(season=self.season, user=user, display_name=name)
            names.append(name)
        match = self.make_match(names)
        self.start(match)
        return match, names

    def count(self, fn):
        with CaptureQueriesContext(connection) as ctx:
            fn()
        return len(ctx.captured_queries)

    def test_it_renders_the_match_pages_in_constant_queries(self):
        counts = []
        for seats in (3, 12):
            match, names = self.match_with(seats)
            self.client.login(username=names[0], password=PASSWORD)
            play = self.count(lambda: self.client.get(reverse("match_play", args=[match.pk])))
            public = self.count(lambda: self.client.get(reverse("match_public", args=[match.pk])))
            counts.append((play, public))
        self.assertEqual(counts[0], counts[1])

    def test_it_closes_a_phase_in_constant_queries(self):
        counts = []
        for seats in (3, 12):
            match, _ = self.match_with(seats)
            phase = self.open_phase(match)
            counts.append(self.count(lambda: lifecycle.close_phase(phase.pk, "host")))
        self.assertEqual(counts[0], counts[1])

    def test_it_renders_the_season_page_in_constant_queries(self):
        counts = []
        for seats in (3, 12):
            match, names = self.match_with(seats)
            self.give_garnets("alice", 1)
            for name in names:
                self.give_garnets(name, 2)
            self.client.login(username="hana", password=PASSWORD)  # the host sees the most
            counts.append(self.count(lambda: self.client.get(reverse("season", args=[self.season.slug]))))
        self.assertEqual(counts[0], counts[1])
