"""Issue #40, point 2, in Chromium: after a close, the first screen of each player's play page
(390x844, as tests/browser/test_phone_first_screen.py measures it: boxes from the page's layout)
shows what the close did to them: the card (templates/matches/_close_result.html) starts and ends
within the first screen, in every registered game; where it would push the form waiting on them
out of the first screen, it is one row (static/js/close_result.js), unless not even the form's
title would show then (Pokemon Snap's second day puts its form below the first screen with or without the
card: its exhibit grows), when the card stays whole.
At 1280x800 the card is in the first screen too. What was measured is written to
test-artifacts/phone-close-result.json. A close while the page is open reaches the card over the
socket, and a finished match's card says the player's place."""

import json

import pytest

from games import registry
from matches.core import lifecycle
from matches.models import Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, open_live, screenshot
from tests.support.first_close import first_close
from tests.support.stack import ARTIFACTS, serve

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ROOM, TITLE, ONE_ROW = 70, 40, 40  # static/js/close_result.js: room for the form, for its title; a row
SETTLED = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))))"
MEASURE = """() => {
  const box = (el) => el ? el.getBoundingClientRect() : null;
  const card = box(document.querySelector("#close-result .close-result"));
  const form = box(document.querySelector("#live-forms form.move-form"));
  const y = window.scrollY;
  // where the form would start with the card folded to its row and its "Show all" (measured, not guessed)
  const el = document.querySelector("#close-result .close-result");
  let folded = null;
  if (el && form && !el.classList.contains("compact")) {
    const button = document.createElement("button");
    button.className = "link show-all";
    button.textContent = "Show all";
    el.classList.add("compact");
    el.append(button);
    folded = Math.round(document.querySelector("#live-forms form.move-form").getBoundingClientRect().top + y);
    button.remove();
    el.classList.remove("compact");
  }
  return {
    folded: folded,
    compact: !!document.querySelector("#close-result .compact"),
    top: card ? Math.round(card.top + y) : null,
    bottom: card ? Math.round(card.bottom + y) : null,
    form: form ? Math.round(form.top + y) : null,
    text: document.querySelector("#close-result").innerText,
    headline: (document.querySelector("#close-result li.headline") || {}).textContent || "",
  };
}"""


class CloseResultScreenTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.games = {}
        for engine in registry.all_engines():
            if engine.slug.startswith("fixture"):
                continue
            match = self.start(self.game_match(engine))
            self.games[engine.slug] = (match, first_close(match))
        self.stack = serve(self)

    def test_each_players_first_screen_shows_what_the_close_did_to_them(self):
        self.assertGreaterEqual(len(self.games), 7)
        found, measured = [], {}
        with chromium() as browser:
            for slug, (match, phase) in self.games.items():
                for player in match.seats.select_related("season_player__user").order_by("seat"):
                    where = f"{slug}, seat {player.seat}"
                    page = open_live(
                        browser, self.stack.url, f"/play/{match.pk}/", player.season_player.user, phone=True
                    )
                    page.evaluate(SETTLED)  # the page's own layout work done (close_result.js refits on it)
                    tops = page.evaluate(MEASURE)
                    measured[where] = tops
                    if player.seat == 0:
                        page.screenshot(path=str(ARTIFACTS / "screenshots" / f"phone-close-result-{slug}.png"))
                    if tops["top"] is None:
                        found.append(f"{where}: no card after {phase.title}")
                    elif tops["bottom"] > PHONE["height"]:
                        found.append(f"{where}: the card ends at {tops['bottom']} px")
                    elif not (tops["compact"] or tops["text"].startswith("Closed: ")):  # the first, or one since
                        found.append(f"{where}: the card does not start with the close: {tops['text']!r}")
                    elif tops["compact"] and tops["headline"].strip()[:20] not in tops["text"]:
                        found.append(f"{where}: the one-row card does not show its first line: {tops['text']!r}")
                    elif tops["compact"] and tops["bottom"] - tops["top"] > ONE_ROW:
                        found.append(f"{where}: the card shrunk to {tops['bottom'] - tops['top']} px, not one row")
                    if tops["form"] is not None and tops["form"] + ROOM > PHONE["height"] and not tops["compact"]:
                        if tops["folded"] is not None and tops["folded"] + TITLE <= PHONE["height"]:
                            found.append(
                                f"{where}: the form starts at {tops['form']} px and the card is whole "
                                f"(folded, at {tops['folded']} px)"
                            )
                    if tops["compact"] and player.seat == 0:  # Show all opens it, and it stays open
                        page.click("#close-result .show-all")
                        opened = page.evaluate(MEASURE)
                        if opened["compact"] or opened["bottom"] - opened["top"] <= ONE_ROW:
                            found.append(f"{where}: Show all did not open the card: {opened}")
                        screenshot(page, f"phone-close-result-opened-{slug}")
                    if player.seat == 0:
                        page.set_viewport_size(DESKTOP)
                        wide = page.evaluate(MEASURE)
                        screenshot(page, f"desktop-close-result-{slug}")
                        if wide["bottom"] is None or wide["bottom"] > DESKTOP["height"]:
                            found.append(f"{slug} at 1280x800: the card ends at {wide['bottom']} px")
                    page.context.close()
        (ARTIFACTS / "phone-close-result.json").write_text(json.dumps(measured, indent=1))
        self.assertEqual(found, [], "\n".join(found))


class LiveCardTestCase(BaseTransactionTestCase):
    game = "black_and_white"
    seats = ("alice", "bob")
    settings = {}

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def lay(self, seat, tile):
        phase = self.match.phases.get(status=Phase.OPEN)
        self.assertEqual(phase.waits_on, [seat])
        lifecycle.do_submit(phase.pk, self.match.seats.get(seat=seat), {"tile": str(tile)})

    def test_a_close_reaches_the_open_page_and_the_end_says_the_place(self):
        with chromium() as browser:
            page = open_live(browser, self.stack.url, f"/play/{self.match.pk}/", self.alice, phone=True)
            self.assertEqual(page.locator("#close-result").inner_text().strip(), "")
            self.lay(1, 7)  # seed 12345: Bob leads round 1; 7 is white
            page.wait_for_selector("#close-result .close-result")
            self.assertIn("Round 1: Bob leads with a white tile.", page.locator("#close-result").inner_text())
            self.lay(0, 4)  # over the server, as Alice's other tab would: Bob's 7 beats her 4
            page.locator("#close-result", has_text="Bob wins the round").wait_for()
            text = page.locator("#close-result").inner_text()
            self.assertIn("You laid your 4.", text)
            self.assertIn("Bob wins the round (Alice 0, Bob 1).", text)
            screenshot(page, "phone-close-result-live")
            for alice, bob in ((0, 1), (1, 2), (2, 3), (3, 5)):  # Bob leads and wins each: 5-0 ends it (B4)
                self.lay(1, bob)
                self.lay(0, alice)
            page.locator("#close-result", has_text="Your place").wait_for()
            text = page.locator("#close-result").inner_text()
            self.assertIn("Won by Bob. Your place: 2 of 2.", text)
            self.assertIn("awaiting the host's confirmation", text)
            screenshot(page, "phone-close-result-finished")
            page.context.close()
