"""The login throttle on every login path: username spellings count as one, the real client
address counts (X-Forwarded-For only from a trusted proxy), and a lock others caused slows the
owner down but lets the right password in."""

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.support.base import PASSWORD, BaseTestCase, BaseTransactionTestCase
from tests.support.stack import serve

ADMIN_LOGIN = "/admin/login/"


def login_views():
    """Every route of the site whose view is a login view."""
    found = []

    def walk(patterns, prefix):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                view = getattr(p.callback, "view_class", None)
                if (view and issubclass(view, LoginView)) or p.callback.__name__ in ("login", "admin_login"):
                    found.append("/" + prefix + str(p.pattern))

    walk(get_resolver().url_patterns, "")
    return found


@override_settings(LOGIN_ATTEMPTS=3, LOGIN_ATTEMPTS_PER_USER=6, LOGIN_SLOW_SECONDS=60)
class LoginThrottleTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        cache.clear()
        self.hana.is_superuser = True  # may log in to the admin too
        self.hana.save()

    def attempt(self, path, username, password, address="10.0.0.1", **headers):
        self.client.logout()
        return self.client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address, **headers)

    def logged_in(self):
        return "_auth_user_id" in self.client.session

    def test_it_knows_every_login_path(self):
        paths = set(login_views())
        self.assertIn(reverse("login"), paths)
        self.assertIn(ADMIN_LOGIN, paths)

    def test_it_throttles_every_login_path(self):
        for path in (reverse("login"), ADMIN_LOGIN):
            cache.clear()
            for _ in range(3):
                self.assertEqual(self.attempt(path, "hana", "wrong").status_code, 200, path)
            r = self.attempt(path, "hana", PASSWORD)
            self.assertEqual(r.status_code, 429, path)
            self.assertContains(r, "Too many failed attempts", status_code=429)
            self.assertFalse(self.logged_in(), path)

    def test_it_is_not_reset_by_a_post_with_an_empty_field(self):
        for path in (reverse("login"), ADMIN_LOGIN):
            cache.clear()
            for _ in range(2):
                self.attempt(path, "hana", "wrong")
            for blank in ({"password": ""}, {"username": ""}):
                self.client.post(path, {"username": "hana", "password": "x", **blank}, REMOTE_ADDR="10.0.0.1")
            self.attempt(path, "hana", "wrong")
            r = self.attempt(path, "hana", PASSWORD)
            self.assertEqual(r.status_code, 429, path)
            self.assertFalse(self.logged_in(), path)

    def test_it_counts_failures_on_one_path_against_the_other(self):
        for _ in range(3):
            self.attempt(reverse("login"), "hana", "wrong")
        self.assertEqual(self.attempt(ADMIN_LOGIN, "hana", PASSWORD).status_code, 429)

    def test_it_counts_every_spelling_of_a_username_as_one(self):
        for spelling in ("alice", " alice ", "ALICE", "ａｌｉｃｅ"):  # the last in full-width letters (NFKC)
            self.attempt(reverse("login"), spelling, "wrong")
        for spelling in ("alice", "Alice\t", "ａｌｉｃｅ"):
            self.assertEqual(self.attempt(reverse("login"), spelling, PASSWORD).status_code, 429, spelling)

    def test_it_still_lets_the_right_spellings_log_in(self):
        self.attempt(reverse("login"), " ａｌｉｃｅ ", PASSWORD)
        self.assertTrue(self.logged_in())

    def test_it_ignores_forwarded_addresses_from_anyone_but_a_trusted_proxy(self):
        for n in range(3):
            self.attempt(reverse("login"), "alice", "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        r = self.attempt(reverse("login"), "alice", PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.99")
        self.assertEqual(r.status_code, 429)  # the header changed nothing: the address is 10.0.0.1

    @override_settings(TRUSTED_PROXIES=["10.0.0.1"])
    def test_it_reads_the_client_from_a_trusted_proxy_and_not_what_the_client_wrote(self):
        # Our proxy appends the address it saw; a client's own header stands further left.
        for n in range(3):
            self.attempt(reverse("login"), "alice", "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}, 203.0.113.7")
        r = self.attempt(reverse("login"), "alice", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.200, 203.0.113.7")
        self.assertEqual(r.status_code, 429)  # the same real client, whatever it forged
        self.attempt(reverse("login"), "alice", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.8")
        self.assertTrue(self.logged_in())  # another client behind the same proxy is not locked

    def test_it_lets_the_owner_in_through_a_lock_others_caused(self):
        for n in range(6):  # two addresses guess until the account is under lock
            self.attempt(reverse("login"), "alice", "wrong", address=f"10.0.1.{n % 2}")
        r = self.attempt(reverse("login"), "alice", PASSWORD, address="10.0.2.1")
        self.assertEqual(r.status_code, 302)  # slowed, not refused: the first try from here goes through
        self.assertTrue(self.logged_in())

    def test_it_slows_everyone_on_a_guessed_account_to_one_try_per_interval(self):
        for n in range(6):
            self.attempt(reverse("login"), "alice", "wrong", address=f"10.0.1.{n % 2}")
        self.assertEqual(self.attempt(reverse("login"), "alice", "wrong", address="10.0.3.1").status_code, 200)
        r = self.attempt(reverse("login"), "alice", PASSWORD, address="10.0.3.1")
        self.assertContains(r, "once every 60 seconds", status_code=429)
        self.assertFalse(self.logged_in())

    def test_it_lets_other_accounts_log_in_from_a_guessing_address_until_its_own_limit(self):
        for _ in range(3):
            self.attempt(reverse("login"), "alice", "wrong")
        self.attempt(reverse("login"), "bob", PASSWORD)
        self.assertTrue(self.logged_in())

    def test_it_logs_in_and_out(self):
        r = self.client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
        self.assertRedirects(r, reverse("home"))
        self.client.post(reverse("logout"))
        self.assertFalse(self.logged_in())


class RealServerThrottleTestCase(BaseTransactionTestCase):
    """Through the real web server (uvicorn): a forwarded address sent from this machine, where
    a proxy would sit, does not reset the count."""

    def test_it_ignores_x_forwarded_for_from_a_local_connection(self):
        stack = serve(self)
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = opener.open(stack.url + reverse("login")).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

        def attempt(password, n):
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": "alice", "password": password})
            request = urllib.request.Request(
                stack.url + reverse("login"),
                body.encode(),
                headers={"X-Forwarded-For": f"192.0.2.{n}", "Origin": stack.url, "Referer": stack.url + "/"},
            )
            try:
                return opener.open(request).status
            except urllib.error.HTTPError as error:
                return error.code

        statuses = [attempt("wrong", n) for n in range(5)]
        self.assertEqual(statuses, [200] * 5)
        self.assertEqual(attempt(PASSWORD, 99), 429)
