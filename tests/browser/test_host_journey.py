"""A host's whole journey through the pages, for every installed game (a game added later is
walked too, without a line here): from the console, a draft from the game's own settings form
with its seats (and roles, where the game has them); its host page with the start check; Start;
"Close now" until the rules' defaults have played the match to its end (the bot host's
actions taken on their own pages where a game waits on its host); review and confirm the
result; then the season page as a spectator reads it: the match with its winners, every
confirmed entry and every change of Heaven or Hell in the history. Desktop viewport, in
Chromium, on whichever database the suite runs on.

This walk found the Flat Earth draft page's 500 only after the fact; it runs for every game so
the next such page is found by CI, not by a host."""

import random

import pytest

from games import registry
from games.engine_api import Context
from django.contrib.auth.models import User

from matches.models import Match, Phase, SeasonPlayer, StatusChange
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser
MAX_CLOSES = 250  # far more phases than any game has: a match that never ends fails, not hangs


def installed_games():
    return [engine for engine in registry.all_engines() if engine.slug != "fixture"]


class HostJourneyTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        for name in ("kim", "leo", "mia", "ned"):  # a Death Match eliminates its loser: enough seats remain
            self.members[name] = SeasonPlayer.objects.create(
                season=self.season, display_name=name.title(), user=User.objects.create_user(name)
            )
        self.stack = serve(self)

    def test_a_host_runs_a_match_of_every_game_from_draft_to_the_season_page(self):
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana).new_page()
            host.on("dialog", lambda dialog: dialog.accept())  # "Close ... now?" asks first
            spectator = person(browser, self.stack.url).new_page()
            for engine in installed_games():
                with self.subTest(game=engine.slug):
                    self.walk(host, spectator, engine)

    def walk(self, host, spectator, engine):
        title = f"Journey: {engine.name}"
        active = SeasonPlayer.objects.filter(season=self.season, status=SeasonPlayer.ACTIVE)
        names = [m.user.username for m in active.select_related("user").order_by("pk")][: engine.min_seats]
        self.draft(host, engine, title, names)
        match = Match.objects.get(title=title)
        host.get_by_text("Ready to start.").wait_for()
        screenshot(host, f"journey-{engine.slug}-1-draft")
        host.get_by_role("button", name="Start the match").click()
        host.get_by_text("The match has started.").wait_for()
        self.close_until_over(host, match)
        screenshot(host, f"journey-{engine.slug}-2-finished")
        host.get_by_role("link", name="Review and confirm the result…").click()
        reasons = [r for r in host.locator("input[name$='-reason']").evaluate_all("els => els.map(e => e.value)") if r]
        host.get_by_role("button", name="Confirm into the ledger").click()
        host.get_by_text("Result confirmed into the ledger.").wait_for()
        match.refresh_from_db()
        self.assertIsNotNone(match.confirmed_at)
        self.read_season_page(spectator, engine, match, reasons)

    def draft(self, host, engine, title, names):
        host.goto("/host/")
        host.locator(".season-block", has_text=self.season.name).get_by_role("link", name="New match").click()
        host.get_by_role("link", name=engine.name, exact=False).first.click()
        host.fill("input[name=title]", title)
        roles = engine.default_roles(len(names))
        for name, role in zip(names, roles):
            member = self.members[name]
            host.get_by_label(f"{member.display_name} ({name})", exact=True).check()
            if role:
                host.locator("details", has_text="Roles").evaluate("d => d.open = true")
                host.select_option(f"select[name=role_{member.pk}]", role)
        host.click("form.setup-form button[type=submit]")
        host.wait_for_url("**/host/matches/*/")

    def close_until_over(self, host, match):
        """Close the first open phase, as often as it takes: the rules' defaults play every seat."""
        for _ in range(MAX_CLOSES):
            close = host.locator(".phase-control").first.get_by_role("button", name="Close now")
            if host.get_by_role("link", name="Review and confirm the result…").count():
                return
            if close.count():
                close.click()
                host.wait_for_load_state()
            elif self.act_as_host(host, match):
                continue
            else:  # a phase opening at its moment (a real-time game's next step): the page pushes it
                host.wait_for_timeout(200)
                host.reload()
        match.refresh_from_db()
        self.fail(f"{match.title} did not end after {MAX_CLOSES} closes (status {match.status})")

    def act_as_host(self, host, match):
        """In a game that waits on its host (a host-run game), the bot host's next action taken
        on the host action's own page, its form filled in as a host would. False if it has none."""
        match.refresh_from_db()
        if match.phases.filter(status=Phase.OPEN).exists():
            return False
        choice = registry.get(match.game).random_host_action(match.state, Context({}), random.Random(match.step))
        if choice is None:
            return False
        name, data = choice
        host.goto(f"/host/matches/{match.pk}/actions/{name}/")
        for key, value in data.items():
            field = host.locator(f"[name={key}]")
            if isinstance(value, list):
                for chosen in value:
                    host.check(f"input[name={key}][value='{chosen}']")
            elif field.first.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        host.locator("button[name=do]").click()
        host.wait_for_url(f"**/host/matches/{match.pk}/")
        return True

    def read_season_page(self, spectator, engine, match, reasons):
        spectator.goto(f"/seasons/{self.season.slug}/")
        row = spectator.locator(".season-matches li", has_text=match.title)
        row.wait_for()
        self.assertIn(engine.name, row.inner_text())
        self.assertIn("won:", row.inner_text())
        history = spectator.locator("ol.history").inner_text()
        for reason in reasons:
            self.assertIn(reason, history, f"{engine.name}: a confirmed entry is missing from the history")
        for change in StatusChange.objects.filter(match=match):
            self.assertIn(change.words(), history)
            standings = spectator.locator("table tr", has_text=change.player.display_name).first.inner_text()
            self.assertIn(change.player.get_realm_display(), standings)
        screenshot(spectator, f"journey-{engine.slug}-3-season-page")
