"""Expert settings written as rows on the setup form, for any game that declares them, and their
agreement with the expert JSON box: the one the host changed counts; both changed differently
is refused beside the JSON box and nothing is saved."""

import json

from django.test import SimpleTestCase

from games import registry
from matches.models import Match
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, setup_data


class RowsContractTestCase(SimpleTestCase):
    def test_it_writes_rows_only_for_expert_settings_and_reads_their_defaults_back(self):
        for engine in registry.all_engines():
            for spec in engine.settings_rows:
                with self.subTest(game=engine.slug, setting=spec.name):
                    self.assertIn(spec.name, engine.default_settings)
                    self.assertNotIn(spec.name, {f.name for f in engine.settings_fields})
                    default = engine.default_settings[spec.name]
                    texts = spec.texts(default)
                    count = spec.groups_for(default) * spec.group_size
                    reads = [spec.read(i, t) for i, t in enumerate((texts + [""] * count)[:count])]
                    self.assertEqual(spec.combine([r.value for r in reads]), default)


class RowsAndJsonTestCase(BaseTestCase):
    def json_with(self, names):
        data = json.loads(setup_data(self, "pokemon_snap")["expert_settings"])
        return json.dumps({**data, "pokemon_names": names})

    def test_it_imports_the_json_when_the_rows_are_untouched(self):
        post_setup(self, "pokemon_snap", title="Snap", expert_settings=self.json_with(["Mew", "Eevee"]))
        self.assertEqual(Match.objects.get(title="Snap").settings, {"pokemon_names": ["Mew", "Eevee"]})

    def test_it_takes_the_rows_when_the_json_is_untouched(self):
        post_setup(self, "pokemon_snap", title="Snap", pokemon_names__1="Eevee")
        self.assertEqual(Match.objects.get(title="Snap").settings, {"pokemon_names": ["", "Eevee"]})

    def test_it_refuses_rows_and_json_changed_differently_beside_the_json(self):
        r = post_setup(
            self, "pokemon_snap", title="Snap", pokemon_names__1="Eevee", expert_settings=self.json_with(["Mew"])
        )
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "You changed pokemon_names both in its rows and in the expert JSON")
        self.assertFalse(Match.objects.filter(title="Snap").exists())

    def test_it_shows_a_draft_s_stored_rows_when_it_is_edited(self):
        match = self.game_match(registry.get("pokemon_snap"))
        match.settings = {"pokemon_names": ["Mew"]}
        match.save()
        self.client.force_login(self.hana)
        page = self.client.get(f"/host/matches/{match.pk}/setup/")
        self.assertContains(page, 'name="pokemon_names__0" value="Mew"')
