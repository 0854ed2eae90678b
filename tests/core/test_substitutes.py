"""Substitutes (issue 36, point 1), on the fixture game (Unique Bid; Alice, Bob and Carol at seats
0-2, Dave in the season but not the match): who may hand a seat on and when, what the hand-over
records, what the old and the new account may then see and do, and what the others are told."""

import re

from django.contrib.auth.models import User
from django.http import Http404
from django.urls import reverse

from games.engine_api import Viewer
from matches.core import lifecycle, substitutes
from matches.core.access import access_seat
from matches.core.moves import submit_move
from matches.core.presenters import match_picture
from matches.core.records import Refused
from matches.core.replay import replay
from matches.core.substitutes import do_hand_seat, history_words
from matches.seasons import attendance
from matches.talk import conversations
from matches.models import Event, Match, Message, Season, SeasonPlayer, SeatHolder, SeatRequest, Submission
from tests.support.base import BaseTestCase


def snapshot(match):
    match.refresh_from_db()
    return (
        match.event_seq,
        list(match.seats.values_list("seat", "season_player_id")),
        SeatHolder.objects.count(),
        Event.objects.count(),
    )


class HandingASeatTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        # one round played: the match's step is 1 when the seat is handed on
        lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()

    def test_it_gives_the_seat_to_the_new_account_and_takes_it_from_the_old(self):
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, self.seat("alice"), {"bid": 4})
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        with self.assertRaises(Http404):
            access_seat(self.alice, self.match.pk)
        dave_seat = access_seat(self.dave, self.match.pk)
        self.assertEqual(dave_seat.seat, 0)
        # what the seat sent before stays the seat's, and the new holder reads it
        picture = match_picture(self.match, Viewer.for_seat(0), dave_seat)
        sent = [s.payload for s in picture["my_submissions"] if s.source == Submission.PLAYER]
        self.assertEqual(sent, [{"bid": 4}])
        self.assertEqual(Submission.objects.get(phase=phase).player_id, dave_seat.pk)
        # and may revise it
        lifecycle.do_submit(phase.pk, dave_seat, {"bid": 6})
        self.assertEqual(list(phase.submissions.values_list("payload", flat=True)), [{"bid": 4}, {"bid": 6}])

    def test_it_keeps_who_held_the_seat_from_which_step(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        rows = list(SeatHolder.objects.filter(seat__seat=0).order_by("since", "pk"))
        self.assertEqual(
            [(r.season_player.display_name, r.how, r.from_step, r.until_step) for r in rows],
            [("Alice", "start", 0, 1), ("Dave", "substitute", 1, None)],
        )
        self.assertEqual(history_words(self.seat("dave")), "Alice, then Dave from step 2")
        host_page = self.client_for(self.hana).get(reverse("match_host", args=[self.match.pk])).content.decode()
        self.assertIn("Alice, then Dave from step 2", host_page)

    def test_a_quiet_hand_over_is_told_to_the_host_alone(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        event = Event.objects.get(kind="seat.handed")
        self.assertEqual(event.visibility, Event.HOST)
        self.assertEqual(event.text, "Seat 1: Dave plays it from step 2, in place of Alice.")
        # Bob and spectators still read the seat as Alice's; the host reads Dave
        bob = match_picture(self.match, Viewer.for_seat(1), self.seat("bob"))
        self.assertEqual(bob["seats"][0].name, "Alice")
        self.assertNotIn("Dave", [e.text for e in bob["events"]][-1])
        self.assertEqual(match_picture(self.match, Viewer.spectator())["seats"][0].name, "Alice")
        self.assertEqual(match_picture(self.match, Viewer.host())["seats"][0].name, "Dave")

    def test_after_a_quiet_hand_over_the_others_are_offered_and_named_as_they_were_told(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        self.assertEqual(substitutes.told_holder(self.seat("dave")).display_name, "Alice")  # a push's writer
        bob = self.client
        bob.force_login(self.bob)
        page = bob.get(reverse("ask_substitute", args=[self.match.pk])).content.decode()
        offered = re.findall(r'<option value="\d+">([^<]+)</option>', page)
        self.assertIn("Dave", offered)  # as Bob knows it, Dave plays no seat here...
        self.assertNotIn("Alice", offered)  # ... and Alice does
        dave = self.client_for(self.dave)  # Dave, asking in turn, is not offered himself
        page = dave.get(reverse("ask_substitute", args=[self.match.pk])).content.decode()
        self.assertNotIn("Dave", re.findall(r'<option value="\d+">([^<]+)</option>', page))
        reason = dave.post(
            reverse("ask_substitute", args=[self.match.pk]), {"suggested": "", "reason": "away\x00"}, follow=True
        )
        self.assertContains(reason, "Your reason holds an invisible character")
        self.assertFalse(SeatRequest.objects.exists())

    def test_handing_a_seat_back_to_the_holder_the_players_saw_tells_them_nothing(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)  # quiet
        done = do_hand_seat(self.match.pk, self.hana, 0, self.members["alice"].pk, announce=True)
        self.assertIn("the players were never told it had left them, so they are told nothing", done.message)
        self.assertFalse(Event.objects.filter(kind="seat.handed", visibility=Event.PUBLIC).exists())
        public = attendance.records(self.season, seen_by_all_only=True)
        self.assertEqual(public[self.members["alice"].pk].abandoned, 0)

    def test_after_the_end_a_quietly_handed_seat_is_named_as_the_others_knew_it(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        lifecycle.do_finish_with_defaults(self.match.pk)
        self.match.refresh_from_db()
        spectator = match_picture(self.match, Viewer.spectator())
        self.assertEqual(sorted(row.name for row in spectator["standings"].rows), ["Alice", "Bob", "Carol"])
        self.assertFalse([e for e in spectator["events"] if "Dave" in e.text])  # the hand-over stays the host's
        host = match_picture(self.match, Viewer.host())
        self.assertIn("Seat 1: Dave plays it from step 2, in place of Alice.", [e.text for e in host["events"]])

    def test_an_announced_hand_over_is_public_and_renames_the_seat(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk, announce=True)
        spectator = match_picture(self.match, Viewer.spectator())
        self.assertEqual(spectator["events"][-1].text, "Seat 1: Dave plays it from step 2, in place of Alice.")
        self.assertEqual(spectator["seats"][0].name, "Dave")

    def test_a_move_of_the_old_account_after_the_hand_over_is_refused_and_stores_nothing(self):
        phase = self.open_phase()
        stale = self.seat("alice")  # as the old account's request read it, before the hand-over
        stale.match = Match.objects.get(pk=self.match.pk)
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        for send in (
            lambda: lifecycle.do_submit(phase.pk, stale, {"bid": 2}),
            lambda: submit_move(phase, stale, {"bid": 2}),
        ):
            with self.assertRaisesMessage(
                Refused, "This seat has been handed to another player; nothing was recorded."
            ):
                send()
        self.assertFalse(Submission.objects.filter(phase=phase).exists())
        with self.assertRaisesMessage(Refused, "handed to another player"):
            lifecycle.do_action(stale, "hint", {})
        table = conversations.table_talk(self.match)
        for write in (
            lambda: conversations.do_post(stale, table.pk, "a late word"),
            lambda: conversations.do_start_conversation(stale, [1]),
            lambda: substitutes.do_ask(stale, None, "a late ask"),
        ):
            with self.assertRaisesMessage(Refused, "handed to another player"):
                write()
        self.assertFalse(Message.objects.exists())
        self.assertFalse(SeatRequest.objects.exists())

    def test_the_new_holder_cannot_change_what_the_old_one_wrote(self):
        table = conversations.table_talk(self.match)
        conversations.do_post(self.seat("alice"), table.pk, "Alice's own words")
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        message = Message.objects.get()
        with self.assertRaisesMessage(Refused, "You can change only your own messages."):
            conversations.do_change(self.seat("dave"), message.pk, "Dave's words")
        message.refresh_from_db()
        self.assertEqual((message.text, message.history, message.edited_at), ("Alice's own words", [], None))

    def test_the_old_account_s_late_post_is_told_its_seat_was_handed_on(self):
        phase = self.open_phase()
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        alice = self.client_for(self.alice)
        response = alice.post(reverse("submit", args=[self.match.pk, phase.pk]), {"bid": 2}, follow=True)
        self.assertRedirects(response, reverse("match_public", args=[self.match.pk]))
        self.assertContains(response, "Not recorded: your seat in this match has been handed to another player.")
        self.assertFalse(Submission.objects.filter(phase=phase).exists())

    def test_the_old_accounts_play_page_is_the_public_one(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        response = self.client_for(self.alice).get(reverse("match_play", args=[self.match.pk]), follow=True)
        self.assertRedirects(response, reverse("match_public", args=[self.match.pk]))
        self.assertContains(
            response, "Your seat in this match has been handed to another player: this is its public page."
        )
        response = self.client_for(self.dave).get(reverse("match_play", args=[self.match.pk]))
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "You play as <strong>Dave</strong>", html=False)

    def test_the_replay_still_matches_after_a_hand_over(self):
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk, announce=True)
        lifecycle.do_force_close(self.open_phase().pk)
        self.match.refresh_from_db()
        self.assertEqual(replay(self.match), [])

    def test_it_refuses_with_a_reason_and_changes_nothing(self):
        other = Season.objects.create(name="Other", slug="other")
        outsider = SeasonPlayer.objects.create(season=other, user=self.users["eve"], display_name="Eve")
        before = snapshot(self.match)
        cases = [
            (self.hana, 0, self.members["alice"].pk, "Seat 1 is Alice's already; nothing changed."),
            (self.hana, 0, self.members["bob"].pk, "Bob already plays seat 2 of this match"),
            (self.hana, 0, outsider.pk, "That is not a player of this season: invite a new player by link instead"),
            (self.hana, 7, self.members["dave"].pk, "This match has no such seat; nothing changed."),
            (self.hana, 0, None, "Choose who takes the seat."),
            (self.bob, 0, self.members["dave"].pk, "Only a host of this match's season may hand a seat"),
        ]
        for user, seat, to, words in cases:
            with self.subTest(words=words), self.assertRaisesMessage(Refused, words):
                do_hand_seat(self.match.pk, user, seat, to)
        self.members["dave"].status = SeasonPlayer.LEFT
        self.members["dave"].save()
        with self.assertRaisesMessage(Refused, "Dave has left the season; nothing changed."):
            do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        self.assertEqual(snapshot(self.match), before)

    def test_it_refuses_a_finished_match_and_a_draft(self):
        lifecycle.do_finish_with_defaults(self.match.pk)
        with self.assertRaisesMessage(Refused, "This match is over: its seats stay with who played them"):
            do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        draft = self.make_match(["alice", "bob", "carol"])
        with self.assertRaisesMessage(Refused, "This match has not started: change its seats on the draft"):
            do_hand_seat(draft.pk, self.hana, 0, self.members["dave"].pk)

    def test_the_host_page_form_hands_a_seat_to_a_new_player_with_an_invite_link(self):
        client = self.client_for(self.hana)
        response = client.post(
            reverse("hand_seat", args=[self.match.pk]), {"seat": "2", "new_player": "Nora, nora", "announce": "1"}
        )
        self.assertRedirects(response, reverse("match_host", args=[self.match.pk]))
        nora = User.objects.get(username="nora")
        self.assertEqual(self.seat("nora").seat, 2)
        self.assertFalse(nora.has_usable_password())
        page = client.get(reverse("match_host", args=[self.match.pk])).content.decode()
        self.assertIn("Carol, then Nora from step 2", page)
        self.assertIn("/accounts/invite/", page)

    def test_a_refused_new_player_neither_joins_nor_takes_the_seat(self):
        client = self.client_for(self.hana)
        response = client.post(reverse("hand_seat", args=[self.match.pk]), {"seat": "2", "new_player": "Bob, bobby"})
        self.assertRedirects(response, reverse("match_host", args=[self.match.pk]), fetch_redirect_response=False)
        self.assertFalse(User.objects.filter(username="bobby").exists())
        self.assertEqual(self.seat("carol").seat, 2)

    def test_a_forged_list_of_new_players_is_refused_whole(self):
        client = self.client_for(self.hana)
        url = reverse("hand_seat", args=[self.match.pk])
        response = client.post(url, {"seat": "2", "new_player": "Nora, nora\nOla, ola"}, follow=True)
        self.assertContains(response, "Write one new player, as “Name, username”; nothing changed.")
        self.assertFalse(User.objects.filter(username__in=["nora", "ola"]).exists())
        self.assertEqual(self.seat("carol").seat, 2)

    def client_for(self, user):
        from django.test import Client

        client = Client()
        client.force_login(user)
        return client


class AskingForASubstituteTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()

    def test_a_player_asks_and_the_host_hands_the_seat_to_the_one_suggested(self):
        carol = self.client_for(self.carol)
        response = carol.post(
            reverse("ask_substitute", args=[self.match.pk]),
            {"suggested": str(self.members["dave"].pk), "reason": "exams"},
        )
        self.assertRedirects(response, reverse("match_play", args=[self.match.pk]), fetch_redirect_response=False)
        request = SeatRequest.objects.get()
        self.assertEqual(
            (request.asked_by.display_name, request.suggested.display_name, request.reason), ("Carol", "Dave", "exams")
        )
        again = carol.post(reverse("ask_substitute", args=[self.match.pk]), {"suggested": ""})
        self.assertContains(again, "You have asked already; the host has not answered yet.")
        host = self.client_for(self.hana)
        self.assertContains(host.get(reverse("match_host", args=[self.match.pk])), "asks for a substitute")
        host.post(reverse("approve_seat_request", args=[self.match.pk, request.pk]))
        self.assertEqual(self.seat("dave").seat, 2)
        request.refresh_from_db()
        self.assertEqual(request.status, SeatRequest.APPROVED)
        self.assertEqual(SeatHolder.objects.get(until__isnull=True, seat__seat=2).how, SeatHolder.ASKED)

    def test_the_host_may_decline(self):
        substitutes.do_ask(self.seat("carol"), None, "")
        request = SeatRequest.objects.get()
        self.client_for(self.hana).post(reverse("decline_seat_request", args=[self.match.pk, request.pk]))
        request.refresh_from_db()
        self.assertEqual(request.status, SeatRequest.DECLINED)
        self.assertEqual(self.seat("carol").seat, 2)
        # Carol is told on her page; Bob, who never knew of the request, reads nothing of it
        declined = "The host declined your request for a substitute: the seat stays yours, so play on."
        carol = match_picture(self.match, Viewer.for_seat(2), self.seat("carol"))
        self.assertIn(declined, [e.text for e in carol["events"]])
        bob = match_picture(self.match, Viewer.for_seat(1), self.seat("bob"))
        self.assertFalse([e for e in bob["events"] if "request" in e.text])
        # nor once the match is over, when every line of the game opens: a seat's affairs stay its own
        lifecycle.do_finish_with_defaults(self.match.pk)
        self.match.refresh_from_db()
        for viewer, player in ((Viewer.for_seat(1), self.seat("bob")), (Viewer.spectator(), None)):
            read = [e.text for e in match_picture(self.match, viewer, player)["events"]]
            self.assertFalse([t for t in read if "request" in t], viewer)
        carol = match_picture(self.match, Viewer.for_seat(2), self.seat("carol"))
        self.assertIn(declined, [e.text for e in carol["events"]])

    def test_a_suggestion_from_outside_the_season_is_refused(self):
        other = Season.objects.create(name="Other", slug="other")
        outsider = SeasonPlayer.objects.create(season=other, user=self.users["eve"], display_name="Eve")
        response = self.client_for(self.carol).post(
            reverse("ask_substitute", args=[self.match.pk]), {"suggested": str(outsider.pk)}
        )
        self.assertContains(response, "Suggest a player of this season who plays no seat in this match, or nobody.")
        self.assertFalse(SeatRequest.objects.exists())

    def client_for(self, user):
        from django.test import Client

        client = Client()
        client.force_login(user)
        return client
