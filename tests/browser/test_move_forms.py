"""Issue #40, points 3, 4 and 6 in Chromium, on a phone (390x844) and a desktop:
- a refused Pokemon Snap ranking comes back as sent, the message beside the choice at fault;
- a move that closes its step (Black and White's tiles: each step waits on one player and closes
  on their move) asks once, in place (never a browser dialog), before it is sent; Enter on a
  focused tile chooses it and sends nothing; after the send the result has the focus; without
  script the form sends at once;
- under a minute the countdown reads in seconds; a moment shows in the reader's zone with the UTC
  in its title (and in UTC without script); a Send disabled while paused looks disabled; the
  sticky Send never covers the option the keyboard is on."""

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


class RefusedOnAPhoneTestCase(SnapPeopleMixin, BaseTransactionTestCase):
    """Bob photographs in Pokemon Snap; his ranking names Pokemon 7 twice."""

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def test_it_brings_a_refused_ranking_back_as_sent_with_the_message_beside_the_choice(self):
        order = ["7", "3", "7", "5", "2", "4"]
        with chromium() as browser:
            page = live_page(browser, self.stack, self.bob, phone=True)
            page.goto(f"/play/{self.match.pk}/")
            form = page.locator("form.move-form")
            starts = [form.locator(f"select[name=rank_{rank}]").input_value() for rank in range(1, 7)]
            self.assertEqual(sorted(starts), ["2", "3", "4", "5", "6", "7"])  # a valid order to begin with
            form.locator("input[name=exhibit][value=B]").check()
            for rank, pokemon in enumerate(order, start=1):
                form.locator(f"select[name=rank_{rank}]").select_option(pokemon)
            press_send(form)
            page.wait_for_selector("main > ul.messages .msg-error")
            form = page.locator("form.move-form")
            self.assertTrue(form.locator("input[name=exhibit][value=B]").is_checked())
            self.assertEqual([form.locator(f"select[name=rank_{rank}]").input_value() for rank in range(1, 7)], order)
            beside = form.locator("div", has=page.locator("select[name=rank_3]")).last
            self.assertIn("Put each of the six Pokemon in the list exactly once.", beside.inner_text())
            self.assertEqual(form.locator(".errorlist").count(), 1)
            self.assertEqual(form.locator("select[name=rank_3]").get_attribute("aria-invalid"), "true")
            screenshot(page, "phone-refused-ranking")
            self.assertFalse(self.match.phases.get(status=Phase.OPEN).submissions.exists())


class TimesAndSendTestCase(BaseTransactionTestCase):
    """The fixture game (Unique Bid): Alice has bid; the round closes in under a minute."""

    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()
        lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 4})
        Phase.objects.filter(pk=self.phase.pk).update(deadline=clock.now() + timedelta(seconds=50))
        self.sent = self.phase.submissions.get().created_at
        self.stack = serve(self)

    def test_it_shows_seconds_and_the_readers_own_time_with_utc_on_hover(self):
        tokyo = self.sent + timedelta(hours=9)
        utc_text = f"{self.sent:%H:%M:%S} UTC"
        with chromium() as browser:
            page = live_page(browser, self.stack, self.alice, timezone_id="Asia/Tokyo")
            page.goto(f"/play/{self.match.pk}/")
            page.wait_for_selector(".conn[data-state=live]")
            countdown = page.locator("form.move-form .countdown").inner_text()
            self.assertRegex(countdown, r"^[1-4]?\d seconds?$")
            sent = page.locator("form.move-form time.local-time")
            text = sent.inner_text()
            self.assertNotIn("UTC", text)
            self.assertIn(f"{tokyo:%M:%S}", text)
            self.assertRegex(text, rf"^0?({tokyo.hour}|{tokyo.hour % 12 or 12})\D")  # Tokyo's hour, 12 or 24 h
            self.assertEqual(sent.get_attribute("title"), f"{self.sent:%Y-%m-%d %H:%M:%S} UTC")
            page.context.close()
            bare = live_page(browser, self.stack, self.alice, timezone_id="Asia/Tokyo", java_script_enabled=False)
            bare.goto(f"/play/{self.match.pk}/")
            self.assertEqual(bare.locator("form.move-form time.local-time").inner_text(), utc_text)
            self.assertRegex(bare.locator("form.move-form .countdown").inner_text(), r"^[1-4]?\d seconds?$")

    def test_a_send_disabled_while_paused_looks_disabled(self):
        lifecycle.do_pause(self.match.pk)
        with chromium() as browser:
            for phone in (False, True):
                page = live_page(browser, self.stack, self.bob, phone=phone)
                page.goto(f"/play/{self.match.pk}/")
                send = page.locator("form.move-form button[type=submit]")
                self.assertTrue(send.is_disabled())
                # the same button enabled, beside it: the disabled one must not look like it
                looks = send.evaluate("""(b) => {
                  const twin = b.cloneNode(true); twin.disabled = false; b.after(twin);
                  const style = (el) => { const s = getComputedStyle(el); return [s.backgroundColor, s.color, s.cursor]; };
                  const out = {disabled: style(b), enabled: style(twin)}; twin.remove(); return out; }""")
                self.assertNotEqual(looks["disabled"][0], looks["enabled"][0])
                self.assertEqual(looks["disabled"][2], "not-allowed")
                screenshot(page, f"paused-send-{'phone' if phone else 'desktop'}")
                page.context.close()


class StickySendTestCase(BaseTransactionTestCase):
    """Co-op QWOP's long form of cards on a phone: the first card's menu sits just under the sticky
    Send bar at the bottom of the screen; the keyboard's Tab onto it brings it clear of the bar."""

    game = "coop_qwop"

    def test_the_sticky_send_does_not_cover_the_option_the_keyboard_is_on(self):
        from games import registry

        engine = next(e for e in registry.all_engines() if e.slug == "coop_qwop")
        match = self.start(self.game_match(engine))
        phase = match.phases.filter(status=Phase.OPEN).order_by("sequence").first()
        while not phase.waits_on:  # the pregame waits on nobody
            lifecycle.do_force_close(phase.pk)
            phase = match.phases.filter(status=Phase.OPEN).order_by("sequence").first()
        user = match.seats.get(seat=phase.waits_on[0]).season_player.user
        stack = serve(self)
        with chromium() as browser:
            page = live_page(browser, stack, user, phone=True)
            page.goto(f"/play/{match.pk}/")
            page.wait_for_selector(".conn[data-state=live]")
            under = page.evaluate("""() => {
              const first = document.querySelector("form.move-form select");
              const focusable = [...document.querySelectorAll("a[href], button, select, input:not([type=hidden])")];
              window.scrollTo(0, first.getBoundingClientRect().top + scrollY - innerHeight + first.offsetHeight + 5);
              focusable[focusable.indexOf(first) - 1].focus({preventScroll: true});
              const bar = first.form.querySelector(".send-row").getBoundingClientRect();
              return first.getBoundingClientRect().bottom > bar.top;  // the bar covers it now
            }""")
            self.assertTrue(under)
            page.keyboard.press("Tab")
            where = page.evaluate("""() => {
              const el = document.activeElement, bar = el.form.querySelector(".send-row").getBoundingClientRect();
              return {name: el.name, bottom: el.getBoundingClientRect().bottom, bar: bar.top};
            }""")
            self.assertTrue(where["name"].startswith("card_"), where)
            self.assertLessEqual(where["bottom"], where["bar"], where)
            screenshot(page, "phone-sticky-send-clear")
