"""A host adds to their season only accounts that are theirs to add: an account that plays in (or
hosts) a season they do not host gets an invitation, which its owner sees when logged in and
accepts or declines. Never a direct enrolment, and never a write to the other season: its
invite link of a new account stays valid, and its desk can still hand it out."""

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.hosting.invites import invite_path, invite_tokens, may_hand_invite
from matches.models import Season, SeasonInvitation, SeasonPlayer
from tests.support.base import PASSWORD, BaseTestCase


class InvitationTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.olga = User.objects.create_user("olga", password=PASSWORD, is_staff=True)
        self.two = Season.objects.create(name="Season Two", slug="season-two")
        self.two.hosts.add(self.olga)
        self.zed = User.objects.create_user("zed", password=PASSWORD)  # plays in season two, has a password
        SeasonPlayer.objects.create(season=self.two, user=self.zed, display_name="Zed")
        self.client.force_login(self.olga)  # a new account made on season two's desk: its invite is pending
        self.client.post(reverse("host_add_player", args=["season-two"]), {"players": "Newbie, newbie"})
        self.newbie = User.objects.get(username="newbie")
        self.newbie_link = invite_path(self.newbie)
        self.client.force_login(self.hana)

    def add(self, text, follow=True):
        return self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": text}, follow=follow)

    def answer(self, user, answer, slug="season-one"):
        client = Client()
        client.force_login(user)
        return client.post(reverse("answer_invitation", args=[slug]), {"answer": answer}, follow=True)

    def test_it_invites_an_account_of_another_season_and_enrols_nobody(self):
        page = self.add("Ivy, ivy\nZed Two, ZED\nNew Two, newbie")
        self.assertContains(page, "Ivy joined the season.")
        self.assertContains(page, "Invited, since their accounts belong to another season: Zed Two and New Two.")
        self.assertFalse(SeasonPlayer.objects.filter(season=self.season, user__in=[self.zed, self.newbie]).exists())
        self.assertEqual(
            list(SeasonPlayer.objects.filter(user__in=[self.zed, self.newbie]).values_list("season__slug", flat=True)),
            ["season-two", "season-two"],
        )
        invited = SeasonInvitation.objects.filter(season=self.season).order_by("display_name")
        self.assertEqual(
            [(i.display_name, i.user, i.status, i.invited_by) for i in invited],
            [("New Two", self.newbie, "pending", self.hana), ("Zed Two", self.zed, "pending", self.hana)],
        )
        desk = page.content.decode().split("<h2>Invited</h2>")[1]
        self.assertIn("Zed Two", desk)
        self.assertIn("waiting for their answer", desk)

    def test_it_never_voids_the_other_seasons_invite_link(self):
        self.add("New Two, newbie")
        self.newbie.refresh_from_db()
        self.assertTrue(invite_tokens.check_token(self.newbie, self.newbie_link.split("/")[4]))
        self.assertTrue(may_hand_invite(self.olga, self.newbie))
        self.client.logout()
        self.assertContains(self.client.get(self.newbie_link, follow=True), "Set your password")

    def test_it_still_adds_accounts_of_the_hosts_own_seasons_and_of_none_directly(self):
        three = Season.objects.create(name="Season Three", slug="season-three")
        three.hosts.add(self.hana)
        page = self.client.post(
            reverse("host_add_player", args=["season-three"]), {"players": "Alice, alice\neve"}, follow=True
        )
        self.assertContains(page, "Alice and eve joined the season.")
        self.assertEqual(three.players.count(), 2)
        self.assertFalse(SeasonInvitation.objects.exists())

    def test_a_superuser_hosts_every_season_so_adds_directly(self):
        self.client.force_login(User.objects.create_superuser("root", password=PASSWORD))
        self.assertContains(self.add("Zed Two, zed"), "Zed Two joined the season.")

    def test_the_invited_account_sees_the_invitation_and_joins_by_accepting_it(self):
        self.add("Zed Two, zed")
        zed = Client()
        zed.force_login(self.zed)
        home = zed.get("/").content.decode()
        self.assertIn("hana invites you to join <strong>Season One</strong> as <strong>Zed Two</strong>", home)
        page = self.answer(self.zed, "accept")
        self.assertContains(page, "You joined Season One as Zed Two.")
        self.assertEqual(page.redirect_chain[-1][0], reverse("season", args=["season-one"]))
        member = SeasonPlayer.objects.get(season=self.season, user=self.zed)
        self.assertEqual((member.display_name, member.status), ("Zed Two", "active"))
        self.assertEqual(SeasonInvitation.objects.get().status, "accepted")
        self.assertNotIn("invites you", zed.get("/").content.decode())
        self.assertContains(self.client.get(reverse("host_season", args=["season-one"])), "Zed Two")

    def test_declining_enrols_nobody_and_the_host_cannot_invite_again(self):
        self.add("Zed Two, zed")
        page = self.answer(self.zed, "decline")
        self.assertContains(page, "You declined the invitation to Season One.")
        self.assertFalse(SeasonPlayer.objects.filter(season=self.season, user=self.zed).exists())
        self.assertEqual(SeasonInvitation.objects.get().status, "declined")
        again = self.add("Zed, zed", follow=False)
        self.assertContains(again, "Line 1 (zed): zed declined an invitation to this season.", status_code=400)
        self.assertContains(self.client.get(reverse("host_season", args=["season-one"])), "declined")

    def test_only_the_invited_account_answers_once(self):
        self.add("Zed Two, zed")
        for user in (self.alice, self.eve, self.olga):
            self.assertContains(self.answer(user, "accept"), "There is no invitation waiting for you in this season.")
        self.assertContains(
            self.answer(self.zed, "accept", slug="season-two"), "There is no invitation waiting for you in this season."
        )
        self.assertContains(self.answer(self.zed, "maybe"), "Accept or decline the invitation.")
        self.answer(self.zed, "accept")
        self.assertContains(self.answer(self.zed, "decline"), "There is no invitation waiting for you in this season.")
        self.assertEqual(SeasonInvitation.objects.get().status, "accepted")
        self.assertEqual(SeasonPlayer.objects.filter(season=self.season, user=self.zed).count(), 1)
        anonymous = Client().post(reverse("answer_invitation", args=["season-one"]), {"answer": "accept"})
        self.assertEqual(anonymous.status_code, 302)
        self.assertIn(reverse("login"), anonymous["Location"])
        self.assertEqual(Client().get(reverse("answer_invitation", args=["season-one"])).status_code, 302)

    def test_an_invitation_holds_its_name_until_answered(self):
        self.add("Zed Two, zed")
        refused = self.add("Zed Two, ivy\nZed, zed", follow=False)
        self.assertContains(refused, "Line 1 (ivy): Zed Two is already a name in this season", status_code=400)
        self.assertContains(refused, "Line 2 (zed): zed is invited to this season already.", status_code=400)

    def test_accepting_is_refused_when_the_name_was_taken_meanwhile(self):
        self.add("Zed Two, zed")
        SeasonPlayer.objects.create(season=self.season, user=self.eve, display_name="Zed Two")  # as the admin could
        page = self.answer(self.zed, "accept")
        self.assertContains(page, "Another player of Season One is called Zed Two now: ask your host to sort it out.")
        self.assertFalse(SeasonPlayer.objects.filter(season=self.season, user=self.zed).exists())
        self.assertEqual(SeasonInvitation.objects.get().status, "pending")

    def test_the_admin_refuses_to_enrol_an_account_of_another_season(self):
        refusal = "plays in or hosts a season you do not host"
        add = self.client.post(
            reverse("admin:matches_seasonplayer_add"),
            {"season": self.season.pk, "username": "zed", "display_name": "Zed Two", "status": "active"},
        )
        self.assertContains(add, refusal)
        inline = self.client.post(
            reverse("admin:matches_season_change", args=[self.season.pk]),
            {
                "name": "Season One",
                "slug": "season-one",
                "status": "active",
                "currencies-TOTAL_FORMS": 0,
                "currencies-INITIAL_FORMS": 0,
                "players-TOTAL_FORMS": 1,
                "players-INITIAL_FORMS": 0,
                "players-0-display_name": "New Two",
                "players-0-username": "newbie",
                "players-0-status": "active",
            },
        )
        self.assertContains(inline, refusal)
        self.assertFalse(SeasonPlayer.objects.filter(season=self.season, user__in=[self.zed, self.newbie]).exists())
        self.assertTrue(invite_tokens.check_token(self.newbie, self.newbie_link.split("/")[4]))
