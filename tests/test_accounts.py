from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from matches.views.accounts import invite_path
from tests.base import PASSWORD, BaseTestCase


class LoginThrottleTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        cache.clear()

    @override_settings(LOGIN_ATTEMPTS=3)
    def test_it_throttles_repeated_failures(self):
        for _ in range(3):
            r = self.client.post(reverse("login"), {"username": "alice", "password": "wrong"})
            self.assertEqual(r.status_code, 200)
        r = self.client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
        self.assertEqual(r.status_code, 429)
        self.assertContains(r, "Too many failed attempts", status_code=429)
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_logs_in_and_out(self):
        r = self.client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
        self.assertRedirects(r, reverse("home"))
        self.client.post(reverse("logout"))
        self.assertNotIn("_auth_user_id", self.client.session)


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
