"""The season page as the community's front page: matches with winners and losers, a history of
every confirmed change in words, Heaven/Hell changes with their reasons (confirmed or by hand),
and balances shown publicly or not as the season says."""

from django.core import mail
from django.test import Client
from django.urls import reverse

from games.engine_api import ELIMINATED, GARNET, HEAVEN, HELL
from matches.seasons import gifts
from matches.notifications import reminders
from matches.seasons import results
from matches.models import LedgerEntry, Match, SeasonPlayer, StatusChange
from tests.support.base import BaseTestCase


class SeasonPageTestCase(BaseTestCase):
    def page(self, user=None):
        client = Client()
        if user is not None:
            client.force_login(user)
        return client.get(reverse("season", args=[self.season.slug])).content.decode()

    def finished_match(self):
        match = self.make_match(["alice", "bob", "carol"])
        match.status = Match.FINISHED
        match.outcome = {
            "summary": "",
            "forced_gifts": [],
            "standings": [
                {"seat": 0, "place": 1, "score": 3},
                {"seat": 1, "place": 2, "score": 2},
                {"seat": 2, "place": 3, "score": 1},
            ],
            "awards": [{"seat": 0, "kind": GARNET, "amount": 2, "reason": "first place"}],
            "statuses": {"0": HEAVEN, "1": HELL, "2": HELL},
        }
        match.save()
        SeasonPlayer.objects.filter(pk=self.members["bob"].pk).update(realm=HEAVEN)
        return match

    def test_it_tells_the_history_in_words(self):
        match = self.finished_match()
        results.do_confirm_result(match.pk, match.outcome["awards"], by=self.hana)
        self.give_garnets("bob", 3)
        gifts.do_gift(self.members["bob"].pk, self.members["carol"].pk, GARNET, 2)
        page = self.page()
        self.assertIn("Test match: Alice gains 2 garnets (first place)", page)
        self.assertIn("Test match: Alice goes to Heaven", page)
        self.assertIn("Test match: Bob falls to Hell", page)
        self.assertIn("Bob gave Carol 2 garnets", page)
        self.assertEqual(page.count("Bob gave Carol 2 garnets"), 1)  # one line for the gift's two entries
        self.assertIn("won: Alice", page)
        self.assertIn("last: Carol", page)

    def test_it_keeps_a_running_match_s_entries_out_until_it_is_over(self):
        match = self.make_match(["alice", "bob"])
        match.status = Match.RUNNING
        match.save()
        LedgerEntry.objects.create(
            season=self.season,
            player=self.members["alice"],
            kind=GARNET,
            amount=-1,
            reason="bought a pack",
            match=match,
        )
        self.assertNotIn("bought a pack", self.page())

    def test_it_hides_balances_when_the_season_keeps_them_private(self):
        self.give_garnets("bob", 7)
        gifts.do_gift(self.members["bob"].pk, self.members["carol"].pk, GARNET, 2)
        self.season.balances_public = False
        self.season.save()
        for viewer in (None, self.alice):
            page = self.page(viewer)
            self.assertNotIn("Bob gave Carol", page)
            self.assertNotIn("<th>Garnets</th>", page)
        self.assertIn("Your balances: 5 garnets", self.page(self.bob))  # a player's own, whatever the setting
        self.assertIn("Bob gave Carol", self.page(self.hana))  # the host sees everything

    def test_it_keeps_a_host_s_status_change_with_its_reason(self):
        client = Client()
        client.force_login(self.hana)
        url = reverse("admin:matches_seasonplayer_change", args=[self.members["dave"].pk])
        form = {
            "username": "dave",
            "season": self.season.pk,
            "display_name": "Dave",
            "status": "active",
            "realm": HEAVEN,
        }
        refused = client.post(url, form)
        self.assertEqual(refused.status_code, 200)  # the form again: a reason is needed
        self.assertFalse(StatusChange.objects.exists())
        client.post(url, {**form, "status_reason": "won the bonus game"})
        self.assertEqual(SeasonPlayer.objects.get(pk=self.members["dave"].pk).realm, HEAVEN)
        self.assertIn("won the bonus game: Dave goes to Heaven", self.page())

    def test_it_says_in_which_match_a_player_was_eliminated(self):
        match = self.finished_match()
        results.do_confirm_result(match.pk, [{"seat": 2, "kind": ELIMINATED, "amount": 1, "reason": "lost"}])
        self.assertIn("Eliminated in Test match", self.page())

    def test_it_tells_the_recipient_of_a_gift_by_email_when_they_asked(self):
        self.give_garnets("bob", 3)
        self.carol.email = "carol@example.org"
        self.carol.save()
        with self.captureOnCommitCallbacks(execute=True):
            gifts.do_gift(self.members["bob"].pk, self.members["carol"].pk, GARNET, 1)
        self.assertEqual(len(mail.outbox), 0)  # she did not ask for news by email
        prefs = reminders.preferences(self.carol)
        prefs.email_results = True
        prefs.save()
        with self.captureOnCommitCallbacks(execute=True):
            gifts.do_gift(self.members["bob"].pk, self.members["carol"].pk, GARNET, 1)
        self.assertEqual([(m.to, m.subject) for m in mail.outbox], [(["carol@example.org"], "Bob gave you 1 garnet")])
