"""Co-op QWOP played through its pages: proposals answered with the accept button, packs paid
from the season ledger, partial cards saved and revised, and refusals that change nothing."""

from django.urls import reverse

from games.engine_api import GARNET
from matches.core import lifecycle
from matches.models import Action, LedgerEntry, Submission, balances_for
from tests.support.base import PASSWORD, BaseTestCase
from tests.coop_qwop.people import EightPlayersMixin


class QwopPagesTestCase(EightPlayersMixin, BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()

    def as_(self, name):
        self.client.logout()
        self.assertTrue(self.client.login(username=name, password=PASSWORD))

    def act(self, name, action, data):
        url = reverse("act", args=[self.match.pk, action])
        return self.client.post(url, {f"{action}-{k}": v for k, v in data.items()}, follow=True)

    def athlete(self, number):
        self.match.refresh_from_db()
        return self.match.state["athletes"][number - 1]

    def test_it_moves_an_athlete_only_when_the_other_controller_agrees(self):
        number = self.shared("alice", "bob")
        self.as_("alice")
        proposed = self.act("alice", "propose", {"athlete": number, "race": "marathon"})
        self.assertContains(proposed, "Done.")
        self.assertContains(proposed, '<input type="hidden" name="withdraw-proposal" value="1">', html=False)
        self.assertNotContains(proposed, 'name="accept-proposal"')
        self.assertEqual(self.athlete(number)["race"], "dash")
        self.as_("carol")  # not a controller of it: no accept button, and a forged post is refused
        self.assertContains(self.act("carol", "accept", {"proposal": 1}), "not available now")
        self.as_("bob")
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "waiting for your answer")
        # the inbox's own buttons post exactly what self.act posts
        self.assertContains(page, '<input type="hidden" name="accept-proposal" value="1">', html=False)
        self.assertContains(page, '<input type="hidden" name="decline-proposal" value="1">', html=False)
        # and the answer waiting on Bob is also at the top of his page, named in the bar, before the game
        html = page.content.decode()
        self.assertIn('<a href="#action-accept">A proposal waits for your answer</a>', html)
        self.assertLess(html.index('id="action-accept"'), html.index("Race proposals"))
        self.assertContains(self.act("bob", "accept", {"proposal": 1}), "Done.")
        self.assertEqual(self.athlete(number)["race"], "marathon")
        public = self.client.get(reverse("match_public", args=[self.match.pk]))
        self.assertContains(public, f"Athlete #{number} now runs the Marathon.")

    def test_it_sells_packs_for_season_garnets_at_most_twice(self):
        self.give_garnets("alice", 3)
        self.as_("alice")
        for _ in range(2):
            self.assertContains(self.act("alice", "buy_pack", {"pack": "WP"}), "Done.")
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["hands"][0], {"Q": 8, "W": 10, "O": 8, "P": 10, "X": 3})
        self.assertEqual(balances_for(self.season, [self.members["alice"]])[self.members["alice"].pk][GARNET], 1)
        entries = LedgerEntry.objects.count()
        # a third WP pack is not offered, and a forged post is refused by the engine's limit
        self.assertContains(self.act("alice", "buy_pack", {"pack": "WP"}), "Not recorded")
        self.assertContains(self.act("alice", "buy_pack", {"pack": "X"}), "costs 2 garnets and you have 1")
        self.assertEqual(LedgerEntry.objects.count(), entries)
        self.assertEqual(Action.objects.filter(name="buy_pack").count(), 2)

    def test_it_saves_partial_cards_and_counts_the_last_revision(self):
        lifecycle.do_force_close(self.open_phase().pk)  # pregame over
        phase = self.open_phase()
        with_bob, with_judy = self.shared("alice", "bob"), self.shared("alice", "judy")
        self.as_("alice")
        url = reverse("submit", args=[self.match.pk, phase.pk])
        self.assertContains(
            self.client.post(url, {f"card_{with_bob}": "P"}, follow=True), "revise it until the deadline"
        )
        self.client.post(url, {f"card_{with_bob}": "O", f"card_{with_judy}": "X"}, follow=True)
        refused = self.client.post(url, {f"card_{self.shared('bob', 'carol')}": "Q"}, follow=True)
        self.assertContains(refused, "This form has no field")  # not her athlete
        self.assertEqual(Submission.objects.filter(player__seat=0).count(), 2)  # the refusal stored nothing
        lifecycle.do_force_close(phase.pk)
        self.match.refresh_from_db()
        counted = Submission.objects.filter(player__seat=0, source=Submission.DEFAULT).get().payload
        self.assertEqual((counted[f"card_{with_bob}"], counted[f"card_{with_judy}"]), ("O", "X"))
        self.assertEqual(len([k for k in counted if k.startswith("card_")]), 7)
        hand = self.match.state["hands"][0]
        self.assertEqual(sum(hand.values()), 35 - 7)
        self.assertEqual(hand["X"], 2)
