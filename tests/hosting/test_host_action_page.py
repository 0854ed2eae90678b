"""The host's page for one host action: the link per action on the host's match page, the form
built from the engine's spec, Preview (what each viewer would read, nothing saved), Do, a refusal
shown beside the form with everything typed kept; nobody but the match's hosts reaches it."""

from django.contrib.auth.models import User
from django.urls import reverse

from matches.models import Action, Event, LedgerEntry, Phase, Season
from tests.support.base import BaseTestCase

NOTE = "PRIVATE-NOTE-4410"


def counts():
    return Action.objects.count(), Event.objects.count(), Phase.objects.count(), LedgerEntry.objects.count()


class HostActionPageTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.client.force_login(self.hana)
        self.url = reverse("host_action", args=[self.match.pk, "grant"])

    def scores(self):
        self.match.refresh_from_db()
        return self.match.state["scores"]

    def test_the_host_page_links_each_available_host_action(self):
        page = self.client.get(reverse("match_host", args=[self.match.pk]))
        self.assertContains(page, f'href="{self.url}"')
        self.assertContains(page, f'href="{reverse("host_action", args=[self.match.pk, "ask"])}"')
        self.client.post(reverse("host_control", args=[self.match.pk, "cancel"]))
        self.assertNotContains(self.client.get(reverse("match_host", args=[self.match.pk])), "Host actions")

    def test_it_shows_the_actions_form_and_previews_what_each_viewer_reads_without_saving(self):
        page = self.client.get(self.url)
        self.assertContains(page, "<h1>Grant points")
        self.assertContains(page, 'name="points"')
        self.assertContains(page, '<option value="1">Bob</option>', html=True)
        before = counts()
        page = self.client.post(self.url, {"seat": "1", "points": "2", "note": NOTE, "preview": "1"})
        self.assertEqual(counts(), before)
        self.assertEqual(self.scores(), [0, 0, 0])
        self.assertContains(page, "Preview: nothing is saved yet")
        html = page.content.decode()
        sections = {
            who: html.split(f"{who} would read")[1].split("would read")[0]
            for who in ("The host", "Seat 1 (Alice)", "Seat 2 (Bob)", "Spectators")
        }
        for who, section in sections.items():
            self.assertIn("The host granted Bob 2 points.", section)
            self.assertEqual(NOTE in section, who in ("The host", "Seat 2 (Bob)"), who)
        self.assertContains(page, f'value="{NOTE}"')  # what was typed stays in the form

    def test_do_takes_it_and_goes_back_to_the_match(self):
        page = self.client.post(self.url, {"seat": "2", "points": "3", "do": "1"}, follow=True)
        self.assertRedirects(page, reverse("match_host", args=[self.match.pk]))
        self.assertContains(page, "Done: Grant points.")
        self.assertEqual(self.scores(), [0, 0, 3])
        self.assertEqual(Action.objects.get().by, self.hana)

    def test_a_refusal_keeps_what_was_typed_and_says_why_beside_the_form(self):
        before = counts()
        page = self.client.post(self.url, {"seat": "1", "points": "9", "note": NOTE, "do": "1"})
        self.assertEqual(page.status_code, 400)
        self.assertContains(page, "Nothing was done.", status_code=400)
        self.assertContains(page, 'role="alert"', status_code=400)
        self.assertContains(page, f'value="{NOTE}"', status_code=400)
        self.assertContains(page, 'value="9"', status_code=400)
        self.assertEqual(counts(), before)

    def test_forged_fields_and_values_are_refused_cleanly(self):
        before = counts()
        for data, says in [
            ({"seat": "7", "points": "1", "do": "1"}, "Select a valid choice"),
            ({"seat": "1", "points": "1", "admin": "1", "do": "1"}, "This form has no field"),
            ({"seat": "1", "points": "x" * 5000, "do": "1"}, "Enter a whole number"),
            ({"seat": "1", "points": "2", "note": "n" * 500, "do": "1"}, "at most 80 characters"),
        ]:
            with self.subTest(data=list(data)):
                self.assertContains(self.client.post(self.url, data), says, status_code=400)
        self.assertEqual(counts(), before)
        self.assertEqual(self.scores(), [0, 0, 0])

    def test_what_the_host_types_is_escaped_in_the_preview(self):
        page = self.client.post(
            self.url, {"seat": "1", "points": "1", "note": "<script>alert(1)</script>", "preview": "1"}
        )
        self.assertNotContains(page, "<script>alert(1)</script>")
        self.assertContains(page, "A note from the host: &lt;script&gt;alert(1)&lt;/script&gt;")

    def test_a_forged_action_name_is_refused_with_nothing_changed(self):
        before = counts()
        for name in ("nope", "hint", "grant%00", "x" * 300):
            with self.subTest(name=name[:20]):
                page = self.client.post(f"/host/matches/{self.match.pk}/actions/{name}/", {"do": "1"}, follow=True)
                self.assertContains(page, "That host action is not available now; nothing changed.")
        self.assertEqual(counts(), before)

    def test_nobody_but_the_matchs_hosts_reaches_it_and_nothing_changes(self):
        other = User.objects.create_user("otto")
        Season.objects.create(name="Other", slug="other").hosts.add(other)
        before = counts()
        for user in (other, self.bob, self.dave):
            self.client.force_login(user)
            with self.subTest(user=user.username):
                self.assertEqual(self.client.get(self.url).status_code, 404)
                self.assertEqual(self.client.post(self.url, {"seat": "1", "points": "3", "do": "1"}).status_code, 404)
        self.client.logout()
        page = self.client.post(self.url, {"seat": "1", "points": "3", "do": "1"})
        self.assertEqual(page.status_code, 302)
        self.assertIn(reverse("login"), page["Location"])
        self.assertEqual(counts(), before)
        self.assertEqual(self.scores(), [0, 0, 0])

    def test_a_match_not_running_offers_no_host_action_page(self):
        self.client.post(reverse("host_control", args=[self.match.pk, "cancel"]))
        before = counts()
        page = self.client.post(self.url, {"seat": "1", "points": "1", "do": "1"}, follow=True)
        self.assertContains(page, "That host action is not available now; nothing changed.")
        self.assertEqual(counts(), before)
