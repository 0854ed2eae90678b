"""The host's "Play the rest with defaults": every open phase closed one after another, each as
"Close now" closes it, until the match is over; in one call and in one click of the host page;
a paused match resumed first; a game that never ends stopped at the bound; only the match's
hosts; nothing done to a match that is not being played."""

from unittest import mock

from django.contrib.auth.models import User
from django.urls import reverse

from matches.core import lifecycle
from matches.models import Event, LedgerEntry, Match, Phase, Season, Submission
from tests.support.base import BaseTestCase


def confirm_through_the_page(test, match):
    """The host's confirm page, sent back with the awards it offers, as a host does."""
    url = reverse("host_confirm", args=[match.pk])
    offered = test.client.get(url).context["formset"].initial
    data = {"form-TOTAL_FORMS": str(len(offered)), "form-INITIAL_FORMS": str(len(offered))}
    for i, award in enumerate(offered):
        data.update(
            {
                f"form-{i}-seat": "" if award["seat"] is None else award["seat"],
                f"form-{i}-kind": award["kind"],
                f"form-{i}-amount": award["amount"],
                f"form-{i}-reason": award["reason"],
            }
        )
    return test.client.post(url, data, follow=True)


class FinishWithDefaultsTestCase(BaseTestCase):
    def cosign_match(self):
        """A Mystery Cosign match of alice and bob: some fifty phases, one after another."""
        match = self.make_match(["alice", "bob"], settings={"operation_set": "easy"})
        match.game = "mystery_cosign"
        match.save(update_fields=["game"])
        return match

    def finish_url(self, match=None):
        return reverse("host_control", args=[(match or self.match).pk, "finish"])

    def test_it_plays_the_fixture_match_to_the_end_in_one_call(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 3})
        done = lifecycle.do_finish_with_defaults(self.match.pk, by=self.hana)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.FINISHED)
        phases = list(self.match.phases.order_by("sequence"))
        self.assertIn(f"Played to the end with the rules' defaults ({len(phases)} phases closed)", done.message)
        self.assertGreaterEqual(len(phases), 3)  # three rounds (and a bonus, if a round's winner earns one)
        self.assertEqual([(p.status, p.close_reason) for p in phases], [(Phase.CLOSED, "host")] * len(phases))
        # alice's bid counted as sent; every other seat of every phase got the default
        self.assertEqual(phases[0].submissions.get(player=self.seat("alice")).payload, {"bid": 3})
        waited = sum(len(p.waits_on) for p in phases)
        self.assertEqual(
            Submission.objects.filter(phase__match=self.match, source=Submission.DEFAULT).count(), waited - 1
        )
        self.assertEqual(Event.objects.filter(match=self.match, kind="phase.closed").count(), len(phases))

    def test_it_plays_a_real_game_of_many_phases_to_the_end_in_one_call(self):
        match = self.start(self.cosign_match())
        lifecycle.do_finish_with_defaults(match.pk, by=self.hana)
        match.refresh_from_db()
        self.assertEqual(match.status, Match.FINISHED)
        self.assertGreater(match.phases.filter(status=Phase.CLOSED, close_reason="host").count(), 40)
        self.assertFalse(match.phases.filter(status=Phase.OPEN).exists())
        self.assertTrue(match.outcome["standings"])

    def test_it_resumes_a_paused_match_first(self):
        self.start()
        lifecycle.do_pause(self.match.pk)
        lifecycle.do_finish_with_defaults(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.FINISHED)
        kinds = list(Event.objects.filter(match=self.match).order_by("seq").values_list("kind", flat=True))
        self.assertLess(kinds.index("host.resumed"), kinds.index("phase.closed"))

    def test_it_stops_at_the_bound_and_says_so(self):
        self.start()
        done = lifecycle.do_finish_with_defaults(self.match.pk, limit=2)
        self.assertIn("Stopped after 2 phases closed", done.message)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.RUNNING)
        self.assertEqual(self.match.phases.filter(status=Phase.OPEN).count(), 1)

    def test_it_stops_a_game_that_never_ends(self):
        self.start()
        engine = lifecycle.engine_of(self.match)
        endless = mock.patch.object(
            type(engine),
            "resolve",
            autospec=True,
            side_effect=lambda self_, state, key, subs, rng, *filled_in: _reopen(state, key),
        )
        with endless:
            done = lifecycle.do_finish_with_defaults(self.match.pk, limit=5)
        self.assertIn("Stopped after 5 phases closed", done.message)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.RUNNING)

    def test_it_refuses_a_match_that_is_over_or_not_started(self):
        with self.assertRaisesMessage(lifecycle.Refused, "has not started"):
            lifecycle.do_finish_with_defaults(self.match.pk)
        self.start()
        lifecycle.do_finish_with_defaults(self.match.pk)
        self.match.refresh_from_db()
        finished_at = self.match.finished_at
        with self.assertRaisesMessage(lifecycle.Refused, "already over"):
            lifecycle.do_finish_with_defaults(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual((self.match.status, self.match.finished_at), (Match.FINISHED, finished_at))

    def test_it_finishes_in_one_click_and_the_result_is_confirmed_as_usual(self):
        self.start()
        self.client.force_login(self.hana)
        page = self.client.get(reverse("match_host", args=[self.match.pk]))
        self.assertContains(page, "Play the rest with defaults")
        self.assertContains(page, 'data-confirm="Play the rest of this match')
        r = self.client.post(self.finish_url(), follow=True)
        self.assertContains(r, "Played to the end with the rules&#x27; defaults")
        self.assertNotContains(r, "Play the rest with defaults")  # over: the control is gone
        self.assertContains(r, "Review and confirm the result")
        self.assertContains(confirm_through_the_page(self, self.match), "Result confirmed into the ledger.")
        self.assertTrue(LedgerEntry.objects.filter(match=self.match).exists())

    def test_it_finishes_a_real_game_in_one_click(self):
        match = self.start(self.cosign_match())
        self.client.force_login(self.hana)
        r = self.client.post(self.finish_url(match), follow=True)
        self.assertContains(r, "Played to the end with the rules&#x27; defaults")
        match.refresh_from_db()
        self.assertEqual(match.status, Match.FINISHED)
        self.assertContains(confirm_through_the_page(self, match), "Result confirmed into the ledger.")
        match.refresh_from_db()
        self.assertIsNotNone(match.confirmed_at)

    def test_it_shows_the_control_while_paused_and_says_it_resumes(self):
        self.start()
        lifecycle.do_pause(self.match.pk)
        self.client.force_login(self.hana)
        page = self.client.get(reverse("match_host", args=[self.match.pk]))
        self.assertContains(page, "Play the rest with defaults")
        self.assertContains(page, "the paused match is resumed first")

    def test_it_refuses_a_finished_match_from_the_page_with_a_message(self):
        self.start()
        lifecycle.do_finish_with_defaults(self.match.pk)
        self.client.force_login(self.hana)
        r = self.client.post(self.finish_url(), follow=True)
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "The match is already over; there is nothing left to play.")

    def test_it_answers_only_the_match_s_hosts(self):
        self.start()
        other_host = User.objects.create_user("olga", is_staff=True)
        Season.objects.create(name="Other", slug="other").hosts.add(other_host)
        for user in (self.alice, self.dave, self.eve, other_host):
            self.client.force_login(user)
            self.assertEqual(self.client.post(self.finish_url()).status_code, 404, user)
        self.client.logout()
        r = self.client.post(self.finish_url())
        self.assertEqual(r.status_code, 302)
        self.assertIn("login", r["Location"])
        self.client.force_login(self.hana)
        self.assertEqual(self.client.get(self.finish_url()).status_code, 405)  # a link cannot end a match
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.RUNNING)
        self.assertFalse(self.match.phases.filter(status=Phase.CLOSED).exists())

    def test_it_does_not_offer_the_control_on_a_draft(self):
        self.client.force_login(self.hana)
        self.assertNotContains(
            self.client.get(reverse("match_host", args=[self.match.pk])), "Play the rest with defaults"
        )


def _reopen(state, key):
    """A resolve that always opens the same round again: a game that never ends."""
    from games.engine_api import PhaseSpec, Transition

    return Transition(state=state, open=[PhaseSpec(key=f"{key}+", title="Again", waits_on=(0, 1, 2), duration=60)])
