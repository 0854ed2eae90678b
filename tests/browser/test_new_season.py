"""A host with Django's `matches.add_season` permission starts a season from the console in
Chromium, on a desktop and on a phone: its desk opens, and the console lists it first."""

import pytest
from django.contrib.auth.models import Permission

from matches.models import Season
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class NewSeasonBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.hana.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.stack = serve(self)

    def walk(self, phone):
        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana, phone=phone).new_page()
            host.goto("/host/")
            host.get_by_text("New season", exact=True).click()  # opens the fold
            host.fill("details.new-season input[name=name]", "Season One")
            host.click("details.new-season button")
            host.get_by_text("There is already a season called Season One").wait_for()
            screenshot(host, f"new-season-1-refused-{tag}")
            host.fill("details.new-season input[name=name]", f"Grand Final ({tag})")
            host.click("details.new-season button")
            host.get_by_text(f"Grand Final ({tag}) is ready").wait_for()
            host.locator("h1", has_text=f"Grand Final ({tag})").wait_for()  # its desk, where the message points
            screenshot(host, f"new-season-2-its-desk-{tag}")
            host.goto("/host/")
            self.assertTrue(host.locator(".season-block h2").first.inner_text().startswith(f"Grand Final ({tag})"))
            season = Season.objects.get(slug=f"grand-final-{tag}")
            self.assertEqual(list(season.hosts.all()), [self.hana])

    def test_it_starts_a_season_on_a_desktop(self):
        self.walk(phone=False)

    def test_it_starts_a_season_on_a_phone(self):
        self.walk(phone=True)
