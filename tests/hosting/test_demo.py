"""`make run`'s demo season: a running match of every game with talk at its table, statuses, a
gift and a confirmed match in the season's history; seeding twice changes nothing."""

from django.test import Client, TestCase
from django.urls import reverse

from games import registry
from matches.hosting.demo import seed_demo
from matches.models import Match, Message, Season


class DemoTestCase(TestCase):
    def test_it_seeds_a_season_worth_reading(self):
        with self.captureOnCommitCallbacks(execute=True):
            seed_demo()
        season = Season.objects.get(slug="demo")
        running = Match.objects.filter(season=season, status=Match.RUNNING)
        self.assertEqual(sorted(running.values_list("game", flat=True)), sorted(e.slug for e in registry.all_engines()))
        self.assertTrue(all(Message.objects.filter(conversation__match=m).exists() for m in running))
        finished = Match.objects.get(season=season, status=Match.FINISHED)
        self.assertIsNotNone(finished.confirmed_at)
        page = Client().get(reverse("season", args=["demo"])).content.decode()
        for words in (
            "Demo opening vote",
            "gave",
            "Demo: last week&#x27;s Pokemon Snap: ",
            "ascends to Heaven",
            "won: ",
        ):
            self.assertIn(words, page)
        with self.captureOnCommitCallbacks(execute=True):
            seed_demo()
        self.assertEqual(Match.objects.filter(season=season).count(), running.count() + 1)
