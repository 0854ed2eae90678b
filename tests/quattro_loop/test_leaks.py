"""A player's hand, unplayed cards and a choice they have sent but that has not closed reach no
page or socket of the opponent or of spectators; the player reads their own."""

from matches.core import lifecycle
from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to

QUIET = "end: swap this this"
ADA_HAND = ({"v": 9, "c": "green"}, {"v": 8, "c": "yellow"})
BEN_HAND = ({"v": 6, "c": "red"}, {"v": 5, "c": "blue"})


class QuattroLeakTestCase(BaseTransactionTestCase):
    game = "quattro_loop"
    settings = {"boards": "custom", "board_lines": [["now: +1 pick"] + [QUIET] * 6]}
    seats = ("alice", "bob")

    def setUp(self):
        super().setUp()
        self.start()
        state = self.match.state
        for seat, planted in ((0, ADA_HAND), (1, BEN_HAND)):
            for card, values in zip(state["hands"][seat], planted):
                state["cards"][card] = dict(values)
        state["unplayed"][0] = [{"v": 7, "c": "blue"}]
        self.match.save(update_fields=["state"])

    def test_it_keeps_hands_unplayed_cards_and_pending_choices_private(self):
        ada, ben = ["9 green", "8 yellow", "7 blue"], ["6 red", "5 blue"]
        assert_hidden_from(self, self.match, None, ada + ben)
        assert_hidden_from(self, self.match, self.bob, ada)
        assert_hidden_from(self, self.match, self.alice, ben)
        assert_shown_to(self, self.match, self.alice, ada, "player page")

        for slot in ("B", "A"):  # A's pick asks once there are two cards on a loop to choose from
            hands, phase = self.match.state["hands"], self.open_phase()
            lifecycle.do_submit(phase.pk, self.seat("alice"), {"card": hands[0][0], "slot": slot})
            lifecycle.do_submit(phase.pk, self.seat("bob"), {"card": hands[1][0], "slot": slot})
            self.match.refresh_from_db()
        prompt = self.open_phase()
        self.assertIn("prompt", prompt.key)
        lifecycle.do_submit(prompt.pk, self.seat("alice"), {"q0_0": "B"})
        self.match.refresh_from_db()
        choice = self.seat("alice").submissions.get(phase=prompt).said  # Ada's choice, as her page says it
        self.assertIn("your B (9 green)", choice)
        # placed cards are public now; the one still in hand, and Ada's choice, are not
        assert_shown_to(self, self.match, None, ["9 green", "6 red", "8 yellow", "5 blue"], "public page")
        assert_hidden_from(self, self.match, None, ["7 blue", choice])
        assert_hidden_from(self, self.match, self.bob, ["7 blue", choice])
        assert_shown_to(self, self.match, self.alice, [choice], "player page")

        lifecycle.do_submit(prompt.pk, self.seat("bob"), {"q1_0": "B"})
        self.match.refresh_from_db()
        assert_shown_to(self, self.match, None, ["10 green"], "public page")  # Ada's choice, carried out
