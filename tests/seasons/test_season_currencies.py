"""A season's own currencies: defined by the host, written in the ledger, given when giftable,
shown publicly only when public; games keep the built-in kinds."""

from django.test import Client
from django.urls import reverse

from matches.seasons import gifts
from matches.core.lifecycle import Refused
from matches.models import LedgerEntry, Season, SeasonCurrency
from tests.support.base import BaseTestCase


class SeasonCurrencyTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.black = SeasonCurrency.objects.create(season=self.season, key="black-garnet", name="Black Garnet")
        self.favour = SeasonCurrency.objects.create(
            season=self.season, key="favour", name="Favour", giftable=True, public=False
        )
        for currency, name in ((self.black, "alice"), (self.favour, "alice")):
            LedgerEntry.objects.create(
                season=self.season,
                player=self.members[name],
                kind=currency.kind,
                amount=3,
                reason=f"the host's {currency.name}",
            )

    def page(self, user=None):
        client = Client()
        if user is not None:
            client.force_login(user)
        return client.get(reverse("season", args=[self.season.slug])).content.decode()

    def test_it_gives_a_giftable_currency_and_refuses_one_that_is_not(self):
        gifts.do_gift(self.members["alice"].pk, self.members["bob"].pk, self.favour.kind, 2)
        with self.assertRaises(Refused):
            gifts.do_gift(self.members["alice"].pk, self.members["bob"].pk, self.black.kind, 1)
        with self.assertRaises(Refused):
            gifts.do_gift(self.members["alice"].pk, self.members["bob"].pk, self.favour.kind, 2)  # 1 left
        self.assertEqual(LedgerEntry.objects.filter(kind=self.favour.kind, player=self.members["bob"]).count(), 1)

    def test_it_shows_public_currencies_to_everyone_and_private_ones_to_their_owner_and_the_host(self):
        public = self.page()
        self.assertIn("<th>Black Garnet</th>", public)
        self.assertNotIn("Favour", public)
        self.assertIn("Alice gains 3 Black Garnets", public)  # the history in words
        self.assertIn("3 Favour", self.page(self.alice))  # her own balances
        bob = self.page(self.bob)  # he may hold and give Favour, but not read Alice's
        self.assertNotIn("<th>Favour</th>", bob)
        self.assertNotIn("3 Favours", bob)
        self.assertIn("<th>Favour</th>", self.page(self.hana))

    def test_it_refuses_another_season_s_currency_in_the_ledger(self):
        other = Season.objects.create(name="Other", slug="other")
        theirs = SeasonCurrency.objects.create(season=other, key="shell", name="Shell")
        client = Client()
        client.force_login(self.hana)
        response = client.post(
            reverse("admin:matches_ledgerentry_add"),
            {
                "season": self.season.pk,
                "player": self.members["bob"].pk,
                "kind": theirs.kind,
                "amount": 1,
                "reason": "x",
            },
        )
        self.assertEqual(response.status_code, 200)  # the form again
        self.assertFalse(LedgerEntry.objects.filter(kind=theirs.kind).exists())
        client.post(
            reverse("admin:matches_ledgerentry_add"),
            {
                "season": self.season.pk,
                "player": self.members["bob"].pk,
                "kind": self.black.kind,
                "amount": 1,
                "reason": "a black garnet for Bob",
            },
        )
        self.assertTrue(LedgerEntry.objects.filter(kind=self.black.kind, player=self.members["bob"]).exists())

    def test_it_offers_giftable_currencies_in_the_gift_form(self):
        page = self.page(self.alice)
        self.assertIn('<option value="c-favour">Favours</option>', page)
        self.assertNotIn('value="c-black-garnet"', page)
