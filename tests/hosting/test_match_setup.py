"""Creating and changing a draft from the host's pages: the game's settings as form fields
(durations typed as 10m or 24h, choices, expert JSON), seats chosen from the season only."""

import re

from django import forms
from django.test import SimpleTestCase
from django.urls import reverse

from games import registry
from matches.models import Match, Season, SeasonPlayer
from matches.hosting.settings_forms import (
    format_duration,
    initial_settings,
    parse_duration,
    settings_fields,
    settings_from,
)
from tests.support.base import BaseTestCase


class DurationTestCase(SimpleTestCase):
    def test_it_reads_durations_with_units(self):
        self.assertEqual(parse_duration("30s"), 30)
        self.assertEqual(parse_duration("10m"), 600)
        self.assertEqual(parse_duration("1h 30m"), 5400)
        self.assertEqual(parse_duration(" 2D "), 172800)
        self.assertEqual(format_duration(5400), "1h 30m")
        self.assertEqual(format_duration(172800), "2d")

    def test_it_refuses_a_number_without_a_unit_and_anything_else(self):
        for text in ("10", "", "ten minutes", "10m x", "5w", "-5m"):
            with self.assertRaises(forms.ValidationError, msg=text):
                parse_duration(text)


class SettingsFormContractTestCase(SimpleTestCase):
    def test_every_game_declares_settings_it_has_and_its_defaults_survive_the_form(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                for spec in engine.settings_fields:
                    self.assertIn(spec.name, engine.default_settings)
                fields = settings_fields(engine)
                data = {
                    name: fields[name].prepare_value(value) if hasattr(fields[name], "prepare_value") else value
                    for name, value in initial_settings(engine, {}).items()
                }
                form = type("F", (forms.Form,), dict(fields))(data=data)
                self.assertTrue(form.is_valid(), form.errors)
                self.assertEqual(settings_from(engine, form.cleaned_data), {})  # the defaults, stored as nothing


class MatchSetupTestCase(BaseTestCase):
    def post_setup(self, **changes):
        data = {
            "title": "Round robin",
            "kind": "main",
            "seed": "",
            "rounds": "4",
            "round_seconds": "10m",
            "close_early": "false",
            "players": [self.members[n].pk for n in ("carol", "alice", "bob")],
        }
        data.update(changes)
        return self.client.post(reverse("new_match", args=[self.season.slug]) + "?game=fixture", data)

    def test_it_offers_every_game_then_that_game_s_form(self):
        self.client.force_login(self.hana)
        picker = self.client.get(reverse("new_match", args=[self.season.slug]))
        for engine in registry.all_engines():
            self.assertContains(picker, f"?game={engine.slug}")
        form = self.client.get(reverse("new_match", args=[self.season.slug]) + "?game=fixture")
        self.assertContains(form, 'value="1m"')  # round_seconds' default, 60 s
        self.assertContains(form, "Alice (alice)")
        self.assertNotContains(form, "Eve (eve)")  # not in the season

    def test_it_creates_a_draft_with_typed_settings_and_numbered_seats(self):
        self.client.force_login(self.hana)
        r = self.post_setup()
        match = Match.objects.get(title="Round robin")
        self.assertRedirects(r, reverse("match_host", args=[match.pk]))
        self.assertEqual(match.settings, {"rounds": 4, "round_seconds": 600, "close_early": False})
        self.assertEqual(match.status, Match.DRAFT)
        # seats in the order of the list offered (the season's, by name), numbered from 0
        self.assertEqual(
            [(s.seat, s.season_player.display_name) for s in match.seats.all()],
            [(0, "Alice"), (1, "Bob"), (2, "Carol")],
        )
        self.assertContains(self.client.get(reverse("match_host", args=[match.pk])), "Ready to start.")

    def test_it_refuses_another_season_s_player_and_bad_settings_and_creates_nothing(self):
        other = Season.objects.create(name="Other", slug="other")
        stranger = SeasonPlayer.objects.create(season=other, user=self.eve, display_name="Eve")
        self.client.force_login(self.hana)
        before = Match.objects.count()
        for changes in (
            {"players": [self.members["alice"].pk, stranger.pk]},
            {"round_seconds": "10"},
            {"rounds": "99"},
            {"close_early": "maybe"},
            {"players": []},
        ):
            r = self.post_setup(**changes)
            self.assertEqual(r.status_code, 200, changes)  # the form again, with the error
            self.assertContains(r, "errorlist")
        self.assertEqual(Match.objects.count(), before)

    def test_it_changes_a_draft_but_not_a_started_match(self):
        self.client.force_login(self.hana)
        url = reverse("edit_match", args=[self.match.pk])
        page = self.client.get(url)
        self.assertContains(page, 'value="1m"')
        r = self.client.post(
            url,
            {
                "title": "Renamed",
                "kind": "main",
                "seed": "7",
                "rounds": "2",
                "round_seconds": "1h",
                "close_early": "true",
                "players": [self.members["dave"].pk, self.members["bob"].pk],
            },
        )
        self.assertRedirects(r, reverse("match_host", args=[self.match.pk]))
        self.match.refresh_from_db()
        self.assertEqual(
            (self.match.title, self.match.seed, self.match.settings),
            ("Renamed", 7, {"rounds": 2, "round_seconds": 3600}),
        )
        self.assertEqual([s.season_player.display_name for s in self.match.seats.all()], ["Bob", "Dave"])
        self.start()
        r = self.client.post(
            url,
            {
                "title": "Again",
                "kind": "main",
                "rounds": "2",
                "round_seconds": "1h",
                "close_early": "true",
                "players": [self.members["dave"].pk],
            },
            follow=True,
        )
        self.assertContains(r, "no longer change")
        self.match.refresh_from_db()
        self.assertEqual(self.match.title, "Renamed")

    def test_it_keeps_expert_settings_as_json_beside_the_form(self):
        self.client.force_login(self.hana)
        url = reverse("new_match", args=[self.season.slug]) + "?game=mystery_cosign"
        page = self.client.get(url)
        self.assertContains(page, "Expert settings (JSON)")
        base = {
            "title": "Cosign",
            "kind": "death",
            "operation_set": '"hard"',
            "advantage_seat": "1",
            "number_seconds": "30s",
            "pick_seconds": "30s",
            "shootout_seconds": "3m",
            "advantage_seconds": "1m",
            "players": [self.members["alice"].pk, self.members["bob"].pk],
        }
        r = self.client.post(url, {**base, "expert_settings": '{"operations": {"A": "a*b"}, "targets": []}'})
        match = Match.objects.get(title="Cosign")
        self.assertEqual(match.settings, {"operation_set": "hard", "advantage_seat": 1, "operations": {"A": "a*b"}})
        self.assertEqual(r.status_code, 302)
        for bad in ('{"operations": ', '[1]', '{"number_seconds": 5}'):
            r = self.client.post(url, {**base, "title": "Bad", "expert_settings": bad})
            self.assertContains(r, "Expert settings")
        self.assertFalse(Match.objects.filter(title="Bad").exists())

    def test_it_is_for_hosts_of_the_season_only(self):
        self.client.force_login(self.alice)
        self.assertEqual(self.client.get(reverse("new_match", args=[self.season.slug])).status_code, 404)
        self.assertEqual(self.post_setup().status_code, 404)
        self.assertEqual(self.client.get(reverse("edit_match", args=[self.match.pk])).status_code, 404)


class RolesTestCase(BaseTestCase):
    def test_it_asks_roles_where_the_game_has_them_and_leaves_the_rest_to_the_status(self):
        self.client.force_login(self.hana)
        url = reverse("new_match", args=[self.season.slug]) + "?game=pokemon_snap"
        self.assertContains(self.client.get(url), "From Heaven/Hell")
        names = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan")
        data = {
            "title": "Snap",
            "kind": "main",
            "day1_seconds": "2d",
            "day_seconds": "1d",
            "ascension_seconds": "1d",
            "first_priority": "0",
            "players": [self.members[n].pk for n in names],
            f"role_{self.members['alice'].pk}": "photographer",
            f"role_{self.members['bob'].pk}": "photographer",
        }
        self.assertEqual(self.client.post(url, data).status_code, 302)
        match = Match.objects.get(title="Snap")
        self.assertEqual([s.role for s in match.seats.order_by("seat")][:3], ["photographer", "photographer", ""])
        r = self.client.post(url, {**data, "title": "Bad", f"role_{self.members['carol'].pk}": "referee"})
        self.assertContains(r, "errorlist")
        self.assertFalse(Match.objects.filter(title="Bad").exists())


class RolesOfSeatedPlayersTestCase(BaseTestCase):
    """Pokemon Snap's roles are offered for the players ticked to sit (issue 40, point 15): each
    role picker goes with its player's tick, and a role for a player not ticked is refused."""

    SEATED = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan")

    def data(self, **roles):
        return {
            "title": "Snap",
            "kind": "main",
            "day1_seconds": "2d",
            "day_seconds": "1d",
            "ascension_seconds": "1d",
            "first_priority": "0",
            "players": [self.members[n].pk for n in self.SEATED],
            **{f"role_{self.members[n].pk}": role for n, role in roles.items()},
        }

    def url(self):
        return reverse("new_match", args=[self.season.slug]) + "?game=pokemon_snap"

    def test_each_role_picker_goes_with_its_players_tick(self):
        self.client.force_login(self.hana)
        page = self.client.get(self.url()).content.decode()
        judy = self.members["judy"].pk  # in the season, not yet ticked
        picker = re.search(rf'<select name="role_{judy}"[^>]*>', page).group(0)
        self.assertIn('data-depends-on="players"', picker)
        self.assertIn(f'data-when="[&quot;{judy}&quot;]"', picker)
        self.assertIn("js/depends.js", page)
        self.assertIn("the ticked player nearest the top sits in seat 1", page)

    def test_a_role_for_a_player_not_ticked_is_refused_beside_it(self):
        self.client.force_login(self.hana)
        r = self.client.post(self.url(), self.data(alice="photographer", judy="photographer"))
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "Judy is not ticked to sit: tick them under Players, or leave the role blank.")
        self.assertEqual(list(r.context["form"].errors), [f"role_{self.members['judy'].pk}"])
        self.assertFalse(Match.objects.filter(title="Snap").exists())
        # the same roles with Judy seated instead of Ivan: accepted, Judy a photographer in seat 8
        self.SEATED = (*self.SEATED[:7], "judy")
        self.assertEqual(
            self.client.post(self.url(), self.data(alice="photographer", judy="photographer")).status_code, 302
        )
        seats = Match.objects.get(title="Snap").seats.order_by("seat")
        self.assertEqual([(s.seat, s.role) for s in seats if s.role], [(0, "photographer"), (7, "photographer")])


class SeatingCheckTestCase(BaseTestCase):
    def test_it_never_calls_a_match_seated_from_another_season_ready(self):
        other = Season.objects.create(name="Other", slug="other")
        stranger = SeasonPlayer.objects.create(season=other, user=self.eve, display_name="Eve")
        self.match.seats.filter(seat=2).update(season_player=stranger)  # as a forged admin row would
        self.client.force_login(self.hana)
        page = self.client.get(reverse("match_host", args=[self.match.pk]))
        self.assertContains(page, "Every seat must be a player of this match&#x27;s season.")
        self.assertNotContains(page, "Ready to start.")
        self.assertContains(self.client.get(reverse("host_console")), "Every seat must be a player")
