"""Absences, host extensions for them, and each player's record across a season (issue 36,
points 2 and 4), worked by hand on Unique Bid (the fixture game): Alice and Bob always bid,
Carol is away, then back, then forgetful.

The season: extensions capped at 24 h a phase (the default) and 2 a player (set here).

Match 1 (an absence may be answered with an extension), Carol away from an hour before it
starts until two days after:
- round 1: extended 20 h for her, then 5 h more is refused (4 h left of the phase's 24), 4 h is
  granted (her second); the deadline passes while she is away: a miss, excused (away);
- round 2: a third extension is refused (her 2 are used); a miss, excused; her second in a row,
  so her seat is on autopilot;
- round 3: her default is in as it opens, Alice and Bob bid, it closes early: a miss, excused.
Match 1: 3 missed, 3 excused.

Match 2 (an absence does nothing), three days on, Carol back: round 1 missed (not excused),
round 2 she bids, round 3 missed, which the host then excuses.
Match 2: 2 missed, 1 excused. The season: Carol 5 missed, 4 excused; Alice and Bob none."""

from datetime import timedelta

from matches import clock
from matches.core import lifecycle
from matches.core.extensions import do_extend_for_absence
from matches.core.records import Refused
from matches.scheduling.deadlines import run_due
from matches.models import Event, Extension, Match, MissedStep, Phase
from matches.seasons import attendance
from tests.support.base import BaseTestCase


