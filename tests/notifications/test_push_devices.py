"""The endpoints a browser turns Web Push on and off with (matches/web/views/push.py), and the
account page's list of devices and choices: a person adds, refreshes, asks after and forgets only
their own browser's subscription, removes only their own devices (another's id is a 404), and a
forged, oversized or unsafe body is a 400 in words that changes nothing.

The endpoints here are a public IP address written out (no DNS here, and an address the site's
webhook rules accept); nothing is ever sent to it in these tests."""

import base64
import datetime as dt
import json

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from django.test import Client, override_settings
from django.urls import reverse

from matches.models import PushDevice
from matches.notifications import reminders
from tests.support.base import BaseTestCase

ENDPOINT = "https://93.184.216.34/push/v3/phone-of-alice"
ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
)


def b64(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


# A browser's key: an uncompressed P-256 point (65 bytes starting 0x04, on the curve); the auth
# secret 16 bytes (RFC 8291). The key of the private number 12345, as a browser would make one.
P256DH = b64(
    ec.derive_private_key(12345, ec.SECP256R1())
    .public_key()
    .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
)
NOT_ON_THE_CURVE = b64(b"\x04" + bytes(range(64)))  # 65 bytes as a key is, but no point of P-256
AUTH = b64(bytes(range(16)))


def subscription(endpoint=ENDPOINT, p256dh=P256DH, auth=AUTH):
    return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": p256dh, "auth": auth}}


class PushEndpointsTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.as_alice = Client(HTTP_USER_AGENT=ANDROID)
        self.as_alice.force_login(self.alice)
        self.as_bob = Client()
        self.as_bob.force_login(self.bob)

    def send(self, client, name, body, **kwargs):
        data = body if isinstance(body, (str, bytes)) else json.dumps(body)
        return client.post(reverse(name, kwargs=kwargs or None), data, content_type="application/json")

    def test_it_adds_the_browser_s_subscription_with_its_browser_named_and_never_told(self):
        answer = self.send(self.as_alice, "push_add", subscription())
        self.assertEqual(answer.status_code, 200)
        device = PushDevice.objects.get()
        self.assertEqual(answer.json(), {"id": device.pk, "browser": "Chrome on Android"})
        self.assertEqual(
            (device.user, device.endpoint, device.p256dh, device.auth), (self.alice, ENDPOINT, P256DH, AUTH)
        )
        self.assertIsNone(device.last_used_at)

    def test_sending_it_again_refreshes_its_keys_and_keeps_one_device(self):
        self.send(self.as_alice, "push_add", subscription())
        new_auth = b64(b"\xff" * 16)
        self.assertEqual(self.send(self.as_alice, "push_add", subscription(auth=new_auth)).status_code, 200)
        self.assertEqual(list(PushDevice.objects.values_list("user__username", "auth")), [("alice", new_auth)])

    def test_a_browser_asks_whether_the_site_has_it_and_only_its_person_is_told_yes(self):
        device_id = self.send(self.as_alice, "push_add", subscription()).json()["id"]
        self.assertEqual(self.send(self.as_alice, "push_this_device", {"endpoint": ENDPOINT}).json(), {"id": device_id})
        self.assertEqual(self.send(self.as_bob, "push_this_device", {"endpoint": ENDPOINT}).json(), {"id": None})

    def test_turning_off_on_one_browser_forgets_that_one_and_leaves_the_others(self):
        self.send(self.as_alice, "push_add", subscription())
        self.send(self.as_alice, "push_add", subscription(endpoint="https://93.184.216.34/push/v3/laptop-of-alice"))
        bob_forges = self.send(self.as_bob, "push_this_device", {"endpoint": ENDPOINT, "forget": True})
        self.assertEqual(bob_forges.json(), {"forgotten": False})
        self.assertEqual(PushDevice.objects.count(), 2)
        answer = self.send(self.as_alice, "push_this_device", {"endpoint": ENDPOINT, "forget": True})
        self.assertEqual(answer.json(), {"forgotten": True})
        self.assertEqual(
            list(PushDevice.objects.values_list("endpoint", flat=True)),
            ["https://93.184.216.34/push/v3/laptop-of-alice"],
        )

    def test_a_person_removes_their_own_device_with_a_plain_form(self):
        device = PushDevice.objects.create(
            user=self.alice,
            endpoint=ENDPOINT,
            p256dh=P256DH,
            auth=AUTH,
            created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        )
        answer = self.as_alice.post(reverse("push_remove", args=[device.pk]))
        self.assertRedirects(answer, reverse("account"), fetch_redirect_response=False)
        self.assertFalse(PushDevice.objects.exists())

    def test_another_person_s_device_is_a_404_and_stays(self):
        device = PushDevice.objects.create(
            user=self.alice,
            endpoint=ENDPOINT,
            p256dh=P256DH,
            auth=AUTH,
            created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        )
        self.assertEqual(self.as_bob.post(reverse("push_remove", args=[device.pk])).status_code, 404)
        self.assertEqual(self.as_alice.post(reverse("push_remove", args=[device.pk + 1])).status_code, 404)
        self.assertTrue(PushDevice.objects.filter(pk=device.pk).exists())

    def test_a_visitor_not_logged_in_is_told_to_log_in_and_nothing_is_kept(self):
        for name in ("push_add", "push_this_device"):
            answer = self.send(Client(), name, subscription())
            self.assertEqual((answer.status_code, answer.json()), (403, {"error": "Log in again; nothing was saved."}))
        self.assertFalse(PushDevice.objects.exists())

    def test_logging_out_forgets_the_browser_it_was_added_from(self):
        self.send(self.as_alice, "push_add", subscription())
        self.send(self.as_alice, "push_add", subscription(endpoint=ENDPOINT + "-tablet"))  # her other browser
        self.assertEqual(PushDevice.objects.count(), 2)
        self.as_alice.post(reverse("logout"))
        self.assertEqual(list(PushDevice.objects.values_list("endpoint", flat=True)), [ENDPOINT])

    def test_a_post_without_the_csrf_token_is_refused(self):
        client = Client(enforce_csrf_checks=True)
        client.force_login(self.alice)
        self.assertEqual(self.send(client, "push_add", subscription()).status_code, 403)
        self.assertFalse(PushDevice.objects.exists())

    def test_forged_bodies_are_a_400_in_words_and_change_nothing(self):
        cases = [
            ("not json", "not a push subscription in JSON"),
            (b"\xff\xfe{}", "not a push subscription in JSON"),
            ("[1, 2]", "not a push subscription in JSON"),
            ({"endpoint": ENDPOINT}, "This is not a browser's push subscription."),
            (subscription(endpoint="https://127.0.0.1/push"), "not on the public internet over https"),
            (subscription(endpoint="http://93.184.216.34/push"), "not on the public internet over https"),
            (subscription(p256dh=b64(b"\x04" * 33)), "The browser's public key has the wrong length."),
            (subscription(auth="not base64!"), "The browser's secret"),
            (subscription(auth="A" * 22 + "!" * 100), "The browser's secret is not readable."),  # junk a decoder skips
            (subscription(p256dh=NOT_ON_THE_CURVE), "The browser's public key is not readable."),
            (subscription(endpoint=ENDPOINT + "/a b"), "The browser's push address is not readable."),
            (subscription(endpoint=ENDPOINT + "\ud800"), "not a push subscription in JSON"),  # no database stores it
            (subscription(endpoint=ENDPOINT + "\u0000"), "not a push subscription in JSON"),
            ("[" * 2000 + "]" * 2000, "not a push subscription in JSON"),  # nested past Python's recursion
        ]
        for body, words in cases:
            with self.subTest(body=body):
                answer = self.send(self.as_alice, "push_add", body)
                self.assertEqual(answer.status_code, 400)
                self.assertIn(words, answer.json()["error"])
        self.assertIn("nothing was saved.", answer.json()["error"].lower())
        self.assertEqual(self.send(self.as_alice, "push_this_device", {"endpoint": 7}).status_code, 400)
        self.assertFalse(PushDevice.objects.exists())

    def test_a_form_body_is_refused_in_words_even_after_the_csrf_check_has_read_it(self):
        """Django's CSRF check reads a POST's form fields before the view runs; a multipart body is
        then gone, and reading it as JSON would fail with a 500 instead of this 400."""
        client = Client(enforce_csrf_checks=True)
        client.force_login(self.alice)
        client.get(reverse("account"))
        token = client.cookies["csrftoken"].value
        for data in ({"endpoint": ENDPOINT}, "endpoint=x"):
            kind = {} if isinstance(data, dict) else {"content_type": "application/x-www-form-urlencoded"}
            answer = client.post(reverse("push_add"), data, HTTP_X_CSRFTOKEN=token, **kind)
            self.assertEqual(answer.status_code, 400)
            self.assertEqual(answer.json(), {"error": "Send the subscription as JSON; nothing was saved."})
        self.assertFalse(PushDevice.objects.exists())

    def test_a_body_over_4_kb_is_refused_unread(self):
        big = subscription()
        big["padding"] = "x" * 4100  # the subscription itself is fine: only its size is refused
        for name in ("push_add", "push_this_device"):
            answer = self.send(self.as_alice, name, big)
            self.assertEqual(answer.status_code, 400)
            self.assertEqual(
                answer.json()["error"],
                "That is more than a push subscription (4,096 bytes at most); nothing was saved.",
            )
        self.assertFalse(PushDevice.objects.exists())

    def test_they_answer_only_posts(self):
        for name in ("push_add", "push_this_device", "push_kinds"):
            self.assertEqual(self.as_alice.get(reverse(name)).status_code, 405)


class AccountPushSectionTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.client.force_login(self.alice)

    def device(self, user, endpoint, browser, last_used_at=None):
        return PushDevice.objects.create(
            user=user,
            endpoint=endpoint,
            p256dh=P256DH,
            auth=AUTH,
            browser=browser,
            created_at=dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC),
            last_used_at=last_used_at,
        )

    def test_it_lists_only_the_person_s_devices_with_browser_and_last_use(self):
        phone = self.device(self.alice, ENDPOINT, "Chrome on Android", dt.datetime(2026, 3, 2, 18, 30, tzinfo=dt.UTC))
        laptop = self.device(self.alice, ENDPOINT + "-2", "Firefox on Linux")
        self.device(self.bob, ENDPOINT + "-bob", "Safari on iPhone")
        page = self.client.get(reverse("account"))
        devices = page.content.decode().split('class="push-devices"')[1].split("</ul>")[0]
        self.assertIn("Chrome on Android", devices)
        self.assertIn("last told: never", devices.split(f'data-device="{laptop.pk}"')[1])
        self.assertIn("2026-03-02", devices.split(f'data-device="{phone.pk}"')[1].split("<li")[0])
        self.assertNotIn("Safari on iPhone", devices)
        self.assertIn(reverse("push_remove", args=[phone.pk]), devices)

    def test_without_vapid_keys_it_says_plainly_that_the_site_sends_none(self):
        page = self.client.get(reverse("account"))
        self.assertContains(page, "This site sends no phone notifications: it has no Web Push keys.")
        self.assertNotContains(page, "push-on")

    @override_settings(VAPID_PUBLIC_KEY="BPublicKeyOfTheSite", VAPID_PRIVATE_KEY="PrivateHalfOfTheKey")
    def test_with_vapid_keys_it_offers_the_button_with_the_site_s_public_key(self):
        page = self.client.get(reverse("account"))
        self.assertContains(page, 'data-key="BPublicKeyOfTheSite"')
        self.assertContains(page, "Tell me on this phone when it's my move")
        self.assertNotContains(page, "PrivateHalfOfTheKey")  # the private half never leaves the server
        for kind, label in (("phase", "A step opens that waits on me"), ("host", "As a host: every player has sent")):
            self.assertContains(page, f'value="{kind}"')
            self.assertContains(page, label)

    def test_the_choices_of_what_is_pushed_are_saved_in_their_list_s_order(self):
        self.client.post(reverse("push_kinds"), {"push_kinds": ["result", "phase"]})
        self.assertEqual(reminders.preferences(self.alice).push_kinds, ["phase", "result"])
        self.client.post(reverse("push_kinds"), {})
        self.assertEqual(reminders.preferences(self.alice).push_kinds, [])

    def test_a_choice_that_is_not_offered_is_refused_and_nothing_changes(self):
        answer = self.client.post(reverse("push_kinds"), {"push_kinds": ["phase", "everything"]}, follow=True)
        self.assertContains(answer, "Not saved: that is not one of the choices.")
        self.assertEqual(
            reminders.preferences(self.alice).push_kinds, ["phase", "reminder", "result", "message", "host"]
        )


class PlayPageOptInTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.client.force_login(self.alice)

    def test_without_vapid_keys_the_play_page_says_so_instead_of_the_button(self):
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "This site sends no phone notifications.")
        self.assertNotContains(page, "Tell me on this phone")
        self.assertContains(page, "allow notifications")  # while the page is open, as before

    @override_settings(VAPID_PUBLIC_KEY="BPublicKeyOfTheSite", VAPID_PRIVATE_KEY="PrivateHalfOfTheKey")
    def test_with_vapid_keys_the_play_page_offers_the_button_and_never_the_private_key(self):
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "Tell me on this phone when it's my move")
        self.assertContains(page, 'data-key="BPublicKeyOfTheSite"')
        self.assertContains(page, '<script src="/static/js/push.js"></script>', html=True)
        self.assertNotContains(page, "PrivateHalfOfTheKey")
