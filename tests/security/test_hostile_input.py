"""Malformed and hostile posts get a readable refusal and change nothing."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from matches.models import Action, Event, LedgerEntry, Submission
from tests.support.base import PASSWORD, BaseTestCase


class HostileInputTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()
        self.client.login(username="alice", password=PASSWORD)
        self.url = reverse("submit", args=[self.match.pk, self.phase.pk])

    def assert_refused(self, response, text):
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, text)
        self.assertFalse(Submission.objects.exists())
        self.match.refresh_from_db()
        self.assertEqual(self.match.events.count(), self.events_before)

    def post(self, data, **kwargs):
        self.events_before = Event.objects.filter(match=self.match).count()
        return self.client.post(self.url, data, follow=True, **kwargs)

    def test_it_refuses_a_non_number(self):
        self.assert_refused(self.post({"bid": "abc"}), "Enter a whole number")

    def test_it_refuses_out_of_range_and_huge_numbers(self):
        self.assert_refused(self.post({"bid": 11}), "less than or equal to 10")
        self.assert_refused(self.post({"bid": "9" * 400}), "Not recorded")

    def test_it_refuses_a_missing_required_field(self):
        self.assert_refused(self.post({}), "This field is required")

    def test_it_refuses_an_overlong_text(self):
        self.assert_refused(self.post({"bid": 3, "note": "x" * 5000}), "at most 50 characters")

    def test_it_refuses_a_body_over_the_upload_limit_without_an_error_page(self):
        response = self.client.post(self.url, {"bid": 3, "note": "x" * 300_000})  # multipart, as the client sends
        self.assertEqual(response.status_code, 413)
        self.assertFalse(Submission.objects.exists())

    def test_it_refuses_a_get_to_a_post_url(self):
        self.assertEqual(self.client.get(self.url).status_code, 405)

    def test_it_refuses_an_unknown_phase_and_action(self):
        r = self.client.post(reverse("submit", args=[self.match.pk, 999999]), {"bid": 3}, follow=True)
        self.assertContains(r, "not open for you")
        r = self.client.post(reverse("act", args=[self.match.pk, "steal"]), {}, follow=True)
        self.assertContains(r, "not available now")
        self.assertFalse(Action.objects.exists())

    def test_it_refuses_a_purchase_without_garnets_and_spends_nothing(self):
        r = self.client.post(reverse("act", args=[self.match.pk, "hint"]), {}, follow=True)
        self.assertContains(r, "you have none")
        self.assertFalse(LedgerEntry.objects.exists())
        self.assertFalse(Action.objects.exists())

    def test_it_buys_with_garnets_in_one_step(self):
        self.give_garnets("alice", 1)
        r = self.client.post(reverse("act", args=[self.match.pk, "hint"]), {}, follow=True)
        self.assertContains(r, "Done.")
        self.assertEqual(sum(e.amount for e in LedgerEntry.objects.filter(player=self.members["alice"])), 0)
        self.assertEqual(Action.objects.get().name, "hint")
        r = self.client.post(reverse("act", args=[self.match.pk, "hint"]), {}, follow=True)
        self.assertContains(r, "you have none")
        self.assertEqual(Action.objects.count(), 1)

    def test_it_answers_ids_past_what_the_database_stores_with_a_404(self):
        for url in (
            f"/play/{2**63}/",
            f"/play/{10**30}/",
            f"/matches/{2**64}/",
            f"/host/matches/{2**63}/",
            f"/play/{self.match.pk}/phases/{2**63}/submit/",
        ):
            self.assertEqual(self.client.get(url).status_code, 404, url)

    def test_it_refuses_a_form_in_another_charset_with_a_400(self):
        client = Client(enforce_csrf_checks=True, raise_request_exception=False)
        token = client.get(reverse("login")).cookies["csrftoken"].value
        response = client.post(
            reverse("login"),
            f"csrfmiddlewaretoken={token}&username=al%E9&password=x",
            content_type="application/x-www-form-urlencoded; charset=latin-1",
        )
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "UTF-8", status_code=400)

    def test_it_refuses_a_file_upload_before_storing_anything(self):
        self.client.raise_request_exception = False
        response = self.client.post(self.url, {"bid": 3, "file": SimpleUploadedFile("moves.txt", b"bid=3")})
        self.assertEqual(response.status_code, 400)
        self.assertFalse(Submission.objects.exists())
