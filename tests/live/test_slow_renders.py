"""One socket's slow render holds up nobody else in the process: not another socket's handshake,
not its first update, not its update after a change, whether that socket watches the same match
or another (issue 39: renders, handshakes and checks all queued on one thread)."""

import asyncio
import time
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from matches import clock
from matches.core import lifecycle
from matches.live import sockets
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie

SLOW = 3.0  # seconds each of Alice's renders takes here


class SlowRenderTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.other = self.start(self.make_match(("bob", "carol")))
        slow_seat, render = self.seat("alice").pk, sockets.socket_update

        def alice_slowly(match_id, socket_viewer, *args, **kwargs):
            if socket_viewer.player_id == slow_seat:
                time.sleep(SLOW)
            return render(match_id, socket_viewer, *args, **kwargs)

        sockets.socket_update = alice_slowly
        self.addCleanup(setattr, sockets, "socket_update", render)

    def test_it_lets_others_in_and_tells_them_while_one_render_is_slow(self):
        phase = self.open_phase()
        alice_cookie = session_cookie(self.alice)

        async def connect(match_id, mode, cookie=()):
            """The socket, when its handshake completed, and a task receiving its first update."""
            from genius_site.asgi import application

            socket = WebsocketCommunicator(
                application, f"/ws/matches/{match_id}/{mode}/", headers=[ORIGIN, HOST, *cookie]
            )
            assert (await socket.connect(timeout=SLOW * 3))[0]
            return socket, time.monotonic(), asyncio.ensure_future(arrival(socket))

        async def arrival(socket):
            update = await socket.receive_json_from(timeout=SLOW * 3)
            return time.monotonic(), update

        async def run():
            alice, _, alice_first = await connect(self.match.pk, "play", alice_cookie)
            begun = time.monotonic()  # Alice's first render is under way, slowly
            watcher, watcher_in, watcher_first = await connect(self.match.pk, "watch")
            elsewhere, elsewhere_in, elsewhere_first = await connect(self.other.pk, "watch")
            first = {"alice": await alice_first, "watcher": await watcher_first, "elsewhere": await elsewhere_first}
            waiting = {
                "alice": asyncio.ensure_future(arrival(alice)),
                "watcher": asyncio.ensure_future(arrival(watcher)),
            }
            changed = time.monotonic()
            await database_sync_to_async(lifecycle.do_extend)(phase.pk, clock.now() + timedelta(hours=3))
            after = {name: await task for name, task in waiting.items()}
            for socket in (alice, watcher, elsewhere):
                await socket.disconnect()
            return begun, {"watcher": watcher_in, "elsewhere": elsewhere_in}, first, changed, after

        begun, handshakes, first, changed, after = async_to_sync(run)()
        alice_done = first["alice"][0]
        self.assertGreaterEqual(alice_done - begun, SLOW * 0.9, "Alice's render was slow")
        for name in ("watcher", "elsewhere"):
            self.assertLess(handshakes[name], alice_done, f"{name}'s handshake waited for Alice's render")
            self.assertLess(first[name][0], alice_done, f"{name}'s first update waited for Alice's render")
            self.assertLess(first[name][0] - begun, SLOW / 2, name)
        self.assertLess(after["watcher"][0], after["alice"][0], "the watcher's update waited for Alice's")
        self.assertLess(after["watcher"][0] - changed, SLOW / 2)
        self.assertGreaterEqual(after["alice"][0] - changed, SLOW * 0.9)
        for name in ("alice", "watcher"):  # each told of the change, in its own view
            self.assertIn("The host moved the deadline", str(after[name][1]["events"]), name)
        self.assertIn("live-forms", after["alice"][1]["sections"])
        self.assertNotIn("live-forms", after["watcher"][1]["sections"])
