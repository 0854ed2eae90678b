"""Issue #28, "choose on the picture": tapping the game's picture fills the same form the radio
buttons fill (static/js/pick.js). In Quattro Loop a card of the hand, then a slot of one's own loop,
then the sticky Place button send the same placement as the radio form, on a phone and a desktop;
in Mystery Cosign a tap on an operation of the notebook picks it. Issue 35, point 8: in the fixture
game a tap sets a number (the bid) and a select (the guess), and a tap on a number that goes only
with a guess (a dependent field) chooses that guess first."""

import pytest

from matches.core import lifecycle
from matches.models import Submission
from tests.support.browsers import BrowserGameTestCase, chromium, press_send, screenshot

pytestmark = pytest.mark.browser


class QuattroPickTestCase(BrowserGameTestCase):
    game = "quattro_loop"
    seats = ("alice", "bob")
    settings = {"boards": "custom", "board_lines": [["end: swap this this"] * 7] * 3}

    def sent(self, name):
        return self.open_phase().submissions.filter(player=self.seat(name)).order_by("-id").first().payload

    def send_by_radio(self, page, card, slot):
        form = page.locator("form.move-form")
        form.locator(f"input[name=card][value='{card}']").check()
        form.locator(f"input[name=slot][value={slot}]").check()
        press_send(form)
        page.get_by_text("Submission received").wait_for()
        page.wait_for_selector(".conn[data-state=live]")

    def tap_and_compare(self, page, name, tag):
        """The hand's second card in slot C, sent through the radios; then the first card in slot A
        (so the form holds something else); then the second card and slot C tapped on the picture
        and sent with the sticky button: the same stored placement. Bob sends nothing meanwhile,
        so the placement stays open."""
        cards = page.locator(".hand [data-pick-field=card]")
        first, second = cards.nth(0).get_attribute("data-pick-value"), cards.nth(1).get_attribute("data-pick-value")
        self.send_by_radio(page, second, "C")
        by_radio = self.sent(name)
        self.send_by_radio(page, first, "A")
        # only her own loop's slots are hers to choose: a tap on Bob's slot C chooses nothing
        page.locator(".rings figure").nth(1).locator("circle").nth(2).click()
        self.assertEqual(page.locator("form.move-form input[name=slot]:checked").get_attribute("value"), "A")

        page.locator(f".hand [data-pick-value='{second}']").click()
        page.locator(".rings [data-pick-field=slot][data-pick-value=C]").click()
        form = page.locator("form.move-form")
        self.assertTrue(form.locator(f"input[name=card][value='{second}']").is_checked())
        self.assertTrue(form.locator("input[name=slot][value=C]").is_checked())
        self.assertEqual(page.locator(".board-picture .picked").count(), 2)  # the picture shows the choice
        page.screenshot(path=str(screenshot(page, f"pick-quattro-tapped-{tag}")).replace(".png", "-screen.png"))
        press_send(form)
        page.get_by_text("Submission received").wait_for()
        self.assertEqual(self.sent(name), by_radio)
        self.assertEqual(by_radio, {"card": second, "slot": "C"})

    def test_it_sends_the_tapped_placement_as_the_radio_form_does_on_a_phone_and_a_desktop(self):
        m = self.match.pk
        with chromium() as browser:
            phone = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            # the Place button stays at the bottom of the phone's screen while the form is on it
            box = phone.locator("form.move-form button[type=submit]").bounding_box()
            self.assertLessEqual(box["y"] + box["height"], 844)
            self.tap_and_compare(phone, "alice", "phone")
            self.tap_and_compare(self.page(browser, self.alice, f"/play/{m}/"), "alice", "desktop")


class CosignPickTestCase(BrowserGameTestCase):
    game = "mystery_cosign"
    seats = ("alice", "bob")
    settings = {"operation_set": "easy"}

    def test_it_picks_an_operation_tapped_on_the_notebook(self):
        for data in ({"first": "me"}, {"P": 3}, {"Q": 4}):
            phase = self.open_phase()
            lifecycle.do_submit(phase.pk, self.match.seats.get(seat=phase.waits_on[0]), data)
        self.assertTrue(self.open_phase().key.endswith("-picks"))
        m = self.match.pk
        with chromium() as browser:
            ada = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            for letter in ("A", "C", "D", "D"):  # a second tap takes D back
                ada.locator(f".notebook [data-pick-value={letter}]").click()
            checked = ada.locator("form.move-form input[name=picks]:checked")
            self.assertEqual([checked.nth(i).get_attribute("value") for i in range(checked.count())], ["A", "C"])
            self.assertEqual(ada.locator(".notebook .picked").count(), 2)
            screenshot(ada, "pick-cosign-tapped-phone")
            press_send(ada.locator("form.move-form").first)
            ada.get_by_text("Submission received").wait_for()
        sub = self.open_phase().submissions.get(player=self.seat("alice"))
        self.assertEqual(sub.payload, {"picks": ["A", "C"]})


class NumberAndSelectPickTestCase(BrowserGameTestCase):
    """The fixture game's picture offers bids 1-10 (the number field `bid`), the guess "nobody
    scores" (an option of the select `guess`) and top bids 1-10 (the number `guess_top`, which
    goes only with the guess "Top bid")."""

    def tap_and_send(self, page, tag):
        form = page.locator("form.move-form")
        guess, number = form.locator("select[name=guess]"), form.locator("input[name=guess_top]")
        page.locator(".bid-picks [data-pick-value='7']").click()
        self.assertEqual(form.locator("input[name=bid]").input_value(), "7")
        # the top bid 3: its field was hidden, so the guess it goes with is chosen first
        self.assertTrue(number.is_hidden())
        page.locator(".guess-picks [data-pick-field=guess_top][data-pick-value='3']").click()
        self.assertEqual(guess.input_value(), "top")
        self.assertTrue(number.is_visible())
        self.assertEqual(number.input_value(), "3")
        picked = page.locator(".picks .picked")
        self.assertEqual(
            [picked.nth(i).get_attribute("data-pick-field") for i in range(picked.count())], ["bid", "guess_top"]
        )
        screenshot(page, f"pick-number-and-select-{tag}")
        press_send(form)
        page.get_by_text("Submission received").wait_for()
        # then "nobody scores" tapped: the select is set and the number goes away with its guess
        page.wait_for_selector(".conn[data-state=live]")
        page.locator(".guess-picks [data-pick-value=none]").click()
        self.assertEqual(guess.input_value(), "none")
        self.assertTrue(number.is_hidden())
        page.locator(".bid-picks [data-pick-value='10']").click()
        press_send(form)
        page.get_by_text("Submission received").wait_for()

    def test_it_sets_numbers_and_selects_and_a_dependent_fields_choice_on_a_phone_and_a_desktop(self):
        phase, m = self.open_phase(), self.match.pk
        with chromium() as browser:
            self.tap_and_send(self.page(browser, self.alice, f"/play/{m}/", phone=True), "phone")
            self.tap_and_send(self.page(browser, self.alice, f"/play/{m}/"), "desktop")
        sent = [s.payload for s in Submission.objects.filter(phase=phase, player=self.seat("alice")).order_by("id")]
        self.assertEqual(sent, [{"bid": 7, "guess": "top", "guess_top": 3}, {"bid": 10, "guess": "none"}] * 2)
