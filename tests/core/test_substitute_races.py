"""A seat handed on (matches.core.substitutes) racing a close, and racing a move of its old
holder, in real threads with their own connections, on the suite's database (SQLite here,
PostgreSQL in CI's second run): exactly one wins, and nothing is lost or counted twice."""

import threading
import time

from django.db import transaction

from matches.core import lifecycle, moves, records
from matches.core.substitutes import do_hand_seat
from matches.models import Event, Match, SeatHolder, Submission
from tests.core.test_races import race
from tests.support.base import BaseTransactionTestCase


class SubstituteRacesTestCase(BaseTransactionTestCase):
    settings = {"rounds": 1, "round_seconds": 60, "close_early": False}

    def test_a_hand_over_racing_the_last_close_is_done_before_it_or_refused_after_it(self):
        outcomes = set()
        for delay in (0, 0.001, 0.005, 0.02, 0.05):  # the close a little later each time: both sides
            match = self.start(self.make_match(["alice", "bob", "carol"]))
            phase = self.open_phase(match)

            def close_later(phase=phase):
                time.sleep(delay)
                return lifecycle.do_force_close(phase.pk, by=self.hana)

            hand, close = race(lambda m=match: do_hand_seat(m.pk, self.hana, 0, self.members["dave"].pk), close_later)
            self.assertIsInstance(close, lifecycle.Done)
            match.refresh_from_db()
            self.assertEqual(match.status, Match.FINISHED)  # one round: the close ends it
            holder = match.seats.get(seat=0).season_player.display_name
            if isinstance(hand, lifecycle.Done):
                outcomes.add("handed")
                self.assertEqual(holder, "Dave")
                self.assertEqual(SeatHolder.objects.filter(seat__match=match).count(), 4)  # 3 from the start
            else:
                outcomes.add("refused")
                self.assertIn("This match is over", str(hand))
                self.assertEqual(holder, "Alice")
                self.assertEqual(SeatHolder.objects.filter(seat__match=match).count(), 3)  # from the start
                self.assertFalse(Event.objects.filter(match=match, kind="seat.handed").exists())
            self.assertEqual(Event.objects.filter(match=match, kind="phase.closed").count(), 1)
        self.assertIn("handed", outcomes)  # with a 50 ms head start the hand-over gets in

    def test_a_move_of_the_old_holder_racing_the_hand_over_is_stored_before_it_or_refused(self):
        for path in (
            lambda phase, player: lifecycle.do_submit(phase.pk, player, {"bid": 4}),
            lambda phase, player: moves.submit_move(phase, player, {"bid": 4}),
        ):
            for delay in (0, 0.001, 0.005, 0.02):
                match = self.start(self.make_match(["alice", "bob", "carol"]))
                phase = self.open_phase(match)
                stale = match.seats.select_related("match").get(seat=0)  # as the old holder's request read it

                def hand_later(match=match):
                    time.sleep(delay)
                    return do_hand_seat(match.pk, self.hana, 0, self.members["dave"].pk)

                move, hand = race(lambda p=phase, s=stale: path(p, s), hand_later)
                self.assertIsInstance(hand, lifecycle.Done)
                stored = Submission.objects.filter(phase=phase, source=Submission.PLAYER)
                if isinstance(move, lifecycle.Done):  # before the hand-over: the seat's, kept for Dave
                    self.assertEqual(list(stored.values_list("payload", flat=True)), [{"bid": 4}])
                    handed_at = SeatHolder.objects.get(seat__match=match, how="substitute").since
                    self.assertLessEqual(stored.get().created_at, handed_at)
                else:
                    self.assertIn("handed to another player; nothing was recorded", str(move))
                    self.assertFalse(stored.exists())

    def test_a_move_waiting_for_the_lock_while_the_seat_is_handed_on_is_refused(self):
        """The old holder's move (the submit view's one statement) reads the seat as theirs, then
        waits for the match's lock while the hand-over holds it: after the commit it must see the
        seat as it is now (PostgreSQL re-reads only the rows it locks: the seat row is one)."""
        match = self.start(self.match)
        phase = self.open_phase(match)
        stale = match.seats.select_related("match").get(seat=0)
        locked, waiting = threading.Event(), threading.Event()

        def hand_holding_the_lock():
            with transaction.atomic():
                records._lock(match.pk)
                locked.set()
                waiting.wait(5)
                time.sleep(0.3)  # the move is now blocked on the lock
                return do_hand_seat(match.pk, self.hana, 0, self.members["dave"].pk)

        def move():
            locked.wait(5)
            waiting.set()
            return moves.submit_move(phase, stale, {"bid": 4})

        hand, refused = race(hand_holding_the_lock, move)
        self.assertIsInstance(hand, lifecycle.Done)
        self.assertIsInstance(refused, lifecycle.Refused)
        self.assertIn("handed to another player", str(refused))
        self.assertFalse(Submission.objects.filter(phase=phase, source=Submission.PLAYER).exists())
