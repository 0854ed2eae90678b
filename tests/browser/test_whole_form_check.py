"""A host fills in a Flat Earth Theory match in Chromium, on a desktop (1280x800) and on a phone
(390x844), and the whole form is checked as they type (issue 40, points 9 and 10): a bad round
puts a summary at the top of the form with a link to its row; seven options in one round are
refused beside the rows while five players are ticked, and taken once seven are; the draft is
then made as written."""

import pytest
from playwright.sync_api import expect

from matches.models import Match
from tests.support.base import PEOPLE, BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import ARTIFACTS, serve

pytestmark = pytest.mark.browser
ROUNDS = [f"({r + 1}, 0) (0, -{r + 1})" for r in range(8)]
SEVEN = " ".join(f"({n}, 0)" for n in range(1, 8))
TOO_MANY = "Movement options, round 3: 7 options for 5 players; a round has at most one option per player."


def first_screen(page, name):
    """What the viewport shows now (the screenshot helper takes the whole page)."""
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


class WholeFormCheckBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.stack = serve(self)

    def fill_in(self, phone):
        tag = "phone" if phone else "desktop"
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana, phone=phone, viewport=size).new_page()
            host.goto(f"/host/seasons/{self.season.slug}/matches/new/?game=flat_earth")
            summary = host.locator("#setup-problems")
            expect(summary).to_be_hidden()
            host.fill("input[name=title]", f"Flat ({tag})")
            for name in PEOPLE[:5]:
                host.get_by_label(f"{name.title()} ({name})").check()
            for row, line in enumerate(ROUNDS):
                host.fill(f"#id_options__{row}", line)
            host.fill("#id_options__4", "(101, 0)")  # out of the board's reach

            # the summary, first in the form, links to the row; the row says why beside it
            link = summary.get_by_role("link", name="Round 5: Each component is a whole number from -100 to 100.")
            expect(link).to_have_attribute("href", "#id_options__4")
            expect(summary.locator("h2")).to_have_text("1 thing to change before this can be saved")
            expect(host.locator("#id_options__4_said")).to_contain_text("from -100 to 100")
            expect(host.locator("#id_options__4")).to_have_attribute("aria-invalid", "true")
            expect(host.locator("#id_options__3_said")).to_have_text("2 options: 4 right; 4 down.")
            host.evaluate("window.scrollTo(0, 0)")
            box = summary.bounding_box()
            self.assertLess(box["y"] + box["height"], host.viewport_size["height"])  # on the first screen
            self.assertLess(box["y"], host.locator("input[name=title]").bounding_box()["y"])  # above every field
            first_screen(host, f"whole-form-check-summary-{tag}")
            link.click()
            self.assertTrue(host.evaluate("location.hash === '#id_options__4'"))
            expect(host.locator("#id_options__4")).to_be_in_viewport()

            # fixed, then seven options in round 3 for the five players ticked
            host.fill("#id_options__4", ROUNDS[4])
            host.fill("#id_options__2", SEVEN)
            expect(summary.locator("a")).to_have_text([TOO_MANY])
            expect(host.locator("#id_options__4_said")).to_have_text("2 options: 5 right; 5 down.")
            expect(host.locator("#id_options__4")).not_to_have_attribute("aria-invalid", "true")
            beside = host.locator("[data-field=options__rows]")
            expect(beside).to_have_text(TOO_MANY)
            beside.scroll_into_view_if_needed()
            screenshot(host, f"whole-form-check-seats-{tag}")
            self.assertLessEqual(host.evaluate("document.documentElement.scrollWidth"), host.viewport_size["width"])

            # two more players ticked: seven options fit, and every problem is gone
            for name in PEOPLE[5:7]:
                host.get_by_label(f"{name.title()} ({name})").check()
            expect(summary).to_be_hidden()
            expect(beside).to_have_text("")
            host.get_by_role("button", name="Create the draft").click()
            host.get_by_text("Ready to start.").wait_for()
            options = Match.objects.get(title=f"Flat ({tag})").settings["options"]
            self.assertEqual(options[2], [[n, 0] for n in range(1, 8)])
            self.assertEqual(options[4], [[5, 0], [0, -5]])

    def test_the_whole_form_is_checked_as_the_host_types_on_a_desktop(self):
        self.fill_in(phone=False)

    def test_the_whole_form_is_checked_as_the_host_types_on_a_phone(self):
        self.fill_in(phone=True)
