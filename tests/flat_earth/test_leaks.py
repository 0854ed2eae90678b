"""Positions, distances, votes and proposers reach no page or socket of other players or of
spectators, window after window; at the end everyone reads them."""

from django.urls import reverse

from matches.core import lifecycle
from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to

OPTIONS = [[[3, 0], [0, 7]]] + [[[1, 0]]] * 7


class FlatEarthLeakTestCase(BaseTransactionTestCase):
    game = "flat_earth"
    settings = {"options": OPTIONS, "pregame_seconds": 60, "window_seconds": 600}
    seats = ("alice", "bob", "carol", "dave", "frank")

    def setUp(self):
        super().setUp()
        self.start()
        lifecycle.do_force_close(self.open_phase().pk)  # the pregame
        self.match.refresh_from_db()

    def send(self, name, data):
        lifecycle.do_submit(self.open_phase().pk, self.seat(name), data)

    def test_it_keeps_positions_votes_and_proposers_private_until_the_end(self):
        # Alice proposes (3, 0) to Carol and (0, 7) to Dave; Bob proposes a 17-degree shift of B.
        self.send("alice", {"kind": "move", "option_0": "2", "option_1": "3"})
        self.send("bob", {"kind": "shift", "shift_vector": "B", "shift_dir": "ccw", "shift_degrees": 17})
        lifecycle.do_force_close(self.open_phase().pk)  # window 1
        self.match.refresh_from_db()
        # the proposals are public, without proposers
        assert_shown_to(self, self.match, None, ["(3, 0) to Carol, (0, 7) to Dave", "turn B 17°"], "public page")
        # Dave rejects; one rejection: it passes. Carol moves to (3, 0), Dave (who rejected) does not.
        self.send("dave", {"vote_1": "reject"})
        vote = self.seat("dave").submissions.latest("id").said  # his vote as his page says it
        self.assertTrue(vote.endswith(": Reject"), vote)
        lifecycle.do_force_close(self.open_phase().pk)  # window 2
        self.match.refresh_from_db()
        carol = ["(3.00, 0.00)", "3.00"]
        assert_hidden_from(self, self.match, None, carol + ["Alice: (3, 0)", vote])
        for other in (self.alice, self.bob):
            assert_hidden_from(self, self.match, other, carol + [vote])
        assert_hidden_from(self, self.match, self.dave, carol)
        assert_shown_to(self, self.match, self.dave, [vote], "player page")  # his own vote he sees
        assert_shown_to(self, self.match, self.carol, ["(3.00, 0.00)"], "player page")
        assert_hidden_from(self, self.match, self.carol, [vote, "passed 1"])  # nor whether it passed
        # F12c: the host's own page has every proposal's proposer and every vote, live
        self.client.force_login(self.hana)
        host_page = self.client.get(reverse("match_host", args=[self.match.pk])).content.decode()
        for shown in ("proposed by alice", "Dave reject", "Carol accept", "proposed by bob"):
            self.assertIn(shown.lower(), host_page.lower())
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
            self.match.refresh_from_db()
        assert_shown_to(
            self, self.match, None, ["(3.00, 0.00)", "Alice: (3, 0) to Carol, (0, 7) to Dave"], "public page"
        )
