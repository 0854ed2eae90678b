"""The installable site in Chromium on a phone (issue 38, point 1): the manifest read by the
browser without an error, the service worker registered at the site's root, its cache holding the
offline page and static files and no page a player saw, the offline page shown when the server is
stopped, a push shown as its notification, and the "Add to Home Screen" hint: offered where the
browser can install, closed for good with one tap.

A push is handed to the worker by Chromium's DevTools protocol (ServiceWorker.deliverPushMessage,
what DevTools' own "Push" button does): headless Chromium cannot reach a real push service."""

import json
import time
from datetime import UTC, datetime

import pytest

from matches.notifications import push_news
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve
from tests.web.test_installable import worker_constants

pytestmark = pytest.mark.browser
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)
READY = "navigator.serviceWorker.ready.then(r => ({scope: r.scope, script: r.active.scriptURL}))"
CACHED = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
  }
  return paths.sort();
}"""
SHOWN = """navigator.serviceWorker.ready.then(r => r.getNotifications()).then(list =>
  list.map(n => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url})))"""
# Chromium's offer to install, as it fires it: a page that takes it calls prompt() on a tap.
OFFER = """() => {
  const offer = new Event("beforeinstallprompt", {cancelable: true});
  offer.prompt = () => { window.prompted = (window.prompted || 0) + 1; return Promise.resolve(); };
  offer.userChoice = Promise.resolve({outcome: "accepted"});
  window.dispatchEvent(offer);
  return offer.defaultPrevented;
}"""


class InstallableLiveTestCase(BaseTransactionTestCase):
    settings = {"rounds": 3, "round_seconds": 3600, "close_early": False}

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def test_the_manifest_and_worker_are_taken_the_cache_holds_no_page_and_offline_shows_the_offline_page(self):
        precache = sorted(worker_constants(self.client.get("/sw.js").content.decode())["PRECACHE"])
        with chromium() as browser:
            page = person(browser, self.stack.url, self.alice, phone=True).new_page()
            page.goto("/")
            manifest = page.context.new_cdp_session(page).send("Page.getAppManifest")
            self.assertEqual(manifest["url"], self.stack.url + "/manifest.webmanifest")
            self.assertEqual(manifest["errors"], [])
            self.assertEqual(json.loads(manifest["data"])["start_url"], "/")
            self.assertEqual(page.evaluate(READY), {"scope": self.stack.url + "/", "script": self.stack.url + "/sw.js"})

            page.goto(f"/play/{self.match.pk}/")  # a page with Alice's secrets, through the worker
            page.wait_for_selector(".conn[data-state=live]")
            self.assertIn("Your secret code", page.content())
            self.assertEqual(page.evaluate(CACHED), precache)

            self.stack.stop()
            page.goto(f"/play/{self.match.pk}/")
            page.get_by_role("heading", name="You are offline").wait_for()
            self.assertIn("What you sent is saved on the server", page.inner_text("main"))
            for private in ("alice", "Your secret code", "Test match"):
                self.assertNotIn(private, page.content())
            screenshot(page, "installable-offline-page-phone")
            self.assertEqual(page.evaluate(CACHED), precache)  # still no page kept

    def test_a_push_shows_its_notification_and_opens_only_this_site(self):
        with chromium() as browser:
            context = person(browser, self.stack.url, self.alice, phone=True, timezone_id="Asia/Tokyo")
            context.grant_permissions(["notifications"])
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            registrations = []
            cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
            cdp.send("ServiceWorker.enable")
            page.goto("/")
            page.evaluate("navigator.serviceWorker.ready")
            ours = [r["registrationId"] for r in registrations if r["scopeURL"] == self.stack.url + "/"]
            self.assertTrue(ours, registrations)
            # Alice's "your move" as the site builds it (push_news), its deadline told in her phone's zone.
            [ours_now] = [n[2] for n in push_news.match_news(self.match) if n[0] == self.alice and n[1] == "phase"]
            phase = self.open_phase()
            phase.deadline = datetime(2026, 11, 27, 9, 30, tzinfo=UTC)  # 18:30 in Tokyo
            ours_now["deadline"] = phase.deadline.isoformat()
            pushes = [
                ours_now,
                {"title": "Elsewhere", "body": "", "url": "https://elsewhere.example/steal", "tag": "phase-2"},
            ]
            for push in pushes:
                cdp.send(
                    "ServiceWorker.deliverPushMessage",
                    {"origin": self.stack.url, "registrationId": ours[-1], "data": json.dumps(push)},
                )
            # Polled here: wait_for_function takes the Promise itself as its truthy answer.
            shown, deadline = [], time.monotonic() + 30
            while len(shown) < 2 and time.monotonic() < deadline:
                shown = page.evaluate(SHOWN)
                page.wait_for_timeout(100)
            self.assertEqual(
                sorted(shown, key=lambda n: n["tag"] != f"match-{self.match.pk}"),
                [
                    {
                        "title": "Test match",
                        "body": "Your move: Round 1. Closes Fri 18:30.",
                        "tag": f"match-{self.match.pk}",
                        "url": f"{self.stack.url}/play/{self.match.pk}/#phase-{phase.pk}",
                    },
                    {
                        "title": "Elsewhere",
                        "body": "",
                        "tag": "phase-2",
                        "url": self.stack.url + "/",
                    },  # never another site
                ],
            )

    def test_chromium_s_install_offer_is_taken_on_a_tap_and_then_never_offered_again(self):
        with chromium() as browser:
            page = person(browser, self.stack.url, self.alice, phone=True).new_page()
            page.goto("/")
            page.evaluate("navigator.serviceWorker.ready")
            hint = page.locator(".install-hint")
            self.assertFalse(hint.is_visible())  # nothing until the browser offers to install
            self.assertTrue(page.evaluate(OFFER))  # taken from the browser's own banner
            hint.get_by_role("button", name="Add to Home Screen").click()
            self.assertEqual(page.evaluate("window.prompted"), 1)
            hint.wait_for(state="hidden")
            page.reload()
            page.evaluate(OFFER)
            self.assertFalse(hint.is_visible())

    def test_an_iphone_is_told_where_safari_s_menu_item_is_and_not_now_closes_it_for_good(self):
        with chromium() as browser:
            page = person(browser, self.stack.url, self.alice, phone=True, user_agent=IPHONE_SAFARI).new_page()
            page.goto("/")
            hint = page.locator(".install-hint")
            hint.wait_for()
            self.assertIn("tap Share", hint.inner_text())
            self.assertIn("Add to Home Screen", hint.inner_text())
            screenshot(page, "installable-hint-iphone")
            hint.get_by_role("button", name="Not now").click()
            hint.wait_for(state="hidden")
            page.reload()
            page.wait_for_load_state("load")
            self.assertFalse(hint.is_visible())
