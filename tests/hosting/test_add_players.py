"""Many players at once on the season's desk: one a line, "Name, username" or just "username";
all are added or none, and each refusal is named by its line."""

from django.contrib.auth.models import User
from django.urls import reverse

from matches.models import SeasonPlayer
from tests.support.base import BaseTestCase


class AddPlayersTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.client.force_login(self.hana)
        self.url = reverse("host_add_player", args=[self.season.slug])
        self.before = SeasonPlayer.objects.count()

    def add(self, text, follow=False):
        return self.client.post(self.url, {"players": text}, follow=follow)

    def test_it_adds_a_list_of_new_and_existing_accounts_in_one_go(self):
        page = self.add("Ivy, ivy\n\n  Kim Lee ,kim.lee  \r\nmallory\nEvie, EVE\n", follow=True)
        self.assertContains(page, "Ivy, Kim Lee, mallory and Evie joined the season.")
        added = {
            m.display_name: m.user
            for m in SeasonPlayer.objects.filter(season=self.season).exclude(user__in=self.users.values())
        }
        self.assertEqual(set(added), {"Ivy", "Kim Lee", "mallory"})
        self.assertEqual(added["Kim Lee"].username, "kim.lee")
        self.assertFalse(any(u.has_usable_password() for u in added.values()))  # their invite links set one
        evie = SeasonPlayer.objects.get(season=self.season, user=self.eve)  # an existing account, as it is
        self.assertEqual(evie.display_name, "Evie")
        self.assertTrue(evie.user.has_usable_password())
        self.assertEqual(page.content.decode().count("/accounts/invite/"), 3)

    def test_it_adds_one_player_as_before(self):
        self.assertContains(self.add("Ivy, ivy", follow=True), "Ivy joined the season.")

    def test_it_adds_nothing_when_a_line_is_refused_and_names_each_refused_line(self):
        text = "\n".join(
            [
                "Ivy, ivy",  # 1: fine
                "Alice, someone",  # 2: a name of the season
                "Another Bob, bob",  # 3: already plays
                "Ivy, ivy-2",  # 4: a name twice in the list
                "Jo, IVY",  # 5: a username twice in the list
                "Bad Name, not a username!",  # 6: not a username
                "Long, " + "u" * 151,  # 7: too long
                "N" * 41 + ", nn",  # 8: a name too long
                ", nameless",  # 9: no name before the comma
                "Trailing,",  # 10: no username
                "Smith, Jane, jsmith",  # 11: fine, the username after the last comma
            ]
        )
        r = self.add(text)
        self.assertEqual(r.status_code, 400)
        for words in (
            "Line 2 (someone): Alice is already a name in this season",
            "Line 3 (bob): bob already plays in this season.",
            "Line 4 (ivy-2): the name Ivy is on line 1 too.",
            "Line 5 (IVY): IVY is on line 1 too.",
            "Line 6 (not a username!): a username has letters, digits and @ . + - _ only.",
            "Line 7 (" + "u" * 151 + "): a username has at most 150 characters.",
            "Line 8 (nn): a name has at most 40 characters.",
            "Line 9 (nameless): no name before the comma.",
            "Line 10 (Trailing): no username",
        ):
            self.assertContains(r, words, status_code=400)
        self.assertNotContains(r, "Line 1 ", status_code=400)
        self.assertNotContains(r, "Line 11", status_code=400)
        self.assertContains(r, "Smith, Jane, jsmith", status_code=400)  # the list is kept to fix
        self.assertEqual(SeasonPlayer.objects.count(), self.before)
        self.assertFalse(User.objects.filter(username__in=["ivy", "jsmith"]).exists())

    def test_it_refuses_an_empty_or_overlong_list(self):
        self.assertContains(self.add(" \n \n"), "This field is required", status_code=400)
        self.assertContains(
            self.add("\n".join(f"p{i}" for i in range(201))), "At most 200 players at once.", status_code=400
        )
        self.assertEqual(self.add("x" * 20_001).status_code, 400)
        self.assertEqual(SeasonPlayer.objects.count(), self.before)

    def test_it_adds_none_when_the_database_refuses_one(self):
        from unittest import mock

        from django.db import IntegrityError

        from matches.hosting import host_desk

        real = host_desk.new_account
        calls = []

        def second_fails(username):
            calls.append(username)
            if len(calls) == 2:
                raise IntegrityError("taken a moment ago")
            return real(username)

        with mock.patch.object(host_desk, "new_account", second_fails):
            r = self.add("Ivy, ivy\nKim, kim")
        self.assertContains(r, "nothing was added", status_code=400)
        self.assertEqual(SeasonPlayer.objects.count(), self.before)
        self.assertFalse(User.objects.filter(username="ivy").exists())
