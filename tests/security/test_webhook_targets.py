"""A season's webhook cannot make the server post into its own network: only https addresses on
the public internet are saved or posted to, checked again when sending, and a redirect is never
followed. A local listener stands in for an internal service and must receive nothing."""

from django.contrib import admin
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import RequestFactory, override_settings

from matches.notifications import webhooks
from matches.models import Season
from tests.support.base import BaseTestCase
from tests.notifications.test_webhooks import Receiver

INTERNAL = ["http://127.0.0.1:9/x", "https://127.0.0.1:9/x", "https://localhost/x", "https://0.0.0.0/x",
            "https://[::1]/x", "https://169.254.169.254/latest/meta-data", "https://10.1.2.3/x",
            "https://192.168.0.1/x", "https://172.16.5.5/x", "https://[::ffff:127.0.0.1]/x",
            "https://100.64.0.1/x", "https://user:pw@93.184.215.14/x", "ftp://93.184.215.14/x"]


class WebhookTargetTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.listener = Receiver()
        self.addCleanup(self.listener.close)

    def test_it_refuses_to_save_internal_and_plain_http_addresses(self):
        for url in INTERNAL + [self.listener.url, self.listener.url.replace("127.0.0.1", "localhost")]:
            self.season.webhook_url = url
            with self.assertRaises(ValidationError, msg=url) as refused:
                self.season.full_clean()
            self.assertIn("webhook_url", refused.exception.message_dict)

    def test_it_saves_an_https_address_on_the_public_internet(self):
        self.season.webhook_url = "https://93.184.215.14/api/webhooks/1/token"
        self.season.full_clean()

    def test_it_posts_nothing_to_an_internal_address_stored_behind_the_checks_back(self):
        Season.objects.filter(pk=self.season.pk).update(webhook_url=self.listener.url)
        webhooks.post(self.listener.url, webhooks.messages_for(["hello"])[0])
        webhooks.post(self.listener.url.replace("http:", "https:"), webhooks.messages_for(["hello"])[0])
        self.assertEqual(self.listener.hits, 0)

    def test_the_admins_season_form_refuses_an_internal_address(self):
        request = RequestFactory().get("/admin/")
        request.user = User.objects.create_superuser("root", password="x")
        form_class = admin.site._registry[Season].get_form(request, self.season)
        data = {"name": self.season.name, "slug": self.season.slug, "status": self.season.status,
                "hosts": [self.hana.pk], "webhook_url": "https://169.254.169.254/latest"}
        form = form_class(data, instance=self.season)
        self.assertFalse(form.is_valid())
        self.assertIn("public internet", str(form.errors["webhook_url"]))


@override_settings(WEBHOOK_ALLOW_LOOPBACK=True)
class WebhookRedirectTestCase(BaseTestCase):
    def test_it_never_follows_a_redirect(self):
        inside = Receiver()
        self.addCleanup(inside.close)
        redirecting = Receiver(redirect_to=inside.url)
        self.addCleanup(redirecting.close)
        webhooks.post(redirecting.url, webhooks.messages_for(["hello"])[0])
        self.assertEqual(redirecting.hits, 1)
        self.assertEqual(inside.hits, 0)
