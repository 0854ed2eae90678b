"""The whole season as JSON and the ledger as CSV, for the season's host only."""

import csv
import io
import json

from django.test import Client
from django.urls import reverse

from games.engine_api import GARNET
from matches.seasons import gifts
from matches.models import LedgerEntry
from tests.support.base import BaseTestCase


class SeasonExportTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.give_garnets("alice", 3)
        gifts.do_gift(self.members["alice"].pk, self.members["bob"].pk, GARNET, 1)
        LedgerEntry.objects.create(
            season=self.season,
            player=self.members["carol"],
            kind=GARNET,
            amount=1,
            reason="=HYPERLINK(\"http://evil\")",
        )
        self.host = Client()
        self.host.force_login(self.hana)

    def test_it_exports_the_season_as_json(self):
        data = json.loads(self.host.get(reverse("season_export", args=[self.season.slug])).content)
        self.assertEqual(data["season"]["slug"], "season-one")
        alice = next(p for p in data["players"] if p["name"] == "Alice")
        self.assertEqual(alice["balances"], {"garnet": 2})
        self.assertEqual([m["title"] for m in data["matches"]], ["Test match"])
        self.assertEqual(len(data["ledger"]), 4)
        self.assertIn("Alice gave Bob 1 garnet", [e["reason"] for e in data["ledger"]])

    def test_it_exports_the_ledger_as_csv_with_formulas_as_text(self):
        response = self.host.get(reverse("season_ledger_csv", args=[self.season.slug]))
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        self.assertEqual(rows[0][:6], ["id", "created_at", "player", "kind", "amount", "reason"])
        self.assertEqual([r[2] for r in rows[1:]], ["Alice", "Alice", "Bob", "Carol"])
        self.assertEqual(rows[-1][5], "'=HYPERLINK(\"http://evil\")")

    def test_it_keeps_exports_for_the_host(self):
        for user in (self.alice, self.eve):
            client = Client()
            client.force_login(user)
            for name in ("season_export", "season_ledger_csv"):
                self.assertEqual(client.get(reverse(name, args=[self.season.slug])).status_code, 404)
        self.assertEqual(Client().get(reverse("season_export", args=[self.season.slug])).status_code, 302)
        page = self.host.get(reverse("season", args=[self.season.slug])).content.decode()
        self.assertIn("export the season (JSON)", page)
        self.assertNotIn("export the season", Client().get(reverse("season", args=[self.season.slug])).content.decode())
