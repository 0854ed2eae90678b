"""`resolve` is told which seats' counted submissions the rules filled in at the close
(`filled_in`): exactly the seats that sent no complete move, at a deadline close, at the host's
force-close, when the host plays the rest with defaults, and in the replay (from the close's stored
rows). The fixture game (Unique Bid) keeps them in each round's record ("drawn") and says each in
the log as a default, so these tests read what resolve was told from what it did."""

from datetime import timedelta

from matches import clock
from matches.core import lifecycle
from matches.core.replay import replay
from matches.models import Event, Submission
from tests.support.base import BaseTestCase


class FilledInTestCase(BaseTestCase):
    def rounds(self):
        self.match.refresh_from_db()
        return self.match.state["rounds"]

    def log(self):
        return list(Event.objects.filter(match=self.match).order_by("seq").values_list("text", flat=True))

    def test_it_tells_resolve_the_seats_that_missed_a_deadline_and_not_the_one_that_sent(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 10})
        with clock.simulated(phase.deadline + timedelta(seconds=1)):
            self.assertTrue(lifecycle.close_phase(phase.pk))
        self.assertEqual(self.rounds()[0]["drawn"], [1, 2])  # Bob and Carol, never Alice
        said = [line for line in self.log() if line.startswith("Time ran out")]
        bids = self.rounds()[0]["bids"]
        self.assertEqual(
            said,
            [
                f"Time ran out: Bob's bid of {bids[1]} was drawn at random.",
                f"Time ran out: Carol's bid of {bids[2]} was drawn at random.",
            ],
        )

    def test_it_tells_resolve_nobody_when_everyone_sent(self):
        self.start()
        phase = self.open_phase()
        for name, bid in (("alice", 4), ("bob", 5), ("carol", 6)):
            lifecycle.do_submit(phase.pk, self.seat(name), {"bid": bid})  # the last closes it early
        self.assertEqual(self.rounds()[0], {"bids": [4, 5, 6], "winner": 2, "drawn": []})
        self.assertFalse([line for line in self.log() if line.startswith("Time ran out")])

    def test_it_tells_resolve_the_seat_that_had_not_sent_at_a_force_close(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 2})
        lifecycle.do_submit(phase.pk, self.seat("bob"), {"bid": 3})
        lifecycle.do_force_close(phase.pk, by=self.hana)
        self.assertEqual(self.rounds()[0]["drawn"], [2])
        self.assertEqual(self.rounds()[0]["bids"][:2], [2, 3])

    def test_it_tells_resolve_every_seat_but_the_ones_that_sent_when_the_rest_is_played_with_defaults(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 7})
        lifecycle.do_finish_with_defaults(self.match.pk, by=self.hana)
        rounds = self.rounds()
        self.assertEqual([r["drawn"] for r in rounds], [[1, 2], [0, 1, 2], [0, 1, 2]])
        # a bonus phase (after round 2, if someone won it) is said as a default too
        for phase in self.match.phases.filter(key__startswith="bonus"):
            winner = self.match.state["names"][phase.waits_on[0]]
            self.assertIn(f"Time ran out: {winner} kept the point.", self.log())

    def test_it_tells_resolve_in_the_replay_what_the_close_stored(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("carol"), {"bid": 1})
        with clock.simulated(phase.deadline + timedelta(seconds=1)):
            lifecycle.close_phase(phase.pk)
        self.assertEqual(self.rounds()[0]["drawn"], [0, 1])
        self.match.refresh_from_db()
        self.assertEqual(replay(self.match), [])
        # Bob's drawn bid stored as if he had sent it: the replay counts the same bid but tells
        # resolve he sent it, and the round it rebuilds differs from the stored one
        Submission.objects.filter(phase=phase, player=self.seat("bob")).update(source=Submission.PLAYER)
        self.assertIn("the final state differs from the stored state", replay(self.match))
