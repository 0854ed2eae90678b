"""Gifts between players of a season: two ledger entries in one transaction, refused with a
reason when the balance is short, the recipient eliminated or oneself, the amount odd, or the
host has frozen gifts; two gifts racing on one balance never take it below zero."""

from django.urls import reverse

from games.engine_api import GARNET, TOKEN_OF_LIFE
from matches.seasons import gifts
from matches.core.lifecycle import Refused
from matches.models import LedgerEntry, SeasonPlayer, balances_for
from tests.support.base import BaseTestCase, BaseTransactionTestCase
from tests.core.test_races import race


def balance(test, name, kind=GARNET):
    member = test.members[name]
    return balances_for(test.season, [member.pk]).get(member.pk, {}).get(kind, 0)


class GiftsTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.give_garnets("alice", 5)
        self.client.force_login(self.alice)
        self.url = reverse("give", args=[self.season.slug])

    def post(self, **data):
        return self.client.post(
            self.url, {"recipient": self.members["bob"].pk, "kind": GARNET, "amount": 2, **data}, follow=True
        )

    def test_it_moves_garnets_in_two_entries_and_tells_both(self):
        page = self.post()
        self.assertContains(page, "You gave Bob 2 garnets.")
        self.assertEqual((balance(self, "alice"), balance(self, "bob")), (3, 2))
        entries = LedgerEntry.objects.filter(reason="Alice gave Bob 2 garnets")
        self.assertEqual(sorted(e.amount for e in entries), [-2, 2])
        self.client.force_login(self.bob)
        self.assertContains(self.client.get(reverse("season", args=[self.season.slug])), "Alice gave Bob 2 garnets")

    def test_it_refuses_with_a_reason_and_changes_nothing(self):
        SeasonPlayer.objects.filter(pk=self.members["carol"].pk).update(status="eliminated")
        cases = [
            ({"amount": 6}, "You have 5 garnets; you cannot give 6."),
            ({"kind": TOKEN_OF_LIFE, "amount": 1}, "You have 0 tokens of life"),
            ({"recipient": self.members["alice"].pk}, "Select a valid choice"),  # not offered: oneself
            ({"recipient": self.members["carol"].pk}, "Select a valid choice"),  # eliminated: not offered
            ({"amount": -3}, "greater than or equal to 1"),
            ({"amount": 10**12}, "less than or equal to 1000"),
            ({"kind": "mark_of_elimination"}, "Select a valid choice"),
            ({"recipient": 999999}, "Select a valid choice"),
        ]
        for data, says in cases:
            self.assertContains(self.post(**data), says, msg_prefix=str(data))
        self.season.gifts_frozen = True
        self.season.save()
        self.assertContains(self.post(), "The host has frozen gifts for now.")
        self.assertEqual(LedgerEntry.objects.exclude(reason="test grant").count(), 0)

    def test_the_write_itself_refuses_what_the_form_would_not_offer(self):
        alice, carol = self.members["alice"], self.members["carol"]
        carol.status = "eliminated"
        carol.save()
        for recipient, says in ((alice.pk, "yourself"), (carol.pk, "Carol is eliminated"), (None, "Choose a player")):
            with self.assertRaisesMessage(Refused, says):
                gifts.do_gift(alice.pk, recipient, GARNET, 1)
        with self.assertRaisesMessage(Refused, "You are eliminated"):
            gifts.do_gift(carol.pk, alice.pk, GARNET, 1)

    def test_a_stranger_cannot_give(self):
        self.client.force_login(self.eve)
        self.assertEqual(
            self.client.post(self.url, {"recipient": self.members["bob"].pk, "kind": GARNET, "amount": 1}).status_code,
            404,
        )


class GiftRaceTestCase(BaseTransactionTestCase):
    def test_two_gifts_racing_on_one_balance_never_overdraw(self):
        self.give_garnets("alice", 5)
        alice, bob, carol = (self.members[n].pk for n in ("alice", "bob", "carol"))
        results = race(lambda: gifts.do_gift(alice, bob, GARNET, 4), lambda: gifts.do_gift(alice, carol, GARNET, 4))
        done = [r for r in results if not isinstance(r, Exception)]
        refused = [r for r in results if isinstance(r, Refused)]
        self.assertEqual((len(done), len(refused)), (1, 1), results)
        self.assertEqual(balance(self, "alice"), 1)
        self.assertEqual(LedgerEntry.objects.exclude(reason="test grant").count(), 2)  # one gift, whole
