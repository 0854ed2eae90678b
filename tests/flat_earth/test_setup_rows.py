"""The movement options on the setup form: one line per round, said back in words beside it."""

from matches.models import Match
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, said, setup_url

ROUNDS = {f"options__{r}": f"({r + 1}, 0) (0, -{r + 1})" for r in range(8)}


class MovementOptionsRowsTestCase(BaseTestCase):
    def test_it_shows_one_line_per_round(self):
        self.client.force_login(self.hana)
        page = self.client.get(setup_url(self, "flat_earth"))
        for r in range(8):
            self.assertContains(page, f'name="options__{r}"')
        self.assertContains(page, "Drawn from the match&#x27;s seed.")

    def test_it_starts_a_match_with_the_options_written(self):
        r = post_setup(self, "flat_earth", title="Flat", **{**ROUNDS, "options__2": "3,0; 0,-3 (-2, 5)"})
        self.assertEqual(r.status_code, 302)
        match = Match.objects.get(title="Flat")
        options = [[[n, 0], [0, -n]] for n in range(1, 9)]
        options[2].append([-2, 5])
        self.assertEqual(match.settings, {"options": options})
        self.assertEqual(self.start(match).state["options"], options)

    def test_it_refuses_a_bad_round_beside_its_line_and_saves_nothing(self):
        for bad, words in (
            ("(1, 2) (1, 2)", "must be different vectors"),
            ("1, 2, 3", "Write each option as x, y"),
            ("(101, 0)", "from -100 to 100"),
            ("", "or clear every round"),
        ):
            with self.subTest(bad=bad):
                r = post_setup(self, "flat_earth", title="Flat", **{**ROUNDS, "options__4": bad})
                self.assertEqual(r.status_code, 200)
                self.assertIn(words, said(r, "options__4"))
                self.assertIn("2 options: 1 right; 1 down.", said(r, "options__0"))
        self.assertFalse(Match.objects.filter(title="Flat").exists())

    def test_it_refuses_more_options_than_players_where_they_are_typed(self):
        # Five players (the game's fewest), seven options in round 3: refused on the setup form, in the
        # form's words, not first at the start (issue 40, point 10); nothing is saved.
        seven = " ".join(f"({n}, 0)" for n in range(1, 8))
        r = post_setup(self, "flat_earth", title="Flat", **{**ROUNDS, "options__2": seven})
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "Movement options, round 3: 7 options for 5 players")
        self.assertFalse(Match.objects.filter(title="Flat").exists())

    def test_it_lists_every_refused_row_first_with_a_link_to_each(self):
        r = post_setup(
            self, "flat_earth", title="Flat", **{**ROUNDS, "options__1": "(1, 2) (1, 2)", "options__6": "(101, 0)"}
        )
        html = r.content.decode()
        summary = html.split('class="error-summary"')[1].split("</div>")[0]
        self.assertIn("2 things to change before this can be saved", summary)
        self.assertIn('href="#id_options__1"', summary)
        self.assertIn('href="#id_options__6"', summary)
        self.assertLess(html.index('class="error-summary"'), html.index('name="options__0"'))  # first
