"""A substitute mid-phase, in every game (issue 36): at a phase that waits on two seats or more,
the seat of its first waiting player is handed, quietly, to Judy (in the season, in no seat).

- Judy sees exactly what the seat saw (its private state and forms, the same bytes its old
  holder's socket was sent) and may send its move;
- the old holder's play page is the public one, and their play socket is refused;
- every other viewer (a spectator, each other seat) records the same bytes, pushes included,
  whether the old holder sent a move or the seat was handed to Judy who sent the same move;
  announced, the hand-over is a public line that everyone reads."""

from django.http import Http404
from django.test import Client
from django.urls import reverse

from games import registry
from matches.core import lifecycle
from matches.core.access import access_seat
from matches.core.substitutes import do_hand_seat
from matches.live.sockets import resolve_viewer, socket_update
from matches.models import Event, MatchPlayer, Phase
from tests.support.secret_runs import PEOPLE, SecretsTestCase
from tests.support.side_channels import without_noise

NEW = "judy"  # PEOPLE's last: seated in no game's fewest seats (Pokemon Snap seats 8)


class SubstituteInEveryGameTestCase(SecretsTestCase):
    def test_the_new_account_plays_the_seat_and_the_old_one_loses_it(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                self.new_world()
                match, phase = self.hidden_phase(engine)
                seat = phase.waits_on[0]
                old = PEOPLE[seat]
                # garnets are the account's, not the seat's (the season ledger): Judy has what the
                # seated ones were given, so that only the seat's own secrets could differ
                self.give_garnets(NEW, 5)
                before = socket_update(match.pk, resolve_viewer(self.users[old], match.pk, "play"), 0)
                do_hand_seat(match.pk, self.hana, seat, self.members[NEW].pk)
                after = socket_update(match.pk, resolve_viewer(self.users[NEW], match.pk, "play"), 0)
                for section in ("live-state", "live-forms", "turn-bar"):
                    self.assertEqual(
                        without_noise(after["sections"][section]), without_noise(before["sections"][section])
                    )
                self.assertEqual(after["events"], before["events"])
                with self.assertRaises(Http404):
                    access_seat(self.users[old], match.pk)
                self.assertIsNone(resolve_viewer(self.users[old], match.pk, "play"))
                client = Client()
                client.force_login(self.users[old])
                response = client.get(reverse("match_play", args=[match.pk]))
                self.assertRedirects(response, reverse("match_public", args=[match.pk]))
                move = self.submission(engine, match, phase, seat, 1)
                done = lifecycle.do_submit(phase.pk, access_seat(self.users[NEW], match.pk), move)
                self.assertTrue(done.message.startswith("Submission received"), done.message)

    def test_a_quiet_hand_over_leaves_every_other_viewer_the_same_bytes(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                self.assert_hand_over_quiet(engine)

    def assert_hand_over_quiet(self, engine):
        self.new_world()
        match, phase = self.hidden_phase(engine)
        seat, key = phase.waits_on[0], phase.key
        move = self.submission(engine, match, phase, seat, 1)
        old = PEOPLE[seat]
        observers = [None] + [name for name in PEOPLE[: engine.min_seats] if name != old]

        def send(name, match):
            phase = match.phases.get(key=key, status=Phase.OPEN)
            lifecycle.do_submit(phase.pk, MatchPlayer.objects.get(match=match, seat=seat), move)

        def hand_then_send(match):
            do_hand_seat(match.pk, self.hana, seat, self.members[NEW].pk)
            send(NEW, match)

        def play_to_point():
            self.give_garnets(NEW, 5)  # in both runs: garnets are the account's (see above)
            return self.hidden_phase(engine)[0]

        self.assert_indistinguishable(
            play_to_point,
            {f"{old} sends {move}": lambda match: send(old, match), f"handed to {NEW}, who sends it": hand_then_send},
            observers,
        )

    def test_an_announced_hand_over_is_read_by_everyone(self):
        engine = registry.get("fixture")
        self.new_world()
        match, phase = self.hidden_phase(engine)
        do_hand_seat(match.pk, self.hana, phase.waits_on[0], self.members[NEW].pk, announce=True)
        line = Event.objects.get(match=match, kind="seat.handed")
        self.assertEqual(line.visibility, Event.PUBLIC)
        page = Client().get(reverse("match_public", args=[match.pk])).content.decode()
        self.assertIn(f"Seat {phase.waits_on[0] + 1}: Judy plays it from step", page)
