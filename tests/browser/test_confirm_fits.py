"""The confirm page fits (issue 40, point 13): at 1280 px the entries' table stays inside its card
(Reason and Drop were cut off behind the scroll shadow), and on a 320 px phone every entry stacks,
each value under its column's name, with nothing to scroll sideways."""

import pytest
from django.urls import reverse

from matches.core import lifecycle
from matches.models import Phase
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class ConfirmFitsTestCase(BaseTransactionTestCase):
    def test_the_confirm_page_fits_a_desktop_and_a_phone(self):
        self.start()
        while (phase := self.match.phases.filter(status=Phase.OPEN).first()) is not None:
            lifecycle.close_phase(phase.pk, "host")
        stack = serve(self)
        url = reverse("host_confirm", args=[self.match.pk])
        with chromium() as browser:
            for width, height in ((1280, 800), (320, 640)):
                context = person(browser, stack.url, self.hana, viewport={"width": width, "height": height})
                page = context.new_page()
                page.goto(url)
                form = page.locator("form.confirm-form").bounding_box()
                for control in page.locator("form.confirm-form tbody td > *:not(ul)").all():
                    box = control.bounding_box()
                    if box:  # every input, select and checkbox lies within the form's card
                        self.assertLessEqual(box["x"] + box["width"], form["x"] + form["width"] + 1, width)
                self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), width)
                if width == 320:  # stacked: each value under its column's name
                    label = page.locator("form.confirm-form td").first.evaluate(
                        "td => getComputedStyle(td, '::before').content"
                    )
                    self.assertEqual(label, '"Player"')
                screenshot(page, f"confirm-fits-{width}")
                context.close()
