"""Saved games (issue 34, point 7): a running host-run match's setup and round templates saved
under a name from its host page, listed for the season's hosts, started again (the setup form
filled in, the templates in the new match), exported and imported as a file; hostile files are
refused whole; hosts of other seasons see nothing; the shipped games validate and play."""

import json

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games import registry
from games.engine_api import Invalid
from games.host_run.presets import presets
from matches.core import host_actions, playtest
from matches.hosting import saved_games
from matches.models import Match, SavedGame, Season
from tests.support.base import BaseTestCase

SETTINGS = {
    "game_name": "The Vault",
    "rules_text": "Bid **Coins**.",
    "counters": [{"name": "Coins", "start": 12, "low": 0, "high": 50, "sees": "player"}],
}
AUCTION = {
    "title": "Sealed bids",
    "instructions": "Bid for the key.",
    "deadline": "1h",
    "answers": "everyone",
    "field_1": "Bid | number 0..your Coins | missed 0",
    "reveal": "totals",
    "talk": "nobody",
}


class SavedGamesTestCase(BaseTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob", "carol")

    def setUp(self):
        super().setUp()
        self.host = Client()
        self.host.force_login(self.hana)

    def running_with_a_template(self):
        self.start()
        host_actions.do_host_action(self.match.pk, self.hana, "open_round", {**AUCTION, "save_as": "Auction"})
        self.match.refresh_from_db()

    def save(self, client=None, **post):
        return (client or self.host).post(reverse("save_game", args=[self.match.pk]), {"name": "Vault night", **post})

    def upload(self, content, client=None, name="game.json"):
        raw = content if isinstance(content, bytes) else json.dumps(content).encode()
        return (client or self.host).post(
            reverse("import_saved_game", args=[self.season.slug]),
            {"file": SimpleUploadedFile(name, raw, "application/json")},
            follow=True,
        )

    def test_it_saves_a_running_match_with_its_templates_and_lists_it(self):
        self.running_with_a_template()
        page = self.host.get(reverse("match_host", args=[self.match.pk])).content.decode()
        self.assertIn("Save this game", page)
        response = self.save()
        self.assertRedirects(response, reverse("host_season", args=[self.season.slug]))
        saved = SavedGame.objects.get(name="Vault night")
        self.assertEqual((saved.season, saved.made_by, saved.game), (self.season, self.hana, "host_run"))
        self.assertEqual(saved.settings["counters"], SETTINGS["counters"])
        self.assertEqual(saved.settings["templates"], [{"name": "Auction", "data": AUCTION}])
        for url in (reverse("host_season", args=[self.season.slug]), reverse("new_match", args=[self.season.slug])):
            listed = self.host.get(url).content.decode()
            self.assertIn("Vault night", listed)
            self.assertIn(f"?saved={saved.pk}", listed)

    def test_it_starts_a_new_match_from_a_saved_game_with_its_templates(self):
        self.running_with_a_template()
        self.save()
        saved = SavedGame.objects.get(name="Vault night")
        url = reverse("new_match", args=[self.season.slug]) + f"?saved={saved.pk}"
        form = self.host.get(url)
        self.assertEqual(form.status_code, 200)
        page = form.content.decode()
        self.assertIn("Coins | start 12 | 0..50", page)
        self.assertIn("Sealed bids", page)  # the template, in the expert settings the form posts back
        # post back what the page shows (its rows and the expert box), as a host who changes only the seats
        data = {k: v for k, v in form.context["form"].initial.items() if isinstance(v, (str, int))}
        data.update(
            {
                "title": "Vault night 2",
                "kind": "main",
                "seed": "",
                "players": [self.members[n].pk for n in ("alice", "bob", "dave")],
            }
        )
        made = self.host.post(url, data)
        new = Match.objects.exclude(pk=self.match.pk).get()
        self.assertRedirects(made, reverse("match_host", args=[new.pk]), fetch_redirect_response=False)
        self.assertEqual(new.settings["templates"], [{"name": "Auction", "data": AUCTION}])
        self.start(new)
        self.assertEqual(new.state["templates"], [{"name": "Auction", "data": AUCTION}])
        self.assertEqual(new.state["values"][0], [12])

    def test_it_exports_and_imports_a_saved_game_as_the_same_game(self):
        self.running_with_a_template()
        self.save()
        saved = SavedGame.objects.get(name="Vault night")
        response = self.host.get(reverse("export_saved_game", args=[self.season.slug, saved.pk]))
        self.assertIn('attachment; filename="vault-night.json"', response["Content-Disposition"])
        exported = json.loads(response.content)
        self.assertEqual(exported["format"], "genius-site saved game")
        self.upload({**exported, "name": "Vault night, again"})
        again = SavedGame.objects.get(name="Vault night, again")
        self.assertEqual(
            (again.game, again.kind, again.settings, again.season),
            (saved.game, saved.kind, saved.settings, self.season),
        )

    def test_it_refuses_hostile_files_whole_with_a_clear_error(self):
        good = {
            "format": "genius-site saved game",
            "version": 1,
            "name": "Fine",
            "game": "host_run",
            "kind": "main",
            "settings": SETTINGS,
        }
        hostile = [
            (b"\xff\xfe\x00not text", "not text"),
            (b"{not json", "not JSON"),
            (b"[" * 5000, "nested deeper"),
            (b" " * 100_001, "too large"),
            ({"format": "other"}, "not a saved game"),
            ({**good, "version": 2}, "version 1"),
            ({**good, "extra": 1}, "nothing else"),
            ({**good, "game": "no_such"}, "no game"),
            ({**good, "kind": "x"}, "main"),
            ({**good, "name": ""}, "name"),
            ({**good, "name": "a\u202eb"}, "direction"),
            ({**good, "name": "a\x00b"}, "control characters"),
            ({**good, "settings": {**SETTINGS, "rules_text": "x\x00"}}, "NUL"),
            ({**good, "settings": {"counters": "lots"}}, "refuses"),
            ({**good, "settings": {"unknown": 1}}, "Unknown"),
            ({**good, "settings": {**SETTINGS, "templates": [{"name": "T", "data": {"field_1": "x" * 2000}}]}}, "1000"),
            ({**good, "settings": {**SETTINGS, "templates": [{"name": "T", "data": {"evil": "x"}}]}}, "does not"),
            (
                {**good, "settings": {**SETTINGS, "templates": [{"name": f"T{i}", "data": {}} for i in range(21)]}},
                "At most 20",
            ),
        ]
        before = SavedGame.objects.count()
        for content, words in hostile:
            page = self.upload(content).content.decode()
            self.assertEqual(SavedGame.objects.count(), before, words)
            self.assertIn("Not imported.", page)
            self.assertIn(words, page, content if isinstance(content, dict) else content[:20])
        missing = self.host.post(reverse("import_saved_game", args=[self.season.slug]), {}, follow=True)
        self.assertIn("Choose a saved game", missing.content.decode())

    def test_it_keeps_saved_games_to_their_season_and_site_wide_ones_to_staff(self):
        self.running_with_a_template()
        other = User.objects.create_user("olga", password="x")
        elsewhere = Season.objects.create(name="Other", slug="other")
        elsewhere.hosts.add(other)
        olga = Client()
        olga.force_login(other)
        self.assertEqual(self.save(olga).status_code, 404)
        self.save()
        saved = SavedGame.objects.get(name="Vault night")
        for url in (
            reverse("export_saved_game", args=["other", saved.pk]),
            reverse("new_match", args=["other"]) + f"?saved={saved.pk}",
            reverse("export_saved_game", args=[self.season.slug, saved.pk]),
        ):
            self.assertEqual(olga.get(url).status_code, 404, url)
        self.assertNotIn("Vault night", olga.get(reverse("host_season", args=["other"])).content.decode())
        self.assertEqual(self.upload({}, client=olga).status_code, 404)
        player = Client()
        player.force_login(self.alice)
        self.assertEqual(player.get(reverse("export_saved_game", args=[self.season.slug, saved.pk])).status_code, 404)
        self.assertEqual(self.host.get(reverse("new_match", args=[self.season.slug]) + "?saved=x").status_code, 404)
        # site-wide: staff only; then every host may start it
        self.hana.is_staff = False
        self.hana.save()
        refused = self.host.post(
            reverse("save_game", args=[self.match.pk]), {"name": "Everyone's", "site_wide": "1"}, follow=True
        )
        self.assertIn("Only the site&#x27;s staff", refused.content.decode())
        self.assertFalse(SavedGame.objects.filter(name="Everyone's").exists())
        self.hana.is_staff = True
        self.hana.save()
        self.host.post(reverse("save_game", args=[self.match.pk]), {"name": "Everyone's", "site_wide": "1"})
        shared = SavedGame.objects.get(name="Everyone's")
        self.assertIsNone(shared.season)
        self.assertEqual(olga.get(reverse("new_match", args=["other"]) + f"?saved={shared.pk}").status_code, 200)

    def test_it_does_not_save_a_draft(self):
        response = self.save()
        self.assertEqual(response.status_code, 302)
        self.assertFalse(SavedGame.objects.filter(name="Vault night").exists())


class ShippedGamesTestCase(BaseTestCase):
    def test_it_ships_three_games_that_validate_and_are_site_wide(self):
        shipped = saved_games.load_presets()
        self.assertEqual(sorted(g.name for g in shipped), ["The Auction House", "The Council", "Trust and Betrayal"])
        engine = registry.get("host_run")
        for key, game in presets().items():
            for seats in (2, 6, 30):
                self.assertNotIsInstance(engine.validate_settings(game["settings"], seats), Invalid, key)
            self.assertTrue(game["settings"]["rules_text"].strip())
            self.assertTrue(2 <= len(game["settings"]["templates"]) <= 4, key)
        saved_games.load_presets()
        self.assertEqual(SavedGame.objects.filter(season=None).exclude(preset="").count(), 3)

    def test_it_plays_each_shipped_game_with_the_bots_from_its_templates(self):
        for key, game in presets().items():
            result = playtest.playtest("host_run", 5, seed=7, settings=game["settings"], keep=True)
            self.assertEqual(result["status"], Match.FINISHED, key)
            match = Match.objects.get(pk=result["match_id"])
            titles = [r["title"] for r in match.state["rounds"]]
            templated = {t["data"]["title"] for t in game["settings"]["templates"]}
            self.assertTrue(templated & set(titles), (key, titles))


class ImportCsrfTestCase(BaseTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob")

    def test_it_refuses_an_import_without_the_csrf_token(self):
        client = Client(enforce_csrf_checks=True)
        client.force_login(self.hana)
        good = {
            "format": "genius-site saved game",
            "version": 1,
            "name": "Forged",
            "game": "host_run",
            "kind": "main",
            "settings": SETTINGS,
        }
        response = client.post(
            reverse("import_saved_game", args=[self.season.slug]),
            {"file": SimpleUploadedFile("g.json", json.dumps(good).encode(), "application/json")},
        )
        self.assertEqual(response.status_code, 403)
        self.assertFalse(SavedGame.objects.filter(name="Forged").exists())

    def test_it_still_refuses_files_everywhere_else(self):
        client = Client()
        client.force_login(self.hana)
        response = client.post(
            reverse("host_add_player", args=[self.season.slug]),
            {"file": SimpleUploadedFile("g.json", b"{}", "application/json")},
        )
        self.assertEqual(response.status_code, 400)


class GoneGameTestCase(BaseTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob")

    def test_it_answers_404_for_a_saved_game_whose_game_the_site_no_longer_has(self):
        gone = SavedGame.objects.create(name="Old", game="retired_game", settings={}, season=self.season)
        client = Client()
        client.force_login(self.hana)
        url = reverse("new_match", args=[self.season.slug]) + f"?saved={gone.pk}"
        self.assertEqual(client.get(url).status_code, 404)
        self.assertEqual(client.get(reverse("export_saved_game", args=[self.season.slug, gone.pk])).status_code, 200)
