"""The result table in Chromium (issue 40, points 11 and 15): Pokemon Snap's and The Flat Earth
Theory's finished matches read at 1280x800 and on a 390x844 phone, every column named, nothing
to scroll sideways, each row stacked under its columns' names on the phone, the line that explains
the places under the table; and the setup form's role pickers follow the players ticked, live."""

import pytest
from django.urls import reverse

from games import registry
from matches import clock
from matches.core import records
from tests.support.base import PEOPLE, BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve
from tests.web.test_result_tables import pokemon_snap_end

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
FLAT_EARTH = {
    "winners": {"A": 0, "B": 2, "C": 3, "D": 6},
    "losers": {"A": [1], "B": [1, 4], "C": [], "D": [4]},
}


class ResultTablesInChromiumTestCase(BaseTransactionTestCase):
    def finished(self, game, names, state):
        self.game = game
        match = self.make_match(names, settings={})
        records._finish(match, registry.get(game).outcome(state), clock.now())
        match.save()
        return match

    def look(self, browser, stack, match, size, expected_headings, first_why, blank=()):
        viewport = SIZES[size]
        context = person(browser, stack.url, None, phone=size == "phone", viewport=viewport)
        page = context.new_page()
        page.goto(reverse("match_public", args=[match.pk]))
        page.wait_for_selector(".conn[data-state=live]")  # the socket's first update may redraw the table
        screenshot(page, f"result-table-{match.game}-{size}")
        table = page.locator("table.result-table")
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), viewport["width"], size)
        cells = table.locator("tbody tr").first.locator("td")
        if size == "desktop":  # the headings in a row above
            self.assertEqual(table.locator("thead th").all_inner_texts(), ["Place", "Player", *expected_headings])
            self.assertTrue(table.locator("thead").is_visible())
            box = table.bounding_box()
            self.assertLessEqual(box["x"] + box["width"], viewport["width"])
        else:  # each figure under its column's name; a dash (a photographer's AP) takes no line
            shown = [cell for cell in cells.all() if cell.is_visible()]
            labels = [cell.evaluate("td => getComputedStyle(td, '::before').content") for cell in shown]
            self.assertEqual(labels, [f'"{h}"' for h in ["Place", "Player", *expected_headings] if h not in blank])
            self.assertLessEqual(table.locator("thead").bounding_box()["height"], 1)  # for screen readers only
        self.assertEqual(cells.last.inner_text(), first_why)
        note = page.locator("p.places-note")
        self.assertTrue(note.is_visible())
        self.assertGreater(note.bounding_box()["y"], table.bounding_box()["y"])  # under the table
        context.close()

    def test_pokemon_snap_and_flat_earth_tables_read_on_a_desktop_and_a_phone(self):
        snap = self.finished("pokemon_snap", list(PEOPLE[:8]), pokemon_snap_end())
        names = ["alice", "bob", "carol", "dave", "frank", "grace", "heidi"]
        flat = self.finished("flat_earth", names, {"names": [n.title() for n in names], **FLAT_EARTH})
        stack = serve(self)
        snap_headings = ["Role", "Exhibit points (photographers)", "Appeal Points (Pokemon)", "Why this place"]
        flat_headings = ["Vector won", "Least far along", "Why this place"]
        with chromium() as browser:
            for size in SIZES:
                snap_blank = ("Appeal Points (Pokemon)",)  # Bob, first, is a photographer
                self.look(browser, stack, snap, size, snap_headings, "most exhibit points: stays in Heaven", snap_blank)
                flat_blank = ("Least far along",)  # Alice, first, won A and was least far along nothing
                self.look(browser, stack, flat, size, flat_headings, "won vector A: stays in Heaven", flat_blank)

    def test_the_role_pickers_follow_the_players_ticked(self):
        stack = serve(self)
        url = reverse("new_match", args=[self.season.slug]) + "?game=pokemon_snap"
        alice, judy = self.members["alice"].pk, self.members["judy"].pk
        with chromium() as browser:
            for size, viewport in SIZES.items():
                context = person(browser, stack.url, self.hana, phone=size == "phone", viewport=viewport)
                page = context.new_page()
                page.goto(url)
                page.locator("details", has_text="Roles").locator("summary").click()
                alice_role, judy_role = page.locator(f"#id_role_{alice}"), page.locator(f"#id_role_{judy}")
                self.assertFalse(alice_role.is_visible())  # nobody ticked: no role to choose
                page.check(f"input[name=players][value='{alice}']")
                self.assertTrue(alice_role.is_visible())
                self.assertFalse(judy_role.is_visible())
                alice_role.select_option("photographer")
                screenshot(page, f"setup-roles-{size}")
                page.uncheck(f"input[name=players][value='{alice}']")
                self.assertFalse(alice_role.is_visible())
                self.assertTrue(alice_role.is_disabled())  # not sent, so never refused
                context.close()
