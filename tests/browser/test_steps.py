"""A spectator steps through a finished match in Chromium, on a desktop and on a phone: the start,
Next, Previous, the arrow keys, a step chosen from the list; Previous and Next keep their places."""

import pytest

from matches.core import lifecycle
from matches.models import Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class StepsBrowserTestCase(BaseTransactionTestCase):
    def test_a_spectator_steps_through_a_finished_match(self):
        self.start()
        while (phase := self.match.phases.filter(status=Phase.OPEN).first()) is not None:
            lifecycle.close_phase(phase.pk, "host")
        n = self.match.phases.filter(status=Phase.CLOSED).count()
        stack = serve(self)
        with chromium() as browser:
            for phone in (False, True):
                page = person(browser, stack.url, phone=phone).new_page()
                page.goto(f"/matches/{self.match.pk}/")
                page.get_by_role("link", name="Step through the match").click()
                page.get_by_text(f"the start, before step 1 of {n}").wait_for()
                page.get_by_role("link", name="Next →").click()
                page.get_by_text(f"step 1 of {n}").wait_for()
                next_at = page.get_by_role("link", name="Next →").bounding_box()
                page.get_by_role("link", name="Next →").click()
                page.get_by_text(f"step 2 of {n}").wait_for()
                self.assertEqual(page.get_by_role("link", name="Next →").bounding_box(), next_at)  # steady
                page.get_by_role("link", name="← Previous").click()
                page.get_by_text(f"step 1 of {n}").wait_for()
                page.keyboard.press("ArrowRight")
                page.get_by_text(f"step 2 of {n}").wait_for()
                page.keyboard.press("ArrowLeft")
                page.get_by_text(f"step 1 of {n}").wait_for()
                page.locator("details.all-steps summary").click()
                page.locator("details.all-steps").get_by_role("link").last.click()
                page.get_by_text(f"step {n} of {n}").wait_for()
                width = page.evaluate("document.documentElement.scrollWidth")
                self.assertLessEqual(width, page.viewport_size["width"])
                screenshot(page, f"steps-{'phone' if phone else 'desktop'}")
