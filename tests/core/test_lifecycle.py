from datetime import timedelta

from matches import clock
from matches.core import lifecycle
from matches.models import Event, Match, Phase, Submission
from tests.support.base import BaseTestCase


class LifecycleTestCase(BaseTestCase):
    def test_it_starts_once_and_opens_the_first_phase(self):
        lifecycle.do_start(self.match.pk)
        again = lifecycle.do_start(self.match.pk)
        self.assertFalse(again.changed)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.RUNNING)
        self.assertEqual(list(self.match.phases.values_list("key", flat=True)), ["round-1"])
        self.assertEqual(self.match.events.filter(kind="match.started").count(), 1)

    def test_it_refuses_to_start_with_bad_settings(self):
        self.match.settings = {"rounds": 99}
        self.match.save()
        with self.assertRaisesMessage(lifecycle.Refused, "rounds must be"):
            lifecycle.do_start(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.DRAFT)

    def test_it_keeps_every_revision_and_counts_the_last(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 3})
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 9})
        lifecycle.do_submit(phase.pk, self.seat("bob"), {"bid": 5})
        lifecycle.do_submit(phase.pk, self.seat("carol"), {"bid": 5})  # everyone in: closes early
        phase.refresh_from_db()
        self.assertEqual(phase.status, Phase.CLOSED)
        self.assertEqual(phase.close_reason, "early")
        self.assertEqual(Submission.objects.filter(phase=phase, player=self.seat("alice")).count(), 2)
        self.match.refresh_from_db()
        # 9 is the only unique bid (Bob and Carol both bid 5): Alice's revision counted.
        self.assertEqual(self.match.state["scores"], [1, 0, 0])

    def test_it_fills_defaults_for_missed_seats_at_the_deadline(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 10})
        self.assertFalse(lifecycle.close_phase(phase.pk))  # deadline not reached
        with clock.simulated(phase.deadline + timedelta(seconds=1)):
            self.assertTrue(lifecycle.close_phase(phase.pk))
        defaults = Submission.objects.filter(phase=phase, source=Submission.DEFAULT)
        self.assertEqual(sorted(d.player.seat for d in defaults), [1, 2])
        for d in defaults:
            self.assertTrue(1 <= d.payload["bid"] <= 10)

    def test_it_closes_a_phase_only_once(self):
        self.start()
        phase = self.open_phase()
        with clock.simulated(phase.deadline + timedelta(seconds=1)):
            self.assertTrue(lifecycle.close_phase(phase.pk))
            self.assertFalse(lifecycle.close_phase(phase.pk))
            self.assertEqual(lifecycle.sweep(), 0)  # the next round's deadline is a minute away
        self.assertEqual(Event.objects.filter(match=self.match, kind="phase.closed").count(), 1)
        self.assertEqual(self.match.phases.filter(key="round-1").count(), 1)

    def test_it_refuses_a_late_submission_and_records_nothing(self):
        self.start()
        phase = self.open_phase()
        with clock.simulated(phase.deadline):
            with self.assertRaisesMessage(lifecycle.Refused, "deadline"):
                lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 2})
        self.assertFalse(Submission.objects.exists())

    def test_it_refuses_a_submission_to_a_closed_phase(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_force_close(phase.pk)
        with self.assertRaisesMessage(lifecycle.Refused, "closed"):
            lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 2})
        self.assertEqual(Submission.objects.filter(source=Submission.PLAYER).count(), 0)

    def test_it_opens_a_one_seat_prompt_decided_by_the_engine(self):
        self.start()
        for bids in ({"alice": 1, "bob": 2, "carol": 2}, {"alice": 7, "bob": 3, "carol": 3}):
            phase = self.open_phase()
            for name, bid in bids.items():
                lifecycle.do_submit(phase.pk, self.seat(name), {"bid": bid})
        bonus = self.open_phase()
        self.assertEqual(bonus.key, "bonus-2")
        self.assertEqual(bonus.waits_on, [0])
        with self.assertRaisesMessage(lifecycle.Refused, "not waiting on you"):
            lifecycle.do_submit(bonus.pk, self.seat("bob"), {"double": "yes"})

    def test_it_finishes_with_an_outcome(self):
        self.start()
        for _ in range(10):
            phase = self.open_phase()
            if phase is None:
                break
            lifecycle.do_force_close(phase.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.FINISHED)
        self.assertEqual(len(self.match.outcome["standings"]), 3)
