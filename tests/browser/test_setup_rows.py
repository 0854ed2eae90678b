"""A host writes Quattro Loop's custom board on the setup form in Chromium, on a desktop and on a
phone: one slot is refused beside itself as it is typed (the page's script asks the server) and
again when the form is sent (with or without the script), the others said back in words; it is
fixed, and the draft is made with the board written."""

import pytest
from playwright.sync_api import expect

from matches.models import Match
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser
BOARD = (
    "now: +1 this",
    "end: double this",
    "now: -2 opp max",
    "end: +1 adj",
    "end: paint pick this",
    "now: swap this cw",
    "end: set 0 nzmin; +1 all",
)


class SetupRowsBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.stack = serve(self)

    def write_board(self, phone, script=True):
        tag = ("phone" if phone else "desktop") + ("" if script else "-no-script")
        title = f"Custom board ({tag})"
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana, phone=phone, java_script_enabled=script).new_page()
            host.goto(f"/host/seasons/{self.season.slug}/matches/new/?game=quattro_loop")
            host.fill("input[name=title]", title)
            host.select_option("select[name=boards]", label="custom")
            for slot, line in zip("ABCDEFG", BOARD):
                host.get_by_label(f"Board 1 (round 1), Slot {slot}").fill(line)
            host.get_by_label("Board 1 (round 1), Slot D").fill("end: +1 adjj")  # a typo
            if script:  # said as it is typed
                expect(host.locator("#id_board_lines__3_said")).to_contain_text("unknown selector")
                expect(host.locator("#id_board_lines__6_said")).to_contain_text("then every card +1")
            for name in ("alice", "bob"):
                host.get_by_label(f"{name.title()} ({name})").check()
            host.get_by_role("button", name="Create the draft").click()
            expect(host.locator("#id_board_lines__3_said")).to_contain_text("Not read, column")
            expect(host.locator("#id_board_lines__0_said")).to_contain_text("Now: the card on this slot +1.")
            self.assertFalse(Match.objects.filter(title=title).exists())
            host.locator("#id_board_lines__3").scroll_into_view_if_needed()
            screenshot(host, f"setup-rows-refused-{tag}")
            self.assertLessEqual(host.evaluate("document.documentElement.scrollWidth"), host.viewport_size["width"])
            host.fill("#id_board_lines__3", "end: +1 adj")
            host.get_by_role("button", name="Create the draft").click()
            host.get_by_text("Ready to start.").wait_for()
            screenshot(host, f"setup-rows-draft-{tag}")
            self.assertEqual(Match.objects.get(title=title).settings["board_lines"], [list(BOARD)])

    def test_it_writes_a_board_slot_by_slot_on_a_desktop(self):
        self.write_board(phone=False)

    def test_it_writes_a_board_slot_by_slot_on_a_phone(self):
        self.write_board(phone=True)

    def test_it_writes_a_board_without_the_page_s_script(self):
        self.write_board(phone=False, script=False)
