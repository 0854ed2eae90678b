"""Autopilot (issue 36, point 3), on Unique Bid (the fixture game: every seat bids each round;
a round closes early once everyone has bid). Alice, Bob and Carol play; Carol vanishes.

Alice always bids 10 and Bob 9, so whatever Carol's drawn bid is, the round's top unique bid is
Alice's 10 or (when Carol drew 10 too) Bob's 9: the winner is never Carol, and the bonus step
after round 2 waits on Alice or Bob alone, who answer it."""

from datetime import timedelta

from django.core import mail

from matches import clock
from matches.core import lifecycle
from matches.core.moves import submit_move
from matches.core.replay import replay
from matches.models import Event, MatchPlayer, MissedStep, Phase, Submission
from tests.support.base import BaseTestCase

BIDS = {"alice": 10, "bob": 9}


class AutopilotTestCase(BaseTestCase):
    settings = {"rounds": 5, "round_seconds": 60, "close_early": True}

    def setUp(self):
        super().setUp()
        self.clock = clock.simulated(clock.now())
        self.clock.__enter__()
        self.addCleanup(self.clock.__exit__, None, None, None)
        for name in ("alice", "bob", "carol"):
            self.users[name].email = f"{name}@example.org"
            self.users[name].save()
        self.hana.email = "hana@example.org"
        self.hana.save()

    def carol_seat(self):
        return MatchPlayer.objects.get(match=self.match, seat=2)

    def open_round(self):
        return self.match.phases.filter(status=Phase.OPEN, key__startswith="round").get()

    def answer_bonus(self):
        """The winner of an even round answers their bonus step ("no"), which closes it."""
        for phase in self.match.phases.filter(status=Phase.OPEN, key__startswith="bonus"):
            winner = self.match.seats.get(seat=phase.waits_on[0])
            lifecycle.do_submit(phase.pk, winner, {"double": "no"})

    def play_round(self, senders=("alice", "bob"), let_run_out=True):
        """The open round: each of `senders` bids; then, if it is still open, its deadline passes."""
        phase = self.open_round()
        for name in senders:
            lifecycle.do_submit(phase.pk, self.seat(name), {"bid": BIDS.get(name, 3)})
        phase.refresh_from_db()
        if let_run_out and phase.status == Phase.OPEN:
            clock.advance_to(phase.deadline)
            self.assertTrue(lifecycle.close_phase(phase.pk))
        phase.refresh_from_db()
        self.answer_bonus()
        self.match.refresh_from_db()
        return phase

    def test_two_missed_steps_put_the_seat_on_autopilot_and_its_default_is_played_as_the_next_step_opens(self):
        self.start()
        self.play_round()
        carol = self.carol_seat()
        self.assertEqual((carol.missed_in_row, carol.autopilot), (1, False))
        self.assertFalse(Submission.objects.filter(player=carol, by_autopilot=True).exists())
        with self.captureOnCommitCallbacks(execute=True):
            self.play_round()
        carol = self.carol_seat()
        self.assertEqual((carol.missed_in_row, carol.autopilot), (2, True))
        told = Event.objects.filter(match=self.match, kind="seat.autopilot")
        self.assertEqual(sorted((e.visibility, e.seat) for e in told), [(Event.HOST, None), (Event.PRIVATE, 2)])
        self.assertEqual(
            sorted(to for m in mail.outbox if "autopilot" in m.subject for to in m.to),
            ["carol@example.org", "hana@example.org"],
        )
        # round 3 (after Alice's or Bob's bonus) opened with Carol's default in already
        round3 = self.open_round()
        self.assertEqual(round3.key, "round-3")
        pilot = Submission.objects.get(phase=round3, player=carol)
        self.assertEqual(
            (pilot.source, pilot.by_autopilot, pilot.created_at), (Submission.DEFAULT, True, round3.opened_at)
        )
        self.assertIn(pilot.payload["bid"], range(1, 11))
        # Alice alone: still open (Bob is no autopilot); Bob too: only Carol's autopilot is left, so it closes
        lifecycle.do_submit(round3.pk, self.seat("alice"), {"bid": 10})
        round3.refresh_from_db()
        self.assertEqual(round3.status, Phase.OPEN)
        lifecycle.do_submit(round3.pk, self.seat("bob"), {"bid": 9})
        round3.refresh_from_db()
        self.assertEqual((round3.status, round3.close_reason), (Phase.CLOSED, "early"))
        self.assertLess(clock.now(), round3.deadline)
        # what counted for Carol is the default stored at the open (no second row), told to resolve as a default
        self.assertEqual(Submission.objects.filter(phase=round3, player=carol).count(), 1)
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["rounds"][2]["drawn"], [2])
        self.assertEqual(self.match.state["rounds"][2]["bids"][2], pilot.payload["bid"])
        # her record: three misses, the third while on autopilot, none excused
        misses = MissedStep.objects.filter(match=self.match).order_by("closed_at")
        self.assertEqual(
            [(m.phase.key, m.player_id, m.on_autopilot, m.excused) for m in misses],
            [
                ("round-1", self.members["carol"].pk, False, ""),
                ("round-2", self.members["carol"].pk, False, ""),
                ("round-3", self.members["carol"].pk, True, ""),
            ],
        )
        self.assertEqual(replay(self.match), [])

    def test_a_step_of_autopilot_seats_alone_closes_as_it_opens(self):
        """With Alice and Bob on autopilot too, the match plays itself to its end at once."""
        self.match.autopilot_after = 1
        self.match.save()
        self.start()
        self.play_round(senders=())  # everyone missed round 1: all three on autopilot
        self.assertEqual(self.match.status, self.match.FINISHED)
        round1, *rest = self.match.phases.order_by("sequence")
        self.assertEqual(round1.close_reason, "deadline")
        self.assertEqual(
            [p.key for p in rest if p.key.startswith("round")], ["round-2", "round-3", "round-4", "round-5"]
        )
        self.assertEqual({(p.close_reason, p.closed_at) for p in rest}, {("early", round1.closed_at)})
        self.assertEqual(MissedStep.objects.filter(match=self.match, on_autopilot=True).count(), 3 * 4 + len(rest) - 4)
        self.assertEqual(replay(self.match), [])

    def test_a_move_takes_the_seat_back(self):
        self.start()
        self.play_round()
        self.play_round()
        self.assertTrue(self.carol_seat().autopilot)
        round3 = self.open_round()
        with self.captureOnCommitCallbacks(execute=True):
            lifecycle.do_submit(round3.pk, self.carol_seat(), {"bid": 4})
        carol = self.carol_seat()
        self.assertEqual((carol.missed_in_row, carol.autopilot), (0, False))
        self.assertIn(
            "carol@example.org", [to for m in mail.outbox if "took their seat back" in m.subject for to in m.to]
        )
        # her own bid counts, and nothing is said or told of a default
        lifecycle.do_submit(round3.pk, self.seat("alice"), {"bid": 10})
        lifecycle.do_submit(round3.pk, self.seat("bob"), {"bid": 9})
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["rounds"][2], {"bids": [10, 9, 4], "winner": 0, "drawn": []})
        self.assertFalse(MissedStep.objects.filter(phase=round3).exists())
        # the next round waits on her again: nothing stored for her when it opened
        self.assertFalse(Submission.objects.filter(phase=self.open_round(), player=carol).exists())
        self.assertEqual(replay(self.match), [])

    def test_a_move_between_two_misses_starts_the_count_again(self):
        self.start()
        self.play_round()
        self.play_round(senders=("alice", "bob", "carol"))
        self.assertEqual(self.carol_seat().missed_in_row, 0)
        self.play_round()
        self.assertEqual((self.carol_seat().missed_in_row, self.carol_seat().autopilot), (1, False))

    def test_deadlines_passed_during_a_pause_or_a_hosts_extension_or_a_hosts_close_never_count(self):
        self.start()
        round1 = self.open_round()
        lifecycle.do_pause(self.match.pk)
        clock.advance_to(round1.deadline + timedelta(hours=5))
        self.assertEqual(lifecycle.sweep(), 0)
        lifecycle.do_resume(self.match.pk)
        self.play_round(senders=("alice", "bob", "carol"))  # everyone in time after the pause
        round2 = self.open_round()
        lifecycle.do_extend(round2.pk, round2.deadline + timedelta(hours=1))
        clock.advance_to(round2.deadline + timedelta(minutes=30))  # the old deadline has passed
        self.assertEqual(lifecycle.sweep(), 0)
        self.play_round(senders=("alice", "bob", "carol"))
        round3 = self.open_round()
        lifecycle.do_force_close(round3.pk)  # nobody had sent: the host closed it, nobody missed it
        self.assertEqual(MissedStep.objects.filter(match=self.match).count(), 0)
        self.assertEqual(self.carol_seat().missed_in_row, 0)

    def test_where_who_has_sent_is_secret_the_autopilot_neither_counts_nor_plays(self):
        """A miss there is in the record (seen_by_all off) but not toward autopilot, and a seat on
        autopilot gets its default at the close, like any seat that has not sent."""
        self.start()
        self.match.phases.filter(status=Phase.OPEN).update(submitters_public=False)
        self.play_round()
        self.assertEqual(self.carol_seat().missed_in_row, 0)
        self.assertEqual(list(MissedStep.objects.values_list("seen_by_all", flat=True)), [False])
        MatchPlayer.objects.filter(pk=self.carol_seat().pk).update(autopilot=True)
        round2 = self.open_round()
        Phase.objects.filter(pk=round2.pk).update(submitters_public=False)
        lifecycle.do_submit(round2.pk, self.seat("alice"), {"bid": 10})
        # Bob's move closes nothing early: Carol's autopilot is not counted as sent here
        lifecycle.do_submit(round2.pk, self.seat("bob"), {"bid": 9})
        round2.refresh_from_db()
        self.assertEqual(round2.status, Phase.OPEN)
        self.assertFalse(Submission.objects.filter(phase=round2, player=self.carol_seat()).exists())
        # a move there leaves the seat on autopilot (the others would learn of it otherwise)
        lifecycle.do_submit(round2.pk, self.carol_seat(), {"bid": 2})
        self.assertTrue(self.carol_seat().autopilot)

    def test_a_move_read_before_the_seat_went_on_autopilot_still_takes_it_back(self):
        """The page's request read Carol's seat while it had no miss; two closes then put it on
        autopilot before her move is stored (the fast path of core.moves, as the web sends it)."""
        self.match.settings = {**self.settings, "close_early": False}
        self.match.save()
        self.start()
        self.play_round(senders=("alice", "bob", "carol"))
        stale = MatchPlayer.objects.select_related("match").get(pk=self.carol_seat().pk)
        self.play_round()
        self.play_round()
        self.assertTrue(self.carol_seat().autopilot)
        phase = self.open_round()
        submit_move(phase, stale, {"bid": 4})
        self.assertEqual((self.carol_seat().autopilot, self.carol_seat().missed_in_row), (False, 0))
        self.assertEqual(phase.submissions.filter(player__seat=2, source=Submission.PLAYER).count(), 1)
