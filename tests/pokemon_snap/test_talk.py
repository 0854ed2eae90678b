"""S10 through the platform's conversations: day 1 everyone, later days a photographer and the
Pokemon they photographed the day before; closed conversations read-only; words reach nobody
outside a conversation."""

from matches.talk import conversations as talk
from matches.core.lifecycle import Refused
from matches.models import Conversation
from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to

from .support_match import SnapMatchMixin, ranked


class SnapTalkTestCase(SnapMatchMixin, BaseTransactionTestCase):
    def table(self):
        return Conversation.objects.get(match=self.match, kind=Conversation.TABLE)

    def test_it_opens_everything_on_day_1(self):
        talk.do_post(self.seat("alice"), self.table().pk, "Hello table")
        _, pair = talk.do_start_conversation(self.seat("dave"), [self.seat("frank").seat])  # two Pokemon
        talk.do_post(self.seat("frank"), pair.pk, "Pokemon pact")
        assert_shown_to(self, self.match, self.dave, ["Pokemon pact"], "player page")
        for other in (None, self.alice, self.bob):
            assert_hidden_from(self, self.match, other, ["Pokemon pact"])

    def test_it_lets_only_photographer_and_photographed_talk_after_day_1(self):
        _, early = talk.do_start_conversation(self.seat("bob"), [self.seat("dave").seat])
        _, pokemon = talk.do_start_conversation(self.seat("alice"), [self.seat("ivan").seat])
        self.send("bob", ranked("D", [3, 4, 2, 5, 6, 7]))  # Bob photographs Dave (3) and Frank (4)
        self.send("carol", ranked("C", [5, 6, 2, 3, 4, 7]))  # Carol: Grace (5) and Heidi (6)
        self.close_day()
        self.match.refresh_from_db()
        talk.do_post(self.seat("bob"), early.pk, "Thanks for posing")  # Bob and Dave: open on day 2
        _, frank = talk.do_start_conversation(self.seat("frank"), [self.seat("bob").seat])
        talk.do_post(self.seat("frank"), frank.pk, "Shoot me again")
        refusals = [
            lambda: talk.do_post(self.seat("alice"), self.table().pk, "anyone?"),
            lambda: talk.do_post(self.seat("alice"), pokemon.pk, "still friends?"),
            lambda: talk.do_start_conversation(self.seat("bob"), [self.seat("grace").seat]),  # Carol's photo
            lambda: talk.do_start_conversation(self.seat("bob"), [self.seat("carol").seat]),
            lambda: talk.do_start_conversation(self.seat("bob"), [self.seat("dave").seat, self.seat("frank").seat]),
        ]
        for refused in refusals:
            with self.assertRaises(Refused) as caught:
                refused()
            self.assertIn("photographer may talk only", str(caught.exception))
        self.assertEqual([s.seat for s in talk.may_start_with(self.match, self.seat("bob"))], [3, 4])
        assert_shown_to(self, self.match, self.alice, ["Read-only now: On day 2 a photographer"], "player page")
        for other in (None, self.alice, self.carol, self.frank):
            assert_hidden_from(self, self.match, other, ["Thanks for posing"])
        # Day 3: Bob photographs nobody he talked to; the Bob-Dave conversation closes, reopens if he does again.
        self.send("bob", ranked("B", [2, 5, 6, 4, 3, 7]))  # Carol has priority and takes 2: Grace, Heidi, Frank
        self.send("carol", ranked("E", [2, 7, 3, 4, 5, 6]))
        self.close_day()
        with self.assertRaises(Refused):
            talk.do_post(self.seat("dave"), early.pk, "hello?")
        self.finish()
        talk.do_post(self.seat("alice"), self.table().pk, "Good game")  # over: anyone
