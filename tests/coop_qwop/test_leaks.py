"""Who controls which athlete, a player's hand, their unplayed cards and their race proposals
reach nobody else (spectators included) on any page or socket until the match ends."""

import json

from games.engine_api import Viewer
from matches.core import lifecycle
from tests.support.base import BaseTransactionTestCase
from tests.coop_qwop.people import EIGHT, EightPlayersMixin
from tests.support.leaks import assert_hidden_from, assert_shown_to


class QwopLeakTestCase(EightPlayersMixin, BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.give_garnets("alice", 5)
        self.start()

    def athletes_of(self, name):
        seat = EIGHT.index(name)
        return [a for a in self.match.state["athletes"] if seat in a["controllers"]]

    def pairing_texts(self, exclude=None):
        """How a page would tell who controls an athlete: "#7 with Bob" or "Alice & Bob"."""
        texts = []
        for athlete in self.match.state["athletes"]:
            names = [EIGHT[s].title() for s in athlete["controllers"]]
            if exclude is not None and EIGHT.index(exclude) in athlete["controllers"]:
                continue
            texts += [f"#{athlete['number']} with {n}" for n in names] + [" & ".join(names)]
        return texts

    def test_it_keeps_private_state_private_until_the_end(self):
        alice = self.seat("alice")
        for _ in range(2):
            lifecycle.do_action(alice, "buy_pack", {"pack": "QQ"})  # Alice's hand: 12 Q
        mine, partner = self.shared("alice", "bob"), self.shared("carol", "frank")
        lifecycle.do_action(alice, "propose", {"athlete": str(mine), "race": "three_legged", "partner": partner})
        lifecycle.do_force_close(self.open_phase().pk)  # the pregame ends; round 1 opens
        self.match.refresh_from_db()
        lifecycle.do_submit(self.open_phase().pk, alice, {f"card_{self.shared('alice', 'judy')}": "W"})
        secret_card = alice.submissions.latest("id").said  # as her page says it: "#n with Judy · <race>: W (k left)"
        self.assertIn(": W (", secret_card)
        hand, proposal, pack = "Q × 12", "to run the three-legged race together", "You bought a QQ pack"

        assert_hidden_from(self, self.match, None, self.pairing_texts() + [hand, proposal, pack, secret_card])
        assert_hidden_from(self, self.match, self.eve, self.pairing_texts() + [hand, proposal, secret_card])
        assert_hidden_from(
            self, self.match, self.grace, self.pairing_texts(exclude="grace") + [hand, proposal, pack, secret_card]
        )
        # Carol controls the proposed partner athlete: she saw the proposal, never who made it.
        assert_hidden_from(self, self.match, self.carol, self.pairing_texts(exclude="carol") + [hand, secret_card])
        assert_shown_to(self, self.match, self.alice, [hand, secret_card, f"#{mine} with Bob"], "player page")

        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()
        assert_shown_to(self, self.match, None, ["Alice & Bob", "Carol & Frank"], "public page")

    def test_it_leaves_private_fields_out_of_the_views_themselves(self):
        """Pages are drawn from the views: what a view lacks, no template can show."""
        engine, state = lifecycle.engine_of(self.match), self.match.state
        spectator = engine.view(state, Viewer.spectator())
        self.assertNotIn("controllers", json.dumps(spectator))
        for key in ("hand", "hands", "mine", "inbox", "proposals", "packs"):
            self.assertNotIn(key, spectator)
        bob = engine.view(state, Viewer.for_seat(EIGHT.index("bob")))
        self.assertEqual(len(bob["mine"]), 7)
        self.assertNotIn("controllers", json.dumps(bob))
        self.assertEqual(bob["hand"], {"Q": 8, "W": 8, "O": 8, "P": 8, "X": 3})
        self.assertIn("controllers", json.dumps(engine.view(state, Viewer.host())))
