"""Quattro Loop through the host's admin and the result: the board check names board, slot and
column and shows each board in words, a mistake refuses the start, and the loser is proposed as
eliminated."""

from django.urls import reverse

from games.engine_api import ELIMINATED
from matches.core import lifecycle
from matches.models import Match
from tests.support.base import BaseTestCase

GOOD = [
    "end: +1 adj",
    "now: swap this cw",
    "end: if this is red: double this",
    "now: -2 opp max",
    "end: paint pick this",
    "now: +2 any",
    "end: set 0 nzmin; +1 all",
]


class QuattroPagesTestCase(BaseTestCase):
    game = "quattro_loop"
    settings = {"boards": "custom", "board_lines": [GOOD, GOOD[:6] + ["end: swap adj this"]]}
    seats = ("alice", "bob")

    def test_it_shows_the_host_every_board_and_every_mistake(self):
        self.client.force_login(self.hana)
        page = self.client.get(reverse("admin:matches_match_change", args=[self.match.pk]))
        self.assertContains(page, "Board 2, slot G, column 11: swap exchanges two single cards")
        self.assertContains(page, "Board 1: A: At the round&#x27;s end: the nearest card on each side +1.")
        with self.assertRaisesMessage(lifecycle.Refused, "Board 2, slot G, column 11"):
            lifecycle.do_start(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.DRAFT)

    def test_it_starts_with_good_boards_and_proposes_the_loser_as_eliminated(self):
        self.match.settings = {"boards": "custom", "board_lines": [GOOD], "max_rounds": 1}
        self.match.save()
        self.start()
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
            self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.FINISHED)
        awards = self.match.outcome["awards"]
        self.assertEqual([(a["kind"], a["amount"]) for a in awards], [(ELIMINATED, 1)])
        loser = next(s["seat"] for s in self.match.outcome["standings"] if s["place"] == 2)
        self.assertEqual(awards[0]["seat"], loser)
