"""Conversations on the platform (the fixture game allows all talk): limits, escaping, editing,
muting, the host's view, Death Matches, and a message reaching exactly its members live."""

import itertools
from datetime import timedelta

from django.test import Client
from django.urls import reverse

from matches import clock
from matches.talk import conversations as talk
from matches.core.lifecycle import Refused
from matches.models import Conversation, Match, Message
from tests.support.base import BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, assert_shown_to
from tests.support.sockets import socket_text


class TalkTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.table = Conversation.objects.get(match=self.match, kind=Conversation.TABLE)

    def test_it_refuses_empty_and_overlong_messages(self):
        for text in ("", "   ", "x" * (talk.MAX_TEXT + 1)):
            with self.assertRaises(Refused):
                talk.do_post(self.seat("alice"), self.table.pk, text)
        self.assertEqual(Message.objects.count(), 0)

    def test_it_limits_the_rate_with_a_clear_message(self):
        for i in range(talk.RATE_MESSAGES):
            talk.do_post(self.seat("alice"), self.table.pk, f"message {i}")
        with self.assertRaises(Refused) as caught:
            talk.do_post(self.seat("alice"), self.table.pk, "one too many")
        self.assertIn("too fast", str(caught.exception))
        talk.do_post(self.seat("bob"), self.table.pk, "others still can")

    def test_it_escapes_hostile_text_and_links_urls_safely(self):
        talk.do_post(self.seat("alice"), self.table.pk, '<script>alert(1)</script> see https://example.org/x?a=1&b=2')
        page = self.client_for("bob").get(reverse("match_play", args=[self.match.pk])).content.decode()
        self.assertNotIn("<script>alert(1)</script>", page)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;", page)
        self.assertIn('href="https://example.org/x?a=1&amp;b=2"', page)

    def test_it_lets_a_sender_edit_and_delete_for_a_while_and_the_host_keeps_the_history(self):
        talk.do_post(self.seat("alice"), self.table.pk, "first words")
        message = Message.objects.get()
        talk.do_change(self.seat("alice"), message.pk, "second words")
        with self.assertRaises(Refused):
            talk.do_change(self.seat("bob"), message.pk, "not yours")
        assert_hidden_from(self, self.match, self.bob, ["first words"])
        host_page = self.client_for("hana").get(reverse("match_host", args=[self.match.pk])).content.decode()
        self.assertIn("first words", host_page)
        talk.do_change(self.seat("alice"), message.pk, None)
        assert_hidden_from(self, self.match, self.carol, ["second words"])
        talk.do_post(self.seat("alice"), self.table.pk, "late edit")
        old = Message.objects.get(text="late edit")
        Message.objects.filter(pk=old.pk).update(created_at=clock.now() - timedelta(seconds=talk.EDIT_SECONDS + 1))
        with self.assertRaises(Refused):
            talk.do_change(self.seat("alice"), old.pk, "too late")

    def test_it_mutes_a_player(self):
        talk.do_mute(self.match.pk, self.seat("alice").seat, True)
        with self.assertRaises(Refused) as caught:
            talk.do_post(self.seat("alice"), self.table.pk, "hello")
        self.assertIn("muted", str(caught.exception))
        talk.do_mute(self.match.pk, self.seat("alice").seat, False)
        talk.do_post(self.seat("alice"), self.table.pk, "hello again")

    def test_it_refuses_posting_in_a_conversation_one_is_not_in(self):
        _, pair = talk.do_start_conversation(self.seat("alice"), [self.seat("bob").seat])
        with self.assertRaises(Refused):
            talk.do_post(self.seat("carol"), pair.pk, "let me in")
        response = self.client_for("carol").post(reverse("talk_post", args=[self.match.pk, pair.token]), {"text": "hi"})
        self.assertEqual(response.status_code, 302)
        self.assertFalse(Message.objects.filter(text="hi").exists())

    def test_it_shows_words_only_to_members_and_the_host_live_and_never_to_spectators(self):
        _, pair = talk.do_start_conversation(self.seat("alice"), [self.seat("bob").seat])
        talk.do_post(self.seat("alice"), pair.pk, "secret alliance")
        talk.do_announce(self.match.pk, self.seat("carol").seat, "psst carol")
        assert_shown_to(self, self.match, self.bob, ["secret alliance"], "play socket")
        self.assertIn("secret alliance", socket_text(self.match.pk, "host", self.hana))
        self.assertIn("psst carol", socket_text(self.match.pk, "play", self.carol))
        for other in (None, self.carol, self.dave, self.eve):
            assert_hidden_from(self, self.match, other, ["secret alliance"])
        for other in (None, self.alice, self.bob):
            assert_hidden_from(self, self.match, other, ["psst carol"])
        self.match.status = Match.FINISHED
        self.match.save()
        assert_hidden_from(self, self.match, None, ["secret alliance"])  # not public unless the host says so
        self.match.talk_public_at_end = True
        self.match.save()
        assert_shown_to(self, self.match, None, ["secret alliance"], "public page")
        assert_hidden_from(self, self.match, None, ["psst carol"])  # announcements stay private

    def test_it_allows_only_the_table_in_a_death_match(self):
        death = self.make_match(["alice", "bob"], kind=Match.DEATH)
        self.start(death)
        self.assertIsNone(talk.talk_problem(death, [0, 1]))
        self.assertIn("only the two players' table talk", talk.talk_problem(death, [0]))
        done, conversation = talk.do_start_conversation(self.seat("alice", death), [self.seat("bob", death).seat])
        self.assertEqual(conversation.kind, Conversation.TABLE)

    def client_for(self, name):
        client = Client()
        client.force_login(getattr(self, name))
        return client


