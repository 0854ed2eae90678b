"""The operations' definitions and the shootouts' targets, P and Q reach no player or spectator
page or socket before the end; afterwards everyone reads them."""

from matches.core import lifecycle
from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to

SECRET_A, SECRET_E = "max(a, b) + 0*77777", "min(a, b) + 0*66666"
TARGETS = [[31337, 27182, 16180]] + [[11, 12, 13]] * 8


class CosignLeakTestCase(BaseTransactionTestCase):
    game = "mystery_cosign"
    settings = {"operation_set": "easy", "operations": {"A": SECRET_A, "E": SECRET_E}, "targets": TARGETS}
    seats = ("alice", "bob")

    def setUp(self):
        super().setUp()
        self.start()

    def play_until_shootout(self):
        """Defaults for the Advantage choice, then P = 1 and Q = 2 and picks A, B every round."""
        while not self.open_phase().key.startswith("shootout"):
            phase = self.open_phase()
            for seat in phase.waits_on:
                player = self.match.seats.get(seat=seat)
                data = {"collab": None}
                if phase.key.endswith("-P"):
                    data = {"P": 1}
                elif phase.key.endswith("-Q"):
                    data = {"Q": 2}
                elif phase.key.endswith("-picks"):
                    data = {"picks": ["A", "B"]}
                else:
                    data = {"first": "me"}
                lifecycle.do_submit(phase.pk, player, data)
            self.match.refresh_from_db()

    def test_it_keeps_definitions_targets_and_shootout_moves_private_until_the_end(self):
        self.play_until_shootout()
        shootout = self.open_phase()
        lifecycle.do_submit(shootout.pk, self.seat("alice"), {"target": "31337", "P": 987, "Q": 913})
        definitions = ["77777", "66666", SECRET_A]
        sent = "P (0-999): 987; Q (0-999): 913"  # Alice's move as her page says it (its fields' labels)
        alices = ["target 31337", "P = 987", "Q = 913", "P 987, Q 913", sent]
        assert_hidden_from(self, self.match, None, definitions + alices + ["31337", "27182", "16180"])
        assert_hidden_from(self, self.match, self.bob, definitions + alices)
        assert_shown_to(self, self.match, self.bob, ["31337", "27182", "16180"], "player page")  # his targets too
        assert_shown_to(self, self.match, self.alice, [sent], "player page")

        lifecycle.do_submit(shootout.pk, self.seat("bob"), {"target": "27182", "P": 5, "Q": 6})
        self.match.refresh_from_db()
        assert_hidden_from(self, self.match, None, definitions + alices + ["target 27182"])
        assert_hidden_from(self, self.match, self.bob, definitions + alices)
        assert_shown_to(self, self.match, None, ["Shootout 1 of phase 1: Alice 0 points, Bob 0 points"], "public page")

        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()
        assert_shown_to(self, self.match, None, [SECRET_A, SECRET_E, "target 31337, P = 987, Q = 913"], "public page")
