"""What the last close did, first on each player's play page (issue 40, point 2): after a close
the card at the top of the page (matches.core.close_result, templates/matches/_close_result.html)
holds that close's public lines and this player's own, never another's; a finished match says
who won, the player's place and what it means for their season, proposed or confirmed; the
socket's update carries the card too. The browser test (tests/browser/test_close_result_screen.py)
measures that it is in a phone's first screen."""

import re

from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import registry
from games.engine_api import Viewer
from matches.core import lifecycle
from matches.core.close_result import SHOWN_LINES, last_close
from matches.live.sockets import SocketViewer, socket_update
from matches.models import Event
from matches.seasons.results import do_confirm_result, offered_awards
from tests.support.base import BaseTestCase
from tests.support.first_close import first_close


def card_of(html):
    """The card's text, tags dropped and spaces collapsed ("" when the page has none)."""
    found = re.search(r'<section id="close-result"[^>]*>(.*?)</section>', html, re.S)
    if not found:
        return ""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def play_page(user, match):
    client = Client()
    client.force_login(user)
    return client.get(reverse("match_play", args=[match.pk])).content.decode()


class BlackAndWhiteCardTestCase(BaseTestCase):
    """Seed 12345 draws Bob (seat 1) to lead round 1; the winner of a round leads the next."""

    def setUp(self):
        super().setUp()
        self.match = self.start(self.game_match(registry.get("black_and_white")))

    def lay(self, seat, tile):
        phase = self.open_phase()
        self.assertEqual(phase.waits_on, [seat], phase.title)
        lifecycle.do_submit(phase.pk, self.match.seats.get(seat=seat), {"tile": str(tile)})

    def test_a_rounds_close_tells_each_player_who_won_it_and_their_own_tile_only_to_them(self):
        self.lay(1, 7)  # Bob leads with 7 (white)
        self.lay(0, 4)  # Alice follows with 4 (black): 7 beats 4, Bob takes the round
        alice, bob = card_of(play_page(self.alice, self.match)), card_of(play_page(self.bob, self.match))
        closed = "Closed: Round 1: Alice follows (everyone submitted)."
        result = "Alice follows with a black tile: Bob wins the round (Alice 0, Bob 1)."
        self.assertEqual(alice, f"{closed} for you You laid your 4. {result}")
        # Bob's own line of the lead ("You laid your 7.") was the close before: not this card's
        self.assertEqual(bob, f"{closed} {result}")

    def test_the_lead_close_shows_the_leader_their_tile_and_the_follower_its_colour(self):
        self.lay(1, 7)
        self.assertEqual(
            card_of(play_page(self.bob, self.match)),
            "Closed: Round 1: Bob leads (everyone submitted). for you You laid your 7. "
            "Round 1: Bob leads with a white tile.",
        )
        self.assertEqual(
            card_of(play_page(self.alice, self.match)),
            "Closed: Round 1: Bob leads (everyone submitted). Round 1: Bob leads with a white tile.",
        )

    def test_nothing_has_closed_yet_no_card(self):
        self.assertEqual(card_of(play_page(self.bob, self.match)), "")

    def play_to_the_end(self):
        """Bob wins five rounds in a row (1>0, 2>1, 3>2, 4>3, 5>4), leading each: 5-0 with four
        rounds left cannot be caught (B4), so the match ends there."""
        for alice, bob in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5)):
            self.lay(1, bob)
            self.lay(0, alice)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, self.match.FINISHED)

    def test_a_finished_match_says_who_won_each_place_and_the_season_effect_proposed_then_confirmed(self):
        self.play_to_the_end()
        alice, bob = card_of(play_page(self.alice, self.match)), card_of(play_page(self.bob, self.match))
        self.assertTrue(alice.startswith("The match is over Bob wins 5-0"), alice)
        self.assertIn("Won by Bob . Your place: 2 of 2 .", alice)
        self.assertIn(
            "For your season (proposed, awaiting the host's confirmation): "
            "You are eliminated (Lost the Death Match (Black and White))",
            alice,
        )
        self.assertTrue(bob.startswith("The match is over: you won Bob wins 5-0"), bob)
        self.assertIn("Your place: 1 of 2 .", bob)
        self.assertIn("awaiting the host's confirmation): nothing changes.", bob)
        # after the end every line is readable, but the card keeps to the player's own: Bob's
        # card does not tell him Alice's last tile in the second person
        self.assertIn("for you You laid your 4.", alice)
        self.assertNotIn("You laid", bob)
        # the season awards under the result table, in people's words too (issue 40, point 12)
        public = Client().get(reverse("match_public", args=[self.match.pk])).content.decode()
        self.assertIn("<li>Alice is eliminated · Lost the Death Match (Black and White)</li>", public)

        do_confirm_result(self.match.pk, offered_awards(self.match), by=self.hana)
        alice, bob = card_of(play_page(self.alice, self.match)), card_of(play_page(self.bob, self.match))
        self.assertIn("For your season: You are eliminated (Lost the Death Match (Black and White))", alice)
        self.assertNotIn("awaiting", alice)
        self.assertIn("For your season: nothing changes.", bob)

    def test_the_public_and_host_pages_have_no_card(self):
        self.lay(1, 7)
        self.assertNotIn(
            'id="close-result"', Client().get(reverse("match_public", args=[self.match.pk])).content.decode()
        )
        host = Client()
        host.force_login(self.hana)
        self.assertNotIn('id="close-result"', host.get(reverse("match_host", args=[self.match.pk])).content.decode())

    def test_the_socket_update_carries_the_card(self):
        self.lay(1, 7)
        self.lay(0, 4)
        alice = self.match.seats.get(seat=0)
        update = socket_update(self.match.pk, SocketViewer(Viewer.for_seat(0), alice.pk), 0)
        section = update["sections"]["close-result"]
        self.assertIn("You laid your 4.", section)
        self.assertIn("Bob wins the round (Alice 0, Bob 1).", section)


