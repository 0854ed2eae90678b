"""Closes and submissions racing each other in real threads, each with its own database
connection, on whichever database the suite runs on (SQLite here, PostgreSQL in CI's second run).

A close must happen exactly once; a submission that races a close is either counted in the
result or refused with a message, never stored-but-ignored and never half applied."""

import threading
import time
from datetime import timedelta

from django.db import connection, transaction

from matches import clock
from matches.core import lifecycle, moves, records
from matches.models import Event, Phase, Submission
from matches.scheduling.tasks import close_phase_at
from tests.support.base import BaseTransactionTestCase


def race(*calls):
    """Run every call at once (released together by a barrier); return each result or error."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - the race's outcome is what we assert on
            results[i] = error
        finally:
            connection.close()  # each thread has its own connection; the test database must drop

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return results


class RacesTestCase(BaseTransactionTestCase):
    settings = {"rounds": 3, "round_seconds": 60, "close_early": False}

    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()

    def closes(self):
        return Event.objects.filter(match=self.match, kind="phase.closed").count()

    def test_it_closes_once_when_the_close_task_runs_twice(self):
        with clock.simulated(self.phase.deadline + timedelta(seconds=1)):
            first = close_phase_at.apply(args=[self.phase.pk]).get()
            second = close_phase_at.apply(args=[self.phase.pk]).get()
        self.assertEqual((first, second), (True, False))
        self.assertEqual(self.closes(), 1)
        self.assertEqual(self.match.phases.filter(key="round-2").count(), 1)

    def test_it_closes_once_when_closes_race(self):
        with clock.simulated(self.phase.deadline + timedelta(seconds=1)):
            results = race(*[lambda: lifecycle.close_phase(self.phase.pk)] * 4, lifecycle.sweep)
        closed_by_close = [r for r in results[:4] if r is True]
        self.assertFalse([r for r in results if isinstance(r, Exception)], results)
        self.assertEqual(len(closed_by_close) + results[4], 1, results)
        self.assertEqual(self.closes(), 1)
        self.assertEqual(Submission.objects.filter(phase=self.phase, source=Submission.DEFAULT).count(), 3)
        self.match.refresh_from_db()
        self.assertEqual(len(self.match.state["rounds"]), 1)
        self.assertEqual(self.match.phases.filter(key="round-2").count(), 1)

    def test_it_counts_or_refuses_each_submission_racing_the_close(self):
        self.race_submissions_and_close(lambda phase, player, data: lifecycle.do_submit(phase.pk, player, data))

    def test_it_counts_or_refuses_each_move_of_the_one_statement_racing_the_close(self):
        """The submit view's path (matches.core.moves): the seat and its match read before the
        race, as a request reads them, then stored in one statement."""
        self.race_submissions_and_close(moves.submit_move)

    def test_a_move_waiting_for_the_lock_while_its_phase_closes_is_refused(self):
        """The move reads the phase open, then waits for the match's lock while a close holds it;
        the close commits, and the move must see the phase closed, not the phase it first read."""
        refused = self.move_waiting_for(lambda: lifecycle.close_phase(self.phase.pk, "host"))
        self.assertIn("closed; nothing was recorded", str(refused))
        self.assertEqual(self.closes(), 1)

    def test_a_move_waiting_for_the_lock_sees_a_change_to_the_phase_row_alone(self):
        """A write under the match lock that changes only the phase row (here its deadline moved
        to the past; the match row, its status and step, untouched): the move re-reads the phase
        after the wait, as it is now."""

        def deadline_passed():
            Phase.objects.filter(pk=self.phase.pk).update(deadline=clock.now() - timedelta(seconds=1))

        refused = self.move_waiting_for(deadline_passed)
        self.assertIn("deadline", str(refused))

    def move_waiting_for(self, write):
        """A move begun while another transaction holds the match's lock and then makes `write`
        and commits: the move's refusal (the test fails if it was stored)."""
        player = self.match.seats.select_related("match").get(seat=0)
        locked, waiting = threading.Event(), threading.Event()

        def hold_the_lock_then_write():
            with transaction.atomic():
                records._lock(self.match.pk)
                locked.set()
                waiting.wait(5)
                time.sleep(0.3)  # the move is now blocked on the lock (there is no other way through)
                return write()

        def move():
            locked.wait(5)
            waiting.set()
            return moves.submit_move(self.phase, player, {"bid": 4})

        _, refused = race(hold_the_lock_then_write, move)
        self.assertIsInstance(refused, lifecycle.Refused)
        self.assertFalse(Submission.objects.filter(phase=self.phase, source=Submission.PLAYER).exists())
        return refused

    def race_submissions_and_close(self, submit_one):
        bids = {"alice": 7, "bob": 8, "carol": 9}  # all different, so each is visible in the result
        outcomes = []
        # The close starts a little later each time, so the race lands on both sides.
        for delay in (0, 0.001, 0.003, 0.01, 0.05):
            match = self.make_match(list(bids), settings={"rounds": 1, "round_seconds": 60, "close_early": False})
            self.start(match)
            phase = self.open_phase(match)
            players = {n: match.seats.select_related("match").get(season_player__user__username=n) for n in bids}
            submit = [lambda n=n: submit_one(phase, players[n], {"bid": bids[n]}) for n in bids]

            def close_later():
                time.sleep(delay)
                return lifecycle.do_force_close(phase.pk, by=self.hana)

            results = race(*submit, close_later)
            self.assertFalse([r for r in results if not isinstance(r, (lifecycle.Done, lifecycle.Refused))], results)
            match.refresh_from_db()
            counted = match.state["rounds"][0]["bids"]
            for seat, (name, result) in enumerate(zip(bids, results)):
                stored = Submission.objects.filter(phase=phase, player=self.seat(name, match), source=Submission.PLAYER)
                if isinstance(result, lifecycle.Done):
                    self.assertEqual(counted[seat], bids[name], f"{name}'s accepted bid was not counted")
                    self.assertEqual(stored.count(), 1)
                else:
                    self.assertIn("closed; nothing was recorded", str(result))
                    self.assertFalse(stored.exists(), f"{name}'s refused bid was stored")
                outcomes.append(type(result).__name__)
            self.assertEqual(Event.objects.filter(match=match, kind="phase.closed").count(), 1)
        self.assertIn("Done", outcomes)  # with a 50 ms head start the submissions do get in
