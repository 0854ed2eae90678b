"""A host-run match set up from the host's settings form, its setup written as rows: the
counters, the teams and the rules text are read back in words and saved; a wrong row is refused
beside it and nothing is saved."""

from matches.models import Match
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, said


class SetupFormTestCase(BaseTestCase):
    def test_it_saves_counters_teams_and_rules_text_from_the_rows(self):
        response = post_setup(
            self,
            "host_run",
            title="The Vault",
            game_name="Vault of Coins",
            counters__0="Coins | start 10 | 0..99 | the player and the host",
            counters__1="Lives | start 3 | 0..3 | everyone",
            teams__0="Red: 1",
            teams__1="Blue: 2",
            rules_text__0="## Bids",
            rules_text__1="",
            rules_text__2="Bid **Coins**.",
        )
        self.assertEqual(response.status_code, 302, response.content.decode()[-3000:])
        settings = Match.objects.get(title="The Vault").settings
        self.assertEqual(
            settings["counters"],
            [
                {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"},
                {"name": "Lives", "start": 3, "low": 0, "high": 3, "sees": "everyone"},
            ],
        )
        self.assertEqual(settings["teams"], [{"name": "Red", "seats": [0]}, {"name": "Blue", "seats": [1]}])
        self.assertEqual(settings["rules_text"], "## Bids\n\nBid **Coins**.")
        self.assertEqual(settings["game_name"], "Vault of Coins")

    def test_it_refuses_a_wrong_row_beside_it_and_saves_nothing(self):
        response = post_setup(self, "host_run", title="The Vault", counters__0="Coins | start 100 | 0..99 | everyone")
        self.assertEqual(response.status_code, 200)
        self.assertIn("Coins starts at 100, outside its bounds 0..99.", response.content.decode())
        self.assertFalse(Match.objects.filter(title="The Vault").exists())

    def test_it_refuses_a_team_seat_the_players_ticked_do_not_have_where_it_is_typed(self):
        # two players ticked: what the start check would refuse is refused on the form (issue 40, point 10)
        r = post_setup(self, "host_run", title="The Vault", teams__0="Red: 1, 8")
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "Team Red names a seat this match does not have (seats 1 to 2).")
        self.assertFalse(Match.objects.filter(title="The Vault").exists())

    def test_it_says_each_counter_row_back_in_words(self):
        self.client.force_login(self.hana)
        response = post_setup(
            self,
            "host_run",
            title="The Vault",
            counters__0="Coins | start 10 | 0..99 | the host only",
            teams__0="Red: 1, 2x",
        )
        self.assertIn("Coins: starts at 10, from 0 to 99, seen by the host only.", said(response, "counters__0"))
        self.assertIn("seat numbers", said(response, "teams__0"))