def event(kind, visibility=Event.PUBLIC, seat=None, text=""):
    return Event(kind=kind, visibility=visibility, seat=seat, text=text or kind)


class LastCloseTestCase(BaseTestCase):
    def test_the_players_own_lines_are_chosen_first_then_shown_in_the_order_they_happened(self):
        events = [event("phase.closed", text="Closed: one."), event("old")]
        events += [event("phase.closed", text="Closed: two.")]
        events += [event(f"public-{i}") for i in range(5)]
        events += [event("mine", Event.PRIVATE, 2), event("theirs", Event.PRIVATE, 3), event("phase.opened")]
        card = last_close(events, 2)
        self.assertEqual(card["closed"].text, "Closed: two.")
        self.assertEqual(SHOWN_LINES, 4)
        # own line first, then the first three public ones; six readable lines, four shown
        self.assertEqual([e.kind for e in card["lines"]], ["public-0", "public-1", "public-2", "mine"])
        self.assertEqual(card["more"], 2)

    def test_no_close_no_card(self):
        self.assertIsNone(last_close([event("match.started"), event("phase.opened")], 0))


class EveryGameCardTestCase(BaseTestCase):
    """In every registered game, after its first close that waits on someone, each seat's card
    starts with that close's line and holds the close's lines this seat may read: every one of its
    own private lines there is room for, and no other seat's. (A game of turns, PhaseSpec.turn,
    has no close line: its card starts at its last non-turn close; the test game Call or Raise is
    all turns.)"""

    def test_every_games_close_is_on_each_players_card(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                match = self.start(self.game_match(engine))
                phase = first_close(match)
                if phase.turn:  # a turn is told by its action's lines alone: no close line starts a card
                    continue  # (not a skip: the fresh game's run refuses any, tests/kit/test_fresh_game.py)
                close = list(Event.objects.filter(match=match, seq__gt=phase.closed_after_event).order_by("seq"))
                self.assertEqual(close[0].kind, "phase.closed")
                for player in match.seats.select_related("season_player__user"):
                    html = play_page(player.season_player.user, match)
                    card = re.search(r'<section id="close-result"[^>]*>(.*?)</section>', html, re.S).group(1)
                    self.assertIn(escape(close[0].text), card)
                    own = [e for e in close if e.visibility == Event.PRIVATE and e.seat == player.seat]
                    for line in own[:SHOWN_LINES]:
                        self.assertIn(escape(line.text).replace("\n", "<br>"), card)
                    others = [e for e in close if e.visibility != Event.PUBLIC and e.seat != player.seat]
                    self.assertEqual([e.text for e in others if escape(e.text) in card], [])
