"""Renders coalesce: changes that arrive while a socket's render is queued or under way are shown
by one render of the latest state, not one render each; and whatever the socket is sent, every
event it is owed arrives once, in order, also on a socket whose page keeps asking meanwhile."""

import asyncio
import threading
import time
from collections import Counter
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.engine_api import Viewer
from matches import clock
from matches.core import lifecycle
from matches.core.presenters import viewer_seq
from matches.live import sockets
from matches.live.sockets import SocketViewer, socket_update
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie

CHANGES = 10
RENDER_SECONDS = 1.0  # each render: about as long as the ten changes take, so they arrive while it runs


class CoalescingTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.renders, render, lock = Counter(), sockets.socket_update, threading.Lock()

        def slowly(match_id, socket_viewer, *args, **kwargs):
            with lock:
                self.renders[socket_viewer.render_key("")[0]] += 1
            update = render(match_id, socket_viewer, *args, **kwargs)
            time.sleep(RENDER_SECONDS)  # read, then slow to finish: what changes meanwhile waits
            return update

        sockets.socket_update = slowly
        self.addCleanup(setattr, sockets, "socket_update", render)

    def ten_changes(self):
        """The host moves the deadline ten times, each its own transaction and announcement: the
        first sets a render going, the others arrive while it runs or waits."""
        phase = self.open_phase()
        for hours in range(1, CHANGES + 1):
            lifecycle.do_extend(phase.pk, clock.now() + timedelta(hours=hours))

    def viewers(self):
        alice = self.seat("alice")
        return {
            "watch": (SocketViewer(Viewer.spectator()), ""),
            "asking": (SocketViewer(Viewer.spectator()), ""),
            "play": (SocketViewer(Viewer.for_seat(alice.seat), alice.pk), "test"),
        }

    def test_it_shows_ten_quick_changes_in_a_few_updates_each_event_once(self):
        self.match.refresh_from_db()
        viewers = self.viewers()
        before = {name: viewer_seq(self.match, v.viewer) for name, (v, _) in viewers.items()}
        cookies = {"watch": [], "asking": [], "play": session_cookie(self.alice)}

        async def run():
            from genius_site.asgi import application

            opened = {}
            for name, cookie in cookies.items():
                mode = "play" if name == "play" else "watch"
                socket = WebsocketCommunicator(
                    application,
                    f"/ws/matches/{self.match.pk}/{mode}/?since={before[name]}",
                    headers=[ORIGIN, HOST, *cookie],
                )
                assert (await socket.connect())[0]
                opened[name] = socket
            await asyncio.sleep(RENDER_SECONDS * 3)  # their first renders are done: nothing was new
            self.renders.clear()
            stop = asyncio.Event()

            async def keep_asking():  # as a page does, many times faster
                while not stop.is_set():
                    await opened["asking"].send_json_to({"type": "check"})
                    await asyncio.sleep(0.05)

            asking = asyncio.ensure_future(keep_asking())
            await database_sync_to_async(self.ten_changes)()
            owed = {name: await database_sync_to_async(self.seq_of)(v) for name, (v, _) in viewers.items()}
            got = {name: await until(socket, owed[name]) for name, socket in opened.items()}
            stop.set()
            await asking
            for name, socket in opened.items():
                got[name] += await rest(socket)
                await socket.disconnect()
            return owed, got

        owed, got = async_to_sync(run)()
        for name, (viewer, csrf) in viewers.items():
            updates = got[name]
            numbers = [e["seq"] for u in updates for e in u["events"]]
            self.assertEqual(
                numbers, list(range(before[name] + 1, owed[name] + 1)), f"{name}: every event once, in order"
            )
            self.assertLessEqual(len(updates), 3, f"{name}: {CHANGES} changes in {len(updates)} updates")
            since = updates[-2]["seq"] if len(updates) > 1 else before[name]
            fresh = socket_update(self.match.pk, viewer, since, csrf)
            self.assertEqual(without_clock(updates[-1]), without_clock(fresh), f"{name}: the last is the final state")
        # One render per kind of viewer per round, a few rounds: not one per change.
        self.assertLessEqual(self.renders["spectator"], 3 + 1, self.renders)  # the asker may need one of its own
        self.assertLessEqual(self.renders["seat"], 3, self.renders)

    def seq_of(self, socket_viewer):
        self.match.refresh_from_db()
        return viewer_seq(self.match, socket_viewer.viewer)


async def until(socket, seq, timeout=20):
    """The updates the socket is sent until one shows the viewer's count `seq`."""
    updates = []
    while not updates or updates[-1]["seq"] < seq:
        updates.append(await socket.receive_json_from(timeout=timeout))
    return updates


async def rest(socket):
    """Whatever else the socket is sent (nothing, if nothing came twice)."""
    extra = []
    while not await socket.receive_nothing(timeout=RENDER_SECONDS * 3):
        extra.append(await socket.receive_json_from())
    return extra


def without_clock(update):
    return {k: v for k, v in update.items() if k != "server_time"}
