"""Turning Web Push on and off per device in Chromium (issue 38, point 2): "Tell me on this phone
when it's my move" in the first screen of a phone's play page, asked only on its click; the
account page's device list (each device's browser and last use), turning on from there, turning
off on one device while the others stay, removing a device with a plain form (no script), the
choices of what is pushed, and the plain words where this browser cannot be told.

Headless Chromium cannot reach a real push service: the subscription is given to the page (on the
phone's play page, one made by the local push service, which the site then really pushes to).
`pushManager.subscribe` and `getSubscription` are replaced (STUB) by ones that hand out a
subscription with a fixed https endpoint (a public address written out: there is no DNS here,
and nothing is sent to it) and keys of the right lengths, and record what the page asked for.
Everything else is real: the site's VAPID key, the permission, the service worker, the POSTs
with their CSRF token, the database."""

import base64
import datetime as dt
import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.test import override_settings

from matches.models import PushDevice
from matches.notifications import push, push_news, reminders, vapid
from tests.notifications.test_push_devices import AUTH, P256DH  # a browser's keys: a point on P-256
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.push_service import push_service
from tests.support.stack import Stack

pytestmark = pytest.mark.browser
PHONE_HEIGHT = 844
DESKTOP = {"width": 1280, "height": 800}
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)


def b64(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def stub(endpoint, keys=None):
    """The page's pushManager hands out a subscription to `endpoint` (kept in localStorage, so that it
    survives a reload as a browser's does), and counts the permission questions."""
    keys = keys or {"p256dh": P256DH, "auth": AUTH}
    return """(() => {
  const SUB = {endpoint: "%s", expirationTime: null, keys: {p256dh: "%s", auth: "%s"}};
  const made = () => ({
    endpoint: SUB.endpoint, options: {userVisibleOnly: true, applicationServerKey: null},
    toJSON: () => SUB,
    unsubscribe: () => { localStorage.removeItem("stub-subscribed"); return Promise.resolve(true); },
  });
  PushManager.prototype.subscribe = function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.subscribedWith = {userVisibleOnly: options.userVisibleOnly,
      key: btoa(String.fromCharCode.apply(null, key)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "")};
    localStorage.setItem("stub-subscribed", "1");
    return Promise.resolve(made());
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem("stub-subscribed") ? made() : null);
  };
  const ask = Notification.requestPermission.bind(Notification);
  window.permissionAsked = 0;
  Notification.requestPermission = function () { window.permissionAsked += 1; return ask(); };
})();""" % (endpoint, keys["p256dh"], keys["auth"])


class PushOptInLiveTestCase(BaseTransactionTestCase):
    settings = {"rounds": 3, "round_seconds": 3600, "close_early": False}

    def setUp(self):
        super().setUp()
        self.start()
        self.public_key, private_key = vapid.new_key_pair()
        self.stack = Stack()
        self.private_key = private_key
        self.stack.env.update(
            VAPID_PUBLIC_KEY=self.public_key, VAPID_PRIVATE_KEY=private_key, GENIUS_ALLOW_LOOPBACK="1"
        )
        self.stack.web()
        self.addCleanup(self.stack.stop)

    def browser_of(self, browser, endpoint, keys=None, **options):
        context = person(browser, self.stack.url, self.alice, **options)
        context.grant_permissions(["notifications"])
        context.add_init_script(stub(endpoint, keys))
        return context.new_page()

    def test_a_phone_s_play_page_offers_it_in_its_first_screen_and_asks_only_on_the_click(self):
        # The subscription given to the page is one the local push service made (push_service): what
        # the page sends the site is then pushed to, encrypted, and the service decrypts it.
        service = self.enterContext(push_service())
        made = service.subscribe(self.public_key)
        endpoint = made["endpoint"]
        with chromium() as browser:
            page = self.browser_of(browser, endpoint, made["keys"], phone=True)
            page.goto(f"/play/{self.match.pk}/")
            page.wait_for_selector(".conn[data-state=live]")
            button = page.get_by_role("button", name="Tell me on this phone when it's my move")
            button.wait_for()
            self.assertLess(button.bounding_box()["y"] + button.bounding_box()["height"], PHONE_HEIGHT)
            self.assertEqual(page.locator("button.allow-notifications").count(), 0)  # one question, not two
            screenshot(page, "push-optin-1-play-page-phone")
            self.assertEqual(page.evaluate("window.permissionAsked"), 0)  # never asked on load

            button.click()
            page.wait_for_selector(".push-optin[data-state=on]")
            self.assertEqual(page.evaluate("window.permissionAsked"), 1)
            self.assertEqual(page.evaluate("window.subscribedWith"), {"userVisibleOnly": True, "key": self.public_key})
            self.assertEqual(page.locator(".push-state").inner_text(), "This phone is told when it's your move.")
            device = PushDevice.objects.get()
            self.assertEqual((device.user, device.endpoint, device.browser), (self.alice, endpoint, "Chrome on Linux"))
            screenshot(page, "push-optin-2-turned-on-phone")
            mine = [n[2] for n in push_news.match_news(self.match) if n[0] == self.alice and n[1] == "phase"]
            with override_settings(
                VAPID_PUBLIC_KEY=self.public_key, VAPID_PRIVATE_KEY=self.private_key, WEBHOOK_ALLOW_LOOPBACK=True
            ):
                push.send(device.pk, mine[0])
            self.assertEqual([json.loads(m) for m in service.notifications(made["clientHash"])], mine)

            page.reload()  # the page asks the site whether it still has this browser: it does
            page.wait_for_selector(".push-optin[data-state=on]")
            self.assertTrue(page.get_by_role("button", name="Turn off on this phone").is_visible())
            page.get_by_role("button", name="Turn off on this phone").click()
            page.wait_for_selector(".push-optin[data-state=off]")
            self.assertIn("your other devices are still told", page.locator(".push-state").inner_text())
            self.assertFalse(PushDevice.objects.exists())
            self.assertIsNone(page.evaluate("localStorage.getItem('stub-subscribed')"))  # the browser unsubscribed
            self.assertEqual(page.evaluate("window.permissionAsked"), 0)  # a new page: still never asked on load

    def test_the_account_page_lists_devices_and_turns_one_on_and_off_leaving_the_others(self):
        told = dt.datetime(2026, 3, 2, 18, 30, tzinfo=dt.UTC)
        iphone = PushDevice.objects.create(
            user=self.alice,
            endpoint="https://93.184.216.34/push/iphone",
            p256dh=b64(b"\x04" * 65),
            auth=b64(b"\x01" * 16),
            browser="Safari on iPhone",
            created_at=told,
            last_used_at=told,
        )
        with chromium() as browser:
            desktop = self.browser_of(
                browser, "https://93.184.216.34/push/desktop", viewport=DESKTOP, timezone_id="UTC"
            )
            desktop.goto("/account/")
            row = desktop.locator(f".push-devices li[data-device='{iphone.pk}']")
            self.assertIn("Safari on iPhone", row.inner_text())
            self.assertIn("last told: Mar 2, 2026, 6:30 PM", row.inner_text())  # in the browser's zone, UTC
            desktop.get_by_role("button", name="Tell me on this phone when it's my move").click()
            desktop.wait_for_selector(".push-optin[data-state=on]")  # after the page loaded again
            mine = PushDevice.objects.get(endpoint="https://93.184.216.34/push/desktop")
            row = desktop.locator(f".push-devices li[data-device='{mine.pk}']")
            self.assertIn("Chrome on Linux (this browser)", row.inner_text())
            self.assertIn("last told: never", row.inner_text())
            self.assertEqual(desktop.locator(".push-devices li").count(), 2)
            desktop.locator("details.push-help summary").click()
            screenshot(desktop, "push-optin-3-account-desktop")

            phone = self.browser_of(browser, "https://93.184.216.34/push/phone", phone=True)
            phone.goto("/account/")
            phone.get_by_role("button", name="Tell me on this phone when it's my move").click()
            phone.wait_for_selector(".push-optin[data-state=on]")
            self.assertEqual(phone.locator(".push-devices li").count(), 3)
            screenshot(phone, "push-optin-4-account-phone")
            phone.get_by_role("button", name="Turn off on this phone").click()
            phone.wait_for_selector(".push-optin[data-state=off]")
            self.assertEqual(
                sorted(PushDevice.objects.values_list("endpoint", flat=True)),
                ["https://93.184.216.34/push/desktop", "https://93.184.216.34/push/iphone"],
            )
            self.assertEqual(phone.locator(".push-devices li").count(), 2)

            # without script: a device is removed, and what is pushed chosen, with plain forms
            plain = person(browser, self.stack.url, self.alice, java_script_enabled=False, viewport=DESKTOP).new_page()
            plain.goto("/account/")
            self.assertFalse(plain.locator(".push-on").is_visible())
            self.assertIn("needs JavaScript", plain.locator("#phones").inner_text())
            plain.locator(f".push-devices li[data-device='{iphone.pk}'] button", has_text="Remove").click()
            plain.get_by_text("That device is no longer told anything.").wait_for()
            self.assertEqual(
                list(PushDevice.objects.values_list("endpoint", flat=True)), ["https://93.184.216.34/push/desktop"]
            )
            plain.get_by_label("A step closes in a match I play").uncheck()
            plain.get_by_role("button", name="Save what I am told").click()
            plain.get_by_text("Saved what your devices are told.").wait_for()
            self.assertEqual(reminders.preferences(self.alice).push_kinds, ["phase", "reminder", "message", "host"])

    def test_the_opt_in_has_no_serious_accessibility_violation_off_or_on(self):
        """tests/browser/test_accessibility.py runs without VAPID keys, so it never sees the button."""
        axe, found = Axe(), []
        with chromium() as browser:
            page = self.browser_of(browser, "https://93.184.216.34/push/axe", phone=True, bypass_csp=True)
            for path in ("/account/", f"/play/{self.match.pk}/", "/account/"):  # the last: turned on
                page.goto(path)
                page.wait_for_selector(".push-optin[data-state]")
                for violation in axe.run(page).response["violations"]:
                    if violation["impact"] in {"serious", "critical"}:
                        found.append(f"{path}: {violation['id']} {violation['help']}")
                if path == f"/play/{self.match.pk}/":
                    page.get_by_role("button", name="Tell me on this phone when it's my move").click()
                    page.wait_for_selector(".push-optin[data-state=on]")
        self.assertEqual(found, [], "\n".join(found))

    def test_an_iphone_outside_its_home_screen_is_told_plainly_how_to_turn_it_on(self):
        """Safari on an iPhone has no PushManager outside an installed web app: the page says to add
        the site to the Home Screen instead of offering a button that could not work."""
        with chromium() as browser:
            context = person(browser, self.stack.url, self.alice, phone=True, user_agent=IPHONE_SAFARI)
            context.add_init_script("delete window.PushManager;")
            page = context.new_page()
            page.goto(f"/play/{self.match.pk}/")
            page.wait_for_selector(".push-optin[data-state=unable]")
            self.assertIn("add this site to your Home Screen first", page.locator(".push-state").inner_text())
            self.assertFalse(page.locator(".push-on").is_visible())
            screenshot(page, "push-optin-5-iphone-not-installed")
