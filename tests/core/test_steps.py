"""A finished match, step by step: after each closed phase, the game's picture as the replay
rebuilds it and what that close revealed, for every game; a match still being played shows its
steps to its hosts alone."""

from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import registry
from matches.core import lifecycle
from matches.core.replay import states_after_phases
from matches.models import Phase
from tests.support.base import BaseTestCase

class StepsTestCase(BaseTestCase):
    def played(self, engine, finish=True):
        """A match of `engine`, every phase closed by the host (the rules' defaults) until it ends."""
        match = self.game_match(engine)
        self.start(match)
        for _ in range(400 if finish else 2):
            phase = match.phases.filter(status=Phase.OPEN).order_by("sequence").first()
            if phase is None:
                break
            lifecycle.close_phase(phase.pk, "host")
        match.refresh_from_db()
        return match

    def test_it_steps_through_a_finished_match_of_every_game(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                match = self.played(engine)
                self.assertEqual(match.status, match.FINISHED)
                steps = states_after_phases(match)
                closed = list(match.phases.filter(status=Phase.CLOSED).order_by("closed_step"))
                self.assertEqual([p.pk for p, _ in steps], [p.pk for p in closed])
                self.assertEqual(steps[-1][1], match.state)  # the replay ends where the match did
                spectator = Client()
                first = spectator.get(reverse("match_steps", args=[match.pk]))
                self.assertContains(first, f"step 1 of {len(steps)}")
                self.assertContains(first, f"After {escape(closed[0].title)}")
                self.assertContains(first, "Next →")
                self.assertNotContains(first, "← Previous")
                last = spectator.get(reverse("match_step", args=[match.pk, len(steps)]))
                self.assertContains(last, f"After {escape(closed[-1].title)}")
                self.assertContains(last, "← Previous")
                self.assertNotContains(last, "Next →")
                for number in range(2, len(steps)):
                    self.assertEqual(spectator.get(reverse("match_step", args=[match.pk, number])).status_code, 200)
                self.assertEqual(spectator.get(reverse("match_step", args=[match.pk, len(steps) + 1])).status_code, 404)
                self.assertContains(spectator.get(reverse("match_public", args=[match.pk])), "Step through the match")

    def test_a_running_match_s_steps_are_its_hosts_alone(self):
        match = self.played(registry.get("fixture"), finish=False)
        self.assertEqual(match.status, match.RUNNING)
        url = reverse("match_step", args=[match.pk, 1])
        for name in (None, "alice", "dave", "eve"):
            client = Client()
            if name:
                client.force_login(self.users[name])
            self.assertEqual(client.get(url).status_code, 404, name)
        client = Client()
        client.force_login(self.hana)
        self.assertContains(client.get(url), "step 1 of 2")

    def test_a_draft_has_no_steps(self):
        self.client.force_login(self.hana)
        self.assertEqual(self.client.get(reverse("match_steps", args=[self.match.pk])).status_code, 404)
