"""Web Push against a real push service on loopback (npm's web-push-testing, which checks each
push's VAPID signature against the subscription's applicationServerKey and decrypts it with the
subscription's own key, as a browser's push service and browser would): what reaches a phone
for a step that opens, a reminder, a result, a message and the host's "everyone has sent"; a
subscription gone (410) is removed; bursts folded; a step closed before its push is not pushed."""

import json
import socket
import time
from datetime import timedelta
from unittest import mock

from django.test import override_settings

from matches import clock
from matches.core import lifecycle
from matches.models import PushDevice, PushSent
from matches.core import events
from matches.core.substitutes import do_hand_seat
from matches.notifications import push, push_devices, push_news, reminders, vapid
from matches.talk import conversations
from tests.support.base import BaseTransactionTestCase
from tests.support.push_service import push_service
from tests.support.stack import wait_until

PUBLIC, PRIVATE = vapid.new_key_pair()
FOLD = 0.3


@override_settings(
    VAPID_PUBLIC_KEY=PUBLIC,
    VAPID_PRIVATE_KEY=PRIVATE,
    PUSH_DELIVERY="thread",
    PUSH_FOLD_SECONDS=FOLD,
    WEBHOOK_ALLOW_LOOPBACK=True,
)
class PushTestCase(BaseTransactionTestCase):
    settings = {"rounds": 3, "round_seconds": 7200, "close_early": True}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls._service = push_service()
        cls.service = cls._service.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls._service.__exit__(None, None, None)
        super().tearDownClass()

    def phone(self, user):
        """A subscription made by the push service, kept as the browser would send it."""
        subscription = self.service.subscribe(PUBLIC)
        push_devices.do_add_device(user, subscription, "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile")
        return subscription["clientHash"]

    def received(self, phone, count, timeout=30):  # CI's jobs share two cores
        got = wait_until(
            lambda: len(self.service.notifications(phone)) >= count and self.service.notifications(phone),
            timeout,
            what=f"{count} notifications",
        )
        return [json.loads(text) for text in got]

    def told_only(self, user, *kinds):
        prefs = reminders.preferences(user)
        prefs.push_kinds = list(kinds)
        prefs.save()

    def nothing_more(self, phone, count):
        time.sleep(FOLD + 1.0)
        self.assertEqual(len(self.service.notifications(phone)), count)


class PhaseOpensTestCase(PushTestCase):
    def test_it_tells_a_subscribed_player_their_move_once_with_no_secret(self):
        alice, bob = self.phone(self.alice), self.phone(self.bob)
        self.start()
        phase = self.open_phase()
        [message] = self.received(alice, 1)
        self.assertEqual(message["title"], "Test match")
        self.assertEqual(message["body"], "Your move: Round 1.")
        self.assertEqual(message["url"], f"/play/{self.match.pk}/#phase-{phase.pk}")
        self.assertEqual(message["deadline"], phase.deadline.isoformat())
        self.assertEqual(set(message), {"title", "body", "url", "tag", "deadline"})
        # The fixture game tells each player a private secret code at the start: no payload holds one.
        state = self.match.state if self.match.state else {}
        for code in state.get("secrets", []):
            self.assertNotIn(str(code), json.dumps(message).replace(str(self.match.pk), ""))
        self.received(bob, 1)
        lifecycle.do_extend(phase.pk, phase.deadline + timedelta(hours=1))  # a moved deadline: no second push
        self.nothing_more(alice, 1)
        self.assertIsNotNone(PushDevice.objects.get(user=self.alice).last_used_at)

    def test_it_does_not_push_to_a_player_who_turned_that_kind_off(self):
        alice = self.phone(self.alice)
        prefs = reminders.preferences(self.alice)
        prefs.push_kinds = ["result"]
        prefs.save()
        self.start()
        self.nothing_more(alice, 0)

    @override_settings(PUSH_FOLD_SECONDS=3)  # the three moves are made within the fold, however loaded the machine
    def test_it_does_not_push_a_step_that_closed_before_its_push_went_out(self):
        carol = self.phone(self.carol)
        self.start()
        phase = self.open_phase()
        for name, bid in (("alice", 1), ("bob", 2), ("carol", 3)):
            lifecycle.do_submit(phase.pk, self.seat(name), {"bid": bid})  # closes round 1 at once
        # Carol acted within the fold: round 1 closed, round 2 opened; she is told of round 2 only.
        messages = self.received(carol, 2)
        bodies = sorted(m["body"] for m in messages)
        self.assertEqual(bodies, ["Round 1 has closed.", "Your move: Round 2."])
        self.assertFalse(PushSent.objects.filter(phase=phase, kind="phase").exists())


