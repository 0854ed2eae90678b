"""What each viewer's socket is sent: only what that viewer's page would show, numbered, and
everything missed since the number the browser last saw."""

import json

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from matches.core import lifecycle
from matches.models import Event, Match
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie, socket_messages, socket_text  # ORIGIN: the good one


class LiveSocketsTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.secrets = dict(zip(self.seats, self.match.state["secrets"]))

    def test_it_lets_each_viewer_in_only_by_who_they_are(self):
        m = self.match.pk
        allowed = [("watch", None), ("watch", self.eve), ("play", self.alice), ("host", self.hana)]
        refused = [
            ("play", None),
            ("play", self.eve),
            ("play", self.dave),
            ("play", self.hana),
            ("host", None),
            ("host", self.alice),
            ("nonsense", self.alice),
        ]
        for mode, user in allowed:
            self.assertTrue(socket_messages(m, mode, user)[0], (mode, user))
        for mode, user in refused:
            connected, code, messages = socket_messages(m, mode, user)
            self.assertFalse(connected, (mode, user))
            self.assertEqual(messages, [])

    def test_it_refuses_a_socket_from_another_origin(self):
        headers = [(b"origin", b"http://evil.example"), *session_cookie(self.alice)]

        async def connect():
            from genius_site.asgi import application

            communicator = WebsocketCommunicator(application, f"/ws/matches/{self.match.pk}/play/", headers=headers)
            connected, _ = await communicator.connect()
            await communicator.disconnect()
            return connected

        self.assertFalse(async_to_sync(connect)())

    def test_it_sends_each_socket_only_its_viewers_secrets(self):
        watch = socket_text(self.match.pk, "watch")
        alice = socket_text(self.match.pk, "play", self.alice)
        host = socket_text(self.match.pk, "host", self.hana)
        self.assertIn(self.secrets["alice"], alice)
        for secret in self.secrets.values():
            self.assertNotIn(secret, watch)
            self.assertIn(secret, host)
        self.assertNotIn(self.secrets["bob"], alice)
        self.assertNotIn(self.secrets["carol"], alice)

    def test_it_sends_everything_after_the_last_seen_number(self):
        phase = self.open_phase()
        for name, bid in (("alice", 3), ("bob", 4), ("carol", 5)):
            lifecycle.do_submit(phase.pk, self.seat(name), {"bid": bid})
        self.match.refresh_from_db()
        public = list(self.match.events.filter(visibility="public").values_list("kind", flat=True))
        seen = public.index("phase.opened") + 1  # the browser saw Round 1 open: its own count of events
        _, _, (update,) = socket_messages(self.match.pk, "watch", since=seen)
        self.assertEqual(update["seq"], len(public))  # a spectator counts public events only
        self.assertEqual([e["seq"] for e in update["events"]], list(range(seen + 1, len(public) + 1)))
        self.assertIn("Round 1: bids [3, 4, 5]; Carol scores.", [e["text"] for e in update["events"]])
        self.assertIn("Round 1: bids [3, 4, 5]", update["sections"]["live-state"])

    def test_it_pushes_a_close_to_every_connected_socket(self):
        """Each "has sent" mark is pushed too (who sent is public in this game); the close follows."""

        async def until_closed(c):
            for _ in range(10):
                update = await c.receive_json_from(timeout=5)
                if "Round 1: bids" in json.dumps(update):
                    return update
            raise AssertionError("the close never came")

        phase = self.open_phase()
        cookies = {"watch": [], "play": session_cookie(self.bob)}
        seats = {name: self.seat(name) for name in self.seats}

        async def watch_then_close():
            from channels.db import database_sync_to_async

            from genius_site.asgi import application

            sockets = {}
            for mode, cookie in cookies.items():
                c = WebsocketCommunicator(
                    application, f"/ws/matches/{self.match.pk}/{mode}/", headers=[ORIGIN, HOST, *cookie]
                )
                assert (await c.connect())[0]
                await c.receive_json_from()  # the state on connect
                sockets[mode] = c
            for name, bid in (("alice", 3), ("bob", 4), ("carol", 5)):
                await database_sync_to_async(lifecycle.do_submit)(phase.pk, seats[name], {"bid": bid})
            pushed = {mode: await until_closed(c) for mode, c in sockets.items()}
            for c in sockets.values():
                await c.disconnect()
            return pushed

        pushed = async_to_sync(watch_then_close)()
        self.match.refresh_from_db()
        counts = {
            "watch": self.match.events.filter(visibility="public").count(),
            "play": self.match.events.exclude(visibility="host").exclude(visibility="private", seat__in=[0, 2]).count(),
        }
        for mode, update in pushed.items():
            self.assertEqual(update["seq"], counts[mode], mode)
            self.assertIn("Round 1: bids [3, 4, 5]; Carol scores.", json.dumps(update), mode)
        self.assertIn("Round 2", pushed["play"]["sections"]["live-forms"])  # Bob's next form
        self.assertNotIn("live-forms", pushed["watch"]["sections"])
        self.assertNotIn(self.secrets["carol"], json.dumps(pushed))

    def test_it_answers_a_check_only_when_the_socket_missed_something(self):
        seen = self.match.events.filter(visibility="public").count()  # what a spectator counts

        async def talk():
            from genius_site.asgi import application

            path = f"/ws/matches/{self.match.pk}/watch/?since={seen - 1}"
            communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST])
            self.assertTrue((await communicator.connect())[0])
            first = await communicator.receive_json_from()  # the one event after `since`
            await communicator.send_json_to({"type": "check"})
            nothing_new = await communicator.receive_nothing(timeout=0.5)
            await database_sync_to_async(self.change_whose_push_is_lost)()
            await communicator.send_json_to({"type": "check"})
            caught_up = await communicator.receive_json_from()
            await communicator.disconnect()
            return first, nothing_new, caught_up

        first, nothing_new, caught_up = async_to_sync(talk)()
        self.assertEqual(first["seq"], seen)
        self.assertTrue(nothing_new, "a check with nothing new must send nothing")
        self.assertEqual(caught_up["seq"], seen + 1)
        self.assertEqual([e["text"] for e in caught_up["events"]], ["A change nobody was told of."])

    def change_whose_push_is_lost(self):
        """Committed like any change, but with no announcement (as when Redis drops it)."""
        match = Match.objects.get(pk=self.match.pk)
        match.event_seq += 1
        match.save(update_fields=["event_seq"])
        Event.objects.create(
            match=match,
            seq=match.event_seq,
            kind="test",
            visibility=Event.PUBLIC,
            text="A change nobody was told of.",
            created_at=timezone.now(),
        )
