"""A seat handed on (matches.core.substitutes): its old holder's open socket is closed at once
(code 4408, on which the page reloads into the public one), even if the announcement is lost;
the new holder's socket shows the seat's secret; the old holder's new sockets are refused."""

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from matches.core.substitutes import do_hand_seat
from matches.live.sockets import SEAT_HANDED_ON, SeatLost, SocketViewer, resolve_viewer, socket_update
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie, socket_messages, socket_text


class SubstituteSocketsTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.secrets = dict(zip(self.seats, self.match.state["secrets"]))

    def test_the_old_holders_socket_is_closed_at_once_and_the_new_holder_sees_the_seat(self):
        cookie = session_cookie(self.alice)

        async def watch_then_hand():
            from genius_site.asgi import application

            alice = WebsocketCommunicator(
                application, f"/ws/matches/{self.match.pk}/play/", headers=[ORIGIN, HOST, *cookie]
            )
            connected, _ = await alice.connect()
            self.assertTrue(connected)
            first = await alice.receive_json_from(timeout=10)
            self.assertIn(self.secrets["alice"], str(first))
            await database_sync_to_async(do_hand_seat)(self.match.pk, self.hana, 0, self.members["dave"].pk)
            closed = await alice.receive_output(timeout=10)
            while closed["type"] != "websocket.close":  # an update begun before the hand-over may come first
                self.assertNotEqual(closed["type"], "websocket.send", "the old holder was sent more of the seat")
                closed = await alice.receive_output(timeout=10)
            await alice.wait()
            return closed

        closed = async_to_sync(watch_then_hand)()
        self.assertEqual(closed["code"], SEAT_HANDED_ON)
        self.assertIn(self.secrets["alice"], socket_text(self.match.pk, "play", self.dave))
        self.assertFalse(socket_messages(self.match.pk, "play", self.alice)[0])

    def test_a_render_for_the_old_holder_is_refused_even_without_the_announcement(self):
        viewer = resolve_viewer(self.alice, self.match.pk, "play")
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        with self.assertRaises(SeatLost):
            socket_update(self.match.pk, viewer, 0)
        with self.assertRaises(SeatLost):
            socket_update(self.match.pk, viewer, 0, shared={})
        new = resolve_viewer(self.dave, self.match.pk, "play")
        self.assertIsInstance(new, SocketViewer)
        self.assertIn(self.secrets["alice"], str(socket_update(self.match.pk, new, 0)))
