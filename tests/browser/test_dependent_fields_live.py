"""Dependent fields on the page with script (static/js/depends.js), in Chromium on a desktop and a
phone: the fixture game's guessed number ("Number", which goes only with the guess "Top bid") is
hidden and disabled until that guess is chosen, so it is sent only with it; and a form a live
update draws (the next round's) hides it again. The page without script is
tests/core/test_dependent_fields.py."""

import pytest

from matches.core import lifecycle
from matches.models import Submission
from tests.support.browsers import BrowserGameTestCase, chromium, screenshot

pytestmark = pytest.mark.browser

NUMBER = "form.move-form input[name=guess_top]"


class DependentFieldsLiveTestCase(BrowserGameTestCase):
    def stored(self, phase):
        return [s.payload for s in Submission.objects.filter(phase=phase, player=self.seat("alice")).order_by("id")]

    def walk(self, phone):
        tag = "phone" if phone else "desktop"
        first = self.open_phase()
        with chromium() as browser:
            page = self.page(browser, self.alice, f"/play/{self.match.pk}/", phone=phone)
            number = page.locator(NUMBER)
            self.assertTrue(number.is_hidden() and number.is_disabled())
            page.select_option("form.move-form select[name=guess]", "top")
            self.assertTrue(number.is_visible() and number.is_enabled())
            page.get_by_text("Only with Top bid.").wait_for()
            screenshot(page, f"dependent-field-shown-{tag}")
            page.select_option("form.move-form select[name=guess]", "none")
            self.assertTrue(number.is_hidden())
            # typed with Top bid, then the guess changed: the number is not sent, so not refused
            page.select_option("form.move-form select[name=guess]", "top")
            number.fill("6")
            self.send(page, fill={"bid": 4})
            page.select_option("form.move-form select[name=guess]", "none")
            self.send(page, fill={"bid": 5})
            self.assertEqual(
                self.stored(first), [{"bid": 4, "guess": "top", "guess_top": 6}, {"bid": 5, "guess": "none"}]
            )
            # the others bid: the round closes and the next round's form arrives live, its number hidden
            for name in ("bob", "carol"):
                lifecycle.do_submit(first.pk, self.seat(name), {"bid": 1})
            page.get_by_role("heading", name="Round 2").wait_for(timeout=15_000)
            self.assertTrue(page.locator(NUMBER).is_hidden() and page.locator(NUMBER).is_disabled())
            page.select_option("form.move-form select[name=guess]", "top")
            self.assertTrue(page.locator(NUMBER).is_visible())
            screenshot(page, f"dependent-field-next-round-{tag}")

    def test_it_shows_the_number_only_with_its_guess_on_a_desktop(self):
        self.walk(phone=False)

    def test_it_shows_the_number_only_with_its_guess_on_a_phone(self):
        self.walk(phone=True)
