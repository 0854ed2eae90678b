"""What the last close did, first on each player's play page (issue 40, point 2)."""

import re

from django.test import Client
from django.urls import reverse

from games import registry
from matches.core import lifecycle
from tests.support.base import BaseTestCase


def card(html):
    """The card's text, tags dropped and spaces collapsed ("" when the page has none)."""
    found = re.search(r'<section id="close-result"[^>]*>(.*?)</section>', html, re.S)
    if not found:
        return ""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


class BlackAndWhiteCloseTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.match = self.start(self.game_match(registry.get("black_and_white")))

    def page(self, name):
        client = Client()
        client.force_login(self.users[name])
        return client.get(reverse("match_play", args=[self.match.pk])).content.decode()

    def test_smoke(self):
        phase = self.open_phase()
        leader = phase.waits_on[0]
        print(phase.title, leader)
        lifecycle.do_submit(phase.pk, self.match.seats.get(seat=leader), {"tile": "7"})
        phase = self.open_phase()
        print(phase.title)
        lifecycle.do_submit(phase.pk, self.match.seats.get(seat=1 - leader), {"tile": "4"})
        print("ALICE", card(self.page("alice")))
        print("BOB", card(self.page("bob")))

    def lay(self, seat, tile):
        phase = self.open_phase()
        self.assertEqual(phase.waits_on, [seat], phase.title)
        lifecycle.do_submit(phase.pk, self.match.seats.get(seat=seat), {"tile": str(tile)})

    def test_finish(self):
        for alice, bob in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5)):
            self.lay(1, bob)
            self.lay(0, alice)
        self.match.refresh_from_db()
        print(self.match.status)
        print("ALICE", card(self.page("alice")))
        print("BOB", card(self.page("bob")))
