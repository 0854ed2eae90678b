"""Custom boards on the setup form: a line of notation per slot, each said back in words beside
it; a line that does not parse is refused beside its slot, naming the column."""

from matches.models import Match
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, said, setup_url

BOARD = (
    "now: +1 this",
    "end: double this",
    "now:-2 opp max",
    "end: +1 adj",
    "end: paint pick this",
    "now: swap this cw",
    "end: set 0 nzmin; +1 all",
)
ROWS = {f"board_lines__{i}": line for i, line in enumerate(BOARD)}


class BoardRowsTestCase(BaseTestCase):
    def test_it_shows_the_slots_of_a_board_and_a_spare_board_after_those_written(self):
        self.client.force_login(self.hana)
        page = self.client.get(setup_url(self, "quattro_loop"))
        self.assertContains(page, "Board 1 (round 1)")
        self.assertContains(page, 'name="board_lines__6"')
        self.assertNotContains(page, 'name="board_lines__7"')
        r = post_setup(self, "quattro_loop", title="Loop", boards='"generated"', **ROWS)  # refused: not custom
        self.assertContains(r, 'name="board_lines__13"')  # board 2 offered, blank
        self.assertContains(r, "These boards are played only with Boards: custom.")

    def test_it_starts_a_match_on_the_board_written(self):
        r = post_setup(self, "quattro_loop", title="Loop", boards='"custom"', **ROWS)
        self.assertEqual(r.status_code, 302)
        match = Match.objects.get(title="Loop")
        self.assertEqual(match.settings, {"boards": "custom", "board_lines": [list(BOARD)]})
        state = self.start(match).state
        self.assertEqual(state["board"][2], "now: -2 opp max")  # said back in canonical form

    def test_it_says_each_slot_back_and_refuses_a_bad_one_beside_it(self):
        r = post_setup(
            self, "quattro_loop", title="Loop", boards='"custom"', **{**ROWS, "board_lines__3": "end: +1 adjj"}
        )
        self.assertEqual(r.status_code, 200)
        self.assertIn("Not read, column", said(r, "board_lines__3"))
        self.assertIn("Now: the card on this slot +1. [now: +1 this]", said(r, "board_lines__0"))
        r = post_setup(self, "quattro_loop", title="Loop", boards='"custom"', **{**ROWS, "board_lines__5": ""})
        self.assertIn("Write all seven slots of board 1", said(r, "board_lines__5"))
        self.assertFalse(Match.objects.filter(title="Loop").exists())
