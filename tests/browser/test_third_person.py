"""Once a Black and White match is over, everyone reads the tiles each player laid in private: a
spectator and the other player read them by name ("private to Alice" "Time ran out for Alice: the
seed laid 6."), the player who laid them as said to them ("You"), on the step page and in the
finished log, in Chromium on a desktop and on a phone (issue 40, point 7)."""

import re

import pytest
from django.urls import reverse

from games import registry
from matches.core import lifecycle
from matches.models import Event, Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class ThirdPersonBrowserTestCase(BaseTransactionTestCase):
    def test_a_laid_tile_reads_by_name_to_others_and_as_yours_to_its_player(self):
        self.match = self.game_match(registry.get("black_and_white"))
        self.start()
        while (phase := self.match.phases.filter(status=Phase.OPEN).order_by("sequence").first()) is not None:
            lifecycle.close_phase(phase.pk, "host")  # every tile the seed's: "Time ran out: ..."
        first = self.match.events.filter(visibility=Event.PRIVATE).order_by("seq").first()  # step 1's leader
        tile = re.fullmatch(r"Time ran out: the seed laid your (\d)\.", first.text).group(1)
        owner = self.match.seats.get(seat=first.seat).season_player
        other = self.match.seats.exclude(seat=first.seat).get().season_player
        told = f"private to {owner.display_name} Time ran out for {owner.display_name}: the seed laid {tile}."
        own = f"private Time ran out: the seed laid your {tile}."
        number = self.match.events.filter(seq__lte=first.seq).count()  # its data-seq: after the end all are read
        public, play = reverse("match_public", args=[self.match.pk]), reverse("match_play", args=[self.match.pk])
        stack = serve(self)
        with chromium() as browser:
            for phone in (False, True):
                size = "phone" if phone else "desktop"
                for who, user, expected, log_url in (
                    ("spectator", None, told, public),
                    ("other", other.user, told, play),
                    ("owner", owner.user, own, play),
                ):
                    page = person(browser, stack.url, user, phone=phone).new_page()
                    page.goto(reverse("match_step", args=[self.match.pk, 1]))
                    self.assertEqual(page.locator("ol.events li.event-private").first.inner_text(), expected)
                    self.assert_fits(page)
                    screenshot(page, f"third-person-step-{who}-{size}")
                    page.goto(log_url)
                    line = page.locator(f'ol.events li.event-private[data-seq="{number}"]')
                    self.assertEqual(line.inner_text(), expected)
                    self.assert_fits(page)
                    line.scroll_into_view_if_needed()
                    screenshot(page, f"third-person-log-{who}-{size}")
                    page.context.close()

    def assert_fits(self, page):
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"])
