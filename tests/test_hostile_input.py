"""Malformed and hostile posts get a readable refusal and change nothing."""

from django.urls import reverse

from matches.models import Action, Event, LedgerEntry, Submission
from tests.base import PASSWORD, BaseTestCase


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
