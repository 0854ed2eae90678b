import re
from datetime import timedelta

from django.urls import reverse

from matches import clock
from matches.core import lifecycle
from matches.seasons import results
from matches.models import Event, LedgerEntry, Match, Phase
from tests.support.base import BaseTestCase, BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to


class HostControlsTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()

    def test_it_pauses_and_resumes_keeping_the_time_left(self):
        t0 = self.phase.opened_at
        with clock.simulated(t0 + timedelta(seconds=20)):
            lifecycle.do_pause(self.match.pk)
            self.assertFalse(lifecycle.do_pause(self.match.pk).changed)  # a second click does nothing
        self.phase.refresh_from_db()
        self.assertEqual(self.phase.remaining, timedelta(seconds=40))
        with clock.simulated(t0 + timedelta(hours=5)):
            self.assertEqual(lifecycle.sweep(), 0)  # a paused match's deadline does not pass
            with self.assertRaisesMessage(lifecycle.Refused, "paused"):
                lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 1})
            lifecycle.do_resume(self.match.pk)
        self.phase.refresh_from_db()
        self.assertEqual(self.phase.deadline, t0 + timedelta(hours=5, seconds=40))
        self.assertEqual(Event.objects.filter(kind="host.paused").count(), 1)
        self.assertEqual(Event.objects.filter(kind="host.resumed").count(), 1)

    def test_it_extends_to_an_absolute_deadline_once(self):
        later = self.phase.deadline + timedelta(hours=1)
        lifecycle.do_extend(self.phase.pk, later)
        self.assertFalse(lifecycle.do_extend(self.phase.pk, later).changed)
        self.phase.refresh_from_db()
        self.assertEqual(self.phase.deadline, later)
        self.assertEqual(Event.objects.filter(kind="host.extended").count(), 1)
        with clock.simulated(later - timedelta(seconds=1)):
            self.assertFalse(lifecycle.close_phase(self.phase.pk))  # the old deadline's task does nothing

    def test_it_refuses_an_extension_into_the_past(self):
        with self.assertRaisesMessage(lifecycle.Refused, "future"):
            lifecycle.do_extend(self.phase.pk, clock.now() - timedelta(seconds=1))

    def test_it_force_closes_once_with_defaults(self):
        self.assertTrue(lifecycle.do_force_close(self.phase.pk).changed)
        self.assertFalse(lifecycle.do_force_close(self.phase.pk).changed)
        self.phase.refresh_from_db()
        self.assertEqual((self.phase.status, self.phase.close_reason), (Phase.CLOSED, "host"))
        self.assertEqual(self.phase.submissions.filter(source="default").count(), 3)

    def test_it_cancels_once(self):
        lifecycle.do_cancel(self.match.pk)
        self.assertFalse(lifecycle.do_cancel(self.match.pk).changed)
        self.match.refresh_from_db()
        self.phase.refresh_from_db()
        self.assertEqual((self.match.status, self.phase.status), (Match.CANCELLED, Phase.CANCELLED))

    def test_it_confirms_a_result_into_the_ledger_once(self):
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()
        awards = [{**a, "reason": a["reason"]} for a in self.match.outcome["awards"]]
        awards.append({"seat": None, "kind": "communal_garnet", "amount": 2, "reason": "Host's bonus to the pool"})
        results.do_confirm_result(self.match.pk, awards, by=self.hana)
        self.assertFalse(results.do_confirm_result(self.match.pk, awards, by=self.hana).changed)
        self.assertEqual(LedgerEntry.objects.filter(match=self.match).count(), len(awards))
        self.assertEqual(LedgerEntry.objects.get(player=None).amount, 2)

    def test_it_refuses_an_award_without_a_reason(self):
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        with self.assertRaisesMessage(lifecycle.Refused, "reason"):
            results.do_confirm_result(self.match.pk, [{"seat": 0, "kind": "garnet", "amount": 1, "reason": " "}])
        self.assertFalse(LedgerEntry.objects.exists())


class CancelledMatchTestCase(BaseTransactionTestCase):
    """Cancelled is not finished: the host may cancel to start again with the same players, so
    nothing hidden is revealed, on any page or socket."""

    def test_it_keeps_every_secret_of_a_cancelled_match(self):
        self.give_garnets("alice", 1)
        self.start()
        lifecycle.do_action(self.seat("alice"), "hint", {})
        lifecycle.do_cancel(self.match.pk)
        self.match.refresh_from_db()
        secrets = dict(zip(self.seats, self.match.state["secrets"]))
        assert_hidden_from(self, self.match, None, list(secrets.values()) + ["Hint:"])
        assert_hidden_from(self, self.match, self.bob, [secrets["alice"], secrets["carol"], "Hint:"])
        assert_shown_to(self, self.match, self.alice, [secrets["alice"], "Hint:"], "player page")


class HostPagesTestCase(BaseTestCase):
    def test_it_answers_a_non_host_alike_for_a_draft_a_running_and_a_missing_match(self):
        running = self.start(self.make_match(["dave", "frank"], seed=2))
        self.client.force_login(self.alice)
        answers = set()
        for match_id in (self.match.pk, running.pk, 999999):  # a draft, a running match, none
            for name in ("match_host", "match_export"):
                response = self.client.get(reverse(name, args=[match_id]))
                answers.add((response.status_code, without_per_request_bytes(response.content)))
        self.assertEqual(len(answers), 1, answers)
        self.assertEqual(answers.pop()[0], 404)


def without_per_request_bytes(content):
    """A page's bytes less what changes on every request of anyone (clock, CSRF token)."""
    content = re.sub(rb'data-server-time="[^"]*"', b"", content)
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", content)
