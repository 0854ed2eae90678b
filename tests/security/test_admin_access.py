"""The admin, role by role: every list, add, change, delete and history page of every model,
each choice list, filter and action, and the host's own admin pages, tried with the other
season's rows by id. A host sees and touches only the seasons they host, and adds through the
admin only what hosting lets them add: rows of their own seasons, never a season of its own
(that takes `matches.add_season`, as on the console), an account or anything the platform writes."""

from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.urls import reverse

from matches.models import Event, LedgerEntry, Match, MatchPlayer, SavedGame, Season, SeasonPlayer, Submission
from matches.hosting.invites import invite_path, invite_tokens
from tests.support.base import PASSWORD, BaseTestCase

OTHER = ["Season Two", "Zed Zeroth", "Secret Draft Two", "zed", "olga", "root"]  # never shown to Hana

# Every model of the admin, by what a staff host without Django's add permission of it may add
# there: a row of a season they host (hosting is what lets them), or nothing. A model registered
# later fails test_it_lets_a_staff_host_add_only_rows_of_their_own_seasons until it is put here.
ADDED_BY_HOSTING = {SeasonPlayer, Match, LedgerEntry}
REFUSED_WITHOUT_PERMISSION = {Season, User, Group, Submission, Event, SavedGame}  # saved games: save and import only


class AdminAccessTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.root = User.objects.create_superuser("root", password=PASSWORD)
        self.olga = User.objects.create_user("olga", password=PASSWORD, is_staff=True)
        self.nina = User.objects.create_user("nina", password=PASSWORD)  # hosts season one, not staff
        self.season.hosts.add(self.nina)
        self.two = Season.objects.create(name="Season Two", slug="season-two")
        self.two.hosts.add(self.olga)
        self.zed = SeasonPlayer.objects.create(
            season=self.two, user=User.objects.create_user("zed", password=PASSWORD), display_name="Zed Zeroth"
        )
        self.draft_two = Match.objects.create(season=self.two, game="fixture", title="Secret Draft Two")
        MatchPlayer.objects.create(match=self.draft_two, season_player=self.zed, seat=0)
        self.entry_two = LedgerEntry.objects.create(
            season=self.two, player=self.zed, kind="garnet", amount=3, reason="z"
        )
        self.entry_one = LedgerEntry.objects.create(
            season=self.season, player=self.members["alice"], kind="garnet", amount=1, reason="a"
        )
        self.rows = {  # model: (a row of season one, a row of season two)
            Season: (self.season, self.two),
            SeasonPlayer: (self.members["alice"], self.zed),
            Match: (self.match, self.draft_two),
            LedgerEntry: (self.entry_one, self.entry_two),
        }

    def as_(self, user):
        self.client.logout()
        if user is not None:
            self.client.force_login(user)

    def admin_urls(self, model, row):
        info = (model._meta.app_label, model._meta.model_name)
        return [
            reverse("admin:%s_%s_change" % info, args=[row.pk]),
            reverse("admin:%s_%s_history" % info, args=[row.pk]),
            reverse("admin:%s_%s_delete" % info, args=[row.pk]),
        ]

    def test_it_sends_everyone_but_staff_to_the_admin_login(self):
        for user in (None, self.alice, self.nina):
            self.as_(user)
            for model in admin.site._registry:
                info = (model._meta.app_label, model._meta.model_name)
                for url in [reverse("admin:index"), reverse("admin:%s_%s_changelist" % info)]:
                    response = self.client.get(url)
                    self.assertEqual(response.status_code, 302, (user, url))
                    self.assertIn("/admin/login/", response["Location"])

    def test_it_shows_a_staff_user_who_hosts_nothing_no_admin_models(self):
        staff = User.objects.create_user("stan", password=PASSWORD, is_staff=True)
        self.as_(staff)
        page = self.client.get(reverse("admin:index")).content.decode()
        self.assertNotIn("Seasons", page)
        self.assertEqual(self.client.get(reverse("admin:matches_match_changelist")).status_code, 403)

    def test_it_answers_another_seasons_rows_as_if_they_did_not_exist(self):
        for host, own, other in ((self.hana, 0, 1), (self.olga, 1, 0)):
            self.as_(host)
            for model, rows in self.rows.items():
                missing = model(pk=999999)
                for url, nowhere in zip(self.admin_urls(model, rows[other]), self.admin_urls(model, missing)):
                    response, absent = self.client.get(url), self.client.get(nowhere)
                    self.assertNotEqual(response.status_code, 200, (host, url))
                    self.assertEqual(
                        (response.status_code, response.get("Location")),
                        (absent.status_code, absent.get("Location")),
                        (host, url),
                    )
                self.assertEqual(self.client.get(self.admin_urls(model, rows[own])[0]).status_code, 200, (host, model))

    def test_it_lets_the_superuser_see_every_season(self):
        self.as_(self.root)
        for model, rows in self.rows.items():
            for row in rows:
                self.assertEqual(self.client.get(self.admin_urls(model, row)[0]).status_code, 200, (model, row))

    def test_it_keeps_other_seasons_out_of_lists_filters_and_choice_lists(self):
        self.as_(self.hana)
        pages = [reverse("admin:index")]
        for model in admin.site._registry:
            info = (model._meta.app_label, model._meta.model_name)
            pages.append(reverse("admin:%s_%s_changelist" % info))
            if model in (Season, SeasonPlayer, Match, LedgerEntry):
                pages.append(reverse("admin:%s_%s_add" % info))
        pages += [
            self.admin_urls(Season, self.season)[0],
            self.admin_urls(Match, self.match)[0],
            self.admin_urls(SeasonPlayer, self.members["alice"])[0],
        ]
        for url in pages:
            page = self.client.get(url).content.decode()
            for word in OTHER:
                self.assertFalse(word in page, f"{word!r} is on {url}")
        self.assertIn("Season One", self.client.get(reverse("admin:matches_ledgerentry_add")).content.decode())

    def test_it_refuses_forged_ids_of_another_season_in_every_form(self):
        self.as_(self.hana)
        before = (LedgerEntry.objects.count(), SeasonPlayer.objects.count(), Match.objects.count())
        forged = [
            (
                "admin:matches_ledgerentry_add",
                {"season": self.two.pk, "player": self.zed.pk, "kind": "garnet", "amount": 5, "reason": "x"},
            ),
            (
                "admin:matches_ledgerentry_add",
                {"season": self.season.pk, "player": self.zed.pk, "kind": "garnet", "amount": 5, "reason": "x"},
            ),
            (
                "admin:matches_seasonplayer_add",
                {"season": self.two.pk, "username": "hana", "display_name": "Me", "status": "active"},
            ),
            (
                "admin:matches_match_add",
                {
                    "season": self.two.pk,
                    "game": "fixture",
                    "title": "x",
                    "kind": "main",
                    "settings": "{}",
                    "seed": 1,
                    "seats-TOTAL_FORMS": 0,
                    "seats-INITIAL_FORMS": 0,
                },
            ),
        ]
        for name, data in forged:
            response = self.client.post(reverse(name), data)
            self.assertEqual(response.status_code, 200, name)  # the form again, with its error
            self.assertContains(response, "errornote")
        self.assertEqual((LedgerEntry.objects.count(), SeasonPlayer.objects.count(), Match.objects.count()), before)
        self.assertFalse(self.two.players.filter(user=self.hana).exists())

    def test_it_refuses_to_seat_another_seasons_player(self):
        draft = self.make_match([])
        self.as_(self.hana)
        url = self.admin_urls(Match, draft)[0]
        data = {
            "season": self.season.pk,
            "game": "fixture",
            "title": "Test match",
            "kind": "main",
            "settings": "{}",
            "seed": 1,
            "seats-TOTAL_FORMS": 1,
            "seats-INITIAL_FORMS": 0,
            "seats-0-seat": 0,
            "seats-0-season_player": self.zed.pk,
            "seats-0-role": "",
            "phases-TOTAL_FORMS": 0,
            "phases-INITIAL_FORMS": 0,
        }
        self.assertContains(self.client.post(url, data), "errornote")
        self.assertFalse(draft.seats.exists())
        MatchPlayer.objects.create(match=draft, season_player=self.zed, seat=0)  # as if written past the admin
        from matches.core.lifecycle import check_start

        self.assertIn("this match's season", check_start(draft))

    def test_it_deletes_nothing_of_another_season_through_actions(self):
        self.as_(self.hana)
        for model, rows in ((SeasonPlayer, self.rows[SeasonPlayer]), (Match, self.rows[Match])):
            info = (model._meta.app_label, model._meta.model_name)
            self.client.post(
                reverse("admin:%s_%s_changelist" % info),
                {"action": "delete_selected", "_selected_action": [rows[1].pk], "post": "yes"},
            )
            self.assertTrue(model.objects.filter(pk=rows[1].pk).exists(), model)

    def test_it_never_deletes_a_started_match(self):
        self.start()
        self.as_(self.hana)
        url = self.admin_urls(Match, self.match)[2]
        self.assertEqual(self.client.post(url, {"post": "yes"}).status_code, 403)
        self.client.post(
            reverse("admin:matches_match_changelist"),
            {"action": "delete_selected", "_selected_action": [self.match.pk], "post": "yes"},
        )
        self.assertTrue(Match.objects.filter(pk=self.match.pk).exists())

    def test_it_keeps_the_hosts_own_admin_pages_to_their_seasons(self):
        self.start()
        phase = self.open_phase()
        self.as_(self.olga)
        for url in (
            reverse("host_control", args=[self.match.pk, "pause"]),
            reverse("host_confirm", args=[self.match.pk]),
            reverse("host_phase", args=[self.match.pk, phase.pk]),
        ):
            self.assertEqual(self.client.post(url).status_code, 404, url)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, "running")

    def add_posts(self):
        """A post to each admin add view that the view would accept from whoever may add there."""
        one = self.season.pk
        return {
            Season: {
                "name": "Season Three",
                "slug": "season-three",
                "status": "active",
                "extension_hours": 24,  # the add form shows these defaults
                "extensions_per_player": 3,
                "currencies-TOTAL_FORMS": 0,
                "currencies-INITIAL_FORMS": 0,
                "players-TOTAL_FORMS": 0,
                "players-INITIAL_FORMS": 0,
            },
            SeasonPlayer: {"season": one, "username": "newcomer", "display_name": "Newcomer", "status": "active"},
            Match: {
                "season": one,
                "game": "fixture",
                "title": "Added",
                "kind": "main",
                "settings": "{}",
                "seed": 1,
                "seats-TOTAL_FORMS": 0,
                "seats-INITIAL_FORMS": 0,
                "phases-TOTAL_FORMS": 0,
                "phases-INITIAL_FORMS": 0,
            },
            LedgerEntry: {
                "season": one,
                "player": self.members["alice"].pk,
                "kind": "garnet",
                "amount": 2,
                "reason": "added",
            },
            User: {
                "username": "mallory",
                "password1": "a long passphrase 1",
                "password2": "a long passphrase 1",
                "usable_password": "true",
            },
            Group: {"name": "Hosts"},
            Submission: {"phase": "", "player": self.seat("alice").pk, "source": "player", "payload": "{}"},
            Event: {"match": self.match.pk, "seq": 99, "kind": "x", "visibility": "public", "text": "planted"},
            SavedGame: {
                "name": "Planted",
                "game": "host_run",
                "kind": "main",
                "settings": '{"counters": "x"}',
                "season": one,
            },
        }

    def test_it_lets_a_staff_host_add_only_rows_of_their_own_seasons(self):
        self.assertEqual(set(admin.site._registry), ADDED_BY_HOSTING | REFUSED_WITHOUT_PERMISSION)
        self.assertFalse(self.hana.get_all_permissions())  # staff, hosting season one, no model permission
        self.as_(self.hana)
        for model, data in self.add_posts().items():
            url = reverse("admin:%s_%s_add" % (model._meta.app_label, model._meta.model_name))
            before = set(model.objects.values_list("pk", flat=True))
            if model in REFUSED_WITHOUT_PERMISSION:
                self.assertEqual(self.client.get(url).status_code, 403, url)
                self.assertEqual(self.client.post(url, data).status_code, 403, url)
                self.assertEqual(set(model.objects.values_list("pk", flat=True)), before, url)
            else:
                self.assertEqual(self.client.get(url).status_code, 200, url)
                self.assertEqual(self.client.post(url, data).status_code, 302, url)
                added = model.objects.exclude(pk__in=before)
                self.assertEqual([row.season for row in added], [self.season], url)
        self.assertFalse(Season.objects.filter(slug="season-three").exists())

    def test_it_lets_whoever_may_start_a_season_on_the_console_add_one_in_the_admin(self):
        self.hana.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.as_(self.hana)
        url = reverse("admin:matches_season_add")
        self.assertEqual(self.client.post(url, self.add_posts()[Season]).status_code, 302)
        self.assertEqual(list(Season.objects.get(slug="season-three").hosts.all()), [self.hana])
        self.as_(self.nina)  # hosts season one and has the permission, but is not staff: no admin at all
        self.nina.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.assertEqual(self.client.get(url).status_code, 302)

    def test_it_lets_only_the_superuser_name_hosts(self):
        self.as_(self.hana)
        self.client.post(
            self.admin_urls(Season, self.season)[0],
            {
                "name": "Season One",
                "slug": "season-one",
                "status": "active",
                "hosts": [self.hana.pk, self.olga.pk],
                "players-TOTAL_FORMS": 0,
                "players-INITIAL_FORMS": 0,
            },
        )
        self.assertFalse(self.season.hosts.filter(pk=self.olga.pk).exists())


