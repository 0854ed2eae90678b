"""A move stored in one statement (matches.core.moves): it stores exactly what do_submit stores,
and whatever no longer holds once the match is locked (a closed or paused phase, a passed
deadline, a state that moved on since the request read it) goes through do_submit, which says
why or does the rest. Its races with a close are in test_races."""

from unittest import mock

from matches import clock
from matches.core import events, lifecycle, moves
from matches.models import Phase, Submission
from tests.support.base import BaseTestCase


class MovesTestCase(BaseTestCase):
    settings = {"rounds": 3, "round_seconds": 60, "close_early": False}

    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()
        self.heard = []
        events.subscribe(events.Submitted, self.heard.append)
        self.addCleanup(events.unsubscribe, events.Submitted, self.heard.append)

    def player(self, name):
        """The seat with its match, as the submit view reads them (before any lock)."""
        return self.match.seats.select_related("match").get(season_player__user__username=name)

    def move(self, name, data, phase=None):
        with mock.patch.object(lifecycle, "do_submit", wraps=lifecycle.do_submit) as slow:
            with self.captureOnCommitCallbacks(execute=True):
                done = moves.submit_move(phase or self.phase, self.player(name), data)
        return done, slow.called

    def test_it_stores_what_do_submit_stores_and_tells_others_after_commit(self):
        done, slow = self.move("alice", {"bid": 7, "note": "mine"})
        lifecycle.do_submit(self.phase.pk, self.seat("bob"), {"bid": 7, "note": "mine"})
        self.assertEqual((done.message, slow), (moves.RECEIVED, False))
        fast, other = Submission.objects.filter(phase=self.phase).order_by("id")
        self.assertEqual(
            [(s.payload, s.said, s.source) for s in (fast, other)],
            [({"bid": 7, "note": "mine"}, "Your bid: 7; Note to yourself: mine", Submission.PLAYER)] * 2,
        )
        self.match.refresh_from_db()
        self.assertEqual(self.heard, [events.Submitted(self.match.pk, self.phase.pk, 0, self.match.event_seq)])

    def test_a_revision_is_stored_and_the_last_one_counts(self):
        self.move("alice", {"bid": 3})
        self.move("alice", {"bid": 9})
        self.assertEqual(Submission.objects.filter(phase=self.phase, player=self.seat("alice")).count(), 2)
        lifecycle.do_force_close(self.phase.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["rounds"][0]["bids"][0], 9)

    def test_a_state_that_moved_on_since_the_request_read_it_goes_through_do_submit(self):
        player = self.player("alice")  # read at step n
        self.give_garnets("alice", 1)
        lifecycle.do_action(self.seat("alice"), "hint", {})  # the state changes: step n + 1
        with mock.patch.object(lifecycle, "do_submit", wraps=lifecycle.do_submit) as slow:
            done = moves.submit_move(self.phase, player, {"bid": 4})
        self.assertTrue(slow.called)
        self.assertEqual(done.message, moves.RECEIVED)
        self.assertEqual(Submission.objects.get(phase=self.phase).payload, {"bid": 4})

    def test_it_refuses_a_closed_phase_and_stores_nothing(self):
        player = self.player("alice")
        lifecycle.do_force_close(self.phase.pk)
        with self.assertRaisesMessage(lifecycle.Refused, "closed; nothing was recorded"):
            moves.submit_move(self.phase, player, {"bid": 2})
        self.assertFalse(Submission.objects.filter(source=Submission.PLAYER).exists())

    def test_it_refuses_a_paused_match(self):
        player = self.player("alice")
        lifecycle.do_pause(self.match.pk)
        with self.assertRaisesMessage(lifecycle.Refused, "paused"):
            moves.submit_move(self.phase, player, {"bid": 2})
        self.assertFalse(Submission.objects.exists())

    def test_it_refuses_a_move_after_the_deadline(self):
        with clock.simulated(self.phase.deadline):
            with self.assertRaisesMessage(lifecycle.Refused, "deadline"):
                self.move("alice", {"bid": 2})
        self.assertFalse(Submission.objects.exists())

    def test_it_refuses_a_seat_the_phase_does_not_wait_on(self):
        Phase.objects.filter(pk=self.phase.pk).update(waits_on=[1, 2])
        with self.assertRaisesMessage(lifecycle.Refused, "not waiting on you"):
            self.move("alice", {"bid": 2})
        self.assertFalse(Submission.objects.exists())

    def test_an_invalid_move_is_refused_in_the_engines_words(self):
        with self.assertRaisesMessage(lifecycle.Refused, "Bid a whole number"):
            self.move("alice", {"bid": 11})
        self.assertFalse(Submission.objects.exists())


class CloseEarlyMovesTestCase(BaseTestCase):
    settings = {"rounds": 3, "round_seconds": 60, "close_early": True}

    def test_a_phase_that_closes_once_everyone_has_sent_goes_through_do_submit(self):
        self.start()
        phase = self.open_phase()
        for name in ("alice", "bob", "carol"):
            player = self.match.seats.select_related("match").get(season_player__user__username=name)
            done = moves.submit_move(phase, player, {"bid": {"alice": 9}.get(name, 5)})
        self.assertIn("Everyone has submitted", done.message)
        phase.refresh_from_db()
        self.assertEqual((phase.status, phase.close_reason), (Phase.CLOSED, "early"))