class ResultsTestCase(PushTestCase):
    def test_it_folds_twenty_closes_into_one_result_push(self):
        self.told_only(self.alice, "result")  # the closes alone, whenever the start's look runs
        alice = self.phone(self.alice)
        self.start()
        lifecycle.do_finish_with_defaults(self.match.pk)  # three rounds closed in one go
        [message] = self.received(alice, 1)
        self.assertEqual(message["body"], "The match is over: see how it ended.")
        self.assertEqual(message["url"], f"/play/{self.match.pk}/")
        self.nothing_more(alice, 1)

    def test_it_removes_a_device_whose_subscription_is_gone(self):
        alice = self.phone(self.alice)
        self.service.expire(alice)
        self.start()
        wait_until(lambda: not PushDevice.objects.filter(user=self.alice).exists(), 10, what="the device removed")

    def test_a_device_with_unusable_keys_costs_nobody_else_their_push_and_is_removed(self):
        bob = self.phone(self.bob)
        good = PushDevice.objects.get(user=self.bob)
        # kept before its keys were checked: 65 bytes, but no point of P-256 (its encryption fails)
        bad = PushDevice.objects.create(
            user=self.alice,
            endpoint=good.endpoint + "-old",
            p256dh="BAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8",
            auth=good.auth,
            created_at=good.created_at,
        )
        push.deliver([bad.pk, good.pk], {"title": "T", "body": "Round 1 has closed.", "url": "/", "tag": "t"})
        self.assertEqual([m["body"] for m in self.received(bob, 1)], ["Round 1 has closed."])
        wait_until(lambda: not PushDevice.objects.filter(pk=bad.pk).exists(), 10, what="the bad device removed")

    def test_a_resolver_that_fails_for_now_keeps_the_device_and_tries_again(self):
        self.phone(self.bob)
        device = PushDevice.objects.get(user=self.bob)
        device.endpoint = "https://push.example.org/sub/1"  # a name to look up (the service's own is an address)
        device.save()
        # the machine's resolver failing for a moment, as it does: EAI_AGAIN, "try again"
        outage = socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
        with mock.patch("socket.getaddrinfo", side_effect=outage), self.assertRaises(push.RetryLater):
            push.send(device.pk, {"title": "T", "body": "b", "url": "/", "tag": "t"})
        self.assertTrue(PushDevice.objects.filter(pk=device.pk).exists())


class RemindersMessagesHostsTestCase(PushTestCase):
    def test_it_pushes_a_reminder_where_nothing_was_sent(self):
        with clock.simulated():
            for user in (self.alice, self.bob):
                self.told_only(user, "reminder")  # reminders alone, whenever the start's look runs
            alice, bob = self.phone(self.alice), self.phone(self.bob)
            self.start()
            phase = self.open_phase()
            lifecycle.do_submit(phase.pk, self.seat("bob"), {"bid": 2})
            clock.advance_to(phase.deadline - timedelta(minutes=59))
            reminders.send_due()
            [message] = self.received(alice, 1)
            self.assertEqual(message["body"], "Round 1 closes in 1 hour, and you have sent nothing yet.")
            self.assertEqual(message["url"], f"/play/{self.match.pk}/#phase-{phase.pk}")
            self.nothing_more(bob, 0)  # he sent before his "your move" went out, and sent before the reminder

    def test_it_pushes_a_message_to_its_readers_but_not_its_writer_and_never_its_text(self):
        alice, bob, carol = self.phone(self.alice), self.phone(self.bob), self.phone(self.carol)
        self.start()  # after the phones subscribed: the start's "your move" reaches each, however slow the machine
        for phone in (alice, bob, carol):
            self.received(phone, 1)
        conversations.do_start_conversation(self.seat("alice"), [1])
        group = self.match.conversations.get(kind="group")
        conversations.do_post(self.seat("alice"), group.pk, "meet me at the secret bid of 7")
        [_, message] = self.received(bob, 2)
        self.assertEqual(message["body"], "Alice wrote to you.")
        self.assertNotIn("secret", json.dumps(message))
        self.nothing_more(alice, 1)
        self.nothing_more(carol, 1)

    def test_it_tells_the_host_when_every_player_has_sent(self):
        self.settings = {"rounds": 3, "round_seconds": 7200, "close_early": False}
        self.match.settings = self.settings
        self.match.save()
        hana = self.phone(self.hana)
        self.start()
        phase = self.open_phase()
        for name, bid in (("alice", 1), ("bob", 2)):
            lifecycle.do_submit(phase.pk, self.seat(name), {"bid": bid})
        self.nothing_more(hana, 0)
        lifecycle.do_submit(phase.pk, self.seat("carol"), {"bid": 3})
        [message] = self.received(hana, 1)
        self.assertEqual(message["body"], "Every player has sent for Round 1.")
        self.assertEqual(message["url"], f"/host/matches/{self.match.pk}/")


class HiddenChangesTestCase(PushTestCase):
    """What only some may read (a quiet hand-over: host-only) never moves anyone's push: it is no
    change a push is looked at for, and the close's push goes out as if it never happened."""

    def test_a_host_only_change_neither_stops_nor_schedules_a_push(self):
        heard = []
        events.subscribe(events.MatchChanged, heard.append)
        self.addCleanup(events.unsubscribe, events.MatchChanged, heard.append)
        alice = self.phone(self.alice)
        self.start()
        started = heard[-1].public_seq
        self.assertGreater(started, 0)
        do_hand_seat(self.match.pk, self.hana, 2, self.members["dave"].pk)  # quiet: host-only
        self.assertEqual(heard[-1].public_seq, 0)  # nothing to look at for anyone's phone
        push_news.look_at_match(self.match.pk, started)  # the start's look, after the hidden change
        [message] = self.received(alice, 1)
        self.assertEqual(message["body"], "Your move: Round 1.")
        self.nothing_more(alice, 1)  # and once only: the hand-over made no look of its own