class GroupLimitsTestCase(BaseTransactionTestCase):
    client_for = TalkTestCase.client_for
    seats = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan")

    def setUp(self):
        super().setUp()
        self.start()

    def groups(self):
        """Alice's possible groups: her and any one, two or three of the other seven (63 of them)."""
        others = range(1, len(self.seats))
        return [list(c) for size in (1, 2, 3) for c in itertools.combinations(others, size)]

    def test_it_limits_how_fast_and_how_many_groups_a_player_starts(self):
        alice, groups = self.seat("alice"), iter(self.groups())
        with clock.simulated():
            started = 0
            while started < talk.MAX_GROUPS:
                for _ in range(talk.RATE_GROUPS):
                    if started < talk.MAX_GROUPS:
                        talk.do_start_conversation(alice, next(groups))
                        started += 1
                if started < talk.MAX_GROUPS:
                    with self.assertRaises(Refused) as caught:
                        talk.do_start_conversation(alice, next(groups))
                    self.assertIn("too fast", str(caught.exception))
                clock.advance_to(clock.now() + timedelta(seconds=talk.RATE_SECONDS + 1))
            with self.assertRaises(Refused) as caught:
                talk.do_start_conversation(alice, next(groups))
            self.assertIn(f"started {talk.MAX_GROUPS} conversations", str(caught.exception))
            talk.do_start_conversation(self.seat("bob"), [2, 3])  # others still can
        self.assertEqual(
            Conversation.objects.filter(kind=Conversation.GROUP, started_by=alice).count(), talk.MAX_GROUPS
        )

    def test_it_folds_a_long_list_of_empty_groups(self):
        with clock.simulated():
            for i, members in enumerate(self.groups()[: talk.FOLD_AFTER + 2]):
                if i and i % talk.RATE_GROUPS == 0:
                    clock.advance_to(clock.now() + timedelta(seconds=talk.RATE_SECONDS + 1))
                talk.do_start_conversation(self.seat("alice"), members)
        talk.do_post(self.seat("alice"), Conversation.objects.filter(kind=Conversation.GROUP).first().pk, "hello")
        page = self.client_for("hana").get(reverse("match_host", args=[self.match.pk])).content.decode()
        self.assertIn(f"{talk.FOLD_AFTER + 1} more conversations with no messages yet", page)
        own = self.client_for("alice").get(reverse("match_play", args=[self.match.pk])).content.decode()
        self.assertNotIn("with no messages yet", own)  # the ones she started stay open to her
