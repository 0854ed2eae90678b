"""One broken match never stops the clock of every other: the sweep closes each overdue phase on
its own, so a phase whose close raises (here a match whose stored state its engine cannot read)
is logged with its id and left open, and the overdue phase of another match, behind it in the
sweep's order, still closes."""

from datetime import timedelta

from matches import clock
from matches.models import Match, Phase
from matches.scheduling.deadlines import run_due
from tests.support.base import BaseTestCase


class RunDueIsolationTestCase(BaseTestCase):
    settings = {"rounds": 2, "round_seconds": 60, "close_early": False}

    def test_a_phase_whose_close_raises_does_not_keep_another_matchs_overdue_phase_open(self):
        broken = self.start(self.make_match(("alice", "bob")))
        fine = self.start()
        Match.objects.filter(pk=broken.pk).update(state={"names": ["Alice", "Bob"]})  # no rounds, no scores
        now = clock.now()
        Phase.objects.filter(pk=self.open_phase(broken).pk).update(deadline=now - timedelta(minutes=2))
        Phase.objects.filter(pk=self.open_phase(fine).pk).update(deadline=now - timedelta(minutes=1))
        stuck, due = self.open_phase(broken), self.open_phase(fine)

        with self.assertLogs("matches.scheduling.deadlines", "ERROR") as logged:
            self.assertEqual(run_due(), 1)

        due.refresh_from_db()
        stuck.refresh_from_db()
        self.assertEqual((due.status, due.close_reason), (Phase.CLOSED, "deadline"))
        self.assertEqual(stuck.status, Phase.OPEN)  # left for its host to see to
        self.assertIn(f"closing phase {stuck.pk} failed", logged.output[0])
        self.assertEqual(self.open_phase(fine).key, "round-2")
