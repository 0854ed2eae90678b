"""Host input that gave 500s: a draft's settings mangled in the admin, JSON too long or too deep,
a deadline past the last date there is, and the host page of a draft of any game. Each gets a
clear refusal or a page, and one broken match does not take a page of many matches down."""

from django.contrib import admin
from django.contrib.auth.models import User
from django.db.models import JSONField, Value
from django.test import RequestFactory
from django.urls import reverse

from games import registry
from matches.models import Match, Phase
from tests.support.base import BaseTestCase

DEEP = "[" * 50_000 + "]" * 50_000


def form_data(form):
    """What the browser would post for `form` as the page shows it."""
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None:
            continue
        data[name] = [getattr(v, "pk", v) for v in value] if isinstance(value, (list, tuple)) else value
    return data


class BrokenDraftTestCase(BaseTestCase):
    def test_it_lists_every_other_match_beside_a_draft_with_mangled_settings(self):
        self.make_match(["alice", "bob"])
        for broken in ([1, 2], 5, None, "text"):
            stored = Value(None, JSONField()) if broken is None else broken  # JSON null, not SQL NULL
            Match.objects.filter(pk=self.match.pk).update(settings=stored)
            for user in (self.hana, User.objects.get_or_create(username="root", is_superuser=True, is_staff=True)[0]):
                self.client.force_login(user)
                for url in (
                    reverse("host_console"),
                    reverse("host_season", args=[self.season.slug]),
                    reverse("match_host", args=[self.match.pk]),
                    reverse("edit_match", args=[self.match.pk]),
                ):
                    page = self.client.get(url)
                    self.assertEqual(page.status_code, 200, f"{url} with settings {broken!r}")
            page = self.client.get(reverse("match_host", args=[self.match.pk]))
            self.assertContains(page, "The settings must be a JSON object")

    def test_the_admin_refuses_settings_that_are_not_an_object_or_too_deep(self):
        request = RequestFactory().get("/admin/")
        request.user = User.objects.create_superuser("root", password="x")
        form_class = admin.site._registry[Match].get_form(request, self.match)
        base = {"season": self.season.pk, "game": "fixture", "title": "T", "kind": "main", "seed": 1}
        for text, words in (
            ("[1, 2]", "JSON object"),
            ("5", "JSON object"),
            ("null", "JSON object"),
            ('{"rounds": "many"}', "rounds"),
            (DEEP, "nested deeper"),
            ('"' + "x" * 200_000 + '"', "longer"),
        ):
            form = form_class({**base, "settings": text}, instance=self.match)
            self.assertFalse(form.is_valid(), text[:20])
            self.assertIn(words, str(form.errors["settings"]), text[:20])
        self.assertTrue(form_class({**base, "settings": '{"rounds": 2}'}, instance=self.match).is_valid())

    def test_the_admin_match_page_answers_with_a_deep_json_post(self):
        self.client.force_login(User.objects.create_superuser("root", password="x"))
        url = f"/admin/matches/match/{self.match.pk}/change/"
        response = self.client.post(
            url,
            {"season": self.season.pk, "game": "fixture", "title": "T", "kind": "main", "seed": 1, "settings": DEEP},
        )
        self.assertEqual(response.status_code, 200)
        self.match.refresh_from_db()
        self.assertEqual(self.match.settings, self.settings)


class ExpertJsonTestCase(BaseTestCase):
    def test_it_refuses_expert_json_too_deep_or_too_long_with_a_reason(self):
        self.client.force_login(self.hana)
        for engine in registry.all_engines():
            url = reverse("new_match", args=[self.season.slug]) + f"?game={engine.slug}"
            form = self.client.get(url).context["form"]
            if "expert" not in form.fields:
                continue
            with self.subTest(game=engine.slug):
                for text, words in ((DEEP, "nested deeper"), ("[" * 30 + "]" * 30, "nested deeper")):
                    page = self.client.post(url, {**form_data(form), "title": "Deep", "expert": text})
                    self.assertEqual(page.status_code, 200)
                    self.assertContains(page, words)
                self.assertFalse(Match.objects.filter(title="Deep").exists())


class DraftHostPageTestCase(BaseTestCase):
    def test_the_host_page_of_a_draft_of_every_game_with_default_settings_answers(self):
        self.client.force_login(self.hana)
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                self.game = engine.slug
                names = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan", "judy")[: engine.min_seats]
                draft = self.make_match(names, settings={})
                page = self.client.get(reverse("match_host", args=[draft.pk]))
                self.assertEqual(page.status_code, 200)
                self.assertContains(page, "The game's picture appears here when the match starts.")
                self.assertContains(page, "Live updates start with the match.")  # no socket for a draft
                self.assertNotContains(page, "data-socket=")
                self.assertEqual(self.client.get(reverse("edit_match", args=[draft.pk])).status_code, 200)


class DeadlineOverflowTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.match.phases.get(status=Phase.OPEN)
        self.client.force_login(self.hana)
        self.url = reverse("host_phase", args=[self.match.pk, self.phase.pk])

    def test_it_refuses_the_last_date_in_a_zone_behind_utc(self):
        page = self.client.post(self.url, {"deadline": "9999-12-31T23:00", "tz": "America/New_York"}, follow=True)
        self.assertEqual(page.status_code, 200)
        self.assertContains(page, "Not moved")
        self.assertEqual(Phase.objects.get(pk=self.phase.pk).deadline, self.phase.deadline)

    def test_it_refuses_a_deadline_more_than_a_year_ahead(self):
        page = self.client.post(self.url, {"deadline": "9999-12-31T20:00", "tz": "UTC"}, follow=True)
        self.assertContains(page, "at most a year from now")
        self.assertEqual(Phase.objects.get(pk=self.phase.pk).deadline, self.phase.deadline)

    def test_it_refuses_adding_a_day_past_the_last_date(self):
        Phase.objects.filter(pk=self.phase.pk).update(deadline=self.phase.deadline.replace(year=9999, month=12, day=31))
        page = self.client.post(self.url, {"add": "86400"}, follow=True)
        self.assertEqual(page.status_code, 200)
        self.assertContains(page, "Not moved")
