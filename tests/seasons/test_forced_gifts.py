"""Transfers the rules force (F10) as prompts: the player chooses among the recipients the rules
name until the deadline; after it the host confirms the fallback. Nothing else gets through."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from games.engine_api import TOKEN_OF_LIFE
from matches import clock
from matches.models import ForcedGift, LedgerEntry, SeasonPlayer, balances_for
from tests.support.base import BaseTestCase


class ForcedGiftTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        LedgerEntry.objects.create(
            season=self.season, player=self.members["carol"], kind=TOKEN_OF_LIFE, amount=4, reason="earlier"
        )
        self.prompt = ForcedGift.objects.create(
            season=self.season,
            player=self.members["carol"],
            kind=TOKEN_OF_LIFE,
            remaining=3,
            recipients=[self.members["alice"].pk, self.members["bob"].pk],
            reason="Flat Earth: at most 1",
            deadline=clock.now() + timedelta(hours=24),
        )

    def client_for(self, user):
        client = Client()
        client.force_login(user)
        return client

    def give(self, user, recipient, amount):
        return self.client_for(user).post(
            reverse("forced_give", args=[self.season.slug, self.prompt.pk]),
            {"recipient": self.members[recipient].pk, "amount": amount},
        )

    def tokens(self, name):
        return balances_for(self.season, [self.members[name].pk]).get(self.members[name].pk, {}).get(TOKEN_OF_LIFE, 0)

    def test_it_asks_the_holder_on_the_season_page_and_lets_them_choose(self):
        page = self.client_for(self.carol).get(reverse("season", args=[self.season.slug])).content.decode()
        self.assertIn("You must give away 3", page)
        self.give(self.carol, "bob", 2)
        self.give(self.carol, "alice", 1)
        self.assertEqual((self.tokens("carol"), self.tokens("bob"), self.tokens("alice")), (1, 2, 1))
        self.prompt.refresh_from_db()
        self.assertEqual((self.prompt.remaining, self.prompt.status), (0, ForcedGift.DONE))

    def test_it_refuses_a_recipient_the_rules_do_not_name_too_many_and_another_s_prompt(self):
        self.give(self.carol, "dave", 1)  # not named
        self.give(self.carol, "bob", 4)  # more than she must give
        self.give(self.carol, "bob", 0)
        self.give(self.alice, "bob", 1)  # not hers: refused, nothing moves
        SeasonPlayer.objects.filter(pk=self.members["bob"].pk).update(status=SeasonPlayer.ELIMINATED)
        self.give(self.carol, "bob", 1)
        self.assertEqual(self.tokens("carol"), 4)
        self.assertEqual(LedgerEntry.objects.count(), 1)

    def test_it_lets_the_host_confirm_the_fallback_only_after_the_deadline(self):
        url = reverse("forced_fallback", args=[self.season.slug, self.prompt.pk])
        host = self.client_for(self.hana)
        host.post(url)
        self.assertEqual(self.tokens("carol"), 4)  # still the player's to choose
        self.give(self.carol, "alice", 1)
        ForcedGift.objects.filter(pk=self.prompt.pk).update(deadline=clock.now() - timedelta(minutes=1))
        self.give(self.carol, "alice", 1)  # too late for her now
        self.assertEqual(self.tokens("alice"), 1)
        for user in (self.alice, self.carol, self.eve):
            self.assertEqual(self.client_for(user).post(url).status_code, 404)
        page = host.get(reverse("season", args=[self.season.slug])).content.decode()
        self.assertIn("Confirm the fallback", page)
        host.post(url)
        self.assertEqual((self.tokens("carol"), self.tokens("alice"), self.tokens("bob")), (1, 2, 1))  # Alice, Bob
        self.assertEqual(ForcedGift.objects.get().status, ForcedGift.DONE)
        host.post(url)  # once
        self.assertEqual(self.tokens("carol"), 1)

    def test_it_sends_anonymous_visitors_to_log_in(self):
        for url in (
            reverse("forced_give", args=[self.season.slug, self.prompt.pk]),
            reverse("forced_fallback", args=[self.season.slug, self.prompt.pk]),
        ):
            response = Client().post(url, {"recipient": self.members["bob"].pk, "amount": 1})
            self.assertEqual(response.status_code, 302)
            self.assertIn(reverse("login"), response["Location"])
        self.assertEqual(self.tokens("carol"), 4)
