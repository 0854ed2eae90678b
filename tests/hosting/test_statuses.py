"""Heaven or Hell on the season's desk: the host sets it for one or many players at once, with a
reason kept in the season's history; without a reason nothing changes. A Pokemon Snap draft whose
players have no status yet says how to fix it, and starts once the desk has set 2 Heaven / 6 Hell."""

from django.urls import reverse

from matches.core.start_checks import check_start
from matches.models import Match, SeasonPlayer, StatusChange
from tests.pokemon_snap.support_match import SEATS
from tests.support.base import BaseTestCase


class StatusesTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.client.force_login(self.hana)
        self.url = reverse("host_statuses", args=[self.season.slug])

    def post(self, names, realm, reason, follow=False):
        data = {"players": [self.members[n].pk for n in names], "realm": realm, "reason": reason}
        return self.client.post(self.url, data, follow=follow)

    def realms(self):
        return dict(SeasonPlayer.objects.filter(season=self.season).values_list("user__username", "realm"))

    def test_it_sets_heaven_or_hell_for_many_players_at_once_with_the_reason_in_the_history(self):
        page = self.post(["bob", "carol"], "heaven", "Winners of the opening match", follow=True)
        self.assertContains(page, "Heaven for Bob, Carol.")
        self.assertContains(page, "Bob (bob): Heaven")
        self.assertEqual({n for n, r in self.realms().items() if r == "heaven"}, {"bob", "carol"})
        change = StatusChange.objects.get(player=self.members["bob"])
        self.assertEqual(
            (change.previous, change.realm, change.reason, change.created_by),
            ("", "heaven", "Winners of the opening match", self.hana),
        )
        season_page = self.client.get(reverse("season", args=[self.season.slug]))
        self.assertContains(season_page, "Winners of the opening match: Bob goes to Heaven")

    def test_it_records_a_fall_and_leaves_those_already_there_as_they_are(self):
        self.post(["bob"], "heaven", "Opening match")
        page = self.post(["bob", "carol"], "hell", "Lost the Death Match", follow=True)
        self.assertContains(page, "Hell for Bob, Carol.")
        page = self.post(["bob", "dave"], "hell", "Second match", follow=True)
        self.assertContains(page, "Hell for Dave. Already there: Bob.")
        self.assertEqual(StatusChange.objects.filter(player=self.members["bob"]).count(), 2)
        self.assertContains(
            self.client.get(reverse("season", args=[self.season.slug])), "Lost the Death Match: Bob falls to Hell"
        )

    def test_it_refuses_without_a_reason_a_player_a_realm_or_a_change_and_changes_nothing(self):
        from matches.models import Season

        other = Season.objects.create(name="Other", slug="other")
        stranger = SeasonPlayer.objects.create(season=other, user=self.eve, display_name="Eve")
        for data, words in (
            ({"players": [self.members["bob"].pk], "realm": "heaven", "reason": ""}, "needs a reason"),
            ({"players": [self.members["bob"].pk], "realm": "heaven", "reason": "   "}, "needs a reason"),
            ({"players": [self.members["bob"].pk], "realm": "heaven"}, "needs a reason"),
            ({"players": [], "realm": "heaven", "reason": "x"}, "Choose at least one player."),
            ({"players": [self.members["bob"].pk], "realm": "purgatory", "reason": "x"}, "Select a valid choice"),
            ({"players": [stranger.pk], "realm": "heaven", "reason": "x"}, "Select a valid choice"),
            ({"players": ["bob"], "realm": "heaven", "reason": "x"}, "is not a valid value"),
            ({"players": [self.members["bob"].pk], "realm": "heaven", "reason": "x" * 301}, "at most 300"),
            ({"players": [self.members["dave"].pk], "realm": "", "reason": "x"}, "required"),
        ):
            self.assertContains(self.client.post(self.url, data), words, status_code=400, msg_prefix=str(data))
        self.assertFalse(StatusChange.objects.exists())
        self.assertEqual(set(self.realms().values()), {""})
        self.post(["bob"], "hell", "Opening match")
        self.assertContains(self.post(["bob"], "hell", "Again"), "Already in Hell: nothing changed.", status_code=400)
        self.assertEqual(StatusChange.objects.count(), 1)

    def test_it_refuses_anyone_but_the_season_s_host(self):
        for who in (self.alice, self.eve):
            self.client.force_login(who)
            self.assertEqual(self.post(["alice"], "heaven", "Me").status_code, 404)
        self.client.logout()
        self.assertEqual(self.post(["alice"], "heaven", "Me").status_code, 302)
        self.assertFalse(StatusChange.objects.exists())


class SnapDraftFromTheDeskTestCase(BaseTestCase):
    game = "pokemon_snap"
    settings = {"first_priority": 1, "day1_seconds": 3600, "day_seconds": 3600}
    seats = SEATS

    def test_a_snap_draft_says_how_to_fix_missing_statuses_then_starts_once_the_desk_sets_them(self):
        problem = check_start(self.match)
        self.assertIn(
            "Every seat needs a role: set each player's Heaven or Hell on the season's desk, "
            "or choose roles in the match's setup.",
            problem,
        )
        self.assertIn("Not yet decided: Bob, Carol, Alice", problem)
        self.client.force_login(self.hana)
        self.assertContains(self.client.get(reverse("host_console")), "set each player&#x27;s Heaven or Hell")
        url = reverse("host_statuses", args=[self.season.slug])
        self.client.post(
            url, {"players": [self.members[n].pk for n in SEATS[:2]], "realm": "heaven", "reason": "Opening"}
        )
        self.assertIn("Not yet decided: Alice, Dave", check_start(self.match))
        self.client.post(
            url, {"players": [self.members[n].pk for n in SEATS[2:]], "realm": "hell", "reason": "Opening"}
        )
        self.assertIsNone(check_start(self.match))
        self.assertEqual(StatusChange.objects.filter(reason="Opening").count(), 8)
        r = self.client.post(reverse("host_control", args=[self.match.pk, "start"]), follow=True)
        self.assertEqual(r.status_code, 200)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.RUNNING)
