import json
from io import StringIO

from django.core.management import call_command
from django.core.management.base import CommandError

from matches.core import lifecycle
from matches.models import Submission
from tests.support.base import BaseTestCase


class ReplayTestCase(BaseTestCase):
    def play_through(self):
        self.give_garnets("bob", 2)
        self.start()
        lifecycle.do_action(self.seat("bob"), "hint", {})
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 4})
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()

    def test_it_replays_a_match_to_its_stored_state(self):
        self.play_through()
        out = StringIO()
        call_command("replay", self.match.pk, stdout=out)
        self.assertIn("replays to its stored state", out.getvalue())

    def test_it_reports_a_tampered_submission(self):
        self.play_through()
        sub = Submission.objects.filter(source=Submission.PLAYER).first()
        sub.payload = {"bid": 10 if sub.payload["bid"] != 10 else 1}
        sub.save()
        with self.assertRaises(CommandError) as caught:
            call_command("replay", self.match.pk, stdout=StringIO(), stderr=StringIO())
        self.assertEqual(caught.exception.returncode, 1)

    def test_it_refuses_an_unknown_match(self):
        with self.assertRaisesMessage(CommandError, "No match"):
            call_command("replay", 424242)


class PlaytestTestCase(BaseTestCase):
    def run_playtest(self, *args):
        out = StringIO()
        call_command("playtest", *args, stdout=out)
        return json.loads(out.getvalue())

    def test_it_plays_the_fixture_game_to_the_end(self):
        result = self.run_playtest("fixture", "--players", "5", "--seed", "3")
        self.assertEqual(result["game"], "fixture")
        self.assertEqual(result["status"], "finished")
        self.assertGreaterEqual(result["phases"], 3)
        self.assertEqual(sorted(s["seat"] for s in result["standings"]), [0, 1, 2, 3, 4])

    def test_it_is_deterministic_for_a_seed(self):
        a = self.run_playtest("fixture", "--players", "4", "--seed", "9")
        b = self.run_playtest("fixture", "--players", "4", "--seed", "9")
        self.assertEqual(a["standings"], b["standings"])

    def test_it_leaves_nothing_behind_unless_asked(self):
        from matches.models import Match

        before = Match.objects.count()
        self.run_playtest("fixture", "--players", "2", "--seed", "1")
        self.assertEqual(Match.objects.count(), before)
        kept = self.run_playtest("fixture", "--players", "2", "--seed", "1", "--keep")
        out = StringIO()
        call_command("replay", kept["match_id"], stdout=out)  # a bot-played match replays too
        self.assertIn("replays", out.getvalue())

    def test_it_refuses_a_wrong_number_of_players(self):
        with self.assertRaisesMessage(CommandError, "takes 2 to 200"):
            self.run_playtest("fixture", "--players", "1")
