"""axe-core (through axe-playwright-python, which ships it) on every kind of page, as each kind
of person sees it: no serious or critical violation. The game pages are those of a running match
of every installed game, so each game's picture is checked too."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from games import registry
from matches.core import lifecycle
from matches.models import Phase, SeasonInvitation
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person
from tests.support.host_bot import until_a_phase_opens
from tests.support.stack import serve

pytestmark = pytest.mark.browser
SERIOUS = {"serious", "critical"}


class AccessibilityTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.finished = self.start(self.make_match(["alice", "bob"]))
        while (phase := self.finished.phases.filter(status=Phase.OPEN).first()) is not None:
            lifecycle.close_phase(phase.pk, "host")
        self.games = {}
        for engine in registry.all_engines():
            if engine.slug == "fixture":
                continue
            self.games[engine.slug] = until_a_phase_opens(self.start(self.game_match(engine)))
        self.draft = self.make_match(["alice", "bob"])
        # an invitation on Eve's home page and the desk's list of them
        SeasonInvitation.objects.create(season=self.season, user=self.eve, display_name="Evie", invited_by=self.hana)
        self.stack = serve(self)

    def pages(self):
        m, f, slug = self.match.pk, self.finished.pk, self.season.slug
        yield (
            None,
            [
                "/",
                "/games/",
                "/games/fixture/rules/",
                f"/seasons/{slug}/",
                f"/matches/{m}/",
                f"/matches/{f}/",
                f"/matches/{f}/steps/",
                "/accounts/login/",
                "/no/such/page/",
            ],
        )
        yield self.alice, [f"/play/{m}/", f"/play/{m}/substitute/", "/account/", f"/seasons/{slug}/"]
        yield self.eve, ["/"]
        yield (
            self.hana,
            [
                "/host/",
                "/host/help/",
                f"/host/seasons/{slug}/",
                f"/host/seasons/{slug}/matches/new/",
                f"/host/seasons/{slug}/matches/new/?game=mystery_cosign",
                f"/host/matches/{m}/",
                f"/host/matches/{self.draft.pk}/",
                f"/host/matches/{self.draft.pk}/setup/",
                f"/host/matches/{f}/confirm/",
                f"/host/matches/{m}/actions/grant/",
                f"/host/seasons/{slug}/players/{self.members['alice'].pk}/leave/",
            ],
        )
        for slug, match in self.games.items():
            yield None, [f"/matches/{match.pk}/", f"/games/{slug}/rules/"]
            yield match.seats.get(seat=0).season_player.user, [f"/play/{match.pk}/"]
            yield self.hana, [f"/host/matches/{match.pk}/"]

    def test_no_page_has_a_serious_or_critical_violation(self):
        axe, found = Axe(), []
        with chromium() as browser:
            contexts = {}
            for user, paths in self.pages():
                key = user.pk if user else None
                if key not in contexts:
                    contexts[key] = person(browser, self.stack.url, user, bypass_csp=True)  # axe is injected
                page = contexts[key].new_page()
                for path in paths:
                    page.goto(path)
                    for violation in axe.run(page).response["violations"]:
                        if violation["impact"] in SERIOUS:
                            targets = [", ".join(n["target"]) for n in violation["nodes"]][:3]
                            found.append(
                                f"{path} ({user or 'spectator'}): {violation['id']} "
                                f"[{violation['impact']}] {violation['help']}: {targets}"
                            )
                page.close()
        self.assertEqual(found, [], "\n".join(found))

    def test_no_page_scrolls_sideways_at_320_px(self):
        wide = []
        with chromium() as browser:
            contexts = {}
            for user, paths in self.pages():
                key = user.pk if user else None
                if key not in contexts:
                    contexts[key] = person(
                        browser, self.stack.url, user, viewport={"width": 320, "height": 700}, is_mobile=True
                    )
                page = contexts[key].new_page()
                for path in paths:
                    page.goto(path)
                    width = page.evaluate("document.documentElement.scrollWidth")
                    if width > 320:
                        wide.append(f"{path} ({user or 'spectator'}): {width} px")
                page.close()
        self.assertEqual(wide, [], "\n".join(wide))
