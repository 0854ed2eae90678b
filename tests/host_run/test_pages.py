"""A host-run match through the platform: the host's actions, the players' answers and the
pages and sockets each person reads. A private counter, an answer and a note reach only their
viewers (and the host); the rules text shows as sanitised Markdown."""

from django.test import Client
from django.urls import reverse

from matches.core import host_actions, lifecycle
from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to

SETTINGS = {
    "game_name": "The Vault",
    "rules_text": "## How to play\n\nBid **Coins** for the key.\n\n<script>alert('x')</script>",
    "counters": [
        {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"},
        {"name": "Points", "start": 0, "low": -9, "high": 9, "sees": "everyone"},
        {"name": "Doom", "start": 0, "low": 0, "high": 9, "sees": "host"},
    ],
}


class HostRunPagesTestCase(BaseTransactionTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob", "carol")

    def play_a_round(self):
        self.start()
        host_actions.do_host_action(
            self.match.pk,
            self.hana,
            "open_round",
            {
                "title": "Sealed words",
                "deadline": "10m",
                "answers": "everyone",
                "field_1": "Word | text up to 20",
                "reveal": "nothing",
                "talk": "everyone",
            },
        )
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"f1": "zebra-9931"})
        lifecycle.close_phase(self.open_phase().pk, "host")
        host_actions.do_host_action(
            self.match.pk,
            self.hana,
            "publish_result",
            {
                "announcement": "The vault is shut.",
                "note_1": "Alice: sesame-4412",
                "change_1": "Alice | Coins | 27 | kept-coins-reason",
                "change_2": "Bob | Doom | 6 | doomed-reason",
                "change_3": "Bob | Points | 2 | public-reason",
            },
        )
        self.match.refresh_from_db()

    def test_it_keeps_an_answer_a_note_and_private_counters_to_their_viewers(self):
        self.play_a_round()
        self.assertEqual(self.match.state["values"][0], [37, 0, 0])
        for outsider in (self.bob, None):
            assert_hidden_from(
                self, self.match, outsider, ["zebra-9931", "sesame-4412", "kept-coins-reason", "doomed-reason"]
            )
        assert_hidden_from(self, self.match, self.alice, ["doomed-reason"])
        assert_shown_to(self, self.match, self.alice, ["sesame-4412", "kept-coins-reason"], "player page")
        assert_shown_to(self, self.match, None, ["The vault is shut.", "public-reason"], "public page")
        host = Client()
        host.force_login(self.hana)
        page = host.get(reverse("match_host", args=[self.match.pk])).content.decode()
        for secret in ("zebra-9931", "sesame-4412", "kept-coins-reason", "doomed-reason"):
            self.assertIn(secret, page)

    def test_it_shows_the_rules_text_as_sanitised_markdown(self):
        self.start()
        page = Client().get(reverse("match_public", args=[self.match.pk])).content.decode()
        self.assertIn("<h3>How to play</h3>", page)
        self.assertIn("<strong>Coins</strong>", page)
        self.assertNotIn("<script>alert", page)
        self.assertIn("&lt;script&gt;alert", page)
