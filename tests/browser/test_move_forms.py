"""Issue #40, points 3, 4 and 6 in Chromium, on a phone (390x844) and a desktop:
- a refused Pokemon Snap ranking comes back as sent, the message beside the choice at fault;
- a move that closes its step (Black and White's tiles: each step waits on one player and closes
  on their move) asks once, in place (never a browser dialog), before it is sent; Enter on a
  focused tile chooses it and sends nothing; after the send the result has the focus; without
  script the form sends at once;
- under a minute the countdown reads in seconds; a moment shows in the reader's zone with the UTC
  in its title (and in UTC without script); a Send disabled while paused looks disabled; the
  sticky Send never covers the option the keyboard is on."""

import re
from datetime import timedelta

import pytest

from matches import clock
from matches.core import lifecycle
from matches.models import Phase
from tests.pokemon_snap.support_match import SnapPeopleMixin
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, press_send, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser
ACTIVE = "document.activeElement && document.activeElement.matches(%r)"


def live_page(browser, stack, user, phone=False, **more):
    page = person(browser, stack.url, user, phone=phone, **more).new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.dialogs = dialogs
    return page


class FinalMoveTestCase(BaseTransactionTestCase):
    game = "black_and_white"
    seats = ("alice", "bob")
    settings = {}

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def waiting(self):
        phase = self.match.phases.get(status=Phase.OPEN)
        return phase, self.match.seats.get(seat=phase.waits_on[0])

    def lay_after_asking(self, page, phase, where):
        """Enter on a tile, then Send, "Not yet", Send, "Yes, send it": one move sent."""
        page.goto(f"/play/{self.match.pk}/")
        page.wait_for_selector(".conn[data-state=live]")
        page.evaluate("window.notReloaded = true")
        form = page.locator("form.move-form")
        self.assertIn("cannot be changed", form.get_attribute("data-final"), where)
        tile = form.locator("input[name=tile]").nth(1)
        tile.focus()
        page.keyboard.press("Enter")
        page.wait_for_timeout(400)
        self.assertTrue(tile.is_checked(), where)  # Enter chose the tile...
        self.assertEqual(page.locator(".confirm-final").count(), 0, where)  # ...and neither sent nor asked
        self.assertTrue(page.evaluate("window.notReloaded === true"), where)
        form.locator("button[type=submit]").click()
        question = form.locator(".confirm-final")
        question.wait_for()
        self.assertIn("Send it?", question.inner_text())
        self.assertTrue(page.evaluate(ACTIVE % ".confirm-final button.yes"), where)
        screenshot(page, f"final-move-question-{where}")
        box, send = question.bounding_box(), form.locator("button[type=submit]").bounding_box()
        self.assertLessEqual(box["y"] + box["height"], page.viewport_size["height"], where)  # asked on screen
        self.assertLess(box["y"], send["y"], where)
        question.get_by_role("button", name="Not yet").click()
        self.assertEqual(form.locator(".confirm-final").count(), 0, where)
        self.assertTrue(page.evaluate(ACTIVE % "form.move-form button[type=submit]"), where)
        self.assertFalse(phase.submissions.exists(), where)
        form.locator("button[type=submit]").click()
        form.locator(".confirm-final").get_by_role("button", name="Yes, send it").click()
        page.wait_for_selector("main > ul.messages .msg-success")
        self.assertEqual(phase.submissions.count(), 1, where)
        self.assertTrue(page.evaluate(ACTIVE % "main > ul.messages"), where)  # the result, not the page's top
        self.assertEqual(page.dialogs, [], where)

    def test_it_asks_once_in_place_before_a_move_that_closes_its_step(self):
        with chromium() as browser:
            for where, phone in (("desktop", False), ("phone", True)):
                phase, seat = self.waiting()
                page = live_page(browser, self.stack, seat.season_player.user, phone=phone)
                self.lay_after_asking(page, phase, where)
                page.context.close()
            # without script the tile is laid at once: the note beside Send said so
            phase, seat = self.waiting()
            page = live_page(browser, self.stack, seat.season_player.user, phone=True, java_script_enabled=False)
            page.goto(f"/play/{self.match.pk}/")
            form = page.locator("form.move-form")
            self.assertIn("no changes after", form.locator(".send-row").inner_text())
            form.locator("input[name=tile]").first.check()
            form.locator("button[type=submit]").click()
            page.wait_for_selector("main > ul.messages .msg-success")
            self.assertEqual(phase.submissions.count(), 1)
            self.assertEqual(page.dialogs, [])

    def test_it_does_not_ask_where_the_move_can_still_be_revised(self):
        # Unique Bid with close_early: the first of two bidders can revise; the last one closes it
        self.game, self.settings = "fixture", {"rounds": 3, "round_seconds": 600, "close_early": True}
        match = self.start(self.make_match(["alice", "bob"]))
        phase = match.phases.get(status=Phase.OPEN)
        with chromium() as browser:
            alice = live_page(browser, self.stack, self.alice)
            alice.goto(f"/play/{match.pk}/")
            alice.wait_for_selector(".conn[data-state=live]")
            self.assertIsNone(alice.locator("form.move-form").get_attribute("data-final"))
            alice.fill("form.move-form input[name=bid]", "4")
            alice.click("form.move-form button[type=submit]")
            alice.wait_for_selector("main > ul.messages .msg-success")
            bob = live_page(browser, self.stack, self.bob, phone=True)
            bob.goto(f"/play/{match.pk}/")
            self.assertIn("closes “Round 1”", bob.locator("form.move-form").get_attribute("data-final"))
            self.assertEqual(phase.submissions.count(), 1)
