"""The demo season runs a shipped saved game (issue 34, point 7): its host-run match is The
Auction House, running, with the shipped round templates ready on the host's page, and the three
shipped games are on the demo desk to start again."""

from django.test import Client, TestCase
from django.urls import reverse

from games.host_run.presets import presets
from matches.hosting.demo import HOST, seed_demo
from matches.models import Match
from django.contrib.auth.models import User


class DemoSavedGameTestCase(TestCase):
    def test_it_runs_the_auction_house_with_its_templates(self):
        with self.captureOnCommitCallbacks(execute=True):
            seed_demo()
        match = Match.objects.get(season__slug="demo", game="host_run")
        self.assertEqual((match.title, match.status), ("Demo: The Auction House", Match.RUNNING))
        shipped = presets()["auction_house"]["settings"]
        self.assertEqual(match.state["templates"], shipped["templates"])
        self.assertEqual(match.state["values"][0], [20, 0])  # Coins and Lots, as its counters say
        host = Client()
        host.force_login(User.objects.get(username=HOST))
        page = host.get(reverse("match_host", args=[match.pk])).content.decode()
        for template in shipped["templates"]:
            self.assertIn(f"Open a round from the template {template['name']}", page)
        desk = host.get(reverse("host_season", args=["demo"])).content.decode()
        for name in ("The Auction House", "The Council", "Trust and Betrayal"):
            self.assertIn(name, desk)
