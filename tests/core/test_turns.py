"""Turn sequences (PhaseSpec.turn), played with the test-only game Call or Raise
(tests/fixture_turns): a round's log reads as its actions alone, with no "Open now" or "Closed"
lines; each action has its own deadline; a missed turn closes at its deadline with the rules'
default (a fold, said as one); the rest works as for any phase (the form on the play page, a
reminder, the close as soon as the player has moved, a step page that shows what a turn's close
said); whole matches of bots that miss turns replay exactly.

Match seed 12345 deals round 1 to Alice a 4 and to Bob a 6, and Bob acts first (worked out from
the seed once, and checked below: each sees the other's card). Chips 10 each, one chip in each."""

from datetime import timedelta

from django.urls import reverse

from matches import clock
from matches.core import lifecycle
from matches.core.playtest import playtest
from matches.core.replay import replay
from matches.models import Event, Match, Phase, Reminder, Submission
from matches.notifications import reminders
from tests.support.base import PASSWORD, BaseTestCase


class TurnsTestCase(BaseTestCase):
    game = "fixture_turns"
    settings = {}
    seats = ("alice", "bob")

    def turn(self, name, data):
        phase = self.open_phase()
        self.assertEqual(phase.waits_on, [self.seat(name).seat], phase.title)
        lifecycle.do_submit(phase.pk, self.seat(name), data)
        return phase

    def log(self, since=0):
        """The log as a spectator reads it (public lines), after event number `since`."""
        rows = Event.objects.filter(match=self.match, visibility=Event.PUBLIC, seq__gt=since).order_by("seq")
        return list(rows.values_list("text", flat=True))

    def test_it_logs_a_played_round_as_its_actions_only(self):
        self.start()
        self.assertEqual(
            self.log(), ["Test match has started.", "Round 1: each puts in a chip and is dealt a card; Bob acts first."]
        )
        private = dict(
            Event.objects.filter(match=self.match, kind="deal", seat__isnull=False).values_list("seat", "text")
        )
        self.assertEqual(private, {0: "You see Bob's card: 6.", 1: "You see Alice's card: 4."})
        started = self.match.event_seq
        self.turn("bob", {"action": "raise", "amount": 2})  # Bob 9 -> 7, stakes 1 and 3
        self.turn("alice", {"action": "raise", "amount": 1})  # Alice pays 2 + 1: 9 -> 6, stakes 4 and 3
        self.turn("bob", {"action": "call"})  # Bob pays 1: 7 -> 6, pot 8 to the 6 over the 4: Bob 14
        self.assertEqual(
            self.log(started),
            [
                "Bob raises by 2: Alice owes 2, the pot is 4.",
                "Alice raises by 1: Bob owes 1, the pot is 7.",
                "Bob calls (1); Bob takes the pot of 8. The cards: Alice 4, Bob 6.",
                "Round 2: each puts in a chip and is dealt a card; Alice acts first.",
            ],
        )
        self.assertFalse(Event.objects.filter(match=self.match, kind__in=("phase.opened", "phase.closed")).exists())
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["chips"], [5, 13])  # 6 and 14, less round 2's chip each
        phases = list(self.match.phases.order_by("sequence"))
        self.assertEqual(
            [(p.title, p.turn, p.status, p.close_reason) for p in phases],
            [
                ("Round 1, turn 1: Bob", True, Phase.CLOSED, "early"),
                ("Round 1, turn 2: Alice", True, Phase.CLOSED, "early"),
                ("Round 1, turn 3: Bob", True, Phase.CLOSED, "early"),
                ("Round 2, turn 1: Alice", True, Phase.OPEN, ""),
            ],
        )

    def test_it_gives_each_action_its_own_deadline(self):
        start = clock.now()
        with clock.simulated(start):
            self.start()
        first = self.open_phase()
        self.assertEqual(first.deadline - first.opened_at, timedelta(seconds=60))
        with clock.simulated(start + timedelta(seconds=45)):
            self.turn("bob", {"action": "raise", "amount": 1})
        second = self.open_phase()
        self.assertEqual(
            (second.opened_at, second.deadline), (start + timedelta(seconds=45), start + timedelta(seconds=105))
        )

    def test_it_closes_a_missed_turn_at_its_deadline_with_a_fold_said_as_a_default(self):
        self.start()
        self.turn("bob", {"action": "raise", "amount": 3})  # Bob 9 -> 6, stakes 1 and 4
        phase = self.open_phase()
        with clock.simulated(phase.deadline - timedelta(seconds=1)):
            self.assertEqual(lifecycle.sweep(), 0)
        self.match.refresh_from_db()
        seen = self.match.event_seq
        with clock.simulated(phase.deadline):
            self.assertEqual(lifecycle.sweep(), 1)
        phase.refresh_from_db()
        self.assertEqual((phase.status, phase.close_reason), (Phase.CLOSED, "deadline"))
        fold = Submission.objects.get(phase=phase)
        self.assertEqual((fold.source, fold.payload), (Submission.DEFAULT, {"action": "fold"}))
        self.assertEqual(
            self.log(seen),
            [
                "Time ran out: Alice folds; Bob takes the pot of 5. The cards: Alice 4, Bob 6.",
                "Round 2: each puts in a chip and is dealt a card; Alice acts first.",
            ],
        )
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["chips"], [8, 10])  # 9 and 11 after the pot, less a chip each

    def test_it_writes_no_closed_line_for_a_turn_the_host_closes(self):
        self.start()
        seen = self.match.event_seq
        lifecycle.do_force_close(self.open_phase().pk, by=self.hana)
        self.assertEqual(
            self.log(seen)[0], "Time ran out: Bob folds; Alice takes the pot of 2. The cards: Alice 4, Bob 6."
        )
        self.assertFalse(Event.objects.filter(match=self.match, kind="phase.closed").exists())

    def test_it_shows_the_player_on_turn_the_form_and_the_other_s_card(self):
        self.start()
        self.client.login(username="bob", password=PASSWORD)
        page = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        for words in (
            "Round 1, turn 1: Bob",
            "Raise (1 to 3)",
            "Call (show the cards)",
            "Raise by",
            "Alice's card: <strong>4</strong>",
        ):
            self.assertIn(words, page)
        self.assertNotIn("Bob's card", page)  # his own he cannot see

    def test_it_shows_on_a_turn_s_step_page_what_its_close_said(self):
        self.start()
        self.turn("bob", {"action": "raise", "amount": 2})
        self.turn("alice", {"action": "fold"})
        self.client.force_login(self.hana)  # a running match's steps are its hosts'
        page = self.client.get(reverse("match_step", args=[self.match.pk, 2])).content.decode()
        self.assertIn("Alice folds; Bob takes the pot of 4.", page)
        self.assertNotIn("Bob raises by 2", page)  # step 1's line
        first = self.client.get(reverse("match_step", args=[self.match.pk, 1])).content.decode()
        self.assertIn("Bob raises by 2: Alice owes 2, the pot is 4.", first)
        self.assertNotIn("Alice folds", first)

    def test_it_plays_whole_matches_with_missed_turns_that_replay_exactly(self):
        piloted = 0
        for seed in (1, 2, 3):
            with self.subTest(seed=seed):
                result = playtest("fixture_turns", 2, seed, miss_rate=0.3, keep=True)
                match = Match.objects.get(pk=result["match_id"])
                self.assertEqual((match.status, replay(match)), (Match.FINISHED, []))
                self.assertGreater(result["missed"], 0)
                kinds = set(match.events.values_list("kind", flat=True))
                self.assertFalse(kinds & {"phase.opened", "phase.closed"})
                # every missed turn (the bots' own count), and only a missed one, is a default said as
                # one; after two misses in a row the seat is on autopilot, whose turns are played by
                # default as they open, said the same way
                defaults = Submission.objects.filter(phase__match=match, source=Submission.DEFAULT)
                said = match.events.filter(text__startswith="Time ran out").count()
                self.assertEqual(defaults.filter(by_autopilot=False).count(), result["missed"])
                self.assertEqual(said, defaults.count())
                piloted += defaults.filter(by_autopilot=True).count()
        self.assertGreater(piloted, 0, "no seed missed two turns in a row: the autopilot was not walked")

    def test_it_reminds_the_player_on_turn_before_the_turn_s_own_deadline(self):
        self.match.settings = {"turn_seconds": 7200}
        self.match.save(update_fields=["settings"])
        with clock.simulated():
            self.start()
            phase = self.open_phase()
            clock.advance_to(phase.deadline - timedelta(minutes=59))
            reminders.send_due()
            self.assertEqual(
                [(r.phase_id, r.player.seat, r.minutes) for r in Reminder.objects.all()], [(phase.pk, 1, 60)]
            )  # Bob's turn: Bob alone, an hour before its deadline