class AttendanceTestCase(BaseTestCase):
    settings = {"rounds": 3, "round_seconds": 60, "close_early": True}

    def setUp(self):
        super().setUp()
        self.t0 = clock.now().replace(microsecond=0)
        self.clock = clock.simulated(self.t0)
        self.clock.__enter__()
        self.addCleanup(self.clock.__exit__, None, None, None)
        self.season.extensions_per_player = 2
        self.season.save()
        self.carol_member = self.members["carol"]

    def round_of(self, match):
        return match.phases.filter(status=Phase.OPEN, key__startswith="round").first()

    def bid(self, match, names):
        phase = self.round_of(match)
        for name in names:
            lifecycle.do_submit(phase.pk, self.seat(name, match), {"bid": {"alice": 10, "bob": 9}.get(name, 3)})
        for bonus in match.phases.filter(status=Phase.OPEN, key__startswith="bonus"):
            lifecycle.do_submit(bonus.pk, match.seats.get(seat=bonus.waits_on[0]), {"double": "no"})
        return phase

    def run_out(self, phase):
        phase.refresh_from_db()
        if phase.status == Phase.OPEN:
            clock.advance_to(phase.deadline)
            self.assertTrue(lifecycle.close_phase(phase.pk))
        for bonus in phase.match.phases.filter(status=Phase.OPEN, key__startswith="bonus"):
            lifecycle.do_submit(bonus.pk, phase.match.seats.get(seat=bonus.waits_on[0]), {"double": "no"})

    def test_a_season_of_absences_extensions_and_misses_counted_by_hand(self):
        attendance.do_mark_absence(self.carol_member.pk, self.t0 - timedelta(hours=1), self.t0 + timedelta(days=2))
        self.match.absence_rule = Match.HOST_EXTENSION
        self.match.save()
        match1 = self.start()
        # round 1
        round1 = self.bid(match1, ["alice", "bob"])
        deadline = round1.deadline
        do_extend_for_absence(round1.pk, 2, 20, by=self.hana)
        with self.assertRaisesMessage(Refused, "at most 24 h for absences; this one has 4 h left"):
            do_extend_for_absence(round1.pk, 2, 5, by=self.hana)
        do_extend_for_absence(round1.pk, 2, 4, by=self.hana)
        round1.refresh_from_db()
        self.assertEqual(round1.deadline, deadline + timedelta(hours=24))
        clock.advance_to(deadline + timedelta(hours=1))  # the first deadline has passed: nothing closes
        self.assertEqual(lifecycle.sweep(), 0)
        self.run_out(round1)
        # round 2
        round2 = self.bid(match1, ["alice", "bob"])
        with self.assertRaisesMessage(Refused, "Carol has had the season's 2 extensions already."):
            do_extend_for_absence(round2.pk, 2, 1, by=self.hana)
        self.run_out(round2)
        self.assertTrue(self.seat("carol", match1).autopilot)
        # round 3: her default went in as it opened, so Alice's and Bob's bids close it
        round3 = self.bid(match1, ["alice", "bob"])
        round3.refresh_from_db()
        self.assertEqual(round3.close_reason, "early")
        match1.refresh_from_db()
        self.assertEqual(match1.status, Match.FINISHED)

        # match 2, three days on, Carol back
        clock.advance_to(self.t0 + timedelta(days=3))
        match2 = self.make_match(["alice", "bob", "carol"])
        self.start(match2)
        self.run_out(self.bid(match2, ["alice", "bob"]))
        self.run_out(self.bid(match2, ["alice", "bob", "carol"]))
        self.run_out(self.bid(match2, ["alice", "bob"]))
        last = MissedStep.objects.get(match=match2, phase__key="round-3")
        self.assertEqual(attendance.do_excuse(self.season, last.pk, by=self.hana).message, "Excused: Carol, “Round 3”.")
        self.assertFalse(attendance.do_excuse(self.season, last.pk, by=self.hana).changed)
        self.assertTrue(Event.objects.filter(match=match2, kind="record.excused", visibility=Event.HOST).exists())

        carol, alice, bob = (self.members[n].pk for n in ("carol", "alice", "bob"))
        season = attendance.records(self.season)
        self.assertEqual((season[carol].missed, season[carol].excused), (5, 4))
        self.assertEqual((season[alice].missed, season[bob].missed), (0, 0))
        one, two = attendance.records(self.season, match=match1), attendance.records(self.season, match=match2)
        self.assertEqual((one[carol].missed, one[carol].excused, two[carol].missed, two[carol].excused), (3, 3, 2, 1))
        self.assertEqual(season[carol].words(), "5 missed deadlines, 4 excused")
        self.assertEqual(Extension.objects.filter(player=self.carol_member).count(), 2)

    def test_an_extension_is_refused_with_its_reason(self):
        self.start()
        round1 = self.round_of(self.match)
        with self.assertRaisesMessage(Refused, "does not answer an absence with an extension"):
            do_extend_for_absence(round1.pk, 2, 1)
        self.match.absence_rule = Match.HOST_EXTENSION
        self.match.save()
        with self.assertRaisesMessage(Refused, "Carol has marked no absence between now and the new deadline."):
            do_extend_for_absence(round1.pk, 2, 1)
        # an absence that begins within the extension counts
        attendance.do_mark_absence(
            self.carol_member.pk, round1.deadline + timedelta(hours=1), round1.deadline + timedelta(days=1)
        )
        with self.assertRaisesMessage(Refused, "Extend by a whole number of hours, at least 1."):
            do_extend_for_absence(round1.pk, 2, 0)
        for hours in (25, 99_999_999, 9_999_999_999_999_999):  # past any date: refused, never an overflow
            with self.assertRaisesMessage(Refused, "at most 24 h for absences; this one has 24 h left"):
                do_extend_for_absence(round1.pk, 2, hours)
        self.assertEqual(Extension.objects.count(), 0)
        do_extend_for_absence(round1.pk, 2, 2)
        self.assertEqual(Extension.objects.count(), 1)

    def test_an_absence_is_refused_with_its_reason_and_changes_nothing(self):
        now, member = self.t0, self.carol_member
        for starts, ends, reason in [
            (now + timedelta(hours=2), now + timedelta(hours=1), "must end after it starts"),
            (now - timedelta(days=2), now - timedelta(days=1), "already over"),
            (now, now + timedelta(days=91), "at most 90 days"),
            (now + timedelta(days=400), now + timedelta(days=401), "at most a year from now"),
        ]:
            with self.subTest(reason=reason), self.assertRaisesMessage(Refused, reason):
                attendance.do_mark_absence(member.pk, starts, ends)
        attendance.do_mark_absence(member.pk, now, now + timedelta(days=1))
        with self.assertRaisesMessage(Refused, "overlaps an absence you marked already"):
            attendance.do_mark_absence(member.pk, now + timedelta(hours=5), now + timedelta(days=2))
        self.assertEqual(member.absences.count(), 1)
        # two days on, that one is over (and off the page): a new one may begin before it ended
        clock.advance_to(now + timedelta(days=2))
        attendance.do_mark_absence(member.pk, now + timedelta(hours=12), now + timedelta(days=3))
        self.assertEqual(member.absences.count(), 2)

    def test_an_absence_until_the_deadline_excuses_its_miss_however_late_the_close(self):
        self.start()
        round1 = self.round_of(self.match)
        attendance.do_mark_absence(self.carol_member.pk, self.t0, round1.deadline)  # "away until 18:00"
        self.bid(self.match, ["alice", "bob"])
        clock.advance_to(round1.deadline + timedelta(seconds=30))  # the sweep ran late
        self.assertTrue(lifecycle.close_phase(round1.pk))
        miss = MissedStep.objects.get(phase=round1)
        self.assertEqual((miss.seat, miss.excused), (2, MissedStep.ABSENCE))

    def test_autopilot_while_away_plays_the_absent_seat_at_once_and_excuses_it(self):
        self.match.absence_rule = Match.AUTOPILOT_WHILE_AWAY
        self.match.settings = {**self.settings, "round_seconds": 86400}
        self.match.save()
        attendance.do_mark_absence(self.carol_member.pk, self.t0, self.t0 + timedelta(hours=1))
        self.start()
        round1 = self.bid(self.match, ["alice", "bob"])
        round1.refresh_from_db()
        self.assertEqual(round1.close_reason, "early")
        miss = MissedStep.objects.get(phase=round1)
        self.assertEqual((miss.player_id, miss.on_autopilot, miss.excused), (self.carol_member.pk, True, "absence"))
        # round 2 opened while she was away: her default is in; she is back before Alice and Bob bid
        round2 = self.round_of(self.match)
        self.assertTrue(round2.submissions.filter(player__seat=2, by_autopilot=True).exists())
        clock.advance_to(self.t0 + timedelta(hours=2))
        self.bid(self.match, ["alice", "bob"])
        round3 = self.round_of(self.match)
        self.assertEqual(round3.key, "round-3")
        self.assertFalse(round3.submissions.filter(player__seat=2).exists())  # she is back: it waits for her

    def test_an_absence_that_begins_while_a_step_is_open_is_played_at_the_next_tick(self):
        self.match.absence_rule = Match.AUTOPILOT_WHILE_AWAY
        self.match.settings = {**self.settings, "round_seconds": 86400}
        self.match.save()
        self.start()
        round1 = self.round_of(self.match)
        self.bid(self.match, ["alice", "bob"])  # Carol has not bid; she will be away from the next hour
        attendance.do_mark_absence(self.carol_member.pk, self.t0 + timedelta(hours=1), self.t0 + timedelta(hours=5))
        run_due()
        self.assertFalse(round1.submissions.filter(player__seat=2).exists())  # not away yet: it waits for her
        clock.advance_to(self.t0 + timedelta(hours=1))
        run_due()  # the clock's next tick, with no write of the match in between
        round1.refresh_from_db()
        self.assertTrue(round1.submissions.filter(player__seat=2, by_autopilot=True).exists())
        self.assertEqual(round1.close_reason, "early")  # everyone else had sent: it closed at once
        miss = MissedStep.objects.get(phase=round1)
        self.assertEqual((miss.seat, miss.on_autopilot, miss.excused), (2, True, MissedStep.ABSENCE))
