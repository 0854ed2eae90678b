"""The result as the host confirms it: winners to Heaven and everyone else to Hell (season
statuses), Marks of Elimination for the losers, and the extra tokens of life given away (F10)."""

from django.urls import reverse

from games.engine_api import MARK_OF_ELIMINATION, TOKEN_OF_LIFE
from matches.core import lifecycle
from matches.seasons import results
from matches.models import ForcedGift, LedgerEntry, SeasonPlayer
from matches.seasons.results import offered_awards
from tests.support.base import BaseTestCase

OPTIONS = [[[1, 0], [0, 1], [-1, 0], [0, -1], [2, 2]]] + [[[1, 0]]] * 7


class FlatEarthResultTestCase(BaseTestCase):
    game = "flat_earth"
    settings = {"options": OPTIONS}
    seats = ("alice", "bob", "carol", "dave", "frank", "grace")

    def play(self):
        self.start()
        lifecycle.do_force_close(self.open_phase().pk)  # the pregame
        # Round 1: Alice (1, 0), Bob (0, 1), Carol (-1, 0), Dave (0, -1), Frank (2, 2); Grace stays at (0, 0)
        lifecycle.do_submit(
            self.open_phase().pk,
            self.seat("alice"),
            {"kind": "move", **{f"option_{i}": str(s) for i, s in enumerate([0, 1, 2, 3, 4])}},
        )
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()

    def test_it_proposes_heaven_hell_marks_and_token_gifts_and_applies_them_on_confirmation(self):
        LedgerEntry.objects.create(
            season=self.season, player=self.members["carol"], kind=TOKEN_OF_LIFE, amount=3, reason="earlier gifts"
        )
        self.play()
        state = self.match.state
        # A: Frank at x = 2 is alone furthest; B: Frank is gone, Bob at y = 1; C: Carol at x = -1;
        # D: Dave at y = -1.
        self.assertEqual(state["winners"], {"A": 4, "B": 1, "C": 2, "D": 3})
        # Losers: the non-winners are Alice (1, 0) and Grace (0, 0). A: Grace at 0; B: both at 0;
        # C: Alice at -1 (negative), Grace at 0; D: both at 0.
        self.assertEqual(state["losers"], {"A": [5], "B": [0, 5], "C": [5], "D": [0, 5]})
        statuses = self.match.outcome["statuses"]
        self.assertEqual(sorted(int(s) for s, v in statuses.items() if v == "heaven"), [1, 2, 3, 4])
        offered = offered_awards(self.match)
        marks = [a["seat"] for a in offered if a["kind"] == MARK_OF_ELIMINATION]
        self.assertEqual(marks, [0, 5])
        self.client.force_login(self.hana)
        page = self.client.get(reverse("host_confirm", args=[self.match.pk]))
        self.assertContains(page, "Frank: Heaven")
        self.assertContains(page, "Grace: Hell")
        self.assertContains(page, "At most 1 token of life each; the extras go to one of: Bob, Carol, Dave, Frank")
        results.do_confirm_result(self.match.pk, offered, by=self.hana)
        realms = dict(SeasonPlayer.objects.filter(season=self.season).values_list("display_name", "realm"))
        self.assertEqual(
            [realms[n] for n in ("Alice", "Bob", "Carol", "Dave", "Frank", "Grace")],
            ["hell", "heaven", "heaven", "heaven", "heaven", "hell"],
        )
        # Carol holds 3 tokens of life and may keep 1: she is asked to give two to players who are not losers
        prompt = ForcedGift.objects.get()
        self.assertEqual((prompt.player.display_name, prompt.kind, prompt.remaining), ("Carol", TOKEN_OF_LIFE, 2))
        self.assertEqual(
            sorted(SeasonPlayer.objects.get(pk=i).display_name for i in prompt.recipients), ["Bob", "Dave", "Frank"]
        )
        season_page = self.client.get(reverse("season", args=[self.season.slug]))
        self.assertContains(season_page, "Heaven")
