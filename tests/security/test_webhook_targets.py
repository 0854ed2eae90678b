"""A season's webhook cannot make the server post into its own network: only https addresses on
the public internet are saved or posted to, checked again when sending, and a redirect is never
followed. A local listener stands in for an internal service and must receive nothing.

An IPv4 address can hide inside an IPv6 one that Python calls global (a NAT64 or 6to4 network
carries it to the IPv4 address inside): every such form is unwrapped and its IPv4 address
checked. Names are resolved from a table of our own (`names`), so nothing asks a DNS server and
nothing connects anywhere (`nothing_connects`)."""

import ipaddress
import socket
from contextlib import contextmanager
from unittest import mock

from django.contrib import admin
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import RequestFactory, override_settings

from matches.lib import webhook_targets
from matches.notifications import webhooks
from matches.models import Season
from tests.support.base import BaseTestCase
from tests.notifications.test_webhooks import Receiver

INTERNAL = [
    "http://127.0.0.1:9/x",
    "https://127.0.0.1:9/x",
    "https://localhost/x",
    "https://0.0.0.0/x",
    "https://[::1]/x",
    "https://169.254.169.254/latest/meta-data",
    "https://10.1.2.3/x",
    "https://192.168.0.1/x",
    "https://172.16.5.5/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://100.64.0.1/x",
    "https://user:pw@93.184.215.14/x",
    "ftp://93.184.215.14/x",
]

# IPv6 addresses with a local IPv4 address inside, by hand: 169.254.169.254 is a9fe:a9fe,
# 10.0.0.1 is a00:1, 127.0.0.1 is 7f00:1 (and 7f00:0001 across two groups in 6to4's place).
HIDDEN = {
    "64:ff9b::a9fe:a9fe": "the metadata address through NAT64 (64:ff9b::/96)",
    "64:ff9b:1::a00:1": "a private address through local-use NAT64 (64:ff9b:1::/48, the IPv4 last)",
    "64:ff9b:1:7f00:0:100::": "loopback through a local-use NAT64 /48 prefix (RFC 6052: 7f00 | u-octet | 0001)",
    "64:ff9b:1:0:a:0:a00:1": "a private address through a local-use NAT64 /96 prefix further in",
    "2002:7f00:1::": "loopback through 6to4 (2002::/16)",
    "2002:a9fe:a9fe::1": "the metadata address through 6to4",
    "::7f00:1": "loopback, IPv4-compatible (::/96)",
    "::a9fe:a9fe": "the metadata address, IPv4-compatible",
    "::ffff:0:a00:1": "a private address, IPv4-translated (::ffff:0:0:0/96)",
    "::ffff:a9fe:a9fe": "the metadata address, IPv4-mapped",
    "fec0::1": "an old site-local address (fec0::/10)",
}
# The public 93.184.215.14 (5db8:d70e) reached the same ways, and a plain public IPv6 address.
PUBLIC = ["64:ff9b::5db8:d70e", "64:ff9b:1::5db8:d70e", "2002:5db8:d70e::1", "2606:4700::1111", "93.184.215.14"]


@contextmanager
def names(table):
    """Our own DNS: each name of `table` resolves to its addresses, and an address to itself
    (getaddrinfo makes the answer of a numeric address without asking anyone); any other name
    is not found."""
    real = socket.getaddrinfo

    def lookup(host, port, *args, **kwargs):
        addresses = table.get(host, [host])
        try:
            [ipaddress.ip_address(address) for address in addresses]
        except ValueError:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known") from None
        return [info for address in addresses for info in real(address, port, *args, **kwargs)]

    with mock.patch.object(socket, "getaddrinfo", lookup):
        yield


@contextmanager
def nothing_connects():
    def refuse(address, *args, **kwargs):
        raise AssertionError(f"connected to {address}")

    with mock.patch.object(socket, "create_connection", refuse):
        yield


def url_of(host):
    return f"https://[{host}]/hook" if ":" in host else f"https://{host}/hook"


class HiddenIPv4TestCase(BaseTestCase):
    def refused_when_saved(self, url):
        self.season.webhook_url = url
        with self.assertRaises(ValidationError, msg=url) as refused:
            self.season.full_clean()
        self.assertIn("public internet", " ".join(refused.exception.message_dict["webhook_url"]), url)

    def test_it_refuses_every_ipv6_form_of_a_local_ipv4_address_when_saved(self):
        for address, what in HIDDEN.items():
            with self.subTest(what):
                self.refused_when_saved(url_of(address))

    def test_it_refuses_names_that_resolve_to_them(self):
        table = {f"hidden-{n}.example": [address] for n, address in enumerate(HIDDEN)}
        table["mixed.example"] = ["93.184.215.14", "64:ff9b::7f00:1"]  # one public answer is not enough
        with names(table):
            for name in table:
                with self.subTest(name):
                    self.refused_when_saved(url_of(name))
                    with self.assertRaises(webhook_targets.UnsafeTarget):
                        webhook_targets.check(url_of(name))

    def test_it_posts_nothing_to_them_when_sending(self):
        table = {f"hidden-{n}.example": [address] for n, address in enumerate(HIDDEN)}
        with names(table), nothing_connects(), self.assertLogs("matches.notifications.webhooks", "WARNING") as logs:
            for url in [url_of(address) for address in HIDDEN] + [url_of(name) for name in table]:
                webhooks.post(url, webhooks.messages_for(["hello"])[0])
        self.assertEqual(len(logs.output), 2 * len(HIDDEN))
        self.assertTrue(all("webhook address refused" in line for line in logs.output))

    def test_it_finds_the_ipv4_address_where_each_form_puts_it(self):
        def inside(address):
            return {str(v4) for v4 in webhook_targets.embedded_ipv4s(ipaddress.ip_address(address))}

        self.assertEqual(inside("64:ff9b::a9fe:a9fe"), {"169.254.169.254"})
        self.assertEqual(inside("2002:7f00:1::"), {"127.0.0.1"})
        self.assertEqual(inside("::ffff:0:a00:1"), {"10.0.0.1"})
        self.assertEqual(inside("::1"), set())  # loopback itself, not 0.0.0.1
        self.assertEqual(inside("2606:4700::1111"), set())
        # Local-use NAT64 with a /48 prefix: 7f00 in bits 48-63, the u-octet 00, then 0001 (RFC 6052).
        self.assertIn("127.0.0.1", inside("64:ff9b:1:7f00:0:100::"))
        self.assertIn("10.0.0.1", inside("64:ff9b:1:a:0:1::"))  # /56: 0a, the u-octet, 000001
        self.assertIn("10.0.0.1", inside("64:ff9b:1:0:a:0:100:0"))  # /64: u-octet, then 0a000001
        self.assertEqual(inside("64:ff9b:1::5db8:d70e"), {"93.184.215.14"})  # only /96 reads it (zero bits)

    def test_it_accepts_a_public_address_reached_through_ipv6(self):
        table = {f"public-{n}.example": [address] for n, address in enumerate(PUBLIC)}
        with names(table):
            for url in [url_of(address) for address in PUBLIC] + [url_of(name) for name in table]:
                with self.subTest(url):
                    self.season.webhook_url = url
                    self.season.full_clean()


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
        data = {
            "name": self.season.name,
            "slug": self.season.slug,
            "status": self.season.status,
            "hosts": [self.hana.pk],
            "webhook_url": "https://169.254.169.254/latest",
        }
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
