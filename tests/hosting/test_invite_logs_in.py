"""Issue #40, point 6: after setting a password from an invite link the new player is logged in
and lands on the home page, where their matches are listed, not on an empty login form."""

from django.contrib.auth.models import User
from django.urls import reverse

from matches.hosting.invites import invite_path
from matches.models import SeasonPlayer
from tests.support.base import BaseTestCase


class InviteLogsInTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.client.force_login(self.hana)
        self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": "Newbie, newbie"})
        self.client.logout()
        self.newbie = User.objects.get(username="newbie")
        self.members["newbie"] = SeasonPlayer.objects.get(user=self.newbie)
        self.match = self.make_match(["alice", "newbie", "carol"])
        self.start(self.match)

    def set_password(self, first, second):
        page = self.client.get(invite_path(self.newbie), follow=True)
        return self.client.post(
            page.redirect_chain[-1][0], {"new_password1": first, "new_password2": second}, follow=True
        )

    def test_it_logs_the_new_player_in_and_shows_their_home_page(self):
        page = self.set_password("a fresh long passphrase", "a fresh long passphrase")
        self.assertEqual(page.redirect_chain[-1][0], reverse("home"))
        self.assertEqual(page.context["user"], self.newbie)
        self.assertContains(page, "Your password is set and you are logged in as newbie.")
        self.assertContains(page, "Log out newbie")
        self.assertNotContains(page, 'name="password"')  # no login form
        self.assertContains(page, f'href="{reverse("match_play", args=[self.match.pk])}"')  # their match, to play
        self.assertTrue(User.objects.get(pk=self.newbie.pk).check_password("a fresh long passphrase"))

    def test_it_logs_nobody_in_when_the_passwords_differ(self):
        page = self.set_password("a fresh long passphrase", "another long passphrase")
        self.assertContains(page, 'name="new_password1"')
        self.assertFalse(page.context["user"].is_authenticated)
        self.assertFalse(User.objects.get(pk=self.newbie.pk).has_usable_password())
