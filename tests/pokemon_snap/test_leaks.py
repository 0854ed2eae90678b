"""Stats, plans, lists and photos reach no page or socket of other players or of spectators,
day after day; once day 5 is over everyone reads them."""

from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to

from .support_match import SnapMatchMixin, ranked

ALICE_LOG = "Activity G: -3 Cuteness, +5 Beauty"


class SnapLeakTestCase(SnapMatchMixin, BaseTransactionTestCase):
    def test_it_keeps_each_seat_s_part_to_itself_until_the_end(self):
        self.send("alice", {"morning": "G", "morning_lose": "cute", "morning_gain": "beauty", "evening": "V"})
        self.send("bob", ranked("D", [3, 4, 2, 5, 6, 7]))  # Dave and Frank; Alice is nobody's
        self.send("carol", ranked("C", [3, 4, 5, 6, 7, 2]))  # Grace and Heidi
        self.close_day()
        bob_photos, carol_photos = "for Exhibit D you photographed", "for Exhibit C you photographed"
        # as everyone but their owner reads them (the host; everyone after the end)
        bobs_told, carols_told = "for Exhibit D Bob photographed", "for Exhibit C Carol photographed"
        assert_shown_to(self, self.match, self.alice, [ALICE_LOG, "photographed by nobody"], "player page")
        assert_shown_to(self, self.match, self.dave, ["photographed by Bob"], "play socket")
        assert_shown_to(self, self.match, self.bob, [bob_photos, "Poochyena (Dave)"], "player page")
        for other in (None, self.bob, self.carol, self.dave):
            assert_hidden_from(self, self.match, other, [ALICE_LOG, "morning Activity G (lose Cuteness, gain Beauty)"])
        for other in (None, self.carol, self.alice, self.ivan):
            assert_hidden_from(self, self.match, other, [bob_photos, bobs_told, "photographed by Bob"])
        for other in (None, self.bob, self.alice):
            assert_hidden_from(self, self.match, other, [carol_photos, carols_told, "photographed by Carol"])
        for _ in range(3):  # days 2-4: the secrets stay secret
            self.close_day()
            assert_hidden_from(self, self.match, None, [ALICE_LOG, bob_photos, carol_photos, bobs_told, carols_told])
            assert_hidden_from(self, self.match, self.ivan, [ALICE_LOG, bob_photos, carol_photos, bobs_told])
        self.finish()
        assert_shown_to(self, self.match, None, [ALICE_LOG, bobs_told, "Final scores"], "public page")
        assert_hidden_from(self, self.match, None, [bob_photos])  # not "you" to a spectator (issue 40, point 7)
        assert_shown_to(self, self.match, self.bob, [bob_photos], "player page")
