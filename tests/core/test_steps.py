"""A finished match, step by step: after each closed phase, the game's picture as the replay
rebuilds it and what that close revealed, for every game; a match still being played shows its
steps to its hosts alone.

What a step page costs anyone who asks, counted in replays (the engine's setup, which each
replay calls once, and its resolve, once per closed phase): a step past the end costs none, and a
finished match is replayed once for all its step pages, as its public page costs none."""

from contextlib import contextmanager
from unittest import mock

from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import registry
from matches.core import lifecycle
from matches.core.replay import states_after_phases
from matches.models import Phase
from tests.support.base import BaseTestCase
from tests.support.host_bot import host_acts


@contextmanager
def counted(engine, *names):
    """{name: how many times the engine's method `name` ran} while inside."""
    calls = {name: 0 for name in names}

    def counting(name, real):
        def method(self, *args, **kwargs):
            calls[name] += 1
            return real(self, *args, **kwargs)

        return method

    with mock.patch.multiple(type(engine), **{name: counting(name, getattr(type(engine), name)) for name in names}):
        yield calls


def step_title(item):
    """How a step page names a closed phase (its title) or a host action ("Host: " and what it did)."""
    return escape(item.title) if isinstance(item, Phase) else "Host: "


class StepsTestCase(BaseTestCase):
    def played(self, engine, finish=True):
        """A match of `engine`, every phase closed by the host (the rules' defaults) until it ends."""
        match = self.game_match(engine)
        self.start(match)
        for _ in range(400 if finish else 2):
            phase = match.phases.filter(status=Phase.OPEN).order_by("sequence").first()
            if phase is None:
                if host_acts(match):  # a game that waits on its host (a host-run game's rounds)
                    continue
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
                by_host = list(match.actions.filter(player=None))  # a host-run game's host actions are steps too
                closed = [
                    item
                    for _, item in sorted(
                        [(p.closed_step, p) for p in closed] + [(a.step, a) for a in by_host], key=lambda pair: pair[0]
                    )
                ]
                self.assertEqual([(type(p), p.pk) for p, _ in steps], [(type(p), p.pk) for p in closed])
                self.assertEqual(steps[-1][1], match.state)  # the replay ends where the match did
                spectator = Client()
                start = spectator.get(reverse("match_steps", args=[match.pk]))  # step 0: the start
                self.assertContains(start, f"the start, before step 1 of {len(steps)}")
                self.assertContains(start, f'href="{reverse("match_step", args=[match.pk, 1])}">Next →')
                self.assertNotContains(start, 'rel="prev"')
                first = spectator.get(reverse("match_step", args=[match.pk, 1]))
                self.assertContains(first, f"step 1 of {len(steps)}")
                self.assertContains(first, f"After {step_title(closed[0])}")
                self.assertContains(first, f'href="{reverse("match_step", args=[match.pk, 0])}">← Previous')
                last = spectator.get(reverse("match_step", args=[match.pk, len(steps)]))
                self.assertContains(last, f"After {step_title(closed[-1])}")
                self.assertContains(last, 'rel="prev"')
                self.assertNotContains(last, 'rel="next"')
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


class StepCostTestCase(BaseTestCase):
    settings = {"rounds": 20, "round_seconds": 60, "close_early": True}  # and a bonus prompt after most even rounds

    def setUp(self):
        super().setUp()
        self.engine = registry.get("fixture")
        self.start()
        while (phase := self.open_phase()) is not None:
            lifecycle.close_phase(phase.pk, "host")
        self.match.refresh_from_db()
        self.closed = self.match.phases.filter(status=Phase.CLOSED).count()
        self.assertEqual(self.match.status, self.match.FINISHED)
        self.assertGreater(self.closed, 20)

    def step(self, number, client=None):
        return (client or Client()).get(reverse("match_step", args=[self.match.pk, number]))

    def test_it_shows_the_start_as_setup_left_it_with_what_setup_revealed(self):
        page = self.step(0).content.decode()
        self.assertIn("the start, before step 1 of", page)
        self.assertIn("The game at the start", page)
        started = self.match.events.order_by("seq").first()  # setup's own first line
        self.assertIn(started.text, page)
        closed_line = self.match.events.filter(kind="phase.closed").order_by("seq").first()
        revealed = page.split("What this step revealed")[1].split("The game at the start")[0]
        self.assertNotIn(closed_line.text, revealed)  # the first close's lines are step 1's

    def test_it_answers_a_step_past_the_end_without_replaying(self):
        with counted(self.engine, "setup", "resolve") as calls:
            for number in (999999999999999999, self.closed + 1):
                self.assertEqual(self.step(number).status_code, 404, number)
        self.assertEqual(calls, {"setup": 0, "resolve": 0})

    def test_it_replays_a_finished_match_once_for_all_its_step_pages(self):
        with counted(self.engine, "setup", "resolve") as calls:
            self.assertContains(self.step(1), f"step 1 of {self.closed}")
        self.assertEqual(calls, {"setup": 1, "resolve": self.closed})  # one replay
        with counted(self.engine, "setup", "resolve") as calls:
            for number in range(1, self.closed + 1):
                self.assertContains(self.step(number), f"step {number} of {self.closed}")
            self.assertEqual(self.client.get(reverse("match_public", args=[self.match.pk])).status_code, 200)
        self.assertEqual(calls, {"setup": 0, "resolve": 0})

    def test_it_shows_what_a_replay_now_would_show_once_a_name_changed(self):
        self.assertContains(self.step(1), "Alice")
        self.members["alice"].display_name = "Alicia"
        self.members["alice"].save()
        self.assertContains(self.step(1), "Alicia")

    def test_it_replays_a_running_match_for_its_host_as_it_grows(self):
        running = self.make_match(["alice", "bob"])
        self.start(running)
        lifecycle.close_phase(self.open_phase(running).pk, "host")
        host = Client()
        host.force_login(self.hana)
        url = reverse("match_step", args=[running.pk, 1])
        self.assertContains(host.get(url), "step 1 of 1")
        lifecycle.close_phase(self.open_phase(running).pk, "host")
        self.assertContains(host.get(url), "step 1 of 2")
