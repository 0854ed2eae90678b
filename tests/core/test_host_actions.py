"""Host actions (the contract's host decisions during a match), played on the fixture game:
who may take them, what they record, what each viewer reads, and that replay reproduces them."""

from datetime import timedelta

from django.contrib.auth.models import User
from django.urls import reverse

from games.engine_api import Viewer
from matches import clock
from matches.core import host_actions, lifecycle
from matches.core.host_actions import do_host_action, preview_host_action
from matches.core.playtest import playtest
from matches.core.replay import replay
from matches.core.steps import step_picture
from matches.seasons.export import export_match
from matches.models import Action, Event, LedgerEntry, Match, Phase, Season
from tests.support.base import BaseTestCase, BaseTransactionTestCase
from tests.support.sockets import socket_text

NOTE = "PRIVATE-NOTE-7731"


def snapshot(match):
    match.refresh_from_db()
    return (
        match.state,
        match.step,
        match.event_seq,
        Action.objects.count(),
        Event.objects.count(),
        Phase.objects.count(),
        LedgerEntry.objects.count(),
    )


class HostActionTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()

    def grant(self, user=None, **data):
        data = {"seat": "1", "points": 2, "note": NOTE, **data}
        return do_host_action(self.match.pk, user or self.hana, "grant", data)

    def test_it_grants_points_and_records_who_did_what(self):
        before = self.match.step
        done = self.grant()
        self.match.refresh_from_db()
        self.assertEqual(done.message, "Done: Grant points.")
        self.assertEqual(self.match.state["scores"], [0, 2, 0])  # Bob, seat 1, had none
        action = Action.objects.get()
        self.assertEqual((action.player, action.by, action.name, action.step), (None, self.hana, "grant", before + 1))
        self.assertEqual(action.payload, {"seat": "1", "points": 2, "note": NOTE})
        lines = list(self.match.events.order_by("seq").values_list("visibility", "seat", "text"))[-3:]
        self.assertEqual(
            lines,
            [
                (Event.HOST, None, "The host: Grant points."),
                (Event.PUBLIC, None, "The host granted Bob 2 points."),
                (Event.PRIVATE, 1, f"A note from the host: {NOTE}"),
            ],
        )

    def test_it_refuses_anyone_but_a_host_of_the_season_and_changes_nothing(self):
        other = User.objects.create_user("otto")
        Season.objects.create(name="Other", slug="other").hosts.add(other)
        before = snapshot(self.match)
        for user in (other, self.alice, self.dave, self.eve):
            with self.assertRaisesMessage(lifecycle.Refused, "Only a host of this match's season"):
                self.grant(user=user)
        self.assertEqual(snapshot(self.match), before)

    def test_it_refuses_forged_names_and_data_and_changes_nothing(self):
        before = snapshot(self.match)
        cases = [
            ("nope", {}, "That host action is not available now"),
            ("grant", {"seat": "9", "points": 1}, "Choose one of the seats."),
            ("grant", {"seat": "-1", "points": 1}, "Choose one of the seats."),
            ("grant", {"seat": "1", "points": 4}, "Grant 1 to 3 points."),
            ("grant", {"seat": "1", "points": "2"}, "Grant 1 to 3 points."),
            ("grant", {"seat": "1", "points": 1, "admin": True}, "Unknown fields."),
            ("grant", {"seat": "1", "points": 1, "note": "x" * 81}, "A note is at most 80 characters."),
            ("grant", ["seat", "1"], "A host action's data is a set of fields"),
        ]
        for name, data, message in cases:
            with self.subTest(data=data), self.assertRaisesMessage(lifecycle.Refused, message):
                do_host_action(self.match.pk, self.hana, name, data)
        self.assertEqual(snapshot(self.match), before)

    def test_it_is_refused_before_the_start_and_after_the_end(self):
        draft = self.make_match(["alice", "bob"])
        with self.assertRaisesMessage(lifecycle.Refused, "only possible while the match is running or paused"):
            do_host_action(draft.pk, self.hana, "grant", {"seat": "0", "points": 1})
        lifecycle.do_cancel(self.match.pk)
        before = snapshot(self.match)
        with self.assertRaisesMessage(lifecycle.Refused, "only possible while the match is running or paused"):
            self.grant()
        self.assertEqual(snapshot(self.match), before)

    def test_it_writes_its_ledger_change_and_refuses_one_the_balance_cannot_pay(self):
        self.give_garnets("bob", 1)
        preview = preview_host_action(self.match, self.hana, "fine", {"seat": "1"})
        self.assertEqual(preview.ledger, ["Bob: -1 garnet (Fined by the host in Unique Bid)"])
        do_host_action(self.match.pk, self.hana, "fine", {"seat": "1"})
        entry = LedgerEntry.objects.get(reason="Fined by the host in Unique Bid")
        self.assertEqual((entry.player, entry.amount, entry.match), (self.members["bob"], -1, self.match))
        before = snapshot(self.match)
        for seat in ("1", "2"):  # Bob has paid his one garnet; Carol never had one
            with self.assertRaisesMessage(lifecycle.Refused, f"Seat {int(seat) + 1} has not enough garnet for that"):
                do_host_action(self.match.pk, self.hana, "fine", {"seat": seat})
        self.assertEqual(snapshot(self.match), before)

    def test_it_opens_a_phase_and_while_paused_the_phase_keeps_its_whole_time(self):
        lifecycle.do_pause(self.match.pk)
        with clock.simulated(clock.now()):
            do_host_action(self.match.pk, self.hana, "ask", {"seat": "2"})
            asked = Phase.objects.get(key="ask-1")
            self.assertEqual((asked.waits_on, asked.remaining), ([2], timedelta(seconds=60)))
            clock.advance_to(
                clock.now() + timedelta(minutes=30)
            )  # paused half an hour: the question still has its minute
            lifecycle.do_resume(self.match.pk)
            asked.refresh_from_db()
            self.assertEqual(asked.deadline, clock.now() + timedelta(seconds=60))
        lifecycle.do_submit(asked.pk, self.seat("carol"), {"double": "yes"})  # closes early: the only seat
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["scores"], [0, 0, 1])
        self.assertIn("Carol answered yes.", self.match.events.values_list("text", flat=True))

    def test_it_previews_what_each_viewer_would_read_without_saving(self):
        before = snapshot(self.match)
        preview = preview_host_action(self.match, self.hana, "grant", {"seat": "1", "points": 2, "note": NOTE})
        self.assertEqual(snapshot(self.match), before)
        read = {r.who: r.lines for r in preview.readers}
        public = "The host granted Bob 2 points."
        self.assertEqual(
            read,
            {
                "The host": ["The host: Grant points.", public, f"Note to Bob: {NOTE}"],  # by name to all but Bob
                "Seat 1 (Alice)": [public],
                "Seat 2 (Bob)": [public, f"A note from the host: {NOTE}"],
                "Seat 3 (Carol)": [public],
                "Spectators": [public],
            },
        )
        self.assertFalse(preview.finishes)
        with self.assertRaisesMessage(lifecycle.Refused, "Grant 1 to 3 points."):
            preview_host_action(self.match, self.hana, "grant", {"seat": "1", "points": 0})
        with self.assertRaisesMessage(lifecycle.Refused, "Only a host"):
            preview_host_action(self.match, self.bob, "grant", {"seat": "1", "points": 1})

    def test_it_is_shown_in_the_host_action_list_only_while_running_or_paused(self):
        self.assertEqual(list(host_actions.available(self.match)), ["grant", "ask", "fine"])
        lifecycle.do_cancel(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual(host_actions.available(self.match), {})


class HostActionReplayTestCase(BaseTestCase):
    def play_through(self):
        self.start()
        do_host_action(self.match.pk, self.hana, "ask", {"seat": "0"})
        lifecycle.do_submit(self.open_phase().pk, self.seat("bob"), {"bid": 4})
        do_host_action(self.match.pk, self.hana, "grant", {"seat": "2", "points": 3, "note": NOTE})
        while self.open_phase():
            lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()

    def test_it_replays_a_match_with_host_actions_to_its_stored_state(self):
        self.play_through()
        self.assertEqual(self.match.status, Match.FINISHED)
        self.assertEqual(Action.objects.filter(player=None).count(), 2)
        self.assertEqual(replay(self.match), [])

    def test_the_match_export_lists_host_actions_with_who_took_them(self):
        self.play_through()
        rows = [(a["seat"], a["by_host"], a["by"], a["name"]) for a in export_match(self.match)["actions"]]
        self.assertEqual(rows, [(None, True, "hana", "ask"), (None, True, "hana", "grant")])

    def test_it_notices_a_host_action_changed_after_the_fact(self):
        self.play_through()
        action = Action.objects.get(name="grant")
        action.payload = {**action.payload, "points": 1}
        action.save()
        self.assertIn(f"step {action.step}: the state differs from the one stored then", replay(self.match))

    def test_its_step_pages_show_each_host_action_as_a_step(self):
        self.play_through()
        titles = [s["title"] for s in step_picture(self.match, Viewer.spectator(), 1)["steps"]]
        # both host actions came before any round closed: the first two steps after the start, then the rounds
        self.assertEqual(titles[:4], ["The start", "Host: Ask a seat", "Host: Grant points", "Round 1"])
        picture = step_picture(self.match, Viewer.spectator(), 2)
        self.assertEqual(picture["phase"]["title"], "After Host: Grant points")
        self.assertEqual(
            [e.text for e in picture["revealed"]],
            ["The host: Grant points.", "The host granted Carol 3 points.", f"Note to Carol: {NOTE}"],
        )
        carols = step_picture(self.match, Viewer.spectator(), 2, own_seat=2)  # Carol reads her note to her
        self.assertEqual(carols["revealed"][-1].text, f"A note from the host: {NOTE}")
        self.assertEqual(picture["view"]["scores"], {"Alice": 0, "Bob": 0, "Carol": 3})  # right after the grant

    def test_its_step_page_reads_after_the_host_action(self):
        self.play_through()
        page = self.client.get(reverse("match_step", args=[self.match.pk, 2]))  # finished: anyone's
        self.assertContains(page, '<strong class="step-title">After Host: Grant points</strong>', html=True)
        self.assertContains(page, "The host granted Carol 3 points.")

    def test_the_bot_host_takes_host_actions_in_playtests_and_they_replay(self):
        results = [playtest("fixture", 3, seed, keep=True) for seed in range(1, 6)]
        self.assertTrue(any(r["host_actions"] for r in results), "the bot host never acted in five playtests")
        for result in results:
            self.assertEqual(result["status"], "finished")
            self.assertEqual(replay(Match.objects.get(pk=result["match_id"])), [])


class HostActionSocketTestCase(BaseTransactionTestCase):
    def test_a_private_note_reaches_only_its_seat_and_the_host_over_the_socket(self):
        self.start()
        do_host_action(self.match.pk, self.hana, "grant", {"seat": "1", "points": 1, "note": NOTE})
        self.assertIn(NOTE, socket_text(self.match.pk, "play", self.bob))
        self.assertIn(NOTE, socket_text(self.match.pk, "host", self.hana))
        for mode, user in (("play", self.alice), ("play", self.carol), ("watch", None), ("watch", self.dave)):
            text = socket_text(self.match.pk, mode, user)
            with self.subTest(mode=mode, user=user):
                self.assertIn("The host granted Bob 1 point.", text)  # the socket did deliver the news
                self.assertNotIn(NOTE, text)
                self.assertNotIn("The host: Grant points.", text)
