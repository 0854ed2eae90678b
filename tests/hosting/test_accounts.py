from django.contrib.auth.models import User
from django.urls import reverse

from matches.models import Season, SeasonPlayer
from matches.hosting.invites import invite_path, invite_tokens
from tests.support.base import BaseTestCase


class InviteTestCase(BaseTestCase):
    def test_it_sets_a_password_once(self):
        self.alice.set_unusable_password()
        self.alice.save()
        path = invite_path(self.alice)
        r = self.client.get(path, follow=True)
        self.assertContains(r, "Set your password")
        form_url = r.redirect_chain[-1][0]
        new = "a fresh long passphrase"
        r = self.client.post(form_url, {"new_password1": new, "new_password2": new})
        self.assertEqual(r.status_code, 302)
        self.assertTrue(self.client.login(username="alice", password=new))
        self.client.logout()
        r = self.client.get(path, follow=True)
        self.assertContains(r, "not valid any more")


class InviteClaimTestCase(BaseTestCase):
    """Hana hosts season one; Oscar hosts season two. Hana adds a new username and keeps its link."""

    def setUp(self):
        super().setUp()
        self.client.force_login(self.hana)
        self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": "Newbie, newbie"})
        self.newbie = User.objects.get(username="newbie")
        self.kept = invite_path(self.newbie)
        self.client.logout()

    def opens(self, path):
        return 'name="new_password1"' in self.client.get(path, follow=True).content.decode()

    def test_it_is_void_once_another_season_claims_the_account(self):
        self.assertTrue(self.opens(self.kept))
        self.assertContains(
            self.client.get(self.kept, follow=True), "Your username is <strong class=\"username\">newbie</strong>"
        )
        other = Season.objects.create(name="Season Two", slug="season-two")
        SeasonPlayer.objects.create(season=other, user=self.newbie, display_name="Claimed")
        self.assertFalse(self.opens(self.kept))
        page = self.client.get(self.kept, follow=True)
        self.assertContains(page, "not valid any more")
        self.assertFalse(User.objects.get(pk=self.newbie.pk).has_usable_password())

    def test_it_expires_after_fourteen_days(self):
        tokens = invite_tokens
        now = tokens._num_seconds(tokens._now())
        uid = invite_path(self.newbie).split("/")[-3]
        for days, works in ((13, True), (15, False)):
            token = tokens._make_token_with_timestamp(self.newbie, now - days * 86400, tokens.secret)
            self.assertEqual(self.opens(reverse("invite", args=[uid, token])), works, days)
