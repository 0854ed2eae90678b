"""The Pokemon's names on the setup form: one line per Pokemon seat, each said back beside it."""

from matches.models import Match
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, said, setup_url


class PokemonNamesRowsTestCase(BaseTestCase):
    def test_it_shows_one_line_per_pokemon_with_its_default_beside_it(self):
        self.client.force_login(self.hana)
        page = self.client.get(setup_url(self, "pokemon_snap"))
        for n in range(6):
            self.assertContains(page, f'name="pokemon_names__{n}"')
        self.assertContains(page, "Furret (the default)")

    def test_it_starts_a_match_with_the_names_written(self):
        r = post_setup(self, "pokemon_snap", title="Snap", pokemon_names__0="Pikachu", pokemon_names__2=" Mew ")
        match = Match.objects.get(title="Snap")
        self.assertEqual(r.status_code, 302)
        self.assertEqual(match.settings, {"pokemon_names": ["Pikachu", "", "Mew"]})
        state = self.start(match).state
        self.assertEqual(
            list(state["pokemon_names"].values()), ["Pikachu", "Poochyena", "Mew", "Porygon-Z", "Staraptor", "Froslass"]
        )

    def test_it_refuses_a_name_too_long_beside_its_line_and_saves_nothing(self):
        r = post_setup(self, "pokemon_snap", title="Snap", pokemon_names__0="Pikachu", pokemon_names__3="M" * 31)
        self.assertEqual(r.status_code, 200)
        self.assertFalse(Match.objects.filter(title="Snap").exists())
        self.assertIn("at most 30 characters", said(r, "pokemon_names__3"))
        self.assertIn("The Pokemon seat 1 plays Pikachu.", said(r, "pokemon_names__0"))  # the good line, read back

    def test_it_refuses_a_name_with_an_invisible_text_direction_character_in_rows_and_json(self):
        r = post_setup(self, "pokemon_snap", title="Snap", pokemon_names__1="Mew\u202eowtweM")
        self.assertEqual(r.status_code, 200)
        self.assertIn("invisible text-direction character (U+202E)", said(r, "pokemon_names__1"))
        self.assertFalse(Match.objects.filter(title="Snap").exists())
        # The expert JSON is refused on the form too, as the start check would refuse it (issue 40, point 10).
        r = post_setup(self, "pokemon_snap", title="Snap", expert_settings='{"pokemon_names": ["Pika\\u2066chu"]}')
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "invisible text-direction character (U+2066)")
        self.assertFalse(Match.objects.filter(title="Snap").exists())

    def test_it_refuses_two_pokemon_called_alike_and_says_the_length_limit(self):
        # "furret" on Pokemon 3 and Pokemon 1 left blank, whose default name is Furret (issue 40, point 15)
        r = post_setup(self, "pokemon_snap", title="Snap", pokemon_names__2="furret")
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "Two Pokemon are called furret: give each its own name.")
        self.assertFalse(Match.objects.filter(title="Snap").exists())
        self.assertContains(r, "at most 30 characters")  # said before the field cuts a longer name
        ok = post_setup(self, "pokemon_snap", title="Snap", pokemon_names__2="Pikachu")
        self.assertEqual(ok.status_code, 302)
