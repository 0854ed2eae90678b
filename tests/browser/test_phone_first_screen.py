"""Issue #28, "the board is below the fold": on a phone (Chromium, 390x844) the play page of every
registered game shows in its first screen what waits on the player (the form, its countdown and its
submit button) and the game's picture (the element its view marks `data-picture`), measured from
the page's layout; at 320 px wide no page scrolls sideways. A new game is tested without change."""

import json

import pytest

from games import registry
from matches.core import lifecycle
from matches.models import Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.host_bot import until_a_phase_opens
from tests.support.browsers import chromium, person, screenshot
from tests.browser.test_close_result_screen import SETTLED
from tests.support.first_close import first_close
from tests.support.stack import ARTIFACTS, serve

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
# getBoundingClientRect() at the top of the page: each box's top in page pixels (None: not found)
MEASURE = """() => {
  const top = (el) => el ? Math.round(el.getBoundingClientRect().top + window.scrollY) : null;
  const form = document.querySelector("#live-forms form.move-form");
  return {
    form: top(form),
    countdown: top(form && form.querySelector(".countdown")),
    submit: top(form && form.querySelector("button[type=submit]")),
    submitBottom: form ? Math.round(form.querySelector("button[type=submit]").getBoundingClientRect().bottom) : null,
    picture: top(document.querySelector(".game-view [data-picture]")),
    view: top(document.querySelector(".game-view")),
    height: document.documentElement.scrollHeight,
  };
}"""


def waiting_seat(match):
    """The first seat an open phase of `match` waits on; phases that wait on nobody (Co-op QWOP's
    pregame) are closed by the host until one does."""
    for _ in range(5):
        phases = list(match.phases.filter(status=Phase.OPEN).order_by("sequence"))
        for phase in phases:
            if phase.waits_on:
                return match.seats.get(seat=min(phase.waits_on))
        lifecycle.do_force_close(phases[0].pk)
    raise AssertionError(f"no open phase of {match.game} waits on anyone")


class PhoneFirstScreenTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.games = {}
        for engine in registry.all_engines():
            if engine.slug == "fixture":
                continue
            match = until_a_phase_opens(self.start(self.game_match(engine)))  # a host-run game: its first round
            self.games[engine.slug] = (match, waiting_seat(match).season_player.user)
        self.stack = serve(self)

    def test_it_shows_the_waiting_form_and_the_picture_in_a_phones_first_screen(self):
        self.assertGreaterEqual(len(self.games), 5)
        found, heights = [], {}
        with chromium() as browser:
            for slug, (match, user) in self.games.items():
                page = person(browser, self.stack.url, user, phone=True).new_page()
                page.goto(f"/play/{match.pk}/")
                page.wait_for_selector(".conn[data-state=live]")
                tops = page.evaluate(MEASURE)
                heights[slug] = tops
                screenshot(page, f"phone-whole-page-{slug}")
                page.screenshot(path=str(ARTIFACTS / "screenshots" / f"phone-first-screen-{slug}.png"))
                page.set_viewport_size({"width": 1280, "height": 900})
                screenshot(page, f"desktop-first-screen-{slug}")
                for what in ("form", "countdown", "submit", "picture"):
                    if tops[what] is None or tops[what] >= PHONE["height"]:
                        found.append(f"{slug}: the {what} starts at {tops[what]} px")
                if tops["submitBottom"] is not None and tops["submitBottom"] > PHONE["height"]:
                    found.append(f"{slug}: the submit button ends at {tops['submitBottom']} px")
                page.context.close()
        (ARTIFACTS / "phone-first-screen.json").write_text(json.dumps(heights, indent=1))
        self.assertEqual(found, [], "\n".join(found))

    def test_it_never_scrolls_sideways_at_320_px(self):
        wide = []
        with chromium() as browser:
            for slug, (match, user) in self.games.items():
                page = person(
                    browser, self.stack.url, user, viewport={"width": 320, "height": 700}, is_mobile=True
                ).new_page()
                page.goto(f"/play/{match.pk}/")
                page.wait_for_selector(".conn[data-state=live]")
                sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                if sizes[0] > sizes[1]:
                    wide.append(f"{slug}: {sizes[0]} px wide in {sizes[1]}")
                page.context.close()
        self.assertEqual(wide, [], "\n".join(wide))


class SnapDayTwoTestCase(BaseTransactionTestCase):
    """Pokemon Snap's second day: the last close's card, a Pokemon's grown card (its stats over day
    1, who photographed it) and a photographer's photos above the form, which must still start in
    every seat's first screen."""

    def test_it_shows_day_2_s_form_in_every_seat_s_first_screen(self):
        match = self.start(self.game_match(registry.get("pokemon_snap")))
        first_close(match)  # day 1 played by every seat's bot: the photographers' photos taken
        self.assertTrue(match.phases.filter(status=Phase.OPEN, key="day-2").exists())
        stack = serve(self)
        found = []
        with chromium() as browser:
            for seat in match.seats.select_related("season_player__user"):
                page = person(browser, stack.url, seat.season_player.user, phone=True).new_page()
                page.goto(f"/play/{match.pk}/")
                page.wait_for_selector(".conn[data-state=live]")
                page.evaluate(SETTLED)  # the close's card folded, if it does (static/js/close_result.js)
                tops = page.evaluate(MEASURE)
                if seat.seat in (0, 2):  # a photographer and a Pokemon
                    page.screenshot(path=str(ARTIFACTS / "screenshots" / f"phone-snap-day-2-seat-{seat.seat + 1}.png"))
                for what in ("form", "picture"):
                    if tops[what] is None or tops[what] >= PHONE["height"]:
                        found.append(f"seat {seat.seat + 1}: the {what} starts at {tops[what]} px")
                if tops["submitBottom"] > PHONE["height"]:
                    found.append(f"seat {seat.seat + 1}: the submit button ends at {tops['submitBottom']} px")
                page.context.close()
        self.assertEqual(found, [], "\n".join(found))
