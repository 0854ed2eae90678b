"""The match core tells what happened only once it is true: each event is delivered after the
transaction that made it commits, never before and never after a rollback; a subscriber that
fails neither undoes the write nor keeps the other subscribers from hearing."""

import dataclasses

from django.db import connection, transaction

from matches.core import events, lifecycle, substitutes
from matches.models import Phase, Submission
from matches.scheduling.deadlines import run_due
from matches.seasons import gifts
from matches.talk import conversations
from tests.support.base import BaseTransactionTestCase

KINDS = [cls for cls in vars(events).values() if isinstance(cls, type) and dataclasses.is_dataclass(cls)]


class Recorder:
    """Subscribes to every kind of event; notes each, and whether a transaction was still open."""

    def __init__(self, test, first=None):
        self.heard, self.inside = [], []
        for kind in KINDS:
            for handler in ([first] if first else []) + [self.hear]:
                events.subscribe(kind, handler)
                test.addCleanup(events.unsubscribe, kind, handler)

    def hear(self, event):
        self.heard.append(event)
        self.inside.append(connection.in_atomic_block)

    def kinds(self):
        return {type(e).__name__ for e in self.heard}


class EventsTestCase(BaseTransactionTestCase):
    settings = {"rounds": 2, "round_seconds": 60, "close_early": False}

    def test_it_publishes_each_event_after_commit_and_never_before(self):
        recorder = Recorder(self)
        self.start()
        self.assertTrue({"PhaseScheduled", "MatchChanged", "PublicNews"} <= recorder.kinds(), recorder.kinds())
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 2})
        self.assertIn("Submitted", recorder.kinds())
        substitutes.do_hand_seat(self.match.pk, self.hana, 2, self.members["dave"].pk)
        self.assertIn("SeatHanded", recorder.kinds())
        lifecycle.do_force_close(self.open_phase().pk)
        lifecycle.do_force_close(self.open_phase().pk)
        self.give_garnets("alice", 3)
        gifts.do_gift(self.members["alice"].pk, self.members["bob"].pk, "garnet", 2)
        run_due()
        conversations.do_post(self.seat("alice"), self.match.conversations.get().pk, "hello")
        # the message: PersonalChanged too; AutopilotChanged needs missed deadlines: tests/core/test_autopilot.py
        # hears it (its emails) after commit
        self.assertEqual(recorder.kinds(), {kind.__name__ for kind in KINDS} - {"AutopilotChanged"})
        self.assertFalse(any(recorder.inside), "an event was delivered inside its transaction")
        news = [e for e in recorder.heard if isinstance(e, events.PublicNews)]
        self.assertIn("Test match has started.", " ".join(news[0].lines))

    def test_it_publishes_nothing_when_the_write_rolls_back(self):
        self.start()
        recorder = Recorder(self)
        phase = self.open_phase()
        with self.assertRaises(RuntimeError), transaction.atomic():
            lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 2})
            lifecycle.do_force_close(phase.pk)
            raise RuntimeError("the outer transaction fails")
        self.assertEqual(recorder.heard, [])
        self.assertEqual(Phase.objects.get(pk=phase.pk).status, Phase.OPEN)

    def test_a_failing_subscriber_does_not_undo_or_block_the_write(self):
        def broken(event):
            raise ValueError("a subscriber's own bug")

        recorder = Recorder(self, first=broken)
        with self.assertLogs("matches.core.events", "ERROR"):
            self.start()
            done = lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 2})
        self.assertIn("Submission received", done.message)
        self.assertEqual(Submission.objects.filter(player=self.seat("alice")).count(), 1)
        self.assertTrue({"PhaseScheduled", "MatchChanged", "Submitted"} <= recorder.kinds())


class LaterSubscribersTestCase(BaseTransactionTestCase):
    """Email, webhooks and reminders subscribe `later`: with a worker they are handed to it in one
    task per event, after the announcement, so that a close does not wait for them; without one,
    or when the worker cannot be reached, they hear the event at once."""

    settings = {"rounds": 2, "round_seconds": 60, "close_early": False}

    def subscribe_later(self, kind, handler):
        events.subscribe(kind, handler, later=True)
        self.addCleanup(events.unsubscribe, kind, handler)

    def test_with_a_worker_a_close_hands_them_over_after_the_announcement(self):
        order, handed = [], []
        self.subscribe_later(events.PhaseClosed, lambda e: order.append(("later", type(e).__name__)))
        events.subscribe(events.MatchChanged, announced := lambda e: order.append(("now", "MatchChanged")))
        self.addCleanup(events.unsubscribe, events.MatchChanged, announced)
        events.defer_to(lambda e: (handed.append(e), order.append(("handed", type(e).__name__))))
        self.addCleanup(events.defer_to, None)
        self.start()
        lifecycle.do_force_close(self.open_phase().pk)
        closed = [e for e in handed if isinstance(e, events.PhaseClosed)]
        self.assertEqual(len(closed), 1)
        self.assertNotIn(("later", "PhaseClosed"), order)  # not in the close: on the worker
        self.assertLess(order.index(("now", "MatchChanged"), 1), order.index(("handed", "PhaseClosed")))
        # what the worker's task does with it (scheduling.deadlines.deliver_event)
        events.deliver_later(events.rebuild("PhaseClosed", dataclasses.asdict(closed[0])))
        self.assertIn(("later", "PhaseClosed"), order)

    def test_without_a_worker_or_when_it_cannot_be_reached_they_hear_it_at_once(self):
        heard = []
        self.subscribe_later(events.PublicNews, heard.append)
        self.start()
        self.assertEqual(len(heard), 1)  # no worker: at once

        def broker_away(event):
            raise ConnectionError("no broker")

        events.defer_to(broker_away)
        self.addCleanup(events.defer_to, None)
        with self.assertLogs("matches.core.events", "ERROR"):
            lifecycle.do_force_close(self.open_phase().pk)
        self.assertEqual(len(heard), 2)
        self.assertEqual(events.rebuild("PublicNews", dataclasses.asdict(heard[1])), heard[1])