class InviteScopeTestCase(BaseTestCase):
    """An invite link sets the password of a new account only: never one that has a password,
    has logged in, is staff, or (for the host asking) belongs to a season they do not host."""

    def setUp(self):
        super().setUp()
        self.client.force_login(self.hana)

    def add_player(self, username):
        self.client.post(
            reverse("admin:matches_seasonplayer_add"),
            {"season": self.season.pk, "username": username, "display_name": username.title(), "status": "active"},
        )
        return SeasonPlayer.objects.get(season=self.season, user__username__iexact=username)

    def test_it_creates_a_new_account_with_an_invite(self):
        member = self.add_player("newcomer")
        self.assertFalse(member.user.has_usable_password())
        page = self.client.get(reverse("admin:matches_seasonplayer_change", args=[member.pk])).content.decode()
        self.assertIn(invite_path(member.user), page)

    def test_it_adds_an_existing_account_without_handing_out_its_password(self):
        root = User.objects.create_superuser("root", password=PASSWORD)
        member = self.add_player("ROOT")  # any spelling finds the account
        self.assertEqual(member.user, root)
        page = self.client.get(reverse("admin:matches_seasonplayer_change", args=[member.pk])).content.decode()
        self.assertNotIn("/accounts/invite/", page)
        self.assertIn("logs in as usual", page)

    def test_it_refuses_an_invite_for_an_account_that_has_a_password(self):
        self.client.logout()
        for user in (User.objects.create_superuser("root", password=PASSWORD), self.alice):
            response = self.client.get(invite_path(user), follow=True)
            self.assertContains(response, "not valid any more")
            uid = invite_path(user).split("/")[3]
            response = self.client.post(
                reverse("invite", args=[uid, "set-password"]),
                {"new_password1": "taken over 123", "new_password2": "taken over 123"},
            )
            self.assertFalse(self.client.login(username=user.username, password="taken over 123"))
            self.assertTrue(invite_tokens.check_token(user, invite_path(user).split("/")[4]))

    def test_it_hides_the_invite_of_an_account_that_plays_in_a_season_the_host_does_not_host(self):
        two = Season.objects.create(name="Season Two", slug="season-two")
        member = self.add_player("shared")
        SeasonPlayer.objects.create(season=two, user=member.user, display_name="Shared")
        page = self.client.get(reverse("admin:matches_seasonplayer_change", args=[member.pk])).content.decode()
        self.assertNotIn("/accounts/invite/", page)
