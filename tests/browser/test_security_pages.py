"""In Chromium, desktop and phone: every kind of page runs under the Content Security Policy
without a single violation (the live socket included), the admin's confirmations work without
inline script, and a throttled login says so in words."""

import pytest

from matches.models import Match
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class SecurityPagesTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def visit(self, context, path, name):
        page = context.new_page()
        violations = []
        page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
        page.goto(path)
        page.wait_for_load_state("networkidle")
        screenshot(page, name)
        self.assertEqual(violations, [], path)
        return page

    def test_it_breaks_no_policy_on_any_page(self):
        m = self.match.pk
        with chromium() as browser:
            for phone in (False, True):
                size = "phone" if phone else "desktop"
                spectator = person(browser, self.stack.url, phone=phone)
                for path in (
                    "/",
                    "/games/",
                    "/games/fixture/rules/",
                    "/seasons/season-one/",
                    f"/matches/{m}/",
                    "/accounts/login/",
                ):
                    page = self.visit(spectator, path, f"csp-{size}{path}")
                page = self.visit(spectator, f"/matches/{m}/", f"csp-{size}-live-spectator")
                page.locator(".conn[data-state=live]").wait_for()  # the socket is allowed too
                alice = person(browser, self.stack.url, self.alice, phone=phone)
                self.visit(alice, f"/play/{m}/", f"csp-{size}-play").locator(".conn[data-state=live]").wait_for()
                hana = person(browser, self.stack.url, self.hana, phone=phone)
                for path in (
                    f"/host/matches/{m}/",
                    "/admin/",
                    f"/admin/matches/match/{m}/change/",
                    "/admin/matches/seasonplayer/add/",
                    f"/admin/matches/season/{self.season.pk}/change/",
                    "/host/",
                    "/host/help/",
                    "/host/seasons/season-one/",
                    "/host/seasons/season-one/matches/new/",
                    "/host/seasons/season-one/matches/new/?game=mystery_cosign",
                    "/no/such/page/",
                ):
                    self.visit(hana, path, f"csp-{size}{path}")

    def test_it_asks_before_cancelling_without_inline_script(self):
        with chromium() as browser:
            page = self.visit(
                person(browser, self.stack.url, self.hana),
                f"/host/matches/{self.match.pk}/",
                "host-match-before-cancel",
            )
            questions = []

            def answer(dialog):
                questions.append(dialog.message)
                dialog.dismiss()  # "no": nothing is sent

            page.on("dialog", answer)
            page.get_by_role("button", name="Cancel the match").click()
            page.wait_for_timeout(300)
            self.assertEqual(questions, ["Cancel this match for good?"])
            self.assertEqual(Match.objects.get(pk=self.match.pk).status, "running")
            page.remove_listener("dialog", answer)
            page.on("dialog", lambda dialog: dialog.accept())
            page.get_by_role("button", name="Cancel the match").click()
            page.wait_for_selector(".messages")
            self.assertEqual(Match.objects.get(pk=self.match.pk).status, "cancelled")

    def test_it_tells_a_throttled_person_in_words(self):
        with chromium() as browser:
            page = person(browser, self.stack.url, phone=True).new_page()
            for password in ["wrong"] * 5 + ["correct horse battery"]:
                page.goto("/accounts/login/")
                page.fill("input[name=username]", "alice")
                page.fill("input[name=password]", password)
                page.click("form button[type=submit]")
            page.get_by_text("Too many failed attempts").wait_for()
            screenshot(page, "login-throttled-phone")
