"""Saved games in the admin: a host reads and deletes their season's, never another season's or
the site's (the superuser's), and never writes one there (only save and import check settings)."""

from django.test import Client
from django.urls import reverse

from matches.models import SavedGame, Season
from tests.support.base import BaseTestCase


class SavedGamesAdminTestCase(BaseTestCase):
    def test_it_lets_a_host_delete_their_seasons_saved_games_only(self):
        mine = SavedGame.objects.create(name="Mine", game="host_run", season=self.season, made_by=self.hana)
        other = SavedGame.objects.create(
            name="Theirs", game="host_run", season=Season.objects.create(name="B", slug="b")
        )
        site = SavedGame.objects.filter(season=None).first()
        host = Client()
        host.force_login(self.hana)
        listing = host.get(reverse("admin:matches_savedgame_changelist")).content.decode()
        self.assertIn("Mine", listing)
        self.assertNotIn("Theirs", listing)
        for saved in (other, site):
            self.assertIn(
                host.get(reverse("admin:matches_savedgame_change", args=[saved.pk])).status_code, (302, 403, 404)
            )
            host.post(reverse("admin:matches_savedgame_delete", args=[saved.pk]), {"post": "yes"})
            self.assertTrue(SavedGame.objects.filter(pk=saved.pk).exists())
        self.assertEqual(host.get(reverse("admin:matches_savedgame_add")).status_code, 403)
        host.post(reverse("admin:matches_savedgame_delete", args=[mine.pk]), {"post": "yes"})
        self.assertFalse(SavedGame.objects.filter(pk=mine.pk).exists())
