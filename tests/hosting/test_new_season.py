"""A new season from the host console: superusers, and staff with Django's `matches.add_season`
permission, start one by its name (the address is made from the name); whoever starts it hosts it,
and it is listed first on their console. Anyone else gets the 404 the other host pages give."""

from django.contrib.auth.models import Permission, User
from django.urls import reverse

from matches.models import Season
from tests.support.base import PASSWORD, BaseTestCase


class NewSeasonTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.root = User.objects.create_superuser("root", password=PASSWORD)
        self.hana.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.url = reverse("host_new_season")

    def create(self, who, name):
        self.client.force_login(who)
        return self.client.post(self.url, {"name": name}, follow=True)

    def test_it_lets_a_superuser_start_a_season_and_host_it(self):
        page = self.create(self.root, "Season Two")
        self.assertContains(page, "Season Two is ready: add its players on its desk.")
        season = Season.objects.get(name="Season Two")
        self.assertEqual((season.slug, list(season.hosts.all())), ("season-two", [self.root]))
        self.assertEqual(self.client.get(reverse("host_season", args=["season-two"])).status_code, 200)

    def test_it_lets_a_permitted_host_start_one_opening_its_desk_and_listed_first_on_their_console(self):
        page = self.create(self.hana, "  The Grand Final  ")
        season = Season.objects.get(slug="the-grand-final")
        self.assertEqual(season.name, "The Grand Final")
        self.assertTrue(season.hosts.filter(pk=self.hana.pk).exists())
        self.assertEqual(page.redirect_chain[-1][0], reverse("host_season", args=[season.slug]))  # its desk
        text = self.client.get(reverse("host_console")).content.decode()
        self.assertLess(text.index("<h2>The Grand Final"), text.index("<h2>Season One"))
        self.assertEqual(self.client.get(reverse("host_season", args=[season.slug])).status_code, 200)

    def test_it_shows_the_form_only_to_those_who_may_start_a_season(self):
        self.client.force_login(self.hana)
        self.assertContains(self.client.get(reverse("host_console")), 'action="%s"' % self.url)
        self.hana.user_permissions.clear()
        self.hana = User.objects.get(pk=self.hana.pk)  # permissions are cached on the instance
        self.client.force_login(self.hana)
        self.assertNotContains(self.client.get(reverse("host_console")), 'action="%s"' % self.url)

    def test_it_opens_the_console_to_a_permitted_staff_user_who_hosts_nothing_yet(self):
        olga = User.objects.create_user("olga", password=PASSWORD, is_staff=True)
        olga.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.client.force_login(olga)
        self.assertContains(self.client.get(reverse("host_console")), "You host no season yet.")
        self.create(olga, "Olga's Season")
        self.assertEqual(list(Season.objects.get(slug="olgas-season").hosts.all()), [olga])

    def test_it_refuses_a_host_without_the_permission_a_player_and_a_stranger(self):
        olga = User.objects.create_user("olga", password=PASSWORD)  # the permission, but not staff
        olga.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.hana.user_permissions.clear()
        for who in (User.objects.get(pk=self.hana.pk), self.alice, self.eve, olga):
            self.client.force_login(who)
            self.assertEqual(self.client.post(self.url, {"name": "Sneaky"}).status_code, 404, who)
            self.assertEqual(self.client.get(self.url).status_code, 404, who)
        self.client.logout()
        r = self.client.post(self.url, {"name": "Sneaky"})
        self.assertEqual((r.status_code, r["Location"].split("?")[0]), (302, reverse("login")))
        self.assertFalse(Season.objects.filter(name="Sneaky").exists())

    def test_it_refuses_a_duplicate_name_and_suffixes_a_clashing_address(self):
        r = self.create(self.hana, "season one")
        self.assertContains(r, "There is already a season called season one: choose another name.", status_code=400)
        self.assertEqual(Season.objects.count(), 1)
        self.create(self.hana, "Season One!")  # another name, the same address
        self.create(self.hana, "Season-One?")
        self.assertEqual(
            sorted(Season.objects.values_list("slug", flat=True)), ["season-one", "season-one-2", "season-one-3"]
        )

    def test_it_refuses_a_blank_or_overlong_name_and_makes_an_address_for_any_name(self):
        for name in ("", "   ", "x" * 101):
            self.assertEqual(self.create(self.hana, name).status_code, 400, name)
        self.assertEqual(Season.objects.count(), 1)
        self.create(self.hana, "天才ゲーム")  # no ASCII letter to make an address of
        self.create(self.hana, "!!!")
        self.create(self.hana, "A" * 100)
        self.assertEqual(
            sorted(Season.objects.exclude(pk=self.season.pk).values_list("slug", flat=True)),
            ["a" * 40, "season", "season-2"],
        )

    def test_it_sends_a_get_back_to_the_console(self):
        self.client.force_login(self.hana)
        self.assertRedirects(self.client.get(self.url), reverse("host_console"))
